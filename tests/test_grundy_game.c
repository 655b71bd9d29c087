/* Grundy's game: published values, the published count of rare values, and the fast engine
 * against the plain loop of tests/brute.h, written from the definition. */
#include "test.h"
#include "simd.h"
#include "brute.h"

#include "sg.h"

/* OEIS A002188, n = 0..104, as published */
static const unsigned char a002188[105] = {
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2,
    3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3,
    2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3,
    7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3};

/* G(n) = mex { G(a) xor G(n - a) : 1 <= a < n - a }, straight from the definition */

static void test_published_values(void)
{
    sg_value_t t[105];
    size_t i;
    CHECK_EQ(sg_grundy_game_table(t, 105), SG_OK);
    for (i = 0; i < 105; i++) CHECK_EQ(t[i], a002188[i]);
}

static void test_bad_input(void)
{
    sg_value_t t[4] = {9, 9, 9, 9};
    CHECK_EQ(sg_grundy_game_table(NULL, 1), SG_EINVAL);
    CHECK_EQ(sg_grundy_game_table(NULL, 0), SG_OK);
    CHECK_EQ(sg_grundy_game_table(t, 0), SG_OK);
    CHECK_EQ(t[0], 9);
    CHECK_EQ(sg_grundy_game_table(t, 3), SG_OK);
    CHECK_EQ(t[0], 0);
    CHECK_EQ(t[2], 0);
    CHECK_EQ(t[3], 9);   /* nothing written past count */
}

/* every prefix length gives the prefix of the long table (the engine switches method and mask
 * as it goes: the cut must not matter) */
static void test_against_plain(void)
{
    /* SG_TEST_QUICK (valgrind): still past every cut below */
    const uint64_t count = test_scale(100000) < 100000 ? 12000 : 100000;
    sg_value_t *a = (sg_value_t *)malloc(count * sizeof *a);
    sg_value_t *b = (sg_value_t *)malloc(count * sizeof *b);
    uint64_t i, cuts[] = {1, 2, 3, 100, 2047, 2048, 2049, 4097, 10007, 0, 0};
    size_t c;
    CHECK(a != NULL && b != NULL);
    if (a == NULL || b == NULL) return;
    cuts[9] = 2048 + test_below(8192);
    cuts[10] = 1 + test_below(count - 1);
    brute_grundy_game(b, count);
    CHECK_EQ(sg_grundy_game_table(a, count), SG_OK);
    for (i = 0; i < count && a[i] == b[i]; i++)
        ;
    CHECK_EQ(i, count);
    for (c = 0; c < sizeof cuts / sizeof cuts[0]; c++) {
        if (cuts[c] >= count) continue;
        memset(a, 0xff, count * sizeof *a);
        CHECK_EQ(sg_grundy_game_table(a, cuts[c]), SG_OK);
        CHECK(memcmp(a, b, cuts[c] * sizeof *a) == 0);
        CHECK_EQ(a[cuts[c]], 0xffffffffu);
    }
    free(a);
    free(b);
}

/* published: 1274 rare values below 2^21 (popcount(G(n) & 0xfe) even, n = 0 counted) */
static void test_rare_count(void)
{
    const uint64_t count = (uint64_t)1 << 21;
    sg_value_t *t = (sg_value_t *)malloc(count * sizeof *t);
    uint64_t n, rare = 0;
    CHECK(t != NULL);
    if (t == NULL) return;
    if (test_scale(16) != 16) {   /* SG_TEST_QUICK: the published count needs all of 2^21 */
        free(t);
        return;
    }
    CHECK_EQ(sg_grundy_game_table(t, count), SG_OK);
    for (n = 0; n < count; n++) {
        sg_value_t x = t[n] & 0xfe;
        unsigned p = 0;
        while (x) {
            p ^= 1u;
            x &= x - 1;
        }
        rare += p == 0;
    }
    CHECK_EQ(rare, 1274);
    free(t);
}

int main(void)
{
    RUN(test_published_values);
    RUN(test_bad_input);
    RUN(test_against_plain);
    RUN(test_rare_count);
    test_simd_report(TEST_SIMD_GRUNDY_GAME);
    return TEST_REPORT();
}
