/* The grundy tool's options: one entry each in cli_options[], with the commands that take it,
 * its setter and its help; the command line (grundy.c) looks them up here. */
#define _POSIX_C_SOURCE 200809L

#include "options.h"

#include <stdlib.h>
#include <string.h>

static int opt_number(cli_t *c, const char *opt, const char *arg, uint64_t *v)
{
    const char *why;
    if (cli_parse_u64(arg, v, &why) != 0)
        return cli_error(c, CLI_FAIL, "%s: '%.*s%s' %s", opt, CLI_ARG(arg), why);
    return CLI_OK;
}

/* Options that only store what they are given: a flag, a number (with the flag that says it was
 * given), a string (a file name). */
#define OPT_FLAG(name, field)                                                                  \
    static int name(cli_t *c, const char *opt, const char *arg)                                \
    {                                                                                          \
        (void)opt;                                                                             \
        (void)arg;                                                                             \
        c->field = 1;                                                                          \
        return CLI_OK;                                                                         \
    }
#define OPT_NUMBER(name, field)                                                                \
    static int name(cli_t *c, const char *opt, const char *arg)                                \
    {                                                                                          \
        c->field##_set = 1;                                                                    \
        return opt_number(c, opt, arg, &c->field);                                             \
    }
#define OPT_STRING(name, field)                                                                \
    static int name(cli_t *c, const char *opt, const char *arg)                                \
    {                                                                                          \
        (void)opt;                                                                             \
        c->field = arg;                                                                        \
        return CLI_OK;                                                                         \
    }

OPT_FLAG(opt_help, help)
OPT_FLAG(opt_period, period)
OPT_FLAG(opt_genus, genus)
OPT_FLAG(opt_quotient, quotient)
OPT_NUMBER(opt_count, count)
OPT_NUMBER(opt_limit, limit)
OPT_NUMBER(opt_at, at)
OPT_NUMBER(opt_budget, budget)
OPT_STRING(opt_checkpoint, checkpoint)
OPT_STRING(opt_snapshots, snapshots)
OPT_FLAG(opt_graph6, graph6)
OPT_FLAG(opt_outcome, outcome)
OPT_STRING(opt_store, store)
OPT_STRING(opt_blocked, blocked)

static int opt_format(cli_t *c, const char *opt, const char *arg)
{
    static const char *names[] = {"text", "csv", "json", "bfile", "svg"};
    int i;
    for (i = 0; i < 5; i++)
        if (strcmp(arg, names[i]) == 0) {
            c->format = i;
            c->format_set = 1;
            return CLI_OK;
        }
    return cli_error(c, CLI_USAGE,
                     "%s: unknown format '%.*s%s' (text, csv, json, bfile or svg)", opt,
                     CLI_ARG(arg));
}

static int opt_threads(cli_t *c, const char *opt, const char *arg)
{
    int st = opt_number(c, opt, arg, &c->threads);
    if (st == CLI_OK && c->threads != 1 && c->threads != 2)
        return cli_error(c, CLI_USAGE, "%s: '%.*s%s': 1 or 2", opt, CLI_ARG(arg));
    return st;
}

static int opt_window(cli_t *c, const char *opt, const char *arg)
{
    int st = CLI_OK;
    if (strcmp(arg, "auto") == 0) c->window = SG_SEQUENCE_WINDOW_AUTO;
    else st = opt_number(c, opt, arg, &c->window);
    if (st == CLI_OK && c->window < SG_SEQUENCE_WINDOW_MIN)
        return cli_error(c, CLI_FAIL, "%s: '%.*s%s': at least %u, or auto", opt, CLI_ARG(arg),
                         SG_SEQUENCE_WINDOW_MIN);
    c->window_set = 1;
    return st;
}

