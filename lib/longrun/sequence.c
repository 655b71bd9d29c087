#include "../common/sg_internal.h"
#include "../games/period/periodicity.h"
#include "longrun.h"

#include <stdlib.h>

/* The long-run driver: a sequence is a family (its game and engine, behind sg__family_t) and a
 * value store. A run asks the family for values a stretch at a time, with progress and
 * cancellation between stretches, and copies whole periods once the family has proven one.
 * It names no game. */

#define SG__SEQ_PROGRESS ((uint64_t)1 << 14)   /* values between progress reports */

int sg__sequence_new(sg_sequence_t **seq, const sg__family_t *family, void *state, int made)
{
    sg_sequence_t *s;
    if (seq != NULL) *seq = NULL;
    if (seq == NULL || made != SG_OK) {
        family->free(state);
        return seq == NULL ? SG_EINVAL : made;
    }
    if ((s = (sg_sequence_t *)calloc(1, sizeof *s)) == NULL) {
        family->free(state);
        return SG_ENOMEM;
    }
    s->family = family;
    s->state = state;
    sg__values_init(&s->values);
    if (family->moved != NULL) {
        s->values.moved = family->moved;
        s->values.user = state;
    }
    *seq = s;
    return SG_OK;
}

void sg_sequence_free(sg_sequence_t *seq)
{
    if (seq == NULL) return;
    seq->family->free(seq->state);
    sg__values_release(&seq->values);
    free(seq);
}

uint64_t sg_sequence_count(const sg_sequence_t *seq) { return seq ? seq->values.count : 0; }

unsigned sg_sequence_width(const sg_sequence_t *seq) { return seq ? seq->values.width : 0; }

int sg_sequence_game(const sg_sequence_t *seq, char *buf, size_t size)
{
    if (seq == NULL || (buf == NULL && size > 0)) return SG_EINVAL;
    if (size == 0) return SG_ERANGE;
    return seq->family->code(seq->state, buf, size);
}

int sg_sequence_set_threads(sg_sequence_t *seq, unsigned threads)
{
    if (seq == NULL || threads == 0) return SG_EINVAL;
    return seq->family->threads(seq->state, threads);
}

int sg_sequence_extend(sg_sequence_t *seq, uint64_t count, sg_progress_fn progress, void *user)
{
    const sg__family_t *F;
    sg__values_t *v;
    uint64_t start, upto, pre, per;
    int st;
    if (seq == NULL) return SG_EINVAL;
    F = seq->family;
    v = &seq->values;
    if (count <= v->count) return SG_OK;
    if ((st = sg__values_reserve(v, count)) != SG_OK) return st;
    if ((st = F->begin(seq->state, v, count)) != SG_OK) return st;
    for (start = v->count; v->count < count;) {
        if (progress != NULL && v->count > start && progress(user, v->count, count)) {
            st = SG_ESTOP;
            break;
        }
        /* to the next multiple of SG__SEQ_PROGRESS */
        upto = (v->count / SG__SEQ_PROGRESS + 1) * SG__SEQ_PROGRESS;
        if (upto > count) upto = count;
        if (F->period(seq->state, &pre, &per)) {   /* the values are held: the width stays */
            sg__period_copy(sg__values_data(v), v->width, pre, per, v->count, upto);
            v->count = upto;
        } else if ((st = F->next(seq->state, v, upto)) != SG_OK) {
            break;
        }
    }
    F->end(seq->state);
    if (st == SG_OK && progress != NULL && progress(user, v->count, count)) st = SG_ESTOP;
    return st;
}

int sg_sequence_read(const sg_sequence_t *seq, uint64_t from, sg_value_t *out, uint64_t count)
{
    uint64_t i;
    if (seq == NULL || (out == NULL && count != 0)) return SG_EINVAL;
    if (from > seq->values.count || count > seq->values.count - from) return SG_ERANGE;
    if (count > 0 && from < seq->values.base && from + count > seq->values.pre) return SG_EWINDOW;
    for (i = 0; i < count; i++) out[i] = sg__values_at(&seq->values, from + i);
    return SG_OK;
}
