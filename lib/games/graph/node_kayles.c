/*
 * Node Kayles on any simple graph: a move takes a vertex v and its neighbours, N[v], away.
 * The options are one a vertex, in the order of the vertices (the winning move's index is
 * the vertex); components and canonical forms come from kayles.c.
 */
#include "kayles.h"

static int node_kayles_options(void *user, const unsigned char *pos, size_t len,
                               sg_parts_t *out)
{
    sg__kayles_work_t k;
    uint32_t v;
    size_t x;
    int status = sg__kayles_begin(&k, pos, len);
    (void)user;
    if (status != SG_OK) return status;
    for (v = 0; v < k.g.n && status == SG_OK; v++) {
        const uint64_t *r = k.g.row + SG__CAST(size_t, v) * k.g.w;
        sg__kayles_all(&k);
        for (x = 0; x < k.g.w; x++) k.alive[x] &= ~r[x];
        sg__bit_clear(k.alive, v);
        status = sg__kayles_emit_components(&k, SG__KAYLES_NODE, NULL, out);
        if (status == SG_OK) status = sg_parts_end(out);
    }
    sg__kayles_end(&k);
    return status;
}

int sg_node_kayles_store(sg_store_t **store, int form, const sg_memory_t *memory)
{
    return sg__kayles_store(store, SG__KAYLES_NODE, node_kayles_options, form, memory);
}

int sg_node_kayles_rules(int form, sg_struct_rules_t *rules, void **user)
{
    return sg__kayles_rules(SG__KAYLES_NODE, node_kayles_options, form, rules, user);
}

int sg_node_kayles_value(const sg_graph_t *graph, sg_store_t *store, sg_value_t *value)
{
    return sg__kayles_value(graph, store, SG__KAYLES_NODE, node_kayles_options, value);
}

int sg_node_kayles_outcome(const sg_graph_t *graph, sg_value_t k, sg_store_t *store,
                           int *next_wins)
{
    return sg__kayles_outcome(graph, k, store, SG__KAYLES_NODE, node_kayles_options, next_wins);
}

int sg_node_kayles_winning_move(const sg_graph_t *graph, sg_store_t *store, uint32_t *vertex)
{
    sg__kayles_ask_t ask = {SG__KAYLES_MOVE, 0, 0, 0, 0};
    int status;
    if (vertex == NULL) return SG_EINVAL;
    status = sg__kayles_query(graph, store, SG__KAYLES_NODE, node_kayles_options, &ask);
    if (status == 1) *vertex = SG__CAST(uint32_t, ask.option);
    return status;
}
