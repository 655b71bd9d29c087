#include "../common/sg_internal.h"
#include "struct_store.h"

/* Interning of structured positions (struct_store.h): bytes kept once, an exact index. */

/* A position's bytes, their hash (sg__ids_hash_bytes: it only finds candidates; the bytes
 * decide) */
typedef struct {
    const unsigned char *bytes;
    size_t len;
    uint64_t hash;
} sg__struct_key_t;

static int sg__struct_same(const void *ctx, uint32_t id, const void *key)
{
    const sg_store_t *s = SG__CAST(const sg_store_t *, ctx);
    const sg__struct_key_t *k = SG__CAST(const sg__struct_key_t *, key);
    const sg__spos_t *e = &s->pos[id];
    return e->hash == k->hash && e->len == k->len &&
           (k->len == 0 || !memcmp(s->arena + e->off, k->bytes, k->len));
}

static uint64_t sg__struct_hash_of(const void *ctx, uint32_t id)
{
    return SG__CAST(const sg_store_t *, ctx)->pos[id].hash;
}

static uint32_t sg__struct_find(const sg_store_t *s, const sg__struct_key_t *k)
{
    return sg__ids_find(&s->index, k->hash, sg__struct_same, s, k);
}

int sg__struct_lookup(const sg_store_t *s, const unsigned char *bytes, size_t len, uint32_t *id)
{
    sg__struct_key_t k;
    uint32_t x;
    if (s->index.slot == NULL) return 0;
    k.bytes = bytes;
    k.len = len;
    k.hash = sg__ids_hash_bytes(bytes, len);
    if ((x = sg__struct_find(s, &k)) == SG__IDS_NONE) return 0;
    *id = x;
    return 1;
}

int sg__struct_intern(sg_store_t *s, const unsigned char *bytes, size_t len, uint32_t *id)
{
    sg__struct_key_t k;
    uint32_t x;
    void *p;
    k.bytes = bytes;
    k.len = len;
    k.hash = sg__ids_hash_bytes(bytes, len);
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
    s->pos[s->npos].hash = k.hash;
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

void sg__struct_intern_truncate(sg_store_t *s, size_t npos)
{
    void *p;
    if (npos >= s->npos) return;
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
    s->arena = NULL;
    s->pos = NULL;
    s->abytes = s->acap = s->npos = s->pcap = 0;
}
