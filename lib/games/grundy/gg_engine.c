#include "../../common/sg_internal.h"
#include "gg_core.h"

/* Grundy's game: G(n) on one thread from the stored G(0 .. n-1), by the plain kernel or the
 * sparse step (gg_core.h says how it works): the marks of the rare parts the block left
 * out, then each rare value below the common mex looked for, the cheapest way first. */

static sg_value_t sg__gg_mex(const unsigned char *seen)
{
    sg_value_t v;
    for (v = 0; seen[v]; v++)
        ;
    return v;
}

/* Mark the options known otherwise, extra[0 .. nextra). */
static void sg__gg_mark_extra(const sg__gg_t *e, unsigned char *seen, const sg_value_t *extra,
                              size_t nextra)
{
    size_t i;
    for (i = 0; i < nextra; i++)
        if (extra[i] < e->range / 2) seen[extra[i]] = 1;
}

/* The mex of the splits (a, n - a) with a >= lo, and of the options extra[0 .. nextra): seen
 * holds them after. */
static sg_value_t sg__gg_plain(const sg__gg_t *e, uint64_t n, unsigned char *seen, uint64_t lo,
                               const sg_value_t *extra, size_t nextra)
{
    const sg__gg_values_t gv = e->g;
    uint64_t a;
    /* every split: a windowed run that dropped some (a in [pre, base) with 2a < n, or n - a
     * there) cannot take this way */
    if (gv.off != 0 && n - lo >= gv.pre) return SG__GG_LOST;
    memset(seen, 0, (size_t)e->range / 2);
    for (a = lo; 2 * a < n; a++) seen[sg__gg_at(gv, a) ^ sg__gg_at(gv, n - a)] = 1;
    sg__gg_mark_extra(e, seen, extra, nextra);
    return sg__gg_mex(seen);
}

static void sg__gg_mark_rare(const sg__gg_t *e, uint64_t n, unsigned char *seen, size_t from,
                             size_t to)
{
    const sg_value_t *rval = e->rare_val;
    const uint64_t *rare = e->rare;
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
    /* the hottest loop: one copy per width, its table in a local (a stored pointer would be
     * read again after every mark: seen could alias it) */
    /* the partners n - r of the rare parts are all in the window (a windowed run holds every
     * rare position r below its prefix, no longer than its window): at slot n - r - off */
    if (e->g.g8 != NULL) {
        const unsigned char *G = e->g.g8 + (n - e->g.off);
        SG__GG_MARK_LOOP(G);
    } else if (e->g.g16 != NULL) {
        const uint16_t *G = e->g.g16 + (n - e->g.off);
        SG__GG_MARK_LOOP(G);
    } else {
        const sg_value_t *G = e->g.g32 + (n - e->g.off);
        SG__GG_MARK_LOOP(G);
    }
#undef SG__GG_MARK_LOOP
}

/* Try the split that gave v three heaps ago, (a, n - 3 - a): as (a, n - a) and as
 * (a + d, n - 3 - a), d = 3 (or as many as it was ago). Values repeat with step 3 often enough
 * (about 3 times in 10 for Grundy's game) that this settles a third of the lookups in two
 * looks. */
static int sg__gg_witness(const sg__gg_t *e, uint64_t *const *wits, uint64_t n, uint64_t lo,
                          sg_value_t v)
{
    const sg__gg_values_t gv = e->g;
    uint64_t *wit, a, d;
    if (v >= e->range / 2) return 0;   /* no option reaches it, and wit has no entry for it */
    wit = wits[n % 3] + 2 * (size_t)v;
    a = wit[0];
    if (wit[1] == 0) return 0;
    d = n - wit[1];
    if (a >= lo && 2 * a < n && sg__gg_held(gv, a) && sg__gg_held(gv, n - a) &&
        (sg__gg_at(gv, a) ^ sg__gg_at(gv, n - a)) == v) {
        wit[1] = n;
        return 1;
    }
    a += d;
    if (a >= lo && 2 * a < n && sg__gg_held(gv, a) && sg__gg_held(gv, n - a) &&
        (sg__gg_at(gv, a) ^ sg__gg_at(gv, n - a)) == v) {
        wit[0] = a;
        wit[1] = n;
        return 1;
    }
    return 0;
}

/* Look for option value v of n as x ^ y with y frequent among small heaps: along the last
 * positions a of value x, checking G(n - a) == y. n - a is then small, its value in cache, and
 * y is there one time in five. Returns the number of splits looked at. */
static uint64_t sg__gg_target_recent(const sg__gg_t *e, uint64_t n, unsigned char *seen,
                                     uint64_t lo, sg_value_t v)
{
    const sg__gg_values_t gv = e->g;
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
            if (d == a || d < lo || !sg__gg_held(gv, d) || !sg__gg_held(gv, a)) continue;
            w = sg__gg_at(gv, d);
            seen[x ^ w] = 1;
            if (w == y) break;
        }
        looked += j;
    }
    return looked;
}

/* Look for option value v of n as x ^ y, y frequent, along the first positions of value x.
 * Every split looked at is marked. Returns the number of splits looked at. */
