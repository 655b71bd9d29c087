/*
 * Misere Kayles: rows of bowling pins; a move knocks down one pin or two adjacent pins of one
 * row; whoever knocks down the LAST pin loses.
 *
 * Input:   T, then T cases: k (1..4), then k row lengths (0..24; 1 to 24 pins in all).
 * Output:  per case, "LOSE" when the player to move loses whatever they do, or
 *          "WIN i a b": the first winning move, knocking down pins a..b (b = a or a + 1,
 *          numbered from 1) of row i (from 1), moves ordered by row, then a, then b.
 *
 * Method: rows are heaps of the octal game 0.77 (take 1 or 2 tokens, leaving 0, 1 or 2 heaps).
 * In misere play the outcome of a sum is not the XOR of normal values, and Kayles is not tame
 * (a row of 5 has genus 4^{146}), so each position is decided by an exact search over the sum
 * (sg_misere_octal_outcome): a move wins when it leaves a position the opponent loses.
 */
#include <sg.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_ROWS 4
#define MAX_PINS 24

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
    fprintf(stderr, "misere_kayles: bad input: %s\n", what);
    exit(1);
}

static void fail(int st)
{
    fprintf(stderr, "misere_kayles: %s\n", sg_strerror(st));
    exit(1);
}

int main(void)
{
    sg_octal_t *kayles = NULL;
    sg_misere_octal_t *m = NULL;
    uint64_t t, cases, k, i, rows[MAX_ROWS], next[MAX_ROWS + 1], total;
    int st;

    if ((st = sg_octal_parse("0.77", &kayles)) != SG_OK) fail(st);
    if ((st = sg_misere_octal_create(&m, kayles, (size_t)1 << 28, NULL)) != SG_OK) fail(st);
    if (read_u64(&cases) != 1 || cases > 1000) bad_input("T in [0, 1000]");
    for (t = 0; t < cases; t++) {
        int win = 0, found = 0;
        if (read_u64(&k) != 1 || k < 1 || k > MAX_ROWS) bad_input("k in [1, 4]");
        for (i = 0, total = 0; i < k; i++) {
            if (read_u64(&rows[i]) != 1 || rows[i] > MAX_PINS) bad_input("a row of 0..24 pins");
            total += rows[i];
        }
        if (total < 1 || total > MAX_PINS) bad_input("1 to 24 pins in all");
        if ((st = sg_misere_octal_outcome(m, rows, (size_t)k, &win)) != SG_OK) fail(st);
        if (!win) {
            printf("LOSE\n");
            continue;
        }
        for (i = 0; i < k && !found; i++) {
            uint64_t a, w;
            for (a = 1; a <= rows[i] && !found; a++)
                for (w = 1; w <= 2 && a + w - 1 <= rows[i] && !found; w++) {
                    uint64_t j, n = 0;
                    int after = 1;
                    for (j = 0; j < k; j++)
                        if (j != i) next[n++] = rows[j];
                    next[n++] = a - 1;                  /* pins left of the gap */
                    next[n++] = rows[i] - (a + w - 1);  /* and right of it */
                    if ((st = sg_misere_octal_outcome(m, next, (size_t)n, &after)) != SG_OK)
                        fail(st);
                    if (!after) {
                        printf("WIN %llu %llu %llu\n", (unsigned long long)(i + 1),
                               (unsigned long long)a, (unsigned long long)(a + w - 1));
                        found = 1;
                    }
                }
        }
        if (!found) fail(SG_EINVAL);   /* an N-position has a move to a P-position */
    }
    sg_misere_octal_free(m);
    sg_octal_free(kayles);
    return 0;
}
