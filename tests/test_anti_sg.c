/* Anti-SG (the player who cannot move wins) by the SJ theorem, against a game-tree search of
 * sums written here, for two component games whose value-0 positions have no move: Nim, and a
 * game T where n >= 1 may go to 0, n - 2 or n - 3 (values from the generic engine). */
#include "sg.h"
#include "test.h"

#define M 10            /* component positions 0 .. M-1 */
#define K 3             /* up to three components */

static int game_t;      /* 0: Nim, 1: T */

static unsigned options(unsigned n, unsigned opt[M])
{
    unsigned k = 0, m;
    if (game_t == 0) {
        for (m = 0; m < n; m++) opt[k++] = m;
    } else if (n >= 1) {
        opt[k++] = 0;
        if (n >= 2) opt[k++] = n - 2;
        if (n >= 3) opt[k++] = n - 3;
    }
    return k;
}

static int t_rule(void *user, uint64_t pos, sg_moves_t *out)
{
    unsigned opt[M], k, i;
    (void)user;
    k = options((unsigned)pos, opt);
    for (i = 0; i < k; i++) sg_move_to(out, opt[i]);
    return 0;
}

/* win[state]: the player to move wins the anti-SG sum; state = p0 + M p1 + M^2 p2 (absent
 * components are at 0, which has no move in both games) */
static signed char win[M * M * M];

static int wins(unsigned state)
{
    unsigned p[K], i, j, k, opt[M], moved = 0;
    if (win[state] >= 0) return win[state];
    for (i = 0, k = state; i < K; i++, k /= M) p[i] = k % M;
    win[state] = 0;
    for (i = 0; i < K && !win[state]; i++) {
        unsigned pw = i == 0 ? 1 : i == 1 ? M : M * M;
        k = options(p[i], opt);
        for (j = 0; j < k; j++) {
            moved = 1;
            if (!wins(state - p[i] * pw + opt[j] * pw)) {
                win[state] = 1;
                break;
            }
        }
    }
    if (!moved) win[state] = 1;     /* no move: the player to move wins */
    return win[state];
}

static void check_game(void)
{
    sg_value_t g[M];
    unsigned state, i, k, opt[M];
    CHECK_EQ(sg_table_build(g, M, t_rule, NULL), SG_OK);
    for (i = 1; i < M; i++) CHECK(g[i] != 0);       /* the theorem's condition */
    memset(win, -1, sizeof win);
    for (state = 0; state < M * M * M; state++) {
        unsigned p[K], n;
        uint64_t v[K], to = 99;
        size_t comp = 99;
        int r;
        for (i = 0, k = state; i < K; i++, k /= M) p[i] = k % M;
        for (n = K; n > 0 && p[n - 1] == 0; n--) continue;      /* trailing zeros dropped */
        for (i = 0; i < K; i++) v[i] = g[p[i]];
        r = sg_anti_sg_winning_move(v, n, &comp, &to);
        CHECK_EQ(r, wins(state));
        CHECK_EQ(sg_anti_sg_winning_move(v, n, NULL, NULL), r);
        if (r != 1) continue;
        if (comp == n) {
            for (i = 0; i < n; i++) CHECK_EQ(v[i], 0);
            continue;
        }
        CHECK(comp < n && to < v[comp]);
        /* the component has an option of that value, and it leaves a lost position */
        k = options(p[comp], opt);
        for (i = 0; i < k; i++)
            if (g[opt[i]] == to) break;
        CHECK(i < k);
        if (i < k) {
            unsigned pw = comp == 0 ? 1 : comp == 1 ? M : M * M;
            CHECK_EQ(wins(state - p[comp] * pw + opt[i] * pw), 0);
        }
    }
}

static void test_nim(void)
{
    game_t = 0;
    check_game();
}

static void test_game_t(void)
{
    game_t = 1;
    check_game();
}

/* many components: the move keeps to the theorem's cases */
static void test_large(void)
{
    uint64_t v[20];
    unsigned t;
    for (t = 0; t < 5000; t++) {
        size_t n = (size_t)test_below(20) + 1, i, comp, big = 0;
        uint64_t to, sum = 0;
        int r;
        for (i = 0; i < n; i++) v[i] = t % 2 ? test_below(2) : test_rand() >> test_below(64);
        for (i = 0; i < n; i++) {
            sum ^= v[i];
            big += v[i] > 1;
        }
        r = sg_anti_sg_winning_move(v, n, &comp, &to);
        CHECK_EQ(r, (sum != 0 && big > 0) || (sum == 0 && big == 0));
        if (r == 1 && comp < n) {
            CHECK(to < v[comp]);
            v[comp] = to;
            for (i = 0, sum = 0, big = 0; i < n; i++) {
                sum ^= v[i];
                big += v[i] > 1;
            }
            CHECK(!((sum != 0 && big > 0) || (sum == 0 && big == 0)));
        }
    }
}

static void test_bad_input(void)
{
    size_t comp = 5;
    CHECK_EQ(sg_anti_sg_winning_move(NULL, 2, &comp, NULL), SG_EINVAL);
    CHECK_EQ(comp, 5);
    CHECK_EQ(sg_anti_sg_winning_move(NULL, 0, &comp, NULL), 1);
    CHECK_EQ(comp, 0);
}

int main(void)
{
    RUN(test_nim);
    RUN(test_game_t);
    RUN(test_large);
    RUN(test_bad_input);
    return TEST_REPORT();
}
