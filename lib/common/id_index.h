/* Private to lib/: the one index from variable-length keys to dense 32-bit ids, which the misere
 * solvers (games/misere/: sums of heaps, the quotient's rows and outcome nodes, the proof's
 * signatures) and the store of structured positions (engine/struct_intern.c) share.
 *
 * The caller keeps its keys (an arena, rows of a table) and numbers them 0, 1, 2, ... in the
 * order it adds them; the index only maps a key to its id. It is an open-addressing table of
 * id + 1 (0: an empty slot), linear probing, at most half full, grown by doubling; its bytes
 * are counted against the caller's sg__mem_t (cap and allocator), every size overflow-checked
 * (SG_ENOMEM, the index left as it was). A probe is driven by the caller: the hash of the key
 * it looks for, and a function telling whether an id holds that key (inlined into the caller's
 * probe, so it is a direct call); growing asks the hash of each id held.
 *
 * The hashes the callers use are here too, so that each kind of key has one. */
#ifndef SG_COMMON_ID_INDEX_H
#define SG_COMMON_ID_INDEX_H

#include "sg_internal.h"

#define SG__IDS_NONE 0xFFFFFFFFu   /* no id; ids are below it */

typedef struct {
    uint32_t *slot;   /* id + 1 per slot, 0 = empty; NULL before the first id */
    size_t mask;      /* slot count - 1 (a power of two), 0 while slot is NULL */
} sg__ids_t;

/* whether id holds key (the caller's key, as it passed it to sg__ids_find) */
typedef int (*sg__ids_same_fn)(const void *ctx, uint32_t id, const void *key);
/* the hash of the key that id holds */
typedef uint64_t (*sg__ids_hash_fn)(const void *ctx, uint32_t id);

SG__INLINE size_t sg__ids_slots(const sg__ids_t *x)
{
    return x->slot != NULL ? x->mask + 1 : 0;
}

/* The id holding key, whose hash is hash, or SG__IDS_NONE. */
SG__INLINE uint32_t sg__ids_find(const sg__ids_t *x, uint64_t hash, sg__ids_same_fn same,
                                 const void *ctx, const void *key)
{
    size_t i;
    if (x->slot == NULL) return SG__IDS_NONE;
    for (i = SG__CAST(size_t, hash) & x->mask; x->slot[i] != 0; i = (i + 1) & x->mask)
        if (same(ctx, x->slot[i] - 1, key)) return x->slot[i] - 1;
    return SG__IDS_NONE;
}

/* Room for one more id when n are held (ids 0..n-1, hash gives theirs): the table is made
 * first slots large, or twice as large, when n + 1 ids would fill more than half of it.
 * SG_ERANGE when n + 1 ids do not fit in 32 bits, SG_ENOMEM; either leaves x as it was. */
SG__PRIVATE int sg__ids_reserve(sg__ids_t *x, sg__mem_t *mem, size_t n, size_t first,
                                sg__ids_hash_fn hash, const void *ctx);
/* Put id, not held yet, whose key has hash hash (room reserved for it). */
SG__INLINE void sg__ids_put(sg__ids_t *x, uint64_t hash, uint32_t id)
{
    size_t i;
    for (i = SG__CAST(size_t, hash) & x->mask; x->slot[i] != 0; i = (i + 1) & x->mask)
        ;
    x->slot[i] = id + 1;
}
/* The index of ids 0..n-1 laid out again (their keys changed, or ids were dropped), in a table
 * of `least` slots or as many more (doubling) as keeps it at most half full; a table of that
 * size already held is reused. SG_ERANGE, SG_ENOMEM: x as it was. */
SG__PRIVATE int sg__ids_rebuild(sg__ids_t *x, sg__mem_t *mem, size_t n, size_t least,
                                sg__ids_hash_fn hash, const void *ctx);
/* The index of ids 0..n-1 laid out again in the table it has (which must hold more than 2n
 * slots, or n == 0): never fails. */
SG__PRIVATE void sg__ids_refill(sg__ids_t *x, size_t n, sg__ids_hash_fn hash, const void *ctx);
/* Free the table; x is empty again. */
SG__PRIVATE void sg__ids_free(sg__ids_t *x, sg__mem_t *mem);

/* A hash of 32-bit words, seed mixed in first (a key's length and tags): a multiply a word,
 * then a final mix. One word at a time: most keys are a few words, written just before they
 * are looked up, and reading two at a time was slower there (0.77's genus: 1.19). */
SG__INLINE uint64_t sg__ids_hash_words(uint64_t seed, const uint32_t *w, size_t n)
{
    uint64_t x = 0x9E3779B97F4A7C15u ^ seed;
    size_t i;
    for (i = 0; i < n; i++) x = (x ^ w[i]) * 0xBF58476D1CE4E5B9u;
    x ^= x >> 29;
    x *= 0x94D049BB133111EBu;
    return x ^ (x >> 32);
}

/* A hash of a byte string: 8-byte words folded in with a multiply each, the length last. */
SG__INLINE uint64_t sg__ids_hash_bytes(const unsigned char *p, size_t len)
{
    uint64_t h = 0x9e3779b97f4a7c15u, w;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        memcpy(&w, p + i, 8);
        h = (h ^ w) * 0xff51afd7ed558ccdu;
        h ^= h >> 32;
    }
    if (i < len) {
        w = 0;
        memcpy(&w, p + i, len - i);
        h = (h ^ w) * 0xc4ceb9fe1a85ec53u;
        h ^= h >> 29;
    }
    h ^= SG__CAST(uint64_t, len);
    h *= 0xff51afd7ed558ccdu;
    return h ^ (h >> 33);
}

#endif
