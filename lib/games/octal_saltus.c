#include "../common/sg_internal.h"
#include "octal.h"

#include <stdlib.h>

/* Arithmetic periods of take-and-break games whose values grow, G(n + p) == G(n) + s. Octal
 * games never grow (Horrocks, Nowakowski, INTEGERS 3 (2003)); hexadecimal games can (S. Howse,
 * R. J. Nowakowski, "Periodicity and arithmetic-periodicity in hexadecimal games", Theoret.
 * Comput. Sci. 313 (2004) 463-472). The test here is this library's own, proven below; it is not
 * the paper's statement. A check of G(n + p) == G(n) + s over a range linear in n0, p and t alone
 * would prove nothing: 0.8b has G(n + 2) == G(n) + 1 for n < 13 (and 1 > G(0) = G(1) = 0), then
 * G(15) = 8. The carries of the XOR in the high bits are what a proof must follow.
 *
 * Theorem. Let s = 2^m, p >= 1, n0 >= 0, with G(x) < s for x < n0 + p. For x >= n0 write
 * x = r(x) + h(x)*p with n0 <= r(x) < n0 + p. Let B >= 3*n0 + t + 1 (t: the last non-zero
 * digit), with every family below present at every n >= B. If G(n) == G(r(n)) + s*h(n) for
 * n0 <= n < B and the conditions (A), (B), (C) below hold for every residue rho, then
 * G(n + p) == G(n) + s for every n >= n0.
 *
 * Proof, by induction on n >= B, n = rho + H*p. Every part x < n of an option has
 * G(x) = L(x) + s*h(x), L(x) < s (L = G and h = 0 below n0 + p), so an option's value is
 * lambda + s*J with lambda the XOR of the parts' L and J the XOR of their h. As n >= 3*n0 + t + 1
 * some part is >= n0. Group the options by what is removed (i), the parts below n0 ("small",
 * sizes fixed) and the residues of the others; in a group the other parts' h sum to K = H + c,
 * c fixed, and every split of K among them occurs. The XORs a group reaches: one such part:
 * {K}; two: X(K) = {J : K - J = 2w >= 0, w & J = 0} (u = J + w, v = w), which holds K; three:
 * Y(K) = {J <= K : J == K mod 2} ((J, w, w); XOR and sum agree mod 2, XOR <= sum). G(n) is
 * s*H + L(rho) exactly when
 *   (A) every lambda < s, J < H is reached: for each lambda, groups of three of both parities
 *       (largest even c = e, odd c = o), and for each d with J = H + d not under them (d = e + 2,
 *       e + 4, ... -2 and o + 2, ... -1) a group with c = d of one or two parts;
 *   (B) every lambda < L(rho) is reached with J = H: a group with c = 0, or of three parts
 *       with c even >= 0;
 *   (C) L(rho) is not reached with J = H: no group of lambda = L(rho) with c = 0, nor of two or
 *       three parts with c even > 0 (X(H + c) holds H whenever (c/2) & H == 0).
 * These do not depend on H, so they hold at every n >= B with residue rho. */

enum { SALTUS_POINT = 1, SALTUS_DANGER = 2 };   /* reaches J = H + c / may reach J = H */

typedef struct {
    const sg_value_t *G;
    uint64_t n0, p;
    sg_value_t s;
    int64_t cmin;        /* the least c of a group seen */
    int64_t dlo;         /* point marks kept for c in [dlo, 0] */
    int *even, *odd;     /* per lambda: the largest c of a group of three, of each parity */
    unsigned char *mark; /* per lambda: c in [dlo, 0] SALTUS_POINT, then one SALTUS_DANGER */
} sg__saltus_t;

/* floor(a / p) for a signed a */
static int64_t sg__saltus_floor(int64_t a, int64_t p) { return a >= 0 ? a / p : -((-a + p - 1) / p); }

/* A group: `k` parts of residue r[0..k-1] (values G(r)), the rest worth lam, and the parts'
 * h summing to H + c. */
