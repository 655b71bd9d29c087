/* Brute forces for games with cycles, written from the definitions, shared by tests/test_loopy.c
 * and tests/fuzz/fuzz_loopy.c. The includer defines INF (0xffffffff: an infinite value, a draw),
 * MAXN, graph_t (n positions; deg[u] options of u in adj[u][]) and BRUTE_CHECK(cond), its way
 * to report a failed check.
 *
 * - outcomes and remoteness by plain game search with draws, by rounds: round 0 the positions
 *   with no move (lost); round k a position not yet decided is won when an option was lost at
 *   an earlier round, lost when every option was won at an earlier round; what is never decided
 *   is a draw, and the round is the remoteness.
 * - the generalised Sprague-Grundy function by Smith's conditions A, B (a counter function is
 *   built) and C: see tests/test_loopy.c. */
#ifndef BRUTE_LOOPY_H
#define BRUTE_LOOPY_H

#include <stdint.h>
#include <string.h>

/* any finite graph: the options of s are to[first[s] .. first[s + 1]) */
typedef struct {
    size_t n;
    const size_t *first;
    const size_t *to;
} bgraph_t;

/* rem[s] = remoteness, or INF for a draw; outcome from its parity */
static void brute_rounds(const bgraph_t *b, uint32_t *rem)
{
    size_t s, j, empty = 0;
    uint32_t k;
    for (s = 0; s < b->n; s++) rem[s] = INF;
    for (k = 0; empty < 2; k++) {
        size_t added = 0;
        for (s = 0; s < b->n; s++) {
            int win = 0, lose = 1;
            if (rem[s] != INF) continue;
            for (j = b->first[s]; j < b->first[s + 1]; j++) {
                uint32_t r = rem[b->to[j]];
                if (r != INF && r < k && r % 2 == 0) win = 1;
                if (!(r != INF && r < k && r % 2 == 1)) lose = 0;
            }
            /* decided at round k, from what was decided before it */
            if (win || lose) {
                rem[s] = k | 0x80000000u;
                added++;
            }
        }
        for (s = 0; s < b->n; s++)
            if (rem[s] != INF) rem[s] &= 0x7fffffffu;
        empty = added ? 0 : empty + 1;
    }
}

static int brute_outcome(uint32_t rem)
{
    if (rem == INF) return SG_LOOPY_D;
    return rem % 2 ? SG_LOOPY_N : SG_LOOPY_P;
}

/* the mex of the finite values among the options of u */
static uint32_t brute_mex(const uint32_t *val, const graph_t *g, unsigned u)
{
    uint32_t m = 0;
    unsigned j;
    for (;;) {
        for (j = 0; j < g->deg[u] && val[g->adj[u][j]] != m; j++)
            ;
        if (j == g->deg[u]) return m;
        m++;
    }
}

/* does u have an option of value v */
static int brute_has(const uint32_t *val, const graph_t *g, unsigned u, uint32_t v)
{
    unsigned j;
    for (j = 0; j < g->deg[u]; j++)
        if (val[g->adj[u][j]] == v) return 1;
    return 0;
}

/* Conditions A, B (a counter function exists) and C for val[] on g. */
static void brute_conditions(const graph_t *g, const uint32_t *val)
{
    unsigned u, j, k, changed;
    int counted[MAXN];
    for (u = 0; u < g->n; u++) {
        if (val[u] != INF) {
            BRUTE_CHECK(val[u] == brute_mex(val, g, u));   /* A */
        } else {
            int ok = 0;                                     /* C */
            uint32_t m = brute_mex(val, g, u);
            for (j = 0; j < g->deg[u]; j++) {
                unsigned v = g->adj[u][j];
                if (val[v] == INF && !brute_has(val, g, v, m)) ok = 1;
            }
            BRUTE_CHECK(ok);
        }
    }
    /* B: count the positions of each value in an order that respects it */
    memset(counted, 0, sizeof counted);
    do {
        changed = 0;
        for (u = 0; u < g->n; u++) {
            int ok = 1;
            if (val[u] == INF || counted[u]) continue;
            for (j = 0; j < g->deg[u] && ok; j++) {
                unsigned v = g->adj[u][j];
                int back = 0;
                if (!(val[v] == INF || val[v] > val[u])) continue;
                for (k = 0; k < g->deg[v]; k++) {
                    unsigned w = g->adj[v][k];
                    if (val[w] == val[u] && counted[w]) back = 1;
                }
                if (!back) ok = 0;
            }
            if (ok) {
                counted[u] = 1;
                changed = 1;
            }
        }
    } while (changed);
    for (u = 0; u < g->n; u++) BRUTE_CHECK(val[u] == INF || counted[u]);
}

#endif
