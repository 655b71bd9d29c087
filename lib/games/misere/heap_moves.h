/* Private to the misere room: what both the exact misere solver (misere_octal.c) and the
 * quotients (quotient*.c) ask of a take-and-break game's heap. */
#ifndef SG_HEAP_MOVES_H
#define SG_HEAP_MOVES_H

#include "../../common/sg_internal.h"
#include "../octal/take_break.h"

/* Whether a heap of n tokens of game g has a move (defined in misere_octal.c). */
SG__PRIVATE int sg__mo_live(const sg_octal_t *g, uint64_t n);

#endif