static void sg__saltus_group(sg__saltus_t *S, unsigned k, sg_value_t lam, int64_t c)
{
    if (c < S->cmin) S->cmin = c;
    if (k == 3) {
        int *best = (c & 1) ? &S->odd[lam] : &S->even[lam];
        if (c > *best) *best = (int)c;
    } else if (c <= 0 && c >= S->dlo) {
        S->mark[(size_t)lam * (size_t)(2 - S->dlo) + (size_t)(c - S->dlo)] |= SALTUS_POINT;
    }
    if (k >= 2 && c > 0 && !(c & 1))
        S->mark[(size_t)lam * (size_t)(2 - S->dlo) + (size_t)(1 - S->dlo)] |= SALTUS_DANGER;
}

/* The residue in [n0, n0 + p) of a, and c = (a - residue) / p. */
static uint64_t sg__saltus_res(const sg__saltus_t *S, int64_t a, int64_t *c)
{
    *c = sg__saltus_floor(a - (int64_t)S->n0, (int64_t)S->p);
    return (uint64_t)(a - *c * (int64_t)S->p);
}

/* Every group of residue rho: i removed, `small` parts below n0 (summing to sig, worth lam0),
 * `k` parts at or above n0. */
static void sg__saltus_parts(sg__saltus_t *S, int64_t rest, sg_value_t lam0, unsigned k)
{
    const sg_value_t *G = S->G;
    int64_t c, c2;
    uint64_t ra, rb, rc;
    if (k == 1) {
        ra = sg__saltus_res(S, rest, &c);
        sg__saltus_group(S, 1, lam0 ^ G[ra], c);
        return;
    }
    for (ra = S->n0; ra < S->n0 + S->p; ra++) {
        if (k == 2) {
            rb = sg__saltus_res(S, rest - (int64_t)ra, &c);
            sg__saltus_group(S, 2, lam0 ^ G[ra] ^ G[rb], c);
            continue;
        }
        for (rb = S->n0; rb < S->n0 + S->p; rb++) {
            rc = sg__saltus_res(S, rest - (int64_t)ra - (int64_t)rb, &c2);
            sg__saltus_group(S, 3, lam0 ^ G[ra] ^ G[rb] ^ G[rc], c2);
        }
    }
}

static void sg__saltus_groups(sg__saltus_t *S, const sg_octal_t *game, uint64_t rho)
{
    const sg_value_t *G = S->G;
    uint64_t a, b;
    unsigned i;
    for (i = 0; i <= game->t; i++) {
        int64_t rest = (int64_t)rho - (int64_t)i;   /* parts sum to rest + H*p */
        unsigned d = game->d[i];
        if (d & 2) sg__saltus_parts(S, rest, 0, 1);
        if (d & 4) {
            sg__saltus_parts(S, rest, 0, 2);
            for (a = 1; a < S->n0; a++) sg__saltus_parts(S, rest - (int64_t)a, G[a], 1);
        }
        if (d & 8) {
            sg__saltus_parts(S, rest, 0, 3);
            for (a = 1; a < S->n0; a++) {
                sg__saltus_parts(S, rest - (int64_t)a, G[a], 2);
                for (b = 1; b < S->n0; b++)
                    sg__saltus_parts(S, rest - (int64_t)(a + b), G[a] ^ G[b], 1);
            }
        }
    }
}

