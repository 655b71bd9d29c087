#include "../common/sg_internal.h"
#include "struct_store.h"

/* Interning of structured positions (struct_store.h): bytes kept once, an exact index. */

/* The hash of a position's bytes: a key of at most 16 bytes (a Cram region is at most 10, a
 * small graph's encoding as many) is read in two loads that overlap, folded with its length
 * by two multiplies, instead of a loop and a copy of its tail; longer ones by
 * sg__ids_hash_bytes. It only finds candidates: the bytes decide. */
SG__INLINE uint64_t sg__struct_hash(const unsigned char *p, size_t len)
{
    uint64_t a = 0, b = 0, h;
    uint32_t x, y;
    if (len > 16) return sg__ids_hash_bytes(p, len);
    if (len >= 8) {
        memcpy(&a, p, 8);
        memcpy(&b, p + len - 8, 8);
    } else if (len >= 4) {
        memcpy(&x, p, 4);
        memcpy(&y, p + len - 4, 4);
        a = x;
        b = y;
    } else if (len > 0) {
        a = p[0] | SG__CAST(uint32_t, p[len / 2]) << 8 | SG__CAST(uint32_t, p[len - 1]) << 16;
    }
    h = (a ^ 0x9e3779b97f4a7c15u) * 0xff51afd7ed558ccdu;
    h = (h ^ (h >> 32) ^ b ^ (SG__CAST(uint64_t, len) << 56)) * 0xc4ceb9fe1a85ec53u;
    return h ^ (h >> 29);
}

/* bytes p and q of len equal (the hash found them: most often they are) */
SG__INLINE int sg__struct_eq(const unsigned char *p, const unsigned char *q, size_t len)
{
    uint64_t a, b, c, d;
    uint32_t x, y, z, t;
    if (len >= 8 && len <= 16) {
        memcpy(&a, p, 8);
        memcpy(&b, q, 8);
        memcpy(&c, p + len - 8, 8);
        memcpy(&d, q + len - 8, 8);
        return a == b && c == d;
    }
    if (len >= 4 && len < 8) {
        memcpy(&x, p, 4);
        memcpy(&y, q, 4);
        memcpy(&z, p + len - 4, 4);
        memcpy(&t, q + len - 4, 4);
        return x == y && z == t;
    }
    if (len < 4)   /* the first, middle and last bytes are every byte */
        return len == 0 || (p[0] == q[0] && p[len / 2] == q[len / 2] && p[len - 1] == q[len - 1]);
    return !memcmp(p, q, len);
}

/* A position's bytes, their hash (sg__struct_hash) */
typedef struct {
    const unsigned char *bytes;
    size_t len;
    uint64_t hash;
} sg__struct_key_t;

/* inline into sg__ids_find, which takes it by pointer: a call a probe was 5% of a Cram search */
SG__INLINE int sg__struct_same(const void *ctx, uint32_t id, const void *key)
{
    const sg_store_t *s = SG__CAST(const sg_store_t *, ctx);
    const sg__struct_key_t *k = SG__CAST(const sg__struct_key_t *, key);
    const sg__spos_t *e = &s->pos[id];
    /* (no offset into the arena for an empty key: the arena may not exist yet) */
    return e->len == k->len && (k->len == 0 || sg__struct_eq(s->arena + e->off, k->bytes, k->len));
}

static uint64_t sg__struct_hash_of(const void *ctx, uint32_t id)
{
    const sg_store_t *s = SG__CAST(const sg_store_t *, ctx);
    return sg__struct_hash(sg__struct_bytes(s, id), s->pos[id].len);
}

SG__INLINE uint32_t sg__struct_find(const sg_store_t *s, const sg__struct_key_t *k)
{
    return sg__ids_find(&s->index, k->hash, sg__struct_same, s, k);
}

int sg__struct_lookup_hashed(const sg_store_t *s, const unsigned char *bytes, size_t len,
                             uint64_t h, uint32_t *id)
{
    sg__struct_key_t k;
    uint32_t x;
    if (s->index.slot == NULL) return 0;
    k.bytes = bytes;
    k.len = len;
    k.hash = h;
    if ((x = sg__struct_find(s, &k)) == SG__IDS_NONE) return 0;
    *id = x;
    return 1;
}

int sg__struct_lookup(const sg_store_t *s, const unsigned char *bytes, size_t len, uint32_t *id)
{
    return sg__struct_lookup_hashed(s, bytes, len, sg__struct_hash(bytes, len), id);
}

