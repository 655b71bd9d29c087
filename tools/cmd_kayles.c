/* grundy node-kayles, grundy arc-kayles: the value (or with --outcome the outcome) of a graph
 * and a winning move, through the library's store of the game (sg_node_kayles_store,
 * sg_arc_kayles_store), whose tick (sg_store_set_tick) shows progress and stops the query on a
 * signal. A query stopped by its tick keeps what it proved (sg_store_value), so with --store
 * FILE the tick also stops the query every few minutes: FILE is saved and the query asked
 * again, redoing only the positions that were open. A signal stops it the same way, and FILE is
 * saved before the tool ends; after kill -9, the work since the last save is lost. The file
 * names the game and canonical form of its values (sg_store_game of the library's store), and
 * a file of another game or form is refused.
 * Node Kayles on --grid RxC of at most 64 cells is played as a board (sg_node_kayles_board_*:
 * regions of cells and the grid's symmetries, no graph labelling), the same value and move
 * (vertex r * C + c is cell r * C + c) far sooner; its store is of that game, so a file of the
 * graph game is refused, and the other way round. */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"

#include <stdlib.h>

#define KAYLES_SAVE_EVERY 300.0   /* seconds between saves of --store (GRUNDY_SAVE_SECONDS) */
/* positions searched between looks at the clock: a board's take well under a microsecond, a
 * graph's (its canonical labelling) far more */
#define KAYLES_TICK_BOARD 256
#define KAYLES_TICK_GRAPH 1

typedef struct {
    cli_t *c;
    int arc;
    int board;               /* Node Kayles on a grid of rows x cols <= 64 cells, as a board */
    uint32_t rows, cols;
    sg_store_t *store;
    double next_save;
    double shown_at;
    int save_due;   /* the tick stopped the query for a save of --store */
} kayles_run_t;

/* The store's tick: 1 stops the query with SG_ESTOP; what it proved stays in the store. */
static int kayles_tick(void *user)
{
    kayles_run_t *r = (kayles_run_t *)user;
    double now;
    if (cli_signal_caught()) return 1;
    now = cli_now();
    if (r->c->store != NULL && now >= r->next_save) {
        r->save_due = 1;   /* stopped: kayles_ask saves and asks again */
        return 1;
    }
    if (r->c->progress && now - r->c->started >= 0.5 && now - r->shown_at >= 0.2) {
        sg_store_stats_t st;
        if (sg_store_stats(r->store, &st) == SG_OK) {
            fprintf(r->c->err, "\rgrundy: %s: %llu positions searched, %llu stored, %.0f s\033[K",
                    r->c->command, (unsigned long long)st.nodes,
                    (unsigned long long)st.positions, now - r->c->started);
            fflush(r->c->err);
            r->c->shown = 1;
        }
        r->shown_at = now;
    }
    return 0;
}

static int kayles_save(kayles_run_t *r)
{
    int st = sg_store_save(r->store, r->c->store);
    r->next_save = cli_now() + cli_save_every(KAYLES_SAVE_EVERY);
    if (st != SG_OK)
        return cli_error(r->c, CLI_FAIL, "--store '%.*s%s': cannot write it (%s)",
                         CLI_ARG(r->c->store), sg_strerror(st));
    return CLI_OK;
}

int cli_store_open(cli_t *c, sg_store_t *store, int exists)
{
    char have[SG_STORE_GAME_MAX + 1];
    const char *want = sg_store_game(store);
    int st;
    if (!exists) return CLI_OK;
    st = sg_store_file_game(c->store, have, sizeof have);
    if (st == SG_OK && strcmp(have, want) != 0)
        return cli_error(c, CLI_FAIL, "--store '%.*s%s': it holds values of %s%s%s, not of '%s'",
                         CLI_ARG(c->store), have[0] ? "'" : "", have[0] ? have : "no named game",
                         have[0] ? "'" : "", want);
    if (st == SG_OK) st = sg_store_load(store, c->store);
    if (st != SG_OK)
        return cli_error(c, CLI_FAIL, "--store '%.*s%s': cannot load it (%s)", CLI_ARG(c->store),
                         sg_strerror(st));
    return CLI_OK;
}

