/* Staircase Nim against the generic engine (a rule written here from the moves) on four stairs
 * of a few coins, and the winning move on random large stairs. */
#include "sg.h"
#include "test.h"

#define MAXC 3                  /* at most 3 coins a stair at the start */
#define B (4 * MAXC + 1)        /* a stair never holds more than all the coins */
#define S 4
#define COUNT (B * B * B * B)

static void decode(uint64_t pos, uint64_t s[S])
{
    unsigned i;
    for (i = 0; i < S; i++, pos /= B) s[i] = pos % B;
}

static uint64_t encode(const uint64_t s[S])
{
    return s[0] + B * (s[1] + B * (s[2] + B * s[3]));
}

/* c coins from stair i down to i - 1: a smaller position */
static int stair_rule(void *user, uint64_t pos, sg_moves_t *out)
{
    uint64_t s[S], c;
    unsigned i;
    (void)user;
    decode(pos, s);
    for (i = 1; i < S; i++)
        for (c = 1; c <= s[i]; c++) {
            if (s[i - 1] + c >= B) continue;    /* unreachable from the positions checked */
            s[i] -= c;
            s[i - 1] += c;
            sg_move_to(out, encode(s));
            s[i] += c;
            s[i - 1] -= c;
        }
    return 0;
}

static void test_small_against_engine(void)
{
    static sg_value_t table[COUNT];
    uint64_t s[S], v, coins;
    size_t stair;
    uint64_t a, b, c, d;
    CHECK_EQ(sg_table_build(table, COUNT, stair_rule, NULL), SG_OK);
    for (a = 0; a <= MAXC; a++)
        for (b = 0; b <= MAXC; b++)
            for (c = 0; c <= MAXC; c++)
                for (d = 0; d <= MAXC; d++) {
                    int r;
                    s[0] = a, s[1] = b, s[2] = c, s[3] = d;
                    CHECK_EQ(sg_staircase_nim_value(s, S, &v), SG_OK);
                    CHECK_EQ(v, table[encode(s)]);
                    r = sg_staircase_nim_winning_move(s, S, &stair, &coins);
                    CHECK_EQ(r, table[encode(s)] != 0);
                    if (r == 1) {
                        CHECK(stair >= 1 && stair < S && coins >= 1 && coins <= s[stair]);
                        s[stair] -= coins;
                        s[stair - 1] += coins;
                        CHECK_EQ(table[encode(s)], 0);
                    }
                }
}

static void test_large(void)
{
    uint64_t s[30], v, w, coins;
    size_t stair, i;
    unsigned t;
    for (t = 0; t < 2000; t++) {
        size_t n = (size_t)test_below(30) + 1;
        int r;
        for (i = 0; i < n; i++) s[i] = test_rand() >> (1 + test_below(63));
        CHECK_EQ(sg_staircase_nim_value(s, n, &v), SG_OK);
        for (w = 0, i = 1; i < n; i += 2) w ^= s[i];
        CHECK_EQ(v, w);
        r = sg_staircase_nim_winning_move(s, n, &stair, &coins);
        CHECK_EQ(r, v != 0);
        if (r == 1) {
            CHECK(stair % 2 == 1 && stair < n && coins >= 1 && coins <= s[stair]);
            s[stair] -= coins;      /* the stair below may now pass 2^63: XOR by hand */
            for (w = 0, i = 1; i < n; i += 2) w ^= s[i];
            CHECK_EQ(w, 0);
        }
    }
}

static void test_bad_input(void)
{
    uint64_t s[3] = {1, 2, SG_CLOSED_MAX + 1}, v = 5;
    size_t stair = 9;
    CHECK_EQ(sg_staircase_nim_value(s, 3, &v), SG_ERANGE);
    CHECK_EQ(sg_staircase_nim_winning_move(s, 3, &stair, &v), SG_ERANGE);
    CHECK_EQ(v, 5);
    CHECK_EQ(stair, 9);
    CHECK_EQ(sg_staircase_nim_value(NULL, 2, &v), SG_EINVAL);
    CHECK_EQ(sg_staircase_nim_winning_move(NULL, 0, NULL, NULL), 0);
    CHECK_EQ(sg_staircase_nim_value(s, 2, NULL), SG_OK);
    CHECK_EQ(sg_staircase_nim_winning_move(s, 2, NULL, NULL), 1);
    CHECK_EQ(sg_staircase_nim_winning_move(s, 1, &stair, &v), 0);      /* only the ground */
}

int main(void)
{
    RUN(test_small_against_engine);
    RUN(test_large);
    RUN(test_bad_input);
    return TEST_REPORT();
}
