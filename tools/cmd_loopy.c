/* grundy loopy: a game graph with cycles read from stdin, "n m" then m lines "u v" (a move from
 * u to v); one line per position: "u VALUE OUTCOME REMOTENESS", the generalised Sprague-Grundy
 * value (a number, or inf(K) with K the finite values of the options), N, P or D, and the
 * remoteness (or - for a draw). Every answer comes from sg_loopy_build_graph. A malformed line
 * is reported by its number, with exit status 2. */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"

#include <stdlib.h>

/* Bytes per position and per move at the peak, counted together for n + m: the moves as read
 * (16 each, up to twice that while their arrays grow), then the rows (8 per position and per
 * move) beside the library's copy and its work (about 32 per position and 8 per move, and 8
 * and 8 for the copy of the rows). */
#define LOOPY_BYTES 48

/* The reader: one line at a time from stdin, numbers in it, and the line number for messages. */
typedef struct {
    FILE *in;
    uint64_t line;     /* the line being read, from 1 */
    int c;             /* the next character (EOF at the end) */
} loopy_in_t;

static void loopy_next(loopy_in_t *r) { r->c = getc(r->in); }

static void loopy_blanks(loopy_in_t *r)
{
    while (r->c == ' ' || r->c == '\t' || r->c == '\r') loopy_next(r);
}

/* A decimal number on the current line: 0, or -1 with *why set. */
static int loopy_number(loopy_in_t *r, uint64_t *v, const char **why)
{
    uint64_t x = 0;
    loopy_blanks(r);
    if (r->c < '0' || r->c > '9') {
        *why = r->c == EOF || r->c == '\n' ? "a number is missing" : "not a number";
        return -1;
    }
    for (; r->c >= '0' && r->c <= '9'; loopy_next(r)) {
        unsigned d = (unsigned)(r->c - '0');
        if (x > (UINT64_MAX - d) / 10) {
            *why = "a number is too large";
            return -1;
        }
        x = x * 10 + d;
    }
    if (r->c != ' ' && r->c != '\t' && r->c != '\r' && r->c != '\n' && r->c != EOF) {
        *why = "not a number";
        return -1;
    }
    *v = x;
    return 0;
}

/* Two numbers and the end of the line: 0, or -1 with *why. */
static int loopy_pair(loopy_in_t *r, uint64_t *a, uint64_t *b, const char **why)
{
    if (r->c == EOF) {
        *why = "the input ends here";
        return -1;
    }
    if (loopy_number(r, a, why) || loopy_number(r, b, why)) return -1;
    loopy_blanks(r);
    if (r->c != '\n' && r->c != EOF) {
        *why = "more than two numbers";
        return -1;
    }
    if (r->c == '\n') loopy_next(r);
    r->line++;
    return 0;
}

static int loopy_bad(cli_t *c, uint64_t line, const char *why, const char *what)
{
    return cli_error(c, CLI_USAGE, "line %llu: %s (expected %s)", (unsigned long long)line, why,
                     what);
}

/* One position: "u VALUE OUTCOME REMOTENESS" (text), or its object (json: value null and k the
 * finite values of the options for an infinite one, remoteness null for a draw). */
static void loopy_put(cli_t *c, const sg_loopy_t *l, uint64_t u, sg_value_t *k, size_t cap)
{
    sg_value_t v;
    uint64_t r = 0;
    size_t len = 0, i;
    int out = SG_LOOPY_D, json = c->format == CLI_JSON, finite = sg_loopy_value(l, u, &v) == 1;
    fputs(json ? (u != 0 ? ",{\"position\":" : "{\"position\":") : "", c->out);
    cli_put_u64(c->out, u);
    fputs(json ? ",\"value\":" : " ", c->out);
    if (finite) {
        cli_put_u64(c->out, v);
        if (json) fputs(",\"k\":null", c->out);
    } else {
        (void)sg_loopy_k(l, u, k, cap, &len);
        fputs(json ? "null,\"k\":[" : "inf(", c->out);
        for (i = 0; i < len && i < cap; i++) {
            if (i) fputc(',', c->out);
            cli_put_u64(c->out, k[i]);
        }
        fputc(json ? ']' : ')', c->out);
    }
    (void)sg_loopy_outcome(l, u, &out);
    (void)sg_loopy_remoteness(l, u, &r);
    if (json) {
        fprintf(c->out, ",\"outcome\":\"%c\",\"remoteness\":",
                out == SG_LOOPY_N ? 'N' : out == SG_LOOPY_P ? 'P' : 'D');
        cli_json_u64_or_null(c->out, r != SG_LOOPY_DRAW, r);
        fputc('}', c->out);
        return;
    }
    fputs(out == SG_LOOPY_N ? " N " : out == SG_LOOPY_P ? " P " : " D ", c->out);
    if (r == SG_LOOPY_DRAW) fputc('-', c->out);
    else cli_put_u64(c->out, r);
    fputc('\n', c->out);
}

