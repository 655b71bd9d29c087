/* Proven periods of take-and-break games: published periods and exceptions, soundness of every
 * claimed proof against a long independent brute force, open games never proven, the proof
 * record, and sg_period_value. */
#include "sg.h"
#include "test.h"

typedef struct {
    unsigned char d[72];
    unsigned nd;
} code_t;

static void code_of(const char *digits, code_t *c)
{
    const char *p = strchr(digits, '.');
    unsigned k = 0;
    memset(c, 0, sizeof *c);
    c->d[0] = (unsigned char)(p == digits ? 0 : digits[0] - '0');
    for (p++; *p; p++) c->d[++k] = (unsigned char)((*p <= '9') ? *p - '0' : (*p | 32) - 'a' + 10);
    c->nd = k + 1;
}

/* Brute force from the definition. Three-part splits use the plain set of two-part split values
 * of every size (s2[k] = { G(a) ^ G(k - a) : 1 <= a < k }, as a byte mark per value). */
#define VMAX 1024
static int brute(const code_t *c, sg_value_t *G, uint64_t count)
{
    static unsigned char seen[VMAX];
    unsigned char *s2 = NULL;
    uint64_t n, i, a, k, v, lim = 1;   /* lim: a power of two above every value so far */
    int three = 0;
    for (i = 0; i < c->nd; i++)
        if (c->d[i] & 8) three = 1;
    if (three && (s2 = (unsigned char *)calloc((size_t)count * VMAX, 1)) == NULL) return 0;
    for (n = 0; n < count; n++) {
        sg_value_t g = 0;
        memset(seen, 0, sizeof seen);
        for (i = 0; i < c->nd && i <= n; i++) {
            if ((c->d[i] & 1) && n == i) seen[0] = 1;
            if ((c->d[i] & 2) && n > i) seen[G[n - i]] = 1;
            if (c->d[i] & 4)
                for (a = 1; a + 1 <= n - i; a++) seen[G[a] ^ G[n - i - a]] = 1;
            if (c->d[i] & 8)   /* a + (two parts of n - i - a) */
                for (a = 1; a + 2 <= n - i; a++)
                    for (v = 0; v < lim; v++)
                        if (s2[(n - i - a) * VMAX + v]) seen[G[a] ^ v] = 1;
        }
        while (seen[g]) g++;
        if (g >= VMAX / 2) {
            free(s2);
            return 0;   /* out of the brute force's range */
        }
        G[n] = g;
        while (lim <= g) lim *= 2;
        if (three)
            for (k = 2; k <= n + 1 && k < count; k++)   /* s2[k] once G(k-1) is known */
                if (k == n + 1)
                    for (a = 1; a < k; a++) s2[k * VMAX + (G[a] ^ G[k - a])] = 1;
    }
    free(s2);
    return 1;
}

/* The sequence is periodic with exactly (pre, per) over G[0..count): G(n + per) == G(n) for
 * pre <= n < count - per, pre is least, and no proper divisor of per is a period there. */
static int exact_pattern_in(const sg_value_t *G, uint64_t count, uint64_t pre, uint64_t per,
                            uint64_t saltus)
{
    uint64_t n, s;
    if (per == 0 || pre + 2 * per > count) return 0;
    for (n = pre; n + per < count; n++)
        if ((uint64_t)G[n] + saltus != G[n + per]) return 0;
    if (pre > 0 && (uint64_t)G[pre - 1] + saltus == G[pre - 1 + per]) return 0;
    for (s = 1; s < per; s++) {   /* a shorter period would have saltus * s / per */
        if (per % s || saltus * s % per) continue;
        for (n = pre; n + s < count && (uint64_t)G[n] + saltus * s / per == G[n + s]; n++)
            ;
        if (n + s >= count) return 0;
    }
    return 1;
}

static int exact_period_in(const sg_value_t *G, uint64_t count, uint64_t pre, uint64_t per)
{
    return exact_pattern_in(G, count, pre, per, 0);
}

static sg_octal_proof_t prove(const char *code, uint64_t limit)
{
    sg_octal_t *g = NULL;
    sg_octal_proof_t pr;
    memset(&pr, 0, sizeof pr);
    CHECK_EQ(sg_octal_parse(code, &g), SG_OK);
    CHECK_EQ(sg_octal_prove(g, limit, &pr), SG_OK);
    sg_octal_free(g);
    return pr;
}

