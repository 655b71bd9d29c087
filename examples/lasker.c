/*
 * Take or split (Lasker's Nim, HDU 3032 "Nim or not Nim?").
 *
 * There are k heaps of stones. A move either takes any positive number of stones from one heap,
 * or splits one heap into two non-empty heaps. The player who cannot move loses; Alice moves
 * first. Who wins?
 *
 * Input:   k (1 <= k <= 10^6), then k heap sizes (each below 2^31).
 * Output:  Alice or Bob.
 *
 * Method: a split leads to a sum of two games, whose value is the XOR of the parts' values. The
 * rule reports takes with sg_move_to and splits with sg_move_to_sum; sg_table_build gives the
 * values of heaps below 64, sg_table_pattern the pattern they show: G(n + 4) = G(n) + 4 from
 * n = 1 on (arithmetic periodicity). That pattern is observed over those 64 values, not proven
 * by the library: it is the known solution of this game (Winning Ways, ch. 4), and the program
 * vouches for it by reading values off it with sg_period_value_observed.
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
    sg_value_t g[64], v, x = 0;
    sg_period_t p;
    uint64_t k, i, h, extra;

    if (sg_table_build(g, 64, lasker_rule, NULL) != SG_OK || sg_table_pattern(g, 64, &p) != SG_OK ||
        p.period == 0) {
        fprintf(stderr, "lasker: no pattern\n");
        return 1;
    }
    if (read_u64(&k) != 1 || k < 1 || k > 1000000) {
        fprintf(stderr, "lasker: bad input: expected k in [1, 10^6]\n");
        return 1;
    }
    for (i = 0; i < k; i++) {
        if (read_u64(&h) != 1 || h >= (uint64_t)1 << 31) {
            fprintf(stderr, "lasker: bad input: expected %llu heap sizes below 2^31\n",
                    (unsigned long long)k);
            return 1;
        }
        if (sg_period_value_observed(g, 64, &p, h, &v) != SG_OK) return 1;
        x ^= v;
    }
    if (read_u64(&extra) != 0) {
        fprintf(stderr, "lasker: bad input: more than %llu heap sizes\n", (unsigned long long)k);
        return 1;
    }
    puts(x ? "Alice" : "Bob");
    return 0;
}
