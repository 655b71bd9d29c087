/* Games with cycles whose answers are known without a search: acyclic graphs get the values of
 * sg_table_build; small graphs worked by hand get the values, K-sets, remoteness, outcomes of
 * sums and winning moves written here; and large graphs (a long cycle, a long chain of upward
 * moves) are solved with nothing recursive. */
#include "sg.h"
#include "test.h"

/* ---- acyclic graphs: the same values as sg_table_build ------------------------------------ */

typedef struct {
    uint64_t n;
    unsigned fan;
} dag_t;

static uint64_t dag_option(uint64_t p, unsigned j)
{
    uint64_t h = (p * 7919 + j + 1) * 0x9e3779b97f4a7c15ULL;
    return (h ^ (h >> 31)) % p;
}

static int dag_rule(void *user, uint64_t p, sg_moves_t *out)
{
    const dag_t *d = (const dag_t *)user;
    unsigned j;
    for (j = 0; p > 0 && j < d->fan; j++) sg_move_to(out, dag_option(p, j));
    return 0;
}

static void test_acyclic(void)
{
    dag_t d = {2000, 6};
    sg_value_t *t = (sg_value_t *)malloc(2000 * sizeof *t);
    sg_loopy_t *l = NULL;
    uint64_t p, r;
    CHECK(t != NULL);
    if (t == NULL) return;
    CHECK_EQ(sg_table_build(t, d.n, dag_rule, &d), SG_OK);
    CHECK_EQ(sg_loopy_build(&l, d.n, dag_rule, &d), SG_OK);
    for (p = 0; l != NULL && p < d.n; p++) {
        sg_value_t v = 0;
        CHECK_EQ(sg_loopy_value(l, p, &v), 1);
        CHECK_EQ(v, t[p]);
        CHECK_EQ(sg_loopy_remoteness(l, p, &r), SG_OK);
        CHECK(r != SG_LOOPY_DRAW);
        CHECK_EQ(r % 2 == 0, t[p] == 0);
    }
    sg_loopy_free(l);
    free(t);
}

/* ---- small graphs worked by hand ------------------------------------------------------------- */