int sg__struct_intern(sg_store_t *s, const unsigned char *bytes, size_t len, uint32_t *id)
{
    sg__struct_key_t k;
    uint32_t x;
    void *p;
    k.bytes = bytes;
    k.len = len;
    k.hash = sg__struct_hash(bytes, len);
    if ((x = sg__struct_find(s, &k)) != SG__IDS_NONE) {
        *id = x;
        return SG_OK;
    }
    if (len >= SG__PARTS_END || s->npos >= SG__STRUCT_IDS - 1) return SG_ERANGE;
    if (s->limit != 0 && s->npos >= s->limit) return SG_ERANGE;
    if (sg__ids_reserve(&s->index, &s->core.mem, s->npos, 64, sg__struct_hash_of, s) != SG_OK)
        return SG_ENOMEM;
    if (s->npos == s->pcap) {
        p = s->pos;
        if (sg__mem_grow(&s->core.mem, &p, &s->pcap, s->npos + 1, s->npos, sizeof *s->pos))
            return SG_ENOMEM;
        s->pos = SG__CAST(sg__spos_t *, p);
    }
    if (len > s->acap - s->abytes) {
        if (s->abytes > SIZE_MAX - len) return SG_ENOMEM;
        p = s->arena;
        if (sg__mem_grow(&s->core.mem, &p, &s->acap, s->abytes + len, s->abytes, 1))
            return SG_ENOMEM;
        s->arena = SG__CAST(unsigned char *, p);
    }
    if (len > 0) memcpy(s->arena + s->abytes, bytes, len);
    s->pos[s->npos].off = s->abytes;
    s->pos[s->npos].len = SG__CAST(uint32_t, len);
    s->pos[s->npos].value = 0;
    s->abytes += len;
    *id = SG__CAST(uint32_t, s->npos);
    sg__ids_put(&s->index, k.hash, *id);
    s->npos++;
    return SG_OK;
}

/* Move the first `keep` elements of *data (cap elements of elem bytes) to a block of `want`
 * elements when that is smaller; on no memory the block stays as it is. */
static void sg__struct_shrink(sg__mem_t *mem, void **data, size_t *cap, size_t want, size_t keep,
                              size_t elem)
{
    void *p;
    if (want >= *cap || (p = sg__mem_alloc(mem, want * elem)) == NULL) return;
    if (keep > 0) memcpy(p, *data, keep * elem);
    sg__mem_free(mem, *data, *cap * elem);
    *data = p;
    *cap = want;
}

SG__INLINE size_t sg__struct_pow2(size_t n, size_t least)
{
    size_t c = least;
    while (c < n && c <= SIZE_MAX / 2) c *= 2;
    return c;
}

/* ---- the canonical-form cache ------------------------------------------------------------
 * A search reads the same components again and again (a region of a board reached by several
 * orders of moves, the part of a graph a move leaves alone), and a rule's canonical form is
 * the dearest part of a node. Slots: SG__SCACHE_PER a position held, 256 .. 2^18; a slot is
 * its head and the bytes, the least power of two of at least 32 bytes that holds the longest
 * part offered, at most 256 (a longer part is not kept); the whole within 32 MiB, and within
 * 1/16 of the store's cap when it has one. */
#ifndef SG__SCACHE_PER
#define SG__SCACHE_PER 2u
#endif
#define SG__SCACHE_MIN 256u
#define SG__SCACHE_MAX (SG__CAST(size_t, 1) << 18)
#define SG__SCACHE_STRIDE_MAX 256u
#define SG__SCACHE_BYTES (SG__CAST(size_t, 32) << 20)

SG__INLINE sg__scache_t *sg__struct_slot_at(unsigned char *cache, size_t stride, size_t i)
{
    return SG__CAST(sg__scache_t *, SG__CAST(void *, cache + i * stride));
}

SG__INLINE sg__scache_t *sg__struct_slot(const sg_store_t *s, size_t i)
{
    return sg__struct_slot_at(s->cache, s->cstride, i);
}

static void sg__struct_cache_free(sg_store_t *s)
{
    if (s->cache != NULL) sg__mem_free(&s->core.mem, s->cache, (s->cmask + 1) * s->cstride);
    s->cache = NULL;
    s->cmask = s->cstride = s->cnext = 0;
}

/* a cache of slots of stride bytes, the entries of the old one moved in (a clash: the later
 * wins) */
static void sg__struct_cache_grow(sg_store_t *s, size_t slots, size_t stride)
{
    size_t i, budget = SG__SCACHE_BYTES;
    unsigned char *c;
    if (s->core.mem.cap != 0 && s->core.mem.cap / 16 < budget) budget = s->core.mem.cap / 16;
    while (slots > SG__SCACHE_MIN && slots * stride > budget) slots /= 2;
    if (slots * stride > budget) return;
    if (s->cache != NULL && slots == s->cmask + 1 && stride == s->cstride) return;
    c = SG__CAST(unsigned char *, sg__mem_alloc(&s->core.mem, slots * stride));
    if (c == NULL) return;
    for (i = 0; i < slots; i++) sg__struct_slot_at(c, stride, i)->id = SG__STRUCT_IDS;
    for (i = 0; s->cache != NULL && i <= s->cmask; i++) {
        const sg__scache_t *e = sg__struct_slot(s, i);
        if (e->id == SG__STRUCT_IDS) continue;
        memcpy(sg__struct_slot_at(c, stride, e->hash & (slots - 1)), e, sizeof *e + e->len);
    }
    sg__struct_cache_free(s);
    s->cache = c;
    s->cmask = slots - 1;
    s->cstride = stride;
}

