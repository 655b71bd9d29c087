/*
 * Take or split in three (HDU 5795 "A Simple Nim").
 *
 * There are k heaps of candies. A move either takes any positive number of candies from one
 * heap, or splits one heap into three non-empty heaps. The player who cannot move loses. Does
 * the first player win?
 *
 * Input:   k (1 <= k <= 10^6), then k heap sizes (each below 2^31).
 * Output:  First or Second.
 *
 * Method: sg_table_build gives the values of heaps below 64 (a split into three is a sum of
 * three games: sg_move_to_sum), sg_table_pattern the pattern they show, G(n + 8) = G(n) + 8 from
 * n = 1 on. The pattern is observed, not proven by the library; it is this game's known
 * solution, and the program vouches for it by reading values with sg_period_value_observed.
 */
#include <sg.h>

#include <ctype.h>
#include <stdio.h>

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

/* The options of a heap of x candies. */
static int split3_rule(void *user, uint64_t x, sg_moves_t *out)
{
    uint64_t a, b, parts[3];
    (void)user;
    for (a = 1; a <= x; a++) sg_move_to(out, x - a);        /* take a candies */
    for (a = 1; 3 * a <= x; a++)                            /* split into a <= b <= x - a - b */
        for (b = a; a + 2 * b <= x; b++) {
            parts[0] = a;
            parts[1] = b;
            parts[2] = x - a - b;
            sg_move_to_sum(out, parts, 3);
        }
    return 0;
}

int main(void)
{
    sg_value_t g[64], v, x = 0;
    sg_period_t p;
    uint64_t k, i, h, extra;

    if (sg_table_build(g, 64, split3_rule, NULL) != SG_OK || sg_table_pattern(g, 64, &p) != SG_OK ||
        p.period == 0) {
        fprintf(stderr, "split3: no pattern\n");
        return 1;
    }
    if (read_u64(&k) != 1 || k < 1 || k > 1000000) {
        fprintf(stderr, "split3: bad input: expected k in [1, 10^6]\n");
        return 1;
    }
    for (i = 0; i < k; i++) {
        if (read_u64(&h) != 1 || h >= (uint64_t)1 << 31) {
            fprintf(stderr, "split3: bad input: expected %llu heap sizes below 2^31\n",
                    (unsigned long long)k);
            return 1;
        }
        if (sg_period_value_observed(g, 64, &p, h, &v) != SG_OK) return 1;
        x ^= v;
    }
    if (read_u64(&extra) != 0) {
        fprintf(stderr, "split3: bad input: more than %llu heap sizes\n", (unsigned long long)k);
        return 1;
    }
    puts(x ? "First" : "Second");
    return 0;
}
