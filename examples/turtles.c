/*
 * Mock Turtles (HDU 3537 "Daizhenyang's Coin").
 *
 * A row of coins, places 0, 1, 2, ...; k of them show heads. A move turns over one, two or three
 * coins, the rightmost of them from heads to tails. The player who cannot move loses. Does the
 * first player win?
 *
 * Input:   k (1 <= k <= 10^5), then the k places of the heads (each below 2^62; a place given
 *          twice is one coin turned twice: tails).
 * Output:  First or Second.
 *
 * Method: a position is worth the XOR of its heads' values (coin-turning games are sums of
 * single heads), and a head at place n of Mock Turtles is worth the n-th odious number
 * (sg_coin_value). A place given twice cancels in the XOR by itself.
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

int main(void)
{
    uint64_t k, i, n, v, x = 0, extra;
    if (read_u64(&k) != 1 || k < 1 || k > 100000) {
        fprintf(stderr, "turtles: bad input: expected k in [1, 10^5]\n");
        return 1;
    }
    for (i = 0; i < k; i++) {
        if (read_u64(&n) != 1 || n >= (uint64_t)1 << 62) {
            fprintf(stderr, "turtles: bad input: expected %llu places below 2^62\n",
                    (unsigned long long)k);
            return 1;
        }
        if (sg_coin_value(SG_COIN_MOCK_TURTLES, n, &v) != SG_OK) return 1;
        x ^= v;
    }
    if (read_u64(&extra) != 0) {
        fprintf(stderr, "turtles: bad input: more than %llu places\n", (unsigned long long)k);
        return 1;
    }
    puts(x ? "First" : "Second");
    return 0;
}
