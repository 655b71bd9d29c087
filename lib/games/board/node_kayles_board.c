#include "../../common/sg_internal.h"
#include "bitboard.h"

/* Node Kayles on boards: the induced subgraphs of a grid graph are exactly the sets of its
 * cells under 4-adjacency, so a position of Node Kayles on a rows x cols grid (some cells
 * blocked) is a bitboard of the board core (bitboard.h), and a move at a free cell takes it and
 * its free neighbours. The 8 symmetries of the square grid carry the plus-shaped neighbourhoods
 * to one another, so every image of a region has its value.
 *  - split: the regions of free cells (the components of the graph), each in its bounding box;
 *    a lone cell is *1, a region of 2 cells *1 (a move takes both), a region of 3 cells (a path:
 *    the middle takes all, an end leaves a lone cell) *2; their XOR is stood for by a lone cell
 *    (*1) and a 1 x 3 line (*2);
 *  - options: each free cell, the regions of the rest in canonical form;
 *  - canonical: the least of the 8 images. */

static const sg__board_game_t sg__nkb_game = {{0, 1, 1, 2}, {1, 1, 1}, {1, 3, 7}};

/* the cells a move at cell b takes: b and its free neighbours (not_last, not_first as
 * sg__board_columns) */
SG__INLINE uint64_t sg__nkb_taken(unsigned w, uint64_t not_last, uint64_t not_first,
                                  uint64_t mask, uint64_t b)
{
    uint64_t t = b | ((b << 1) & not_first) | ((b >> 1) & not_last);
    if (w < 64) t |= (b << w) | (b >> w);   /* past the cells: mask drops them */
    return t & mask;
}

/* Each option's regions in canonical form (the store need neither split them nor ask for
 * their canonical form), one option a free cell, from cell 0 up. */
static int sg__nkb_options(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    sg__board_geom_t g;
    unsigned h, w;
    uint64_t mask, m;
    int st = SG_OK;
    (void)user;
    if (sg__board_decode(pos, len, &h, &w, &mask)) return 1;
    sg__board_geom(h, w, &g);
    for (m = mask; m && st == SG_OK; m &= m - 1) {
        uint64_t rest = mask & ~sg__nkb_taken(w, g.not_last, g.not_first, mask, m & (~m + 1));
        st = sg__board_option(&sg__nkb_game, &g, rest, out);
    }
    return st;
}

static int sg__nkb_split(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    (void)user;
    return sg__board_split(&sg__nkb_game, pos, len, out);
}

int sg_node_kayles_board_rules(sg_struct_rules_t *rules)
{
    if (rules == NULL) return SG_EINVAL;
    rules->options = sg__nkb_options;
    rules->split = sg__nkb_split;
    rules->canonical = sg__board_canonical;
    return SG_OK;
}

int sg_node_kayles_board_position(uint32_t rows, uint32_t cols, uint64_t blocked,
                                  unsigned char *pos, size_t *len)
{
    return sg__board_position(rows, cols, blocked, pos, len);
}

/* the name of its stores (sg_store_game): their files and queries are of this game alone */
#define SG__NKB_GAME "node-kayles-board/1"

int sg_node_kayles_board_store_create(sg_store_t **store, const sg_memory_t *memory)
{
    sg_struct_rules_t rules;
    sg_node_kayles_board_rules(&rules);
    return sg__board_store_create(store, &rules, SG__NKB_GAME, memory);
}

int sg_node_kayles_board_value(sg_store_t *store, uint32_t rows, uint32_t cols,
                               uint64_t blocked, sg_value_t *value)
{
    return sg__board_value(store, SG__NKB_GAME, rows, cols, blocked, value);
}

int sg_node_kayles_board_outcome(sg_store_t *store, uint32_t rows, uint32_t cols,
                                 uint64_t blocked, sg_value_t k, int *next_wins)
{
    return sg__board_outcome(store, SG__NKB_GAME, rows, cols, blocked, k, next_wins);
}

int sg_node_kayles_board_winning_move(sg_store_t *store, uint32_t rows, uint32_t cols,
                                      uint64_t blocked, uint32_t *cell)
{
    size_t option = 0, i;
    uint64_t m;
    int st = sg__board_winning_option(store, SG__NKB_GAME, rows, cols, blocked, &option);
    if (st != 1) return st;
    /* the option's index in the order sg__nkb_options reports them: the free cells */
    for (i = 0, m = ~blocked & sg__board_all(rows * cols); m; m &= m - 1, i++)
        if (i == option) {
            if (cell != NULL) *cell = sg__ctz64(m);
            return 1;
        }
    return SG_EINVAL;   /* not reached: the store's option is one of the rule's */
}
