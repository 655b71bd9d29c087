#include "sg_internal.h"

#include <stdlib.h>

/* Grundy's game: a move splits one heap into two non-empty heaps of different sizes, so
 * G(n) = mex { G(a) ^ G(n - a) : 1 <= a < n - a }.
 *
 * The plain kernel costs n/2 per position. The sparse-space engine (Winning Ways, ch. 4,
 * "Sparse space spells speed") splits values by a mask m: v is rare when popcount(v & m) is even,
 * common when it is odd. A common value is the XOR of a rare and a common value, so every option
 * with a common value comes from a split with a rare part: enumerating the rare positions r gives
 * exactly the common option values. Then c = the least common value that is not an option, and
 * G(n) = c unless a rare value below c is missing. Only when one is missing is G(n) rare, which
 * is what keeps rare positions rare. The result is exact for any mask; the mask only decides the
 * speed. It is the mask with the fewest rare positions so far, read off a Walsh-Hadamard
 * transform of the value histogram: #rare(m) = (N + W(m)) / 2 with
 * W(m) = sum_v hist(v) (-1)^popcount(v & m); it is chosen again each time n doubles.
 *
 * The rare values below c (about 32 of them for Grundy's game) come from two common parts, and
 * each must be found among the options. In order, until all are: 128 splits around the middle;
 * for each value, the split that gave it three heaps ago, moved by three (values repeat with step
 * three about 3 times in 10); then v = x ^ y with y frequent among small heaps, along the last
 * positions of value x (their partners are small heaps, in cache); then with y frequent overall,
 * along the first positions of value x; last, the scan of every split, which settles the rest. */

/* G(i) in a function that has set G8, G16 and G32 from the engine (one byte first: values of
 * Grundy's game stay below 256 up to n = 7250049) */
#define SG__GG_AT(i) (G8 != NULL ? (sg_value_t)G8[i] : G16 != NULL ? (sg_value_t)G16[i] : G32[i])

#define SG__GG_SPARSE_FROM 2048u   /* below this the plain kernel always wins */
#define SG__GG_NEED 256            /* more rare values to look for: the plain kernel is as good */
#define SG__GG_FIRST 64            /* first positions kept per value */
#define SG__GG_TOP 16              /* frequent values tried per rare value looked for */
#define SG__GG_BLOCK 64
#define SG__GG_PRESCAN 128         /* splits around the middle looked at first */
#define SG__GG_RECENT 32           /* last positions kept per value (a power of two) */
#define SG__GG_EARLY 1024          /* small heaps whose frequent values are tried first */
#define SG__GG_NEARLY 8            /* how many of those values */
#define SG__GG_SPAN 2048           /* ... along last positions of x at most this far back */

struct sg__gg {
    const unsigned char *g8;   /* the values so far: one byte each, or ... */
    const uint16_t *g16;       /* ... two, or ... */
    const sg_value_t *g32;     /* ... four (exactly one of the three is set) */
    uint64_t range;        /* a power of two above twice every value so far */
    unsigned char *parity; /* parity[v] = popcount(v & mask) & 1 (range entries) */
    unsigned char *seen;   /* seen[v]: v is an option (range entries; only < range/2 set) */
    uint64_t *hist;        /* positions per value (range/2 entries) */
    uint64_t *first;       /* the first SG__GG_FIRST positions of each value, ascending */
    uint32_t *nfirst;      /* how many of them there are */
    uint64_t *recent;      /* the last SG__GG_RECENT positions of each value, a ring indexed
                              by hist[v] */
    sg_value_t early[SG__GG_NEARLY];  /* the most frequent values among heaps 1..EARLY-1 */
    size_t nearly;
    uint64_t *wit;         /* wit[3 * v + n % 3]: a split (a, n - a) that gave v at a recent n */
    uint64_t *wit_n;       /* ... and that n (0: none) */
    sg_value_t top[SG__GG_TOP];   /* the most frequent values, most frequent first */
    size_t ntop;
    uint64_t mask;
    uint64_t *rare;        /* rare positions in increasing order ... */
    sg_value_t *rare_val;  /* ... and their values */
    size_t nrare, rcap;
    uint64_t rechoose;     /* choose the mask again when n reaches this */
    uint64_t cost;         /* running average of a sparse step's work (splits looked at), x16 */
    uint64_t last_n;       /* the last position whose bookkeeping was completed, plus one ... */
    sg_value_t last_v;     /* ... and its value: a caller that could not store it (a widening
                              failed) asks again, and must not have it counted twice */
};

