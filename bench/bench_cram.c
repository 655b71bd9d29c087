/* Cram on 4 x n boards: the structured-position store of sg_cram_* (regions of empty cells
 * valued apart, each stored once for its 8 rotations and reflections) against the plain
 * 64-bit memo (sg_memo_*) over the board's bitmask, the rule a user writes without the store:
 * every domino, no split, no symmetry, each side the best of its repetitions. The memo runs
 * while a board takes it under MEMO_LIMIT seconds (by default it stops after 4 x 7, some 7 s;
 * 4 x 8 would take ten times that); the store goes on to larger boards. Then the outcome
 * search (nimber pruning) against the full value, on fresh stores: time and positions
 * searched. Values must agree. A side of milliseconds runs until it has had a quarter of a
 * second (bench_again), its best run kept. The last line holds the store to 10x the memo on
 * every board whose memo takes a millisecond or more (bench_target_t).
 * usage: bench_cram [N_MAX [MEMO_LIMIT]] (default 4 x 3 .. 4 x 9, 5 s) */
#include "bench.h"

static unsigned g_w;     /* the board's width; 4 rows */

static int memo_rule(void *user, uint64_t p, sg_moves_t *out)
{
    unsigned i, cells = 4 * g_w;
    (void)user;
    for (i = 0; i < cells; i++) {
        uint64_t a = (uint64_t)1 << i;
        if (!(p & a)) continue;
        if (i % g_w + 1 < g_w && (p & a << 1)) sg_move_to(out, p & ~(a | a << 1));
        if (i + g_w < cells && (p & a << g_w)) sg_move_to(out, p & ~(a | a << g_w));
    }
    return 0;
}

static int memo_value(unsigned w, sg_value_t *v, uint64_t *positions)
{
    sg_memo_t *m = NULL;
    int st;
    g_w = w;
    if ((st = sg_memo_create(&m, memo_rule, NULL)) != SG_OK) return st;
    st = sg_memo_value(m, ((uint64_t)1 << (4 * w)) - 1, v);
    *positions = sg_memo_count(m);
    sg_memo_free(m);
    return st;
}

/* a fresh store each time: the value (outcome 0) or the outcome (1) of the empty 4 x w board */
static int store_run(unsigned w, int outcome, sg_value_t *v, sg_store_stats_t *stats)
{
    sg_store_t *s = NULL;
    int st, next = 0;
    if ((st = sg_cram_store_create(&s, NULL)) != SG_OK) return st;
    if (outcome) {
        st = sg_cram_outcome(s, 4, w, 0, &next);
        *v = (sg_value_t)next;
    } else {
        st = sg_cram_value(s, 4, w, 0, v);
    }
    sg_store_stats(s, stats);
    sg_store_free(s);
    return st;
}

int main(int argc, char **argv)
{
    unsigned nmax = argc > 1 ? (unsigned)atoi(argv[1]) : 9, w;
    double limit = argc > 2 ? atof(argv[2]) : 5.0, t, lib, base, spent;
    int memo_on = 1, r;
    bench_target_t target = {"store", "memo", 10, 1e-3, 0, "", 0};
    if (nmax > 16) nmax = 16;
    printf("Cram on 4 x n: the store (split, 8 symmetries) against the plain 64-bit memo; "
           "outcome against value\n");
    bench_header();
    for (w = 3; w <= nmax; w++) {
        sg_value_t vs = 0, vm = 0, vo = 0;
        sg_store_stats_t ss, so;
        uint64_t mpos = 0;
        char name[64], fig[64];
        int ok = 1;
        lib = 1e30;
        for (r = 0, spent = 0; bench_again(r, spent); r++, spent += t) {
            t = bench_now();
            ok &= store_run(w, 0, &vs, &ss) == SG_OK;
            t = bench_now() - t;
            if (t < lib) lib = t;
            if (t > 60) break;
        }
        base = 0;
        if (memo_on) {
            base = 1e30;
            for (r = 0, spent = 0; bench_again(r, spent); r++, spent += t) {
                t = bench_now();
                ok &= memo_value(w, &vm, &mpos) == SG_OK;
                t = bench_now() - t;
                if (t < base) base = t;
                if (t > 60) break;
            }
            if (base > limit) memo_on = 0;
            ok &= vm == vs;
        }
        snprintf(name, sizeof name, "cram 4x%u value: store vs memo", w);
        if (base > 0)
            snprintf(fig, sizeof fig, "G=%u %llu vs %llu pos", (unsigned)vs,
                     (unsigned long long)ss.positions, (unsigned long long)mpos);
        else
            snprintf(fig, sizeof fig, "G=%u %llu pos", (unsigned)vs,
                     (unsigned long long)ss.positions);
        bench_line(name, lib, base, fig, ok);
        snprintf(name, sizeof name, "4x%u", w);
        bench_target_case(&target, name, lib, base);
        /* the outcome against the value, both on the store */
        base = lib;
        lib = 1e30;
        for (r = 0, spent = 0; bench_again(r, spent); r++, spent += t) {
            t = bench_now();
            ok &= store_run(w, 1, &vo, &so) == SG_OK;
            t = bench_now() - t;
            if (t < lib) lib = t;
            if (t > 60) break;
        }
        snprintf(name, sizeof name, "cram 4x%u outcome vs value (store)", w);
        snprintf(fig, sizeof fig, "nodes %llu vs %llu", (unsigned long long)so.nodes,
                 (unsigned long long)ss.nodes);
        bench_line(name, lib, base, fig, ok && (vo != 0) == (vs != 0));
    }
    bench_target_report(&target);
    return bench_failures != 0;
}
