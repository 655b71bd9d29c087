#include "../../common/sg_internal.h"
#include "window_step.h"

#include <stdlib.h>

/* The windowed step of take-and-break games with at most two parts: the sparse-space step of
 * octal_sparse.c (which says why it is exact for any mask) on the values a windowed long run
 * holds, the prefix G(0 .. pre-1) and the tail G(base .. n-1).
 *
 * Every option of class q(n) coming from a split has a rare part. All rare positions are in the
 * prefix and the heaps split are n - i >= n - t, so the partners of the rare parts are in the
 * tail as long as the tail reaches pre back: the marks read held values only. The values of
 * the other class below c come from two common parts; they are looked for among the splits
 * whose parts are both held: the smallest parts (in the prefix) with their partners (in the
 * tail), then splits with both parts in the tail or both in the prefix, where there are any
 * (early in the window). The middle splits, where octal_sparse.c also looks, are dropped. A
 * value that would be rare (a rare position past the prefix: later marks would need it) or one
 * that the splits held cannot settle is SG_EWINDOW, never a guess. The mask is chosen once, as
 * the window starts, from every value (the rare list of another mask could not be rebuilt once
 * values are dropped). */

#define SG__OW_CHUNK 256u   /* splits marked between two looks at the values still missing */
#define SG__OW_FEW 4u       /* values missing: tested for one by one rather than marked */
#define SG__OW_BLOCK 64     /* splits per branch-free test block */

void sg__ow_free(sg__ow_t *w)
{
    if (w == NULL) return;
    free(w->par);
    free(w->seen);
    free(w->need);
    free(w->hist);
    free(w->rare);
    free(w->rare_val);
    free(w->mirror);
    free(w);
}

int sg__ow_create(sg__ow_t **out, const sg_octal_t *game)
{
    sg__ow_t *w;
    unsigned i;
    *out = NULL;
    if ((w = (sg__ow_t *)calloc(1, sizeof *w)) == NULL) return SG_ENOMEM;
    w->t = game->t;
    w->domain_ok = 1;
    for (i = 0; i <= game->t; i++) {
        w->single[i] = (unsigned char)(game->d[i] & 3u);
        if (!(game->d[i] & 4u)) continue;
        if (w->nsplit == 0) w->e = i & 1u;
        else if ((i & 1u) != w->e) w->domain_ok = 0;
        w->split[w->nsplit++] = i;
    }
    *out = w;
    return SG_OK;
}

/* a held G(i) */
static sg_value_t sg__ow_at(const sg__ow_held_t *h, uint64_t i)
{
    uint64_t k = i >= h->base ? i - h->base + h->pre : i;
    return h->width == 1   ? ((const unsigned char *)h->data)[k]
           : h->width == 2 ? ((const uint16_t *)h->data)[k]
                           : ((const sg_value_t *)h->data)[k];
}

static int sg__ow_held(const sg__ow_held_t *h, uint64_t i)
{
    return i < h->count && (i < h->pre || i >= h->base);
}

/* room for values below `range` (a power of two, range <= SG__OW_MAXV: no size overflows) */
static int sg__ow_set_range(sg__ow_t *w, uint64_t range)
{
    size_t r = (size_t)range, o = (size_t)w->range, s = sizeof(sg_value_t);
    void *q;
    if (range <= w->range) return SG_OK;
    if ((q = sg__sparse_grow(w->par, 2 * o, 2 * r)) == NULL) return SG_ENOMEM;
    w->par = (unsigned char *)q;
    if ((q = sg__sparse_grow(w->seen, 2 * o, 2 * r)) == NULL) return SG_ENOMEM;
    w->seen = (unsigned char *)q;
    if ((q = sg__sparse_grow(w->need, 2 * o * s, 2 * r * s)) == NULL) return SG_ENOMEM;
    w->need = (sg_value_t *)q;
    if ((q = sg__sparse_grow(w->hist, o * sizeof(uint64_t), r * sizeof(uint64_t))) == NULL)
        return SG_ENOMEM;
    w->hist = (uint64_t *)q;
    w->range = range;
    sg__sparse_parity(w->par, 2 * range, w->mask);
    return SG_OK;
}