/* Published facts, each checked against the brute force too: the proven numbers must agree
 * with the values far beyond the proof. */
static void expect_published(const char *code, uint64_t pre, uint64_t per, uint64_t exceptions,
                             uint64_t brute_count)
{
    sg_octal_proof_t pr = prove(code, 100000);
    code_t c;
    sg_value_t *G = (sg_value_t *)malloc((size_t)brute_count * sizeof *G);
    uint64_t n, count = 0;
    CHECK_EQ(pr.period.proven, 1);
    CHECK_EQ(pr.period.preperiod, pre);
    CHECK_EQ(pr.period.period, per);
    CHECK_EQ(pr.period.saltus, 0);
    CHECK_EQ(pr.exceptions, exceptions);
    CHECK_EQ(pr.last_exception, pre ? pre - 1 : UINT64_MAX);
    code_of(code, &c);
    CHECK(G != NULL && brute(&c, G, brute_count));
    if (G) {
        CHECK(exact_period_in(G, brute_count, pre, per));
        for (n = 0; n < pre; n++)
            if (G[n] != G[pre + (n + per - pre % per) % per]) count++;
        CHECK_EQ(count, exceptions);
    }
    free(G);
}

static void test_published(void)
{
    /* Kayles: OEIS A002186, periodic from 71 with period 12, exceptions at 0, 3, 6, 9, 11, 15,
     * 18, 21, 22, 28, 34, 39, 57, 70 (Guy and Smith 1956; Winning Ways p. 91). */
    expect_published("0.77", 71, 12, 14, 1000);
    /* Dawson's chess 0.137: OEIS A002187, period 34, exceptions at 0, 14, 16, 17, 31, 34, 51. */
    expect_published("0.137", 52, 34, 7, 1000);
    /* Dawson's Kayles 0.07 has the same values one heap later (A002187: G_07(n+1) = a(n)), so
     * the published last exception 51 is 52 in real heap sizes, and G(0) = 0 is one more
     * exception (the eventual value at 0 mod 34 is 4): 8 in all. */
    expect_published("0.07", 53, 34, 8, 1000);
}

static void test_long_published(void)
{
    /* 0.156: preperiod 3479, period 349; 0.644: preperiod 3256, period 442 (Winning Ways, 2nd
     * ed., vol. 1, ch. 4, the table of octal games; A. Flammenkamp's table "Octal games" lists
     * the same). Their exception counts are not published: the brute force supplies them. */
    static const struct { const char *code; uint64_t pre, per; } cases[] = {
        {"0.156", 3479, 349}, {"0.644", 3256, 442}};
    size_t k;
    for (k = 0; k < 2; k++) {
        sg_octal_proof_t pr = prove(cases[k].code, 100000);
        code_t c;
        uint64_t count = 2 * cases[k].pre + 4 * cases[k].per, n, exc = 0;
        sg_value_t *G = (sg_value_t *)malloc((size_t)count * sizeof *G);
        CHECK_EQ(pr.period.proven, 1);
        CHECK_EQ(pr.period.preperiod, cases[k].pre);
        CHECK_EQ(pr.period.period, cases[k].per);
        code_of(cases[k].code, &c);
        CHECK(G != NULL && brute(&c, G, count));
        if (G == NULL) continue;
        CHECK(exact_period_in(G, count, cases[k].pre, cases[k].per));
        for (n = 0; n < cases[k].pre; n++)
            if (G[n] != G[n + (cases[k].pre - n + cases[k].per - 1) / cases[k].per *
                                  cases[k].per])
                exc++;
        CHECK_EQ(pr.exceptions, exc);
        free(G);
    }
}

/* A random code: d0 = 0 or 4, up to maxdig digits, octal or hexadecimal. */
static void random_code(char *buf, int hex, unsigned maxdig)
{
    static const char digits[] = "0123456789abcdef";
    unsigned nd = 1 + (unsigned)test_below(maxdig), i;
    size_t len = 0;
    buf[len++] = test_below(4) == 0 ? '4' : '0';
    buf[len++] = '.';
    for (i = 0; i < nd; i++) {
        unsigned v = (unsigned)test_below(hex ? 16 : 8);
        if (test_below(3) == 0) v = 0;
        buf[len++] = digits[v];
    }
    buf[len] = '\0';
}

