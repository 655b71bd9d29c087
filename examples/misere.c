/*
 * Misere Nim (HDU 1907 "John").
 *
 * k heaps of candies; a move eats any positive number of candies from one heap. The player who
 * eats the last candy LOSES. John moves first: who wins?
 *
 * Input:   k (1 <= k <= 10^6), then k heap sizes (each below 2^63).
 * Output:  John or Brother.
 *
 * Method: nim_misere_outcome (Bouton's rule for misere play: the player to move loses iff some
 * heap has more than one candy and the nim-sum is 0, or every heap has at most one and the
 * nim-sum is 1).
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
    static uint64_t h[1000000];
    uint64_t k, i, extra;
    int r;
    if (read_u64(&k) != 1 || k < 1 || k > 1000000) {
        fprintf(stderr, "misere: bad input: expected k in [1, 10^6]\n");
        return 1;
    }
    for (i = 0; i < k; i++)
        if (read_u64(&h[i]) != 1 || h[i] >= (uint64_t)1 << 63) {
            fprintf(stderr, "misere: bad input: expected %llu heap sizes below 2^63\n",
                    (unsigned long long)k);
            return 1;
        }
    if (read_u64(&extra) != 0) {
        fprintf(stderr, "misere: bad input: more than %llu heap sizes\n", (unsigned long long)k);
        return 1;
    }
    r = nim_misere_outcome(h, (size_t)k);
    if (r < 0) return 1;
    puts(r ? "John" : "Brother");
    return 0;
}
