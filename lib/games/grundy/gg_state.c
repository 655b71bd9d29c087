#include "../../common/sg_internal.h"
#include "gg_core.h"

#include <stdlib.h>

/* Grundy's game: the engine's state, below every other part of the engine: its tables grown
 * with the values, the bookkeeping of each value, the mask and its rare positions.
 * gg_core.h says how the engine works and where each part is. */

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

/* A windowed run keeps its mask: its rare positions could not be listed again from the values
 * held. Every value so far is below range / 2, so the bits from there up change the class of
 * no value seen; they are set, making the first value of each new top bit common, as the
 * masks chosen on the whole table do (254 up to 2^23 heaps, then 510 once 256 is a value). A
 * rare value past the prefix then stops the run (sg__gg_account). */
void sg__gg_freeze(sg__gg_t *e)
{
    e->frozen = 1;
    e->mask |= ~(e->range / 2 - 1) & 0xffffffffu;
    e->block.len = e->next.len = 0;
    sg__gg_parity_fill(e);
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
    for (i = 1; i < n && i < SG__GG_EARLY; i++)
        if (sg__gg_held(gv, i)) h[sg__gg_at(gv, i)]++;
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
    if (n == e->rechoose && e->frozen) {
        if ((st = sg__gg_rank_all(e, n)) != SG_OK) return st;
        e->rechoose = 2 * n;
    } else if (n == e->rechoose) {
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
    /* what can fail comes first: a position asked again after a failure is counted once; a
     * windowed run holds no rare position past its prefix (later values would need it) */
    if (e->frozen && !e->parity[v] && n >= e->g.pre) return SG_EWINDOW;
    if (n >= SG__GG_SPARSE_FROM && n >= e->rechoose / 2 && !e->parity[v] &&
        (st = sg__gg_rare_push(e, n, v)) != SG_OK)
        return st;
    e->recent[(size_t)v * SG__GG_RECENT + (e->hist[v] & (SG__GG_RECENT - 1))] = n;
    e->hist[v]++;
    if (e->nfirst[v] < SG__GG_FIRST) e->first[(size_t)v * SG__GG_FIRST + e->nfirst[v]++] = n;
    return SG_OK;
}

void sg__gg_attach(sg__gg_t *e, const unsigned char *g8, const uint16_t *g16,
                   const sg_value_t *g32, uint64_t pre, uint64_t base)
{
    e->g.g8 = g8;
    e->g.g16 = g16;
    e->g.g32 = g32;
    e->g.pre = pre;
    e->g.base = base;
    e->g.off = base - pre;
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

/* ---- the state of a windowed run in a checkpoint: what the values held no longer tell ----
 * Words of 8 bytes in the machine's order: a header (SG__GG_SAVED_HEAD words: the format,
 * range, mask, frozen, rechoose, cost, last_n, last_v[0], last_v[1], nrare, ntop, nearly), then
 * top, early, the rare positions and their values, and per value below range / 2 its count,
 * its number of first positions, its first positions and its ring of last positions. The
 * witnesses are left out: they are only tried, and an empty one is never read. */

#define SG__GG_SAVED_FORMAT 1u
#define SG__GG_SAVED_HEAD 12u

static size_t sg__gg_saved_words(uint64_t range, uint64_t nrare)
{
    uint64_t half = range / 2;
    return (size_t)(SG__GG_SAVED_HEAD + SG__GG_TOP + SG__GG_NEARLY + 2 * nrare +
                    half * (2 + SG__GG_FIRST + SG__GG_RECENT));
}

size_t sg__gg_state_size(const sg__gg_t *e) { return 8 * sg__gg_saved_words(e->range, e->nrare); }

static void sg__gg_put(unsigned char **p, uint64_t x)
{
    memcpy(*p, &x, 8);
    *p += 8;
}

static uint64_t sg__gg_get(const unsigned char **p)
{
    uint64_t x;
    memcpy(&x, *p, 8);
    *p += 8;
    return x;
}

void sg__gg_state_out(const sg__gg_t *e, unsigned char *buf)
{
    size_t half = (size_t)(e->range / 2), i;
    unsigned char *p = buf;
    sg__gg_put(&p, SG__GG_SAVED_FORMAT);
    sg__gg_put(&p, e->range);
    sg__gg_put(&p, e->mask);
    sg__gg_put(&p, (uint64_t)e->frozen);
    sg__gg_put(&p, e->rechoose);
    sg__gg_put(&p, e->cost);
    sg__gg_put(&p, e->last_n);
    sg__gg_put(&p, e->last_v[0]);
    sg__gg_put(&p, e->last_v[1]);
    sg__gg_put(&p, e->nrare);
    sg__gg_put(&p, e->ntop);
    sg__gg_put(&p, e->nearly);
    for (i = 0; i < SG__GG_TOP; i++) sg__gg_put(&p, i < e->ntop ? e->top[i] : 0);
    for (i = 0; i < SG__GG_NEARLY; i++) sg__gg_put(&p, i < e->nearly ? e->early[i] : 0);
    for (i = 0; i < e->nrare; i++) sg__gg_put(&p, e->rare[i]);
    for (i = 0; i < e->nrare; i++) sg__gg_put(&p, e->rare_val[i]);
    for (i = 0; i < half; i++) sg__gg_put(&p, e->hist[i]);
    for (i = 0; i < half; i++) sg__gg_put(&p, e->nfirst[i]);
    for (i = 0; i < half * SG__GG_FIRST; i++) sg__gg_put(&p, e->first[i]);
    for (i = 0; i < half * SG__GG_RECENT; i++) sg__gg_put(&p, e->recent[i]);
}

/* A fresh engine takes the state saved with `count` values: SG_OK, SG_EFORMAT when it is not
 * one (sizes, order, counts that do not add up to count), SG_ENOMEM. */
int sg__gg_state_in(sg__gg_t *e, const unsigned char *buf, size_t size, uint64_t count)
{
    const unsigned char *p = buf;
    uint64_t head[SG__GG_SAVED_HEAD], half, i, sum = 0, x;
    int st;
    if (size < 8 * SG__GG_SAVED_HEAD) return SG_EFORMAT;
    for (i = 0; i < SG__GG_SAVED_HEAD; i++) head[i] = sg__gg_get(&p);
    if (head[0] != SG__GG_SAVED_FORMAT || head[1] < 64 || head[1] > ((uint64_t)1 << 32) ||
        (head[1] & (head[1] - 1)) != 0 || head[2] > 0xffffffffu || head[3] > 1 ||
        head[9] > count || head[10] > SG__GG_TOP || head[11] > SG__GG_NEARLY ||
        head[6] > count || size / 8 != sg__gg_saved_words(head[1], head[9]) || size % 8 != 0 ||
        head[4] < count || head[4] < SG__GG_SPARSE_FROM)
        return SG_EFORMAT;
    half = head[1] / 2;
    if (head[7] >= half || head[8] >= half) return SG_EFORMAT;
    if (head[1] > e->range && (st = sg__gg_set_range(e, head[1])) != SG_OK) return st;
    e->mask = head[2];
    e->frozen = (int)head[3];
    e->rechoose = head[4];
    e->cost = head[5];
    e->last_n = head[6];
    e->last_v[0] = (sg_value_t)head[7];
    e->last_v[1] = (sg_value_t)head[8];
    e->ntop = (size_t)head[10];
    e->nearly = (size_t)head[11];
    for (i = 0; i < SG__GG_TOP; i++)
        if ((x = sg__gg_get(&p)) >= half) return SG_EFORMAT;
        else if (i < e->ntop) e->top[i] = (sg_value_t)x;
    for (i = 0; i < SG__GG_NEARLY; i++)
        if ((x = sg__gg_get(&p)) >= half) return SG_EFORMAT;
        else if (i < e->nearly) e->early[i] = (sg_value_t)x;
    sg__gg_parity_fill(e);
    e->nrare = 0;
    for (i = 0; i < head[9]; i++) {
        x = sg__gg_get(&p);
        if (x >= count || (i > 0 && x <= e->rare[i - 1])) return SG_EFORMAT;
        if ((st = sg__gg_rare_push(e, x, 0)) != SG_OK) return st;
    }
    for (i = 0; i < head[9]; i++) {
        if ((x = sg__gg_get(&p)) >= half || e->parity[x]) return SG_EFORMAT;
        e->rare_val[i] = (sg_value_t)x;
    }
    for (i = 0; i < half; i++) {
        e->hist[i] = sg__gg_get(&p);
        if (e->hist[i] > count - sum) return SG_EFORMAT;
        sum += e->hist[i];
    }
    if (sum != count) return SG_EFORMAT;
    for (i = 0; i < half; i++) {
        x = sg__gg_get(&p);
        if (x != (e->hist[i] < SG__GG_FIRST ? e->hist[i] : SG__GG_FIRST)) return SG_EFORMAT;
        e->nfirst[i] = (uint32_t)x;
    }
    for (i = 0; i < half * SG__GG_FIRST; i++)
        if ((e->first[i] = sg__gg_get(&p)) >= count && e->first[i] != 0) return SG_EFORMAT;
    for (i = 0; i < half * SG__GG_RECENT; i++)
        if ((e->recent[i] = sg__gg_get(&p)) >= count && e->recent[i] != 0) return SG_EFORMAT;
    e->block.len = e->next.len = 0;
    return SG_OK;
}
