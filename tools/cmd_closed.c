/* Games in closed form: wythoff (the outcome and one winning move as the heaps it leaves, the
 * interface outside checkers rely on), wythoff-pair, wythoff-values, moore, staircase, anti-sg,
 * fibonacci-nim and coin. */
#include "cli.h"

#include <stdlib.h>

/* Operand i as a number no larger than max. A malformed number is status 1; a number beyond the
 * range the command states (max, or past 2^64 - 1) is status 2, the status the closed forms'
 * interface gives a heap beyond its range (docs/grundy.1, EXIT STATUS). */
static int closed_operand(cli_t *c, int i, uint64_t max, uint64_t *v)
{
    const char *why;
    if (cli_parse_u64(c->args[i], v, &why) != 0)
        return cli_error(c, strncmp(why, "is too large", 12) == 0 ? CLI_USAGE : CLI_FAIL,
                         "'%.*s%s' %s", CLI_ARG(c->args[i]), why);
    if (*v > max)
        return cli_error(c, CLI_USAGE, "'%.*s%s' is too large (at most %s)", CLI_ARG(c->args[i]),
                         max == SG_CLOSED_MAX ? "2^63" : "2^64 - 1");
    return CLI_OK;
}

/* Operands first.. as numbers no larger than max; *v is malloc'ed (at least one element). */
static int closed_operands(cli_t *c, int first, uint64_t max, uint64_t **v, size_t *n)
{
    int i, st;
    *n = (size_t)(c->nargs - first);
    *v = (uint64_t *)malloc((*n + 1) * sizeof **v);
    if (*v == NULL) return cli_lib_error(c, "operands", SG_ENOMEM);
    for (i = first; i < c->nargs; i++)
        if ((st = closed_operand(c, i, max, &(*v)[i - first])) != CLI_OK) {
            free(*v);
            *v = NULL;
            return st;
        }
    return CLI_OK;
}

static void closed_list(FILE *out, const uint64_t *v, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (i != 0) fputc(' ', out);
        cli_put_u64(out, v[i]);
    }
}

/* a line "<lead>A B" */
static void closed_pair(FILE *out, const char *lead, uint64_t a, uint64_t b)
{
    const uint64_t v[2] = {a, b};
    fputs(lead, out);
    closed_list(out, v, 2);
    fputc('\n', out);
}

static void closed_outcome(cli_t *c, int win)
{
    fprintf(c->out, "%s, the player to move %s\n", win ? "N" : "P", win ? "wins" : "loses");
}

/* wythoff X Y: "P", or "N X' Y'" */
int cmd_wythoff(cli_t *c)
{
    uint64_t x, y, nx = 0, ny = 0;
    int st;
    if ((st = closed_operand(c, 0, SG_CLOSED_MAX, &x)) != CLI_OK) return st;
    if ((st = closed_operand(c, 1, SG_CLOSED_MAX, &y)) != CLI_OK) return st;
    st = sg_wythoff_winning_move(x, y, &nx, &ny);
    if (st < 0) return cli_lib_error(c, "sg_wythoff_winning_move", st);
    if (st == 0) {
        fputs("P\n", c->out);
    } else {
        closed_pair(c->out, "N ", nx, ny);
    }
    return CLI_OK;
}

/* wythoff-pair K: "A B" */
int cmd_wythoff_pair(cli_t *c)
{
    uint64_t k, a, b;
    int st;
    if ((st = closed_operand(c, 0, UINT64_MAX, &k)) != CLI_OK) return st;
    if ((st = sg_wythoff_pair(k, &a, &b)) == SG_ERANGE)
        return cli_error(c, CLI_USAGE, "pair %s: its larger heap would pass 2^63", c->args[0]);
    if (st != SG_OK) return cli_lib_error(c, "sg_wythoff_pair", st);
    closed_pair(c->out, "", a, b);
    return CLI_OK;
}

/* wythoff-values ROWS COLS: one line of values per row */
int cmd_wythoff_values(cli_t *c)
{
    uint64_t rows, cols, x, y;
    sg_value_t *t;
    int st;
    if ((st = closed_operand(c, 0, 4096, &rows)) != CLI_OK) return st;
    if ((st = closed_operand(c, 1, 4096, &cols)) != CLI_OK) return st;
    if (rows == 0 || cols == 0) return cli_error(c, CLI_USAGE, "the table is empty");
    t = (sg_value_t *)malloc((size_t)(rows * cols) * sizeof *t);
    if (t == NULL) return cli_lib_error(c, "values", SG_ENOMEM);
    if ((st = sg_wythoff_table(t, rows, cols)) != SG_OK) {
        free(t);
        return cli_lib_error(c, "sg_wythoff_table", st);
    }
    for (x = 0; x < rows; x++) {
        for (y = 0; y < cols; y++) {
            if (y != 0) fputc(' ', c->out);
            cli_put_u64(c->out, t[x * cols + y]);
        }
        fputc('\n', c->out);
    }
    free(t);
    return CLI_OK;
}

