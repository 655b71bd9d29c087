/*
 * The canonical labelling by nauty's densenauty (B. D. McKay and A. Piperno, "Practical graph
 * isomorphism, II", J. Symbolic Comput. 60 (2014) 94-112), compiled in when the Makefile finds
 * nauty (Debian's libnauty2-dev) and defines SG_HAVE_NAUTY. nauty's lab[] after a call with
 * getcanon is the canonical order: lab[i] is the vertex at place i.
 * nauty keeps its work space in static storage: calls from two threads at once must be
 * serialised by the caller (docs/sg_graph.3).
 */
#include "graph.h"

#ifdef SG_HAVE_NAUTY
#include <nauty/nauty.h>

int sg__graph_canon_nauty(const sg__gr_t *g, sg__mem_t *mem, uint32_t *order)
{
    DEFAULTOPTIONS_GRAPH(options);
    statsblk stats;
    int n = SG__CAST(int, g->n), m, *lab, *ptn, *orbits, i;
    setword *ng, *canon;
    size_t words, bytes;
    unsigned char *block;
    uint32_t u, v;
    uint64_t bits;
    if (g->n <= 1) {
        if (g->n == 1) order[0] = 0;
        return SG_OK;
    }
    m = SETWORDSNEEDED(n);
    words = SG__CAST(size_t, m) * SG__CAST(size_t, n);
    bytes = 2 * words * sizeof(setword) + 3 * SG__CAST(size_t, n) * sizeof(int);
    block = SG__CAST(unsigned char *, sg__mem_alloc(mem, bytes));
    if (block == NULL) return SG_ENOMEM;
    ng = SG__CAST(setword *, SG__CAST(void *, block));
    canon = ng + words;
    lab = SG__CAST(int *, SG__CAST(void *, canon + words));
    ptn = lab + n;
    orbits = ptn + n;
    /* nauty's rows: m setwords a vertex, element v at bit WORDSIZE - 1 - v % WORDSIZE of word
     * v / WORDSIZE (ADDELEMENT, written out without its signed arithmetic) */
    memset(ng, 0, words * sizeof(setword));
    for (u = 0; u < g->n; u++) {
        const uint64_t *r = g->row + SG__CAST(size_t, u) * g->w;
        size_t x;
        for (x = 0; x < g->w; x++)
            for (bits = r[x]; bits; bits &= bits - 1) {
                v = SG__CAST(uint32_t, x * 64 + sg__ctz64(bits));
                ng[SG__CAST(size_t, u) * SG__CAST(size_t, m) + v / WORDSIZE] |=
                    SG__CAST(setword, 1) << (WORDSIZE - 1 - v % WORDSIZE);
            }
    }
    options.getcanon = TRUE;
    densenauty(ng, lab, ptn, orbits, &options, &stats, m, n, canon);
    for (i = 0; i < n; i++) order[i] = SG__CAST(uint32_t, lab[i]);
    sg__mem_free(mem, block, bytes);
    return SG_OK;
}

#else

int sg__graph_canon_nauty(const sg__gr_t *g, sg__mem_t *mem, uint32_t *order)
{
    (void)g;
    (void)mem;
    (void)order;
    return SG_EINVAL;
}

#endif
