/* Games with cycles (sg_loopy_*), against brute forces written here from the definitions:
 *
 * - the generalised Sprague-Grundy function by its defining conditions (Smith 1966, as stated
 *   by Fraenkel and Yesha 1986): a function gamma from the positions to the non-negative
 *   integers and infinity, with a counter function c on the positions of finite value, such
 *   that
 *     A. if gamma(u) is finite, gamma(u) = mex gamma(F(u)) (the mex of the finite values
 *        among the options F(u));
 *     B. if gamma(u) is finite and v in F(u) has gamma(v) > gamma(u) (infinity included), some
 *        w in F(v) has gamma(w) = gamma(u) and c(w) < c(u);
 *     C. if gamma(u) is infinite, some v in F(u) has gamma(v) infinite and no w in F(v) has
 *        gamma(w) = mex gamma(F(u));
 *   such a gamma is unique. B is checked by building c: within one value, a position is
 *   given the next counter once each of its options of larger value has an option of the
 *   same value already counted; c exists exactly when every position gets one. K(u) is the
 *   set of finite values of the options.
 * - outcomes and remoteness by plain game search with draws, by rounds: round 0 the positions
 *   with no move (lost); round k a position not yet decided is won when an option was lost
 *   at an earlier round, lost when every option was won at an earlier round; what is never
 *   decided is a draw, and the round is the remoteness.
 * - sums by the same search over the product graph (one token per component, a move moves
 *   one token), which knows nothing of values; a sum with a Nim heap *k checks the values a
 *   second way: u + *k is P exactly when gamma(u) = k, and for infinite gamma(u) it is N
 *   exactly when k is in K(u), else a draw.
 * - the winning moves as a strategy: in the product graph, with the winner restricted to the
 *   move sg_loopy_winning_move gives, every N-position must still be a forced win. */
#include "sg.h"
#include "test.h"

#include <stdlib.h>

#define MAXN 16
#define MAXD 8
#define INF 0xffffffffu

/* ---- a small graph ------------------------------------------------------------------------ */

typedef struct {
    unsigned n;
    unsigned deg[MAXN];
    unsigned adj[MAXN][MAXD];
    int bad;             /* 1: report an option out of range; 2: a sum of two; 3: a value */
    uint64_t mul, add;   /* keys for sg_loopy_explore: key(p) = p * mul + add */
} graph_t;

static uint64_t key_of(const graph_t *g, unsigned p) { return (uint64_t)p * g->mul + g->add; }

static int graph_rule(void *user, uint64_t p, sg_moves_t *out)
{
    const graph_t *g = (const graph_t *)user;
    unsigned j;
    for (j = 0; j < g->deg[p]; j++) {
        uint64_t one = g->adj[p][j];
        /* the same move, reported as a one-part sum now and then */
        if (j % 3 == 2) sg_move_to_sum(out, &one, 1);
        else sg_move_to(out, g->adj[p][j]);
    }
    if (g->bad == 1 && p + 1 == g->n) sg_move_to(out, g->n);
    if (g->bad == 2 && p == 0) {
        uint64_t two[2] = {0, 0};
        sg_move_to_sum(out, two, 2);
    }
    if (g->bad == 3 && p == 0) sg_move_value(out, 1);
    return 0;
}

static uint64_t inverse_odd(uint64_t a)
{
    uint64_t x = a;
    int i;
    for (i = 0; i < 6; i++) x *= 2 - a * x;
    return x;
}

static int key_rule(void *user, uint64_t key, sg_moves_t *out)
{
    const graph_t *g = (const graph_t *)user;
    uint64_t p = (key - g->add) * inverse_odd(g->mul);
    unsigned j;
    CHECK(p < g->n);
    if (p >= g->n) return 1;
    for (j = 0; j < g->deg[p]; j++) sg_move_to(out, key_of(g, g->adj[p][j]));
    return 0;
}

/* n positions, each with up to maxd random options anywhere (self-loops, repeats); with
 * `heaps`, the last four positions are Nim heaps *0..*3 that others may move to */
