#include "../common/sg_internal.h"
#include "loopy.h"

/* Games with cycles: the graph, read from a rule, from compressed rows, or explored from a start
 * key (loopy.h says how it is kept and solved). */

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
    if (sg__allocator_check(allocator) != SG_OK) return SG_EINVAL;
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

int sg_loopy_build_with(sg_loopy_t **loopy, uint64_t count, sg_rule_fn rule, void *user,
                        const sg_memory_t *memory)
{
    return sg_loopy_build_ex(loopy, count, rule, user, memory ? memory->max_bytes : 0,
                             sg__allocator_of(memory));
}

int sg_loopy_build(sg_loopy_t **loopy, uint64_t count, sg_rule_fn rule, void *user)
{
    return sg_loopy_build_ex(loopy, count, rule, user, 0, NULL);
}

int sg_loopy_build_graph(sg_loopy_t **loopy, uint64_t count, const uint64_t *offsets,
                         const uint64_t *targets)
{
    return sg_loopy_build_graph_with(loopy, count, offsets, targets, NULL);
}

int sg_loopy_build_graph_with(sg_loopy_t **loopy, uint64_t count, const uint64_t *offsets,
                              const uint64_t *targets, const sg_memory_t *memory)
{
    size_t cap = memory ? memory->max_bytes : 0;
    const sg_allocator_t *allocator = sg__allocator_of(memory);
    sg_loopy_t *l;
    uint64_t u, j, edges;
    int st;
    if (loopy == NULL) return SG_EINVAL;
    *loopy = NULL;
    if (offsets == NULL || sg__allocator_check(allocator) != SG_OK) return SG_EINVAL;
    if ((st = sg__loopy_check_count(count, cap)) != SG_OK) return st;
    for (u = 0; u < count; u++)
        if (offsets[u + 1] < offsets[u]) return SG_EINVAL;
    edges = offsets[count] - offsets[0];
    if (edges != 0 && targets == NULL) return SG_EINVAL;
    /* the size first: the caller's targets are read only once their count is one we take */
    if (edges >= SG__LOOPY_MAX) return SG_ENOMEM;
    for (j = offsets[0]; j < offsets[count]; j++)
        if (targets[j] >= count) return SG_ERANGE;
    if ((st = sg__loopy_new(&l, cap, allocator)) != SG_OK) return st;
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

int sg_loopy_explore_with(sg_loopy_t **loopy, uint64_t start, sg_rule_fn rule, void *user,
                          const sg_memory_t *memory)
{
    return sg_loopy_explore(loopy, start, rule, user, memory ? memory->max_bytes : 0,
                            sg__allocator_of(memory));
}

/* ---- explored keys ----------------------------------------------------------------------- */

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
    if (rule == NULL || sg__allocator_check(allocator) != SG_OK) return SG_EINVAL;
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
