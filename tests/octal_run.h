/* The value engine of take-and-break games (sg__octal_run_t of lib/games/octal/take_break.h)
 * driven as a long run drives it, in uneven chunks, and what it gave compared with values
 * computed in the test (test_octal_sparse.c, test_threads_octal.c). */
#ifndef TEST_OCTAL_RUN_H
#define TEST_OCTAL_RUN_H

#include <stdio.h>

#include "../lib/games/octal/take_break.h"

/* G(0 .. count-1) into g, each chunk half as long again as the one before and 777 more; the
 * first status that is not SG_OK */
static inline int octal_run_chunks(sg__octal_run_t *run, sg_value_t *g, uint64_t count)
{
    uint64_t upto = 0;
    int st = SG_OK;
    while (st == SG_OK && upto < count) {
        upto = upto * 3 / 2 + 777;
        if (upto > count) upto = count;
        st = sg__octal_run(run, g, upto);
    }
    return st;
}

/* 1 when got[0 .. count-1] is want[0 .. count-1]; else 0, the first difference on stderr */
static inline int octal_same(const char *code, const char *how, const sg_value_t *got,
                             const sg_value_t *want, uint64_t count)
{
    uint64_t n;
    for (n = 0; n < count; n++)
        if (got[n] != want[n]) {
            fprintf(stderr, "%s (%s): G(%llu) = %u, not %u\n", code, how, (unsigned long long)n,
                    (unsigned)got[n], (unsigned)want[n]);
            return 0;
        }
    return 1;
}

#endif /* TEST_OCTAL_RUN_H */
