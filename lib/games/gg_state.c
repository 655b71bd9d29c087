#include "../common/sg_internal.h"
#include "grundy_game.h"

#include <stdlib.h>

/* Grundy's game: the engine's state, below every other part of the engine: its tables grown
 * with the values, the bookkeeping of each value, the mask and its rare positions.
 * grundy_game.h says how the engine works and where each part is. */

void sg__gg_release(sg__gg_t *e)
{
    unsigned r;
    free(e->parity);
    free(e->seen);
    free(e->block.seen);
    free(e->next.seen);
    free(e->hist);
    free(e->first);
    free(e->nfirst);
    free(e->recent);
    for (r = 0; r < 3; r++) {
        free(e->wit[r]);
        free(e->wit2[r]);
    }
    free(e->rare);
    free(e->rare_val);
    memset(e, 0, sizeof *e);
}

static void sg__gg_parity_fill(sg__gg_t *e)
{
    sg__sparse_parity(e->parity, e->range, e->mask);
}

/* Make room for values below range / 2 (range a power of two), keeping what is known. */
static int sg__gg_set_range(sg__gg_t *e, uint64_t range)
{
    size_t half = (size_t)(range / 2), old = (size_t)(e->range / 2), w = sizeof(uint64_t);
    unsigned r;
    void *q;
    if (range > ((uint64_t)1 << 32) || half > SIZE_MAX / w / SG__GG_FIRST) return SG_ENOMEM;
    if ((q = sg__sparse_grow(e->parity, 2 * old, 2 * half)) == NULL) return SG_ENOMEM;
    e->parity = (unsigned char *)q;
    if ((q = sg__sparse_grow(e->seen, 2 * old, 2 * half)) == NULL) return SG_ENOMEM;
    e->seen = (unsigned char *)q;
    e->block.len = e->next.len = 0;   /* their arrays are too short now */
    if (half > SIZE_MAX / SG__GG_RUN - 64) return SG_ENOMEM;
    if ((q = realloc(e->block.seen, SG__GG_RUN * (half + 64))) == NULL) return SG_ENOMEM;
    e->block.seen = (unsigned char *)q;
    if ((q = realloc(e->next.seen, SG__GG_RUN * (half + 64))) == NULL) return SG_ENOMEM;
    e->next.seen = (unsigned char *)q;
    e->stride = half + 64;
    if ((q = sg__sparse_grow(e->hist, old * w, half * w)) == NULL) return SG_ENOMEM;
    e->hist = (uint64_t *)q;
    if ((q = sg__sparse_grow(e->first, old * SG__GG_FIRST * w, half * SG__GG_FIRST * w)) == NULL)
        return SG_ENOMEM;
    e->first = (uint64_t *)q;
    if ((q = sg__sparse_grow(e->nfirst, old * sizeof(uint32_t), half * sizeof(uint32_t))) == NULL)
        return SG_ENOMEM;
    e->nfirst = (uint32_t *)q;
    if ((q = sg__sparse_grow(e->recent, old * SG__GG_RECENT * w, half * SG__GG_RECENT * w)) == NULL)
        return SG_ENOMEM;
    e->recent = (uint64_t *)q;
    for (r = 0; r < 3; r++) {
        if ((q = sg__sparse_grow(e->wit[r], 2 * old * w, 2 * half * w)) == NULL) return SG_ENOMEM;
        e->wit[r] = (uint64_t *)q;
        if ((q = sg__sparse_grow(e->wit2[r], 2 * old * w, 2 * half * w)) == NULL) return SG_ENOMEM;
        e->wit2[r] = (uint64_t *)q;
    }
    e->range = range;
    sg__gg_parity_fill(e);
    return SG_OK;
}

static int sg__gg_rare_push(sg__gg_t *e, uint64_t n, sg_value_t v)
{
    if (e->nrare == e->rcap) {
        size_t cap = e->rcap ? e->rcap * 2 : 256;
        uint64_t *r;
        sg_value_t *rv;
        if (cap > SIZE_MAX / sizeof(uint64_t)) return SG_ENOMEM;
        r = (uint64_t *)realloc(e->rare, cap * sizeof *r);
        if (r == NULL) return SG_ENOMEM;
        e->rare = r;
        rv = (sg_value_t *)realloc(e->rare_val, cap * sizeof *rv);
        if (rv == NULL) return SG_ENOMEM;
        e->rare_val = rv;
        e->rcap = cap;
    }
    e->rare[e->nrare] = n;
    e->rare_val[e->nrare++] = v;
    return SG_OK;
}

/* The (at most) ntop most frequent values of hist[0..half), most frequent first. */
static size_t sg__gg_rank(const uint64_t *hist, size_t half, sg_value_t *top, size_t ntop)
{
    size_t v, i, m = 0;
    for (v = 0; v < half; v++) {
        if (hist[v] == 0 || (m == ntop && hist[v] <= hist[top[m - 1]])) continue;
        i = m < ntop ? m++ : m - 1;
        for (; i > 0 && hist[top[i - 1]] < hist[v]; i--) top[i] = top[i - 1];
        top[i] = (sg_value_t)v;
    }
    return m;
}

