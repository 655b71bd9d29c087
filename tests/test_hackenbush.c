/* Green Hackenbush: the fusion/colon value and the winning move against a plain recursive mex
 * over edge subsets (a move deletes an edge, then every edge no longer joined to the ground is
 * dropped; memoised on the edge set), on:
 *  - every multigraph of up to 5 edges on the ground and 4 more vertices, loops and repeated
 *    edges included, and random graphs of up to 12 edges on up to 7 vertices, any one the ground;
 *  - the graphs nauty's geng lists (when it is installed; without it they are skipped, and the
 *    test says so):
 *    make check (about 1.2 s of CPU for these): every graph on 1 to 6 vertices (208), each
 *    vertex in turn as the ground; on up to 5 vertices each graph also with a loop at any one
 *    vertex and with a second copy of any one edge, each vertex the ground; every graph on 7
 *    vertices of at most 12 edges (801 of 1044) and on 8 of at most 11 (2481 of 12346), vertex
 *    0 the ground;
 *    check-long (about 60 s): the same, each loop also with each copied edge, every graph on 7
 *    vertices, and every graph on 8 of at most 15 edges (8553; those of 15 take 28 s, and each
 *    edge more about 2.3 times the last: the brute force's states are 2^m);
 *  - then long stalks and cycles (no recursion depth), and bad input. */
#include "graphs.h"

#define MAXE 28           /* the complete graph on 8 vertices */
#define MAXV 8
#define CHECK_MAXE7 12    /* the graphs on 7 vertices make check takes: 801 of 1044 */
#define CHECK_MAXE8 11    /* and on 8: 2481 of 12346 */
#define LONG_MAXE8 15     /* the graphs on 8 vertices the long tier takes: 8553 */

typedef struct {
    unsigned m, ground, maxm;
    uint32_t ends[2 * MAXE];
    unsigned touch[MAXV];  /* the edges at each vertex */
    unsigned char *memo;  /* value + 1 of each edge set below 2^m (room for 2^maxm); 0: unknown */
} brute_t;

/* the edges of set still joined to the ground: a search from it, vertex by vertex */
static unsigned grounded(const brute_t *b, unsigned set)
{
    unsigned reach = 1u << b->ground, todo = reach, kept = 0, fresh, v, e;
    while (todo) {
        for (v = 0; !(todo >> v & 1u); v++) {}
        todo &= ~(1u << v);
        fresh = b->touch[v] & set & ~kept;
        kept |= fresh;
        for (e = 0; fresh >> e; e++)
            if (fresh >> e & 1u) {
                unsigned add = ((1u << b->ends[2 * e]) | (1u << b->ends[2 * e + 1])) & ~reach;
                reach |= add;
                todo |= add;
            }
    }
    return kept;
}

static unsigned brute(brute_t *b, unsigned set)
{
    unsigned char seen[MAXE + 2];
    unsigned e, v;
    if (b->memo[set]) return b->memo[set] - 1u;
    memset(seen, 0, sizeof seen);
    for (e = 0; e < b->m; e++)
        if (set >> e & 1u) {
            v = brute(b, grounded(b, set & ~(1u << e)));
            if (v < sizeof seen) seen[v] = 1;
        }
    for (v = 0; seen[v]; v++) {}
    b->memo[set] = (unsigned char)(v + 1);
    return v;
}

/* one graph: the library against the brute force, the winning move checked by it; the library
 * takes vertex 0 as the ground, so the ground and vertex 0 trade names in what it is given */
static void check_graph(brute_t *b, uint32_t vertices)
{
    uint32_t ends[2 * MAXE];
    unsigned all = (1u << b->m) - 1, want, i;
    uint64_t v = 99;
    size_t edge = 99;
    int r;
    CHECK(b->m <= b->maxm && b->ground < vertices && vertices <= MAXV);
    if (b->m > b->maxm || b->ground >= vertices || vertices > MAXV) return;
    memset(b->touch, 0, sizeof b->touch);
    for (i = 0; i < 2 * b->m; i++) b->touch[b->ends[i]] |= 1u << (i / 2);
    for (i = 0; i < 2 * b->m; i++)
        ends[i] = b->ends[i] == b->ground ? 0 : b->ends[i] == 0 ? b->ground : b->ends[i];
    memset(b->memo, 0, (size_t)1 << b->m);
    want = brute(b, grounded(b, all));
    CHECK_EQ(sg_hackenbush_value(vertices, ends, b->m, &v), SG_OK);
    CHECK_EQ(v, want);
    r = sg_hackenbush_winning_move(vertices, ends, b->m, &edge);
    CHECK_EQ(r, want != 0);
    if (r == 1) {
        CHECK(edge < b->m);
        CHECK_EQ(brute(b, grounded(b, all & ~(1u << edge))), 0);
    }
}

