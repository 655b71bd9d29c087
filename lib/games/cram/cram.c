#include "../../common/sg_internal.h"
#include "../../engine/struct_store.h"

/* Cram (impartial Domineering): a move puts a domino, across or down, on two adjacent empty
 * cells. A board of at most 64 cells is a bitboard: cell (r, c) of an h x w board is bit
 * r * w + c, set when the cell is empty. As a structured position (sg_store_*) it is the bytes
 * h, w, then the (h * w + 7) / 8 bytes of the bitboard, least significant first.
 *  - split: the connected regions of empty cells (dominoes in one never touch another), each
 *    moved to its bounding box; a lone cell (no move, value 0) is left out, and the regions of
 *    2 or 3 cells (value *1) are folded, one domino standing for an odd count of them;
 *  - options: each domino, the regions of the board without its two cells, as the split, each
 *    in its canonical form;
 *  - canonical: the least encoding among the 8 images of the region under the symmetries of
 *    the square grid (rotations, reflections: a w x h box after a transposition), which carry
 *    dominoes to dominoes, so every image has the same value. */

#define SG__CRAM_BYTES (2 + 8)

/* bits of an h x w board with column c != w - 1 (not_last) and c != 0 (not_first) */
static void sg__cram_columns(unsigned h, unsigned w, uint64_t *not_last, uint64_t *not_first)
{
    uint64_t first = 0;
    unsigned r;
    for (r = 0; r < h; r++) first |= (uint64_t)1 << (r * w);
    *not_first = ~first;
    *not_last = ~(first << (w - 1));
}

SG__INLINE uint64_t sg__cram_all(unsigned cells)
{
    return cells == 64 ? ~(uint64_t)0 : ((uint64_t)1 << cells) - 1;
}

static size_t sg__cram_encode(unsigned h, unsigned w, uint64_t mask, unsigned char *out)
{
    size_t n = (h * w + 7) / 8, i;
    out[0] = (unsigned char)h;
    out[1] = (unsigned char)w;
    for (i = 0; i < n; i++) out[2 + i] = (unsigned char)(mask >> (8 * i));
    return 2 + n;
}

/* 0 for a well-formed position */
static int sg__cram_decode(const unsigned char *pos, size_t len, unsigned *h, unsigned *w,
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
    for (i = 0; i < n; i++) *mask |= (uint64_t)pos[2 + i] << (8 * i);
    return (*mask & ~sg__cram_all(*h * *w)) != 0;
}

/* the dominoes: across (cell i and i + 1) and down (cell i and i + w), by their first cell */
static void sg__cram_dominoes(unsigned h, unsigned w, uint64_t mask, uint64_t *across,
                              uint64_t *down)
{
    uint64_t not_last, not_first;
    sg__cram_columns(h, w, &not_last, &not_first);
    *across = mask & (mask >> 1) & not_last;
    *down = h > 1 ? mask & (mask >> w) : 0;
}

/* the region of mask that holds the cells of seed; not_last, not_first as sg__cram_columns */
static uint64_t sg__cram_region(unsigned w, uint64_t not_last, uint64_t not_first, uint64_t mask,
                                uint64_t seed)
{
    uint64_t comp = seed, grow;
    for (;;) {
        grow = comp | ((comp << 1) & not_first) | ((comp >> 1) & not_last);
        if (w < 64) grow |= (comp << w) | (comp >> w);   /* past the cells: mask drops them */
        grow &= mask;
        if (grow == comp) return comp;
        comp = grow;
    }
}

/* row r (w cells) of a bitboard */
SG__INLINE uint64_t sg__cram_row(uint64_t mask, unsigned w, unsigned r)
{
    return (mask >> (r * w)) & sg__cram_all(w);
}

/* the cells of an h x w bitboard moved to their bounding box: *bh x *bw (mask not 0) */
static uint64_t sg__cram_box(unsigned h, unsigned w, uint64_t mask, unsigned *bh, unsigned *bw)
{
    unsigned r, r0 = h, r1 = 0, c0, c1;
    uint64_t cols = 0, out = 0, row;
    for (r = 0; r < h; r++)
        if ((row = sg__cram_row(mask, w, r)) != 0) {
            if (r0 == h) r0 = r;
            r1 = r;
            cols |= row;
        }
    c0 = sg__ctz64(cols);
#if defined(__GNUC__) || defined(__clang__)
    c1 = 63u - (unsigned)__builtin_clzll(cols);
#else
    for (c1 = c0; cols >> c1 >> 1; c1++) {}
#endif
    *bh = r1 - r0 + 1;
    *bw = c1 - c0 + 1;
    if (*bh == h && *bw == w) return mask;
    for (r = r0; r <= r1; r++) out |= (sg__cram_row(mask, w, r) >> c0) << ((r - r0) * *bw);
    return out;
}

/* the w low bits of x in reverse order (w >= 1) */
static uint64_t sg__cram_reverse(uint64_t x, unsigned w)
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

