#include "../common/sg_internal.h"

uint64_t nim_sum(const uint64_t *heaps, size_t count)
{
    uint64_t s = 0;
    size_t i;
    if (heaps == NULL) return 0;
    for (i = 0; i < count; i++) s ^= heaps[i];
    return s;
}

/* Bouton: with nim-sum s != 0, exactly the heaps having s's highest bit can be lowered to
 * heap ^ s, which makes the nim-sum 0. */
int nim_winning_move(const uint64_t *heaps, size_t count, size_t *heap, uint64_t *new_size)
{
    uint64_t s;
    size_t i;
    if (heaps == NULL && count != 0) return SG_EINVAL;
    s = nim_sum(heaps, count);
    if (s == 0) return 0;
    for (i = 0; (heaps[i] ^ s) >= heaps[i]; i++)
        ;
    if (heap != NULL) *heap = i;
    if (new_size != NULL) *new_size = heaps[i] ^ s;
    return 1;
}

int nim_winning_moves(const uint64_t *heaps, size_t count, sg_nim_move_t *moves, size_t cap,
                      size_t *total)
{
    uint64_t s;
    size_t i, n = 0;
    if ((heaps == NULL && count != 0) || (moves == NULL && cap != 0)) return SG_EINVAL;
    s = nim_sum(heaps, count);
    for (i = 0; s != 0 && i < count; i++) {
        if ((heaps[i] ^ s) >= heaps[i]) continue;
        if (n < cap) {
            moves[n].heap = i;
            moves[n].new_size = heaps[i] ^ s;
        }
        n++;
    }
    if (total != NULL) *total = n;
    return n != 0;
}

/* Misere Nim is played as normal Nim until the move that would leave only heaps of size <= 1;
 * then the winner leaves an odd number of 1-heaps. */
int nim_misere_winning_move(const uint64_t *heaps, size_t count, size_t *heap,
                            uint64_t *new_size)
{
    size_t i, big = 0, last_big = 0, ones = 0, first_one = 0, h = 0;
    uint64_t to = 0;
    int won = 1;
    if (heaps == NULL && count != 0) return SG_EINVAL;
    for (i = 0; i < count; i++) {
        if (heaps[i] > 1) {
            big++;
            last_big = i;
        } else if (heaps[i] == 1 && ones++ == 0) {
            first_one = i;
        }
    }
    if (big == 0 && ones == 0) {        /* no token left: the opponent took the last one */
        h = count;
    } else if (big == 0) {
        if (ones % 2 == 1) return 0;
        h = first_one;                  /* take a whole 1-heap: an odd number remain */
    } else if (big == 1) {              /* shrink the big heap to leave an odd number of 1-heaps */
        h = last_big;
        to = ones % 2 == 1 ? 0 : 1;
    } else {
        won = nim_winning_move(heaps, count, &h, &to);
        if (won != 1) return won;
    }
    if (heap != NULL) *heap = h;
    if (new_size != NULL) *new_size = to;
    return 1;
}

int nim_misere_outcome(const uint64_t *heaps, size_t count)
{
    return nim_misere_winning_move(heaps, count, NULL, NULL);
}
