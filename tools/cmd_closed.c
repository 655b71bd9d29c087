/* grundy wythoff X Y: Wythoff's game through its closed form. */
#include "cli.h"

/* Operand i as a number no larger than max (a message and CLI_FAIL otherwise). */
static int closed_operand(cli_t *c, int i, uint64_t max, uint64_t *v)
{
    const char *why;
    if (cli_parse_u64(c->args[i], v, &why) != 0)
        return cli_error(c, CLI_FAIL, "'%.*s%s' %s", CLI_ARG(c->args[i]), why);
    if (*v > max)
        return cli_error(c, CLI_FAIL, "'%.*s%s' is too large (at most 2^63)",
                         CLI_ARG(c->args[i]));
    return CLI_OK;
}

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
        fputs("N ", c->out);
        cli_put_u64(c->out, nx);
        fputc(' ', c->out);
        cli_put_u64(c->out, ny);
        fputc('\n', c->out);
    }
    return CLI_OK;
}