/* the least encoding of the 4 images of an h x w board under its reflections, as a number
 * that orders like the encoding's bytes (least significant byte first: byte-swapped) */
static uint64_t sg__cram_least4(unsigned h, unsigned w, uint64_t m, uint64_t *best)
{
    uint64_t img[4] = {m, 0, 0, 0}, key, least = ~(uint64_t)0;
    unsigned r, k;
    /* the rows in reverse order: top to bottom; all the cells in reverse order: both, a half
     * turn; so the former's cells in reverse order: left to right */
    for (r = 0; r < h; r++) img[2] |= sg__cram_row(m, w, r) << ((h - 1 - r) * w);
    img[1] = sg__cram_reverse(img[2], h * w);
    img[3] = sg__cram_reverse(m, h * w);
    for (k = 0; k < 4; k++) {
#if defined(__GNUC__) || defined(__clang__)
        key = __builtin_bswap64(img[k]);
#else
        unsigned i;
        key = 0;
        for (i = 0; i < 8; i++) key = key << 8 | ((img[k] >> (8 * i)) & 0xffu);
#endif
        if (k == 0 || key < least) {
            least = key;
            *best = img[k];
        }
    }
    return least;
}

/* the transpose of an h x w board: a w x h board */
static uint64_t sg__cram_transpose(unsigned h, unsigned w, uint64_t m)
{
    uint64_t out = 0;
    unsigned r;
    for (r = 0; r < h; r++) {
        uint64_t row = sg__cram_row(m, w, r);
        for (; row; row &= row - 1) out |= (uint64_t)1 << (sg__ctz64(row) * h + r);
    }
    return out;
}

/* the canonical image of an h x w bitboard filling its box (mask not 0): *ch x *cw cells */
static uint64_t sg__cram_canon_box(unsigned h, unsigned w, uint64_t box, unsigned *ch,
                                   unsigned *cw)
{
    uint64_t best = 0, other = 0;
    /* the encoding starts with the height: the images of the lower one come first */
    *ch = h < w ? h : w;
    *cw = h < w ? w : h;
    if (h < w) {
        sg__cram_least4(h, w, box, &best);
    } else if (h > w) {
        sg__cram_least4(w, h, sg__cram_transpose(h, w, box), &best);
    } else if (sg__cram_least4(h, w, sg__cram_transpose(h, w, box), &other) <
               sg__cram_least4(h, w, box, &best)) {
        best = other;
    }
    return best;
}

/* 1 when a region (connected, mask not 0) has 2 or 3 cells: every move in it leaves at most
 * a lone cell, which has no move, and it has a move: its value is *1 */
SG__INLINE int sg__cram_star1(uint64_t comp)
{
    comp &= comp - 1;
    comp &= comp - 1;
    return (comp & (comp - 1)) == 0;
}

/* The regions of the empty cells mask of an h x w board (not_last, not_first as
 * sg__cram_columns), each in its bounding box (in its canonical image when canon is 1), one
 * part each. A lone cell (no move, value 0) is left out,
 * and so are the regions of value *1 (sg__cram_star1) but one when their count is odd: the
 * domino, 1 x 2, then stands for them (pairs of *1 cancel in a sum). whole: the board's bytes,
 * added as they are when the board is one region filling its box, or NULL. */
static int sg__cram_regions(unsigned h, unsigned w, uint64_t not_last, uint64_t not_first,
                            uint64_t mask, const unsigned char *whole, int canon, sg_parts_t *out)
{
    static const unsigned char domino[3] = {1, 2, 3};
    unsigned char buf[SG__CRAM_BYTES];
    unsigned bh, bw, ones = 0;
    uint64_t comp, box, all = mask;
    int st = SG_OK;
    while (mask && st == SG_OK) {
        comp = sg__cram_region(w, not_last, not_first, mask, mask & (~mask + 1));
        mask &= ~comp;
        if ((comp & (comp - 1)) == 0) continue;     /* a lone cell */
        if (sg__cram_star1(comp)) {
            ones ^= 1;
            continue;
        }
        box = sg__cram_box(h, w, comp, &bh, &bw);
        if (whole != NULL && comp == all && bh == h && bw == w) {
            st = sg_parts_add(out, whole, 2 + (h * w + 7) / 8);
            continue;
        }
        if (canon) box = sg__cram_canon_box(bh, bw, box, &bh, &bw);
        st = sg_parts_add(out, buf, sg__cram_encode(bh, bw, box, buf));
    }
    if (st == SG_OK && ones) st = sg_parts_add(out, domino, sizeof domino);
    return st;
}

/* Each option's regions (sg__cram_regions), each in its canonical image: the store of
 * sg_cram_store_create need neither split them again nor ask for their canonical form. */
