/* grundy: the command-line face of libsg. Every answer comes from the library; this file parses
 * the command line, calls it and writes the result. Values go to stdout, messages to stderr as
 * one line "grundy: COMMAND: problem"; exit status 0 (success), 1 (bad input or a failed
 * computation), 2 (usage: unknown command or option, missing argument).
 *
 * Adding an option is one entry in cli_options[] (plus its field in cli_t); adding a command is
 * one entry in cli_commands[]. Compile with -DGRUNDY_NO_MAIN to link grundy_run elsewhere (a
 * fuzz target, a test). */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"
#include "tour.h"

#include <sg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CLI_DEFAULT_COUNT 100
#define CLI_DEFAULT_LIMIT 65536

/* ---- options ------------------------------------------------------------------------------ */

typedef struct {
    const char *name;           /* long form, "--format" */
    char short_name;            /* 'n' for -n, or 0 */
    const char *arg;            /* the argument's name in help; NULL for a flag */
    const char *commands;       /* the commands that take it, space-separated; NULL: all */
    int (*set)(cli_t *c, const char *opt, const char *arg);
    const char *help;
} cli_option_t;

static int opt_number(cli_t *c, const char *opt, const char *arg, uint64_t *v)
{
    const char *why;
    if (cli_parse_u64(arg, v, &why) != 0)
        return cli_error(c, CLI_FAIL, "%s: '%.*s%s' %s", opt, CLI_ARG(arg), why);
    return CLI_OK;
}

static int opt_help(cli_t *c, const char *opt, const char *arg)
{
    (void)opt;
    (void)arg;
    c->help = 1;
    return CLI_OK;
}

static int opt_format(cli_t *c, const char *opt, const char *arg)
{
    static const char *names[] = {"text", "csv", "json", "bfile", "svg"};
    int i;
    for (i = 0; i < 5; i++)
        if (strcmp(arg, names[i]) == 0) {
            c->format = i;
            return CLI_OK;
        }
    return cli_error(c, CLI_USAGE,
                     "%s: unknown format '%.*s%s' (text, csv, json, bfile or svg)", opt,
                     CLI_ARG(arg));
}

static int opt_count(cli_t *c, const char *opt, const char *arg)
{
    c->count_set = 1;
    return opt_number(c, opt, arg, &c->count);
}

static int opt_period(cli_t *c, const char *opt, const char *arg)
{
    (void)opt;
    (void)arg;
    c->period = 1;
    return CLI_OK;
}

static int opt_limit(cli_t *c, const char *opt, const char *arg)
{
    c->limit_set = 1;
    return opt_number(c, opt, arg, &c->limit);
}

static int opt_at(cli_t *c, const char *opt, const char *arg)
{
    c->at_set = 1;
    return opt_number(c, opt, arg, &c->at);
}

static int opt_checkpoint(cli_t *c, const char *opt, const char *arg)
{
    (void)opt;
    c->checkpoint = arg;
    return CLI_OK;
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

static int opt_snapshots(cli_t *c, const char *opt, const char *arg)
{
    (void)opt;
    c->snapshots = arg;
    return CLI_OK;
}

static int opt_genus(cli_t *c, const char *opt, const char *arg)
{
    (void)opt;
    (void)arg;
    c->genus = 1;
    return CLI_OK;
}

static const cli_option_t cli_options[] = {
    {"--help", 'h', NULL, NULL, opt_help, "show the help of the tool or of a command"},
    {"--format", 0, "FORMAT", "mex nim misere nimmul sub octal grundy-game allbut pattern",
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
    {"--limit", 0, "L", "octal allbut survey", opt_limit,
     "with --period, --at, --certify or --format svg, and in a\n"
     "survey: compute at most L values while searching for a\n"
     "period (default 2^16)"},
    {"--at", 0, "N", "sub octal pattern", opt_at,
     "G(N) alone, for any N < 2^64: read off the proven period\n"
     "(pattern: off the observed one)"},
    {"--checkpoint", 0, "FILE", "octal grundy-game", opt_checkpoint,
     "resume from FILE if it exists, save to it every few\n"
     "minutes and on Ctrl-C (a long run survives an interruption)"},
    {"--threads", 0, "T", "octal grundy-game", opt_threads,
     "compute on T threads, 1 (default) or 2: eight positions\n"
     "at a time where that is faster, the same values"},
    {"--genus", 0, NULL, "misere", opt_genus,
     "with a CODE: the genus of each heap instead of its outcome"},
    /* long runs past memory: window and snapshot options */
    {"--window", 0, "SIZE", "octal grundy-game", opt_window,
     "keep G(0..SIZE-1) and the last SIZE values only (SIZE\n"
     "at least 4096, or auto): runs past memory; values are\n"
     "streamed (csv, bfile) or summed up (text)"},
    {"--snapshots", 0, "FILE", "octal grundy-game", opt_snapshots,
     "append one JSON line to FILE at each power of two:\n"
     "histogram, rare positions, mask, hash, time"},

    /* certificates: --certify */
    {"--certify", 0, "FILE", "octal", cli_opt_certify,
     "prove the period (at most --limit values, default 2^16)\n"
     "and write a certificate of it to FILE (grundy verify)"},

};
#define CLI_NOPTIONS (sizeof cli_options / sizeof cli_options[0])

/* ---- commands ----------------------------------------------------------------------------- */

enum { F_TEXT = 1, F_CSV = 2, F_JSON = 4, F_BFILE = 8, F_ALL = 15, F_SVG = 16 };

typedef struct {
    const char *name;
    int (*run)(cli_t *c);
    int min_args, max_args;     /* operands; max -1: any number */
    unsigned formats;
    const char *synopsis;       /* operands, for usage lines */
    const char *summary;        /* one line for the command list */
    const char *help;           /* the rest of the command's help */
} cli_command_t;

static int cli_check_format(cli_t *c, unsigned formats)
{
    static const char *names[] = {"text", "csv", "json", "bfile", "svg"};
    if (formats & (1u << c->format)) return CLI_OK;
    return cli_error(c, CLI_USAGE, "--format %s does not apply to this command", names[c->format]);
}

/* Parses operand i as a number no larger than max. */
static int cli_operand(cli_t *c, int i, uint64_t max, uint64_t *v)
{
    const char *why;
    if (cli_parse_u64(c->args[i], v, &why) != 0)
        return cli_error(c, CLI_FAIL, "'%.*s%s' %s", CLI_ARG(c->args[i]), why);
    if (*v > max)
        return cli_error(c, CLI_FAIL, "'%.*s%s' is too large (at most %llu)",
                         CLI_ARG(c->args[i]),
                         (unsigned long long)max);
    return CLI_OK;
}

/* Parses every operand as a heap size; *heaps is malloc'ed (at least one element). */
static int cli_operands(cli_t *c, uint64_t max, uint64_t **heaps)
{
    int i, st;
    *heaps = (uint64_t *)malloc((size_t)(c->nargs + 1) * sizeof **heaps);
    if (*heaps == NULL) return cli_lib_error(c, "operands", SG_ENOMEM);
    for (i = 0; i < c->nargs; i++)
        if ((st = cli_operand(c, i, max, &(*heaps)[i])) != CLI_OK) {
            free(*heaps);
            *heaps = NULL;
            return st;
        }
    return CLI_OK;
}

static void put_list(FILE *out, const uint64_t *v, size_t n, const char *sep)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (i != 0) fputs(sep, out);
        cli_put_u64(out, v[i]);
    }
}

/* mex V... */
static int cmd_mex(cli_t *c)
{
    uint64_t *v;
    sg_value_t *values, m;
    size_t i, n = (size_t)c->nargs;
    int st;
    if ((st = cli_operands(c, UINT32_MAX, &v)) != CLI_OK) return st;
    values = (sg_value_t *)malloc((n + 1) * sizeof *values);
    if (values == NULL) {
        free(v);
        return cli_lib_error(c, "values", SG_ENOMEM);
    }
    for (i = 0; i < n; i++) values[i] = (sg_value_t)v[i];
    m = sg_mex(values, n);
    if (c->format == CLI_TEXT) {
        cli_put_u64(c->out, m);
        fputc('\n', c->out);
    } else if (c->format == CLI_CSV) {
        fputs("mex\n", c->out);
        cli_put_u64(c->out, m);
        fputc('\n', c->out);
    } else {
        fputs("{\"values\":[", c->out);
        put_list(c->out, v, n, ",");
        fputs("],\"mex\":", c->out);
        cli_put_u64(c->out, m);
        fputs("}\n", c->out);
    }
    free(values);
    free(v);
    return CLI_OK;
}

