#include "../common/sg_internal.h"
#include "longrun.h"

/* Windowed long runs: what a sequence is asked to keep, and what it holds. The family decides
 * when the window starts (family_grundy_game.c says how); the store drops values from then on
 * (values.c). */

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
