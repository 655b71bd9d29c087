/* The loopy engine (sg_loopy_*) on game graphs decoded from the input: cycles, self-loops,
 * repeated options, options out of range, sums of other than one part, known values, rules
 * that stop, memory caps and a failing allocator. Every answer is compared with brute forces
 * written from the definitions (tests/brute_loopy.h, shared with tests/test_loopy.c): outcomes
 * and remoteness by plain game search with draws (rounds), the values by Smith's conditions A,
 * B (a counter function is built) and C, K as the finite values of the options, and sums of two
 * tokens by game search over the product graph, each winning move reaching a lost position of
 * the sum. */
#include "fuzz.h"

#include <sg.h>

#define MAXN 24
#define MAXD 8
#define INF 0xffffffffu

enum { BAD_NONE, BAD_RANGE, BAD_SUM, BAD_VALUE, BAD_STOP };

typedef struct {
    unsigned n;
    unsigned deg[MAXN];
    unsigned adj[MAXN][MAXD];
    int bad;                 /* one flaw reported by position bad_at */
    unsigned bad_at;
    uint64_t mul, inv, add;  /* keys: p * mul + add */
} graph_t;

static uint64_t inverse_odd(uint64_t a)
{
    uint64_t x = a;
    int i;
    for (i = 0; i < 6; i++) x *= 2 - a * x;
    return x;
}

static int report(const graph_t *g, uint64_t p, sg_moves_t *out, int keys)
{
    unsigned j;
    for (j = 0; j < g->deg[p]; j++) {
        uint64_t t = keys ? g->adj[p][j] * g->mul + g->add : g->adj[p][j];
        if (j % 2) sg_move_to_sum(out, &t, 1);
        else sg_move_to(out, t);
    }
    if (p == g->bad_at) {
        uint64_t two[2] = {0, 0};
        if (g->bad == BAD_RANGE && !keys) sg_move_to(out, g->n + p);
        if (g->bad == BAD_SUM) sg_move_to_sum(out, two, p % 3 == 0 ? 0 : 2);
        if (g->bad == BAD_VALUE) sg_move_value(out, 3);
        if (g->bad == BAD_STOP) return 1;
    }
    return 0;
}

static int table_rule(void *user, uint64_t p, sg_moves_t *out)
{
    const graph_t *g = (const graph_t *)user;
    FUZZ_CHECK(p < g->n);
    return report(g, p, out, 0);
}

static int key_rule(void *user, uint64_t key, sg_moves_t *out)
{
    const graph_t *g = (const graph_t *)user;
    uint64_t p = (key - g->add) * g->inv;
    FUZZ_CHECK(p < g->n);
    return report(g, p, out, 1);
}

/* ---- brute force ------------------------------------------------------------------------- */

#define BRUTE_CHECK(cond) FUZZ_CHECK(cond)
#include "../brute_loopy.h"

/* the options of state s (a position of g, or a pair of them) into out; their number */
typedef unsigned (*succ_fn)(const graph_t *g, unsigned s, unsigned *out);

/* brute_rounds over states 0..n-1 with options succ(s): rem[s] or INF (a draw) */
static void rounds(const graph_t *g, unsigned n, succ_fn succ, uint32_t *rem)
{
    static size_t first[MAXN * MAXN + 1], to[MAXN * MAXN * MAXD * 2];
    unsigned opts[MAXD * 2], s, j, d;
    size_t e = 0;
    bgraph_t b;
    for (s = 0; s < n; s++) {
        first[s] = e;
        d = succ(g, s, opts);
        for (j = 0; j < d; j++) to[e++] = opts[j];
    }
    first[n] = e;
    b.n = n;
    b.first = first;
    b.to = to;
    brute_rounds(&b, rem);
}

static unsigned one_succ(const graph_t *g, unsigned s, unsigned *out)
{
    unsigned j;
    for (j = 0; j < g->deg[s]; j++) out[j] = g->adj[s][j];
    return g->deg[s];
}

static unsigned pair_succ(const graph_t *g, unsigned s, unsigned *out)
{
    unsigned a = s % g->n, b = s / g->n, j, d = 0;
    for (j = 0; j < g->deg[a]; j++) out[d++] = g->adj[a][j] + b * g->n;
    for (j = 0; j < g->deg[b]; j++) out[d++] = a + g->adj[b][j] * g->n;
    return d;
}

/* ---- the checks ------------------------------------------------------------------------- */

