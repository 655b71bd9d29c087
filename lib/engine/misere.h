/* Private to the engine level: what misere.c (positions 0..count-1) and misere_memo.c (64-bit
 * keys) share. Both read a rule's options in the sink's record mode and walk them on a stack. */
#ifndef SG_MISERE_H
#define SG_MISERE_H

#include "../common/sg_internal.h"

/* Call the rule on x in record mode: in misere play a sum is not determined by the values of its
 * parts, so options are written down, never looked up. */
SG__INLINE int sg__misere_call(sg_moves_t *out, sg_rule_fn rule, void *user, uint64_t x)
{
    int stop;
    out->record = 1;
    out->frontier = 0;
    out->nrec = 0;
    sg__moves_reset(out, 0);
    stop = rule(user, x, out);
    out->record = 0;
    if (stop) return out->status ? out->status : SG_ESTOP;
    return out->status;
}

/* The next option in the record: the position it leads to in *to, or *empty = 1 for the empty
 * game (a sum of 0 parts); *i moves past its records. SG_EINVAL for a sum of 2 or more parts or a
 * value: misere play cannot take them. */
SG__INLINE int sg__misere_option(const sg_moves_t *out, size_t *i, uint64_t *to, int *empty)
{
    const struct sg__rec *r = out->rec + *i;
    *empty = 0;
    if (r->tag == SG__REC_TO) {
        *to = r->x;
        *i += 1;
    } else if (r->tag == SG__REC_SUM && r->x == 0) {
        *empty = 1;
        *i += 1;
    } else if (r->tag == SG__REC_SUM && r->x == 1 && *i + 1 < out->nrec) {
        *to = r[1].x;
        *i += 2;
    } else {
        return SG_EINVAL;
    }
    return SG_OK;
}

/* Push x on misere.c's search stack (*depth entries of *scap), its bytes counted in mem. */
SG__INLINE int sg__misere_push(sg__mem_t *mem, uint64_t **stack, size_t *scap, size_t *depth,
                               uint64_t x)
{
    if (*depth == *scap) {
        void *p = *stack;
        if (sg__mem_grow(mem, &p, scap, *depth + 1, *depth, sizeof(uint64_t))) return SG_ENOMEM;
        *stack = (uint64_t *)p;
    }
    (*stack)[(*depth)++] = x;
    return SG_OK;
}

#endif
