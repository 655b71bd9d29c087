/* Shared by the misere programs (tests/test_misere*.c): random acyclic games given by a rule
 * and the outcome of a position by the definition (the player who cannot move wins), chains as
 * deep as a caller likes, and a counting allocator that fails each allocation in turn. */
#ifndef SG_TEST_MISERE_H
#define SG_TEST_MISERE_H

#include "test.h"

#include <sg.h>

/* ---- games given by a rule: random acyclic graphs ---------------------------------------- */

#define RG_MAX 64
#define RG_DEG 6

typedef struct {
    uint64_t n;
    unsigned deg[RG_MAX];
    uint64_t to[RG_MAX][RG_DEG];
    unsigned char how[RG_MAX][RG_DEG];   /* 0: sg_move_to, 1: a sum of one part, 2: empty sum */
    int bad;                              /* 1: add a sum of two parts; 2: a value; 3: stop */
} rg_t;

static inline int rg_rule(void *user, uint64_t x, sg_moves_t *out)
{
    rg_t *g = (rg_t *)user;
    unsigned i;
    for (i = 0; i < g->deg[x]; i++) {
        if (g->how[x][i] == 2) sg_move_to_sum(out, NULL, 0);
        else if (g->how[x][i] == 1) sg_move_to_sum(out, &g->to[x][i], 1);
        else sg_move_to(out, g->to[x][i]);
    }
    if (g->bad == 1 && x == g->n - 1) {
        uint64_t two[2] = {0, 0};
        sg_move_to_sum(out, two, 2);
    }
    if (g->bad == 2 && x == g->n - 1) sg_move_value(out, 0);
    return g->bad == 3 && x == g->n - 1;
}

/* Options of x go to positions earlier in a random order (so larger positions too). */
static inline void rg_make(rg_t *g, uint64_t n)
{
    uint64_t order[RG_MAX], rank[RG_MAX], i, j;
    memset(g, 0, sizeof *g);
    g->n = n;
    for (i = 0; i < n; i++) order[i] = i;
    for (i = n; i > 1; i--) {
        uint64_t t, k = test_below(i);
        t = order[i - 1];
        order[i - 1] = order[k];
        order[k] = t;
    }
    for (i = 0; i < n; i++) rank[order[i]] = i;
    for (i = 0; i < n; i++) {
        unsigned d = rank[i] ? (unsigned)test_below(RG_DEG + 1) : 0;
        for (j = 0; j < d; j++) {
            g->to[i][j] = order[test_below(rank[i])];
            g->how[i][j] = (unsigned char)(test_below(10) == 0 ? 1 : 0);
            if (test_below(25) == 0) g->how[i][j] = 2;
        }
        g->deg[i] = d;
    }
}

/* Brute force: the outcome of x by the definition, plain recursion (small graphs). */
static inline int rg_win(const rg_t *g, uint64_t x)
{
    unsigned i;
    if (g->deg[x] == 0) return 1;
    for (i = 0; i < g->deg[x]; i++)
        if (g->how[x][i] != 2 && !rg_win(g, g->to[x][i])) return 1;
    return 0;
}

/* A chain 0 <- 1 <- ... <- n-1, as deep as the caller likes: no recursion in the engine. */
static inline int chain_rule(void *user, uint64_t x, sg_moves_t *out)
{
    (void)user;
    if (x > 0) sg_move_to(out, x - 1);
    return 0;
}

/* the same chain, each move pointing up: n-1 -> ... -> 0 is reversed */
static inline int chain_up_rule(void *user, uint64_t x, sg_moves_t *out)
{
    uint64_t n = *(const uint64_t *)user;
    if (x + 1 < n) sg_move_to(out, x + 1);
    return 0;
}


/* ---- a counting allocator ------------------------------------------------------------------ */

/* Bad input, caps and a counting allocator: nothing is left allocated. */
static long ac_live, ac_calls, ac_fail_at;

static inline void *ac_alloc(void *user, size_t size)
{
    (void)user;
    if (++ac_calls == ac_fail_at) return NULL;
    ac_live++;
    return malloc(size);
}

static inline void ac_free(void *user, void *ptr)
{
    (void)user;
    if (ptr) ac_live--;
    free(ptr);
}

/* Run attempt with every allocation failing in turn, the k-th for k = 1, 2, ... until a run
 * needs fewer than k: each run gives SG_OK or SG_ENOMEM and leaves nothing allocated, and one
 * at least succeeds. Returns the last k. */
static inline long ac_each_failure(int (*attempt)(void *ctx, const sg_allocator_t *al), void *ctx)
{
    sg_allocator_t al = {ac_alloc, ac_free, NULL};
    long k;
    int ok = 0;
    for (k = 1; k < 100000; k++) {
        int st;
        ac_calls = 0;
        ac_fail_at = k;
        st = attempt(ctx, &al);
        CHECK(st == SG_OK || st == SG_ENOMEM);
        CHECK_EQ(ac_live, 0);
        if (st == SG_OK) ok++;
        if (ac_calls < k) break;
    }
    CHECK(ok >= 1);
    ac_fail_at = 0;
    return k;
}


#endif /* SG_TEST_MISERE_H */
