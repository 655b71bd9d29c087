/* The windowed step of take-and-break games with at most two parts (octal_window.c): G(n) from
 * the values a windowed long run still holds, G(0 .. pre-1) and G(base .. n-1), under a mask
 * chosen once as the window starts. Private to lib/: never installed. */
#ifndef SG_GAMES_OCTAL_WINDOW_H
#define SG_GAMES_OCTAL_WINDOW_H

#include "../../common/sg_internal.h"
#include "take_break.h"

/* The values held, as a windowed store keeps them: G(i) at slot i for i < pre, at slot
 * i - base + pre for base <= i < count, `width` bytes each (1, 2 or 4) from `data`; pre = base
 * = 0 when every value is held. */
typedef struct {
    const void *data;
    unsigned width;
    uint64_t pre, base, count;
} sg__ow_held_t;

#define SG__OW_MAXV ((uint64_t)1 << 24)   /* values at or above this: no window (SG_EWINDOW) */

typedef struct {
    unsigned split[SG_OCTAL_MAX_DIGITS + 1];   /* indices of the split digits (bit 4) */
    unsigned nsplit;
    unsigned char single[SG_OCTAL_MAX_DIGITS + 1];   /* the digits' bits 1 and 2 */
    unsigned t, e;                /* the last digit; the parity of every split digit's index */
    int domain_ok;                /* e holds for every split digit */
    int domain;                   /* the mask's type: 1 domain, 0 range (as octal_sparse.c) */
    sg_value_t mask;
    uint64_t range;               /* a power of two above every value, 64 at least */
    unsigned char *par;           /* P(v) = popcount(v & mask) & 1, 2 * range entries */
    unsigned char *seen;          /* options marked, 2 * range entries (only < range set) */
    sg_value_t *need;             /* values of the other class below c, 2 * range entries */
    uint64_t *hist;               /* hist[v]: the n < count of value v, range entries */
    uint64_t *rare;               /* the rare positions p >= 1, ascending (all in the prefix) */
    sg_value_t *rare_val;         /* ... and their values */
    size_t nrare, rcap;
    uint64_t count;               /* values accounted for */
    void *mirror;                 /* G(pre-1-j) at j < pre, in the store's width (rebuilt from
                                     the values when that changes): with the window, the splits
                                     with a small part run forward in both, so they vectorize */
    unsigned mirror_width;        /* 0: none yet */
    uint64_t mirror_n;
} sg__ow_t;

/* An engine for `game` (at most two parts, at least one split digit): SG_OK or SG_ENOMEM. */
SG__PRIVATE int sg__ow_create(sg__ow_t **w, const sg_octal_t *game);
SG__PRIVATE void sg__ow_free(sg__ow_t *w);
/* From every value held (h->pre == 0): the histogram, the mask with the fewest rare positions
 * (either type, as octal_sparse.c chooses it) and its rare list. SG_OK; SG_EWINDOW (a value
 * of SG__OW_MAXV or more); SG_ENOMEM. */
SG__PRIVATE int sg__ow_start(sg__ow_t *w, const sg__ow_held_t *h);
/* G(h->count) from the values held: SG_OK with *value; SG_EWINDOW when it would be rare (a
 * rare position past the prefix), or the splits held cannot settle it, or it is SG__OW_MAXV
 * or more; SG_ENOMEM. */
SG__PRIVATE int sg__ow_next(sg__ow_t *w, const sg__ow_held_t *h, sg_value_t *value);
/* G(count) = v, as sg__ow_next gave it, is stored: the histogram (which has room for it). */
SG__PRIVATE void sg__ow_account(sg__ow_t *w, sg_value_t v);
/* The engine in a checkpoint: its size, written out, and read back against the values held
 * (SG_OK; SG_EFORMAT when they disagree; SG_ENOMEM). */
SG__PRIVATE size_t sg__ow_state_size(const sg__ow_t *w);
SG__PRIVATE void sg__ow_state_out(const sg__ow_t *w, unsigned char *buf);
SG__PRIVATE int sg__ow_state_in(sg__ow_t *w, const unsigned char *buf, size_t size,
                                const sg__ow_held_t *h);

#endif /* SG_GAMES_OCTAL_WINDOW_H */
