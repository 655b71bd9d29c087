/* grundy pattern: the (arithmetic-)periodic pattern a sequence of values shows, observed and
 * never proven. `pattern lasker` and `pattern split3` take it from a game given by a rule (Lasker's
 * Nim; take any number or split a heap into three), `pattern V...` from values given; --at N
 * reads G(N) off the pattern, the caller vouching for it (sg_period_value_observed). */
#include "cli.h"

#include <stdlib.h>

#define PATTERN_DEFAULT_COUNT 200
#define PATTERN_MAX_COUNT 4096   /* the split games cost O(n^2) per value */

/* Lasker's Nim: take any positive number of tokens, or split a heap into two non-empty heaps. */
static int pattern_lasker(void *user, uint64_t n, sg_moves_t *out)
{
    uint64_t k, parts[2];
    (void)user;
    for (k = 1; k <= n; k++) sg_move_to(out, n - k);
    for (k = 1; 2 * k <= n; k++) {
        parts[0] = k;
        parts[1] = n - k;
        sg_move_to_sum(out, parts, 2);
    }
    return 0;
}

/* Take any positive number of tokens, or split a heap into three non-empty heaps. */
static int pattern_split3(void *user, uint64_t n, sg_moves_t *out)
{
    uint64_t a, b, parts[3];
    (void)user;
    for (a = 1; a <= n; a++) sg_move_to(out, n - a);
    for (a = 1; 3 * a <= n; a++)
        for (b = a; a + 2 * b <= n; b++) {
            parts[0] = a;
            parts[1] = b;
            parts[2] = n - a - b;
            sg_move_to_sum(out, parts, 3);
        }
    return 0;
}

/* "game", "sequence" (lasker, split3 or values) and, for a game, its "name" */
static void pattern_json_head(cli_t *c, const char *what, int rule)
{
    fputc('{', c->out);
    cli_json_game(c, c->out, NULL, NULL);
    fputs("\"sequence\":", c->out);
    cli_put_json_string(c->out, rule ? c->args[0] : "values");
    if (rule) {
        fputs(",\"name\":", c->out);
        cli_put_json_string(c->out, what);
    }
    fputc(',', c->out);
}

static void pattern_write(cli_t *c, const char *what, int rule, uint64_t count,
                          const sg_period_t *p)
{
    if (c->format == CLI_CSV) {
        fputs("preperiod,period,saltus,proven\n", c->out);
        fprintf(c->out, "%llu,%llu,%lu,0\n", (unsigned long long)p->preperiod,
                (unsigned long long)p->period, (unsigned long)p->saltus);
    } else if (c->format == CLI_JSON) {
        /* never proven: the pattern goes under "observed" */
        pattern_json_head(c, what, rule);
        fprintf(c->out, "\"count\":%llu,", (unsigned long long)count);
        cli_json_period(c->out, p, 1);
        fputs("}\n", c->out);
    } else if (p->period == 0) {
        fprintf(c->out, "%s: no pattern in G(0) .. G(%llu)\n", what,
                (unsigned long long)count - 1);
    } else {
        fprintf(c->out, "%s: observed pattern G(n + %llu) = G(n)", what,
                (unsigned long long)p->period);
        if (p->saltus != 0) fprintf(c->out, " + %lu", (unsigned long)p->saltus);
        fprintf(c->out, " for %llu <= n < %llu (preperiod %llu, period %llu, saltus %lu; not "
                "proven)\n", (unsigned long long)p->preperiod,
                (unsigned long long)(count - p->period),
                (unsigned long long)p->preperiod, (unsigned long long)p->period,
                (unsigned long)p->saltus);
    }
}

int cmd_pattern(cli_t *c)
{
    sg_rule_fn rule = NULL;
    const char *what = "values";
    sg_value_t *G = NULL, v = 0;
    sg_period_t p;
    uint64_t count, k;
    int st = CLI_OK, lib;
    memset(&p, 0, sizeof p);
    if (strcmp(c->args[0], "lasker") == 0) {
        rule = pattern_lasker;
        what = "Lasker's Nim";
    } else if (strcmp(c->args[0], "split3") == 0) {
        rule = pattern_split3;
        what = "take or split in three";
    }
    if (rule != NULL && c->nargs > 1)
        return cli_error(c, CLI_USAGE, "%s takes no values", c->args[0]);
    if (rule == NULL && c->count_set)
        return cli_error(c, CLI_USAGE, "-n goes with a game (lasker or split3)");
    count = rule == NULL ? (uint64_t)c->nargs : c->count_set ? c->count : PATTERN_DEFAULT_COUNT;
    if (rule != NULL && (count == 0 || count > PATTERN_MAX_COUNT))
        return cli_error(c, CLI_USAGE, "-n %llu: from 1 to %d", (unsigned long long)count,
                         PATTERN_MAX_COUNT);
    G = (sg_value_t *)malloc((size_t)count * sizeof *G);
    if (G == NULL) return cli_lib_error(c, "values", SG_ENOMEM);
    for (k = 0; rule == NULL && k < count; k++) {
        const char *why = "is too large (values are below 2^32)";
        uint64_t x = 0;
        if (cli_parse_u64(c->args[k], &x, &why) != 0 || x > UINT32_MAX) {
            /* a malformed number is status 1, one beyond the range of values status 2 */
            st = cli_error(c, strncmp(why, "is too large", 12) == 0 ? CLI_USAGE : CLI_FAIL,
                           "'%.*s%s' %s", CLI_ARG(c->args[k]), why);
            break;
        }
        G[k] = (sg_value_t)x;
    }
    if (st == CLI_OK) {
        if (rule != NULL) {
            /* the pattern from the rule itself; the prefix to read --at from, from the table */
            lib = sg_rule_pattern(rule, NULL, count, &p);
            if (lib == SG_OK && c->at_set) lib = sg_table_build(G, count, rule, NULL);
        } else {
            lib = sg_table_pattern(G, count, &p);
        }
        if (lib != SG_OK) st = cli_lib_error(c, rule ? "sg_rule_pattern" : "sg_table_pattern", lib);
    }
    if (st == CLI_OK && c->at_set) {
        lib = sg_period_value_observed(G, count, &p, c->at, &v);
        if (lib == SG_EINVAL)
            st = cli_error(c, CLI_FAIL, "--at %llu: no pattern to read it from",
                           (unsigned long long)c->at);
        else if (lib != SG_OK)
            st = cli_lib_error(c, "sg_period_value_observed", lib);
        else if (c->format == CLI_CSV)
            fprintf(c->out, "n,value\n%llu,%lu\n", (unsigned long long)c->at, (unsigned long)v);
        else if (c->format == CLI_JSON) {
            pattern_json_head(c, what, rule != NULL);
            fprintf(c->out, "\"n\":%llu,\"value\":%lu,\"proven\":false}\n",
                    (unsigned long long)c->at, (unsigned long)v);
        }
        else
            fprintf(c->out, "%lu\n", (unsigned long)v);
    } else if (st == CLI_OK) {
        pattern_write(c, what, rule != NULL, count, &p);
    }
    free(G);
    return st;
}