/* the class a position n wants: its options of that class all come with a rare part */
static unsigned sg__ow_q(const sg__ow_t *w, uint64_t n)
{
    return w->domain ? (unsigned)((n - w->e) & 1u) ^ 1u : 1u;
}

static int sg__ow_rare_push(sg__ow_t *w, uint64_t p, sg_value_t v)
{
    if (w->nrare == w->rcap) {
        size_t cap = w->rcap ? w->rcap * 2 : 256;
        uint64_t *r;
        sg_value_t *x;
        if (cap > SIZE_MAX / sizeof *r) return SG_ENOMEM;
        if ((r = (uint64_t *)realloc(w->rare, cap * sizeof *r)) == NULL) return SG_ENOMEM;
        w->rare = r;
        if ((x = (sg_value_t *)realloc(w->rare_val, cap * sizeof *x)) == NULL) return SG_ENOMEM;
        w->rare_val = x;
        w->rcap = cap;
    }
    w->rare[w->nrare] = p;
    w->rare_val[w->nrare++] = v;
    return SG_OK;
}

int sg__ow_start(sg__ow_t *w, const sg__ow_held_t *h)
{
    uint64_t range = 64, p;
    size_t R, i;
    int64_t *t, best;
    int st;
    for (p = 0; p < h->count; p++) {
        sg_value_t x = sg__ow_at(h, p);
        if (x >= SG__OW_MAXV) return SG_EWINDOW;
        while (x >= range) range *= 2;
    }
    if ((st = sg__ow_set_range(w, range)) != SG_OK) return st;
    R = (size_t)w->range;
    if ((t = (int64_t *)calloc(2 * R, sizeof *t)) == NULL) return SG_ENOMEM;
    memset(w->hist, 0, R * sizeof *w->hist);
    for (p = 0; p < h->count; p++) {
        sg_value_t x = sg__ow_at(h, p);
        w->hist[x]++;
        if (p == 0) continue;   /* G(0) = 0 is never rare */
        t[x]++;
        t[R + x] += ((p - w->e) & 1u) ? -1 : 1;
    }
    /* #rare = (N + W(mask)) / 2, W the transform (octal_sparse.c); mask 0 is left out */
    sg__sparse_wht(t, R);
    sg__sparse_wht(t + R, R);
    w->domain = 0;
    w->mask = 1;
    best = t[1];
    for (i = 2; i < R; i++)
        if (t[i] < best) best = t[i], w->mask = (sg_value_t)i;
    for (i = 1; w->domain_ok && i < R; i++)
        if (t[R + i] < best) best = t[R + i], w->mask = (sg_value_t)i, w->domain = 1;
    free(t);
    sg__sparse_parity(w->par, 2 * w->range, w->mask);
    w->nrare = 0;
    for (p = 1; p < h->count; p++) {
        sg_value_t x = sg__ow_at(h, p);
        if (w->par[x] != sg__ow_q(w, p) && (st = sg__ow_rare_push(w, p, x)) != SG_OK)
            return st;
    }
    w->count = h->count;
    return SG_OK;
}

/* The kernels, once per width (S: suffix, T: type) on the slots d:
 *   mark_rare:  seen[rare_val[i] ^ G(m - rare[i])] for i < to, G(m - r) at slot off - r.
 *   mark_pairs: seen[d[sa + k] ^ d[sb - k]] for k < len (the splits of a run of parts). */
#define SG__OW_KERNELS(S, T)                                                                 \
    static void sg__ow_mark_rare##S(unsigned char *seen, const T *d, uint64_t off,           \
                                    const uint64_t *rare, const sg_value_t *val, size_t to)  \
    {                                                                                        \
        size_t i = 0;                                                                        \
        for (; i + 4 <= to; i += 4) { /* four gathers under way at once */                   \
            sg_value_t x0 = val[i] ^ d[off - rare[i]], x1 = val[i + 1] ^ d[off - rare[i + 1]];  \
            sg_value_t x2 = val[i + 2] ^ d[off - rare[i + 2]];                               \
            sg_value_t x3 = val[i + 3] ^ d[off - rare[i + 3]];                               \
            seen[x0] = 1;                                                                    \
            seen[x1] = 1;                                                                    \
            seen[x2] = 1;                                                                    \
            seen[x3] = 1;                                                                    \
        }                                                                                    \
        for (; i < to; i++) seen[val[i] ^ d[off - rare[i]]] = 1;                              \
    }                                                                                        \
    static void sg__ow_mark_pairs##S(unsigned char *seen, const T *d, uint64_t sa,           \
                                     uint64_t sb, uint64_t len)                              \
    {                                                                                        \
        uint64_t k;                                                                          \
        for (k = 0; k < len; k++) seen[d[sa + k] ^ d[sb - k]] = 1;                            \
    }
