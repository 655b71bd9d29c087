/* Node Kayles on boards (sg_node_kayles_board_*: regions of free cells, the grid's 8 symmetries,
 * small regions valued at once) against a plain recursive mex over the bitmask of the cells
 * left, written from the definition (a move takes a free cell and its free neighbours): every
 * empty board up to 4 x 4, every blocked pattern of every board up to 4 x 4 (0.1 s of CPU),
 * random ones of 4 x 4 through fresh stores; the outcome of
 * G + *k and the winning move by the same brute force; the small regions the split folds; the
 * graph engine (sg_node_kayles_value) on the same grid graphs; OEIS A316632; the store's name
 * and file; bad input. Then what both games on the board core share, for Cram too: the rules
 * through the store's self-test, and rows and columns against their octal games. */
#include "graphs.h"
#include "board_brute.h"

#include <unistd.h>

/* the engine on one board against the brute force: value; outcome of G + *k for k = the value
 * and k = another; winning move */
static void check_board(sg_store_t *s, unsigned h, unsigned w, uint64_t blocked)
{
    uint32_t all = (uint32_t)(((uint64_t)1 << (h * w)) - 1), left = all & ~(uint32_t)blocked;
    unsigned want = brute(left);
    sg_value_t v = 999;
    uint32_t cell = 999;
    int next = -1, r;
    CHECK_EQ(sg_node_kayles_board_value(s, h, w, blocked, &v), SG_OK);
    CHECK_EQ(v, want);
    CHECK_EQ(sg_node_kayles_board_outcome(s, h, w, blocked, want, &next), SG_OK);
    CHECK_EQ(next, 0);
    CHECK_EQ(sg_node_kayles_board_outcome(s, h, w, blocked, want ^ 1, &next), SG_OK);
    CHECK_EQ(next, 1);
    r = sg_node_kayles_board_winning_move(s, h, w, blocked, &cell);
    CHECK_EQ(r, want != 0);
    if (r == 1) {
        CHECK(cell < h * w && (left & ((uint32_t)1 << cell)));
        if (cell < h * w) CHECK_EQ(brute(left & ~brute_taken(left, cell / w, cell % w)), 0);
    }
}

static void test_empty_boards(void)
{
    sg_store_t *s = NULL;
    unsigned h, w;
    CHECK_EQ(sg_node_kayles_board_store_create(&s, NULL), SG_OK);
    for (h = 1; h <= 4; h++)
        for (w = 1; w <= 4; w++) {
            brute_board(BRUTE_NODE_KAYLES, h, w);
            check_board(s, h, w, 0);
        }
    sg_store_free(s);
}

/* Every pattern of blocked cells of every board of R x C, R, C <= 4 (2^16 of 4 x 4, 2^12 of
 * 3 x 4 and 4 x 3, ..., 74954 boards in all): the value, the outcomes and the winning move
 * against the brute force, its table of the 2^(R C) cell sets shared by all patterns of a
 * shape. */
static void test_every_blocked_pattern(void)
{
    sg_store_t *s = NULL;
    unsigned h, w, boards = 0;
    uint64_t b;
    CHECK_EQ(sg_node_kayles_board_store_create(&s, NULL), SG_OK);
    for (h = 1; h <= 4; h++)
        for (w = 1; w <= 4; w++) {
            brute_board(BRUTE_NODE_KAYLES, h, w);
            for (b = 0; b < ((uint64_t)1 << (h * w)); b++, boards++) check_board(s, h, w, b);
        }
    CHECK_EQ(boards, 74954);   /* the sum of 2^(R C) over the 16 shapes */
    sg_store_free(s);
}

/* a fresh store now and then, so that answers never lean on what a store learnt */
static void test_random_blocked(void)
{
    sg_store_t *s = NULL;
    unsigned t;
    brute_board(BRUTE_NODE_KAYLES, 4, 4);
    for (t = 0; t < 1000; t++) {
        if (t % 200 == 0) {
            sg_store_free(s);
            CHECK_EQ(sg_node_kayles_board_store_create(&s, NULL), SG_OK);
        }
        check_board(s, 4, 4, test_rand() & test_rand() & 0xffffu);
    }
    sg_store_free(s);
}

