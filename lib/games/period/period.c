#include "../../common/sg_internal.h"
#include "periodicity.h"

#include <stdlib.h>

/* Periods of any sequence: once G(n + per) == G(n) for every n >= pre is known, a table is
 * filled by copying, and any G(n) is a lookup (G(n) + k * saltus for an arithmetic period). The
 * pattern a finite table shows is only observed (proven = 0): the families that have a
 * periodicity theorem (subtraction.c, allbut.c, octal_period.c) prove theirs. */

void sg__period_copy(void *values, size_t width, uint64_t pre, uint64_t per, uint64_t from,
                     uint64_t to)
{
    unsigned char *d = SG__CAST(unsigned char *, values);
    uint64_t n, len;
    for (n = from; n < to; n += len) {
        uint64_t back = (n - pre) / per * per;   /* whole periods: values[n - back] */
        len = back < to - n ? back : to - n;
        memcpy(d + SG__CAST(size_t, n) * width, d + SG__CAST(size_t, n - back) * width,
               SG__CAST(size_t, len) * width);
    }
}

static int sg__period_read(const sg_value_t *prefix, uint64_t prefix_count,
                           const sg_period_t *period, uint64_t n, sg_value_t *value, int observed)
{
    uint64_t r, k, v;
    if (value == NULL || (prefix == NULL && prefix_count > 0)) return SG_EINVAL;
    if (n < prefix_count) {
        *value = prefix[n];
        return SG_OK;
    }
    if (period == NULL || (!period->proven && !observed) || period->period == 0)
        return SG_EINVAL;
    if (period->preperiod > prefix_count || period->period > prefix_count - period->preperiod)
        return SG_ERANGE;
    r = period->preperiod + (n - period->preperiod) % period->period;
    k = (n - r) / period->period;
    v = prefix[r];
    if (period->saltus) {
        if (k > (UINT64_MAX - v) / period->saltus) return SG_ERANGE;
        v += k * period->saltus;
        if (v > UINT32_MAX) return SG_ERANGE;
    }
    *value = SG__CAST(sg_value_t, v);
    return SG_OK;
}

int sg_period_value(const sg_value_t *prefix, uint64_t prefix_count, const sg_period_t *period,
                    uint64_t n, sg_value_t *value)
{
    return sg__period_read(prefix, prefix_count, period, n, value, 0);
}

int sg_period_value_observed(const sg_value_t *prefix, uint64_t prefix_count,
                             const sg_period_t *period, uint64_t n, sg_value_t *value)
{
    return sg__period_read(prefix, prefix_count, period, n, value, 1);
}

/* The start of the stretch ending at the table's end where G(n + p) == G(n) + s, s read off the
 * last period (s < 0 cannot go on: no stretch). */
static uint64_t sg__period_stretch(const sg_value_t *G, uint64_t count, uint64_t p,
                                   sg_value_t *saltus)
{
    uint64_t n;
    sg_value_t s;
    if (G[count - 1] < G[count - 1 - p]) return count;
    s = G[count - 1] - G[count - 1 - p];
    for (n = count - p; n > 0; n--)
        if (G[n - 1 + p] - G[n - 1] != s || G[n - 1 + p] < G[n - 1]) break;
    *saltus = s;
    return n;
}

int sg__period_pattern(const sg_value_t *G, uint64_t count, sg_period_t *period)
{
    uint64_t p, n;
    sg_value_t s = 0;
    /* the least p whose stretch spans three periods and half of the table: an eventually
     * (arithmetic-)periodic sequence shows its least period first, with its least start */
    for (p = 1; 3 * p <= count; p++) {
        n = sg__period_stretch(G, count, p, &s);
        if (count - n >= 3 * p && count - n >= count / 2) {
            period->preperiod = n;
            period->period = p;
            period->saltus = s;
            return 1;
        }
    }
    return 0;
}

int sg_table_pattern(const sg_value_t *table, uint64_t count, sg_period_t *period)
{
    if (period != NULL) memset(period, 0, sizeof *period);
    if (period == NULL || (table == NULL && count > 0)) return SG_EINVAL;
    sg__period_pattern(table, count, period);
    return SG_OK;
}

