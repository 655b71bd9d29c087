#include "../common/sg_internal.h"
#include "keyed.h"
#include "misere.h"

/* Misere outcomes over 64-bit position keys: the keyed-search core (keyed.h, memo_core.c), the
 * same table, stack, cap and re-entry guard as sg_memo_*, with the rule read in the sink's
 * record mode (misere.h). A key's value is its outcome: 1 = N (the player to move wins),
 * 0 = P, kept in the core's slim slot (keyed.h: the outcome folded into the state). */

struct sg_misere_memo {
    sg__keyed_t core;
    /* the sink's stack and record, kept from one call to the next (a query that is not stored
     * runs a search of its own; allocating them for each cost 2 allocations and 2 frees a
     * query); counted in the memo's bytes, freed with it or by a call that fails */
    uint64_t *stack;
    struct sg__rec *rec;
    size_t scap, rcap;
};

/* Begin a call on m with out as its sink, handing it the kept buffers. */
static int sg__mm_begin(sg_misere_memo_t *m, sg_moves_t *out)
{
    int st = sg__keyed_begin(&m->core, out);
    if (st != SG_OK) return st;
    out->stack = m->stack;
    out->scap = m->scap;
    out->rec = m->rec;
    out->rcap = m->rcap;
    m->stack = NULL;
    m->rec = NULL;
    m->scap = m->rcap = 0;
    return SG_OK;
}

/* End the call: on success the buffers are kept (the stack is empty); a failed call gives them
 * to sg__keyed_end, which needs the stack to take out the keys entered, and frees them (as it
 * frees m itself when the rule freed it: that call has failed with SG_EBUSY). */
static int sg__mm_end(sg_misere_memo_t *m, sg_moves_t *out, int st)
{
    if (st >= 0 && out->status == SG_OK && !m->core.doomed) {
        m->stack = out->stack;
        m->scap = out->scap;
        m->rec = out->rec;
        m->rcap = out->rcap;
        out->stack = NULL;
        out->rec = NULL;
        out->scap = out->rcap = out->depth = out->nrec = 0;
    }
    return sg__keyed_end(&m->core, out, st);
}

/* Ask the memory for the slots of every position in the record before any is looked up: the
 * options of a position scatter over the table, and their misses then overlap rather than
 * come one after another (a hint only). */
static void sg__mm_prefetch(const sg__keyed_t *k, const sg_moves_t *out)
{
#if defined(__GNUC__) || defined(__clang__)
    size_t i;
    for (i = 0; k->slots != NULL && i < out->nrec; i++) {
        size_t j = sg__hash64(out->rec[i].x) & k->mask;
        __builtin_prefetch(SG__KEYED_AT(k, j));
    }
#else
    (void)k;
    (void)out;
#endif
}

/* The state of key's slot, EMPTY when key is not in the table. */
SG__INLINE uint32_t sg__mm_state(const sg__keyed_t *k, uint64_t key)
{
    sg__keyed_slot_t *e = sg__keyed_locate(k, key);
    if (e == NULL) return SG__KEYED_EMPTY;
    return SG__KEYED_STATE(e);
}

/* Enter or finish key: its options are read from the record; the unknown ones are pushed. */
static int sg__mm_visit(sg__keyed_t *k, sg_moves_t *out, uint64_t key, int again,
                        sg_value_t *value)
{
    size_t i = 0;
    int st, win = 0, any = 0, pushed = 0, empty;
    if ((st = sg__misere_call(out, k->rule, k->user, key)) != SG_OK) return st;
    sg__mm_prefetch(k, out);
    while (i < out->nrec) {
        uint32_t state;
        uint64_t y = 0;
        if ((st = sg__misere_option(out, &i, &y, &empty)) != SG_OK) return st;
        any = 1;
        if (empty) continue;
        state = sg__mm_state(k, y);
        if (SG__KEYED_HAS_RESULT(state)) {
            if (state == SG__KEYED_DONE) win = 1;   /* an option that is P */
            continue;
        }
        if (again) return SG_EINVAL;   /* the rule did not repeat its options */
        if (state == k->epoch) return SG_ELOOP;
        if (sg__moves_push(out, y)) return SG_ENOMEM;
        pushed = 1;
    }
    if (!pushed) *value = (win || !any) ? 1u : 0u;
    return SG_OK;
}

int sg_misere_memo_create(sg_misere_memo_t **memo, sg_rule_fn rule, void *user,
                          size_t max_bytes, const sg_allocator_t *allocator)
{
    sg__keyed_t *k = NULL;
    int st;
    if (memo == NULL) return SG_EINVAL;
    st = sg__keyed_create(&k, sizeof(sg_misere_memo_t), rule, user, max_bytes, allocator);
    if (k != NULL) k->stride = SG__KEYED_SLIM;
    *memo = SG__CAST(sg_misere_memo_t *, SG__CAST(void *, k));
    return st;
}