static void random_graph(graph_t *g, unsigned n, unsigned maxd, int heaps)
{
    unsigned p, j, body = heaps ? n - 4 : n;
    memset(g, 0, sizeof *g);
    g->n = n;
    g->mul = test_rand() | 1;
    g->add = test_rand();
    for (p = 0; p < body; p++) {
        g->deg[p] = (unsigned)test_below(maxd + 1);
        for (j = 0; j < g->deg[p]; j++) g->adj[p][j] = (unsigned)test_below(n);
    }
    for (p = body; p < n; p++) {
        g->deg[p] = p - body;
        for (j = 0; j < g->deg[p]; j++) g->adj[p][j] = body + j;
    }
}

/* ---- brute force: outcomes and remoteness by rounds, Smith's conditions ----------------- */

#define BRUTE_CHECK(cond) CHECK(cond)
#include "brute_loopy.h"

/* the product graph of k tokens on g: state = digits base n */
typedef struct {
    size_t n;
    size_t first[MAXN * MAXN * MAXN + 1];
    size_t to[MAXN * MAXN * MAXN * MAXD * 3];
    uint32_t rem[MAXN * MAXN * MAXN];
} product_t;

static product_t prod;

static size_t power(size_t b, unsigned k)
{
    size_t r = 1;
    while (k--) r *= b;
    return r;
}

static void product_build(const graph_t *g, unsigned k)
{
    size_t s, e = 0, i;
    bgraph_t b;
    prod.n = power(g->n, k);
    for (s = 0; s < prod.n; s++) {
        size_t rest = s, unit = 1;
        prod.first[s] = e;
        for (i = 0; i < k; i++) {
            unsigned c = (unsigned)(rest % g->n), j;
            for (j = 0; j < g->deg[c]; j++) prod.to[e++] = s - c * unit + g->adj[c][j] * unit;
            rest /= g->n;
            unit *= g->n;
        }
    }
    prod.first[prod.n] = e;
    b.n = prod.n;
    b.first = prod.first;
    b.to = prod.to;
    brute_rounds(&b, prod.rem);
}

/* ---- the checks on one graph --------------------------------------------------------------- */

static size_t n_graphs, n_inf, n_draws, n_sums, n_sum_draws, n_strategy;

/* The value of every position, its K, outcome and remoteness, through the queries. */
static void read_all(const sg_loopy_t *l, const graph_t *g, int keys, uint32_t *val)
{
    unsigned u, j;
    bgraph_t b;
    size_t first[MAXN + 1], to[MAXN * MAXD], e = 0;
    uint32_t rem[MAXN];
    for (u = 0; u < g->n; u++) {
        first[u] = e;
        for (j = 0; j < g->deg[u]; j++) to[e++] = g->adj[u][j];
    }
    first[g->n] = e;
    b.n = g->n;
    b.first = first;
    b.to = to;
    brute_rounds(&b, rem);
    for (u = 0; u < g->n; u++) {
        uint64_t pos = keys ? key_of(g, u) : u, r = 0;
        sg_value_t v = 12345, kbuf[MAXD + 1];
        size_t len = 999;
        int out = -1, st = sg_loopy_value(l, pos, &v);
        CHECK(st == 0 || st == 1);
        if (st == 0) CHECK_EQ(v, 12345);
        val[u] = st == 1 ? v : INF;
        CHECK_EQ(sg_loopy_outcome(l, pos, &out), SG_OK);
        CHECK_EQ(sg_loopy_remoteness(l, pos, &r), SG_OK);
        CHECK_EQ(out, brute_outcome(rem[u]));
        CHECK_EQ(r, rem[u] == INF ? SG_LOOPY_DRAW : rem[u]);
        CHECK_EQ(sg_loopy_k(l, pos, kbuf, MAXD + 1, &len), SG_OK);
        /* K itself is compared below, once every value is known */
        CHECK(len <= g->deg[u]);
        for (j = 1; j < len && j <= MAXD; j++) CHECK(kbuf[j - 1] < kbuf[j]);
    }
    for (u = 0; u < g->n; u++) {
        uint64_t pos = keys ? key_of(g, u) : u;
        sg_value_t kbuf[MAXD + 1], want[MAXD + 1], m;
        size_t len = 999, nwant = 0, i;
        int out = -1;
        for (m = 0; m <= MAXD; m++)
            if (brute_has(val, g, u, m)) want[nwant++] = m;
        CHECK_EQ(sg_loopy_k(l, pos, kbuf, MAXD + 1, &len), SG_OK);
        CHECK_EQ(len, nwant);
        for (i = 0; i < len && i < nwant; i++) CHECK_EQ(kbuf[i], want[i]);
        /* the value decides the outcome: 0 is P, finite g > 0 is N, infinite is N iff 0 in K */
        CHECK_EQ(sg_loopy_outcome(l, pos, &out), SG_OK);
        if (val[u] != INF) CHECK_EQ(out, val[u] == 0 ? SG_LOOPY_P : SG_LOOPY_N);
        else CHECK_EQ(out, brute_has(val, g, u, 0) ? SG_LOOPY_N : SG_LOOPY_D);
        n_inf += val[u] == INF;
        n_draws += out == SG_LOOPY_D;
    }
}

