/* Values from the definitions, written plainly for the tests to compare the library with. */
#ifndef SG_TESTS_BRUTE_H
#define SG_TESTS_BRUTE_H

#include <stdint.h>
#include <string.h>

#include "sg.h"

/* Grundy's game: a move splits one heap into two non-empty heaps of different sizes, so
 * G(n) = mex { G(a) ^ G(n - a) : 1 <= a < n - a } (values stay below 1024 far past the tests'
 * sizes). */
static inline void brute_grundy_game(sg_value_t *g, uint64_t count)
{
    static unsigned char seen[1024];
    uint64_t n, a;
    sg_value_t v;
    for (n = 0; n < count; n++) {
        memset(seen, 0, sizeof seen);
        for (a = 1; 2 * a < n; a++) seen[g[a] ^ g[n - a]] = 1;
        for (v = 0; seen[v]; v++)
            ;
        g[n] = v;
    }
}

#endif
