/* Periods of any sequence of values (period.c). Private to lib/: never installed. */
#ifndef SG_GAMES_PERIOD_H
#define SG_GAMES_PERIOD_H

#include "../../common/sg_internal.h"

/* values[pre .. from), `width` bytes each, repeat with period per (from - pre >= per): fill
 * values[from .. to) by copying whole periods, twice as many each time (a copy's source lies a
 * whole number of periods back, even for the last piece). */
SG__PRIVATE void sg__period_copy(void *values, size_t width, uint64_t pre, uint64_t per,
                                 uint64_t from, uint64_t to);

/* The least period p (then the least start) with G(n + p) == G(n) + s for n from the start up to
 * count - p - 1, among those whose stretch spans three periods and half the values: 1 with
 * preperiod, period and saltus written (proven untouched), 0 when there is none. */
SG__PRIVATE int sg__period_pattern(const sg_value_t *G, uint64_t count, sg_period_t *period);

/* Long runs (lib/longrun: values an engine keeps in one, two or four bytes, the incremental
 * search of periods, a run resumed or lent its owner's values): SG_NO_LONGRUN leaves them out
 * (the contest build, which has no longrun level), the library and the single header keep
 * them. */
#ifdef SG_NO_LONGRUN
#define SG__LONGRUN 0
#else
#define SG__LONGRUN 1
#endif

#if !SG__LONGRUN   /* always a caller's table */
typedef sg_value_t sg__vals_t;
#define sg__vals_at(s, k) ((s)[k])
#define sg__vals_of(out, G) ((void)(out), (G))
#else
/* G(0 ..) in the width that holds them: one byte (g8), two (g16) or four (g32), the first of
 * them not NULL (an engine's own typed copies, or a caller's table) */
typedef struct {
    const unsigned char *g8;
    const uint16_t *g16;
    const sg_value_t *g32;
} sg__vals_t;

SG__INLINE sg_value_t sg__vals_at(const sg__vals_t *s, uint64_t k)
{
    return s->g8 != NULL ? s->g8[k] : s->g16 != NULL ? s->g16[k] : s->g32[k];
}

/* *out made to read the table G; out */
SG__INLINE const sg__vals_t *sg__vals_of(sg__vals_t *out, const sg_value_t *G)
{
    out->g8 = NULL;
    out->g16 = NULL;
    out->g32 = G;
    return out;
}
#endif

#if SG__LONGRUN
/* The matches of a growing sequence with its own shifts. With G(0 .. N-1) seen, for each shift
 * q = 1 .. count: start(q) = 1 + the last n < N - q with G(n) != G(n + q), or 0 when there is
 * none; so G(n + q) == G(n) for start(q) <= n < N - q. Kept up to date as values arrive, each
 * pair (n, n + q) is compared at most once (period.c says how, and what it costs). */
#define SG__MATCH_LONGLEN 255   /* a long match: this many pairs or more */
typedef struct {
    uint64_t N;          /* values seen */
    uint64_t count;      /* shifts followed: 1 .. count */
    uint64_t cap;        /* room, in shifts */
    /* a short match (under SG__MATCH_LONGLEN pairs) is not kept: its start is found again
       from the top when it is needed; a long one's start is in the list: */
    uint32_t *r32;       /* the starts of the long matches, in order of q, while N < 2^32 ... */
    uint64_t *r64;       /* ... and in eight bytes from then on (one of them NULL) */
    uint64_t nlong;      /* their number */
    uint64_t *lng;       /* bit q - 1: the match of q is long */
    uint32_t *rank;      /* [w]: the long matches of the shifts q <= 64 w */
    /* the exceptions of one shift d whose match starts at `from`: bit n (n < from) is set when
     * G(n) != G(from + (n - from) mod d); d == 0: none */
    uint64_t d, from;
    uint64_t *bits;      /* room for N bits (so making it cannot fail) */
    uint64_t words;
    uint64_t *half;      /* bit q - 1: the match of q spans half the values, 2 * (N - q -
                            start(q)) >= N (room for `cap` bits) */
} sg__match_t;

SG__PRIVATE void sg__match_init(sg__match_t *m);
SG__PRIVATE void sg__match_release(sg__match_t *m);
/* G(0 .. N-1) seen, N >= m->N, the first m->N of them as before: every shift followed so far
 * and the new ones up to `count` (at most N - 1; a smaller count follows no fewer) brought up
 * to date. SG_OK, or SG_ENOMEM (then m is as it was, or emptied: the next update starts over
 * from the values). */
SG__PRIVATE int sg__match_update(sg__match_t *m, const sg__vals_t *G, uint64_t N,
                                 uint64_t count);
/* The least shift q' >= q (q >= 1) whose match spans half the values or more, 2 * (N - q' -
 * start(q')) >= N, or 0 when there is none: a proof of periodicity needs that much. */
SG__PRIVATE uint64_t sg__match_half(const sg__match_t *m, uint64_t q);
/* the set bits of w */
SG__INLINE unsigned sg__match_count(uint64_t w)
{
    unsigned c = 0;
    for (; w != 0; w &= w - 1) c++;
    return c;
}
/* the start of the j-th long match (in order of q) */
SG__INLINE uint64_t sg__match_long(const sg__match_t *m, uint64_t j)
{
    return m->r64 != NULL ? m->r64[j] : m->r32[j];
}
/* start(q), for 1 <= q <= m->count, of G(0 .. m->N - 1) */
SG__INLINE uint64_t sg__match_start(const sg__match_t *m, const sg__vals_t *G, uint64_t q)
{
    uint64_t w = (q - 1) / 64, bit = SG__CAST(uint64_t, 1) << ((q - 1) % 64), n;
    if (m->lng[w] & bit) {
        /* the long ones before q: those of the words before, and those before q in its word */
        return sg__match_long(m, m->rank[w] + sg__match_count(m->lng[w] & (bit - 1)));
    }
    /* a short one: fewer than SG__MATCH_LONGLEN pairs below the top */
    for (n = m->N - q; n > 0 && sg__vals_at(G, n - 1) == sg__vals_at(G, n - 1 + q); n--)
        ;
    return n;
}
#endif

#endif /* SG_GAMES_PERIOD_H */