/* Writes a position's outcome and its winning moves in c->format. `note` (text only) follows
 * the outcome line. */
static void write_moves(cli_t *c, const uint64_t *heaps, size_t n, uint64_t sum, int misere,
                        int win, const sg_nim_move_t *moves, size_t nmoves, const char *note)
{
    FILE *out = c->out;
    size_t i;
    if (c->format == CLI_TEXT) {
        if (!misere) fprintf(out, "nim-sum %llu: ", (unsigned long long)sum);
        fprintf(out, "%s, the player to move %s%s\n", win ? "N" : "P", win ? "wins" : "loses",
                note);
        if (nmoves == 1) fputs("winning move:\n", out);
        if (nmoves > 1) fprintf(out, "%llu winning moves:\n", (unsigned long long)nmoves);
        for (i = 0; i < nmoves; i++)
            fprintf(out, "  heap %llu: %llu -> %llu\n", (unsigned long long)moves[i].heap,
                    (unsigned long long)heaps[moves[i].heap],
                    (unsigned long long)moves[i].new_size);
    } else if (c->format == CLI_CSV) {
        fputs("outcome,heap,from,to\n", out);
        if (nmoves == 0) fprintf(out, "%s,,,\n", win ? "N" : "P");
        for (i = 0; i < nmoves; i++)
            fprintf(out, "N,%llu,%llu,%llu\n", (unsigned long long)moves[i].heap,
                    (unsigned long long)heaps[moves[i].heap],
                    (unsigned long long)moves[i].new_size);
    } else {
        fputs("{\"heaps\":[", out);
        put_list(out, heaps, n, ",");
        fputs("],", out);
        if (!misere) {
            fputs("\"nim_sum\":", out);
            cli_put_u64(out, sum);
            fputc(',', out);
        }
        fprintf(out, "\"play\":\"%s\",\"outcome\":\"%s\",\"moves\":[",
                misere ? "misere" : "normal", win ? "N" : "P");
        for (i = 0; i < nmoves; i++)
            fprintf(out, "%s{\"heap\":%llu,\"from\":%llu,\"to\":%llu}", i ? "," : "",
                    (unsigned long long)moves[i].heap, (unsigned long long)heaps[moves[i].heap],
                    (unsigned long long)moves[i].new_size);
        fputs("]}\n", out);
    }
}

/* nim H... */
static int cmd_nim(cli_t *c)
{
    uint64_t *heaps;
    sg_nim_move_t *moves;
    size_t n = (size_t)c->nargs, total = 0;
    int st, win;
    if ((st = cli_operands(c, UINT64_MAX, &heaps)) != CLI_OK) return st;
    moves = (sg_nim_move_t *)malloc((n + 1) * sizeof *moves);
    if (moves == NULL) {
        free(heaps);
        return cli_lib_error(c, "moves", SG_ENOMEM);
    }
    win = nim_winning_moves(heaps, n, moves, n, &total);
    if (win < 0) {
        st = cli_lib_error(c, "nim_winning_moves", win);
    } else {
        write_moves(c, heaps, n, nim_sum(heaps, n), 0, win, moves, total < n ? total : n,
                    win ? "" : " (every move leaves a non-zero nim-sum)");
    }
    free(moves);
    free(heaps);
    return st;
}

/* misere H... */
static int cmd_misere(cli_t *c)
{
    uint64_t *heaps, size = 0;
    sg_nim_move_t move;
    size_t n = (size_t)c->nargs, heap = 0;
    int st, win;
    /* a code has a '.', a heap size never does */
    if (c->nargs > 0 && strchr(c->args[0], '.') != NULL) return cmd_misere_octal(c, c->genus);
    if (c->genus || c->count_set)
        return cli_error(c, CLI_USAGE, "%s goes with a CODE (misere CODE -n N)",
                         c->genus ? "--genus" : "-n");
    if ((st = cli_operands(c, UINT64_MAX, &heaps)) != CLI_OK) return st;
    /* the outcome, then a move only where there is one to show */
    win = nim_misere_outcome(heaps, n);
    if (win == 1) win = nim_misere_winning_move(heaps, n, &heap, &size);
    if (win < 0) {
        st = cli_lib_error(c, "nim_misere_winning_move", win);
    } else if (win == 1 && heap == n) {
        write_moves(c, heaps, n, 0, 1, 1, NULL, 0,
                    " (misere play: no token is left, so the opponent took the last one)");
    } else {
        move.heap = heap;
        move.new_size = size;
        write_moves(c, heaps, n, 0, 1, win, &move, win ? 1 : 0, " (misere play)");
    }
    free(heaps);
    return st;
}

/* nimmul A B */
static int cmd_nimmul(cli_t *c)
{
    uint64_t a, b, p;
    int st;
    if ((st = cli_operand(c, 0, UINT64_MAX, &a)) != CLI_OK) return st;
    if ((st = cli_operand(c, 1, UINT64_MAX, &b)) != CLI_OK) return st;
    p = nim_mul(a, b);
    if (c->format == CLI_TEXT) {
        cli_put_u64(c->out, p);
        fputc('\n', c->out);
    } else if (c->format == CLI_CSV) {
        fprintf(c->out, "a,b,product\n%llu,%llu,%llu\n", (unsigned long long)a,
                (unsigned long long)b, (unsigned long long)p);
    } else {
        fprintf(c->out, "{\"a\":%llu,\"b\":%llu,\"product\":%llu}\n", (unsigned long long)a,
                (unsigned long long)b, (unsigned long long)p);
    }
    return CLI_OK;
}

/* A set of moves "1,3,4" (braces and spaces allowed: "{1, 3, 4}"). *set is malloc'ed. */
static int parse_set(cli_t *c, const char *text, int allow_empty, uint64_t **set, size_t *n)
{
    const char *s = text, *why;
    size_t len = strlen(text), cap = len / 2 + 1, k = 0;
    uint64_t *v;
    char item[64];
    int braces = 0;
    v = (uint64_t *)malloc(cap * sizeof *v);
    if (v == NULL) return cli_lib_error(c, "set", SG_ENOMEM);
    while (*s == ' ') s++;
    if (*s == '{') {
        braces = 1;
        s++;
    }
    for (;;) {
        size_t m = 0;
        while (*s == ' ') s++;
        while (*s != ',' && *s != '}' && *s != ' ' && *s != '\0') {
            if (m + 1 < sizeof item) item[m] = *s;
            m++;
            s++;
        }
        while (*s == ' ') s++;
        if (m == 0 && k == 0 && (*s == '\0' || *s == '}')) {
            if (allow_empty && (*s == '\0') == !braces) {
                if (braces) s++;
                while (*s == ' ') s++;
                if (*s == '\0') break;
            }
            free(v);
            return cli_error(c, CLI_USAGE, "the set '%.*s%s' is empty", CLI_ARG(text));
        }
        if (m == 0 || m >= sizeof item) {
            free(v);
            return cli_error(c, CLI_FAIL, "'%.*s%s' is not a set of moves (write it as 1,3,4)",
                             CLI_ARG(text));
        }
        item[m] = '\0';
        if (cli_parse_u64(item, &v[k], &why) != 0) {
            free(v);
            return cli_error(c, CLI_FAIL, "set '%.*s%s': '%.*s%s' %s", CLI_ARG(text),
                             CLI_ARG(item), why);
        }
        if (v[k] == 0) {
            free(v);
            return cli_error(c, CLI_USAGE, "set '%.*s%s': a move takes at least one token, not 0",
                             CLI_ARG(text));
        }
        k++;
        if (*s == ',') {
            s++;
            continue;
        }
        if (*s == '}' && braces) {
            s++;
            while (*s == ' ') s++;
            braces = 0;
        }
        if (*s != '\0' || braces) {
            free(v);
            return cli_error(c, CLI_FAIL, "'%.*s%s' is not a set of moves (write it as 1,3,4)",
                             CLI_ARG(text));
        }
        break;
    }
    *set = v;
    *n = k;
    return CLI_OK;
}

typedef struct {
    const uint64_t *set;
    size_t n;
    sg_period_t period;
    int period_status;
} sub_ctx_t;

static int sub_fill(const void *ctx, sg_value_t *table, uint64_t count)
{
    const sub_ctx_t *s = (const sub_ctx_t *)ctx;
    return sg_subtraction_table(table, count, s->set, s->n);
}

