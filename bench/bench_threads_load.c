/* Two threads against one on a loaded machine: Grundy's game to 2^K heaps (BENCH_THREADS_LOG,
 * default 22) as a sequence on one thread and on two, in wall-clock time, first on the machine
 * as it is, then while this program keeps it busy with BENCH_LOAD child processes (default 2)
 * that spin until they are killed at the end. Each way runs BENCH_REPS times (default 3), one
 * and two threads alternated so that both see the same load; the median of each is kept. The
 * figure is two threads' time over one's: the schedule in lib/longrun/gg_threads.c must keep it
 * at 1.1 at most under load (it runs one thread when the second is not getting a core). Both
 * ways must give the same values (a fingerprint of the whole sequence). */
#include "bench.h"

#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define BENCH_MAX_LOAD 16

static pid_t load_pids[BENCH_MAX_LOAD];
static int load_count;

static double wall_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A child that spins until it is killed, or until its parent is gone (so nothing is left
 * behind even if this program dies first). */
static void load_child(pid_t parent)
{
    volatile uint64_t x = 0;
    for (;;) {
        uint32_t i;
        for (i = 0; i < 1u << 24; i++) x += i;
        if (getppid() != parent) _exit(0);
    }
}

static void load_stop(void)
{
    int i;
    for (i = 0; i < load_count; i++) kill(load_pids[i], SIGKILL);
    for (i = 0; i < load_count; i++) waitpid(load_pids[i], NULL, 0);
    load_count = 0;
}

static void load_start(int count)
{
    pid_t parent = getpid();
    int i;
    for (i = 0; i < count && i < BENCH_MAX_LOAD; i++) {
        pid_t p = fork();
        if (p < 0) {
            fprintf(stderr, "bench: fork failed\n");
            load_stop();
            exit(2);
        }
        if (p == 0) load_child(parent);
        load_pids[load_count++] = p;
    }
}

/* wall-clock seconds of a sequence of Grundy's game to count on `threads` threads, and the
 * fingerprint of its values */
static double run(unsigned threads, uint64_t count, uint64_t *print)
{
    static sg_value_t buf[1 << 16];
    sg_sequence_t *seq = NULL;
    uint64_t h = 0xcbf29ce484222325ULL, i, k, j;
    double t0;
    int st;
    if ((st = sg_sequence_create_grundy_game(&seq)) != SG_OK ||
        (st = sg_sequence_set_threads(seq, threads)) != SG_OK) {
        fprintf(stderr, "bench: %s\n", sg_strerror(st));
        load_stop();
        exit(2);
    }
    t0 = wall_now();
    st = sg_sequence_extend(seq, count, NULL, NULL);
    t0 = wall_now() - t0;
    if (st != SG_OK) {
        fprintf(stderr, "bench: sg_sequence_extend: %s\n", sg_strerror(st));
        load_stop();
        exit(2);
    }
    for (i = 0; i < count; i += k) {
        k = count - i < (1 << 16) ? count - i : (1 << 16);
        sg_sequence_read(seq, i, buf, k);
        for (j = 0; j < k; j++) h = (h ^ buf[j]) * 0x100000001b3ULL;
    }
    sg_sequence_free(seq);
    *print = h;
    return t0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *t, int n)
{
    qsort(t, (size_t)n, sizeof *t, cmp_double);
    return n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
}

/* one and two threads alternated `reps` times; prints the line, returns two's median / one's */
static double compare(const char *name, uint64_t count, int reps)
{
    double one[64], two[64], m1, m2;
    uint64_t h1 = 0, h2 = 0, h;
    char fig[64];
    int r, agree = 1;
    for (r = 0; r < reps; r++) {
        /* which goes first alternates too: neither always meets the load's start */
        if (r % 2 == 0) {
            one[r] = run(1, count, &h);
            agree &= r == 0 || h == h1;
            h1 = h;
            two[r] = run(2, count, &h2);
        } else {
            two[r] = run(2, count, &h2);
            one[r] = run(1, count, &h);
            agree &= h == h1;
            h1 = h;
        }
        agree &= h1 == h2;
    }
    m1 = median(one, reps);
    m2 = median(two, reps);
    snprintf(fig, sizeof fig, "two/one %.3f (%s)", m2 / m1, m2 / m1 <= 1.1 ? "<= 1.1" : "> 1.1");
    /* libsg column: two threads; baseline column: one thread */
    bench_line(name, m2, m1, fig, agree);
    return m2 / m1;
}

int main(void)
{
    const char *s = getenv("BENCH_THREADS_LOG"), *l = getenv("BENCH_LOAD");
    unsigned lg = s ? (unsigned)atoi(s) : 22;
    int load = l ? atoi(l) : 2, reps = bench_reps();
    uint64_t count;
    double loaded;
    char name[64];
    if (lg < 12 || lg > 30) lg = 22;
    if (load < 0 || load > BENCH_MAX_LOAD) load = 2;
    if (reps > 64) reps = 64;
    count = (uint64_t)1 << lg;
    if (sg_sequence_set_threads(NULL, 2) != SG_EINVAL) return 1;
    printf("Grundy's game to 2^%u, one thread (baseline) against two (libsg), wall-clock "
           "medians of %d\n", lg, reps);
    bench_header();
    snprintf(name, sizeof name, "grundy-game 2^%u, machine as it is", lg);
    compare(name, count, reps);
    snprintf(name, sizeof name, "grundy-game 2^%u, %d busy processes", lg, load);
    load_start(load);
    loaded = compare(name, count, reps);
    load_stop();
    if (loaded > 1.1) printf("two threads more than 1.1x slower than one under load\n");
    return bench_failures ? 1 : 0;
}
