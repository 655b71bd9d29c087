#include "../../common/sg_internal.h"

/* Green Hackenbush on a multigraph whose vertex 0 is the ground: a move deletes an edge, and
 * whatever is no longer joined to the ground falls. Winning Ways ch. 7 gives the value:
 *  - the fusion principle: the vertices of a cycle may be fused into one, its edges becoming
 *    loops, without changing the value; so each 2-edge-connected component (the parts left
 *    when every bridge is cut) is one vertex carrying one loop for each of its edges;
 *  - a loop is a stalk of length 1, value 1;
 *  - the colon principle: a vertex's value is the XOR of its branches' values, a branch being
 *    a loop (1) or a bridge to a subtree of value v (v + 1).
 * One iterative depth-first search from the ground finds the bridges (low points, Tarjan) and
 * pops each 2-edge-connected component when its first vertex finishes; the component's value
 * (the parity of its edges, XOR the branches hung below it) is then known, and adds value + 1
 * to the vertex above its bridge. O(vertices + edges) time and memory; no recursion. Edges not
 * reached from the ground are never visited: they have fallen. */

typedef struct {
    sg__mem_t mem;
    uint32_t n;
    size_t m;
    size_t *off;        /* n + 1: vertex u's entries are off[u] .. off[u + 1] - 1 */
    uint32_t *adjv;     /* 2m: the other end of the entry's edge */
    size_t *adje;       /* 2m: the entry's edge */
    size_t *disc, *low, *pe, *it;   /* n each: discovery time (0: not yet), low point, the
                                       edge from the parent, the next entry to look at */
    uint32_t *dstack, *cstack;      /* n each: the search path; the vertices not yet popped */
    uint64_t *acc;      /* n: the parity of the edges counted at the vertex, XOR its branches */
} sg__hb_t;

static void *sg__hb_array(sg__hb_t *h, size_t count, size_t elem, int *st)
{
    void *p;
    if (*st != SG_OK) return NULL;
    if (count == 0) count = 1;
    if (count > SIZE_MAX / elem) {
        *st = SG_ERANGE;
        return NULL;
    }
    p = sg__mem_alloc(&h->mem, count * elem);
    if (p == NULL) *st = SG_ENOMEM;
    return p;
}

static void sg__hb_free(sg__hb_t *h)
{
    size_t n = h->n, a = 2 * h->m;
    sg__mem_free(&h->mem, h->off, (n + 1) * sizeof *h->off);
    sg__mem_free(&h->mem, h->adjv, (a ? a : 1) * sizeof *h->adjv);
    sg__mem_free(&h->mem, h->adje, (a ? a : 1) * sizeof *h->adje);
    sg__mem_free(&h->mem, h->disc, n * sizeof *h->disc);
    sg__mem_free(&h->mem, h->low, n * sizeof *h->low);
    sg__mem_free(&h->mem, h->pe, n * sizeof *h->pe);
    sg__mem_free(&h->mem, h->it, n * sizeof *h->it);
    sg__mem_free(&h->mem, h->dstack, n * sizeof *h->dstack);
    sg__mem_free(&h->mem, h->cstack, n * sizeof *h->cstack);
    sg__mem_free(&h->mem, h->acc, n * sizeof *h->acc);
}

/* Checks the input and lays the edges out by vertex (loops left out: they are never bridges). */
static int sg__hb_init(sg__hb_t *h, uint32_t n, const uint32_t *ends, size_t m)
{
    size_t e, u;
    int st = SG_OK;
    memset(h, 0, sizeof *h);
    if (n == 0 || (ends == NULL && m > 0)) return SG_EINVAL;
    for (e = 0; e < m; e++)
        if (ends[2 * e] >= n || ends[2 * e + 1] >= n) return SG_ERANGE;
    if (m > SIZE_MAX / 2 || n == UINT32_MAX) return SG_ERANGE;
    sg__mem_init(&h->mem, NULL, 0);
    h->n = n;
    h->m = m;
    h->off = SG__CAST(size_t *, sg__hb_array(h, SG__CAST(size_t, n) + 1, sizeof *h->off, &st));
    h->adjv = SG__CAST(uint32_t *, sg__hb_array(h, 2 * m, sizeof *h->adjv, &st));
    h->adje = SG__CAST(size_t *, sg__hb_array(h, 2 * m, sizeof *h->adje, &st));
    h->disc = SG__CAST(size_t *, sg__hb_array(h, n, sizeof *h->disc, &st));
    h->low = SG__CAST(size_t *, sg__hb_array(h, n, sizeof *h->low, &st));
    h->pe = SG__CAST(size_t *, sg__hb_array(h, n, sizeof *h->pe, &st));
    h->it = SG__CAST(size_t *, sg__hb_array(h, n, sizeof *h->it, &st));
    h->dstack = SG__CAST(uint32_t *, sg__hb_array(h, n, sizeof *h->dstack, &st));
    h->cstack = SG__CAST(uint32_t *, sg__hb_array(h, n, sizeof *h->cstack, &st));
    h->acc = SG__CAST(uint64_t *, sg__hb_array(h, n, sizeof *h->acc, &st));
    if (st != SG_OK) {
        sg__hb_free(h);
        return st;
    }
    memset(h->off, 0, (SG__CAST(size_t, n) + 1) * sizeof *h->off);
    for (e = 0; e < m; e++)
        if (ends[2 * e] != ends[2 * e + 1]) {
            h->off[ends[2 * e] + 1]++;
            h->off[ends[2 * e + 1] + 1]++;
        }
    for (u = 0; u < n; u++) h->off[u + 1] += h->off[u];
    memcpy(h->it, h->off, SG__CAST(size_t, n) * sizeof *h->it);
    for (e = 0; e < m; e++) {
        uint32_t a = ends[2 * e], b = ends[2 * e + 1];
        if (a == b) continue;
        h->adjv[h->it[a]] = b, h->adje[h->it[a]++] = e;
        h->adjv[h->it[b]] = a, h->adje[h->it[b]++] = e;
    }
    return SG_OK;
}

