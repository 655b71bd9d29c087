/* The plain kernel of take-and-break games, straight from the definition: G(n) is the mex of
 * the values of every move, a move that leaves several heaps being worth the XOR of theirs. It
 * shares nothing with the library's engines, so a certificate checked with it stands on its
 * own. Digit d_i: bit 1 takes a whole heap of exactly i; bit 2 takes i and leaves one non-empty
 * heap; bit 4 leaves two, bit 8 three (d0 = 4: split a heap in two without taking). */
#include "certificate.h"

#include <stdlib.h>
#include <string.h>

/* Room for every XOR of values up to the largest so far (a power of two above it). */
static int plain_room(cert_plain_t *s, sg_value_t maxv)
{
    size_t cap = s->cap ? s->cap : 256;
    unsigned char *p;
    while (cap <= maxv) {
        if (cap > SIZE_MAX / 2) return -1;
        cap *= 2;
    }
    if (cap == s->cap) return 0;
    if ((p = (unsigned char *)realloc(s->stamp, cap)) == NULL) return -1;
    memset(p + s->cap, 0, cap - s->cap);
    s->stamp = p;
    s->cap = cap;
    return 0;
}

/* Marks G(a) ^ G(m - a) for 1 <= a <= m / 2: the splits of m into two non-empty heaps. */
static void plain_splits(const sg_value_t *G, uint64_t m, unsigned char *st, unsigned char mark)
{
    const sg_value_t *x = G + 1, *y = G + m - 1;
    uint64_t a, k = m / 2;
    for (a = 0; a < k; a++) st[x[a] ^ *(y - a)] = mark;
}

sg_value_t cert_plain_value(const cert_game_t *g, const sg_value_t *G, uint64_t n,
                            cert_plain_t *s, int *ok)
{
    uint64_t i, m, a, b;
    unsigned char *st, mark;
    sg_value_t v;
    *ok = 1;
    if (n < s->seen) {   /* another sequence: look at its values again */
        s->seen = 0;
        s->maxv = 0;
    }
    for (; s->seen < n; s->seen++)
        if (G[s->seen] > s->maxv) s->maxv = G[s->seen];
    if (plain_room(s, s->maxv) != 0) {
        *ok = 0;
        return 0;
    }
    if (++s->epoch == 0) {   /* a fresh mark for each position; old ones cleared on wrap */
        memset(s->stamp, 0, s->cap);
        s->epoch = 1;
    }
    st = s->stamp;
    mark = s->epoch;
    for (i = 0; i <= g->t && i <= n; i++) {
        unsigned d = g->d[i];
        m = n - i;
        if ((d & 1) && m == 0 && i > 0) st[0] = mark;
        if ((d & 2) && m >= 1 && i > 0) st[G[m]] = mark;
        if ((d & 4) && m >= 2) plain_splits(G, m, st, mark);
        if (d & 8)
            for (a = 1; 3 * a <= m; a++)
                for (b = a; a + 2 * b <= m; b++) st[G[a] ^ G[b] ^ G[m - a - b]] = mark;
    }
    for (v = 0; v < s->cap && st[v] == mark; v++) continue;
    return v;
}

void cert_plain_free(cert_plain_t *s)
{
    free(s->stamp);
    memset(s, 0, sizeof *s);
}
