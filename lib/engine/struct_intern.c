#include "../common/sg_internal.h"
#include "struct_store.h"

/* Interning of structured positions (struct_store.h): bytes kept once, an exact index. */

/* A 64-bit hash of a byte string: 8-byte words folded in with a multiply each, the length
 * mixed in last. It only finds candidates; the bytes decide. */
static uint64_t sg__struct_hash(const unsigned char *p, size_t len)
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

static int sg__struct_same(const sg_store_t *s, uint32_t id, const unsigned char *bytes,
                           size_t len, uint64_t hash)
{
    const sg__spos_t *e = &s->pos[id];
    return e->hash == hash && e->len == len && (len == 0 || !memcmp(s->arena + e->off, bytes, len));
}

int sg__struct_lookup_hashed(const sg_store_t *s, const unsigned char *bytes, size_t len,
                             uint64_t h, uint32_t *id)
{
    size_t i;
    if (s->index == NULL) return 0;
    for (i = h & s->imask; s->index[i] != 0; i = (i + 1) & s->imask) {
        if (sg__struct_same(s, s->index[i] - 1, bytes, len, h)) {
            *id = s->index[i] - 1;
            return 1;
        }
    }
    return 0;
}

int sg__struct_lookup(const sg_store_t *s, const unsigned char *bytes, size_t len, uint32_t *id)
{
    if (s->index == NULL) return 0;
    return sg__struct_lookup_hashed(s, bytes, len, sg__struct_hash(bytes, len), id);
}

static int sg__struct_reindex(sg_store_t *s, size_t slots)
{
    uint32_t *index;
    size_t i, mask = slots - 1;
    if (slots > SIZE_MAX / sizeof *index) return SG_ENOMEM;
    index = SG__CAST(uint32_t *, sg__mem_alloc(&s->core.mem, slots * sizeof *index));
    if (index == NULL) return SG_ENOMEM;
    memset(index, 0, slots * sizeof *index);
    for (i = 0; i < s->npos; i++) {
        size_t j = s->pos[i].hash & mask;
        while (index[j] != 0) j = (j + 1) & mask;
        index[j] = SG__CAST(uint32_t, i + 1);
    }
    if (s->index != NULL) sg__mem_free(&s->core.mem, s->index, (s->imask + 1) * sizeof *index);
    s->index = index;
    s->imask = mask;
    return SG_OK;
}

int sg__struct_intern(sg_store_t *s, const unsigned char *bytes, size_t len, uint32_t *id)
{
    uint64_t h;
    size_t i;
    void *p;
    h = sg__struct_hash(bytes, len);
    if (sg__struct_lookup_hashed(s, bytes, len, h, id)) return SG_OK;
    if (len >= SG__PARTS_END || s->npos >= SG__STRUCT_IDS - 1) return SG_ERANGE;
    if (s->limit != 0 && s->npos >= s->limit) return SG_ERANGE;
    if (s->index == NULL || s->npos + 1 > (s->imask + 1) / 2) {
        size_t n = s->index ? (s->imask + 1) * 2 : 64;
        if (n == 0 || sg__struct_reindex(s, n) != SG_OK) return SG_ENOMEM;
    }
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
    s->pos[s->npos].hash = h;
    s->abytes += len;
    for (i = h & s->imask; s->index[i] != 0; i = (i + 1) & s->imask)
        ;
    *id = SG__CAST(uint32_t, s->npos);
    s->index[i] = SG__CAST(uint32_t, ++s->npos);
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
    if (e->hash != h || e->len != len || e->id == SG__STRUCT_IDS) return 0;
    if (len > 0 && memcmp(e + 1, bytes, len) != 0) return 0;
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
    size_t slots, i;
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
    slots = sg__struct_pow2(2 * npos + 2, 64);
    if (slots < s->imask + 1 && sg__struct_reindex(s, slots) == SG_OK) return;
    memset(s->index, 0, (s->imask + 1) * sizeof *s->index);   /* the same room, rebuilt */
    for (i = 0; i < s->npos; i++) {
        size_t j = s->pos[i].hash & s->imask;
        while (s->index[j] != 0) j = (j + 1) & s->imask;
        s->index[j] = SG__CAST(uint32_t, i + 1);
    }
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
    if (s->index != NULL) sg__mem_free(mem, s->index, (s->imask + 1) * sizeof *s->index);
    sg__struct_cache_free(s);
    s->arena = NULL;
    s->pos = NULL;
    s->index = NULL;
    s->abytes = s->acap = s->npos = s->pcap = s->imask = 0;
}