static void test_small(void)
{
    /* 0 <-> 1, 1 -> 2 (no move from 2), 3 -> 3 */
    const uint64_t off[5] = {0, 1, 3, 3, 4}, to[4] = {1, 0, 2, 3};
    sg_loopy_t *l = NULL;
    sg_value_t v = 99, k[4];
    size_t len = 99, comp = 99, opt = 99;
    uint64_t r = 0, target = 0, sum[2];
    int out = -1;
    CHECK_EQ(sg_loopy_build_graph(&l, 4, off, to), SG_OK);
    if (l == NULL) return;
    /* 2 has no move: 0. Then 1 has an option of value 0 (2), so it is not 0, and 0, whose one
     * option 1 has a move to value 0, is 0. Then 1 = mex{0, 0} = 1. 3 only moves to itself:
     * infinity({}), a draw. */
    CHECK_EQ(sg_loopy_value(l, 2, &v), 1);
    CHECK_EQ(v, 0);
    CHECK_EQ(sg_loopy_value(l, 0, &v), 1);
    CHECK_EQ(v, 0);
    CHECK_EQ(sg_loopy_value(l, 1, &v), 1);
    CHECK_EQ(v, 1);
    v = 99;
    CHECK_EQ(sg_loopy_value(l, 3, &v), 0);
    CHECK_EQ(v, 99);
    CHECK_EQ(sg_loopy_k(l, 3, k, 4, &len), SG_OK);
    CHECK_EQ(len, 0);
    CHECK_EQ(sg_loopy_k(l, 1, k, 4, &len), SG_OK);
    CHECK_EQ(len, 1);
    CHECK_EQ(k[0], 0);
    /* remoteness: 2 lost at once (0), 1 wins in one move, 0 loses in two */
    CHECK_EQ(sg_loopy_remoteness(l, 0, &r), SG_OK);
    CHECK_EQ(r, 2);
    CHECK_EQ(sg_loopy_remoteness(l, 1, &r), SG_OK);
    CHECK_EQ(r, 1);
    CHECK_EQ(sg_loopy_remoteness(l, 3, &r), SG_OK);
    CHECK_EQ(r, SG_LOOPY_DRAW);
    CHECK_EQ(sg_loopy_outcome(l, 3, &out), SG_OK);
    CHECK_EQ(out, SG_LOOPY_D);
    /* the winning move from 1 is its option number 1 (to 2) */
    sum[0] = 1;
    CHECK_EQ(sg_loopy_winning_move(l, sum, 1, &comp, &opt, &target), 1);
    CHECK_EQ(comp, 0);
    CHECK_EQ(opt, 1);
    CHECK_EQ(target, 2);
    /* 3 + anything finite is a draw; 1 + 1 is P; the empty sum is P */
    sum[0] = 3;
    sum[1] = 1;
    CHECK_EQ(sg_loopy_sum_outcome(l, sum, 2, &out), SG_OK);
    CHECK_EQ(out, SG_LOOPY_D);
    CHECK_EQ(sg_loopy_winning_move(l, sum, 2, &comp, &opt, NULL), 0);
    sum[0] = 1;
    CHECK_EQ(sg_loopy_sum_outcome(l, sum, 2, &out), SG_OK);
    CHECK_EQ(out, SG_LOOPY_P);
    CHECK_EQ(sg_loopy_sum_outcome(l, NULL, 0, &out), SG_OK);
    CHECK_EQ(out, SG_LOOPY_P);
    /* K with a short buffer: the first values, and the full count */
    len = 99;
    CHECK_EQ(sg_loopy_k(l, 1, NULL, 0, &len), SG_OK);
    CHECK_EQ(len, 1);
    sg_loopy_free(l);
}

/* ---- large graphs: nothing recursive ------------------------------------------------------ */

static int cycle_rule(void *user, uint64_t p, sg_moves_t *out)
{
    uint64_t n = *(const uint64_t *)user;
    sg_move_to(out, p + 1 == n ? 0 : p + 1);
    return 0;
}

static int chain_up_rule(void *user, uint64_t p, sg_moves_t *out)
{
    uint64_t n = *(const uint64_t *)user;
    if (p + 1 < n) sg_move_to(out, p + 1);
    return 0;
}

static void test_big(void)
{
    uint64_t n = test_scale(10000000), p, r;
    sg_loopy_t *l = NULL;
    sg_value_t v;
    int out;
    CHECK_EQ(sg_loopy_build(&l, n, cycle_rule, &n), SG_OK);
    for (p = 0; l != NULL && p < n; p += n / 97 + 1) {
        size_t len = 9;
        CHECK_EQ(sg_loopy_value(l, p, &v), 0);
        CHECK_EQ(sg_loopy_k(l, p, NULL, 0, &len), SG_OK);
        CHECK_EQ(len, 0);
        CHECK_EQ(sg_loopy_outcome(l, p, &out), SG_OK);
        CHECK_EQ(out, SG_LOOPY_D);
    }
    sg_loopy_free(l);
    l = NULL;
    /* a chain of 3 * 10^6 moves upwards: position p is n - 1 - p moves from the end */
    n = test_scale(3000000);
    CHECK_EQ(sg_loopy_build(&l, n, chain_up_rule, &n), SG_OK);
    for (p = 0; l != NULL && p < n; p += n / 101 + 1) {
        CHECK_EQ(sg_loopy_value(l, p, &v), 1);
        CHECK_EQ(v, (n - 1 - p) % 2);
        CHECK_EQ(sg_loopy_remoteness(l, p, &r), SG_OK);
        CHECK_EQ(r, n - 1 - p);
    }
    sg_loopy_free(l);
}

int main(void)
{
    RUN(test_small);
    RUN(test_acyclic);
    RUN(test_big);
    return TEST_REPORT();
}