/* Every proof claimed must hold far beyond the range it was computed on. */
static void check_soundness(const char *code, uint64_t limit, uint64_t horizon, int *proven)
{
    sg_octal_proof_t pr = prove(code, limit);
    code_t c;
    sg_value_t *G;
    uint64_t count, n, k;
    *proven = pr.period.proven;
    CHECK(pr.computed <= limit);
    if (!pr.period.proven) return;
    CHECK(pr.checked_to + pr.proof_period <= pr.computed);
    CHECK(pr.proof_period % pr.period.period == 0);
    count = pr.period.preperiod + 3 * pr.period.period + horizon;
    if (count < pr.computed) count = pr.computed;
    G = (sg_value_t *)malloc((size_t)count * sizeof *G);
    code_of(code, &c);
    if (G == NULL || !brute(&c, G, count)) {
        free(G);
        return;   /* values too large for the brute force: nothing to compare */
    }
    if (!exact_pattern_in(G, count, pr.period.preperiod, pr.period.period,
                          pr.period.saltus)) {
        fprintf(stderr, "code %s: claimed preperiod %lu period %lu saltus %lu, not so up to "
                "%lu\n", code, (unsigned long)pr.period.preperiod,
                (unsigned long)pr.period.period, (unsigned long)pr.period.saltus,
                (unsigned long)count);
        CHECK(0);
    }
    /* the record: the checked range (G(n + q) = G(n) + saltus * q / period), the maximum */
    for (n = pr.checked_from; n < pr.checked_to; n++)
        CHECK_EQ((uint64_t)G[n] + (uint64_t)pr.period.saltus * pr.proof_period /
                                      pr.period.period, G[n + pr.proof_period]);
    /* the exceptions: n < preperiod off the pattern's value there */
    for (k = 0, n = 0; n < pr.period.preperiod; n++) {
        uint64_t j = (pr.period.preperiod - n + pr.period.period - 1) / pr.period.period;
        if ((uint64_t)G[n] + j * pr.period.saltus != G[n + j * pr.period.period]) k++;
    }
    CHECK_EQ(k, pr.exceptions);
    for (n = 0; n < pr.computed; n++) {
        CHECK(G[n] <= pr.max_value);
        if (n < pr.max_at) CHECK(G[n] < pr.max_value);
    }
    CHECK_EQ(G[pr.max_at], pr.max_value);
    free(G);
}

static void test_random_octal_sound(void)
{
    int k, proven, total = 0;
    for (k = 0; k < 150; k++) {
        char code[80];
        random_code(code, 0, 4);
        check_soundness(code, 2000, 2000, &proven);
        total += proven;
    }
    CHECK(total >= 50);   /* most small codes are proven periodic quickly */
}

static void test_random_hex_sound(void)
{
    int k, proven, total = 0;
    for (k = 0; k < 60; k++) {
        char code[80];
        random_code(code, 1, 3);
        check_soundness(code, 300, 300, &proven);
        total += proven;
    }
    CHECK(total >= 10);
    check_soundness("0.8", 400, 400, &proven);
    check_soundness("4.8", 400, 400, &proven);
    check_soundness("0.f", 400, 400, &proven);
    check_soundness("4.0", 400, 400, &proven);
    CHECK(proven);
}

/* The hexadecimal bound is needed: 0.8 and similar games are only claimed once the data reach
 * 3*n1 + 2*q + t + q values. */
static void test_hex_bound(void)
{
    static const char *codes[] = {"0.8", "0.9", "0.c", "0.f", "4.8", "0.08", "0.48"};
    size_t k;
    for (k = 0; k < sizeof codes / sizeof codes[0]; k++) {
        sg_octal_proof_t pr = prove(codes[k], 600);
        code_t c;
        uint64_t n1, t = 0, i;
        code_of(codes[k], &c);
        for (i = 0; i < c.nd; i++)
            if (c.d[i]) t = i;
        if (!pr.period.proven || pr.period.saltus != 0) continue;   /* growing: octal_saltus.c */
        n1 = pr.checked_from > 1 ? pr.checked_from : 1;
        CHECK_EQ(pr.checked_to, 3 * n1 + 2 * pr.proof_period + t);
    }
}

