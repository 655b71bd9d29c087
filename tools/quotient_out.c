/* grundy misere CODE --quotient: the misere quotient of a take-and-break game, heap by heap up
 * to --limit heaps or until the pretending function is proven periodic; and grundy misere CODE
 * H1 H2 ...: the outcome of a sum and a winning move, from a proven quotient when there is one
 * (any heap sizes), else by the exact search. */
#include "cli.h"

#include <stdlib.h>

#define QUOTIENT_LIMIT 24             /* heaps: proves 0.75, 0.52, the tame games, in seconds */
#define QUOTIENT_ORDER 1024           /* the budget of elements */
#define QUOTIENT_CAP ((size_t)1 << 30)
#define QUOTIENT_NAME 256

static void q_name(const sg_misere_quotient_t *q, uint32_t e, char *buf)
{
    if (sg_misere_quotient_name(q, e, buf, QUOTIENT_NAME) != SG_OK) strcpy(buf, "?");
}

static void q_text(cli_t *c, const sg_misere_quotient_t *q, const char *code, char *pres)
{
    FILE *out = c->out;
    char buf[QUOTIENT_NAME];
    uint64_t n = sg_misere_quotient_heaps(q), h, order = sg_misere_quotient_order(q), rogue;
    uint32_t e, g, ng = sg_misere_quotient_generators(q);
    sg_period_t per;
    unsigned m = 0;
    int tame = sg_misere_quotient_tame(q, &m) == 1 ? (int)m : -1, first = 1;
    sg_misere_quotient_period(q, &per);
    fprintf(out, "%s game %s in misere play: the quotient of heaps 1..%llu\n",
            strpbrk(code + 1, "89abcdef") ? "hexadecimal" : "octal", code,
            (unsigned long long)n);
    fprintf(out, "order %llu, P-portion %llu\n", (unsigned long long)order,
            (unsigned long long)sg_misere_quotient_p_portion(q));
    fprintf(out, "presentation %s\n", pres);
    fputs("generators", out);
    for (g = 0; g < ng; g++) {
        uint64_t heap = 0;
        sg_misere_quotient_generator(q, g, &heap);
        q_name(q, sg_misere_quotient_element(q, heap, &e) == SG_OK ? e : 0, buf);
        fprintf(out, "%s %s = heap %llu", g ? "," : "", buf, (unsigned long long)heap);
    }
    fputs("\nP {", out);
    for (e = 0; e < order; e++)
        if (sg_misere_quotient_is_p(q, e) == 1) {
            q_name(q, e, buf);
            fprintf(out, "%s%s", first ? "" : ", ", buf);
            first = 0;
        }
    fputs("}\npretending function (heap: element)", out);
    for (h = 0; h <= n; h++) {
        if (h % 10 == 0) fprintf(out, "\n%4llu:", (unsigned long long)h);
        q_name(q, sg_misere_quotient_element(q, h, &e) == SG_OK ? e : 0, buf);
        fprintf(out, " %s", buf);
    }
    fputc('\n', out);
    if (per.proven)
        fprintf(out, "period %llu from heap %llu, proven: the quotient of the whole game\n",
                (unsigned long long)per.period, (unsigned long long)per.preperiod);
    else
        fprintf(out, "no period proven up to heap %llu: the quotient of these heaps only\n",
                (unsigned long long)n);
    if (tame >= 0) fprintf(out, "tame: the tame quotient T%d\n", tame);
    else fputs("wild: not a tame quotient\n", out);
    rogue = sg_misere_quotient_last_rogue(q);
    if (rogue == UINT64_MAX) fputs("last rogue: none (heaps outside the kernel recur)\n", out);
    else if (rogue == 0) fputs("last rogue: none (every heap is in the kernel)\n", out);
    else fprintf(out, "last rogue: heap %llu\n", (unsigned long long)rogue);
}