SG__OW_KERNELS(8, unsigned char)
SG__OW_KERNELS(16, uint16_t)
SG__OW_KERNELS(32, sg_value_t)
#undef SG__OW_KERNELS

/* The splits with a small part, a pair of forward runs x (the mirror) and y (the window):
 *   mark_fw: seen[x[i] ^ y[i]] for i < len;
 *   find_fw: 1 when x[i] ^ y[i] == v for some i < len, blocks of SG__OW_BLOCK tested
 *            branch-free (they vectorize). */
#define SG__OW_FORWARD(S, T)                                                                 \
    static void sg__ow_mark_fw##S(unsigned char *seen, const T *x, const T *y, size_t len)   \
    {                                                                                        \
        size_t i = 0;                                                                        \
        for (; i + 4 <= len; i += 4) {                                                       \
            unsigned x0 = (unsigned)(x[i] ^ y[i]), x1 = (unsigned)(x[i + 1] ^ y[i + 1]);     \
            unsigned x2 = (unsigned)(x[i + 2] ^ y[i + 2]);                                   \
            unsigned x3 = (unsigned)(x[i + 3] ^ y[i + 3]);                                   \
            seen[x0] = 1;                                                                    \
            seen[x1] = 1;                                                                    \
            seen[x2] = 1;                                                                    \
            seen[x3] = 1;                                                                    \
        }                                                                                    \
        for (; i < len; i++) seen[x[i] ^ y[i]] = 1;                                           \
    }                                                                                        \
    static int sg__ow_find_fw##S(const T *x, const T *y, size_t len, sg_value_t v)           \
    {                                                                                        \
        size_t i = 0;                                                                        \
        T t = (T)v;                                                                          \
        int k;                                                                               \
        if ((sg_value_t)t != v) return 0; /* no two values of this width give it */          \
        for (; i + SG__OW_BLOCK <= len; i += SG__OW_BLOCK) {                                 \
            unsigned acc = 0;                                                                \
            for (k = 0; k < SG__OW_BLOCK; k++)                                               \
                acc |= (unsigned)((T)(x[i + (size_t)k] ^ y[i + (size_t)k]) == t);            \
            if (acc) return 1;                                                               \
        }                                                                                    \
        for (; i < len; i++)                                                                 \
            if ((T)(x[i] ^ y[i]) == t) return 1;                                             \
        return 0;                                                                            \
    }
SG__OW_FORWARD(8, unsigned char)
SG__OW_FORWARD(16, uint16_t)
SG__OW_FORWARD(32, sg_value_t)
#undef SG__OW_FORWARD

/* the mirror of the prefix in the store's width: SG_OK or SG_ENOMEM */
static int sg__ow_mirror(sg__ow_t *w, const sg__ow_held_t *h)
{
    uint64_t j;
    void *q;
    if (w->mirror_width == h->width && w->mirror_n == h->pre) return SG_OK;
    if (h->pre > SIZE_MAX / h->width) return SG_ENOMEM;
    if ((q = realloc(w->mirror, (size_t)(h->pre ? h->pre : 1) * h->width)) == NULL)
        return SG_ENOMEM;
    w->mirror = q;
    for (j = 0; j < h->pre; j++) {
        sg_value_t x = sg__ow_at(h, h->pre - 1 - j);
        if (h->width == 1) ((unsigned char *)q)[j] = (unsigned char)x;
        else if (h->width == 2) ((uint16_t *)q)[j] = (uint16_t)x;
        else ((sg_value_t *)q)[j] = x;
    }
    w->mirror_width = h->width;
    w->mirror_n = h->pre;
    return SG_OK;
}