static void sg__gg_release(sg__gg_t *e)
{
    free(e->parity);
    free(e->seen);
    free(e->hist);
    free(e->first);
    free(e->nfirst);
    free(e->recent);
    free(e->wit);
    free(e->wit_n);
    free(e->rare);
    free(e->rare_val);
    memset(e, 0, sizeof *e);
}

static void sg__gg_parity_fill(sg__gg_t *e)
{
    uint64_t v;
    for (v = 0; v < e->range; v++) {
        uint64_t x = v & e->mask;
        unsigned p = 0;
        while (x) {
            p ^= 1u;
            x &= x - 1;
        }
        e->parity[v] = (unsigned char)p;
    }
}

/* realloc to `bytes`, the part past `old` zeroed; NULL when out of memory (p untouched) */
static void *sg__gg_grow(void *p, size_t old, size_t bytes)
{
    unsigned char *q = (unsigned char *)realloc(p, bytes);
    if (q != NULL) memset(q + old, 0, bytes - old);
    return q;
}

/* Make room for values below range / 2 (range a power of two), keeping what is known. */
static int sg__gg_set_range(sg__gg_t *e, uint64_t range)
{
    size_t half = (size_t)(range / 2), old = (size_t)(e->range / 2), w = sizeof(uint64_t);
    void *q;
    if (range > ((uint64_t)1 << 32) || half > SIZE_MAX / w / SG__GG_FIRST) return SG_ENOMEM;
    if ((q = sg__gg_grow(e->parity, 2 * old, 2 * half)) == NULL) return SG_ENOMEM;
    e->parity = (unsigned char *)q;
    if ((q = sg__gg_grow(e->seen, 2 * old, 2 * half)) == NULL) return SG_ENOMEM;
    e->seen = (unsigned char *)q;
    if ((q = sg__gg_grow(e->hist, old * w, half * w)) == NULL) return SG_ENOMEM;
    e->hist = (uint64_t *)q;
    if ((q = sg__gg_grow(e->first, old * SG__GG_FIRST * w, half * SG__GG_FIRST * w)) == NULL)
        return SG_ENOMEM;
    e->first = (uint64_t *)q;
    if ((q = sg__gg_grow(e->nfirst, old * sizeof(uint32_t), half * sizeof(uint32_t))) == NULL)
        return SG_ENOMEM;
    e->nfirst = (uint32_t *)q;
    if ((q = sg__gg_grow(e->recent, old * SG__GG_RECENT * w, half * SG__GG_RECENT * w)) == NULL)
        return SG_ENOMEM;
    e->recent = (uint64_t *)q;
    if ((q = sg__gg_grow(e->wit, 3 * old * w, 3 * half * w)) == NULL) return SG_ENOMEM;
    e->wit = (uint64_t *)q;
    if ((q = sg__gg_grow(e->wit_n, 3 * old * w, 3 * half * w)) == NULL) return SG_ENOMEM;
    e->wit_n = (uint64_t *)q;
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
    const unsigned char *G8 = e->g8;
    const uint16_t *G16 = e->g16;
    const sg_value_t *G32 = e->g32;
    for (i = 1; i < n && i < SG__GG_EARLY; i++) h[SG__GG_AT(i)]++;
    e->nearly = sg__gg_rank(h, half, e->early, SG__GG_NEARLY);
    free(h);
    return SG_OK;
}

