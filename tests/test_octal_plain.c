/* The plain kernel of `grundy verify` (tools/octal_plain.c) against the definition written out
 * here: for random codes and random values G(0 .. n-1) (any values will do: the kernel takes the
 * mex of what the moves give from them), G(n) is the least value no move gives. The values are
 * drawn in one byte, in two and in four, and grow from one width to the next within a run, so
 * that each width of the kernel's copies, and each change of width, is taken. */
#include "test.h"

#include "../tools/octal_plain.c"

#define N 700

static sg_value_t G[N];
static unsigned char given[1u << 22];   /* above every XOR of the values drawn */

static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static uint64_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* the mex of every move of heap n, from the definition */
static sg_value_t mex(const cert_game_t *g, uint64_t n)
{
    uint64_t i, m, a, b;
    sg_value_t v, top = 0;
    size_t cap = 1;
    for (i = 0; i < n; i++)
        if (G[i] > top) top = G[i];
    while (cap <= top) cap *= 2;   /* every XOR of values below cap is below it */
    memset(given, 0, cap + 1);
    for (i = 0; i <= g->t && i <= n; i++) {
        unsigned d = g->d[i];
        m = n - i;
        if ((d & 1) && m == 0 && i > 0) given[0] = 1;
        if ((d & 2) && m >= 1 && i > 0) given[G[m]] = 1;
        if (d & 4)
            for (a = 1; a + a <= m; a++) given[G[a] ^ G[m - a]] = 1;
        if (d & 8)
            for (a = 1; a <= m; a++)
                for (b = a; a + b + b <= m; b++) given[G[a] ^ G[b] ^ G[m - a - b]] = 1;
    }
    for (v = 0; given[v]; v++) continue;
    return v;
}

/* a random code: d0 0 or 4, one to four digits after it; three-heap moves only in short runs */
static void random_game(cert_game_t *g, int three)
{
    unsigned k = 1 + (unsigned)(rng() % 4), i;
    memset(g, 0, sizeof *g);
    g->d[0] = rng() % 2 ? 4 : 0;
    for (i = 1; i <= k; i++) g->d[i] = (unsigned char)(rng() % (three ? 16 : 8));
    if (g->d[k] == 0) g->d[k] = 4;
    g->t = k;
}

/* values below lim[0] to heap N / 3, below lim[1] to 2N / 3, below lim[2] after */
static void random_values(const sg_value_t lim[3])
{
    unsigned n;
    for (n = 0; n < N; n++) G[n] = (sg_value_t)(rng() % lim[3 * n / N]);
}

static int agree(const cert_game_t *g, unsigned count)
{
    cert_plain_t s;
    unsigned n;
    int ok = 1, good;
    memset(&s, 0, sizeof s);
    for (n = 0; n < count && ok; n++) {
        sg_value_t got = cert_plain_value(g, G, n, &s, &good);
        ok = good && got == mex(g, n);
    }
    cert_plain_free(&s);
    return ok;
}

static void test_widths(void)
{
    static const sg_value_t lims[][3] = {
        {200, 200, 200}, {60000, 60000, 60000}, {1u << 20, 1u << 20, 1u << 20},
        {4, 300, 70000},   /* one byte, then two, then four */
        {2, 2, 2},         /* small: splits give values late or never */
    };
    unsigned i, k;
    for (i = 0; i < sizeof lims / sizeof lims[0]; i++)
        for (k = 0; k < 6; k++) {
            cert_game_t g;
            random_game(&g, 0);
            random_values(lims[i]);
            CHECK(agree(&g, N));
        }
}

static void test_three_heaps(void)
{
    static const sg_value_t lim[3] = {8, 300, 300};
    unsigned k;
    for (k = 0; k < 6; k++) {
        cert_game_t g;
        random_game(&g, 1);
        random_values(lim);
        CHECK(agree(&g, 160));
    }
}

/* a second sequence in the same scratch: from heap 0 again, with other values */
static void test_second_sequence(void)
{
    static const sg_value_t small[3] = {3, 3, 3}, wide[3] = {500, 500, 500};
    cert_game_t g;
    cert_plain_t s;
    unsigned n;
    int good, ok = 1;
    random_game(&g, 0);
    memset(&s, 0, sizeof s);
    random_values(wide);
    for (n = 0; n < N; n++) ok &= cert_plain_value(&g, G, n, &s, &good) == mex(&g, n) && good;
    random_values(small);
    for (n = 0; n < N; n++) ok &= cert_plain_value(&g, G, n, &s, &good) == mex(&g, n) && good;
    CHECK(ok);
    cert_plain_free(&s);
}

int main(void)
{
    RUN(test_widths);
    RUN(test_three_heaps);
    RUN(test_second_sequence);
    return TEST_REPORT();
}
