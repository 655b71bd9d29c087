/* grundy nimber OP ...: arithmetic in the field of nimbers below 2^64. */
#include "cli.h"

#include <string.h>

typedef struct {
    const char *name;
    int operands;
} nimber_op_t;

static const nimber_op_t nimber_ops[] = {
    {"mul", 2}, {"div", 2}, {"inv", 1}, {"pow", 2}, {"sqrt", 1}, {"order", 1}, {"log", 2},
};

/* A malformed number is status 1; one past the field (2^64 or more) is status 2, as is an
 * operation with no solution (0 has no inverse or order, no quotient by 0, no logarithm), as the
 * interface outside checkers rely on says (docs/grundy.1, EXIT STATUS). */
static int nimber_operand(cli_t *c, int i, uint64_t *v)
{
    const char *why;
    if (cli_parse_u64(c->args[i], v, &why) != 0)
        return cli_error(c, strncmp(why, "is too large", 12) == 0 ? CLI_USAGE : CLI_FAIL,
                         "'%.*s%s' %s", CLI_ARG(c->args[i]), why);
    return CLI_OK;
}

int cmd_nimber(cli_t *c)
{
    const char *op = c->args[0];
    uint64_t a = 0, b = 0, r = 0;
    size_t i, n = sizeof nimber_ops / sizeof nimber_ops[0];
    int st;
    for (i = 0; i < n && strcmp(nimber_ops[i].name, op) != 0; i++) continue;
    if (i == n)
        return cli_error(c, CLI_USAGE,
                         "unknown operation '%.*s%s' (mul, div, inv, pow, sqrt, order or log)",
                         CLI_ARG(op));
    if (c->nargs - 1 != nimber_ops[i].operands)
        return cli_error(c, CLI_USAGE, "%s takes %d operand%s", op, nimber_ops[i].operands,
                         nimber_ops[i].operands == 1 ? "" : "s");
    if ((st = nimber_operand(c, 1, &a)) != CLI_OK) return st;
    if (nimber_ops[i].operands == 2 && (st = nimber_operand(c, 2, &b)) != CLI_OK) return st;
    if (strcmp(op, "mul") == 0) {
        r = nim_mul(a, b);
    } else if (strcmp(op, "div") == 0) {
        if (b == 0) return cli_error(c, CLI_USAGE, "div: division by 0");
        if ((st = nim_div(a, b, &r)) != SG_OK) return cli_lib_error(c, "nim_div", st);
    } else if (strcmp(op, "inv") == 0) {
        if (a == 0) return cli_error(c, CLI_USAGE, "inv: 0 has no inverse");
        r = nim_inv(a);
    } else if (strcmp(op, "pow") == 0) {
        r = nim_pow(a, b);
    } else if (strcmp(op, "sqrt") == 0) {
        r = nim_sqrt(a);
    } else if (strcmp(op, "order") == 0) {
        if (a == 0) return cli_error(c, CLI_USAGE, "order: 0 has no multiplicative order");
        r = nim_order(a);
    } else {
        st = nim_log(a, b, &r);
        if (st < 0) return cli_lib_error(c, "nim_log", st);
        if (st == 0)
            return cli_error(c, CLI_USAGE, "log: %.*s%s is not a power of %.*s%s",
                             CLI_ARG(c->args[1]), CLI_ARG(c->args[2]));
    }
    cli_put_u64(c->out, r);
    fputc('\n', c->out);
    return CLI_OK;
}
