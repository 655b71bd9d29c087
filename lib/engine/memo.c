#include "../common/sg_internal.h"
#include "hash.h"

/* An open-addressing hash table (linear probing, load <= 1/2) of {key, value, state}. States:
 * EMPTY; DONE (value valid); anything >= SG__MEMO_EPOCH0 marks a key entered by the search of
 * that epoch. Each sg_memo_value call takes a new epoch, so keys left half-done by a failed call
 * count as not entered (and nothing has to be removed from the table). */
enum { SG__MEMO_EMPTY = 0, SG__MEMO_DONE = 1, SG__MEMO_STALE = 2, SG__MEMO_EPOCH0 = 3 };

typedef struct {
    uint64_t key;
    sg_value_t value;
    uint32_t state;
} sg__memo_entry_t;

struct sg_memo {
    sg__mem_t mem;
    sg_rule_fn rule;
    void *user;
    sg__memo_entry_t *slots;
    size_t mask;      /* slot count - 1 (a power of two), or 0 before the first insert */
    size_t used;      /* occupied slots */
    uint64_t done;    /* slots with a value */
    uint32_t epoch;
    /* The sink of the sg_memo_value call running now, NULL between calls. A rule that asks its
     * own memo again would grow the table under the caller's entry pointer: such calls are
     * refused with SG_EBUSY, and the running call fails with it too (its sink status). */
    sg_moves_t *active;
    int doomed;       /* sg_memo_free was called from the rule: the running call frees */
};

static sg__memo_entry_t *sg__memo_find(const sg_memo_t *memo, uint64_t key)
{
    size_t i;
    if (memo->slots == NULL) return NULL;
    for (i = sg__hash64(key) & memo->mask;; i = (i + 1) & memo->mask) {
        sg__memo_entry_t *e = &memo->slots[i];
        if (e->state == SG__MEMO_EMPTY) return NULL;
        if (e->key == key) return e;
    }
}

static int sg__memo_rehash(sg_memo_t *memo, size_t nslots)
{
    sg__memo_entry_t *slots;
    size_t i, mask = nslots - 1, old = memo->slots ? memo->mask + 1 : 0;
    if (nslots > SIZE_MAX / sizeof *slots) return SG_ENOMEM;
    slots = SG__CAST(sg__memo_entry_t *, sg__mem_alloc(&memo->mem, nslots * sizeof *slots));
    if (slots == NULL) return SG_ENOMEM;
    memset(slots, 0, nslots * sizeof *slots);
    for (i = 0; i < old; i++) {
        sg__memo_entry_t *e = &memo->slots[i];
        size_t j;
        if (e->state == SG__MEMO_EMPTY) continue;
        for (j = sg__hash64(e->key) & mask; slots[j].state != SG__MEMO_EMPTY; j = (j + 1) & mask)
            ;
        slots[j] = *e;
    }
    sg__mem_free(&memo->mem, memo->slots, old * sizeof *slots);
    memo->slots = slots;
    memo->mask = mask;
    return SG_OK;
}

/* The entry of key, inserted (state STALE) when absent. NULL when the table cannot grow. */
static sg__memo_entry_t *sg__memo_insert(sg_memo_t *memo, uint64_t key)
{
    sg__memo_entry_t *e = sg__memo_find(memo, key);
    size_t i;
    if (e != NULL) return e;
    if (memo->slots == NULL || memo->used + 1 > (memo->mask + 1) / 2) {
        size_t n = memo->slots ? (memo->mask + 1) * 2 : 64;
        if (n == 0 || sg__memo_rehash(memo, n) != SG_OK) return NULL;
    }
    for (i = sg__hash64(key) & memo->mask; memo->slots[i].state != SG__MEMO_EMPTY;
         i = (i + 1) & memo->mask)
        ;
    e = &memo->slots[i];
    e->key = key;
    e->state = SG__MEMO_STALE;
    e->value = 0;
    memo->used++;
    return e;
}

/* Remove e from the table (Knuth's algorithm R for linear probing): later entries of its
 * cluster that may not stay after the hole move back into it. */
static void sg__memo_erase(sg_memo_t *memo, sg__memo_entry_t *e)
{
    size_t i = SG__CAST(size_t, e - memo->slots), j = i, home;
    for (;;) {
        j = (j + 1) & memo->mask;
        if (memo->slots[j].state == SG__MEMO_EMPTY) break;
        home = sg__hash64(memo->slots[j].key) & memo->mask;
        /* the entry at j stays when its home lies cyclically in (i, j] */
        if (i < j ? (i < home && home <= j) : (i < home || home <= j)) continue;
        memo->slots[i] = memo->slots[j];
        i = j;
    }
    memo->slots[i].state = SG__MEMO_EMPTY;
    memo->used--;
}

/* The sink's way to the table (sg_moves_t.probe): 1 with *value when the key is done, 0 when
 * pending (then, in enter mode, it was pushed, or a cycle was noted in out->status). */