/* mark (v == SG__OW_MARK) or look for v among the splits (a, m - a), lo <= a < lo + len, a in
 * the prefix and m - a in the window: the mirror from pre - lo - len, the window from the slot
 * of m - (lo + len - 1), both forward */
#define SG__OW_MARK UINT32_MAX
static int sg__ow_small(sg__ow_t *w, const sg__ow_held_t *h, uint64_t m, uint64_t lo,
                        uint64_t len, sg_value_t v)
{
    size_t xi = (size_t)(h->pre - lo - len), yi = (size_t)(m - (lo + len - 1) - h->base + h->pre);
    size_t n = (size_t)len;
    if (h->width == 1) {
        const unsigned char *x = (const unsigned char *)w->mirror + xi;
        const unsigned char *y = (const unsigned char *)h->data + yi;
        if (v != SG__OW_MARK) return sg__ow_find_fw8(x, y, n, v);
        sg__ow_mark_fw8(w->seen, x, y, n);
    } else if (h->width == 2) {
        const uint16_t *x = (const uint16_t *)w->mirror + xi;
        const uint16_t *y = (const uint16_t *)h->data + yi;
        if (v != SG__OW_MARK) return sg__ow_find_fw16(x, y, n, v);
        sg__ow_mark_fw16(w->seen, x, y, n);
    } else {
        const sg_value_t *x = (const sg_value_t *)w->mirror + xi;
        const sg_value_t *y = (const sg_value_t *)h->data + yi;
        if (v != SG__OW_MARK) return sg__ow_find_fw32(x, y, n, v);
        sg__ow_mark_fw32(w->seen, x, y, n);
    }
    return 0;
}

/* Look for need[0 .. *k) among the splits with a small part a, 1 <= a <= hi: marked a chunk at
 * a time from the smallest parts, until few are missing; each of those is then tested for. */
static void sg__ow_search_small(sg__ow_t *w, const sg__ow_held_t *h, uint64_t m, uint64_t hi,
                                size_t *k)
{
    uint64_t a = 1, len;
    size_t i, kk;
    while (*k > 0 && a <= hi) {
        if (*k <= SG__OW_FEW) {
            for (kk = 0, i = 0; i < *k; i++)
                if (!sg__ow_small(w, h, m, a, hi - a + 1, w->need[i])) w->need[kk++] = w->need[i];
            *k = kk;
            return;
        }
        len = hi - a + 1 < SG__OW_CHUNK ? hi - a + 1 : SG__OW_CHUNK;
        sg__ow_small(w, h, m, a, len, SG__OW_MARK);
        a += len;
        for (kk = 0, i = 0; i < *k; i++)
            if (!w->seen[w->need[i]]) w->need[kk++] = w->need[i];
        *k = kk;
    }
}

static void sg__ow_mark_pairs(unsigned char *seen, const sg__ow_held_t *h, uint64_t sa,
                              uint64_t sb, uint64_t len)
{
    if (h->width == 1) sg__ow_mark_pairs8(seen, (const unsigned char *)h->data, sa, sb, len);
    else if (h->width == 2) sg__ow_mark_pairs16(seen, (const uint16_t *)h->data, sa, sb, len);
    else sg__ow_mark_pairs32(seen, (const sg_value_t *)h->data, sa, sb, len);
}

/* The options of the rare parts r < m of a heap m split in two: SG_OK, or SG_EWINDOW when a
 * partner is not held (the tail does not reach back far enough). */
static int sg__ow_marks(sg__ow_t *w, const sg__ow_held_t *h, uint64_t m)
{
    size_t to = w->nrare, i;
    if (to > 0 && w->rare[to - 1] >= m) {
        size_t lo = 0, hi = to;   /* the first rare position >= m */
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (w->rare[mid] < m) lo = mid + 1;
            else hi = mid;
        }
        to = lo;
    }
    if (to == 0) return SG_OK;
    if (m - w->rare[to - 1] >= h->base) {   /* every partner in the tail: the hot loop */
        uint64_t off = m - h->base + h->pre;
        if (h->width == 1)
            sg__ow_mark_rare8(w->seen, (const unsigned char *)h->data, off, w->rare,
                              w->rare_val, to);
        else if (h->width == 2)
            sg__ow_mark_rare16(w->seen, (const uint16_t *)h->data, off, w->rare, w->rare_val,
                               to);
        else
            sg__ow_mark_rare32(w->seen, (const sg_value_t *)h->data, off, w->rare,
                               w->rare_val, to);
        return SG_OK;
    }
    for (i = 0; i < to; i++) {
        if (!sg__ow_held(h, m - w->rare[i])) return SG_EWINDOW;
        w->seen[w->rare_val[i] ^ sg__ow_at(h, m - w->rare[i])] = 1;
    }
    return SG_OK;
}

