/* Cram on the structured-position store (split into regions, canonical under the grid's 8
 * symmetries) against a plain recursive mex over board bitmasks with neither: every empty board
 * up to 4 x 4 and 4 x 5, every blocked-cell pattern of every board up to 4 x 4 (0.1 s of CPU)
 * and random ones up to 4 x 5; the outcome and the winning move by the same brute force; the
 * values of Beling's table up to 4 x 7 and 5 x 5, up to 4 x 9, 5 x 7 and 6 x 6 in the long
 * tier, 4 x 10 in a target of its own (the larger ones are listed, not run); bad input. The
 * rules' self-test and rows and columns against 0.07 are in test_kayles_board.c, run for both
 * games on the board core. */
#include "sg.h"
#include "test.h"
#include "board_brute.h"

/* the engine on one board against the brute force: value, outcome, winning move */
static void check_board(sg_store_t *s, unsigned h, unsigned w, uint64_t blocked)
{
    uint32_t all = (uint32_t)(((uint64_t)1 << (h * w)) - 1), empty = all & ~(uint32_t)blocked;
    unsigned want = brute(empty);
    sg_value_t v = 999;
    uint32_t cell = 999;
    int next = -1, down = -1, r;
    CHECK_EQ(sg_cram_value(s, h, w, blocked, &v), SG_OK);
    CHECK_EQ(v, want);
    CHECK_EQ(sg_cram_outcome(s, h, w, blocked, &next), SG_OK);
    CHECK_EQ(next, want != 0);
    r = sg_cram_winning_move(s, h, w, blocked, &cell, &down);
    CHECK_EQ(r, want != 0);
    if (r == 1) {
        uint32_t a = (uint32_t)1 << cell, b = down ? a << w : a << 1;
        CHECK(cell < h * w && (empty & a) && (empty & b) && (down || cell % w + 1 < w));
        CHECK_EQ(brute(empty & ~(a | b)), 0);
    }
}

static void test_empty_boards(void)
{
    sg_store_t *s = NULL;
    unsigned h, w;
    CHECK_EQ(sg_cram_store_create(&s, NULL), SG_OK);
    for (h = 1; h <= 4; h++)
        for (w = 1; w <= 5; w++) {
            brute_board(BRUTE_CRAM, h, w);
            check_board(s, h, w, 0);
        }
    sg_store_free(s);
}

/* Proves: a value search on a fresh store enters each position it stores once, and the answer
 * is the brute force's. The core's table forgets a finished value (kept beside its position),
 * so a position pushed twice before it finished must be found beside it on its second turn,
 * not searched again. */
static void test_each_position_once(void)
{
    unsigned w;
    for (w = 3; w <= 5; w++) {
        sg_store_t *s = NULL;
        sg_store_stats_t st;
        sg_value_t v = 999;
        brute_board(BRUTE_CRAM, 4, w);
        CHECK_EQ(sg_cram_store_create(&s, NULL), SG_OK);
        CHECK_EQ(sg_cram_value(s, 4, w, 0, &v), SG_OK);
        CHECK_EQ(v, brute(((uint32_t)1 << (4 * w)) - 1));
        CHECK_EQ(sg_store_stats(s, &st), SG_OK);
        CHECK(st.nodes > 0);
        CHECK_EQ(st.nodes, st.positions);
        sg_store_free(s);
    }
}

/* Every pattern of blocked cells of every board of R x C, R, C <= 4 (2^16 of 4 x 4, 2^12 of
 * 3 x 4 and 4 x 3, ..., 74954 boards in all): the value, the outcome and the winning move against
 * the brute force, its table of the 2^(R C) cell sets shared by all patterns of a shape. */
static void test_every_blocked_pattern(void)
{
    sg_store_t *s = NULL;
    unsigned h, w, boards = 0;
    uint64_t b;
    CHECK_EQ(sg_cram_store_create(&s, NULL), SG_OK);
    for (h = 1; h <= 4; h++)
        for (w = 1; w <= 4; w++) {
            brute_board(BRUTE_CRAM, h, w);
            for (b = 0; b < ((uint64_t)1 << (h * w)); b++, boards++) check_board(s, h, w, b);
        }
    CHECK_EQ(boards, 74954);   /* the sum of 2^(R C) over the 16 shapes */
    sg_store_free(s);
}

/* a fresh store each time now and then, so that answers never lean on what a store learnt */
static void test_random_blocked(void)
{
    sg_store_t *s = NULL;
    unsigned t;
    for (t = 0; t < 1500; t++) {
        unsigned h = 3 + (unsigned)test_below(2), w = 4 + (unsigned)test_below(2);
        if (t % 300 == 0) {
            sg_store_free(s);
            CHECK_EQ(sg_cram_store_create(&s, NULL), SG_OK);
        }
        if (t % 150 == 0 || bh != h || bw != w) brute_board(BRUTE_CRAM, h, w);
        check_board(s, h, w, test_rand() & test_rand() & (((uint64_t)1 << (h * w)) - 1));
    }
    sg_store_free(s);
}

