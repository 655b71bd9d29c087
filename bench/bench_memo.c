/* The memos over 64-bit keys (sg_memo_value, sg_misere_memo_outcome) against the table engine
 * (sg_table_build) on the same rules: a subtraction-style rule with 8 options per position and
 * a DAG with random options. Every position is asked, from the top down, with the keys
 * scattered over 64 bits (key = n times an odd constant), so the memo cannot lean on their
 * order; then every stored value is asked again (hits only). The figure is the time per
 * position; the ratio says what the hash table costs over a table. The values are checked
 * against the table engine's, the misere outcomes against a plain loop over the positions in
 * order (outside the timings). */
#include "bench.h"

/* odd: n -> n * SCATTER is a bijection of 64 bits. Not the golden-ratio constant: a table that
 * hashes by multiplying by it (as the misere memo of 0.2.0 did) maps n * it to n times its
 * square, whose low bits are a permutation of n's, so consecutive n never collide there. */
#define SCATTER 0xd6e8feb86659fd93ULL
#define UNSCATTER 0xcfee444d8b59a89bULL /* its inverse modulo 2^64 */

static const uint64_t moves8[8] = {1, 2, 3, 5, 8, 13, 21, 34};

/* j-th option of n (j < OPTIONS), or n itself when there is none: every option is below n */
static uint64_t sub8_option(uint64_t n, uint64_t j)
{
    return moves8[j] <= n ? n - moves8[j] : n;
}

#define DAG_OPTIONS 4

static uint64_t dag_option(uint64_t n, uint64_t j)
{
    return n == 0 ? 0 : bench_hash(n * DAG_OPTIONS + j) % n;
}

/* A rule per game and per key layout: positions as they are (the table) or scattered */
#define RULE(name, option, options, in, to)                                                   \
    static int name(void *user, uint64_t key, sg_moves_t *out)                                \
    {                                                                                         \
        uint64_t n = (in), j, y;                                                              \
        (void)user;                                                                           \
        for (j = 0; j < (options) && (y = option(n, j)) != n; j++) sg_move_to(out, (to));     \
        return 0;                                                                             \
    }
RULE(rule8_table, sub8_option, 8, key, y)
RULE(rule8_keys, sub8_option, 8, key * UNSCATTER, y * SCATTER)
RULE(dag_table, dag_option, DAG_OPTIONS, key, y)
RULE(dag_keys, dag_option, DAG_OPTIONS, key * UNSCATTER, y * SCATTER)

/* The misere outcomes of positions 0..count-1 in order (1: the player to move wins): N when
 * there is no move or some option is P. */
static unsigned char *misere_plain(uint64_t (*option)(uint64_t, uint64_t), uint64_t options,
                                   uint64_t count)
{
    unsigned char *win = (unsigned char *)bench_alloc((size_t)count);
    uint64_t n, j, y;
    for (n = 0; n < count; n++) {
        int any = 0, to_p = 0;
        for (j = 0; j < options && (y = option(n, j)) != n; j++) {
            any = 1;
            if (!win[y]) to_p = 1;
        }
        win[n] = (unsigned char)(!any || to_p);
    }
    return win;
}

static int misere = 1;   /* 0: the normal-play memo alone (argument "memo") */
static int normal = 1;   /* 0: the misere memo alone (argument "misere") */

static void run(const char *name, sg_rule_fn table_rule, sg_rule_fn key_rule,
                uint64_t (*option)(uint64_t, uint64_t), uint64_t options, uint64_t count)
{
    sg_value_t *t = (sg_value_t *)bench_alloc(count * sizeof *t);
    unsigned char *win = misere ? misere_plain(option, options, count) : NULL;
    double lib = 1e30, base = 1e30, again = 1e30, mis = 1e30, t0;
    uint64_t n, bad = 0, misbad = 0;
    int r, reps = bench_reps(), agree = 1;
    char line[64], fig[32];
    for (r = 0; r < reps; r++) {
        t0 = bench_now();
        if (sg_table_build(t, count, table_rule, NULL) != SG_OK) agree = 0;
        t0 = bench_now() - t0;
        if (t0 < base) base = t0;
    }
    for (r = 0; normal && r < reps; r++) {
        sg_memo_t *m = NULL;
        sg_value_t v = 0;
        if (sg_memo_create(&m, key_rule, NULL) != SG_OK) exit(2);
        t0 = bench_now();
        for (n = count; n-- > 0;)
            if (sg_memo_value(m, n * SCATTER, &v) != SG_OK) agree = 0;
        t0 = bench_now() - t0;
        if (t0 < lib) lib = t0;
        t0 = bench_now();
        for (n = 0; n < count; n++)
            if (sg_memo_value(m, n * SCATTER, &v) != SG_OK || v != t[n]) bad++;
        t0 = bench_now() - t0;
        if (t0 < again) again = t0;
        sg_memo_free(m);
    }
    for (r = 0; misere && r < reps; r++) {
        sg_misere_memo_t *m = NULL;
        int w;
        if (sg_misere_memo_create(&m, key_rule, NULL, 0, NULL) != SG_OK) exit(2);
        t0 = bench_now();
        for (n = count; n-- > 0;)
            if (sg_misere_memo_outcome(m, n * SCATTER, &w) != SG_OK) misbad++;
        t0 = bench_now() - t0;
        if (t0 < mis) mis = t0;
        for (n = 0; n < count; n++)
            if (sg_misere_memo_outcome(m, n * SCATTER, &w) != SG_OK || w != win[n]) misbad++;
        sg_misere_memo_free(m);
    }
    if (bad) agree = 0;
    snprintf(line, sizeof line, "memo %s n=%llu", name, (unsigned long long)count);
    snprintf(fig, sizeof fig, "%.1f ns/position", lib * 1e9 / (double)count);
    if (normal) bench_line(line, lib, base, fig, agree);
    snprintf(line, sizeof line, "memo %s n=%llu, stored", name, (unsigned long long)count);
    snprintf(fig, sizeof fig, "%.1f ns/query", again * 1e9 / (double)count);
    if (normal) bench_line(line, again, 0, fig, !bad);
    snprintf(line, sizeof line, "misere memo %s n=%llu", name, (unsigned long long)count);
    snprintf(fig, sizeof fig, "%.1f ns/position", mis * 1e9 / (double)count);
    if (misere) bench_line(line, mis, 0, fig, !misbad);
    free(t);
    free(win);
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "memo") == 0) misere = 0;
    if (argc > 1 && strcmp(argv[1], "misere") == 0) normal = 0;
    bench_header();
    run("subtraction(8)", rule8_table, rule8_keys, sub8_option, 8, (uint64_t)1 << 20);
    run("random DAG(4)", dag_table, dag_keys, dag_option, DAG_OPTIONS, (uint64_t)1 << 20);
    return bench_failures != 0;
}
