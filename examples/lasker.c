/*
 * Take or split (Lasker's Nim) on one heap.
 *
 * A heap holds x stones. A move either takes any positive number of stones from one heap, or
 * splits one heap into two non-empty heaps. The player who cannot move loses. Print the
 * Sprague-Grundy values SG(0), SG(1), ..., SG(n).
 *
 * Input:   n (0 <= n <= 5000).
 * Output:  n + 1 numbers on one line, separated by spaces.
 *
 * Method: a split leads to two heaps side by side, a sum of two games, whose value is the XOR
 * of the parts' values (Sprague-Grundy theorem). The rule reports takes with sg_move_to and
 * splits with sg_move_to_sum; sg_table_build does the mex for every heap size. The table takes
 * about n^2 / 2 steps, fine for n up to a few thousand.
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

/* The options of a heap of x stones. */
static int lasker_rule(void *user, uint64_t x, sg_moves_t *out)
{
    uint64_t k, parts[2];
    (void)user;
    for (k = 1; k <= x; k++) sg_move_to(out, x - k);        /* take k stones */
    for (k = 1; 2 * k <= x; k++) {                          /* split into k + (x - k) */
        parts[0] = k;
        parts[1] = x - k;
        sg_move_to_sum(out, parts, 2);
    }
    return 0;
}

int main(void)
{
    uint64_t n, i, extra;
    sg_value_t *g;
    int st;

    if (read_u64(&n) != 1 || n > 5000 || read_u64(&extra) != 0) {
        fprintf(stderr, "lasker: bad input: expected one number n in [0, 5000]\n");
        return 1;
    }
    g = (sg_value_t *)malloc((size_t)(n + 1) * sizeof *g);
    if (g == NULL) {
        fprintf(stderr, "lasker: out of memory\n");
        return 1;
    }
    st = sg_table_build(g, n + 1, lasker_rule, NULL);
    if (st != SG_OK) {
        fprintf(stderr, "lasker: %s\n", sg_strerror(st));
        free(g);
        return 1;
    }
    for (i = 0; i <= n; i++) printf("%u%c", (unsigned)g[i], i == n ? '\n' : ' ');
    free(g);
    return 0;
}