/* Choose the mask with the fewest rare positions among G[0..n) and list them. */
static int sg__gg_choose_mask(sg__gg_t *e, uint64_t n)
{
    const unsigned char *G8 = e->g8;
    const uint16_t *G16 = e->g16;
    const sg_value_t *G32 = e->g32;
    uint64_t R = e->range / 2, i, h, j, best = 1;
    int64_t *w;
    w = (int64_t *)malloc((size_t)R * sizeof *w);
    if (w == NULL) return SG_ENOMEM;
    for (i = 0; i < R; i++) w[i] = (int64_t)e->hist[i];
    for (h = 1; h < R; h *= 2)
        for (i = 0; i < R; i += 2 * h)
            for (j = i; j < i + h; j++) {
                int64_t a = w[j], b = w[j + h];
                w[j] = a + b;
                w[j + h] = a - b;
            }
    for (i = 2; i < R; i++)
        if (w[i] < w[best]) best = i;
    free(w);
    e->mask = best;
    sg__gg_parity_fill(e);
    if (sg__gg_rank_all(e, n) != SG_OK) return SG_ENOMEM;
    e->nrare = 0;
    for (i = 0; i < n; i++) {
        sg_value_t v = SG__GG_AT(i);
        if (!e->parity[v] && sg__gg_rare_push(e, i, v) != SG_OK) return SG_ENOMEM;
    }
    return SG_OK;
}

static sg_value_t sg__gg_plain(sg__gg_t *e, uint64_t n)
{
    const unsigned char *G8 = e->g8;
    const uint16_t *G16 = e->g16;
    const sg_value_t *G32 = e->g32;
    unsigned char *seen = e->seen;
    uint64_t a;
    sg_value_t v;
    memset(seen, 0, (size_t)e->range / 2);
    for (a = 1; 2 * a < n; a++) seen[SG__GG_AT(a) ^ SG__GG_AT(n - a)] = 1;
    for (v = 0; seen[v]; v++)
        ;
    return v;
}

