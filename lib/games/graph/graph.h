/*
 * Graphs as byte strings (private to lib/games/graph/): the encoding, adjacency rows in memory,
 * components, and the two canonical labellings (the built-in one and nauty's).
 *
 * The encoding (the positions of Node Kayles and Arc Kayles, and sg_graph_bytes):
 *   byte 0, 1   n, the number of vertices, little-endian (n <= SG_GRAPH_MAX_ORDER)
 *   then        the lower triangle of the adjacency matrix, one bit a pair: the pair (i, j),
 *               i < j, is bit k = j(j-1)/2 + i, in byte 2 + k/8 at bit k%8 (least first);
 *               the padding bits of the last byte are 0
 * so a graph has exactly one encoding under a given labelling, and two encodings are equal
 * exactly when the labelled graphs are.
 */
#ifndef SG_GRAPH_H
#define SG_GRAPH_H

#include "../../common/sg_internal.h"

/* A graph in memory: n rows of w 64-bit words, bit v of row u set when u and v are adjacent. */
typedef struct {
    uint32_t n;
    size_t w;
    uint64_t *row;
} sg__gr_t;

/* the words of a row for n vertices */
SG__INLINE size_t sg__graph_words(uint32_t n)
{
    return (SG__CAST(size_t, n) + 63) / 64;
}
SG__INLINE int sg__graph_adj(const sg__gr_t *g, uint32_t u, uint32_t v)
{
    return sg__bit(g->row + SG__CAST(size_t, u) * g->w, v);
}

/* bytes of the encoding of a graph on n <= SG_GRAPH_MAX_ORDER vertices */
SG__PRIVATE size_t sg__graph_len(uint32_t n);
/* The rows of an encoding (checked: length, n, padding), in memory taken from mem; SG_EINVAL
 * for a malformed string, SG_ENOMEM. sg__graph_release gives the rows back. */
SG__PRIVATE int sg__graph_decode(const unsigned char *pos, size_t len, sg__mem_t *mem,
                                 sg__gr_t *g);
SG__PRIVATE int sg__graph_alloc(sg__gr_t *g, uint32_t n, sg__mem_t *mem);
SG__PRIVATE void sg__graph_release(sg__gr_t *g, sg__mem_t *mem);
/* The encoding of the subgraph induced by order[0..k), vertex order[i] becoming i, written to
 * out (sg__graph_len(k) bytes). */
SG__PRIVATE void sg__graph_encode(const sg__gr_t *g, const uint32_t *order, uint32_t k,
                                  unsigned char *out);
/* The connected components of the subgraph induced by the vertices set in alive (w words):
 * their vertices listed in vert, component c being vert[start[c] .. start[c + 1]), each in
 * increasing order, the components by their least vertex; *count components. vert holds
 * g->n entries, start g->n + 1; seen is scratch of g->w words. */
SG__PRIVATE void sg__graph_components(const sg__gr_t *g, const uint64_t *alive, uint64_t *seen,
                                      uint32_t *vert, uint32_t *start, uint32_t *count);

/* Canonical labellings: order[i] = the vertex put at place i, so that the encoding of
 * sg__graph_encode(g, order, n) is the same for every graph isomorphic to g. SG_OK, SG_ENOMEM.
 * The built-in one: colour refinement, then individualisation of each vertex of the first
 * smallest non-trivial cell in turn, the least encoding over all leaves kept; children that an
 * automorphism already found (or a swap of twins) maps onto one searched are skipped. */
SG__PRIVATE int sg__graph_canon_builtin(const sg__gr_t *g, sg__mem_t *mem, uint32_t *order);
/* order by form (SG_GRAPH_LABELLED, _CANONICAL, _BUILTIN, _NAUTY): SG_OK, SG_EINVAL (a form
 * unknown, or nauty absent), SG_ENOMEM */
SG__PRIVATE int sg__graph_order_by(const sg__gr_t *g, int form, sg__mem_t *mem, uint32_t *order);
/* nauty's densenauty (SG_HAVE_NAUTY); without it SG_EINVAL. */
SG__PRIVATE int sg__graph_canon_nauty(const sg__gr_t *g, sg__mem_t *mem, uint32_t *order);

#endif /* SG_GRAPH_H */
