/* grundy verify FILE: checks a period certificate (docs/certificates.md) on its own. The file is
 * read strictly (any changed byte fails its checksum; a missing line, a field out of place or a
 * foreign file fails with a message naming it), and the claim is checked from the definition:
 * the values are recomputed with the plain kernel of octal_plain.c, not with the library's
 * engines, and the hypothesis of the periodicity theorem, the hash and the least preperiod and
 * period are checked on them. */
#include "certificate.h"
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#define VERIFY_MAX_BYTES 4096   /* a certificate is a few hundred bytes */
#define VERIFY_LINES 15         /* the lines of a certificate of version 1 */

typedef struct {
    cli_t *c;
    const char *path;
    char *line[VERIFY_LINES];   /* NUL-terminated in the buffer */
} verify_t;

static int verify_fail(verify_t *v, const char *what)
{
    return cli_error(v->c, CLI_FAIL, "'%.*s%s': %s", CLI_ARG(v->path), what);
}

/* The form of the file, before any field: its first line, its bytes, its end, the checksum. */
static int verify_form(verify_t *v, char *buf, size_t len)
{
    static const char magic[] = CERT_MAGIC " ";
    char msg[200], *nl, *last;
    size_t i, k, first;
    uint64_t sum, want = 0;
    if (len == 0) return verify_fail(v, "not a certificate: the file is empty");
    first = strcspn(buf, "\n");
    if (len < sizeof magic - 1 || memcmp(buf, magic, sizeof magic - 1) != 0)
        return verify_fail(v, "not a certificate: the first line is not '" CERT_MAGIC " "
                              CERT_VERSION "'");
    if (first != sizeof magic - 1 + strlen(CERT_VERSION) ||
        memcmp(buf + sizeof magic - 1, CERT_VERSION, strlen(CERT_VERSION)) != 0) {
        size_t vl = first - (sizeof magic - 1);
        snprintf(msg, sizeof msg, "certificate format version '%.*s%s' is not supported (this "
                 "grundy reads version " CERT_VERSION ")", (int)(vl > 40 ? 40 : vl),
                 buf + sizeof magic - 1, vl > 40 ? "..." : "");
        return verify_fail(v, msg);
    }
    if (len > VERIFY_MAX_BYTES)
        return verify_fail(v, "not a certificate: longer than any certificate (4096 bytes)");
    for (i = 0; i < len; i++)
        if (buf[i] != '\n' && (buf[i] < 0x20 || buf[i] > 0x7e)) {
            snprintf(msg, sizeof msg, "damaged: byte %llu (0x%02x) is not printable ASCII",
                     (unsigned long long)i, (unsigned)(unsigned char)buf[i]);
            return verify_fail(v, msg);
        }
    if (buf[len - 1] != '\n')
        return verify_fail(v, "truncated: the file does not end with a newline");
    buf[len - 1] = '\0';
    last = strrchr(buf, '\n');
    last = last ? last + 1 : buf;
    if (strncmp(last, "checksum ", 9) != 0)
        return verify_fail(v, "truncated: the last line is not the checksum line");
    k = strlen("checksum " CERT_CHECKSUM " ");
    if (strncmp(last, "checksum " CERT_CHECKSUM " ", k) != 0 || strlen(last + k) != 16 ||
        strspn(last + k, "0123456789abcdef") != 16)
        return verify_fail(v, "damaged: the checksum line is not 'checksum " CERT_CHECKSUM
                              "' and 16 lower-case hexadecimal digits");
    for (i = 0; i < 16; i++) {
        char ch = last[k + i];
        want = want << 4 | (uint64_t)(ch <= '9' ? ch - '0' : ch - 'a' + 10);
    }
    sum = cert_fnv_bytes(CERT_FNV_BASIS, buf, (size_t)(last - buf));
    if (sum != want) {
        snprintf(msg, sizeof msg, "changed or damaged: the checksum of its bytes is %016llx, "
                 "the file states %016llx", (unsigned long long)sum, (unsigned long long)want);
        return verify_fail(v, msg);
    }
    /* the lines, each NUL-terminated in place */
    for (i = 0, nl = buf; nl != NULL; i++) {
        if (i == VERIFY_LINES) break;
        v->line[i] = nl;
        if ((nl = strchr(nl, '\n')) != NULL) *nl++ = '\0';
    }
    if (i != VERIFY_LINES || nl != NULL) {
        snprintf(msg, sizeof msg, "malformed: %s lines, a certificate of version " CERT_VERSION
                 " has %d", nl != NULL ? "more" : "fewer", VERIFY_LINES);
        return verify_fail(v, msg);
    }
    return CLI_OK;
}

