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
enum { SG__KEYED_EMPTY = 0, SG__KEYED_DONE = 1, SG__KEYED_STALE = 2, SG__KEYED_EPOCH0 = 4 };
#ifndef SG_NO_LONGRUN
enum { SG__KEYED_DONE1 = 3 };
#endif
/* State s holds a result: DONE or DONE1 (1 or 3, the states that s | 2 maps to 3). */
#define SG__KEYED_HAS_RESULT(s) (((s) | 2u) == 3u)

/* The two shapes of a slot, named by their stride in bytes; one table code serves both, the
 * key at offset 0 and the state at offset 8 in each.
 *   WIDE: sg__keyed_entry_t, a 32-bit value beside the state (sg_memo, the structured store).
 *   SLIM: the key and the state alone, at 4-byte alignment, for a result of one bit folded
 *         into the state: DONE is 0, DONE1 is 1 (the misere memo's outcomes). At load 1/2,
 *         2^20 keys fill 24 MiB where the wide shape fills 32 MiB. */
#ifndef SG_NO_LONGRUN
enum { SG__KEYED_WIDE = 16, SG__KEYED_SLIM = 12 };
#endif

typedef struct {
    uint64_t key;
    uint32_t state;
    sg_value_t value;
} sg__keyed_entry_t;

#ifndef SG_NO_LONGRUN
struct sg__keyed;
/* 1 when the owner of the core keeps the result of key elsewhere (the structured store: a
 * value beside its position), so that the search takes the key out once it is finished: the
 * table then holds the keys being searched, not every result (sg__keyed_t.forget). */
typedef int (*sg__keyed_forget_fn)(const struct sg__keyed *k, uint64_t key, sg_value_t value);
#endif

typedef struct sg__keyed {
    sg__mem_t mem;
    sg_rule_fn rule;
    void *user;
    sg__keyed_entry_t *slots;   /* an array in the wide shape; slot i is at byte i * stride */
#ifndef SG_NO_LONGRUN
    size_t stride;        /* SG__KEYED_WIDE (set by sg__keyed_create) or SG__KEYED_SLIM */
#endif
    size_t mask;          /* slot count - 1 (a power of two), or 0 before the first insert */
    size_t used;          /* occupied slots */
    uint64_t done;        /* results found (searched or loaded), forgotten ones too */
    uint32_t epoch;
    sg_moves_t *active;   /* the sink of the call running now, NULL between calls */
    int doomed;           /* freed from inside the rule: the running call frees */
    size_t self;          /* bytes of the object that embeds the core */
#ifndef SG_NO_LONGRUN
    sg__keyed_forget_fn forget;   /* NULL: every result stays in the table */
#endif
} sg__keyed_t;

/* The table code reaches a slot through these: slot i, its key, its state (an lvalue), its
 * stride, a copy, its index, and its result set. The contest header (SG_NO_LONGRUN: sg_memo
 * alone, no misere memo and no large tables) has the wide shape only, its slots an array. */
#ifdef SG_NO_LONGRUN
typedef sg__keyed_entry_t sg__keyed_slot_t;
#  define SG__KEYED_AT(k, i) (&(k)->slots[i])
#  define SG__KEYED_KEY(e) (e)->key
#  define SG__KEYED_STATE(e) (e)->state
#  define SG__KEYED_STRIDE(k) sizeof(sg__keyed_entry_t)
#  define SG__KEYED_COPY(k, d, s) (*(d) = *(s))
#  define SG__KEYED_INDEX(k, e) SG__CAST(size_t, (e) - (k)->slots)
#  define SG__KEYED_FINISH(k, e, v) ((e)->value = (v), (e)->state = SG__KEYED_DONE)
#else
typedef unsigned char sg__keyed_slot_t;
#  define SG__KEYED_AT(k, i) (SG__CAST(unsigned char *, SG__CAST(void *, (k)->slots)) + \
                              (i) * (k)->stride)
#  define SG__KEYED_KEY(e) sg__keyed_key(e)
#  define SG__KEYED_STATE(e) (*SG__CAST(uint32_t *, SG__CAST(void *, (e) + 8)))
#  define SG__KEYED_STRIDE(k) ((k)->stride)
#  define SG__KEYED_COPY(k, d, s) memcpy(d, s, (k)->stride)
#  define SG__KEYED_INDEX(k, e) (SG__CAST(size_t, (e) - SG__KEYED_AT(k, 0)) / (k)->stride)
#  define SG__KEYED_FINISH(k, e, v) sg__keyed_finish(k, e, v)

SG__INLINE uint64_t sg__keyed_key(const unsigned char *slot)
{
    uint64_t key;
    memcpy(&key, slot, sizeof key);
    return key;
}

