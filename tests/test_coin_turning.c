/* Coin-turning games: single heads of Twins, Ruler and Mock Turtles, and heads of products of
 * two of them, against the generic engine running the games' moves written here (a move turns
 * a set of coins; the other turned coins are left as a sum of single heads). */
#include "sg.h"
#include "test.h"

#define N 64    /* places of the one-dimensional games */
#define W 7     /* a W x W board for the products */

/* The moves of a head at place n of `game`, as sets of the places turned besides n; returns
 * how many, written to sets[i][0..len[i]). */
static unsigned moves_of(int game, unsigned n, unsigned sets[][N], unsigned len[])
{
    unsigned k = 0, a, b, j;
    switch (game) {
    case SG_COIN_TWINS:
        for (a = 0; a < n; a++, k++) {
            sets[k][0] = a;
            len[k] = 1;
        }
        break;
    case SG_COIN_RULER:     /* n >= 1: the run n-j+1 .. n for j = 1 .. n */
        for (j = 1; j <= n; j++, k++) {
            for (a = 0; a + 1 < j; a++) sets[k][a] = n - 1 - a;
            len[k] = j - 1;
        }
        break;
    default:                /* Mock Turtles: n alone, or with one or two places below */
        len[k++] = 0;
        for (a = 0; a < n; a++) {
            sets[k][0] = a;
            len[k++] = 1;
            for (b = a + 1; b < n; b++) {
                sets[k][0] = a;
                sets[k][1] = b;
                len[k++] = 2;
            }
        }
        break;
    }
    return k;
}

static unsigned sets_x[N * N][N], len_x[N * N], sets_y[N * N][N], len_y[N * N];

static int line_rule(void *user, uint64_t pos, sg_moves_t *out)
{
    int game = *(const int *)user;
    unsigned k, i, j;
    uint64_t parts[N];
    if (game == SG_COIN_RULER && pos == 0) return 0;    /* no place 0 */
    k = moves_of(game, (unsigned)pos, sets_x, len_x);
    for (i = 0; i < k; i++) {
        for (j = 0; j < len_x[i]; j++) parts[j] = sets_x[i][j];
        if (len_x[i] == 0) sg_move_value(out, 0);
        else sg_move_to_sum(out, parts, len_x[i]);
    }
    return 0;
}

static void test_lines(void)
{
    static const int games[3] = {SG_COIN_TWINS, SG_COIN_RULER, SG_COIN_MOCK_TURTLES};
    static const uint64_t odious[12] = {1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22};
    sg_value_t table[N];
    unsigned g, n;
    uint64_t v;
    for (g = 0; g < 3; g++) {
        int game = games[g];
        CHECK_EQ(sg_table_build(table, N, line_rule, &game), SG_OK);
        for (n = game == SG_COIN_RULER ? 1 : 0; n < N; n++) {
            CHECK_EQ(sg_coin_value(game, n, &v), SG_OK);
            CHECK_EQ(v, table[n]);
        }
    }
    /* published: the odious numbers (OEIS A000069) */
    for (n = 0; n < 12; n++) {
        CHECK_EQ(sg_coin_value(SG_COIN_MOCK_TURTLES, n, &v), SG_OK);
        CHECK_EQ(v, odious[n]);
    }
}

static int prod_games[2];

/* a head at (x, y) = position x * W + y; a move turns A x B */
static int product_rule(void *user, uint64_t pos, sg_moves_t *out)
{
    unsigned x = (unsigned)(pos / W), y = (unsigned)(pos % W), kx, ky, i, j, a, b, n;
    uint64_t parts[(N + 1) * (N + 1)];
    (void)user;
    if ((prod_games[0] == SG_COIN_RULER && x == 0) || (prod_games[1] == SG_COIN_RULER && y == 0))
        return 0;
    kx = moves_of(prod_games[0], x, sets_x, len_x);
    ky = moves_of(prod_games[1], y, sets_y, len_y);
    for (i = 0; i < kx; i++)
        for (j = 0; j < ky; j++) {
            /* A = sets_x[i] + {x}, B = sets_y[j] + {y}; every cell but (x, y) */
            n = 0;
            for (a = 0; a <= len_x[i]; a++)
                for (b = 0; b <= len_y[j]; b++) {
                    unsigned cx = a < len_x[i] ? sets_x[i][a] : x;
                    unsigned cy = b < len_y[j] ? sets_y[j][b] : y;
                    if (cx != x || cy != y) parts[n++] = (uint64_t)cx * W + cy;
                }
            if (n == 0) sg_move_value(out, 0);
            else sg_move_to_sum(out, parts, n);
        }
    return 0;
}