/* index of the first rare position >= x */
static size_t sg__gg_rare_find(const sg__gg_t *e, uint64_t x)
{
    size_t lo = 0, hi = e->nrare;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (e->rare[mid] < x) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

static void sg__gg_mark_rare(const sg__gg_t *e, uint64_t n, size_t from, size_t to)
{
    const sg_value_t *rval = e->rare_val;
    const uint64_t *rare = e->rare;
    unsigned char *seen = e->seen;
    size_t i = from;
#define SG__GG_MARK_LOOP(Gn)                                                                 \
    for (; i + 4 <= to; i += 4) {                                                            \
        sg_value_t x0 = rval[i] ^ (Gn)[-(ptrdiff_t)rare[i]];                                 \
        sg_value_t x1 = rval[i + 1] ^ (Gn)[-(ptrdiff_t)rare[i + 1]];                         \
        sg_value_t x2 = rval[i + 2] ^ (Gn)[-(ptrdiff_t)rare[i + 2]];                         \
        sg_value_t x3 = rval[i + 3] ^ (Gn)[-(ptrdiff_t)rare[i + 3]];                         \
        seen[x0] = 1;                                                                        \
        seen[x1] = 1;                                                                        \
        seen[x2] = 1;                                                                        \
        seen[x3] = 1;                                                                        \
    }                                                                                        \
    for (; i < to; i++) seen[rval[i] ^ (Gn)[-(ptrdiff_t)rare[i]]] = 1
    /* the hottest loop: one copy per width */
    if (e->g8 != NULL) {
        SG__GG_MARK_LOOP(e->g8 + n);
    } else if (e->g16 != NULL) {
        SG__GG_MARK_LOOP(e->g16 + n);
    } else {
        SG__GG_MARK_LOOP(e->g32 + n);
    }
#undef SG__GG_MARK_LOOP
}

/* Try the split that gave v three heaps ago, (a, n - 3 - a): as (a, n - a) and as
 * (a + d, n - 3 - a), d = 3 (or as many as it was ago). Values repeat with step 3 often enough
 * (about 3 times in 10 for Grundy's game) that this settles a third of the lookups in two
 * looks. */
static int sg__gg_witness(sg__gg_t *e, uint64_t n, sg_value_t v)
{
    const unsigned char *G8 = e->g8;
    const uint16_t *G16 = e->g16;
    const sg_value_t *G32 = e->g32;
    size_t i = 3 * (size_t)v + n % 3;
    uint64_t a, d;
    if (v >= e->range / 2) return 0;   /* no option reaches it, and wit has no entry for it */
    a = e->wit[i];
    if (e->wit_n[i] == 0) return 0;
    d = n - e->wit_n[i];
    if (2 * a < n && (SG__GG_AT(a) ^ SG__GG_AT(n - a)) == v) {
        e->wit_n[i] = n;
        return 1;
    }
    a += d;
    if (2 * a < n && (SG__GG_AT(a) ^ SG__GG_AT(n - a)) == v) {
        e->wit[i] = a;
        e->wit_n[i] = n;
        return 1;
    }
    return 0;
}

/* Look for option value v of n as x ^ y with y frequent among small heaps: along the last
 * positions a of value x, checking G(n - a) == y. n - a is then small, its value in cache, and
 * y is there one time in five. Returns the number of splits looked at. */
static uint64_t sg__gg_target_recent(sg__gg_t *e, uint64_t n, sg_value_t v)
{
    const unsigned char *G8 = e->g8;
    const uint16_t *G16 = e->g16;
    const sg_value_t *G32 = e->g32;
    unsigned char *seen = e->seen;
    uint64_t half = e->range / 2, looked = 0;
    size_t t, j;
    for (t = 0; t < e->nearly && !seen[v]; t++) {
        sg_value_t y = e->early[t], x = y ^ v, w;
        const uint64_t *ring;
        uint64_t cnt;
        size_t m;
        if (x >= half) continue;
        ring = e->recent + (size_t)x * SG__GG_RECENT;
        cnt = e->hist[x];
        m = cnt < SG__GG_RECENT ? (size_t)cnt : SG__GG_RECENT;
        for (j = 1; j <= m; j++) {
            uint64_t a = ring[(cnt - j) & (SG__GG_RECENT - 1)], d = n - a;
            if (d >= SG__GG_SPAN) break;   /* only small heaps: their values are in cache */
            if (d == a) continue;
            w = SG__GG_AT(d);
            seen[x ^ w] = 1;
            if (w == y) break;
        }
        looked += j;
    }
    return looked;
}

/* Look for option value v of n as x ^ y, y frequent, along the first positions of value x.
 * Every split looked at is marked. Returns the number of splits looked at. */
static uint64_t sg__gg_target(sg__gg_t *e, uint64_t n, sg_value_t v)
{
    const unsigned char *G8 = e->g8;
    const uint16_t *G16 = e->g16;
    const sg_value_t *G32 = e->g32;
    unsigned char *seen = e->seen;
    uint64_t half = e->range / 2, looked = 0;
    size_t t, j;
    for (t = 0; t < e->ntop && !seen[v]; t++) {
        sg_value_t y = e->top[t], x = y ^ v, w;
        const uint64_t *list;
        size_t m;
        if (x >= half) continue;
        list = e->first + (size_t)x * SG__GG_FIRST;
        m = e->nfirst[x];
        for (j = 0; j < m; j++) {
            uint64_t a = list[j];
            if (2 * a >= n) break;
            if (a == 0) continue;
            w = SG__GG_AT(n - a);
            seen[x ^ w] = 1;
            if (w == y) {
                e->wit[3 * (size_t)v + n % 3] = a;
                e->wit_n[3 * (size_t)v + n % 3] = n;
                break;
            }
        }
        looked += j;
    }
    return looked;
}

static sg_value_t sg__gg_sparse(sg__gg_t *e, uint64_t n)
{
    const unsigned char *G8 = e->g8;
    const uint16_t *G16 = e->g16;
    const sg_value_t *G32 = e->g32;
    const unsigned char *par = e->parity;
    unsigned char *seen = e->seen;
    sg_value_t need[SG__GG_NEED];
    size_t k = 0, kk, j, i0, ih;
    uint64_t a, stop, c, v, work = e->nrare;

    memset(seen, 0, (size_t)e->range / 2);
    /* every option with a common value has a rare part (heap 0 is no part; equal parts are no
     * move) */
    i0 = e->nrare > 0 && e->rare[0] == 0;
    ih = (n & 1) ? e->nrare : sg__gg_rare_find(e, n / 2);
    if (ih < e->nrare && e->rare[ih] == n / 2) {
        sg__gg_mark_rare(e, n, i0, ih);
        sg__gg_mark_rare(e, n, ih + 1, e->nrare);
    } else {
        sg__gg_mark_rare(e, n, i0, e->nrare);
    }
    for (c = 0; seen[c] || !par[c]; c++)
        if (!par[c] && !seen[c]) {
            if (k == SG__GG_NEED) return sg__gg_plain(e, n);
            need[k++] = (sg_value_t)c;
        }
    /* the rare values below c: first a few splits around the middle (both parts typical),
     * then each value looked for directly, then a scan of every split */
    if (k > 0) {
        uint64_t b;
        a = (n - 1) / 2;
        stop = a > SG__GG_PRESCAN ? a - SG__GG_PRESCAN : 0;
        work += a - stop;
        for (b = n - a; a > stop; a--, b++) seen[SG__GG_AT(a) ^ SG__GG_AT(b)] = 1;
    }
    for (j = 0; j < k; j++) {
        sg_value_t w = need[j];
        if (seen[w]) continue;
        work += 2;
        if (sg__gg_witness(e, n, w)) seen[w] = 1;
        else if ((work += sg__gg_target_recent(e, n, w)), !seen[w])
            work += sg__gg_target(e, n, w);
    }
    for (j = 0, kk = 0; j < k; j++)
        if (!seen[need[j]]) need[kk++] = need[j];
    for (k = kk, a = 1; k > 0 && 2 * a < n; a = stop) {
        uint64_t b = n - a;
        stop = a + SG__GG_BLOCK;
        if (stop > (n + 1) / 2) stop = (n + 1) / 2;
        work += stop - a;
        for (; a < stop; a++, b--) seen[SG__GG_AT(a) ^ SG__GG_AT(b)] = 1;
        for (j = 0, kk = 0; j < k; j++)
            if (!seen[need[j]]) need[kk++] = need[j];
        k = kk;
    }
    e->cost += work - e->cost / 16;
    if (k == 0) return (sg_value_t)c;
    /* every split seen: G(n) is the least rare value missing */
    for (v = 0; seen[v]; v++)
        ;
    return (sg_value_t)v;
}

static int sg__gg_account(sg__gg_t *e, uint64_t n, sg_value_t v);

/* G(n) from the stored G(0..n-1), with the engine's bookkeeping for it; the caller stores it. */
static int sg__gg_step(sg__gg_t *e, uint64_t n, sg_value_t *value)
{
    sg_value_t v;
    int st;
    if (e->last_n == n + 1) {
        *value = e->last_v;
        return SG_OK;
    }
    if (n == e->rechoose) {
        if ((st = sg__gg_choose_mask(e, n)) != SG_OK) return st;
        e->rechoose = 2 * n;
    } else if ((n & 0xffff) == 0 && n > e->rechoose / 2) {
        e->ntop = sg__gg_rank(e->hist, (size_t)(e->range / 2), e->top, SG__GG_TOP);
    }
    /* the sparse step costs e->cost / 16 splits on average, the plain one n/2 */
    if (n >= SG__GG_SPARSE_FROM && e->cost / 8 < n)
        v = sg__gg_sparse(e, n);
    else
        v = sg__gg_plain(e, n);
    *value = v;
    if ((st = sg__gg_account(e, n, v)) != SG_OK) return st;
    e->last_n = n + 1;
    e->last_v = v;
    return SG_OK;
}

/* The bookkeeping for G(n) = v. */
static int sg__gg_account(sg__gg_t *e, uint64_t n, sg_value_t v)
{
    int st;
    if (v >= e->range / 2) {
        /* keep range above twice every value: XORs stay below range/2, mexes below range */
        uint64_t r = e->range;
        while (v >= r / 2) r *= 2;
        if ((st = sg__gg_set_range(e, r)) != SG_OK) return st;
    }
    e->recent[(size_t)v * SG__GG_RECENT + (e->hist[v] & (SG__GG_RECENT - 1))] = n;
    e->hist[v]++;
    if (e->nfirst[v] < SG__GG_FIRST) e->first[(size_t)v * SG__GG_FIRST + e->nfirst[v]++] = n;
    if (n >= SG__GG_SPARSE_FROM && n >= e->rechoose / 2 && !e->parity[v])
        return sg__gg_rare_push(e, n, v);
    return SG_OK;
}

int sg__gg_create(sg__gg_t **engine)
{
    sg__gg_t *e = (sg__gg_t *)calloc(1, sizeof *e);
    int st;
    *engine = NULL;
    if (e == NULL) return SG_ENOMEM;
    e->rechoose = SG__GG_SPARSE_FROM;
    if ((st = sg__gg_set_range(e, 64)) != SG_OK) {
        sg__gg_free(e);
        return st;
    }
    *engine = e;
    return SG_OK;
}

void sg__gg_free(sg__gg_t *e)
{
    if (e == NULL) return;
    sg__gg_release(e);
    free(e);
}

void sg__gg_attach(sg__gg_t *e, const unsigned char *g8, const uint16_t *g16,
                   const sg_value_t *g32)
{
    e->g8 = g8;
    e->g16 = g16;
    e->g32 = g32;
}

int sg__gg_next(sg__gg_t *e, uint64_t n, sg_value_t *value)
{
    return sg__gg_step(e, n, value);
}

/* After a fresh engine is attached to stored values G(0..count-1): their bookkeeping, a mask
 * chosen for them, and the next choice at twice the count. */
int sg__gg_resume(sg__gg_t *e, uint64_t count)
{
    const unsigned char *G8 = e->g8;
    const uint16_t *G16 = e->g16;
    const sg_value_t *G32 = e->g32;
    uint64_t n;
    int st;
    e->rechoose = UINT64_MAX;   /* no rare list kept while replaying */
    for (n = 0; n < count; n++)
        if ((st = sg__gg_account(e, n, SG__GG_AT(n))) != SG_OK) return st;
    if (count >= SG__GG_SPARSE_FROM) {
        if ((st = sg__gg_choose_mask(e, count)) != SG_OK) return st;
        e->rechoose = 2 * count;
    } else {
        e->rechoose = SG__GG_SPARSE_FROM;
    }
    return SG_OK;
}

/* The values are computed in a sequence (one byte each while they fit: a quarter of the memory
 * traffic of the table) and copied out. */
int sg_grundy_game_table(sg_value_t *table, uint64_t count)
{
    sg_sequence_t *seq;
    int st;
    if (table == NULL && count != 0) return SG_EINVAL;
    if (count == 0) return SG_OK;
    if ((st = sg_sequence_create(&seq, SG_SEQUENCE_GRUNDY_GAME)) != SG_OK) return st;
    if ((st = sg_sequence_extend(seq, count, NULL, NULL)) == SG_OK)
        st = sg_sequence_read(seq, 0, table, count);
    sg_sequence_free(seq);
    return st;
}
