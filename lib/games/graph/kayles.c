/*
 * What Node Kayles and Arc Kayles share: the split into connected components (with the
 * components whose value is known folded into one), the canonical form of a component, a store
 * of either game, and the queries of the public API. The two games' options are in
 * node_kayles.c and arc_kayles.c, which pass them in.
 *
 * Folding: in a sum, components of value *1 cancel in pairs, so of those the split keeps one
 * when their count is odd, none when even. Node Kayles: a vertex alone has one option, the
 * empty graph, so it is *1; an edge alone has two, both the empty graph: *1. Arc Kayles: a
 * vertex alone has no move (0: dropped); an edge alone, and a path or a triangle on three
 * vertices, have only options made of a vertex alone or nothing (value 0): *1.
 */
#include "kayles.h"
#include "../../engine/struct_store.h"
#include <stdlib.h>

static const sg__kayles_cfg_t kayles_cfg[2][2] = {
    {{SG__KAYLES_NODE, SG_GRAPH_BUILTIN}, {SG__KAYLES_NODE, SG_GRAPH_NAUTY}},
    {{SG__KAYLES_ARC, SG_GRAPH_BUILTIN}, {SG__KAYLES_ARC, SG_GRAPH_NAUTY}},
};

static void *kayles_bump_alloc(void *user, size_t size)
{
    sg__kayles_bump_t *b = SG__CAST(sg__kayles_bump_t *, user);
    size_t room = SG__KAYLES_LOCAL - b->used;
    if (size <= room && (size + 15) / 16 * 16 <= room) {
        void *p = b->base + b->used;
        b->used += (size + 15) / 16 * 16;
        return p;
    }
    return malloc(size);
}

static void kayles_bump_free(void *user, void *ptr)
{
    sg__kayles_bump_t *b = SG__CAST(sg__kayles_bump_t *, user);
    const void *base = b->base;
    uintptr_t p, lo;
    /* the addresses as numbers without a cast (C++ solutions build with -Wold-style-cast) */
    memcpy(&p, &ptr, sizeof p);
    memcpy(&lo, &base, sizeof lo);
    if (p - lo < SG__KAYLES_LOCAL) return;   /* (unsigned: below base wraps high) */
    free(ptr);
}

/* scratch for one call on a graph of n vertices: the rows, an order of n + 1 entries, a start
 * of n + 2, a bitset of w words twice, and an encoding of the whole graph */
int sg__kayles_begin(sg__kayles_work_t *k, const unsigned char *pos, size_t len)
{
    size_t n, w, bytes;
    int status;
    k->bump.base = SG__CAST(unsigned char *, SG__CAST(void *, k->local));
    k->bump.used = 0;
    k->alloc.alloc = kayles_bump_alloc;
    k->alloc.free = kayles_bump_free;
    k->alloc.user = &k->bump;
    sg__mem_init(&k->mem, &k->alloc, 0);
    k->block = NULL;
    status = sg__graph_decode(pos, len, &k->mem, &k->g);
    if (status != SG_OK) return status;
    n = k->g.n;
    w = k->g.w ? k->g.w : 1;
    bytes = (2 * n + 3) * sizeof(uint32_t) + 2 * w * sizeof(uint64_t) + sg__graph_len(k->g.n);
    k->bytes = bytes;
    k->block = SG__CAST(unsigned char *, sg__mem_alloc(&k->mem, bytes));
    if (k->block == NULL) {
        sg__graph_release(&k->g, &k->mem);
        return SG_ENOMEM;
    }
    k->alive = SG__CAST(uint64_t *, SG__CAST(void *, k->block));
    k->seen = k->alive + w;
    k->vert = SG__CAST(uint32_t *, SG__CAST(void *, k->seen + w));
    k->start = k->vert + n + 1;
    k->enc = SG__CAST(unsigned char *, SG__CAST(void *, k->start + n + 2));
    return SG_OK;
}

void sg__kayles_end(sg__kayles_work_t *k)
{
    if (k->block != NULL) sg__mem_free(&k->mem, k->block, k->bytes);
    k->block = NULL;
    sg__graph_release(&k->g, &k->mem);
}

/* every vertex alive */
void sg__kayles_all(sg__kayles_work_t *k)
{
    size_t x;
    uint32_t n = k->g.n;
    for (x = 0; x < k->g.w; x++) k->alive[x] = ~SG__CAST(uint64_t, 0);
    if (n % 64) k->alive[k->g.w - 1] = (SG__CAST(uint64_t, 1) << (n % 64)) - 1;
}

