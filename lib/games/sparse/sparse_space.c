#include "../../common/sg_internal.h"

#include <stdlib.h>

/* What the two sparse-space engines (grundy_game.c, octal_sparse.c) share: the class of every
 * value under a mask, and the Walsh-Hadamard transform that picks the mask. */

void sg__sparse_parity(unsigned char *par, uint64_t count, uint64_t mask)
{
    uint64_t v;
    for (v = 0; v < count; v++) {
        uint64_t x = v & mask;
        unsigned p = 0;
        while (x) {
            p ^= 1u;
            x &= x - 1;
        }
        par[v] = (unsigned char)p;
    }
}

void sg__sparse_wht(int64_t *w, size_t len)
{
    size_t h, i, j;
    for (h = 1; h < len; h *= 2)
        for (i = 0; i < len; i += 2 * h)
            for (j = i; j < i + h; j++) {
                int64_t a = w[j], b = w[j + h];
                w[j] = a + b;
                w[j + h] = a - b;
            }
}

void *sg__sparse_grow(void *p, size_t old, size_t bytes)
{
    unsigned char *q = (unsigned char *)realloc(p, bytes);
    if (q != NULL) memset(q + old, 0, bytes - old);
    return q;
}