static brute_t g;

/* every multiset of up to 5 edges among the 15 vertex pairs (loops too) of 5 vertices */
static void enumerate(unsigned first, unsigned depth, unsigned *count)
{
    unsigned p, x, y;
    g.m = depth;
    check_graph(&g, 5);
    (*count)++;
    if (depth == 5) return;
    for (p = first; p < 15; p++) {
        for (x = 0, y = p; y >= 5 - x; y -= 5 - x, x++) {}
        g.ends[2 * depth] = x;
        g.ends[2 * depth + 1] = x + y;
        enumerate(p, depth + 1, count);
        g.m = depth;
    }
}

static void test_every_small_multigraph(void)
{
    unsigned count = 0;
    enumerate(0, 0, &count);
    CHECK_EQ(count, 1 + 15 + 120 + 680 + 3060 + 11628);   /* C(15 + k - 1, k), k = 0 .. 5 */
}

static void test_random_graphs(void)
{
    unsigned t, e;
    for (t = 0; t < 300; t++) {
        uint32_t n = (uint32_t)test_below(7) + 1;
        g.m = (unsigned)test_below(13);
        for (e = 0; e < 2 * g.m; e++) g.ends[e] = (uint32_t)test_below(n);
        g.ground = (unsigned)test_below(n);
        check_graph(&g, n);
    }
    g.ground = 0;
}

/* g as it is and, when variants, with a loop at any one vertex or a second copy of any one edge
 * (in the long tier, also each loop with each copy); each with vertex 0, or each vertex in turn
 * (grounds), as the ground */
static void check_variants(uint32_t n, int grounds, int variants, unsigned *checked)
{
    unsigned m = g.m, loop, twin;
    for (loop = variants ? 0 : n; loop <= n; loop++)          /* loop == n: none */
        for (twin = variants ? 0 : m; twin <= m; twin++) {    /* twin == m: none */
            if (loop < n && twin < m && !test_long()) continue;
            g.m = m;
            if (loop < n) {
                g.ends[2 * g.m] = g.ends[2 * g.m + 1] = loop;
                g.m++;
            }
            if (twin < m) {
                g.ends[2 * g.m] = g.ends[2 * twin];
                g.ends[2 * g.m + 1] = g.ends[2 * twin + 1];
                g.m++;
            }
            for (g.ground = 0; g.ground < (grounds ? n : 1); g.ground++) {
                check_graph(&g, n);
                (*checked)++;
            }
        }
    g.m = m;
    g.ground = 0;
}

/* every graph geng lists on n vertices; those of at most maxm edges checked (with each ground
 * when grounds, with the variants of check_variants on up to 5 vertices); 0 without geng */
static int geng_graphs(uint32_t n, unsigned maxm, int grounds, unsigned *listed,
                       unsigned *checked)
{
    static tg_graph_t t;
    FILE *in = tg_geng(n);
    char line[64];
    uint32_t u, v;
    *listed = *checked = 0;
    if (in == NULL) return 0;
    while (fgets(line, sizeof line, in) != NULL) {
        (*listed)++;
        CHECK(tg_graph6(&t, line));
        g.m = 0;
        for (u = 0; u < t.n; u++)
            for (v = u + 1; v < t.n; v++)
                if (t.adj[u][v] && g.m < MAXE) {
                    g.ends[2 * g.m] = u;
                    g.ends[2 * g.m + 1] = v;
                    g.m++;
                }
        if (g.m <= maxm) check_variants(n, grounds, n <= 5, checked);
    }
    pclose(in);
    return 1;
}

/* every graph on 1 to 8 vertices from geng, as the first comment says; the counts of what was
 * listed and checked make sure that nothing was skipped */
