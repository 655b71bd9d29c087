#include "../../common/sg_internal.h"

/* Staircase Nim: coins on stairs 0, 1, 2, ...; a move carries one or more coins from a stair
 * down to the next one; stair 0 (the ground) keeps its coins for good. Coins on even stairs do
 * not matter: a move from an even stair to an odd one can be undone by carrying the same coins
 * one stair further, so the game is Nim on the odd stairs, and its value is the XOR of their
 * coin counts (a move from an odd stair lowers one heap; one from an even stair raises one). */

static int sg__stair_check(const uint64_t *stairs, size_t count)
{
    size_t i;
    if (stairs == NULL && count > 0) return SG_EINVAL;
    for (i = 0; i < count; i++)
        if (stairs[i] > SG_CLOSED_MAX) return SG_ERANGE;
    return SG_OK;
}

int sg_staircase_nim_value(const uint64_t *stairs, size_t count, uint64_t *value)
{
    size_t i;
    uint64_t v = 0;
    int st = sg__stair_check(stairs, count);
    if (st != SG_OK) return st;
    for (i = 1; i < count; i += 2) v ^= stairs[i];
    if (value != NULL) *value = v;
    return SG_OK;
}

int sg_staircase_nim_winning_move(const uint64_t *stairs, size_t count, size_t *stair,
                                  uint64_t *coins)
{
    size_t i;
    uint64_t v = 0;
    int st = sg_staircase_nim_value(stairs, count, &v);
    if (st != SG_OK) return st;
    if (v == 0) return 0;
    for (i = 1; i < count; i += 2)
        if ((stairs[i] ^ v) < stairs[i]) break;     /* has the highest bit of v */
    if (stair != NULL) *stair = i;
    if (coins != NULL) *coins = stairs[i] - (stairs[i] ^ v);
    return 1;
}