static void sub_json_head(cli_t *c, const void *ctx)
{
    const sub_ctx_t *s = (const sub_ctx_t *)ctx;
    fputs("\"game\":\"subtraction\",\"set\":[", c->out);
    put_list(c->out, s->set, s->n, ",");
    fputs("],", c->out);
}

static void put_period_json(cli_t *c, const sg_period_t *p)
{
    fputs(",\"period\":", c->out);
    if (!p->proven) {
        fputs("{\"proven\":false}", c->out);
        return;
    }
    fprintf(c->out, "{\"proven\":true,\"preperiod\":%llu,\"period\":%llu,\"saltus\":%lu}",
            (unsigned long long)p->preperiod, (unsigned long long)p->period,
            (unsigned long)p->saltus);
}

static void sub_json_tail(cli_t *c, const void *ctx)
{
    const sub_ctx_t *s = (const sub_ctx_t *)ctx;
    put_period_json(c, &s->period);
}

static void put_period_text(cli_t *c, const sg_period_t *p)
{
    if (p->saltus == 0)
        fprintf(c->out, "proven period: G(n + %llu) = G(n) for every n >= %llu "
                "(preperiod %llu, period %llu)\n", (unsigned long long)p->period,
                (unsigned long long)p->preperiod, (unsigned long long)p->preperiod,
                (unsigned long long)p->period);
    else
        fprintf(c->out, "proven arithmetic period: G(n + %llu) = G(n) + %lu for every n >= %llu "
                "(preperiod %llu, period %llu, saltus %lu)\n", (unsigned long long)p->period,
                (unsigned long)p->saltus, (unsigned long long)p->preperiod,
                (unsigned long long)p->preperiod, (unsigned long long)p->period,
                (unsigned long)p->saltus);
}

/* --period of sub and allbut: one record in c->format. */
static void put_period_record(cli_t *c, const char *title, cli_json_fn json_head,
                              const void *ctx, const sg_period_t *p, uint64_t limit)
{
    if (c->format == CLI_TEXT) {
        fprintf(c->out, "%s\n", title);
        if (p->proven)
            put_period_text(c, p);
        else
            fprintf(c->out, "no period proven for n < %llu\n", (unsigned long long)limit);
    } else if (c->format == CLI_CSV) {
        fprintf(c->out, "preperiod,period,saltus,proven\n%llu,%llu,%lu,%d\n",
                (unsigned long long)p->preperiod, (unsigned long long)p->period,
                (unsigned long)p->saltus, p->proven ? 1 : 0);
    } else {
        fputc('{', c->out);
        json_head(c, ctx);
        fprintf(c->out, "\"preperiod\":%llu,\"period\":%llu,\"saltus\":%lu,\"proven\":%s}\n",
                (unsigned long long)p->preperiod, (unsigned long long)p->period,
                (unsigned long)p->saltus, p->proven ? "true" : "false");
    }
}

/* G(c->at) alone. With a proven period only preperiod + period values are computed and the
 * library reads the value off the period; without one, G(0..at) are computed. */
static int value_at(cli_t *c, const char *title, cli_table_fn fill, const void *ctx,
                    const sg_period_t *period, cli_json_fn json_head, const char *what,
                    unsigned bytes)
{
    if (c->format == CLI_SVG)
        return cli_error(c, CLI_USAGE, "--format svg draws a sequence, not one value (--at)");
    uint64_t n = c->at, need;
    sg_value_t *prefix, v;
    int st, periodic = period != NULL && period->proven;
    if (periodic && period->period <= UINT64_MAX - period->preperiod &&
        period->preperiod + period->period <= n) {
        need = period->preperiod + period->period;
    } else {
        periodic = 0;
        if (n == UINT64_MAX)
            return cli_error(c, CLI_FAIL, "--at %llu: no proven period to read it from",
                             (unsigned long long)n);
        need = n + 1;
    }
    if ((prefix = cli_alloc_values(c, "--at", need, bytes)) == NULL) return CLI_FAIL;
    if ((st = cli_fill(c, prefix, need, fill, ctx)) != SG_OK) {
        free(prefix);
        return cli_lib_error(c, what, st);
    }
    st = sg_period_value(prefix, need, periodic ? period : NULL, n, &v);
    free(prefix);
    if (st != SG_OK) return cli_lib_error(c, "sg_period_value", st);
    if (c->format == CLI_TEXT) {
        fprintf(c->out, "%s: G(%llu) = %lu", title, (unsigned long long)n, (unsigned long)v);
        if (periodic)
            fprintf(c->out, "\n  read off the proven period %llu from n = %llu on",
                    (unsigned long long)period->period, (unsigned long long)period->preperiod);
        fputc('\n', c->out);
    } else if (c->format == CLI_CSV || c->format == CLI_BFILE) {
        fprintf(c->out, "%s%llu%c%lu\n", c->format == CLI_CSV ? "n,value\n" : "",
                (unsigned long long)n, c->format == CLI_CSV ? ',' : ' ', (unsigned long)v);
    } else {
        fputc('{', c->out);
        json_head(c, ctx);
        fprintf(c->out, "\"n\":%llu,\"value\":%lu}\n", (unsigned long long)n, (unsigned long)v);
    }
    return CLI_OK;
}

/* The period search of a subtraction game needs more than 2 * max(SET) values (two windows of
 * max(SET) values); past this largest move the tool does not start it: gigabytes and minutes. */
#define CLI_SUB_PERIOD_MAX ((uint64_t)1 << 24)
#define CLI_NOT_SEARCHED 1

static int sub_period(const sub_ctx_t *s, sg_period_t *period)
{
    size_t i;
    for (i = 0; i < s->n; i++)
        if (s->set[i] > CLI_SUB_PERIOD_MAX) return CLI_NOT_SEARCHED;
    return sg_subtraction_period(s->set, s->n, period);
}

static int sub_period_error(cli_t *c, const sub_ctx_t *s)
{
    if (s->period_status == CLI_NOT_SEARCHED)
        return cli_error(c, CLI_FAIL, "period: not searched: a move is larger than 2^24, and the "
                         "search would need more than twice that many values");
    return cli_lib_error(c, "sg_subtraction_period", s->period_status);
}

/* "PREFIX{1, 3, 4}" into buf, shortened with "..." when long. */
static void format_set(char *buf, size_t size, const char *prefix, const uint64_t *set, size_t n)
{
    size_t i, len;
    snprintf(buf, size, "%s{", prefix);
    for (i = 0; i < n; i++) {
        len = strlen(buf);
        if (len + 28 >= size) {
            snprintf(buf + len, size - len, ", ...");
            break;
        }
        snprintf(buf + len, size - len, "%s%llu", i ? ", " : "", (unsigned long long)set[i]);
    }
    len = strlen(buf);
    snprintf(buf + len, size - len, "}");
}

/* G(0 .. count-1) from a prefix of `count` values and, past it, a proven period */
typedef struct {
    const sg_value_t *prefix;
    uint64_t count;
    const sg_period_t *period;
} period_values_t;

static void period_read(const void *src, uint64_t from, sg_value_t *out, uint64_t k)
{
    const period_values_t *p = (const period_values_t *)src;
    uint64_t i;
    for (i = 0; i < k; i++)
        if (from + i < p->count) out[i] = p->prefix[from + i];
        else if (sg_period_value(p->prefix, p->count, p->period, from + i, &out[i]) != SG_OK)
            out[i] = 0;   /* not reached: the prefix holds preperiod + period values */
}

