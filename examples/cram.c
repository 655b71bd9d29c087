/*
 * Cram: dominoes on boards.
 *
 * Two players take turns putting a domino on a board, across or down, on two adjacent empty
 * cells ('.'; '#' cells are blocked). The player who cannot put one loses. For each board:
 * does the player to move win, and where?
 *
 * Input:   q (1 <= q <= 100), then q boards, each: R C (R * C <= 64), then R lines of C
 *          characters '.' or '#'.
 * Output:  per board, "Second" when the player to move loses; else "First r c D": a domino
 *          with its top-left cell at row r, column c (from 1) going right (D = R) or down
 *          (D = D) wins.
 *
 * Method: a structured-position store (sg_cram_store_create) shared by all the boards: each
 * region of empty cells is valued once, whatever board, place or orientation it comes from
 * (its canonical form under the 8 symmetries of the grid); sg_cram_winning_move.
 */
#include <sg.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

/* The next unsigned decimal number from stdin: 1 read, 0 end of input, -1 malformed. */
static int read_u64(uint64_t *v)
{
    uint64_t x = 0;
    int c;
    do c = getchar(); while (c != EOF && isspace(c));
    if (c == EOF) return 0;
    if (!isdigit(c)) return -1;
    for (; c != EOF && isdigit(c); c = getchar()) {
        unsigned d = (unsigned)(c - '0');
        if (x > (UINT64_MAX - d) / 10) return -1;
        x = x * 10 + d;
    }
    if (c != EOF && !isspace(c)) return -1;
    *v = x;
    return 1;
}

static void bad(const char *what)
{
    fprintf(stderr, "cram: bad input: %s\n", what);
    exit(1);
}

/* the next cell: '.' (0) or '#' (1), blanks skipped */
static int read_cell(void)
{
    int c;
    do c = getchar(); while (c != EOF && isspace(c));
    if (c != '.' && c != '#') bad("expected a cell, '.' or '#'");
    return c == '#';
}

int main(void)
{
    uint64_t q, k, rows, cols, i, blocked, extra;
    sg_store_t *store;
    uint32_t cell;
    int down, r;
    if (read_u64(&q) != 1 || q < 1 || q > 100) bad("expected q in [1, 100]");
    if (sg_cram_store_create(&store, NULL) != SG_OK) bad("out of memory");
    for (k = 0; k < q; k++) {
        if (read_u64(&rows) != 1 || read_u64(&cols) != 1 || rows < 1 || cols < 1 ||
            rows > 64 || cols > 64 || rows * cols > 64)
            bad("expected R C with R * C at most 64");
        for (blocked = 0, i = 0; i < rows * cols; i++)
            if (read_cell()) blocked |= (uint64_t)1 << i;
        r = sg_cram_winning_move(store, (uint32_t)rows, (uint32_t)cols, blocked, &cell, &down);
        if (r < 0) bad(sg_strerror(r));
        if (r == 0)
            printf("Second\n");
        else
            printf("First %u %u %c\n", (unsigned)(cell / cols + 1), (unsigned)(cell % cols + 1),
                   down ? 'D' : 'R');
    }
    if (read_u64(&extra) != 0) bad("more than q boards");
    sg_store_free(store);
    return 0;
}