/* Look for need[0 .. *k) among the splits a + (m - a), lo <= a <= hi, all held with a's slots
 * from sa up and the partners' from sb down: a chunk marked at a time, then the values found
 * are struck out. */
static void sg__ow_search(sg__ow_t *w, const sg__ow_held_t *h, uint64_t sa, uint64_t sb,
                          uint64_t len, size_t *k)
{
    uint64_t done = 0, step;
    size_t i, kk;
    while (*k > 0 && done < len) {
        step = len - done < SG__OW_CHUNK ? len - done : SG__OW_CHUNK;
        sg__ow_mark_pairs(w->seen, h, sa + done, sb - done, step);
        done += step;
        for (kk = 0, i = 0; i < *k; i++)
            if (!w->seen[w->need[i]]) w->need[kk++] = w->need[i];
        *k = kk;
    }
}

int sg__ow_next(sg__ow_t *w, const sg__ow_held_t *h, sg_value_t *value)
{
    uint64_t n = h->count, c, m, half, hi;
    unsigned i, j, top = n < w->t ? (unsigned)n : w->t, q;
    size_t k = 0;
    int st;
    memset(w->seen, 0, (size_t)w->range);   /* no option reaches range: above stays clear */
    for (i = 0; i <= top; i++) {
        if ((w->single[i] & 1u) && n == i) w->seen[0] = 1;
        if ((w->single[i] & 2u) && n > i) {
            if (!sg__ow_held(h, n - i)) return SG_EWINDOW;
            w->seen[sg__ow_at(h, n - i)] = 1;
        }
    }
    for (j = 0; j < w->nsplit && w->split[j] + 2 <= n; j++)
        if ((st = sg__ow_marks(w, h, n - w->split[j])) != SG_OK) return st;
    q = sg__ow_q(w, n);
    for (c = 0; w->seen[c] || w->par[c] != q; c++)
        if (!w->seen[c]) w->need[k++] = (sg_value_t)c;
    /* the values of the other class below c, among the splits held */
    for (j = 0; k > 0 && j < w->nsplit && w->split[j] + 2 <= n; j++) {
        m = n - w->split[j];
        half = m / 2;
        /* the smallest parts a in the prefix, their partners in the tail */
        hi = h->pre - 1 < half ? h->pre - 1 : half;
        if (m >= h->base && m - h->base < hi) hi = m - h->base;
        if (h->pre > 1 && m >= h->base && hi >= 1) {
            if ((st = sg__ow_mirror(w, h)) != SG_OK) return st;
            sg__ow_search_small(w, h, m, hi, &k);
        }
        /* both parts in the tail */
        if (k > 0 && h->base > 0 && half >= h->base)
            sg__ow_search(w, h, h->pre, m - h->base - h->base + h->pre, half - h->base + 1, &k);
        /* both parts in the prefix */
        if (k > 0 && h->pre > 0 && m < 2 * h->pre - 1) {
            uint64_t lo = m + 1 > h->pre ? m + 1 - h->pre : 1;
            if (lo <= half) sg__ow_search(w, h, lo, m - lo, half - lo + 1, &k);
        }
    }
    if (k > 0) return SG_EWINDOW;   /* rare, or unsettled */
    /* room for the value in the histogram now, so that counting it cannot fail */
    if (c >= SG__OW_MAXV) return SG_EWINDOW;
    if (c >= w->range && (st = sg__ow_set_range(w, 2 * w->range)) != SG_OK) return st;
    *value = (sg_value_t)c;
    return SG_OK;
}

void sg__ow_account(sg__ow_t *w, sg_value_t v)
{
    w->hist[v]++;
    w->count++;
}

