/* The nimber field: inverse, division, power, square root, order and discrete logarithm,
 * against exhaustive tables of the subfields of 2^8 and 2^16 elements built here from a plain
 * nim multiplication, and against the field laws on random 64-bit values. */
#include "sg.h"
#include "test.h"
#include "brute.h"

/* The plain product of tests/brute.h (the Fermat 2-power recursion), checked against Conway's
 * mex definition below 32 (whose products lie below 256). */
static uint64_t pmul(uint64_t a, uint64_t b) { return brute_nim_mul(a, b, 64); }

static void test_plain_mul(void)
{
    static uint64_t d[32][32];
    unsigned a, b, x, y;
    for (a = 0; a < 32; a++)
        for (b = 0; b < 32; b++) {
            unsigned char seen[256];
            uint64_t v = 0;
            memset(seen, 0, sizeof seen);
            for (x = 0; x < a; x++)
                for (y = 0; y < b; y++) seen[d[x][b] ^ d[a][y] ^ d[x][y]] = 1;
            while (seen[v]) v++;
            d[a][b] = v;
            CHECK_EQ(pmul(a, b), v);
        }
    for (a = 0; a < 1000; a++) {
        uint64_t p = test_rand(), q = test_rand();
        CHECK_EQ(pmul(p, q), nim_mul(p, q));
    }
}

/* A subfield of 2^bits elements (bits 8 or 16): exp/log tables of a generator found by brute
 * force with the plain product. */
static uint64_t *sub_exp;
static uint32_t *sub_log;

static uint64_t build_subfield(unsigned bits)
{
    uint64_t n = ((uint64_t)1 << bits) - 1, g, x, k;
    sub_exp = (uint64_t *)malloc((size_t)n * sizeof *sub_exp);
    sub_log = (uint32_t *)malloc((size_t)(n + 1) * sizeof *sub_log);
    if (sub_exp == NULL || sub_log == NULL) exit(2);
    for (g = 2; g <= n; g++) {
        for (x = 1, k = 0; k < n; k++) {
            sub_exp[k] = x;
            x = pmul(x, g);
            if (x == 1) break;
        }
        if (k == n - 1) break;       /* order n: a generator */
    }
    CHECK(g <= n);
    for (k = 0; k < n; k++) sub_log[sub_exp[k]] = (uint32_t)k;
    return n;
}

