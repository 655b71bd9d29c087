#include "../common/sg_internal.h"
#include "hash.h"

/* Games with cycles: the generalised Sprague-Grundy function (C. A. B. Smith, "Graphs and
 * composite games", 1966), outcomes with draws and remoteness, sums.
 *
 * The graph is kept in compressed rows of 32-bit indices (off[u] .. off[u+1] in to[]). Two
 * passes run over it and its reverse, both iterative:
 *
 * 1. Outcomes and remoteness: retrograde breadth-first analysis with a counter of unresolved
 *    options per position. Positions leave the queue in order of remoteness, so the first P
 *    option found for a position is its nearest, and the last N option that resolves a
 *    position is its farthest. O(V + E).
 *
 * 2. Values: Fraenkel and Yesha's labelling (A. S. Fraenkel, Y. Yesha, "The generalized
 *    Sprague-Grundy function and its invariance under certain mappings", JCTA 43 (1986); the
 *    algorithm as stated in Fraenkel's survey "Complexity, appeal and challenges of
 *    combinatorial games"). For m = 0, 1, 2, ...: a position still unlabelled gets m as long as
 *    none of its options has m and each of its options that is unlabelled or infinite has an
 *    option labelled m; the labels are given in order, and the order is the counter function
 *    c. Then every unlabelled position with no option labelled m is infinite (its mex would be
 *    m). At stage m every unlabelled position has options of all values below m (else it was
 *    made infinite earlier), so the stage is a retrograde count again: cnt[u] counts the
 *    options of u that are unlabelled or infinite and have no option labelled m yet ("hit").
 *    A stage costs O(V) plus the reverse edges of the positions it labels and hits: O(V + E)
 *    at most, m + 2 stages at most for a largest finite value m. */

#define SG__LOOPY_MAX 0xfffffff0u          /* positions and options: 32-bit indices */
#define SG__LOOPY_UNL 0xfffffffeu          /* no label yet (during the labelling) */
#define SG__LOOPY_INF 0xffffffffu          /* infinite value; also: a draw's remoteness */

struct sg_loopy {
    sg__mem_t mem;
    uint32_t n;            /* positions */
    uint32_t e;            /* options */
    uint32_t *off;         /* n + 1 row starts */
    uint32_t *to;          /* e targets */
    uint32_t *val;         /* value, or SG__LOOPY_INF */
    uint32_t *ctr;         /* finite values: the labelling order (the counter function) */
    uint32_t *rem;         /* remoteness, or SG__LOOPY_INF for a draw */
    /* explored keys (sg_loopy_explore): index -> key, and a hash of index + 1 (0: empty) */
    uint64_t *keys;
    size_t kcap;
    uint32_t *slots;
    size_t mask;           /* slot count - 1 */
    size_t ocap, ecap;     /* room in off and to while the graph grows */
};

/* ---- building the graph ------------------------------------------------------------------ */

static int sg__loopy_new(sg_loopy_t **loopy, size_t cap, const sg_allocator_t *allocator)
{
    sg__mem_t mem;
    sg_loopy_t *l;
    sg__mem_init(&mem, allocator, cap);
    l = (sg_loopy_t *)sg__mem_alloc(&mem, sizeof *l);
    if (l == NULL) return SG_ENOMEM;
    memset(l, 0, sizeof *l);
    l->mem = mem;
    *loopy = l;
    return SG_OK;
}

/* Room for `need` elements in a growing array holding *cap, keeping the first `keep`: one
 * function for each element type. */
#define SG__LOOPY_GROW(name, type)                                                             \
    static int name(sg_loopy_t *l, type **data, size_t *cap, size_t need, size_t keep)        \
    {                                                                                          \
        void *p = *data;                                                                       \
        if (need <= *cap) return SG_OK;                                                        \
        if (sg__mem_grow(&l->mem, &p, cap, need, keep, sizeof(type))) return SG_ENOMEM;        \
        *data = (type *)p;                                                                     \
        return SG_OK;                                                                          \
    }
SG__LOOPY_GROW(sg__loopy_grow32, uint32_t)
SG__LOOPY_GROW(sg__loopy_grow64, uint64_t)
#undef SG__LOOPY_GROW

