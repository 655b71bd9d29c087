/* nim_mul on 10^6 random 64-bit pairs against the plain recursion on Fermat 2-powers:
 * (a1 F + a0)(b1 F + b0) = (a1 b1 + a1 b0 + a0 b1) F + a0 b0 + a1 b1 (F/2), F = 2^(w/2). */
#include "bench.h"
#include "../tests/brute.h"   /* brute_nim_mul: the plain recursion */

int main(int argc, char **argv)
{
    size_t count = argc > 1 ? (size_t)strtoull(argv[1], NULL, 0) : 1000000u, i;
    uint64_t *x = (uint64_t *)bench_alloc(2 * count * sizeof *x);
    double best_lib = 1e30, best_base = 1e30, t;
    uint64_t hl = 0, hb = 0;
    int rep, reps = bench_reps();
    char name[64], fig[64];
    for (i = 0; i < 2 * count; i++) x[i] = bench_rand();
    bench_header();
    for (rep = 0; rep < reps; rep++) {
        uint64_t h = 0;
        t = bench_now();
        for (i = 0; i < count; i++) h = h * 31 + nim_mul(x[2 * i], x[2 * i + 1]);
        t = bench_now() - t;
        if (t < best_lib) best_lib = t;
    }
    /* the plain recursion takes seconds per 10^6 products: it is timed once on a tenth of the
     * pairs and scaled; both sides are compared on that tenth */
    for (i = 0; i < count / 10; i++) hl = hl * 31 + nim_mul(x[2 * i], x[2 * i + 1]);
    t = bench_now();
    for (i = 0; i < count / 10; i++) hb = hb * 31 + brute_nim_mul(x[2 * i], x[2 * i + 1], 64);
    best_base = (bench_now() - t) * (double)count / (double)(count / 10);
    snprintf(name, sizeof name, "nim_mul, %.0e random 64-bit pairs", (double)count);
    snprintf(fig, sizeof fig, "%.1f ns/product", best_lib * 1e9 / (double)count);
    bench_line(name, best_lib, best_base, fig, hl == hb);
    free(x);
    return bench_failures != 0;
}
