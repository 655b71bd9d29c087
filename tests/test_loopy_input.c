/* Games with cycles given bad input: null arguments, bad allocators, counts and caps that
 * cannot be had, options out of range, rules that stop or report a value; each is refused with
 * its status and nothing is left allocated. sg_loopy_build_graph checks the number of options
 * before it reads a target. */
#include "loopy_graph.h"

#include <stdlib.h>


/* ---- bad input ------------------------------------------------------------------------------- */

typedef struct {
    long calls, live;
} count_alloc_t;

static void *count_alloc(void *user, size_t size)
{
    count_alloc_t *a = (count_alloc_t *)user;
    void *p = malloc(size);
    a->calls++;
    if (p != NULL) a->live++;
    return p;
}

static void count_free(void *user, void *ptr)
{
    count_alloc_t *a = (count_alloc_t *)user;
    if (ptr != NULL) a->live--;
    free(ptr);
}

static int stop_rule(void *user, uint64_t p, sg_moves_t *out)
{
    (void)user;
    sg_move_to(out, p);
    return p == 3;
}

static int wide_rule(void *user, uint64_t key, sg_moves_t *out)
{
    (void)user;
    sg_move_to(out, key * 2 + 1);   /* keys without end */
    sg_move_to(out, key * 3 + 7);
    return 0;
}

static void test_bad_input(void)
{
    graph_t g;
    sg_loopy_t *l = (sg_loopy_t *)&g;
    count_alloc_t ca = {0, 0};
    sg_allocator_t al = {count_alloc, count_free, NULL};
    const sg_allocator_t half = {count_alloc, NULL, NULL};
    uint64_t off[3] = {0, 1, 0}, to[2] = {1, 5}, x = 0;
    sg_value_t v, kb[2];
    size_t len, comp, opt;
    int out;
    al.user = &ca;
    random_graph(&g, 5, 3, 0);
    CHECK_EQ(sg_loopy_build(NULL, 5, graph_rule, &g), SG_EINVAL);
    CHECK_EQ(sg_loopy_build(&l, 5, NULL, &g), SG_EINVAL);
    CHECK(l == NULL);
    CHECK_EQ(sg_loopy_build_ex(&l, 5, graph_rule, &g, 0, &half), SG_EINVAL);
    CHECK_EQ(sg_loopy_explore(&l, 0, NULL, &g, 0, NULL), SG_EINVAL);
    CHECK_EQ(sg_loopy_explore(NULL, 0, key_rule, &g, 0, NULL), SG_EINVAL);
    CHECK_EQ(sg_loopy_explore(&l, 0, key_rule, &g, 0, &half), SG_EINVAL);
    /* an option out of range, a sum of two parts, a known value, a stop */
    g.bad = 1;
    CHECK_EQ(sg_loopy_build_ex(&l, 5, graph_rule, &g, 0, &al), SG_ERANGE);
    CHECK(l == NULL);
    g.bad = 2;
    CHECK_EQ(sg_loopy_build_ex(&l, 5, graph_rule, &g, 0, &al), SG_EINVAL);
    g.bad = 3;
    CHECK_EQ(sg_loopy_build_ex(&l, 5, graph_rule, &g, 0, &al), SG_EINVAL);
    CHECK_EQ(sg_loopy_build_ex(&l, 5, stop_rule, NULL, 0, &al), SG_ESTOP);
    CHECK_EQ(sg_loopy_explore(&l, 3, stop_rule, NULL, 0, &al), SG_ESTOP);
    CHECK(l == NULL);
    CHECK_EQ(ca.live, 0);
    /* counts too large for memory: refused before any allocation */
    ca.calls = 0;
    CHECK_EQ(sg_loopy_build_ex(&l, UINT64_MAX, graph_rule, &g, 0, &al), SG_ENOMEM);
    CHECK_EQ(sg_loopy_build_ex(&l, (uint64_t)1 << 40, graph_rule, &g, 0, &al), SG_ENOMEM);
    CHECK_EQ(sg_loopy_build_ex(&l, 1000000, graph_rule, &g, 1 << 20, &al), SG_ENOMEM);
    CHECK_EQ(ca.calls, 0);
    CHECK_EQ(sg_loopy_build(&l, (uint64_t)1 << 32, graph_rule, &g), SG_ENOMEM);
    CHECK(l == NULL);
    /* a graph without end, explored under a cap: SG_ENOMEM with nothing kept */
    CHECK_EQ(sg_loopy_explore(&l, 1, wide_rule, NULL, 1 << 20, &al), SG_ENOMEM);
    CHECK(l == NULL);
    CHECK_EQ(ca.live, 0);
    CHECK(ca.calls > 5);
    /* compressed rows: decreasing offsets, a target out of range, NULL targets */
    CHECK_EQ(sg_loopy_build_graph(&l, 2, off, to), SG_EINVAL);
    off[2] = 2;
    CHECK_EQ(sg_loopy_build_graph(&l, 2, off, to), SG_ERANGE);
    CHECK_EQ(sg_loopy_build_graph(&l, 2, off, NULL), SG_EINVAL);
    CHECK_EQ(sg_loopy_build_graph(&l, 2, NULL, to), SG_EINVAL);
    CHECK_EQ(sg_loopy_build_graph(NULL, 2, off, to), SG_EINVAL);
    CHECK_EQ(sg_loopy_build_graph(&l, 0, off, NULL), SG_OK);   /* no position at all */
    CHECK_EQ(sg_loopy_count(l), 0);
    CHECK_EQ(sg_loopy_value(l, 0, &v), SG_ERANGE);
    sg_loopy_free(l);
    /* queries: NULL arguments, positions that do not exist */
    g.bad = 0;
    CHECK_EQ(sg_loopy_build(&l, 5, graph_rule, &g), SG_OK);
    CHECK_EQ(sg_loopy_value(l, 5, &v), SG_ERANGE);
    CHECK_EQ(sg_loopy_value(l, 0, NULL), SG_EINVAL);
    CHECK_EQ(sg_loopy_value(NULL, 0, &v), SG_EINVAL);
    CHECK_EQ(sg_loopy_k(l, 0, NULL, 1, &len), SG_EINVAL);
    CHECK_EQ(sg_loopy_k(l, 0, kb, 2, NULL), SG_EINVAL);
    CHECK_EQ(sg_loopy_k(l, 9, kb, 2, &len), SG_ERANGE);
    CHECK_EQ(sg_loopy_outcome(l, 5, &out), SG_ERANGE);
    CHECK_EQ(sg_loopy_outcome(l, 0, NULL), SG_EINVAL);
    CHECK_EQ(sg_loopy_remoteness(l, 5, &x), SG_ERANGE);
    CHECK_EQ(sg_loopy_remoteness(l, 0, NULL), SG_EINVAL);
    CHECK_EQ(sg_loopy_state(l, 5, &x), SG_ERANGE);
    CHECK_EQ(sg_loopy_state(l, 0, NULL), SG_EINVAL);
    CHECK_EQ(sg_loopy_state(l, 4, &x), SG_OK);
    CHECK_EQ(x, 4);
    CHECK_EQ(sg_loopy_sum_outcome(l, NULL, 1, &out), SG_EINVAL);
    CHECK_EQ(sg_loopy_sum_outcome(l, to, 2, &out), SG_ERANGE);   /* 5 is not a position */
    CHECK_EQ(sg_loopy_winning_move(l, to, 2, &comp, &opt, NULL), SG_ERANGE);
    CHECK_EQ(sg_loopy_winning_move(l, to, 1, NULL, &opt, NULL), SG_EINVAL);
    CHECK_EQ(sg_loopy_winning_move(l, NULL, 1, &comp, &opt, NULL), SG_EINVAL);
    CHECK_EQ(sg_loopy_count(NULL), 0);
    CHECK_EQ(sg_loopy_bytes(NULL), 0);
    CHECK(sg_loopy_bytes(l) > 0);
    sg_loopy_free(l);
    sg_loopy_free(NULL);
    /* under a cap that is enough, the result holds no more than it */
    CHECK_EQ(sg_loopy_build_ex(&l, 5, graph_rule, &g, 4096, &al), SG_OK);
    CHECK(sg_loopy_bytes(l) > 0 && sg_loopy_bytes(l) <= 4096);
    sg_loopy_free(l);
    CHECK_EQ(sg_loopy_explore(&l, key_of(&g, 0), key_rule, &g, 1 << 16, &al), SG_OK);
    CHECK(sg_loopy_bytes(l) > 0 && sg_loopy_bytes(l) <= 1 << 16);
    sg_loopy_free(l);
    /* a cap smaller than the result's own structure */
    CHECK_EQ(sg_loopy_explore(&l, key_of(&g, 0), key_rule, &g, 16, &al), SG_ENOMEM);
    CHECK(l == NULL);
    CHECK_EQ(ca.live, 0);
    /* explored: a key that was not reached */
    CHECK_EQ(sg_loopy_explore(&l, key_of(&g, 0), key_rule, &g, 0, &al), SG_OK);
    CHECK_EQ(sg_loopy_value(l, key_of(&g, 0) + 1, &v), SG_ERANGE);
    CHECK(sg_loopy_bytes(l) > 0);
    sg_loopy_free(l);
    CHECK_EQ(ca.live, 0);
}

