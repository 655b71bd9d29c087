/* Allocation failure: every allocating entry point is run with the k-th allocation failing, for
 * k = 1, 2, ... until a run needs fewer than k allocations. Each run must either succeed with the
 * right answer or return SG_ENOMEM; in both cases nothing may stay allocated, nothing may be
 * written outside the caller's buffer, and objects must stay usable and freeable.
 *
 * malloc, calloc, realloc and free are replaced through the linker
 * (-Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free, see the Makefile), so every call
 * made by the test and by libsg.a goes through the counters below. sg_memo_create_ex is also run
 * with a per-object allocator that fails the same way. */
#define _POSIX_C_SOURCE 200809L
#include "test.h"
#include "brute.h"

#include <sg.h>
#include <unistd.h>

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *ptr, size_t size);
void __real_free(void *ptr);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *ptr, size_t size);
void __wrap_free(void *ptr);

static long af_live;        /* blocks allocated through the wrappers and not freed */
static long af_calls;       /* allocation calls since af_arm */
static long af_fail_at;     /* 0: never fail; k: fail the k-th call after af_arm */
static long af_failed;      /* failures injected since af_arm */
static long af_absorbed;    /* runs of af_sweep that met a failure and still succeeded */
static size_t af_max_size;  /* 0: no limit; else larger requests fail (and are counted) */
static long af_too_large;   /* requests refused by af_max_size */

static int af_should_fail(size_t size)
{
    af_calls++;
    if (af_max_size != 0 && size > af_max_size) {
        af_too_large++;
        return 1;
    }
    if (af_fail_at != 0 && af_calls == af_fail_at) {
        af_failed++;
        return 1;
    }
    return 0;
}

void *__wrap_malloc(size_t size)
{
    void *p;
    if (af_should_fail(size)) return NULL;
    p = __real_malloc(size);
    if (p != NULL) af_live++;
    return p;
}

void *__wrap_calloc(size_t n, size_t size)
{
    void *p;
    if (af_should_fail(n != 0 && size > SIZE_MAX / n ? SIZE_MAX : n * size)) return NULL;
    p = __real_calloc(n, size);
    if (p != NULL) af_live++;
    return p;
}

void *__wrap_realloc(void *ptr, size_t size)
{
    void *p;
    if (ptr != NULL && size == 0) {   /* not used by libsg; keep the count exact anyway */
        __wrap_free(ptr);
        return NULL;
    }
    if (af_should_fail(size)) return NULL;
    p = __real_realloc(ptr, size);
    if (p != NULL && ptr == NULL) af_live++;
    return p;
}

void __wrap_free(void *ptr)
{
    if (ptr != NULL) af_live--;
    __real_free(ptr);
}

static void af_arm(long fail_at)
{
    af_calls = 0;
    af_failed = 0;
    af_too_large = 0;
    af_fail_at = fail_at;
}

static void af_disarm(void) { af_fail_at = 0; }

/* ---- caller buffers with guard zones ------------------------------------------------------- */

#define GUARD 16
#define GUARD_WORD 0xa5a5a5a5u

/* count values with GUARD sentinel values on each side; returns the first usable element */
static sg_value_t *guarded_alloc(size_t count)
{
    sg_value_t *b = (sg_value_t *)__real_malloc((count + 2 * GUARD) * sizeof *b);
    size_t i;
    if (b == NULL) return NULL;
    for (i = 0; i < count + 2 * GUARD; i++) b[i] = GUARD_WORD;
    return b + GUARD;
}

static int guarded_intact(const sg_value_t *t, size_t count)
{
    size_t i;
    for (i = 1; i <= GUARD; i++)
        if (t[-(ptrdiff_t)i] != GUARD_WORD || t[count + i - 1] != GUARD_WORD) return 0;
    return 1;
}

static void guarded_free(sg_value_t *t)
{
    if (t != NULL) __real_free(t - GUARD);
}

/* ---- sweeps over the failure points -------------------------------------------------------- */

/* Runs op with the k-th allocation failing for k = 1, 2, ... until a run needs fewer than k;
 * each run must succeed (op checks its answer) or give SG_ENOMEM, leaving nothing allocated.
 * Unless `retries` (op may fall back to a smaller request when one fails), only the run without
 * a failure may succeed. Returns how many failure points there were. */
typedef int (*af_op_t)(void *ctx);

