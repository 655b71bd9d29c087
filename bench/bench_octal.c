/* Take-and-break games: the value kernel alone (no period detection) against the
 * straightforward loop (mark every option in a byte array, scan for the mex); Treblecross long
 * enough for values in two bytes, and once to 2^20; Officers (0.6) with its sparse-space engine,
 * side by side with that loop and to 2^21 values; the automatic choice of the sparse engine
 * against the plain kernel alone (it must never be more than 1.1x slower); then sg_octal_table
 * with its proof and copy, a growing hexadecimal game (one addition a value once its arithmetic
 * period is proven, against the loop's cubic time), and the time to prove long periods.
 * Arguments: the side-by-side size (100000), the Treblecross size (131072), log2 of its long
 * run (20), log2 of Officers' long run (21). Groups (BENCH_GROUPS, bench.h): kernel, long,
 * officers, choice, table, proof. */
#include "bench.h"

#include "../lib/games/octal/take_break.h"

/* The loop a user would write from the digit definition. */
static void plain_octal(const sg_octal_t *g, sg_value_t *G, uint64_t count)
{
    static unsigned char seen[4096];
    uint64_t n, i, a, b;
    sg_value_t v;
    for (n = 0; n < count; n++) {
        memset(seen, 0, sizeof seen);
        for (i = 0; i <= g->t && i <= n; i++) {
            if ((g->d[i] & 1) && n == i) seen[0] = 1;
            if ((g->d[i] & 2) && n > i) seen[G[n - i]] = 1;
            if ((g->d[i] & 4) && n >= i + 2)
                for (a = 1; 2 * a <= n - i; a++) seen[G[a] ^ G[n - i - a]] = 1;
            if (g->d[i] & 8)   /* three heaps a <= b <= the rest */
                for (a = 1; 3 * a <= n - i; a++)
                    for (b = a; a + 2 * b <= n - i; b++) seen[G[a] ^ G[b] ^ G[n - i - a - b]] = 1;
        }
        for (v = 0; seen[v]; v++)
            ;
        G[n] = v;
    }
}

static void kernel_case(const char *code, uint64_t count)
{
    sg_octal_t *g = NULL;
    sg_value_t *a = (sg_value_t *)bench_alloc((size_t)count * sizeof *a);
    sg_value_t *b = (sg_value_t *)bench_alloc((size_t)count * sizeof *b);
    double best_lib = 1e30, best_base = 1e30, t;
    int rep, reps = bench_reps(), st = sg_octal_parse(code, &g);
    char name[96], fig[64];
    for (rep = 0; st == SG_OK && rep < reps; rep++) {
        sg__octal_run_t run;
        sg__octal_run_init(&run, g);
        t = bench_now();
        st |= sg__octal_run(&run, a, count);
        t = bench_now() - t;
        sg__octal_run_release(&run);
        if (t < best_lib) best_lib = t;
        t = bench_now();
        plain_octal(g, b, count);
        t = bench_now() - t;
        if (t < best_base) best_base = t;
    }
    snprintf(name, sizeof name, "octal %s kernel, %.0e values", code, (double)count);
    snprintf(fig, sizeof fig, "%.3g splits/s",
             (double)count * (double)count / 4 / best_lib);
    bench_line(name, best_lib, best_base, fig,
               st == SG_OK && memcmp(a, b, (size_t)count * sizeof *a) == 0);
    sg_octal_free(g);
    free(a);
    free(b);
}

/* A long run of the kernel alone, once (values pass 256 early: the two-byte path); the first
 * values are checked against the plain loop. The target: Treblecross (0.007) to 2^20 values in
 * at most 30 s on one core. */
