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
#include "loopy_graph.h"

#define INF 0xffffffffu


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

int main(void)
{
    RUN(test_random_graphs);
    return TEST_REPORT();
}