/* Line i must be "KEY VALUE"; *value points past the space. */
static int verify_key(verify_t *v, int i, const char *key, const char **value)
{
    char msg[200];
    size_t k = strlen(key);
    const char *s = v->line[i];
    if (strncmp(s, key, k) != 0 || s[k] != ' ' || s[k + 1] == '\0') {
        snprintf(msg, sizeof msg, "malformed: line %d is '%.*s%s', not '%s' and its value",
                 i + 1, CLI_ARG(s), key);
        return verify_fail(v, msg);
    }
    *value = s + k + 1;
    return CLI_OK;
}

/* A decimal number without sign or leading zero, below 2^64; *end past it (NULL: must end). */
static int verify_u64(const char *s, uint64_t *x, const char **end)
{
    uint64_t r = 0;
    const char *p = s;
    if (*p < '0' || *p > '9' || (p[0] == '0' && p[1] >= '0' && p[1] <= '9')) return -1;
    for (; *p >= '0' && *p <= '9'; p++) {
        unsigned d = (unsigned)(*p - '0');
        if (r > (UINT64_MAX - d) / 10) return -1;
        r = r * 10 + d;
    }
    if (end != NULL)
        *end = p;
    else if (*p != '\0')
        return -1;
    *x = r;
    return 0;
}

static int verify_number(verify_t *v, int i, const char *key, uint64_t *x)
{
    const char *s;
    char msg[200];
    int st;
    if ((st = verify_key(v, i, key, &s)) != CLI_OK) return st;
    if (verify_u64(s, x, NULL) != 0) {
        snprintf(msg, sizeof msg, "malformed: %s '%.*s%s' is not a decimal number below 2^64 "
                 "(no sign, no leading zero)", key, CLI_ARG(s));
        return verify_fail(v, msg);
    }
    return CLI_OK;
}

static int verify_hex16(const char *s, uint64_t *x)
{
    uint64_t r = 0;
    int i;
    if (strlen(s) != 16 || strspn(s, "0123456789abcdef") != 16) return -1;
    for (i = 0; i < 16; i++) r = r << 4 | (uint64_t)(s[i] <= '9' ? s[i] - '0' : s[i] - 'a' + 10);
    *x = r;
    return 0;
}

/* What the certificate states. */
typedef struct {
    const char *code;
    cert_game_t game;
    uint64_t parts, t, pre, per, saltus, from, to, prefix, hash;
} verify_claim_t;