static int sg__loopy_edge(sg_loopy_t *l, uint32_t target)
{
    if (l->e >= SG__LOOPY_MAX) return SG_ENOMEM;
    if (sg__loopy_grow32(l, &l->to, &l->ecap, (size_t)l->e + 1, l->e)) return SG_ENOMEM;
    l->to[l->e++] = target;
    return SG_OK;
}

/* Calls the rule for `position` with the sink recording; SG_OK with the options in out->rec. */
static int sg__loopy_call(sg_moves_t *out, sg_rule_fn rule, void *user, uint64_t position)
{
    sg__moves_reset(out, 0);
    out->nrec = 0;
    if (rule(user, position, out)) return out->status ? out->status : SG_ESTOP;
    return out->status;
}

/* The position a record entry i moves to (advancing *i); SG_EINVAL for what is not a move. */
static int sg__loopy_option(const sg_moves_t *out, size_t *i, uint64_t *x)
{
    const struct sg__rec *r = &out->rec[*i];
    if (r->tag == SG__REC_TO) {
        *x = r->x;
        *i += 1;
        return SG_OK;
    }
    if (r->tag == SG__REC_SUM && r->x == 1 && *i + 1 < out->nrec) {
        *x = out->rec[*i + 1].x;
        *i += 2;
        return SG_OK;
    }
    return SG_EINVAL;
}

static void sg__loopy_init_sink(sg_moves_t *out, sg__mem_t *mem)
{
    sg__moves_init(out, SG__SINK_TABLE, mem);
    out->record = 1;   /* count and frontier 0: every option is written down */
}

/* Bytes of the arrays per position, kept and scratch, at their peak. */
#define SG__LOOPY_PER_POSITION 32u

static int sg__loopy_solve(sg_loopy_t *l);
static void sg__loopy_trim(sg_loopy_t *l);

/* The end of a build from a rule, st the status of reading the graph: solve it and hand it out
 * trimmed, or free it. */
static int sg__loopy_finish(sg_loopy_t *l, sg_moves_t *out, int st, sg_loopy_t **loopy)
{
    sg__moves_release(out);
    if (st == SG_OK) st = sg__loopy_solve(l);
    if (st != SG_OK) {
        sg_loopy_free(l);
        return st;
    }
    sg__loopy_trim(l);
    *loopy = l;
    return SG_OK;
}

static int sg__loopy_check_count(uint64_t count, size_t cap)
{
    if (count >= SG__LOOPY_MAX) return SG_ENOMEM;
    if ((uint64_t)SIZE_MAX / SG__LOOPY_PER_POSITION < count + 1) return SG_ENOMEM;
    if (cap != 0 && (count + 1) * SG__LOOPY_PER_POSITION > cap) return SG_ENOMEM;
    return SG_OK;
}

int sg_loopy_build_ex(sg_loopy_t **loopy, uint64_t count, sg_rule_fn rule, void *user,
                      size_t max_bytes, const sg_allocator_t *allocator)
{
    sg_loopy_t *l;
    sg_moves_t out;
    uint64_t p;
    int st;
    if (loopy == NULL) return SG_EINVAL;
    *loopy = NULL;
    if (rule == NULL) return SG_EINVAL;
    if (allocator != NULL && (allocator->alloc == NULL || allocator->free == NULL))
        return SG_EINVAL;
    if ((st = sg__loopy_check_count(count, max_bytes)) != SG_OK) return st;
    if ((st = sg__loopy_new(&l, max_bytes, allocator)) != SG_OK) return st;
    l->n = (uint32_t)count;
    l->ocap = (size_t)count + 1;
    l->off = (uint32_t *)sg__mem_alloc(&l->mem, l->ocap * sizeof(uint32_t));
    if (l->off == NULL) {
        sg_loopy_free(l);
        return SG_ENOMEM;
    }
    l->off[0] = 0;
    sg__loopy_init_sink(&out, &l->mem);
    for (p = 0; p < count; p++) {
        size_t i = 0;
        if ((st = sg__loopy_call(&out, rule, user, p)) != SG_OK) break;
        while (i < out.nrec) {
            uint64_t x;
            if ((st = sg__loopy_option(&out, &i, &x)) != SG_OK) break;
            if (x >= count) {
                st = SG_ERANGE;
                break;
            }
            if ((st = sg__loopy_edge(l, (uint32_t)x)) != SG_OK) break;
        }
        if (st != SG_OK) break;
        l->off[p + 1] = l->e;
    }
    return sg__loopy_finish(l, &out, st, loopy);
}

