/* Arithmetic periods: all-but games (proven) against values from the definition, patterns of
 * rules (observed) against brute force, and the reading of values off a pattern. */
#include <sg.h>

#include "test.h"

#define BRUTE 3000

/* G(n) = mex { G(n - k) : 1 <= k <= n, k not excluded }, written out plainly */
static void brute_allbut(sg_value_t *G, uint64_t count, const uint64_t *x, size_t nx)
{
    static unsigned char seen[BRUTE + 2];
    uint64_t n, k;
    size_t i;
    for (n = 0; n < count; n++) {
        memset(seen, 0, sizeof seen);
        for (k = 1; k <= n; k++) {
            int ex = 0;
            for (i = 0; i < nx; i++) ex |= x[i] == k;
            if (!ex) seen[G[n - k]] = 1;
        }
        for (G[n] = 0; seen[G[n]]; G[n]++)
            ;
    }
}

/* the pattern holds over the brute range, and no smaller period or start does */
static void check_pattern(const sg_value_t *G, uint64_t count, const sg_period_t *p)
{
    uint64_t n, d;
    CHECK(p->period > 0);
    if (p->period == 0) return;
    for (n = p->preperiod; n + p->period < count; n++)
        if (G[n + p->period] != G[n] + p->saltus) break;
    CHECK_EQ(n + p->period, count > n + p->period ? count : n + p->period);
    if (p->preperiod > 0) CHECK(G[p->preperiod - 1 + p->period] != G[p->preperiod - 1] + p->saltus);
    for (d = 1; d < p->period; d++) {
        int holds = 1;
        sg_value_t s = G[count - 1] - G[count - 1 - d];
        for (n = count / 2; n + d < count && holds; n++) holds = G[n + d] == G[n] + s;
        CHECK(!holds || G[count - 1] < G[count - 1 - d]);
    }
}

static void test_allbut(void)
{
    static sg_value_t G[BRUTE];
    uint64_t x[4];
    unsigned seed = 12345, trial;
    for (trial = 0; trial < 60; trial++) {
        size_t nx = trial % 4 + 1, i;
        sg_period_t p;
        for (i = 0; i < nx; i++) {
            seed = seed * 1103515245u + 12345u;
            x[i] = 1 + (seed >> 16) % 12;
        }
        brute_allbut(G, BRUTE, x, nx);
        CHECK_EQ(sg_allbut_period(x, nx, 1u << 16, &p), SG_OK);
        CHECK_EQ(p.proven, 1);
        if (p.proven) check_pattern(G, BRUTE, &p);
    }
    {   /* Nim, and excluded {1}: G = 0, 0, 1, 1, 2, 2, ...? read from the definition */
        sg_period_t p;
        CHECK_EQ(sg_allbut_period(NULL, 0, 1000, &p), SG_OK);
        CHECK_EQ(p.proven, 1);
        CHECK_EQ(p.preperiod, 0);
        CHECK_EQ(p.period, 1);
        CHECK_EQ(p.saltus, 1);
    }
}

static void test_allbut_errors(void)
{
    sg_period_t p;
    uint64_t zero[2] = {3, 0};
    memset(&p, 0x5a, sizeof p);
    CHECK_EQ(sg_allbut_period(zero, 2, 1000, &p), SG_EINVAL);
    CHECK_EQ(p.period, 0);
    CHECK_EQ(p.proven, 0);
    memset(&p, 0x5a, sizeof p);
    CHECK_EQ(sg_allbut_period(NULL, 2, 1000, &p), SG_EINVAL);
    CHECK_EQ(p.preperiod, 0);
    CHECK_EQ(p.saltus, 0);
    CHECK_EQ(sg_allbut_period(zero, 1, 1000, NULL), SG_EINVAL);
    /* too few values for a proof: proven = 0 */
    CHECK_EQ(sg_allbut_period(zero, 1, 2, &p), SG_OK);
    CHECK_EQ(p.proven, 0);
}

/* Lasker's Nim: take any number from a heap, or split it into two non-empty heaps */
static int lasker(void *user, uint64_t n, sg_moves_t *out)
{
    uint64_t k, parts[2];
    (void)user;
    for (k = 1; k <= n; k++) sg_move_to(out, n - k);
    for (k = 1; 2 * k <= n; k++) {
        parts[0] = k;
        parts[1] = n - k;
        sg_move_to_sum(out, parts, 2);
    }
    return 0;
}