static const cli_option_t cli_options[] = {
    {"--help", 'h', NULL, NULL, opt_help, "show the help of the tool or of a command"},
    {"--format", 0, "FORMAT",
     "mex nim misere nimmul sub octal grundy-game allbut pattern loopy verify node-kayles "
     "arc-kayles welter hackenbush cram",
     opt_format,
     "text (default), csv, json, bfile: \"n value\" lines as in\n"
     "OEIS b-files (sequences only), or svg: a picture of the\n"
     "sequence (sub, octal, grundy-game, allbut)"},
    {"--count", 'n', "N", "sub octal grundy-game allbut misere pattern", opt_count,
     "how many values: G(0) .. G(N-1) (default 100); N is\n"
     "decimal or B^E, e.g. 2^20"},
    {"--period", 0, NULL, "sub octal allbut", opt_period,
     "search for a period and print it (octal: its proof)\n"
     "instead of values"},
    {"--limit", 0, "L", "octal allbut survey misere", opt_limit,
     "with --period, --at, --certify or --format svg, and in a\n"
     "survey: compute at most L values while searching for a\n"
     "period (default 2^16); misere CODE: at most L heaps for\n"
     "the quotient (default 24)"},
    {"--at", 0, "N", "sub octal pattern", opt_at,
     "G(N) alone, for any N < 2^64: read off the proven period\n"
     "(pattern: off the observed one)"},
    {"--checkpoint", 0, "FILE", "octal grundy-game misere", opt_checkpoint,
     "resume from FILE if it exists, save to it every few\n"
     "minutes and on Ctrl-C (a long run survives an interruption);\n"
     "misere CODE --quotient: after heap steps, once a second"},
    {"--threads", 0, "T", "octal grundy-game", opt_threads,
     "compute on T threads, 1 (default) or 2: eight positions\n"
     "at a time where that is faster, the same values"},
    {"--genus", 0, NULL, "misere", opt_genus,
     "with a CODE: the genus of each heap instead of its outcome"},
    {"--quotient", 0, NULL, "misere", opt_quotient,
     "with a CODE: its misere quotient, heap by heap until the\n"
     "pretending function is proven periodic (or --limit heaps)"},
    /* long runs past memory: window and snapshot options */
    {"--window", 0, "SIZE", "octal grundy-game", opt_window,
     "keep G(0..SIZE-1) and the last SIZE values only (SIZE\n"
     "at least 4096, or auto): runs past memory; values are\n"
     "streamed (csv, bfile) or summed up (text)"},
    {"--snapshots", 0, "FILE", "octal grundy-game", opt_snapshots,
     "append one JSON line to FILE at each power of two:\n"
     "histogram, rare positions, mask, hash, time"},

    {"--budget", 0, "SECONDS", "survey", opt_budget,
     "at most SECONDS of computing per code (at least 1): a\n"
     "code over it gets a line saying so, and the survey goes on"},

    /* graph games */
    {"--grid", 0, "RxC", "node-kayles arc-kayles", cli_opt_graph,
     "the graph: the R x C grid (e.g. 3x12)"},
    {"--path", 0, "N", "node-kayles arc-kayles", cli_opt_graph, "the graph: a path of N vertices"},
    {"--cycle", 0, "N", "node-kayles arc-kayles", cli_opt_graph, "the graph: a cycle of N vertices"},
    {"--petersen", 0, "N,K", "node-kayles arc-kayles", cli_opt_graph,
     "the graph: the generalized Petersen graph P(N,K)"},
    {"--queens", 0, "N", "node-kayles arc-kayles", cli_opt_graph,
     "the graph: the N x N queens graph"},
    {"--graph6", 0, NULL, "node-kayles arc-kayles", opt_graph6,
     "graphs on stdin, one a line in nauty's graph6 format\n"
     "(geng's output); one JSON line out for each"},
    {"--outcome", 0, NULL, "node-kayles arc-kayles cram", opt_outcome,
     "the outcome (N or P) alone, by a search with nimber\n"
     "pruning that stops as soon as it is known, instead of\n"
     "the value"},
    {"--store", 0, "FILE", "node-kayles arc-kayles cram", opt_store,
     "resume from FILE if it exists, save to it every few\n"
     "minutes and on Ctrl-C; FILE names its game itself, and\n"
     "a file of another game is refused"},
    /* boards */
    {"--blocked", 0, "CELLS", "cram", opt_blocked,
     "cells no domino may cover: numbers r * C + c (from 0),\n"
     "comma-separated"},

    /* certificates: --certify */
    {"--certify", 0, "FILE", "octal", cli_opt_certify,
     "prove the period (at most --limit values, default 2^16)\n"
     "and write a certificate of it to FILE (grundy verify)"},

};
#define CLI_NOPTIONS (sizeof cli_options / sizeof cli_options[0])

int cli_option_applies(const cli_option_t *o, const char *command)
{
    const char *p = o->commands;
    size_t len = strlen(command);
    if (p == NULL) return 1;
    while ((p = strstr(p, command)) != NULL) {
        if ((p == o->commands || p[-1] == ' ') && (p[len] == ' ' || p[len] == '\0')) return 1;
        p += len;
    }
    return 0;
}

static void put_option_help(FILE *out, const cli_option_t *o)
{
    char head[64];
    const char *h;
    if (o->short_name)
        snprintf(head, sizeof head, "-%c, %s%s%s", o->short_name, o->name, o->arg ? " " : "",
                 o->arg ? o->arg : "");
    else
        snprintf(head, sizeof head, "%s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
    fprintf(out, "  %-20s ", head);
    for (h = o->help; *h; h++) {
        fputc(*h, out);
        if (*h == '\n') fprintf(out, "  %-20s ", "");
    }
    fputc('\n', out);
}

void cli_put_options(FILE *out, const char *command)
{
    size_t i;
    for (i = 0; i < CLI_NOPTIONS; i++)
        if (command == NULL || cli_option_applies(&cli_options[i], command))
            put_option_help(out, &cli_options[i]);
}

/* Looks an option up; *arg receives an attached value ("--format=json", "-n20") or NULL. */
const cli_option_t *cli_find_option(const char *word, const char **arg)
{
    size_t i, len;
    *arg = NULL;
    for (i = 0; i < CLI_NOPTIONS; i++) {
        const cli_option_t *o = &cli_options[i];
        if (word[1] == '-') {
            len = strlen(o->name);
            if (strncmp(word, o->name, len) != 0) continue;
            if (word[len] == '\0') return o;
            if (word[len] == '=' && o->arg != NULL) {
                *arg = word + len + 1;
                return o;
            }
        } else if (o->short_name != 0 && word[1] == o->short_name) {
            if (word[2] == '\0') return o;
            if (o->arg != NULL) {
                *arg = word + 2;
                return o;
            }
        }
    }
    return NULL;
}
