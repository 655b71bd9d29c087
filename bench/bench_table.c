/* The callback engine (sg_table_build) against the same rule written as an inline loop:
 * a subtraction-style rule with 8 options per position, and a DAG with random options. For the
 * DAG the figure also gives the cost of its reads alone (see reads_dag).
 * Both sides' tables are allocated the same way: on Linux, 2 MB aligned and marked for
 * transparent huge pages (madvise MADV_HUGEPAGE; BENCH_HUGE=0 leaves them on 4 KB pages). At
 * 10^8 positions the table is 400 MB and the random options' address translations are what
 * both sides wait for. */
#if defined(__linux__)
#  define _GNU_SOURCE /* MADV_HUGEPAGE */
#  include <sys/mman.h>
#endif
#include "bench.h"

#define HUGE_PAGE ((size_t)2 << 20)

static int huge_pages(void)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const char *s = getenv("BENCH_HUGE");
    return s == NULL || strcmp(s, "0") != 0;
#else
    return 0;
#endif
}

static void *table_alloc(size_t bytes)
{
    void *p;
    size_t size = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    if (!huge_pages()) return bench_alloc(bytes);
    if (posix_memalign(&p, HUGE_PAGE, size) != 0) {
        fprintf(stderr, "bench: out of memory (%zu bytes)\n", size);
        exit(2);
    }
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    (void)madvise(p, size, MADV_HUGEPAGE);   /* a hint: refused, the pages are 4 KB */
#endif
    return p;
}

static const uint64_t moves8[8] = {1, 2, 3, 5, 8, 13, 21, 34};

static int rule8(void *user, uint64_t n, sg_moves_t *out)
{
    size_t j;
    (void)user;
    for (j = 0; j < 8 && moves8[j] <= n; j++) sg_move_to(out, n - moves8[j]);
    return 0;
}

static sg_value_t plain_mex(const sg_value_t *v, size_t k)
{
    unsigned char seen[65];
    size_t i;
    memset(seen, 0, k + 1);
    for (i = 0; i < k; i++)
        if (v[i] <= k) seen[v[i]] = 1;
    for (i = 0; seen[i]; i++)
        ;
    return (sg_value_t)i;
}

static void inline8(sg_value_t *g, uint64_t count)
{
    sg_value_t opt[8];
    uint64_t n;
    size_t j;
    for (n = 0; n < count; n++) {
        for (j = 0; j < 8 && moves8[j] <= n; j++) opt[j] = g[n - moves8[j]];
        g[n] = plain_mex(opt, j);
    }
}

/* DAG: position n > 0 has DAG_OPTIONS options, uniformly random among the smaller positions */
#define DAG_OPTIONS 4

static int rule_dag(void *user, uint64_t n, sg_moves_t *out)
{
    uint64_t j;
    (void)user;
    if (n == 0) return 0;
    for (j = 0; j < DAG_OPTIONS; j++) sg_move_to(out, bench_hash(n * DAG_OPTIONS + j) % n);
    return 0;
}

static void inline_dag(sg_value_t *g, uint64_t count)
{
    sg_value_t opt[DAG_OPTIONS];
    uint64_t n, j;
    g[0] = 0;
    for (n = 1; n < count; n++) {
        for (j = 0; j < DAG_OPTIONS; j++) opt[j] = g[bench_hash(n * DAG_OPTIONS + j) % n];
        g[n] = plain_mex(opt, DAG_OPTIONS);
    }
}

/* The memory floor of the DAG: the same reads of the computed table, each prefetched 16
 * positions ahead, with no rule, no mex and no stores ("reads" in the figure). */
#define READS_AHEAD 16
static uint64_t reads_dag(const sg_value_t *g, uint64_t count)
{
    uint64_t ring[READS_AHEAD * DAG_OPTIONS], n, j, s = 0;
    for (n = 1; n < count + READS_AHEAD; n++) {
        size_t slot = (size_t)(n % READS_AHEAD) * DAG_OPTIONS;
        if (n > READS_AHEAD)
            for (j = 0; j < DAG_OPTIONS; j++) s += g[ring[slot + j]];
        if (n < count)
            for (j = 0; j < DAG_OPTIONS; j++) {
                ring[slot + j] = bench_hash(n * DAG_OPTIONS + j) % n;
#if defined(__GNUC__) || defined(__clang__)
                __builtin_prefetch(g + ring[slot + j]);
#endif
            }
    }
    return s;
}

static volatile uint64_t reads_sink;

static void run(const char *label, uint64_t count, sg_rule_fn rule, void (*plain)(sg_value_t *,
                uint64_t), double options, int reps)
{
    sg_value_t *a = (sg_value_t *)table_alloc((size_t)count * sizeof *a);
    sg_value_t *b = (sg_value_t *)table_alloc((size_t)count * sizeof *b);
    double best_lib = 1e30, best_base = 1e30, best_reads = 1e30, t;
    int rep, st = SG_OK;
    char name[96], fig[64], reads[32] = "";
    for (rep = 0; rep < reps; rep++) {
        t = bench_now();
        st |= sg_table_build(a, count, rule, NULL);
        t = bench_now() - t;
        if (t < best_lib) best_lib = t;
        t = bench_now();
        plain(b, count);
        t = bench_now() - t;
        if (t < best_base) best_base = t;
        if (rule == rule_dag) {
            t = bench_now();
            reads_sink = reads_dag(b, count);
            t = bench_now() - t;
            if (t < best_reads) best_reads = t;
        }
    }
    if (rule == rule_dag)
        snprintf(reads, sizeof reads, ", reads %.2f", best_reads * 1e9 / ((double)count * options));
    snprintf(name, sizeof name, "%s, %.0e pos", label, (double)count);
    snprintf(fig, sizeof fig, "%.2f ns/option%s%s", best_lib * 1e9 / ((double)count * options),
             reads, huge_pages() ? ", THP" : "");
    bench_line(name, best_lib, best_base, fig,
               st == SG_OK && memcmp(a, b, (size_t)count * sizeof *a) == 0);
    free(a);
    free(b);
}

int main(int argc, char **argv)
{
    uint64_t count8 = argc > 1 ? strtoull(argv[1], NULL, 0) : 10000000u;
    uint64_t countdag = argc > 2 ? strtoull(argv[2], NULL, 0) : 100000000u;
    int reps = bench_reps();
    bench_header();
    run("sg_table_build, 8 options/position", count8, rule8, inline8, 8.0, reps);
    /* at 10^8 positions one run of each side is long: best of 2 at most */
    run("sg_table_build, DAG 4 random options", countdag, rule_dag, inline_dag, DAG_OPTIONS,
        reps < 2 ? reps : 2);
    return bench_failures != 0;
}
