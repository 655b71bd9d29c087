#include "../../common/sg_internal.h"
#include "../period/periodicity.h"

#include <stdlib.h>

/* All-but subtraction games: G(n) = mex { G(j) : j < n, n - j not excluded }. With cnt[v] the
 * number of j < n of value v, value v is an option unless every such j is excluded, i.e. unless
 * cnt[v] equals the number of excluded moves e <= n with G(n - e) == v. So G(n) is the least of:
 * the mex of all earlier values (kept incrementally), and the values v hit by excluded moves
 * whose every occurrence is excluded. O(|excluded|) per value. */

static int sg__allbut_cmp(const void *a, const void *b)
{
    uint64_t x = *SG__CAST(const uint64_t *, a), y = *SG__CAST(const uint64_t *, b);
    return (x > y) - (x < y);
}

int sg_allbut_table(sg_value_t *table, uint64_t count, const uint64_t *excluded,
                    size_t nexcluded)
{
    uint64_t *ex = NULL, n, e;
    uint32_t *cnt = NULL, *hit = NULL;
    size_t i, k = 0;
    sg_value_t gmex = 0, v, best;
    if ((table == NULL && count > 0) || (excluded == NULL && nexcluded > 0)) return SG_EINVAL;
    for (i = 0; i < nexcluded; i++)
        if (excluded[i] == 0) return SG_EINVAL;
    if (count > UINT32_MAX) return SG_ERANGE;
    if (count == 0) return SG_OK;
    if (count > SIZE_MAX / sizeof *cnt || nexcluded > SIZE_MAX / sizeof *ex) return SG_ENOMEM;
    cnt = SG__CAST(uint32_t *, calloc(SG__CAST(size_t, count), sizeof *cnt));
    hit = SG__CAST(uint32_t *, calloc(SG__CAST(size_t, count), sizeof *hit));
    ex = SG__CAST(uint64_t *, malloc((nexcluded ? nexcluded : 1) * sizeof *ex));
    if (cnt == NULL || hit == NULL || ex == NULL) {
        free(cnt);
        free(hit);
        free(ex);
        return SG_ENOMEM;
    }
    if (nexcluded) memcpy(ex, excluded, nexcluded * sizeof *ex);
    qsort(ex, nexcluded, sizeof *ex, sg__allbut_cmp);
    for (i = 0; i < nexcluded; i++)   /* unique, and only those below count matter */
        if ((k == 0 || ex[k - 1] != ex[i]) && ex[i] < count) ex[k++] = ex[i];
    for (n = 0; n < count; n++) {
        /* values below n are below count: cnt and hit are indexed by value */
        best = gmex;
        for (i = 0; i < k && (e = ex[i]) <= n; i++) hit[table[n - e]]++;
        for (i = 0; i < k && (e = ex[i]) <= n; i++) {
            v = table[n - e];
            if (v < best && hit[v] == cnt[v]) best = v;
        }
        for (i = 0; i < k && (e = ex[i]) <= n; i++) hit[table[n - e]] = 0;
        table[n] = best;
        cnt[best]++;
        while (gmex < count && cnt[gmex]) gmex++;
    }
    free(cnt);
    free(hit);
    free(ex);
    return SG_OK;
}

/* All-but games are arithmetic-periodic: A. Siegel, "Finite excluded subtraction sets and
 * infinite modular Nim", M.Sc. thesis, Dalhousie University (2005); see also D. Sleator,
 * M. Slusky, "Subtraction games with FES sets of size 3" (arXiv:1201.3299). This file proves
 * each period it reports by the following verification lemma.
 *
 *   Let m = max X (0 for X empty), Low(N) = { G(j) : j < N - m }, A = { G(j) : j < n0 },
 *   B = { G(j) : j < n0 + p }. If G(n + p) == G(n) + s for n0 <= n < n0 + L with L >= m, and
 *   (a) every v < s is in Low(n0 + L + p), (b) a + s is in Low(n0 + L + p) for every a in A,
 *   (c) b - s is in Low(n0 + L) for every b >= s in B, then G(n + p) == G(n) + s for all n >= n0.
 *
 * Proof, by induction on N >= n0 + L. The options of N + p are the values Low(N + p) and those
 * of N + p - k, k <= m not in X; the latter are G(N - k) + s (N - k >= n0). Low(N + p) = B u
 * { G(i) + s : n0 <= i < N - m } and Low(N) = A u { G(i) : n0 <= i < N - m }, and Low only grows
 * with N, so (a) puts every v < s among the options of N + p and (b), (c) give, for v >= s,
 * v in Low(N + p) iff v - s in Low(N). Hence the options of N + p at or above s are those of N
 * plus s, and G(N + p) = G(N) + s. */

