/*
 * Node Kayles and Arc Kayles (lib/games/graph/) against a brute force written plainly from the
 * rules in this file (a recursive mex over vertex subsets as bitmasks: no components, no
 * canonical forms, no store): every labelled graph on up to 5 vertices, every graph on 6, 7
 * and 8 vertices that nauty's geng lists (when installed), random graphs on up to 16; values,
 * outcomes of G + *k and winning moves, through one store reused and through a store per call,
 * with each canonical form, and the outcomes again through a store never asked a value. Then
 * paths against the octal games 0.137 and 0.07 up to n = 60, and the published values
 * (sources at each).
 */
#define _POSIX_C_SOURCE 200809L
#include "graphs.h"

#include <unistd.h>

#define BF_MAXN 16

typedef struct {
    uint32_t n;
    uint32_t nb[BF_MAXN];     /* neighbours as bitmasks */
    unsigned char *memo;      /* 2^n values + 1; 0 = unknown */
    int arc;
} brute_t;

/* the value of the subgraph induced by mask, from the rules alone */
static unsigned brute_value(brute_t *b, uint32_t mask)
{
    unsigned char seen[BF_MAXN * BF_MAXN + 2];
    unsigned v, u, m;
    if (b->memo[mask]) return b->memo[mask] - 1u;
    memset(seen, 0, sizeof seen);
    for (v = 0; v < b->n; v++) {
        if (!(mask >> v & 1)) continue;
        if (!b->arc) {
            seen[brute_value(b, mask & ~(b->nb[v] | 1u << v))] = 1;
            continue;
        }
        for (u = v + 1; u < b->n; u++)
            if ((mask >> u & 1) && (b->nb[v] >> u & 1))
                seen[brute_value(b, mask & ~(1u << v | 1u << u))] = 1;
    }
    for (m = 0; seen[m]; m++) {}
    b->memo[mask] = (unsigned char)(m + 1);
    return m;
}

static unsigned brute(const tg_graph_t *t, int arc, brute_t *b)
{
    uint32_t u, v;
    b->n = t->n;
    b->arc = arc;
    for (u = 0; u < t->n; u++) {
        b->nb[u] = 0;
        for (v = 0; v < t->n; v++)
            if (t->adj[u][v]) b->nb[u] |= 1u << v;
    }
    memset(b->memo, 0, (size_t)1 << t->n);
    return brute_value(b, (1u << t->n) - 1);
}

static int game_value(int arc, const sg_graph_t *g, sg_store_t *s, sg_value_t *v)
{
    return arc ? sg_arc_kayles_value(g, s, v) : sg_node_kayles_value(g, s, v);
}

static int game_outcome(int arc, const sg_graph_t *g, sg_value_t k, sg_store_t *s, int *w)
{
    return arc ? sg_arc_kayles_outcome(g, k, s, w) : sg_node_kayles_outcome(g, k, s, w);
}

/* one graph, one game: the value, the outcomes with *k for k <= 3, and the winning move
 * checked by the brute force on the position it leaves */
static void check_graph(const tg_graph_t *t, int arc, sg_store_t *s, brute_t *b, int moves)
{
    sg_graph_t *g = tg_make(t, NULL);
    sg_value_t v = 99, k;
    unsigned want = brute(t, arc, b);
    int w = -1, r;
    CHECK(g != NULL);
    CHECK_EQ(game_value(arc, g, s, &v), SG_OK);
    CHECK_EQ(v, want);
    for (k = 0; k <= 3; k++) {
        CHECK_EQ(game_outcome(arc, g, k, s, &w), SG_OK);
        CHECK_EQ(w, want != k);
    }
    if (moves) {
        uint32_t x = 0, y = 0, mask = (1u << t->n) - 1;
        r = arc ? sg_arc_kayles_winning_move(g, s, &x, &y) : sg_node_kayles_winning_move(g, s, &x);
        CHECK_EQ(r, want != 0);
        if (r == 1) {
            if (arc) {
                CHECK(x < y && y < t->n && t->adj[x][y]);
                mask &= ~(1u << x | 1u << y);
            } else {
                CHECK(x < t->n);
                mask &= ~(b->nb[x] | 1u << x);
            }
            CHECK_EQ(brute_value(b, mask), 0);
        }
    }
    sg_graph_free(g);
}

