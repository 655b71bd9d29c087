/* Games with cycles: sg_loopy_build_graph on a random graph (OPTIONS times POSITIONS moves,
 * each from a random position to a random position: cycles everywhere, a few positions with no
 * move, out-degrees about Poisson(OPTIONS)) against the plain retrograde loop a
 * contest programmer writes for win/lose/draw with remoteness: reverse edges, a counter of
 * unresolved options per position, a queue. The library computes the generalised
 * Sprague-Grundy values as well (Fraenkel and Yesha's labelling), which the plain loop does not;
 * the figure says how many labelling stages that took. A second line gives the library the
 * graph through a rule instead (sg_loopy_build). Outcomes and remoteness must agree.
 * usage: bench_loopy [POSITIONS [OPTIONS]] (default 10^6 positions, 4 options each) */
#include "bench.h"

static uint64_t n_pos, n_opt;
static uint32_t *g_off, *g_to;   /* the graph: the moves of u are g_to[g_off[u] .. g_off[u + 1]) */

static int rule(void *user, uint64_t p, sg_moves_t *out)
{
    uint32_t j;
    (void)user;
    for (j = g_off[p]; j < g_off[p + 1]; j++) sg_move_to(out, g_to[j]);
    return 0;
}

/* The plain loop: rem[u] = remoteness, or UINT32_MAX for a draw. */
static void plain(uint32_t n, const uint32_t *off, const uint32_t *to, uint32_t *rem)
{
    uint32_t *roff = (uint32_t *)bench_alloc(((size_t)n + 1) * sizeof *roff);
    uint32_t *rfrom = (uint32_t *)bench_alloc((size_t)off[n] * sizeof *rfrom + 1);
    uint32_t *left = (uint32_t *)bench_alloc((size_t)n * sizeof *left);
    uint32_t *queue = (uint32_t *)bench_alloc((size_t)n * sizeof *queue);
    uint32_t u, j, head = 0, tail = 0;
    memset(roff, 0, ((size_t)n + 1) * sizeof *roff);
    for (j = 0; j < off[n]; j++) roff[to[j] + 1]++;
    for (u = 0; u < n; u++) roff[u + 1] += roff[u];
    for (u = 0; u < n; u++) left[u] = roff[u];
    for (u = 0; u < n; u++)
        for (j = off[u]; j < off[u + 1]; j++) rfrom[left[to[j]]++] = u;
    for (u = 0; u < n; u++) {
        left[u] = off[u + 1] - off[u];
        rem[u] = UINT32_MAX;
        if (left[u] == 0) {
            rem[u] = 0;
            queue[tail++] = u;
        }
    }
    while (head < tail) {
        uint32_t v = queue[head++];
        for (j = roff[v]; j < roff[v + 1]; j++) {
            uint32_t p = rfrom[j];
            if (rem[p] != UINT32_MAX) continue;
            if (rem[v] % 2 == 0 || --left[p] == 0) {
                rem[p] = rem[v] + 1;
                queue[tail++] = p;
            }
        }
    }
    free(roff);
    free(rfrom);
    free(left);
    free(queue);
}

static int agree(const sg_loopy_t *l, const uint32_t *rem, uint32_t n, uint64_t *draws,
                 uint64_t *infinite, sg_value_t *top)
{
    uint32_t u;
    int ok = 1;
    *draws = *infinite = 0;
    *top = 0;
    for (u = 0; u < n; u++) {
        uint64_t r;
        sg_value_t v;
        if (sg_loopy_remoteness(l, u, &r) != SG_OK) return 0;
        if (r != (rem[u] == UINT32_MAX ? SG_LOOPY_DRAW : rem[u])) ok = 0;
        *draws += r == SG_LOOPY_DRAW;
        if (sg_loopy_value(l, u, &v) == 1) {
            if (v > *top) *top = v;
        } else {
            (*infinite)++;
        }
    }
    return ok;
}

