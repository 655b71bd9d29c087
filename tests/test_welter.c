/* Welter's game: the closed form and the winning move against a plain recursive mex over sorted
 * coin tuples (every position of up to 4 coins below 16), then large places and bad input. */
#include "sg.h"
#include "test.h"

#define PLACES 16
#define MAXCOINS 4

/* a position: a set of places below 16, as a bitmask; its value by the definition */
static int brute_known[1 << PLACES];
static unsigned brute_value[1 << PLACES];

static unsigned brute(unsigned set)
{
    unsigned char seen[PLACES * PLACES + 2];
    unsigned a, b, v;
    if (brute_known[set]) return brute_value[set];
    memset(seen, 0, sizeof seen);
    for (a = 0; a < PLACES; a++) {
        if (!(set >> a & 1u)) continue;
        for (b = 0; b < a; b++)
            if (!(set >> b & 1u)) {
                v = brute((set & ~(1u << a)) | (1u << b));
                if (v < sizeof seen) seen[v] = 1;
            }
    }
    for (v = 0; seen[v]; v++) {}
    brute_known[set] = 1;
    brute_value[set] = v;
    return v;
}

static unsigned popcount(unsigned x)
{
    unsigned n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}

static void test_small_against_brute(void)
{
    unsigned set, checked = 0;
    for (set = 0; set < (1u << PLACES); set++) {
        uint64_t coins[MAXCOINS], v = 0, to = 0;
        size_t n = 0, i = 0;
        unsigned a;
        int r;
        if (popcount(set) > MAXCOINS) continue;
        /* the coins in a scrambled order: the functions must not rely on sorted input */
        for (a = PLACES; a-- > 0;)
            if (set >> a & 1u) coins[n++] = a;
        if (n > 2) {
            uint64_t t = coins[0];
            coins[0] = coins[n - 1], coins[n - 1] = t;
        }
        CHECK_EQ(sg_welter_value(coins, n, &v), SG_OK);
        CHECK_EQ(v, brute(set));
        r = sg_welter_winning_move(coins, n, &i, &to);
        CHECK_EQ(r, brute(set) != 0);
        if (r == 1) {
            CHECK(i < n && to < coins[i] && !(set >> to & 1u));
            CHECK_EQ(brute((set & ~(1u << coins[i])) | (1u << to)), 0);
        }
        checked++;
    }
    CHECK_EQ(checked, 1 + 16 + 120 + 560 + 1820);
}

/* two coins: [a|b] = (a ^ b) - 1 (ONAG ch. 13); one coin: a Nim heap */
static void test_two_coins_large(void)
{
    unsigned t;
    for (t = 0; t < 20000; t++) {
        uint64_t c[2], v;
        c[0] = test_rand() >> 1;
        c[1] = test_rand() >> (1 + test_below(63));
        if (c[0] == c[1]) continue;
        CHECK_EQ(sg_welter_value(c, 2, &v), SG_OK);
        CHECK_EQ(v, (c[0] ^ c[1]) - 1);
        CHECK_EQ(sg_welter_value(c, 1, &v), SG_OK);
        CHECK_EQ(v, c[0]);
    }
}

/* many coins at large places: the move is legal and lands on value 0 (checked by the value) */
static void test_moves_large(void)
{
    unsigned t, wins = 0;
    for (t = 0; t < 3000; t++) {
        uint64_t c[40], v, w, to = 0;
        size_t n = (size_t)test_below(40) + 1, i, j, k = 0;
        int r, dup = 0;
        for (i = 0; i < n; i++) {
            /* places that share low bits, so pairs of every 2-adic distance come up */
            c[i] = test_rand() >> 1;
            if (test_below(4) != 0) c[i] &= ~(uint64_t)0xffff;
            c[i] |= test_below(8);
        }
        for (i = 0; i < n; i++)
            for (j = i + 1; j < n; j++) dup |= c[i] == c[j];
        if (dup) {
            CHECK_EQ(sg_welter_value(c, n, &v), SG_EINVAL);
            continue;
        }
        CHECK_EQ(sg_welter_value(c, n, &v), SG_OK);
        r = sg_welter_winning_move(c, n, &k, &to);
        CHECK_EQ(r, v != 0);
        if (r != 1) continue;
        wins++;
        CHECK(k < n && to < c[k]);
        for (j = 0; j < n; j++) CHECK(c[j] != to);
        c[k] = to;
        CHECK_EQ(sg_welter_value(c, n, &w), SG_OK);
        CHECK_EQ(w, 0);
    }
    CHECK(wins > 2000);
}

static void test_bad_input(void)
{
    uint64_t c[3] = {5, 9, 5}, v = 77, to;
    size_t i;
    CHECK_EQ(sg_welter_value(c, 3, &v), SG_EINVAL);
    CHECK_EQ(sg_welter_winning_move(c, 3, &i, &to), SG_EINVAL);
    CHECK_EQ(v, 77);
    CHECK_EQ(sg_welter_value(NULL, 1, &v), SG_EINVAL);
    CHECK_EQ(sg_welter_value(NULL, 0, &v), SG_OK);
    CHECK_EQ(v, 0);
    CHECK_EQ(sg_welter_winning_move(NULL, 0, &i, &to), 0);
    c[2] = SG_CLOSED_MAX;
    CHECK_EQ(sg_welter_value(c, 3, &v), SG_ERANGE);
    c[2] = SG_CLOSED_MAX - 1;
    CHECK_EQ(sg_welter_value(c, 3, NULL), SG_OK);
    CHECK_EQ(sg_welter_winning_move(c, 3, NULL, NULL), 1);
}

int main(void)
{
    RUN(test_small_against_brute);
    RUN(test_two_coins_large);
    RUN(test_moves_large);
    RUN(test_bad_input);
    return TEST_REPORT();
}