static void test_octal_bound(void)
{
    sg_octal_proof_t pr = prove("0.77", 100000);
    CHECK_EQ(pr.checked_from, 71);
    CHECK_EQ(pr.proof_period, 12);
    CHECK_EQ(pr.checked_to, 2 * 71 + 12 + 2);
    CHECK(pr.computed >= pr.checked_to + 12);
    pr = prove("4.07", 100000);
    CHECK_EQ(pr.period.proven, 1);
    CHECK_EQ(pr.checked_to, 2 * (pr.checked_from > 1 ? pr.checked_from : 1) +
                                pr.proof_period + 2);
}

/* The classical form with 2*n0 (E = p + t at n0 = 0) would prove period 1 from 0 for these
 * games after checking G(0) .. G(t): all 0; but G(t + 1) = 1. With n1 = max(n0, 1) it does not. */
static void test_n0_zero(void)
{
    static const char *codes[] = {"0.4", "0.04", "0.004", "4.0"};
    size_t k;
    for (k = 0; k < sizeof codes / sizeof codes[0]; k++) {
        int proven;
        sg_octal_proof_t pr = prove(codes[k], 2000);
        CHECK(!(pr.period.preperiod == 0 && pr.period.period == 1));
        check_soundness(codes[k], 2000, 2000, &proven);
        if (k == 0 || k == 3) CHECK(proven);   /* 0.4 (period 34) and 4.0 (period 2) */
    }
}

/* Open problems stay open. */
static void test_open_games(void)
{
    static const char *codes[] = {"0.6", "0.007", "0.16"};
    size_t k;
    for (k = 0; k < sizeof codes / sizeof codes[0]; k++) {
        sg_octal_proof_t pr = prove(codes[k], 25000);
        CHECK_EQ(pr.period.proven, 0);
        CHECK_EQ(pr.computed, 25000);
        CHECK_EQ(pr.checked_from, 0);
        CHECK_EQ(pr.checked_to, 0);
        CHECK_EQ(pr.exceptions, 0);
        CHECK_EQ(pr.last_exception, UINT64_MAX);
        CHECK_EQ(pr.proof_period, 0);
    }
}

static void test_unproven_hint(void)
{
    /* Kayles before its proof: 150 values are not enough (the proof needs 2*71 + 12 + 2 + 12) */
    sg_octal_proof_t pr = prove("0.77", 150);
    sg_octal_t *g = NULL;
    sg_period_t p;
    CHECK_EQ(pr.period.proven, 0);
    CHECK_EQ(pr.computed, 150);
    CHECK_EQ(pr.period.period, 12);      /* the hint: the last values follow period 12 */
    CHECK_EQ(pr.period.preperiod, 71);
    CHECK_EQ(pr.max_value, 8);
    CHECK_EQ(pr.max_at, 27);             /* A002186: the first 8 */
    pr = prove("0.16", 20000);   /* a few equal values at the end are no hint */
    CHECK_EQ(pr.period.proven, 0);
    CHECK_EQ(pr.period.period, 0);
    CHECK_EQ(pr.period.preperiod, 0);
    pr = prove("0.77", 0);
    CHECK_EQ(pr.computed, 0);
    CHECK_EQ(pr.period.proven, 0);
    CHECK_EQ(pr.period.period, 0);
    CHECK_EQ(sg_octal_parse("0.77", &g), SG_OK);
    CHECK_EQ(sg_octal_period(g, 100000, &p), SG_OK);
    CHECK_EQ(p.proven, 1);
    CHECK_EQ(p.preperiod, 71);
    CHECK_EQ(p.period, 12);
    CHECK_EQ(sg_octal_period(g, 100000, NULL), SG_EINVAL);
    CHECK_EQ(sg_octal_period(NULL, 100000, &p), SG_EINVAL);
    CHECK_EQ(sg_octal_prove(g, 100000, NULL), SG_EINVAL);
    CHECK_EQ(sg_octal_prove(NULL, 100000, &pr), SG_EINVAL);
    sg_octal_free(g);
}

