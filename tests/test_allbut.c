/* All-but subtraction games against a brute force written from the definition. */
#include "sg.h"
#include "test.h"

/* G(n) = mex { G(n - k) : 1 <= k <= n, k not excluded }. */
static void brute(sg_value_t *G, uint64_t count, const uint64_t *ex, size_t nex)
{
    static unsigned char seen[4096];
    uint64_t n, k;
    size_t j;
    for (n = 0; n < count; n++) {
        sg_value_t v = 0;
        memset(seen, 0, sizeof seen);
        for (k = 1; k <= n; k++) {
            int excluded = 0;
            for (j = 0; j < nex; j++)
                if (ex[j] == k) excluded = 1;
            if (!excluded) seen[G[n - k]] = 1;
        }
        while (seen[v]) v++;
        G[n] = v;
    }
}

static void test_nim(void)
{
    sg_value_t t[300];
    uint64_t n;
    CHECK_EQ(sg_allbut_table(t, 300, NULL, 0), SG_OK);
    for (n = 0; n < 300; n++) CHECK_EQ(t[n], n);
}

static void test_known(void)
{
    /* all-but {1}: a move takes at least 2 tokens; G(n) = floor(n / 2) */
    uint64_t one = 1, n;
    sg_value_t t[300];
    CHECK_EQ(sg_allbut_table(t, 300, &one, 1), SG_OK);
    for (n = 0; n < 300; n++) CHECK_EQ(t[n], n / 2);
}

static void test_random_vs_brute(void)
{
    enum { N = 700 };
    sg_value_t a[N], b[N];
    int k;
    for (k = 0; k < 200; k++) {
        uint64_t ex[12];
        size_t nex = (size_t)test_below(12), j;
        uint64_t count = 1 + test_below(k < 150 ? 250 : N), range = 1 + test_below(40);
        for (j = 0; j < nex; j++) ex[j] = 1 + test_below(range);   /* duplicates allowed */
        CHECK_EQ(sg_allbut_table(a, count, ex, nex), SG_OK);
        brute(b, count, ex, nex);
        if (memcmp(a, b, (size_t)count * sizeof *a) != 0) {
            fprintf(stderr, "all-but set of %lu moves, count %lu: differs\n",
                    (unsigned long)nex, (unsigned long)count);
            CHECK(0);
        }
    }
}

static void test_errors(void)
{
    sg_value_t t[4];
    uint64_t ex[2] = {3, 0};
    CHECK_EQ(sg_allbut_table(NULL, 4, NULL, 0), SG_EINVAL);
    CHECK_EQ(sg_allbut_table(t, 4, NULL, 1), SG_EINVAL);
    CHECK_EQ(sg_allbut_table(t, 4, ex, 2), SG_EINVAL);   /* a zero */
    CHECK_EQ(sg_allbut_table(NULL, 0, NULL, 0), SG_OK);
    CHECK_EQ(sg_allbut_table(t, (uint64_t)1 << 33, ex, 1), SG_ERANGE);
}

int main(void)
{
    RUN(test_nim);
    RUN(test_known);
    RUN(test_random_vs_brute);
    RUN(test_errors);
    return TEST_REPORT();
}