static uint64_t sg__gg_target(const sg__gg_t *e, uint64_t *const *wit, uint64_t n,
                              unsigned char *seen, uint64_t lo, sg_value_t v)
{
    const sg__gg_values_t gv = e->g;
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
            if (a < lo || !sg__gg_held(gv, n - a) || !sg__gg_held(gv, a)) continue;
            w = sg__gg_at(gv, n - a);
            seen[x ^ w] = 1;
            if (w == y) {
                wit[n % 3][2 * (size_t)v] = a;
                wit[n % 3][2 * (size_t)v + 1] = n;
                break;
            }
        }
        looked += j;
    }
    return looked;
}

/* The splits of n with a rare part rare[from .. to) (equal parts are no move). */
static void sg__gg_mark_span(const sg__gg_t *e, uint64_t n, unsigned char *seen, size_t from,
                             size_t to)
{
    size_t ih = (n & 1) ? e->nrare : sg__gg_rare_find(e, n / 2);
    if (ih >= from && ih < to && e->rare[ih] == n / 2) {
        sg__gg_mark_rare(e, n, seen, from, ih);
        sg__gg_mark_rare(e, n, seen, ih + 1, to);
    } else {
        sg__gg_mark_rare(e, n, seen, from, to);
    }
}

/* min(count, most) as a size_t: the bound is taken before the count is narrowed (a 32-bit
 * size_t would otherwise keep the count's low bits) */
static size_t sg__gg_cap(uint64_t count, size_t most)
{
    return count < most ? (size_t)count : most;
}

/* After the marks of the splits with a rare part (and any other true options marked since): the
 * mex of the options of n whose splits have a >= lo, and of the options extra[0 .. nextra).
 * *work gets the splits looked at. */
sg_value_t sg__gg_resolve(const sg__gg_t *e, uint64_t *const *wit, uint64_t n, unsigned char *seen,
                          uint64_t lo, const sg_value_t *extra, size_t nextra, uint64_t *work)
{
    const sg__gg_values_t gv = e->g;
    const unsigned char *par = e->parity;
    sg_value_t need[SG__GG_NEED];
    sg__gg_near_t near, low;
    size_t k = 0, kk, j;
    uint64_t a, stop, c, v, top, held;
    int missed = 0;

    sg__gg_mark_extra(e, seen, extra, nextra);
    for (c = 0; seen[c] || !par[c]; c++)
        if (!par[c] && !seen[c]) {
            if (k == SG__GG_NEED) return sg__gg_plain(e, n, seen, lo, extra, nextra);
            need[k++] = (sg_value_t)c;
        }
    /* the rare values below c: first a few splits around the middle (both parts typical),
     * then each value looked for among more splits there and among those with the smallest
     * parts, then directly, then a scan of every split. Values of four bytes skip the search
     * among the splits (sg__gg_near_serves). */
    if (k > 0 && !sg__gg_near_serves(e)) {
        uint64_t b, len;
        a = (n - 1) / 2;
        len = a >= SG__GG_PRESCAN + lo ? SG__GG_PRESCAN : a - lo + 1;
        /* only where the window holds both parts */
        if (len > sg__gg_run_down(gv, a)) len = sg__gg_run_down(gv, a);
        if (len > sg__gg_run_up(gv, n - a, n)) len = sg__gg_run_up(gv, n - a, n);
        stop = a - len;
        *work += a - stop;
        for (b = n - a; a > stop; a--, b++) seen[sg__gg_at(gv, a) ^ sg__gg_at(gv, b)] = 1;
        if (len == 0) {
            /* a window that no longer reaches the middle: the splits with the smallest parts
             * instead (those parts in the prefix, their partners the newest values) */
            len = sg__gg_run_up(gv, lo, n);
            if (len > sg__gg_run_down(gv, n - lo)) len = sg__gg_run_down(gv, n - lo);
            if (len > SG__GG_PRESCAN) len = SG__GG_PRESCAN;
            if (2 * (lo + len) > n) len = 0;
            *work += len;
            for (a = lo, b = n - lo; a < lo + len; a++, b--)
                seen[sg__gg_at(gv, a) ^ sg__gg_at(gv, b)] = 1;
        }
    } else if (k > 0) {
        near.a0 = (n - 1) / 2;
        near.b0 = n - near.a0;
        low.a0 = n - lo;
        low.b0 = lo;
        low.len = 0;
        low.cap = sg__gg_cap(n > 2 * lo ? (n - 2 * lo + 1) / 2 : 0, SG__GG_LOW);
        near.len = 0;
        near.cap = sg__gg_cap(near.a0 >= lo ? near.a0 - lo + 1 : 0, SG__GG_NEAR);
        /* each side within one run of slots held: around the middle, only while the window
         * reaches back there */
        sg__gg_near_fit(e, &near, n);
        sg__gg_near_fit(e, &low, n);
        /* with two-byte values a byte of 255 may stand for more: 255 stays as it was (one-byte
         * values may have no room for it) */
        unsigned char had255 = e->g.g8 == NULL ? seen[255] : 0;
        sg__gg_near_grow(e, &near, SG__GG_PRESCAN);
        *work += near.len;
        for (j = 0; j < near.len; j++) seen[near.x.b[j]] = 1;
        if (near.cap == 0) {   /* the window no longer reaches the middle: the smallest parts */
            sg__gg_near_grow(e, &low, SG__GG_PRESCAN);
            *work += low.len;
            for (j = 0; j < low.len; j++) seen[low.x.b[j]] = 1;
        }
        if (e->g.g8 == NULL) seen[255] = had255;
    }
    for (j = 0; j < k; j++) {
        sg_value_t w = need[j];
        if (seen[w]) continue;
        *work += 2;
        if ((sg__gg_near_serves(e) && (sg__gg_near(e, wit, n, &near, w, work) ||
                                 sg__gg_near(e, wit, n, &low, w, work))) ||
            sg__gg_witness(e, wit, n, lo, w))
            seen[w] = 1;
        else if ((*work += sg__gg_target_recent(e, n, seen, lo, w)), !seen[w])
            *work += sg__gg_target(e, wit, n, seen, lo, w);
    }
    for (j = 0, kk = 0; j < k; j++)
        if (!seen[need[j]]) need[kk++] = need[j];
    /* a windowed run scans first the splits whose small part is in the prefix and large part
     * in the window (every split when nothing is dropped), then looks at the rest one by one:
     * a split it does not hold leaves the value unknown */
    top = (n + 1) / 2;
    held = top;
    if (gv.off != 0) {
        if (held > gv.pre) held = gv.pre;
        if (held > n - gv.base + 1) held = n - gv.base + 1;
    }
    for (k = kk, a = lo; k > 0 && a < held; a = stop) {
        uint64_t b = n - a;
        stop = a + SG__GG_BLOCK;
        if (stop > held) stop = held;
        *work += stop - a;
        for (; a < stop; a++, b--) seen[sg__gg_at(gv, a) ^ sg__gg_at(gv, b)] = 1;
        for (j = 0, kk = 0; j < k; j++)
            if (!seen[need[j]]) need[kk++] = need[j];
        k = kk;
    }
    for (a = held > lo ? held : lo; k > 0 && a < top; a++) {
        if (a >= gv.pre && a < gv.base) a = gv.base;   /* dropped: on at the window */
        if (a >= top) break;
        if (sg__gg_held(gv, a) && sg__gg_held(gv, n - a))
            seen[sg__gg_at(gv, a) ^ sg__gg_at(gv, n - a)] = 1;
        else
            missed = 1;
    }
    if (gv.pre < gv.base && held < top && gv.pre < top) missed = 1;   /* splits skipped */
    for (j = 0, kk = 0; j < k; j++)
        if (!seen[need[j]]) need[kk++] = need[j];
    k = kk;
    if (k == 0) return (sg_value_t)c;
    if (missed) return SG__GG_LOST;
    /* every split seen: the value is the least rare value missing */
    for (v = 0; seen[v]; v++)
        ;
    return (sg_value_t)v;
}

