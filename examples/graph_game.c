/*
 * Tokens on a directed graph, with draws.
 *
 * A directed graph has n vertices (numbered from 1) and m edges; it may have cycles,
 * self-loops and repeated edges. Some tokens stand on its vertices (several may share one). A
 * move takes one token along one edge out of its vertex. The players alternate; the player who
 * cannot move loses. If the game can go on forever and neither player can force a win, it is a
 * draw. For each of q positions: who wins with best play?
 *
 * Input:   n m (1 <= n <= 100000, 0 <= m <= 200000), then m edges "u v" (a move from u to v),
 *          then q (1 <= q <= 100000), then q positions, each: k (1 <= k <= 100), then the
 *          vertices of its k tokens. At most 200000 tokens in all.
 * Output:  one line per position: "First" (the player to move wins), "Second" (the other
 *          player wins) or "Draw".
 *
 * Method: the tokens are a sum of games. With cycles the plain Sprague-Grundy values do not
 * exist; Smith's generalised values do (sg_loopy_build_graph): each vertex has a finite value
 * or the value infinity(K), K the finite values of its successors. sg_loopy_sum_outcome then
 * applies the sum rule: finite values add by XOR; one infinite token wins exactly when the XOR
 * of the others is in its K, and is a draw otherwise; two infinite tokens make a draw. The
 * graph is solved once, in time linear in its size per value.
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

/* A number in [lo, hi], or the program stops with a message. */
static uint64_t read_in(uint64_t lo, uint64_t hi, const char *what)
{
    uint64_t v;
    if (read_u64(&v) != 1 || v < lo || v > hi) {
        fprintf(stderr, "graph_game: bad input: expected %s in [%llu, %llu]\n", what,
                (unsigned long long)lo, (unsigned long long)hi);
        exit(1);
    }
    return v;
}

static void *xalloc(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size);
    if (p == NULL) {
        fprintf(stderr, "graph_game: out of memory\n");
        exit(1);
    }
    return p;
}

int main(void)
{
    uint64_t n, m, q, i, u, *from, *to, *offsets, *targets, tokens[100], total = 0;
    sg_loopy_t *game;
    int st, outcome;

    n = read_in(1, 100000, "the number of vertices n");
    m = read_in(0, 200000, "the number of edges m");
    from = (uint64_t *)xalloc((size_t)m, sizeof *from);
    to = (uint64_t *)xalloc((size_t)m, sizeof *to);
    for (i = 0; i < m; i++) {
        from[i] = read_in(1, n, "an edge's first vertex") - 1;
        to[i] = read_in(1, n, "an edge's second vertex") - 1;
    }
    /* the successors of u are targets[offsets[u] .. offsets[u + 1]) */
    offsets = (uint64_t *)xalloc((size_t)n + 1, sizeof *offsets);
    targets = (uint64_t *)xalloc((size_t)m, sizeof *targets);
    for (i = 0; i < m; i++) offsets[from[i] + 1]++;
    for (u = 0; u < n; u++) offsets[u + 1] += offsets[u];
    for (i = 0; i < m; i++) targets[offsets[from[i]]++] = to[i];
    for (u = n; u > 0; u--) offsets[u] = offsets[u - 1];
    offsets[0] = 0;
    st = sg_loopy_build_graph(&game, n, offsets, targets);
    free(from);
    free(to);
    free(offsets);
    free(targets);
    if (st != SG_OK) {
        fprintf(stderr, "graph_game: %s\n", sg_strerror(st));
        return 1;
    }
    q = read_in(1, 100000, "the number of positions q");
    for (; q > 0; q--) {
        uint64_t k = read_in(1, 100, "the number of tokens k");
        total += k;
        if (total > 200000) {
            fprintf(stderr, "graph_game: bad input: more than 200000 tokens\n");
            sg_loopy_free(game);
            return 1;
        }
        for (i = 0; i < k; i++) tokens[i] = read_in(1, n, "a token's vertex") - 1;
        st = sg_loopy_sum_outcome(game, tokens, (size_t)k, &outcome);
        if (st != SG_OK) {
            fprintf(stderr, "graph_game: %s\n", sg_strerror(st));
            sg_loopy_free(game);
            return 1;
        }
        puts(outcome == SG_LOOPY_N ? "First" : outcome == SG_LOOPY_P ? "Second" : "Draw");
    }
    sg_loopy_free(game);
    return 0;
}
