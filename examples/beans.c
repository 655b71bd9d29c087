/*
 * The bean-splitting game.
 *
 * n bottles in a row, numbered 0..n-1, bottle i holding p_i beans. A move takes one bean out of
 * a bottle i and puts one bean into bottle j and one into bottle k, where i < j <= k < n (j = k
 * puts both beans into the same bottle). The player who cannot move loses. For each game,
 * print the lexicographically smallest winning first move "i j k" (or "-1 -1 -1" when the
 * first player loses) and, on the next line, how many winning first moves (i, j, k) there are.
 *
 * Input:   T, then T games, each: n, then p_0 .. p_{n-1}
 *          (1 <= T <= 1000, 1 <= n <= 21, 0 <= p_i <= 10000).
 * Output:  two lines per game, as above.
 *
 * Method: the beans move independently, so the game is a sum of one-bean games, and a bean
 * only cares how far it is from the last bottle: a bean at distance d (d = n - 1 - i) turns
 * into two beans at distances e >= f, both smaller than d. Its value is
 *     G(d) = mex { G(e) ^ G(f) : d > e >= f >= 0 }
 * (a split into two beans is a sum: sg_move_to_sum). Two beans in one bottle have equal values
 * and cancel in the XOR, so only the parity of p_i matters. A move (i, j, k) changes the XOR x
 * into x ^ G(i) ^ G(j) ^ G(k) (one bean leaves i, one arrives in j and in k, writing G(i) for
 * the value of a bean in bottle i); it wins when that is 0 - and it needs a bean in bottle i.
 */
#include <sg.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_N 21

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
static unsigned read_in(unsigned lo, unsigned hi, const char *what)
{
    uint64_t v;
    if (read_u64(&v) != 1 || v < lo || v > hi) {
        fprintf(stderr, "beans: bad input: expected %s in [%u, %u]\n", what, lo, hi);
        exit(1);
    }
    return (unsigned)v;
}

/* The options of one bean at distance d from the last bottle: two beans at e >= f, e < d. */
static int bean_rule(void *user, uint64_t d, sg_moves_t *out)
{
    uint64_t parts[2];
    (void)user;
    for (parts[0] = 0; parts[0] < d; parts[0]++)
        for (parts[1] = 0; parts[1] <= parts[0]; parts[1]++) sg_move_to_sum(out, parts, 2);
    return 0;
}

int main(void)
{
    sg_value_t dist[MAX_N], g[MAX_N];
    unsigned t, games, n, i, j, k, p, count, first[3] = {0, 0, 0};
    int st;

    /* values for every distance once: a game of n bottles uses distances 0..n-1 */
    st = sg_table_build(dist, MAX_N, bean_rule, NULL);
    if (st != SG_OK) {
        fprintf(stderr, "beans: %s\n", sg_strerror(st));
        return 1;
    }
    games = read_in(1, 1000, "the number of games T");
    for (t = 0; t < games; t++) {
        sg_value_t x = 0;
        unsigned char has[MAX_N];
        n = read_in(1, MAX_N, "the number of bottles n");
        for (i = 0; i < n; i++) {
            g[i] = dist[n - 1 - i];
            p = read_in(0, 10000, "a bean count");
            has[i] = p > 0;
            if (p % 2 == 1) x ^= g[i];
        }
        count = 0;
        for (i = 0; i < n; i++) {
            if (!has[i]) continue;
            for (j = i + 1; j < n; j++) {
                for (k = j; k < n; k++) {
                    if ((x ^ g[i] ^ g[j] ^ g[k]) != 0) continue;
                    if (count++ == 0) {
                        first[0] = i;
                        first[1] = j;
                        first[2] = k;
                    }
                }
            }
        }
        if (count == 0) printf("-1 -1 -1\n0\n");
        else printf("%u %u %u\n%u\n", first[0], first[1], first[2], count);
    }
    return 0;
}
