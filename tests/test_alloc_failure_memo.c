/* Allocation failure in the memo: sg_memo_create, sg_memo_value through every failure point,
 * one memo kept across failures, and sg_memo_create_ex with a per-object allocator that fails the
 * same way and keeps its own account. Each run must either succeed with the right answer or
 * return SG_ENOMEM; nothing may stay allocated, and the memo must stay usable and freeable
 * (tests/alloc_failure.h replaces the allocator). */
#define _POSIX_C_SOURCE 200809L
#include "alloc_failure.h"

/* ---- the memo ------------------------------------------------------------------------------ */

/* keys: a walk p -> p + 1 (up to MEMO_TOP) and p -> p + 7, keys spread by a multiplier so that
 * the hash table sees unrelated keys; key MEMO_WIDE fans out to MEMO_FAN keys */
#define MEMO_TOP 2000u
#define MEMO_WIDE 500u
#define MEMO_FAN 100u

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

int main(void)
{
    memo_reference();
    RUN(test_memo_create);
    RUN(test_memo_value);
    RUN(test_memo_value_kept);
    RUN(test_memo_allocator);
    CHECK_EQ(af_live, 0);
    return TEST_REPORT();
}
