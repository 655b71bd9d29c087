/* welter X...: Welter's game, the value and a winning move (sg_welter_value,
 * sg_welter_winning_move). */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

int cmd_welter(cli_t *c)
{
    uint64_t *coins, value = 0, to = 0;
    size_t n = (size_t)c->nargs, i, coin = 0;
    const char *why;
    int st, win;
    coins = (uint64_t *)malloc((n + 1) * sizeof *coins);
    if (coins == NULL) return cli_lib_error(c, "coins", SG_ENOMEM);
    for (i = 0; i < n; i++) {
        if (cli_parse_u64(c->args[i], &coins[i], &why) != 0) coins[i] = SG_CLOSED_MAX;
        else why = "is too large (a place is below 2^63)";
        if (coins[i] >= SG_CLOSED_MAX) {
            st = cli_error(c, CLI_FAIL, "'%.*s%s' %s", CLI_ARG(c->args[i]), why);
            free(coins);
            return st;
        }
    }
    st = sg_welter_value(coins, n, &value);
    win = st == SG_OK ? sg_welter_winning_move(coins, n, &coin, &to) : st;
    if (st == SG_EINVAL || win < 0) {
        free(coins);
        if (st == SG_EINVAL) return cli_error(c, CLI_FAIL, "two coins at one place");
        return cli_lib_error(c, "sg_welter_winning_move", win);
    }
    if (c->format == CLI_JSON) {
        fputc('{', c->out);
        cli_json_game(c, c->out, NULL, NULL);
        fputs("\"coins\":[", c->out);
        cli_put_list(c->out, coins, n, ",");
        fputs("],\"value\":", c->out);
        cli_put_u64(c->out, value);
        fprintf(c->out, ",\"outcome\":\"%s\",\"move\":", win ? "N" : "P");
        if (win) {
            fputs("{\"coin\":", c->out);
            cli_put_u64(c->out, coin);
            fputs(",\"from\":", c->out);
            cli_put_u64(c->out, coins[coin]);
            fputs(",\"to\":", c->out);
            cli_put_u64(c->out, to);
            fputc('}', c->out);
        } else {
            fputs("null", c->out);
        }
        fputs("}\n", c->out);
    } else {
        fputs("value ", c->out);
        cli_put_u64(c->out, value);
        fputc('\n', c->out);
        if (win) {
            fputs("N, the player to move wins: the coin at ", c->out);
            cli_put_u64(c->out, coins[coin]);
            fputs(" to ", c->out);
            cli_put_u64(c->out, to);
            fputc('\n', c->out);
        } else {
            fputs("P, the player to move loses\n", c->out);
        }
    }
    free(coins);
    return CLI_OK;
}