/* one graph, one game: the outcomes with *k for k <= 3 and no value asked first, through a
 * store that only ever answers outcomes (so each is searched, from what the graphs before it
 * left); k taken as 1, 0, 3, 2 so that an outcome known for one k meets a query for another
 * either way */
static void check_outcomes(const tg_graph_t *t, int arc, sg_store_t *s, brute_t *b)
{
    static const sg_value_t ks[4] = {1, 0, 3, 2};
    sg_graph_t *g = tg_make(t, NULL);
    unsigned want = brute(t, arc, b);
    int i, w = -1;
    CHECK(g != NULL);
    for (i = 0; i < 4; i++) {
        CHECK_EQ(game_outcome(arc, g, ks[i], s, &w), SG_OK);
        CHECK_EQ(w, want != ks[i]);
    }
    sg_graph_free(g);
}

static int nforms(void)
{
    return sg_graph_has_nauty() ? 2 : 1;
}

static sg_store_t *store_of(int arc, int f)
{
    sg_store_t *s = NULL;
    int form = f ? SG_GRAPH_NAUTY : SG_GRAPH_BUILTIN;
    CHECK_EQ(arc ? sg_arc_kayles_store(&s, form, NULL) : sg_node_kayles_store(&s, form, NULL),
             SG_OK);
    return s;
}

static unsigned char memo_block[(1u << BF_MAXN) + 1];

/* every labelled graph on up to 5 vertices (1 + 1 + 2 + 8 + 64 + 1024 of them) */
static void every_small_graph(void)
{
    brute_t b;
    int arc, f;
    b.memo = memo_block;
    for (arc = 0; arc <= 1; arc++)
        for (f = 0; f < nforms(); f++) {
            sg_store_t *s = store_of(arc, f), *o = store_of(arc, f);
            uint32_t n;
            for (n = 0; n <= 5; n++) {
                uint32_t pairs = n * (n ? n - 1 : 0) / 2, i, j, k;
                uint64_t mask;
                for (mask = 0; mask < (1ull << pairs); mask++) {
                    tg_graph_t t;
                    tg_clear(&t, n);
                    for (j = 1, k = 0; j < n; j++)
                        for (i = 0; i < j; i++, k++)
                            if ((mask >> k) & 1) tg_edge(&t, i, j);
                    check_graph(&t, arc, s, &b, 1);
                    check_outcomes(&t, arc, o, &b);
                }
            }
            sg_store_free(s);
            sg_store_free(o);
        }
}

/* every graph on 6, 7 and 8 vertices (156, 1044, 12346) from geng, through one store of each
 * form and game; those on 6 also through a store made for each call */
static void geng_graphs(void)
{
    brute_t b;
    uint32_t n, top = test_env_on("SG_TEST_QUICK") ? 7 : 8;   /* valgrind: to 7 */
    b.memo = memo_block;
    for (n = 6; n <= top; n++) {
        int arc, f;
        for (arc = 0; arc <= 1; arc++)
            for (f = 0; f < nforms(); f++) {
                FILE *in = tg_geng(n);
                sg_store_t *s, *o;
                char line[64];
                unsigned count = 0;
                if (in == NULL) {
                    printf("test_graph_kayles: nauty's geng is not installed: the graphs on 6 to "
                           "8 vertices are skipped (every graph on up to 5 is checked)\n");
                    return;
                }
                s = store_of(arc, f);
                o = store_of(arc, f);
                while (fgets(line, sizeof line, in) != NULL) {
                    tg_graph_t t;
                    CHECK(tg_graph6(&t, line));
                    check_graph(&t, arc, s, &b, 1);
                    check_outcomes(&t, arc, o, &b);
                    if (n == 6 && f == 0) check_graph(&t, arc, NULL, &b, 0);
                    count++;
                }
                pclose(in);
                sg_store_free(s);
                sg_store_free(o);
                CHECK_EQ(count, n == 6 ? 156 : n == 7 ? 1044 : 12346);
            }
    }
}