/* sub SET */
static int cmd_sub(cli_t *c)
{
    period_values_t pv;
    sub_ctx_t s;
    uint64_t *set = NULL;
    sg_value_t *table;
    char title[160];
    int st;
    if (c->at_set && c->count_set) return cli_error(c, CLI_USAGE, "--at and -n exclude each other");
    if (c->period && (c->count_set || c->at_set))
        return cli_error(c, CLI_USAGE, "--period prints the period, not values: drop -n and --at");
    if (c->period && c->format == CLI_BFILE)
        return cli_error(c, CLI_USAGE, "--format bfile does not apply to --period");
    if ((st = parse_set(c, c->args[0], 0, &set, &s.n)) != CLI_OK) return st;
    s.set = set;
    memset(&s.period, 0, sizeof s.period);
    if (c->period) {
        format_set(title, sizeof title, "subtraction game ", set, s.n);
        s.period_status = sub_period(&s, &s.period);
        st = s.period_status == SG_OK ? CLI_OK : sub_period_error(c, &s);
        if (st == CLI_OK) put_period_record(c, title, sub_json_head, &s, &s.period, 0);
        free(set);
        return st;
    }
    if (c->at_set) {
        format_set(title, sizeof title, "subtraction game ", set, s.n);
        /* near values are computed directly: no period search needed */
        s.period_status = c->at < CLI_DEFAULT_LIMIT ? SG_EINVAL : sub_period(&s, &s.period);
        /* no period to read G(at) off, and G(0..at) do not fit: the period search is why */
        if (c->at >= CLI_DEFAULT_LIMIT && s.period_status != SG_OK &&
            !cli_memory_fits(c->at == UINT64_MAX ? c->at : c->at + 1, CLI_BYTES_SUB)) {
            free(set);
            return cli_error(c, CLI_FAIL, "--at %llu: no period to read it from (%s), and "
                             "G(0..%llu) would not fit in memory", (unsigned long long)c->at,
                             s.period_status == CLI_NOT_SEARCHED
                                 ? "not searched: a move is above 2^24"
                                 : s.period_status == SG_ENOMEM
                                       ? "the period search ran out of memory"
                                       : sg_strerror(s.period_status),
                             (unsigned long long)c->at);
        }
        st = value_at(c, title, sub_fill, &s, s.period_status == SG_OK ? &s.period : NULL,
                      sub_json_head, "sg_subtraction_table", CLI_BYTES_SUB);
        free(set);
        return st;
    }
    /* the period first: with one proven, only preperiod + period values are kept, and the rest
     * are read off it a slice at a time as they are written (a run is still refused when its
     * values would not fit at CLI_BYTES_LONG bytes each: its output would be as large) */
    if (cli_check_memory(c, "-n", c->count, CLI_BYTES_LONG) != CLI_OK) {
        free(set);
        return CLI_FAIL;
    }
    s.period_status = sub_period(&s, &s.period);
    if (s.period_status != SG_OK) s.period.proven = 0;
    pv.count = c->count;
    if (s.period.proven && c->format != CLI_SVG &&
        s.period.period <= c->count - s.period.preperiod &&
        s.period.preperiod < c->count)
        pv.count = s.period.preperiod + s.period.period;
    pv.period = &s.period;
    if ((table = cli_alloc_values(c, "-n", pv.count, CLI_BYTES_SUB)) == NULL) {
        free(set);
        return CLI_FAIL;
    }
    pv.prefix = table;
    if ((st = cli_fill(c, table, pv.count, sub_fill, &s)) != SG_OK) {
        st = cli_lib_error(c, "sg_subtraction_table", st);
    } else {
        format_set(title, sizeof title, "subtraction game ", set, s.n);
        c->svg.period = s.period.proven ? &s.period : NULL;
        if (c->format == CLI_SVG)
            cli_write_values(c, table, c->count, title, sub_json_head, sub_json_tail, &s);
        else
            cli_write_slices(c, period_read, &pv, c->count, title, sub_json_head,
                             sub_json_tail, &s);
        if (c->format == CLI_TEXT && s.period.proven) put_period_text(c, &s.period);
        if (c->format == CLI_TEXT && !s.period.proven)
            fprintf(c->out, "period: not found (%s)\n",
                    s.period_status == CLI_NOT_SEARCHED ? "not searched: a move is above 2^24"
                                                        : sg_strerror(s.period_status));
        st = CLI_OK;
        if (s.period_status != SG_OK) st = sub_period_error(c, &s);
    }
    free(table);
    free(set);
    return st;
}

/* ---- take-and-break games, Grundy's game, all-but subtraction games ---------------------- */

typedef struct {
    sg_octal_t *game;
    char code[SG_OCTAL_MAX_DIGITS + 4];
    const char *name;
    char title[160];
} octal_ctx_t;

/* Names from Winning Ways for the codes everyone knows. */
static const char *octal_name(const char *code)
{
    static const char *const names[][2] = {
        {"0.77", "Kayles"}, {"0.07", "Dawson's Kayles"}, {"0.137", "Dawson's Chess"},
        {"0.6", "Officers"}, {"0.007", "Treblecross"},
    };
    size_t i;
    for (i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(code, names[i][0]) == 0) return names[i][1];
    return NULL;
}

static int octal_open(cli_t *c, octal_ctx_t *o)
{
    const char *code = c->args[0], *msg = NULL;
    size_t off = 0;
    int st;
    memset(o, 0, sizeof *o);
    st = sg_octal_parse_ex(code, &o->game, &off, &msg);
    if (st == SG_EINVAL)
        return cli_error(c, CLI_FAIL, "code '%.*s%s': %s (at character %llu)", CLI_ARG(code),
                         msg != NULL && msg[0] ? msg : sg_strerror(st),
                         (unsigned long long)off + 1);
    if (st != SG_OK) return cli_lib_error(c, "sg_octal_parse", st);
    if ((st = sg_octal_format(o->game, o->code, sizeof o->code)) != SG_OK) {
        sg_octal_free(o->game);
        return cli_lib_error(c, "sg_octal_format", st);
    }
    o->name = octal_name(o->code);
    snprintf(o->title, sizeof o->title, "%s game %s%s%s%s",
             strpbrk(o->code + 1, "89abcdef") ? "hexadecimal" : "octal", o->code,
             o->name ? " (" : "", o->name ? o->name : "", o->name ? ")" : "");
    return CLI_OK;
}

static int octal_fill(const void *ctx, sg_value_t *table, uint64_t count)
{
    return sg_octal_table(((const octal_ctx_t *)ctx)->game, table, count);
}

static void octal_json_head(cli_t *c, const void *ctx)
{
    const octal_ctx_t *o = (const octal_ctx_t *)ctx;
    fputs("\"game\":\"octal\",\"code\":", c->out);
    cli_put_json_string(c->out, o->code);
    if (o->name) {
        fputs(",\"name\":", c->out);
        cli_put_json_string(c->out, o->name);
    }
    fputc(',', c->out);
}

