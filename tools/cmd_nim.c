/* The heap commands of the grundy tool: mex, nim, misere (Nim heaps), nimmul. */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"

#include <sg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* mex V... */
int cmd_mex(cli_t *c)
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
        fputc('{', c->out);
        cli_json_game(c, c->out, NULL, NULL);
        fputs("\"values\":[", c->out);
        cli_put_list(c->out, v, n, ",");
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
        fputc('{', out);
        cli_json_game(c, c->out, NULL, NULL);
        fputs("\"heaps\":[", out);
        cli_put_list(out, heaps, n, ",");
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
int cmd_nim(cli_t *c)
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
int cmd_misere(cli_t *c)
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
int cmd_nimmul(cli_t *c)
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
        fputc('{', c->out);
        cli_json_game(c, c->out, NULL, NULL);
        fprintf(c->out, "\"a\":%llu,\"b\":%llu,\"product\":%llu}\n", (unsigned long long)a,
                (unsigned long long)b, (unsigned long long)p);
    }
    return CLI_OK;
}
