/* grundy cram R C: Cram on an R x C board (sg_cram_*, a structured-position store): the value,
 * or with --outcome the outcome by the search with nimber pruning, and a winning move. With
 * --store FILE the store is loaded from FILE when it exists and saved to it at the end, every
 * few minutes and when a signal comes, so a long search resumes where it stopped.
 * A query stopped by a signal keeps what it proved (sg_store_value), and with --store the
 * board is solved in pieces so that saves (which a running query refuses) come between them:
 * the boards after one and two dominoes first (the value), or after one (the outcome, until
 * one of them is a P-position). */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"

#include <stdlib.h>
#include <string.h>

#define CRAM_SAVE_EVERY 300.0   /* seconds between saves of a long search */

/* The search's callbacks: Cram's, with a look at the clock now and then (progress, a save,
 * a signal). Returning 1 stops the query with SG_ESTOP; what it proved stays in the store. */
typedef struct {
    cli_t *c;
    sg_struct_rules_t rules;    /* the library's */
    sg_store_t *store;
    uint64_t calls;
    double saved_at;
    int stopped;                /* a signal stopped the query */
    uint64_t rows, cols;
    uint64_t done, total;       /* pieces solved, of the first level */
} cram_run_t;

static int cram_options(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    cram_run_t *r = (cram_run_t *)user;
    if ((++r->calls & 0xfff) == 0) {
        double now = cli_now();
        sg_store_stats_t st;
        if (cli_signal_caught() != 0) {
            r->stopped = 1;
            return 1;
        }
        if (r->c->progress && now - r->c->started > 0.5 && now - r->c->shown_at > 0.2 &&
            sg_store_stats(r->store, &st) == SG_OK) {
            fprintf(r->c->err, "\rgrundy: cram: %llu positions searched, %llu stored, "
                    "%llu of %llu first moves done\033[K", (unsigned long long)st.nodes,
                    (unsigned long long)st.positions, (unsigned long long)r->done,
                    (unsigned long long)r->total);
            fflush(r->c->err);
            r->c->shown = 1;
            r->c->shown_at = now;
        }
    }
    return r->rules.options(NULL, pos, len, out);
}

static int cram_split(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    return ((cram_run_t *)user)->rules.split(NULL, pos, len, out);
}

static int cram_canonical(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    return ((cram_run_t *)user)->rules.canonical(NULL, pos, len, out);
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
    r->saved_at = cli_now();
    if (st != SG_OK) return cli_lib_error(r->c, "--store: sg_store_save", st);
    return CLI_OK;
}

/* the dominoes of the board whose blocked cells are `blocked`: each as its two cells (d may
 * be NULL: the count alone) */
static size_t cram_dominoes(const cram_run_t *r, uint64_t blocked, uint64_t *d)
{
    uint64_t i, n = r->rows * r->cols, a;
    size_t k = 0;
    for (i = 0; i < n; i++) {
        int right = i % r->cols + 1 < r->cols && !(blocked >> (i + 1) & 1u);
        int below = i + r->cols < n && !(blocked >> (i + r->cols) & 1u);
        if (blocked >> i & 1u) continue;
        a = (uint64_t)1 << i;
        if (right && d != NULL) d[k] = a | a << 1;
        k += (size_t)right;
        if (below && d != NULL) d[k] = a | a << r->cols;
        k += (size_t)below;
    }
    return k;
}

/* The pieces below the board, `depth` dominoes down (1 or 2), each a query of its own kept
 * once done; the store saved between them every few minutes. Outcomes (c->outcome) stop at the
 * first P-position one domino down. The library's status (SG_EIO: a save failed, said), or 1
 * when such a P-position is found. */
static int cram_pieces(cram_run_t *r, uint64_t blocked, int depth)
{
    uint64_t d[2 * 64];
    size_t k, n = cram_dominoes(r, blocked, d);
    sg_value_t v;
    int st, next = 1;
    if (depth == 2) r->total = n;
    for (k = 0; k < n; k++) {
        if (cli_signal_caught() != 0) {
            r->stopped = 1;
            return SG_ESTOP;
        }
        if (depth > 1)
            st = cram_pieces(r, blocked | d[k], depth - 1);
        else if (r->c->outcome)
            st = sg_cram_outcome(r->store, (uint32_t)r->rows, (uint32_t)r->cols,
                                 blocked | d[k], &next);
        else
            st = sg_cram_value(r->store, (uint32_t)r->rows, (uint32_t)r->cols, blocked | d[k],
                               &v);
        if (st < 0) return st;
        if (depth == 2 || r->c->outcome) r->done = k + 1;
        if (cli_now() - r->saved_at > CRAM_SAVE_EVERY && cram_save(r) != CLI_OK)
            return SG_EIO;
        if (r->c->outcome && next == 0) return 1;
    }
    return SG_OK;
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
    sg_struct_rules_t rules;
    sg_store_stats_t stats;
    sg_store_t *named = NULL;
    uint64_t rows, cols, blocked;
    sg_value_t value = 0;
    uint32_t cell = 0;
    int st = CLI_OK, lst, exists = 0, next = 0, down = 0, unsaved = 0;
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
    r.c = c;
    sg_cram_rules(&r.rules);
    rules.options = cram_options;
    rules.split = cram_split;
    rules.canonical = cram_canonical;
    if ((lst = sg_store_create(&r.store, &rules, &r, NULL)) != SG_OK ||
        (lst = sg_cram_store_create(&named, NULL)) != SG_OK) {   /* for the game's name */
        sg_store_free(r.store);
        return cli_lib_error(c, "sg_store_create", lst);
    }
    st = cli_store_open(c, r.store, named, exists);
    sg_store_free(named);
    if (st != CLI_OK) {
        sg_store_free(r.store);
        return st;
    }
    r.saved_at = cli_now();
    r.rows = rows;
    r.cols = cols;
    cli_signals_catch();
    if (c->store != NULL && c->outcome) r.total = cram_dominoes(&r, blocked, NULL);
    lst = c->store != NULL ? cram_pieces(&r, blocked, c->outcome ? 1 : 2) : SG_OK;
    if (lst >= 0)
        lst = c->outcome ? sg_cram_outcome(r.store, (uint32_t)rows, (uint32_t)cols, blocked,
                                           &next)
                         : sg_cram_value(r.store, (uint32_t)rows, (uint32_t)cols, blocked,
                                         &value);
    if (lst == SG_OK)
        lst = sg_cram_winning_move(r.store, (uint32_t)rows, (uint32_t)cols, blocked, &cell,
                                   &down);
    cli_progress_done(c);
    cli_signals_release();
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
        (void)next;     /* the winning move's answer says the same */
        sg_store_stats(r.store, &stats);
        cram_put(c, rows, cols, blocked, c->outcome, value, lst == 1, cell, down,
                 cli_now() - t0, &stats);
    }
    sg_store_free(r.store);
    return unsaved ? CLI_FAIL : st;
}
