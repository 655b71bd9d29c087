/* grundy misere CODE --quotient --checkpoint FILE: the quotient's run heap by heap, resumed
 * from FILE, saved to it after heap steps and at the end, and on a signal once the step in
 * progress ends (quotient_out.c prints what it reaches). */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"

#include <stdlib.h>

#define QUOTIENT_SAVE_EVERY 1.0   /* seconds of heap steps between saves (GRUNDY_SAVE_SECONDS) */

/* The quotient's checkpoint loaded when the file exists; a message when it is not one of this
 * game (it is then never overwritten). */
static int quotient_resume(cli_t *c, sg_misere_quotient_t *q, const char *code)
{
    int exists = 0, st = cli_file_kind(c, "--checkpoint", c->checkpoint, &exists);
    if (st != CLI_OK || !exists) return st;
    st = sg_misere_quotient_load(q, c->checkpoint);
    if (st == SG_OK) return CLI_OK;
    if (st == SG_EGAME)
        return cli_error(c, CLI_FAIL, "--checkpoint '%.*s%s': a quotient of another game, not "
                         "of %s", CLI_ARG(c->checkpoint), code);
    if (st == SG_ERANGE)
        return cli_error(c, CLI_FAIL, "--checkpoint '%.*s%s': its quotient is past the budget "
                         "of elements", CLI_ARG(c->checkpoint));
    if (st == SG_EIO)
        return cli_error(c, CLI_FAIL, "--checkpoint '%.*s%s': cannot read it",
                         CLI_ARG(c->checkpoint));
    if (st == SG_ENOMEM) return cli_lib_error(c, "sg_misere_quotient_load", st);
    return cli_error(c, CLI_FAIL, "--checkpoint '%.*s%s': not a quotient checkpoint of this "
                     "tool for %s (%s)", CLI_ARG(c->checkpoint), code, sg_strerror(st));
}

static void quotient_save(cli_t *c, const sg_misere_quotient_t *q, int *warned)
{
    int st = sg_misere_quotient_save(q, c->checkpoint);
    if (st != SG_OK && !*warned) {
        cli_error(c, 0, "warning: --checkpoint '%.*s%s': cannot write it now (%s); the run "
                  "goes on", CLI_ARG(c->checkpoint), sg_strerror(st));
        *warned = 1;
    }
}

int cli_quotient_solve(cli_t *c, sg_misere_quotient_t *q, const char *code, uint64_t limit,
                       int *st)
{
    double every = cli_save_every(QUOTIENT_SAVE_EVERY), saved_at;
    uint64_t start;
    sg_period_t per;
    int ret, exists = 0, warned = 0, caught;
    if (c->checkpoint == NULL) {
        *st = sg_misere_quotient_solve(q, limit);
        return CLI_OK;
    }
    if ((ret = quotient_resume(c, q, code)) != CLI_OK) return ret;
    start = sg_misere_quotient_heaps(q);
    sg_misere_quotient_period(q, &per);
    if (!per.proven && start < limit &&
        (ret = cli_file_can_replace(c, "--checkpoint", c->checkpoint, &exists)) != CLI_OK)
        return ret;
    cli_signals_catch();
    saved_at = cli_now();
    *st = SG_OK;
    /* sg_misere_quotient_solve, one heap at a time: a step cannot be stopped half-way, so a
     * signal is answered after it */
    while (*st == SG_OK && !per.proven && sg_misere_quotient_heaps(q) < limit &&
           !cli_signal_caught()) {
        *st = sg_misere_quotient_extend(q, sg_misere_quotient_heaps(q) + 1);
        sg_misere_quotient_period(q, &per);
        cli_progress(c, "heaps in", sg_misere_quotient_heaps(q), limit);
        if (*st == SG_OK && cli_now() - saved_at >= every) {
            quotient_save(c, q, &warned);
            saved_at = cli_now();
        }
    }
    cli_progress_done(c);
    caught = cli_signal_caught();
    /* a failed step leaves the last file saved; a second signal during this save ends the
     * process, the file left as last saved */
    if (*st == SG_OK && sg_misere_quotient_heaps(q) != start) quotient_save(c, q, &warned);
    cli_signals_release();
    if (caught && *st == SG_OK)
        return cli_error(c, CLI_FAIL, "interrupted (%s) after heap %llu, saved in '%.*s%s': run "
                         "the same command to go on", cli_signal_name(caught),
                         (unsigned long long)sg_misere_quotient_heaps(q), CLI_ARG(c->checkpoint));
    return CLI_OK;
}
