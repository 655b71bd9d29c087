#include "../../common/sg_internal.h"

/* Fibonacci Nim (Whinihan 1963): one heap; the first player takes any number of tokens but not
 * all, and afterwards each player takes at least one and at most twice what the other just
 * took; whoever takes the last token wins. With n tokens left and at most m allowed, the player
 * to move wins exactly when the smallest term q of the Zeckendorf representation of n (n as a
 * sum of non-consecutive Fibonacci numbers 1, 2, 3, 5, 8, ...) is at most m, and taking q wins:
 * the next term is more than 2q, so the opponent cannot take it. In particular the first player
 * (m = n - 1) wins exactly when n is not a Fibonacci number. */

int sg_fibonacci_nim_winning_move(uint64_t n, uint64_t max_take, uint64_t *take)
{
    uint64_t f[93], rest = n;
    int i, len = 2;
    if (n > SG_CLOSED_MAX) return SG_ERANGE;
    if (n == 0) return 0;
    /* 1, 2, 3, 5, ... up to the largest one <= n (F(92) = 7540113804746346429 < 2^63) */
    f[0] = 1;
    f[1] = 2;
    while (f[len - 1] <= n - f[len - 2]) {
        f[len] = f[len - 1] + f[len - 2];
        len++;
    }
    for (i = len - 1; i >= 0; i--)
        if (f[i] <= rest) {
            rest -= f[i];
            if (rest == 0) break;
        }
    /* f[i] is the smallest Zeckendorf term */
    if (f[i] > max_take) return 0;
    if (take != NULL) *take = f[i];
    return 1;
}