static int verify_fields(verify_t *v, verify_claim_t *k)
{
    const char *s, *e;
    char msg[240], canon[SG_OCTAL_MAX_DIGITS + 4];
    sg_octal_t *lib = NULL;
    uint64_t end;
    size_t i;
    int st;
    if ((st = verify_key(v, 1, "kind", &s)) != CLI_OK) return st;
    if (strcmp(s, "octal-period") != 0) {
        snprintf(msg, sizeof msg, "kind '%.*s%s' is not one this grundy checks (octal-period)",
                 CLI_ARG(s));
        return verify_fail(v, msg);
    }
    if ((st = verify_key(v, 2, "code", &k->code)) != CLI_OK) return st;
    if (cert_game_read(k->code, &k->game, &e) != 0) {
        snprintf(msg, sizeof msg, "code '%.*s%s': %s", CLI_ARG(k->code), e);
        return verify_fail(v, msg);
    }
    /* the library reads the same game from it and writes it back unchanged */
    if (sg_octal_parse(k->code, &lib) != SG_OK ||
        sg_octal_format(lib, canon, sizeof canon) != SG_OK || strcmp(canon, k->code) != 0) {
        sg_octal_free(lib);
        snprintf(msg, sizeof msg, "code '%.*s%s' is not in canonical form", CLI_ARG(k->code));
        return verify_fail(v, msg);
    }
    sg_octal_free(lib);
    if ((st = verify_key(v, 3, "theorem", &s)) != CLI_OK) return st;
    if (strcmp(s, CERT_THEOREM) != 0) {
        snprintf(msg, sizeof msg, "theorem '%.*s%s' is not one this grundy checks (" CERT_THEOREM
                 ")", CLI_ARG(s));
        return verify_fail(v, msg);
    }
    if ((st = verify_number(v, 4, "parts", &k->parts)) != CLI_OK ||
        (st = verify_number(v, 5, "last-digit", &k->t)) != CLI_OK ||
        (st = verify_number(v, 6, "preperiod", &k->pre)) != CLI_OK ||
        (st = verify_number(v, 7, "period", &k->per)) != CLI_OK ||
        (st = verify_number(v, 8, "saltus", &k->saltus)) != CLI_OK)
        return st;
    if (k->parts != (uint64_t)k->game.parts || k->t != k->game.t) {
        snprintf(msg, sizeof msg, "parts %llu and last-digit %llu do not match code %s (%d and "
                 "%u)", (unsigned long long)k->parts, (unsigned long long)k->t, k->code,
                 k->game.parts, k->game.t);
        return verify_fail(v, msg);
    }
    if (k->per == 0) return verify_fail(v, "period 0: a period is at least 1");
    if (k->saltus != 0)
        return verify_fail(v, "saltus is not 0: arithmetic periods are not checked by this "
                              "version");
    if ((st = verify_key(v, 9, "checked", &s)) != CLI_OK) return st;
    if (verify_u64(s, &k->from, &e) != 0 || *e != ' ' || verify_u64(e + 1, &k->to, NULL) != 0) {
        snprintf(msg, sizeof msg, "malformed: checked '%.*s%s' is not two decimal numbers",
                 CLI_ARG(s));
        return verify_fail(v, msg);
    }
    if (cert_range_end(k->game.parts, k->game.t, k->pre, k->per, &end) != 0)
        return verify_fail(v, "the theorem's range passes 2^64");
    if (k->from != k->pre || k->to != end) {
        snprintf(msg, sizeof msg, "checked %llu %llu is not the range the theorem needs for "
                 "preperiod %llu and period %llu (%llu %llu)", (unsigned long long)k->from,
                 (unsigned long long)k->to, (unsigned long long)k->pre,
                 (unsigned long long)k->per, (unsigned long long)k->pre,
                 (unsigned long long)end);
        return verify_fail(v, msg);
    }
    if ((st = verify_number(v, 10, "prefix", &k->prefix)) != CLI_OK) return st;
    if (k->prefix != end + k->per) {
        snprintf(msg, sizeof msg, "prefix %llu is not the values the range reads (%llu)",
                 (unsigned long long)k->prefix, (unsigned long long)(end + k->per));
        return verify_fail(v, msg);
    }
    if ((st = verify_key(v, 11, "hash", &s)) != CLI_OK) return st;
    if (strncmp(s, CERT_HASH " ", strlen(CERT_HASH) + 1) != 0 ||
        verify_hex16(s + strlen(CERT_HASH) + 1, &k->hash) != 0) {
        snprintf(msg, sizeof msg, "malformed: hash '%.*s%s' is not '" CERT_HASH "' and 16 "
                 "lower-case hexadecimal digits", CLI_ARG(s));
        return verify_fail(v, msg);
    }
    if ((st = verify_key(v, 12, "seconds", &s)) != CLI_OK) return st;
    i = strspn(s, "0123456789");
    if (i == 0 || s[i] != '.' || s[i + 1] == '\0' ||
        strspn(s + i + 1, "0123456789") != strlen(s + i + 1)) {
        snprintf(msg, sizeof msg, "malformed: seconds '%.*s%s' is not a decimal such as 0.125",
                 CLI_ARG(s));
        return verify_fail(v, msg);
    }
    if ((st = verify_key(v, 13, "libsg", &s)) != CLI_OK) return st;
    if (strlen(s) > 32 || strspn(s, "0123456789.") != strlen(s)) {
        snprintf(msg, sizeof msg, "malformed: libsg '%.*s%s' is not a version such as 0.1.0",
                 CLI_ARG(s));
        return verify_fail(v, msg);
    }
    return CLI_OK;
}

/* Recomputes G(0 .. prefix-1) with the plain kernel and checks the claim on them, the
 * hypothesis as soon as its values are there (a false claim fails early). */
