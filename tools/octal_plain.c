/* The plain kernel of take-and-break games, straight from the definition: G(n) is the mex of
 * the values of every move, a move that leaves several heaps being worth the XOR of theirs. It
 * shares nothing with the library's engines, so a certificate checked with it stands on its
 * own. Digit d_i: bit 1 takes a whole heap of exactly i; bit 2 takes i and leaves one non-empty
 * heap; bit 4 leaves two, bit 8 three (d0 = 4: split a heap in two without taking). */
#include "certificate.h"

#include <stdlib.h>
#include <string.h>

/* Room for every XOR of values below the largest so far (a power of two above it). */
static int plain_room(cert_plain_t *s, sg_value_t maxv)
{
    size_t cap = s->cap ? s->cap : 64;
    uint64_t *p;
    while (cap <= maxv) {
        if (cap > SIZE_MAX / 2 / sizeof *p) return -1;
        cap *= 2;
    }
    if (cap == s->cap) return 0;
    if ((p = (uint64_t *)realloc(s->stamp, cap * sizeof *p)) == NULL) return -1;
    memset(p + s->cap, 0, (cap - s->cap) * sizeof *p);
    s->stamp = p;
    s->cap = cap;
    return 0;
}

sg_value_t cert_plain_value(const cert_game_t *g, const sg_value_t *G, uint64_t n,
                            cert_plain_t *s, int *ok)
{
    uint64_t mark = n + 1, i, m, a, b;
    uint64_t *st;
    sg_value_t v;
    *ok = 1;
    if (n < s->seen) {   /* another sequence: stale marks out, look again */
        if (s->stamp) memset(s->stamp, 0, s->cap * sizeof *s->stamp);
        s->seen = 0;
        s->maxv = 0;
    }
    for (; s->seen < n; s->seen++)
        if (G[s->seen] > s->maxv) s->maxv = G[s->seen];
    if (plain_room(s, s->maxv) != 0) {
        *ok = 0;
        return 0;
    }
    st = s->stamp;
    for (i = 0; i <= g->t && i <= n; i++) {
        unsigned d = g->d[i];
        m = n - i;
        if ((d & 1) && m == 0 && i > 0) st[0] = mark;
        if ((d & 2) && m >= 1 && i > 0) st[G[m]] = mark;
        if (d & 4)
            for (a = 1; 2 * a <= m; a++) st[G[a] ^ G[m - a]] = mark;
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
