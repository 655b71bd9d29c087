/* nim_mul: the defining recursion for small values, the field laws for random 64-bit ones. */
#include "sg.h"
#include "test.h"

#define SMALL 128

/* Conway: a*b = mex { a'*b ^ a*b' ^ a'*b' : a' < a, b' < b }. Values below 128 lie in the field
 * of nimbers below 256, so every product and every mex here is below 256. */
static uint64_t defn[SMALL][SMALL];

static void build_definition(void)
{
    unsigned a, b, x, y;
    unsigned char seen[512];
    for (a = 0; a < SMALL; a++)
        for (b = 0; b < SMALL; b++) {
            uint64_t v = 0;
            memset(seen, 0, sizeof seen);
            for (x = 0; x < a; x++)
                for (y = 0; y < b; y++) {
                    uint64_t e = defn[x][b] ^ defn[a][y] ^ defn[x][y];
                    if (e < sizeof seen) seen[e] = 1;
                }
            while (seen[v]) v++;
            defn[a][b] = v;
        }
}

static size_t cases;

static void test_definition(void)
{
    unsigned a, b;
    build_definition();
    for (a = 0; a < SMALL; a++)
        for (b = 0; b < SMALL; b++) {
            CHECK_EQ(nim_mul(a, b), defn[a][b]);
            CHECK(defn[a][b] < 256);
            cases++;
        }
}

/* Published facts: a Fermat 2-power F = 2^(2^k) squares to 3F/2, and the product of distinct
 * Fermat 2-powers is their ordinary product; 2*2 = 3, 2*3 = 1, 4*4 = 6, 8*8 = 13, 16*16 = 24. */
static void test_known(void)
{
    unsigned i, j;
    CHECK_EQ(nim_mul(2, 2), 3);
    CHECK_EQ(nim_mul(2, 3), 1);
    CHECK_EQ(nim_mul(3, 3), 2);
    CHECK_EQ(nim_mul(4, 4), 6);
    CHECK_EQ(nim_mul(8, 8), 13);
    CHECK_EQ(nim_mul(16, 16), 24);
    for (i = 0; i < 6; i++) {
        uint64_t f = (uint64_t)1 << (1u << i);
        if (f == 0) continue;
        CHECK_EQ(nim_mul(f, f), f + f / 2);
        for (j = 0; j < i; j++) {
            uint64_t g = (uint64_t)1 << (1u << j);
            CHECK_EQ(nim_mul(f, g), f * g);
        }
    }
    /* 2^32 is a Fermat 2-power: 2^32 * 2^32 = 3 * 2^31 */
    CHECK_EQ(nim_mul((uint64_t)1 << 32, (uint64_t)1 << 32), 0x180000000ULL);
    /* products of distinct Fermat 2-powers: 2 * 4 * 16 * 256 * 65536 * 2^32 = 2^63 */
    CHECK_EQ(nim_mul(nim_mul(nim_mul(2, 4), nim_mul(16, 256)), nim_mul(65536, (uint64_t)1 << 32)),
             (uint64_t)1 << 63);
}

static uint64_t rnd(void)
{
    /* full width most of the time, sometimes small or sparse */
    switch (test_below(4)) {
    case 0: return test_rand() >> test_below(64);
    case 1: return test_rand() & test_rand() & test_rand();
    default: return test_rand();
    }
}

static uint64_t square_multiply(uint64_t a, uint64_t e)
{
    uint64_t r = 1;
    while (e) {
        if (e & 1u) r = nim_mul(r, a);
        a = nim_mul(a, a);
        e >>= 1;
    }
    return r;
}

static void test_field_laws(void)
{
    size_t rep;
    for (rep = 0; rep < 20000; rep++) {
        uint64_t a = rnd(), b = rnd(), c = rnd();
        uint64_t ab = nim_mul(a, b);
        CHECK_EQ(ab, nim_mul(b, a));
        CHECK_EQ(nim_mul(ab, c), nim_mul(a, nim_mul(b, c)));
        CHECK_EQ(nim_mul(a, b ^ c), ab ^ nim_mul(a, c));
        CHECK_EQ(nim_mul(a, 1), a);
        CHECK_EQ(nim_mul(1, a), a);
        CHECK_EQ(nim_mul(a, 0), 0);
        CHECK_EQ(nim_mul(0, a), 0);
        /* no zero divisors */
        CHECK_EQ(ab == 0, a == 0 || b == 0);
        /* subfields: the nimbers below 2^32 (and 2^16) are closed under the product */
        CHECK(nim_mul(a & 0xffffffffu, b & 0xffffffffu) <= 0xffffffffu);
        CHECK(nim_mul(a & 0xffffu, b & 0xffffu) <= 0xffffu);
        /* characteristic 2: the square is additive (Frobenius) */
        CHECK_EQ(nim_mul(a ^ b, a ^ b), nim_mul(a, a) ^ nim_mul(b, b));
        cases++;
    }
}

/* The multiplicative group has order 2^64 - 1, so a^(2^64 - 2) is the inverse of a != 0. */
static void test_inverses(void)
{
    size_t rep;
    CHECK_EQ(square_multiply(1, UINT64_MAX - 1), 1);
    for (rep = 0; rep < 600; rep++) {
        uint64_t a = rnd(), inv;
        if (a == 0) a = rep + 2;
        inv = square_multiply(a, UINT64_MAX - 1);
        CHECK_EQ(nim_mul(a, inv), 1);
        CHECK_EQ(nim_mul(inv, a), 1);
        CHECK(inv != 0);
        /* Fermat: a^(2^64 - 1) == 1 */
        CHECK_EQ(nim_mul(inv, nim_mul(a, a)), a);
        cases++;
    }
    /* in the subfield of order 256, every element is a root of x^256 = x */
    for (rep = 0; rep < 256; rep++) CHECK_EQ(square_multiply(rep, 256), rep);
}

int main(void)
{
    RUN(test_definition);
    RUN(test_known);
    RUN(test_field_laws);
    RUN(test_inverses);
    printf("nimmul: %zu cases\n", cases);
    return TEST_REPORT();
}