#if SG__LONGRUN
/* ---- the matches of a growing sequence with its shifts (sg__match_t) ------------------------
 *
 * An update from N' to N values brings each shift q from the pairs n < s = N' - q (none when q
 * is new) to the pairs n < N - q. Only the last mismatch matters, so the new pairs are scanned
 * down from the top and the scan stops at the first mismatch, or at s (start(q) then stays):
 * no pair is compared twice but those of a short match below s (below).
 *
 * Pairs that follow from a divisor are not compared: if d divides q and G(x + d) == G(x) for
 * x >= a = start(d) (at N already), then G(n + q) == G(n) for a <= n < N - q, through n, n + d,
 * ..., n + q; and for a - q <= n < a, G(n + q) == G(a + (n - a) mod d), so the pair (n, n + q)
 * is a mismatch exactly when n is an exception of d: the same for every multiple of d. The
 * divisors used are the first SG__MATCH_SEEDS shifts of an update with a match of at least
 * SG__MATCH_LONG pairs (each with a start below those of its own divisors); of those dividing q,
 * the one with the least start. The exceptions below a are kept as a bitset for one such d,
 * made once the scans of its multiples have cost a quarter of what making it costs (so making
 * them costs at most four times what it saves), kept while (d, a) stays, and read a word at a
 * time. On an eventually periodic sequence the multiples of the period then cost O(1) plus a
 * read back to the last exception, though their matches span the whole tail; the other shifts
 * stop at a mismatch within a period or so.
 *
 * Cost of an update: O(count) plus the pairs compared, each at most once over all updates (the
 * total is at most the sum over q of N - q, and near O(N) on the sequences above), plus the
 * bitsets made. Memory: most shifts of a sequence that is not periodic yet match only a few
 * pairs at the top (on 0.6, .14, .36 and .007 to 2^20 every match was shorter than 16), so a
 * short match (under 255 pairs) is not kept at all: only a bit says it is short, and its start
 * is found again from the top when needed (an update whose new pairs of q all match compares
 * the old short match again, fewer than 255 pairs, paid for by the new pairs; a proof reads
 * only long ones). A long match keeps its start, in a list in order of q made anew at each
 * update: three bits per shift, a bit per value, and 4 bytes per long match (8 from 2^32 values
 * on). */

#define SG__MATCH_LONG 64    /* a match that long may spare the multiples some pairs */
#define SG__MATCH_SEEDS 16   /* shifts whose match is passed on to their multiples, at most */

void sg__match_init(sg__match_t *m) { memset(m, 0, sizeof *m); }

void sg__match_release(sg__match_t *m)
{
    free(m->r32);
    free(m->r64);
    free(m->lng);
    free(m->rank);
    free(m->bits);
    free(m->half);
    sg__match_init(m);
}

/* the highest set bit of a non-zero word */
static unsigned sg__match_high(uint64_t w)
{
#if defined(__GNUC__) || defined(__clang__)
    return 63u - SG__CAST(unsigned, __builtin_clzll(w));
#else
    unsigned n = 0;
    while (w >>= 1) n++;
    return n;
#endif
}

/* room for `count` shifts and N bits; m unchanged on failure but for room */
static int sg__match_room(sg__match_t *m, uint64_t count, uint64_t N)
{
    uint64_t cap = m->cap, words = N / 64 + 1, cw;
    void *b;
    if (words > m->words) {
        if (words < m->words + m->words / 2) words = m->words + m->words / 2;
        if (words > SIZE_MAX / 8 || (b = realloc(m->bits, (size_t)words * 8)) == NULL)
            return SG_ENOMEM;
        m->bits = (uint64_t *)b;
        m->words = words;
    }
    if (count <= cap && m->half != NULL) return SG_OK;
    if (count > cap) cap = count > cap + cap / 2 ? count : cap + cap / 2;
    cw = cap / 64 + 1;
    if (cw > SIZE_MAX / 8) return SG_ENOMEM;
    if ((b = realloc(m->half, (size_t)cw * 8)) == NULL) return SG_ENOMEM;
    m->half = (uint64_t *)b;
    if ((b = realloc(m->lng, (size_t)cw * 8)) == NULL) return SG_ENOMEM;
    m->lng = (uint64_t *)b;
    if ((b = realloc(m->rank, (size_t)cw * sizeof *m->rank)) == NULL) return SG_ENOMEM;
    m->rank = (uint32_t *)b;
    m->cap = cap;
    return SG_OK;
}

/* The exceptions of d below `from` (G(x + d) == G(x) for from <= x < N, from + d <= N) in the
 * bitset (which has room). */
static void sg__match_bits(sg__match_t *m, const sg__vals_t *G, uint64_t d, uint64_t from)
{
    uint64_t n, k = 0;
    memset(m->bits, 0, (size_t)(from / 64 + 1) * 8);
    for (n = from; n-- > 0;) {   /* k = (n - from) mod d, going down */
        k = k ? k - 1 : d - 1;
        if (sg__vals_at(G, n) != sg__vals_at(G, from + k))
            m->bits[n / 64] |= (uint64_t)1 << (n % 64);
    }
    m->d = d;
    m->from = from;
}

/* The largest exception n with lo <= n < hi (hi <= m->from), or UINT64_MAX when none. */
static uint64_t sg__match_last(const sg__match_t *m, uint64_t lo, uint64_t hi)
{
    uint64_t w, x;
    if (hi <= lo) return UINT64_MAX;
    w = (hi - 1) / 64;
    x = m->bits[w] & (~(uint64_t)0 >> (63 - (hi - 1) % 64));
    while (x == 0) {
        if (w == 0 || w * 64 <= lo) return UINT64_MAX;
        x = m->bits[--w];
    }
    x = w * 64 + sg__match_high(x);
    return x >= lo ? x : UINT64_MAX;
}

