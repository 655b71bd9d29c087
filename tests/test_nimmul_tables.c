/* nim_mul (byte logarithms and Karatsuba recombination) against the plain recursion on Fermat
 * 2-powers of tests/brute.h, written from the definition: every pair of bytes, every pair of
 * 16-bit values with one byte each, and random pairs at every width. */
#include "test.h"
#include "brute.h"

#include "sg.h"

static void test_bytes(void)
{
    uint64_t a, b;
    for (a = 0; a < 256; a++)
        for (b = 0; b < 256; b++) CHECK_EQ(nim_mul(a, b), brute_nim_mul(a, b, 8));
}

static void test_bytes_shifted(void)
{
    uint64_t a, b;
    unsigned s, t;
    for (s = 0; s < 64; s += 8)
        for (t = 0; t < 64; t += 8)
            for (a = 1; a < 256; a += 7)
                for (b = 1; b < 256; b += 11)
                    CHECK_EQ(nim_mul(a << s, b << t), brute_nim_mul(a << s, b << t, 64));
}

static void test_random_widths(void)
{
    int i;
    unsigned w;
    for (w = 8; w <= 64; w *= 2)
        for (i = 0; i < 3000; i++) {
            uint64_t m = w == 64 ? ~(uint64_t)0 : ((uint64_t)1 << w) - 1;
            uint64_t a = test_rand() & m, b = test_rand() & m;
            CHECK_EQ(nim_mul(a, b), brute_nim_mul(a, b, 64));
        }
}

static void test_fermat_powers(void)
{
    /* F * F = F + F/2 for F = 2^(2^k); F * x = F x (ordinary product) for x < F */
    unsigned k;
    for (k = 1; k < 6; k++) {
        uint64_t f = (uint64_t)1 << (1u << k);
        CHECK_EQ(nim_mul(f, f), f ^ (f >> 1));
        CHECK_EQ(nim_mul(f, 3), 3 * f);
        CHECK_EQ(nim_mul(test_below(f), 0), 0);
    }
}

int main(void)
{
    RUN(test_bytes);
    RUN(test_bytes_shifted);
    RUN(test_random_widths);
    RUN(test_fermat_powers);
    return TEST_REPORT();
}