int sg__kayles_emit_components(sg__kayles_work_t *k, int game, const unsigned char *whole,
                               sg_parts_t *out)
{
    uint32_t c, count, ones = 0;
    int status = SG_OK;
    sg__graph_components(&k->g, k->alive, k->seen, k->vert, k->start, &count);
    for (c = 0; c < count && status == SG_OK; c++) {
        uint32_t size = k->start[c + 1] - k->start[c];
        if (game == SG__KAYLES_NODE ? size <= 2 : size <= 3) {
            ones += game == SG__KAYLES_NODE || size >= 2;
            continue;
        }
        if (whole != NULL && size == k->g.n) {   /* the graph itself, connected */
            status = sg_parts_add(out, whole, sg__graph_len(size));
            continue;
        }
        sg__graph_encode(&k->g, k->vert + k->start[c], size, k->enc);
        status = sg_parts_add(out, k->enc, sg__graph_len(size));
    }
    if (status == SG_OK && (ones & 1)) {
        /* one *1: a vertex alone (Node Kayles), an edge alone (Arc Kayles) */
        static const unsigned char one[2][3] = {{1, 0, 0}, {2, 0, 1}};
        int arc = game == SG__KAYLES_ARC;
        status = sg_parts_add(out, one[arc], arc ? 3 : 2);
    }
    return status;
}

static int kayles_split(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    const sg__kayles_cfg_t *cfg = SG__CAST(const sg__kayles_cfg_t *, user);
    sg__kayles_work_t k;
    int status = sg__kayles_begin(&k, pos, len);
    if (status != SG_OK) return status;
    sg__kayles_all(&k);
    status = sg__kayles_emit_components(&k, cfg->game, pos, out);
    sg__kayles_end(&k);
    return status;
}

/* A connected path or cycle: 1 and order = its vertices along it. Labelled along itself, from
 * either end of a path or from any vertex of a cycle either way, it has one and the same byte
 * form, a function of its length: so this is a canonical form of those classes, found in
 * linear time (the most common components of grids). */
static int kayles_along(const sg__gr_t *g, uint32_t *order)
{
    uint32_t n = g->n, v, deg, start = 0, ends = 0, prev, cur, i;
    uint64_t edges = 0;
    size_t x;
    if (n < 3) return 0;
    for (v = 0; v < n; v++) {
        const uint64_t *r = g->row + SG__CAST(size_t, v) * g->w;
        for (deg = 0, x = 0; x < g->w; x++) {
            uint64_t w = r[x];
            for (; w; w &= w - 1) deg++;
        }
        if (deg > 2 || deg == 0) return 0;
        if (deg == 1 && ends++ == 0) start = v;
        edges += deg;
    }
    if (!(ends == 2 && edges == 2 * SG__CAST(uint64_t, n - 1)) &&
        !(ends == 0 && edges == 2 * SG__CAST(uint64_t, n)))
        return 0;
    prev = UINT32_MAX;
    cur = start;
    for (i = 0; i < n; i++) {
        const uint64_t *r = g->row + SG__CAST(size_t, cur) * g->w;
        uint32_t next = UINT32_MAX;
        order[i] = cur;
        for (x = 0; x < g->w && next == UINT32_MAX; x++) {
            uint64_t w = r[x];
            for (; w && next == UINT32_MAX; w &= w - 1) {
                uint32_t u = SG__CAST(uint32_t, x * 64 + sg__ctz64(w));
                if (u != prev && u != start) next = u;
            }
        }
        if (next == UINT32_MAX) break;
        prev = cur;
        cur = next;
    }
    /* all n on the walk: connected (not a cycle beside a path, nor two cycles) */
    return i + 1 == n;
}

static int kayles_canonical(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    const sg__kayles_cfg_t *cfg = SG__CAST(const sg__kayles_cfg_t *, user);
    sg__kayles_work_t k;
    int status = sg__kayles_begin(&k, pos, len);
    if (status != SG_OK) return status;
    status = kayles_along(&k.g, k.vert) ? SG_OK
                                        : sg__graph_order_by(&k.g, cfg->form, &k.mem, k.vert);
    if (status == SG_OK) {
        sg__graph_encode(&k.g, k.vert, k.g.n, k.enc);
        status = sg_parts_add(out, k.enc, len);
    }
    sg__kayles_end(&k);
    return status;
}