static void test_trivial_games(void)
{
    sg_octal_proof_t pr = prove("0.0", 1000);
    CHECK_EQ(pr.period.proven, 1);
    CHECK_EQ(pr.period.preperiod, 0);
    CHECK_EQ(pr.period.period, 1);
    CHECK_EQ(pr.exceptions, 0);
    pr = prove("0.333", 1000);   /* G(n) = n mod 4 */
    CHECK_EQ(pr.period.proven, 1);
    CHECK_EQ(pr.period.preperiod, 0);
    CHECK_EQ(pr.period.period, 4);
    pr = prove("0.1", 1000);     /* a heap of 1 can be taken, nothing else */
    CHECK_EQ(pr.period.proven, 1);
    CHECK_EQ(pr.period.preperiod, 2);
    CHECK_EQ(pr.period.period, 1);
    CHECK_EQ(pr.exceptions, 1);
    CHECK_EQ(pr.last_exception, 1);
}

/* sg_period_value against the table, and far out against the period itself. */
static void test_period_value(void)
{
    static const char *codes[] = {"0.77", "0.07", "0.137", "4.07", "0.156", "0.0", "4.8"};
    size_t k;
    for (k = 0; k < sizeof codes / sizeof codes[0]; k++) {
        sg_octal_t *g = NULL;
        sg_period_t p;
        sg_value_t *T, v, w;
        uint64_t count = 20000, n, need;
        int i;
        CHECK_EQ(sg_octal_parse(codes[k], &g), SG_OK);
        CHECK_EQ(sg_octal_period(g, 100000, &p), SG_OK);
        CHECK_EQ(p.proven, 1);
        T = (sg_value_t *)malloc((size_t)count * sizeof *T);
        CHECK(T != NULL);
        if (T == NULL || !p.proven) continue;
        CHECK_EQ(sg_octal_table(g, T, count), SG_OK);
        need = p.preperiod + p.period;
        for (n = 0; n < count; n++) {
            CHECK_EQ(sg_period_value(T, need, &p, n, &v), SG_OK);
            CHECK_EQ(v, T[n]);
        }
        for (i = 0; i < 1000; i++) {
            n = test_rand() | ((uint64_t)1 << 63);
            CHECK_EQ(sg_period_value(T, need, &p, n, &v), SG_OK);
            CHECK_EQ(sg_period_value(T, need, &p, n - p.period, &w), SG_OK);
            CHECK_EQ(v, w);
        }
        CHECK_EQ(sg_period_value(T, need, &p, UINT64_MAX, &v), SG_OK);
        CHECK_EQ(sg_period_value(T, need, &p, UINT64_MAX - p.period, &w), SG_OK);
        CHECK_EQ(v, w);
        if (need > 0) CHECK_EQ(sg_period_value(T, need - 1, &p, need, &v), SG_ERANGE);
        p.proven = 0;
        CHECK_EQ(sg_period_value(T, need, &p, need, &v), SG_EINVAL);
        CHECK_EQ(sg_period_value(T, need, &p, need - 1, &v), SG_OK);   /* inside the prefix */
        CHECK_EQ(sg_period_value(T, need, NULL, need, &v), SG_EINVAL);
        CHECK_EQ(sg_period_value(T, need, NULL, 0, NULL), SG_EINVAL);
        free(T);
        sg_octal_free(g);
    }
}

static void test_period_value_saltus(void)
{
    /* an arithmetic-periodic sequence: 0 1 | 2 3 | 4 5 ... (period 2, saltus 2) */
    sg_value_t pre[4] = {0, 1, 2, 3}, v;
    sg_period_t p;
    p.preperiod = 0;
    p.period = 2;
    p.saltus = 2;
    p.proven = 1;
    CHECK_EQ(sg_period_value(pre, 4, &p, 1000, &v), SG_OK);
    CHECK_EQ(v, 1000);
    CHECK_EQ(sg_period_value(pre, 4, &p, 4294967295u, &v), SG_OK);
    CHECK_EQ(v, 4294967295u);
    CHECK_EQ(sg_period_value(pre, 4, &p, 4294967296u, &v), SG_ERANGE);
    CHECK_EQ(sg_period_value(pre, 4, &p, UINT64_MAX, &v), SG_ERANGE);
    CHECK_EQ(sg_period_value(NULL, 4, &p, 1, &v), SG_EINVAL);
}