static void long_case(const char *code, unsigned log2, double target)
{
    uint64_t count = (uint64_t)1 << log2, check = count < 65536 ? count : 65536;
    sg_octal_t *g = NULL;
    sg_value_t *a = (sg_value_t *)bench_alloc((size_t)count * sizeof *a);
    sg_value_t *b = (sg_value_t *)bench_alloc((size_t)check * sizeof *b);
    sg__octal_run_t run;
    double t = 0;
    int st = sg_octal_parse(code, &g);
    char name[96], fig[64];
    sg_value_t mx = 0;
    uint64_t n;
    if (st == SG_OK) {
        sg__octal_run_init(&run, g);
        t = bench_now();
        st = sg__octal_run(&run, a, count);
        t = bench_now() - t;
        sg__octal_run_release(&run);
        plain_octal(g, b, check);
    }
    for (n = 0; st == SG_OK && n < count; n++) mx = a[n] > mx ? a[n] : mx;
    snprintf(name, sizeof name, "octal %s kernel, 2^%u values (one run)", code, log2);
    snprintf(fig, sizeof fig, "max %u; %s %.0f s", mx, t <= target ? "within" : "NOT within",
             target);
    bench_line(name, t, 0, fig, st == SG_OK && memcmp(a, b, (size_t)check * sizeof *a) == 0);
    sg_octal_free(g);
    free(a);
    free(b);
}

/* The value engine of `code` to `count` in a sparse mode (SG__OCTAL_AUTO, or SG__OCTAL_PLAIN:
 * the plain kernel alone); CPU seconds. */
static double engine_time(const sg_octal_t *g, sg_value_t *G, uint64_t count, int mode, int *st)
{
    sg__octal_run_t run;
    double t;
    sg__octal_run_init(&run, g);
    run.sparse_mode = mode;
    t = bench_now();
    *st |= sg__octal_run(&run, G, count);
    t = bench_now() - t;
    sg__octal_run_release(&run);
    return t;
}

/* Officers, 0.6 (no period known; values keep growing): the library's engine (sparse space
 * from about n = 20000 on) against the straightforward loop at 2^log2 values. Keeps the values
 * in *keep for the long run's check. */
static void officers_case(unsigned log2, sg_value_t **keep, uint64_t *keep_count)
{
    uint64_t count = (uint64_t)1 << log2;
    sg_octal_t *g = NULL;
    sg_value_t *a = (sg_value_t *)bench_alloc((size_t)count * sizeof *a);
    sg_value_t *b = (sg_value_t *)bench_alloc((size_t)count * sizeof *b);
    double best_lib = 1e30, best_base = 1e30, t;
    int rep, reps = bench_reps(), st = sg_octal_parse("0.6", &g);
    char name[96], fig[64];
    for (rep = 0; st == SG_OK && rep < reps; rep++) {
        t = engine_time(g, a, count, SG__OCTAL_AUTO, &st);
        if (t < best_lib) best_lib = t;
        t = bench_now();
        plain_octal(g, b, count);
        t = bench_now() - t;
        if (t < best_base) best_base = t;
    }
    snprintf(name, sizeof name, "octal 0.6 (Officers) kernel, 2^%u values", log2);
    snprintf(fig, sizeof fig, "%.3g values/s", (double)count / best_lib);
    bench_line(name, best_lib, best_base, fig,
               st == SG_OK && memcmp(a, b, (size_t)count * sizeof *a) == 0);
    sg_octal_free(g);
    free(a);
    *keep = b;
    *keep_count = count;
}

/* Officers to 2^log2 values through sg_octal_table, one run (target: 2^21 in at most 5 s on
 * one core). The first values are checked against the straightforward loop's. */
static void officers_long(unsigned log2, const sg_value_t *plain, uint64_t nplain)
{
    uint64_t count = (uint64_t)1 << log2;
    sg_octal_t *g = NULL;
    sg_value_t *a = (sg_value_t *)bench_alloc((size_t)count * sizeof *a);
    int st = sg_octal_parse("0.6", &g);
    char name[96], fig[64];
    double t = 0;
    if (st == SG_OK) {
        t = bench_now();
        st = sg_octal_table(g, a, count);
        t = bench_now() - t;
    }
    snprintf(name, sizeof name, "octal 0.6 (Officers) table, 2^%u values", log2);
    snprintf(fig, sizeof fig, "target 5 s: %s", t <= 5.0 ? "met" : "MISSED");
    bench_line(name, t, 0, fig,
               st == SG_OK &&
                   memcmp(a, plain, (size_t)(nplain < count ? nplain : count) * sizeof *a) == 0);
    sg_octal_free(g);
    free(a);
}