/* Proves the board core on boxes of more than 32 cells, which the boards above never reach (the
 * canonical images of such a box take two reversals, not one of a pair; the rows of its cells
 * come through a reciprocal of widths up to 64): on every shape of 33 to 64 cells a lattice path
 * from corner to corner, so that the board is one region filling its box, and a few random
 * cells besides, against a mex over the subsets of its at most 20 free cells. */
static unsigned path_cells, path_pair[64][2], path_pairs;
static unsigned char *path_memo;

static unsigned path_brute(uint32_t left)
{
    unsigned char seen[64];
    unsigned i, v;
    if (path_memo[left]) return path_memo[left] - 1u;
    memset(seen, 0, sizeof seen);
    for (i = 0; i < path_pairs; i++) {
        uint32_t d = ((uint32_t)1 << path_pair[i][0]) | ((uint32_t)1 << path_pair[i][1]);
        if ((left & d) == d) seen[path_brute(left & ~d)] = 1;
    }
    for (v = 0; seen[v]; v++) {}
    path_memo[left] = (unsigned char)(v + 1);
    return v;
}

static void test_boxes_past_32_cells(void)
{
    sg_store_t *s = NULL;
    unsigned h, w, i, j, r, c, index[64];
    CHECK_EQ(sg_cram_store_create(&s, NULL), SG_OK);
    for (h = 1; h <= 64; h++)
        for (w = 1; w <= 64; w++) {
            uint64_t free_cells = 0;
            sg_value_t v = 999;
            int next = -1;
            if (h * w <= 32 || h * w > 64 || h + w - 1 > 18) continue;
            /* a path from the top left to the bottom right, each step right or down */
            for (r = 0, c = 0;;) {
                free_cells |= (uint64_t)1 << (r * w + c);
                if (r == h - 1 && c == w - 1) break;
                if (c == w - 1 || (r < h - 1 && test_below(2))) r++;
                else c++;
            }
            for (i = 0; i < 3; i++) free_cells |= (uint64_t)1 << test_below(h * w);
            path_cells = 0;
            for (i = 0; i < h * w; i++)
                if (free_cells >> i & 1) index[i] = path_cells++;
            path_pairs = 0;
            for (i = 0; i < h * w; i++)
                for (j = i + 1; j < h * w; j++)
                    if ((free_cells >> i & 1) && (free_cells >> j & 1) &&
                        ((j == i + 1 && j % w != 0) || j == i + w)) {
                        path_pair[path_pairs][0] = index[i];
                        path_pair[path_pairs++][1] = index[j];
                    }
            CHECK(path_cells <= 21 && path_pairs <= 64);
            if (path_cells > 21 || path_pairs > 64) continue;
            path_memo = (unsigned char *)calloc((size_t)1 << path_cells, 1);
            CHECK(path_memo != NULL);
            if (path_memo == NULL) continue;
            CHECK_EQ(sg_cram_value(s, h, w, ~free_cells & (~(uint64_t)0 >> (64 - h * w)), &v),
                     SG_OK);
            CHECK_EQ(v, path_brute((uint32_t)(((uint64_t)1 << path_cells) - 1)));
            CHECK_EQ(sg_cram_outcome(s, h, w, ~free_cells & (~(uint64_t)0 >> (64 - h * w)),
                                     &next), SG_OK);
            CHECK_EQ(next, v != 0);
            free(path_memo);
        }
    sg_store_free(s);
}

/* P. Beling, impartial-games, README.md "The results obtained so far", Cram (normal play):
 * https://github.com/beling/impartial-games (nimbers of empty R x C boards). Each is checked by
 * its full value, or past that by one outcome search: G + *v is a P-position exactly when
 * SG(G) = v, so the search of G + *v alone proves the published v (a wrong v finds G + *v N).
 *  tier 0: make check, by the value;
 *  tier 1: the long tier (SG_TEST_LONG), by the value: 4 x 8 and 5 x 6 take 7 s and 4 s of CPU;
 *  tier 2: the long tier, by the outcome: 4 x 9, 5 x 7 and 6 x 6 take 19 s, 23 s and 33 s of CPU
 *          and 130 to 200 MB each;
 *  tier 3: `make check-cram-table` (SG_TEST_CRAM_TABLE), by the outcome, minutes and up to a
 *          gigabyte each: 4 x 10 took 494 s of CPU, 5.8 million nodes, 805 MB;
 *  tier 4: not run, listed for the record: the positions grow about 6.5-fold a column on 4 x n,
 *          and the rest hold hundreds of millions and more; 6 x 12 and 6 x 14 have more than 64
 *          cells (the even-by-even boards are 0 by the half-turn symmetry strategy). */
