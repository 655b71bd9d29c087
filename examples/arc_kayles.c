/*
 * Arc Kayles: take an edge and its two ends.
 *
 * A graph is drawn on paper. Two players take turns choosing an edge still on the paper and
 * erasing both its ends (and every edge at them). The player who cannot choose loses. Placing
 * dominoes on a board in turn, no two touching at a side, is this game on the board's grid of
 * cells. For each graph: does the player to move win, and with which edge?
 *
 * Input:   q (1 <= q <= 100), then q graphs, each: n m (1 <= n <= 100, 0 <= m <= 1000), then
 *          m edges u v (1 <= u, v <= n, u != v; an edge given twice counts once).
 * Output:  per graph, "Second" when the player to move loses; else "First u v" (u < v):
 *          choosing the edge u v wins (the least such pair, u first).
 *
 * Method: a structured-position store (sg_arc_kayles_store) shared by all the graphs: what is
 * left after a move falls apart into connected pieces whose values XOR, and each piece is
 * valued once under its canonical labelling, whatever graph or place it comes from;
 * sg_arc_kayles_winning_move, which gives the first winning edge in the order of u, then v.
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
    fprintf(stderr, "arc_kayles: bad input: %s\n", what);
    exit(1);
}

int main(void)
{
    static uint32_t ends[2 * 1000];
    uint64_t q, k, n, m, i, u, v, extra;
    sg_store_t *store;
    sg_graph_t *g;
    uint32_t a, b;
    int r;
    if (read_u64(&q) != 1 || q < 1 || q > 100) bad("expected q in [1, 100]");
    if (sg_arc_kayles_store(&store, SG_GRAPH_CANONICAL, NULL) != SG_OK) bad("out of memory");
    for (k = 0; k < q; k++) {
        if (read_u64(&n) != 1 || read_u64(&m) != 1 || n < 1 || n > 100 || m > 1000)
            bad("expected n in [1, 100] and m in [0, 1000]");
        for (i = 0; i < m; i++) {
            if (read_u64(&u) != 1 || read_u64(&v) != 1 || u < 1 || v < 1 || u > n || v > n ||
                u == v)
                bad("expected an edge u v, 1 <= u, v <= n, u != v");
            ends[2 * i] = (uint32_t)(u - 1);
            ends[2 * i + 1] = (uint32_t)(v - 1);
        }
        if (sg_graph_create(&g, (uint32_t)n, ends, (size_t)m) != SG_OK) bad("out of memory");
        r = sg_arc_kayles_winning_move(g, store, &a, &b);
        sg_graph_free(g);
        if (r < 0) bad(sg_strerror(r));
        if (r == 0)
            printf("Second\n");
        else
            printf("First %u %u\n", (unsigned)a + 1, (unsigned)b + 1);
    }
    if (read_u64(&extra) != 0) bad("more than q graphs");
    sg_store_free(store);
    return 0;
}
