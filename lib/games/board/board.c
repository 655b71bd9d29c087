#include "bitboard.h"
#include "../../engine/struct_store.h"

/* The board core of the games on boards of at most 64 cells (bitboard.h): the encoding, the
 * regions of free cells by flood fill, each moved to its bounding box and put in the least of
 * its 8 images under the symmetries of the square grid. */

size_t sg__board_encode(unsigned h, unsigned w, uint64_t mask, unsigned char *out)
{
    /* two words, each one store: the sink reads them back as two words (sg__parts_add16),
     * which a store of each byte would stall */
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t lo = h | SG__CAST(uint64_t, w) << 8 | mask << 16, hi = mask >> 48;
    memcpy(out, &lo, 8);
    memcpy(out + 8, &hi, 8);
#else
    size_t i;
    memset(out, 0, SG__BOARD_BYTES);
    out[0] = SG__CAST(unsigned char, h);
    out[1] = SG__CAST(unsigned char, w);
    for (i = 0; i < 8; i++) out[2 + i] = SG__CAST(unsigned char, mask >> (8 * i));
#endif
    return 2 + (h * w + 7) / 8;
}

int sg__board_decode(const unsigned char *pos, size_t len, unsigned *h, unsigned *w,
                     uint64_t *mask)
{
    size_t i, n;
    if (len < 2) return 1;
    *h = pos[0];
    *w = pos[1];
    if (*h == 0 || *w == 0 || *h * *w > 64) return 1;
    n = (*h * *w + 7) / 8;
    if (len != 2 + n) return 1;
    *mask = 0;
    for (i = 0; i < n; i++) *mask |= SG__CAST(uint64_t, pos[2 + i]) << (8 * i);
    return (*mask & ~sg__board_all(*h * *w)) != 0;
}

/* The region of mask that holds the cells of seed on a board of shape b.
 * A round grows up and down a row, then right along rows at once (adding the cells reached to
 * the cells that have a right neighbour's column carries through each run of free cells above
 * one, to the run's end: one addition), then left a cell, each step from what the one before
 * it reached: the rounds follow the region's turns, not its width. */
static uint64_t sg__board_region(const sg__board_geom_t *b, uint64_t mask, uint64_t seed)
{
    uint64_t comp = seed, grow, runs = mask & b->not_last;
    unsigned w = b->w;
    for (;;) {
        grow = comp;
        if (w < 64) grow |= ((comp << w) | (comp >> w)) & mask;   /* past the cells: dropped */
        grow |= ((runs + (grow & runs)) ^ runs) & mask;
        grow |= (grow >> 1) & b->not_last & mask;
        if (grow == comp) return comp;
        comp = grow;
    }
}

/* row r (w cells) of a bitboard */
SG__INLINE uint64_t sg__board_row(uint64_t mask, unsigned w, unsigned r)
{
    return (mask >> (r * w)) & sg__board_all(w);
}

/* the index of the highest bit of x (x not 0) */
SG__INLINE unsigned sg__board_top(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return 63u - SG__CAST(unsigned, __builtin_clzll(x));
#else
    unsigned t = 0;
    while (x >>= 1) t++;
    return t;
#endif
}

/* The cells of an h x w bitboard moved to their bounding box: *bh x *bw (mask not 0). The
 * rows come from the lowest and the highest cell (no division: sg__board_geom_t), the columns
 * from the rows between, ORed over the band they make: no scan of the empty rows. */
SG__INLINE uint64_t sg__board_box(const sg__board_geom_t *b, uint64_t mask, unsigned *bh,
                                  unsigned *bw)
{
    unsigned w = b->w, r0 = (sg__ctz64(mask) * b->rows_of) >> 16;
    unsigned n = ((sg__board_top(mask) * b->rows_of) >> 16) - r0 + 1, r, c0;
    uint64_t band = mask >> (r0 * w), cols = band, out = 0, keep;
    for (r = 1; r < n; r++) cols |= band >> (r * w);
    cols &= sg__board_all(w);
    c0 = sg__ctz64(cols);
    *bh = n;
    *bw = sg__board_top(cols) - c0 + 1;
    if (*bw == w) return band;
    keep = sg__board_all(*bw);
    for (r = 0; r < n; r++) out |= ((band >> (r * w) >> c0) & keep) << (r * *bw);
    return out;
}

