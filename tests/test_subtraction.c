/* Subtraction games against a direct mex loop, and their periods against a brute-force search
 * for the least (preperiod, period). */
#include "sg.h"
#include "test.h"

static size_t cases, long_tables, period_sets, period_sets_64;

/* G(n) = mex { G(n - s) : s in S, s <= n }, literally (moves in any order, duplicates too) */
static void brute_table(sg_value_t *g, uint64_t count, const uint64_t *s, size_t k)
{
    static unsigned char seen[1024];
    uint64_t n;
    size_t j;
    for (n = 0; n < count; n++) {
        sg_value_t v = 0;
        memset(seen, 0, k + 2);
        for (j = 0; j < k; j++)
            if (s[j] <= n && g[n - s[j]] <= k) seen[g[n - s[j]]] = 1;
        while (seen[v]) v++;
        g[n] = v;
    }
}

static void random_set(uint64_t *s, size_t *k, int kind)
{
    size_t j;
    uint64_t maxm;
    switch (kind) {
    case 0:   /* small sets, small moves */
        *k = 1 + (size_t)test_below(6);
        maxm = 2 + test_below(20);
        break;
    case 1:   /* a few larger moves */
        *k = 1 + (size_t)test_below(10);
        maxm = 2 + test_below(60);
        break;
    default:  /* 64 moves and more */
        *k = 64 + (size_t)test_below(60);
        maxm = *k + test_below(120);
        break;
    }
    for (j = 0; j < *k; j++) s[j] = 1 + test_below(maxm);
    /* duplicates on purpose now and then */
    if (*k > 1 && test_below(4) == 0) s[*k - 1] = s[0];
}

static void test_arguments(void)
{
    sg_value_t t[4] = {9, 9, 9, 9};
    uint64_t s[3] = {1, 3, 4}, z[3] = {1, 0, 4};
    sg_period_t p;
    CHECK_EQ(sg_subtraction_table(NULL, 4, s, 3), SG_EINVAL);
    CHECK_EQ(sg_subtraction_table(t, 4, NULL, 3), SG_EINVAL);
    CHECK_EQ(sg_subtraction_table(t, 4, s, 0), SG_EINVAL);
    CHECK_EQ(sg_subtraction_table(t, 4, z, 3), SG_EINVAL);
    CHECK_EQ(sg_subtraction_table(t, 4, z + 1, 1), SG_EINVAL);
    CHECK_EQ(t[0], 9);
    CHECK_EQ(sg_subtraction_table(NULL, 0, s, 3), SG_OK);
    CHECK_EQ(sg_subtraction_table(t, 0, s, 3), SG_OK);
    CHECK_EQ(t[0], 9);
    CHECK_EQ(sg_subtraction_table(t, 3, s, 3), SG_OK);
    CHECK_EQ(t[0], 0);
    CHECK_EQ(t[1], 1);
    CHECK_EQ(t[2], 0);
    CHECK_EQ(t[3], 9);
    CHECK_EQ(sg_subtraction_period(s, 3, NULL), SG_EINVAL);
    CHECK_EQ(sg_subtraction_period(NULL, 3, &p), SG_EINVAL);
    CHECK_EQ(sg_subtraction_period(s, 0, &p), SG_EINVAL);
    CHECK_EQ(sg_subtraction_period(z, 3, &p), SG_EINVAL);
}

/* published: S = {1, 3, 4} has G = 0 1 0 1 2 3 2 repeating from 0 (Winning Ways; P-positions
 * 0 and 2 mod 7); S = {1..m} (Bash) has G(n) = n mod (m + 1); S = {2}: 0 0 1 1 repeating */
