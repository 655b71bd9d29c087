/* The misere memo over 64-bit keys: random games named by spread keys against the outcome by the
 * definition, then bad input, caps and every allocation failing in turn: nothing is left
 * allocated. */
#include "misere_test.h"

/* ---- the memo over 64-bit keys ------------------------------------------------------------- */

#define MM_SALT 0xA5A5F00DCAFEBEEFull

/* rg_t's game with every position x named by the key x ^ MM_SALT */
static int mm_rule(void *user, uint64_t key, sg_moves_t *out)
{
    rg_t *g = (rg_t *)user;
    uint64_t x = key ^ MM_SALT, y;
    unsigned i;
    if (x >= g->n) return 1;
    for (i = 0; i < g->deg[x]; i++) {
        y = g->to[x][i] ^ MM_SALT;
        if (g->how[x][i] == 2) sg_move_to_sum(out, NULL, 0);
        else if (g->how[x][i] == 1) sg_move_to_sum(out, &y, 1);
        else sg_move_to(out, y);
    }
    if (g->bad == 1 && x == g->n - 1) {
        uint64_t two[2] = {MM_SALT, MM_SALT};
        sg_move_to_sum(out, two, 2);
    }
    if (g->bad == 2 && x == g->n - 1) sg_move_value(out, 0);
    return g->bad == 3 && x == g->n - 1;
}

static void test_memo_random(void)
{
    int trial;
    for (trial = 0; trial < 2000; trial++) {
        rg_t g;
        sg_misere_memo_t *m = NULL;
        uint64_t n = 1 + test_below(trial < 1000 ? 12 : RG_MAX), x;
        rg_make(&g, n);
        CHECK_EQ(sg_misere_memo_create(&m, mm_rule, &g, 0, NULL), SG_OK);
        for (x = 0; x < n; x++) {
            uint64_t at = test_below(n);
            int w = -1, r;
            size_t opt = 0;
            CHECK_EQ(sg_misere_memo_outcome(m, at ^ MM_SALT, &w), SG_OK);
            CHECK_EQ(w, rg_win(&g, at));
            r = sg_misere_memo_winning_move(m, at ^ MM_SALT, &opt);
            CHECK_EQ(r, w);
            if (r == 1 && g.deg[at] == 0) CHECK_EQ(opt, SIZE_MAX);
            if (r == 1 && g.deg[at] > 0) {
                CHECK(opt < g.deg[at]);
                if (opt < g.deg[at]) CHECK_EQ(rg_win(&g, g.to[at][opt]), 0);
            }
        }
        CHECK(sg_misere_memo_count(m) <= n);
        sg_misere_memo_free(m);
    }
}

/* a misere memo of chain_rule, asked some outcomes and a winning move */
static int memo_attempt(void *ctx, const sg_allocator_t *al)
{
    sg_misere_memo_t *m = NULL;
    uint64_t x;
    size_t opt;
    int w, st = sg_misere_memo_create(&m, chain_rule, ctx, 0, al);
    for (x = 0; st == SG_OK && x < 5; x++) {
        st = sg_misere_memo_outcome(m, 300 + x, &w);
        if (st == SG_OK) CHECK_EQ(w, (x & 1) == 0);
    }
    if (st == SG_OK) st = sg_misere_memo_winning_move(m, 300, &opt);
    if (st >= 0) CHECK_EQ(st, 1);
    if (st == 1) st = SG_OK;
    sg_misere_memo_free(m);
    return st;
}

static void test_memo_errors(void)
{
    rg_t g;
    sg_misere_memo_t *m = NULL;
    int w;
    size_t opt;
    uint64_t n = test_scale(300000);
    rg_make(&g, 10);
    CHECK_EQ(sg_misere_memo_create(NULL, mm_rule, &g, 0, NULL), SG_EINVAL);
    CHECK_EQ(sg_misere_memo_create(&m, NULL, &g, 0, NULL), SG_EINVAL);
    CHECK(m == NULL);
    sg_misere_memo_free(NULL);
    CHECK_EQ(sg_misere_memo_count(NULL), 0);
    CHECK_EQ(sg_misere_memo_bytes(NULL), 0);
    CHECK_EQ(sg_misere_memo_create(&m, mm_rule, &g, 0, NULL), SG_OK);
    CHECK_EQ(sg_misere_memo_outcome(NULL, 0, &w), SG_EINVAL);
    CHECK_EQ(sg_misere_memo_outcome(m, 0, NULL), SG_EINVAL);
    CHECK_EQ(sg_misere_memo_winning_move(m, 0, NULL), SG_EINVAL);
    g.bad = 1;
    CHECK_EQ(sg_misere_memo_outcome(m, 9 ^ MM_SALT, &w), SG_EINVAL);
    g.bad = 2;
    CHECK_EQ(sg_misere_memo_outcome(m, 9 ^ MM_SALT, &w), SG_EINVAL);
    g.bad = 3;
    CHECK_EQ(sg_misere_memo_outcome(m, 9 ^ MM_SALT, &w), SG_ESTOP);
    g.bad = 0;
    g.deg[9] = 1;
    g.to[9][0] = 8;
    g.how[9][0] = 0;
    g.deg[8] = 1;
    g.to[8][0] = 9;
    g.how[8][0] = 0;
    CHECK_EQ(sg_misere_memo_outcome(m, 9 ^ MM_SALT, &w), SG_ELOOP);
    CHECK_EQ(sg_misere_memo_winning_move(m, 9 ^ MM_SALT, &opt), SG_ELOOP);
    /* the memo stays usable: the rest of the graph still answers */
    g.deg[8] = 0;
    CHECK_EQ(sg_misere_memo_outcome(m, 9 ^ MM_SALT, &w), SG_OK);
    CHECK_EQ(w, 0);
    sg_misere_memo_free(m);

    /* a long chain through the memo: no recursion; then a cap too small for it */
    CHECK_EQ(sg_misere_memo_create(&m, chain_rule, NULL, 0, NULL), SG_OK);
    CHECK_EQ(sg_misere_memo_outcome(m, n - 1, &w), SG_OK);
    CHECK_EQ(w, ((n - 1) & 1) == 0);
    CHECK_EQ(sg_misere_memo_count(m), n);
    sg_misere_memo_free(m);
    CHECK_EQ(sg_misere_memo_create(&m, chain_rule, NULL, 1 << 16, NULL), SG_OK);
    CHECK_EQ(sg_misere_memo_outcome(m, 10, &w), SG_OK);
    CHECK_EQ(w, 1);
    CHECK_EQ(sg_misere_memo_outcome(m, n - 1, &w), SG_ENOMEM);
    CHECK(sg_misere_memo_bytes(m) <= 1 << 16);
    CHECK_EQ(sg_misere_memo_outcome(m, 11, &w), SG_OK);
    CHECK_EQ(w, 0);
    sg_misere_memo_free(m);

    /* every allocation failing in turn */
    ac_each_failure(memo_attempt, NULL);
}