static void q_json(cli_t *c, const sg_misere_quotient_t *q, const char *code, char *pres)
{
    FILE *out = c->out;
    char buf[QUOTIENT_NAME];
    uint64_t n = sg_misere_quotient_heaps(q), h, order = sg_misere_quotient_order(q), rogue;
    uint32_t e, g, ng = sg_misere_quotient_generators(q);
    sg_period_t per;
    unsigned m = 0;
    int tame = sg_misere_quotient_tame(q, &m) == 1 ? (int)m : -1, first = 1;
    sg_misere_quotient_period(q, &per);
    fputc('{', out);
    cli_json_game(c, out, code, c->args[0]);
    fputs("\"play\":\"misere\",\"heaps\":", out);
    cli_put_u64(out, n);
    fputs(",\"order\":", out);
    cli_put_u64(out, order);
    fputs(",\"p_portion\":", out);
    cli_put_u64(out, sg_misere_quotient_p_portion(q));
    fputs(",\"presentation\":", out);
    cli_put_json_string(out, pres);
    fputs(",\"generators\":[", out);
    for (g = 0; g < ng; g++) {
        uint64_t heap = 0;
        sg_misere_quotient_generator(q, g, &heap);
        q_name(q, sg_misere_quotient_element(q, heap, &e) == SG_OK ? e : 0, buf);
        fputs(g ? ",{\"name\":" : "{\"name\":", out);
        cli_put_json_string(out, buf);
        fputs(",\"size\":", out);
        cli_put_u64(out, heap);
        fputc('}', out);
    }
    fputs("],\"p\":[", out);
    for (e = 0; e < order; e++)
        if (sg_misere_quotient_is_p(q, e) == 1) {
            q_name(q, e, buf);
            if (!first) fputc(',', out);
            cli_put_json_string(out, buf);
            first = 0;
        }
    fputs("],\"pretending\":{", out);
    cli_json_period(out, &per, 0);
    fputs(",\"elements\":[", out);
    for (h = 0; h <= n; h++) {
        q_name(q, sg_misere_quotient_element(q, h, &e) == SG_OK ? e : 0, buf);
        if (h) fputc(',', out);
        cli_put_json_string(out, buf);
    }
    fputs("]},\"tame\":", out);
    fputs(tame >= 0 ? "true" : "false", out);
    fputs(",\"tame_quotient\":", out);
    if (tame >= 0) fprintf(out, "\"T%d\"", tame);
    else fputs("null", out);
    rogue = sg_misere_quotient_last_rogue(q);
    fputs(",\"last_rogue\":", out);
    cli_json_u64_or_null(out, rogue != UINT64_MAX, rogue);
    fputs("}\n", out);
}

/* The quotient up to --limit heaps; a message (and CLI_FAIL) when it cannot be had. */
static int q_build(cli_t *c, const sg_octal_t *game, const char *code,
                   sg_misere_quotient_t **q)
{
    uint64_t limit = c->limit_set ? c->limit : QUOTIENT_LIMIT;
    sg_memory_t mem;
    int st, ret;
    memset(&mem, 0, sizeof mem);
    mem.max_bytes = QUOTIENT_CAP;
    if (limit == 0) return cli_error(c, CLI_USAGE, "--limit 0: no heap asked for");
    if (limit > 0x7FFFFFF0u)
        return cli_error(c, CLI_FAIL, "--limit %llu: at most 2^31 - 16 heaps",
                         (unsigned long long)limit);
    st = sg_misere_quotient_create(q, game, QUOTIENT_ORDER, &mem);
    if (st == SG_EINVAL) return cli_error(c, CLI_FAIL, "no heap of this game has a move");
    if (st != SG_OK) return cli_lib_error(c, "sg_misere_quotient_create", st);
    if ((ret = cli_quotient_solve(c, *q, code, limit, &st)) != CLI_OK) return ret;
    if (st == SG_ERANGE)
        /* SG_ERANGE is either budget: more than QUOTIENT_ORDER elements, or more sums than the
         * proof checks: name both */
        return cli_error(c, CLI_FAIL, "heap %llu: the quotient outgrew the budget: more than %u "
                         "elements (it may be infinite) or more sums than its proof checks "
                         "(the quotient of heaps 1..%llu has %llu elements)",
                         (unsigned long long)sg_misere_quotient_heaps(*q) + 1,
                         (unsigned)QUOTIENT_ORDER,
                         (unsigned long long)sg_misere_quotient_heaps(*q),
                         (unsigned long long)sg_misere_quotient_order(*q));
    if (st == SG_ENOMEM)
        return cli_error(c, CLI_FAIL, "heap %llu: the quotient needs more than %u MiB",
                         (unsigned long long)sg_misere_quotient_heaps(*q) + 1,
                         (unsigned)(QUOTIENT_CAP >> 20));
    if (st != SG_OK) return cli_lib_error(c, "sg_misere_quotient_solve", st);
    return CLI_OK;
}

int cmd_misere_quotient(cli_t *c, const sg_octal_t *game, const char *code)
{
    sg_misere_quotient_t *q = NULL;
    char *pres = NULL;
    size_t size = 4096;
    int st;
    if (c->nargs != 1)
        return cli_error(c, CLI_USAGE, "--quotient takes no heap operands");
    if (c->format != CLI_TEXT && c->format != CLI_JSON)
        return cli_error(c, CLI_USAGE, "--quotient prints text or json");
    st = q_build(c, game, code, &q);
    while (st == CLI_OK) {
        char *p = (char *)realloc(pres, size);
        int r;
        if (p == NULL) {
            st = cli_lib_error(c, "presentation", SG_ENOMEM);
            break;
        }
        pres = p;
        r = sg_misere_quotient_presentation(q, pres, size);
        if (r == SG_OK) break;
        if (r != SG_ERANGE || size > ((size_t)1 << 28)) {
            st = cli_lib_error(c, "sg_misere_quotient_presentation", r);
            break;
        }
        size *= 4;
    }
    if (st == CLI_OK) {
        if (c->format == CLI_JSON) q_json(c, q, code, pres);
        else q_text(c, q, code, pres);
    }
    free(pres);
    sg_misere_quotient_free(q);
    return st;
}

/* The sum of heaps args[1..]: from a proven quotient (or one whose bound covers every heap),
 * else by the exact search. */
