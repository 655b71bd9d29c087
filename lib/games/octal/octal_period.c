#include "../../common/sg_internal.h"
#include "take_break.h"
#include "../period/periodicity.h"

#include <stdlib.h>

/* Periods of take-and-break games (growing ones: octal_saltus.c), proven by the periodicity
 * theorem of Guy and Smith
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
 * The search: at checkpoints N (values G(0 .. N-1) known) the theorem holds for q exactly when
 * c*n1 + (b+1)*q + t <= N, with c = 2 (3 with bit 8), b = c - 1 and n0 = the start of the match
 * G(n + q) == G(n) that reaches the top (n0 <= n < N - q); the least such q wins. Those starts
 * are kept for every q with (b+1)*q + t + c <= N by sg__match_t (period.c), which compares each
 * pair (n, n + q) at most once over the whole run and skips the pairs a divisor of q already
 * implies. So a check costs O(N / 64) words plus one comparison for most q (their top pair
 * differs) plus pairs never compared before, and the theorem is tested only where the match
 * spans half the values, never a rescan of every match down to its start (on .376 every
 * multiple of 4 matches down to the preperiod: the rescans made that proof quadratic). Memory:
 * three bits per candidate q (N/2 of them) and a bit per value, about 0.3 bytes per value,
 * plus 4 bytes per candidate whose match is 255 pairs or more. An eventually
 * periodic sequence has a least period dividing every period, so the least period and
 * preperiod are then found among the divisors of q, over one window of length q past n0. */

/* Where to try the theorem next, after N values. */
static uint64_t sg__octal_next_check(uint64_t N)
{
    uint64_t step = N / 16 > 64 ? N / 16 : 64;
    return N > UINT64_MAX - step ? UINT64_MAX : N + step;
}

/* The matches G(n + q) == G(n) are kept by sg__match_t; without the sparse engine (the contest
 * build) runs are short, as the plain kernel is quadratic, and a plain scan from the top does.
 * The start of the match of q at N: */
static uint64_t sg__octal_start(const sg__octal_prover_t *p, const sg__vals_t *G, uint64_t N,
                                uint64_t q)
{
#if SG__LONGRUN
    (void)N;
    return sg__match_start(&p->match, G, q);
#else
    uint64_t n;
    (void)p;
    for (n = N - q; n > 0 && sg__vals_at(G, n - 1) == sg__vals_at(G, n - 1 + q); n--)
        ;
    return n;
#endif
}

void sg__octal_least(const sg__vals_t *G, uint64_t n0, uint64_t q, uint64_t *pre, uint64_t *per)
{
    uint64_t s, n;
    for (s = 1; s < q; s++) {
        if (q % s) continue;
        for (n = n0; n < n0 + q; n++)
            if (sg__vals_at(G, n) != sg__vals_at(G, n + s)) break;
        if (n == n0 + q) break;
    }
    *per = s;
    for (n = n0; n > 0; n--)
        if (sg__vals_at(G, n - 1) != sg__vals_at(G, n - 1 + s)) break;
    *pre = n;
}

/* ---- the long computation, proving as it goes ------------------------------------------- */

void sg__octal_prover_init(sg__octal_prover_t *p, const sg_octal_t *game)
{
    memset(p, 0, sizeof *p);
    sg__octal_run_init(&p->run, game);
    p->check = sg__octal_next_check(0);
    p->tried = UINT64_MAX;
#if SG__LONGRUN
    sg__match_init(&p->match);
#endif
}

void sg__octal_prover_release(sg__octal_prover_t *p)
{
    sg__octal_run_release(&p->run);
#if SG__LONGRUN
    sg__match_release(&p->match);
#endif
}

#if SG__LONGRUN
int sg__octal_prover_resume(sg__octal_prover_t *p, const sg__vals_t *G, uint64_t n, int own)
{
    const sg_octal_t *game = p->run.game;
    int st;
#if SG__LONGRUN
    sg__octal_run_t lent = p->run;   /* a lent block stays lent: the copy is made in it */
    sg__octal_prover_release(p);
    sg__octal_prover_init(p, game);
    sg__octal_run_lend(&p->run, lent.lend, lent.lendw, lent.lendcap, 0);
#else
    sg__octal_prover_release(p);
    sg__octal_prover_init(p, game);
#endif
    if ((st = sg__octal_run_resume(&p->run, G, n, own)) != SG_OK) {
        sg__octal_prover_release(p);
        sg__octal_prover_init(p, game);
        return st;
    }
    p->check = n;
    return SG_OK;
}
#endif

#if SG__LONGRUN
/* The least N at which a long match would prove its period, should it last: the theorem holds
 * at N once start(q) <= (N - c*q - t)/c, so at N = c*max(start(q), 1) + c*q + t. UINT64_MAX
 * when there is no long match. (The shorter ones, under 255 pairs, would need about twice the
 * values seen: the next check of the grid comes first.) */