/* The split folds the regions of 1, 2 and 3 cells into *1, *1 and *2 (every region of 3 cells
 * is a path, straight or bent): each, and sums of them (a lone cell beside a line of 3 is *3;
 * two lines of 3 cancel), against the brute force, on 3 x 3 boards with blocked cells. */
static void test_small_regions(void)
{
    static const struct {
        uint64_t blocked;    /* of a 3 x 3 board: bit r * 3 + c */
        unsigned value;
    } cases[] = {
        {0x1fe, 1},   /* a lone cell */
        {0x1fc, 1},   /* two cells in a row */
        {0x1f8, 2},   /* three in a row */
        {0x1ec, 2},   /* a bent three: cells 0, 1, 4 */
        {0x1b8, 3},   /* a row of three and a lone cell (cell 6) */
        {0x038, 0},   /* two rows of three */
        {0x1aa, 0},   /* five lone cells: *1 five times */
    };
    sg_store_t *s = NULL;
    size_t i;
    sg_value_t v;
    CHECK_EQ(sg_node_kayles_board_store_create(&s, NULL), SG_OK);
    brute_board(BRUTE_NODE_KAYLES, 3, 3);
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        v = 999;
        CHECK_EQ(brute(0x1ffu & ~(uint32_t)cases[i].blocked), cases[i].value);
        CHECK_EQ(sg_node_kayles_board_value(s, 3, 3, cases[i].blocked, &v), SG_OK);
        CHECK_EQ(v, cases[i].value);
    }
    sg_store_free(s);
}

/* The two games on the board core, for the tests they share: each through its own functions. */
static const struct {
    const char *octal;   /* the game on a row of n cells, a heap of n */
    int (*rules)(sg_struct_rules_t *);
    int (*position)(uint32_t, uint32_t, uint64_t, unsigned char *, size_t *);
    int (*create)(sg_store_t **, const sg_memory_t *);
    int (*value)(sg_store_t *, uint32_t, uint32_t, uint64_t, sg_value_t *);
} games[2] = {
    {"0.137", sg_node_kayles_board_rules, sg_node_kayles_board_position,
     sg_node_kayles_board_store_create, sg_node_kayles_board_value},
    {"0.07", sg_cram_rules, sg_cram_position, sg_cram_store_create, sg_cram_value},
};

/* The rules of both games keep the store's promises (stable, idempotent canonical form that
 * keeps the value, split whose XOR is the value, no option equal to its position), by the
 * self-test on random boards up to 4 x 4. */
static void test_selftest(void)
{
    unsigned char bufs[200][SG_CRAM_POSITION_MAX];
    const unsigned char *pos[200];
    size_t len[200], i, k, g;
    sg_struct_rules_t rules;
    sg_selftest_report_t rep;
    for (g = 0; g < 2; g++) {
        CHECK_EQ(games[g].rules(&rules), SG_OK);
        for (i = 0; i < 200; i++) {
            uint32_t h = 1 + (uint32_t)test_below(4), w = 1 + (uint32_t)test_below(4);
            CHECK_EQ(games[g].position(h, w, test_rand() & test_rand() & ((1u << (h * w)) - 1),
                                       bufs[i], &len[i]), SG_OK);
            pos[i] = bufs[i];
        }
        CHECK_EQ(sg_struct_selftest(&rules, NULL, pos, len, 200, 100000, &rep), SG_OK);
        for (k = 0; k < SG_LIE_KINDS; k++) CHECK_EQ(rep.lies[k], 0);
        CHECK_EQ(rep.samples, 200);
        CHECK(rep.brute > 100);
    }
}

