/* sg_mex against a naive mex: the least v such that no element equals v. */
#include "sg.h"
#include "test.h"
#include "simd.h"

#define MEX_MAX 10001

/* the definition, literally: try v = 0, 1, 2, ... */
static sg_value_t naive_mex(const sg_value_t *a, size_t n)
{
    static unsigned char seen[MEX_MAX + 2];
    size_t i;
    sg_value_t v;
    memset(seen, 0, sizeof seen);
    for (i = 0; i < n; i++)
        if (a[i] <= MEX_MAX) seen[a[i]] = 1;
    for (v = 0; seen[v]; v++)
        ;
    return v;
}

/* quadratic, for small arrays: a second, entirely independent definition */
static sg_value_t naive_mex_scan(const sg_value_t *a, size_t n)
{
    sg_value_t v = 0;
    for (;;) {
        size_t i;
        for (i = 0; i < n && a[i] != v; i++)
            ;
        if (i == n) return v;
        v++;
    }
}

static void test_empty(void)
{
    sg_value_t one = 0;
    CHECK_EQ(sg_mex(NULL, 0), 0);
    CHECK_EQ(sg_mex(&one, 0), 0);
    CHECK_EQ(sg_mex(NULL, 5), 0);   /* documented: NULL with count > 0 is empty */
}

static void test_small_exhaustive(void)
{
    /* every array of length <= 5 over values 0..5 */
    sg_value_t a[5];
    size_t n, cases = 0;
    for (n = 0; n <= 5; n++) {
        uint64_t code, total = 1;
        size_t i;
        for (i = 0; i < n; i++) total *= 6;
        for (code = 0; code < total; code++) {
            uint64_t c = code;
            for (i = 0; i < n; i++, c /= 6) a[i] = (sg_value_t)(c % 6);
            CHECK_EQ(sg_mex(a, n), naive_mex_scan(a, n));
            cases++;
        }
    }
    CHECK_EQ(cases, 1 + 6 + 36 + 216 + 1296 + 7776);
}

static void fill(sg_value_t *a, size_t n, int kind)
{
    size_t i;
    for (i = 0; i < n; i++) {
        switch (kind) {
        case 0: a[i] = (sg_value_t)test_rand(); break;                     /* spread */
        case 1: a[i] = (sg_value_t)test_below(n + 2); break;               /* clustered */
        case 2: a[i] = (sg_value_t)test_below(n / 2 + 1); break;           /* duplicates */
        case 3: a[i] = (sg_value_t)i; break;                               /* a permutation */
        case 4: a[i] = (sg_value_t)(test_below(4) ? i : test_rand()); break;
        default: a[i] = (sg_value_t)(i % 64 + 64 * test_below(3)); break;
        }
    }
    if (kind == 3 || kind == 4) {   /* shuffle */
        for (i = n; i > 1; i--) {
            size_t j = (size_t)test_below(i);
            sg_value_t t = a[i - 1];
            a[i - 1] = a[j];
            a[j] = t;
        }
    }
}

static void test_random(void)
{
    static sg_value_t a[MEX_MAX];
    static const size_t sizes[] = {0,   1,   2,   3,    31,   62,   63,   64,   65,   127,
                                   128, 129, 500, 4095, 4096, 4097, 4160, 8191, 8192, 8193,
                                   9999, 10000};
    size_t s, rep;
    int kind;
    for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (kind = 0; kind < 6; kind++)
            for (rep = 0; rep < 4; rep++) {
                size_t n = sizes[s];
                fill(a, n, kind);
                CHECK_EQ(sg_mex(a, n), naive_mex(a, n));
            }
    for (rep = 0; rep < 3000; rep++) {
        size_t n = (size_t)test_below(rep < 2000 ? 300 : MEX_MAX);
        fill(a, n, (int)test_below(6));
        CHECK_EQ(sg_mex(a, n), naive_mex(a, n));
    }
}

/* 0..n-1 except one hole; the hole is the answer, wherever it is (window boundaries too) */
static void test_holes(void)
{
    static sg_value_t a[MEX_MAX];
    static const size_t sizes[] = {1, 63, 64, 65, 4096, 4097, 8200, 10000};
    size_t s, hole, i;
    for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        size_t n = sizes[s];
        for (hole = 0; hole <= n; hole += (hole < 70 || hole + 70 > n) ? 1 : 61) {
            size_t k = 0;
            for (i = 0; i <= n; i++)
                if (i != hole) a[k++] = (sg_value_t)i;
            /* k == n values: 0..n without `hole`, in reverse order */
            for (i = 0; i < k / 2; i++) {
                sg_value_t t = a[i];
                a[i] = a[k - 1 - i];
                a[k - 1 - i] = t;
            }
            CHECK_EQ(sg_mex(a, k), hole);
            CHECK_EQ(naive_mex(a, k), hole);
        }
    }
}

static void test_large_values(void)
{
    sg_value_t a[70];
    size_t i;
    for (i = 0; i < 70; i++) a[i] = UINT32_MAX - (sg_value_t)i;
    CHECK_EQ(sg_mex(a, 70), 0);
    a[0] = 0;
    CHECK_EQ(sg_mex(a, 70), 1);
    for (i = 0; i < 63; i++) a[i] = (sg_value_t)i;
    a[63] = 64;
    CHECK_EQ(sg_mex(a, 64), 63);
    a[63] = 63;
    CHECK_EQ(sg_mex(a, 64), 64);
    a[0] = 64;   /* values 1..64 */
    CHECK_EQ(sg_mex(a, 64), 0);
}

int main(void)
{
    RUN(test_empty);
    RUN(test_small_exhaustive);
    RUN(test_random);
    RUN(test_holes);
    RUN(test_large_values);
    test_simd_report(TEST_SIMD_MEX);
    return TEST_REPORT();
}