int sg__struct_cached(const sg_store_t *s, const unsigned char *bytes, size_t len,
                      uint64_t *hash, uint32_t *id)
{
    const sg__scache_t *e;
    uint64_t h = sg__struct_hash(bytes, len);
    *hash = h;
    if (s->cache == NULL) return 0;
    e = sg__struct_slot(s, h & s->cmask);
    /* an empty slot has only its id written (sg__struct_cache_grow): read that first */
    if (e->id == SG__STRUCT_IDS || e->hash != h || e->len != len) return 0;
    if (!sg__struct_eq(SG__CAST(const unsigned char *, SG__CAST(const void *, e + 1)), bytes,
                       len))
        return 0;
    *id = e->id;
    return 1;
}

void sg__struct_cache_put(sg_store_t *s, const unsigned char *bytes, size_t len, uint64_t hash,
                          uint32_t id)
{
    sg__scache_t *e;
    if (len > SG__SCACHE_STRIDE_MAX - sizeof *e) return;
    if (len > s->clong) s->clong = len;
    if (s->npos >= s->cnext) {
        /* grown as the positions double; the stride chosen then for the longest part so far */
        size_t slots = sg__struct_pow2(SG__SCACHE_PER * s->npos, SG__SCACHE_MIN);
        if (slots > SG__SCACHE_MAX) slots = SG__SCACHE_MAX;
        sg__struct_cache_grow(s, slots, sg__struct_pow2(s->clong + sizeof *e, 32));
        s->cnext = s->cache != NULL && s->cmask + 1 >= slots && slots < SG__SCACHE_MAX
                       ? (s->cmask + 1) / SG__SCACHE_PER + 1
                       : 2 * s->npos + 64;
    }
    if (s->cache == NULL || len > s->cstride - sizeof *e) return;
    e = sg__struct_slot(s, hash & s->cmask);
    e->hash = hash;
    e->id = id;
    e->len = SG__CAST(uint32_t, len);
    if (len > 0) memcpy(e + 1, bytes, len);
}

void sg__struct_intern_truncate(sg_store_t *s, size_t npos)
{
    size_t i;
    void *p;
    if (npos >= s->npos) return;
    for (i = 0; s->cache != NULL && i <= s->cmask; i++) {
        sg__scache_t *e = sg__struct_slot(s, i);
        if (e->id != SG__STRUCT_IDS && e->id >= npos) e->id = SG__STRUCT_IDS;
    }
    s->abytes = s->pos[npos].off;
    s->npos = npos;
    p = s->pos;
    sg__struct_shrink(&s->core.mem, &p, &s->pcap, sg__struct_pow2(npos, 16), npos, sizeof *s->pos);
    s->pos = SG__CAST(sg__spos_t *, p);
    p = s->arena;
    sg__struct_shrink(&s->core.mem, &p, &s->acap, sg__struct_pow2(s->abytes, 64), s->abytes, 1);
    s->arena = SG__CAST(unsigned char *, p);
    /* a smaller index where it fits, else the same room, rebuilt */
    if (sg__ids_rebuild(&s->index, &s->core.mem, npos, sg__struct_pow2(2 * npos + 2, 64),
                        sg__struct_hash_of, s) != SG_OK)
        sg__ids_refill(&s->index, npos, sg__struct_hash_of, s);
}

/* A failed query or load leaves the store as it was, but for what it proved about positions
 * held before it: results about positions it added are forgotten (their keys made STALE, which
 * the core reads as not known), and so are those positions, so that their room is free again. */
void sg__struct_rollback(sg_store_t *s, size_t npos)
{
    size_t i;
    for (i = 0; s->core.slots != NULL && i <= s->core.mask; i++) {
        sg__keyed_entry_t *e = &s->core.slots[i];
        if (e->state == SG__KEYED_DONE && SG__CAST(uint32_t, e->key) >= npos) {
            e->state = SG__KEYED_STALE;
            s->core.done--;
        }
    }
    sg__struct_intern_truncate(s, npos);
}

void sg__struct_intern_release(sg_store_t *s)
{
    sg__mem_t *mem = &s->core.mem;
    sg__mem_free(mem, s->arena, s->acap);
    sg__mem_free(mem, s->pos, s->pcap * sizeof *s->pos);
    sg__ids_free(&s->index, mem);
    sg__struct_cache_free(s);
    s->arena = NULL;
    s->pos = NULL;
    s->abytes = s->acap = s->npos = s->pcap = 0;
}
