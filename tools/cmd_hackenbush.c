/* grundy hackenbush: Green Hackenbush on a multigraph read from stdin, "n m" then m lines "u v"
 * (vertex 0 the ground; loops and repeated edges allowed): the value (sg_hackenbush_value), the
 * outcome, and a winning move (sg_hackenbush_winning_move). A malformed line is named, with
 * exit status 2, as grundy loopy does. */
#include "cli.h"

#include <stdlib.h>

/* bytes per vertex and per edge at the peak: the edges as read (8 each) and the library's
 * search (about 56 per vertex and 24 per edge) */
#define HB_BYTES 64
/* the winning move tries each edge in a search of its own: quadratic, so only up to here */
#define HB_MOVE_EDGES 20000

/* the next number on line *line of in, the line's end checked when last is set: 0, or -1 with
 * *why */
static int hb_number(FILE *in, int last, uint64_t *v, const char **why)
{
    int ch;
    uint64_t x = 0;
    while ((ch = getc(in)) == ' ' || ch == '\t' || ch == '\r') {}
    if (ch < '0' || ch > '9') {
        *why = ch == EOF || ch == '\n' ? "a number is missing" : "not a number";
        return -1;
    }
    for (; ch >= '0' && ch <= '9'; ch = getc(in)) {
        if (x > (UINT64_MAX - 9) / 10) {
            *why = "a number is too large";
            return -1;
        }
        x = x * 10 + (uint64_t)(ch - '0');
    }
    while (ch == ' ' || ch == '\t' || ch == '\r') ch = getc(in);
    if (last ? ch != '\n' && ch != EOF : ch == '\n' || ch == EOF) {
        *why = last ? "more than two numbers" : "a number is missing";
        return -1;
    }
    if (!last) ungetc(ch, in);
    *v = x;
    return 0;
}

/* the graph: *n vertices, *m edges in *ends (malloc'ed) */
static int hb_read(cli_t *c, uint64_t *n, uint64_t *m, uint32_t **ends)
{
    uint64_t i, u, v, line = 1;
    const char *why;
    int ch;
    *ends = NULL;
    if (hb_number(stdin, 0, n, &why) || hb_number(stdin, 1, m, &why))
        return cli_error(c, CLI_USAGE, "line 1: %s (expected 'n m': vertices and edges)", why);
    if (*n == 0 || *n >= UINT32_MAX || *m >= SIZE_MAX / 16)
        return cli_error(c, CLI_USAGE, "line 1: n is %s", *n == 0 ? "0: vertex 0 is the ground"
                                                                 : "too large");
    if (cli_check_memory(c, "n + m", *n + *m, HB_BYTES) != CLI_OK) return CLI_FAIL;
    *ends = (uint32_t *)malloc(2 * ((size_t)*m + 1) * sizeof **ends);
    if (*ends == NULL) return cli_lib_error(c, "edges", SG_ENOMEM);
    for (i = 0; i < *m; i++) {
        line++;
        if (hb_number(stdin, 0, &u, &why) || hb_number(stdin, 1, &v, &why))
            return cli_error(c, CLI_USAGE, "line %llu: %s (expected an edge 'u v')",
                             (unsigned long long)line, why);
        if (u >= *n || v >= *n)
            return cli_error(c, CLI_USAGE, "line %llu: vertex %llu is not below n = %llu",
                             (unsigned long long)line, (unsigned long long)(u >= *n ? u : v),
                             (unsigned long long)*n);
        (*ends)[2 * i] = (uint32_t)u;
        (*ends)[2 * i + 1] = (uint32_t)v;
    }
    while ((ch = getc(stdin)) == ' ' || ch == '\t' || ch == '\r' || ch == '\n') {}
    if (ch != EOF)
        return cli_error(c, CLI_USAGE, "more than the %llu edge%s the first line announces",
                         (unsigned long long)*m, *m == 1 ? "" : "s");
    return CLI_OK;
}

int cmd_hackenbush(cli_t *c)
{
    uint64_t n = 0, m = 0, value = 0;
    uint32_t *ends = NULL;
    size_t edge = 0;
    int st = hb_read(c, &n, &m, &ends), win = 0, searched = m <= HB_MOVE_EDGES;
    if (st == CLI_OK && (st = sg_hackenbush_value((uint32_t)n, ends, (size_t)m, &value)) == SG_OK
        && searched)
        win = sg_hackenbush_winning_move((uint32_t)n, ends, (size_t)m, &edge);
    if (st == CLI_OK && win < 0) st = win;
    if (st < 0) st = cli_lib_error(c, "sg_hackenbush_value", st);
    if (st != CLI_OK) {
        free(ends);
        return st;
    }
    if (c->format == CLI_JSON) {
        fputc('{', c->out);
        cli_json_game(c, c->out, NULL, NULL);
        fputs("\"vertices\":", c->out);
        cli_put_u64(c->out, n);
        fputs(",\"edges\":", c->out);
        cli_put_u64(c->out, m);
        fputs(",\"value\":", c->out);
        cli_put_u64(c->out, value);
        fprintf(c->out, ",\"outcome\":\"%s\",", value ? "N" : "P");
        /* null says "no winning move" (P); an N-position past the limit, where none was looked
         * for, gets no move but the limit */
        if (!searched && value != 0)
            fprintf(c->out, "\"move_limit\":%d", HB_MOVE_EDGES);
        else if (win) {
            fputs("\"move\":{\"edge\":", c->out);
            cli_put_u64(c->out, edge);
            fputs(",\"ends\":[", c->out);
            cli_put_u64(c->out, ends[2 * edge]);
            fputc(',', c->out);
            cli_put_u64(c->out, ends[2 * edge + 1]);
            fputs("]}", c->out);
        } else {
            fputs("\"move\":null", c->out);
        }
        fputs("}\n", c->out);
    } else {
        fputs("value ", c->out);
        cli_put_u64(c->out, value);
        fputc('\n', c->out);
        if (win)
            fprintf(c->out, "N, the player to move wins: delete edge %llu (%lu %lu)\n",
                    (unsigned long long)edge, (unsigned long)ends[2 * edge],
                    (unsigned long)ends[2 * edge + 1]);
        else if (value != 0)
            fprintf(c->out, "N, the player to move wins (moves are searched for at most %d "
                    "edges)\n", HB_MOVE_EDGES);
        else
            fputs("P, the player to move loses\n", c->out);
    }
    free(ends);
    return CLI_OK;
}
