/* Allocation failure in the table builders: sg_table_build (its search path, its pipelined
 * batches, the straight loop that allocates nothing), subtraction games of 64 moves and more and
 * their period, sg_winning_move, the all-but and Wythoff tables, and sizes that cannot be
 * allocated. Every entry point is run with the k-th allocation failing, for k = 1, 2, ... until a
 * run needs fewer than k allocations.
 * Each run must either succeed with the right answer or return SG_ENOMEM; in both cases nothing
 * may stay allocated, nothing may be written outside the caller's buffer, and objects must stay
 * usable and freeable (tests/alloc_failure.h replaces the allocator). */
#define _POSIX_C_SOURCE 200809L
#include "alloc_failure.h"

/* ---- a game with upward options, so sg_table_build takes its search path ---------------- */

/* position p (of UP_COUNT) moves to p+1 and p+3; position UP_WIDE moves to the UP_FAN positions
 * above it, which overflows the sink's inline value buffer. */
#define UP_COUNT 3000u
#define UP_WIDE 1000u
#define UP_FAN 150u

static int up_rule(void *user, uint64_t p, sg_moves_t *out)
{
    uint64_t count = *(const uint64_t *)user, i;
    if (p == UP_WIDE) {
        for (i = 1; i <= UP_FAN && p + i < count; i++) sg_move_to(out, p + i);
        return 0;
    }
    if (p + 1 < count) sg_move_to(out, p + 1);
    if (p + 3 < count) sg_move_to(out, p + 3);
    return 0;
}

static void up_reference(sg_value_t *ref, uint64_t count)
{
    sg_value_t opts[UP_FAN];
    uint64_t p = count, i;
    size_t n;
    while (p-- > 0) {
        n = 0;
        if (p == UP_WIDE) {
            for (i = 1; i <= UP_FAN && p + i < count; i++) opts[n++] = ref[p + i];
        } else {
            if (p + 1 < count) opts[n++] = ref[p + 1];
            if (p + 3 < count) opts[n++] = ref[p + 3];
        }
        ref[p] = naive_mex(opts, n);
    }
}

static int op_table_up(void *ctx)
{
    table_case_t *c = (table_case_t *)ctx;
    return table_case_done(c, sg_table_build(c->table, c->count, up_rule, &c->count));
}

static void test_table_build(void)
{
    table_case_t c;
    memset(&c, 0, sizeof c);
    if (!table_case_alloc(&c, UP_COUNT)) return;
    up_reference(c.want, c.count);
    CHECK(af_sweep(op_table_up, &c, 0) >= 3);   /* bitsets, stack growth, value buffer */
    table_case_free(&c);
}

/* ---- a table big enough for the engine's pipelined batches -------------------------------- */

/* BIG_COUNT positions with BIG_FAN random smaller options each (records that grow), position
 * BIG_WIDE with BIG_WIDE_FAN of them (past the inline value buffer), and position BIG_UP with an
 * upward option to BIG_UP + 1, whose options are below BIG_UP (a search, and its bitsets) */
#define BIG_COUNT 300000u
#define BIG_FAN 3u
#define BIG_WIDE 270001u
#define BIG_WIDE_FAN 100u
#define BIG_UP 280003u

static uint64_t big_option(uint64_t p, uint64_t j)
{
    uint64_t h = (p * 131 + j) * 0x9e3779b97f4a7c15ULL;
    h ^= h >> 29;
    return h % (p == BIG_UP + 1 ? BIG_UP : p);
}

static int big_rule(void *user, uint64_t p, sg_moves_t *out)
{
    uint64_t j, fan = p == BIG_WIDE ? BIG_WIDE_FAN : BIG_FAN;
    (void)user;
    if (p == 0) return 0;
    for (j = 0; j < fan; j++) sg_move_to(out, big_option(p, j));
    if (p == BIG_UP) sg_move_to(out, BIG_UP + 1);
    return 0;
}

