/*
 * Green Hackenbush on a picture with cycles.
 *
 * A picture is drawn on the ground: n vertices (vertex 0 is the ground) and m edges, with
 * loops, cycles and repeated edges allowed. A move erases one edge; every edge no longer
 * joined to the ground through the edges left falls away. The player who cannot move loses.
 * Does the player to move win, and with which edge?
 *
 * Input:   n m (1 <= n <= 100000, 0 <= m <= 100000), then m edges "u v" (0 <= u, v < n).
 * Output:  "Second" when the player to move loses; else "First e": erasing edge e (numbered
 *          from 1 in input order) wins; the first such edge.
 *
 * Method: the fusion principle (a cycle's vertices fuse into one, its edges becoming loops)
 * and the colon principle (a vertex's value is the XOR of its branches, a bridge to a
 * subpicture of value v counting v + 1), in one depth-first search: sg_hackenbush_value,
 * sg_hackenbush_winning_move (which tries the edges in order).
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
    fprintf(stderr, "hackenbush: bad input: %s\n", what);
    exit(1);
}

int main(void)
{
    uint64_t n, m, i, x, extra;
    uint32_t *ends;
    size_t edge;
    int r;
    if (read_u64(&n) != 1 || n < 1 || n > 100000) bad("expected n in [1, 100000]");
    if (read_u64(&m) != 1 || m > 100000) bad("expected m in [0, 100000]");
    ends = (uint32_t *)malloc((2 * (size_t)m + 1) * sizeof *ends);
    if (ends == NULL) bad("out of memory");
    for (i = 0; i < 2 * m; i++) {
        if (read_u64(&x) != 1 || x >= n) bad("expected a vertex below n");
        ends[i] = (uint32_t)x;
    }
    if (read_u64(&extra) != 0) bad("more than m edges");
    r = sg_hackenbush_winning_move((uint32_t)n, ends, (size_t)m, &edge);
    if (r < 0) bad(sg_strerror(r));
    if (r == 0)
        printf("Second\n");
    else
        printf("First %llu\n", (unsigned long long)edge + 1);
    free(ends);
    return 0;
}