static void test_known(void)
{
    static sg_value_t t[100000];
    static const sg_value_t w[7] = {0, 1, 0, 1, 2, 3, 2};
    uint64_t s[70], n, m;
    sg_period_t p;
    s[0] = 1;
    s[1] = 3;
    s[2] = 4;
    CHECK_EQ(sg_subtraction_table(t, 100000, s, 3), SG_OK);
    for (n = 0; n < 100000; n++) CHECK_EQ(t[n], w[n % 7]);
    memset(&p, 0xff, sizeof p);
    CHECK_EQ(sg_subtraction_period(s, 3, &p), SG_OK);
    CHECK_EQ(p.preperiod, 0);
    CHECK_EQ(p.period, 7);
    CHECK_EQ(p.saltus, 0);
    CHECK_EQ(p.proven, 1);
    for (m = 1; m <= 66; m++) {
        s[m - 1] = m;
        CHECK_EQ(sg_subtraction_table(t, 5000, s, (size_t)m), SG_OK);
        for (n = 0; n < 5000; n++) CHECK_EQ(t[n], n % (m + 1));
        CHECK_EQ(sg_subtraction_period(s, (size_t)m, &p), SG_OK);
        CHECK_EQ(p.preperiod, 0);
        CHECK_EQ(p.period, m + 1);
        CHECK_EQ(p.proven, 1);
    }
    s[0] = 2;
    CHECK_EQ(sg_subtraction_table(t, 1000, s, 1), SG_OK);
    for (n = 0; n < 1000; n++) CHECK_EQ(t[n], (n % 4) / 2);
    CHECK_EQ(sg_subtraction_period(s, 1, &p), SG_OK);
    CHECK_EQ(p.preperiod, 0);
    CHECK_EQ(p.period, 4);
}

/* ---- tables ---------------------------------------------------------------------------- */

#define TMAX 200000

static void check_table(const uint64_t *s, size_t k, uint64_t count)
{
    static sg_value_t t[TMAX + 4], b[TMAX];
    uint64_t n;
    size_t bad = 0, j;
    for (j = 0; j < 4; j++) t[count + j] = 0x77777777;
    brute_table(b, count, s, k);
    CHECK_EQ(sg_subtraction_table(t, count, s, k), SG_OK);
    for (n = 0; n < count; n++) bad += t[n] != b[n];
    CHECK_EQ(bad, 0);
    for (j = 0; j < 4; j++) CHECK_EQ(t[count + j], 0x77777777);
    cases++;
}

static void test_tables(void)
{
    uint64_t s[200];
    size_t k, rep;
    for (rep = 0; rep < 1500; rep++) {
        uint64_t m = 0, count;
        size_t j;
        random_set(s, &k, (int)(rep % 3));
        for (j = 0; j < k; j++)
            if (s[j] > m) m = s[j];
        /* lengths around max(S) and the period, and long ones (the copying path) */
        switch (test_below(6)) {
        case 0: count = test_below(m + 2); break;
        case 1: count = m + test_below(3); break;
        case 2: count = test_below(4 * m + 10); break;
        case 3: count = test_below(3000); break;
        default: count = 1000 + test_below(rep < 1400 ? 20000 : TMAX - 1000); break;
        }
        check_table(s, k, count);
        long_tables += count > 10 * m;
    }
}

/* moves far larger than any table: they never apply */
static void test_huge_moves(void)
{
    static const uint64_t huge[] = {(uint64_t)1 << 32, (uint64_t)1 << 40, (uint64_t)1 << 62,
                                    (uint64_t)1 << 63, UINT64_MAX - 1, UINT64_MAX};
    uint64_t s[200];
    size_t rep, k, j;
    sg_period_t p;
    for (rep = 0; rep < 200; rep++) {
        random_set(s, &k, (int)(rep % 3));
        for (j = 0; j < 1 + rep % 4; j++) s[k++] = huge[test_below(6)];
        check_table(s, k, test_below(rep % 2 ? 100 : 20000));
    }
    s[0] = UINT64_MAX;
    check_table(s, 1, 1000);    /* no move at all below 2^64 - 1: all zero */
    s[1] = 1;
    check_table(s, 2, 1000);
    /* the period of such a set would need 2^64 values in memory: a status, not a guess */
    memset(&p, 0, sizeof p);
    CHECK_EQ(sg_subtraction_period(s, 2, &p), SG_ENOMEM);
    CHECK_EQ(p.proven, 0);
    s[0] = (uint64_t)1 << 40;
    CHECK_EQ(sg_subtraction_period(s, 2, &p), SG_ENOMEM);
    CHECK_EQ(p.proven, 0);
}