int sg__kayles_rules(int game, sg__kayles_options_fn options, int form,
                     sg_struct_rules_t *rules, void **user)
{
    union {
        const void *in;
        void *out;
    } u;   /* the callbacks only read it: a store's user is not const */
    if (rules == NULL || user == NULL) return SG_EINVAL;
    if (form == SG_GRAPH_CANONICAL) form = sg_graph_has_nauty() ? SG_GRAPH_NAUTY
                                                                : SG_GRAPH_BUILTIN;
    if (form != SG_GRAPH_BUILTIN && !(form == SG_GRAPH_NAUTY && sg_graph_has_nauty()))
        return SG_EINVAL;
    rules->options = options;
    rules->split = kayles_split;
    rules->canonical = kayles_canonical;
    u.in = &kayles_cfg[game][form == SG_GRAPH_NAUTY];
    *user = u.out;
    return SG_OK;
}

/* the name a store's files carry: the rule's version and the canonical form of the bytes */
static const char *const sg__kayles_names[2][2] = {
    {"node-kayles/1 builtin", "node-kayles/1 nauty"},
    {"arc-kayles/1 builtin", "arc-kayles/1 nauty"}};

/* 1 when store holds positions of game (its name is one of the game's): a store of the other
 * game, or of any rule, would answer with its own rule's values, wrong and reported as found */
static int sg__kayles_store_is(const sg_store_t *store, int game)
{
    const char *name = sg_store_game(store);
    return strcmp(name, sg__kayles_names[game][0]) == 0 ||
           strcmp(name, sg__kayles_names[game][1]) == 0;
}

int sg__kayles_store(sg_store_t **store, int game, sg__kayles_options_fn options, int form,
                     const sg_memory_t *memory)
{
    sg_struct_rules_t rules;
    void *user;
    int status;
    if (store == NULL) return SG_EINVAL;
    *store = NULL;
    status = sg__kayles_rules(game, options, form, &rules, &user);
    if (status == SG_OK) status = sg_store_create(store, &rules, user, memory);
    if (status != SG_OK) return status;
    sg__store_options_split(*store, 0);   /* the options report components */
    form = SG__CAST(const sg__kayles_cfg_t *, user)->form;
    return sg_store_set_game(*store, sg__kayles_names[game][form == SG_GRAPH_NAUTY]);
}

int sg__kayles_query(const sg_graph_t *graph, sg_store_t *store, int game,
                     sg__kayles_options_fn options, sg__kayles_ask_t *ask)
{
    sg_store_t *own = NULL;
    unsigned char *pos;
    size_t len = 0;
    sg__mem_t mem;
    int status;
    if (graph == NULL || (store != NULL && !sg__kayles_store_is(store, game))) return SG_EINVAL;
    sg__mem_init(&mem, NULL, 0);
    len = sg__graph_len(sg_graph_order(graph));
    pos = SG__CAST(unsigned char *, sg__mem_alloc(&mem, len));
    if (pos == NULL) return SG_ENOMEM;
    status = sg_graph_bytes(graph, SG_GRAPH_LABELLED, pos, len, &len);
    if (status == SG_OK && store == NULL) {
        status = sg__kayles_store(&own, game, options, SG_GRAPH_CANONICAL, NULL);
        store = own;
    }
    if (status == SG_OK) {
        switch (ask->what) {
        case SG__KAYLES_VALUE:
            status = sg_store_value(store, pos, len, &ask->value);
            break;
        case SG__KAYLES_OUTCOME:
            status = sg_store_outcome(store, pos, len, ask->k, &ask->next_wins);
            break;
        default:
            status = sg_store_winning_move(store, pos, len, 0, &ask->option, NULL);
            break;
        }
    }
    sg_store_free(own);
    sg__mem_free(&mem, pos, sg__graph_len(sg_graph_order(graph)));
    return status;
}

int sg__kayles_value(const sg_graph_t *graph, sg_store_t *store, int game,
                     sg__kayles_options_fn options, sg_value_t *value)
{
    sg__kayles_ask_t ask = {SG__KAYLES_VALUE, 0, 0, 0, 0};
    int status;
    if (value == NULL) return SG_EINVAL;
    status = sg__kayles_query(graph, store, game, options, &ask);
    if (status == SG_OK) *value = ask.value;
    return status;
}

int sg__kayles_outcome(const sg_graph_t *graph, sg_value_t k, sg_store_t *store, int game,
                       sg__kayles_options_fn options, int *next_wins)
{
    sg__kayles_ask_t ask = {SG__KAYLES_OUTCOME, 0, 0, 0, 0};
    int status;
    if (next_wins == NULL) return SG_EINVAL;
    ask.k = k;
    status = sg__kayles_query(graph, store, game, options, &ask);
    if (status == SG_OK) *next_wins = ask.next_wins;
    return status;
}
