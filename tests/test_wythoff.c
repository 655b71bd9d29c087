/* Wythoff's game: the closed form against the generic engine (a rule written here from the
 * game's moves) on small heaps, the P-positions against their mex definition, and exact checks
 * with 128-bit integers on heaps up to 2^63. */
#include "sg.h"
#include "test.h"

#define N 72    /* small heaps: 0 .. N-1 */

/* position x * N + y; every option is a smaller position */
static int wythoff_rule(void *user, uint64_t pos, sg_moves_t *out)
{
    uint64_t x = pos / N, y = pos % N, d;
    (void)user;
    for (d = 1; d <= x; d++) sg_move_to(out, (x - d) * N + y);
    for (d = 1; d <= y; d++) sg_move_to(out, x * N + y - d);
    for (d = 1; d <= x && d <= y; d++) sg_move_to(out, (x - d) * N + y - d);
    return 0;
}

static int legal(uint64_t x, uint64_t y, uint64_t nx, uint64_t ny)
{
    if (nx == x) return ny < y;
    if (ny == y) return nx < x;
    return nx < x && ny < y && x - nx == y - ny;
}

static void test_small_against_engine(void)
{
    static sg_value_t engine[N * N], table[N * N];
    uint64_t x, y, nx, ny;
    CHECK_EQ(sg_table_build(engine, N * N, wythoff_rule, NULL), SG_OK);
    CHECK_EQ(sg_wythoff_table(table, N, N), SG_OK);
    for (x = 0; x < N * N; x++) CHECK_EQ(table[x], engine[x]);
    for (x = 0; x < N; x++)
        for (y = 0; y < N; y++) {
            int r = sg_wythoff_winning_move(x, y, &nx, &ny);
            CHECK_EQ(r, engine[x * N + y] != 0);
            CHECK_EQ(sg_wythoff_winning_move(x, y, NULL, NULL), r);
            if (r == 1) {
                CHECK(legal(x, y, nx, ny));
                CHECK_EQ(engine[nx * N + ny], 0);
            }
        }
    /* a table of another shape agrees cell by cell */
    CHECK_EQ(sg_wythoff_table(table, 5, 40), SG_OK);
    for (x = 0; x < 5; x++)
        for (y = 0; y < 40; y++) CHECK_EQ(table[x * 40 + y], engine[x * N + y]);
}

/* a_k = mex of all earlier a_i, b_i; b_k = a_k + k */
static void test_pairs_definition(void)
{
    enum { K = 20000 };
    static unsigned char used[3 * K];
    uint64_t k, a = 0, b, ga, gb;
    for (k = 0; k < K; k++) {
        while (used[a]) a++;
        b = a + k;
        used[a] = used[b] = 1;
        CHECK_EQ(sg_wythoff_pair(k, &ga, &gb), SG_OK);
        CHECK_EQ(ga, a);
        CHECK_EQ(gb, b);
        CHECK_EQ(sg_wythoff_winning_move(a, b, NULL, NULL), 0);
        CHECK_EQ(sg_wythoff_winning_move(b, a, NULL, NULL), 0);
        if (k > 0) CHECK_EQ(sg_wythoff_winning_move(a, b + 1, NULL, NULL), 1);
    }
}

#if defined(__SIZEOF_INT128__)
__extension__ typedef unsigned __int128 u128;

/* (lo, hi), lo <= hi, is a P-position iff lo = floor(k phi), k = hi - lo:
 * lo (lo - k) < k^2 < (lo + 1)(lo + 1 - k), lo >= k; (0, 0) at k = 0 */
static int is_p(uint64_t x, uint64_t y)
{
    uint64_t lo = x < y ? x : y, hi = x < y ? y : x, k = hi - lo;
    if (k == 0) return lo == 0;
    if (lo < k) return 0;
    return (u128)lo * (lo - k) < (u128)k * k && (u128)k * k < (u128)(lo + 1) * (lo + 1 - k);
}

static void test_large(void)
{
    unsigned i;
    uint64_t a, b, nx, ny;
    for (i = 0; i < 20000; i++) {
        uint64_t k = test_rand() >> (3 + test_below(60));
        uint64_t x = test_rand() >> (1 + test_below(62)), y = test_rand() >> (1 + test_below(62));
        int r;
        CHECK_EQ(sg_wythoff_pair(k, &a, &b), SG_OK);
        CHECK(is_p(a, b));
        CHECK_EQ(b - a, k);
        CHECK_EQ(sg_wythoff_winning_move(a, b, &nx, &ny), 0);
        if (i % 3 == 0) y = x + (test_rand() & 7);      /* near the diagonal */
        r = sg_wythoff_winning_move(x, y, &nx, &ny);
        CHECK_EQ(r, !is_p(x, y));
        if (r == 1) {
            CHECK(legal(x, y, nx, ny));
            CHECK(is_p(nx, ny));
        }
    }
    /* the largest heaps */
    for (i = 0; i < 64; i++) {
        uint64_t x = SG_CLOSED_MAX - i, y = SG_CLOSED_MAX - test_below(1u << 20);
        int r = sg_wythoff_winning_move(x, y, &nx, &ny);
        CHECK_EQ(r, !is_p(x, y));
        if (r == 1) CHECK(legal(x, y, nx, ny) && is_p(nx, ny));
        r = sg_wythoff_winning_move(test_below(1000), x, &nx, &ny);
        CHECK_EQ(r, 1);
        CHECK(is_p(nx, ny));
    }
}
#else
static void test_large(void) {}
#endif

static void test_bad_input(void)
{
    uint64_t nx = 7, ny = 7, a = 7;
    sg_value_t t[4];
    CHECK_EQ(sg_wythoff_winning_move(SG_CLOSED_MAX + 1, 0, &nx, &ny), SG_ERANGE);
    CHECK_EQ(sg_wythoff_winning_move(3, UINT64_MAX, &nx, &ny), SG_ERANGE);
    CHECK_EQ(nx, 7);
    CHECK_EQ(ny, 7);
    CHECK_EQ(sg_wythoff_winning_move(SG_CLOSED_MAX, SG_CLOSED_MAX, &nx, &ny), 1);
    CHECK_EQ(nx, 0);
    CHECK_EQ(ny, 0);
    CHECK_EQ(sg_wythoff_pair(SG_CLOSED_MAX, &a, NULL), SG_ERANGE);
    CHECK_EQ(sg_wythoff_pair(UINT64_MAX, &a, NULL), SG_ERANGE);
    CHECK_EQ(a, 7);
    CHECK_EQ(sg_wythoff_pair((uint64_t)1 << 61, &a, NULL), SG_OK);
    CHECK_EQ(sg_wythoff_table(NULL, 2, 2), SG_EINVAL);
    CHECK_EQ(sg_wythoff_table(NULL, 0, 2), SG_OK);
    CHECK_EQ(sg_wythoff_table(t, 1, 0), SG_OK);
    CHECK_EQ(sg_wythoff_table(t, (uint64_t)1 << 40, (uint64_t)1 << 40), SG_ERANGE);
    CHECK_EQ(sg_wythoff_table(t, UINT64_MAX, 2), SG_ERANGE);
}

int main(void)
{
    RUN(test_small_against_engine);
    RUN(test_pairs_definition);
    RUN(test_large);
    RUN(test_bad_input);
    return TEST_REPORT();
}