/* random graphs on 9 to 16 vertices, several densities */
static void random_graphs(void)
{
    brute_t b;
    unsigned r, rounds = (unsigned)test_scale(test_long() ? 400 : 60);
    b.memo = memo_block;
    for (r = 0; r < rounds; r++) {
        tg_graph_t t;
        uint32_t n = 9 + (uint32_t)test_below(8), i, j, p = 1 + (uint32_t)test_below(6);
        tg_clear(&t, n);
        for (i = 0; i < n; i++)
            for (j = i + 1; j < n; j++)
                if (test_below(10) < p) tg_edge(&t, i, j);
        check_graph(&t, (int)(r & 1), NULL, &b, 1);
    }
}

/* paths: Node Kayles is Dawson's chess, octal 0.137, Arc Kayles is Dawson's Kayles, 0.07 (on
 * n vertices: n - 1 edges; a move takes two adjacent vertices), n <= 60 */
static void paths_are_octal(void)
{
    sg_value_t table[61], v = 0;
    int arc;
    for (arc = 0; arc <= 1; arc++) {
        sg_octal_t *game = NULL;
        sg_store_t *s = store_of(arc, 0);
        uint32_t n;
        CHECK_EQ(sg_octal_parse(arc ? "0.07" : "0.137", &game), SG_OK);
        CHECK_EQ(sg_octal_table(game, table, 61), SG_OK);
        for (n = 0; n <= 60; n++) {
            tg_graph_t t;
            sg_graph_t *g;
            tg_path(&t, n);
            g = tg_make(&t, NULL);
            CHECK_EQ(game_value(arc, g, s, &v), SG_OK);
            CHECK_EQ(v, table[n]);
            sg_graph_free(g);
        }
        sg_octal_free(game);
        sg_store_free(s);
    }
}

static sg_value_t nk(const tg_graph_t *t, sg_store_t *s)
{
    sg_value_t v = 999;
    sg_graph_t *g = tg_make(t, NULL);
    CHECK_EQ(sg_node_kayles_value(g, s, &v), SG_OK);
    sg_graph_free(g);
    return v;
}

/* OEIS A316632, Node Kayles on the 3 x n grid, n = 1..16 (checked against https://oeis.org/
 * A316632; terms 14-16 by M. Fan's solver, github.com/InnovativeInventor/node-kayles), and
 * the facts stated there: the 2 x n grid is 1, 0, 1, 0, ... (A000035), the 4 x n grid 0
 * (A000004). n <= 10 and the 2 x n, 4 x n grids to 10 in make check; all in check-long. */
static void grids_a316632(void)
{
    static const sg_value_t a316632[17] = {0, 2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3};
    tg_graph_t t;
    sg_store_t *s = store_of(0, nforms() - 1);
    uint32_t n, top = test_long() ? 16 : 10;
    for (n = 1; n <= top; n++) {
        tg_grid(&t, 3, n);
        CHECK_EQ(nk(&t, s), a316632[n]);
    }
    for (n = 1; n <= (test_long() ? 14u : 10u); n++) {
        tg_grid(&t, 2, n);
        CHECK_EQ(nk(&t, s), n % 2);
        tg_grid(&t, 4, n);
        CHECK_EQ(nk(&t, s), 0);
    }
    sg_store_free(s);
}

/* OEIS A316533, Node Kayles on the generalized Petersen graph P(n, 2), n = 5..25: 1, 0, 1, 0,
 * 1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0 (Brown et al., J. Integer Seq. 23 (2020),
 * Article 20.3.5; later terms by M. Fan, github.com/InnovativeInventor/node-kayles, whose
 * README lists the sequence from P(5,2) to P(26,2); the terms here are the README's, the
 * OEIS page itself not having been at hand). n <= 15 in make check, all in check-long. */
static void petersen_a316533(void)
{
    static const sg_value_t a316533[21] = {1, 0, 1, 0, 1, 0, 0, 0, 1, 0, 1,
                                           0, 0, 0, 0, 0, 1, 0, 0, 0, 0};
    tg_graph_t t;
    sg_store_t *s = store_of(0, nforms() - 1);
    uint32_t n, top = test_long() ? 25 : 15;
    for (n = 5; n <= top; n++) {
        tg_petersen(&t, n, 2);
        CHECK_EQ(nk(&t, s), a316533[n - 5]);
    }
    sg_store_free(s);
}

