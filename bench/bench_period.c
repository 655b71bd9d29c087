/* The period search of take-and-break games: the incremental search (sg__match_t, as the
 * prover of octal_period.c runs it: the theorem tried every N/16 values) against the plain
 * search that rescans each candidate q from the top at every check (stopping once the match is
 * too short to prove anything), over the same values. Cases: Kayles and .354 (short matches:
 * both cheap), .376 to 2^20 (its multiples of 4 begin to match down to the preperiod), and a
 * made-up sequence with period 4 after a long preperiod whose exceptions thin out towards its
 * end, as .376's do: there the plain search is quadratic. Then the whole proof of .376
 * (preperiod 2,268,248, period 4) by sg_octal_prove, libsg alone.
 * Arguments: log2 of .376's size (20), the made-up size (120000), 0 to skip the whole proof. */
#include "bench.h"

#include "../lib/games/octal/take_break.h"

typedef struct {
    uint64_t at, n0, q;   /* the check that proved, the start, the period used (at 0: none) */
} found_t;

static uint64_t next_check(uint64_t N) { return N + (N / 16 > 64 ? N / 16 : 64); }

/* the theorem with two-part splits: c*n1 + c*q + t <= N, c = 2 */
static int holds(uint64_t r, uint64_t q, uint64_t t, uint64_t N)
{
    return 2 * (r > 1 ? r : 1) + 2 * q + t <= N;
}

static int lib_search(const sg_value_t *G, uint64_t count, uint64_t t, found_t *f)
{
    sg__match_t m;
    sg__vals_t vals = {NULL, NULL, NULL};
    uint64_t N, q, qmax;
    int st = SG_OK;
    memset(f, 0, sizeof *f);
    vals.g32 = G;
    sg__match_init(&m);
    for (N = 64; N <= count && st == SG_OK && !f->at; N = next_check(N)) {
        qmax = N < t + 4 ? 0 : (N - t - 2) / 2;
        if ((st = sg__match_update(&m, &vals, N, qmax)) != SG_OK) break;
        for (q = sg__match_half(&m, 1); q != 0 && q <= qmax; q = sg__match_half(&m, q + 1))
            if (holds(sg__match_start(&m, &vals, q), q, t, N)) {
                f->at = N;
                f->n0 = sg__match_start(&m, &vals, q);
                f->q = q;
                break;
            }
    }
    sg__match_release(&m);
    return st;
}

/* the plain search: every q rescanned from the top at every check */
static void plain_search(const sg_value_t *G, uint64_t count, uint64_t t, found_t *f)
{
    uint64_t N, q, n, nmax;
    memset(f, 0, sizeof *f);
    for (N = 64; N <= count && !f->at; N = next_check(N)) {
        for (q = 1; 2 * q + t + 2 <= N; q++) {
            nmax = (N - 2 * q - t) / 2;   /* the largest start that can still prove */
            for (n = N - q; n > nmax; n--)
                if (G[n - 1] != G[n - 1 + q]) break;
            if (n > nmax) continue;
            for (; n > 0; n--)
                if (G[n - 1] != G[n - 1 + q]) break;
            f->at = N;
            f->n0 = n;
            f->q = q;
            break;
        }
    }
}

static void search_case(const char *name, const sg_value_t *G, uint64_t count, uint64_t t)
{
    double best_lib = 1e30, best_base = 1e30, s;
    found_t a, b;
    int rep, reps = bench_reps(), st = SG_OK;
    char fig[64];
    for (rep = 0; rep < reps; rep++) {
        s = bench_now();
        st |= lib_search(G, count, t, &a);
        s = bench_now() - s;
        if (s < best_lib) best_lib = s;
        s = bench_now();
        plain_search(G, count, t, &b);
        s = bench_now() - s;
        if (s < best_base) best_base = s;
    }
    if (a.at)
        snprintf(fig, sizeof fig, "q %llu from %llu at %llu", (unsigned long long)a.q,
                 (unsigned long long)a.n0, (unsigned long long)a.at);
    else
        snprintf(fig, sizeof fig, "%.3g values/s, none", (double)count / best_lib);
    bench_line(name, best_lib, best_base, fig,
               st == SG_OK && a.at == b.at && a.n0 == b.n0 && a.q == b.q);
}

static void game_case(const char *code, uint64_t count)
{
    sg_octal_t *g = NULL;
    sg__octal_run_t run;
    sg_value_t *G = (sg_value_t *)bench_alloc((size_t)count * sizeof *G);
    char name[96];
    int st = sg_octal_parse(code, &g);
    if (st == SG_OK) {
        sg__octal_run_init(&run, g);
        st = sg__octal_run(&run, G, count);
        sg__octal_run_release(&run);
    }
    snprintf(name, sizeof name, "search %s, %.3g values", code, (double)count);
    if (st == SG_OK)
        search_case(name, G, count, g->t);
    else
        bench_line(name, 0, 0, "no values", 0);
    sg_octal_free(g);
    free(G);
}

/* period 4 from pre = 2/5 of the values; below pre a value is an exception with probability
 * 1/3 in the first half, 1/300 in the second (the last one at pre - 1) */
static void made_up_case(uint64_t count)
{
    sg_value_t *G = (sg_value_t *)bench_alloc((size_t)count * sizeof *G);
    uint64_t pre = count / 5 * 2, n;
    char name[96];
    for (n = 0; n < 4; n++) G[pre + n] = (sg_value_t)(bench_rand() % 8);
    for (n = pre + 4; n < count; n++) G[n] = G[n - 4];
    for (n = pre; n-- > 0;) {
        sg_value_t tail = G[pre + (n + 4 - pre % 4) % 4];
        uint64_t rate = n < pre / 2 ? 3 : 300;
        G[n] = n == pre - 1         ? tail ^ 1
               : bench_rand() % rate ? tail
                                     : (sg_value_t)(bench_rand() % 8);
    }
    snprintf(name, sizeof name, "search made-up period 4, %.3g values", (double)count);
    search_case(name, G, count, 2);
    free(G);
}

static void proof_case(void)
{
    sg_octal_t *g = NULL;
    sg_octal_proof_t pr;
    double s = 0;
    char fig[64];
    int st = sg_octal_parse("0.376", &g);
    memset(&pr, 0, sizeof pr);
    if (st == SG_OK) {
        s = bench_now();
        st = sg_octal_prove(g, (uint64_t)1 << 23, &pr);
        s = bench_now() - s;
    }
    snprintf(fig, sizeof fig, "%llu values", (unsigned long long)pr.computed);
    bench_line("prove 0.376 (2268248, 4), values included", s, 0, fig,
               st == SG_OK && pr.period.proven && pr.period.preperiod == 2268248 &&
                   pr.period.period == 4);
    sg_octal_free(g);
}

int main(int argc, char **argv)
{
    unsigned log2 = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : 20u;
    uint64_t made = argc > 2 ? strtoull(argv[2], NULL, 0) : 120000u;
    int whole = argc > 3 ? atoi(argv[3]) : 1;
    bench_header();
    game_case("0.77", 100000);
    game_case("0.354", (uint64_t)1 << 18);
    game_case("0.376", (uint64_t)1 << log2);
    made_up_case(made);
    if (whole) proof_case();
    return bench_failures ? 1 : 0;
}
