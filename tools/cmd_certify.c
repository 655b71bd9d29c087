/* grundy octal CODE --certify FILE: proves the period of a take-and-break game with the library
 * and writes a certificate that anyone can check again (grundy verify FILE, or another solver
 * following docs/certificates.md). The file is written whole or not at all, through
 * cli_file_replace (files.c); a path that is not a regular file is refused before the proof. */
#define _POSIX_C_SOURCE 200809L

#include "certificate.h"
#include "cli.h"

#include <stdarg.h>
#include <string.h>

#define CERTIFY_TEXT 1024   /* a certificate is a few hundred bytes */

/* Appends to buf (room CERTIFY_TEXT); -1 when it would not fit. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int certify_put(char *buf, size_t *len, const char *fmt, ...);

static int certify_put(char *buf, size_t *len, const char *fmt, ...)
{
    va_list ap;
    int k;
    va_start(ap, fmt);
    k = vsnprintf(buf + *len, CERTIFY_TEXT - *len, fmt, ap);
    va_end(ap);
    if (k < 0 || (size_t)k >= CERTIFY_TEXT - *len) return -1;
    *len += (size_t)k;
    return 0;
}

/* The certificate's text, checksum line included. -1 when it does not fit (cannot happen with
 * codes of at most SG_OCTAL_MAX_DIGITS digits). */
static int certify_text(char *buf, size_t *len, const char *code, const cert_game_t *g,
                        const sg_period_t *p, uint64_t end, uint64_t prefix, uint64_t hash,
                        double seconds)
{
    uint64_t sum;
    *len = 0;
    if (certify_put(buf, len,
                    CERT_MAGIC " " CERT_VERSION "\n"
                    "kind octal-period\n"
                    "code %s\n"
                    "theorem " CERT_THEOREM "\n"
                    "parts %d\n"
                    "last-digit %u\n"
                    "preperiod %llu\n"
                    "period %llu\n"
                    "saltus 0\n"
                    "checked %llu %llu\n"
                    "prefix %llu\n"
                    "hash " CERT_HASH " %016llx\n"
                    "seconds %.3f\n"
                    "libsg %s\n",
                    code, g->parts, g->t, (unsigned long long)p->preperiod,
                    (unsigned long long)p->period, (unsigned long long)p->preperiod,
                    (unsigned long long)end, (unsigned long long)prefix, (unsigned long long)hash,
                    seconds, sg_version_string()) != 0)
        return -1;
    sum = cert_fnv_bytes(CERT_FNV_BASIS, buf, *len);
    return certify_put(buf, len, "checksum " CERT_CHECKSUM " %016llx\n", (unsigned long long)sum);
}

/* G(n) of a sequence that holds it; a value no read can give when it cannot be read (*bad set),
 * so that no check passes on it */
static sg_value_t certify_at(const sg_sequence_t *seq, uint64_t n, int *bad)
{
    sg_value_t v = 0;
    if (sg_sequence_read(seq, n, &v, 1) != SG_OK) *bad = 1;
    return v;
}

/* The library's values must satisfy what the certificate states before it is written. */
static const char *certify_self_check(const sg_sequence_t *G, const sg_period_t *p,
                                      uint64_t end)
{
    uint64_t n, s, pre = p->preperiod, q = p->period;
    int bad = 0;
    for (n = pre; n < end && !bad; n++)
        if (certify_at(G, n + q, &bad) != certify_at(G, n, &bad))
            return "the periodicity does not hold over the range";
    if (pre > 0 && certify_at(G, pre - 1, &bad) == certify_at(G, pre - 1 + q, &bad) && !bad)
        return "the preperiod is not the least";
    for (s = 1; s < q && !bad; s++) {
        if (q % s != 0) continue;
        for (n = pre; n < pre + q && certify_at(G, n + s, &bad) == certify_at(G, n, &bad); n++)
            continue;
        if (n == pre + q && !bad) return "the period is not the least";
    }
    return bad ? "the values could not be read back" : NULL;
}

/* the hash of G(0 .. count - 1), a slice at a time: SG_OK, or the read's status */
static int certify_hash(const sg_sequence_t *G, uint64_t count, uint64_t *hash)
{
    sg_value_t buf[4096];
    uint64_t h = CERT_FNV_BASIS, n, k;
    int st;
    for (n = 0; n < count; n += k) {
        k = count - n < 4096 ? count - n : 4096;
        if ((st = sg_sequence_read(G, n, buf, k)) != SG_OK) return st;
        h = cert_fnv_values(h, buf, k);
    }
    *hash = h;
    return SG_OK;
}

int cli_opt_certify(cli_t *c, const char *opt, const char *arg)
{
    (void)opt;
    c->certify = arg;
    return CLI_OK;
}