static void test_geng_graphs(void)
{
    /* graphs on n vertices (OEIS A000088) */
    static const unsigned all[9] = {0, 1, 2, 4, 11, 34, 156, 1044, 12346};
    /* checked on 1 to 5 vertices, each graph of m edges with its variants and grounds: n (n +
     * m + 1) of them, n (n + 1) (m + 1) in the long tier; on 6, 6 grounds each */
    static const unsigned small[2][7] = {{0, 2, 14, 66, 352, 1870, 936},
                                         {0, 2, 18, 120, 880, 6120, 936}};
    /* on 7 and 8 vertices, those of at most CHECK_MAXE7, CHECK_MAXE8 edges in make check, all
     * and those of at most LONG_MAXE8 in the long tier */
    static const unsigned big[2][2] = {{801, 2481}, {1044, 8553}};
    unsigned n, listed, checked, want, lt = (unsigned)test_long();
    for (n = 1; n <= 8; n++) {
        unsigned maxm = n <= 6 ? MAXE : n == 7 ? (lt ? MAXE : CHECK_MAXE7)
                                              : (lt ? LONG_MAXE8 : CHECK_MAXE8);
        if (!geng_graphs(n, maxm, n <= 6, &listed, &checked)) {
            printf("test_hackenbush: nauty's geng is not installed: the graphs it lists are "
                   "skipped\n");
            return;
        }
        CHECK_EQ(listed, all[n]);
        want = n <= 6 ? small[lt][n] : big[lt][n - 7];
        CHECK_EQ(checked, want);
    }
}

/* a stalk of n edges is *n; a cycle of L edges through the ground is L mod 2; a million each,
 * which a recursive search could not take */
static void test_long_stalks_and_cycles(void)
{
    const uint32_t n = 1000000;
    uint32_t *ends = (uint32_t *)malloc(2 * (size_t)n * sizeof *ends), i;
    uint64_t v = 0;
    size_t edge = 0;
    CHECK(ends != NULL);
    if (ends == NULL) return;
    for (i = 0; i < n; i++) ends[2 * i] = i, ends[2 * i + 1] = i + 1;
    CHECK_EQ(sg_hackenbush_value(n + 1, ends, n, &v), SG_OK);
    CHECK_EQ(v, n);
    ends[2 * (n - 1) + 1] = 0;      /* close the path into a cycle through the ground */
    CHECK_EQ(sg_hackenbush_value(n, ends, n, &v), SG_OK);
    CHECK_EQ(v, 0);
    CHECK_EQ(sg_hackenbush_value(n, ends, n - 1, &v), SG_OK);   /* the stalk that is left */
    CHECK_EQ(v, n - 1);
    /* a stalk of 1000 beside a loop at the ground: *1000 + *1 = *1001 */
    ends[2 * 1000] = 0, ends[2 * 1000 + 1] = 0;
    CHECK_EQ(sg_hackenbush_value(1001, ends, 1001, &v), SG_OK);
    CHECK_EQ(v, 1001);
    CHECK_EQ(sg_hackenbush_winning_move(1001, ends, 1001, &edge), 1);
    CHECK_EQ(edge, 1);     /* leave a stalk of 1 beside the loop: *1 + *1 = 0 */
    free(ends);
}

static void test_bad_input(void)
{
    uint32_t ends[4] = {0, 1, 1, 3};
    uint64_t v = 5;
    size_t e = 5;
    CHECK_EQ(sg_hackenbush_value(0, NULL, 0, &v), SG_EINVAL);
    CHECK_EQ(sg_hackenbush_value(2, NULL, 1, &v), SG_EINVAL);
    CHECK_EQ(sg_hackenbush_value(3, ends, 2, &v), SG_ERANGE);
    CHECK_EQ(sg_hackenbush_winning_move(3, ends, 2, &e), SG_ERANGE);
    CHECK_EQ(v, 5);
    CHECK_EQ(e, 5);
    CHECK_EQ(sg_hackenbush_value(1, NULL, 0, &v), SG_OK);
    CHECK_EQ(v, 0);
    CHECK_EQ(sg_hackenbush_winning_move(1, NULL, 0, &e), 0);
    CHECK_EQ(sg_hackenbush_value(4, ends, 2, NULL), SG_OK);
}

int main(void)
{
    g.maxm = test_long() ? 21 : 15;   /* the most edges checked: K7; K6 */
    g.memo = (unsigned char *)malloc((size_t)1 << g.maxm);
    CHECK(g.memo != NULL);
    if (g.memo == NULL) return TEST_REPORT();
    RUN(test_every_small_multigraph);
    RUN(test_random_graphs);
    RUN(test_geng_graphs);
    RUN(test_long_stalks_and_cycles);
    RUN(test_bad_input);
    free(g.memo);
    return TEST_REPORT();
}