/* the store, loaded from --store FILE when it exists (and holds this game), else empty */
static int kayles_open(kayles_run_t *r)
{
    cli_t *c = r->c;
    int exists = 0, st;
    st = r->board ? sg_node_kayles_board_store_create(&r->store, NULL)
         : r->arc ? sg_arc_kayles_store(&r->store, SG_GRAPH_CANONICAL, NULL)
                  : sg_node_kayles_store(&r->store, SG_GRAPH_CANONICAL, NULL);
    if (st == SG_OK)
        st = sg_store_set_tick(r->store, kayles_tick, r,
                               r->board ? KAYLES_TICK_BOARD : KAYLES_TICK_GRAPH);
    if (st != SG_OK) return cli_lib_error(c, "sg_store_create", st);
    r->next_save = cli_now() + cli_save_every(KAYLES_SAVE_EVERY);
    if (c->store != NULL) st = cli_file_can_replace(c, "--store", c->store, &exists);
    if (st == CLI_OK) st = cli_store_open(c, r->store, exists);
    return st;
}

typedef struct {
    sg_value_t value;
    int next_wins;
    uint32_t u, v;   /* the winning move: a vertex (u), or an edge (u, v) */
    int has_move;
} kayles_answer_t;

enum { KAYLES_VALUE, KAYLES_OUTCOME, KAYLES_MOVE };

static int kayles_once(kayles_run_t *r, const sg_graph_t *g, int what, kayles_answer_t *a)
{
    int st;
    if (r->board) {
        if (what == KAYLES_VALUE)
            return sg_node_kayles_board_value(r->store, r->rows, r->cols, 0, &a->value);
        if (what == KAYLES_OUTCOME)
            return sg_node_kayles_board_outcome(r->store, r->rows, r->cols, 0, 0,
                                                &a->next_wins);
        st = sg_node_kayles_board_winning_move(r->store, r->rows, r->cols, 0, &a->u);
        if (st < 0) return st;
        a->has_move = st;
        return SG_OK;
    }
    if (what == KAYLES_VALUE)
        return r->arc ? sg_arc_kayles_value(g, r->store, &a->value)
                      : sg_node_kayles_value(g, r->store, &a->value);
    if (what == KAYLES_OUTCOME)
        return r->arc ? sg_arc_kayles_outcome(g, 0, r->store, &a->next_wins)
                      : sg_node_kayles_outcome(g, 0, r->store, &a->next_wins);
    st = r->arc ? sg_arc_kayles_winning_move(g, r->store, &a->u, &a->v)
                : sg_node_kayles_winning_move(g, r->store, &a->u);
    if (st < 0) return st;
    a->has_move = st;
    return SG_OK;
}

/* one query, stopped now and then to save --store and asked again: what it proved stays */
static int kayles_ask(kayles_run_t *r, const sg_graph_t *g, int what, kayles_answer_t *a)
{
    for (;;) {
        int st;
        r->save_due = 0;
        st = kayles_once(r, g, what, a);
        if (st != SG_ESTOP || !r->save_due || cli_signal_caught()) return st;
        if (kayles_save(r) != CLI_OK) return SG_EIO;
    }
}

static int kayles_query(kayles_run_t *r, const sg_graph_t *g, kayles_answer_t *a)
{
    int st = kayles_ask(r, g, r->c->outcome ? KAYLES_OUTCOME : KAYLES_VALUE, a);
    return st == SG_OK ? kayles_ask(r, g, KAYLES_MOVE, a) : st;
}

