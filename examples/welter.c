/*
 * Welter's game: coins on a strip.
 *
 * Coins lie on the places 0, 1, 2, ... of a strip, at most one a place. A move takes one coin
 * to any lower free place, jumping over others if it likes. The player who cannot move loses.
 * Does the player to move win, and how?
 *
 * Input:   n (1 <= n <= 1000), then the n distinct places (each below 2^63).
 * Output:  "Second" when the player to move loses; else "First A B": moving the coin at A to
 *          the free place B wins.
 *
 * Method: the value is Welter's function (Winning Ways, ch. 15), in Sato's closed form, and
 * the winning move is built bit by bit: sg_welter_value, sg_welter_winning_move.
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
    fprintf(stderr, "welter: bad input: %s\n", what);
    exit(1);
}

int main(void)
{
    uint64_t n, i, coins[1000], to, extra;
    size_t coin;
    int r;
    if (read_u64(&n) != 1 || n < 1 || n > 1000) bad("expected n in [1, 1000]");
    for (i = 0; i < n; i++)
        if (read_u64(&coins[i]) != 1 || coins[i] >= SG_CLOSED_MAX)
            bad("expected a place below 2^63");
    if (read_u64(&extra) != 0) bad("more than n places");
    r = sg_welter_winning_move(coins, (size_t)n, &coin, &to);
    if (r < 0) bad(r == SG_EINVAL ? "two coins at one place" : sg_strerror(r));
    if (r == 0)
        printf("Second\n");
    else
        printf("First %llu %llu\n", (unsigned long long)coins[coin], (unsigned long long)to);
    return 0;
}
