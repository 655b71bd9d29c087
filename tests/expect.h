/* What the programs built on a header alone (tests/contest/main.c, tests/single/main.c) share:
 * a check that counts its failures, and the plain mex their brute forces build values with.
 * Valid C99 and C++ with every warning an error. */
#ifndef EXPECT_H
#define EXPECT_H

#include <stdio.h>

static int failures;

#define EXPECT(cond)                                                                           \
    do {                                                                                       \
        if (!(cond)) {                                                                         \
            fprintf(stderr, "%s:%d: failed: %s\n", __FILE__, __LINE__, #cond);                 \
            failures++;                                                                        \
        }                                                                                      \
    } while (0)

/* the least value not among vals[0..k), the plain way */
static unsigned brute_mex(const unsigned *vals, int k)
{
    unsigned m = 0;
    int i, again = 1;
    while (again) {
        again = 0;
        for (i = 0; i < k; i++)
            if (vals[i] == m) {
                m++;
                again = 1;
            }
    }
    return m;
}

#endif
