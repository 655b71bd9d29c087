/* Grundy's game: sg_grundy_game_table against the plain O(n^2) loop (mark every split, scan),
 * then the library alone on long runs with its steady rate, then a sequence on two threads
 * against one (wall-clock time: the process's CPU time counts both threads; BENCH_THREADS_TOP
 * sets its size, 2^22 by default). With BENCH_CHECKPOINT=FILE (a checkpoint of the grundy
 * tool) and BENCH_SEGMENT=N (default 2^19), also the rate of N more heaps from that
 * checkpoint on two threads and on one, the two alternated BENCH_REPS times: the steady rate
 * far out without computing the way there each time. BENCH_TWO_TO=K: one sequence on two
 * threads to 2^K, with the wall time and the peak memory at each power of two from 2^20 (no
 * baseline: the one-thread figures above are its comparison). */
#include "bench.h"

#include <sys/resource.h>

static void plain_grundy(sg_value_t *g, uint64_t count)
{
    static unsigned char seen[4096];
    uint64_t n, a;
    sg_value_t v;
    for (n = 0; n < count; n++) {
        memset(seen, 0, sizeof seen);
        for (a = 1; 2 * a < n; a++) seen[g[a] ^ g[n - a]] = 1;
        for (v = 0; seen[v]; v++)
            ;
        g[n] = v;
    }
}

/* The figure of a long run at 2^k heaps (t seconds): the rate since 2^(k - step) heaps (prev_t
 * seconds), or from 0 for the first size. */
static void rate_figure(char *fig, size_t size, uint64_t n, uint64_t prev_n, double t,
                        double prev_t, unsigned k, unsigned step)
{
    if (prev_n)
        snprintf(fig, size, "%.3g pos/s (2^%u..2^%u)", (double)(n - prev_n) / (t - prev_t),
                 k - step, k);
    else
        snprintf(fig, size, "%.3g pos/s", (double)n / t);
}