/* moore K H...: the outcome, and the heaps after a winning move */
int cmd_moore(cli_t *c)
{
    uint64_t k, *h, *to;
    size_t n;
    int st, win;
    if ((st = closed_operand(c, 0, UINT64_MAX, &k)) != CLI_OK) return st;
    if (k == 0) return cli_error(c, CLI_USAGE, "K is at least 1 (K = 1 is Nim)");
    if ((st = closed_operands(c, 1, SG_CLOSED_MAX, &h, &n)) != CLI_OK) return st;
    to = (uint64_t *)malloc((n + 1) * sizeof *to);
    if (to == NULL) {
        free(h);
        return cli_lib_error(c, "heaps", SG_ENOMEM);
    }
    win = sg_moore_nim_winning_move(h, n, k, to);
    if (win < 0) {
        st = cli_lib_error(c, "sg_moore_nim_winning_move", win);
    } else {
        closed_outcome(c, win);
        if (win) {
            fputs("winning move: ", c->out);
            closed_list(c->out, h, n);
            fputs(" -> ", c->out);
            closed_list(c->out, to, n);
            fputc('\n', c->out);
        }
    }
    free(to);
    free(h);
    return st;
}

/* staircase S0 S1 ...: the value, the outcome, and a winning move */
int cmd_staircase(cli_t *c)
{
    uint64_t *s, v = 0, coins = 0;
    size_t n, stair = 0;
    int st, win;
    if ((st = closed_operands(c, 0, SG_CLOSED_MAX, &s, &n)) != CLI_OK) return st;
    if ((st = sg_staircase_nim_value(s, n, &v)) != SG_OK ||
        (win = sg_staircase_nim_winning_move(s, n, &stair, &coins)) < 0) {
        free(s);
        return cli_lib_error(c, "staircase", st != SG_OK ? st : SG_EINVAL);
    }
    fputs("value ", c->out);
    cli_put_u64(c->out, v);
    fputs(": ", c->out);
    closed_outcome(c, win);
    if (win)
        fprintf(c->out, "winning move: %llu coin%s from stair %llu to stair %llu\n",
                (unsigned long long)coins, coins == 1 ? "" : "s", (unsigned long long)stair,
                (unsigned long long)stair - 1);
    free(s);
    return CLI_OK;
}

/* anti-sg V...: the outcome of the anti-SG sum of games of these values, and a winning move */
int cmd_anti_sg(cli_t *c)
{
    uint64_t *v, to = 0;
    size_t n, comp = 0;
    int win;
    int st = closed_operands(c, 0, UINT64_MAX, &v, &n);
    if (st != CLI_OK) return st;
    win = sg_anti_sg_winning_move(v, n, &comp, &to);
    if (win < 0) {
        free(v);
        return cli_lib_error(c, "sg_anti_sg_winning_move", win);
    }
    closed_outcome(c, win);
    if (win && comp == n)
        fputs("no move is left: the player to move has won\n", c->out);
    else if (win)
        fprintf(c->out, "winning move: component %llu from value %llu to value %llu\n",
                (unsigned long long)comp, (unsigned long long)v[comp], (unsigned long long)to);
    free(v);
    return CLI_OK;
}

/* fibonacci-nim N [M]: N tokens, at most M may be taken (default N - 1: the first move) */
int cmd_fibonacci_nim(cli_t *c)
{
    uint64_t n, m, take = 0;
    int st, win;
    if ((st = closed_operand(c, 0, SG_CLOSED_MAX, &n)) != CLI_OK) return st;
    m = n == 0 ? 0 : n - 1;
    if (c->nargs > 1 && (st = closed_operand(c, 1, UINT64_MAX, &m)) != CLI_OK) return st;
    win = sg_fibonacci_nim_winning_move(n, m, &take);
    if (win < 0) return cli_lib_error(c, "sg_fibonacci_nim_winning_move", win);
    closed_outcome(c, win);
    if (win) fprintf(c->out, "winning move: take %llu\n", (unsigned long long)take);
    return CLI_OK;
}

static int closed_coin_game(cli_t *c, int i, int *game)
{
    static const char *names[3] = {"twins", "ruler", "mock-turtles"};
    int g;
    for (g = 0; g < 3; g++)
        if (strcmp(c->args[i], names[g]) == 0) {
            *game = g == 0 ? SG_COIN_TWINS : g == 1 ? SG_COIN_RULER : SG_COIN_MOCK_TURTLES;
            return CLI_OK;
        }
    return cli_error(c, CLI_USAGE, "unknown coin-turning game '%.*s%s' (twins, ruler or "
                     "mock-turtles)", CLI_ARG(c->args[i]));
}

/* coin GAME N, or coin GAME X GAME Y (the product, by the Tartan theorem) */
int cmd_coin(cli_t *c)
{
    int gx, gy, st;
    uint64_t x, y, v = 0;
    if (c->nargs == 3) return cli_error(c, CLI_USAGE, "give GAME N, or GAME X GAME Y");
    if ((st = closed_coin_game(c, 0, &gx)) != CLI_OK) return st;
    if ((st = closed_operand(c, 1, SG_CLOSED_MAX, &x)) != CLI_OK) return st;
    if (c->nargs == 2) {
        st = sg_coin_value(gx, x, &v);
    } else {
        if ((st = closed_coin_game(c, 2, &gy)) != CLI_OK) return st;
        if ((st = closed_operand(c, 3, SG_CLOSED_MAX, &y)) != CLI_OK) return st;
        st = sg_tartan_value(gx, x, gy, y, &v);
    }
    if (st == SG_ERANGE)
        return cli_error(c, CLI_USAGE, "no such place (the ruler starts at 1; Mock Turtles "
                         "end below 2^63)");
    if (st != SG_OK) return cli_lib_error(c, "coin", st);
    cli_put_u64(c->out, v);
    fputc('\n', c->out);
    return CLI_OK;
}