/* The proof record of a period search, in c->format. */
static void octal_write_proof(cli_t *c, const octal_ctx_t *o, uint64_t limit,
                              const sg_octal_proof_t *pr)
{
    FILE *out = c->out;
    const sg_period_t *p = &pr->period;
    int none = pr->last_exception == UINT64_MAX;
    if (c->format == CLI_TEXT) {
        if (!p->proven) {
            fprintf(out, "%s: no period proven for n < %llu\n", o->title,
                    (unsigned long long)limit);
            if (p->saltus != 0)
                fprintf(out, "  observed in them, not proven: G(n + %llu) = G(n) + %lu from n = "
                        "%llu\n", (unsigned long long)p->period, (unsigned long)p->saltus,
                        (unsigned long long)p->preperiod);
            fprintf(out, "  %llu values computed; the largest is %lu, first at n = %llu\n"
                    "  (a period is reported only once proven; raise --limit to search further)\n",
                    (unsigned long long)pr->computed, (unsigned long)pr->max_value,
                    (unsigned long long)pr->max_at);
            return;
        }
        /* a growing one (hexadecimal games): G(n + q) = G(n) + s*q/period, proven by the
         * arithmetic-periodicity test (sg_octal_period) */
        unsigned long sq = p->saltus == 0 ? 0 : (unsigned long)(p->saltus * pr->proof_period /
                                                                p->period);
        char plus[32] = "";
        if (sq != 0) snprintf(plus, sizeof plus, " + %lu", sq);
        fprintf(out, "%s: proven %speriod\n", o->title, sq ? "arithmetic " : "");
        fprintf(out, "  G(n + %llu) = G(n)", (unsigned long long)p->period);
        if (sq != 0) fprintf(out, " + %lu", (unsigned long)p->saltus);
        fprintf(out, " for every n >= %llu (preperiod %llu, period %llu",
                (unsigned long long)p->preperiod, (unsigned long long)p->preperiod,
                (unsigned long long)p->period);
        if (sq != 0) fprintf(out, ", saltus %lu", (unsigned long)p->saltus);
        fputs(")\n", out);
        if (none)
            fputs("  exceptions: none\n", out);
        else
            fprintf(out, "  exceptions: %llu, the last at n = %llu\n",
                    (unsigned long long)pr->exceptions, (unsigned long long)pr->last_exception);
        fprintf(out, "  proof: G(n + %llu) = G(n)%s checked for %llu <= n < %llu, so by the\n"
                "         %s for every n >= %llu\n",
                (unsigned long long)pr->proof_period, plus, (unsigned long long)pr->checked_from,
                (unsigned long long)pr->checked_to,
                sq ? "arithmetic-periodicity test" : "periodicity theorem",
                (unsigned long long)pr->checked_from);
        fprintf(out, "  %llu values computed; the largest is %lu, first at n = %llu\n",
                (unsigned long long)pr->computed, (unsigned long)pr->max_value,
                (unsigned long long)pr->max_at);
        return;
    }
    if (c->format == CLI_CSV) {
        fputs("code,limit,proven,preperiod,period,saltus,exceptions,last_exception,"
              "checked_from,checked_to,proof_period,computed,max_value,max_at\n", out);
        fprintf(out, "%s,%llu,%d,", o->code, (unsigned long long)limit, p->proven ? 1 : 0);
        if (p->proven) {
            fprintf(out, "%llu,%llu,%lu,%llu,", (unsigned long long)p->preperiod,
                    (unsigned long long)p->period, (unsigned long)p->saltus,
                    (unsigned long long)pr->exceptions);
            if (!none) cli_put_u64(out, pr->last_exception);
            fprintf(out, ",%llu,%llu,%llu,", (unsigned long long)pr->checked_from,
                    (unsigned long long)pr->checked_to, (unsigned long long)pr->proof_period);
        } else {
            fputs(",,,,,,,,", out);
        }
        fprintf(out, "%llu,%lu,%llu\n", (unsigned long long)pr->computed,
                (unsigned long)pr->max_value, (unsigned long long)pr->max_at);
        return;
    }
    fputc('{', out);
    octal_json_head(c, o);
    /* preperiod, period and saltus always: a hint when not proven (0 when there is none) */
    fprintf(out, "\"limit\":%llu,\"proven\":%s,\"preperiod\":%llu,\"period\":%llu,"
            "\"saltus\":%lu,", (unsigned long long)limit, p->proven ? "true" : "false",
            (unsigned long long)p->preperiod, (unsigned long long)p->period,
            (unsigned long)p->saltus);
    if (p->proven) {
        fprintf(out, "\"exceptions\":%llu,\"last_exception\":",
                (unsigned long long)pr->exceptions);
        if (none)
            fputs("null", out);
        else
            cli_put_u64(out, pr->last_exception);
        fprintf(out, ",\"checked_from\":%llu,\"checked_to\":%llu,\"proof_period\":%llu,",
                (unsigned long long)pr->checked_from, (unsigned long long)pr->checked_to,
                (unsigned long long)pr->proof_period);
    }
    fprintf(out, "\"computed\":%llu,\"max_value\":%lu,\"max_at\":%llu}\n",
            (unsigned long long)pr->computed, (unsigned long)pr->max_value,
            (unsigned long long)pr->max_at);
}

/* The period search: one call, or on a terminal calls with doubling limits (each stops as soon
 * as a proof arrives, so the repeated work is bounded by the last call's). */
static int octal_search(cli_t *c, const octal_ctx_t *o, uint64_t limit, sg_octal_proof_t *pr);

static int octal_period(cli_t *c, const octal_ctx_t *o)
{
    sg_octal_proof_t pr;
    uint64_t limit = c->limit_set ? c->limit : CLI_DEFAULT_LIMIT;
    int st;
    if ((st = octal_search(c, o, limit, &pr)) != CLI_OK) return st;
    octal_write_proof(c, o, limit, &pr);
    return CLI_OK;
}

/* The proof search of octal_period, without output. */
static int octal_search(cli_t *c, const octal_ctx_t *o, uint64_t limit, sg_octal_proof_t *pr)
{
    uint64_t k;
    int st;
    if (cli_check_memory(c, "--limit", limit, CLI_BYTES_OCTAL) != CLI_OK) return CLI_FAIL;
    k = c->progress && limit > 8192 ? 8192 : limit;
    for (;;) {
        if ((st = sg_octal_prove(o->game, k, pr)) != SG_OK)
            return cli_lib_error(c, "sg_octal_prove", st);
        if (pr->period.proven || k == limit) break;
        cli_progress(c, "searched n <", k, limit);
        k = k > limit / 2 ? limit : 2 * k;
    }
    cli_progress_done(c);
    return CLI_OK;
}

static int octal_at(cli_t *c, const octal_ctx_t *o)
{
    sg_octal_proof_t pr;
    uint64_t limit = c->limit_set ? c->limit : CLI_DEFAULT_LIMIT;
    int st;
    if (c->at < limit) {  /* computing G(0..at) costs no more than the search */
        memset(&pr, 0, sizeof pr);
    } else {
        if ((st = octal_search(c, o, limit, &pr)) != CLI_OK) return st;
        if (!pr.period.proven)
            return cli_error(c, CLI_FAIL, "--at %llu: no period proven for n < %llu (raise "
                             "--limit)", (unsigned long long)c->at, (unsigned long long)limit);
    }
    return value_at(c, o->title, octal_fill, o, &pr.period, octal_json_head, "sg_octal_table",
                    CLI_BYTES_OCTAL);
}

static int sequence_values(cli_t *c, const octal_ctx_t *o);
static int long_run(const cli_t *c);

/* octal CODE through a sequence, every value held (--snapshots without --window) */
static int octal_run(cli_t *c, const void *ctx)
{
    return sequence_values(c, (const octal_ctx_t *)ctx);
}

/* --format svg: the period to shade, searched as --period searches (at most --limit values) */
static int octal_svg_period(cli_t *c, const octal_ctx_t *o, sg_period_t *per)
{
    uint64_t limit = c->limit_set ? c->limit : CLI_DEFAULT_LIMIT;
    int st;
    if (cli_check_memory(c, "--limit", limit, CLI_BYTES_OCTAL) != CLI_OK) return CLI_FAIL;
    if ((st = sg_octal_period(o->game, limit, per)) != SG_OK)
        return cli_lib_error(c, "sg_octal_period", st);
    c->svg.period = per->proven ? per : NULL;
    c->svg.searched = limit;
    return CLI_OK;
}

/* octal CODE */
static int cmd_octal(cli_t *c)
{
    octal_ctx_t o;
    sg_period_t per;
    sg_value_t *table;
    int st;
    if (c->certify != NULL) return cmd_certify(c);   /* certificates */
    if (c->period && c->count_set)
        return cli_error(c, CLI_USAGE, "--period prints a proof, not values: drop -n");
    if (c->limit_set && !c->period && !c->at_set && c->format != CLI_SVG)
        return cli_error(c, CLI_USAGE, "--limit goes with --period, --at or --format svg");
    if (c->at_set && (c->period || c->count_set))
        return cli_error(c, CLI_USAGE, "--at excludes --period and -n");
    if (c->period && (c->format == CLI_BFILE || c->format == CLI_SVG))
        return cli_error(c, CLI_USAGE, "--format %s does not apply to --period",
                         c->format == CLI_SVG ? "svg" : "bfile");
    if (c->checkpoint != NULL && (c->period || c->at_set))
        return cli_error(c, CLI_USAGE, "--checkpoint goes with -n, not with --period or --at");
    if ((c->window_set || c->snapshots != NULL) && (c->period || c->at_set))
        return cli_error(c, CLI_USAGE, "--window and --snapshots go with -n, not with --period "
                         "or --at");
    if ((st = octal_open(c, &o)) != CLI_OK) return st;
    if (c->format == CLI_SVG && !c->at_set && (st = octal_svg_period(c, &o, &per)) != CLI_OK) {
        sg_octal_free(o.game);
        return st;
    }
    if (c->window_set || c->snapshots != NULL) {
        st = cli_window_values(c, octal_run, &o, o.game, o.code, o.title);
    } else if (c->period) {
        st = octal_period(c, &o);
    } else if (c->at_set) {
        st = octal_at(c, &o);
    } else if (long_run(c)) {
        st = sequence_values(c, &o);
    } else if ((table = cli_alloc_values(c, "-n", c->count, CLI_BYTES_OCTAL)) == NULL) {
        st = CLI_FAIL;
    } else {
        if ((st = octal_fill(&o, table, c->count)) != SG_OK) {
            st = cli_lib_error(c, "sg_octal_table", st);
        } else {
            cli_write_values(c, table, c->count, o.title, octal_json_head, NULL, &o);
            st = CLI_OK;
        }
        free(table);
    }
    sg_octal_free(o.game);
    return st;
}

