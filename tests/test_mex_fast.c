/* sg_mex's word and vector paths against the textbook loop (mark a bool array, scan), on sets of
 * every size up to 300 with duplicates, large values, and permutations of 0..k-1 (mex = k). */
#include "test.h"
#include "simd.h"

#include "sg.h"

static sg_value_t plain_mex(const sg_value_t *v, size_t k)
{
    unsigned char seen[512];
    size_t i;
    memset(seen, 0, sizeof seen);
    for (i = 0; i < k; i++)
        if (v[i] < sizeof seen) seen[v[i]] = 1;
    for (i = 0; seen[i]; i++)
        ;
    return (sg_value_t)i;
}

static void test_random_sets(void)
{
    sg_value_t v[300];
    size_t k, i, rep;
    for (k = 0; k < 300; k++)
        for (rep = 0; rep < 200; rep++) {
            for (i = 0; i < k; i++) {
                uint64_t r = test_rand();
                v[i] = (r & 15) == 0 ? (sg_value_t)(r >> 32) : (sg_value_t)((r >> 8) % (k + 2));
            }
            CHECK_EQ(sg_mex(v, k), plain_mex(v, k));
        }
}

static void test_permutations(void)
{
    sg_value_t v[300];
    size_t k, i, rep;
    for (k = 1; k < 300; k++)
        for (rep = 0; rep < 20; rep++) {
            for (i = 0; i < k; i++) v[i] = (sg_value_t)i;
            for (i = k - 1; i > 0; i--) {   /* shuffle */
                size_t j = (size_t)test_below(i + 1);
                sg_value_t t = v[i];
                v[i] = v[j];
                v[j] = t;
            }
            CHECK_EQ(sg_mex(v, k), k);
            /* one value replaced: by a large one, by 63, 64, 127, 128, or a duplicate */
            {
                size_t j = (size_t)test_below(k);
                static const sg_value_t repl[] = {63, 64, 65, 127, 128, 0xffffffffu, 0};
                sg_value_t old = v[j];
                v[j] = repl[rep % 7];
                CHECK_EQ(sg_mex(v, k), plain_mex(v, k));
                v[j] = old;
            }
        }
}

static void test_unaligned(void)
{
    sg_value_t buf[130];
    size_t off, k, i;
    for (off = 0; off < 4; off++)
        for (k = 0; k + off <= 130; k += 7) {
            for (i = 0; i < k; i++) buf[off + i] = (sg_value_t)((i * 37) % (k + 1));
            CHECK_EQ(sg_mex(buf + off, k), plain_mex(buf + off, k));
        }
}

/* every size up to 140 in a heap block of exactly that size (the vector paths read the last
 * values again from the end: a sanitizer build sees any read past it), values around 63/64 */
static void test_exact_blocks(void)
{
    static const sg_value_t near[] = {0, 1, 2, 3, 62, 63, 64, 65, 127, 128, 0xffffffffu};
    size_t k, i, rep;
    for (k = 1; k <= 140; k++)
        for (rep = 0; rep < 50; rep++) {
            sg_value_t *v = (sg_value_t *)malloc(k * sizeof *v);
            if (v == NULL) return;
            for (i = 0; i < k; i++) {
                uint64_t r = test_rand();
                v[i] = (r & 3) == 0 ? near[(r >> 8) % 11] : (sg_value_t)((r >> 16) % (k + 1));
            }
            CHECK_EQ(sg_mex(v, k), plain_mex(v, k));
            free(v);
        }
}

int main(void)
{
    RUN(test_random_sets);
    RUN(test_permutations);
    RUN(test_unaligned);
    RUN(test_exact_blocks);
    test_simd_report(TEST_SIMD_MEX);
    return TEST_REPORT();
}
