/* Private to the engine level: the keyed-search core that every memo over keys is built on
 * (memo.c: Sprague-Grundy values; misere_memo.c: misere outcomes). It owns what they share:
 *
 *   - the open-addressing table of keys (linear probing, load <= 1/2) with a state and a result
 *     per key (two shapes of slot, below), grown with its bytes counted against the
 *     object's cap and allocator;
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
 * with it), sets the slim shape's stride (if it wants it) before its first call, starts each
 * call with sg__keyed_begin and ends it with sg__keyed_end, and gives sg__keyed_search a visit
 * function (always inlined, so the visit is a direct call).
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
 * running call); DONE1 (the slim shape's second result, below); anything >= EPOCH0 marks a key
 * entered by the call of that epoch. */
enum {
    SG__KEYED_EMPTY = 0, SG__KEYED_DONE = 1, SG__KEYED_STALE = 2, SG__KEYED_DONE1 = 3,
    SG__KEYED_EPOCH0 = 4
};

/* The two shapes of a slot, named by their stride in bytes; one table code serves both, the
 * key at offset 0 and the state at offset 8 in each.
 *   WIDE: sg__keyed_entry_t, a 32-bit value beside the state (sg_memo, the structured store).
 *   SLIM: the key and the state alone, at 4-byte alignment, for a result of one bit folded
 *         into the state: DONE is 0, DONE1 is 1 (the misere memo's outcomes). At load 1/2,
 *         2^20 keys fill 24 MiB where the wide shape fills 32 MiB. */
enum { SG__KEYED_WIDE = 16, SG__KEYED_SLIM = 12 };

typedef struct {
    uint64_t key;
    uint32_t state;
    sg_value_t value;
} sg__keyed_entry_t;

typedef struct sg__keyed {
    sg__mem_t mem;
    sg_rule_fn rule;
    void *user;
    sg__keyed_entry_t *slots;   /* an array in the wide shape; slot i is at byte i * stride */
    size_t stride;        /* SG__KEYED_WIDE (set by sg__keyed_create) or SG__KEYED_SLIM */
    size_t mask;          /* slot count - 1 (a power of two), or 0 before the first insert */
    size_t used;          /* occupied slots */
    uint64_t done;        /* slots with a value */
    uint32_t epoch;
    sg_moves_t *active;   /* the sink of the call running now, NULL between calls */
    int doomed;           /* freed from inside the rule: the running call frees */
    size_t self;          /* bytes of the object that embeds the core */
} sg__keyed_t;

/* Slot i of a table of the given stride, its key and its state (either shape). */
SG__INLINE unsigned char *sg__keyed_at(const sg__keyed_t *k, size_t i, size_t stride)
{
    return SG__CAST(unsigned char *, SG__CAST(void *, k->slots)) + i * stride;
}

SG__INLINE uint64_t sg__keyed_key(const unsigned char *slot)
{
    uint64_t key;
    memcpy(&key, slot, sizeof key);
    return key;
}

SG__INLINE uint32_t *sg__keyed_state(unsigned char *slot)
{
    return SG__CAST(uint32_t *, SG__CAST(void *, slot + 8));
}

/* A state with a result (DONE or DONE1). */
SG__INLINE int sg__keyed_known(uint32_t state) { return (state | 2u) == 3u; }

/* The slot of key in a table of the given stride, NULL when absent. */
SG__INLINE unsigned char *sg__keyed_locate(const sg__keyed_t *k, uint64_t key, size_t stride)
{
    size_t i;
    if (k->slots == NULL) return NULL;
    for (i = sg__hash64(key) & k->mask;; i = (i + 1) & k->mask) {
        unsigned char *slot = sg__keyed_at(k, i, stride);
        if (*sg__keyed_state(slot) == SG__KEYED_EMPTY) return NULL;
        if (sg__keyed_key(slot) == key) return slot;
    }
}

/* The entry of key in the wide shape, NULL when absent. */
SG__INLINE sg__keyed_entry_t *sg__keyed_find(const sg__keyed_t *k, uint64_t key)
{
    return SG__CAST(sg__keyed_entry_t *,
                    SG__CAST(void *, sg__keyed_locate(k, key, SG__KEYED_WIDE)));
}

/* Allocate an object of `size` bytes (>= sizeof(sg__keyed_t)) starting with the core, zeroed,
 * its memory under max_bytes from allocator. SG_EINVAL for a NULL obj or rule or an allocator missing a
 * function, SG_ENOMEM. */
SG__PRIVATE int sg__keyed_create(sg__keyed_t **obj, size_t size, sg_rule_fn rule, void *user,
                                 size_t max_bytes, const sg_allocator_t *allocator);
/* NULL-safe; from inside the rule, only marks the object for the running call to free. */
SG__PRIVATE void sg__keyed_free(sg__keyed_t *k);
/* The slot of key, added (state STALE) when absent; NULL when the table cannot grow. */
SG__PRIVATE unsigned char *sg__keyed_add(sg__keyed_t *k, uint64_t key);
SG__INLINE unsigned char *sg__keyed_insert_in(sg__keyed_t *k, uint64_t key, size_t stride)
{
    unsigned char *slot = sg__keyed_locate(k, key, stride);
    return slot != NULL ? slot : sg__keyed_add(k, key);
}
/* The same in the wide shape. */
SG__INLINE sg__keyed_entry_t *sg__keyed_insert(sg__keyed_t *k, uint64_t key)
{
    return SG__CAST(sg__keyed_entry_t *,
                    SG__CAST(void *, sg__keyed_insert_in(k, key, SG__KEYED_WIDE)));
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

/* The search from start over a table of the given stride (k->stride, a constant where it is
 * inlined). A value found is stored: in the wide shape as the entry's value, in the slim
 * shape as the state (DONE for 0, DONE1 for 1: the visit gives no other). */
SG__INLINE int sg__keyed_search_in(sg__keyed_t *k, sg_moves_t *out, uint64_t start,
                                   sg__keyed_visit_fn visit, size_t stride)
{
    int st;
    if (sg__moves_push(out, start)) return SG_ENOMEM;
    while (out->depth > 0) {
        uint64_t v = out->stack[out->depth - 1];
        unsigned char *e = sg__keyed_insert_in(k, v, stride);
        size_t below = out->depth;
        sg_value_t value = 0;
        uint32_t *state;
        int again;
        if (e == NULL) return SG_ENOMEM;
        state = sg__keyed_state(e);
        if (sg__keyed_known(*state)) {
            out->depth--;
            continue;
        }
        again = *state == k->epoch;
        *state = k->epoch;
        if ((st = visit(k, out, v, again, &value)) != SG_OK) return st;
        if (out->depth > below) continue;
        if (stride == SG__KEYED_WIDE) {
            SG__CAST(sg__keyed_entry_t *, SG__CAST(void *, e))->value = value;
            *state = SG__KEYED_DONE;
        } else {
            *state = value ? SG__KEYED_DONE1 : SG__KEYED_DONE;
        }
        k->done++;
        out->depth--;
    }
    return SG_OK;
}

/* The search of the wide shape. */
SG__INLINE int sg__keyed_search(sg__keyed_t *k, sg_moves_t *out, uint64_t start,
                                sg__keyed_visit_fn visit)
{
    return sg__keyed_search_in(k, out, start, visit, SG__KEYED_WIDE);
}

#endif