uint64_t sg__match_half(const sg__match_t *m, uint64_t q)
{
    uint64_t w, x;
    if (q == 0 || q > m->count) return 0;
    w = (q - 1) / 64;
    x = m->half[w] & (~(uint64_t)0 << ((q - 1) % 64));
    while (x == 0) {
        if (++w > (m->count - 1) / 64) return 0;
        x = m->half[w];
    }
    x = w * 64 + sg__ctz64(x) + 1;
    return x <= m->count ? x : 0;
}

typedef struct {
    uint64_t d, start, next;   /* a shift, its start, its next multiple */
    uint64_t spent;            /* pairs its multiples compared since its bitset was last made */
} sg__match_seed_t;

/* Shift q at N, its pairs n < s known with start *r (the top pair matches, or q is a multiple
 * of a seed), or, `shrt`, with a short match at s whose start was not kept (*r = s then): *r
 * brought up to date, q made a seed when its match is long. The next multiple of a seed is
 * returned. */
static uint64_t sg__match_one(sg__match_t *m, const sg__vals_t *G, uint64_t N, uint64_t q,
                              uint64_t s, int shrt, uint64_t *r, uint64_t count, uint64_t next,
                              sg__match_seed_t *seed, size_t *seeds)
{
    uint64_t top = N - q, lo = UINT64_MAX, hi, n;
    size_t j, by = SG__MATCH_SEEDS;
    int paid = 0;
    if (q == next) {   /* the seeds that divide q: the least start */
        next = UINT64_MAX;
        for (j = 0; j < *seeds; j++) {
            if (seed[j].next == q) {
                if (seed[j].start < lo) {
                    lo = seed[j].start;
                    by = j;
                }
                seed[j].next += seed[j].d;
            }
            if (seed[j].next < next) next = seed[j].next;
        }
    }
    hi = top < lo ? top : lo;
    if (by < SG__MATCH_SEEDS && hi > s) {
        /* lo - q <= n < hi: the exceptions of the seed */
        uint64_t low = lo > q && lo - q > s ? lo - q : s, x;
        if (seed[by].spent >= lo / 4 && (m->d != seed[by].d || m->from != lo)) {
            sg__match_bits(m, G, seed[by].d, lo);
            seed[by].spent = 0;   /* the next one is paid for by new scans */
        }
        if (m->d == seed[by].d && m->from == lo) {
            if ((x = sg__match_last(m, low, hi)) != UINT64_MAX) {
                *r = x + 1;
                hi = s;
                shrt = 0;   /* a new pair mismatches: the old match does not matter */
            } else {
                hi = low;
            }
        } else {
            paid = 1;
        }
    }
    for (n = hi; n > s; n--)
        if (sg__vals_at(G, n - 1) != sg__vals_at(G, n - 1 + q)) {
            *r = n;
            shrt = 0;   /* a new pair mismatches: the old match does not matter */
            break;
        }
    if (paid) seed[by].spent += hi - n + 1;   /* the pairs compared */
    if (shrt) {   /* every new pair matches: the old short match is compared again */
        for (n = s; n > 0 && s - n < SG__MATCH_LONGLEN &&
                    sg__vals_at(G, n - 1) == sg__vals_at(G, n - 1 + q);
             n--)
            ;
        *r = n;
    }
    if (top - *r >= SG__MATCH_LONG && *r < lo && *seeds < SG__MATCH_SEEDS && q <= count / 2) {
        seed[*seeds].d = q;
        seed[*seeds].start = *r;
        seed[*seeds].next = 2 * q;
        seed[*seeds].spent = 0;
        if (2 * q < next) next = 2 * q;
        ++*seeds;
    }
    return next;
}

/* The starts of the long matches, made anew in order of q at each update: k of them, room for
 * cap, eight bytes each when wide */
typedef struct {
    uint32_t *r32;
    uint64_t *r64;
    uint64_t k, cap;
} sg__match_list_t;

static int sg__match_list_push(sg__match_list_t *l, int wide, uint64_t r)
{
    if (l->k == l->cap) {
        uint64_t cap = l->cap ? 2 * l->cap : 64;
        void *b;
        if (cap > SIZE_MAX / 8) return SG_ENOMEM;
        if (wide) {
            if ((b = realloc(l->r64, (size_t)cap * 8)) == NULL) return SG_ENOMEM;
            l->r64 = (uint64_t *)b;
        } else {
            if ((b = realloc(l->r32, (size_t)cap * 4)) == NULL) return SG_ENOMEM;
            l->r32 = (uint32_t *)b;
        }
        l->cap = cap;
    }
    if (wide) l->r64[l->k++] = r;
    else l->r32[l->k++] = (uint32_t)r;
    return SG_OK;
}