/* Proves that sg_loopy_build_graph checks the number of options before it reads a target: with
 * offsets[count] far past the caller's two targets it returns SG_ENOMEM having read none of
 * them past the end (the array is on the heap, exactly two long, so ASan sees any such read);
 * before the fix it scanned targets up to offsets[count] first. */
static void test_graph_sizes_first(void)
{
    static const uint64_t ends[] = {UINT64_MAX, 0xfffffff0u, (uint64_t)1 << 33, (uint64_t)1 << 40};
    uint64_t *to = (uint64_t *)calloc(2, sizeof *to);
    size_t i;
    CHECK(to != NULL);
    if (to == NULL) return;
    for (i = 0; i < sizeof ends / sizeof ends[0]; i++) {
        uint64_t off[2];
        sg_loopy_t *l = NULL;
        off[0] = 0;
        off[1] = ends[i];
        CHECK_EQ(sg_loopy_build_graph(&l, 1, off, to), SG_ENOMEM);
        CHECK(l == NULL);
    }
    {
        /* two options within the array still work: both to 0 itself, an infinite value */
        uint64_t off[2] = {0, 2};
        sg_loopy_t *l = NULL;
        sg_value_t v = 7;
        CHECK_EQ(sg_loopy_build_graph(&l, 1, off, to), SG_OK);
        CHECK_EQ(sg_loopy_value(l, 0, &v), 0);
        CHECK_EQ(v, 7);
        sg_loopy_free(l);
    }
    free(to);
}

int main(void)
{
    RUN(test_bad_input);
    RUN(test_graph_sizes_first);
    return TEST_REPORT();
}