static void big_one(sg_value_t *ref, uint64_t p)
{
    sg_value_t opts[BIG_WIDE_FAN + 1];
    uint64_t j, fan = p == BIG_WIDE ? BIG_WIDE_FAN : BIG_FAN;
    size_t n = 0;
    if (p > 0)
        for (j = 0; j < fan; j++) opts[n++] = ref[big_option(p, j)];
    if (p == BIG_UP) opts[n++] = ref[BIG_UP + 1];
    ref[p] = naive_mex(opts, n);
}

static int op_table_big(void *ctx)
{
    table_case_t *c = (table_case_t *)ctx;
    return table_case_done(c, sg_table_build(c->table, c->count, big_rule, NULL));
}

static void test_table_build_batched(void)
{
    table_case_t c;
    uint64_t p;
    memset(&c, 0, sizeof c);
    if (!table_case_alloc(&c, BIG_COUNT)) return;
    /* in an order where every option is known first: BIG_UP after BIG_UP + 1 */
    for (p = 0; p < BIG_UP; p++) big_one(c.want, p);
    big_one(c.want, BIG_UP + 1);
    big_one(c.want, BIG_UP);
    for (p = BIG_UP + 2; p < BIG_COUNT; p++) big_one(c.want, p);
    /* a failed allocation in a batch is retried the plain way, so a run may still succeed */
    CHECK(af_sweep(op_table_big, &c, 1) >= 3);   /* records, value buffer, bitsets, stack */
    table_case_free(&c);
}

/* the subtraction game {1..w}, w = *user: G(n) = n mod (w + 1) */
static int down_rule(void *user, uint64_t p, sg_moves_t *out)
{
    uint64_t i, w = *(const uint64_t *)user;
    for (i = 1; i <= w && i <= p; i++) sg_move_to(out, p - i);
    return 0;
}

static void test_table_build_no_alloc(void)
{
    sg_value_t *t = guarded_alloc(500);
    sg_value_t vals[200];
    uint64_t w = 60;
    size_t i;
    long base = af_live;
    CHECK(t != NULL);
    if (t == NULL) return;
    /* at most 64 options, all smaller: the straight loop allocates nothing at all */
    af_arm(1);
    CHECK_EQ(sg_table_build(t, 500, down_rule, &w), SG_OK);
    CHECK_EQ(af_calls, 0);
    af_disarm();
    CHECK(guarded_intact(t, 500));
    for (i = 0; i < 500; i++) CHECK_EQ(t[i], i % 61);
    /* more options than the inline buffer holds: one allocation, and its failure is reported */
    w = 100;
    af_arm(1);
    CHECK_EQ(sg_table_build(t, 500, down_rule, &w), SG_ENOMEM);
    af_disarm();
    CHECK_EQ(af_live, base);
    CHECK(guarded_intact(t, 500));
    CHECK_EQ(sg_table_build(t, 500, down_rule, &w), SG_OK);
    for (i = 0; i < 500; i++) CHECK_EQ(t[i], i % 101);
    CHECK_EQ(af_live, base);
    for (i = 0; i < 200; i++) vals[i] = (sg_value_t)(199 - i);
    af_arm(1);
    CHECK_EQ(sg_mex(vals, 200), 200);
    CHECK_EQ(af_calls, 0);
    af_disarm();
    guarded_free(t);
}

/* ---- subtraction games with at least 64 moves ---------------------------------------------- */

static void sub_reference(sg_value_t *ref, uint64_t count, const uint64_t *s, size_t k)
{
    sg_value_t opts[256];
    uint64_t n;
    size_t i, m;
    for (n = 0; n < count; n++) {
        m = 0;
        for (i = 0; i < k; i++)
            if (s[i] <= n) opts[m++] = ref[n - s[i]];
        ref[n] = naive_mex(opts, m);
    }
}

static int op_subtraction(void *ctx)
{
    table_case_t *c = (table_case_t *)ctx;
    return table_case_done(c, sg_subtraction_table(c->table, c->count, c->set, c->nset));
}