/* (A), (B), (C) at residue rho; *hb: the least H from which every group is present. */
static int sg__saltus_check(sg__saltus_t *S, const sg_octal_t *game, uint64_t rho, uint64_t *hb)
{
    size_t w = (size_t)(2 - S->dlo), lam;
    sg_value_t ell = S->G[rho];
    int64_t d, need = (int64_t)(3 * S->n0 + game->t + 1) - (int64_t)rho;
    for (lam = 0; lam < S->s; lam++) S->even[lam] = S->odd[lam] = INT32_MIN;
    memset(S->mark, 0, (size_t)S->s * w);
    S->cmin = 0;
    sg__saltus_groups(S, game, rho);
    if (S->cmin < S->dlo) return 0;   /* the marks would not reach it */
    for (lam = 0; lam < S->s; lam++) {
        const unsigned char *m = S->mark + lam * w;
        int e = S->even[lam], o = S->odd[lam];
        if (e == INT32_MIN || o == INT32_MIN) return 0;
        /* (A): J = H + d not under the groups of three (below dlo they all are: e, o >= cmin) */
        for (d = -1; d >= S->dlo; d--)
            if (d > ((d & 1) ? o : e) && !(m[d - S->dlo] & SALTUS_POINT)) return 0;
        if (lam < ell && !(m[-S->dlo] & SALTUS_POINT) && e < 0) return 0;           /* (B) */
        if (lam == ell && ((m[-S->dlo] & SALTUS_POINT) || e >= 0 || (m[w - 1] & SALTUS_DANGER)))
            return 0;                                                               /* (C) */
    }
    /* every group present (H + c >= 0), and n >= 3*n0 + t + 1 */
    *hb = (uint64_t)(-S->cmin);
    if (need > 0 && (uint64_t)need > *hb * S->p) *hb = ((uint64_t)need + S->p - 1) / S->p;
    return 1;
}

int sg__octal_saltus_prove(const sg_octal_t *game, const sg_value_t *G, uint64_t N,
                           sg__octal_saltus_t *out)
{
    uint64_t p, n0, n, rho, hb, B;
    sg_value_t s;
    sg__saltus_t S;
    int ok = 0;
    memset(out, 0, sizeof *out);
    if (game->parts < 3) return 0;   /* octal games never grow */
    for (p = 1; 3 * p <= N && !ok; p++) {
        if (G[N - 1] <= G[N - 1 - p]) continue;
        s = G[N - 1] - G[N - 1 - p];
        if ((s & (s - 1)) || s > 4096) continue;
        for (n = N - p; n > 0 && G[n - 1 + p] == G[n - 1] + s; n--)
            ;
        n0 = n;
        /* the work, p residues times (t + 1) * (p + n0)^2 groups, kept to about 2^26 */
        if (n0 + p > N || n0 > 4096 || p > 4096 ||
            p * (game->t + 1) * (p + n0) * (p + n0) > ((uint64_t)1 << 26))
            continue;
        for (n = 0; n < n0 + p && G[n] < s; n++)
            ;
        if (n < n0 + p) continue;
        S.G = G;
        S.n0 = n0;
        S.p = p;
        S.s = s;
        /* c >= -(3 * (n0 + p) + t) / p - 2 for every group */
        S.dlo = -(int64_t)((3 * (n0 + p) + game->t) / p) - 3;
        S.even = (int *)malloc(2 * (size_t)s * sizeof *S.even);
        S.mark = (unsigned char *)malloc((size_t)s * (size_t)(2 - S.dlo));
        if (S.even == NULL || S.mark == NULL) {
            free(S.even);
            free(S.mark);
            return SG_ENOMEM;
        }
        S.odd = S.even + s;
        for (B = 0, rho = n0; rho < n0 + p; rho++) {
            if (!sg__saltus_check(&S, game, rho, &hb)) break;
            if (rho + hb * p > B) B = rho + hb * p;
        }
        free(S.even);
        free(S.mark);
        if (rho < n0 + p || B > N) continue;   /* the pattern is known for n < N only */
        out->n0 = n0;
        out->q = p;
        out->end = B;
        out->saltus = s;
        ok = 1;
    }
    if (!ok) return 0;
    /* the least period divides q; one window past n0 decides it, then the least start */
    p = out->q;
    for (n = 1; n < p; n++) {
        sg_value_t sn = (sg_value_t)((uint64_t)out->saltus * n / p);
        if (p % n || (uint64_t)out->saltus * n % p) continue;
        for (rho = out->n0; rho < out->n0 + p && G[rho + n] == G[rho] + sn; rho++)
            ;
        if (rho == out->n0 + p) break;
    }
    out->per = n;
    out->step = (sg_value_t)((uint64_t)out->saltus * n / p);
    for (n0 = out->n0; n0 > 0 && G[n0 - 1 + out->per] == G[n0 - 1] + out->step; n0--)
        ;
    out->pre = n0;
    return 1;
}
