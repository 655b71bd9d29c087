/* sg_winning_move picks the lowest-index component that has a winning option, including one
 * that wins by moving to a LARGER value; checked against a plain enumeration. */
#include "test.h"

#include <sg.h>

#define WF_N 40

/* a subtraction game with a random move set: values go up and down with n */
typedef struct {
    uint64_t moves[4];
    size_t nmoves;
} wf_game_t;

static int wf_rule(void *user, uint64_t n, sg_moves_t *out)
{
    const wf_game_t *g = (const wf_game_t *)user;
    size_t i;
    for (i = 0; i < g->nmoves; i++)
        if (g->moves[i] <= n) sg_move_to(out, n - g->moves[i]);
    return 0;
}

/* SG by the definition, in increasing n */
static void wf_values(const wf_game_t *g, sg_value_t *v)
{
    uint64_t n;
    size_t i;
    for (n = 0; n < WF_N; n++) {
        sg_value_t m = 0;
        int again = 1;
        while (again) {
            again = 0;
            for (i = 0; i < g->nmoves; i++)
                if (g->moves[i] <= n && v[n - g->moves[i]] == m) {
                    m++;
                    again = 1;
                }
        }
        v[n] = m;
    }
}

static void test_larger_value_wins_first(void)
{
    /* {1, 3}: G(n) = n mod 2. Heaps 4 (value 0) and 5 (value 1): the first heap wins by moving
     * 4 -> 3, up to value 1. */
    wf_game_t g = {{1, 3, 0, 0}, 2};
    sg_value_t v[WF_N];
    uint64_t heaps[2] = {4, 5};
    size_t c = 99, o = 99;
    wf_values(&g, v);
    CHECK_EQ(sg_winning_move(v, WF_N, wf_rule, &g, heaps, 2, &c, &o), 1);
    CHECK_EQ(c, 0);
    CHECK_EQ(o, 0);   /* option 0 is the move of 1 token: 4 -> 3 */
}

static void test_random_sums_against_enumeration(void)
{
    int trial;
    for (trial = 0; trial < 3000; trial++) {
        wf_game_t g;
        sg_value_t v[WF_N], sum = 0;
        uint64_t heaps[5];
        size_t i, j, k = 1 + (size_t)test_below(5), c = 99, o = 99, want_c = SIZE_MAX, want_o = 0;
        int st;
        g.nmoves = 1 + (size_t)test_below(4);
        for (i = 0; i < g.nmoves; i++) g.moves[i] = 1 + test_below(7);
        wf_values(&g, v);
        for (i = 0; i < k; i++) {
            heaps[i] = test_below(WF_N);
            sum ^= v[heaps[i]];
        }
        /* first component, in order, with an option of value v ^ sum; first such option */
        for (i = 0; sum != 0 && i < k && want_c == SIZE_MAX; i++) {
            size_t index = 0;
            for (j = 0; j < g.nmoves; j++) {
                if (g.moves[j] > heaps[i]) continue;
                if (v[heaps[i] - g.moves[j]] == (v[heaps[i]] ^ sum)) {
                    want_c = i;
                    want_o = index;
                    break;
                }
                index++;
            }
        }
        st = sg_winning_move(v, WF_N, wf_rule, &g, heaps, k, &c, &o);
        if (sum == 0) {
            CHECK_EQ(st, 0);
            CHECK_EQ(c, 99);
        } else {
            CHECK_EQ(st, 1);
            CHECK_EQ(c, want_c);
            CHECK_EQ(o, want_o);
        }
    }
}

static void test_table_that_does_not_fit(void)
{
    /* a table claiming value 2 where the rule only reaches values 0: no option of the target */
    wf_game_t g = {{1, 0, 0, 0}, 1};
    sg_value_t v[WF_N];
    uint64_t heap = 3;
    size_t c, o;
    wf_values(&g, v);
    v[3] = 2;   /* wrong: SG(3) in {1} is 1 */
    v[2] = 1;
    CHECK_EQ(sg_winning_move(v, WF_N, wf_rule, &g, &heap, 1, &c, &o), SG_EINVAL);
}

int main(void)
{
    RUN(test_larger_value_wins_first);
    RUN(test_random_sums_against_enumeration);
    RUN(test_table_that_does_not_fit);
    return TEST_REPORT();
}