/* OEIS A344227, Node Kayles on the n x n queens graph, n = 0..13: 0, 1, 1, 2, 1, 3, 1, 2, 3,
 * 1, 0, 1, 0, 1 (https://oeis.org/A344227, offset 0, "Table of n, a(n) for n=0..13"; "terms
 * 1-10 from H. Noon" (H. Noon and G. Brummelen, The Non-Attacking Queens Game, The College
 * Mathematics Journal (2006)), "terms 0 and terms 11-13 from Max Fan", whose solver is
 * github.com/InnovativeInventor/node-kayles).
 * n <= 9 by the value in make check; n = 10..13 in check-long by the outcome search, which
 * decides these terms exactly: SG(G) = 0 iff G is P, SG(G) = 1 iff G is N and G + *1 is P
 * (n = 13, the longest: 1952688 positions, 4 to 7 CPU minutes and 470 MB; docs/graphs.md). */
static void queens_a344227(void)
{
    static const sg_value_t a344227[14] = {0, 1, 1, 2, 1, 3, 1, 2, 3, 1, 0, 1, 0, 1};
    tg_graph_t t;
    sg_store_t *s = store_of(0, nforms() - 1);
    uint32_t n, top = test_long() ? 13 : 9;
    for (n = 0; n <= top; n++) {
        sg_graph_t *g;
        int w0 = -1, w1 = -1;
        tg_queens(&t, n);
        if (n <= 9) {
            CHECK_EQ(nk(&t, s), a344227[n]);
            continue;
        }
        sg_store_free(s);   /* a store per term: n = 13 holds about 470 MB */
        s = store_of(0, nforms() - 1);
        g = tg_make(&t, NULL);
        CHECK_EQ(sg_node_kayles_outcome(g, 0, s, &w0), SG_OK);
        CHECK_EQ(w0, a344227[n] != 0);
        if (a344227[n] == 1) {
            CHECK_EQ(sg_node_kayles_outcome(g, 1, s, &w1), SG_OK);
            CHECK_EQ(w1, 0);
        }
        sg_graph_free(g);
    }
    sg_store_free(s);
}

/* the n x n queens graph from an empty store of each form: G + *k for k = 0 .. top (N each but
 * the last, P), then the positions the search read, at most most */
static void queens_read(uint32_t n, sg_value_t top, uint64_t most)
{
    tg_graph_t t;
    sg_graph_t *g;
    sg_store_stats_t st;
    sg_value_t k;
    int f, w = -1;
    tg_queens(&t, n);
    g = tg_make(&t, NULL);
    for (f = 0; f < nforms(); f++) {
        sg_store_t *s = store_of(0, f);
        for (k = 0; k <= top; k++) {
            CHECK_EQ(sg_node_kayles_outcome(g, k, s, &w), SG_OK);
            CHECK_EQ(w, k != top);
        }
        CHECK_EQ(sg_store_stats(s, &st), SG_OK);
        CHECK(st.nodes > 0 && st.nodes <= most);
        sg_store_free(s);
    }
    sg_graph_free(g);
}

/* Proves: the outcome search tries small options first: on the 9 x 9 queens graph, G + *0 (N)
 * then G + *1 (P, A344227(9) = 1, below) read at most 6000 positions from an empty store, where
 * the options taken in the rule's order read 11605 with nauty's canonical form and 10638 with
 * the built-in one (now 3141 and 2409). */
static void outcome_small_first(void)
{
    queens_read(9, 1, 6000);
}

/* Proves: the outcome search tries first the options whose component is known N against another
 * heap: on the 11 x 11 queens graph, G + *0 (N) then G + *1 (P, A344227(11) = 1) on one store
 * read at most 39000 positions, where the size alone took 45714 with nauty's canonical form
 * and 43390 with the built-in one (with the hint: 35119 and 33975). Long tier (2 s). */
static void outcome_hint(void)
{
    if (test_long()) queens_read(11, 1, 39000);
}

/* Proves: an outcome of P is the value: once G + *3 is P on the 8 x 8 queens graph (A344227(8)
 * = 3), G + *0, G + *1, G + *7 (N) and the value (3) are answered without reading G's options
 * again, where a search of G + *0 read them. */
