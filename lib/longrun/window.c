#include "../common/sg_internal.h"
#include "longrun.h"

/* Windowed long runs: what a sequence is asked to keep, and what it holds. The family decides
 * when the window starts (family_grundy_game.c, family_octal.c); the store drops values from
 * then on (values.c). */

/* The automatic window (SG_SEQUENCE_WINDOW_AUTO), for every family: looked at each time the
 * count reaches a power of two `at` from SG__WINDOW_AUTO_FIRST on, it starts there, with
 * size at / 2, once every rare position so far is in that prefix (rare_end, the last one plus
 * one, at most at / 2). A run shorter than 2^27 values is never windowed, so it loses nothing
 * (no search is cut short, no value can be out of reach). A rare position past the prefix stops
 * a windowed run, and there is no telling where the next one comes; what the rule can ask is
 * that every rare position so far be held, and it gets, with that, a quiet stretch behind: no
 * new rare position in the second half of the run. The window is as large as that allows
 * (half the values): memory is then halved at each power of two past the start, rather than
 * spent on a prefix that hugs the last rare position. (Grundy's game: rare positions up to
 * 48399022, so a window of 2^26 from 2^27 on.) */
int sg__window_auto(uint64_t at, uint64_t rare_end, uint64_t *size)
{
    if (at < SG__WINDOW_AUTO_FIRST || (at & (at - 1)) != 0 || rare_end > at / 2) return 0;
    *size = at / 2;
    return 1;
}

int sg_sequence_set_window(sg_sequence_t *seq, uint64_t size)
{
    if (seq == NULL || seq->family->window == NULL) return SG_EINVAL;
    return seq->family->window(seq->state, &seq->values, size);
}

int sg_sequence_held(const sg_sequence_t *seq, uint64_t *prefix, uint64_t *from)
{
    if (seq == NULL || prefix == NULL || from == NULL) return SG_EINVAL;
    *prefix = seq->values.pre;
    *from = seq->values.base;
    return SG_OK;
}