static const struct {
    unsigned r, c, value, tier;
} beling[] = {
    {4, 4, 0, 0}, {4, 5, 2, 0}, {4, 6, 0, 0}, {4, 7, 3, 0}, {5, 5, 0, 0}, {4, 8, 0, 1},
    {5, 6, 2, 1}, {4, 9, 1, 2}, {4, 10, 0, 3}, {4, 11, 1, 4}, {5, 7, 1, 2}, {6, 6, 0, 2},
    {5, 8, 1, 4}, {4, 12, 0, 4}, {4, 13, 3, 4}, {4, 14, 0, 4}, {4, 15, 4, 4}, {6, 7, 5, 4},
    {7, 7, 1, 4}, {5, 9, 1, 4}, {6, 8, 0, 4}, {5, 10, 2, 4}, {6, 9, 1, 4}, {7, 8, 3, 4},
    {5, 11, 0, 4}, {5, 12, 3, 4}, {6, 10, 0, 4}, {7, 9, 1, 4}, {6, 12, 0, 4}, {6, 14, 0, 4},
};

/* the tiers this run checks: 0, 0-2 under the long tier, 0-3 under SG_TEST_CRAM_TABLE */
static unsigned beling_tiers(void)
{
    return test_env_on("SG_TEST_CRAM_TABLE") ? 3u : test_long() ? 2u : 0u;
}

static void test_beling_table(void)
{
    size_t i, run = 0, want[4] = {5, 7, 10, 11};
    for (i = 0; i < sizeof beling / sizeof beling[0]; i++) {
        unsigned char pos[SG_CRAM_POSITION_MAX];
        size_t len = 0;
        sg_store_t *s = NULL;
        sg_value_t v = 999;
        int next = -1;
        if (beling[i].tier > beling_tiers()) continue;
        CHECK_EQ(sg_cram_store_create(&s, NULL), SG_OK);
        if (beling[i].tier <= 1) {
            CHECK_EQ(sg_cram_value(s, beling[i].r, beling[i].c, 0, &v), SG_OK);
            CHECK_EQ(v, beling[i].value);
        } else {
            CHECK_EQ(sg_cram_position(beling[i].r, beling[i].c, 0, pos, &len), SG_OK);
            CHECK_EQ(sg_store_outcome(s, pos, len, beling[i].value, &next), SG_OK);
            CHECK_EQ(next, 0);
        }
        sg_store_free(s);
        run++;
    }
    CHECK_EQ(run, want[beling_tiers()]);
}

/* The outcome check of the tiers past the value, on a board of make check: G + *v is P for
 * the value v, and N for every other k, so that check cannot pass a wrong v. */
static void test_outcome_proves_value(void)
{
    unsigned char pos[SG_CRAM_POSITION_MAX];
    size_t len = 0;
    sg_store_t *s = NULL;
    sg_value_t k;
    CHECK_EQ(sg_cram_position(4, 5, 0, pos, &len), SG_OK);   /* Beling: 2 */
    for (k = 0; k < 5; k++) {
        int next = -1;
        CHECK_EQ(sg_cram_store_create(&s, NULL), SG_OK);
        CHECK_EQ(sg_store_outcome(s, pos, len, k, &next), SG_OK);
        CHECK_EQ(next, k != 2);
        sg_store_free(s);
    }
}

static void test_bad_input(void)
{
    unsigned char pos[SG_CRAM_POSITION_MAX];
    size_t len = 0;
    sg_value_t v = 7;
    sg_store_t *s = NULL;
    CHECK_EQ(sg_cram_store_create(&s, NULL), SG_OK);
    CHECK_EQ(sg_cram_position(0, 3, 0, pos, &len), SG_EINVAL);
    CHECK_EQ(sg_cram_position(9, 8, 0, pos, &len), SG_ERANGE);
    CHECK_EQ(sg_cram_position(65, 1, 0, pos, &len), SG_ERANGE);
    CHECK_EQ(sg_cram_position(2, 2, 16, pos, &len), SG_EINVAL);
    CHECK_EQ(sg_cram_position(2, 2, 15, NULL, &len), SG_EINVAL);
    CHECK_EQ(sg_cram_position(8, 8, 0, pos, &len), SG_OK);
    CHECK_EQ(len, 10);
    CHECK_EQ(sg_cram_value(s, 3, 0, 0, &v), SG_EINVAL);
    CHECK_EQ(sg_cram_value(s, 1, 65, 0, &v), SG_ERANGE);
    CHECK_EQ(v, 7);
    CHECK_EQ(sg_cram_rules(NULL), SG_EINVAL);
    /* every cell blocked, one row of 64 */
    CHECK_EQ(sg_cram_value(s, 8, 8, ~(uint64_t)0, &v), SG_OK);
    CHECK_EQ(v, 0);
    sg_store_free(s);
}

int main(void)
{
    RUN(test_empty_boards);
    RUN(test_each_position_once);
    RUN(test_every_blocked_pattern);
    RUN(test_random_blocked);
    RUN(test_boxes_past_32_cells);
    RUN(test_beling_table);
    RUN(test_outcome_proves_value);
    RUN(test_bad_input);
    free(memo);
    return TEST_REPORT();
}
