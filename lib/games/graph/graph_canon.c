/*
 * The built-in canonical labelling: individualisation and refinement (McKay, "Practical graph
 * isomorphism", 1981; McKay and Piperno, J. Symbolic Comput. 60 (2014)), with no invariant
 * that prunes by value: every leaf that no known automorphism excludes is encoded, and the
 * least encoding (memcmp) is kept. The set of leaves' encodings is a function of the
 * isomorphism class, so its least element is: exact, no hash decides.
 *
 * Colours are ranks 0..k-1 of a total order. Refinement gives each vertex the key (colour,
 * degree, sorted colours of its neighbours) and ranks the keys, until the count of colours
 * stops growing; the new order refines the old, and keys name no label, so the result is the
 * same for isomorphic graphs. A child individualises one vertex v of the first smallest cell of
 * size > 1: v keeps the cell's colour, the rest of the cell gets one more.
 * Pruning: an automorphism that fixes the path of individualised vertices maps a child's subtree
 * onto another's, with the same encodings; so children in one orbit of such automorphisms (those
 * found by two leaves with equal encodings, and the swap of two twins, vertices whose
 * neighbourhoods agree but for each other) are searched once.
 */
#include "graph.h"

#define CANON_KEEP_AUTS 64

typedef struct {
    const sg__gr_t *g;
    sg__mem_t *mem;
    uint32_t n;
    uint32_t *off, *nbr;        /* adjacency lists */
    uint32_t *sig;              /* neighbours' colours, in the lists' places */
    uint32_t *idx, *tmp;        /* sort scratch */
    uint32_t *path;             /* individualised vertices */
    uint32_t *uf;               /* union-find over vertices, per node (rebuilt) */
    uint32_t *order;            /* a leaf's order */
    unsigned char *best, *cert; /* encodings */
    uint32_t *best_order;
    uint32_t *aut;              /* CANON_KEEP_AUTS permutations */
    uint32_t naut;
    int have_best;
    size_t len;
} canon_t;

static int canon_cmp(const canon_t *c, const uint32_t *col, uint32_t a, uint32_t b)
{
    uint32_t da, db, i;
    if (col[a] != col[b]) return col[a] < col[b] ? -1 : 1;
    da = c->off[a + 1] - c->off[a];
    db = c->off[b + 1] - c->off[b];
    if (da != db) return da < db ? -1 : 1;
    for (i = 0; i < da; i++) {
        uint32_t x = c->sig[c->off[a] + i], y = c->sig[c->off[b] + i];
        if (x != y) return x < y ? -1 : 1;
    }
    return 0;
}

/* stable merge sort of c->idx[0..n) by canon_cmp */
static void canon_sort(canon_t *c, const uint32_t *col)
{
    uint32_t n = c->n, width, i, *a = c->idx, *b = c->tmp, *t;
    for (width = 1; width < n; width *= 2) {
        for (i = 0; i < n; i += 2 * width) {
            uint32_t lo = i, mid = i + width < n ? i + width : n;
            uint32_t hi = i + 2 * width < n ? i + 2 * width : n, p = lo, q = mid, o = lo;
            while (p < mid && q < hi)
                b[o++] = canon_cmp(c, col, a[q], a[p]) < 0 ? a[q++] : a[p++];
            while (p < mid) b[o++] = a[p++];
            while (q < hi) b[o++] = a[q++];
        }
        t = a;
        a = b;
        b = t;
    }
    if (a != c->idx) memcpy(c->idx, a, n * sizeof *a);
}

static void canon_sort_small(uint32_t *x, uint32_t k)
{
    uint32_t a, b, t;
    for (a = 1; a < k; a++) {
        t = x[a];
        for (b = a; b > 0 && x[b - 1] > t; b--) x[b] = x[b - 1];
        x[b] = t;
    }
}