static long af_sweep(af_op_t op, void *ctx, int retries)
{
    long k, base = af_live, ok_runs = 0;
    for (k = 1; k < 100000; k++) {
        int st;
        af_arm(k);
        st = op(ctx);
        af_disarm();
        CHECK(st == SG_OK || st == SG_ENOMEM);
        CHECK_EQ(af_live, base);
        if (st == SG_OK) ok_runs++;
        else CHECK_EQ(af_failed, 1);
        if (st == SG_OK && af_failed > 0) af_absorbed++;
        if (af_calls < k) break;
    }
    if (retries) CHECK(ok_runs >= 1);
    else CHECK_EQ(ok_runs, 1);
    return k - 1;
}

/* A table of count values filled by the library (guarded) and the values it should get,
 * computed plainly in this file; set: the subtraction set or an all-but game's excluded moves */
typedef struct {
    sg_value_t *table, *want;
    uint64_t count;
    const uint64_t *set;
    size_t nset;
} table_case_t;

/* the table and want of c for count values: 0 (nothing held) when they cannot be had */
static int table_case_alloc(table_case_t *c, uint64_t count)
{
    c->count = count;
    c->table = guarded_alloc((size_t)count);
    c->want = (sg_value_t *)__real_malloc((size_t)count * sizeof *c->want);
    CHECK(c->table != NULL && c->want != NULL);
    if (c->table != NULL && c->want != NULL) return 1;
    guarded_free(c->table);
    __real_free(c->want);
    c->table = c->want = NULL;
    return 0;
}

static void table_case_free(table_case_t *c)
{
    guarded_free(c->table);
    __real_free(c->want);
}

/* st, from a run that filled c->table: its guards are intact, and its values right if it
 * succeeded */
static int table_case_done(const table_case_t *c, int st)
{
    CHECK(guarded_intact(c->table, (size_t)c->count));
    if (st == SG_OK) CHECK(memcmp(c->table, c->want, (size_t)c->count * sizeof *c->table) == 0);
    return st;
}

/* the mex written plainly from its definition */
static sg_value_t naive_mex(const sg_value_t *v, size_t n)
{
    sg_value_t m = 0;
    size_t i;
    for (;;) {
        for (i = 0; i < n && v[i] != m; i++)
            ;
        if (i == n) return m;
        m++;
    }
}

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

/* ---- the memo ------------------------------------------------------------------------------ */

/* keys: a walk p -> p + 1 (up to MEMO_TOP) and p -> p + 7, keys spread by a multiplier so that
 * the hash table sees unrelated keys; key MEMO_WIDE fans out to MEMO_FAN keys */
#define MEMO_TOP 2000u
#define MEMO_WIDE 500u
#define MEMO_FAN 100u
#define MEMO_MUL 0x9e3779b97f4a7c15u
#define MEMO_INV 0xf1de83e19937733du    /* MEMO_MUL * MEMO_INV == 1 (mod 2^64) */

static int memo_rule(void *user, uint64_t key, sg_moves_t *out)
{
    uint64_t p = key * MEMO_INV, i;
    (void)user;
    if (p == MEMO_WIDE) {
        for (i = 1; i <= MEMO_FAN; i++) sg_move_to(out, (p + i) * MEMO_MUL);
        return 0;
    }
    if (p + 1 <= MEMO_TOP) sg_move_to(out, (p + 1) * MEMO_MUL);
    if (p + 7 <= MEMO_TOP) sg_move_to(out, (p + 7) * MEMO_MUL);
    return 0;
}

static sg_value_t memo_ref[MEMO_TOP + 1];

static void memo_reference(void)
{
    sg_value_t opts[MEMO_FAN];
    uint64_t p = MEMO_TOP + 1, i;
    size_t n;
    while (p-- > 0) {
        n = 0;
        if (p == MEMO_WIDE) {
            for (i = 1; i <= MEMO_FAN; i++) opts[n++] = memo_ref[p + i];
        } else {
            if (p + 1 <= MEMO_TOP) opts[n++] = memo_ref[p + 1];
            if (p + 7 <= MEMO_TOP) opts[n++] = memo_ref[p + 7];
        }
        memo_ref[p] = naive_mex(opts, n);
    }
}

/* A per-object allocator that fails its k-th call and keeps its own account: each block carries
 * its size in a header, so the bytes it holds can be compared with sg_memo_bytes. */
typedef struct {
    long calls, fail_at, failed, live;
    size_t bytes;
} counting_alloc_t;

static void *counting_alloc(void *user, size_t size)
{
    counting_alloc_t *a = (counting_alloc_t *)user;
    size_t *p;
    if (++a->calls == a->fail_at) {
        a->failed++;
        return NULL;
    }
    if (size > SIZE_MAX - 16) return NULL;
    p = (size_t *)__real_malloc(size + 16);
    if (p == NULL) return NULL;
    p[0] = size;
    a->live++;
    a->bytes += size;
    return (char *)p + 16;
}

