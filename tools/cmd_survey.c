/* grundy survey: take-and-break codes on stdin, one per line; one JSON object per code on
 * stdout, in input order, each flushed as soon as it is known, so a survey cut short keeps the
 * codes it finished and many surveys can run side by side under GNU parallel or a Slurm job
 * array (docs/survey.md). Each code goes through sg_octal_prove, the search of
 * `grundy octal CODE --period`, with at most --limit values.
 *
 * Input: blanks (space, tab, CR, VT, FF) around a code are ignored, '#' starts a comment that
 * runs to the end of the line, and a line with nothing else (empty, blank or a comment alone)
 * gives no object. A line that is not a code gives an object with an "error" member and the
 * survey goes on. Memory stays bounded whatever the input: only the first SURVEY_KEEP bytes of
 * a line are kept (a longer line cannot be a code), NUL bytes and bytes that are not UTF-8 are
 * reported, never passed on (they show as U+FFFD in "input", so every line out is valid UTF-8). */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"

#include <errno.h>
#include <string.h>

/* The bytes of a line kept: more than the longest code (d0, '.', SG_OCTAL_MAX_DIGITS digits). */
#define SURVEY_KEEP 256

/* One line of input, its comment and surrounding blanks left out. */
typedef struct {
    char text[SURVEY_KEEP + 1];  /* the first bytes of the code, NUL-terminated */
    size_t kept;                 /* bytes in text */
    uint64_t length;             /* the whole code's length in bytes (may exceed SURVEY_KEEP) */
    uint64_t nul_at;             /* 1 + the offset of its first NUL byte; 0 when none */
} survey_line_t;

static int survey_blank(int ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
}

/* Reads one line into *l: 1, or 0 at the end of the input, or -1 on a read error. */
static int survey_read(FILE *in, survey_line_t *l)
{
    uint64_t pos = 0;   /* bytes since the first non-blank */
    int ch = EOF, any = 0, comment = 0;
    l->kept = 0;
    l->length = 0;
    l->nul_at = 0;
    while ((ch = getc(in)) != EOF) {
        any = 1;
        if (ch == '\n') break;
        if (comment) continue;
        if (ch == '#') {
            comment = 1;
            continue;
        }
        if (pos == 0 && survey_blank(ch)) continue;
        if (pos < SURVEY_KEEP) l->text[pos] = (char)ch;
        pos++;
        if (!survey_blank(ch)) l->length = pos;
        if (ch == '\0' && l->nul_at == 0) l->nul_at = pos;
    }
    if (ch == EOF && ferror(in)) return -1;
    if (ch == EOF && !any) return 0;
    l->kept = l->length < SURVEY_KEEP ? (size_t)l->length : SURVEY_KEEP;
    l->text[l->kept] = '\0';
    return 1;
}

/* The length of the valid UTF-8 sequence at s[0..n), or 0 when it is not one (overlong forms,
 * surrogates and code points past U+10FFFF are not). */
static size_t survey_utf8(const unsigned char *s, size_t n)
{
    unsigned char lo = 0x80, hi = 0xbf;
    size_t len, i;
    if (s[0] < 0x80) return 1;
    if (s[0] >= 0xc2 && s[0] <= 0xdf) {
        len = 2;
    } else if (s[0] >= 0xe0 && s[0] <= 0xef) {
        len = 3;
        if (s[0] == 0xe0) lo = 0xa0;
        if (s[0] == 0xed) hi = 0x9f;
    } else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
        len = 4;
        if (s[0] == 0xf0) lo = 0x90;
        if (s[0] == 0xf4) hi = 0x8f;
    } else {
        return 0;
    }
    if (n < len || s[1] < lo || s[1] > hi) return 0;
    for (i = 2; i < len; i++)
        if (s[i] < 0x80 || s[i] > 0xbf) return 0;
    return len;
}

/* The code as given, for "input": valid UTF-8 without NUL bytes (each NUL and each byte of no
 * valid sequence becomes U+FFFD), NUL-terminated. out holds 3 * SURVEY_KEEP + 1 bytes. */
