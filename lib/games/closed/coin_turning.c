#include "../../common/sg_internal.h"

/* Coin-turning games (Winning Ways, ch. 14; Lenstra): coins in a row, some heads; a move turns
 * over a set of coins allowed by the game's rule, the rightmost going from heads to tails. A
 * position is the sum of its heads, each alone, so its value is the XOR of the values of single
 * heads at their places:
 *   Twins (turn exactly two coins; places 0, 1, ...):          n
 *   Ruler (turn any run of coins ending at n; places 1, 2, ...): the largest power of 2 dividing n
 *   Mock Turtles (turn one, two or three; places 0, 1, ...):   the n-th odious number (odd
 *                                                                number of one bits): 2n or 2n+1
 * The product of two coin-turning games turns the coins of A x B on a board for moves A and B of
 * the factors; the Tartan theorem (Winning Ways, ch. 14) gives a head at (x, y) the value
 * G(x) * H(y) in nim multiplication. */

int sg_coin_value(int game, uint64_t n, uint64_t *value)
{
    uint64_t v;
    unsigned ones = 0;
    switch (game) {
    case SG_COIN_TWINS:
        if (n > SG_CLOSED_MAX) return SG_ERANGE;
        v = n;
        break;
    case SG_COIN_RULER:
        if (n == 0 || n > SG_CLOSED_MAX) return SG_ERANGE;
        v = n & (0 - n);
        break;
    case SG_COIN_MOCK_TURTLES:
        if (n >= SG_CLOSED_MAX) return SG_ERANGE;   /* the value would pass 2^64 */
        for (v = n; v != 0; v &= v - 1) ones++;
        v = 2 * n + (ones % 2 == 0 ? 1 : 0);
        break;
    default:
        return SG_EINVAL;
    }
    if (value != NULL) *value = v;
    return SG_OK;
}

int sg_tartan_value(int game_x, uint64_t x, int game_y, uint64_t y, uint64_t *value)
{
    uint64_t gx, gy;
    int st = sg_coin_value(game_x, x, &gx);
    if (st == SG_OK) st = sg_coin_value(game_y, y, &gy);
    if (st != SG_OK) return st;
    if (value != NULL) *value = nim_mul(gx, gy);
    return SG_OK;
}
