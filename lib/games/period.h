/* Periods of any sequence of values (period.c). Private to lib/: never installed. */
#ifndef SG_GAMES_PERIOD_H
#define SG_GAMES_PERIOD_H

#include "../common/sg_internal.h"

/* values[pre .. from), `width` bytes each, repeat with period per (from - pre >= per): fill
 * values[from .. to) by copying whole periods, twice as many each time (a copy's source lies a
 * whole number of periods back, even for the last piece). */
SG__PRIVATE void sg__period_copy(void *values, size_t width, uint64_t pre, uint64_t per,
                                 uint64_t from, uint64_t to);

/* The least period p (then the least start) with G(n + p) == G(n) + s for n from the start up to
 * count - p - 1, among those whose stretch spans three periods and half the values: 1 with
 * preperiod, period and saltus written (proven untouched), 0 when there is none. */
SG__PRIVATE int sg__period_pattern(const sg_value_t *G, uint64_t count, sg_period_t *period);

#ifndef SG_NO_SPARSE   /* for long runs: the contest build has none */
/* The matches of a growing sequence with its own shifts. With G(0 .. N-1) seen, for each shift
 * q = 1 .. count: start(q) = 1 + the last n < N - q with G(n) != G(n + q), or 0 when there is
 * none; so G(n + q) == G(n) for start(q) <= n < N - q. Kept up to date as values arrive, each
 * pair (n, n + q) is compared at most once (period.c says how, and what it costs). */
typedef struct {
    uint64_t N;          /* values seen */
    uint64_t count;      /* shifts followed: 1 .. count */
    uint64_t cap;        /* room, in shifts */
    uint32_t *r32;       /* start(q) at [q - 1] while N < 2^32 ... */
    uint64_t *r64;       /* ... and in eight bytes from then on (r32 is then NULL) */
    /* the exceptions of one shift d whose match starts at `from`: bit n (n < from) is set when
     * G(n) != G(from + (n - from) mod d); d == 0: none */
    uint64_t d, from;
    uint64_t *bits;      /* room for N bits (so making it cannot fail) */
    uint64_t *attop;     /* bit q - 1: start(q) == N - q (the top pair differs); the r32 or
                            r64 entry is then stale (room for N bits too) */
    uint64_t *half;      /* bit q - 1: the match of q spans half the values, 2 * (N - q -
                            start(q)) >= N (room for N bits too) */
    uint64_t words;
} sg__match_t;

SG__PRIVATE void sg__match_init(sg__match_t *m);
SG__PRIVATE void sg__match_release(sg__match_t *m);
/* G(0 .. N-1) seen, N >= m->N, the first m->N of them as before: every shift followed so far
 * and the new ones up to `count` (at most N - 1; a smaller count follows no fewer) brought up
 * to date. SG_OK, or SG_ENOMEM (then m is as it was). */
SG__PRIVATE int sg__match_update(sg__match_t *m, const sg_value_t *G, uint64_t N,
                                 uint64_t count);
/* The least shift q' >= q (q >= 1) whose match spans half the values or more, 2 * (N - q' -
 * start(q')) >= N, or 0 when there is none: a proof of periodicity needs that much. */
SG__PRIVATE uint64_t sg__match_half(const sg__match_t *m, uint64_t q);
/* start(q), for 1 <= q <= m->count */
SG__INLINE uint64_t sg__match_start(const sg__match_t *m, uint64_t q)
{
    if ((m->attop[(q - 1) / 64] >> ((q - 1) % 64)) & 1) return m->N - q;
    return m->r64 != NULL ? m->r64[q - 1] : m->r32[q - 1];
}
#endif

#endif /* SG_GAMES_PERIOD_H */