/* take any number, or split into three non-empty heaps (HDU 5795) */
static int three(void *user, uint64_t n, sg_moves_t *out)
{
    uint64_t a, b, parts[3];
    (void)user;
    for (a = 1; a <= n; a++) sg_move_to(out, n - a);
    for (a = 1; 3 * a <= n; a++)
        for (b = a; a + 2 * b <= n; b++) {
            parts[0] = a;
            parts[1] = b;
            parts[2] = n - a - b;
            sg_move_to_sum(out, parts, 3);
        }
    return 0;
}

/* values of the same games from the definition, without the library */
static void brute_split(sg_value_t *G, uint64_t count, int k)
{
    static unsigned char seen[4 * 400];
    uint64_t n, a, b;
    for (n = 0; n < count; n++) {
        memset(seen, 0, sizeof seen);
        for (a = 1; a <= n; a++) seen[G[n - a]] = 1;
        for (a = 1; k == 2 && 2 * a <= n; a++) seen[G[a] ^ G[n - a]] = 1;
        for (a = 1; k == 3 && 3 * a <= n; a++)
            for (b = a; a + 2 * b <= n; b++) seen[G[a] ^ G[b] ^ G[n - a - b]] = 1;
        for (G[n] = 0; seen[G[n]]; G[n]++)
            ;
    }
}

static void test_rule_pattern(void)
{
    static sg_value_t G[400];
    sg_period_t p;
    sg_value_t v;
    uint64_t n;
    brute_split(G, 400, 2);
    CHECK_EQ(sg_rule_pattern(lasker, NULL, 400, &p), SG_OK);
    CHECK_EQ(p.proven, 0);
    CHECK_EQ(p.period, 4);
    CHECK_EQ(p.saltus, 4);
    CHECK_EQ(p.preperiod, 1);
    check_pattern(G, 400, &p);
    /* read off the pattern only when asked for explicitly */
    CHECK_EQ(sg_period_value(G, 400, &p, 1000, &v), SG_EINVAL);
    CHECK_EQ(sg_period_value_observed(G, 400, &p, 1000000003, &v), SG_OK);
    CHECK_EQ(v, 1000000004);   /* published: G(4k+3) = 4k+4 */
    for (n = 0; n < 400; n++) {
        CHECK_EQ(sg_period_value_observed(G, 8, &p, n, &v), SG_OK);
        CHECK_EQ(v, G[n]);
    }
    brute_split(G, 200, 3);
    CHECK_EQ(sg_rule_pattern(three, NULL, 200, &p), SG_OK);
    CHECK_EQ(p.proven, 0);
    CHECK_EQ(p.period, 8);
    CHECK_EQ(p.saltus, 8);
    CHECK_EQ(p.preperiod, 1);
    check_pattern(G, 200, &p);
    CHECK_EQ(sg_table_pattern(G, 200, &p), SG_OK);
    CHECK_EQ(p.period, 8);
}

static int no_moves(void *user, uint64_t n, sg_moves_t *out)
{
    (void)user;
    (void)n;
    (void)out;
    return 0;
}

static void test_pattern_errors(void)
{
    sg_period_t p;
    sg_value_t G[4] = {0, 1, 2, 0};
    memset(&p, 0x5a, sizeof p);
    CHECK_EQ(sg_rule_pattern(no_moves, NULL, 100, &p), SG_EINVAL);
    CHECK_EQ(p.period, 0);
    CHECK_EQ(p.proven, 0);
    CHECK_EQ(sg_rule_pattern(NULL, NULL, 100, &p), SG_EINVAL);
    CHECK_EQ(sg_rule_pattern(lasker, NULL, 0, &p), SG_EINVAL);
    CHECK_EQ(sg_rule_pattern(lasker, NULL, 10, NULL), SG_EINVAL);
    CHECK_EQ(sg_table_pattern(NULL, 3, &p), SG_EINVAL);
    CHECK_EQ(sg_table_pattern(G, 4, NULL), SG_EINVAL);
    memset(&p, 0x5a, sizeof p);
    CHECK_EQ(sg_table_pattern(G, 4, &p), SG_OK);   /* too short to show anything */
    CHECK_EQ(p.period, 0);
    CHECK_EQ(p.saltus, 0);
}