/* the graph engine's value of the grid graph of the free cells of an h x w board */
static sg_value_t graph_value(sg_store_t *gs, unsigned h, unsigned w, uint64_t blocked)
{
    static tg_graph_t t;
    uint32_t id[64], n = 0, i;
    sg_value_t v = 999;
    sg_graph_t *g;
    for (i = 0; i < h * w; i++) id[i] = (blocked >> i) & 1 ? UINT32_MAX : n++;
    tg_clear(&t, n);
    for (i = 0; i < h * w; i++) {
        if (id[i] == UINT32_MAX) continue;
        if (i % w + 1 < w && id[i + 1] != UINT32_MAX) tg_edge(&t, id[i], id[i + 1]);
        if (i + w < h * w && id[i + w] != UINT32_MAX) tg_edge(&t, id[i], id[i + w]);
    }
    g = tg_make(&t, NULL);
    CHECK(g != NULL);
    CHECK_EQ(sg_node_kayles_value(g, gs, &v), SG_OK);
    sg_graph_free(g);
    return v;
}

/* Boards beyond the brute force's reach against the graph engine (Node Kayles on the grid
 * graph of the free cells, labelled canonically): the 3 x n grids, n <= 10, and random blocked
 * patterns of 3 x 8, 4 x 6 and 5 x 5. */
static void test_against_graphs(void)
{
    static const unsigned shapes[3][2] = {{3, 8}, {4, 6}, {5, 5}};
    sg_store_t *s = NULL, *gs = NULL;
    sg_value_t v;
    unsigned n, t;
    CHECK_EQ(sg_node_kayles_board_store_create(&s, NULL), SG_OK);
    CHECK_EQ(sg_node_kayles_store(&gs, SG_GRAPH_CANONICAL, NULL), SG_OK);
    for (n = 1; n <= 10; n++) {
        v = 999;
        CHECK_EQ(sg_node_kayles_board_value(s, 3, n, 0, &v), SG_OK);
        CHECK_EQ(v, graph_value(gs, 3, n, 0));
    }
    for (t = 0; t < 60; t++) {
        unsigned h = shapes[t % 3][0], w = shapes[t % 3][1];
        uint64_t b = test_rand() & test_rand() & (((uint64_t)1 << (h * w)) - 1);
        v = 999;
        CHECK_EQ(sg_node_kayles_board_value(s, h, w, b, &v), SG_OK);
        CHECK_EQ(v, graph_value(gs, h, w, b));
    }
    sg_store_free(gs);
    sg_store_free(s);
}

/* OEIS A316632, Node Kayles on the 3 x n grid, n = 1..16 (https://oeis.org/A316632; terms
 * 14-16 by M. Fan's solver, github.com/InnovativeInventor/node-kayles), and the facts stated
 * there: the 2 x n grid is 1, 0, 1, 0, ... (A000035), the 4 x n grid 0 (A000004). n <= 12 and
 * the 2 x n, 4 x n grids to 10 in make check; all, and 2 x n, 4 x n to 14, in check-long. Each
 * 3 x n from a fresh store, as a column of n x 3 on every other n. */
static void test_a316632(void)
{
    static const sg_value_t a316632[17] = {0, 2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3};
    sg_store_t *s = NULL;
    sg_value_t v;
    uint32_t n, top = test_long() ? 16 : 12;
    for (n = 1; n <= top; n++) {
        v = 999;
        CHECK_EQ(sg_node_kayles_board_store_create(&s, NULL), SG_OK);
        if (n % 2) CHECK_EQ(sg_node_kayles_board_value(s, 3, n, 0, &v), SG_OK);
        else CHECK_EQ(sg_node_kayles_board_value(s, n, 3, 0, &v), SG_OK);
        CHECK_EQ(v, a316632[n]);
        sg_store_free(s);
    }
    CHECK_EQ(sg_node_kayles_board_store_create(&s, NULL), SG_OK);
    for (n = 1; n <= (test_long() ? 14u : 10u); n++) {
        v = 999;
        CHECK_EQ(sg_node_kayles_board_value(s, 2, n, 0, &v), SG_OK);
        CHECK_EQ(v, n % 2);
        CHECK_EQ(sg_node_kayles_board_value(s, 4, n, 0, &v), SG_OK);
        CHECK_EQ(v, 0);
    }
    sg_store_free(s);
}

/* The store names its game: its file loads into a store of the same game and is refused by
 * a store of Cram or of Node Kayles on graphs (the same bytes mean another game there). */