static void test_subtraction(void)
{
    enum { K = 80, COUNT = 4000 };
    uint64_t s[K];
    table_case_t c;
    size_t i;
    memset(&c, 0, sizeof c);
    if (!table_case_alloc(&c, COUNT)) return;
    for (i = 0; i < K; i++) s[i] = 2 * i + 1 + (i % 3 == 0 ? 40 : 0);   /* some duplicates */
    c.set = s;
    c.nset = K;
    sub_reference(c.want, COUNT, s, K);
    CHECK(af_sweep(op_subtraction, &c, 0) >= 1);
    table_case_free(&c);
}

static void test_subtraction_period(void)
{
    enum { K = 70 };
    uint64_t s[K];
    sg_period_t want, got;
    long k, base = af_live, ok_runs = 0;
    size_t i;
    for (i = 0; i < K; i++) s[i] = 3 * i + 2;
    memset(&want, 0, sizeof want);
    CHECK_EQ(sg_subtraction_period(s, K, &want), SG_OK);
    CHECK_EQ(want.proven, 1);
    for (k = 1; k < 1000; k++) {
        int st;
        memset(&got, 0, sizeof got);
        af_arm(k);
        st = sg_subtraction_period(s, K, &got);
        af_disarm();
        CHECK(st == SG_OK || st == SG_ENOMEM);
        CHECK_EQ(af_live, base);
        if (st == SG_OK) {
            ok_runs++;
            CHECK_EQ(got.period, want.period);
            CHECK_EQ(got.preperiod, want.preperiod);
            CHECK_EQ(got.proven, 1);
        }
        if (af_calls < k) break;
    }
    CHECK(k >= 3);
    CHECK_EQ(ok_runs, 1);
}

/* ---- sg_winning_move ------------------------------------------------------------------------ */

static void test_winning_move(void)
{
    enum { COUNT = 300 };
    sg_value_t *t = guarded_alloc(COUNT);
    uint64_t comps[3] = {250, 120, 7}, w = 100;
    size_t comp = 99, opt = 99, i;
    long k, base = af_live;
    int st, want;
    CHECK(t != NULL);
    if (t == NULL) return;
    CHECK_EQ(sg_table_build(t, COUNT, down_rule, &w), SG_OK);
    want = sg_winning_move(t, COUNT, down_rule, &w, comps, 3, &comp, &opt);
    CHECK_EQ(want, 1);
    /* G(n) = n mod 101: 48 ^ 19 ^ 7 = 36; component 0 (48) must go to 48 ^ 36 = 20, i.e. from
     * 250 to a position of value 20: 222 (option index 27) */
    CHECK_EQ(comp, 0);
    CHECK_EQ(opt, 27);
    for (k = 1; k < 100; k++) {
        af_arm(k);
        st = sg_winning_move(t, COUNT, down_rule, &w, comps, 3, &comp, &opt);
        af_disarm();
        CHECK(st == want || st == SG_ENOMEM);
        CHECK_EQ(af_live, base);
        if (af_calls < k) break;
    }
    CHECK(guarded_intact(t, COUNT));
    for (i = 0; i < COUNT; i++) CHECK_EQ(t[i], i % 101);
    guarded_free(t);
}

static int op_allbut(void *ctx)
{
    table_case_t *c = (table_case_t *)ctx;
    return table_case_done(c, sg_allbut_table(c->table, c->count, c->set, c->nset));
}