/* every field written on every path, errors included; values too large for sg_value_t */
static void test_bad_input(void)
{
    static const uint64_t zero[2] = {1, 0};
    sg_period_t p;
    sg_value_t G[400], v = 7;
    memset(&p, 0x5a, sizeof p);
    CHECK_EQ(sg_subtraction_period(zero, 0, &p), SG_EINVAL);   /* empty set */
    CHECK(p.preperiod == 0 && p.period == 0 && p.saltus == 0 && p.proven == 0);
    memset(&p, 0x5a, sizeof p);
    CHECK_EQ(sg_subtraction_period(zero, 2, &p), SG_EINVAL);   /* a zero move */
    CHECK(p.preperiod == 0 && p.period == 0 && p.saltus == 0 && p.proven == 0);
    memset(&p, 0x5a, sizeof p);
    CHECK_EQ(sg_subtraction_period(NULL, 2, &p), SG_EINVAL);
    CHECK(p.preperiod == 0 && p.period == 0 && p.saltus == 0 && p.proven == 0);
    /* Lasker's Nim: G(n) is about n, beyond sg_value_t from 2^32 on */
    brute_split(G, 400, 2);
    CHECK_EQ(sg_table_pattern(G, 400, &p), SG_OK);
    CHECK_EQ(sg_period_value_observed(G, 400, &p, (uint64_t)1 << 40, &v), SG_ERANGE);
    CHECK_EQ(sg_period_value_observed(G, 400, &p, UINT64_MAX, &v), SG_ERANGE);
    CHECK_EQ(v, 7);
    CHECK_EQ(sg_period_value_observed(G, 400, &p, UINT32_MAX - 2, &v), SG_OK);
    CHECK_EQ(v, UINT32_MAX - 2);   /* 4k + 1 (Winning Ways: G(4k+1) = 4k+1) */
    /* a prefix shorter than preperiod + period */
    CHECK_EQ(sg_period_value_observed(G, 3, &p, 1000, &v), SG_ERANGE);
}

/* the hexadecimal game 0.8: take one token and leave three non-empty heaps; its values grow
 * (Howse and Nowakowski), G(n + 3) = G(n) + 1 from n = 1: proven, against a brute force */
static void test_hexadecimal(void)
{
    static sg_value_t G[600];
    static unsigned char seen[4096];
    sg_octal_t *game = NULL;
    sg_period_t p;
    uint64_t n, a, b, m;
    for (n = 0; n < 600; n++) {
        memset(seen, 0, sizeof seen);
        m = n >= 1 ? n - 1 : 0;
        for (a = 1; n >= 1 && 3 * a <= m; a++)
            for (b = a; a + 2 * b <= m; b++) seen[G[a] ^ G[b] ^ G[m - a - b]] = 1;
        for (G[n] = 0; seen[G[n]]; G[n]++)
            ;
    }
    CHECK_EQ(sg_octal_parse("0.8", &game), SG_OK);
    CHECK_EQ(sg_octal_period(game, 600, &p), SG_OK);
    sg_octal_free(game);
    /* proven by the arithmetic-periodicity test (lib/games/octal/octal_saltus.c), on few values */
    CHECK_EQ(p.proven, 1);
    CHECK_EQ(p.saltus, 1);
    CHECK_EQ(p.period, 3);
    CHECK_EQ(p.preperiod, 1);
    check_pattern(G, 600, &p);
    for (n = 0; n < 600; n++) {   /* read off the proof, against the brute force above */
        sg_value_t v;
        CHECK_EQ(sg_period_value(G, 4, &p, n, &v), SG_OK);
        CHECK_EQ(v, G[n]);
    }
}

int main(void)
{
    RUN(test_allbut);
    RUN(test_allbut_errors);
    RUN(test_rule_pattern);
    RUN(test_pattern_errors);
    RUN(test_bad_input);
    RUN(test_hexadecimal);
    return TEST_REPORT();
}
