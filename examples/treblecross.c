/*
 * Treblecross: noughts and crosses on a 1 x n strip, both players playing X.
 *
 * The players take turns putting an X on an empty square; the first to make three X's in a
 * row wins. Given a strip (some X's may already be there), list every first move that wins.
 *
 * Input:   T, then T strips, each a word of '.' (empty) and 'X' of length 3..200, not yet
 *          holding three X's in a row.
 * Output:  per strip, "WINNING" and on the next line the winning squares (numbered from 1,
 *          increasing, separated by spaces); or "LOSING" and an empty line.
 *
 * Method: if a square completes three in a row, those squares are the winning moves (any
 * other move leaves that chance to the opponent). Otherwise an X next to or one square away
 * from another X lets the opponent complete a row, so nobody plays there: only the "safe"
 * squares, at distance >= 3 from every X, count. An X on a safe square kills the squares
 * within distance 2 of it, and whoever has no safe square left must give a row away: that is
 * normal play. A block of L consecutive safe squares plays like a heap of L + 2 tokens in the
 * octal game 0.007 (take 3 tokens, leaving 0, 1 or 2 heaps): an X at offset p (from 0) leaves
 * blocks of max(0, p - 2) and max(0, L - 3 - p) squares, that is heaps p and L - 1 - p, which
 * is what taking 3 tokens from L + 2 leaves (heaps of 0, 1 and 2 tokens all have value 0).
 * The strip is the sum of its blocks; a safe square wins when it makes the XOR 0.
 */
#include <sg.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LEN 200

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
    fprintf(stderr, "treblecross: bad input: %s\n", what);
    exit(1);
}

/* Reads one strip into s (NUL-terminated); returns its length. */
static size_t read_strip(char *s)
{
    size_t n = 0;
    int c;
    do c = getchar(); while (c != EOF && isspace(c));
    for (; c != EOF && !isspace(c); c = getchar()) {
        if (c != '.' && c != 'X') bad_input("a strip holds only '.' and 'X'");
        if (n == MAX_LEN) bad_input("a strip is at most 200 squares long");
        s[n++] = (char)c;
    }
    s[n] = '\0';
    if (n < 3) bad_input("a strip is at least 3 squares long");
    if (strstr(s, "XXX") != NULL) bad_input("the strip already has three X's in a row");
    return n;
}

/* Would an X on square i (empty) complete three in a row? */
static int completes(const char *s, size_t n, size_t i)
{
    size_t a;
    for (a = i >= 2 ? i - 2 : 0; a <= i && a + 2 < n; a++) {
        size_t b, xs = 0;
        for (b = a; b < a + 3; b++) xs += b == i || s[b] == 'X';
        if (xs == 3) return 1;
    }
    return 0;
}

int main(void)
{
    sg_octal_t *game = NULL;
    sg_value_t g[MAX_LEN + 3];
    char s[MAX_LEN + 1];
    unsigned char safe[MAX_LEN];
    size_t n, i, j, b, nblocks, block[MAX_LEN], bstart[MAX_LEN], blen[MAX_LEN];
    size_t wins[MAX_LEN], nwins;
    uint64_t t, cases;
    int st;

    /* the values of 0.007 for heaps 0 .. MAX_LEN + 2 */
    st = sg_octal_parse("0.007", &game);
    if (st == SG_OK) st = sg_octal_table(game, g, MAX_LEN + 3);
    sg_octal_free(game);
    if (st != SG_OK) {
        fprintf(stderr, "treblecross: %s\n", sg_strerror(st));
        return 1;
    }
    if (read_u64(&cases) != 1 || cases > 10000) bad_input("T in [0, 10000]");
    for (t = 0; t < cases; t++) {
        sg_value_t x = 0;
        n = read_strip(s);
        nwins = 0;
        for (i = 0; i < n; i++)
            if (s[i] == '.' && completes(s, n, i)) wins[nwins++] = i;
        if (nwins == 0) {
            /* safe squares: empty, with no X within distance 2 */
            for (i = 0; i < n; i++) {
                safe[i] = s[i] == '.';
                for (j = i >= 2 ? i - 2 : 0; j <= i + 2 && j < n; j++)
                    if (s[j] == 'X') safe[i] = 0;
            }
            /* blocks of consecutive safe squares; block[i]: the block of safe square i */
            nblocks = 0;
            for (i = 0; i < n; i++) {
                if (!safe[i]) continue;
                if (i == 0 || !safe[i - 1]) {
                    bstart[nblocks] = i;
                    blen[nblocks++] = 0;
                }
                block[i] = nblocks - 1;
                blen[nblocks - 1]++;
            }
            for (b = 0; b < nblocks; b++) x ^= g[blen[b] + 2];
            /* an X at offset p of a block of l leaves blocks of p - 2 and l - 1 - p - 2 */
            for (i = 0; i < n; i++) {
                size_t p, l, left, right;
                if (!safe[i]) continue;
                b = block[i];
                p = i - bstart[b];
                l = blen[b];
                left = p >= 2 ? p - 2 : 0;
                right = l - 1 - p >= 2 ? l - 1 - p - 2 : 0;
                if ((x ^ g[l + 2] ^ g[left + 2] ^ g[right + 2]) == 0) wins[nwins++] = i;
            }
        }
        if (nwins == 0) {
            printf("LOSING\n\n");
            continue;
        }
        printf("WINNING\n");
        for (i = 0; i < nwins; i++) printf("%zu%c", wins[i] + 1, i + 1 == nwins ? '\n' : ' ');
    }
    return 0;
}