static void test_products(void)
{
    static const int games[3] = {SG_COIN_TWINS, SG_COIN_RULER, SG_COIN_MOCK_TURTLES};
    sg_value_t table[W * W];
    unsigned gx, gy, x, y;
    uint64_t v;
    for (gx = 0; gx < 3; gx++)
        for (gy = 0; gy < 3; gy++) {
            prod_games[0] = games[gx];
            prod_games[1] = games[gy];
            CHECK_EQ(sg_table_build(table, W * W, product_rule, NULL), SG_OK);
            for (x = games[gx] == SG_COIN_RULER; x < W; x++)
                for (y = games[gy] == SG_COIN_RULER; y < W; y++) {
                    CHECK_EQ(sg_tartan_value(games[gx], x, games[gy], y, &v), SG_OK);
                    CHECK_EQ(v, table[x * W + y]);
                }
        }
}

static void test_large(void)
{
    unsigned t;
    uint64_t v, w;
    for (t = 0; t < 3000; t++) {
        uint64_t n = (test_rand() >> (1 + test_below(63))) | 1, m = test_rand() >> 1, c = 0;
        n <<= test_below(8);
        if (n > SG_CLOSED_MAX) continue;
        CHECK_EQ(sg_coin_value(SG_COIN_RULER, n, &v), SG_OK);
        CHECK(v != 0 && n % v == 0 && (v & (v - 1)) == 0 && (n / v) % 2 == 1);
        CHECK_EQ(sg_coin_value(SG_COIN_MOCK_TURTLES, m, &v), SG_OK);
        for (w = v; w; w >>= 1) c += w & 1;
        CHECK(c % 2 == 1 && v / 2 == m);
        CHECK_EQ(sg_tartan_value(SG_COIN_TWINS, n, SG_COIN_MOCK_TURTLES, m, &w), SG_OK);
        CHECK_EQ(w, nim_mul(n, v));
    }
}

static void test_bad_input(void)
{
    uint64_t v = 7;
    CHECK_EQ(sg_coin_value(SG_COIN_RULER, 0, &v), SG_ERANGE);
    CHECK_EQ(sg_coin_value(SG_COIN_RULER, SG_CLOSED_MAX + 1, &v), SG_ERANGE);
    CHECK_EQ(sg_coin_value(SG_COIN_TWINS, SG_CLOSED_MAX + 1, &v), SG_ERANGE);
    CHECK_EQ(sg_coin_value(SG_COIN_MOCK_TURTLES, SG_CLOSED_MAX, &v), SG_ERANGE);
    CHECK_EQ(sg_coin_value(3, 1, &v), SG_EINVAL);
    CHECK_EQ(sg_coin_value(-1, 1, &v), SG_EINVAL);
    CHECK_EQ(v, 7);
    CHECK_EQ(sg_tartan_value(SG_COIN_TWINS, 2, SG_COIN_RULER, 0, &v), SG_ERANGE);
    CHECK_EQ(sg_tartan_value(9, 2, SG_COIN_RULER, 1, &v), SG_EINVAL);
    CHECK_EQ(v, 7);
    CHECK_EQ(sg_coin_value(SG_COIN_MOCK_TURTLES, SG_CLOSED_MAX - 1, &v), SG_OK);
    CHECK_EQ(v, UINT64_MAX - 1);     /* 2^63 - 1 has 63 one bits: 2n */
    CHECK_EQ(sg_coin_value(SG_COIN_RULER, SG_CLOSED_MAX, NULL), SG_OK);
}

int main(void)
{
    RUN(test_lines);
    RUN(test_products);
    RUN(test_large);
    RUN(test_bad_input);
    return TEST_REPORT();
}