/* Sums of k tokens: outcome against the product graph, and the winning moves as a strategy. */
static void check_sums(const sg_loopy_t *l, const graph_t *g, unsigned k, int keys)
{
    static unsigned char won[MAXN * MAXN * MAXN], lost[MAXN * MAXN * MAXN];
    static size_t chosen[MAXN * MAXN * MAXN];
    size_t s, i, j;
    int changed;
    product_build(g, k);
    for (s = 0; s < prod.n; s++) {
        uint64_t pos[3];
        size_t rest = s, comp = 99, opt = 99, unit = 1, u;
        uint64_t target = 12345;
        int out = -1, r;
        for (i = 0; i < k; i++) {
            pos[i] = keys ? key_of(g, (unsigned)(rest % g->n)) : rest % g->n;
            rest /= g->n;
        }
        CHECK_EQ(sg_loopy_sum_outcome(l, pos, k, &out), SG_OK);
        CHECK_EQ(out, brute_outcome(prod.rem[s]));
        n_sums++;
        n_sum_draws += out == SG_LOOPY_D;
        r = sg_loopy_winning_move(l, pos, k, &comp, &opt, &target);
        CHECK_EQ(r, out == SG_LOOPY_N);
        chosen[s] = SIZE_MAX;
        if (r != 1) continue;
        CHECK(comp < k);
        if (comp >= k) continue;
        for (i = 0; i < comp; i++) unit *= g->n;
        u = (s / unit) % g->n;
        CHECK(opt < g->deg[u]);
        if (opt >= g->deg[u]) continue;
        CHECK_EQ(target, keys ? key_of(g, g->adj[u][opt]) : g->adj[u][opt]);
        chosen[s] = s - u * unit + g->adj[u][opt] * unit;
        /* the move reaches a P-position of the sum */
        CHECK_EQ(brute_outcome(prod.rem[chosen[s]]), SG_LOOPY_P);
    }
    /* the strategy: the winner plays only the chosen moves; least fixpoint of "forced win" */
    memset(won, 0, prod.n);
    memset(lost, 0, prod.n);
    do {
        changed = 0;
        for (s = 0; s < prod.n; s++) {
            if (chosen[s] != SIZE_MAX) {
                if (!won[s] && lost[chosen[s]]) {
                    won[s] = 1;
                    changed = 1;
                }
            } else if (!lost[s]) {
                int all = 1;
                for (j = prod.first[s]; j < prod.first[s + 1]; j++)
                    if (!won[prod.to[j]]) all = 0;
                if (all) {
                    lost[s] = 1;
                    changed = 1;
                }
            }
        }
    } while (changed);
    for (s = 0; s < prod.n; s++)
        if (chosen[s] != SIZE_MAX) CHECK(won[s]);
    n_strategy++;
}

/* u + *h for the Nim heaps of a graph made with `heaps`: the values a second way */
static void check_with_heaps(const graph_t *g, const uint32_t *val)
{
    unsigned u, h, body = g->n - 4;
    product_build(g, 2);
    for (u = 0; u < body; u++)
        for (h = 0; h < 4; h++) {
            uint32_t r = prod.rem[u + (size_t)(body + h) * g->n];
            int want;
            if (val[u] != INF) want = val[u] == h ? SG_LOOPY_P : SG_LOOPY_N;
            else want = brute_has(val, g, u, h) ? SG_LOOPY_N : SG_LOOPY_D;
            CHECK_EQ(brute_outcome(r), want);
        }
}