static int grundy_game_fill(const void *ctx, sg_value_t *table, uint64_t count)
{
    (void)ctx;
    return sg_grundy_game_table(table, count);
}

static void grundy_game_json_head(cli_t *c, const void *ctx)
{
    (void)ctx;
    fputs("\"game\":\"grundy\",", c->out);
}

/* a sequence read as slices */
static void sequence_read(const void *src, uint64_t from, sg_value_t *out, uint64_t k)
{
    sg_sequence_read((const sg_sequence_t *)src, from, out, k);
}

/* Long runs (--checkpoint, --threads, or a long one): through a sequence, tools/checkpoint.c,
 * written out a slice at a time (the sequence keeps one or two bytes a value; a table of the
 * whole run would take four). o == NULL: Grundy's game; otherwise the take-and-break game o. */
static int sequence_values(cli_t *c, const octal_ctx_t *o)
{
    sg_sequence_t *seq = NULL;
    int st, unsaved;
    st = cli_sequence_run(c, o != NULL ? o->game : NULL, o != NULL ? o->code : NULL, &seq,
                          &unsaved);
    if (st != CLI_OK) return st;
    if (o != NULL)
        cli_write_slices(c, sequence_read, seq, c->count, o->title, octal_json_head, NULL, o);
    else
        cli_write_slices(c, sequence_read, seq, c->count,
                         "Grundy's game (split a heap into two unequal heaps)",
                         grundy_game_json_head, NULL, NULL);
    sg_sequence_free(seq);
    return unsaved ? CLI_FAIL : CLI_OK;
}

/* A run long enough to show progress goes through the sequence and its progress callback. */
#define CLI_LONG_RUN 65536

static int long_run(const cli_t *c)
{
    return c->checkpoint != NULL || c->threads != 0 || c->count > CLI_LONG_RUN;
}

/* grundy-game through a sequence, every value held (--snapshots without --window) */
static int grundy_game_run(cli_t *c, const void *ctx)
{
    (void)ctx;
    return sequence_values(c, NULL);
}

/* grundy-game */
static int cmd_grundy_game(cli_t *c)
{
    sg_value_t *table;
    int st;
    if (c->window_set || c->snapshots != NULL)
        return cli_window_values(c, grundy_game_run, NULL, NULL, NULL, "Grundy's game");
    if (long_run(c)) return sequence_values(c, NULL);
    if ((table = cli_alloc_values(c, "-n", c->count, CLI_BYTES_GRUNDY)) == NULL) return CLI_FAIL;
    if ((st = grundy_game_fill(NULL, table, c->count)) != SG_OK) {
        st = cli_lib_error(c, "sg_grundy_game_table", st);
    } else {
        cli_write_values(c, table, c->count, "Grundy's game (split a heap into two unequal heaps)",
                         grundy_game_json_head, NULL, NULL);
        st = CLI_OK;
    }
    free(table);
    return st;
}

typedef struct {
    const uint64_t *set;
    size_t n;
} allbut_ctx_t;

static int allbut_fill(const void *ctx, sg_value_t *table, uint64_t count)
{
    const allbut_ctx_t *a = (const allbut_ctx_t *)ctx;
    return sg_allbut_table(table, count, a->set, a->n);
}

static void allbut_json_head(cli_t *c, const void *ctx)
{
    const allbut_ctx_t *a = (const allbut_ctx_t *)ctx;
    fputs("\"game\":\"allbut\",\"excluded\":[", c->out);
    put_list(c->out, a->set, a->n, ",");
    fputs("],", c->out);
}

/* allbut SET */
static int cmd_allbut(cli_t *c)
{
    period_values_t pv;
    sg_period_t per;
    uint64_t k;
    allbut_ctx_t a;
    uint64_t *set = NULL;
    sg_value_t *table;
    char title[160];
    int st;
    if (c->period && c->count_set)
        return cli_error(c, CLI_USAGE, "--period prints the period, not values: drop -n");
    if (c->limit_set && !c->period) return cli_error(c, CLI_USAGE, "--limit goes with --period");
    if (c->period && c->format == CLI_BFILE)
        return cli_error(c, CLI_USAGE, "--format bfile does not apply to --period");
    if ((st = parse_set(c, c->args[0], 1, &set, &a.n)) != CLI_OK) return st;
    a.set = set;
    format_set(title, sizeof title, "all-but subtraction game: take any number but ", set, a.n);
    if (c->period) {
        sg_period_t p;
        uint64_t limit = c->limit_set ? c->limit : CLI_DEFAULT_LIMIT;
        if (limit > UINT32_MAX) {
            st = cli_error(c, CLI_FAIL, "--limit %llu: this game's values are computed for "
                           "n < 2^32", (unsigned long long)limit);
        } else if (cli_check_memory(c, "--limit", limit, CLI_BYTES_ALLBUT) != CLI_OK) {
            st = CLI_FAIL;
        } else if ((st = sg_allbut_period(set, a.n, limit, &p)) != SG_OK) {
            st = cli_lib_error(c, "sg_allbut_period", st);
        } else {
            put_period_record(c, title, allbut_json_head, &a, &p, limit);
            st = CLI_OK;
        }
        free(set);
        return st;
    }
    if (c->count > UINT32_MAX) {
        free(set);
        return cli_error(c, CLI_FAIL, "-n %llu: this game's values are computed for n < 2^32",
                         (unsigned long long)c->count);
    }
    /* A long run keeps only preperiod + period values when the period is proven from a few of
     * them (limits growing to an eighth of the run: a search holds CLI_BYTES_ALLBUT bytes a
     * value), and reads the rest off it a slice at a time as they are written. */
    if (cli_check_memory(c, "-n", c->count, CLI_BYTES_LONG) != CLI_OK) {
        free(set);
        return CLI_FAIL;
    }
    memset(&per, 0, sizeof per);
    pv.count = c->count;
    for (k = (uint64_t)1 << 16; c->format != CLI_SVG && k <= c->count / 8; k *= 2) {
        if (sg_allbut_period(set, a.n, k, &per) != SG_OK) break;
        if (!per.proven) continue;
        if (per.preperiod + per.period <= c->count / 8) pv.count = per.preperiod + per.period;
        break;
    }
    pv.period = &per;
    if ((table = cli_alloc_values(c, "-n", pv.count, CLI_BYTES_ALLBUT)) == NULL) {
        free(set);
        return CLI_FAIL;
    }
    pv.prefix = table;
    if ((st = cli_fill(c, table, pv.count, allbut_fill, &a)) != SG_OK) {
        st = cli_lib_error(c, "sg_allbut_table", st);
    } else {
        if (c->format == CLI_SVG)
            cli_write_values(c, table, c->count, title, allbut_json_head, NULL, &a);
        else
            cli_write_slices(c, period_read, &pv, c->count, title, allbut_json_head, NULL, &a);
        st = CLI_OK;
    }
    free(table);
    free(set);
    return st;
}

static int cmd_tour(cli_t *c)
{
    int st;
    if ((st = grundy_tour(c->out)) != SG_OK) return cli_lib_error(c, "tour", st);
    return CLI_OK;
}

static int cmd_version(cli_t *c)
{
    fprintf(c->out, "grundy (libsg) %s\n", sg_version_string());
    return CLI_OK;
}

static int cmd_help(cli_t *c);

