#include "../../common/sg_internal.h"
#include "take_break.h"

#include <stdlib.h>

/* Arithmetic periods of take-and-break games whose values grow, G(n + p) == G(n) + s. Octal
 * games never grow (Horrocks, Nowakowski, INTEGERS 3 (2003)); hexadecimal games can (S. Howse,
 * R. J. Nowakowski, "Periodicity and arithmetic-periodicity in hexadecimal games", Theoret.
 * Comput. Sci. 313 (2004) 463-472). The test here is this library's own, proven below; it is not
 * the paper's statement. A check of G(n + p) == G(n) + s over a range linear in n0, p and t alone
 * would prove nothing: 0.8b has G(n + 2) == G(n) + 1 for n < 13 (and 1 > G(0) = G(1) = 0), then
 * G(15) = 8. The carries of the XOR in the high bits are what a proof must follow.
 *
 * Theorem. Let s = 2^m, p >= 1, n0 >= 1, with G(x) < s for x < n0 + p. For x >= n0 write
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

/* The groups of one residue rho, one record per lambda: ev[2*lambda + c%2] the largest c of a
 * group of three parts; mk[lambda][c - lo], c = lo .. 0: 1 for a group of one or two parts, and
 * in the last byte 2 for a group of two or three with c even > 0. */
typedef struct {
    const sg_value_t *G;
    int64_t n0, p, lo, cmin, w;
    int *ev;
    unsigned char *mk;
} sg__saltus_t;

/* The groups of k parts at or above n0 (residues a, b and the last one) summing to rest + H*p,
 * beside parts worth lam. G(0) = 0 stands for a part that is not there. */
static void sg__saltus_parts(sg__saltus_t *S, int k, sg_value_t lam, int64_t rest)
{
    const sg_value_t *G = S->G;
    int64_t a, b, c, r, e = S->n0 + S->p;
    size_t v;
    for (a = k > 1 ? S->n0 : 0; a < (k > 1 ? e : 1); a++)
        for (b = k > 2 ? S->n0 : 0; b < (k > 2 ? e : 1); b++) {
            r = rest - a - b - S->n0;
            c = r >= 0 ? r / S->p : -((S->p - 1 - r) / S->p);
            r = rest - a - b - c * S->p;
            v = SG__CAST(size_t, lam ^ G[a] ^ G[b] ^ G[r]);
            if (c < S->cmin) S->cmin = c;
            if (k == 3 && c > S->ev[2 * v + SG__CAST(size_t, c & 1)])
                S->ev[2 * v + SG__CAST(size_t, c & 1)] = SG__CAST(int, c);
            if (k < 3 && c <= 0 && c >= S->lo) S->mk[v * SG__CAST(size_t, S->w) +
                                                     SG__CAST(size_t, c - S->lo)] |= 1;
            if (k > 1 && c > 0 && !(c & 1))
                S->mk[v * SG__CAST(size_t, S->w) + SG__CAST(size_t, S->w - 1)] |= 2;
        }
}

/* (A), (B), (C) at residue rho; *hb: the least H from which every group is present and
 * rho + H*p > 3*n0 + t. */
static int sg__saltus_check(sg__saltus_t *S, const sg_octal_t *game, sg_value_t s, int64_t rho,
                            int64_t *hb)
{
    const sg_value_t *G = S->G;
    int64_t i, a, b, d, w = S->w;
    sg_value_t lam;
    for (lam = 0; lam < 2 * s; lam++) S->ev[lam] = INT32_MIN;
    memset(S->mk, 0, SG__CAST(size_t, s) * SG__CAST(size_t, w));
    S->cmin = 0;
    for (i = 0; i <= SG__CAST(int64_t, game->t); i++) {
        unsigned dg = game->d[i];
        if (dg & 2) sg__saltus_parts(S, 1, 0, rho - i);
        if (dg & 4) sg__saltus_parts(S, 2, 0, rho - i);
        if (dg & 8) sg__saltus_parts(S, 3, 0, rho - i);
        for (a = 1; a < S->n0; a++) {   /* a part below n0 */
            if (dg & 4) sg__saltus_parts(S, 1, G[a], rho - i - a);
            if (dg & 8) sg__saltus_parts(S, 2, G[a], rho - i - a);
            for (b = 1; b < S->n0 && (dg & 8); b++)
                sg__saltus_parts(S, 1, G[a] ^ G[b], rho - i - a - b);
        }
    }
    if (S->cmin < S->lo) return 0;
    for (lam = 0; lam < s; lam++) {
        const unsigned char *m = S->mk + SG__CAST(size_t, lam) * SG__CAST(size_t, w) -
                                 S->lo;   /* m[c], c = lo .. 0; m[1]: c even > 0 */
        int e = S->ev[2 * lam], o = S->ev[2 * lam + 1];
        if (e == INT32_MIN || o == INT32_MIN) return 0;
        for (d = -1; d >= S->lo; d--)   /* (A); below lo every d is under e and o */
            if (d > ((d & 1) ? o : e) && !(m[d] & 1)) return 0;
        if (lam < G[rho] && !(m[0] & 1) && e < 0) return 0;                     /* (B) */
        if (lam == G[rho] && ((m[0] & 1) || e >= 0 || (m[1] & 2))) return 0;    /* (C) */
    }
    d = 3 * S->n0 + SG__CAST(int64_t, game->t) + 1 - rho;
    *hb = d > -S->cmin * S->p ? (d + S->p - 1) / S->p : -S->cmin;
    return 1;
}