static void outcome_p_is_value(void)
{
    static const sg_value_t ks[3] = {0, 1, 7};
    tg_graph_t t;
    sg_graph_t *g;
    sg_store_stats_t st;
    sg_store_t *s = store_of(0, nforms() - 1);
    uint64_t nodes;
    sg_value_t v = 0;
    int i, w = -1;
    tg_queens(&t, 8);
    g = tg_make(&t, NULL);
    CHECK_EQ(sg_node_kayles_outcome(g, 3, s, &w), SG_OK);
    CHECK_EQ(w, 0);
    CHECK_EQ(sg_store_stats(s, &st), SG_OK);
    nodes = st.nodes;
    for (i = 0; i < 3; i++) {
        CHECK_EQ(sg_node_kayles_outcome(g, ks[i], s, &w), SG_OK);
        CHECK_EQ(w, 1);
    }
    CHECK_EQ(sg_node_kayles_value(g, s, &v), SG_OK);
    CHECK_EQ(v, 3);
    CHECK_EQ(sg_store_stats(s, &st), SG_OK);
    CHECK_EQ(st.nodes, nodes);
    sg_graph_free(g);
    sg_store_free(s);
}

/* Proves: the library names its stores' games, the canonical form included, and a file of a
 * Cram store is refused by a Node Kayles store (SG_EGAME, nothing added), though the two
 * share no position; a Node Kayles file loads into a Node Kayles store of the same form. */
static void store_names(void)
{
    char path[] = "/tmp/test_graph_kayles.XXXXXX";
    sg_store_t *cram = NULL, *node = NULL, *arc = NULL, *blt = NULL;
    sg_store_stats_t st;
    sg_value_t v;
    tg_graph_t t;
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    if (fd >= 0) close(fd);
    CHECK_EQ(sg_cram_store_create(&cram, NULL), SG_OK);
    CHECK_EQ(sg_node_kayles_store(&node, SG_GRAPH_CANONICAL, NULL), SG_OK);
    CHECK_EQ(sg_arc_kayles_store(&arc, SG_GRAPH_BUILTIN, NULL), SG_OK);
    CHECK_EQ(sg_node_kayles_store(&blt, SG_GRAPH_BUILTIN, NULL), SG_OK);
    CHECK(strcmp(sg_store_game(cram), "cram/1") == 0);
    CHECK(strcmp(sg_store_game(node), sg_graph_has_nauty() ? "node-kayles/1 nauty"
                                                         : "node-kayles/1 builtin") == 0);
    CHECK(strcmp(sg_store_game(arc), "arc-kayles/1 builtin") == 0);
    CHECK(strcmp(sg_store_game(blt), "node-kayles/1 builtin") == 0);
    CHECK_EQ(sg_cram_value(cram, 3, 3, 0, &v), SG_OK);
    CHECK_EQ(sg_store_save(cram, path), SG_OK);
    CHECK_EQ(sg_store_load(node, path), SG_EGAME);
    CHECK_EQ(sg_store_stats(node, &st), SG_OK);
    CHECK_EQ(st.positions, 0);
    tg_path(&t, 9);
    (void)nk(&t, blt);
    CHECK_EQ(sg_store_save(blt, path), SG_OK);
    CHECK_EQ(sg_store_load(arc, path), SG_EGAME);
    sg_store_free(blt);
    CHECK_EQ(sg_node_kayles_store(&blt, SG_GRAPH_BUILTIN, NULL), SG_OK);
    CHECK_EQ(sg_store_load(blt, path), SG_OK);
    CHECK_EQ(sg_store_stats(blt, &st), SG_OK);
    CHECK(st.positions > 0);
    unlink(path);
    sg_store_free(cram);
    sg_store_free(node);
    sg_store_free(arc);
    sg_store_free(blt);
}

/* Node Kayles' rules, stopped (non-zero) once `budget` options calls are made */
typedef struct {
    sg_struct_rules_t inner;
    void *user;
    unsigned long calls, budget;
} budget_t;

static int budget_options(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    budget_t *b = (budget_t *)user;
    if (b->budget != 0 && ++b->calls > b->budget) return 1;
    return b->inner.options(b->user, pos, len, out);
}

static int budget_split(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    budget_t *b = (budget_t *)user;
    return b->inner.split(b->user, pos, len, out);
}

static int budget_canonical(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    budget_t *b = (budget_t *)user;
    return b->inner.canonical(b->user, pos, len, out);
}

