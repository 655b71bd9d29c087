#include "sg_internal.h"
#include "id_index.h"

/* The index from keys to dense ids (id_index.h). */

/* The least power of two >= least (>= 1) that holds n ids at most half full: *slots, or
 * SG_ENOMEM when it does not fit in a size_t of bytes. */
static int sg__ids_size(size_t n, size_t least, size_t *slots)
{
    size_t s = 1;
    while (s < least || s / 2 < n) {
        if (s > SIZE_MAX / 2 / sizeof(uint32_t)) return SG_ENOMEM;
        s *= 2;
    }
    *slots = s;
    return SG_OK;
}

void sg__ids_refill(sg__ids_t *x, size_t n, sg__ids_hash_fn hash, const void *ctx)
{
    size_t i;
    if (x->slot == NULL) return;
    memset(x->slot, 0, (x->mask + 1) * sizeof *x->slot);
    for (i = 0; i < n; i++) {
        uint32_t id = SG__CAST(uint32_t, i);
        sg__ids_put(x, hash(ctx, id), id);
    }
}

/* ids 0..n-1 in a new table of slots slots (a power of two, at most half full) */
static int sg__ids_layout(sg__ids_t *x, sg__mem_t *mem, size_t slots, size_t n,
                          sg__ids_hash_fn hash, const void *ctx)
{
    uint32_t *fresh = SG__CAST(uint32_t *, sg__mem_alloc(mem, slots * sizeof *fresh));
    if (fresh == NULL) return SG_ENOMEM;
    sg__ids_free(x, mem);
    x->slot = fresh;
    x->mask = slots - 1;
    sg__ids_refill(x, n, hash, ctx);
    return SG_OK;
}

int sg__ids_reserve(sg__ids_t *x, sg__mem_t *mem, size_t n, size_t first, sg__ids_hash_fn hash,
                    const void *ctx)
{
    size_t slots = sg__ids_slots(x);
    if (n >= SG__IDS_NONE) return SG_ERANGE;
    if (slots != 0 && n + 1 <= slots / 2) return SG_OK;
    if (slots > SIZE_MAX / 2 || sg__ids_size(n + 1, slots ? slots * 2 : first, &slots) != SG_OK)
        return SG_ENOMEM;
    return sg__ids_layout(x, mem, slots, n, hash, ctx);
}

int sg__ids_rebuild(sg__ids_t *x, sg__mem_t *mem, size_t n, size_t least, sg__ids_hash_fn hash,
                    const void *ctx)
{
    size_t slots;
    if (n > SG__IDS_NONE) return SG_ERANGE;
    if (sg__ids_size(n, least, &slots) != SG_OK) return SG_ENOMEM;
    if (slots == sg__ids_slots(x)) {
        sg__ids_refill(x, n, hash, ctx);
        return SG_OK;
    }
    return sg__ids_layout(x, mem, slots, n, hash, ctx);
}

void sg__ids_free(sg__ids_t *x, sg__mem_t *mem)
{
    sg__mem_free(mem, x->slot, sg__ids_slots(x) * sizeof *x->slot);
    x->slot = NULL;
    x->mask = 0;
}