/* refine col (ranks 0..*k-1) to the coarsest equitable refinement; *k its count of colours */
static void canon_refine(canon_t *c, uint32_t *col, uint32_t *k)
{
    uint32_t n = c->n, v, i, rank;
    for (;;) {
        for (v = 0; v < n; v++) {
            for (i = c->off[v]; i < c->off[v + 1]; i++) c->sig[i] = col[c->nbr[i]];
            canon_sort_small(c->sig + c->off[v], c->off[v + 1] - c->off[v]);
            c->idx[v] = v;
        }
        canon_sort(c, col);
        /* ranks into tmp first: col is read by the comparisons */
        rank = 0;
        c->tmp[c->idx[0]] = 0;
        for (i = 1; i < n; i++) {
            if (canon_cmp(c, col, c->idx[i - 1], c->idx[i]) != 0) rank++;
            c->tmp[c->idx[i]] = rank;
        }
        memcpy(col, c->tmp, n * sizeof *col);
        if (rank + 1 == *k) return;
        *k = rank + 1;
    }
}

static uint32_t canon_uf_find(uint32_t *uf, uint32_t x)
{
    while (uf[x] != x) {
        uf[x] = uf[uf[x]];
        x = uf[x];
    }
    return x;
}

static void canon_uf_join(uint32_t *uf, uint32_t a, uint32_t b)
{
    a = canon_uf_find(uf, a);
    b = canon_uf_find(uf, b);
    if (a < b) uf[b] = a;
    else if (b < a) uf[a] = b;
}

static int canon_twins(const canon_t *c, uint32_t u, uint32_t v)
{
    const sg__gr_t *g = c->g;
    const uint64_t *ru = g->row + SG__CAST(size_t, u) * g->w;
    const uint64_t *rv = g->row + SG__CAST(size_t, v) * g->w;
    size_t x;
    for (x = 0; x < g->w; x++) {
        uint64_t a = ru[x], b = rv[x];
        if (x == (u >> 6)) b &= ~(SG__CAST(uint64_t, 1) << (u & 63));
        if (x == (v >> 6)) a &= ~(SG__CAST(uint64_t, 1) << (v & 63));
        if (a != b) return 0;
    }
    return 1;
}

/* a leaf: col is discrete */
static void canon_leaf(canon_t *c, const uint32_t *col)
{
    uint32_t v, n = c->n;
    int cmp;
    for (v = 0; v < n; v++) c->order[col[v]] = v;
    sg__graph_encode(c->g, c->order, n, c->cert);
    if (!c->have_best) {
        memcpy(c->best, c->cert, c->len);
        memcpy(c->best_order, c->order, n * sizeof *c->order);
        c->have_best = 1;
        return;
    }
    cmp = memcmp(c->cert, c->best, c->len);
    if (cmp < 0) {
        memcpy(c->best, c->cert, c->len);
        memcpy(c->best_order, c->order, n * sizeof *c->order);
    } else if (cmp == 0 && c->naut < CANON_KEEP_AUTS) {
        /* best_order[i] and order[i] are both at place i: v -> the vertex at v's place */
        uint32_t *a = c->aut + SG__CAST(size_t, c->naut) * n, i;
        for (i = 0; i < n; i++) a[c->order[i]] = c->best_order[i];
        c->naut++;
    }
}