static uint64_t gcd(uint64_t a, uint64_t b)
{
    while (b != 0) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static void check_subfield(unsigned bits, uint64_t log_pairs)
{
    uint64_t n = build_subfield(bits), a, b, i, k, want;
    CHECK_EQ(nim_inv(0), 0);
    CHECK_EQ(nim_sqrt(0), 0);
    CHECK_EQ(nim_order(0), 0);
    for (a = 1; a <= n; a++) {
        uint64_t la = sub_log[a], q;
        CHECK_EQ(nim_inv(a), sub_exp[(n - la) % n]);
        /* sqrt: the square root is a^(2^(bits-1)); its log is la * 2^(bits-1) */
        CHECK_EQ(nim_sqrt(a), sub_exp[(la << (bits - 1)) % n]);
        CHECK_EQ(nim_order(a), n / gcd(la, n));
        CHECK_EQ(nim_pow(a, 12345), sub_exp[la * 12345 % n]);
        b = test_below(n) + 1;
        CHECK_EQ(nim_div(b, a, &q), SG_OK);
        CHECK_EQ(q, sub_exp[(sub_log[b] + n - la) % n]);
    }
    /* logarithms: the least k by walking the powers of b (products through the tables) */
    for (i = 0; i < log_pairs; i++) {
        int found = 0;
        uint64_t x = 1, got = 0;
        a = test_below(n) + 1;
        b = test_below(n) + 1;
        if (i % 4 == 0) a = sub_exp[sub_log[b] * test_below(n) % n];   /* a power of b */
        want = 0;
        for (k = 0; k <= n; k++) {
            if (x == a) {
                found = 1;
                want = k;
                break;
            }
            x = sub_exp[(sub_log[x] + sub_log[b]) % n];     /* x * b */
            if (x == 1) break;
        }
        CHECK_EQ(nim_log(a, b, &got), found);
        CHECK_EQ(nim_log(a, b, NULL), found);
        if (found) CHECK_EQ(got, want);
    }
    free(sub_exp);
    free(sub_log);
}

static void test_subfield8(void) { check_subfield(8, 20000); }
static void test_subfield16(void) { check_subfield(16, test_scale(3000)); }

static const uint64_t primes[7] = {3, 5, 17, 257, 641, 65537, 6700417};

static void test_random_identities(void)
{
    unsigned i, j;
    for (i = 0; i < test_scale(5000); i++) {
        uint64_t a = test_rand() | 1, b = test_rand() >> test_below(64), q, s;
        uint64_t e1 = test_rand() >> 1, e2 = test_rand() >> 1;
        CHECK_EQ(pmul(a, nim_inv(a)), 1);
        CHECK_EQ(nim_inv(nim_inv(a)), a);
        CHECK_EQ(nim_div(b, a, &q), SG_OK);
        CHECK_EQ(pmul(q, a), b);
        s = nim_sqrt(b);
        CHECK_EQ(pmul(s, s), b);
        CHECK_EQ(nim_sqrt(pmul(a, b)), pmul(nim_sqrt(a), s));
        CHECK_EQ(nim_pow(a, e1 + e2), pmul(nim_pow(a, e1), nim_pow(a, e2)));
        CHECK_EQ(nim_pow(a, SG_NIM_GROUP_ORDER), 1);
        if (i < 300) {
            /* nim_pow against plain repeated squaring with the plain product */
            uint64_t r = 1, x = a, e = e1;
            for (; e != 0; e >>= 1) {
                if (e & 1) r = pmul(r, x);
                x = pmul(x, x);
            }
            CHECK_EQ(nim_pow(a, e1), r);
        }
    }
    CHECK_EQ(nim_pow(0, 0), 1);
    CHECK_EQ(nim_pow(0, 5), 0);
    CHECK_EQ(nim_pow(7, 0), 1);
    for (i = 0; i < 300; i++) {
        uint64_t a = test_rand() >> test_below(64), ord;
        if (a == 0) continue;
        ord = nim_order(a);
        CHECK_EQ(nim_pow(a, ord), 1);
        CHECK_EQ(SG_NIM_GROUP_ORDER % ord, 0);
        for (j = 0; j < 7; j++)
            if (ord % primes[j] == 0) CHECK(nim_pow(a, ord / primes[j]) != 1);
    }
}

static void test_primitive(void)
{
    uint64_t g = SG_NIM_PRIMITIVE, c;
    unsigned j;
    CHECK_EQ(SG_NIM_GROUP_ORDER, UINT64_MAX);
    for (j = 0; j < 7; j++) CHECK(nim_pow(g, SG_NIM_GROUP_ORDER / primes[j]) != 1);
    CHECK_EQ(nim_order(g), SG_NIM_GROUP_ORDER);
    /* the least one: every element of the subfield below 2^32 has order dividing 2^32 - 1, and
     * the few between 2^32 and g have a smaller order */
    CHECK_EQ(nim_pow(0xfedcba98u, 0xffffffffu), 1);
    for (c = (uint64_t)1 << 32; c < g; c++) {
        int primitive = 1;
        for (j = 0; j < 7; j++)
            if (nim_pow(c, SG_NIM_GROUP_ORDER / primes[j]) == 1) primitive = 0;
        CHECK(!primitive);
        CHECK(nim_order(c) != SG_NIM_GROUP_ORDER);
    }
}

static void test_log64(void)
{
    unsigned i;
    uint64_t k, got;
    for (i = 0; i < test_scale(400); i++) {
        uint64_t b = i % 3 ? test_rand() : nim_pow(SG_NIM_PRIMITIVE, test_rand() % 1000 + 1);
        uint64_t a;
        if (b < 2) continue;
        k = test_rand();
        a = nim_pow(b, k);
        CHECK_EQ(nim_log(a, b, &got), 1);
        CHECK_EQ(got, k % nim_order(b));
        CHECK_EQ(nim_pow(b, got), a);
    }
    /* a primitive base: every non-zero a has a logarithm */
    for (i = 0; i < 100; i++) {
        uint64_t a = test_rand() | 2;
        CHECK_EQ(nim_log(a, SG_NIM_PRIMITIVE, &got), 1);
        CHECK_EQ(nim_pow(SG_NIM_PRIMITIVE, got), a);
    }
    /* no solution: a base in the subfield below 2^32 generates only elements below 2^32 */
    got = 77;
    CHECK_EQ(nim_log(SG_NIM_PRIMITIVE, 0x12345678u, &got), 0);
    CHECK_EQ(got, 77);
    CHECK_EQ(nim_log(1u << 20, 1, &got), 0);
    CHECK_EQ(nim_log(1, 1, &got), 1);
    CHECK_EQ(got, 0);
    /* zeros: 0^0 = 1, 0^1 = 0, nothing else */
    CHECK_EQ(nim_log(1, 0, &got), 1);
    CHECK_EQ(got, 0);
    CHECK_EQ(nim_log(0, 0, &got), 1);
    CHECK_EQ(got, 1);
    CHECK_EQ(nim_log(5, 0, &got), 0);
    CHECK_EQ(nim_log(0, 5, &got), 0);
    CHECK_EQ(nim_log(0, 5, NULL), 0);
    /* the order of b: the element of order 641 */
    {
        uint64_t b = nim_pow(SG_NIM_PRIMITIVE, SG_NIM_GROUP_ORDER / 641);
        CHECK_EQ(nim_order(b), 641);
        CHECK_EQ(nim_log(nim_pow(b, 640), b, &got), 1);
        CHECK_EQ(got, 640);
        CHECK_EQ(nim_log(nim_pow(b, 641), b, &got), 1);
        CHECK_EQ(got, 0);
    }
}

static void test_bad_input(void)
{
    uint64_t q = 99;
    CHECK_EQ(nim_div(5, 0, &q), SG_EINVAL);
    CHECK_EQ(q, 99);
    CHECK_EQ(nim_div(5, 3, NULL), SG_EINVAL);
    CHECK_EQ(nim_div(0, 3, &q), SG_OK);
    CHECK_EQ(q, 0);
}

int main(void)
{
    RUN(test_plain_mul);
    RUN(test_subfield8);
    RUN(test_subfield16);
    RUN(test_random_identities);
    RUN(test_primitive);
    RUN(test_log64);
    RUN(test_bad_input);
    return TEST_REPORT();
}