/* The mex of the options of n from splits (a, n - a) with a >= lo, in `seen`: the sparse step
 * (its work added to *work), on n's array of the (complete) block, or the plain one. */
sg_value_t sg__gg_value(const sg__gg_t *e, uint64_t *const *wit, uint64_t n, unsigned char *seen,
                        uint64_t lo, int sparse, uint64_t *work)
{
    if (!sparse) return sg__gg_plain(e, n, seen, lo, NULL, 0);
    /* the rare parts the block left out: the smallest, and those found since it began */
    *work = e->nrare;
    sg__gg_mark_span(e, n, seen, sg__gg_rare_find(e, lo), e->block.from);
    sg__gg_mark_span(e, n, seen, e->block.to, e->nrare);
    return sg__gg_resolve(e, wit, n, seen, lo, NULL, 0, work);
}

/* G(n) from the stored G(0..n-1), with the engine's bookkeeping for it; the caller stores it. */
int sg__gg_next(sg__gg_t *e, uint64_t n, sg_value_t *value)
{
    uint64_t work = 0;
    sg_value_t v;
    int st, sparse;
    if (n < e->last_n && n + 2 >= e->last_n) {
        *value = e->last_v[n + 2 - e->last_n];
        return SG_OK;
    }
    if ((st = sg__gg_prepare(e, n)) != SG_OK) return st;
    sparse = sg__gg_sparse_pays(e, n);
    if (sparse && !sg__gg_block_has(&e->block, n)) {
        sg__gg_block_start(e, &e->block, n, SG__GG_RUN);
        sg__gg_block_mark(e, &e->block, 0, e->block.len, e->block.from, e->block.to);
        e->next.len = 0;
    }
    v = sg__gg_value(e, e->wit, n, sparse ? sg__gg_block_seen(e, &e->block, n) : e->seen, 1,
                     sparse, &work);
    if (v == SG__GG_LOST) return SG_EWINDOW;
    if (sparse) e->cost += work - e->cost / 16;
    *value = v;
    if ((st = sg__gg_account(e, n, v)) != SG_OK) return st;
    sg__gg_done(e, n, v);
    return SG_OK;
}