static const cli_command_t cli_commands[] = {
    {"mex", cmd_mex, 0, -1, F_TEXT | F_CSV | F_JSON, "[V...]",
     "the minimum excludant of the values",
     "Prints mex{V...}: the least non-negative integer that is not among the values\n"
     "(0 for none). Values are below 2^32.\n"},
    {"nim", cmd_nim, 0, -1, F_TEXT | F_CSV | F_JSON, "[H...]",
     "Nim: the outcome and every winning move",
     "Heaps H... (numbered from 0) of normal-play Nim: prints the nim-sum, the outcome (P: the\n"
     "player to move loses; N: wins) and every winning move, one per heap that has one.\n"},
    {"misere", cmd_misere, 0, -1, F_TEXT | F_CSV | F_JSON, "[H...] | CODE",
     "misere play: Nim, or the heaps of a take-and-break game",
     "Misere play: the player who cannot move wins (in Nim, whoever takes the last token\n"
     "loses).\n"
     "With heaps H... (numbers): misere Nim, the outcome and a winning move. With no token\n"
     "left the player to move has already won: the opponent took the last one.\n"
     "With a CODE (an operand with a '.', as 0.07 or .77; a heap size never has one): the\n"
     "take-and-break game CODE, heap by heap: the misere outcome of a heap of n tokens (N: the\n"
     "player to move wins, P: loses) for n < N (default 30), or with --genus its genus\n"
     "g^{c0,c1,...}: g the normal value, ck the misere value of the heap plus k heaps *2, the\n"
     "period-2 tail proven and written once. Exact search, up to 1 GiB of memory.\n"},
    {"nimmul", cmd_nimmul, 2, 2, F_TEXT | F_CSV | F_JSON, "A B",
     "the nim product of A and B",
     "The product of A and B in the field of nimbers below 2^64 (whose addition is XOR).\n"},
    {"sub", cmd_sub, 1, 1, F_ALL | F_SVG, "SET",
     "a subtraction game: values and the proven period",
     "The subtraction game SET (e.g. 1,3,4: a move takes 1, 3 or 4 tokens from one heap):\n"
     "G(n) for n < N, and its exact preperiod and period (proven: the last max(SET) values\n"
     "decide the next). csv and bfile carry the values only.\n"},
    {"octal", cmd_octal, 1, 1, F_ALL | F_SVG, "CODE",
     "an octal or hexadecimal game: values, or a proven period",
     "The take-and-break game CODE (0.07, .137, 4.07; hexadecimal digits too): digit i of\n"
     "the code says what removing i tokens from a heap may leave (bit 1: nothing, 2: one\n"
     "heap, 4: two heaps, 8: three heaps). Prints G(n) for n < N; with --period, searches\n"
     "for a period proven by the periodicity theorem and prints the proof record instead;\n"
     "with --at N, G(N) alone, read off the proven period. A period is never reported\n"
     "without a proof.\n"},
    {"grundy-game", cmd_grundy_game, 0, 0, F_ALL | F_SVG, "",
     "Grundy's game: values",
     "Grundy's game (a move splits one heap into two non-empty heaps of different sizes):\n"
     "G(n) for n < N. No period is known for it.\n"},
    {"allbut", cmd_allbut, 1, 1, F_ALL | F_SVG, "SET",
     "an all-but subtraction game: values",
     "The all-but subtraction game: a move takes any positive number of tokens except those\n"
     "in SET (e.g. 1,2; {} is Nim). G(n) for n < N (below 2^32).\n"},
    /* closed forms */
    {"wythoff", cmd_wythoff, 2, 2, F_TEXT, "X Y",
     "Wythoff's game: the outcome and a winning move",
     "Wythoff's game on heaps X and Y (at most 2^63; a move takes tokens from one heap, or\n"
     "the same number from both): prints P when the player to move loses, else N and the\n"
     "heaps after a winning move, e.g. 'N 3 5'. Exact integer arithmetic (the P-positions\n"
     "are (floor(k phi), floor(k phi) + k)).\n"},

    {"wythoff-pair", cmd_wythoff_pair, 1, 1, F_TEXT, "K",
     "the K-th losing position of Wythoff's game",
     "Prints A B, the K-th P-position of Wythoff's game with A <= B: A = floor(K phi),\n"
     "B = A + K (K = 0 gives 0 0), while B stays within 2^63.\n"},
    {"wythoff-values", cmd_wythoff_values, 2, 2, F_TEXT, "R C",
     "Sprague-Grundy values of Wythoff's game",
     "G(x, y) for x < R, y < C (at most 4096 each): one line per x. Sums of Wythoff\n"
     "games need these values; they have no known formula.\n"},
    {"moore", cmd_moore, 1, -1, F_TEXT, "K [H...]",
     "Moore's Nim_K: the outcome and a winning move",
     "Moore's Nim_K on heaps H... (at most 2^63): a move takes tokens from at least one and\n"
     "at most K heaps. The player to move loses iff every bit position is set in a multiple\n"
     "of K + 1 heaps. A winning move is shown as the heaps before -> after.\n"},
    {"staircase", cmd_staircase, 0, -1, F_TEXT, "[S...]",
     "staircase Nim: the value, the outcome and a winning move",
     "Staircase Nim with S0 coins on stair 0 (the ground), S1 on stair 1, ...: a move\n"
     "carries coins one stair down. Its value is the XOR of the odd stairs.\n"},
    {"anti-sg", cmd_anti_sg, 0, -1, F_TEXT, "[V...]",
     "anti-SG sums (the SJ theorem): the outcome and a winning move",
     "A sum of games of Sprague-Grundy values V... in which the player who cannot move wins,\n"
     "by the SJ theorem (valid when the sum ends once every value is 0, e.g. misere Nim): the\n"
     "outcome and a move of one component to a lower value.\n"},
    {"fibonacci-nim", cmd_fibonacci_nim, 1, 2, F_TEXT, "N [M]",
     "Fibonacci Nim: the outcome and a winning move",
     "Fibonacci Nim with N tokens (at most 2^63) when at most M may be taken (default N - 1,\n"
     "the first move; afterwards twice the opponent's last take). The smallest term of the\n"
     "Zeckendorf representation of N wins when it is at most M.\n"},
    {"coin", cmd_coin, 2, 4, F_TEXT, "GAME X [GAME Y]",
     "coin-turning games and their products: the value of a head",
     "GAME is twins (places 0, 1, ...: value X), ruler (places 1, 2, ...: the largest power\n"
     "of 2 dividing X) or mock-turtles (places 0, 1, ...: the X-th odious number). With two\n"
     "games, the value of a head at (X, Y) on the product board, by the Tartan theorem: the\n"
     "nim product of the two values.\n"},
    /* the nimber field */
    {"nimber", cmd_nimber, 2, 3, F_TEXT, "OP A [B]",
     "arithmetic in the field of nimbers below 2^64",
     "OP is one of\n"
     "  mul A B    the nim product of A and B\n"
     "  div A B    A divided by B (B not 0)\n"
     "  inv A      the inverse of A (A not 0)\n"
     "  pow A E    A to the power E\n"
     "  sqrt A     the square root of A\n"
     "  order A    the multiplicative order of A (a divisor of 2^64 - 1)\n"
     "  log A B    the least k with B^k = A; an error (exit status 2) when there is none\n"
     "Operands are below 2^64 (decimal, or B^E); the result is printed in decimal.\n"},

    {"pattern", cmd_pattern, 1, -1, F_TEXT | F_CSV | F_JSON, "lasker | split3 | V...",
     "the growing pattern a game or a sequence shows (observed)",
     "The least period p, then the least preperiod n0, with G(n + p) = G(n) + s for\n"
     "n0 <= n < N - p, over N values: of Lasker's Nim (lasker: take any number, or split a\n"
     "heap in two) or of take-or-split-in-three (split3), G(0) .. G(N-1) with -n N (default\n"
     "200, at most 4096); or of the values V... given. The pattern is observed over those\n"
     "values, never proven; --at N reads G(N) off it, the caller vouching for it.\n"},

    /* games with cycles */
    {"loopy", cmd_loopy, 0, 0, F_TEXT, "",
     "a game graph with cycles: values, outcomes, remoteness",
     "Reads a game graph on stdin: a first line 'n m', then m lines 'u v', each a move\n"
     "from position u to position v (0 <= u, v < n; self-loops and repeated moves are\n"
     "allowed). Prints one line per position, 'u VALUE OUTCOME REMOTENESS': VALUE is the\n"
     "generalised Sprague-Grundy value, a number or inf(K) with K the sorted finite values\n"
     "of the options; OUTCOME is N (the player to move wins), P (loses) or D (a draw: play\n"
     "goes on forever); REMOTENESS is how many moves best play lasts (the winner hurries,\n"
     "the loser delays), or - for a draw. A malformed line is named, with exit status 2.\n"},

    /* misere play */

    /* surveys */
    {"survey", cmd_survey, 0, 0, F_TEXT, "< CODES",
     "periods of many take-and-break games: codes in, JSON out",
     "Reads take-and-break codes on stdin, one per line, and writes one JSON object per code\n"
     "on stdout, in input order, each flushed as soon as it is known. Each code gets the\n"
     "period search of 'grundy octal CODE --period' with at most --limit L values (default\n"
     "2^16): \"code\" (as given), \"canonical\", \"limit\", \"proven\", \"preperiod\",\n"
     "\"period\", \"saltus\", \"exceptions\", \"last_exception\", \"observed_preperiod\",\n"
     "\"observed_period\", \"observed_saltus\", \"computed\", \"max_value\", \"max_at\",\n"
     "\"seconds\". Unproven within L values: \"proven\" false, the period members null, and\n"
     "the pattern the values show (not a proof) in the observed_* members (null if none).\n"
     "Blanks around a code are ignored; '#' starts a comment to the end of the line; a line\n"
     "with no code gives no object. A line that is not a code gives {\"code\", \"proven\":\n"
     "false, \"preperiod\": null, \"period\": null, \"error\"} and the survey goes on.\n"
     "Exit status 0 once every line is done, malformed ones included; 1 when the input\n"
     "cannot be read or the output written. Recipes for GNU parallel and Slurm job arrays:\n"
     "docs/survey.md.\n"},

    /* certificates: verify */
    {"verify", cmd_verify, 1, 1, F_TEXT, "FILE",
     "check a period certificate independently",
     "Checks a certificate written by 'grundy octal CODE --certify FILE': reads it strictly\n"
     "(format, every field, the checksum of its bytes), recomputes G(n) with a plain kernel\n"
     "straight from the definition of the code (not the library's engines), and checks the\n"
     "hypothesis of the periodicity theorem over the stated range, the hash of the values,\n"
     "and that the preperiod and the period are the least. Exit status 0 only when all of\n"
     "that holds; otherwise 1 and a message saying what did not (docs/certificates.md).\n"},

    {"tour", cmd_tour, 0, 0, F_TEXT, "",
     "a guided tour of impartial games, computed live",
     "The tour that 'make demo' shows.\n"},
    {"version", cmd_version, 0, 0, F_TEXT, "", "print the library version", ""},
    {"help", cmd_help, 0, 1, F_TEXT, "[COMMAND]", "this help, or a command's", ""},
};
#define CLI_NCOMMANDS (sizeof cli_commands / sizeof cli_commands[0])