/* The value of the graph without edge `skip` (SIZE_MAX: with every edge). */
static uint64_t sg__hb_value(sg__hb_t *h, const uint32_t *ends, size_t skip)
{
    size_t depth = 1, cdepth = 1, t = 1, e;
    uint64_t result = 0;
    memset(h->disc, 0, SG__CAST(size_t, h->n) * sizeof *h->disc);
    memset(h->acc, 0, SG__CAST(size_t, h->n) * sizeof *h->acc);
    for (e = 0; e < h->m; e++)
        if (e != skip && ends[2 * e] == ends[2 * e + 1]) h->acc[ends[2 * e]] ^= 1;
    h->disc[0] = h->low[0] = t;
    h->pe[0] = SIZE_MAX;
    h->it[0] = h->off[0];
    h->dstack[0] = h->cstack[0] = 0;
    while (depth > 0) {
        uint32_t u = h->dstack[depth - 1];
        if (h->it[u] < h->off[u + 1]) {
            size_t k = h->it[u]++;
            uint32_t w = h->adjv[k];
            e = h->adje[k];
            if (e == skip || e == h->pe[u]) continue;
            if (h->disc[w] == 0) {
                h->disc[w] = h->low[w] = ++t;
                h->pe[w] = e;
                h->it[w] = h->off[w];
                h->dstack[depth++] = w;
                h->cstack[cdepth++] = w;
            } else if (h->disc[w] < h->disc[u]) {
                /* an edge back to an ancestor (seen from below: counted once) */
                if (h->disc[w] < h->low[u]) h->low[u] = h->disc[w];
                h->acc[u] ^= 1;
            }
            continue;
        }
        depth--;
        if (depth > 0) {
            uint32_t p = h->dstack[depth - 1];
            if (h->low[u] < h->low[p]) h->low[p] = h->low[u];
        }
        if (h->low[u] == h->disc[u]) {
            /* u heads its component, hung from its parent by a bridge (or u is the ground) */
            uint64_t v = 0;
            uint32_t w;
            do {
                w = h->cstack[--cdepth];
                v ^= h->acc[w];
            } while (w != u);
            if (depth > 0) h->acc[h->dstack[depth - 1]] ^= v + 1;
            else result = v;
        } else {
            h->acc[u] ^= 1;     /* the edge from the parent lies on a cycle: a loop */
        }
    }
    return result;
}

int sg_hackenbush_value(uint32_t vertices, const uint32_t *ends, size_t edges, uint64_t *value)
{
    sg__hb_t h;
    int st = sg__hb_init(&h, vertices, ends, edges);
    if (st != SG_OK) return st;
    if (value != NULL) *value = sg__hb_value(&h, ends, SIZE_MAX);
    sg__hb_free(&h);
    return SG_OK;
}

int sg_hackenbush_winning_move(uint32_t vertices, const uint32_t *ends, size_t edges,
                               size_t *edge)
{
    sg__hb_t h;
    size_t e;
    int st = sg__hb_init(&h, vertices, ends, edges), win = 0;
    if (st != SG_OK) return st;
    if (sg__hb_value(&h, ends, SIZE_MAX) != 0) {
        /* some option has value 0; each is the graph without one edge */
        for (e = 0; e < edges && !win; e++)
            if (sg__hb_value(&h, ends, e) == 0) {
                win = 1;
                if (edge != NULL) *edge = e;
            }
    }
    sg__hb_free(&h);
    return win;
}
