/* Node Kayles on 3 x n grids through a structured store (sg_node_kayles_*: components and
 * canonical forms) against the plain 64-bit memo a user would write without them (sg_memo over
 * the bitmask of the vertices left, every subgraph its own key), while the memo can run, and
 * the same grids played as boards (sg_node_kayles_board_*: regions of cells and the grid's 8
 * symmetries, no graph labelling) against the same memo; then
 * the outcome search against the full value (positions searched and time), and nauty's
 * canonical labelling against the built-in one (when the build has nauty). Each line's figure
 * is the positions each side searched; a side of milliseconds runs until it has had a quarter
 * of a second (bench_again), its best run kept. The last line holds the board store to 10x the
 * memo on every grid whose memo takes a millisecond or more (bench_target_t); the graph store,
 * which labels each option's components as graphs, is shown beside it but not held to that.
 * Argument: the largest n (default 11). */
#include "bench.h"

/* the closed neighbourhoods of the 3 x n grid, vertex r * n + c */
static void grid_closed(uint32_t n, uint64_t *closed)
{
    uint32_t r, c;
    for (r = 0; r < 3; r++)
        for (c = 0; c < n; c++) {
            uint32_t v = r * n + c;
            uint64_t m = (uint64_t)1 << v;
            if (c > 0) m |= (uint64_t)1 << (v - 1);
            if (c + 1 < n) m |= (uint64_t)1 << (v + 1);
            if (r > 0) m |= (uint64_t)1 << (v - n);
            if (r < 2) m |= (uint64_t)1 << (v + n);
            closed[v] = m;
        }
}

typedef struct {
    uint32_t nv;
    uint64_t closed[64];
    uint64_t calls;
} plain_t;

/* the plain rule: the position is the set of vertices left */
static int plain_rule(void *user, uint64_t key, sg_moves_t *out)
{
    plain_t *p = (plain_t *)user;
    uint64_t w = key;
    p->calls++;
    while (w) {
        unsigned v = (unsigned)__builtin_ctzll(w);
        sg_move_to(out, key & ~p->closed[v]);
        w &= w - 1;
    }
    return 0;
}

static sg_graph_t *grid(uint32_t n)
{
    uint32_t ends[4 * 64], r, c;
    size_t m = 0;
    sg_graph_t *g = NULL;
    for (r = 0; r < 3; r++)
        for (c = 0; c < n; c++) {
            uint32_t v = r * n + c;
            if (c + 1 < n) { ends[2 * m] = v; ends[2 * m + 1] = v + 1; m++; }
            if (r < 2) { ends[2 * m] = v; ends[2 * m + 1] = v + n; m++; }
        }
    if (sg_graph_create(&g, 3 * n, ends, m) != SG_OK) exit(2);
    return g;
}

/* the value (outcome 0) or the outcome (1) through a fresh store of form `form`: the time, the
 * positions searched, the answer */
static double engine(uint32_t n, int form, int outcome, uint64_t *nodes, sg_value_t *answer)
{
    double best = 1e30, t0, spent = 0;
    int r;
    sg_graph_t *g = grid(n);
    for (r = 0; bench_again(r, spent); r++, spent += t0) {
        sg_store_t *s = NULL;
        sg_store_stats_t st;
        int w = 0;
        if (sg_node_kayles_store(&s, form, NULL) != SG_OK) exit(2);
        t0 = bench_now();
        if (outcome ? sg_node_kayles_outcome(g, 0, s, &w) : sg_node_kayles_value(g, s, answer))
            exit(3);
        t0 = bench_now() - t0;
        if (outcome) *answer = (sg_value_t)w;
        if (t0 < best) best = t0;
        sg_store_stats(s, &st);
        *nodes = st.nodes;
        sg_store_free(s);
    }
    sg_graph_free(g);
    return best;
}

/* the value of the 3 x n board through a fresh board store: the time, positions, the value */
static double board(uint32_t n, uint64_t *nodes, sg_value_t *answer)
{
    double best = 1e30, t0, spent = 0;
    int r;
    for (r = 0; bench_again(r, spent); r++, spent += t0) {
        sg_store_t *s = NULL;
        sg_store_stats_t st;
        if (sg_node_kayles_board_store_create(&s, NULL) != SG_OK) exit(2);
        t0 = bench_now();
        if (sg_node_kayles_board_value(s, 3, n, 0, answer)) exit(3);
        t0 = bench_now() - t0;
        if (t0 < best) best = t0;
        sg_store_stats(s, &st);
        *nodes = st.nodes;
        sg_store_free(s);
    }
    return best;
}

