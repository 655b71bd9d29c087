/* Shared by the allocation-failure programs (tests/test_alloc_failure_*.c): malloc, calloc,
 * realloc and free replaced through the linker
 * (-Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free, see the Makefile), so every call
 * made by a test and by libsg.a goes through the counters below; caller buffers with guard
 * zones; the sweep over the failure points; the table cases and the mex the programs check
 * against; the files their sequence runs save to. Each program includes it once, after
 * defining _POSIX_C_SOURCE. */
#ifndef SG_TEST_ALLOC_FAILURE_H
#define SG_TEST_ALLOC_FAILURE_H

#include "test.h"

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

static inline int af_should_fail(size_t size)
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

static inline void af_arm(long fail_at)
{
    af_calls = 0;
    af_failed = 0;
    af_too_large = 0;
    af_fail_at = fail_at;
}

static inline void af_disarm(void) { af_fail_at = 0; }

/* ---- caller buffers with guard zones ------------------------------------------------------- */

#define GUARD 16
#define GUARD_WORD 0xa5a5a5a5u

/* count values with GUARD sentinel values on each side; returns the first usable element */
static inline sg_value_t *guarded_alloc(size_t count)
{
    sg_value_t *b = (sg_value_t *)__real_malloc((count + 2 * GUARD) * sizeof *b);
    size_t i;
    if (b == NULL) return NULL;
    for (i = 0; i < count + 2 * GUARD; i++) b[i] = GUARD_WORD;
    return b + GUARD;
}

static inline int guarded_intact(const sg_value_t *t, size_t count)
{
    size_t i;
    for (i = 1; i <= GUARD; i++)
        if (t[-(ptrdiff_t)i] != GUARD_WORD || t[count + i - 1] != GUARD_WORD) return 0;
    return 1;
}

static inline void guarded_free(sg_value_t *t)
{
    if (t != NULL) __real_free(t - GUARD);
}

/* ---- sweeps over the failure points -------------------------------------------------------- */

/* Runs op with the k-th allocation failing for k = 1, 2, ... until a run needs fewer than k;
 * each run must succeed (op checks its answer) or give SG_ENOMEM, leaving nothing allocated.
 * Unless `retries` (op may fall back to a smaller request when one fails), only the run without
 * a failure may succeed. Returns how many failure points there were. */
typedef int (*af_op_t)(void *ctx);

static inline long af_sweep(af_op_t op, void *ctx, int retries)
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
static inline int table_case_alloc(table_case_t *c, uint64_t count)
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

static inline void table_case_free(table_case_t *c)
{
    guarded_free(c->table);
    __real_free(c->want);
}

/* st, from a run that filled c->table: its guards are intact, and its values right if it
 * succeeded */
static inline int table_case_done(const table_case_t *c, int st)
{
    CHECK(guarded_intact(c->table, (size_t)c->count));
    if (st == SG_OK) CHECK(memcmp(c->table, c->want, (size_t)c->count * sizeof *c->table) == 0);
    return st;
}

/* the mex written plainly from its definition */
static inline sg_value_t naive_mex(const sg_value_t *v, size_t n)
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

/* keys spread by a multiplier, so that the hash tables see unrelated keys */
#define MEMO_MUL 0x9e3779b97f4a7c15u
#define MEMO_INV 0xf1de83e19937733du    /* MEMO_MUL * MEMO_INV == 1 (mod 2^64) */

/* The file the sequence ops below save to and load from, in /tmp and of this process (named at
 * its first use); the first n values of a sequence read back; a run's end: the caller's table
 * within its guards, both sequences freed, the file removed, and the run's status returned. */
static inline const char *seq_path(char *path, size_t size, const char *tag)
{
    if (path[0] == '\0')
        snprintf(path, size, "/tmp/sg-alloc-failure-%s%ld.seq", tag, (long)getpid());
    return path;
}

static inline void seq_read(const table_case_t *c, const sg_sequence_t *s, uint64_t n)
{
    CHECK_EQ(sg_sequence_read(s, 0, c->table, n), SG_OK);
    CHECK(memcmp(c->table, c->want, (size_t)n * sizeof *c->table) == 0);
}

static inline int seq_done(int st, const table_case_t *c, sg_sequence_t *s,
                           sg_sequence_t *t, const char *path)
{
    CHECK(guarded_intact(c->table, (size_t)c->count));
    sg_sequence_free(t);
    sg_sequence_free(s);
    remove(path);
    return st;
}

#endif /* SG_TEST_ALLOC_FAILURE_H */
