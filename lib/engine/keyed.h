/* Private to the engine level: the keyed-search core that every memo over keys is built on
 * (memo.c: Sprague-Grundy values; misere_memo.c: misere outcomes). It owns what they share:
 *
 *   - the open-addressing table of keys (linear probing, load <= 1/2) with a value and a state
 *     per key, grown with its bytes counted against the object's cap and allocator;
 *   - the depth-first search over an explicit stack (the sink's), which enters a key, lets the
 *     caller's visit push the options still unknown, and finishes the key once they are known;
 *     an option entered by this search and not finished is an ancestor, hence a cycle;
 *   - the epochs: each call takes a new one, so keys left half-done by a failed call count as
 *     not entered, and a failed call takes out the keys it entered (the cap stays usable);
 *   - the one re-entry guard: while a call runs, a call on the same object from inside the
 *     rule is refused with SG_EBUSY and the running call fails with SG_EBUSY too; a free from
 *     inside the rule is done by the running call when it returns.
 *
 * An engine on it embeds sg__keyed_t as the first member of its object (so the object is freed
 * with it), starts each call with sg__keyed_begin and ends it with sg__keyed_end, and gives
 * sg__keyed_search a visit function (always inlined, so the visit is a direct call).
 *
 * Keys that are not 64-bit numbers (structured positions: graphs, boards, byte strings) sit on
 * the same core by interning: the engine keeps the bytes of each position once, in an arena of
 * its own counted in the core's sg__mem_t, with an exact index from bytes to a 64-bit id (the
 * hash of the bytes only finds candidates; the bytes are compared), and runs the core over the
 * ids. Its visit reads each option's bytes, interns them and pushes the id. The table, the
 * stack, the guard, the epochs, the cleanup of a failed call and the accounting are then the
 * ones here, and no collision of hashes can merge two positions. */
#ifndef SG_KEYED_H
#define SG_KEYED_H

#include "../common/sg_internal.h"
#include "hash.h"

/* States: EMPTY (free slot); DONE (value valid); STALE (in the table, not entered by the
 * running call); anything >= EPOCH0 marks a key entered by the call of that epoch. */
enum { SG__KEYED_EMPTY = 0, SG__KEYED_DONE = 1, SG__KEYED_STALE = 2, SG__KEYED_EPOCH0 = 3 };

typedef struct {
    uint64_t key;
    sg_value_t value;
    uint32_t state;
} sg__keyed_entry_t;

typedef struct sg__keyed {
    sg__mem_t mem;
    sg_rule_fn rule;
    void *user;
    sg__keyed_entry_t *slots;
    size_t mask;          /* slot count - 1 (a power of two), or 0 before the first insert */
    size_t used;          /* occupied slots */
    uint64_t done;        /* slots with a value */
    uint32_t epoch;
    sg_moves_t *active;   /* the sink of the call running now, NULL between calls */
    int doomed;           /* freed from inside the rule: the running call frees */
    size_t self;          /* bytes of the object that embeds the core */
} sg__keyed_t;

SG__INLINE sg__keyed_entry_t *sg__keyed_find(const sg__keyed_t *k, uint64_t key)
{
    size_t i;
    if (k->slots == NULL) return NULL;
    for (i = sg__hash64(key) & k->mask;; i = (i + 1) & k->mask) {
        sg__keyed_entry_t *e = &k->slots[i];
        if (e->state == SG__KEYED_EMPTY) return NULL;
        if (e->key == key) return e;
    }
}

/* Allocate an object of `size` bytes (>= sizeof(sg__keyed_t)) starting with the core, zeroed,
 * its memory under max_bytes from allocator. SG_EINVAL for a NULL obj or rule or an allocator missing a
 * function, SG_ENOMEM. */
SG__PRIVATE int sg__keyed_create(sg__keyed_t **obj, size_t size, sg_rule_fn rule, void *user,
                                 size_t max_bytes, const sg_allocator_t *allocator);
/* NULL-safe; from inside the rule, only marks the object for the running call to free. */
SG__PRIVATE void sg__keyed_free(sg__keyed_t *k);
/* The entry of key, added (state STALE) when absent; NULL when the table cannot grow. */
SG__PRIVATE sg__keyed_entry_t *sg__keyed_add(sg__keyed_t *k, uint64_t key);
SG__INLINE sg__keyed_entry_t *sg__keyed_insert(sg__keyed_t *k, uint64_t key)
{
    sg__keyed_entry_t *e = sg__keyed_find(k, key);
    return e != NULL ? e : sg__keyed_add(k, key);
}
/* A misuse from inside the rule: the running call is made to fail with SG_EBUSY. */
SG__PRIVATE void sg__keyed_refuse(sg__keyed_t *k);
/* 1 when a call on k is running (then it is made to fail with SG_EBUSY): the caller returns
 * SG_EBUSY without touching k. */
SG__INLINE int sg__keyed_busy(sg__keyed_t *k)
{
    if (SG__LIKELY(k->active == NULL)) return 0;
    sg__keyed_refuse(k);
    return 1;
}
/* Start a call: SG_EBUSY as sg__keyed_busy, or SG_OK with out set up as k's sink. */
SG__PRIVATE int sg__keyed_begin(sg__keyed_t *k, sg_moves_t *out);
/* End the call begun with out, whose status so far is st: on failure the keys it entered are
 * taken out. The status to return: st, or SG_EBUSY when k was freed (and is gone). */
SG__PRIVATE int sg__keyed_end(sg__keyed_t *k, sg_moves_t *out, int st);

/* visit(k, out, key, again, &value): call the rule on key. The first time (again == 0) push
 * the options whose result is not known and return SG_OK; when none is pending, set *value.
 * The second time every option must be known (else SG_EINVAL): set *value. The table must not
 * grow during a visit (lookups only), so the entry of key stays where it is. */
typedef int (*sg__keyed_visit_fn)(sg__keyed_t *k, sg_moves_t *out, uint64_t key, int again,
                                  sg_value_t *value);

SG__INLINE int sg__keyed_search(sg__keyed_t *k, sg_moves_t *out, uint64_t start,
                                sg__keyed_visit_fn visit)
{
    int st;
    if (sg__moves_push(out, start)) return SG_ENOMEM;
    while (out->depth > 0) {
        uint64_t v = out->stack[out->depth - 1];
        sg__keyed_entry_t *e = sg__keyed_insert(k, v);
        size_t below = out->depth;
        sg_value_t value = 0;
        int again;
        if (e == NULL) return SG_ENOMEM;
        if (e->state == SG__KEYED_DONE) {
            out->depth--;
            continue;
        }
        again = e->state == k->epoch;
        e->state = k->epoch;
        if ((st = visit(k, out, v, again, &value)) != SG_OK) return st;
        if (out->depth > below) continue;
        e->value = value;
        e->state = SG__KEYED_DONE;
        k->done++;
        out->depth--;
    }
    return SG_OK;
}

#endif