int cmd_loopy(cli_t *c)
{
    loopy_in_t r;
    uint64_t n, m, i, u, v, *from = NULL, *to = NULL, *off = NULL, *tg = NULL, maxdeg = 0;
    size_t cap = 0;
    sg_value_t *k = NULL;
    sg_loopy_t *l = NULL;
    const char *why = NULL;
    int st = CLI_OK, lst;
    r.in = stdin;
    r.line = 1;
    loopy_next(&r);
    if (loopy_pair(&r, &n, &m, &why))
        return loopy_bad(c, r.line, why, "the first line 'n m': positions and moves");
    if (n >= 0xfffffff0u || m >= 0xfffffff0u)
        return cli_error(c, CLI_USAGE, "line 1: %s is too large (at most 4294967279)",
                         n >= 0xfffffff0u ? "n" : "m");
    /* the size against memory before anything is read or allocated, as every command checks
     * its size (n = 10^9 grew to gigabytes before) */
    if (cli_check_memory(c, "n + m", n + m, LOOPY_BYTES) != CLI_OK) return CLI_FAIL;
    /* the moves are kept as read, then sorted by u (stably: option indices follow the input) */
    for (i = 0; i < m; i++) {
        if ((i & 0xffff) == 0xffff) cli_progress(c, "moves read", i, m);
        if (i == cap) {
            size_t ncap = cap ? cap * 2 : 1024;
            uint64_t *f2, *t2;
            if (ncap > SIZE_MAX / sizeof *from) ncap = SIZE_MAX / sizeof *from;
            f2 = (uint64_t *)realloc(from, ncap * sizeof *from);
            if (f2 != NULL) from = f2;
            t2 = f2 ? (uint64_t *)realloc(to, ncap * sizeof *to) : NULL;
            if (t2 != NULL) to = t2;
            if (f2 == NULL || t2 == NULL) {
                st = cli_lib_error(c, "moves", SG_ENOMEM);
                goto done;
            }
            cap = ncap;
        }
        if (loopy_pair(&r, &u, &v, &why)) {
            st = loopy_bad(c, r.line, why, "a move 'u v'");
            goto done;
        }
        if (u >= n || v >= n) {
            st = cli_error(c, CLI_USAGE, "line %llu: position %llu is not below n = %llu",
                           (unsigned long long)(r.line - 1),
                           (unsigned long long)(u >= n ? u : v), (unsigned long long)n);
            goto done;
        }
        from[i] = u;
        to[i] = v;
    }
    cli_progress_done(c);
    /* nothing but blank lines may follow */
    for (;;) {
        loopy_blanks(&r);
        if (r.c == EOF) break;
        if (r.c != '\n') {
            st = cli_error(c, CLI_USAGE, "line %llu: more than the %llu moves the first line "
                           "announces", (unsigned long long)r.line, (unsigned long long)m);
            goto done;
        }
        loopy_next(&r);
        r.line++;
    }
    off = (uint64_t *)calloc((size_t)n + 1, sizeof *off);
    tg = (uint64_t *)malloc(((size_t)m + 1) * sizeof *tg);
    if (off == NULL || tg == NULL) {
        st = cli_lib_error(c, "graph", SG_ENOMEM);
        goto done;
    }
    for (i = 0; i < m; i++) off[from[i] + 1]++;
    for (u = 0; u < n; u++) {
        if (off[u + 1] > maxdeg) maxdeg = off[u + 1];
        off[u + 1] += off[u];
    }
    for (i = 0; i < m; i++) tg[off[from[i]]++] = to[i];
    for (u = n; u > 0; u--) off[u] = off[u - 1];
    off[0] = 0;
    free(from);
    free(to);
    from = to = NULL;
    if ((lst = sg_loopy_build_graph(&l, n, off, tg)) != SG_OK) {
        st = cli_lib_error(c, "sg_loopy_build_graph", lst);
        goto done;
    }
    free(off);
    free(tg);
    off = tg = NULL;
    /* K has at most as many values as a position has options */
    k = (sg_value_t *)malloc(((size_t)maxdeg + 1) * sizeof *k);
    if (k == NULL) {
        st = cli_lib_error(c, "values", SG_ENOMEM);
        goto done;
    }
    if (c->format == CLI_JSON) {
        fputc('{', c->out);
        cli_json_game(c, c->out, NULL, NULL);
        fputs("\"count\":", c->out);
        cli_put_u64(c->out, n);
        fputs(",\"positions\":[", c->out);
    }
    for (u = 0; u < n; u++) {
        loopy_put(c, l, u, k, (size_t)maxdeg + 1);
        if ((u & 0xffff) == 0xffff) cli_progress(c, "positions written", u, n);
    }
    cli_progress_done(c);
    if (c->format == CLI_JSON) fputs("]}\n", c->out);
done:
    free(k);
    sg_loopy_free(l);
    free(off);
    free(tg);
    free(from);
    free(to);
    return st;
}
