/* Games with cycles, private to the engine level: the graph and its labels (loopy.h), built from
 * a rule, from rows or by exploring keys (loopy.c), solved by two retrograde passes
 * (loopy_solve.c), and asked about (loopy_query.c). */
#ifndef SG_ENGINE_LOOPY_H
#define SG_ENGINE_LOOPY_H

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

/* The slot of key: holding its index + 1, or 0 where it would go. */
SG__INLINE size_t sg__loopy_slot(const sg_loopy_t *l, uint64_t key)
{
    size_t i;
    for (i = sg__hash64(key) & l->mask;; i = (i + 1) & l->mask)
        if (l->slots[i] == 0 || l->keys[l->slots[i] - 1] == key) return i;
}

/* The two passes over a graph read in full: outcomes, remoteness and values (loopy_solve.c).
 * SG_OK or SG_ENOMEM (the graph is left as it was). */
SG__PRIVATE int sg__loopy_solve(sg_loopy_t *l);

#endif /* SG_ENGINE_LOOPY_H */