static void check_graph(graph_t *g, int heaps)
{
    sg_loopy_t *a = NULL, *b = NULL, *c = NULL;
    uint32_t va[MAXN], vb[MAXN];
    uint64_t off[MAXN + 1], tg[MAXN * MAXD];
    unsigned u, j, e = 0;
    CHECK_EQ(sg_loopy_build(&a, g->n, graph_rule, g), SG_OK);
    if (a == NULL) return;
    CHECK_EQ(sg_loopy_count(a), g->n);
    read_all(a, g, 0, va);
    brute_conditions(g, va);
    if (heaps) check_with_heaps(g, va);
    check_sums(a, g, 1, 0);
    if (g->n <= 9) check_sums(a, g, 2, 0);
    if (g->n <= 5) check_sums(a, g, 3, 0);
    /* the same graph in compressed rows */
    for (u = 0; u < g->n; u++) {
        off[u] = e;
        for (j = 0; j < g->deg[u]; j++) tg[e++] = g->adj[u][j];
    }
    off[g->n] = e;
    CHECK_EQ(sg_loopy_build_graph(&b, g->n, off, tg), SG_OK);
    if (b != NULL) {
        read_all(b, g, 0, vb);
        CHECK(memcmp(va, vb, g->n * sizeof *va) == 0);
    }
    /* by keys, explored from position 0: what is reached has the same values */
    CHECK_EQ(sg_loopy_explore(&c, key_of(g, 0), key_rule, g, 0, NULL), SG_OK);
    if (c != NULL) {
        uint64_t idx, k0;
        CHECK_EQ(sg_loopy_state(c, 0, &k0), SG_OK);
        CHECK_EQ(k0, key_of(g, 0));
        for (idx = 0; idx < sg_loopy_count(c); idx++) {
            uint64_t key, p;
            sg_value_t v = 777;
            int st, out = -1, want = -1;
            CHECK_EQ(sg_loopy_state(c, idx, &key), SG_OK);
            p = (key - g->add) * inverse_odd(g->mul);
            CHECK(p < g->n);
            if (p >= g->n) break;
            st = sg_loopy_value(c, key, &v);
            CHECK_EQ(st == 1 ? v : INF, va[p]);
            CHECK_EQ(sg_loopy_outcome(c, key, &out), SG_OK);
            CHECK_EQ(sg_loopy_outcome(a, p, &want), SG_OK);
            CHECK_EQ(out, want);
        }
        if (sg_loopy_count(c) == g->n) {
            read_all(c, g, 1, vb);
            if (g->n <= 9) check_sums(c, g, 2, 1);
        }
    }
    n_graphs++;
    sg_loopy_free(a);
    sg_loopy_free(b);
    sg_loopy_free(c);
}

static void test_random_graphs(void)
{
    graph_t g;
    uint64_t i, rounds = test_scale(3000);
    for (i = 0; i < rounds; i++) {
        unsigned n = 1 + (unsigned)test_below(i % 3 == 0 ? 9 : 6);
        random_graph(&g, n, 1 + (unsigned)test_below(4), 0);
        check_graph(&g, 0);
    }
    /* with Nim heaps *0..*3 in the graph, values up to 4 and more */
    for (i = 0; i < rounds / 3; i++) {
        unsigned n = 5 + (unsigned)test_below(8);
        random_graph(&g, n, 1 + (unsigned)test_below(5), 1);
        check_graph(&g, 1);
    }
    /* the checks saw every kind of answer */
    CHECK(n_inf > 100);
    CHECK(n_draws > 100);
    CHECK(n_sum_draws > 100);
    printf("loopy: %zu graphs, %zu infinite values, %zu draws, %zu sums (%zu drawn), %zu "
           "strategies checked\n", n_graphs, n_inf, n_draws, n_sums, n_sum_draws, n_strategy);
}

/* ---- acyclic graphs: the same values as sg_table_build ------------------------------------ */

typedef struct {
    uint64_t n;
    unsigned fan;
} dag_t;

static uint64_t dag_option(uint64_t p, unsigned j)
{
    uint64_t h = (p * 7919 + j + 1) * 0x9e3779b97f4a7c15ULL;
    return (h ^ (h >> 31)) % p;
}

static int dag_rule(void *user, uint64_t p, sg_moves_t *out)
{
    const dag_t *d = (const dag_t *)user;
    unsigned j;
    for (j = 0; p > 0 && j < d->fan; j++) sg_move_to(out, dag_option(p, j));
    return 0;
}

