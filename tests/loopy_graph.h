/* Shared by tests/test_loopy.c and tests/test_loopy_input.c: a small graph with cycles, given to
 * the library by a rule over positions or over spread keys (sg_loopy_explore), and random ones.
 * Its MAXN and graph_t are those tests/brute_loopy.h asks of its includer. */
#ifndef SG_TEST_LOOPY_GRAPH_H
#define SG_TEST_LOOPY_GRAPH_H

#include "sg.h"
#include "test.h"

#define MAXN 16
#define MAXD 8

/* ---- a small graph ------------------------------------------------------------------------ */

typedef struct {
    unsigned n;
    unsigned deg[MAXN];
    unsigned adj[MAXN][MAXD];
    int bad;             /* 1: report an option out of range; 2: a sum of two; 3: a value */
    uint64_t mul, add;   /* keys for sg_loopy_explore: key(p) = p * mul + add */
} graph_t;

static inline uint64_t key_of(const graph_t *g, unsigned p)
{
    return (uint64_t)p * g->mul + g->add;
}

static inline int graph_rule(void *user, uint64_t p, sg_moves_t *out)
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

static inline uint64_t inverse_odd(uint64_t a)
{
    uint64_t x = a;
    int i;
    for (i = 0; i < 6; i++) x *= 2 - a * x;
    return x;
}

static inline int key_rule(void *user, uint64_t key, sg_moves_t *out)
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
static inline void random_graph(graph_t *g, unsigned n, unsigned maxd, int heaps)
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

#endif /* SG_TEST_LOOPY_GRAPH_H */