static void counting_free(void *user, void *ptr)
{
    counting_alloc_t *a = (counting_alloc_t *)user;
    size_t *p;
    if (ptr == NULL) return;
    p = (size_t *)(void *)((char *)ptr - 16);
    a->live--;
    a->bytes -= p[0];
    __real_free(p);
}

static void test_memo_create(void)
{
    sg_memo_t *m = (sg_memo_t *)&m;
    long base = af_live;
    af_arm(1);
    CHECK_EQ(sg_memo_create(&m, memo_rule, NULL), SG_ENOMEM);
    af_disarm();
    CHECK(m == NULL);
    CHECK_EQ(af_live, base);
    af_arm(2);
    CHECK_EQ(sg_memo_create(&m, memo_rule, NULL), SG_OK);
    af_disarm();
    CHECK(m != NULL);
    sg_memo_free(m);
    CHECK_EQ(af_live, base);
}

/* The same memo through every failure point: after each SG_ENOMEM it must still give the right
 * value without failures, then be freed without a leak. */
static void test_memo_value(void)
{
    long k, base = af_live, ok_runs = 0;
    uint64_t q;
    for (k = 1; k < 10000; k++) {
        sg_memo_t *m = NULL;
        sg_value_t v = 12345;
        int st;
        CHECK_EQ(sg_memo_create(&m, memo_rule, NULL), SG_OK);
        if (m == NULL) return;
        af_arm(k);
        st = sg_memo_value(m, 0, &v);
        af_disarm();
        CHECK(st == SG_OK || st == SG_ENOMEM);
        if (st == SG_OK) {
            ok_runs++;
            CHECK_EQ(v, memo_ref[0]);
        } else {
            CHECK_EQ(v, 12345);      /* untouched on failure */
        }
        /* usable afterwards: every key answers right */
        for (q = 0; q <= MEMO_TOP; q += 97) {
            CHECK_EQ(sg_memo_value(m, q * MEMO_MUL, &v), SG_OK);
            CHECK_EQ(v, memo_ref[q]);
        }
        CHECK_EQ(sg_memo_value(m, 0, &v), SG_OK);
        CHECK_EQ(v, memo_ref[0]);
        sg_memo_free(m);
        CHECK_EQ(af_live, base);
        if (af_calls < k) break;
    }
    CHECK(k > 3);
    CHECK_EQ(ok_runs, 1);
}

/* One memo kept across the failures: a failed query leaves it consistent for the next one. */
static void test_memo_value_kept(void)
{
    sg_memo_t *m = NULL;
    sg_value_t v;
    long k, base = af_live;
    uint64_t q = MEMO_TOP;
    CHECK_EQ(sg_memo_create(&m, memo_rule, NULL), SG_OK);
    if (m == NULL) return;
    for (k = 1; k < 100000 && q <= MEMO_TOP; k++) {
        int st;
        af_arm(k % 5 + 1);
        st = sg_memo_value(m, q * MEMO_MUL, &v);
        af_disarm();
        CHECK(st == SG_OK || st == SG_ENOMEM);
        if (st == SG_OK) {
            CHECK_EQ(v, memo_ref[q]);
            if (q == 0) break;
            q = q > 37 ? q - 37 : 0;
        }
    }
    CHECK_EQ(q, 0);
    CHECK_EQ(sg_memo_count(m), MEMO_TOP + 1);
    sg_memo_free(m);
    CHECK_EQ(af_live, base);
}