/* A result: in the wide shape the value beside DONE; in the slim shape DONE or DONE1. */
SG__INLINE void sg__keyed_finish(const sg__keyed_t *k, unsigned char *e, sg_value_t value)
{
    if (k->stride == SG__KEYED_WIDE)
        SG__CAST(sg__keyed_entry_t *, SG__CAST(void *, e))->value = value;
    if (k->stride == SG__KEYED_SLIM && value) SG__KEYED_STATE(e) = SG__KEYED_DONE1;
    else SG__KEYED_STATE(e) = SG__KEYED_DONE;
}
#endif

/* The slot of key, or the free slot where its probe path ends when key is absent: the one walk
 * of the table, for lookups (sg__keyed_locate) and for placing keys (sg__keyed_add, the
 * rehash). The table must have slots. */
SG__INLINE sg__keyed_slot_t *sg__keyed_probe(const sg__keyed_t *k, uint64_t key)
{
    size_t i;
    for (i = sg__hash64(key) & k->mask;; i = (i + 1) & k->mask) {
        sg__keyed_slot_t *e = SG__KEYED_AT(k, i);
        if (SG__KEYED_STATE(e) == SG__KEYED_EMPTY || SG__KEYED_KEY(e) == key) return e;
    }
}

/* The slot of key, NULL when absent. */
SG__INLINE sg__keyed_slot_t *sg__keyed_locate(const sg__keyed_t *k, uint64_t key)
{
    sg__keyed_slot_t *e;
    if (k->slots == NULL) return NULL;
    e = sg__keyed_probe(k, key);
    return SG__KEYED_STATE(e) == SG__KEYED_EMPTY ? NULL : e;
}

/* The entry of key in the wide shape, NULL when absent. */
#ifdef SG_NO_LONGRUN
#  define sg__keyed_find sg__keyed_locate
#else
SG__INLINE sg__keyed_entry_t *sg__keyed_find(const sg__keyed_t *k, uint64_t key)
{
    return SG__CAST(sg__keyed_entry_t *, SG__CAST(void *, sg__keyed_locate(k, key)));
}
#endif

/* Allocate an object of `size` bytes (>= sizeof(sg__keyed_t)) starting with the core, zeroed,
 * its memory under max_bytes from allocator. SG_EINVAL for a NULL obj or rule or an allocator missing a
 * function, SG_ENOMEM. */
SG__PRIVATE int sg__keyed_create(sg__keyed_t **obj, size_t size, sg_rule_fn rule, void *user,
                                 size_t max_bytes, const sg_allocator_t *allocator);
/* NULL-safe; from inside the rule, only marks the object for the running call to free. */
SG__PRIVATE void sg__keyed_free(sg__keyed_t *k);
/* The slot of key, added (state STALE) when absent; NULL when the table cannot grow. */
SG__PRIVATE sg__keyed_slot_t *sg__keyed_add(sg__keyed_t *k, uint64_t key);
#ifndef SG_NO_LONGRUN
/* The same in the wide shape (the store's files, lib/longrun). */
SG__INLINE sg__keyed_entry_t *sg__keyed_insert(sg__keyed_t *k, uint64_t key)
{
    return SG__CAST(sg__keyed_entry_t *, SG__CAST(void *, sg__keyed_add(k, key)));
}
#endif
/* A misuse from inside the rule: the running call is made to fail with SG_EBUSY. */
SG__PRIVATE void sg__keyed_refuse(sg__keyed_t *k);
#ifndef SG_NO_LONGRUN   /* (the contest header's memo never forgets: no declaration) */
/* Take slot e out of the table (the later entries of its cluster move back as they must). */
SG__PRIVATE void sg__keyed_erase(sg__keyed_t *k, sg__keyed_slot_t *e);
#endif
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
        sg__keyed_slot_t *e;
        size_t below = out->depth;
        sg_value_t value = 0;
        int again;
        if ((e = sg__keyed_add(k, v)) == NULL) return SG_ENOMEM;
        if (SG__KEYED_HAS_RESULT(SG__KEYED_STATE(e))) {
            out->depth--;
            continue;
        }
        again = SG__KEYED_STATE(e) == k->epoch;
        SG__KEYED_STATE(e) = k->epoch;
        if ((st = visit(k, out, v, again, &value)) != SG_OK) return st;
        if (out->depth > below) continue;
        SG__KEYED_FINISH(k, e, value);
        k->done++;
#ifndef SG_NO_LONGRUN
        if (k->forget != NULL && k->forget(k, v, value)) sg__keyed_erase(k, e);
#endif
        out->depth--;
    }
    return SG_OK;
}

#endif