/* The automatic choice against the plain kernel alone, same binary, same values: the sparse
 * engine may only run where it pays, so the ratio must stay at or above 1/1.1. */
static void choice_case(const char *code, unsigned log2)
{
    uint64_t count = (uint64_t)1 << log2;
    sg_octal_t *g = NULL;
    sg_value_t *a = (sg_value_t *)bench_alloc((size_t)count * sizeof *a);
    sg_value_t *b = (sg_value_t *)bench_alloc((size_t)count * sizeof *b);
    double best_auto = 1e30, best_plain = 1e30, t;
    int rep, reps = bench_reps(), st = sg_octal_parse(code, &g);
    char name[96], fig[64];
    /* both into the same buffer: the timing of these loops depends on where it lies */
    for (rep = 0; st == SG_OK && rep < reps; rep++) {
        t = engine_time(g, a, count, SG__OCTAL_AUTO, &st);
        if (t < best_auto) best_auto = t;
        memcpy(b, a, (size_t)count * sizeof *a);
        t = engine_time(g, a, count, SG__OCTAL_PLAIN, &st);
        if (t < best_plain) best_plain = t;
    }
    snprintf(name, sizeof name, "octal %s auto vs plain kernel, 2^%u", code, log2);
    snprintf(fig, sizeof fig, "target >= 0.91x: %s",
             best_plain >= best_auto / 1.1 ? "met" : "MISSED");
    bench_line(name, best_auto, best_plain, fig,
               st == SG_OK && memcmp(a, b, (size_t)count * sizeof *a) == 0);
    sg_octal_free(g);
    free(a);
    free(b);
}

/* sg_octal_table of a periodic game: the proof fires early, the rest is copied. The baseline
 * would be O(count^2): only the library runs; the check is the proven period itself. */
static void table_case(const char *code, uint64_t count)
{
    sg_octal_t *g = NULL;
    sg_value_t *a = (sg_value_t *)bench_alloc((size_t)count * sizeof *a);
    double best = 1e30, t;
    int rep, reps = bench_reps(), st = sg_octal_parse(code, &g), ok = 1;
    sg_period_t p;
    char name[96], fig[64];
    uint64_t n;
    memset(a, 0, (size_t)count * sizeof *a);   /* the pages are the caller's, touched once */
    memset(&p, 0, sizeof p);
    if (st == SG_OK) st = sg_octal_period(g, 100000, &p);
    for (rep = 0; st == SG_OK && rep < reps; rep++) {
        t = bench_now();
        st |= sg_octal_table(g, a, count);
        t = bench_now() - t;
        if (t < best) best = t;
    }
    if (st != SG_OK || !p.proven) ok = 0;
    for (n = p.preperiod; ok && n + p.period < count; n++)
        if (a[n] != a[n + p.period]) ok = 0;
    snprintf(name, sizeof name, "octal %s table, %.0e values", code, (double)count);
    snprintf(fig, sizeof fig, "%.3g values/s", (double)count / best);
    bench_line(name, best, 0, fig, ok);
    sg_octal_free(g);
    free(a);
}

/* A growing hexadecimal game (0.8: G(n + 3) = G(n) + 1): sg_octal_table against the loop, which
 * takes cubic time, at `count`; then the table alone at 2^log2, held to the proven pattern. */
