#include "../../common/sg_internal.h"
#include "gg_core.h"

/* Grundy's game: the marks of a block of positions. The common options are marked a block of
 * SG__GG_RUN positions at a time, rare part by rare part: the partners of a rare part
 * r >= SG__GG_RUN in the block are consecutive values, all known before the block, and each
 * position's array of marks stays in the first-level cache. The few smaller rare parts, and
 * those found within the block, are marked position by position (gg_engine.c). */

/* A block of positions from n (to the next choice of the mask at most), none marked yet, for
 * the rare parts of at least `least` found so far: their partners in the block are all known
 * once G(0 .. n + SG__GG_RUN - 1 - least) are. */
void sg__gg_block_start(const sg__gg_t *e, sg__gg_block_t *b, uint64_t n, uint64_t least)
{
    b->n = n;
    b->len = e->rechoose <= n ? 0 : e->rechoose - n < SG__GG_RUN ? e->rechoose - n : SG__GG_RUN;
    b->from = b->done = sg__gg_rare_find(e, least);
    b->to = e->nrare;
    memset(b->seen, 0, (size_t)b->len * e->stride);
}

/* The marks of rare parts rare[i0 .. i1) for the block's positions b->n + j0 .. b->n + j1 - 1,
 * made a rare part at a time: its partners are then consecutive values, read once for all
 * those positions, and the marks go to arrays that stay in the first-level cache. A position at
 * a time, the partners of its 10^3 rare parts are as many cache lines, which that cache cannot
 * hold from one position to the next. */
void sg__gg_block_mark(const sg__gg_t *e, const sg__gg_block_t *b, uint64_t j0, uint64_t j1,
                       size_t i0, size_t i1)
{
    const sg__gg_values_t gv = e->g;
    uint64_t n0 = b->n + j0, len = j1 - j0, j;
    size_t i, st = e->stride;
    unsigned char *first = sg__gg_block_seen(e, b, n0);
    for (i = i0; i < i1; i++) {
        uint64_t r = e->rare[i];
        sg_value_t v = e->rare_val[i];
        unsigned char *p = first;
        j = 0;
        if (2 * r >= n0 && 2 * r - n0 < len) {   /* one position has the split (r, r): no move */
            for (; j < len; j++, p += st)
                if (n0 + j != 2 * r) p[v ^ sg__gg_at(gv, n0 + j - r)] = 1;
            continue;
        }
/* the partners are in the window (at slot i - off) in a windowed run: every rare part is below
 * its prefix, no longer than its window */
#define SG__GG_BLOCK_LOOP(G)                                                                 \
    for (; j + 4 <= len; j += 4, p += 4 * st) {                                              \
        p[v ^ (G)[j]] = 1;                                                                   \
        p[st + (v ^ (G)[j + 1])] = 1;                                                        \
        p[2 * st + (v ^ (G)[j + 2])] = 1;                                                    \
        p[3 * st + (v ^ (G)[j + 3])] = 1;                                                    \
    }                                                                                        \
    for (; j < len; j++, p += st) p[v ^ (G)[j]] = 1
        if (gv.g8 != NULL) {
            const unsigned char *G = gv.g8 + (n0 - r - gv.off);
            SG__GG_BLOCK_LOOP(G);
        } else if (gv.g16 != NULL) {
            const uint16_t *G = gv.g16 + (n0 - r - gv.off);
            SG__GG_BLOCK_LOOP(G);
        } else {
            const sg_value_t *G = gv.g32 + (n0 - r - gv.off);
            SG__GG_BLOCK_LOOP(G);
        }
#undef SG__GG_BLOCK_LOOP
    }
}