int main(int argc, char **argv)
{
    uint32_t *rem, *from, n, u;
    uint64_t *off64, *to64, draws = 0, infinite = 0, e, m;
    double best_lib = 1e30, best_rule = 1e30, best_base = 1e30, t;
    int rep, reps = bench_reps(), st = SG_OK, ok = 1;
    sg_value_t top = 0;
    char name[96], fig[96];
    n_pos = argc > 1 ? strtoull(argv[1], NULL, 0) : 1000000u;
    n_opt = argc > 2 ? strtoull(argv[2], NULL, 0) : 4u;
    n = (uint32_t)n_pos;
    m = n_pos * n_opt;
    g_off = (uint32_t *)bench_alloc(((size_t)n + 1) * sizeof *g_off);
    g_to = (uint32_t *)bench_alloc((size_t)m * sizeof *g_to + 1);
    from = (uint32_t *)bench_alloc((size_t)m * sizeof *from + 1);
    off64 = (uint64_t *)bench_alloc(((size_t)n + 1) * sizeof *off64);
    to64 = (uint64_t *)bench_alloc((size_t)m * sizeof *to64 + 1);
    rem = (uint32_t *)bench_alloc((size_t)n * sizeof *rem);
    /* m random moves, grouped by their position (counting sort) */
    memset(g_off, 0, ((size_t)n + 1) * sizeof *g_off);
    for (e = 0; e < m; e++) {
        from[e] = (uint32_t)(bench_hash(2 * e) % n_pos);
        g_off[from[e] + 1]++;
    }
    for (u = 0; u < n; u++) g_off[u + 1] += g_off[u];
    for (e = 0; e < m; e++) g_to[g_off[from[e]]++] = (uint32_t)(bench_hash(2 * e + 1) % n_pos);
    for (u = n; u > 0; u--) g_off[u] = g_off[u - 1];
    g_off[0] = 0;
    for (u = 0; u <= n; u++) off64[u] = g_off[u];
    for (e = 0; e < m; e++) to64[e] = g_to[e];
    free(from);
    bench_header();
    for (rep = 0; rep < reps; rep++) {
        sg_loopy_t *l = NULL;
        t = bench_now();
        plain(n, g_off, g_to, rem);
        t = bench_now() - t;
        if (t < best_base) best_base = t;
        t = bench_now();
        st |= sg_loopy_build_graph(&l, n_pos, off64, to64);
        t = bench_now() - t;
        if (t < best_lib) best_lib = t;
        if (l != NULL) ok &= agree(l, rem, n, &draws, &infinite, &top);
        sg_loopy_free(l);
        l = NULL;
        t = bench_now();
        st |= sg_loopy_build(&l, n_pos, rule, NULL);
        t = bench_now() - t;
        if (t < best_rule) best_rule = t;
        if (l != NULL) ok &= agree(l, rem, n, &draws, &infinite, &top);
        sg_loopy_free(l);
    }
    snprintf(name, sizeof name, "sg_loopy_build_graph, %.0e pos, %u opt", (double)n_pos,
             (unsigned)n_opt);
    snprintf(fig, sizeof fig, "%.1f ns/option", best_lib * 1e9 / (double)m);
    bench_line(name, best_lib, best_base, fig, st == SG_OK && ok);
    snprintf(name, sizeof name, "sg_loopy_build (rule), %.0e pos, %u opt", (double)n_pos,
             (unsigned)n_opt);
    snprintf(fig, sizeof fig, "%.1f ns/option", best_rule * 1e9 / (double)m);
    bench_line(name, best_rule, best_base, fig, st == SG_OK && ok);
    printf("  %llu draws, %llu infinite values, largest finite value %u (%u labelling stages)\n",
           (unsigned long long)draws, (unsigned long long)infinite, (unsigned)top,
           (unsigned)top + 2);
    free(g_off);
    free(g_to);
    free(off64);
    free(to64);
    free(rem);
    return bench_failures != 0;
}