/* ---- failed calls in a large table ----------------------------------------------------- */

#define FC_N 20000     /* positions 0..FC_N-1: a game; above them, chains that fail */
#define FC_CHAIN 1024  /* FC_N + c * FC_CHAIN + d (d < FC_CHAIN): link d of chain c */
#define FC_SPREAD 0x9fb21c651e98df25ull   /* odd: keys x * it, clustered in the table */
#define FC_UNSPREAD 0x02ab9c720d1024adull  /* its inverse modulo 2^64 */

typedef struct {
    uint64_t to[FC_N][3];
    unsigned char deg[FC_N], win[FC_N];
} fc_t;

/* A position of the game moves to one to three positions below it; link d > 0 of a chain to
 * a position of the game, then to link d - 1; link 0 stops the call. */
static int fc_rule(void *user, uint64_t key, sg_moves_t *out)
{
    const fc_t *g = (const fc_t *)user;
    uint64_t x = key * FC_UNSPREAD;
    unsigned i;
    if (x >= FC_N) {
        if ((x - FC_N) % FC_CHAIN == 0) return 1;
        sg_move_to(out, (x - 1) * FC_SPREAD);   /* searched after the next */
        sg_move_to(out, ((x * 0x9E3779B97F4A7C15ull) >> 40) % FC_N * FC_SPREAD);
        return 0;
    }
    for (i = 0; i < g->deg[x]; i++) sg_move_to(out, g->to[x][i] * FC_SPREAD);
    return 0;
}

/* A call that fails takes out the keys it entered and nothing else, so that the clusters of
 * the table stay whole. Each failed call enters hundreds of keys of a chain never asked again
 * and stores positions of the game around them; at the end every outcome is right, each is
 * stored once (a stored key lost behind a hole would be stored again: count > FC_N), and the
 * memo is no larger than one that never failed (the keys of the chains are gone). */
static void test_memo_failed_calls(void)
{
    fc_t *g = (fc_t *)calloc(1, sizeof *g);
    sg_misere_memo_t *m = NULL, *clean = NULL;
    uint64_t x, at, c;
    int w;
    CHECK(g != NULL);
    if (g == NULL) return;
    for (x = 0; x < FC_N; x++) {
        unsigned i, to_p = 0;
        g->deg[x] = (unsigned char)(x == 0 ? 0 : 1 + test_below(3));
        for (i = 0; i < g->deg[x]; i++) {
            g->to[x][i] = test_below(x);
            if (!g->win[g->to[x][i]]) to_p = 1;
        }
        g->win[x] = (unsigned char)(g->deg[x] == 0 || to_p);
    }
    CHECK_EQ(sg_misere_memo_create(&m, fc_rule, g, 0, NULL), SG_OK);
    for (c = 0; c < 200; c++) {
        x = FC_N + c * FC_CHAIN + 1 + test_below(FC_CHAIN - 1);
        CHECK_EQ(sg_misere_memo_outcome(m, x * FC_SPREAD, &w), SG_ESTOP);
        at = test_below(FC_N);
        CHECK_EQ(sg_misere_memo_outcome(m, at * FC_SPREAD, &w), SG_OK);
        CHECK_EQ(w, g->win[at]);
    }
    CHECK_EQ(sg_misere_memo_create(&clean, fc_rule, g, 0, NULL), SG_OK);
    for (x = FC_N; x-- > 0;) {
        CHECK_EQ(sg_misere_memo_outcome(m, x * FC_SPREAD, &w), SG_OK);
        CHECK_EQ(w, g->win[x]);
        CHECK_EQ(sg_misere_memo_outcome(clean, x * FC_SPREAD, &w), SG_OK);
    }
    CHECK_EQ(sg_misere_memo_count(m), FC_N);
    CHECK(sg_misere_memo_bytes(m) < 2 * sg_misere_memo_bytes(clean));
    sg_misere_memo_free(m);
    sg_misere_memo_free(clean);
    free(g);
}

int main(void)
{
    RUN(test_memo_random);
    RUN(test_memo_errors);
    RUN(test_memo_failed_calls);
    return TEST_REPORT();
}