static int sg__memo_probe(sg_moves_t *out, uint64_t key, sg_value_t *value)
{
    const sg__memo_entry_t *e = sg__memo_find(out->memo, key);
    if (e != NULL && e->state == SG__MEMO_DONE) {
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

int sg_memo_create_ex(sg_memo_t **memo, sg_rule_fn rule, void *user, size_t max_bytes,
                      const sg_allocator_t *allocator)
{
    sg__mem_t mem;
    sg_memo_t *m;
    if (memo == NULL) return SG_EINVAL;
    *memo = NULL;
    if (rule == NULL) return SG_EINVAL;
    if (allocator != NULL && (allocator->alloc == NULL || allocator->free == NULL))
        return SG_EINVAL;
    sg__mem_init(&mem, allocator, max_bytes);
    m = SG__CAST(sg_memo_t *, sg__mem_alloc(&mem, sizeof *m));
    if (m == NULL) return SG_ENOMEM;
    memset(m, 0, sizeof *m);
    m->mem = mem;
    m->rule = rule;
    m->user = user;
    m->epoch = SG__MEMO_EPOCH0;
    *memo = m;
    return SG_OK;
}

int sg_memo_create(sg_memo_t **memo, sg_rule_fn rule, void *user)
{
    return sg_memo_create_ex(memo, rule, user, 0, NULL);
}

/* A misuse from inside the rule: the running call fails with SG_EBUSY (unless it already
 * failed), so no value computed around the misuse is ever stored or reported. */
static void sg__memo_refuse(sg_memo_t *memo)
{
    if (memo->active->status == SG_OK) memo->active->status = SG_EBUSY;
}

static int sg__memo_call(sg_memo_t *memo, sg_moves_t *out, uint64_t key, int enter)
{
    sg__moves_reset(out, enter);
    if (memo->rule(memo->user, key, out)) return out->status ? out->status : SG_ESTOP;
    return out->status;
}

static void sg__memo_next_epoch(sg_memo_t *memo)
{
    if (memo->epoch == UINT32_MAX) {
        size_t i;
        for (i = 0; memo->slots && i <= memo->mask; i++)
            if (memo->slots[i].state >= SG__MEMO_EPOCH0) memo->slots[i].state = SG__MEMO_STALE;
        memo->epoch = SG__MEMO_EPOCH0;
    }
    memo->epoch++;
}

static int sg__memo_search(sg_memo_t *memo, sg_moves_t *out, uint64_t start)
{
    int st;
    if (sg__moves_push(out, start)) return SG_ENOMEM;
    while (out->depth > 0) {
        uint64_t v = out->stack[out->depth - 1];
        sg__memo_entry_t *e = sg__memo_insert(memo, v);
        if (e == NULL) return SG_ENOMEM;
        if (e->state == SG__MEMO_DONE) {
            out->depth--;
            continue;
        }
        if (e->state != memo->epoch) {
            size_t below = out->depth;
            e->state = memo->epoch;
            if ((st = sg__memo_call(memo, out, v, 1)) != SG_OK) return st;
            if (out->depth > below) continue;
        } else {
            if ((st = sg__memo_call(memo, out, v, 0)) != SG_OK) return st;
            if (out->pending) return SG_EINVAL;  /* the rule did not repeat its options */
        }
        /* the rule only looked keys up (a call that could grow the table is refused while
         * this one runs): e still points into the same table */
        e->value = sg_mex(out->vals, out->nvals);
        e->state = SG__MEMO_DONE;
        memo->done++;
        out->depth--;
    }
    return SG_OK;
}

static void sg__memo_destroy(sg_memo_t *memo)
{
    sg__mem_t mem = memo->mem;
    sg__mem_free(&mem, memo->slots, memo->slots ? (memo->mask + 1) * sizeof *memo->slots : 0);
    sg__mem_free(&mem, memo, sizeof *memo);
}

int sg_memo_value(sg_memo_t *memo, uint64_t position, sg_value_t *value)
{
    const sg__memo_entry_t *e;
    sg_moves_t out;
    int st;
    if (memo == NULL) return SG_EINVAL;
    if (memo->active != NULL) {
        sg__memo_refuse(memo);
        return SG_EBUSY;
    }
    if (value == NULL) return SG_EINVAL;
    e = sg__memo_find(memo, position);
    if (e != NULL && e->state == SG__MEMO_DONE) {
        *value = e->value;
        return SG_OK;
    }
    sg__memo_next_epoch(memo);
    sg__moves_init(&out, SG__SINK_MEMO, &memo->mem);
    out.probe = sg__memo_probe;
    out.memo = memo;
    out.epoch = memo->epoch;
    memo->active = &out;
    st = sg__memo_search(memo, &out, position);
    memo->active = NULL;
    if (st != SG_OK) {
        /* every key this search entered and did not finish is still on the stack: take them
         * out, so that a failed search leaves no dead slot behind (the memo stays usable
         * after the cap is reached) */
        while (out.depth > 0) {
            sg__memo_entry_t *d = sg__memo_find(memo, out.stack[--out.depth]);
            if (d != NULL && d->state == memo->epoch) sg__memo_erase(memo, d);
        }
    }
    sg__moves_release(&out);
    if (memo->doomed) {
        /* the rule freed the memo: done now that nothing points into it */
        sg__memo_destroy(memo);
        return SG_EBUSY;
    }
    if (st == SG_OK) *value = sg__memo_find(memo, position)->value;
    return st;
}

uint64_t sg_memo_count(const sg_memo_t *memo) { return memo ? memo->done : 0; }

size_t sg_memo_bytes(const sg_memo_t *memo) { return memo ? memo->mem.used : 0; }

void sg_memo_free(sg_memo_t *memo)
{
    if (memo == NULL) return;
    if (memo->active != NULL) {
        /* called from the rule: the running sg_memo_value still uses the table */
        memo->doomed = 1;
        sg__memo_refuse(memo);
        return;
    }
    sg__memo_destroy(memo);
}
