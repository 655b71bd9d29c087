#include "../common/sg_internal.h"

void sg__moves_init(sg_moves_t *out, int kind, sg__mem_t *mem)
{
    memset(out, 0, offsetof(sg_moves_t, small));
    out->kind = kind;
    out->mem = mem;
    out->vals = out->small;
    out->vcap = SG__SMALL_VALUES;
    out->found = SIZE_MAX;
}

void sg__moves_release(sg_moves_t *out)
{
    if (out->vals != out->small) sg__mem_free(out->mem, out->vals, out->vcap * sizeof(sg_value_t));
    sg__mem_free(out->mem, out->stack, out->scap * sizeof(uint64_t));
    sg__mem_free(out->mem, out->rec, out->rcap * sizeof(struct sg__rec));
    out->rec = NULL;
    out->rcap = out->nrec = 0;
    out->vals = out->small;
    out->vcap = SG__SMALL_VALUES;
    out->stack = NULL;
    out->scap = out->depth = 0;
}

int sg__moves_push(sg_moves_t *out, uint64_t position)
{
    if (out->depth == out->scap) {
        void *p = out->stack;
        if (sg__mem_grow(out->mem, &p, &out->scap, out->depth + 1, out->depth, sizeof(uint64_t)))
            return SG_ENOMEM;
        out->stack = SG__CAST(uint64_t *, p);
    }
    out->stack[out->depth++] = position;
    return SG_OK;
}

static void sg__moves_add_slow(sg_moves_t *out, sg_value_t value)
{
    if (out->vals == out->small) {
        /* leave the inline buffer: copy it to the heap */
        void *p = NULL;
        size_t cap = 0;
        if (sg__mem_grow(out->mem, &p, &cap, out->vcap * 2, 0, sizeof(sg_value_t))) {
            out->status = SG_ENOMEM;
            return;
        }
        memcpy(p, out->small, out->nvals * sizeof(sg_value_t));
        out->vals = SG__CAST(sg_value_t *, p);
        out->vcap = cap;
    } else {
        void *p = out->vals;
        if (sg__mem_grow(out->mem, &p, &out->vcap, out->nvals + 1, out->nvals,
                         sizeof(sg_value_t))) {
            out->status = SG_ENOMEM;
            return;
        }
        out->vals = SG__CAST(sg_value_t *, p);
    }
    out->vals[out->nvals++] = value;
}

/* One option whose value is known. */
SG__INLINE void sg__moves_add(sg_moves_t *out, sg_value_t value)
{
    if (SG__UNLIKELY(out->find)) {
        if (value == out->target && out->found == SIZE_MAX) out->found = out->index;
        out->index++;
        return;
    }
    if (SG__LIKELY(out->nvals < out->vcap)) out->vals[out->nvals++] = value;
    else sg__moves_add_slow(out, value);
}

/* The value of one position, or 0 when it is not known yet (pending, or an error was noted). */
static int sg__moves_lookup(sg_moves_t *out, uint64_t position, sg_value_t *value)
{
    if (out->kind == SG__SINK_MEMO) return out->probe(out, position, value);
    if (position >= out->count) {
        out->status = SG_ERANGE;
        return 0;
    }
    if (position < out->frontier || (out->black && sg__bit(out->black, position))) {
        *value = out->table[position];
        return 1;
    }
    out->pending++;
    if (out->enter) {
        if (out->gray && sg__bit(out->gray, position)) out->status = SG_ELOOP;
        else if (sg__moves_push(out, position)) out->status = SG_ENOMEM;
    }
    return 0;
}

/* Record mode: write the option down, and ask the memory for the value it will need. */
static void sg__moves_record(sg_moves_t *out, unsigned tag, uint64_t x)
{
    if (out->nrec == out->rcap) {
        void *p = out->rec;
        if (sg__mem_grow(out->mem, &p, &out->rcap, out->nrec + 1, out->nrec,
                         sizeof(struct sg__rec))) {
            out->status = SG_ENOMEM;
            return;
        }
        out->rec = SG__CAST(struct sg__rec *, p);
    }
    out->rec[out->nrec].x = x;
    out->rec[out->nrec++].tag = tag;
#if defined(__GNUC__) || defined(__clang__)
    if (tag != SG__REC_SUM && tag != SG__REC_VALUE && x < out->count)
        __builtin_prefetch(out->table + x);
#endif
}

void sg_move_to(sg_moves_t *out, uint64_t position)
{
    sg_value_t v;
    if (out == NULL || out->status) return;
    /* the common case of the table engine: an already computed smaller position */
    if (SG__LIKELY(position < out->frontier)) {
        sg__moves_add(out, out->table[position]);
        return;
    }
    if (out->record) { /* frontier is 0 then: every option comes here */
        sg__moves_record(out, SG__REC_TO, position);
        return;
    }
    if (sg__moves_lookup(out, position, &v)) sg__moves_add(out, v);
    else if (out->find && !out->status) out->status = SG_EINVAL;
}

void sg_move_to_sum(sg_moves_t *out, const uint64_t *positions, size_t count)
{
    sg_value_t x = 0, v;
    size_t i;
    int known = 1;
    if (out == NULL || out->status) return;
    if (positions == NULL && count != 0) {
        out->status = SG_EINVAL;
        return;
    }
    if (SG__UNLIKELY(out->record)) {
        sg__moves_record(out, SG__REC_SUM, count);
        for (i = 0; i < count; i++) sg__moves_record(out, SG__REC_PART, positions[i]);
        return;
    }
    for (i = 0; i < count; i++) {
        uint64_t p = positions[i];
        if (SG__LIKELY(p < out->frontier)) x ^= out->table[p];
        else if (sg__moves_lookup(out, p, &v)) x ^= v;
        else if (out->status) return;
        else known = 0;   /* go on: in enter mode every pending part is pushed */
    }
    if (known) sg__moves_add(out, x);
    else if (out->find) out->status = SG_EINVAL;
}

void sg_move_value(sg_moves_t *out, sg_value_t value)
{
    if (out == NULL || out->status) return;
    if (SG__UNLIKELY(out->record)) sg__moves_record(out, SG__REC_VALUE, value);
    else sg__moves_add(out, value);
}