int sg_loopy_build(sg_loopy_t **loopy, uint64_t count, sg_rule_fn rule, void *user)
{
    return sg_loopy_build_ex(loopy, count, rule, user, 0, NULL);
}

int sg_loopy_build_graph(sg_loopy_t **loopy, uint64_t count, const uint64_t *offsets,
                         const uint64_t *targets)
{
    sg_loopy_t *l;
    uint64_t u, j, edges;
    int st;
    if (loopy == NULL) return SG_EINVAL;
    *loopy = NULL;
    if (offsets == NULL) return SG_EINVAL;
    if ((st = sg__loopy_check_count(count, 0)) != SG_OK) return st;
    for (u = 0; u < count; u++)
        if (offsets[u + 1] < offsets[u]) return SG_EINVAL;
    edges = offsets[count] - offsets[0];
    if (edges != 0 && targets == NULL) return SG_EINVAL;
    for (j = offsets[0]; j < offsets[count]; j++)
        if (targets[j] >= count) return SG_ERANGE;
    if (edges >= SG__LOOPY_MAX) return SG_ENOMEM;
    if ((st = sg__loopy_new(&l, 0, NULL)) != SG_OK) return st;
    l->n = (uint32_t)count;
    l->e = (uint32_t)edges;
    l->ocap = (size_t)count + 1;
    l->ecap = (size_t)edges;
    l->off = (uint32_t *)sg__mem_alloc(&l->mem, l->ocap * sizeof(uint32_t));
    l->to = edges ? (uint32_t *)sg__mem_alloc(&l->mem, l->ecap * sizeof(uint32_t)) : NULL;
    if (l->off == NULL || (edges != 0 && l->to == NULL)) {
        sg_loopy_free(l);
        return SG_ENOMEM;
    }
    for (u = 0; u <= count; u++) l->off[u] = (uint32_t)(offsets[u] - offsets[0]);
    for (j = 0; j < edges; j++) l->to[j] = (uint32_t)targets[offsets[0] + j];
    if ((st = sg__loopy_solve(l)) != SG_OK) {
        sg_loopy_free(l);
        return st;
    }
    *loopy = l;
    return SG_OK;
}

/* ---- explored keys ----------------------------------------------------------------------- */

/* The slot of key: holding its index + 1, or 0 where it would go. */
static size_t sg__loopy_slot(const sg_loopy_t *l, uint64_t key)
{
    size_t i;
    for (i = sg__hash64(key) & l->mask;; i = (i + 1) & l->mask)
        if (l->slots[i] == 0 || l->keys[l->slots[i] - 1] == key) return i;
}

static int sg__loopy_rehash(sg_loopy_t *l, size_t nslots)
{
    uint32_t *slots, *old = l->slots;
    size_t i, oldn = old ? l->mask + 1 : 0;
    if (nslots > SIZE_MAX / sizeof *slots) return SG_ENOMEM;
    slots = (uint32_t *)sg__mem_alloc(&l->mem, nslots * sizeof *slots);
    if (slots == NULL) return SG_ENOMEM;
    memset(slots, 0, nslots * sizeof *slots);
    l->slots = slots;
    l->mask = nslots - 1;
    for (i = 0; i < oldn; i++)
        if (old[i] != 0) l->slots[sg__loopy_slot(l, l->keys[old[i] - 1])] = old[i];
    sg__mem_free(&l->mem, old, oldn * sizeof *old);
    return SG_OK;
}

/* The index of key, numbered anew when it was not seen. */
static int sg__loopy_intern(sg_loopy_t *l, uint64_t key, uint32_t *index)
{
    size_t s;
    if (l->slots == NULL || (size_t)l->n + 1 > (l->mask + 1) / 2) {
        size_t n = l->slots ? (l->mask + 1) * 2 : 64;
        if (n == 0 || sg__loopy_rehash(l, n) != SG_OK) return SG_ENOMEM;
    }
    s = sg__loopy_slot(l, key);
    if (l->slots[s] != 0) {
        *index = l->slots[s] - 1;
        return SG_OK;
    }
    if (l->n >= SG__LOOPY_MAX) return SG_ENOMEM;
    if (sg__loopy_grow64(l, &l->keys, &l->kcap, (size_t)l->n + 1, l->n) ||
        sg__loopy_grow32(l, &l->off, &l->ocap, (size_t)l->n + 2, l->ocap))
        return SG_ENOMEM;
    l->keys[l->n] = key;
    l->slots[s] = ++l->n;
    *index = l->n - 1;
    return SG_OK;
}