static int canon_search(canon_t *c, const uint32_t *col, uint32_t k, uint32_t depth)
{
    uint32_t n = c->n, v, cell = 0, size = 0, i, j, s;
    uint32_t *next, *members;
    size_t bytes;
    int status = SG_OK;
    if (k == n) {
        canon_leaf(c, col);
        return SG_OK;
    }
    {   /* the first smallest cell of size > 1 */
        uint32_t *cnt = c->tmp;
        memset(cnt, 0, k * sizeof *cnt);
        for (v = 0; v < n; v++) cnt[col[v]]++;
        for (i = 0; i < k; i++)
            if (cnt[i] > 1 && (size == 0 || cnt[i] < size)) {
                size = cnt[i];
                cell = i;
            }
    }
    bytes = (SG__CAST(size_t, n) + size) * sizeof(uint32_t);
    next = SG__CAST(uint32_t *, sg__mem_alloc(c->mem, bytes));
    if (next == NULL) return SG_ENOMEM;
    members = next + n;
    for (v = 0, j = 0; v < n; v++)
        if (col[v] == cell) members[j++] = v;
    for (i = 0; i < size && status == SG_OK; i++) {
        uint32_t u = members[i];
        /* orbits of what fixes the path: known automorphisms, and swaps of twins */
        for (v = 0; v < n; v++) c->uf[v] = v;
        for (s = 0; s < c->naut; s++) {
            const uint32_t *a = c->aut + SG__CAST(size_t, s) * n;
            for (j = 0; j < depth && a[c->path[j]] == c->path[j]; j++) {}
            if (j < depth) continue;
            for (v = 0; v < n; v++) canon_uf_join(c->uf, v, a[v]);
        }
        for (j = 0; j < i; j++)
            if (canon_uf_find(c->uf, members[j]) == canon_uf_find(c->uf, u) ||
                canon_twins(c, members[j], u))
                break;
        if (j < i) continue;
        for (v = 0; v < n; v++) next[v] = col[v] > cell || (col[v] == cell && v != u) ? col[v] + 1
                                                                                    : col[v];
        {
            uint32_t k2 = k + 1;
            canon_refine(c, next, &k2);
            c->path[depth] = u;
            status = canon_search(c, next, k2, depth + 1);
        }
    }
    sg__mem_free(c->mem, next, bytes);
    return status;
}

int sg__graph_canon_builtin(const sg__gr_t *g, sg__mem_t *mem, uint32_t *order)
{
    canon_t c;
    uint32_t n = g->n, v, k = 1, *col;
    size_t edges2 = 0, words, bytes, x;
    unsigned char *block;
    int status;
    if (n <= 1) {
        if (n == 1) order[0] = 0;
        return SG_OK;
    }
    for (v = 0; v < n; v++)
        for (x = 0; x < g->w; x++) {
            uint64_t r = g->row[SG__CAST(size_t, v) * g->w + x];
            while (r) {
                edges2++;
                r &= r - 1;
            }
        }
    memset(&c, 0, sizeof c);
    c.g = g;
    c.mem = mem;
    c.n = n;
    c.len = sg__graph_len(n);
    /* off (n+1), nbr, sig (edges2 each), idx, tmp, path, uf, order, best_order, col (n
     * each), aut (CANON_KEEP_AUTS * n); then best and cert (len each). n is at most
     * SG_GRAPH_MAX_ORDER and edges2 below n * n, so no count here overflows */
    words = (SG__CAST(size_t, n) + 1) + 2 * edges2 + 7 * SG__CAST(size_t, n)
            + SG__CAST(size_t, CANON_KEEP_AUTS) * n;
    bytes = words * sizeof(uint32_t) + 2 * c.len;
    block = SG__CAST(unsigned char *, sg__mem_alloc(mem, bytes));
    if (block == NULL) return SG_ENOMEM;
    c.off = SG__CAST(uint32_t *, SG__CAST(void *, block));
    c.nbr = c.off + n + 1;
    c.sig = c.nbr + edges2;
    c.idx = c.sig + edges2;
    c.tmp = c.idx + n;
    c.path = c.tmp + n;
    c.uf = c.path + n;
    c.order = c.uf + n;
    c.best_order = c.order + n;
    col = c.best_order + n;
    c.aut = col + n;
    c.best = block + words * sizeof(uint32_t);
    c.cert = c.best + c.len;
    c.off[0] = 0;
    for (v = 0; v < n; v++) {
        uint32_t d = c.off[v];
        for (x = 0; x < g->w; x++) {
            uint64_t r = g->row[SG__CAST(size_t, v) * g->w + x];
            while (r) {
                c.nbr[d++] = SG__CAST(uint32_t, x * 64 + sg__ctz64(r));
                r &= r - 1;
            }
        }
        c.off[v + 1] = d;
        col[v] = 0;
    }
    canon_refine(&c, col, &k);
    status = canon_search(&c, col, k, 0);
    if (status == SG_OK) memcpy(order, c.best_order, n * sizeof *order);
    sg__mem_free(mem, block, bytes);
    return status;
}