static void growth_case(const char *code, uint64_t count, unsigned log2)
{
    uint64_t big = (uint64_t)1 << log2, n;
    sg_octal_t *g = NULL;
    sg_value_t *a = (sg_value_t *)bench_alloc((size_t)big * sizeof *a);
    sg_value_t *b = (sg_value_t *)bench_alloc((size_t)count * sizeof *b);
    double lib, base;
    int st = sg_octal_parse(code, &g), ok;
    sg_period_t p;
    char name[96], fig[64];
    memset(&p, 0, sizeof p);
    if (st == SG_OK) st = sg_octal_period(g, 4096, &p);
    lib = bench_now();
    if (st == SG_OK) st = sg_octal_table(g, a, count);
    lib = bench_now() - lib;
    base = bench_now();
    if (st == SG_OK) plain_octal(g, b, count);
    base = bench_now() - base;
    ok = st == SG_OK && p.proven && p.saltus > 0 && memcmp(a, b, (size_t)count * sizeof *a) == 0;
    snprintf(name, sizeof name, "octal %s table, %llu values (grows)", code,
             (unsigned long long)count);
    snprintf(fig, sizeof fig, "G(n + %llu) = G(n) + %u", (unsigned long long)p.period, p.saltus);
    bench_line(name, lib, base, fig, ok);
    lib = bench_now();
    if (st == SG_OK) st = sg_octal_table(g, a, big);
    lib = bench_now() - lib;
    for (n = p.preperiod, ok = st == SG_OK; ok && n + p.period < big; n++)
        ok = a[n + p.period] == a[n] + p.saltus;
    snprintf(name, sizeof name, "octal %s table, 2^%u values (grows)", code, log2);
    snprintf(fig, sizeof fig, "%.3g values/s", (double)big / lib);
    bench_line(name, lib, 0, fig, ok);
    sg_octal_free(g);
    free(a);
    free(b);
}

static void proof_case(const char *code, uint64_t pre, uint64_t per)
{
    sg_octal_t *g = NULL;
    sg_octal_proof_t pr;
    double best = 1e30, t;
    int rep, reps = bench_reps(), st = sg_octal_parse(code, &g);
    char name[96], fig[64];
    memset(&pr, 0, sizeof pr);
    for (rep = 0; st == SG_OK && rep < reps; rep++) {
        t = bench_now();
        st |= sg_octal_prove(g, 1000000, &pr);
        t = bench_now() - t;
        if (t < best) best = t;
    }
    snprintf(name, sizeof name, "octal %s proof (%llu + %llu)", code, (unsigned long long)pre,
             (unsigned long long)per);
    snprintf(fig, sizeof fig, "%llu values computed", (unsigned long long)pr.computed);
    bench_line(name, best, 0, fig,
               st == SG_OK && pr.period.proven && pr.period.preperiod == pre &&
                   pr.period.period == per);
    sg_octal_free(g);
}

int main(int argc, char **argv)
{
    uint64_t scale = argc > 1 ? strtoull(argv[1], NULL, 0) : 100000u;
    uint64_t treble = argc > 2 ? strtoull(argv[2], NULL, 0) : 131072u;
    unsigned log2 = argc > 3 ? (unsigned)strtoul(argv[3], NULL, 0) : 20u;
    unsigned longest = argc > 4 ? (unsigned)strtoul(argv[4], NULL, 0) : 21u;
    bench_header();
    if (bench_group("kernel")) {
        kernel_case("0.07", scale);
        kernel_case("0.77", scale / 2);
        kernel_case("0.137", scale / 2);
        kernel_case("4.07", scale / 2);
        kernel_case("0.6", scale / 4);
        kernel_case("0.007", scale / 4);
        kernel_case("0.007", treble);   /* values in two bytes from n = 9168 */
    }
    if (bench_group("long")) long_case("0.007", log2, 30.0);
    if (bench_group("officers")) {
        sg_value_t *officers = NULL;
        uint64_t nofficers = 0;
        officers_case(16, &officers, &nofficers);
        officers_long(longest, officers, nofficers);
        free(officers);
    }
    if (bench_group("choice")) {
        static const char *const codes[] = {"0.6", "0.007", "0.137", "0.165", "0.35"};
        size_t i;
        for (i = 0; i < sizeof codes / sizeof codes[0]; i++) {
            choice_case(codes[i], 14);
            choice_case(codes[i], 16);
        }
        choice_case("0.007", 17);
    }
    if (bench_group("table")) {
        table_case("0.07", 100 * scale);
        table_case("0.77", 100 * scale);
        growth_case("0.8", 4096, 24);
    }
    if (bench_group("proof")) {
        proof_case("0.156", 3479, 349);
        proof_case("0.644", 3256, 442);
    }
    return bench_failures != 0;
}
