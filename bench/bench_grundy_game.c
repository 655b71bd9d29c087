/* Grundy's game: sg_grundy_game_table against the plain O(n^2) loop (mark every split, scan),
 * then the library alone on long runs with its steady rate. */
#include "bench.h"

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
        if (prev_n)
            snprintf(fig, sizeof fig, "%.3g pos/s (2^%u..2^%u)",
                     (double)(n - prev_n) / (tl - prev_t), k - 2, k);
        else
            snprintf(fig, sizeof fig, "%.3g pos/s", (double)n / tl);
        bench_line(name, tl, 0, fig, st == SG_OK);
        prev_n = n;
        prev_t = tl;
    }
    free(a);
    return bench_failures != 0;
}