static void test_store_file(void)
{
    char path[] = "/tmp/test_kayles_board.XXXXXX", game[64];
    sg_store_t *s = NULL, *t = NULL;
    sg_value_t v = 999;
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    close(fd);
    CHECK_EQ(sg_node_kayles_board_store_create(&s, NULL), SG_OK);
    CHECK_EQ(strcmp(sg_store_game(s), "node-kayles-board/1"), 0);
    CHECK_EQ(sg_node_kayles_board_value(s, 3, 7, 0, &v), SG_OK);
    CHECK_EQ(v, 2);
    CHECK_EQ(sg_store_save(s, path), SG_OK);
    CHECK_EQ(sg_store_file_game(path, game, sizeof game), SG_OK);
    CHECK_EQ(strcmp(game, "node-kayles-board/1"), 0);
    CHECK_EQ(sg_node_kayles_board_store_create(&t, NULL), SG_OK);
    CHECK_EQ(sg_store_load(t, path), SG_OK);
    sg_store_free(t);
    CHECK_EQ(sg_cram_store_create(&t, NULL), SG_OK);
    CHECK_EQ(sg_store_load(t, path), SG_EGAME);
    sg_store_free(t);
    CHECK_EQ(sg_node_kayles_store(&t, SG_GRAPH_CANONICAL, NULL), SG_OK);
    CHECK_EQ(sg_store_load(t, path), SG_EGAME);
    sg_store_free(t);
    sg_store_free(s);
    remove(path);
}

static void test_bad_input(void)
{
    unsigned char pos[SG_CRAM_POSITION_MAX];
    size_t len = 0;
    sg_value_t v = 7;
    sg_store_t *s = NULL;
    uint32_t cell = 5;
    int next = 3;
    CHECK_EQ(sg_node_kayles_board_store_create(&s, NULL), SG_OK);
    CHECK_EQ(sg_node_kayles_board_store_create(NULL, NULL), SG_EINVAL);
    CHECK_EQ(sg_node_kayles_board_rules(NULL), SG_EINVAL);
    CHECK_EQ(sg_node_kayles_board_position(0, 3, 0, pos, &len), SG_EINVAL);
    CHECK_EQ(sg_node_kayles_board_position(9, 8, 0, pos, &len), SG_ERANGE);
    CHECK_EQ(sg_node_kayles_board_position(1, 65, 0, pos, &len), SG_ERANGE);
    CHECK_EQ(sg_node_kayles_board_position(2, 2, 16, pos, &len), SG_EINVAL);
    CHECK_EQ(sg_node_kayles_board_position(2, 2, 15, pos, NULL), SG_EINVAL);
    CHECK_EQ(sg_node_kayles_board_position(8, 8, 0, pos, &len), SG_OK);
    CHECK_EQ(len, 10);
    CHECK_EQ(sg_node_kayles_board_value(s, 3, 0, 0, &v), SG_EINVAL);
    CHECK_EQ(sg_node_kayles_board_value(s, 65, 1, 0, &v), SG_ERANGE);
    CHECK_EQ(sg_node_kayles_board_value(s, 3, 3, 0, NULL), SG_EINVAL);
    CHECK_EQ(sg_node_kayles_board_value(NULL, 3, 3, 0, &v), SG_EINVAL);
    CHECK_EQ(v, 7);
    CHECK_EQ(sg_node_kayles_board_outcome(s, 2, 2, 99, 0, &next), SG_EINVAL);
    CHECK_EQ(sg_node_kayles_board_outcome(s, 2, 2, 0, 0, NULL), SG_EINVAL);
    CHECK_EQ(next, 3);
    CHECK_EQ(sg_node_kayles_board_winning_move(s, 1, 0, 0, &cell), SG_EINVAL);
    CHECK_EQ(cell, 5);
    /* every cell blocked: no move, and no winning move; one free cell: *1, taken at once */
    CHECK_EQ(sg_node_kayles_board_value(s, 8, 8, ~(uint64_t)0, &v), SG_OK);
    CHECK_EQ(v, 0);
    CHECK_EQ(sg_node_kayles_board_winning_move(s, 8, 8, ~(uint64_t)0, &cell), 0);
    CHECK_EQ(cell, 5);
    CHECK_EQ(sg_node_kayles_board_winning_move(s, 8, 8, ~((uint64_t)1 << 63), NULL), 1);
    CHECK_EQ(sg_node_kayles_board_winning_move(s, 8, 8, ~((uint64_t)1 << 63), &cell), 1);
    CHECK_EQ(cell, 63);
    sg_store_free(s);
}

