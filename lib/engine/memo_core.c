/* the library's own build compiles this file alone: the names of <sys/mman.h> beyond POSIX
 * (MADV_HUGEPAGE) under -std=c99 (in the single header, when the program asked for them) */
#ifndef SG_NO_LONGRUN   /* (the contest header folds this away) */
#  if !defined(SG_SINGLE_IMPLEMENTED_) && defined(__linux__) && !defined(_DEFAULT_SOURCE)
#    define _DEFAULT_SOURCE
#  endif
#endif
#include "../common/sg_internal.h"
#include "keyed.h"

/* the contest build leaves the hint below out (SG_NO_LONGRUN: no large tables there) */
#if !defined(SG_NO_LONGRUN) && defined(__linux__)
#  include <sys/mman.h>
#  if defined(MADV_HUGEPAGE)
#    define SG__KEYED_ADVISE 1
#  endif
#endif

/* The keyed-search core (keyed.h): the table, the epochs and the re-entry guard that memo.c
 * and misere_memo.c share. */

int sg__keyed_create(sg__keyed_t **obj, size_t size, sg_rule_fn rule, void *user,
                     size_t max_bytes, const sg_allocator_t *allocator)
{
    sg__mem_t mem;
    sg__keyed_t *k;
    if (obj == NULL) return SG_EINVAL;
    *obj = NULL;
    if (rule == NULL || sg__allocator_check(allocator) != SG_OK) return SG_EINVAL;
    sg__mem_init(&mem, allocator, max_bytes);
    k = SG__CAST(sg__keyed_t *, sg__mem_alloc(&mem, size));
    if (k == NULL) return SG_ENOMEM;
    memset(k, 0, size);
    k->mem = mem;
    k->self = size;
    k->rule = rule;
    k->user = user;
#ifndef SG_NO_LONGRUN
    k->stride = SG__KEYED_WIDE;
#endif
    k->epoch = SG__KEYED_EPOCH0;
    *obj = k;
    return SG_OK;
}

static size_t sg__keyed_size(const sg__keyed_t *k)
{
    return k->slots ? (k->mask + 1) * SG__KEYED_STRIDE(k) : 0;
}

static void sg__keyed_destroy(sg__keyed_t *k)
{
    sg__mem_t mem = k->mem;
    sg__mem_free(&mem, k->slots, sg__keyed_size(k));
    sg__mem_free(&mem, k, k->self);
}

/* The running call fails with SG_EBUSY (unless it already failed), so no result computed
 * around the misuse is ever stored or reported. */
void sg__keyed_refuse(sg__keyed_t *k)
{
    if (k->active->status == SG_OK) k->active->status = SG_EBUSY;
}

void sg__keyed_free(sg__keyed_t *k)
{
    if (k == NULL) return;
    if (k->active != NULL) {
        k->doomed = 1;
        sg__keyed_refuse(k);
        return;
    }
    sg__keyed_destroy(k);
}

/* A table of malloc's of at least 4 MiB is offered the kernel's 2 MiB pages (transparent huge
 * pages, Linux; a hint, ignored where they are off). Hashing writes every page of a table soon
 * after it is allocated, so they cost no memory that 4 KiB pages would not; what they save is
 * the faults of fresh pages: 2^20 keys fill 32 MiB, 8192 faults of 4 KiB or 16 of 2 MiB, and
 * where a fault is slow (a virtual machine: about 20 us) the first way costs more than the
 * search. A caller's allocator is left alone: its memory is not the library's to advise. */
#ifdef SG__KEYED_ADVISE
static void sg__keyed_advise(const sg__keyed_t *k, void *p, size_t bytes)
{
    const size_t huge = (size_t)2 << 20;
    unsigned char *c = SG__CAST(unsigned char *, p);
    size_t skip = (huge - (size_t)((uintptr_t)c & (huge - 1))) & (huge - 1);
    if (k->mem.allocator.alloc != NULL || bytes < 2 * huge || bytes - skip < huge) return;
    (void)madvise(c + skip, (bytes - skip) & ~(huge - 1), MADV_HUGEPAGE);
}
#endif