static int sg__cram_options(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    unsigned h, w;
    uint64_t mask, across, down, b, not_last, not_first;
    int st = SG_OK;
    (void)user;
    if (sg__cram_decode(pos, len, &h, &w, &mask)) return 1;
    sg__cram_dominoes(h, w, mask, &across, &down);
    sg__cram_columns(h, w, &not_last, &not_first);
    for (; across && st == SG_OK; across &= across - 1) {
        b = across & (~across + 1);
        st = sg__cram_regions(h, w, not_last, not_first, mask & ~(b | b << 1), NULL, 1, out);
        if (st == SG_OK) st = sg_parts_end(out);
    }
    for (; down && st == SG_OK; down &= down - 1) {
        b = down & (~down + 1);
        st = sg__cram_regions(h, w, not_last, not_first, mask & ~(b | b << w), NULL, 1, out);
        if (st == SG_OK) st = sg_parts_end(out);
    }
    return st;
}

static int sg__cram_split(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    unsigned h, w;
    uint64_t mask, not_last, not_first;
    (void)user;
    if (sg__cram_decode(pos, len, &h, &w, &mask)) return 1;
    sg__cram_columns(h, w, &not_last, &not_first);
    return sg__cram_regions(h, w, not_last, not_first, mask, pos, 0, out);
}

static int sg__cram_canonical(void *user, const unsigned char *pos, size_t len,
                              sg_parts_t *out)
{
    unsigned char buf[SG__CRAM_BYTES];
    unsigned h, w, bh, bw;
    uint64_t mask, box;
    (void)user;
    if (sg__cram_decode(pos, len, &h, &w, &mask)) return 1;
    if (mask == 0) return sg_parts_add(out, pos, len) != SG_OK;
    box = sg__cram_box(h, w, mask, &bh, &bw);
    box = sg__cram_canon_box(bh, bw, box, &bh, &bw);
    return sg_parts_add(out, buf, sg__cram_encode(bh, bw, box, buf)) != SG_OK;
}

int sg_cram_rules(sg_struct_rules_t *rules)
{
    if (rules == NULL) return SG_EINVAL;
    rules->options = sg__cram_options;
    rules->split = sg__cram_split;
    rules->canonical = sg__cram_canonical;
    return SG_OK;
}

int sg_cram_position(uint32_t rows, uint32_t cols, uint64_t blocked, unsigned char *pos,
                     size_t *len)
{
    if (pos == NULL || len == NULL || rows == 0 || cols == 0) return SG_EINVAL;
    if (rows > 64 || cols > 64 || rows * cols > 64) return SG_ERANGE;
    if ((blocked & ~sg__cram_all(rows * cols)) != 0) return SG_EINVAL;
    *len = sg__cram_encode(rows, cols, ~blocked & sg__cram_all(rows * cols), pos);
    return SG_OK;
}

int sg_cram_store_create(sg_store_t **store, const sg_memory_t *memory)
{
    sg_struct_rules_t rules;
    int st;
    sg_cram_rules(&rules);
    st = sg_store_create(store, &rules, NULL, memory);
    if (st != SG_OK) return st;
    sg__store_options_split(*store, 1);   /* the options report canonical regions */
    return sg_store_set_game(*store, "cram/1");
}

int sg_cram_value(sg_store_t *store, uint32_t rows, uint32_t cols, uint64_t blocked,
                  sg_value_t *value)
{
    unsigned char pos[SG_CRAM_POSITION_MAX];
    size_t len;
    int st = sg_cram_position(rows, cols, blocked, pos, &len);
    if (st != SG_OK) return st;
    return sg_store_value(store, pos, len, value);
}

int sg_cram_outcome(sg_store_t *store, uint32_t rows, uint32_t cols, uint64_t blocked,
                    int *next_wins)
{
    unsigned char pos[SG_CRAM_POSITION_MAX];
    size_t len;
    int st = sg_cram_position(rows, cols, blocked, pos, &len);
    if (st != SG_OK) return st;
    return sg_store_outcome(store, pos, len, 0, next_wins);
}

int sg_cram_winning_move(sg_store_t *store, uint32_t rows, uint32_t cols, uint64_t blocked,
                         uint32_t *cell, int *down)
{
    unsigned char pos[SG_CRAM_POSITION_MAX];
    size_t len, option = 0, i;
    uint64_t across, downs, m;
    int st = sg_cram_position(rows, cols, blocked, pos, &len);
    if (st != SG_OK) return st;
    st = sg_store_winning_move(store, pos, len, 0, &option, NULL);
    if (st != 1) return st;
    /* the option's index in the order sg__cram_options reports them */
    sg__cram_dominoes(rows, cols, ~blocked & sg__cram_all(rows * cols), &across, &downs);
    for (i = 0, m = across; m; m &= m - 1, i++)
        if (i == option) {
            if (cell != NULL) *cell = sg__ctz64(m);
            if (down != NULL) *down = 0;
            return 1;
        }
    for (m = downs; m; m &= m - 1, i++)
        if (i == option) {
            if (cell != NULL) *cell = sg__ctz64(m);
            if (down != NULL) *down = 1;
            return 1;
        }
    return SG_EINVAL;   /* not reached: the store's option is one of the rule's */
}
