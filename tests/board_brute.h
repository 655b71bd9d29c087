/* The brute force of the games on boards, written plainly from their rules, for the tests of
 * the board core (test_cram.c, test_kayles_board.c, test_struct_tick.c): a position of an
 * h x w board is the subset of its empty cells, bit r * w + c for cell (r, c); its value is the
 * mex of its options' values, each subset's kept in a table of 2^(h w) bytes.
 *  - Cram: a domino on two empty cells side by side or one above the other;
 *  - Node Kayles: an empty cell taken with its empty neighbours. */
#ifndef SG_TEST_BOARD_BRUTE_H
#define SG_TEST_BOARD_BRUTE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { BRUTE_CRAM = 0, BRUTE_NODE_KAYLES = 1 };

static unsigned char *memo;   /* value + 1 of each subset; 0: not known yet */
static unsigned bh, bw;
static int brute_game;

/* the cells of left that Node Kayles takes with cell (r, c): it and its neighbours */
static uint32_t brute_taken(uint32_t left, unsigned r, unsigned c)
{
    uint32_t t = (uint32_t)1 << (r * bw + c);
    if (c > 0) t |= (uint32_t)1 << (r * bw + c - 1);
    if (c + 1 < bw) t |= (uint32_t)1 << (r * bw + c + 1);
    if (r > 0) t |= (uint32_t)1 << ((r - 1) * bw + c);
    if (r + 1 < bh) t |= (uint32_t)1 << ((r + 1) * bw + c);
    return t & left;
}

static unsigned brute(uint32_t left)
{
    unsigned char seen[64];
    unsigned r, c, v;
    if (memo[left]) return memo[left] - 1u;
    memset(seen, 0, sizeof seen);
    for (r = 0; r < bh; r++)
        for (c = 0; c < bw; c++) {
            uint32_t a = (uint32_t)1 << (r * bw + c), right = a << 1, below = a << bw;
            if (!(left & a)) continue;
            if (brute_game == BRUTE_NODE_KAYLES) {
                seen[brute(left & ~brute_taken(left, r, c))] = 1;
                continue;
            }
            if (c + 1 < bw && (left & right)) seen[brute(left & ~(a | right))] = 1;
            if (r + 1 < bh && (left & below)) seen[brute(left & ~(a | below))] = 1;
        }
    for (v = 0; seen[v]; v++) {}
    memo[left] = (unsigned char)(v + 1);
    return v;
}

/* a fresh table for the h x w boards of game (BRUTE_*); memo is NULL when there is no room */
static void brute_board(int game, unsigned h, unsigned w)
{
    free(memo);
    memo = (unsigned char *)calloc((size_t)1 << (h * w), 1);
    bh = h, bw = w, brute_game = game;
}

#endif