static void kayles_put(kayles_run_t *r, const sg_graph_t *g, const char *desc,
                       const char *graph6, const kayles_answer_t *a, double seconds)
{
    cli_t *c = r->c;
    sg_store_stats_t st;
    memset(&st, 0, sizeof st);
    sg_store_stats(r->store, &st);
    if (c->format == CLI_JSON || graph6 != NULL) {
        fputc('{', c->out);
        cli_json_game(c, c->out, NULL, NULL);
        fputs("\"graph\":", c->out);
        cli_put_json_string(c->out, graph6 != NULL ? "graph6" : desc);
        if (graph6 != NULL) {
            fputs(",\"graph6\":", c->out);
            cli_put_json_string(c->out, graph6);
        }
        fprintf(c->out, ",\"vertices\":%lu,\"edges\":%llu,", (unsigned long)sg_graph_order(g),
                (unsigned long long)sg_graph_size(g));
        /* value mode: the outcome follows the value, as in cram, hackenbush and welter */
        if (!c->outcome) fprintf(c->out, "\"value\":%lu,", (unsigned long)a->value);
        fprintf(c->out, "\"outcome\":\"%s\"",
                (c->outcome ? a->next_wins : a->value != 0) ? "N" : "P");
        if (!a->has_move) fputs(",\"move\":null", c->out);
        else if (r->arc) fprintf(c->out, ",\"move\":[%lu,%lu]", (unsigned long)a->u,
                                 (unsigned long)a->v);
        else fprintf(c->out, ",\"move\":%lu", (unsigned long)a->u);
        fprintf(c->out, ",\"nodes\":%llu,\"seconds\":%.3f}\n", (unsigned long long)st.nodes,
                seconds);
        fflush(c->out);
        return;
    }
    fprintf(c->out, "%s (%lu vert%s, %llu edge%s): ", desc, (unsigned long)sg_graph_order(g),
            sg_graph_order(g) == 1 ? "ex" : "ices", (unsigned long long)sg_graph_size(g),
            sg_graph_size(g) == 1 ? "" : "s");
    if (c->outcome) fprintf(c->out, "%s\n", a->next_wins ? "N (the player to move wins)"
                                                         : "P (the player to move loses)");
    else fprintf(c->out, "value %lu\n", (unsigned long)a->value);
    if (a->has_move && r->arc)
        fprintf(c->out, "winning move: take the edge %lu-%lu\n", (unsigned long)a->u,
                (unsigned long)a->v);
    else if (a->has_move)
        fprintf(c->out, "winning move: take vertex %lu and its neighbours\n",
                (unsigned long)a->u);
    fprintf(c->out, "positions searched: %llu\n", (unsigned long long)st.nodes);
}

#define GRAPH6_HEADER ">>graph6<<"
/* room for the longest line of a graph the library takes (SG_GRAPH_MAX_ORDER vertices, 1.4 MB):
 * the header, 4 bytes of order, the upper triangle 6 bits a byte, CR, LF and the NUL */
#define GRAPH6_LINE_MAX \
    (sizeof GRAPH6_HEADER + 4 + \
     ((size_t)SG_GRAPH_MAX_ORDER * (SG_GRAPH_MAX_ORDER - 1) / 2 + 5) / 6 + 3)

static int kayles_graph6_lines(kayles_run_t *r, char *line);

/* one graph a line on stdin, one JSON line out for each */
static int kayles_graph6(kayles_run_t *r)
{
    char *line = (char *)malloc(GRAPH6_LINE_MAX);
    int st;
    if (line == NULL) return cli_error(r->c, CLI_FAIL, "--graph6: out of memory");
    st = kayles_graph6_lines(r, line);
    free(line);
    return st;
}

static int kayles_graph6_lines(kayles_run_t *r, char *line)
{
    uint64_t lineno = 0;
    int st = SG_OK;
    while (st == SG_OK && fgets(line, (int)GRAPH6_LINE_MAX, stdin) != NULL) {
        sg_graph_t *g = NULL;
        kayles_answer_t a;
        double t0 = cli_now();
        size_t len = strlen(line);
        char *gl = line;
        lineno++;
        if (len == GRAPH6_LINE_MAX - 1 && line[len - 1] != '\n')
            return cli_error(r->c, CLI_USAGE, "line %llu: longer than the graph6 line of any "
                             "graph of at most %d vertices", (unsigned long long)lineno,
                             SG_GRAPH_MAX_ORDER);
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r')) line[--len] = '\0';
        /* nauty's optional header opens the input, alone on its line or before the first graph */
        if (lineno == 1 && strncmp(line, GRAPH6_HEADER, sizeof GRAPH6_HEADER - 1) == 0)
            gl += sizeof GRAPH6_HEADER - 1;
        if (*gl == '\0') continue;   /* a blank line (or the header alone), as nauty skips it */
        if ((st = cli_graph6(gl, &g)) != SG_OK)
            return cli_error(r->c, CLI_USAGE, "line %llu: not a graph in graph6 format (%s)",
                             (unsigned long long)lineno, sg_strerror(st));
        memset(&a, 0, sizeof a);
        st = kayles_query(r, g, &a);
        if (st == SG_OK) kayles_put(r, g, NULL, gl, &a, cli_now() - t0);
        sg_graph_free(g);
    }
    return st;
}