static void test_memo_allocator(void)
{
    long k, ok_runs = 0, base = af_live;
    for (k = 1; k < 10000; k++) {
        counting_alloc_t a;
        sg_allocator_t al;
        sg_memo_t *m = NULL;
        sg_value_t v = 777;
        long used;
        int st;
        memset(&a, 0, sizeof a);
        a.fail_at = k;
        al.alloc = counting_alloc;
        al.free = counting_free;
        al.user = &a;
        st = sg_memo_create_ex(&m, memo_rule, NULL, 0, &al);
        CHECK(st == SG_OK || st == SG_ENOMEM);
        if (st != SG_OK) {
            CHECK(m == NULL);
            CHECK_EQ(a.live, 0);
            continue;
        }
        st = sg_memo_value(m, 3 * MEMO_MUL, &v);
        used = a.calls;
        CHECK(st == SG_OK || st == SG_ENOMEM);
        CHECK_EQ(sg_memo_bytes(m), a.bytes);   /* the memo's account matches its allocator's */
        if (st == SG_OK) {
            ok_runs++;
            CHECK_EQ(v, memo_ref[3]);
        } else {
            CHECK_EQ(v, 777);
        }
        a.fail_at = 0;
        CHECK_EQ(sg_memo_value(m, 0, &v), SG_OK);
        CHECK_EQ(v, memo_ref[0]);
        CHECK_EQ(sg_memo_bytes(m), a.bytes);
        sg_memo_free(m);
        CHECK_EQ(a.live, 0);
        CHECK_EQ(a.bytes, 0);
        CHECK_EQ(af_live, base);               /* nothing went through malloc */
        if (used < k) break;
    }
    CHECK(k > 3);
    CHECK_EQ(ok_runs, 1);
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

/* ---- the family engines: octal codes, Grundy's game, all-but subtraction ------------------ */

/* values from the definitions, for 2-part take-and-break codes (d[0] is d0) */
static void plain_octal(const int *d, int t, sg_value_t *g, size_t count)
{
    static unsigned char seen[4096];
    size_t n, a;
    int i;
    for (n = 0; n < count; n++) {
        sg_value_t m = 0;
        memset(seen, 0, sizeof seen);
        for (i = 0; i <= t; i++) {
            size_t r;
            if ((size_t)i > n) break;
            r = n - (size_t)i;
            if (i > 0 && (d[i] & 1) && r == 0) seen[0] = 1;
            if (i > 0 && (d[i] & 2) && r >= 1) seen[g[r]] = 1;
            if ((d[i] & 4) && r >= 2)
                for (a = 1; a <= r - a; a++) seen[g[a] ^ g[r - a]] = 1;
        }
        while (seen[m]) m++;
        g[n] = m;
    }
}

typedef struct {
    const char *code;
    sg_octal_t *game;
    table_case_t t;
    sg_period_t period;
    sg_octal_proof_t proof;
} octal_case_t;

static int op_octal_parse(void *ctx)
{
    octal_case_t *c = (octal_case_t *)ctx;
    sg_octal_t *g = (sg_octal_t *)&g;
    char buf[80];
    size_t off = 99;
    const char *msg = NULL;
    int st = sg_octal_parse_ex(c->code, &g, &off, &msg);
    if (st != SG_OK) {
        CHECK(g == NULL);
        return st;
    }
    CHECK_EQ(sg_octal_format(g, buf, sizeof buf), SG_OK);
    CHECK(strcmp(buf, c->code) == 0);
    sg_octal_free(g);
    return st;
}

static int op_octal_table(void *ctx)
{
    octal_case_t *c = (octal_case_t *)ctx;
    return table_case_done(&c->t, sg_octal_table(c->game, c->t.table, c->t.count));
}

static int op_octal_period(void *ctx)
{
    octal_case_t *c = (octal_case_t *)ctx;
    sg_period_t p;
    sg_octal_proof_t pr;
    int st;
    memset(&p, 0, sizeof p);
    st = sg_octal_period(c->game, 4000, &p);
    if (st != SG_OK) return st;
    CHECK(memcmp(&p, &c->period, sizeof p) == 0);
    memset(&pr, 0, sizeof pr);
    st = sg_octal_prove(c->game, 4000, &pr);
    if (st == SG_OK) CHECK(memcmp(&pr, &c->proof, sizeof pr) == 0);
    return st;
}

/* The file the sequence ops below save to and load from, in /tmp and of this process (named at
 * its first use); the first n values of a sequence read back; a run's end: the caller's table
 * within its guards, both sequences freed, the file removed, and the run's status returned. */
static const char *seq_path(char *path, size_t size, const char *tag)
{
    if (path[0] == '\0')
        snprintf(path, size, "/tmp/sg-alloc-failure-%s%ld.seq", tag, (long)getpid());
    return path;
}

static void seq_read(const table_case_t *c, const sg_sequence_t *s, uint64_t n)
{
    CHECK_EQ(sg_sequence_read(s, 0, c->table, n), SG_OK);
    CHECK(memcmp(c->table, c->want, (size_t)n * sizeof *c->table) == 0);
}

static int seq_done(int st, const table_case_t *c, sg_sequence_t *s, sg_sequence_t *t,
                    const char *path)
{
    CHECK(guarded_intact(c->table, (size_t)c->count));
    sg_sequence_free(t);
    sg_sequence_free(s);
    remove(path);
    return st;
}

/* a long run of a take-and-break game: create, extend past the start of the sparse engine,
 * save, load, extend again (the loaded run builds its engine from the stored values), read */
static int op_sequence_octal(void *ctx)
{
    octal_case_t *c = (octal_case_t *)ctx;
    static char path[64];
    sg_sequence_t *s = NULL, *t = NULL;
    int st;
    seq_path(path, sizeof path, "octal-");
    st = sg_sequence_create_octal(&s, c->game);
    if (st != SG_OK) {
        CHECK(s == NULL);
        return st;
    }
    st = sg_sequence_extend(s, c->t.count / 2, NULL, NULL);
    if (st == SG_OK) st = sg_sequence_save(s, path);
    if (st == SG_OK) st = sg_sequence_load_octal(&t, path, c->game);
    if (st == SG_OK) st = sg_sequence_extend(t, c->t.count, NULL, NULL);
    if (st == SG_OK) seq_read(&c->t, t, c->t.count);
    return seq_done(st, &c->t, s, t, path);
}

static void test_octal(void)
{
    /* Dawson's Kayles (period 34, last exception 52), Officers (no known period), d0 = 4,
     * Treblecross (values of 256 and more: the engine moves to two bytes) */
    static const char *const codes[] = {"0.07", "0.6", "4.07", "0.137", "0.007"};
    static const int digits[][4] = {{0, 0, 7}, {0, 6}, {4, 0, 7}, {0, 1, 3, 7}, {0, 0, 0, 7}};
    static const int last[] = {2, 1, 2, 3, 3};
    size_t i;
    for (i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        octal_case_t c;
        long base = af_live, points;
        memset(&c, 0, sizeof c);
        c.code = codes[i];
        points = af_sweep(op_octal_parse, &c, 0);
        CHECK(points >= 1);
        CHECK_EQ(sg_octal_parse(c.code, &c.game), SG_OK);
        /* Officers: past a new mask of the sparse engine; Treblecross: two bytes */
        if (c.game == NULL || !table_case_alloc(&c.t, i == 1 ? 9000 : i == 4 ? 10000 : 2000))
            return;
        plain_octal(digits[i], last[i], c.t.want, (size_t)c.t.count);
        /* the sparse engine (Officers, Treblecross) only saves time: when it runs out of memory
         * the plain kernel goes on, and the table is still right */
        af_absorbed = 0;
        (void)af_sweep(op_octal_table, &c, i == 1 || i == 4);
        if (i == 1 || i == 4) CHECK(af_absorbed > 0);
        if (i == 1) CHECK(af_sweep(op_sequence_octal, &c, 1) >= 10);
        CHECK_EQ(sg_octal_period(c.game, 4000, &c.period), SG_OK);
        CHECK_EQ(sg_octal_prove(c.game, 4000, &c.proof), SG_OK);
        (void)af_sweep(op_octal_period, &c, 0);
        if (i == 0) CHECK(c.period.proven && c.period.period == 34 && c.period.preperiod == 53);
        if (i == 1) CHECK(!c.period.proven);
        if (i == 4) {   /* the run reached two bytes */
            sg_value_t mx = 0;
            uint64_t n;
            for (n = 0; n < c.t.count; n++) mx = c.t.want[n] > mx ? c.t.want[n] : mx;
            CHECK(mx >= 256);
        }
        sg_octal_free(c.game);
        table_case_free(&c.t);
        CHECK_EQ(af_live, base);
    }
}

/* A growing hexadecimal game (0.8: G(n + 3) = G(n) + 1, proven early): once proven, the table
 * and the sequence make each value by that addition; the sequence is saved and loaded (the
 * loaded run proves it again from its values) */
static void test_octal_growing(void)
{
    octal_case_t c;
    long base = af_live;
    memset(&c, 0, sizeof c);
    c.code = "0.8";
    CHECK_EQ(sg_octal_parse(c.code, &c.game), SG_OK);
    if (c.game == NULL || !table_case_alloc(&c.t, 2000)) return;
    brute_octal(c.code, c.t.want, c.t.count);
    CHECK(af_sweep(op_octal_table, &c, 0) >= 2);
    CHECK(af_sweep(op_sequence_octal, &c, 1) >= 4);   /* the store and a save retry */
    sg_octal_free(c.game);
    table_case_free(&c.t);
    CHECK_EQ(af_live, base);
}

/* a windowed take-and-break run (0.354, a window of SG_SEQUENCE_WINDOW_MIN): saved and loaded
 * before its window starts and after, every value held right */
static int op_sequence_octal_window(void *ctx)
{
    octal_case_t *c = (octal_case_t *)ctx;
    static char path[64];
    sg_sequence_t *s = NULL, *t = NULL;
    uint64_t pre = 0, from = 0;
    int st;
    seq_path(path, sizeof path, "ow");
    if ((st = sg_sequence_create_octal(&s, c->game)) != SG_OK) return st;
    st = sg_sequence_set_window(s, SG_SEQUENCE_WINDOW_MIN);
    if (st == SG_OK) st = sg_sequence_extend(s, c->t.count / 2, NULL, NULL);
    if (st == SG_OK) st = sg_sequence_save(s, path);
    if (st == SG_OK) st = sg_sequence_load_octal(&t, path, c->game);
    sg_sequence_free(s);
    s = t;
    t = NULL;
    if (st == SG_OK) st = sg_sequence_extend(s, c->t.count, NULL, NULL);
    if (st == SG_OK) st = sg_sequence_save(s, path);
    if (st == SG_OK) st = sg_sequence_load_octal(&t, path, c->game);
    if (st == SG_OK) {
        CHECK_EQ(sg_sequence_held(t, &pre, &from), SG_OK);
        CHECK_EQ(pre, SG_SEQUENCE_WINDOW_MIN);
        CHECK_EQ(sg_sequence_read(t, 0, c->t.table, pre), SG_OK);
        CHECK_EQ(sg_sequence_read(t, from, c->t.table + from, c->t.count - from), SG_OK);
        CHECK(memcmp(c->t.table, c->t.want, (size_t)pre * sizeof *c->t.table) == 0);
        CHECK(memcmp(c->t.table + from, c->t.want + from,
                     (size_t)(c->t.count - from) * sizeof *c->t.table) == 0);
    }
    return seq_done(st, &c->t, s, t, path);
}

static void test_octal_window(void)
{
    static const int digits[] = {0, 3, 5, 4};
    octal_case_t c;
    long base = af_live;
    memset(&c, 0, sizeof c);
    c.code = "0.354";
    CHECK_EQ(sg_octal_parse(c.code, &c.game), SG_OK);
    /* the window starts at 2 SG_SEQUENCE_WINDOW_MIN */
    if (c.game == NULL || !table_case_alloc(&c.t, 3 * SG_SEQUENCE_WINDOW_MIN)) return;
    plain_octal(digits, 3, c.t.want, (size_t)c.t.count);
    CHECK(af_sweep(op_sequence_octal_window, &c, 1) >= 10);
    sg_octal_free(c.game);
    table_case_free(&c.t);
    CHECK_EQ(af_live, base);
}

static int op_grundy_game(void *ctx)
{
    table_case_t *c = (table_case_t *)ctx;
    return table_case_done(c, sg_grundy_game_table(c->table, c->count));
}

static int op_allbut(void *ctx)
{
    table_case_t *c = (table_case_t *)ctx;
    return table_case_done(c, sg_allbut_table(c->table, c->count, c->set, c->nset));
}

/* a long run of Grundy's game: create, extend past the plain kernel, save, load, read back */
static int op_sequence(void *ctx)
{
    table_case_t *c = (table_case_t *)ctx;
    static char path[64];
    sg_sequence_t *s = NULL, *t = NULL;
    int st;
    seq_path(path, sizeof path, "");
    st = sg_sequence_create_grundy_game(&s);
    if (st != SG_OK) {
        CHECK(s == NULL);
        return st;
    }
    st = sg_sequence_extend(s, c->count, NULL, NULL);
    if (st == SG_OK) st = sg_sequence_save(s, path);
    if (st == SG_OK) st = sg_sequence_load(&t, path);
    if (st == SG_OK) {
        seq_read(c, t, c->count);
    } else {
        CHECK(t == NULL);
        /* what was computed before the failure is kept and right */
        CHECK(sg_sequence_count(s) <= c->count);
        seq_read(c, s, sg_sequence_count(s));
    }
    return seq_done(st, c, s, t, path);
}

/* a windowed run that stops at its window's start (a rare position past the prefix, so
 * SG_EWINDOW), saved with its window (format 3) and loaded: the values kept are right */
static int op_sequence_window(void *ctx)
{
    table_case_t *c = (table_case_t *)ctx;
    static char path[64];
    sg_sequence_t *s = NULL, *t = NULL;
    uint64_t n;
    int st;
    seq_path(path, sizeof path, "w");
    st = sg_sequence_create_grundy_game(&s);
    if (st != SG_OK) return st;
    CHECK_EQ(sg_sequence_set_window(s, SG_SEQUENCE_WINDOW_MIN), SG_OK);
    st = sg_sequence_extend(s, c->count, NULL, NULL);
    n = sg_sequence_count(s);
    CHECK(st == SG_ENOMEM || (st == SG_EWINDOW && n == 2 * SG_SEQUENCE_WINDOW_MIN));
    if (st == SG_EWINDOW) st = sg_sequence_save(s, path);
    if (st == SG_OK) st = sg_sequence_load(&t, path);
    if (st == SG_OK) {
        CHECK_EQ(sg_sequence_count(t), n);
        seq_read(c, t, n);
    }
    return seq_done(st, c, s, t, path);
}

static void test_grundy_game(void)
{
    /* past the plain kernel (2048), so the sparse engine allocates its tables */
    enum { COUNT = 9000 };   /* past 2 SG_SEQUENCE_WINDOW_MIN too */
    static unsigned char seen[256];
    table_case_t c;
    size_t n, a;
    long points;
    memset(&c, 0, sizeof c);
    if (!table_case_alloc(&c, COUNT)) return;
    /* split one heap into two of different sizes */
    for (n = 0; n < COUNT; n++) {
        sg_value_t m = 0;
        memset(seen, 0, sizeof seen);
        for (a = 1; 2 * a < n; a++) seen[(c.want[a] ^ c.want[n - a]) & 255] = 1;
        while (seen[m]) m++;
        c.want[n] = m;
    }
    points = af_sweep(op_grundy_game, &c, 0);
    CHECK(points >= 2);
    points = af_sweep(op_sequence, &c, 1)   /* the values buffer retries */;
    CHECK(points >= 3);
    points = af_sweep(op_sequence_window, &c, 1);
    CHECK(points >= 3);
    table_case_free(&c);
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

/* ---- misere play ---------------------------------------------------------------------------- */

/* options of p: p - 1 and p + 1 below 40 when p is even, p - 2 when p >= 2 (an upward option
 * makes the engine search) */
static int misere_rule(void *user, uint64_t p, sg_moves_t *out)
{
    (void)user;
    if (p % 2 == 0 && p + 1 < 40) sg_move_to(out, p + 1);
    if (p >= 2) sg_move_to(out, p - 2);
    return 0;
}

static int op_misere_table(void *ctx)
{
    unsigned char *win = (unsigned char *)ctx;
    int st = sg_misere_table(win, 40, misere_rule, NULL);
    uint64_t p;
    if (st != SG_OK) return st;
    /* odd p: p - 2 only, so 1 is N (no move), 3 P, 5 N ...; even p: p + 1 is P when p + 1 = 3
     * mod 4, else p - 2 decides */
    for (p = 1; p < 40; p += 2) CHECK_EQ(win[p], p % 4 == 1);
    return SG_OK;
}

static int op_misere_octal(void *ctx)
{
    const sg_octal_t *game = (const sg_octal_t *)ctx;
    sg_misere_octal_t *m = NULL;
    sg_genus_t gs;
    uint64_t heap = 9;
    int win = -1, st = sg_misere_octal_create(&m, game, 0, NULL);
    if (st == SG_OK) st = sg_misere_octal_outcome(m, &heap, 1, &win);
    if (st == SG_OK) CHECK_EQ(win, 0);
    if (st == SG_OK) st = sg_misere_octal_genus(m, 5, &gs);
    if (st == SG_OK) CHECK_EQ(gs.g, 4);
    sg_misere_octal_free(m);
    return st;
}

static void test_misere(void)
{
    unsigned char win[40];
    sg_octal_t *game = NULL;
    CHECK(af_sweep(op_misere_table, win, 0) >= 1);
    CHECK_EQ(sg_octal_parse("0.77", &game), SG_OK);
    CHECK(af_sweep(op_misere_octal, game, 1) >= 5);
    sg_octal_free(game);
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

/* ---- games with cycles ------------------------------------------------------------------- */

/* LOOPY_N positions: p moves to p + 1 and to 7p + 3 (mod LOOPY_N), so the graph is full of
 * cycles; position LOOPY_WIDE moves to LOOPY_FAN others (the sink's record grows) */
#define LOOPY_N 3000u
#define LOOPY_WIDE 17u
#define LOOPY_FAN 300u

static int loopy_rule(void *user, uint64_t p, sg_moves_t *out)
{
    uint64_t i;
    (void)user;
    if (p >= LOOPY_N) return 1;
    sg_move_to(out, (p + 1) % LOOPY_N);
    sg_move_to(out, (7 * p + 3) % LOOPY_N);
    if (p == LOOPY_WIDE)
        for (i = 0; i < LOOPY_FAN; i++) sg_move_to(out, (p * i + 11) % LOOPY_N);
    return 0;
}

/* the same game with keys spread over 64 bits */
static int loopy_key_rule(void *user, uint64_t key, sg_moves_t *out)
{
    uint64_t p = key * MEMO_INV, i;
    (void)user;
    if (p >= LOOPY_N) return 1;
    sg_move_to(out, ((p + 1) % LOOPY_N) * MEMO_MUL);
    sg_move_to(out, ((7 * p + 3) % LOOPY_N) * MEMO_MUL);
    if (p == LOOPY_WIDE)
        for (i = 0; i < LOOPY_FAN; i++) sg_move_to(out, ((p * i + 11) % LOOPY_N) * MEMO_MUL);
    return 0;
}

/* what a result says of every position, as one number each */
static void loopy_read(const sg_loopy_t *l, int keys, uint64_t *out)
{
    uint64_t p;
    for (p = 0; p < LOOPY_N; p++) {
        uint64_t pos = keys ? p * MEMO_MUL : p, r = 0;
        sg_value_t v = 0;
        size_t len = 0;
        int fin = sg_loopy_value(l, pos, &v);
        CHECK(fin == 0 || fin == 1);
        CHECK_EQ(sg_loopy_k(l, pos, NULL, 0, &len), SG_OK);
        CHECK_EQ(sg_loopy_remoteness(l, pos, &r), SG_OK);
        out[p] = (fin ? v : 0xffffffffu) ^ ((uint64_t)len << 32) ^ (r * 0x9e3779b97f4a7c15u);
    }
}

static void test_loopy(void)
{
    static uint64_t ref[LOOPY_N], got[LOOPY_N], off[LOOPY_N + 1], to[LOOPY_N * 2 + LOOPY_FAN];
    sg_loopy_t *l = NULL;
    long k, base = af_live, runs;
    int st, kind;
    uint64_t p, e = 0;
    CHECK_EQ(sg_loopy_build(&l, LOOPY_N, loopy_rule, NULL), SG_OK);
    if (l == NULL) return;
    loopy_read(l, 0, ref);
    sg_loopy_free(l);
    for (p = 0; p < LOOPY_N; p++) {
        off[p] = e;
        to[e++] = (p + 1) % LOOPY_N;
        to[e++] = (7 * p + 3) % LOOPY_N;
        if (p == LOOPY_WIDE)
            for (k = 0; k < (long)LOOPY_FAN; k++) to[e++] = (p * (uint64_t)k + 11) % LOOPY_N;
    }
    off[LOOPY_N] = e;
    /* by the rule, by compressed rows, by keys: the k-th allocation fails, for every k */
    for (kind = 0; kind < 3; kind++) {
        runs = 0;
        for (k = 1; k < 10000; k++) {
            l = NULL;
            af_arm(k);
            if (kind == 0) st = sg_loopy_build(&l, LOOPY_N, loopy_rule, NULL);
            else if (kind == 1) st = sg_loopy_build_graph(&l, LOOPY_N, off, to);
            else st = sg_loopy_explore(&l, 0, loopy_key_rule, NULL, 0, NULL);
            af_disarm();
            CHECK(st == SG_OK || st == SG_ENOMEM);
            if (st == SG_OK) {
                runs++;
                CHECK_EQ(sg_loopy_count(l), LOOPY_N);
                loopy_read(l, kind == 2, got);
                CHECK(memcmp(got, ref, sizeof ref) == 0);
            } else {
                CHECK(l == NULL);
                CHECK_EQ(af_failed, 1);
            }
            sg_loopy_free(l);
            CHECK_EQ(af_live, base);
            if (af_calls < k) break;
        }
        CHECK(k > 5);   /* the object, the rows, the values, the reverse graph, scratch */
        /* a failure to trim the grown rows to size afterwards is absorbed: still a success */
        CHECK(runs >= 1);
    }
    /* a count whose arrays cannot be had: 2^31 positions need 8 GiB of rows alone */
    af_max_size = (size_t)1 << 31;
    af_arm(0);
    CHECK_EQ(sg_loopy_build(&l, (uint64_t)1 << 31, loopy_rule, NULL), SG_ENOMEM);
    CHECK(af_too_large > 0);
    CHECK(l == NULL);
    /* more positions than 32-bit indices allow: refused before anything is allocated */
    af_arm(0);
    CHECK_EQ(sg_loopy_build(&l, (uint64_t)1 << 33, loopy_rule, NULL), SG_ENOMEM);
    CHECK_EQ(af_calls, 0);
    af_max_size = 0;
    CHECK_EQ(af_live, base);
}

int main(void)
{
    memo_reference();
    RUN(test_table_build);
    RUN(test_table_build_no_alloc);
    RUN(test_table_build_batched);
    RUN(test_memo_create);
    RUN(test_memo_value);
    RUN(test_memo_value_kept);
    RUN(test_memo_allocator);
    RUN(test_subtraction);
    RUN(test_subtraction_period);
    RUN(test_winning_move);
    RUN(test_octal);
    RUN(test_octal_growing);
    RUN(test_octal_window);
    RUN(test_grundy_game);
    RUN(test_allbut);
    RUN(test_wythoff_table);
    RUN(test_misere);
    RUN(test_huge_counts);
    RUN(test_loopy);
    CHECK_EQ(af_live, 0);
    return TEST_REPORT();
}