/* A row of n cells is a heap of n, and so is a column, every n up to 64: in Node Kayles the
 * path of n vertices, Dawson's chess, the octal game 0.137; in Cram the game 0.07 (a domino
 * takes two adjacent cells, leaving none, one or two rows). */
static void test_rows_are_octal(void)
{
    size_t g;
    for (g = 0; g < 2; g++) {
        sg_octal_t *game = NULL;
        sg_value_t table[65], v = 999;
        sg_store_t *s = NULL;
        uint32_t n;
        CHECK_EQ(sg_octal_parse(games[g].octal, &game), SG_OK);
        CHECK_EQ(sg_octal_table(game, table, 65), SG_OK);
        CHECK_EQ(games[g].create(&s, NULL), SG_OK);
        for (n = 1; n <= 64; n++) {
            CHECK_EQ(games[g].value(s, 1, n, 0, &v), SG_OK);
            CHECK_EQ(v, table[n]);
            CHECK_EQ(games[g].value(s, n, 1, 0, &v), SG_OK);
            CHECK_EQ(v, table[n]);
        }
        sg_store_free(s);
        sg_octal_free(game);
    }
}

/* A store of the other board game (or renamed) is refused with SG_EINVAL: its rule would
 * answer with its own values. Fails on a build that queries any store: there a Cram store
 * asked by Node Kayles gives the empty 1 x 3 board Cram's value, 1, for Node Kayles' 2, and
 * SG_OK. */
static void test_wrong_store(void)
{
    sg_store_t *nk = NULL, *cram = NULL;
    sg_value_t v = 99;
    uint32_t cell = 7;
    int next = 5, down = 0;
    CHECK_EQ(sg_node_kayles_board_store_create(&nk, NULL), SG_OK);
    CHECK_EQ(sg_cram_store_create(&cram, NULL), SG_OK);
    CHECK_EQ(sg_node_kayles_board_value(cram, 1, 3, 0, &v), SG_EINVAL);
    CHECK_EQ(sg_node_kayles_board_outcome(cram, 1, 3, 0, 2, &next), SG_EINVAL);
    CHECK_EQ(sg_node_kayles_board_winning_move(cram, 1, 3, 0, &cell), SG_EINVAL);
    CHECK_EQ(sg_cram_value(nk, 1, 3, 0, &v), SG_EINVAL);
    CHECK_EQ(sg_cram_outcome(nk, 1, 3, 0, &next), SG_EINVAL);
    CHECK_EQ(sg_cram_winning_move(nk, 1, 3, 0, &cell, &down), SG_EINVAL);
    CHECK_EQ(v, 99);
    CHECK_EQ(next, 5);
    CHECK_EQ(cell, 7);
    CHECK_EQ(sg_node_kayles_board_value(nk, 1, 3, 0, &v), SG_OK);
    CHECK_EQ(v, 2);
    CHECK_EQ(sg_cram_value(cram, 1, 3, 0, &v), SG_OK);
    CHECK_EQ(v, 1);
    CHECK_EQ(sg_store_set_game(nk, "mine"), SG_OK);
    CHECK_EQ(sg_node_kayles_board_value(nk, 1, 3, 0, &v), SG_EINVAL);
    sg_store_free(nk);
    sg_store_free(cram);
}

int main(void)
{
    RUN(test_empty_boards);
    RUN(test_every_blocked_pattern);
    RUN(test_random_blocked);
    RUN(test_small_regions);
    RUN(test_selftest);
    RUN(test_against_graphs);
    RUN(test_a316632);
    RUN(test_store_file);
    RUN(test_bad_input);
    RUN(test_wrong_store);
    RUN(test_rows_are_octal);
    free(memo);
    return TEST_REPORT();
}