static int kayles_run(cli_t *c, int arc)
{
    kayles_run_t r;
    sg_graph_t *g = NULL;
    char desc[128];
    kayles_answer_t a;
    int st, caught;
    memset(&r, 0, sizeof r);
    memset(&a, 0, sizeof a);
    r.c = c;
    r.arc = arc;
    if (c->graph6 && c->graph_kind != NULL)
        return cli_error(c, CLI_USAGE, "--graph6 reads graphs from stdin: no --%s with it",
                         c->graph_kind);
    if (c->graph6 && c->format_set && c->format == CLI_TEXT)
        return cli_error(c, CLI_USAGE, "--graph6 writes one JSON line per graph: no --format "
                         "text with it");
    if (!c->graph6 && (st = cli_graph_read(c, &g, desc, sizeof desc)) != CLI_OK) return st;
    if (!arc && g != NULL && c->graph_kind != NULL && strcmp(c->graph_kind, "grid") == 0 &&
        sg_graph_order(g) <= 64) {
        /* RxC, read and checked by cli_graph_read */
        r.rows = (uint32_t)strtoul(c->graph_arg, NULL, 10);
        r.cols = r.rows ? sg_graph_order(g) / r.rows : 0;
        r.board = r.rows * r.cols == sg_graph_order(g) && r.rows * r.cols > 0;
    }
    if ((st = kayles_open(&r)) != CLI_OK) {
        sg_store_free(r.store);
        sg_graph_free(g);
        return st;
    }
    /* only a run with a file to save defers a signal to the store's tick, which one node's
     * options may keep away for minutes; without one the default action ends the run now */
    if (c->store != NULL) cli_signals_catch();
    if (c->graph6) {
        st = kayles_graph6(&r);
    } else {
        st = kayles_query(&r, g, &a);
        cli_progress_done(c);
        if (st == SG_OK) kayles_put(&r, g, desc, NULL, &a, cli_now() - c->started);
    }
    cli_progress_done(c);
    caught = cli_signal_caught();
    if (c->store != NULL && (st == SG_OK || st == SG_ESTOP) && kayles_save(&r) != CLI_OK)
        st = SG_EIO;
    if (c->store != NULL) cli_signals_release();
    if (st == SG_ESTOP && caught) {
        sg_store_stats_t done;
        memset(&done, 0, sizeof done);
        sg_store_stats(r.store, &done);
        st = cli_error(c, CLI_FAIL, "stopped by %s after %llu positions searched%s%.*s%s%s",
                       cli_signal_name(caught), (unsigned long long)done.nodes,
                       c->store ? ": what is proven is saved to '" : "",
                       c->store ? 40 : 0, c->store ? c->store : "",
                       c->store && strlen(c->store) > 40 ? "..." : "",
                       c->store ? "'; run the same command to go on" : "");
    } else if (st == SG_EIO || st == CLI_USAGE)
        st = st == SG_EIO ? CLI_FAIL : st;
    else if (st != SG_OK)
        st = cli_lib_error(c, arc ? "sg_arc_kayles" : "sg_node_kayles", st);
    sg_store_free(r.store);
    sg_graph_free(g);
    return st;
}

int cmd_node_kayles(cli_t *c)
{
    return cli_finish(c, kayles_run(c, 0));
}

int cmd_arc_kayles(cli_t *c)
{
    return cli_finish(c, kayles_run(c, 1));
}

int cli_opt_graph(cli_t *c, const char *opt, const char *arg)
{
    if (c->graph_kind != NULL)
        return cli_error(c, CLI_USAGE, "%s: one graph at a time (--%s was given)", opt,
                         c->graph_kind);
    c->graph_kind = opt + 2;
    c->graph_arg = arg;
    return CLI_OK;
}
