/*
 * A dependency-free test harness. Each tests/test_<module>.c defines test cases as
 * `static void name(void)` and a main() that runs them with RUN(name) and ends with
 * `return TEST_REPORT();`, which prints "<file>: N passed, N failed" (N counts cases).
 * A failed check prints file:line, the expression and both values, and fails its case; a
 * failed check outside every case (e.g. "nothing left allocated" after the last RUN) counts
 * as one more failed case.
 */
#ifndef SG_TEST_H
#define SG_TEST_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int test_passed_, test_failed_, test_case_failures_;

static inline void test_fail_(const char *file, int line, const char *expr)
{
    if (test_case_failures_++ < 20) fprintf(stderr, "%s:%d: check failed: %s\n", file, line, expr);
}

static inline void test_fail_eq_(const char *file, int line, const char *a, const char *b,
                          long long x, long long y)
{
    if (test_case_failures_++ < 20)
        fprintf(stderr, "%s:%d: %s == %s failed: %lld (0x%llx) != %lld (0x%llx)\n", file, line,
                a, b, x, (unsigned long long)x, y, (unsigned long long)y);
}

#define CHECK(cond)                                                                            \
    do {                                                                                       \
        if (!(cond)) test_fail_(__FILE__, __LINE__, #cond);                                    \
    } while (0)

/* Integers of any type; compared as 64-bit patterns. */
#define CHECK_EQ(a, b)                                                                         \
    do {                                                                                       \
        long long x_ = (long long)(a), y_ = (long long)(b);                                    \
        if (x_ != y_) test_fail_eq_(__FILE__, __LINE__, #a, #b, x_, y_);                       \
    } while (0)

/* checks failed outside every case (before, between or after the RUNs) count as a failed case */
static inline void test_outside_(void)
{
    if (test_case_failures_) {
        test_failed_++;
        fprintf(stderr, "FAIL outside the cases (%d failed checks)\n", test_case_failures_);
        test_case_failures_ = 0;
    }
}

static inline void test_run_(const char *name, void (*fn)(void))
{
    test_outside_();
    fn();
    if (test_case_failures_) {
        test_failed_++;
        fprintf(stderr, "FAIL %s (%d failed checks)\n", name, test_case_failures_);
    } else {
        test_passed_++;
    }
    test_case_failures_ = 0;
}

#define RUN(fn) test_run_(#fn, fn)

static inline int test_report_(const char *file)
{
    const char *base = strrchr(file, '/');
    test_outside_();
    printf("%s: %d passed, %d failed\n", base ? base + 1 : file, test_passed_, test_failed_);
    return test_failed_ != 0;
}

#define TEST_REPORT() test_report_(__FILE__)

/* A small deterministic generator (splitmix64) so that failures reproduce. */
static uint64_t test_rng_state_ = 0x2545f4914f6cdd1dULL;

static inline uint64_t test_rand(void)
{
    uint64_t z = (test_rng_state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* uniform enough in [0, n) for tests; n > 0 */
static inline uint64_t test_below(uint64_t n) { return test_rand() % n; }

/* Whether the environment variable name is set, and neither empty nor "0". */
static inline int test_env_on(const char *name)
{
    const char *q = getenv(name);
    return q != NULL && *q != '\0' && strcmp(q, "0") != 0;
}

/* A workload size: n, or about n/16 when SG_TEST_QUICK is set to a non-zero value (make valgrind
 * sets it). Loops and sizes of heavy cases go through this. */
static inline uint64_t test_scale(uint64_t n)
{
    return test_env_on("SG_TEST_QUICK") ? n / 16 + 1 : n;
}

/* 1 under `make check-long` (SG_TEST_LONG set non-zero), where each case runs at its full
 * extent; 0 under `make check`, which cuts the longest cases to stay within about two minutes. */
static inline int test_long(void)
{
    return test_env_on("SG_TEST_LONG");
}

/* A progress callback (sg_progress_fn) that checks what it is told: done never goes back and
 * never passes total. It cancels the run once done reaches stop_at (0: never). */
typedef struct {
    uint64_t calls, last, stop_at;
} test_progress_t;

static inline int test_progress(void *user, uint64_t done, uint64_t total)
{
    test_progress_t *p = (test_progress_t *)user;
    p->calls++;
    CHECK(done >= p->last);
    CHECK(done <= total);
    p->last = done;
    return p->stop_at != 0 && done >= p->stop_at;
}

#endif /* SG_TEST_H */