int sg_misere_memo_create_with(sg_misere_memo_t **memo, sg_rule_fn rule, void *user,
                               const sg_memory_t *memory)
{
    return sg_misere_memo_create(memo, rule, user, memory ? memory->max_bytes : 0,
                                 sg__allocator_of(memory));
}

void sg_misere_memo_free(sg_misere_memo_t *memo)
{
    if (memo == NULL) return;
    /* inside a call the buffers are the sink's (NULL here), released when it ends */
    sg__mem_free(&memo->core.mem, memo->stack, memo->scap * sizeof(uint64_t));
    sg__mem_free(&memo->core.mem, memo->rec, memo->rcap * sizeof(struct sg__rec));
    memo->stack = NULL;
    memo->rec = NULL;
    memo->scap = memo->rcap = 0;
    sg__keyed_free(&memo->core);
}

uint64_t sg_misere_memo_count(const sg_misere_memo_t *memo)
{
    return memo ? memo->core.done : 0;
}

size_t sg_misere_memo_bytes(const sg_misere_memo_t *memo)
{
    return memo ? memo->core.mem.used : 0;
}

/* The outcome of position, with the call begun on out (its sink). */
static int sg__mm_outcome(sg__keyed_t *k, sg_moves_t *out, uint64_t position, int *win)
{
    uint32_t state = sg__mm_state(k, position);
    int st;
    if (!SG__KEYED_HAS_RESULT(state)) {
        if ((st = sg__keyed_search(k, out, position, sg__mm_visit)) != SG_OK) return st;
        state = sg__mm_state(k, position);
    }
    *win = state == SG__KEYED_DONE1;
    return SG_OK;
}

int sg_misere_memo_outcome(sg_misere_memo_t *memo, uint64_t position, int *win)
{
    uint32_t state;
    sg_moves_t out;
    int st;
    if (memo == NULL) return SG_EINVAL;
    if (sg__keyed_busy(&memo->core)) return SG_EBUSY;
    if (win == NULL) return SG_EINVAL;
    state = sg__mm_state(&memo->core, position);
    if (SG__KEYED_HAS_RESULT(state)) {   /* stored: no sink to set up */
        *win = state == SG__KEYED_DONE1;
        return SG_OK;
    }
    if ((st = sg__mm_begin(memo, &out)) != SG_OK) return st;
    st = sg__mm_outcome(&memo->core, &out, position, win);
    return sg__mm_end(memo, &out, st);
}

/* The first option of position that is a P-position: 1 with *option, 0 when position is P;
 * all within one call begun on out. */
static int sg__mm_winning(sg__keyed_t *k, sg_moves_t *out, uint64_t position, size_t *option)
{
    size_t i = 0, index = 0, n;
    uint64_t *to;
    unsigned char *empty;
    int st, win, w, e;
    if ((st = sg__mm_outcome(k, out, position, &win)) != SG_OK) return st;
    if (!win) return 0;
    /* the options, copied: outcomes of them are asked for below, which reuses the record */
    if ((st = sg__misere_call(out, k->rule, k->user, position)) != SG_OK) return st;
    n = out->nrec;
    if (n == 0) {
        *option = SIZE_MAX;   /* no move: the player to move has already won */
        return 1;
    }
    if (n > SIZE_MAX / (sizeof(uint64_t) + 1)) return SG_ENOMEM;
    to = SG__CAST(uint64_t *, sg__mem_alloc(&k->mem, n * (sizeof(uint64_t) + 1)));
    if (to == NULL) return SG_ENOMEM;
    empty = SG__CAST(unsigned char *, SG__CAST(void *, to + n));
    while (i < out->nrec) {
        if ((st = sg__misere_option(out, &i, &to[index], &e)) != SG_OK) break;
        empty[index++] = SG__CAST(unsigned char, e);
    }
    for (i = 0; st == SG_OK && i < index; i++) {
        if (empty[i]) continue;
        if ((st = sg__mm_outcome(k, out, to[i], &w)) != SG_OK) break;
        if (!w) {
            *option = i;
            st = 1;
            break;
        }
    }
    sg__mem_free(&k->mem, to, n * (sizeof(uint64_t) + 1));
    return st == SG_OK ? SG_EINVAL : st;   /* an N-position has an option that is P */
}

int sg_misere_memo_winning_move(sg_misere_memo_t *memo, uint64_t position, size_t *option)
{
    sg_moves_t out;
    int st;
    if (memo == NULL) return SG_EINVAL;
    if (sg__keyed_busy(&memo->core)) return SG_EBUSY;
    if (option == NULL) return SG_EINVAL;
    if ((st = sg__mm_begin(memo, &out)) != SG_OK) return st;
    st = sg__mm_winning(&memo->core, &out, position, option);
    return sg__mm_end(memo, &out, st);
}