static void survey_clean(const survey_line_t *l, char *out)
{
    static const char replacement[] = "\xef\xbf\xbd";
    const unsigned char *s = (const unsigned char *)l->text;
    size_t i = 0, o = 0, len;
    while (i < l->kept) {
        len = s[i] == 0 ? 0 : survey_utf8(s + i, l->kept - i);
        if (len == 0) {
            memcpy(out + o, replacement, 3);
            o += 3;
            i++;
        } else {
            memcpy(out + o, s + i, len);
            o += len;
            i += len;
        }
    }
    out[o] = '\0';
}

/* "game", "code" (canonical, or null for a line that is not a code) and "input" (the line as
 * given, made valid UTF-8; "input_truncated" and "input_bytes" when only its start is kept) */
static void survey_put_head(cli_t *c, const survey_line_t *l, const char *clean,
                            const char *canonical)
{
    FILE *out = c->out;
    fputc('{', out);
    if (canonical != NULL) {
        cli_json_game(c, c->out, canonical, clean);
    } else {
        cli_json_game(c, c->out, NULL, NULL);
        fputs("\"code\":null,\"input\":", out);
        cli_put_json_string(out, clean);
        fputc(',', out);
    }
    if (l->length > l->kept) {
        fputs("\"input_truncated\":true,\"input_bytes\":", out);
        cli_put_u64(out, l->length);
        fputc(',', out);
    }
}

/* A line that is not a code: the period members every object has (null), and "error". */
static void survey_put_error(cli_t *c, const survey_line_t *l, const char *clean,
                             const char *why)
{
    sg_period_t none;
    memset(&none, 0, sizeof none);
    survey_put_head(c, l, clean, NULL);
    cli_json_period(c->out, &none, 0);
    fputs(",\"error\":", c->out);
    cli_put_json_string(c->out, why);
    fputs("}\n", c->out);
}

/* A searched code: see docs/json.md for the members. */
static void survey_put_result(cli_t *c, const survey_line_t *l, const char *clean,
                              const char *canonical, uint64_t limit, const sg_octal_proof_t *pr,
                              double seconds)
{
    survey_put_head(c, l, clean, canonical);
    fputs("\"limit\":", c->out);
    cli_put_u64(c->out, limit);
    fputc(',', c->out);
    cli_json_proof(c->out, pr);
    fprintf(c->out, ",\"seconds\":%.6f}\n", seconds);
}

/* A code over --budget: the period members null, and how far it got. */
static void survey_put_over(cli_t *c, const survey_line_t *l, const char *clean,
                            const char *canonical, uint64_t limit, uint64_t computed,
                            double seconds)
{
    sg_period_t none;
    memset(&none, 0, sizeof none);
    survey_put_head(c, l, clean, canonical);
    fputs("\"limit\":", c->out);
    cli_put_u64(c->out, limit);
    fputs(",\"budget\":", c->out);
    cli_put_u64(c->out, c->budget);
    fputs(",\"over_budget\":true,", c->out);
    cli_json_period(c->out, &none, 0);
    fputs(",\"computed\":", c->out);
    cli_put_u64(c->out, computed);
    fprintf(c->out, ",\"seconds\":%.6f}\n", seconds);
}

/* --budget: the run stops when its end passes */
typedef struct {
    cli_t *c;
    double end;
} survey_clock_t;

static int survey_tick(void *user, uint64_t done, uint64_t total)
{
    survey_clock_t *k = (survey_clock_t *)user;
    cli_progress(k->c, "values of this code", done, total);
    return cli_now() > k->end;
}

/* The search under --budget. sg_octal_prove cannot be stopped, so the values come first, in
 * doubling prefixes, from a sequence whose progress callback stops it when the budget is
 * spent; a proof search over a prefix (which costs about what computing it cost) runs only
 * when it fits in what is left. *over = 1 and *computed set when the budget ran out first;
 * otherwise the result of the last search is in *pr. The library's status. */