static double plain(uint32_t n, uint64_t *nodes, sg_value_t *answer)
{
    static plain_t p;
    double best = 1e30, t0, spent = 0;
    int r;
    memset(&p, 0, sizeof p);
    p.nv = 3 * n;
    grid_closed(n, p.closed);
    for (r = 0; bench_again(r, spent); r++, spent += t0) {
        sg_memo_t *m = NULL;
        if (sg_memo_create(&m, plain_rule, &p) != SG_OK) exit(2);
        p.calls = 0;
        t0 = bench_now();
        if (sg_memo_value(m, p.nv == 64 ? ~(uint64_t)0 : ((uint64_t)1 << p.nv) - 1, answer))
            exit(3);
        t0 = bench_now() - t0;
        if (t0 < best) best = t0;
        *nodes = sg_memo_count(m);
        sg_memo_free(m);
    }
    return best;
}

int main(int argc, char **argv)
{
    uint32_t top = argc > 1 ? (uint32_t)atoi(argv[1]) : 11, n;
    int form = SG_GRAPH_CANONICAL;
    char line[64], fig[64];
    bench_target_t target = {"board store", "memo", 10, 1e-3, 0, "", 0};
    bench_header();
    for (n = 4; n <= top && n <= 21; n += 2) {
        uint64_t a, b = 0, c;
        sg_value_t va = 0, vb = 1, vc = 2;
        double lib = engine(n, form, 0, &a, &va);
        double brd = board(n, &c, &vc);
        double base = n <= 12 ? plain(n, &b, &vb) : 0;
        snprintf(line, sizeof line, "Node Kayles 3x%u: graph store vs 64-bit memo",
                 (unsigned)n);
        if (base > 0) snprintf(fig, sizeof fig, "%llu vs %llu positions", (unsigned long long)a,
                               (unsigned long long)b);
        else snprintf(fig, sizeof fig, "%llu positions", (unsigned long long)a);
        bench_line(line, lib, base, fig, base == 0 || va == vb);
        snprintf(line, sizeof line, "Node Kayles 3x%u: board store vs 64-bit memo",
                 (unsigned)n);
        if (base > 0) snprintf(fig, sizeof fig, "%llu vs %llu positions", (unsigned long long)c,
                               (unsigned long long)b);
        else snprintf(fig, sizeof fig, "%llu positions", (unsigned long long)c);
        bench_line(line, brd, base, fig, vc == va && (base == 0 || vc == vb));
        snprintf(line, sizeof line, "3x%u", (unsigned)n);
        bench_target_case(&target, line, brd, base);
    }
    for (n = 8; n <= top + 2; n += 2) {
        uint64_t a, b;
        sg_value_t w = 9, v = 9;
        double out = engine(n, form, 1, &a, &w), val = engine(n, form, 0, &b, &v);
        snprintf(line, sizeof line, "Node Kayles 3x%u: outcome vs value", (unsigned)n);
        snprintf(fig, sizeof fig, "%llu vs %llu positions", (unsigned long long)a,
                 (unsigned long long)b);
        bench_line(line, out, val, fig, (w != 0) == (v != 0));
    }
    for (n = 8; sg_graph_has_nauty() && n <= top + 2; n += 2) {
        uint64_t a, b;
        sg_value_t x = 0, y = 1;
        double na = engine(n, SG_GRAPH_NAUTY, 0, &a, &x);
        double bi = engine(n, SG_GRAPH_BUILTIN, 0, &b, &y);
        snprintf(line, sizeof line, "Node Kayles 3x%u: nauty vs built-in form", (unsigned)n);
        snprintf(fig, sizeof fig, "%llu vs %llu positions", (unsigned long long)a,
                 (unsigned long long)b);
        bench_line(line, na, bi, fig, x == y);
    }
    if (!sg_graph_has_nauty()) printf("(this build has no nauty: its comparison is skipped)\n");
    bench_target_report(&target);
    return bench_failures != 0;
}