int sg_loopy_explore(sg_loopy_t **loopy, uint64_t start, sg_rule_fn rule, void *user,
                     size_t max_bytes, const sg_allocator_t *allocator)
{
    sg_loopy_t *l;
    sg_moves_t out;
    uint32_t u, idx;
    int st;
    if (loopy == NULL) return SG_EINVAL;
    *loopy = NULL;
    if (rule == NULL) return SG_EINVAL;
    if (allocator != NULL && (allocator->alloc == NULL || allocator->free == NULL))
        return SG_EINVAL;
    if ((st = sg__loopy_new(&l, max_bytes, allocator)) != SG_OK) return st;
    if ((st = sg__loopy_intern(l, start, &idx)) != SG_OK) {
        sg_loopy_free(l);
        return st;
    }
    l->off[0] = 0;
    sg__loopy_init_sink(&out, &l->mem);
    /* breadth first: keys are numbered as they are found, and row u is written when u's turn
     * comes, so the rows come out in order */
    for (u = 0; u < l->n; u++) {
        size_t i = 0;
        if ((st = sg__loopy_call(&out, rule, user, l->keys[u])) != SG_OK) break;
        while (i < out.nrec) {
            uint64_t x;
            if ((st = sg__loopy_option(&out, &i, &x)) != SG_OK) break;
            if ((st = sg__loopy_intern(l, x, &idx)) != SG_OK) break;
            if ((st = sg__loopy_edge(l, idx)) != SG_OK) break;
        }
        if (st != SG_OK) break;
        l->off[u + 1] = l->e;
    }
    return sg__loopy_finish(l, &out, st, loopy);
}

/* ---- the two passes ---------------------------------------------------------------------- */

typedef struct {
    uint32_t *roff, *rfrom;   /* the reverse graph: who moves to u */
    uint32_t *cnt;            /* per position: options still counted */
    uint32_t *open;           /* labelling: options unlabelled or infinite */
    uint32_t *queue;
    uint64_t *hit;            /* stage m: has an option labelled m */
    size_t words;
} sg__loopy_work_t;

static void *sg__loopy_array(sg_loopy_t *l, size_t count, size_t elem)
{
    if (count == 0) count = 1;
    if (count > SIZE_MAX / elem) return NULL;
    return sg__mem_alloc(&l->mem, count * elem);
}

static void sg__loopy_work_free(sg_loopy_t *l, sg__loopy_work_t *w)
{
    size_t n = (size_t)l->n;
    sg__mem_free(&l->mem, w->roff, (n + 1) * sizeof(uint32_t));
    sg__mem_free(&l->mem, w->rfrom, (l->e ? l->e : 1) * sizeof(uint32_t));
    sg__mem_free(&l->mem, w->cnt, (n ? n : 1) * sizeof(uint32_t));
    sg__mem_free(&l->mem, w->queue, (n ? n : 1) * sizeof(uint32_t));
    sg__mem_free(&l->mem, w->open, (n ? n : 1) * sizeof(uint32_t));
    sg__mem_free(&l->mem, w->hit, (w->words ? w->words : 1) * sizeof(uint64_t));
}

/* Outcomes and remoteness: rem[u] set for every position that is not a draw. It is also the
 * labelling's stage 0: the positions of value 0 are the P-positions, and those with an option
 * of value 0 are the N-positions; the rest (the draws) are infinite. The P-positions leave the
 * queue in order of remoteness, which is a counter function for them (an option v of a
 * P-position u has a P-option nearer the end than u), so they are numbered in that order.
 * open[p] loses one for each option of p that is P. Returns how many were numbered. */
