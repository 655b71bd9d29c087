/*
 * Nim: how many winning first moves?
 *
 * n heaps of k_1..k_n stones; a move takes any positive number of stones from one heap; the
 * player who cannot move loses. How many different first moves win (leave a position the
 * opponent loses)? Two moves differ when they change a different heap or leave a different
 * number of stones.
 *
 * Input:   several games, each: n (1 <= n <= 1000), then k_1..k_n (0 <= k_i < 2^63);
 *          a line with n = 0 (or the end of input) ends the list.
 * Output:  one line per game: the number of winning moves (0 when the first player loses).
 *
 * Method (Bouton's theorem): the player to move loses exactly when the XOR x of the heaps is 0.
 * A winning move must make it 0, so heap i must go to k_i ^ x; that is a move only when
 * k_i ^ x < k_i, i.e. when k_i has a 1 at x's highest bit. nim_winning_moves counts them.
 */
#include <sg.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_HEAPS 1000

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

static void bad_input(const char *what)
{
    fprintf(stderr, "nim_count: bad input: expected %s\n", what);
    exit(1);
}

int main(void)
{
    uint64_t heaps[MAX_HEAPS], n;
    size_t i, total;
    int r;

    while ((r = read_u64(&n)) == 1 && n != 0) {
        if (n > MAX_HEAPS) bad_input("n in [0, 1000]");
        for (i = 0; i < n; i++)
            if (read_u64(&heaps[i]) != 1 || heaps[i] >> 63) bad_input("a heap size below 2^63");
        /* cap 0: we only want the count, not the moves themselves */
        if (nim_winning_moves(heaps, (size_t)n, NULL, 0, &total) < 0) bad_input("valid heaps");
        printf("%zu\n", total);
    }
    if (r < 0) bad_input("a number n");
    return 0;
}
