#include "../../common/sg_internal.h"
#include "take_break.h"

#include <stdlib.h>

/* What the value engine of octal.c keeps for long runs (SG__LONGRUN): the owner's block lent as
 * its forward copy, so that a long run holds each value once; the engine's own four-byte values
 * for an owner that keeps none; the split marks read from the typed copies. */

#if SG__LONGRUN
void *sg__octal_forward(sg__octal_run_t *run, void *F, size_t n, size_t cap, size_t size)
{
    void *f;
    if (run->lend != NULL && run->lendw == size && run->lendcap >= cap &&
        (F == NULL || F == run->lend))
        return run->lend;
    if (F == NULL || F != run->lend) return realloc(F, cap * size);
    if ((f = malloc(cap * size)) != NULL) memcpy(f, F, n * size);
    return f;
}

void sg__octal_run_lend(sg__octal_run_t *run, void *block, unsigned width, uint64_t cap,
                        uint64_t held)
{
    void **F = NULL;
    if (width == 1 && run->bytes) F = (void **)&run->f;
    if (width == 2 && run->wide) F = (void **)&run->f16;
    if (F != NULL && *F != NULL) {
        if (*F == run->lend) {
            *F = block;   /* the block moved */
        } else if (held >= run->n && cap >= run->bcap) {
            free(*F);   /* the owner holds the same values */
            *F = block;
        }
    }
    run->lend = block;
    run->lendw = width;
    run->lendcap = cap <= SIZE_MAX ? SG__CAST(size_t, cap) : SIZE_MAX;
}

int sg__octal_run_unlend(sg__octal_run_t *run)
{
    void **F = run->lend == NULL            ? NULL
             : (void *)run->f == run->lend   ? (void **)&run->f
             : (void *)run->f16 == run->lend ? (void **)&run->f16 : NULL;
    size_t size = F == (void **)&run->f ? 1 : 2;
    void *f;
    if (F != NULL) {
        if (run->bcap > SIZE_MAX / size || (f = malloc(run->bcap * size)) == NULL)
            return SG_ENOMEM;
        memcpy(f, *F, SG__CAST(size_t, run->n) * size);
        *F = f;
    }
    run->lend = NULL;
    return SG_OK;
}

int sg__octal_own(sg__octal_run_t *run, const sg__vals_t *G, uint64_t need)
{
    sg_value_t *own;
    size_t cap, k;
    int fresh = run->own == NULL;
    if (need <= run->owncap) return SG_OK;
    if (need > SIZE_MAX / 2 / sizeof *own) return SG_ENOMEM;
    cap = run->owncap * 2 > need ? run->owncap * 2 : SG__CAST(size_t, need);
    if (cap < 1024) cap = 1024;
    if ((own = SG__CAST(sg_value_t *, realloc(run->own, cap * sizeof *own))) == NULL)
        return SG_ENOMEM;
    run->own = own;
    run->owncap = cap;
    for (k = 0; fresh && G != NULL && k < run->n; k++) own[k] = sg__vals_at(G, k);
    return SG_OK;
}

void sg__octal_mark_copies(const sg__octal_run_t *run, uint64_t m, uint64_t a0,
                           unsigned char *mark)
{
    size_t a, h = SG__CAST(size_t, m / 2), back = run->bcap - 1 - SG__CAST(size_t, m);
    if (a0 > h) return;   /* no split (and m - a0 may be below 0) */
    if (run->back) {   /* G(m - a) from the forward copy, a pointer going down */
        if (run->wide) {
            const uint16_t *p = run->f16 + a0, *q = run->f16 + (m - a0), *end = run->f16 + h;
            for (; p <= end; p++, q--) mark[*p ^ *q] = 1;
        } else {
            const unsigned char *p = run->f + a0, *q = run->f + (m - a0), *end = run->f + h;
            for (; p <= end; p++, q--) mark[*p ^ *q] = 1;
        }
    } else if (run->wide) {
        const uint16_t *f = run->f16, *rb = run->r16 + back;
        for (a = SG__CAST(size_t, a0); a <= h; a++) mark[f[a] ^ rb[a]] = 1;
    } else {
        const unsigned char *f = run->f, *rb = run->r + back;
        for (a = SG__CAST(size_t, a0); a <= h; a++) mark[f[a] ^ rb[a]] = 1;
    }
}

void sg__octal_run_vals(const sg__octal_run_t *run, sg__vals_t *out)
{
    out->g8 = run->bytes ? run->f : NULL;
    out->g16 = run->wide ? run->f16 : NULL;
    out->g32 = run->own;
}
#endif