/* Proves: a query stopped by its callback (SG_ESTOP) keeps the results it proved: asked again,
 * the store redoes at most the positions that were open when it stopped (not the half done
 * before), saved and loaded they spare a new store the same work, and the answers are the
 * published ones (A316632: the 3 x 8 grid is *2; outcome of G + *2: P). */
static void stopped_keeps_work(void)
{
    sg_struct_rules_t rules = {budget_options, budget_split, budget_canonical};
    char path[] = "/tmp/test_graph_kayles.XXXXXX";
    sg_store_stats_t full, half, again;
    budget_t b;
    tg_graph_t t;
    sg_graph_t *g;
    unsigned char pos[2 + 24 * 23 / 16 + 1];
    size_t len;
    int what, fd = mkstemp(path);
    CHECK(fd >= 0);
    if (fd >= 0) close(fd);
    tg_grid(&t, 3, 8);
    g = tg_make(&t, NULL);
    CHECK_EQ(sg_graph_bytes(g, SG_GRAPH_LABELLED, pos, sizeof pos, &len), SG_OK);
    memset(&b, 0, sizeof b);
    CHECK_EQ(sg_node_kayles_rules(SG_GRAPH_CANONICAL, &b.inner, &b.user), SG_OK);
    for (what = 0; what < 2; what++) {   /* the value, then the outcome of G + *2 */
        sg_store_t *s = NULL, *r = NULL;
        sg_value_t v = 99;
        int win = 99;
        b.budget = 0;
        CHECK_EQ(sg_store_create(&s, &rules, &b, NULL), SG_OK);
        CHECK_EQ(what ? sg_store_outcome(s, pos, len, 2, &win) : sg_store_value(s, pos, len, &v),
                 SG_OK);
        CHECK_EQ(sg_store_stats(s, &full), SG_OK);
        sg_store_free(s);
        CHECK(full.nodes > 100);
        b.calls = 0;
        b.budget = (unsigned long)full.nodes / 2;
        CHECK_EQ(sg_store_create(&s, &rules, &b, NULL), SG_OK);
        CHECK_EQ(what ? sg_store_outcome(s, pos, len, 2, &win) : sg_store_value(s, pos, len, &v),
                 SG_ESTOP);
        CHECK_EQ(sg_store_stats(s, &half), SG_OK);
        CHECK(half.positions > 0);
        CHECK_EQ(sg_store_save(s, path), SG_OK);
        b.budget = 0;   /* asked again: only what was open at the stop (at most 24 deep) */
        CHECK_EQ(what ? sg_store_outcome(s, pos, len, 2, &win) : sg_store_value(s, pos, len, &v),
                 SG_OK);
        CHECK_EQ(sg_store_stats(s, &again), SG_OK);
        CHECK(again.nodes - half.nodes <= full.nodes - half.nodes + 24);
        CHECK(again.nodes - half.nodes < full.nodes);
        CHECK_EQ(what ? win : (int)v, what ? 0 : 2);
        /* from the file, in a new store: as little */
        CHECK_EQ(sg_store_create(&r, &rules, &b, NULL), SG_OK);
        CHECK_EQ(sg_store_load(r, path), SG_OK);
        win = 99;
        v = 99;
        CHECK_EQ(what ? sg_store_outcome(r, pos, len, 2, &win) : sg_store_value(r, pos, len, &v),
                 SG_OK);
        CHECK_EQ(sg_store_stats(r, &again), SG_OK);
        CHECK(again.nodes <= full.nodes - half.nodes + 24);
        CHECK_EQ(what ? win : (int)v, what ? 0 : 2);
        sg_store_free(s);
        sg_store_free(r);
    }
    sg_graph_free(g);
    unlink(path);
}

