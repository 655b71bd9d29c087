/* The grundy tool's long runs: Grundy's game and take-and-break games over sg_sequence_*, with
 * progress, a checkpoint file saved now and then and when a signal comes, and the checks that
 * make such a run fail at once rather than after hours: a checkpoint path that cannot be
 * written, values that cannot fit in memory. */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CKPT_SAVE_EVERY 300.0   /* seconds between saves of a long run */
/* The first signal caught (0: none yet). The handler only sets it; the run sees it through its
 * progress callback or between two slices, saves and stops. A second signal ends the process
 * at once: the checkpoint on disk is the last one saved whole (saves go through a temporary
 * file renamed over it). */
static volatile sig_atomic_t ckpt_signal;
static const int ckpt_signals[] = {SIGINT, SIGTERM, SIGHUP};
#define CKPT_NSIGNALS (sizeof ckpt_signals / sizeof ckpt_signals[0])

static void ckpt_on_signal(int sig)
{
    if (ckpt_signal != 0) {
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    ckpt_signal = sig;
}

static void ckpt_catch(struct sigaction old[CKPT_NSIGNALS])
{
    struct sigaction sa;
    size_t i;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = ckpt_on_signal;
    sigemptyset(&sa.sa_mask);
    ckpt_signal = 0;
    for (i = 0; i < CKPT_NSIGNALS; i++) sigaction(ckpt_signals[i], &sa, &old[i]);
}

static void ckpt_release(const struct sigaction old[CKPT_NSIGNALS])
{
    size_t i;
    for (i = 0; i < CKPT_NSIGNALS; i++) sigaction(ckpt_signals[i], &old[i], NULL);
}

static const char *ckpt_signal_name(int sig)
{
    return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "SIGHUP";
}

/* The same catching for the other long runs of the tool (cmd_kayles.c): cli.h. */
static struct sigaction cli_saved_actions[CKPT_NSIGNALS];
void cli_signals_catch(void) { ckpt_catch(cli_saved_actions); }
void cli_signals_release(void) { ckpt_release(cli_saved_actions); }
int cli_signal_caught(void) { return (int)ckpt_signal; }
const char *cli_signal_name(int sig) { return ckpt_signal_name(sig); }

/* Loads the checkpoint when it holds this game; a fresh sequence when there is none; a message
 * when the file is there but is no checkpoint of this game (it is then never overwritten). */
static int ckpt_open(cli_t *c, const sg_octal_t *game, const char *code, int exists,
                     sg_sequence_t **seq)
{
    char want[SG_SEQUENCE_GAME_MAX] = "grundy-game", have[SG_SEQUENCE_GAME_MAX] = "";
    int st;
    *seq = NULL;
    if (exists) {
        if (game != NULL) snprintf(want, sizeof want, "%s", code);
        st = sg_sequence_load(seq, c->checkpoint);
        if (st == SG_OK && (sg_sequence_game(*seq, have, sizeof have) != SG_OK ||
                            strcmp(have, want) != 0)) {
            sg_sequence_free(*seq);
            *seq = NULL;
            st = SG_EGAME;
        }
        if (st == SG_OK) return CLI_OK;
        if (st == SG_ENOMEM) return cli_lib_error(c, "sg_sequence_load", st);
        if (st == SG_EIO)
            return cli_error(c, CLI_FAIL, "--checkpoint '%.*s%s': cannot read it",
                             CLI_ARG(c->checkpoint));
        if (st == SG_EGAME && have[0] != '\0')
            return cli_error(c, CLI_FAIL, "--checkpoint '%.*s%s': a checkpoint of %s, not of %s",
                             CLI_ARG(c->checkpoint),
                             strcmp(have, "grundy-game") == 0 ? "Grundy's game" : have,
                             game != NULL ? code : "Grundy's game");
        return cli_error(c, CLI_FAIL, "--checkpoint '%.*s%s': not a checkpoint of this tool for "
                         "%s (%s)", CLI_ARG(c->checkpoint), game != NULL ? code : "Grundy's game",
                         sg_strerror(st));
    }
    st = game != NULL ? sg_sequence_create_octal(seq, game) : sg_sequence_create_grundy_game(seq);
    return st == SG_OK ? CLI_OK : cli_lib_error(c, "sg_sequence_create", st);
}

typedef struct {
    cli_t *c;
    sg_sequence_t *seq;
    double saved_at;
    int save_warned;
} ckpt_run_t;

static void ckpt_save_now(ckpt_run_t *r)
{
    int st = sg_sequence_save(r->seq, r->c->checkpoint);
    r->saved_at = cli_now();
    if (st != SG_OK && !r->save_warned) {
        cli_error(r->c, 0, "warning: --checkpoint '%.*s%s': cannot write it now (%s); the run "
                  "goes on", CLI_ARG(r->c->checkpoint), sg_strerror(st));
        r->save_warned = 1;
    }
}

static int ckpt_progress(void *user, uint64_t done, uint64_t total)
{
    ckpt_run_t *r = (ckpt_run_t *)user;
    (void)total;   /* the end of this slice; the run's end is c->count */
    cli_progress(r->c, "values known", done, r->c->count);
    if (ckpt_signal != 0) return 1;
    if (r->c->checkpoint != NULL && cli_now() - r->saved_at >= CKPT_SAVE_EVERY) ckpt_save_now(r);
    return 0;
}

/* Bytes per value a run holds at its peak: the sequence's own (one while the values stay below
 * 256; Grundy's game passes 255 at 7250049), the take-and-break engine's reversed copy (one or
 * two bytes; its forward copy is the sequence's) and its period search (about one), and the
 * table of a picture (--format svg; the other formats are written a slice at a time). */
static unsigned ckpt_bytes_per_value(const cli_t *c, const sg_octal_t *game)
{
    unsigned seq = game == NULL && c->count > 7250049u ? 2 : 1;
    unsigned out = c->format == CLI_SVG ? 4 : 0;
    unsigned run = game != NULL ? 2 + 2 : 0;
    return seq + (run > out ? run : out);
}

int cli_sequence_run(cli_t *c, const sg_octal_t *game, const char *code, sg_sequence_t **seq,
                     int *unsaved)
{
    struct sigaction old[CKPT_NSIGNALS];
    ckpt_run_t r;
    uint64_t step, start;
    int st, exists = 0, caught;
    *seq = NULL;
    *unsaved = 0;
    if (!c->window_set && cli_check_memory(c, "-n", c->count, ckpt_bytes_per_value(c, game)) !=
                              CLI_OK)
        return CLI_FAIL;
    if (c->checkpoint != NULL &&
        (st = cli_file_kind(c, "--checkpoint", c->checkpoint, &exists)) != CLI_OK)
        return st;
    memset(&r, 0, sizeof r);
    r.c = c;
    if ((st = ckpt_open(c, game, code, exists, &r.seq)) != CLI_OK) return st;
    if (c->checkpoint != NULL && sg_sequence_count(r.seq) < c->count &&
        (st = cli_file_can_replace(c, "--checkpoint", c->checkpoint, &exists)) != CLI_OK) {
        sg_sequence_free(r.seq);
        return st;
    }
    if (c->threads != 0 && (st = sg_sequence_set_threads(r.seq, (unsigned)c->threads)) != SG_OK) {
        sg_sequence_free(r.seq);
        return cli_lib_error(c, "sg_sequence_set_threads", st);
    }
    if (c->window_set && (st = sg_sequence_set_window(r.seq, c->window)) != SG_OK) {
        sg_sequence_free(r.seq);
        return cli_error(c, CLI_FAIL, "--window: %s (a checkpoint's window cannot change once "
                         "values were dropped)", sg_strerror(st));
    }
    r.saved_at = cli_now();
    start = sg_sequence_count(r.seq);
    ckpt_signal = 0;
    if (c->checkpoint != NULL) ckpt_catch(old);
    step = cli_slice_first(game);
    st = SG_OK;
    while (st == SG_OK && sg_sequence_count(r.seq) < c->count && ckpt_signal == 0) {
        uint64_t have = sg_sequence_count(r.seq);
        uint64_t upto = c->count - have > step ? have + step : c->count;
        double t0 = cli_now(), dt;
        if (c->window_set || c->snapshots != NULL) upto = cli_window_upto(c, r.seq, upto);
        st = sg_sequence_extend(r.seq, upto, ckpt_progress, &r);
        if (c->window_set || c->snapshots != NULL) cli_window_after(c, r.seq);
        dt = cli_now() - t0;
        step = cli_slice_next(step, dt);
    }
    caught = ckpt_signal;
    if (caught != 0 && st == SG_OK) st = SG_ESTOP;
    cli_progress_done(c);
    if (c->checkpoint != NULL) {
        /* a second signal during this save ends the process: the file is the last saved */
        int saved = sg_sequence_count(r.seq) == start ||
                    sg_sequence_save(r.seq, c->checkpoint) == SG_OK;
        ckpt_release(old);
        if (!saved) {
            cli_error(c, 0, "warning: --checkpoint '%.*s%s': cannot write it: %llu values "
                      "computed here are not saved", CLI_ARG(c->checkpoint),
                      (unsigned long long)sg_sequence_count(r.seq));
            *unsaved = 1;
        } else if (caught != 0) {
            cli_error(c, 0, "interrupted (%s) after %llu values, saved in '%.*s%s': run the "
                      "same command to go on", ckpt_signal_name(caught),
                      (unsigned long long)sg_sequence_count(r.seq), CLI_ARG(c->checkpoint));
        }
    }
    if (st != SG_OK) {
        if (st == SG_EWINDOW)
            cli_error(c, 0, "--window: too small for this game at n = %llu (%s)%s",
                      (unsigned long long)sg_sequence_count(r.seq), sg_strerror(st),
                      c->checkpoint != NULL ? "; the checkpoint is kept" : "");
        else if (caught == 0)
            cli_lib_error(c, "sg_sequence_extend", st);
        sg_sequence_free(r.seq);
        return CLI_FAIL;
    }
    *seq = r.seq;
    return CLI_OK;
}