static int sg__keyed_rehash(sg__keyed_t *k, size_t nslots)
{
    sg__keyed_t old = *k;
    size_t i, bytes = nslots * SG__KEYED_STRIDE(k);
    sg__keyed_entry_t *p;
    if (nslots > SIZE_MAX / SG__KEYED_STRIDE(k)) return SG_ENOMEM;
    if ((p = SG__CAST(sg__keyed_entry_t *, sg__mem_alloc(&k->mem, bytes))) == NULL)
        return SG_ENOMEM;
    k->slots = p;
#ifdef SG__KEYED_ADVISE   /* no hint to give in the contest header */
    sg__keyed_advise(k, k->slots, bytes);
#endif
    memset(k->slots, 0, bytes);
    k->mask = nslots - 1;
    for (i = 0; old.slots && i <= old.mask; i++)
        if (SG__KEYED_STATE(SG__KEYED_AT(&old, i)) != SG__KEYED_EMPTY)
            SG__KEYED_COPY(k, sg__keyed_probe(k, SG__KEYED_KEY(SG__KEYED_AT(&old, i))),
                           SG__KEYED_AT(&old, i));
    sg__mem_free(&k->mem, old.slots, sg__keyed_size(&old));
    return SG_OK;
}

sg__keyed_slot_t *sg__keyed_add(sg__keyed_t *k, uint64_t key)
{
    sg__keyed_slot_t *e = k->slots ? sg__keyed_probe(k, key) : NULL;
    if (e != NULL && SG__KEYED_STATE(e) != SG__KEYED_EMPTY) return e;   /* present */
    if (e == NULL || k->used + 1 > (k->mask + 1) / 2) {
        size_t n = k->slots ? (k->mask + 1) * 2 : 64;
        if (n == 0 || sg__keyed_rehash(k, n) != SG_OK) return NULL;
        e = sg__keyed_probe(k, key);
    }
    memcpy(e, &key, sizeof key);   /* a value is read only once DONE has set it */
    SG__KEYED_STATE(e) = SG__KEYED_STALE;
    k->used++;
    return e;
}

/* Remove e from the table (Knuth's algorithm R for linear probing): later entries of its
 * cluster that may not stay after the hole move back into it. */
void sg__keyed_erase(sg__keyed_t *k, sg__keyed_slot_t *e)
{
    size_t i = SG__KEYED_INDEX(k, e), j = i, home;
    for (;;) {
        j = (j + 1) & k->mask;
        if (SG__KEYED_STATE(SG__KEYED_AT(k, j)) == SG__KEYED_EMPTY) break;
        home = sg__hash64(SG__KEYED_KEY(SG__KEYED_AT(k, j))) & k->mask;
        /* the entry at j stays when its home lies cyclically in (i, j] */
        if (i < j ? (i < home && home <= j) : (i < home || home <= j)) continue;
        SG__KEYED_COPY(k, SG__KEYED_AT(k, i), SG__KEYED_AT(k, j));
        i = j;
    }
    SG__KEYED_STATE(SG__KEYED_AT(k, i)) = SG__KEYED_EMPTY;
    k->used--;
}

int sg__keyed_begin(sg__keyed_t *k, sg_moves_t *out)
{
    if (sg__keyed_busy(k)) return SG_EBUSY;
    if (k->epoch == UINT32_MAX) {
        size_t i;
        for (i = 0; k->slots && i <= k->mask; i++)
            if (SG__KEYED_STATE(SG__KEYED_AT(k, i)) >= SG__KEYED_EPOCH0)
                SG__KEYED_STATE(SG__KEYED_AT(k, i)) = SG__KEYED_STALE;
        k->epoch = SG__KEYED_EPOCH0;
    }
    k->epoch++;
    sg__moves_init(out, SG__SINK_MEMO, &k->mem);
    out->keyed = k;
    out->epoch = k->epoch;
    k->active = out;
    return SG_OK;
}

int sg__keyed_end(sg__keyed_t *k, sg_moves_t *out, int st)
{
    k->active = NULL;
    if (st != SG_OK) {
        /* every key this call entered and did not finish is still on the stack: take them
         * out, so that a failed call leaves no dead slot behind */
        while (out->depth > 0) {
            sg__keyed_slot_t *d = sg__keyed_locate(k, out->stack[--out->depth]);
            if (d != NULL && SG__KEYED_STATE(d) == k->epoch) sg__keyed_erase(k, d);
        }
    }
    sg__moves_release(out);
    if (k->doomed) {
        /* the rule freed the object: done now that nothing points into it */
        sg__keyed_destroy(k);
        return SG_EBUSY;
    }
    return st;
}