/* the n lowest bits, n <= 64 */
static uint64_t sg__match_low(unsigned n)
{
    return n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
}

/* bit i, i < nb: G(top - i) == v (the shifts whose top pair may match). A plain loop per width,
 * a compare and a shift per shift, where the update's own step costs a few branches. */
static uint64_t sg__match_same(const sg__vals_t *G, uint64_t top, unsigned nb, sg_value_t v)
{
    uint64_t bits = 0;
    unsigned i;
    if (G->g8 != NULL) {
        const unsigned char *p = G->g8 + top;
        for (i = 0; i < nb; i++) bits |= (uint64_t)(p[-(ptrdiff_t)i] == v) << i;
    } else if (G->g16 != NULL) {
        const uint16_t *p = G->g16 + top;
        for (i = 0; i < nb; i++) bits |= (uint64_t)(p[-(ptrdiff_t)i] == v) << i;
    } else {
        const sg_value_t *p = G->g32 + top;
        for (i = 0; i < nb; i++) bits |= (uint64_t)(p[-(ptrdiff_t)i] == v) << i;
    }
    return bits;
}

/* The shifts go by in blocks of 64 (a word of the flags). Most of them mismatch at the top pair,
 * G(N - 1 - q) != G(N - 1): their match is empty, known from one mask of the block; the others
 * (a top pair that matches, a multiple of a seed, or no new pair at all) take the step of
 * sg__match_one in order of q, as the list of long starts is made in that order. */
int sg__match_update(sg__match_t *m, const sg__vals_t *G, uint64_t N, uint64_t count)
{
    sg__match_seed_t seed[SG__MATCH_SEEDS];
    sg__match_list_t list = {NULL, NULL, 0, 0};
    uint64_t old = m->count, Nold = m->N, next = UINT64_MAX, q0, k = 0;
    size_t seeds = 0;
    int wide = N > UINT32_MAX, st = SG_OK;
    sg_value_t last;
    const sg__vals_t g = *G;   /* a copy of its own: the bytes written to m cannot alias it */
    if (count > (N ? N - 1 : 0)) count = N ? N - 1 : 0;
    if (count < old) count = old;
    if ((st = sg__match_room(m, count, N)) != SG_OK) return st;
    last = count > 0 ? sg__vals_at(G, N - 1) : 0;
    for (q0 = 1; q0 <= count && st == SG_OK; q0 += 64) {
        uint64_t q1 = count - q0 < 63 ? count : q0 + 63, w = (q0 - 1) / 64;
        unsigned nb = (unsigned)(q1 - q0 + 1), nold = 0, i;
        uint64_t oldlng = 0, slow, lw = 0, hw = 0;
        if (q0 <= old) {
            nold = old - q0 + 1 < nb ? (unsigned)(old - q0 + 1) : nb;
            oldlng = m->lng[w] & sg__match_low(nold);
        }
        slow = sg__match_same(&g, N - 1 - q0, nb, last);
        if (N == Nold) slow |= sg__match_low(nold);   /* no new pair */
        m->rank[w] = (uint32_t)list.k;
        for (;;) {
            uint64_t q = slow != 0 ? q0 + sg__ctz64(slow) : UINT64_MAX, s, top, r = 0, len;
            int shrt = 0;
            if (next >= q0 && next < q) q = next;   /* next > every shift done, so >= q0 */
            if (q > q1) break;
            i = (unsigned)(q - q0);
            slow &= ~((uint64_t)1 << i);
            s = q <= old ? Nold - q : 0;
            top = N - q;
            if (i < nold) {   /* the start at Nold */
                if ((oldlng >> i) & 1) {
                    r = sg__match_long(m, k + sg__match_count(oldlng & (((uint64_t)1 << i) - 1)));
                } else {
                    r = s;
                    shrt = 1;
                }
            }
            next = sg__match_one(m, G, N, q, s, shrt, &r, count, next, seed, &seeds);
            len = top - r;
            if (len >= SG__MATCH_LONGLEN) {
                lw |= (uint64_t)1 << i;
                if ((st = sg__match_list_push(&list, wide, r)) != SG_OK) break;
            }
            if (2 * len >= N) hw |= (uint64_t)1 << i;
        }
        k += sg__match_count(oldlng);
        m->lng[w] = lw;
        m->half[w] = hw;
    }
    free(m->r32);
    free(m->r64);
    m->r32 = list.r32;
    m->r64 = list.r64;
    m->nlong = list.k;
    m->count = count;
    m->N = N;
    if (st != SG_OK) sg__match_release(m);   /* part of it brought up to date: start over */
    return st;
}
#endif
