/*
 * Take-away with a move set (a subtraction game on several heaps).
 *
 * There are n heaps of stones, heap i holding a_i stones. A move takes exactly b stones from
 * one heap, where b is one of the m amounts b_1..b_m (and at most what the heap holds). The
 * players alternate; the player who cannot move loses. Does the first player win, and how?
 *
 * Input:   n, then a_1..a_n, then m, then b_1..b_m
 *          (1 <= n <= 100000, 0 <= a_i <= 1000000, 1 <= m <= 100, 1 <= b_j <= 1000000).
 * Output:  "NO" when the first player loses; otherwise "YES" and, on the next line, a winning
 *          first move "i b": the smallest heap index i (from 1) that has one, and on that heap
 *          the smallest amount b.
 *
 * Method: each heap is a game of its own, so the position's value is the XOR of the heaps'
 * Sprague-Grundy values (sg_subtraction_table). A move on heap i wins when it leaves the XOR 0,
 * that is when it changes heap i's value g(a_i) into x ^ g(a_i), x being the current XOR.
 * Note that the new value may be LARGER than the old one (a heap of value 0 can have an option
 * of value 1): "the heap whose value has x's highest bit" is where a winning move surely is,
 * but not always the first heap that has one, so we try the heaps in order.
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

/* A number in [lo, hi], or the program stops with a message. */
static uint64_t read_in(uint64_t lo, uint64_t hi, const char *what)
{
    uint64_t v;
    if (read_u64(&v) != 1 || v < lo || v > hi) {
        fprintf(stderr, "take_away: bad input: expected %s in [%llu, %llu]\n", what,
                (unsigned long long)lo, (unsigned long long)hi);
        exit(1);
    }
    return v;
}

static void *xalloc(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size);
    if (p == NULL) {
        fprintf(stderr, "take_away: out of memory\n");
        exit(1);
    }
    return p;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The first winning move: heap *hi, amount index *aj. A move on heap i wins when it changes
 * the heap's value g into x ^ g (x: the current XOR), which leaves the XOR 0. */
static int first_win(const uint64_t *heaps, size_t n, const uint64_t *amounts, size_t k,
                     const sg_value_t *g, sg_value_t x, size_t *hi, size_t *aj)
{
    size_t i, j;
    for (i = 0; i < n; i++) {
        sg_value_t want = x ^ g[heaps[i]];
        for (j = 0; j < k && amounts[j] <= heaps[i]; j++) {
            if (g[heaps[i] - amounts[j]] == want) {
                *hi = i;
                *aj = j;
                return 1;
            }
        }
    }
    return 0;
}

int main(void)
{
    size_t n, m, k, i, j;
    uint64_t *heaps, *amounts, max_heap = 0;
    sg_value_t *g, x = 0;
    int st;

    n = (size_t)read_in(1, 100000, "the number of heaps n");
    heaps = (uint64_t *)xalloc(n, sizeof *heaps);
    for (i = 0; i < n; i++) {
        heaps[i] = read_in(0, 1000000, "a heap size");
        if (heaps[i] > max_heap) max_heap = heaps[i];
    }
    m = (size_t)read_in(1, 100, "the number of amounts m");
    amounts = (uint64_t *)xalloc(m, sizeof *amounts);
    for (j = 0; j < m; j++) amounts[j] = read_in(1, 1000000, "an amount");
    qsort(amounts, m, sizeof *amounts, cmp_u64);
    for (k = j = 0; j < m; j++)      /* drop repeated amounts */
        if (k == 0 || amounts[k - 1] != amounts[j]) amounts[k++] = amounts[j];

    /* SG values of every heap size that occurs: g[s] for s = 0..max_heap */
    g = (sg_value_t *)xalloc((size_t)max_heap + 1, sizeof *g);
    st = sg_subtraction_table(g, max_heap + 1, amounts, k);
    if (st != SG_OK) {
        fprintf(stderr, "take_away: %s\n", sg_strerror(st));
        return 1;
    }
    for (i = 0; i < n; i++) x ^= g[heaps[i]];
    if (x == 0) {
        printf("NO\n");        /* every move leaves a non-zero XOR: the opponent wins */
    } else if (first_win(heaps, n, amounts, k, g, x, &i, &j)) {
        printf("YES\n%zu %llu\n", i + 1, (unsigned long long)amounts[j]);
    } else {                    /* cannot happen: a non-zero XOR always has a winning move */
        fprintf(stderr, "take_away: no winning move found\n");
        return 1;
    }
    free(g);
    free(amounts);
    free(heaps);
    return 0;
}
