/* grundy cram R C: Cram on an R x C board (sg_cram_*, a structured-position store): the value,
 * or with --outcome the outcome by the search with nimber pruning, and a winning move, each one
 * query through the library's store of Cram, whose tick (sg_store_set_tick) shows progress and
 * stops the query on a signal. A query stopped by its tick keeps what it proved
 * (sg_store_value), so with --store FILE the tick also stops the query every few minutes
 * (GRUNDY_SAVE_SECONDS): FILE is saved (a running query refuses saves) and the query asked
 * again, redoing only the positions that were open. A signal stops it the same way, and FILE is
 * saved before the tool ends; after kill -9, the work since the last save is lost. */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"

#include <stdlib.h>
#include <string.h>

#define CRAM_SAVE_EVERY 300.0   /* seconds between saves of --store (GRUNDY_SAVE_SECONDS) */
#define CRAM_TICK_EVERY 256     /* positions searched between looks at the clock */

/* The store's tick: a look at the clock now and then (progress, a save, a signal). Returning 1
 * stops the query with SG_ESTOP; what it proved stays in the store. */
typedef struct {
    cli_t *c;
    sg_store_t *store;
    double next_save;
    int stopped;                /* a signal stopped the query */
    int save_due;               /* the tick stopped the query for a save of --store */
} cram_run_t;

static int cram_tick(void *user)
{
    cram_run_t *r = (cram_run_t *)user;
    double now;
    sg_store_stats_t st;
    if (cli_signal_caught() != 0) {
        r->stopped = 1;
        return 1;
    }
    now = cli_now();
    if (r->c->store != NULL && now >= r->next_save) {
        r->save_due = 1;   /* stopped: cram_ask saves and asks again */
        return 1;
    }
    if (r->c->progress && now - r->c->started > 0.5 && now - r->c->shown_at > 0.2 &&
        sg_store_stats(r->store, &st) == SG_OK) {
        fprintf(r->c->err, "\rgrundy: cram: %llu positions searched, %llu stored, %.0f s\033[K",
                (unsigned long long)st.nodes, (unsigned long long)st.positions,
                now - r->c->started);
        fflush(r->c->err);
        r->c->shown = 1;
        r->c->shown_at = now;
    }
    return 0;
}

/* --blocked CELLS: cell numbers r * C + c, comma-separated */
static int cram_blocked(cli_t *c, uint64_t cells, uint64_t *blocked)
{
    const char *p = c->blocked;
    char *end;
    *blocked = 0;
    if (p == NULL) return CLI_OK;
    for (;;) {
        unsigned long long x;
        if (*p < '0' || *p > '9') break;
        x = strtoull(p, &end, 10);
        if (x >= cells) break;
        *blocked |= (uint64_t)1 << x;
        p = end;
        if (*p == '\0') return CLI_OK;
        if (*p++ != ',') break;
    }
    return cli_error(c, CLI_FAIL, "--blocked: '%.*s%s': cell numbers r * C + c below %llu, "
                     "comma-separated", CLI_ARG(c->blocked), (unsigned long long)cells);
}

static int cram_save(cram_run_t *r)
{
    int st = sg_store_save(r->store, r->c->store);
    r->next_save = cli_now() + cli_save_every(CRAM_SAVE_EVERY);
    if (st != SG_OK) return cli_lib_error(r->c, "--store: sg_store_save", st);
    return CLI_OK;
}

enum { CRAM_VALUE, CRAM_OUTCOME, CRAM_MOVE };

typedef struct {
    uint32_t rows, cols;
    uint64_t blocked;
    sg_value_t value;
    int next, down;
    uint32_t cell;
} cram_answer_t;

static int cram_once(cram_run_t *r, int what, cram_answer_t *a)
{
    switch (what) {
    case CRAM_VALUE:
        return sg_cram_value(r->store, a->rows, a->cols, a->blocked, &a->value);
    case CRAM_OUTCOME:
        return sg_cram_outcome(r->store, a->rows, a->cols, a->blocked, &a->next);
    default:
        return sg_cram_winning_move(r->store, a->rows, a->cols, a->blocked, &a->cell, &a->down);
    }
}

/* one query, stopped now and then to save --store and asked again: what it proved stays; the
 * library's status (SG_EIO: a save failed, said) */
static int cram_ask(cram_run_t *r, int what, cram_answer_t *a)
{
    for (;;) {
        int st;
        r->save_due = 0;
        st = cram_once(r, what, a);
        if (st != SG_ESTOP || !r->save_due || cli_signal_caught() != 0) return st;
        if (cram_save(r) != CLI_OK) return SG_EIO;
    }
}