static uint32_t sg__loopy_remote(sg_loopy_t *l, sg__loopy_work_t *w)
{
    uint32_t n = l->n, u, head = 0, tail = 0, order = 0;
    for (u = 0; u < n; u++) {
        w->cnt[u] = w->open[u] = l->off[u + 1] - l->off[u];
        l->rem[u] = SG__LOOPY_INF;
        if (w->cnt[u] == 0) {
            l->rem[u] = 0;
            w->queue[tail++] = u;
        }
    }
    while (head < tail) {
        uint32_t v = w->queue[head++], r = l->rem[v], j;
        if ((r & 1u) == 0) l->ctr[v] = order++;
        for (j = w->roff[v]; j < w->roff[v + 1]; j++) {
            uint32_t p = w->rfrom[j];
            if ((r & 1u) == 0) w->open[p]--;
            if (l->rem[p] != SG__LOOPY_INF) continue;
            /* v lost (even): p wins by moving there; v won: one option less for p to try */
            if ((r & 1u) == 0 || --w->cnt[p] == 0) {
                l->rem[p] = r + 1;
                w->queue[tail++] = p;
            }
        }
    }
    return order;
}

/* Fraenkel and Yesha's labelling from stage 1 on (stage 0 is sg__loopy_remote's): val[] and
 * ctr[]. open[u] counts the options of u that are unlabelled or infinite (kept across
 * stages: an option leaves it when it gets its label), so a stage starts from it without
 * reading any option. */
static void sg__loopy_label(sg_loopy_t *l, sg__loopy_work_t *w, uint32_t order)
{
    uint32_t n = l->n, u, m, left = 0;
    for (u = 0; u < n; u++) {
        uint32_t r = l->rem[u];
        l->val[u] = r == SG__LOOPY_INF ? SG__LOOPY_INF : (r & 1u) ? SG__LOOPY_UNL : 0;
        left += l->val[u] == SG__LOOPY_UNL;
    }
    for (m = 1; left > 0; m++) {
        uint32_t head = 0, tail = 0;
        memset(w->hit, 0, w->words * sizeof(uint64_t));
        for (u = 0; u < n; u++) {
            if (l->val[u] != SG__LOOPY_UNL) continue;
            w->cnt[u] = w->open[u];
            if (w->open[u] == 0) w->queue[tail++] = u;
        }
        while (head < tail) {
            uint32_t v = w->queue[head++], j, k;
            l->val[v] = m;
            l->ctr[v] = order++;
            left--;
            for (j = w->roff[v]; j < w->roff[v + 1]; j++) {
                uint32_t p = w->rfrom[j];
                /* labelled options (values below m) take no part; no option of a position
                 * labelled m has m, so p is unlabelled or infinite here */
                if (l->val[p] < SG__LOOPY_UNL) continue;
                w->open[p]--;
                if (sg__bit(w->hit, p)) continue;
                sg__bit_set(w->hit, p);
                for (k = w->roff[p]; k < w->roff[p + 1]; k++) {
                    uint32_t q = w->rfrom[k];
                    if (l->val[q] == SG__LOOPY_UNL && --w->cnt[q] == 0 && !sg__bit(w->hit, q))
                        w->queue[tail++] = q;
                }
            }
        }
        for (u = 0; u < n; u++)
            if (l->val[u] == SG__LOOPY_UNL && !sg__bit(w->hit, u)) {
                l->val[u] = SG__LOOPY_INF;
                left--;
            }
    }
}

static int sg__loopy_solve(sg_loopy_t *l)
{
    sg__loopy_work_t w;
    size_t n = (size_t)l->n;
    uint32_t u, j;
    memset(&w, 0, sizeof w);
    w.words = (n + 63) / 64;
    l->val = (uint32_t *)sg__loopy_array(l, n, sizeof(uint32_t));
    l->ctr = (uint32_t *)sg__loopy_array(l, n, sizeof(uint32_t));
    l->rem = (uint32_t *)sg__loopy_array(l, n, sizeof(uint32_t));
    if (l->val == NULL || l->ctr == NULL || l->rem == NULL) return SG_ENOMEM;
    w.roff = (uint32_t *)sg__loopy_array(l, n + 1, sizeof(uint32_t));
    w.rfrom = w.roff ? (uint32_t *)sg__loopy_array(l, l->e, sizeof(uint32_t)) : NULL;
    w.cnt = w.rfrom ? (uint32_t *)sg__loopy_array(l, n, sizeof(uint32_t)) : NULL;
    w.queue = w.cnt ? (uint32_t *)sg__loopy_array(l, n, sizeof(uint32_t)) : NULL;
    w.open = w.queue ? (uint32_t *)sg__loopy_array(l, n, sizeof(uint32_t)) : NULL;
    w.hit = w.open ? (uint64_t *)sg__loopy_array(l, w.words, sizeof(uint64_t)) : NULL;
    if (w.hit == NULL) {
        sg__loopy_work_free(l, &w);
        return SG_ENOMEM;
    }
    /* the reverse graph, by counting */
    memset(w.roff, 0, (n + 1) * sizeof(uint32_t));
    for (j = 0; j < l->e; j++) w.roff[l->to[j] + 1]++;
    for (u = 0; u < l->n; u++) w.roff[u + 1] += w.roff[u];
    for (u = 0; u < l->n; u++) w.cnt[u] = w.roff[u];
    for (u = 0; u < l->n; u++)
        for (j = l->off[u]; j < l->off[u + 1]; j++) w.rfrom[w.cnt[l->to[j]]++] = u;
    sg__loopy_label(l, &w, sg__loopy_remote(l, &w));
    sg__loopy_work_free(l, &w);
    return SG_OK;
}