int cmd_certify(cli_t *c)
{
    const char *code = c->args[0], *msg = NULL, *why;
    char canon[SG_OCTAL_MAX_DIGITS + 4], text[CERTIFY_TEXT];
    uint64_t limit = c->limit_set ? c->limit : CLI_DEFAULT_LIMIT, end, prefix, hash;
    sg_octal_t *game = NULL;
    sg_octal_proof_t pr;
    sg_sequence_t *G = NULL;
    cert_game_t g;
    size_t off = 0, len;
    double t0 = cli_now(), seconds;
    int st, exists;
    if (c->count_set || c->at_set || c->checkpoint != NULL)
        return cli_error(c, CLI_USAGE, "--certify writes a certificate, not values: drop -n, "
                         "--at and --checkpoint");
    if (c->format != CLI_TEXT)
        return cli_error(c, CLI_USAGE, "--certify writes its own format: drop --format");
    if (c->certify[0] == '\0') return cli_error(c, CLI_USAGE, "--certify: an empty file name");
    st = sg_octal_parse_ex(code, &game, &off, &msg);
    if (st == SG_EINVAL)
        return cli_error(c, CLI_FAIL, "code '%.*s%s': %s (at character %llu)", CLI_ARG(code),
                         msg != NULL && msg[0] ? msg : sg_strerror(st),
                         (unsigned long long)off + 1);
    if (st != SG_OK) return cli_lib_error(c, "sg_octal_parse", st);
    if ((st = sg_octal_format(game, canon, sizeof canon)) != SG_OK) {
        sg_octal_free(game);
        return cli_lib_error(c, "sg_octal_format", st);
    }
    if (cert_game_read(canon, &g, &why) != 0) {   /* the library's canonical form: never */
        sg_octal_free(game);
        return cli_error(c, CLI_FAIL, "code %s: %s", canon, why);
    }
    if (cli_check_memory(c, "--limit", limit, CLI_BYTES_OCTAL) != CLI_OK ||
        cli_file_can_replace(c, "--certify", c->certify, &exists) != CLI_OK) {
        sg_octal_free(game);
        return CLI_FAIL;
    }
    st = cli_octal_prove(c, game, limit, &pr);
    if (st != SG_OK) {
        sg_octal_free(game);
        return cli_lib_error(c, "sg_octal_prove", st);
    }
    if (pr.period.proven && pr.period.saltus != 0) {
        sg_octal_free(game);
        return cli_error(c, CLI_FAIL, "%s: its proven period is arithmetic (saltus %llu), "
                         "which certificates do not cover: no certificate written", canon,
                         (unsigned long long)pr.period.saltus);
    }
    if (!pr.period.proven) {
        sg_octal_free(game);
        return cli_error(c, CLI_FAIL, "%s: no period proven for n < %llu: no certificate "
                         "written (raise --limit)", canon, (unsigned long long)limit);
    }
    if (cert_range_end(g.parts, g.t, pr.period.preperiod, pr.period.period, &end) != 0) {
        sg_octal_free(game);
        return cli_error(c, CLI_FAIL, "%s: the proof's range passes 2^64", canon);
    }
    prefix = end + pr.period.period;
    /* the values the proof reads, from the library (a long run, a byte or two a value, which
     * extends a proven period; they are checked against the statement below) */
    if ((st = sg_sequence_create_octal(&G, game)) == SG_OK)
        st = sg_sequence_extend(G, prefix, cli_progress_values, c);
    cli_progress_done(c);
    sg_octal_free(game);
    if (st != SG_OK) {
        sg_sequence_free(G);
        return cli_lib_error(c, "sg_sequence_extend", st);
    }
    if ((why = certify_self_check(G, &pr.period, end)) != NULL) {
        sg_sequence_free(G);
        return cli_error(c, CLI_FAIL, "%s: %s: no certificate written", canon, why);
    }
    st = certify_hash(G, prefix, &hash);
    sg_sequence_free(G);
    if (st != SG_OK) return cli_lib_error(c, "sg_sequence_read", st);
    seconds = cli_now() - t0;
    if (certify_text(text, &len, canon, &g, &pr.period, end, prefix, hash, seconds) != 0)
        return cli_error(c, CLI_FAIL, "%s: the certificate does not fit its buffer", canon);
    if ((st = cli_file_replace(c, "--certify", c->certify, text, len)) != CLI_OK) return st;
    fprintf(c->out, "%s: certificate written to %s: preperiod %llu, period %llu; G(n + %llu) = "
            "G(n) for %llu <= n < %llu, hash of G(0 .. %llu) %016llx\n", canon, c->certify,
            (unsigned long long)pr.period.preperiod, (unsigned long long)pr.period.period,
            (unsigned long long)pr.period.period, (unsigned long long)pr.period.preperiod,
            (unsigned long long)end, (unsigned long long)(prefix - 1),
            (unsigned long long)hash);
    return CLI_OK;
}