/* whether (n0, p, s) passes the lemma with G(0 .. N-1) known, N = n0 + L + p */
static int sg__allbut_proves(const sg_value_t *G, uint64_t N, uint64_t m, uint64_t n0,
                             uint64_t p, sg_value_t s, unsigned char *in)
{
    uint64_t L = N - p - n0, j;
    sg_value_t v;
    int ok = 1;
    if (L < m || L < p) return 0;
    /* in[v]: 1 = in Low(n0 + L), 2 = in Low(n0 + L + p) only (values are at most N) */
    memset(in, 0, SG__CAST(size_t, N) + 1);
    for (j = 0; j + m < N; j++)
        if (in[G[j]] == 0) in[G[j]] = j + m < n0 + L ? 1 : 2;
    for (v = 0; ok && v < s; v++) ok = v <= N && in[v] != 0;
    for (j = 0; ok && j < n0; j++) ok = G[j] + s <= N && in[G[j] + s] != 0;
    for (j = 0; ok && j < n0 + p; j++) ok = G[j] < s || in[G[j] - s] == 1;
    return ok;
}

int sg_allbut_period(const uint64_t *excluded, size_t nexcluded, uint64_t limit,
                     sg_period_t *period)
{
    sg_value_t *G = NULL, s = 0, sd;
    unsigned char *in = NULL;
    uint64_t N = 0, m = 0, p, d, n0, n;
    size_t i;
    int st = SG_OK, proven = 0;
    if (period != NULL) memset(period, 0, sizeof *period);
    if (period == NULL || (excluded == NULL && nexcluded > 0)) return SG_EINVAL;
    for (i = 0; i < nexcluded; i++) {
        if (excluded[i] == 0) return SG_EINVAL;
        if (excluded[i] > m) m = excluded[i];
    }
    if (limit > UINT32_MAX) limit = UINT32_MAX;
    while (!proven && N < limit) {
        N = N < 64 ? 64 : N * 2;
        if (N > limit) N = limit;
        free(G);
        free(in);
        G = SG__CAST(sg_value_t *, malloc(SG__CAST(size_t, N) * sizeof *G));
        in = SG__CAST(unsigned char *, malloc(SG__CAST(size_t, N) + 1));
        if (G == NULL || in == NULL) {
            st = SG_ENOMEM;
            break;
        }
        if ((st = sg_allbut_table(G, N, excluded, nexcluded)) != SG_OK) break;
        for (p = 1; !proven && 2 * p < N; p++) {
            if (G[N - 1] < G[N - 1 - p]) continue;
            s = G[N - 1] - G[N - 1 - p];
            for (n = N - p; n > 0 && G[n - 1] + s == G[n - 1 + p]; n--)
                ;
            proven = sg__allbut_proves(G, N, m, n, p, s, in);
            n0 = n;
        }
    }
    if (proven) {
        /* every period divides this one (two periods' difference is one, far enough out); the
         * least d whose saltus holds over one period p from n0 holds from there on */
        p--;
        for (d = 1; d < p; d++) {
            if (p % d || s % (p / d)) continue;
            sd = SG__CAST(sg_value_t, s / (p / d));
            for (n = n0; n < n0 + p && G[n] + sd == G[n + d]; n++)
                ;
            if (n == n0 + p) break;
        }
        sd = SG__CAST(sg_value_t, s / (p / d));
        for (n = n0; n > 0 && G[n - 1] + sd == G[n - 1 + d]; n--)
            ;
        period->preperiod = n;
        period->period = d;
        period->saltus = sd;
        period->proven = 1;
    } else if (st == SG_OK && G != NULL) {
        sg__period_pattern(G, N, period);
    }
    free(G);
    free(in);
    return st;
}