static const cli_command_t *find_command(const char *name)
{
    size_t i;
    for (i = 0; i < CLI_NCOMMANDS; i++)
        if (strcmp(cli_commands[i].name, name) == 0) return &cli_commands[i];
    return NULL;
}

static int option_applies(const cli_option_t *o, const char *command)
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

static void usage(FILE *out)
{
    size_t i;
    fputs("usage: grundy COMMAND [OPTIONS] [ARGS]\n\ncommands:\n", out);
    for (i = 0; i < CLI_NCOMMANDS; i++) {
        char head[40];
        snprintf(head, sizeof head, "%s %s", cli_commands[i].name, cli_commands[i].synopsis);
        fprintf(out, "  %-22s %s\n", head, cli_commands[i].summary);
    }
    fputs("\noptions:\n", out);
    for (i = 0; i < CLI_NOPTIONS; i++) put_option_help(out, &cli_options[i]);
    fputs("\nRun 'grundy COMMAND --help' for a command's help; 'man grundy' for more.\n"
          "Exit status: 0 success, 1 bad input or failed computation, 2 usage error.\n", out);
}

static void command_help(FILE *out, const cli_command_t *cmd)
{
    size_t i;
    fprintf(out, "usage: grundy %s [OPTIONS] %s\n\n%s%s", cmd->name, cmd->synopsis, cmd->summary,
            cmd->help[0] ? ".\n\n" : ".\n");
    fputs(cmd->help, out);
    fputs("\noptions:\n", out);
    for (i = 0; i < CLI_NOPTIONS; i++)
        if (option_applies(&cli_options[i], cmd->name)) put_option_help(out, &cli_options[i]);
}

static int cmd_help(cli_t *c)
{
    const cli_command_t *cmd;
    if (c->nargs == 0) {
        usage(c->out);
        return CLI_OK;
    }
    if ((cmd = find_command(c->args[0])) == NULL)
        return cli_error(c, CLI_USAGE, "unknown command '%.*s%s' (see 'grundy --help')",
                         CLI_ARG(c->args[0]));
    command_help(c->out, cmd);
    return CLI_OK;
}

/* ---- the command line --------------------------------------------------------------------- */

/* Looks an option up; *arg receives an attached value ("--format=json", "-n20") or NULL. */
static const cli_option_t *find_option(const char *word, const char **arg)
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

/* An operand that starts with '-' and a digit is a (negative) number, not an option. */
static int is_option(const char *word)
{
    return word[0] == '-' && word[1] != '\0' && !(word[1] >= '0' && word[1] <= '9');
}

typedef struct {
    const cli_option_t *option;
    const char *word, *arg;
} cli_seen_t;

int grundy_run(int argc, char **argv, FILE *out, FILE *err)
{
    cli_t c;
    cli_seen_t *seen = NULL;
    const cli_command_t *cmd = NULL;
    int i, nseen = 0, st = CLI_OK, only_operands = 0;

    memset(&c, 0, sizeof c);
    c.out = out;
    c.err = err;
    c.count = CLI_DEFAULT_COUNT;
    c.started = cli_now();
    c.progress = err == stderr && isatty(fileno(err));
    if (argc < 1) return cli_error(&c, CLI_USAGE, "no arguments");
    seen = (cli_seen_t *)malloc((size_t)argc * sizeof *seen);
    c.args = (char **)malloc((size_t)argc * sizeof *c.args);
    if (seen == NULL || c.args == NULL) {
        st = cli_lib_error(&c, "arguments", SG_ENOMEM);
        goto done;
    }

    /* the first operand is the command; options may stand anywhere */
    for (i = 1; i < argc && st == CLI_OK; i++) {
        const char *word = argv[i], *arg;
        const cli_option_t *o;
        if (!only_operands && strcmp(word, "--") == 0) {
            only_operands = 1;
        } else if (!only_operands && is_option(word)) {
            if (strcmp(word, "--version") == 0 && cmd == NULL && c.nargs == 0) {
                cmd = find_command("version");
                continue;
            }
            if ((o = find_option(word, &arg)) == NULL) {
                c.command = cmd ? cmd->name : NULL;
                st = cli_error(&c, CLI_USAGE, "unknown option '%.*s%s' (see 'grundy %s%s--help')",
                               CLI_ARG(word), cmd ? cmd->name : "", cmd ? " " : "");
                break;
            }
            if (o->arg != NULL && arg == NULL) {
                if (i + 1 >= argc) {
                    c.command = cmd ? cmd->name : NULL;
                    st = cli_error(&c, CLI_USAGE, "option %s needs an argument (%s)", word,
                                   o->arg);
                    break;
                }
                arg = argv[++i];
            }
            seen[nseen].option = o;
            seen[nseen].word = word;
            seen[nseen].arg = arg;
            nseen++;
        } else if (cmd == NULL) {
            if ((cmd = find_command(word)) == NULL) {
                st = cli_error(&c, CLI_USAGE, "unknown command '%.*s%s' (see 'grundy --help')",
                               CLI_ARG(word));
                break;
            }
        } else {
            c.args[c.nargs++] = argv[i];
        }
    }
    if (st != CLI_OK) goto done;
    c.command = cmd ? cmd->name : NULL;

    for (i = 0; i < nseen && st == CLI_OK; i++) {
        const cli_option_t *o = seen[i].option;
        if (cmd != NULL && !option_applies(o, cmd->name)) {
            st = cli_error(&c, CLI_USAGE, "option %s does not apply to this command "
                           "(see 'grundy %s --help')", seen[i].word, cmd->name);
            break;
        }
        st = o->set(&c, seen[i].word, seen[i].arg);
    }
    if (st != CLI_OK) goto done;

    if (cmd == NULL) {
        if (c.help) {
            usage(out);
        } else {
            st = cli_error(&c, CLI_USAGE, "no command given (see 'grundy --help')");
        }
        goto done;
    }
    if (c.help) {
        command_help(out, cmd);
        goto done;
    }
    if (c.nargs < cmd->min_args) {
        st = cli_error(&c, CLI_USAGE, "missing argument: grundy %s %s", cmd->name, cmd->synopsis);
        goto done;
    }
    if (cmd->max_args >= 0 && c.nargs > cmd->max_args) {
        st = cli_error(&c, CLI_USAGE, "unexpected argument '%.*s%s' (usage: grundy %s %s)",
                       CLI_ARG(c.args[cmd->max_args]), cmd->name, cmd->synopsis);
        goto done;
    }
    if ((st = cli_check_format(&c, cmd->formats)) != CLI_OK) goto done;
    st = cmd->run(&c);
done:
    free(seen);
    free(c.args);
    return cli_finish(&c, st);
}

#ifndef GRUNDY_NO_MAIN
int main(int argc, char **argv)
{
    return grundy_run(argc, argv, stdout, stderr);
}
#endif