/* Hexadecimal games whose values grow, proven by the arithmetic-periodicity test: every
 * 1- and 2-digit code, against the brute force to four times the values
 * the proof was made on (at least 256); 0.8b, whose short check misleads, is never proven. */
static void test_hex_growth(void)
{
    static const char hexd[] = "0123456789abcdef";
    static sg_value_t G[1024];
    code_t c;
    unsigned a, b, grows = 0, compared = 0, k;
    uint64_t n, count;
    sg_octal_proof_t pr;
    for (a = 0; a < 16; a++)
        for (b = 0; b < 16; b++) {
            char code[8];
            if ((a < 8 && b < 8) || (a == 0 && b == 0)) continue;
            snprintf(code, sizeof code, b ? "0.%c%c" : "0.%c", hexd[a], hexd[b]);
            pr = prove(code, 200);
            if (!pr.period.proven || pr.period.saltus == 0) continue;
            grows++;
            CHECK(pr.checked_to <= pr.computed);
            CHECK(pr.proof_period % pr.period.period == 0);
            count = 4 * (pr.computed > pr.checked_to ? pr.computed : pr.checked_to);
            if (count < 256) count = 256;
            if (count > 1024) count = 1024;
            code_of(code, &c);
            if (!brute(&c, G, count)) continue;   /* values past the brute force's range */
            compared++;
            if (!exact_pattern_in(G, count, pr.period.preperiod, pr.period.period,
                                  pr.period.saltus)) {
                fprintf(stderr, "%s: claimed G(n + %lu) = G(n) + %lu from %lu, not so below %lu\n",
                        code, (unsigned long)pr.period.period, (unsigned long)pr.period.saltus,
                        (unsigned long)pr.period.preperiod, (unsigned long)count);
                CHECK(0);
            }
            for (k = 0, n = 0; n < pr.period.preperiod; n++) {
                uint64_t j = (pr.period.preperiod - n + pr.period.period - 1) / pr.period.period;
                if ((uint64_t)G[n] + j * pr.period.saltus != G[n + j * pr.period.period]) k++;
            }
            CHECK_EQ(k, pr.exceptions);
        }
    CHECK(grows >= 40);   /* 44 with 200 values: 0.8, 0.c, 0.28, 0.a8, 0.ff, ... */
    CHECK(compared >= 30);
    /* 0.8b: G(n + 2) == G(n) + 1 for every n < 13, with 1 > G(0) = G(1) = 0, then G(15) = 8 */
    code_of("0.8b", &c);
    CHECK(brute(&c, G, 40));
    for (n = 0; n < 13; n++) CHECK_EQ(G[n + 2], G[n] + 1);
    CHECK_EQ(G[15], 8);
    CHECK_EQ(G[13] + 1, 7);
    pr = prove("0.8b", 600);
    CHECK_EQ(pr.period.proven, 0);
    CHECK_EQ(pr.period.saltus, 4);   /* the hint: G(n + 7) = G(n) + 4 from n = 7 */
    CHECK_EQ(pr.period.period, 7);
    /* 0.ff: G(n) = n; the test takes n0 >= 1 (a part at or above n0 is never empty), and
     * G(1) = 1 is not below a saltus of 1: observed only */
    pr = prove("0.ff", 300);
    CHECK_EQ(pr.period.proven, 0);
    CHECK_EQ(pr.period.preperiod, 0);
    CHECK_EQ(pr.period.period, 1);
    CHECK_EQ(pr.period.saltus, 1);
    /* 0.a8: G(n + 4) = G(n) + 2 from n = 1 */
    pr = prove("0.a8", 300);
    CHECK_EQ(pr.period.proven, 1);
    CHECK_EQ(pr.period.preperiod, 1);
    CHECK_EQ(pr.period.period, 4);
    CHECK_EQ(pr.period.saltus, 2);
}

int main(void)
{
    RUN(test_published);
    RUN(test_long_published);
    RUN(test_random_octal_sound);
    RUN(test_random_hex_sound);
    RUN(test_hex_bound);
    RUN(test_hex_growth);
    RUN(test_octal_bound);
    RUN(test_n0_zero);
    RUN(test_open_games);
    RUN(test_unproven_hint);
    RUN(test_trivial_games);
    RUN(test_period_value);
    RUN(test_period_value_saltus);
    return TEST_REPORT();
}