/* After a graph grew by doubling: its arrays to their exact sizes (when a copy can be had;
 * otherwise they stay as they are). */
static void sg__loopy_trim32(sg_loopy_t *l, uint32_t **data, size_t *cap, size_t need)
{
    uint32_t *p;
    if (need == 0 || *cap - need <= need / 16) return;
    p = (uint32_t *)sg__mem_alloc(&l->mem, need * sizeof *p);
    if (p == NULL) return;
    memcpy(p, *data, need * sizeof *p);
    sg__mem_free(&l->mem, *data, *cap * sizeof *p);
    *data = p;
    *cap = need;
}

static void sg__loopy_trim(sg_loopy_t *l)
{
    sg__loopy_trim32(l, &l->to, &l->ecap, l->e);
    sg__loopy_trim32(l, &l->off, &l->ocap, (size_t)l->n + 1);
    if (l->keys != NULL && l->kcap - l->n > l->n / 16) {
        uint64_t *k = (uint64_t *)sg__mem_alloc(&l->mem, (size_t)l->n * sizeof *k);
        if (k == NULL) return;
        memcpy(k, l->keys, (size_t)l->n * sizeof *k);
        sg__mem_free(&l->mem, l->keys, l->kcap * sizeof *k);
        l->keys = k;
        l->kcap = l->n;
    }
}

/* ---- queries ----------------------------------------------------------------------------- */

static int sg__loopy_find(const sg_loopy_t *l, uint64_t position, uint32_t *u)
{
    if (l->keys == NULL) {
        if (position >= l->n) return SG_ERANGE;
        *u = (uint32_t)position;
        return SG_OK;
    }
    {
        size_t s = sg__loopy_slot(l, position);
        if (l->slots[s] == 0) return SG_ERANGE;
        *u = l->slots[s] - 1;
    }
    return SG_OK;
}

uint64_t sg_loopy_count(const sg_loopy_t *loopy) { return loopy ? loopy->n : 0; }

size_t sg_loopy_bytes(const sg_loopy_t *loopy) { return loopy ? loopy->mem.used : 0; }

int sg_loopy_state(const sg_loopy_t *loopy, uint64_t index, uint64_t *position)
{
    if (loopy == NULL || position == NULL) return SG_EINVAL;
    if (index >= loopy->n) return SG_ERANGE;
    *position = loopy->keys ? loopy->keys[index] : index;
    return SG_OK;
}

int sg_loopy_value(const sg_loopy_t *loopy, uint64_t position, sg_value_t *value)
{
    uint32_t u;
    int st;
    if (loopy == NULL || value == NULL) return SG_EINVAL;
    if ((st = sg__loopy_find(loopy, position, &u)) != SG_OK) return st;
    if (loopy->val[u] == SG__LOOPY_INF) return 0;
    *value = loopy->val[u];
    return 1;
}

/* The chunk of 4096 values a pass of sg_loopy_k marks on the stack. */
#define SG__LOOPY_CHUNK 4096u

