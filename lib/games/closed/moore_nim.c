#include "../../common/sg_internal.h"

/* Moore's Nim_k (Moore 1910): a move takes tokens from at least one and at most k heaps. The
 * player to move loses exactly when, in every bit position, the number of heaps with that bit
 * set is a multiple of k + 1. A winning move is built from the highest bit down. A heap is
 * "changed" once one of its bits has been cleared: it is then smaller whatever its lower bits
 * become, so those are free. At each bit, with r the number of unchanged heaps that have it,
 * modulo k + 1, and s changed heaps: if r + s <= k, r of those heaps clear the bit (and are
 * changed from then on) and the changed ones clear it; otherwise k + 1 - r of the s changed heaps
 * (there are enough) set it and the others clear it. At most k heaps end up changed. */

int sg_moore_nim_winning_move(const uint64_t *heaps, size_t count, uint64_t k,
                              uint64_t *new_heaps)
{
    size_t i;
    uint64_t m;
    int bit, win = 0;
    if ((heaps == NULL && count > 0) || k == 0) return SG_EINVAL;
    for (i = 0; i < count; i++)
        if (heaps[i] > SG_CLOSED_MAX) return SG_ERANGE;
    if (k > count) k = count;       /* the same game, and k + 1 cannot overflow */
    m = k + 1;
    for (bit = 63; bit >= 0 && !win; bit--) {
        uint64_t c = 0;
        for (i = 0; i < count; i++) c += (heaps[i] >> bit) & 1;
        win = c % m != 0;
    }
    if (!win) return 0;
    if (new_heaps == NULL) return 1;
    for (i = 0; i < count; i++) new_heaps[i] = heaps[i];
    for (bit = 63; bit >= 0; bit--) {
        uint64_t one = SG__CAST(uint64_t, 1) << bit, r = 0, s = 0, want = 0;
        for (i = 0; i < count; i++) {
            if ((heaps[i] ^ new_heaps[i]) >> bit >> 1) s++;     /* changed at a higher bit */
            else if (heaps[i] & one) r++;
        }
        r %= m;
        if (r + s <= k) {
            for (i = 0; i < count && r > 0; i++)
                if (!((heaps[i] ^ new_heaps[i]) >> bit >> 1) && (heaps[i] & one)) {
                    new_heaps[i] &= ~one;
                    r--;
                }
        } else {
            want = m - r;
        }
        for (i = 0; i < count; i++) {
            if (!((heaps[i] ^ new_heaps[i]) >> bit >> 1)) continue;
            if (want > 0) {
                new_heaps[i] |= one;
                want--;
            } else {
                new_heaps[i] &= ~one;
            }
        }
    }
    return 1;
}
