/* Fibonacci Nim against the generic engine on states (n tokens, at most m to take), with the
 * rule written here from the game's moves, and the Zeckendorf move on large heaps. */
#include "sg.h"
#include "test.h"

#define N 90

/* state n * (N + 1) + m, m <= n; taking t leaves (n - t, min(2t, n - t)): a smaller state */
static int fib_rule(void *user, uint64_t pos, sg_moves_t *out)
{
    uint64_t n = pos / (N + 1), m = pos % (N + 1), t;
    (void)user;
    for (t = 1; t <= m && t <= n; t++) {
        uint64_t left = n - t, next = 2 * t < left ? 2 * t : left;
        sg_move_to(out, left * (N + 1) + next);
    }
    return 0;
}

static int is_fib(uint64_t n)
{
    uint64_t a = 1, b = 2;
    while (a < n) {
        uint64_t c = a + b;
        a = b;
        b = c;
    }
    return a == n;
}

static void test_small_against_engine(void)
{
    static sg_value_t table[(N + 1) * (N + 1)];
    uint64_t n, m, take;
    CHECK_EQ(sg_table_build(table, (N + 1) * (N + 1), fib_rule, NULL), SG_OK);
    for (n = 0; n <= N; n++)
        for (m = 0; m <= n; m++) {
            int r = sg_fibonacci_nim_winning_move(n, m, &take);
            CHECK_EQ(r, table[n * (N + 1) + m] != 0);
            CHECK_EQ(sg_fibonacci_nim_winning_move(n, m, NULL), r);
            if (r == 1) {
                uint64_t left = n - take;
                CHECK(take >= 1 && take <= m);
                CHECK_EQ(table[left * (N + 1) + (2 * take < left ? 2 * take : left)], 0);
            }
        }
    /* the first move (at most n - 1): lost exactly on Fibonacci numbers */
    for (n = 2; n <= N; n++) CHECK_EQ(sg_fibonacci_nim_winning_move(n, n - 1, NULL), !is_fib(n));
    /* more than the heap allowed: as much as the heap */
    CHECK_EQ(sg_fibonacci_nim_winning_move(8, 100, &take), 1);
    CHECK_EQ(take, 8);
}

static void test_large(void)
{
    unsigned t;
    for (t = 0; t < 5000; t++) {
        uint64_t n = (test_rand() >> test_below(63)) & (SG_CLOSED_MAX - 1), take, take2;
        int r;
        if (n == 0) continue;
        r = sg_fibonacci_nim_winning_move(n, n - 1, &take);
        CHECK_EQ(r, !is_fib(n));
        if (r != 1) continue;
        /* a Fibonacci number, and the opponent's smallest term is beyond reach */
        CHECK(is_fib(take) && take < n);
        CHECK_EQ(sg_fibonacci_nim_winning_move(n - take, 2 * take, &take2), 0);
        CHECK_EQ(sg_fibonacci_nim_winning_move(n - take, UINT64_MAX, &take2), 1);
    }
    CHECK_EQ(sg_fibonacci_nim_winning_move(7540113804746346429u, 7540113804746346428u, NULL), 0);
    CHECK_EQ(sg_fibonacci_nim_winning_move(SG_CLOSED_MAX, SG_CLOSED_MAX - 1, NULL), 1);
}

static void test_bad_input(void)
{
    uint64_t take = 3;
    CHECK_EQ(sg_fibonacci_nim_winning_move(SG_CLOSED_MAX + 1, 5, &take), SG_ERANGE);
    CHECK_EQ(take, 3);
    CHECK_EQ(sg_fibonacci_nim_winning_move(0, 5, &take), 0);
    CHECK_EQ(sg_fibonacci_nim_winning_move(5, 0, &take), 0);
}

int main(void)
{
    RUN(test_small_against_engine);
    RUN(test_large);
    RUN(test_bad_input);
    return TEST_REPORT();
}