/* ---- periods ----------------------------------------------------------------------------- */

/* The least (preperiod, period) by brute force on a table of length len: for p = 1, 2, ...,
 * the least pre with G(n + p) == G(n) for every n in [pre, len - p). It is a proof when the
 * matched stretch holds a whole window of max(S) values (the window decides every later value);
 * the first p with a proof is the least period (the least period divides every period and
 * shares its preperiod, so a smaller true period would have been proven before). 0: none. */
static int brute_period(const sg_value_t *g, uint64_t len, uint64_t m, uint64_t *pre,
                        uint64_t *per)
{
    uint64_t p;
    for (p = 1; p + m <= len; p++) {
        uint64_t i = len - p;
        while (i > 0 && g[i - 1] == g[i - 1 + p]) i--;
        if (len - p - i >= m) {
            *pre = i;
            *per = p;
            return 1;
        }
    }
    return 0;
}

/* Checks the period of S against brute force on tables up to maxlen values. Returns 0 (and
 * checks nothing) when the brute force finds no proven period within maxlen. */
static int check_period(const uint64_t *s, size_t k, uint64_t maxlen)
{
    static sg_value_t g[1 << 20];
    uint64_t m = 0, len, pre = 0, per = 0, n;
    sg_period_t p;
    size_t j;
    int found = 0;
    for (j = 0; j < k; j++)
        if (s[j] > m) m = s[j];
    for (len = 256; len <= maxlen && !found; len *= 2) {
        brute_table(g, len, s, k);
        found = brute_period(g, len, m, &pre, &per);
    }
    if (!found) return 0;
    memset(&p, 0xee, sizeof p);
    CHECK_EQ(sg_subtraction_period(s, k, &p), SG_OK);
    CHECK_EQ(p.preperiod, pre);
    CHECK_EQ(p.period, per);
    CHECK_EQ(p.saltus, 0);
    CHECK_EQ(p.proven, 1);
    /* and the claim on the brute-force table itself */
    len /= 2;
    for (n = p.preperiod; p.period > 0 && n + p.period < len; n++)
        if (g[n] != g[n + p.period]) {
            CHECK_EQ(g[n], g[n + p.period]);
            break;
        }
    if (p.preperiod > 0 && p.preperiod - 1 + p.period < len)
        CHECK(g[p.preperiod - 1] != g[p.preperiod - 1 + p.period]);
    period_sets++;
    if (k >= 64) period_sets_64++;
    return 1;
}

static void test_periods(void)
{
    uint64_t s[200];
    size_t k, rep, tried = 0;
    for (rep = 0; rep < 1000; rep++) {
        random_set(s, &k, (int)(rep % 2));
        CHECK(check_period(s, k, (uint64_t)1 << 20));
    }
    /* 64 moves and more: random sets have periods in the millions; dense ones (most of
     * 1..M) have short ones, and the brute force decides which are tested */
    for (rep = 0; rep < 3000 && period_sets_64 < 150; rep++) {
        uint64_t M = 64 + test_below(60), x;
        unsigned density = 700 + (unsigned)test_below(300);
        k = 0;
        for (x = 1; x <= M; x++)
            if (test_below(1000) < density) s[k++] = x;
        if (k < 64) continue;
        tried++;
        check_period(s, k, (uint64_t)1 << 14);
    }
    CHECK(period_sets_64 >= 100);
    /* every pair and triple of small moves */
    {
        uint64_t a, b;
        for (a = 1; a <= 12; a++)
            for (b = a; b <= 12; b++) {
                s[0] = a;
                s[1] = b;
                CHECK(check_period(s, 2, (uint64_t)1 << 20));
                s[2] = a + b;
                CHECK(check_period(s, 3, (uint64_t)1 << 20));
            }
    }
    (void)tried;
}

int main(void)
{
    RUN(test_arguments);
    RUN(test_known);
    RUN(test_tables);
    RUN(test_huge_moves);
    RUN(test_periods);
    printf("subtraction: %zu tables (%zu long), %zu periods (%zu of sets with >= 64 moves)\n",
           cases, long_tables, period_sets, period_sets_64);
    return TEST_REPORT();
}