static int verify_values(verify_t *v, const verify_claim_t *k, uint64_t *hash)
{
    cli_t *c = v->c;
    cert_plain_t scratch;
    sg_value_t *G;
    uint64_t n, s, pre = k->pre, per = k->per;
    char msg[240];
    int ok, st = CLI_OK;
    if ((G = cli_alloc_values(c, "prefix", k->prefix, 4)) == NULL) return CLI_FAIL;
    memset(&scratch, 0, sizeof scratch);
    /* on a terminal, what is coming: the plain kernel is quadratic (cubic with three heaps) */
    if (c->progress)
        cli_error(c, 0, "'%.*s%s': %llu values to check, G(0 .. %llu), with the plain kernel",
                  CLI_ARG(v->path), (unsigned long long)k->prefix,
                  (unsigned long long)(k->prefix - 1));
    for (n = 0; n < k->prefix; n++) {
        G[n] = cert_plain_value(&k->game, G, n, &scratch, &ok);
        if (!ok) {
            st = cli_lib_error(c, "verify", SG_ENOMEM);
            goto done;
        }
        if (n >= pre + per && n - per < k->to && G[n] != G[n - per]) {
            snprintf(msg, sizeof msg, "the periodicity fails: G(%llu) = %lu but G(%llu + %llu) "
                     "= %lu", (unsigned long long)(n - per), (unsigned long)G[n - per],
                     (unsigned long long)(n - per), (unsigned long long)per,
                     (unsigned long)G[n]);
            st = verify_fail(v, msg);
            goto done;
        }
        if (pre > 0 && n == pre - 1 + per && G[n] == G[pre - 1]) {
            snprintf(msg, sizeof msg, "the preperiod %llu is not the least: G(%llu) = G(%llu + "
                     "%llu)", (unsigned long long)pre, (unsigned long long)(pre - 1),
                     (unsigned long long)(pre - 1), (unsigned long long)per);
            st = verify_fail(v, msg);
            goto done;
        }
        if ((n & 255) == 255) cli_progress(c, "recomputed n <", n + 1, k->prefix);
    }
    cli_progress_done(c);
    /* a smaller period would divide this one and hold over one period from the preperiod */
    for (s = 1; s < per; s++) {
        if (per % s != 0) continue;
        for (n = pre; n < pre + per && G[n + s] == G[n]; n++) continue;
        if (n == pre + per) {
            snprintf(msg, sizeof msg, "the period %llu is not the least: %llu is a period too",
                     (unsigned long long)per, (unsigned long long)s);
            st = verify_fail(v, msg);
            goto done;
        }
    }
    *hash = cert_fnv_values(CERT_FNV_BASIS, G, k->prefix);
    if (*hash != k->hash) {
        snprintf(msg, sizeof msg, "the hash of G(0 .. %llu) is %016llx, the certificate states "
                 "%016llx", (unsigned long long)(k->prefix - 1), (unsigned long long)*hash,
                 (unsigned long long)k->hash);
        st = verify_fail(v, msg);
    }
done:
    cli_progress_done(c);
    cert_plain_free(&scratch);
    free(G);
    return st;
}

/* A certificate that holds, in the vocabulary of docs/json.md: its period is proven. */
static void verify_json(cli_t *c, const verify_t *v, const verify_claim_t *k, uint64_t hash,
                        double seconds)
{
    FILE *out = c->out;
    sg_period_t p;
    memset(&p, 0, sizeof p);
    p.preperiod = k->pre;
    p.period = k->per;
    p.proven = 1;
    fputc('{', out);
    cli_json_game(c, out, k->code, NULL);
    fputs("\"file\":", out);
    cli_put_json_string(out, v->path);
    fputc(',', out);
    cli_json_period(out, &p, 0);
    fprintf(out, ",\"checked_from\":%llu,\"checked_to\":%llu,\"prefix\":%llu,"
            "\"fnv1a64\":\"%016llx\",\"seconds\":%.3f}\n", (unsigned long long)k->from,
            (unsigned long long)k->to, (unsigned long long)k->prefix, (unsigned long long)hash,
            seconds);
}

int cmd_verify(cli_t *c)
{
    verify_t v;
    verify_claim_t k;
    char *buf = NULL;
    size_t len = 0;
    uint64_t hash = 0;
    double t0 = cli_now();
    int st;
    memset(&v, 0, sizeof v);
    memset(&k, 0, sizeof k);
    v.c = c;
    v.path = c->args[0];
    if ((st = cli_file_read(c, "", v.path, VERIFY_MAX_BYTES, &buf, &len)) == CLI_OK &&
        (st = verify_form(&v, buf, len)) == CLI_OK && (st = verify_fields(&v, &k)) == CLI_OK &&
        (st = verify_values(&v, &k, &hash)) == CLI_OK && c->format == CLI_JSON) {
        verify_json(c, &v, &k, hash, cli_now() - t0);
    } else if (st == CLI_OK) {
        fprintf(c->out,
                "'%s': the certificate holds\n"
                "  game %s: G(n + %llu) = G(n) for every n >= %llu (preperiod %llu and period "
                "%llu, both the least)\n"
                "  G(0 .. %llu) recomputed with the plain kernel; G(n + %llu) = G(n) for %llu <= "
                "n < %llu,\n"
                "  which by the periodicity theorem of Guy and Smith proves it for every n >= "
                "%llu\n"
                "  hash " CERT_HASH " %016llx: as stated\n"
                "  checked in %.3f s\n",
                v.path, k.code, (unsigned long long)k.per, (unsigned long long)k.pre,
                (unsigned long long)k.pre, (unsigned long long)k.per,
                (unsigned long long)(k.prefix - 1), (unsigned long long)k.per,
                (unsigned long long)k.from, (unsigned long long)k.to,
                (unsigned long long)k.pre, (unsigned long long)hash, cli_now() - t0);
    }
    free(buf);
    return st;
}