static void test_acyclic(void)
{
    dag_t d = {2000, 6};
    sg_value_t *t = (sg_value_t *)malloc(2000 * sizeof *t);
    sg_loopy_t *l = NULL;
    uint64_t p, r;
    CHECK(t != NULL);
    if (t == NULL) return;
    CHECK_EQ(sg_table_build(t, d.n, dag_rule, &d), SG_OK);
    CHECK_EQ(sg_loopy_build(&l, d.n, dag_rule, &d), SG_OK);
    for (p = 0; l != NULL && p < d.n; p++) {
        sg_value_t v = 0;
        CHECK_EQ(sg_loopy_value(l, p, &v), 1);
        CHECK_EQ(v, t[p]);
        CHECK_EQ(sg_loopy_remoteness(l, p, &r), SG_OK);
        CHECK(r != SG_LOOPY_DRAW);
        CHECK_EQ(r % 2 == 0, t[p] == 0);
    }
    sg_loopy_free(l);
    free(t);
}

/* ---- small graphs worked by hand ------------------------------------------------------------- */

static void test_small(void)
{
    /* 0 <-> 1, 1 -> 2 (no move from 2), 3 -> 3 */
    const uint64_t off[5] = {0, 1, 3, 3, 4}, to[4] = {1, 0, 2, 3};
    sg_loopy_t *l = NULL;
    sg_value_t v = 99, k[4];
    size_t len = 99, comp = 99, opt = 99;
    uint64_t r = 0, target = 0, sum[2];
    int out = -1;
    CHECK_EQ(sg_loopy_build_graph(&l, 4, off, to), SG_OK);
    if (l == NULL) return;
    /* 2 has no move: 0. Then 1 has an option of value 0 (2), so it is not 0, and 0, whose one
     * option 1 has a move to value 0, is 0. Then 1 = mex{0, 0} = 1. 3 only moves to itself:
     * infinity({}), a draw. */
    CHECK_EQ(sg_loopy_value(l, 2, &v), 1);
    CHECK_EQ(v, 0);
    CHECK_EQ(sg_loopy_value(l, 0, &v), 1);
    CHECK_EQ(v, 0);
    CHECK_EQ(sg_loopy_value(l, 1, &v), 1);
    CHECK_EQ(v, 1);
    v = 99;
    CHECK_EQ(sg_loopy_value(l, 3, &v), 0);
    CHECK_EQ(v, 99);
    CHECK_EQ(sg_loopy_k(l, 3, k, 4, &len), SG_OK);
    CHECK_EQ(len, 0);
    CHECK_EQ(sg_loopy_k(l, 1, k, 4, &len), SG_OK);
    CHECK_EQ(len, 1);
    CHECK_EQ(k[0], 0);
    /* remoteness: 2 lost at once (0), 1 wins in one move, 0 loses in two */
    CHECK_EQ(sg_loopy_remoteness(l, 0, &r), SG_OK);
    CHECK_EQ(r, 2);
    CHECK_EQ(sg_loopy_remoteness(l, 1, &r), SG_OK);
    CHECK_EQ(r, 1);
    CHECK_EQ(sg_loopy_remoteness(l, 3, &r), SG_OK);
    CHECK_EQ(r, SG_LOOPY_DRAW);
    CHECK_EQ(sg_loopy_outcome(l, 3, &out), SG_OK);
    CHECK_EQ(out, SG_LOOPY_D);
    /* the winning move from 1 is its option number 1 (to 2) */
    sum[0] = 1;
    CHECK_EQ(sg_loopy_winning_move(l, sum, 1, &comp, &opt, &target), 1);
    CHECK_EQ(comp, 0);
    CHECK_EQ(opt, 1);
    CHECK_EQ(target, 2);
    /* 3 + anything finite is a draw; 1 + 1 is P; the empty sum is P */
    sum[0] = 3;
    sum[1] = 1;
    CHECK_EQ(sg_loopy_sum_outcome(l, sum, 2, &out), SG_OK);
    CHECK_EQ(out, SG_LOOPY_D);
    CHECK_EQ(sg_loopy_winning_move(l, sum, 2, &comp, &opt, NULL), 0);
    sum[0] = 1;
    CHECK_EQ(sg_loopy_sum_outcome(l, sum, 2, &out), SG_OK);
    CHECK_EQ(out, SG_LOOPY_P);
    CHECK_EQ(sg_loopy_sum_outcome(l, NULL, 0, &out), SG_OK);
    CHECK_EQ(out, SG_LOOPY_P);
    /* K with a short buffer: the first values, and the full count */
    len = 99;
    CHECK_EQ(sg_loopy_k(l, 1, NULL, 0, &len), SG_OK);
    CHECK_EQ(len, 1);
    sg_loopy_free(l);
}

