/* sg_mex on sets of up to 64 values against the textbook loop (clear a bool array, mark, scan).
 * The figure also gives the floor of any out-of-line mex in this loop: the same calls to a
 * function that only returns its first value ("call"). */
#include "bench.h"

#define MEX_SETS 4096
#define MEX_ROUNDS 400

static sg_value_t plain_mex(const sg_value_t *v, size_t k)
{
    unsigned char seen[129];
    size_t i;
    memset(seen, 0, k + 1);
    for (i = 0; i < k; i++)
        if (v[i] <= k) seen[v[i]] = 1;
    for (i = 0; seen[i]; i++)
        ;
    return (sg_value_t)i;
}

/* kept out of line and out of interprocedural analysis, like a call into the library */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((noinline, noipa))
#elif defined(__clang__)
__attribute__((noinline))
#endif
static sg_value_t call_only(const sg_value_t *v, size_t k)
{
    (void)k;
    return v[0];
}

static volatile uint64_t call_sink;

static void run(size_t k)
{
    sg_value_t *vals = (sg_value_t *)bench_alloc(MEX_SETS * k * sizeof *vals);
    double best_lib = 1e30, best_base = 1e30, best_call = 1e30, t;
    uint64_t sum_lib = 0, sum_base = 0;
    size_t i, s, r;
    int rep, reps = bench_reps();
    char name[64], fig[64];

    /* option values of a typical position: mostly small, some duplicates, some large */
    for (i = 0; i < MEX_SETS * k; i++) {
        uint64_t x = bench_rand();
        vals[i] = (x & 7) == 0 ? (sg_value_t)(x >> 40) : (sg_value_t)((x >> 8) % (k + 1));
    }
    for (rep = 0; rep < reps; rep++) {
        uint64_t a = 0, b = 0, c = 0;
        t = bench_now();
        for (r = 0; r < MEX_ROUNDS; r++)
            for (s = 0; s < MEX_SETS; s++) a += sg_mex(vals + s * k, k);
        t = bench_now() - t;
        if (t < best_lib) best_lib = t;
        t = bench_now();
        for (r = 0; r < MEX_ROUNDS; r++)
            for (s = 0; s < MEX_SETS; s++) b += plain_mex(vals + s * k, k);
        t = bench_now() - t;
        if (t < best_base) best_base = t;
        t = bench_now();
        for (r = 0; r < MEX_ROUNDS; r++)
            for (s = 0; s < MEX_SETS; s++) c += call_only(vals + s * k, k);
        t = bench_now() - t;
        if (t < best_call) best_call = t;
        call_sink = c;
        sum_lib = a;
        sum_base = b;
    }
    snprintf(name, sizeof name, "sg_mex, %zu values", k);
    snprintf(fig, sizeof fig, "%.3f ns/value, call %.3f",
             best_lib * 1e9 / ((double)MEX_ROUNDS * MEX_SETS * (double)k),
             best_call * 1e9 / ((double)MEX_ROUNDS * MEX_SETS * (double)k));
    bench_line(name, best_lib, best_base, fig, sum_lib == sum_base);
    free(vals);
}

int main(void)
{
    static const size_t ks[] = {4, 8, 16, 32, 48, 63, 64, 100};
    size_t i;
    bench_header();
    for (i = 0; i < sizeof ks / sizeof ks[0]; i++) run(ks[i]);
    return bench_failures != 0;
}
