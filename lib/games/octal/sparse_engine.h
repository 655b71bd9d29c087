/* The sparse-space engine of take-and-break games (octal_sparse.c, which says how it works):
 * its state, shared with octal_sparse_state.c, which keeps it (the mask, the rare list, the
 * memo of marks) as the values arrive. Private to lib/. */
#ifndef SG_OCTAL_SPARSE_ENGINE_H
#define SG_OCTAL_SPARSE_ENGINE_H

#include "../../common/sg_internal.h"
#include "take_break.h"

#define SG__OS_MAXV 32768u    /* values at or above this: the engine stops for good (so every
                                 value it handles, c included, is below 65536) */
#define SG__OS_MAXN 0xffffffffu   /* positions are kept in 32 bits */
#define SG__OS_TRIAL 256u     /* positions between two trial steps while the plain kernel runs */
#define SG__OS_BLOCK 64       /* splits per branch-free test block */
#define SG__OS_MARKS SG__OCTAL_SPARSE_MARKS
#define SG__OS_FEW 4u         /* values missing: tested for one by one rather than marked (where
                                 no vector pass of octal_sparse_simd.c takes them) */
/* Costs, in splits tested by a vector kernel: a gather of a rare part's partner, and a split
 * marked alone in a sequential sweep (measured: about 0.6 of a gather) */
#define SG__OS_GATHER 16u
#define SG__OS_SWEEP 10u

struct sg__octal_sparse {
    unsigned split[SG_OCTAL_MAX_DIGITS + 1];   /* indices of the split digits (bit 4) */
    unsigned nsplit;
    unsigned char single[SG_OCTAL_MAX_DIGITS + 1];   /* the digits' bits 1 and 2 */
    unsigned t;
    int domain_ok;         /* every split digit has index parity e */
    unsigned e;
    int off;               /* a value or a position too large: the plain kernel from now on */
    int dormant;           /* no hope until rechoose: no bookkeeping, rebuilt from the copies
                              then */
    int domain;            /* the mask's type */
    sg_value_t mask;
    uint64_t range;        /* a power of two above every value so far */
    unsigned char *par;    /* P(v), 2 * range entries */
    unsigned char *seen;   /* options marked, 2 * range entries (only < range ever set) */
    uint16_t *need;        /* values of the other class below c, 2 * range entries */
    int64_t *hist;         /* positions p >= 1 per value (range entries) ... */
    int64_t *shist;        /* ... and the same signed by (-1)^(p - e) */
    int64_t *rare;         /* the rare positions p >= 1, ascending, as -p * 65536 + G(p) (the
                              mark loop reads G(m - p) at g + (e >> 16), g = F + m) */
    size_t nrare, rcap;
    size_t hint[SG_OCTAL_MAX_DIGITS + 1];   /* per split digit: the rare list's index found at
                                                the last step (sg__os_rare_next) */
    /* The marks of the rare parts of heap m, kept for a later step: with split digits i < i',
     * step n marks heap n - i, which step n + i' - i marks again (the rare parts below m, and
     * their partners, do not change until the list is chosen again). Slot m % nmemo, range
     * bytes each; only for games with two split digits or more, while range is small, where
     * the run below has no room or has not begun. */
    unsigned char *memo;
    uint64_t *memo_m;      /* the m each slot holds (UINT64_MAX: none) */
    size_t nmemo;          /* slots: a power of two above the span of the split digits */
    size_t memo_range;     /* range of the slots' room (0: none) */
    /* With split digits within SG__OS_RUN / 2 places of each other (the memo serves the
     * others), the marks of the heaps run_m0 .. run_m0 + SG__OS_RUN - 1 made a rare part at a
     * time: a part's partners are then SG__OS_RUN consecutive values, read once for
     * all those heaps, where heap by heap each partner is a cache line of its own. Heap
     * run_m0 + k's marks of rare[run_lo .. run_hi) (the parts from SG__OS_RUN up to run_m0,
     * whose partners were all known when the run was made) are run[k * run_range ..]. */
    unsigned char *run;
    uint64_t run_m0;       /* UINT64_MAX: none made */
    size_t run_lo, run_hi;
    size_t run_range;      /* range of the run's arrays (0: no room, heap by heap) */
    uint64_t rechoose;     /* choose the mask again at this n ... */
    size_t rare_limit;     /* ... or sooner, once there are more rare positions than this */
    uint64_t cost;         /* running average of a step's work, x16 */
    sg__octal_sparse_stats_t stats;
};

#define SG__OS_MEMO_BYTES 65536u   /* room for the memo of marks at most */
#define SG__OS_RUN 16u             /* heaps in a run of marks (SG__OS_RUN * range bytes) ... */
#define SG__OS_RUN_BYTES 65536u    /* ... at most this many */

/* 1 when position p of value v is rare under the current mask */
SG__INLINE int sg__os_is_rare(const sg__octal_sparse_t *sp, uint64_t p, sg_value_t v)
{
    unsigned q = sp->domain ? (unsigned)((p - sp->e) & 1u) ^ 1u : 1u;
    return sp->par[v] != q;
}

/* A rare entry's -p and p (e < 0: the shifts are of ~e >= 0, which compilers fold into one
 * arithmetic shift) */
SG__INLINE int64_t sg__os_rneg(int64_t e)
{
    return ~(~e >> 16);
}
SG__INLINE uint64_t sg__os_rpos(int64_t e)
{
    return (uint64_t)(~e >> 16) + 1;
}

/* ---- the engine's state (octal_sparse_state.c) ---- */

/* index of the first rare position >= x */
SG__PRIVATE size_t sg__os_rare_find(const sg__octal_sparse_t *sp, uint64_t x);
/* G(n) = v is stored: its bookkeeping (the histograms, the rare list, the range; a value or a
 * position too large turns the engine off). SG_OK or SG_ENOMEM. */
SG__PRIVATE int sg__os_account(sg__octal_sparse_t *sp, uint64_t n, sg_value_t v);
/* The mask (and type) with the fewest rare positions among G(1 .. n-1); the rare list for it.
 * SG_OK or SG_ENOMEM. */
SG__PRIVATE int sg__os_choose(sg__octal_sparse_t *sp, const sg__octal_view_t *G, uint64_t n);
/* The bookkeeping of G(0 .. n-1) from scratch, at the start and after a dormant stretch: the
 * histograms, a mask and its rare list. SG_OK or SG_ENOMEM. */
SG__PRIVATE int sg__os_rebuild(sg__octal_sparse_t *sp, const sg__octal_view_t *G, uint64_t n);

#endif /* SG_OCTAL_SPARSE_ENGINE_H */