static void test_allbut(void)
{
    enum { COUNT = 1500 };
    static const uint64_t ex[] = {2, 5, 7, 11, 5};
    static unsigned char seen[COUNT + 1];
    table_case_t c;
    size_t n, k, j;
    long points;
    memset(&c, 0, sizeof c);
    c.set = ex;
    c.nset = 5;
    if (!table_case_alloc(&c, COUNT)) return;
    /* take any k <= n tokens except the excluded k */
    for (n = 0; n < COUNT; n++) {
        sg_value_t m = 0;
        memset(seen, 0, sizeof seen);
        for (k = 1; k <= n; k++) {
            for (j = 0; j < 5 && ex[j] != k; j++)
                ;
            if (j == 5) seen[c.want[n - k]] = 1;
        }
        while (seen[m]) m++;
        c.want[n] = m;
    }
    points = af_sweep(op_allbut, &c, 0);
    CHECK(points >= 1);
    table_case_free(&c);
}

/* sg_wythoff_table: its one scratch allocation fails cleanly, and the values come out once it
 * succeeds */
static void test_wythoff_table(void)
{
    sg_value_t t[6 * 5];
    long live = af_live;
    af_arm(1);
    CHECK_EQ(sg_wythoff_table(t, 6, 5), SG_ENOMEM);
    CHECK(af_failed >= 1);
    af_disarm();
    CHECK_EQ(af_live, live);
    CHECK_EQ(sg_wythoff_table(t, 6, 5), SG_OK);
    CHECK_EQ(af_live, live);
    CHECK_EQ(t[1 * 5 + 2], 0);      /* (1, 2) and (2, 1) lose */
    CHECK_EQ(t[2 * 5 + 1], 0);
    CHECK_EQ(t[1 * 5 + 1], 2);
}

/* ---- sizes that cannot be allocated -------------------------------------------------------- */

static int first_up_rule(void *user, uint64_t p, sg_moves_t *out)
{
    (void)user;
    if (p == 0) sg_move_to(out, 1);
    return 0;
}

static void test_huge_counts(void)
{
    sg_value_t *t = guarded_alloc(4);
    uint64_t big[1] = {(uint64_t)1 << 40};
    sg_period_t per;
    long base = af_live;
    CHECK(t != NULL);
    if (t == NULL) return;
    af_max_size = (size_t)1 << 31;
    /* bitsets for 2^64 - 1 positions (2^62 bytes): refused */
    af_arm(0);
    CHECK_EQ(sg_table_build(t, UINT64_MAX, first_up_rule, NULL), SG_ENOMEM);
    CHECK(guarded_intact(t, 4));
    /* 2^50 positions: the size fits size_t, the allocation fails */
    af_arm(0);
    CHECK_EQ(sg_table_build(t, (uint64_t)1 << 50, first_up_rule, NULL), SG_ENOMEM);
    CHECK(guarded_intact(t, 4));
    CHECK_EQ(af_live, base);
    /* all-but games: values could pass 2^32 - 1 from 2^32 positions on; below that, the
     * scratch arrays for 2^31 + 5 positions (8 GiB each) are refused here */
    af_arm(0);
    CHECK_EQ(sg_allbut_table(t, (uint64_t)1 << 32, big, 1), SG_ERANGE);
    CHECK_EQ(af_calls, 0);
    af_arm(0);
    CHECK_EQ(sg_allbut_table(t, ((uint64_t)1 << 31) + 5, big, 1), SG_ENOMEM);
    CHECK(af_too_large > 0);
    CHECK(guarded_intact(t, 4));
    CHECK_EQ(af_live, base);
    /* a subtraction game whose period search cannot fit */
    af_arm(0);
    CHECK_EQ(sg_subtraction_period(big, 1, &per), SG_ENOMEM);
    CHECK_EQ(af_too_large, 0);
    CHECK_EQ(af_live, base);
    af_max_size = 0;
    guarded_free(t);
}

int main(void)
{
    RUN(test_table_build);
    RUN(test_table_build_no_alloc);
    RUN(test_table_build_batched);
    RUN(test_subtraction);
    RUN(test_subtraction_period);
    RUN(test_winning_move);
    RUN(test_allbut);
    RUN(test_wythoff_table);
    RUN(test_huge_counts);
    CHECK_EQ(af_live, 0);
    return TEST_REPORT();
}
