/* Green Hackenbush: the fusion/colon value and the winning move against a plain recursive mex
 * over edge subsets (a move deletes an edge, then every edge no longer joined to the ground is
 * dropped) on every multigraph of up to 5 edges on the ground and 4 more vertices, loops and
 * repeated edges included, and on random graphs of up to 12 edges; then long stalks and cycles
 * (no recursion depth), and bad input. */
#include "sg.h"
#include "test.h"

#define MAXE 12

typedef struct {
    unsigned m;
    uint32_t ends[2 * MAXE];
    unsigned char known[1u << MAXE];
    unsigned value[1u << MAXE];
} brute_t;

/* the edges of set still joined to vertex 0 */
static unsigned grounded(const brute_t *b, unsigned set)
{
    unsigned reach = 1, kept = 0, grew = 1, e;
    while (grew) {
        grew = 0;
        for (e = 0; e < b->m; e++) {
            unsigned x = b->ends[2 * e], y = b->ends[2 * e + 1];
            if (!(set >> e & 1u) || (kept >> e & 1u)) continue;
            if ((reach >> x & 1u) || (reach >> y & 1u)) {
                kept |= 1u << e;
                reach |= (1u << x) | (1u << y);
                grew = 1;
            }
        }
    }
    return kept;
}

static unsigned brute(brute_t *b, unsigned set)
{
    unsigned char seen[MAXE + 2];
    unsigned e, v;
    if (b->known[set]) return b->value[set];
    memset(seen, 0, sizeof seen);
    for (e = 0; e < b->m; e++)
        if (set >> e & 1u) {
            v = brute(b, grounded(b, set & ~(1u << e)));
            if (v < sizeof seen) seen[v] = 1;
        }
    for (v = 0; seen[v]; v++) {}
    b->known[set] = 1;
    b->value[set] = v;
    return v;
}

/* one graph: the library against the brute force, the winning move checked by it */
static void check_graph(brute_t *b, uint32_t vertices)
{
    unsigned all = (1u << b->m) - 1, want;
    uint64_t v = 99;
    size_t edge = 99;
    int r;
    memset(b->known, 0, sizeof b->known);
    want = brute(b, grounded(b, all));
    CHECK_EQ(sg_hackenbush_value(vertices, b->ends, b->m, &v), SG_OK);
    CHECK_EQ(v, want);
    r = sg_hackenbush_winning_move(vertices, b->ends, b->m, &edge);
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
        g.m = (unsigned)test_below(MAXE + 1);
        for (e = 0; e < 2 * g.m; e++) g.ends[e] = (uint32_t)test_below(n);
        check_graph(&g, n);
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
    RUN(test_every_small_multigraph);
    RUN(test_random_graphs);
    RUN(test_long_stalks_and_cycles);
    RUN(test_bad_input);
    return TEST_REPORT();
}
