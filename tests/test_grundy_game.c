/* Grundy's game: published values, the published count of rare values, and the fast engine
 * against the plain loop of tests/brute.h, written from the definition; the engine on two-byte
 * values, and its search among the splits on two-byte values against the definition. */
#include "test.h"
#include "simd.h"
#include "brute.h"

#include "sg.h"
#include "../lib/games/grundy/gg_core.h"

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

/* The engine on values stored in two bytes from the start, as a long run stores them once one
 * reaches 256 (n = 7250049): its search among the splits then cuts each XOR to a byte. */
static void test_two_byte_values(void)
{
    const uint64_t count = test_scale(100000) < 100000 ? 20000 : 40000;
    sg_value_t *b = (sg_value_t *)malloc(count * sizeof *b);
    uint16_t *g = (uint16_t *)malloc(count * sizeof *g);
    sg__gg_t *e = NULL;
    uint64_t n = 0;
    sg_value_t v;
    CHECK(b != NULL && g != NULL);
    CHECK_EQ(sg__gg_create(&e), SG_OK);
    if (b != NULL && g != NULL && e != NULL) {
        brute_grundy_game(b, count);
        sg__gg_attach(e, NULL, g, NULL, 0, 0);
        for (n = 0; n < count && sg__gg_next(e, n, &v) == SG_OK && v == b[n]; n++)
            g[n] = (uint16_t)v;
    }
    CHECK_EQ(n, count);
    sg__gg_free(e);
    free(b);
    free(g);
}

/* one of the values the search among the splits is tried on: mostly small, some around 255,
 * some anywhere below 65536 */
static uint16_t near_value(void)
{
    uint64_t r = test_below(16);
    return (uint16_t)(r < 11 ? test_below(40) : r < 14 ? 250 + test_below(12) : test_below(65536));
}

/* The search among the splits (a0 - i, b0 + i) on two-byte values, against the definition: byte i
 * is min(G(a0 - i) ^ G(b0 + i), 255); a value below 255 is found exactly when a split within the
 * search's reach gives it, and its witness is that split's smaller part; 255 and more are never
 * found (a byte of 255 stands for them all). */
static void test_near_two_bytes(void)
{
    enum { SPAN = 3000, ROOM = 2 * SPAN + 100 };
    static uint16_t g[ROOM];
    static sg__gg_near_t s;
    sg__gg_t *e = NULL;
    uint64_t i, work = 0, trial, n, first;
    size_t step;
    sg_value_t v;
    CHECK_EQ(sg__gg_create(&e), SG_OK);
    if (e == NULL) return;
    /* the engine's own bookkeeping of a value of 65535 makes room for every XOR */
    CHECK_EQ(sg__gg_account(e, 0, 65535), SG_OK);
    CHECK(sg__gg_near_serves(e) == 0);
    sg__gg_attach(e, NULL, g, NULL, 0, 0);
    CHECK(sg__gg_near_serves(e) == 1);
    for (trial = 0; trial < 12; trial++) {
        for (i = 0; i < ROOM; i++) g[i] = near_value();
        s.a0 = SPAN + test_below(40);
        s.b0 = s.a0 + 1 + test_below(40);
        n = s.a0 + s.b0;
        s.cap = SPAN - test_below(100) * (trial & 1);
        s.len = 0;
        while (s.len < s.cap) {   /* uneven steps: every length of a vector pass's tail */
            step = 1 + (size_t)test_below(200);
            sg__gg_near_grow(e, &s, step);
        }
        for (i = 0; i < s.cap; i++) {
            unsigned x = (unsigned)(g[s.a0 - i] ^ g[s.b0 + i]);
            if (s.x.b[i] != (x < 255 ? x : 255)) break;
        }
        CHECK_EQ(i, s.cap);
        for (v = 0; v < 300; v += 1 + (sg_value_t)test_below(3)) {
            s.len = 0;
            for (first = 0; first < s.cap && (unsigned)(g[s.a0 - first] ^ g[s.b0 + first]) != v;
                 first++)
                ;
            if (v >= 255) first = s.cap;
            CHECK_EQ(sg__gg_near(e, e->wit, n, &s, v, &work), first < s.cap);
            if (first < s.cap) CHECK_EQ(e->wit[n % 3][2 * v], s.a0 - first);
        }
    }
    sg__gg_free(e);
}

int main(void)
{
    RUN(test_published_values);
    RUN(test_bad_input);
    RUN(test_against_plain);
    if (test_long()) RUN(test_rare_count);   /* 2^21 values: make check-long */
    RUN(test_two_byte_values);
    RUN(test_near_two_bytes);
    test_simd_report(TEST_SIMD_GRUNDY_GAME);
    return TEST_REPORT();
}