static uint64_t sg__octal_aim(const sg__match_t *m, uint64_t c, uint64_t t)
{
    uint64_t w, x, q, r, j = 0, best = UINT64_MAX, at;
    for (w = 0; m->count > 0 && w <= (m->count - 1) / 64 && j < m->nlong; w++) {
        for (x = m->lng[w]; x != 0; x &= x - 1, j++) {
            q = w * 64 + sg__ctz64(x) + 1;
            r = sg__match_long(m, j);
            if (r < 1) r = 1;
            if (r > (UINT64_MAX - t) / (2 * c) || q > (UINT64_MAX - t) / (2 * c)) continue;
            at = c * r + c * q + t;
            if (at < best) best = at;
        }
    }
    return best;
}
#endif

/* where G(0 .. run.n - 1) are: the table G, or the engine's own (made in *out) */
#if !SG__LONGRUN
#define sg__octal_vals(p, G, out) sg__vals_of(out, G)
#else
static const sg__vals_t *sg__octal_vals(const sg__octal_prover_t *p, const sg_value_t *G,
                                        sg__vals_t *out)
{
    if (G != NULL) return sg__vals_of(out, G);
    sg__octal_run_vals(&p->run, out);
    return out;
}
#endif

int sg__octal_prover_try(sg__octal_prover_t *p, const sg_value_t *table)
{
    const sg_octal_t *game = p->run.game;
    uint64_t N = p->run.n, c = game->parts == 3 ? 3 : 2, q, r;
    uint64_t qmax = N < c + game->t + c ? 0 : (N - game->t - c) / c;   /* (b+1)*q + t + c <= N */
    sg__vals_t vals;
    const sg__vals_t *G;
    int st = SG_OK;
    if (p->proven || p->grows || p->tried == N) return st;
    G = sg__octal_vals(p, table, &vals);
#if SG__LONGRUN
    if ((st = sg__match_update(&p->match, G, N, qmax)) != SG_OK) return st;
#endif
    p->tried = N;
    p->check = sg__octal_next_check(N);
#if SG__LONGRUN
    if (p->aimed) {
        p->aimed = 0;   /* one aimed check between two of the grid */
    } else if ((q = sg__octal_aim(&p->match, c, game->t)) > N && q < p->check) {
        p->check = q;
        p->aimed = 1;
    }
#endif
#if SG__LONGRUN
    /* n0 <= (N - c*q - t)/c gives N - q - n0 >= N/2: only a match over half the values */
    for (q = sg__match_half(&p->match, 1); q != 0 && q <= qmax;
         q = sg__match_half(&p->match, q + 1)) {
#else
    for (q = 1; q <= qmax; q++) {
#endif
        r = sg__octal_start(p, G, N, q);
        /* c*n1 + c*q + t <= N, as c*q + t + c <= N */
        if ((r > 1 ? r : 1) <= (N - c * q - game->t) / c) {
            p->n0 = r;
            p->q = q;
            p->end = c * (r > 1 ? r : 1) + (c - 1) * q + game->t;
            sg__octal_least(G, p->n0, p->q, &p->pre, &p->per);
            p->proven = 1;
            break;
        }
    }
    /* values that may grow: G(n + q) == G(n) + saltus (three parts: four bytes a value) */
    if (!p->proven && game->parts == 3 &&
        (st = sg__octal_saltus_prove(game, SG__OCTAL_HELD(table, &p->run), N, &p->ap)) != 0) {
        if (st < 0) {   /* no memory: the try is made again */
            p->tried = UINT64_MAX;
            p->check = N;
            return st;
        }
        p->grows = 1;
    }
    return SG_OK;
}

int sg__octal_prover_run(sg__octal_prover_t *p, sg_value_t *G, uint64_t upto)
{
    int st;
    while (!p->proven && !p->grows) {
        if (p->run.n >= p->check && (st = sg__octal_prover_try(p, G)) != SG_OK) return st;
        if (p->proven || p->grows || p->run.n >= upto) break;
        if ((st = sg__octal_run(&p->run, G, upto < p->check ? upto : p->check)) != SG_OK)
            return st;
    }
    return SG_OK;
}

/* Once an arithmetic period is proven, the rest of the table is one addition a value, where
 * the engine takes cubic time. */
int sg_octal_table(const sg_octal_t *game, sg_value_t *table, uint64_t count)
{
    sg__octal_prover_t p;
    uint64_t n;
    int st;
    if (game == NULL || (table == NULL && count > 0)) return SG_EINVAL;
    sg__octal_prover_init(&p, game);
    st = sg__octal_prover_run(&p, table, count);
    if (st == SG_OK && p.proven)
        sg__period_copy(table, sizeof *table, p.pre, p.per, p.run.n, count);
    for (n = p.run.n; st == SG_OK && p.grows && n < count; n++) {   /* n >= ap.n0 + ap.q */
        if (table[n - p.ap.q] > UINT32_MAX - p.ap.saltus) st = SG_ERANGE;   /* past sg_value_t */
        else table[n] = table[n - p.ap.q] + p.ap.saltus;
    }
    sg__octal_prover_release(&p);
    return st;
}

/* When nothing is proven, a hint: the p whose match G(n + p) == G(n), n0 <= n < N - p, starts
 * earliest (then the least such p), among those where it spans at least three periods and a
 * quarter of the values (a few equal values at the end are no hint). The matches are read off
 * the search's, brought up to p = N/3. SG_OK or SG_ENOMEM. */
static int sg__octal_hint(sg__octal_prover_t *pr, const sg__vals_t *G, uint64_t N,
                          sg_period_t *period)
{
    uint64_t p, n, best = N;
    int st = SG_OK;
#if SG__LONGRUN
    if ((st = sg__match_update(&pr->match, G, N, N / 3)) != SG_OK) return st;
#endif
    for (p = 1; 3 * p <= N; p++) {
        n = sg__octal_start(pr, G, N, p);
        if (N - n >= 3 * p && N - n >= N / 4 && n < best) {
            best = n;
            period->preperiod = n;
            period->period = p;
        }
    }
    return st;
}

/* The values are the engine's own (its typed copies, a byte or two a value, while they fit):
 * four bytes a value only for the games that keep them so, those with a digit of bit 8, which
 * octal_saltus.c and the pattern read. */
int sg_octal_prove(const sg_octal_t *game, uint64_t limit, sg_octal_proof_t *proof)
{
    sg__octal_prover_t p;
    sg__vals_t vals;
    const sg__vals_t *G;
    uint64_t n, k;
    int st = SG_OK;
#if !SG__LONGRUN   /* the values in a table of four bytes each */
    sg_value_t *table = NULL, *q;
    uint64_t cap = 0;
#else
    sg_value_t *const table = NULL;
#endif
    if (proof) memset(proof, 0, sizeof *proof);
    if (game == NULL || proof == NULL) return SG_EINVAL;
    proof->last_exception = UINT64_MAX;
    sg__octal_prover_init(&p, game);
#if !SG__LONGRUN
    while (p.run.n < limit && !p.proven && !p.grows) {
        uint64_t upto = p.check < limit ? p.check : limit;
        if (upto > cap) {   /* room grows by doubling, to the limit at most */
            cap = cap * 2 > upto ? cap * 2 : upto;
            if (cap > limit) cap = limit;
            if (cap > SIZE_MAX / sizeof *table ||
                (q = SG__CAST(sg_value_t *,
                              realloc(table, SG__CAST(size_t, cap) * sizeof *table))) == NULL) {
                st = SG_ENOMEM;
                break;
            }
            table = q;
        }
        if ((st = sg__octal_prover_run(&p, table, upto)) != SG_OK) break;
    }
#else
    st = sg__octal_prover_run(&p, table, limit);
#endif
    if (st == SG_OK) st = sg__octal_prover_try(&p, table);   /* at the limit too */
    G = sg__octal_vals(&p, table, &vals);
    if (st == SG_OK && !p.proven && !p.grows)
        st = sg__octal_hint(&p, G, p.run.n, &proof->period);
    if (st == SG_OK) {
        proof->computed = p.run.n;
        proof->max_value = p.run.maxv;
        proof->max_at = p.run.max_at;
        if (p.grows) {   /* a period with a step */
            p.n0 = p.ap.n0;
            p.q = p.ap.q;
            p.end = p.ap.end;
            p.pre = p.ap.pre;
            p.per = p.ap.per;
            proof->period.saltus = p.ap.step;
        }
        if (p.proven || p.grows) {
            proof->period.preperiod = p.pre;
            proof->period.period = p.per;
            proof->period.proven = 1;
            proof->checked_from = p.n0;
            proof->checked_to = p.end;
            proof->proof_period = p.q;
            proof->last_exception = p.pre ? p.pre - 1 : UINT64_MAX;
            for (n = 0; n < p.pre; n++) {
                k = (p.pre - n + p.per - 1) / p.per;
                if (sg__vals_at(G, n) + k * proof->period.saltus != sg__vals_at(G, n + k * p.per))
                    proof->exceptions++;
            }
        } else if (proof->period.period == 0 && game->parts == 3) {
            /* hexadecimal games can grow, G(n + p) == G(n) + s; octal games cannot (Horrocks,
             * Nowakowski, INTEGERS 3 (2003)). A growth octal_saltus.c did not prove is a hint
             * only. */
            sg__period_pattern(SG__OCTAL_HELD(table, &p.run), p.run.n, &proof->period);
        }
    }
#if !SG__LONGRUN
    free(table);
#endif
    sg__octal_prover_release(&p);
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