/* The state, in u64 words: count, range, mask, domain, nrare, the rare positions, their values,
 * then the histogram (range words). */
#define SG__OW_HEAD 5

size_t sg__ow_state_size(const sg__ow_t *w)
{
    return 8 * (SG__OW_HEAD + 2 * w->nrare + (size_t)w->range);
}

static void sg__ow_put(unsigned char *buf, size_t i, uint64_t x) { memcpy(buf + 8 * i, &x, 8); }

static uint64_t sg__ow_get(const unsigned char *buf, size_t i)
{
    uint64_t x;
    memcpy(&x, buf + 8 * i, 8);
    return x;
}

void sg__ow_state_out(const sg__ow_t *w, unsigned char *buf)
{
    size_t i, R = (size_t)w->range;
    sg__ow_put(buf, 0, w->count);
    sg__ow_put(buf, 1, w->range);
    sg__ow_put(buf, 2, w->mask);
    sg__ow_put(buf, 3, (uint64_t)w->domain);
    sg__ow_put(buf, 4, w->nrare);
    for (i = 0; i < w->nrare; i++) {
        sg__ow_put(buf, SG__OW_HEAD + i, w->rare[i]);
        sg__ow_put(buf, SG__OW_HEAD + w->nrare + i, w->rare_val[i]);
    }
    for (i = 0; i < R; i++) sg__ow_put(buf, SG__OW_HEAD + 2 * w->nrare + i, w->hist[i]);
}

int sg__ow_state_in(sg__ow_t *w, const unsigned char *buf, size_t size, const sg__ow_held_t *h)
{
    uint64_t range, mask, domain, nrare, p, sum = 0, last = 0;
    size_t i, r = 0, nr;
    int st;
    if (size < 8 * SG__OW_HEAD) return SG_EFORMAT;
    range = sg__ow_get(buf, 1);
    mask = sg__ow_get(buf, 2);
    domain = sg__ow_get(buf, 3);
    nrare = sg__ow_get(buf, 4);
    if (sg__ow_get(buf, 0) != h->count || range < 64 || range > SG__OW_MAXV ||
        (range & (range - 1)) != 0 || mask == 0 || mask >= range || domain > 1 ||
        (domain && !w->domain_ok) || nrare >= (h->pre > 0 ? h->pre : 1) || nrare > size / 16 ||
        size != 8 * (SG__OW_HEAD + 2 * nrare + range) || w->range != 0)
        return SG_EFORMAT;
    nr = (size_t)nrare;   /* at most size / 16, checked above */
    w->mask = (sg_value_t)mask;
    w->domain = (int)domain;
    if ((st = sg__ow_set_range(w, range)) != SG_OK) return st;
    for (i = 0; i < nr; i++) {
        p = sg__ow_get(buf, SG__OW_HEAD + i);
        if (p <= last || p >= h->pre || sg__ow_get(buf, SG__OW_HEAD + nr + i) != sg__ow_at(h, p))
            return SG_EFORMAT;
        if ((st = sg__ow_rare_push(w, p, sg__ow_at(h, p))) != SG_OK) return st;
        last = p;
    }
    for (i = 0; i < (size_t)range; i++) {
        w->hist[i] = sg__ow_get(buf, SG__OW_HEAD + 2 * nr + i);
        if (w->hist[i] > h->count - sum) return SG_EFORMAT;
        sum += w->hist[i];
    }
    if (sum != h->count) return SG_EFORMAT;
    /* every value held is below range, and rare exactly at the positions listed */
    for (p = 1; p < h->count; p++) {
        sg_value_t x;
        if (!sg__ow_held(h, p)) {
            p = h->base - 1;
            continue;
        }
        x = sg__ow_at(h, p);
        if (x >= range || w->hist[x] == 0) return SG_EFORMAT;
        if (w->par[x] != sg__ow_q(w, p)) {
            if (r >= w->nrare || w->rare[r] != p) return SG_EFORMAT;
            r++;
        }
    }
    if (r != w->nrare || (h->count > 0 && sg__ow_at(h, 0) != 0)) return SG_EFORMAT;
    w->count = h->count;
    return SG_OK;
}
