/* The grundy tool's take-and-break commands: octal CODE (values, proven periods, one value) and
 * grundy-game, with long runs past memory through sg_sequence_*. */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"

#include <sg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    cli_json_game(c, c->out, o->code, c->args[0]);
    if (o->name) {
        fputs("\"name\":", c->out);
        cli_put_json_string(c->out, o->name);
        fputc(',', c->out);
    }
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
            if (p->period != 0) {
                fprintf(out, "  observed, not proven: G(n + %llu) = G(n)",
                        (unsigned long long)p->period);
                if (p->saltus != 0) fprintf(out, " + %lu", (unsigned long)p->saltus);
                fprintf(out, " from n = %llu on, in the values computed\n",
                        (unsigned long long)p->preperiod);
            }
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
    fprintf(out, "\"limit\":%llu,", (unsigned long long)limit);
    cli_json_proof(out, pr);
    fputs("}\n", out);
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
    int st;
    if (cli_check_memory(c, "--limit", limit, CLI_BYTES_OCTAL) != CLI_OK) return CLI_FAIL;
    if ((st = cli_octal_prove(c, o->game, limit, pr)) != SG_OK)
        return cli_lib_error(c, "sg_octal_prove", st);
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
    return cli_value_at(c, o->title, octal_fill, o, &pr.period, octal_json_head, "sg_octal_table",
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
int cmd_octal(cli_t *c)
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
    cli_json_game(c, c->out, NULL, NULL);
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
int cmd_grundy_game(cli_t *c)
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
