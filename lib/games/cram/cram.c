#include "../../common/sg_internal.h"
#include "../board/bitboard.h"

/* Cram (impartial Domineering): a move puts a domino, across or down, on two adjacent free
 * cells. A board is a bitboard of the board core (bitboard.h: the encoding, the regions, the 8
 * symmetries, which carry dominoes to dominoes).
 *  - split: the connected regions of free cells (dominoes in one never touch another), each
 *    moved to its bounding box; a lone cell (no move, value 0) is left out, and the regions of
 *    2 or 3 cells (every move in one leaves at most a lone cell: value *1) are folded, one
 *    domino standing for an odd count of them;
 *  - options: each domino, the regions of the board without its two cells, as the split, each
 *    in its canonical form;
 *  - canonical: the least encoding among the 8 images of the region. */

static const sg__board_game_t sg__cram_game = {{0, 0, 1, 1}, {1, 2, 3}, {0, 0, 0}};

/* the dominoes: across (cell i and i + 1) and down (cell i and i + w), by their first cell */
static void sg__cram_dominoes(unsigned h, unsigned w, uint64_t mask, uint64_t *across,
                              uint64_t *down)
{
    uint64_t not_last, not_first;
    sg__board_columns(h, w, &not_last, &not_first);
    *across = mask & (mask >> 1) & not_last;
    *down = h > 1 ? mask & (mask >> w) : 0;
}

/* Each option's regions (sg__board_regions), each in its canonical image: the store of
 * sg_cram_store_create need neither split them again nor ask for their canonical form. */
static int sg__cram_options(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    sg__board_geom_t g;
    unsigned h, w;
    uint64_t mask, across, down, b;
    int st = SG_OK;
    (void)user;
    if (sg__board_decode(pos, len, &h, &w, &mask)) return 1;
    sg__cram_dominoes(h, w, mask, &across, &down);
    sg__board_geom(h, w, &g);
    for (; across && st == SG_OK; across &= across - 1) {
        b = across & (~across + 1);
        st = sg__board_option(&sg__cram_game, &g, mask & ~(b | b << 1), out);
    }
    for (; down && st == SG_OK; down &= down - 1) {
        b = down & (~down + 1);
        st = sg__board_option(&sg__cram_game, &g, mask & ~(b | b << w), out);
    }
    return st;
}

static int sg__cram_split(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    (void)user;
    return sg__board_split(&sg__cram_game, pos, len, out);
}

int sg_cram_rules(sg_struct_rules_t *rules)
{
    if (rules == NULL) return SG_EINVAL;
    rules->options = sg__cram_options;
    rules->split = sg__cram_split;
    rules->canonical = sg__board_canonical;
    return SG_OK;
}

int sg_cram_position(uint32_t rows, uint32_t cols, uint64_t blocked, unsigned char *pos,
                     size_t *len)
{
    return sg__board_position(rows, cols, blocked, pos, len);
}

/* the name of its stores (sg_store_game): their files and queries are of this game alone */
#define SG__CRAM_GAME "cram/1"

int sg_cram_store_create(sg_store_t **store, const sg_memory_t *memory)
{
    sg_struct_rules_t rules;
    sg_cram_rules(&rules);
    return sg__board_store_create(store, &rules, SG__CRAM_GAME, memory);
}

int sg_cram_value(sg_store_t *store, uint32_t rows, uint32_t cols, uint64_t blocked,
                  sg_value_t *value)
{
    return sg__board_value(store, SG__CRAM_GAME, rows, cols, blocked, value);
}

int sg_cram_outcome(sg_store_t *store, uint32_t rows, uint32_t cols, uint64_t blocked,
                    int *next_wins)
{
    return sg__board_outcome(store, SG__CRAM_GAME, rows, cols, blocked, 0, next_wins);
}

int sg_cram_winning_move(sg_store_t *store, uint32_t rows, uint32_t cols, uint64_t blocked,
                         uint32_t *cell, int *down)
{
    size_t option = 0, i;
    uint64_t across, downs, m;
    int st = sg__board_winning_option(store, SG__CRAM_GAME, rows, cols, blocked, &option);
    if (st != 1) return st;
    /* the option's index in the order sg__cram_options reports them */
    sg__cram_dominoes(rows, cols, ~blocked & sg__board_all(rows * cols), &across, &downs);
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
