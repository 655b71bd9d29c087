/*
 * Arc Kayles on any simple graph: a move takes the two ends of an edge away (both vertices,
 * with every edge at either). The options are one an edge {u, v}, u < v, in the order of
 * (u, v); components and canonical forms come from kayles.c.
 */
#include "kayles.h"

static int arc_kayles_options(void *user, const unsigned char *pos, size_t len,
                              sg_parts_t *out)
{
    sg__kayles_work_t k;
    uint32_t u, v;
    int status = sg__kayles_begin(&k, pos, len);
    (void)user;
    if (status != SG_OK) return status;
    for (u = 0; u < k.g.n && status == SG_OK; u++)
        for (v = u + 1; v < k.g.n && status == SG_OK; v++) {
            if (!sg__graph_adj(&k.g, u, v)) continue;
            sg__kayles_all(&k);
            sg__bit_clear(k.alive, u);
            sg__bit_clear(k.alive, v);
            status = sg__kayles_emit_components(&k, SG__KAYLES_ARC, NULL, out);
            if (status == SG_OK) status = sg_parts_end(out);
        }
    sg__kayles_end(&k);
    return status;
}

int sg_arc_kayles_store(sg_store_t **store, int form, const sg_memory_t *memory)
{
    return sg__kayles_store(store, SG__KAYLES_ARC, arc_kayles_options, form, memory);
}

int sg_arc_kayles_rules(int form, sg_struct_rules_t *rules, void **user)
{
    return sg__kayles_rules(SG__KAYLES_ARC, arc_kayles_options, form, rules, user);
}

int sg_arc_kayles_value(const sg_graph_t *graph, sg_store_t *store, sg_value_t *value)
{
    return sg__kayles_value(graph, store, SG__KAYLES_ARC, arc_kayles_options, value);
}

int sg_arc_kayles_outcome(const sg_graph_t *graph, sg_value_t k, sg_store_t *store,
                          int *next_wins)
{
    return sg__kayles_outcome(graph, k, store, SG__KAYLES_ARC, arc_kayles_options, next_wins);
}

int sg_arc_kayles_winning_move(const sg_graph_t *graph, sg_store_t *store, uint32_t *u,
                               uint32_t *v)
{
    sg__kayles_ask_t ask = {SG__KAYLES_MOVE, 0, 0, 0, 0};
    uint32_t a, b, n = sg_graph_order(graph);
    size_t index = 0;
    int status;
    if (u == NULL || v == NULL) return SG_EINVAL;
    status = sg__kayles_query(graph, store, SG__KAYLES_ARC, arc_kayles_options, &ask);
    if (status != 1) return status;
    /* the option's index back to its edge */
    for (a = 0; a < n; a++)
        for (b = a + 1; b < n; b++)
            if (sg_graph_adjacent(graph, a, b) && index++ == ask.option) {
                *u = a;
                *v = b;
                return 1;
            }
    return SG_EINVAL;
}