/* the w low bits of x in reverse order (w >= 1) */
static uint64_t sg__board_reverse(uint64_t x, unsigned w)
{
    x = ((x >> 1) & 0x5555555555555555u) | ((x & 0x5555555555555555u) << 1);
    x = ((x >> 2) & 0x3333333333333333u) | ((x & 0x3333333333333333u) << 2);
    x = ((x >> 4) & 0x0f0f0f0f0f0f0f0fu) | ((x & 0x0f0f0f0f0f0f0f0fu) << 4);
#if defined(__GNUC__) || defined(__clang__)
    x = __builtin_bswap64(x);
#else
    x = ((x >> 8) & 0x00ff00ff00ff00ffu) | ((x & 0x00ff00ff00ff00ffu) << 8);
    x = ((x >> 16) & 0x0000ffff0000ffffu) | ((x & 0x0000ffff0000ffffu) << 16);
    x = (x >> 32) | (x << 32);
#endif
    return x >> (64 - w);
}

/* x as a number that orders like its encoding's bytes (least significant byte first) */
SG__INLINE uint64_t sg__board_key(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_bswap64(x);
#else
    uint64_t key = 0;
    unsigned i;
    for (i = 0; i < 8; i++) key = key << 8 | ((x >> (8 * i)) & 0xffu);
    return key;
#endif
}

/* the least encoding of the 4 images of an h x w board under its reflections, as a number
 * that orders like the encoding's bytes (sg__board_key) */
SG__INLINE uint64_t sg__board_least4(unsigned h, unsigned w, uint64_t m, uint64_t *best)
{
    unsigned r, n = h * w;
    uint64_t flip = 0, half, mirror, key, least;
    /* the rows in reverse order: top to bottom; all the cells in reverse order: both, a half
     * turn; so the former's cells in reverse order: left to right */
    for (r = 0; r < h; r++) flip |= sg__board_row(m, w, r) << ((h - 1 - r) * w);
    if (n <= 32) {
        /* both reversals in one: the two boards side by side in one word */
        uint64_t both = sg__board_reverse(flip << 32 | m, 64);
        half = both >> 32 >> (32 - n);
        mirror = (both & 0xffffffffu) >> (32 - n);
    } else {
        half = sg__board_reverse(m, n);
        mirror = sg__board_reverse(flip, n);
    }
    least = sg__board_key(m);
    *best = m;
    if ((key = sg__board_key(flip)) < least) {
        least = key;
        *best = flip;
    }
    if ((key = sg__board_key(half)) < least) {
        least = key;
        *best = half;
    }
    if ((key = sg__board_key(mirror)) < least) {
        least = key;
        *best = mirror;
    }
    return least;
}

/* the transpose of an h x w board: a w x h board */
static uint64_t sg__board_transpose(unsigned h, unsigned w, uint64_t m)
{
    uint64_t out = 0;
    unsigned r;
    for (r = 0; r < h; r++) {
        uint64_t row = sg__board_row(m, w, r);
        for (; row; row &= row - 1) out |= SG__CAST(uint64_t, 1) << (sg__ctz64(row) * h + r);
    }
    return out;
}

/* the canonical image of an h x w bitboard filling its box (mask not 0): *ch x *cw cells */
SG__INLINE uint64_t sg__board_canon_box(unsigned h, unsigned w, uint64_t box, unsigned *ch,
                                        unsigned *cw)
{
    uint64_t best = 0, other = 0;
    /* the encoding starts with the height: the images of the lower one come first */
    *ch = h < w ? h : w;
    *cw = h < w ? w : h;
    if (h < w) {
        sg__board_least4(h, w, box, &best);
    } else if (h > w) {
        sg__board_least4(w, h, sg__board_transpose(h, w, box), &best);
    } else if (sg__board_least4(h, w, sg__board_transpose(h, w, box), &other) <
               sg__board_least4(h, w, box, &best)) {
        best = other;
    }
    return best;
}

int sg__board_regions(const sg__board_game_t *g, const sg__board_geom_t *b, uint64_t mask,
                      const unsigned char *whole, int canon, sg_parts_t *out)
{
    unsigned char buf[SG__BOARD_BYTES] = {0};   /* 16 to read: sg__parts_add16 */
    unsigned bh, bw, small = 0;
    uint64_t comp, box, all = mask, c1, c2;
    int st = SG_OK;
    while (mask && st == SG_OK) {
        comp = sg__board_region(b, mask, mask & (~mask + 1));
        mask &= ~comp;
        /* a region of 1, 2 or 3 cells: its value is the game's for that size */
        c1 = comp & (comp - 1);
        c2 = c1 & (c1 - 1);
        if (c1 == 0 || c2 == 0 || (c2 & (c2 - 1)) == 0) {
            small ^= g->small[c1 == 0 ? 1 : c2 == 0 ? 2 : 3];
            continue;
        }
        box = sg__board_box(b, comp, &bh, &bw);
        if (whole != NULL && comp == all && bh == b->h && bw == b->w) {
            st = sg_parts_add(out, whole, 2 + (b->h * b->w + 7) / 8);
            continue;
        }
        if (canon) box = sg__board_canon_box(bh, bw, box, &bh, &bw);
        st = sg__parts_add16(out, buf, sg__board_encode(bh, bw, box, buf));
    }
    /* pairs of equal values cancel in a sum: one region of value 1 and one of 2 stand for
     * what the small ones XOR to */
    if (st == SG_OK && (small & 1)) {
        memcpy(buf, g->star1, sizeof g->star1);
        st = sg__parts_add16(out, buf, sizeof g->star1);
    }
    if (st == SG_OK && (small & 2)) {
        memcpy(buf, g->star2, sizeof g->star2);
        st = sg__parts_add16(out, buf, sizeof g->star2);
    }
    return st;
}

