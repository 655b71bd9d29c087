/*
 * Benchmark helpers shared by bench/bench_*.c. Each case times libsg and a plain baseline (the
 * loop a user would write without the library, written out in the benchmark) in the same run,
 * checks that both give the same answer, and prints one line:
 *
 *   case | libsg time | baseline time | ratio (baseline / libsg) | figure of merit | agree
 *
 * Each side is run BENCH_REPS times (default 3, environment BENCH_REPS) and the best time kept,
 * since the machine is shared; the cases that use bench_again run a side of milliseconds more
 * often, until it has had a quarter of a second. Times are the process's CPU time unless
 * BENCH_CLOCK=wall. BENCH_GROUPS="a b ..." runs only the named groups of cases of a benchmark that has groups
 * (bench_octal), so that old and new can alternate on a few cases many times.
 */
#ifndef SG_BENCH_H
#define SG_BENCH_H

#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sg.h"

/* CPU time of the process by default: on a shared machine it is what one core did for us
 * (BENCH_CLOCK=wall for wall-clock time). Every benchmark here runs on one thread. */
static inline double bench_now(void)
{
    static int wall = -1;
    struct timespec ts;
    if (wall < 0) wall = getenv("BENCH_CLOCK") && strcmp(getenv("BENCH_CLOCK"), "wall") == 0;
    clock_gettime(wall ? CLOCK_MONOTONIC : CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static inline int bench_reps(void)
{
    const char *s = getenv("BENCH_REPS");
    int r = s ? atoi(s) : 3;
    return r > 0 ? r : 1;
}

/* 1 while a side that has run r times for `spent` seconds in all is to run again: until
 * BENCH_REPS runs, and a case of milliseconds until it has had a quarter of a second (at most
 * 100 runs): the best of three such runs is mostly the machine's noise, not the case. */
static inline int bench_again(int r, double spent)
{
    return r < bench_reps() || (spent < 0.25 && r < 100);
}

/* 1 when the cases of group g are to run: BENCH_GROUPS unset, or naming g among its words */
static inline int bench_group(const char *g)
{
    const char *s = getenv("BENCH_GROUPS"), *p;
    size_t n = strlen(g);
    if (s == NULL) return 1;
    for (p = strstr(s, g); p != NULL; p = strstr(p + 1, g))
        if ((p == s || p[-1] == ' ') && (p[n] == '\0' || p[n] == ' ')) return 1;
    return 0;
}

static uint64_t bench_rng_state = 0x9e3779b97f4a7c15ULL;

static inline uint64_t bench_rand(void)
{
    uint64_t z = (bench_rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* a stateless hash, for rules that must give the same options each time they are asked */
static inline uint64_t bench_hash(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* FNV-1a over a table of values: a cheap whole-sequence fingerprint */
static inline uint64_t bench_fingerprint(const sg_value_t *t, uint64_t n)
{
    uint64_t h = 0xcbf29ce484222325ULL, i;
    for (i = 0; i < n; i++) h = (h ^ t[i]) * 0x100000001b3ULL;
    return h;
}

static int bench_failures;

static inline void bench_header(void)
{
    printf("%-44s %11s %11s %8s  %-26s %s\n", "case", "libsg", "baseline", "ratio",
           "figure", "agree");
}

/* lib and base in seconds; figure: a case-specific rate, already formatted */
static inline void bench_line(const char *name, double lib, double base, const char *figure,
                              int agree)
{
    if (base > 0)
        printf("%-44s %9.4f s %9.4f s %7.2fx  %-26s %s\n", name, lib, base, base / lib, figure,
               agree ? "yes" : "NO");
    else
        printf("%-44s %9.4f s %11s %8s  %-26s %s\n", name, lib, "-", "-", figure,
               agree ? "yes" : "NO");
    if (!agree) bench_failures++;
    fflush(stdout);
}

/* A speed target held over the cases of one comparison: libsg at least `want` times as fast as
 * the baseline on every case whose baseline takes `from` seconds or more. The smaller cases are
 * printed but not held to it: there the whole game is done in microseconds by both sides, and
 * their ratio is one of costs per option, not of the positions spared (docs/structured.md,
 * "Speed"). bench_target_report prints whether this run met it, and its least ratio. */
typedef struct {
    const char *lib, *base;   /* the two sides, for the report */
    double want, from, least;
    char where[16];   /* the case of the least ratio, as the benchmark names it for short */
    unsigned held;
} bench_target_t;

static inline void bench_target_case(bench_target_t *t, const char *name, double lib,
                                     double base)
{
    if (base < t->from || lib <= 0) return;
    if (t->held++ == 0 || base / lib < t->least) {
        t->least = base / lib;
        snprintf(t->where, sizeof t->where, "%.15s", name);
    }
}

static inline void bench_target_report(const bench_target_t *t)
{
    printf("target: %s >= %.0fx the %s where the %s takes >= %.0f ms: ", t->lib, t->want,
           t->base, t->base, t->from * 1e3);
    if (t->held == 0)
        printf("no such case in this run\n");
    else
        printf("%s on %u case%s, least %.2fx (%s)\n", t->least >= t->want ? "met" : "MISSED",
               t->held, t->held == 1 ? "" : "s", t->least, t->where);
}

static inline void *bench_alloc(size_t bytes)
{
    void *p = malloc(bytes);
    if (p == NULL) {
        fprintf(stderr, "bench: out of memory (%zu bytes)\n", bytes);
        exit(2);
    }
    return p;
}

#endif /* SG_BENCH_H */