int sg__octal_saltus_prove(const sg_octal_t *game, const sg_value_t *G, uint64_t N,
                           sg__octal_saltus_t *out)
{
    uint64_t p, n0 = 0, n, B;
    int64_t rho, hb;
    sg_value_t s;
    sg__saltus_t S;
    memset(out, 0, sizeof *out);
    for (p = 1; game->parts == 3 && 3 * p <= N && out->q == 0; p++) {
        s = G[N - 1] - G[N - 1 - p];
        if (G[N - 1] <= G[N - 1 - p] || (s & (s - 1)) || s > 4096) continue;
        for (n = N - p; n > 0 && G[n - 1 + p] == G[n - 1] + s; n--)
            ;
        n0 = n > 0 ? n : 1;   /* parts at or above n0 are never empty (a start of 0 implies 1) */
        /* the work, p residues times (t + 1) * (p + n0)^2 groups, kept to about 2^26 */
        if (n0 + p > N || n0 + p > 4096 || p * (game->t + 1) * (p + n0) * (p + n0) > 1u << 26)
            continue;
        for (n = 0; n < n0 + p && G[n] < s; n++)
            ;
        if (n < n0 + p) continue;
        S.G = G;
        S.n0 = SG__CAST(int64_t, n0);
        S.p = SG__CAST(int64_t, p);
        /* below every c: a part sum of at least n0 - t - 2*(n0 - 1), less n0 and two residues */
        S.lo = -(4 * S.n0 + SG__CAST(int64_t, game->t)) / S.p - 5;
        S.w = 2 - S.lo;
        S.ev = SG__CAST(int *, malloc(2 * SG__CAST(size_t, s) * sizeof *S.ev));
        S.mk = SG__CAST(unsigned char *, malloc(SG__CAST(size_t, s) * SG__CAST(size_t, S.w)));
        for (B = 0, rho = S.n0; S.ev && S.mk && rho < S.n0 + S.p; rho++) {
            if (!sg__saltus_check(&S, game, s, rho, &hb)) break;
            if (SG__CAST(uint64_t, rho + hb * S.p) > B) B = SG__CAST(uint64_t, rho + hb * S.p);
        }
        free(S.ev);
        free(S.mk);
        if (S.ev == NULL || S.mk == NULL) return SG_ENOMEM;
        if (rho < S.n0 + S.p || B > N) continue;   /* the pattern is known for n < N only */
        out->n0 = n0;
        out->q = p;
        out->end = B;
    }
    if ((p = out->q) == 0) return 0;
    n0 = out->n0;
    out->saltus = s = G[n0 + p] - G[n0];
    /* the least period divides q; one window past n0 decides it, then the least start */
    for (n = 1; n < p; n++) {
        uint64_t k = n0;
        if (p % n || s * n % p) continue;
        while (k < n0 + p && G[k + n] == G[k] + s * n / p) k++;
        if (k == n0 + p) break;
    }
    out->per = n;
    out->step = SG__CAST(sg_value_t, s * n / p);
    while (n0 > 0 && G[n0 - 1 + n] == G[n0 - 1] + out->step) n0--;
    out->pre = n0;
    return 1;
}
