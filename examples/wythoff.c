/*
 * Wythoff's queens.
 *
 * Queens stand on the squares of a board that goes on forever up and to the right; square
 * (0, 0) is the corner. A move takes one queen and moves it any positive number of squares
 * left, down, or diagonally left-and-down (x and y both decrease by the same amount), staying
 * on the board. Any number of queens may share a square. The player who cannot move loses.
 * Which player wins?
 *
 * Input:   T (1 <= T <= 1000), then T games, each: k (1 <= k <= 100), then k squares "x y"
 *          (0 <= x, y <= 300).
 * Output:  one line per game: "First" when the player to move wins, else "Second".
 *
 * Method: one queen is Wythoff's game; several queens are a sum, decided by the XOR of the
 * queens' Grundy values. sg_wythoff_table gives the values of every square up to 300 x 300
 * once. (For one queen alone, sg_wythoff_winning_move answers at once for coordinates up to
 * 2^63, with a winning move; the values of a sum have no such formula.)
 */
#include <sg.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_COORD 300

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
        fprintf(stderr, "wythoff: bad input: expected %s in [%llu, %llu]\n", what,
                (unsigned long long)lo, (unsigned long long)hi);
        exit(1);
    }
    return v;
}

int main(void)
{
    static sg_value_t value[(MAX_COORD + 1) * (MAX_COORD + 1)];
    uint64_t games, g, k, i, x, y;
    int st = sg_wythoff_table(value, MAX_COORD + 1, MAX_COORD + 1);

    if (st != SG_OK) {
        fprintf(stderr, "wythoff: %s\n", sg_strerror(st));
        return 1;
    }
    games = read_in(1, 1000, "the number of games T");
    for (g = 0; g < games; g++) {
        sg_value_t sum = 0;
        k = read_in(1, 100, "the number of queens k");
        for (i = 0; i < k; i++) {
            x = read_in(0, MAX_COORD, "a coordinate");
            y = read_in(0, MAX_COORD, "a coordinate");
            sum ^= value[x * (MAX_COORD + 1) + y];
        }
        printf("%s\n", sum != 0 ? "First" : "Second");
    }
    return 0;
}