int sg_loopy_k(const sg_loopy_t *loopy, uint64_t position, sg_value_t *k, size_t cap,
               size_t *len)
{
    uint64_t seen[SG__LOOPY_CHUNK / 64];
    uint32_t u, j, top = 0, base;
    size_t found = 0;
    int st;
    if (loopy == NULL || len == NULL || (k == NULL && cap > 0)) return SG_EINVAL;
    if ((st = sg__loopy_find(loopy, position, &u)) != SG_OK) return st;
    for (j = loopy->off[u]; j < loopy->off[u + 1]; j++) {
        uint32_t v = loopy->val[loopy->to[j]];
        if (v != SG__LOOPY_INF && v > top) top = v;
    }
    /* values are marked a chunk at a time, so no memory is needed; a chunk past the first
     * exists only when a value is at least 4096, which takes 4096 options */
    for (base = 0; base <= top && loopy->off[u] < loopy->off[u + 1]; base += SG__LOOPY_CHUNK) {
        size_t w;
        memset(seen, 0, sizeof seen);
        for (j = loopy->off[u]; j < loopy->off[u + 1]; j++) {
            uint32_t v = loopy->val[loopy->to[j]];
            if (v != SG__LOOPY_INF && v >= base && v - base < SG__LOOPY_CHUNK)
                sg__bit_set(seen, v - base);
        }
        for (w = 0; w < SG__LOOPY_CHUNK / 64; w++) {
            uint64_t bits = seen[w];
            while (bits) {
                if (found < cap) k[found] = base + (uint32_t)(w * 64) + sg__ctz64(bits);
                found++;
                bits &= bits - 1;
            }
        }
        if (top - base < SG__LOOPY_CHUNK) break;
    }
    *len = found;
    return SG_OK;
}

int sg_loopy_outcome(const sg_loopy_t *loopy, uint64_t position, int *outcome)
{
    uint32_t u;
    int st;
    if (loopy == NULL || outcome == NULL) return SG_EINVAL;
    if ((st = sg__loopy_find(loopy, position, &u)) != SG_OK) return st;
    /* remoteness is even exactly at P-positions */
    if (loopy->rem[u] == SG__LOOPY_INF) *outcome = SG_LOOPY_D;
    else *outcome = (loopy->rem[u] & 1u) ? SG_LOOPY_N : SG_LOOPY_P;
    return SG_OK;
}

int sg_loopy_remoteness(const sg_loopy_t *loopy, uint64_t position, uint64_t *remoteness)
{
    uint32_t u;
    int st;
    if (loopy == NULL || remoteness == NULL) return SG_EINVAL;
    if ((st = sg__loopy_find(loopy, position, &u)) != SG_OK) return st;
    *remoteness = loopy->rem[u] == SG__LOOPY_INF ? SG_LOOPY_DRAW : loopy->rem[u];
    return SG_OK;
}

/* The sum's shape: *x = XOR of the finite parts, *ninf infinite parts, the last at *j. */
static int sg__loopy_sum(const sg_loopy_t *l, const uint64_t *positions, size_t count,
                         uint32_t *x, size_t *ninf, size_t *j)
{
    size_t i;
    int st;
    *x = 0;
    *ninf = 0;
    *j = 0;
    for (i = 0; i < count; i++) {
        uint32_t u;
        if ((st = sg__loopy_find(l, positions[i], &u)) != SG_OK) return st;
        if (l->val[u] == SG__LOOPY_INF) {
            (*ninf)++;
            *j = i;
        } else {
            *x ^= l->val[u];
        }
    }
    return SG_OK;
}

/* The option of u of value v with the least counter: its index from off[u], or UINT32_MAX. */
static uint32_t sg__loopy_least(const sg_loopy_t *l, uint32_t u, uint32_t v)
{
    uint32_t j, best = UINT32_MAX;
    if (v >= SG__LOOPY_UNL) return UINT32_MAX;   /* a XOR no finite value has */
    for (j = l->off[u]; j < l->off[u + 1]; j++)
        if (l->val[l->to[j]] == v &&
            (best == UINT32_MAX || l->ctr[l->to[j]] < l->ctr[l->to[best + l->off[u]]]))
            best = j - l->off[u];
    return best;
}

int sg_loopy_sum_outcome(const sg_loopy_t *loopy, const uint64_t *positions, size_t count,
                         int *outcome)
{
    uint32_t x;
    size_t ninf, j;
    int st;
    if (loopy == NULL || outcome == NULL || (positions == NULL && count > 0)) return SG_EINVAL;
    if ((st = sg__loopy_sum(loopy, positions, count, &x, &ninf, &j)) != SG_OK) return st;
    if (ninf == 0) {
        *outcome = x ? SG_LOOPY_N : SG_LOOPY_P;
    } else if (ninf == 1) {
        uint32_t u = 0;
        (void)sg__loopy_find(loopy, positions[j], &u);
        *outcome = sg__loopy_least(loopy, u, x) != UINT32_MAX ? SG_LOOPY_N : SG_LOOPY_D;
    } else {
        *outcome = SG_LOOPY_D;
    }
    return SG_OK;
}

