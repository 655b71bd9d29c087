#include "../common/sg_internal.h"

#include <stdlib.h>

/* Periods of take-and-break games, proven by the periodicity theorem of Guy and Smith
 * (R. K. Guy, C. A. B. Smith, "The G-values of various games", Proc. Cambridge Philos. Soc. 52
 * (1956); Berlekamp, Conway, Guy, "Winning Ways", ch. 4), in this form:
 *
 *   Let t be the index of the last non-zero digit, q >= 1, n0 >= 0, n1 = max(n0, 1), and
 *   E = 2*n1 + q + t (or E = 3*n1 + 2*q + t when some digit has bit 8). If G(n + q) == G(n)
 *   for every n0 <= n < E, then G(n + q) == G(n) for every n >= n0.
 *
 * Proof, by induction on N >= E (assume G(x + q) == G(x) for n0 <= x < N). A move on N removes
 * i <= t tokens and leaves k parts summing to N - i; the same move on N + q leaves parts summing
 * to N + q - i. k = 0, 1: N and N + q have the same moves (N > t), and the single part N - i >=
 * n0 satisfies the hypothesis. k = 2: a split a + b of N - i (a <= b) maps to a + (b + q) of
 * N + q - i with the same value because b >= (N - i) / 2 >= n0 and b < N; conversely a split
 * a' + b' of N + q - i (a' <= b') maps back to a' + (b' - q), which needs b' - q >= n1 (a
 * non-empty part covered by the hypothesis): b' >= (N + q - i) / 2 >= n1 + q as N >= 2*n1 + q +
 * t. k = 3 (bit 8): likewise with the largest of three parts, c' >= (N + q - i) / 3 >= n1 + q
 * needs N >= 3*n1 + 2*q + t. d0 = 4 is the case i = 0 of k = 2. Using n1 rather than n0 keeps
 * the mapped part non-empty when n0 = 0 (the classical statement with 2*n0 is one short there).
 *
 * The search: at checkpoints N (values G(0 .. N-1) known), for q = 1, 2, ... find the last n with
 * G(n) != G(n + q) by scanning down from the top, stopping as soon as the match is too short to
 * prove anything; the first q that proves wins. An eventually periodic sequence has a least
 * period dividing every period, so the least period and preperiod are then found among the
 * divisors of q, over one window of length q past n0. */

uint64_t sg__octal_next_check(uint64_t N)
{
    uint64_t step = N / 16 > 64 ? N / 16 : 64;
    return N > UINT64_MAX - step ? UINT64_MAX : N + step;
}

int sg__octal_find_proof(const sg_octal_t *game, const sg_value_t *G, uint64_t N, uint64_t *n0,
                         uint64_t *q, uint64_t *end)
{
    uint64_t c = game->parts == 3 ? 3 : 2, b = c - 1, t = game->t, p, n, nmax, first;
    for (p = 1; (b + 1) * p + t + c <= N; p++) {
        /* the largest n0 the data can still prove: c*n1 + b*p + t + p <= N */
        nmax = (N - (b + 1) * p - t) / c;
        for (n = N - p; n > nmax; n--)
            if (G[n - 1] != G[n - 1 + p]) break;
        if (n > nmax) continue;   /* a mismatch at n - 1 >= nmax */
        for (; n > 0; n--)
            if (G[n - 1] != G[n - 1 + p]) break;
        first = n;
        *n0 = first;
        *q = p;
        *end = c * (first > 1 ? first : 1) + b * p + t;
        return 1;
    }
    return 0;
}

void sg__octal_least(const sg_value_t *G, uint64_t n0, uint64_t q, uint64_t *pre, uint64_t *per)
{
    uint64_t s, n;
    for (s = 1; s < q; s++) {
        if (q % s) continue;
        for (n = n0; n < n0 + q; n++)
            if (G[n] != G[n + s]) break;
        if (n == n0 + q) break;
    }
    *per = s;
    for (n = n0; n > 0; n--)
        if (G[n - 1] != G[n - 1 + s]) break;
    *pre = n;
}

/* When nothing is proven, a hint: the p whose match G(n + p) == G(n), n0 <= n < N - p, starts
 * earliest (then the least such p), among those where it spans at least three periods and a
 * quarter of the values (a few equal values at the end are no hint). */
static void sg__octal_hint(const sg_value_t *G, uint64_t N, sg_period_t *period)
{
    uint64_t p, n, best = N;
    for (p = 1; 3 * p <= N; p++) {
        for (n = N - p; n > 0; n--)
            if (G[n - 1] != G[n - 1 + p]) break;
        if (N - n >= 3 * p && N - n >= N / 4 && n < best) {
            best = n;
            period->preperiod = n;
            period->period = p;
        }
    }
}

int sg_octal_prove(const sg_octal_t *game, uint64_t limit, sg_octal_proof_t *proof)
{
    sg__octal_run_t run;
    sg_value_t *G = NULL, *p;
    uint64_t N = 0, cap = 0, n0, q, end, pre, per, n;
    int st = SG_OK, proven = 0;
    if (proof) memset(proof, 0, sizeof *proof);
    if (game == NULL || proof == NULL) return SG_EINVAL;
    proof->last_exception = UINT64_MAX;
    sg__octal_run_init(&run, game);
    while (N < limit && !proven) {
        uint64_t upto = sg__octal_next_check(N);
        if (upto > limit) upto = limit;
        if (upto > cap) {
            uint64_t want = cap * 2 > upto ? cap * 2 : upto;
            if (want > limit) want = limit;
            if (want > SIZE_MAX / sizeof *G ||
                (p = SG__CAST(sg_value_t *,
                              realloc(G, SG__CAST(size_t, want) * sizeof *G))) == NULL) {
                st = SG_ENOMEM;
                break;
            }
            G = p;
            cap = want;
        }
        if ((st = sg__octal_run(&run, G, upto)) != SG_OK) break;
        N = upto;
        proven = sg__octal_find_proof(game, G, N, &n0, &q, &end);
    }
    if (st == SG_OK) {
        proof->computed = N;
        proof->max_value = run.maxv;
        proof->max_at = run.max_at;
        if (proven) {
            sg__octal_least(G, n0, q, &pre, &per);
            proof->period.preperiod = pre;
            proof->period.period = per;
            proof->period.proven = 1;
            proof->checked_from = n0;
            proof->checked_to = end;
            proof->proof_period = q;
            proof->last_exception = pre ? pre - 1 : UINT64_MAX;
            for (n = 0; n < pre; n++)
                if (G[n] != G[n + (pre - n + per - 1) / per * per]) proof->exceptions++;
        } else {
            sg__octal_hint(G, N, &proof->period);
        }
    }
    free(G);
    sg__octal_run_release(&run);
    return st;
}

int sg_octal_period(const sg_octal_t *game, uint64_t limit, sg_period_t *period)
{
    sg_octal_proof_t proof;
    int st;
    if (period) memset(period, 0, sizeof *period);
    if (game == NULL || period == NULL) return SG_EINVAL;
    st = sg_octal_prove(game, limit, &proof);
    if (st == SG_OK) *period = proof.period;
    return st;
}