static void cram_put(cli_t *c, uint64_t rows, uint64_t cols, uint64_t blocked, int outcome,
                     sg_value_t value, int win, uint32_t cell, int down, double seconds,
                     const sg_store_stats_t *s)
{
    uint64_t i;
    int first = 1;
    if (c->format != CLI_JSON) {
        if (outcome) fputs(win ? "N, the player to move wins" : "P, the player to move loses",
                           c->out);
        else fprintf(c->out, "value %lu\n%s", (unsigned long)value,
                     win ? "N, the player to move wins" : "P, the player to move loses");
        if (win)
            fprintf(c->out, ": a domino on cells %lu and %lu", (unsigned long)cell,
                    (unsigned long)(cell + (down ? cols : 1)));
        fputc('\n', c->out);
        return;
    }
    fputc('{', c->out);
    cli_json_game(c, c->out, NULL, NULL);
    fprintf(c->out, "\"rows\":%lu,\"cols\":%lu,\"blocked\":[", (unsigned long)rows,
            (unsigned long)cols);
    for (i = 0; i < rows * cols; i++)
        if (blocked >> i & 1u) {
            fprintf(c->out, "%s%llu", first ? "" : ",", (unsigned long long)i);
            first = 0;
        }
    fputc(']', c->out);
    if (!outcome) fprintf(c->out, ",\"value\":%lu", (unsigned long)value);
    fprintf(c->out, ",\"outcome\":\"%c\",\"move\":", win ? 'N' : 'P');
    if (win)
        fprintf(c->out, "{\"cell\":%lu,\"down\":%s}", (unsigned long)cell,
                down ? "true" : "false");
    else
        fputs("null", c->out);
    fprintf(c->out, ",\"nodes\":%llu,\"stored\":%llu,\"seconds\":%.3f}\n",
            (unsigned long long)s->nodes, (unsigned long long)s->positions, seconds);
}

int cmd_cram(cli_t *c)
{
    cram_run_t r;
    cram_answer_t a;
    sg_store_stats_t stats;
    uint64_t rows, cols, blocked;
    int st = CLI_OK, lst, exists = 0, unsaved = 0;
    const char *why;
    double t0 = cli_now();
    if (cli_parse_u64(c->args[0], &rows, &why) != 0 || cli_parse_u64(c->args[1], &cols, &why))
        return cli_error(c, CLI_USAGE, "R and C are numbers: %s", why);
    if (rows == 0 || cols == 0 || rows > 64 || cols > 64 || rows * cols > 64)
        return cli_error(c, CLI_USAGE, "a board of %llu x %llu: R and C at least 1, R * C at "
                         "most 64", (unsigned long long)rows, (unsigned long long)cols);
    if ((st = cram_blocked(c, rows * cols, &blocked)) != CLI_OK) return st;
    if (c->store != NULL &&
        (st = cli_file_can_replace(c, "--store", c->store, &exists)) != CLI_OK)
        return st;
    memset(&r, 0, sizeof r);
    memset(&a, 0, sizeof a);
    r.c = c;
    if ((lst = sg_cram_store_create(&r.store, NULL)) != SG_OK ||
        (lst = sg_store_set_tick(r.store, cram_tick, &r, CRAM_TICK_EVERY)) != SG_OK) {
        sg_store_free(r.store);
        return cli_lib_error(c, "sg_store_create", lst);
    }
    if ((st = cli_store_open(c, r.store, exists)) != CLI_OK) {
        sg_store_free(r.store);
        return st;
    }
    r.next_save = cli_now() + cli_save_every(CRAM_SAVE_EVERY);
    a.rows = (uint32_t)rows;
    a.cols = (uint32_t)cols;
    a.blocked = blocked;
    /* a signal waits for the store's tick only when there is a file to save (cmd_kayles.c) */
    if (c->store != NULL) cli_signals_catch();
    lst = cram_ask(&r, c->outcome ? CRAM_OUTCOME : CRAM_VALUE, &a);
    if (lst == SG_OK) lst = cram_ask(&r, CRAM_MOVE, &a);
    cli_progress_done(c);
    if (c->store != NULL) cli_signals_release();
    if (lst == SG_EIO) {
        st = CLI_FAIL;   /* a save failed: said */
    } else if (lst == SG_ESTOP && r.stopped) {
        if (c->store != NULL && cram_save(&r) != CLI_OK) unsaved = 1;
        st = cli_error(c, CLI_FAIL, "stopped by %s%s", cli_signal_name(cli_signal_caught()),
                       c->store == NULL ? ""
                       : unsaved ? "; the store could not be saved"
                                 : "; what was solved is saved: run again to resume");
    }
    else if (lst < 0)
        st = cli_lib_error(c, c->outcome ? "sg_cram_outcome" : "sg_cram_value", lst);
    /* the answer is printed even when its last save failed (said, and status 1) */
    if (st == CLI_OK && c->store != NULL && cram_save(&r) != CLI_OK) unsaved = 1;
    if (st == CLI_OK) {
        sg_store_stats(r.store, &stats);
        cram_put(c, rows, cols, blocked, c->outcome, a.value, lst == 1, a.cell, a.down,
                 cli_now() - t0, &stats);
    }
    sg_store_free(r.store);
    return unsaved ? CLI_FAIL : st;
}
