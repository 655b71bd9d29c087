/*
 * What node_kayles.c and arc_kayles.c share (kayles.c): scratch for a callback on one graph,
 * the split and canonical form of both games, a store of either, and the queries.
 */
#ifndef SG_KAYLES_H
#define SG_KAYLES_H

#include "graph.h"

enum { SG__KAYLES_NODE = 0, SG__KAYLES_ARC = 1 };

/* the user of a store's callbacks: which game, which canonical form (static, never written) */
typedef struct {
    int game, form;
} sg__kayles_cfg_t;

typedef int (*sg__kayles_options_fn)(void *user, const unsigned char *pos, size_t len,
                                     sg_parts_t *out);

/* A callback's memory: taken first from a block on the callback's stack (nothing given back
 * until the callback ends), then from malloc. A node's graphs are small: most callbacks never
 * reach malloc. */
#define SG__KAYLES_LOCAL 2048
typedef struct {
    unsigned char *base;
    size_t used;
} sg__kayles_bump_t;

/* a callback's graph and scratch: alive and seen (g.w words each), vert (n + 1), start
 * (n + 2), enc (the encoding of a graph of up to n vertices) */
typedef struct {
    uint64_t local[SG__KAYLES_LOCAL / 8];
    sg__kayles_bump_t bump;
    sg_allocator_t alloc;
    sg__mem_t mem;
    sg__gr_t g;
    unsigned char *block;
    size_t bytes;
    uint64_t *alive, *seen;
    uint32_t *vert, *start;
    unsigned char *enc;
} sg__kayles_work_t;

SG__PRIVATE int sg__kayles_begin(sg__kayles_work_t *k, const unsigned char *pos, size_t len);
SG__PRIVATE void sg__kayles_end(sg__kayles_work_t *k);
SG__PRIVATE void sg__kayles_all(sg__kayles_work_t *k);
/* The components of the subgraph induced by the vertices alive, one part each, those of value
 * *1 folded (see kayles.c). whole: the bytes of k's graph, added as they are when every vertex
 * is alive and the graph is connected (no new encoding), or NULL. */
SG__PRIVATE int sg__kayles_emit_components(sg__kayles_work_t *k, int game,
                                           const unsigned char *whole, sg_parts_t *out);

SG__PRIVATE int sg__kayles_rules(int game, sg__kayles_options_fn options, int form,
                                 sg_struct_rules_t *rules, void **user);
SG__PRIVATE int sg__kayles_store(sg_store_t **store, int game, sg__kayles_options_fn options,
                                 int form, const sg_memory_t *memory);

enum { SG__KAYLES_VALUE = 0, SG__KAYLES_OUTCOME = 1, SG__KAYLES_MOVE = 2 };
typedef struct {
    int what;
    sg_value_t k;        /* in: the outcome's *k */
    sg_value_t value;    /* out */
    int next_wins;       /* out */
    size_t option;       /* out: the winning move's option index, when the status is 1 */
} sg__kayles_ask_t;

/* the query ask->what on graph through store (NULL: a store of the game made for the call) */
SG__PRIVATE int sg__kayles_query(const sg_graph_t *graph, sg_store_t *store, int game,
                                 sg__kayles_options_fn options, sg__kayles_ask_t *ask);

/* the value of graph, and the outcome of graph + *k, as the public functions give them */
SG__PRIVATE int sg__kayles_value(const sg_graph_t *graph, sg_store_t *store, int game,
                                 sg__kayles_options_fn options, sg_value_t *value);
SG__PRIVATE int sg__kayles_outcome(const sg_graph_t *graph, sg_value_t k, sg_store_t *store,
                                   int game, sg__kayles_options_fn options, int *next_wins);

#endif /* SG_KAYLES_H */