/* The strategy, for a sum of two or more parts (see sg.h): from a sum whose parts are all
 * finite with XOR x != 0, a move that lowers a part of value g to g ^ x, on the part whose
 * (value, counter) pair is the largest, to the option of least counter; with one infinite part
 * and the XOR x of the others in its K, that part to an option of value x of least counter.
 * Whatever the opponent answers from the P-sum so reached, the multiset of the parts' (value,
 * counter) pairs is smaller, in the multiset order, after the next move of this rule: a part
 * the opponent lowered is matched by another part lowered; a part he raised (to a finite or
 * infinite value) has, by the counter's property, an option back to its old value with a
 * smaller counter, and that move is a candidate the rule's choice is no worse than. The order
 * is well founded, so the play ends, and it ends with the opponent unable to move. */
int sg_loopy_winning_move(const sg_loopy_t *loopy, const uint64_t *positions, size_t count,
                          size_t *component, size_t *option, uint64_t *target)
{
    const sg_loopy_t *l = loopy;
    uint32_t x, u = 0, pick = UINT32_MAX, best = UINT32_MAX;
    size_t ninf, j, i, at = 0;
    int st;
    if (l == NULL || component == NULL || option == NULL || (positions == NULL && count > 0))
        return SG_EINVAL;
    if ((st = sg__loopy_sum(l, positions, count, &x, &ninf, &j)) != SG_OK) return st;
    if (ninf > 1 || (ninf == 0 && x == 0)) return 0;
    if (count == 1) {
        /* one game: the P-option of least remoteness */
        (void)sg__loopy_find(l, positions[0], &u);
        if (l->rem[u] == SG__LOOPY_INF || (l->rem[u] & 1u) == 0) return 0;
        for (i = l->off[u]; i < l->off[u + 1]; i++)
            if (l->rem[l->to[i]] + 1 == l->rem[u]) break;
        pick = (uint32_t)(i - l->off[u]);
        at = 0;
    } else if (ninf == 1) {
        (void)sg__loopy_find(l, positions[j], &u);
        if ((pick = sg__loopy_least(l, u, x)) == UINT32_MAX) return 0;
        at = j;
    } else {
        uint32_t bv = 0, bc = 0;
        for (i = 0; i < count; i++) {
            uint32_t w = 0, g;
            (void)sg__loopy_find(l, positions[i], &w);
            g = l->val[w];
            if ((g ^ x) >= g) continue;
            if (best == UINT32_MAX || g > bv || (g == bv && l->ctr[w] > bc)) {
                best = w;
                bv = g;
                bc = l->ctr[w];
                at = i;
            }
        }
        u = best;
        pick = sg__loopy_least(l, u, bv ^ x);
        if (pick == UINT32_MAX) return SG_EINVAL;   /* the mex promises it: cannot happen */
    }
    *component = at;
    *option = pick;
    if (target != NULL) {
        uint32_t t = l->to[l->off[u] + pick];
        *target = l->keys ? l->keys[t] : t;
    }
    return 1;
}

void sg_loopy_free(sg_loopy_t *loopy)
{
    sg__mem_t mem;
    sg_loopy_t *l = loopy;
    size_t n;
    if (l == NULL) return;
    mem = l->mem;
    n = (size_t)l->n;
    sg__mem_free(&mem, l->off, l->ocap * sizeof(uint32_t));
    sg__mem_free(&mem, l->to, l->ecap * sizeof(uint32_t));
    sg__mem_free(&mem, l->val, (n ? n : 1) * sizeof(uint32_t));
    sg__mem_free(&mem, l->ctr, (n ? n : 1) * sizeof(uint32_t));
    sg__mem_free(&mem, l->rem, (n ? n : 1) * sizeof(uint32_t));
    sg__mem_free(&mem, l->keys, l->kcap * sizeof(uint64_t));
    sg__mem_free(&mem, l->slots, l->slots ? (l->mask + 1) * sizeof(uint32_t) : 0);
    sg__mem_free(&mem, l, sizeof *l);
}
