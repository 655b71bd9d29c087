#include "graph.h"

struct sg_graph {
    sg__gr_t g;
    uint64_t edges;
    sg__mem_t mem;
};

int sg_graph_has_nauty(void)
{
#ifdef SG_HAVE_NAUTY
    return 1;
#else
    return 0;
#endif
}

int sg_graph_create(sg_graph_t **graph, uint32_t n, const uint32_t *ends, size_t nedges)
{
    sg_graph_t *gr;
    sg__mem_t mem;
    size_t e;
    int status;
    if (graph == NULL) return SG_EINVAL;
    *graph = NULL;
    if (ends == NULL && nedges > 0) return SG_EINVAL;
    if (n > SG_GRAPH_MAX_ORDER) return SG_ERANGE;
    for (e = 0; e < nedges; e++)
        if (ends[2 * e] >= n || ends[2 * e + 1] >= n || ends[2 * e] == ends[2 * e + 1])
            return SG_EINVAL;
    sg__mem_init(&mem, NULL, 0);
    gr = SG__CAST(sg_graph_t *, sg__mem_alloc(&mem, sizeof *gr));
    if (gr == NULL) return SG_ENOMEM;
    gr->mem = mem;
    gr->edges = 0;
    status = sg__graph_alloc(&gr->g, n, &gr->mem);
    if (status != SG_OK) {
        sg__mem_free(&mem, gr, sizeof *gr);
        return status;
    }
    for (e = 0; e < nedges; e++) {
        uint32_t u = ends[2 * e], v = ends[2 * e + 1];
        uint64_t *ru = gr->g.row + SG__CAST(size_t, u) * gr->g.w;
        if (sg__bit(ru, v)) continue;
        sg__bit_set(ru, v);
        sg__bit_set(gr->g.row + SG__CAST(size_t, v) * gr->g.w, u);
        gr->edges++;
    }
    *graph = gr;
    return SG_OK;
}

int sg_graph_from_bytes(sg_graph_t **graph, const void *bytes, size_t len)
{
    sg_graph_t *gr;
    sg__mem_t mem;
    uint32_t u;
    size_t x;
    int status;
    if (graph == NULL) return SG_EINVAL;
    *graph = NULL;
    if (bytes == NULL) return SG_EINVAL;
    sg__mem_init(&mem, NULL, 0);
    gr = SG__CAST(sg_graph_t *, sg__mem_alloc(&mem, sizeof *gr));
    if (gr == NULL) return SG_ENOMEM;
    gr->mem = mem;
    gr->edges = 0;
    status = sg__graph_decode(SG__CAST(const unsigned char *, bytes), len, &gr->mem, &gr->g);
    if (status != SG_OK) {
        sg__mem_free(&mem, gr, sizeof *gr);
        return status;
    }
    for (u = 0; u < gr->g.n; u++)
        for (x = 0; x < gr->g.w; x++) {
            uint64_t r = gr->g.row[SG__CAST(size_t, u) * gr->g.w + x];
            for (; r; r &= r - 1) gr->edges++;
        }
    gr->edges /= 2;
    *graph = gr;
    return SG_OK;
}

void sg_graph_free(sg_graph_t *graph)
{
    sg__mem_t mem;
    if (graph == NULL) return;
    sg__graph_release(&graph->g, &graph->mem);
    mem = graph->mem;
    sg__mem_free(&mem, graph, sizeof *graph);
}

uint32_t sg_graph_order(const sg_graph_t *graph)
{
    return graph != NULL ? graph->g.n : 0;
}

uint64_t sg_graph_size(const sg_graph_t *graph)
{
    return graph != NULL ? graph->edges : 0;
}

int sg_graph_adjacent(const sg_graph_t *graph, uint32_t u, uint32_t v)
{
    if (graph == NULL || u >= graph->g.n || v >= graph->g.n) return 0;
    return sg__graph_adj(&graph->g, u, v);
}

int sg__graph_order_by(const sg__gr_t *g, int form, sg__mem_t *mem, uint32_t *order)
{
    uint32_t v;
    if (form == SG_GRAPH_CANONICAL) form = sg_graph_has_nauty() ? SG_GRAPH_NAUTY
                                                                : SG_GRAPH_BUILTIN;
    switch (form) {
    case SG_GRAPH_LABELLED:
        for (v = 0; v < g->n; v++) order[v] = v;
        return SG_OK;
    case SG_GRAPH_BUILTIN:
        return sg__graph_canon_builtin(g, mem, order);
    case SG_GRAPH_NAUTY:
        return sg__graph_canon_nauty(g, mem, order);
    default:
        return SG_EINVAL;
    }
}

int sg_graph_bytes(const sg_graph_t *graph, int form, void *buf, size_t cap, size_t *len)
{
    sg__mem_t mem;
    uint32_t *order;
    size_t need, obytes;
    int status;
    if (graph == NULL || len == NULL) return SG_EINVAL;
    if (form == SG_GRAPH_NAUTY && !sg_graph_has_nauty()) return SG_EINVAL;
    if (form < SG_GRAPH_LABELLED || form > SG_GRAPH_NAUTY) return SG_EINVAL;
    need = sg__graph_len(graph->g.n);
    *len = need;
    if (buf == NULL || cap < need) return SG_ERANGE;
    sg__mem_init(&mem, NULL, 0);
    obytes = (SG__CAST(size_t, graph->g.n) + 1) * sizeof *order;
    order = SG__CAST(uint32_t *, sg__mem_alloc(&mem, obytes));
    if (order == NULL) return SG_ENOMEM;
    status = sg__graph_order_by(&graph->g, form, &mem, order);
    if (status == SG_OK)
        sg__graph_encode(&graph->g, order, graph->g.n, SG__CAST(unsigned char *, buf));
    sg__mem_free(&mem, order, obytes);
    return status;
}
