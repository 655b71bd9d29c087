#include "../common/sg_internal.h"
#include "struct_store.h"

/* The sink of structured rules (sg_parts_t), the calls of the rules, and the reading of a
 * part into canonical components (struct_store.h). */

void sg__parts_init(sg_parts_t *p, sg__mem_t *mem)
{
    memset(p, 0, sizeof *p);
    p->mem = mem;
}

void sg__parts_release(sg_parts_t *p)
{
    sg__mem_free(p->mem, p->bytes, p->bcap);
    sg__mem_free(p->mem, p->rec, p->rcap * sizeof *p->rec);
    sg__parts_init(p, p->mem);
}

static int sg__parts_grow(sg_parts_t *out)
{
    void *p = out->rec;
    if (sg__mem_grow(out->mem, &p, &out->rcap, out->nrec + 1, out->nrec, sizeof *out->rec))
        return out->status = SG_ENOMEM;
    out->rec = SG__CAST(sg__part_t *, p);
    return SG_OK;
}

SG__INLINE int sg__parts_record(sg_parts_t *out, size_t off, uint32_t len)
{
    if (out->nrec == out->rcap && sg__parts_grow(out) != SG_OK) return out->status;
    out->rec[out->nrec].off = off;
    out->rec[out->nrec++].len = len;
    return SG_OK;
}

/* Copy n >= 1 bytes: a part is most often a few bytes (a Cram region, a small graph), where a
 * call of memcpy for a length not known at compile time costs more than the copy. Under 4
 * bytes, the first, middle and last are every byte. */
SG__INLINE void sg__parts_copy(unsigned char *d, const unsigned char *p, size_t n)
{
    if (n >= 8 && n <= 16) {
        uint64_t a, b;
        memcpy(&a, p, 8);
        memcpy(&b, p + n - 8, 8);
        memcpy(d, &a, 8);
        memcpy(d + n - 8, &b, 8);
    } else if (n >= 4 && n < 8) {
        uint32_t a, b;
        memcpy(&a, p, 4);
        memcpy(&b, p + n - 4, 4);
        memcpy(d, &a, 4);
        memcpy(d + n - 4, &b, 4);
    } else if (n < 4) {
        unsigned char a = p[0], b = p[n / 2], c = p[n - 1];
        d[0] = a;
        d[n / 2] = b;
        d[n - 1] = c;
    } else {
        memcpy(d, p, n);
    }
}

int sg_parts_add(sg_parts_t *out, const void *bytes, size_t len)
{
    if (out == NULL) return SG_EINVAL;
    if (out->status != SG_OK) return out->status;
    if (bytes == NULL && len > 0) return out->status = SG_EINVAL;
    if (len >= SG__PARTS_END) return out->status = SG_ERANGE;
    if (len > out->bcap - out->nbytes) {
        void *p = out->bytes;
        if (out->nbytes > SIZE_MAX - len ||
            sg__mem_grow(out->mem, &p, &out->bcap, out->nbytes + len, out->nbytes, 1))
            return out->status = SG_ENOMEM;
        out->bytes = SG__CAST(unsigned char *, p);
    }
    if (len > 0)
        sg__parts_copy(out->bytes + out->nbytes, SG__CAST(const unsigned char *, bytes), len);
    if (sg__parts_record(out, out->nbytes, SG__CAST(uint32_t, len)) != SG_OK) return out->status;
    out->nbytes += len;
    out->open++;
    return SG_OK;
}

int sg_parts_end(sg_parts_t *out)
{
    if (out == NULL) return SG_EINVAL;
    if (out->status != SG_OK) return out->status;
    if (out->mode != SG__PARTS_OPTIONS) return out->status = SG_EINVAL;
    if (sg__parts_record(out, 0, SG__PARTS_END) != SG_OK) return out->status;
    out->open = 0;
    return SG_OK;
}

int sg__parts_run(sg_store_t *s, sg_parts_t *p, int mode,
                  int (*fn)(void *, const unsigned char *, size_t, sg_parts_t *),
                  const unsigned char *pos, size_t len)
{
    int stop;
    p->status = SG_OK;
    p->mode = mode;
    p->nbytes = p->nrec = p->open = 0;
    stop = fn(s->user, sg__struct_at(pos, 0), len, p);   /* never NULL, even when empty */
    /* a re-entry or a free from inside the callback is noted in the running call's sink */
    if (s->core.active != NULL && s->core.active->status != SG_OK) return s->core.active->status;
    if (p->status != SG_OK) return p->status;   /* a callback may pass the sink's status on */
    if (stop) return SG_ESTOP;
    if (mode == SG__PARTS_OPTIONS && p->open != 0) return SG_EINVAL;
    if (mode == SG__PARTS_CANONICAL && p->nrec != 1) return SG_EINVAL;
    return SG_OK;
}

int sg__struct_frame_grow(sg_store_t *s, uint64_t word)
{
    void *p = s->frames;
    if (sg__mem_grow(&s->core.mem, &p, &s->fcap, s->nframes + 1, s->nframes, sizeof(uint64_t)))
        return SG_ENOMEM;
    s->frames = SG__CAST(uint64_t *, p);
    s->frames[s->nframes++] = word;
    return SG_OK;
}

/* The canonical form of one component, interned; the rule asked only for bytes the cache does
 * not hold. */
static int sg__struct_canonical_id(sg_store_t *s, const unsigned char *bytes, size_t len,
                                   uint32_t *id)
{
    uint64_t hash;
    int st;
    if (s->rules.canonical == NULL) return sg__struct_intern(s, bytes, len, id);
    if (sg__struct_cached(s, bytes, len, &hash, id)) return SG_OK;
    /* bytes already held are a canonical form, their own (a canonical form is idempotent) */
    if (sg__struct_lookup_hashed(s, bytes, len, hash, id)) return SG_OK;
    st = sg__parts_run(s, &s->canon, SG__PARTS_CANONICAL, s->rules.canonical, bytes, len);
    if (st != SG_OK) return st;
    st = sg__struct_intern(s, sg__struct_at(s->canon.bytes, s->canon.rec[0].off),
                           s->canon.rec[0].len, id);
    if (st == SG_OK) sg__struct_cache_put(s, bytes, len, hash, *id);
    return st;
}

int sg__struct_components(sg_store_t *s, const unsigned char *bytes, size_t len, int option,
                          size_t *count)
{
    size_t i;
    uint32_t id;
    int st;
    *count = 0;
    if (s->rules.split == NULL || (option && s->options_split)) {
        st = option && s->options_canonical ? sg__struct_intern(s, bytes, len, &id)
                                            : sg__struct_canonical_id(s, bytes, len, &id);
        if (st != SG_OK) return st;
        *count = 1;
        return sg__struct_frame_push(s, id);
    }
    st = sg__parts_run(s, &s->split, SG__PARTS_SPLIT, s->rules.split, bytes, len);
    if (st != SG_OK) return st;
    for (i = 0; i < s->split.nrec; i++) {
        const sg__part_t *r = &s->split.rec[i];
        if ((st = sg__struct_canonical_id(s, sg__struct_at(s->split.bytes, r->off), r->len,
                                           &id)) != SG_OK)
            return st;
        if ((st = sg__struct_frame_push(s, id)) != SG_OK) return st;
        ++*count;
    }
    return SG_OK;
}