/* The frequent values overall and among the small heaps. */
static int sg__gg_rank_all(sg__gg_t *e, uint64_t n)
{
    size_t half = (size_t)(e->range / 2);
    uint64_t *h, i;
    e->ntop = sg__gg_rank(e->hist, half, e->top, SG__GG_TOP);
    h = (uint64_t *)calloc(half, sizeof *h);
    if (h == NULL) return SG_ENOMEM;
    const sg__gg_values_t gv = e->g;
    for (i = 1; i < n && i < SG__GG_EARLY; i++) h[sg__gg_at(gv, i)]++;
    e->nearly = sg__gg_rank(h, half, e->early, SG__GG_NEARLY);
    free(h);
    return SG_OK;
}

/* Choose the mask with the fewest rare positions among G[0..n) and list them. */
static int sg__gg_choose_mask(sg__gg_t *e, uint64_t n)
{
    const sg__gg_values_t gv = e->g;
    uint64_t R = e->range / 2, i, best = 1;
    int64_t *w;
    w = (int64_t *)malloc((size_t)R * sizeof *w);
    if (w == NULL) return SG_ENOMEM;
    for (i = 0; i < R; i++) w[i] = (int64_t)e->hist[i];
    sg__sparse_wht(w, (size_t)R);
    for (i = 2; i < R; i++)
        if (w[i] < w[best]) best = i;
    free(w);
    e->mask = best;
    e->block.len = e->next.len = 0;   /* made with the old rare positions */
    sg__gg_parity_fill(e);
    if (sg__gg_rank_all(e, n) != SG_OK) return SG_ENOMEM;
    e->nrare = 0;
    for (i = 0; i < n; i++) {
        sg_value_t v = sg__gg_at(gv, i);
        if (!e->parity[v] && sg__gg_rare_push(e, i, v) != SG_OK) return SG_ENOMEM;
    }
    return SG_OK;
}

/* Before G(n): the mask chosen again when n reaches e->rechoose, the frequent values ranked
 * again now and then. */
int sg__gg_prepare(sg__gg_t *e, uint64_t n)
{
    int st;
    if (n == e->rechoose) {
        if ((st = sg__gg_choose_mask(e, n)) != SG_OK) return st;
        e->rechoose = 2 * n;
    } else if ((n & 0xffff) == 0 && n > e->rechoose / 2) {
        e->ntop = sg__gg_rank(e->hist, (size_t)(e->range / 2), e->top, SG__GG_TOP);
    }
    return SG_OK;
}

/* The bookkeeping for G(n) = v. */
int sg__gg_account(sg__gg_t *e, uint64_t n, sg_value_t v)
{
    int st;
    if (v >= e->range / 2) {
        /* keep range above twice every value: XORs stay below range/2, mexes below range */
        uint64_t r = e->range;
        while (v >= r / 2) r *= 2;
        if ((st = sg__gg_set_range(e, r)) != SG_OK) return st;
    }
    /* what can fail comes first: a position asked again after a failure is counted once */
    if (n >= SG__GG_SPARSE_FROM && n >= e->rechoose / 2 && !e->parity[v] &&
        (st = sg__gg_rare_push(e, n, v)) != SG_OK)
        return st;
    e->recent[(size_t)v * SG__GG_RECENT + (e->hist[v] & (SG__GG_RECENT - 1))] = n;
    e->hist[v]++;
    if (e->nfirst[v] < SG__GG_FIRST) e->first[(size_t)v * SG__GG_FIRST + e->nfirst[v]++] = n;
    return SG_OK;
}

void sg__gg_attach(sg__gg_t *e, const unsigned char *g8, const uint16_t *g16,
                   const sg_value_t *g32)
{
    e->g.g8 = g8;
    e->g.g16 = g16;
    e->g.g32 = g32;
}

/* After a fresh engine is attached to stored values G(0..count-1): their bookkeeping, a mask
 * chosen for them, and the next choice at twice the count. */
int sg__gg_resume(sg__gg_t *e, uint64_t count)
{
    const sg__gg_values_t gv = e->g;
    uint64_t n;
    int st;
    e->rechoose = UINT64_MAX;   /* no rare list kept while replaying */
    for (n = 0; n < count; n++)
        if ((st = sg__gg_account(e, n, sg__gg_at(gv, n))) != SG_OK) return st;
    if (count >= SG__GG_SPARSE_FROM) {
        if ((st = sg__gg_choose_mask(e, count)) != SG_OK) return st;
        e->rechoose = 2 * count;
    } else {
        e->rechoose = SG__GG_SPARSE_FROM;
    }
    return SG_OK;
}

/* a fresh engine (zeroed): its first tables, and the first choice of a mask */
int sg__gg_init(sg__gg_t *e)
{
    e->rechoose = SG__GG_SPARSE_FROM;
    return sg__gg_set_range(e, 64);
}
