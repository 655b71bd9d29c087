/*
 * Boards of at most 64 cells as bitboards, shared by the games played on them (private to
 * lib/games/board/, which holds the core and Node Kayles on boards, and lib/games/cram/).
 *
 * Cell (r, c) of an h x w board is bit r * w + c, set when the cell is free. As a structured
 * position (sg_store_*) a board is the bytes h, w, then the (h * w + 7) / 8 bytes of the
 * bitboard, least significant first.
 *  - split: the connected regions of free cells (4-adjacency), each moved to its bounding box;
 *    the regions of 1, 2 or 3 cells are valued at once (every such region of one size has one
 *    value in the games here), their values XORed and stood for by one or two small regions;
 *  - canonical: the least encoding among the 8 images of the region under the symmetries of
 *    the square grid (rotations, reflections: a w x h box after a transposition). A game may
 *    use these only when its moves are carried to moves by each symmetry, so that every image
 *    has the same value (Cram's dominoes, Node Kayles's plus-shaped neighbourhoods).
 */
#ifndef SG_BITBOARD_H
#define SG_BITBOARD_H

#include "../../common/sg_internal.h"

/* room for the encoding of any board (2 + 8 bytes at most), written as two 8-byte words */
#define SG__BOARD_BYTES 16

/* What a game says of its small regions: small[i] is the value of every connected region of
 * i cells, i = 1, 2, 3 (small[0] unused), at most 3; star1 and star2 are the regions (h, w,
 * cells) that stand for the values 1 and 2 of the XOR of the small regions of a position
 * (h = 0: the value never arises). */
typedef struct {
    unsigned char small[4];
    unsigned char star1[3], star2[3];
} sg__board_game_t;

/* the mask of the first `cells` bits (cells <= 64) */
SG__INLINE uint64_t sg__board_all(unsigned cells)
{
    return cells == 64 ? ~SG__CAST(uint64_t, 0) : (SG__CAST(uint64_t, 1) << cells) - 1;
}

/* bits of an h x w board with column c != w - 1 (not_last) and c != 0 (not_first) */
SG__INLINE void sg__board_columns(unsigned h, unsigned w, uint64_t *not_last,
                                  uint64_t *not_first)
{
    uint64_t first = 0;
    unsigned r;
    for (r = 0; r < h; r++) first |= SG__CAST(uint64_t, 1) << (r * w);
    *not_first = ~first;
    *not_last = ~(first << (w - 1));
}

/* What the regions of an h x w board need of its shape, worked out once per position: the
 * columns as sg__board_columns, and rows_of, with which (i * rows_of) >> 16 is i / w for every
 * cell i < 64 (65536 / w + 1 exceeds 65536 / w by less than 1 / w, and 64 / 65536 < 1 / w). */
typedef struct {
    unsigned h, w;
    uint64_t not_last, not_first;
    uint32_t rows_of;
} sg__board_geom_t;

SG__INLINE void sg__board_geom(unsigned h, unsigned w, sg__board_geom_t *b)
{
    b->h = h;
    b->w = w;
    sg__board_columns(h, w, &b->not_last, &b->not_first);
    b->rows_of = 65536u / w + 1;
}

/* the encoding of an h x w board (h * w <= 64) into out, all SG__BOARD_BYTES of it written
 * (zeros past the encoding); its length */
SG__PRIVATE size_t sg__board_encode(unsigned h, unsigned w, uint64_t mask, unsigned char *out);
/* 0 for a well-formed position, its size and cells in *h, *w, *mask; else 1 */
SG__PRIVATE int sg__board_decode(const unsigned char *pos, size_t len, unsigned *h, unsigned *w,
                                 uint64_t *mask);
/* The regions of the free cells mask of a board of shape b, each in its bounding box (in its
 * canonical image when canon is 1), one part each; the small ones folded as g says. whole: the
 * board's bytes, added as they are when the board is one region filling its box, or NULL.
 * SG_OK or the sink's status. */
SG__PRIVATE int sg__board_regions(const sg__board_game_t *g, const sg__board_geom_t *b,
                                  uint64_t mask, const unsigned char *whole, int canon,
                                  sg_parts_t *out);
/* One option of a board game: the regions of the free cells mask (sg__board_regions, each in
 * its canonical image), then the option's end. SG_OK or the sink's status. */
SG__PRIVATE int sg__board_option(const sg__board_game_t *g, const sg__board_geom_t *b,
                                 uint64_t mask, sg_parts_t *out);
/* The split of a board game, and the canonical callback of every board game (the same for
 * all: the least of the 8 images; user unused): 0, or 1 for a malformed position. */
SG__PRIVATE int sg__board_split(const sg__board_game_t *g, const unsigned char *pos, size_t len,
                                sg_parts_t *out);
SG__PRIVATE int sg__board_canonical(void *user, const unsigned char *pos, size_t len,
                                    sg_parts_t *out);
/* The encoding of a rows x cols board with the cells of `blocked` taken (the public
 * sg_*_position functions): SG_OK, SG_EINVAL, SG_ERANGE. */
SG__PRIVATE int sg__board_position(uint32_t rows, uint32_t cols, uint64_t blocked,
                                   unsigned char *pos, size_t *len);
/* A store of a board game whose options report canonical regions, named `game`
 * (sg_store_set_game): as sg_store_create. */
SG__PRIVATE int sg__board_store_create(sg_store_t **store, const sg_struct_rules_t *rules,
                                       const char *game, const sg_memory_t *memory);
/* The value, the outcome of board + *k, and a winning move (the index of the option, in the
 * game's order) of a rows x cols board with the cells of `blocked` taken, on a store of the
 * game named `game`: SG_EINVAL for a store of another name; the statuses of
 * sg__board_position and of the store's query. */
SG__PRIVATE int sg__board_value(sg_store_t *store, const char *game, uint32_t rows,
                                uint32_t cols, uint64_t blocked, sg_value_t *value);
SG__PRIVATE int sg__board_outcome(sg_store_t *store, const char *game, uint32_t rows,
                                  uint32_t cols, uint64_t blocked, sg_value_t k, int *next_wins);
SG__PRIVATE int sg__board_winning_option(sg_store_t *store, const char *game, uint32_t rows,
                                         uint32_t cols, uint64_t blocked, size_t *option);

#endif
