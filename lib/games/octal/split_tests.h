/*
 * The candidate path of the value engine (octal.c) as the engine sees it: G(n) found by testing
 * x = 0, 1, 2, ... over the splits m = a + (m - a) on the typed copies (octal_kernels.c, which
 * holds the split tests of every instruction set and picks one at run time), and the way those
 * tests read the partner G(m - a), which decides whether the copies keep a reversed one.
 */
#ifndef SG_SPLIT_TESTS_H
#define SG_SPLIT_TESTS_H

#include "../../common/sg_internal.h"
#include "take_break.h"
#include "octal_back.h"

/* The tests read G(m - a) backwards from the forward copy, and the copies keep no reversed one,
 * wherever the partners are put in order in a register (octal_back.h, every x86-64 processor)
 * or the compiler makes the plain loops read backwards vector code (AArch64, take_break.h). */
#if defined(SG__OCTAL_BACK_X86) || defined(SG__OCTAL_PLAIN_BACK)
#  define SG__OCTAL_BACK 1
#  define SG__OCTAL_FROM_R 0   /* run->back: from the reversed copy */
#  define SG__OCTAL_KEEPS_R(run) ((run)->back == SG__OCTAL_FROM_R)
/* The way this processor takes (run->back, never SG__OCTAL_FROM_R): asked once a run. */
SG__PRIVATE int sg__octal_back_way(void);
#else
#  define SG__OCTAL_KEEPS_R(run) 1
#endif

/* G(n) on the candidate paths, from the copies of the width in use (run->bytes: one byte,
 * run->wide: two), which hold G(0 .. n - 1) with room for G(n), and run->set and run->seen
 * of that width: 1 with *value, or 2 when the option set had to be built (the tests cost more
 * than two passes over the splits; `direct`: build it at once); 0 when the mex does not fit
 * the width (the caller switches paths). G: the owner's four-byte values, for that build
 * (NULL when the owner keeps none: the copies are read). */
SG__PRIVATE int sg__octal_value_test(sg__octal_run_t *run, const sg_value_t *G, uint64_t n,
                                     int direct, sg_value_t *value);

#endif /* SG_SPLIT_TESTS_H */