static void bad_arguments(void)
{
    sg_store_t *s = NULL;
    sg_graph_t *g = NULL;
    sg_value_t v;
    uint32_t x, y;
    int w;
    CHECK_EQ(sg_node_kayles_store(NULL, SG_GRAPH_CANONICAL, NULL), SG_EINVAL);
    CHECK_EQ(sg_node_kayles_store(&s, SG_GRAPH_LABELLED, NULL), SG_EINVAL);
    CHECK_EQ(sg_arc_kayles_store(&s, 42, NULL), SG_EINVAL);
    CHECK(s == NULL);
    if (!sg_graph_has_nauty()) CHECK_EQ(sg_arc_kayles_store(&s, SG_GRAPH_NAUTY, NULL), SG_EINVAL);
    CHECK_EQ(sg_node_kayles_value(NULL, NULL, &v), SG_EINVAL);
    CHECK_EQ(sg_graph_create(&g, 3, NULL, 0), SG_OK);
    CHECK_EQ(sg_node_kayles_value(g, NULL, NULL), SG_EINVAL);
    CHECK_EQ(sg_arc_kayles_outcome(g, 0, NULL, NULL), SG_EINVAL);
    CHECK_EQ(sg_node_kayles_winning_move(g, NULL, NULL), SG_EINVAL);
    CHECK_EQ(sg_arc_kayles_winning_move(g, NULL, &x, NULL), SG_EINVAL);
    /* three lone vertices: Node Kayles *1 (moves: any), Arc Kayles 0 (no move) */
    CHECK_EQ(sg_node_kayles_value(g, NULL, &v), SG_OK);
    CHECK_EQ(v, 1);
    CHECK_EQ(sg_arc_kayles_value(g, NULL, &v), SG_OK);
    CHECK_EQ(v, 0);
    CHECK_EQ(sg_arc_kayles_winning_move(g, NULL, &x, &y), 0);
    CHECK_EQ(sg_arc_kayles_outcome(g, 0, NULL, &w), SG_OK);
    CHECK_EQ(w, 0);
    sg_graph_free(g);
}

/* A store of another game (or renamed) is refused with SG_EINVAL, before anything is asked:
 * its rule would answer with its own values. Fails on a build that queries any store it is
 * given: there, an Arc Kayles store asked by Node Kayles gives the path 0-1-2 Arc Kayles'
 * value, 1, where Node Kayles' is 2, and reports SG_OK. */
static void wrong_store(void)
{
    static const uint32_t ends[4] = {0, 1, 1, 2};
    sg_store_t *node = NULL, *arc = NULL, *cram = NULL;
    sg_graph_t *g = NULL;
    sg_value_t v = 99;
    uint32_t a = 0, b = 0;
    int w = -1;
    CHECK_EQ(sg_graph_create(&g, 3, ends, 2), SG_OK);
    CHECK_EQ(sg_node_kayles_store(&node, SG_GRAPH_CANONICAL, NULL), SG_OK);
    CHECK_EQ(sg_arc_kayles_store(&arc, SG_GRAPH_BUILTIN, NULL), SG_OK);
    CHECK_EQ(sg_cram_store_create(&cram, NULL), SG_OK);
    CHECK_EQ(sg_arc_kayles_value(g, node, &v), SG_EINVAL);
    CHECK_EQ(sg_arc_kayles_outcome(g, 0, node, &w), SG_EINVAL);
    CHECK_EQ(sg_arc_kayles_winning_move(g, node, &a, &b), SG_EINVAL);
    CHECK_EQ(sg_node_kayles_value(g, arc, &v), SG_EINVAL);
    CHECK_EQ(sg_node_kayles_outcome(g, 0, cram, &w), SG_EINVAL);
    CHECK_EQ(sg_node_kayles_winning_move(g, cram, &a), SG_EINVAL);
    CHECK_EQ(v, 99);
    CHECK_EQ(sg_arc_kayles_value(g, arc, &v), SG_OK);
    CHECK_EQ(v, 1);
    CHECK_EQ(sg_node_kayles_value(g, node, &v), SG_OK);
    CHECK_EQ(v, 2);
    CHECK_EQ(sg_store_set_game(node, "mine"), SG_OK);
    CHECK_EQ(sg_node_kayles_value(g, node, &v), SG_EINVAL);
    sg_store_free(node);
    sg_store_free(arc);
    sg_store_free(cram);
    sg_graph_free(g);
}

int main(void)
{
    RUN(bad_arguments);
    RUN(store_names);
    RUN(wrong_store);
    RUN(stopped_keeps_work);
    RUN(every_small_graph);
    RUN(geng_graphs);
    RUN(random_graphs);
    RUN(paths_are_octal);
    RUN(grids_a316632);
    RUN(petersen_a316533);
    RUN(queens_a344227);
    RUN(outcome_small_first);
    RUN(outcome_p_is_value);
    RUN(outcome_hint);
    return TEST_REPORT();
}