/* ---- large graphs: nothing recursive ------------------------------------------------------ */

static int cycle_rule(void *user, uint64_t p, sg_moves_t *out)
{
    uint64_t n = *(const uint64_t *)user;
    sg_move_to(out, p + 1 == n ? 0 : p + 1);
    return 0;
}

static int chain_up_rule(void *user, uint64_t p, sg_moves_t *out)
{
    uint64_t n = *(const uint64_t *)user;
    if (p + 1 < n) sg_move_to(out, p + 1);
    return 0;
}

static void test_big(void)
{
    uint64_t n = test_scale(10000000), p, r;
    sg_loopy_t *l = NULL;
    sg_value_t v;
    int out;
    CHECK_EQ(sg_loopy_build(&l, n, cycle_rule, &n), SG_OK);
    for (p = 0; l != NULL && p < n; p += n / 97 + 1) {
        size_t len = 9;
        CHECK_EQ(sg_loopy_value(l, p, &v), 0);
        CHECK_EQ(sg_loopy_k(l, p, NULL, 0, &len), SG_OK);
        CHECK_EQ(len, 0);
        CHECK_EQ(sg_loopy_outcome(l, p, &out), SG_OK);
        CHECK_EQ(out, SG_LOOPY_D);
    }
    sg_loopy_free(l);
    l = NULL;
    /* a chain of 3 * 10^6 moves upwards: position p is n - 1 - p moves from the end */
    n = test_scale(3000000);
    CHECK_EQ(sg_loopy_build(&l, n, chain_up_rule, &n), SG_OK);
    for (p = 0; l != NULL && p < n; p += n / 101 + 1) {
        CHECK_EQ(sg_loopy_value(l, p, &v), 1);
        CHECK_EQ(v, (n - 1 - p) % 2);
        CHECK_EQ(sg_loopy_remoteness(l, p, &r), SG_OK);
        CHECK_EQ(r, n - 1 - p);
    }
    sg_loopy_free(l);
}

/* ---- bad input ------------------------------------------------------------------------------- */

typedef struct {
    long calls, live;
} count_alloc_t;

static void *count_alloc(void *user, size_t size)
{
    count_alloc_t *a = (count_alloc_t *)user;
    void *p = malloc(size);
    a->calls++;
    if (p != NULL) a->live++;
    return p;
}

static void count_free(void *user, void *ptr)
{
    count_alloc_t *a = (count_alloc_t *)user;
    if (ptr != NULL) a->live--;
    free(ptr);
}

static int stop_rule(void *user, uint64_t p, sg_moves_t *out)
{
    (void)user;
    sg_move_to(out, p);
    return p == 3;
}

static int wide_rule(void *user, uint64_t key, sg_moves_t *out)
{
    (void)user;
    sg_move_to(out, key * 2 + 1);   /* keys without end */
    sg_move_to(out, key * 3 + 7);
    return 0;
}

