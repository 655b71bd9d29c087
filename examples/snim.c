/*
 * S-Nim: Nim where the amount taken must belong to a set S.
 *
 * A move takes s stones from one heap, s in S = {s_1..s_k} and s at most the heap's size; the
 * player who cannot move loses. For one set S, answer many positions: does the player to move
 * win (W) or lose (L)?
 *
 * Input:   several test cases, each: k, s_1..s_k (1 <= k <= 100, 1 <= s_i <= 10000), then m
 *          (1 <= m <= 100), then m positions, each: l (1 <= l <= 100), h_1..h_l
 *          (0 <= h_i <= 10000). A case with k = 0 (or the end of input) ends the list.
 * Output:  one line per test case: m letters, W or L, one per position.
 *
 * Method: sg_subtraction_table gives SG(h) for every heap size once per set; a position is a
 * sum of heaps, lost for the player to move exactly when the XOR of its heaps' values is 0.
 */
#include <sg.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_HEAP 10000

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
        fprintf(stderr, "snim: bad input: expected %s in [%llu, %llu]\n", what,
                (unsigned long long)lo, (unsigned long long)hi);
        exit(1);
    }
    return v;
}

int main(void)
{
    static sg_value_t g[MAX_HEAP + 1];
    uint64_t set[100], k = 0, m, l, q, i;
    int r, st;

    while ((r = read_u64(&k)) == 1 && k != 0) {
        if (k > 100) break;
        for (i = 0; i < k; i++) set[i] = read_in(1, 10000, "a move s_i");
        st = sg_subtraction_table(g, MAX_HEAP + 1, set, (size_t)k);
        if (st != SG_OK) {
            fprintf(stderr, "snim: %s\n", sg_strerror(st));
            return 1;
        }
        m = read_in(1, 100, "the number of positions m");
        for (q = 0; q < m; q++) {
            sg_value_t x = 0;
            l = read_in(1, 100, "the number of heaps l");
            for (i = 0; i < l; i++) x ^= g[read_in(0, MAX_HEAP, "a heap size")];
            putchar(x != 0 ? 'W' : 'L');
        }
        putchar('\n');
    }
    if (r < 0 || k > 100) {
        fprintf(stderr, "snim: bad input: expected k in [0, 100]\n");
        return 1;
    }
    return 0;
}