static void check_result(const graph_t *g, const sg_loopy_t *l, int keys, fuzz_in_t *in)
{
    static uint32_t rem[MAXN], prem[MAXN * MAXN], val[MAXN];
    unsigned u, s, npairs;
    rounds(g, g->n, one_succ, rem);
    FUZZ_CHECK(sg_loopy_count(l) == g->n);
    for (u = 0; u < g->n; u++) {
        uint64_t pos = keys ? u * g->mul + g->add : u, r = 0;
        sg_value_t v = 0;
        int st = sg_loopy_value(l, pos, &v), out = -1;
        FUZZ_CHECK(st == 0 || st == 1);
        val[u] = st ? v : INF;
        FUZZ_CHECK(sg_loopy_outcome(l, pos, &out) == SG_OK && out == brute_outcome(rem[u]));
        FUZZ_CHECK(sg_loopy_remoteness(l, pos, &r) == SG_OK);
        FUZZ_CHECK(r == (rem[u] == INF ? SG_LOOPY_DRAW : rem[u]));
    }
    brute_conditions(g, val);
    for (u = 0; u < g->n; u++) {
        uint64_t pos = keys ? u * g->mul + g->add : u;
        sg_value_t k[MAXD + 1];
        size_t len = 0, i = 0, cap = fuzz_u8(in) % (MAXD + 2);
        uint32_t m;
        FUZZ_CHECK(sg_loopy_k(l, pos, k, cap, &len) == SG_OK);
        for (m = 0; m <= MAXD; m++)
            if (brute_has(val, g, u, m)) {
                FUZZ_CHECK(i >= cap || k[i] == m);
                i++;
            }
        FUZZ_CHECK(len == i);
    }
    /* sums of two tokens, some of them */
    if (g->n > 12) return;
    npairs = g->n * g->n;
    rounds(g, npairs, pair_succ, prem);
    for (s = 0; s < npairs; s++) {
        uint64_t pos[2], target = 0;
        size_t comp = 9, opt = 99;
        int out = -1, r;
        unsigned c, from, to, next;
        pos[0] = keys ? (s % g->n) * g->mul + g->add : s % g->n;
        pos[1] = keys ? (s / g->n) * g->mul + g->add : s / g->n;
        FUZZ_CHECK(sg_loopy_sum_outcome(l, pos, 2, &out) == SG_OK);
        FUZZ_CHECK(out == brute_outcome(prem[s]));
        r = sg_loopy_winning_move(l, pos, 2, &comp, &opt, &target);
        FUZZ_CHECK(r == (out == SG_LOOPY_N));
        if (r != 1) continue;
        FUZZ_CHECK(comp < 2);
        c = comp == 0 ? s % g->n : s / g->n;
        FUZZ_CHECK(opt < g->deg[c]);
        to = g->adj[c][opt];
        FUZZ_CHECK(target == (keys ? to * g->mul + g->add : to));
        from = c;
        next = comp == 0 ? s - from + to : s - from * g->n + to * g->n;
        FUZZ_CHECK(brute_outcome(prem[next]) == SG_LOOPY_P);
    }
}

/* an allocator that fails its k-th call when armed */
typedef struct {
    long calls, fail_at, live;
} fail_alloc_t;

static void *fail_alloc(void *user, size_t size)
{
    fail_alloc_t *a = (fail_alloc_t *)user;
    void *p;
    if (++a->calls == a->fail_at) return NULL;
    p = malloc(size);
    if (p != NULL) a->live++;
    return p;
}

static void fail_free(void *user, void *ptr)
{
    fail_alloc_t *a = (fail_alloc_t *)user;
    if (ptr != NULL) a->live--;
    free(ptr);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static graph_t g;
    static uint64_t off[MAXN + 1], tg[MAXN * MAXD];
    static const size_t caps[8] = {0, 0, 0, 0, 300, 2000, 6000, 20000};
    fuzz_in_t in;
    sg_loopy_t *l = NULL;
    fail_alloc_t fa = {0, 0, 0};
    sg_allocator_t al = {fail_alloc, fail_free, NULL};
    unsigned u, j, e = 0;
    uint8_t mode;
    size_t cap;
    int st, want_ok;
    al.user = &fa;
    fuzz_in_init(&in, data, size);
    memset(&g, 0, sizeof g);
    g.n = 1 + fuzz_u8(&in) % MAXN;
    mode = fuzz_u8(&in);
    g.mul = fuzz_bytes(&in, 8) | 1;
    g.inv = inverse_odd(g.mul);
    g.add = fuzz_bytes(&in, 8);
    g.bad = (mode & 7) < 5 ? BAD_NONE : (int)fuzz_u8(&in) % 5;
    g.bad_at = fuzz_u8(&in) % g.n;
    for (u = 0; u < g.n; u++) {
        g.deg[u] = fuzz_u8(&in) % (MAXD + 1);
        for (j = 0; j < g.deg[u]; j++) g.adj[u][j] = fuzz_u8(&in) % g.n;
    }
    want_ok = g.bad == BAD_NONE;
    /* by the rule */
    st = sg_loopy_build(&l, g.n, table_rule, &g);
    if (want_ok) {
        FUZZ_CHECK(st == SG_OK && l != NULL);
        check_result(&g, l, 0, &in);
    } else {
        FUZZ_CHECK(l == NULL);
        FUZZ_CHECK(st == (g.bad == BAD_RANGE ? SG_ERANGE : g.bad == BAD_STOP ? SG_ESTOP
                                                                             : SG_EINVAL));
    }
    sg_loopy_free(l);
    l = NULL;
    /* by compressed rows (the flaws are the rule's: none here) */
    for (u = 0; u < g.n; u++) {
        off[u] = e;
        for (j = 0; j < g.deg[u]; j++) tg[e++] = g.adj[u][j];
    }
    off[g.n] = e;
    FUZZ_CHECK(sg_loopy_build_graph(&l, g.n, off, tg) == SG_OK);
    check_result(&g, l, 0, &in);
    sg_loopy_free(l);
    l = NULL;
    /* by keys from position 0, under a cap or with a failing allocator */
    cap = caps[fuzz_u8(&in) % 8];
    fa.fail_at = (mode & 0x30) == 0x30 ? 1 + fuzz_u8(&in) % 16 : 0;
    st = sg_loopy_explore(&l, g.add, key_rule, &g, cap, (mode & 0x40) ? &al : NULL);
    if (st == SG_OK) {
        FUZZ_CHECK(cap == 0 || sg_loopy_bytes(l) <= cap);
        if (sg_loopy_count(l) == g.n && g.bad == BAD_NONE) check_result(&g, l, 1, &in);
    } else {
        FUZZ_CHECK(l == NULL);
        FUZZ_CHECK(st == SG_ENOMEM || (g.bad != BAD_NONE && g.bad != BAD_RANGE));
        if (st == SG_ENOMEM) FUZZ_CHECK(cap != 0 || ((mode & 0x40) && fa.fail_at != 0));
    }
    sg_loopy_free(l);
    FUZZ_CHECK(fa.live == 0);
    return 0;
}
