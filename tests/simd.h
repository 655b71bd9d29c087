/*
 * The vector paths a test program runs: those the library compiled in (lib/common/cpu.h, the
 * same flags as the tests) that this processor has. test_simd_report prints them on one line,
 * "simd: mex avx2, octal avx512bw, grundy-game avx2" (or "portable"), before the tally, so that
 * a run on a processor without AVX-512BW, or a build with SG_NO_SIMD, says which paths did not
 * run; tests/check.sh shows the line.
 */
#ifndef SG_TEST_SIMD_H
#define SG_TEST_SIMD_H

#include <stdio.h>

#include "../lib/common/cpu.h"

#define TEST_SIMD_MEX 1u          /* sg_mex: AVX2 */
#define TEST_SIMD_OCTAL 2u        /* the take-and-break engines: AVX-512BW, AVX2, SSSE3, SSE2 */
#define TEST_SIMD_GRUNDY_GAME 4u  /* Grundy's game's split search: AVX2, else SSE2 */

static inline void test_simd_report(unsigned engines)
{
    unsigned f = sg__cpu_features();
    const char *sep = " ";
    printf("simd:");
    if (engines & TEST_SIMD_MEX) {
        printf("%smex %s", sep, (f & SG__CPU_HAS_AVX2) ? "avx2" : "portable");
        sep = ", ";
    }
    if (engines & TEST_SIMD_OCTAL) {
        printf("%soctal %s", sep, (f & SG__CPU_HAS_AVX512BW) ? "avx512bw"
                                  : (f & SG__CPU_HAS_AVX2)   ? "avx2"
                                  : (f & SG__CPU_HAS_SSSE3)  ? "ssse3"
                                  : (f & SG__CPU_HAS_SSE2) && SG__CPU_X86_64 ? "sse2"
                                                                             : "portable");
        sep = ", ";
    }
    if (engines & TEST_SIMD_GRUNDY_GAME)
        printf("%sgrundy-game %s", sep, (f & SG__CPU_HAS_AVX2)   ? "avx2"
                                        : (f & SG__CPU_HAS_SSE2) ? "sse2"
                                                                 : "portable");
    printf("\n");
}

#endif /* SG_TEST_SIMD_H */