/* wall-clock seconds from t0 to t1 */
static double seconds_between(struct timespec t0, struct timespec t1)
{
    return (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
}

/* wall-clock seconds of a sequence run to count on `threads` threads; values in out */
static double time_seq(unsigned threads, uint64_t count, sg_value_t *out, int *st)
{
    sg_sequence_t *seq;
    struct timespec t0, t1;
    *st |= sg_sequence_create_grundy_game(&seq);
    if (*st != SG_OK) return 0;
    *st |= sg_sequence_set_threads(seq, threads);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    *st |= sg_sequence_extend(seq, count, NULL, NULL);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    *st |= sg_sequence_read(seq, 0, out, count);
    sg_sequence_free(seq);
    return seconds_between(t0, t1);
}

static double time_lib(sg_value_t *t, uint64_t count, int reps, int *st)
{
    double best = 1e30, x;
    int rep;
    for (rep = 0; rep < reps; rep++) {
        x = bench_now();
        *st |= sg_grundy_game_table(t, count);
        x = bench_now() - x;
        if (x < best) best = x;
    }
    return best;
}

/* wall-clock seconds to extend a sequence loaded from `path` by `more` values; *print gets a
 * fingerprint of the new values */
static double time_segment(const char *path, unsigned threads, uint64_t more, uint64_t *from,
                           uint64_t *print, int *st)
{
    sg_sequence_t *seq;
    struct timespec t0, t1;
    sg_value_t *v = (sg_value_t *)bench_alloc((size_t)more * sizeof *v);
    int s = sg_sequence_load(&seq, path);
    if (s != SG_OK || sg_sequence_set_threads(seq, threads) != SG_OK) {
        if (s == SG_OK) sg_sequence_free(seq);
        free(v);
        *st |= 1;
        return 0;
    }
    *from = sg_sequence_count(seq);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    *st |= sg_sequence_extend(seq, *from + more, NULL, NULL);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    *st |= sg_sequence_read(seq, *from, v, more);
    *print = bench_fingerprint(v, more);
    sg_sequence_free(seq);
    free(v);
    return seconds_between(t0, t1);
}

/* two threads (libsg column) against one (baseline column) from a checkpoint, best of reps */
static void bench_segment(const char *path, uint64_t more, int reps)
{
    double best1 = 1e30, best2 = 1e30, t;
    uint64_t from = 0, print1 = 0, print2 = 0;
    int rep, st = SG_OK;
    char name[96], fig[64];
    for (rep = 0; rep < reps; rep++) {
        if ((t = time_segment(path, 1, more, &from, &print1, &st)) < best1) best1 = t;
        if ((t = time_segment(path, 2, more, &from, &print2, &st)) < best2) best2 = t;
    }
    snprintf(name, sizeof name, "grundy game, %llu more from %llu (wall)",
             (unsigned long long)more, (unsigned long long)from);
    snprintf(fig, sizeof fig, "%.3g pos/s (1: %.3g)", (double)more / best2,
             (double)more / best1);
    bench_line(name, best2, best1, fig, st == SG_OK && print1 == print2);
}

/* one sequence on two threads to 2^top, reported at every power of two from 2^20 */
static void bench_two_to(unsigned top)
{
    sg_sequence_t *seq;
    struct timespec t0, t1;
    struct rusage ru;
    double t, prev_t = 0;
    uint64_t prev_n = 0;
    unsigned k;
    int st;
    char name[96], fig[64];
    if (sg_sequence_create_grundy_game(&seq) != SG_OK) {
        bench_line("grundy game, two threads", 0, 0, "-", 0);
        return;
    }
    st = sg_sequence_set_threads(seq, 2);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (k = 20; k <= top && st == SG_OK; k++) {
        uint64_t n = (uint64_t)1 << k;
        st = sg_sequence_extend(seq, n, NULL, NULL);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        t = seconds_between(t0, t1);
        getrusage(RUSAGE_SELF, &ru);
        snprintf(name, sizeof name, "grundy game, 2^%u heaps, 2 threads, %ld MB", k,
                 ru.ru_maxrss / 1024);
        rate_figure(fig, sizeof fig, n, prev_n, t, prev_t, k, 1);
        bench_line(name, t, 0, fig, st == SG_OK);
        prev_n = n;
        prev_t = t;
    }
    sg_sequence_free(seq);
}

int main(int argc, char **argv)
{
    uint64_t side = argc > 1 ? strtoull(argv[1], NULL, 0) : (uint64_t)1 << 17;
    unsigned top = argc > 2 ? (unsigned)atoi(argv[2]) : 26, k;
    sg_value_t *a, *b;
    double tl, tb, prev_t = 0;
    uint64_t prev_n = 0;
    int st = SG_OK, reps = bench_reps();
    char name[96], fig[64];

    bench_header();
    a = (sg_value_t *)bench_alloc((size_t)side * sizeof *a);
    b = (sg_value_t *)bench_alloc((size_t)side * sizeof *b);
    tl = time_lib(a, side, reps, &st);
    tb = bench_now();
    plain_grundy(b, side);
    tb = bench_now() - tb;
    snprintf(name, sizeof name, "grundy game, %llu heaps", (unsigned long long)side);
    snprintf(fig, sizeof fig, "%.3g pos/s", (double)side / tl);
    bench_line(name, tl, tb, fig, st == SG_OK && memcmp(a, b, (size_t)side * sizeof *a) == 0);
    free(a);
    free(b);

    /* long runs: time to 2^k, and the rate between successive sizes */
    a = (sg_value_t *)bench_alloc(((size_t)1 << top) * sizeof *a);
    for (k = 20; k <= top; k += 2) {
        uint64_t n = (uint64_t)1 << k;
        st = SG_OK;
        tl = time_lib(a, n, k <= 22 ? reps : 1, &st);
        snprintf(name, sizeof name, "grundy game, 2^%u heaps", k);
        rate_figure(fig, sizeof fig, n, prev_n, tl, prev_t, k, 2);
        bench_line(name, tl, 0, fig, st == SG_OK);
        prev_n = n;
        prev_t = tl;
    }
    free(a);

    /* two threads (libsg column) against one (baseline column), wall clock */
    k = getenv("BENCH_THREADS_TOP") ? (unsigned)atoi(getenv("BENCH_THREADS_TOP")) : 22;
    if (k >= 12 && k <= 40) {
        uint64_t n = (uint64_t)1 << k;
        a = (sg_value_t *)bench_alloc((size_t)n * sizeof *a);
        b = (sg_value_t *)bench_alloc((size_t)n * sizeof *b);
        st = SG_OK;
        tb = time_seq(1, n, b, &st);
        tl = time_seq(2, n, a, &st);
        snprintf(name, sizeof name, "grundy game, 2^%u heaps, 2 threads (wall)", k);
        snprintf(fig, sizeof fig, "%.3g pos/s (1: %.3g)", (double)n / tl, (double)n / tb);
        bench_line(name, tl, tb, fig,
                   st == SG_OK && memcmp(a, b, (size_t)n * sizeof *a) == 0);
        free(a);
        free(b);
    }
    if (getenv("BENCH_TWO_TO") != NULL) bench_two_to((unsigned)atoi(getenv("BENCH_TWO_TO")));
    if (getenv("BENCH_CHECKPOINT") != NULL)
        bench_segment(getenv("BENCH_CHECKPOINT"),
                      getenv("BENCH_SEGMENT") ? strtoull(getenv("BENCH_SEGMENT"), NULL, 0)
                                              : (uint64_t)1 << 19,
                      reps);
    return bench_failures != 0;
}