int cmd_misere_sum(cli_t *c, const sg_octal_t *game, const char *code)
{
    size_t n = (size_t)c->nargs - 1, i;
    uint64_t *heaps = (uint64_t *)malloc((n + 1) * sizeof *heaps), big = 0;
    sg_misere_quotient_t *q = NULL;
    sg_misere_quotient_move_t mv;
    int st = CLI_OK, win = 0, r, by_quotient = 0, proven = 0;
    memset(&mv, 0, sizeof mv);
    if (heaps == NULL) return cli_lib_error(c, "operands", SG_ENOMEM);
    for (i = 0; i < n && st == CLI_OK; i++) {
        const char *why = NULL;
        if (cli_parse_u64(c->args[i + 1], &heaps[i], &why) != 0)
            st = cli_error(c, CLI_USAGE, "heap '%.*s%s' %s", CLI_ARG(c->args[i + 1]), why);
        else if (heaps[i] > big)
            big = heaps[i];
    }
    if (st == CLI_OK && sg_misere_quotient_create(&q, game, QUOTIENT_ORDER, NULL) == SG_OK) {
        sg_period_t per;
        uint64_t limit = c->limit_set ? c->limit : QUOTIENT_LIMIT;
        int qs = SG_OK;
        /* heaps up to the largest operand already answer exactly; a period is sought for
         * larger ones. A failed or unproven quotient is no error: the exact search takes over.
         * --checkpoint resumes and saves this run as it does --quotient's (one file serves
         * both); a file it cannot use is an error */
        if (big < limit) limit = big;
        st = cli_quotient_solve(c, q, code, limit > 0x7FFFFFF0u ? 0x7FFFFFF0u : limit, &qs);
        if (st == CLI_OK && qs == SG_OK && sg_misere_quotient_period(q, &per) == SG_OK &&
            (per.proven || big <= sg_misere_quotient_heaps(q))) {
            r = sg_misere_quotient_winning_move(q, heaps, n, &mv);
            if (r >= 0) {
                by_quotient = 1;
                proven = per.proven;
                win = r;
            }
        }
    }
    if (st == CLI_OK && !by_quotient) {
        sg_misere_octal_t *m = NULL;
        if (big > 0x7FFFFFFFu)
            st = cli_error(c, CLI_FAIL, "no proven quotient within %llu heaps, and heaps of 2^31 "
                           "tokens or more cannot be searched",
                           (unsigned long long)(c->limit_set ? c->limit : QUOTIENT_LIMIT));
        else if ((r = sg_misere_octal_create(&m, game, QUOTIENT_CAP, NULL)) != SG_OK)
            st = cli_lib_error(c, "sg_misere_octal_create", r);
        else if ((r = sg_misere_octal_outcome(m, heaps, n, &win)) != SG_OK)
            st = r == SG_ENOMEM ? cli_error(c, CLI_FAIL, "the exact search needs more than %u "
                                            "MiB", (unsigned)(QUOTIENT_CAP >> 20))
                                : cli_lib_error(c, "sg_misere_octal_outcome", r);
        sg_misere_octal_free(m);
        mv.heap = n;   /* the exact search names no move */
    }
    if (st == CLI_OK && c->format == CLI_JSON) {
        fputc('{', c->out);
        cli_json_game(c, c->out, code, c->args[0]);
        fputs("\"play\":\"misere\",\"heaps\":[", c->out);
        cli_put_list(c->out, heaps, n, ",");
        fprintf(c->out, "],\"outcome\":\"%s\",\"by\":\"%s\",\"move\":", win ? "N" : "P",
                by_quotient ? "quotient" : "search");
        if (win && by_quotient && mv.heap < n) {
            fputs("{\"heap\":", c->out);
            cli_put_u64(c->out, mv.heap);
            fputs(",\"take\":", c->out);
            cli_put_u64(c->out, mv.take);
            fputs(",\"leave\":[", c->out);
            cli_put_list(c->out, mv.parts, mv.nparts, ",");
            fputs("]}", c->out);
        } else {
            fputs("null", c->out);
        }
        fputs("}\n", c->out);
    } else if (st == CLI_OK) {
        fprintf(c->out, "misere %s, heaps", code);
        for (i = 0; i < n; i++) fprintf(c->out, " %llu", (unsigned long long)heaps[i]);
        fprintf(c->out, ": %s (%s)\n", win ? "N, the player to move wins" : "P, the player to "
                "move loses", !by_quotient ? "by exact search"
                              : proven ? "from the proven quotient of the whole game"
                                       : "from the quotient of heaps up to the largest");
        if (win && by_quotient && mv.heap < n) {
            fprintf(c->out, "winning move: heap %llu (of %llu): take %llu, leave",
                    (unsigned long long)mv.heap, (unsigned long long)heaps[mv.heap],
                    (unsigned long long)mv.take);
            if (mv.nparts == 0) fputs(" nothing", c->out);
            for (i = 0; i < mv.nparts; i++)
                fprintf(c->out, " %llu", (unsigned long long)mv.parts[i]);
            fputc('\n', c->out);
        }
    }
    sg_misere_quotient_free(q);
    free(heaps);
    return st;
}
