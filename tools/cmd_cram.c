/* grundy cram R C: Cram on an R x C board (sg_cram_*, a structured-position store): the value,
 * or with --outcome the outcome by the search with nimber pruning, and a winning move. With
 * --store FILE the store is loaded from FILE when it exists and saved to it at the end, every
 * few minutes and when a signal comes, so a long search resumes where it stopped. */
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
    int pause;                  /* 1: stopped for a save; 2: for a signal */
} cram_run_t;

static int cram_options(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    cram_run_t *r = (cram_run_t *)user;
    if ((++r->calls & 0xfff) == 0) {
        double now = cli_now();
        sg_store_stats_t st;
        if (cli_signal_caught() != 0) {
            r->pause = 2;
            return 1;
        }
        if (r->c->store != NULL && now - r->saved_at > CRAM_SAVE_EVERY) {
            r->pause = 1;
            return 1;
        }
        if (r->c->progress && now - r->c->started > 0.5 && now - r->c->shown_at > 0.2 &&
            sg_store_stats(r->store, &st) == SG_OK) {
            fprintf(r->c->err, "\rgrundy: cram: %llu positions searched, %llu stored\033[K",
                    (unsigned long long)st.nodes, (unsigned long long)st.positions);
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
    fprintf(c->out, ",\"nodes\":%llu,\"positions\":%llu,\"seconds\":%.3f}\n",
            (unsigned long long)s->nodes, (unsigned long long)s->positions, seconds);
}

int cmd_cram(cli_t *c)
{
    cram_run_t r;
    sg_struct_rules_t rules;
    sg_store_stats_t stats;
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
    if ((lst = sg_store_create(&r.store, &rules, &r, NULL)) != SG_OK)
        return cli_lib_error(c, "sg_store_create", lst);
    if (exists && (lst = sg_store_load(r.store, c->store)) != SG_OK) {
        sg_store_free(r.store);
        return cli_lib_error(c, "--store: sg_store_load", lst);
    }
    r.saved_at = cli_now();
    cli_signals_catch();
    for (;;) {
        r.pause = 0;
        lst = c->outcome ? sg_cram_outcome(r.store, (uint32_t)rows, (uint32_t)cols, blocked,
                                           &next)
                         : sg_cram_value(r.store, (uint32_t)rows, (uint32_t)cols, blocked,
                                         &value);
        if (lst == SG_OK)
            lst = sg_cram_winning_move(r.store, (uint32_t)rows, (uint32_t)cols, blocked,
                                             &cell, &down);
        if (lst != SG_ESTOP || r.pause == 0) break;
        if (c->store != NULL && (st = cram_save(&r)) != CLI_OK) break;
        if (r.pause == 2) break;
    }
    cli_progress_done(c);
    cli_signals_release();
    if (st != CLI_OK)
        ;   /* the save failed: said */
    else if (lst == SG_ESTOP && r.pause == 2)
        st = cli_error(c, CLI_FAIL, "stopped by %s%s", cli_signal_name(cli_signal_caught()),
                       c->store != NULL ? "; the store is saved: run again to resume" : "");
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