static void test_bad_input(void)
{
    graph_t g;
    sg_loopy_t *l = (sg_loopy_t *)&g;
    count_alloc_t ca = {0, 0};
    sg_allocator_t al = {count_alloc, count_free, NULL};
    const sg_allocator_t half = {count_alloc, NULL, NULL};
    uint64_t off[3] = {0, 1, 0}, to[2] = {1, 5}, x = 0;
    sg_value_t v, kb[2];
    size_t len, comp, opt;
    int out;
    al.user = &ca;
    random_graph(&g, 5, 3, 0);
    CHECK_EQ(sg_loopy_build(NULL, 5, graph_rule, &g), SG_EINVAL);
    CHECK_EQ(sg_loopy_build(&l, 5, NULL, &g), SG_EINVAL);
    CHECK(l == NULL);
    CHECK_EQ(sg_loopy_build_ex(&l, 5, graph_rule, &g, 0, &half), SG_EINVAL);
    CHECK_EQ(sg_loopy_explore(&l, 0, NULL, &g, 0, NULL), SG_EINVAL);
    CHECK_EQ(sg_loopy_explore(NULL, 0, key_rule, &g, 0, NULL), SG_EINVAL);
    CHECK_EQ(sg_loopy_explore(&l, 0, key_rule, &g, 0, &half), SG_EINVAL);
    /* an option out of range, a sum of two parts, a known value, a stop */
    g.bad = 1;
    CHECK_EQ(sg_loopy_build_ex(&l, 5, graph_rule, &g, 0, &al), SG_ERANGE);
    CHECK(l == NULL);
    g.bad = 2;
    CHECK_EQ(sg_loopy_build_ex(&l, 5, graph_rule, &g, 0, &al), SG_EINVAL);
    g.bad = 3;
    CHECK_EQ(sg_loopy_build_ex(&l, 5, graph_rule, &g, 0, &al), SG_EINVAL);
    CHECK_EQ(sg_loopy_build_ex(&l, 5, stop_rule, NULL, 0, &al), SG_ESTOP);
    CHECK_EQ(sg_loopy_explore(&l, 3, stop_rule, NULL, 0, &al), SG_ESTOP);
    CHECK(l == NULL);
    CHECK_EQ(ca.live, 0);
    /* counts too large for memory: refused before any allocation */
    ca.calls = 0;
    CHECK_EQ(sg_loopy_build_ex(&l, UINT64_MAX, graph_rule, &g, 0, &al), SG_ENOMEM);
    CHECK_EQ(sg_loopy_build_ex(&l, (uint64_t)1 << 40, graph_rule, &g, 0, &al), SG_ENOMEM);
    CHECK_EQ(sg_loopy_build_ex(&l, 1000000, graph_rule, &g, 1 << 20, &al), SG_ENOMEM);
    CHECK_EQ(ca.calls, 0);
    CHECK_EQ(sg_loopy_build(&l, (uint64_t)1 << 32, graph_rule, &g), SG_ENOMEM);
    CHECK(l == NULL);
    /* a graph without end, explored under a cap: SG_ENOMEM with nothing kept */
    CHECK_EQ(sg_loopy_explore(&l, 1, wide_rule, NULL, 1 << 20, &al), SG_ENOMEM);
    CHECK(l == NULL);
    CHECK_EQ(ca.live, 0);
    CHECK(ca.calls > 5);
    /* compressed rows: decreasing offsets, a target out of range, NULL targets */
    CHECK_EQ(sg_loopy_build_graph(&l, 2, off, to), SG_EINVAL);
    off[2] = 2;
    CHECK_EQ(sg_loopy_build_graph(&l, 2, off, to), SG_ERANGE);
    CHECK_EQ(sg_loopy_build_graph(&l, 2, off, NULL), SG_EINVAL);
    CHECK_EQ(sg_loopy_build_graph(&l, 2, NULL, to), SG_EINVAL);
    CHECK_EQ(sg_loopy_build_graph(NULL, 2, off, to), SG_EINVAL);
    CHECK_EQ(sg_loopy_build_graph(&l, 0, off, NULL), SG_OK);   /* no position at all */
    CHECK_EQ(sg_loopy_count(l), 0);
    CHECK_EQ(sg_loopy_value(l, 0, &v), SG_ERANGE);
    sg_loopy_free(l);
    /* queries: NULL arguments, positions that do not exist */
    g.bad = 0;
    CHECK_EQ(sg_loopy_build(&l, 5, graph_rule, &g), SG_OK);
    CHECK_EQ(sg_loopy_value(l, 5, &v), SG_ERANGE);
    CHECK_EQ(sg_loopy_value(l, 0, NULL), SG_EINVAL);
    CHECK_EQ(sg_loopy_value(NULL, 0, &v), SG_EINVAL);
    CHECK_EQ(sg_loopy_k(l, 0, NULL, 1, &len), SG_EINVAL);
    CHECK_EQ(sg_loopy_k(l, 0, kb, 2, NULL), SG_EINVAL);
    CHECK_EQ(sg_loopy_k(l, 9, kb, 2, &len), SG_ERANGE);
    CHECK_EQ(sg_loopy_outcome(l, 5, &out), SG_ERANGE);
    CHECK_EQ(sg_loopy_outcome(l, 0, NULL), SG_EINVAL);
    CHECK_EQ(sg_loopy_remoteness(l, 5, &x), SG_ERANGE);
    CHECK_EQ(sg_loopy_remoteness(l, 0, NULL), SG_EINVAL);
    CHECK_EQ(sg_loopy_state(l, 5, &x), SG_ERANGE);
    CHECK_EQ(sg_loopy_state(l, 0, NULL), SG_EINVAL);
    CHECK_EQ(sg_loopy_state(l, 4, &x), SG_OK);
    CHECK_EQ(x, 4);
    CHECK_EQ(sg_loopy_sum_outcome(l, NULL, 1, &out), SG_EINVAL);
    CHECK_EQ(sg_loopy_sum_outcome(l, to, 2, &out), SG_ERANGE);   /* 5 is not a position */
    CHECK_EQ(sg_loopy_winning_move(l, to, 2, &comp, &opt, NULL), SG_ERANGE);
    CHECK_EQ(sg_loopy_winning_move(l, to, 1, NULL, &opt, NULL), SG_EINVAL);
    CHECK_EQ(sg_loopy_winning_move(l, NULL, 1, &comp, &opt, NULL), SG_EINVAL);
    CHECK_EQ(sg_loopy_count(NULL), 0);
    CHECK_EQ(sg_loopy_bytes(NULL), 0);
    CHECK(sg_loopy_bytes(l) > 0);
    sg_loopy_free(l);
    sg_loopy_free(NULL);
    /* under a cap that is enough, the result holds no more than it */
    CHECK_EQ(sg_loopy_build_ex(&l, 5, graph_rule, &g, 4096, &al), SG_OK);
    CHECK(sg_loopy_bytes(l) > 0 && sg_loopy_bytes(l) <= 4096);
    sg_loopy_free(l);
    CHECK_EQ(sg_loopy_explore(&l, key_of(&g, 0), key_rule, &g, 1 << 16, &al), SG_OK);
    CHECK(sg_loopy_bytes(l) > 0 && sg_loopy_bytes(l) <= 1 << 16);
    sg_loopy_free(l);
    /* a cap smaller than the result's own structure */
    CHECK_EQ(sg_loopy_explore(&l, key_of(&g, 0), key_rule, &g, 16, &al), SG_ENOMEM);
    CHECK(l == NULL);
    CHECK_EQ(ca.live, 0);
    /* explored: a key that was not reached */
    CHECK_EQ(sg_loopy_explore(&l, key_of(&g, 0), key_rule, &g, 0, &al), SG_OK);
    CHECK_EQ(sg_loopy_value(l, key_of(&g, 0) + 1, &v), SG_ERANGE);
    CHECK(sg_loopy_bytes(l) > 0);
    sg_loopy_free(l);
    CHECK_EQ(ca.live, 0);
}

