/* Private to the misere room: what both the exact misere solver (misere_octal.c) and the
 * quotients (quotient*.c) ask of a take-and-break game's heap: whether it has a move, and its
 * moves. */
#ifndef SG_HEAP_MOVES_H
#define SG_HEAP_MOVES_H

#include "../../common/sg_internal.h"
#include "../octal/take_break.h"

/* Whether a heap of n tokens of game g has a move (defined in misere_octal.c). */
SG__PRIVATE int sg__mo_live(const sg_octal_t *g, uint64_t n);

/* Called for each move of a heap with the heaps it leaves, parts[0..k) (k <= 3; k = 0 when the
 * heap is taken whole); a non-zero return stops the walk. */
typedef int (*sg__heap_move_fn)(void *user, const uint32_t *parts, unsigned k);

/* Every move of a heap of n tokens of game g, by the number r of tokens taken (0..t; digit d0
 * only splits): the heap taken whole (digit bit 1, n == r), one heap left (bit 2), two (bit 4,
 * x <= n - r - x), three (bit 8, x <= y <= n - r - x - y), each split once. Returns fn's first
 * non-zero return, else SG_OK. Always inlined, so that fn is a direct call: the exact solver's
 * search (misere_octal.c) runs it for every heap of every sum it enters. */
SG__INLINE int sg__heap_moves(const sg_octal_t *g, uint32_t n, sg__heap_move_fn fn, void *user)
{
    uint32_t r, x, y, parts[3];
    int st;
    for (r = 0; r <= g->t && r <= n; r++) {
        unsigned d = g->d[r];
        if (r == 0) d &= 4;
        if ((d & 1) && n == r && (st = fn(user, parts, 0)) != SG_OK) return st;
        if ((d & 2) && n > r) {
            parts[0] = n - r;
            if ((st = fn(user, parts, 1)) != SG_OK) return st;
        }
        if ((d & 4) && n >= r + 2)
            for (x = 1; x <= (n - r) / 2; x++) {
                parts[0] = x;
                parts[1] = n - r - x;
                if ((st = fn(user, parts, 2)) != SG_OK) return st;
            }
        if ((d & 8) && n >= r + 3)
            for (x = 1; 3 * x <= n - r; x++)
                for (y = x; x + 2 * y <= n - r; y++) {
                    parts[0] = x;
                    parts[1] = y;
                    parts[2] = n - r - x - y;
                    if ((st = fn(user, parts, 3)) != SG_OK) return st;
                }
    }
    return SG_OK;
}

#endif