static int survey_budgeted(cli_t *c, const sg_octal_t *game, uint64_t limit, double t0,
                           sg_octal_proof_t *pr, int *over, uint64_t *computed)
{
    survey_clock_t k;
    sg_sequence_t *seq = NULL;
    uint64_t want = limit < 4096 ? limit : 4096, step, have, upto;
    double spent = 0.0, t;
    int st = sg_sequence_create_octal(&seq, game);
    k.c = c;
    k.end = t0 + (double)c->budget;
    *over = 0;
    step = cli_slice_first(game);
    while (st == SG_OK) {
        t = cli_now();
        while (st == SG_OK && (have = sg_sequence_count(seq)) < want && cli_now() <= k.end) {
            double ts = cli_now();
            upto = want - have > step ? have + step : want;
            st = sg_sequence_extend(seq, upto, survey_tick, &k);
            step = cli_slice_next(step, cli_now() - ts);
        }
        spent += cli_now() - t;
        if (st == SG_ESTOP || (st == SG_OK && sg_sequence_count(seq) < want) ||
            (st == SG_OK && cli_now() + spent > k.end)) {
            *over = 1;
            st = SG_OK;
            break;
        }
        if (st != SG_OK || (st = sg_octal_prove(game, want, pr)) != SG_OK) break;
        if (pr->period.proven || want == limit) break;
        want = want > limit / 2 ? limit : 2 * want;
    }
    cli_progress_done(c);
    *computed = seq != NULL ? sg_sequence_count(seq) : 0;
    sg_sequence_free(seq);
    return st;
}

/* One line: its object on c->out. */
static void survey_line(cli_t *c, const survey_line_t *l, uint64_t limit)
{
    char clean[3 * SURVEY_KEEP + 1], canonical[SG_OCTAL_MAX_DIGITS + 4], why[200];
    const char *msg = NULL;
    sg_octal_t *game = NULL;
    sg_octal_proof_t pr;
    size_t off = 0;
    uint64_t computed = 0;
    double t0;
    int st, over = 0;
    survey_clean(l, clean);
    if (l->length > l->kept) {
        snprintf(why, sizeof why, "not a code: %llu bytes long (a code has at most %d "
                 "characters)", (unsigned long long)l->length, SG_OCTAL_MAX_DIGITS + 2);
        survey_put_error(c, l, clean, why);
        return;
    }
    if (l->nul_at != 0) {
        snprintf(why, sizeof why, "not a code: a NUL byte at character %llu",
                 (unsigned long long)l->nul_at);
        survey_put_error(c, l, clean, why);
        return;
    }
    st = sg_octal_parse_ex(l->text, &game, &off, &msg);
    if (st == SG_EINVAL) {
        snprintf(why, sizeof why, "malformed code: %s (at character %llu)",
                 msg != NULL && msg[0] ? msg : sg_strerror(st), (unsigned long long)off + 1);
        survey_put_error(c, l, clean, why);
        return;
    }
    if (st == SG_OK) st = sg_octal_format(game, canonical, sizeof canonical);
    t0 = cli_now();
    if (st == SG_OK && c->budget_set)
        st = survey_budgeted(c, game, limit, t0, &pr, &over, &computed);
    else if (st == SG_OK)
        st = cli_octal_prove(c, game, limit, &pr);
    sg_octal_free(game);
    if (st != SG_OK) {
        snprintf(why, sizeof why, "%s", sg_strerror(st));
        survey_put_error(c, l, clean, why);
        return;
    }
    if (over)
        survey_put_over(c, l, clean, canonical, limit, computed, cli_now() - t0);
    else
        survey_put_result(c, l, clean, canonical, limit, &pr, cli_now() - t0);
}

int cmd_survey(cli_t *c)
{
    survey_line_t l;
    uint64_t limit = c->limit_set ? c->limit : CLI_DEFAULT_LIMIT;
    int r;
    /* a limit too large for memory is bad input (status 1), as everywhere else; under a
     * budget the values are held once more, in a sequence (two bytes each at most) */
    if (cli_check_memory(c, "--limit", limit, CLI_BYTES_OCTAL + (c->budget_set ? 2 : 0)) !=
        CLI_OK)
        return CLI_FAIL;
    if (c->budget_set && c->budget == 0)
        return cli_error(c, CLI_FAIL, "--budget 0: at least 1 second");
    while ((r = survey_read(stdin, &l)) == 1) {
        if (l.length == 0) continue;   /* empty, blank or a comment alone */
        survey_line(c, &l, limit);
        /* whole lines leave at once: a survey killed now keeps what it finished */
        if (fflush(c->out) != 0 || ferror(c->out)) return CLI_FAIL;  /* cli_finish says so */
    }
    if (r < 0) return cli_error(c, CLI_FAIL, "cannot read the input: %s", strerror(errno));
    return CLI_OK;
}