/* Proves that sg_loopy_build_graph checks the number of options before it reads a target: with
 * offsets[count] far past the caller's two targets it returns SG_ENOMEM having read none of
 * them past the end (the array is on the heap, exactly two long, so ASan sees any such read);
 * before the fix it scanned targets up to offsets[count] first. */
static void test_graph_sizes_first(void)
{
    static const uint64_t ends[] = {UINT64_MAX, 0xfffffff0u, (uint64_t)1 << 33, (uint64_t)1 << 40};
    uint64_t *to = (uint64_t *)calloc(2, sizeof *to);
    size_t i;
    CHECK(to != NULL);
    if (to == NULL) return;
    for (i = 0; i < sizeof ends / sizeof ends[0]; i++) {
        uint64_t off[2];
        sg_loopy_t *l = NULL;
        off[0] = 0;
        off[1] = ends[i];
        CHECK_EQ(sg_loopy_build_graph(&l, 1, off, to), SG_ENOMEM);
        CHECK(l == NULL);
    }
    {
        /* two options within the array still work: both to 0 itself, an infinite value */
        uint64_t off[2] = {0, 2};
        sg_loopy_t *l = NULL;
        sg_value_t v = 7;
        CHECK_EQ(sg_loopy_build_graph(&l, 1, off, to), SG_OK);
        CHECK_EQ(sg_loopy_value(l, 0, &v), 0);
        CHECK_EQ(v, 7);
        sg_loopy_free(l);
    }
    free(to);
}

int main(void)
{
    RUN(test_small);
    RUN(test_acyclic);
    RUN(test_random_graphs);
    RUN(test_big);
    RUN(test_bad_input);
    RUN(test_graph_sizes_first);
    return TEST_REPORT();
}