int sg__board_option(const sg__board_game_t *g, const sg__board_geom_t *b, uint64_t mask,
                     sg_parts_t *out)
{
    int st = sg__board_regions(g, b, mask, NULL, 1, out);
    return st != SG_OK ? st : sg__parts_end_fast(out);
}

int sg__board_split(const sg__board_game_t *g, const unsigned char *pos, size_t len,
                    sg_parts_t *out)
{
    sg__board_geom_t b;
    unsigned h, w;
    uint64_t mask;
    if (sg__board_decode(pos, len, &h, &w, &mask)) return 1;
    sg__board_geom(h, w, &b);
    return sg__board_regions(g, &b, mask, pos, 0, out);
}

int sg__board_canonical(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    unsigned char buf[SG__BOARD_BYTES];
    sg__board_geom_t b;
    unsigned h, w, bh, bw;
    uint64_t mask, box;
    (void)user;
    if (sg__board_decode(pos, len, &h, &w, &mask)) return 1;
    if (mask == 0) return sg_parts_add(out, pos, len) != SG_OK;
    sg__board_geom(h, w, &b);
    box = sg__board_box(&b, mask, &bh, &bw);
    box = sg__board_canon_box(bh, bw, box, &bh, &bw);
    return sg_parts_add(out, buf, sg__board_encode(bh, bw, box, buf)) != SG_OK;
}

int sg__board_position(uint32_t rows, uint32_t cols, uint64_t blocked, unsigned char *pos,
                       size_t *len)
{
    unsigned char buf[SG__BOARD_BYTES];
    if (pos == NULL || len == NULL || rows == 0 || cols == 0) return SG_EINVAL;
    if (rows > 64 || cols > 64 || rows * cols > 64) return SG_ERANGE;
    if ((blocked & ~sg__board_all(rows * cols)) != 0) return SG_EINVAL;
    /* the caller's room is the encoding's length (SG_CRAM_POSITION_MAX), not the 16 bytes
     * sg__board_encode writes */
    *len = sg__board_encode(rows, cols, ~blocked & sg__board_all(rows * cols), buf);
    memcpy(pos, buf, *len);
    return SG_OK;
}

int sg__board_store_create(sg_store_t **store, const sg_struct_rules_t *rules, const char *game,
                           const sg_memory_t *memory)
{
    int st = sg_store_create(store, rules, NULL, memory);
    if (st != SG_OK) return st;
    sg__store_options_split(*store, 1);   /* the options report canonical regions */
    return sg_store_set_game(*store, game);
}

/* the position of a board for a query of store, which must hold the positions of game: a
 * store of another game would answer with its own rule's values, wrong and reported found */
static int sg__board_query_position(const sg_store_t *store, const char *game, uint32_t rows,
                                    uint32_t cols, uint64_t blocked, unsigned char *pos,
                                    size_t *len)
{
    if (store == NULL || strcmp(sg_store_game(store), game) != 0) return SG_EINVAL;
    return sg__board_position(rows, cols, blocked, pos, len);
}

int sg__board_value(sg_store_t *store, const char *game, uint32_t rows, uint32_t cols,
                    uint64_t blocked, sg_value_t *value)
{
    unsigned char pos[SG__BOARD_BYTES];
    size_t len;
    int st = sg__board_query_position(store, game, rows, cols, blocked, pos, &len);
    return st != SG_OK ? st : sg_store_value(store, pos, len, value);
}

int sg__board_outcome(sg_store_t *store, const char *game, uint32_t rows, uint32_t cols,
                      uint64_t blocked, sg_value_t k, int *next_wins)
{
    unsigned char pos[SG__BOARD_BYTES];
    size_t len;
    int st = sg__board_query_position(store, game, rows, cols, blocked, pos, &len);
    return st != SG_OK ? st : sg_store_outcome(store, pos, len, k, next_wins);
}

int sg__board_winning_option(sg_store_t *store, const char *game, uint32_t rows, uint32_t cols,
                             uint64_t blocked, size_t *option)
{
    unsigned char pos[SG__BOARD_BYTES];
    size_t len;
    int st = sg__board_query_position(store, game, rows, cols, blocked, pos, &len);
    return st != SG_OK ? st : sg_store_winning_move(store, pos, len, 0, option, NULL);
}
