/*
 * Wythoff's game on two heaps of up to 10^18 tokens (POJ 1067).
 *
 * A move takes any positive number of tokens from one heap, or the same number from both. The
 * player who cannot move loses. Does the player to move win?
 *
 * Input:   x y (0 <= x, y <= 10^18).
 * Output:  1 when the player to move wins, 0 when they lose.
 *
 * Method: the closed form, sg_wythoff_winning_move: the P-positions are (a_k, a_k + k) with
 * a_k = floor(k phi), in exact integer arithmetic.
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
    uint64_t x, y, extra;
    int r;
    if (read_u64(&x) != 1 || read_u64(&y) != 1 || x > 1000000000000000000u ||
        y > 1000000000000000000u || read_u64(&extra) != 0) {
        fprintf(stderr, "wythoff_big: bad input: expected two heaps in [0, 10^18]\n");
        return 1;
    }
    r = sg_wythoff_winning_move(x, y, NULL, NULL);   /* the outcome only */
    if (r < 0) {
        fprintf(stderr, "wythoff_big: %s\n", sg_strerror(r));
        return 1;
    }
    printf("%d\n", r);
    return 0;
}
