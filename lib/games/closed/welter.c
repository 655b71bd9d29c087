#include "../../common/sg_internal.h"

/* Welter's game: coins at distinct places a_1, ..., a_n >= 0 of a strip; a move takes one coin
 * to any lower free place. Its value is Welter's function [a_1|...|a_n] (Welter 1954; Conway,
 * On Numbers and Games, ch. 13; Winning Ways ch. 15), which Sato's formula (M. Sato, "On a game",
 * 1970; the Maya game) writes in closed form:
 *
 *     [a_1|...|a_n] = a_1 ^ ... ^ a_n ^ XOR over pairs i < j of (2^(v(a_i - a_j) + 1) - 1),
 *
 * v(x) the exponent of the largest power of 2 dividing x (for two coins [a|b] = (a ^ b) - 1).
 * Bit k of 2^(v + 1) - 1 is set iff v >= k, i.e. iff the two places agree on bits 0 .. k-1, so
 * bit k of the pair term is the parity of the number of pairs that agree on their k low bits.
 *
 * Winning move: moving coin i to b gives C_i ^ b ^ f_i(b), C_i the terms without coin i and
 * bit k of f_i(b) the parity of the coins j != i that agree with b on bits 0 .. k-1. That bit
 * depends on b's lower bits only, so value 0 fixes b one bit at a time from bit 0 up: one place
 * b_i per coin, a move when b_i < a_i and b_i is free. O(64 n^2) in all, no memory. */

#define SG__WELTER_BITS 64

static int sg__welter_check(const uint64_t *coins, size_t count)
{
    size_t i, j;
    if (coins == NULL && count > 0) return SG_EINVAL;
    for (i = 0; i < count; i++)
        if (coins[i] >= SG_CLOSED_MAX) return SG_ERANGE;
    for (i = 0; i < count; i++)
        for (j = i + 1; j < count; j++)
            if (coins[i] == coins[j]) return SG_EINVAL;
    return SG_OK;
}

/* 2^(v(a - b) + 1) - 1 for a != b: the lowest bit where they differ, and every bit below it */
SG__INLINE uint64_t sg__welter_pair(uint64_t a, uint64_t b)
{
    uint64_t d = a ^ b;
    return d ^ (d - 1);
}

/* the value of checked coins */
static uint64_t sg__welter_sum(const uint64_t *coins, size_t count)
{
    size_t i, j;
    uint64_t v = 0;
    for (i = 0; i < count; i++) {
        v ^= coins[i];
        for (j = i + 1; j < count; j++) v ^= sg__welter_pair(coins[i], coins[j]);
    }
    return v;
}

/* the value of the coins without coin i, from v, the value of them all */
static uint64_t sg__welter_without(const uint64_t *coins, size_t count, size_t i, uint64_t v)
{
    size_t j;
    v ^= coins[i];
    for (j = 0; j < count; j++)
        if (j != i) v ^= sg__welter_pair(coins[i], coins[j]);
    return v;
}

int sg_welter_value(const uint64_t *coins, size_t count, uint64_t *value)
{
    int st = sg__welter_check(coins, count);
    if (st != SG_OK) return st;
    if (value != NULL) *value = sg__welter_sum(coins, count);
    return SG_OK;
}

/* The one place b (any b >= 0 not among the other coins) that coin i moves to for value 0:
 * bit k of b is bit k of rest ^ (the parity of the other coins agreeing with b below bit k). */
static uint64_t sg__welter_target(const uint64_t *coins, size_t count, size_t i, uint64_t rest)
{
    uint64_t b = 0, low;
    unsigned k;
    size_t j;
    for (k = 0; k < SG__WELTER_BITS; k++) {
        unsigned agree = 0;
        low = k == 0 ? 0 : (~SG__CAST(uint64_t, 0) >> (SG__WELTER_BITS - k));
        for (j = 0; j < count; j++)
            if (j != i && ((coins[j] ^ b) & low) == 0) agree ^= 1u;
        b |= (((rest >> k) & 1u) ^ agree) << k;
    }
    return b;
}

int sg_welter_winning_move(const uint64_t *coins, size_t count, size_t *coin, uint64_t *to)
{
    size_t i, j;
    uint64_t v;
    int st = sg_welter_value(coins, count, &v);
    if (st != SG_OK) return st;
    if (v == 0) return 0;
    for (i = 0; i < count; i++) {
        uint64_t b = sg__welter_target(coins, count, i, sg__welter_without(coins, count, i, v));
        if (b >= coins[i]) continue;
        for (j = 0; j < count && (j == i || coins[j] != b); j++) {}
        if (j < count) continue;
        if (coin != NULL) *coin = i;
        if (to != NULL) *to = b;
        return 1;
    }
    return SG_EINVAL;   /* unreachable: a position of value > 0 has a move to value 0 */
}
