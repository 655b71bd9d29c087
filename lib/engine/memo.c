#include "../common/sg_internal.h"
#include "keyed.h"

/* Sprague-Grundy values over 64-bit keys: the keyed-search core (keyed.h, memo_core.c) with
 * the sink in lookup mode, each key finished with the mex of its options' values. */

struct sg_memo {
    sg__keyed_t core;
};

/* The sink's way to the table (sg_moves_t.probe): 1 with *value when the key is done, 0 when
 * pending (then, in enter mode, it was pushed, or a cycle was noted in out->status). */
static int sg__memo_probe(sg_moves_t *out, uint64_t key, sg_value_t *value)
{
    const sg__keyed_entry_t *e = sg__keyed_find(out->keyed, key);
    if (e != NULL && e->state == SG__KEYED_DONE) {
        *value = e->value;
        return 1;
    }
    out->pending++;
    if (out->enter) {
        if (e != NULL && e->state == out->epoch) out->status = SG_ELOOP;
        else if (sg__moves_push(out, key)) out->status = SG_ENOMEM;
    }
    return 0;
}

static int sg__memo_visit(sg__keyed_t *k, sg_moves_t *out, uint64_t key, int again,
                          sg_value_t *value)
{
    sg__moves_reset(out, !again);
    if (k->rule(k->user, key, out)) return out->status ? out->status : SG_ESTOP;
    if (out->status != SG_OK) return out->status;
    /* pending options were pushed (first visit), or the rule did not repeat its options */
    if (out->pending) return again ? SG_EINVAL : SG_OK;
    *value = sg_mex(out->vals, out->nvals);
    return SG_OK;
}

int sg_memo_create_ex(sg_memo_t **memo, sg_rule_fn rule, void *user, size_t max_bytes,
                      const sg_allocator_t *allocator)
{
    sg__keyed_t *k = NULL;
    int st;
    if (memo == NULL) return SG_EINVAL;
    st = sg__keyed_create(&k, sizeof(sg_memo_t), rule, user, max_bytes, allocator);
    *memo = SG__CAST(sg_memo_t *, SG__CAST(void *, k));
    return st;
}

int sg_memo_create_with(sg_memo_t **memo, sg_rule_fn rule, void *user,
                        const sg_memory_t *memory)
{
    return sg_memo_create_ex(memo, rule, user, memory ? memory->max_bytes : 0,
                             sg__allocator_of(memory));
}

int sg_memo_create(sg_memo_t **memo, sg_rule_fn rule, void *user)
{
    return sg_memo_create_ex(memo, rule, user, 0, NULL);
}

int sg_memo_value(sg_memo_t *memo, uint64_t position, sg_value_t *value)
{
    const sg__keyed_entry_t *e;
    sg_moves_t out;
    int st;
    if (memo == NULL) return SG_EINVAL;
    if (sg__keyed_busy(&memo->core)) return SG_EBUSY;
    if (value == NULL) return SG_EINVAL;
    e = sg__keyed_find(&memo->core, position);
    if (e == NULL || e->state != SG__KEYED_DONE) {   /* not stored: search */
        if ((st = sg__keyed_begin(&memo->core, &out)) != SG_OK) return st;
        out.probe = sg__memo_probe;
        st = sg__keyed_search(&memo->core, &out, position, sg__memo_visit);
        if ((st = sg__keyed_end(&memo->core, &out, st)) != SG_OK) return st;
        e = sg__keyed_find(&memo->core, position);
    }
    *value = e->value;
    return SG_OK;
}

uint64_t sg_memo_count(const sg_memo_t *memo) { return memo ? memo->core.done : 0; }

size_t sg_memo_bytes(const sg_memo_t *memo) { return memo ? memo->core.mem.used : 0; }

void sg_memo_free(sg_memo_t *memo)
{
    if (memo != NULL) sg__keyed_free(&memo->core);
}
