/* The structured store (sg_store_*) against the plain 64-bit memo (sg_memo_*) on the same game:
 * Node Kayles on a path of n vertices (take a vertex and its neighbours; Dawson's Kayles, the
 * octal game 0.137, whose table checks every answer). The memo keys a position by its bitmask
 * of vertices left; the store keys byte strings ('1' a vertex, '0' a gap) and, with the split
 * into runs of vertices and the mirror image as canonical form, holds one position a length.
 * Then, on the store without split (whole positions), the outcome of G + *0 by search with
 * nimber pruning against the full value: time and nodes (positions whose options were read).
 *
 * Arguments: none (every case), or one mode for timing a whole process: memo N, split N,
 * plain N, outcome N. */
#include "bench.h"

static int path_memo(void *user, uint64_t key, sg_moves_t *out)
{
    unsigned i, n = *(unsigned *)user;
    for (i = 0; i < n; i++) {
        uint64_t bit = (uint64_t)1 << i;
        if (key & bit) sg_move_to(out, key & ~(bit | bit << 1 | bit >> 1));
    }
    return 0;
}

static int path_options(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    unsigned char b[64];
    size_t i;
    (void)user;
    for (i = 0; i < len; i++) {
        if (pos[i] != '1') continue;
        memcpy(b, pos, len);
        b[i] = '0';
        if (i > 0) b[i - 1] = '0';
        if (i + 1 < len) b[i + 1] = '0';
        sg_parts_add(out, b, len);
        sg_parts_end(out);
    }
    return 0;
}

static int path_split(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    size_t i = 0, j;
    (void)user;
    while (i < len) {
        for (j = i; j < len && pos[j] == '1'; j++)
            ;
        if (j > i) sg_parts_add(out, pos + i, j - i);
        i = j + 1;
    }
    return 0;
}

static int path_canonical(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    unsigned char r[64];
    size_t i;
    (void)user;
    for (i = 0; i < len; i++) r[i] = pos[len - 1 - i];
    return sg_parts_add(out, memcmp(r, pos, len) < 0 ? r : pos, len);
}

static const char ones[] = "1111111111111111111111111111111111111111111111111111111111111111";

/* mode: 0 memo, 1 store with split and canonical, 2 store of whole positions (value),
 * 3 the same (outcome of G + *0). *value and *nodes as found; the time taken. */
static double run(int mode, unsigned n, sg_value_t *value, uint64_t *nodes)
{
    sg_struct_rules_t rules = {path_options, NULL, NULL};
    sg_store_stats_t st;
    sg_store_t *s = NULL;
    sg_memo_t *m = NULL;
    double t0 = bench_now(), t;
    int win = 0, r;
    if (mode == 0) {
        uint64_t all = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
        r = sg_memo_create(&m, path_memo, &n);
        if (r == SG_OK) r = sg_memo_value(m, all, value);
        *nodes = sg_memo_count(m);
        sg_memo_free(m);
    } else {
        if (mode == 1) {
            rules.split = path_split;
            rules.canonical = path_canonical;
        }
        r = sg_store_create(&s, &rules, NULL, NULL);
        if (r == SG_OK && mode == 3) {
            r = sg_store_outcome(s, ones, n, 0, &win);
            *value = (sg_value_t)!win;   /* 1: the value is 0 */
        } else if (r == SG_OK) {
            r = sg_store_value(s, ones, n, value);
        }
        sg_store_stats(s, &st);
        *nodes = st.nodes;
        sg_store_free(s);
    }
    t = bench_now() - t0;
    if (r != SG_OK) {
        fprintf(stderr, "bench_struct: mode %d, n = %u: %s\n", mode, n, sg_strerror(r));
        exit(2);
    }
    return t;
}

static sg_value_t dawson(unsigned n)
{
    sg_octal_t *g;
    sg_value_t t[65];
    if (sg_octal_parse("0.137", &g) != SG_OK || sg_octal_table(g, t, n + 1) != SG_OK) exit(2);
    sg_octal_free(g);
    return t[n];
}

static double best(int mode, unsigned n, sg_value_t *v, uint64_t *nodes)
{
    double b = 1e30, t;
    int i;
    for (i = 0; i < bench_reps(); i++)
        if ((t = run(mode, n, v, nodes)) < b) b = t;
    return b;
}

int main(int argc, char **argv)
{
    static const char *const modes[] = {"memo", "split", "plain", "outcome"};
    unsigned n, sizes[] = {16, 20, 24}, i;
    char name[64], fig[64];
    sg_value_t v, w;
    uint64_t a, b;
    if (argc == 3) {
        int mode;
        n = (unsigned)atoi(argv[2]);
        for (mode = 0; mode < 4 && strcmp(argv[1], modes[mode]) != 0; mode++)
            ;
        if (mode == 4 || n == 0 || n > 64) return 2;
        run(mode, n, &v, &a);
        printf("%s %u: %u (%llu nodes)\n", modes[mode], n, (unsigned)v, (unsigned long long)a);
        return 0;
    }
    bench_header();
    for (i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        double ts, tm;
        n = sizes[i];
        ts = best(1, n, &v, &a);
        tm = best(0, n, &w, &b);
        snprintf(name, sizeof name, "node kayles P%u: split+canonical vs memo", n);
        snprintf(fig, sizeof fig, "%llu vs %llu positions", (unsigned long long)a,
                 (unsigned long long)b);
        bench_line(name, ts, tm, fig, v == w && v == dawson(n));
    }
    for (i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        double to, tv;
        n = sizes[i];
        to = best(3, n, &v, &a);
        tv = best(2, n, &w, &b);
        snprintf(name, sizeof name, "node kayles P%u whole: outcome vs value", n);
        snprintf(fig, sizeof fig, "%llu vs %llu nodes", (unsigned long long)a,
                 (unsigned long long)b);
        bench_line(name, to, tv, fig, v == (w == 0) && w == dawson(n));
    }
    return bench_failures != 0;
}
