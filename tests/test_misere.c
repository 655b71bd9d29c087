/* Misere play of games given by a rule: sg_misere_table and sg_misere_winning_move on random
 * acyclic games against the outcome by the definition (the player who cannot move wins), their
 * bad input, and chains too deep for any recursion. */
#include "misere_test.h"

static void test_rule_random(void)
{
    int trial;
    for (trial = 0; trial < 3000; trial++) {
        rg_t g;
        unsigned char win[RG_MAX];
        uint64_t n = 1 + test_below(trial < 2000 ? 12 : RG_MAX), x;
        rg_make(&g, n);
        CHECK_EQ(sg_misere_table(win, n, rg_rule, &g), SG_OK);
        for (x = 0; x < n; x++) {
            size_t opt = 0;
            int w = rg_win(&g, x), r;
            CHECK_EQ(win[x], w);
            r = sg_misere_winning_move(win, n, rg_rule, &g, x, &opt);
            CHECK_EQ(r, w);
            if (r == 1 && g.deg[x] == 0) CHECK_EQ(opt, SIZE_MAX);
            if (r == 1 && g.deg[x] > 0) {
                CHECK(opt < g.deg[x]);
                if (opt < g.deg[x]) {
                    CHECK(g.how[x][opt] != 2);
                    CHECK_EQ(rg_win(&g, g.to[x][opt]), 0);
                }
            }
        }
    }
}

static void test_rule_errors(void)
{
    rg_t g;
    unsigned char win[RG_MAX];
    size_t opt;
    rg_make(&g, 10);
    CHECK_EQ(sg_misere_table(NULL, 3, rg_rule, &g), SG_EINVAL);
    CHECK_EQ(sg_misere_table(win, 3, NULL, &g), SG_EINVAL);
    CHECK_EQ(sg_misere_table(NULL, 0, rg_rule, &g), SG_OK);
    /* counts whose bitsets cannot be had */
    CHECK_EQ(sg_misere_table(win, UINT64_MAX, rg_rule, &g), SG_ENOMEM);
    CHECK_EQ(sg_misere_table(win, (uint64_t)1 << 62, rg_rule, &g), SG_ENOMEM);
    g.bad = 1;
    CHECK_EQ(sg_misere_table(win, 10, rg_rule, &g), SG_EINVAL);
    g.bad = 2;
    CHECK_EQ(sg_misere_table(win, 10, rg_rule, &g), SG_EINVAL);
    g.bad = 3;
    CHECK_EQ(sg_misere_table(win, 10, rg_rule, &g), SG_ESTOP);
    g.bad = 0;
    /* out of range: a table smaller than the game */
    g.deg[9] = 1;
    g.to[9][0] = 12;
    g.how[9][0] = 0;
    CHECK_EQ(sg_misere_table(win, 10, rg_rule, &g), SG_ERANGE);
    /* a cycle 9 -> 8 -> 9 */
    g.to[9][0] = 8;
    g.deg[8] = 1;
    g.to[8][0] = 9;
    g.how[8][0] = 0;
    CHECK_EQ(sg_misere_table(win, 10, rg_rule, &g), SG_ELOOP);
    /* a self-loop */
    g.deg[8] = 0;
    g.to[9][0] = 9;
    CHECK_EQ(sg_misere_table(win, 10, rg_rule, &g), SG_ELOOP);
    /* winning move: bad arguments and a table that does not fit the rule */
    rg_make(&g, 10);
    CHECK_EQ(sg_misere_table(win, 10, rg_rule, &g), SG_OK);
    CHECK_EQ(sg_misere_winning_move(NULL, 10, rg_rule, &g, 0, &opt), SG_EINVAL);
    CHECK_EQ(sg_misere_winning_move(win, 10, NULL, &g, 0, &opt), SG_EINVAL);
    CHECK_EQ(sg_misere_winning_move(win, 10, rg_rule, &g, 0, NULL), SG_EINVAL);
    CHECK_EQ(sg_misere_winning_move(win, 10, rg_rule, &g, 10, &opt), SG_ERANGE);
    {
        uint64_t x;
        for (x = 0; x < 10; x++) {
            win[x] ^= 1;
            CHECK_EQ(sg_misere_winning_move(win, 10, rg_rule, &g, x, &opt), SG_EINVAL);
            win[x] ^= 1;
        }
    }
}

static void test_rule_deep(void)
{
    uint64_t n = test_scale(1000000), x;
    unsigned char *win = (unsigned char *)malloc(n);
    CHECK(win != NULL);
    if (win == NULL) return;
    CHECK_EQ(sg_misere_table(win, n, chain_rule, NULL), SG_OK);
    /* position 0 has no move: N; then P, N, P ... */
    for (x = 0; x < n; x++) CHECK_EQ(win[x], (x & 1) == 0);
    CHECK_EQ(sg_misere_table(win, n, chain_up_rule, &n), SG_OK);
    for (x = 0; x < n; x++) CHECK_EQ(win[x], ((n - 1 - x) & 1) == 0);
    free(win);
}

int main(void)
{
    RUN(test_rule_random);
    RUN(test_rule_errors);
    RUN(test_rule_deep);
    return TEST_REPORT();
}
