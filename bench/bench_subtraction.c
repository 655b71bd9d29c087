/* sg_subtraction_table against the contest-style loop (clear a bool array, mark, scan) on 10^8
 * positions. */
#include "bench.h"

static void contest_loop(sg_value_t *g, uint64_t count, const uint64_t *s, size_t k)
{
    unsigned char seen[257];
    uint64_t n;
    size_t j, v;
    for (n = 0; n < count; n++) {
        memset(seen, 0, k + 1);
        for (j = 0; j < k; j++)
            if (s[j] <= n && g[n - s[j]] <= k) seen[g[n - s[j]]] = 1;
        for (v = 0; seen[v]; v++)
            ;
        g[n] = (sg_value_t)v;
    }
}

static void run(const char *label, uint64_t count, const uint64_t *s, size_t k)
{
    sg_value_t *a = (sg_value_t *)bench_alloc((size_t)count * sizeof *a);
    sg_value_t *b = (sg_value_t *)bench_alloc((size_t)count * sizeof *b);
    double best_lib = 1e30, best_base = 1e30, t;
    int rep, reps = bench_reps(), st = SG_OK;
    sg_period_t p;
    char name[96], fig[64];

    memset(&p, 0, sizeof p);
    sg_subtraction_period(s, k, &p);
    for (rep = 0; rep < reps; rep++) {
        t = bench_now();
        st |= sg_subtraction_table(a, count, s, k);
        t = bench_now() - t;
        if (t < best_lib) best_lib = t;
        t = bench_now();
        contest_loop(b, count, s, k);
        t = bench_now() - t;
        if (t < best_base) best_base = t;
    }
    snprintf(name, sizeof name, "subtraction %s, %.0e pos (period %llu)", label, (double)count,
             (unsigned long long)p.period);
    snprintf(fig, sizeof fig, "%.3g pos/s", (double)count / best_lib);
    bench_line(name, best_lib, best_base, fig,
               st == SG_OK && memcmp(a, b, (size_t)count * sizeof *a) == 0);
    free(a);
    free(b);
}

int main(int argc, char **argv)
{
    static const uint64_t s1[] = {1, 3, 4};
    static const uint64_t s2[] = {2, 5, 7, 11, 13, 17, 19, 23};
    static const uint64_t s3[] = {3, 4, 9, 28, 41, 60};
    uint64_t count = argc > 1 ? strtoull(argv[1], NULL, 0) : 100000000u;
    bench_header();
    run("{1,3,4}", count, s1, 3);
    run("{2,5,7,...,23}", count, s2, 8);
    run("{3,4,9,28,41,60}", count, s3, 6);
    return bench_failures != 0;
}
