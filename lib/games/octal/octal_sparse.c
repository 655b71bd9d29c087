#include "../../common/sg_internal.h"
#include "sparse_engine.h"
#include "octal_back.h"

#include <stdlib.h>

/* The sparse-space engine for take-and-break games with at most two parts (Winning Ways, ch. 4,
 * "Sparse space spells speed"; A. Flammenkamp's octal game pages).
 *
 * A mask splits values into two classes by P(v) = popcount(v & mask) & 1, and each position p
 * gets a target class q(p). The position is rare when P(G(p)) != q(p), common otherwise.
 *
 * Range type, q(p) = 1 for all p. A split a + b: P(G(a) ^ G(b)) = P(G(a)) ^ P(G(b)) is 1 exactly
 * when one part is rare and the other common.
 *
 * Domain type, allowed when every split digit's index i has one parity e: q(p) = ((p - e) & 1)^1.
 * Write R(p) = P(G(p)) ^ q(p) (1: rare). For a split a + b = m,
 *   P(G(a)) ^ P(G(b)) = R(a) ^ R(b) ^ q(a) ^ q(b) = R(a) ^ R(b) ^ (m & 1),
 * since q(a) ^ q(b) = (a ^ b) & 1 = m & 1. Every split digit has m = n - i == n - e (mod 2), so
 * q(n) = (m & 1) ^ 1, and a split of m gives a value of class q(n) exactly when R(a) ^ R(b) = 1:
 * one part rare, one common.
 *
 * In both types, then, every option of class q(n) coming from a split has a rare part, and
 * marking G(r) ^ G(m - r) for the rare positions 1 <= r < m of every split digit, plus the
 * single-heap options, marks every option of class q(n). c = the least value of class q(n)
 * that is no option; G(n) = c unless a value v < c of the other class is no option either. Each
 * such v is looked for among the splits (the scan stops when all are found, usually soon); G(n)
 * is rare only when one is missing, which keeps rare positions rare. The result is exact for any
 * mask; the mask decides the speed only. It is the one with the fewest rare positions so far,
 * over both types, read off Walsh-Hadamard transforms: #rare = (N + W(mask)) / 2 with W the
 * transform of the value histogram (range) or of the histogram signed by (-1)^(p - e) (domain);
 * chosen again each time n doubles, and sooner once the rare positions have more than doubled
 * since the last choice (new values can break the classes: .143 from 1,941,956 on).
 *
 * The engine runs a position only when its measured cost beats the plain kernel: a running
 * average of the work of its steps (gathers and splits scanned) against the splits the plain
 * kernel would look at, weighted by that kernel's speed. While the plain kernel runs, a step
 * every SG__OS_TRIAL positions refreshes the average, so a game can switch either way. When a
 * new mask still leaves far too many rare positions, the engine sleeps until the next choice
 * (no bookkeeping) and then starts again from the stored values.
 *
 * What a step costs, and what saves it (none of it changes a value: each computes the same set
 * of marks, the same c and the same least value missing as the plain loops would):
 *   - the marks of heap m's rare parts are kept for the later step that marks heap m under
 *     another split digit (.354 marks n - 2 and n - 3: each heap once instead of twice);
 *   - the rare list's index for each heap follows n rather than being searched for;
 *   - on x86 processors with AVX-512BW or AVX2, c and the values missing below it are found
 *     64 or 32 values a step, and the last few values missing are looked for in one vector
 *     pass over the splits that looks each split up in the set of values left, and stops once
 *     none is left (octal_sparse_simd.c). Without them the splits are marked and the last
 *     values tested one by one. */


/* The same from the index found for split digit j at the last step: n grows by one from a step
 * to the next, so the index moves by a few at most. The hint is checked, never trusted: the
 * list is rebuilt when the mask changes. */
static size_t sg__os_rare_next(sg__octal_sparse_t *sp, unsigned j, uint64_t x)
{
    size_t i = sp->hint[j];
    if (i > sp->nrare || (i > 0 && sg__os_rpos(sp->rare[i - 1]) >= x)) i = sg__os_rare_find(sp, x);
    else
        while (i < sp->nrare && sg__os_rpos(sp->rare[i]) < x) i++;
    sp->hint[j] = i;
    return i;
}

/* The kernels that read the value engine's copies (sg__octal_view_t), written once for one byte
 * (suffix 8) and two (suffix 16):
 *   mark:        seen[G(r) ^ G(m - r)] for the rare r in rare[from .. to): the hottest loop.
 *                G(m - r) is read backwards from the forward copy (as fast as forward from
 *                the reversed one, which the value engine may not keep).
 *   run:         the same for the heaps m0 .. m0 + SG__OS_RUN - 1 at once, heap m0 + k's marks
 *                at run + k * range; a rare part at a time (SG__OS_RUN a multiple of 4).
 *   block:       1 when some k < SG__OS_BLOCK has f[k] ^ r[k] == x. Branch-free: vectorizes.
 *   back:        the same with g[-k] for r[k] (read backwards).
 *   find:        1 when a split (a, m - a), lo <= a <= hi, has G(a) ^ G(m - a) == x; *work
 *                counts the splits tested (in blocks from the reversed copy when there is one,
 *                or backwards: on x86 (find8s, find16s with SSSE3, find8e, find16e with SSE2
 *                alone, octal_back.h), or where
 *                compilers make the plain loop vector code, SG__OS_PLAIN_BACK; else split by
 *                split).
 *   mark_splits: seen[G(a) ^ G(m - a)] for lo <= a < hi. */
/* find's blocks read backwards where the value engine keeps no reversed copy for the same
 * reason (take_break.h) */
#ifdef SG__OCTAL_PLAIN_BACK
#  define SG__OS_PLAIN_BACK 1
#else
#  define SG__OS_PLAIN_BACK 0
#endif
/* a block test named NAME: r[D k] the partner of f[k] (D: + forward, - backwards) */
#define SG__OS_BLOCK_TEST(NAME, T, D)                                                        \
    static int NAME(const T *f, const T *r, T x)                                             \
    {                                                                                        \
        unsigned acc = 0;                                                                    \
        int k;                                                                               \
        for (k = 0; k < SG__OS_BLOCK; k++) acc |= (unsigned)((T)(f[k] ^ r[D k]) == x);       \
        return (int)acc;                                                                     \
    }
#define SG__OS_KERNELS(S, T, F, R)                                                           \
    static void sg__os_mark##S(const int64_t *rare, unsigned char *seen,                     \
                               const sg__octal_view_t *vw, uint64_t m, size_t from, size_t to) \
    {                                                                                        \
        const T *g = vw->F + (size_t)m; /* g[-p] = G(m - p) */                               \
        size_t i = from;                                                                     \
        for (; i + 4 <= to; i += 4) {                                                        \
            int64_t e0 = rare[i], e1 = rare[i + 1], e2 = rare[i + 2], e3 = rare[i + 3];      \
            unsigned x0 = (unsigned)(e0 & 0xffff) ^ g[sg__os_rneg(e0)];                      \
            unsigned x1 = (unsigned)(e1 & 0xffff) ^ g[sg__os_rneg(e1)];                      \
            unsigned x2 = (unsigned)(e2 & 0xffff) ^ g[sg__os_rneg(e2)];                      \
            unsigned x3 = (unsigned)(e3 & 0xffff) ^ g[sg__os_rneg(e3)];                      \
            seen[x0] = 1;                                                                    \
            seen[x1] = 1;                                                                    \
            seen[x2] = 1;                                                                    \
            seen[x3] = 1;                                                                    \
        }                                                                                    \
        for (; i < to; i++) seen[(unsigned)(rare[i] & 0xffff) ^ g[sg__os_rneg(rare[i])]] = 1; \
    }                                                                                        \
    static void sg__os_run##S(const int64_t *rare, unsigned char *run, size_t range,         \
                              const sg__octal_view_t *vw, uint64_t m0, size_t from, size_t to) \
    {                                                                                        \
        const T *g0 = vw->F + (size_t)m0; /* g0[-p + k] = G(m0 + k - p) */                   \
        size_t i, k;                                                                         \
        for (i = from; i < to; i++) {                                                        \
            const T *g = g0 + sg__os_rneg(rare[i]);                                          \
            unsigned v = (unsigned)(rare[i] & 0xffff);                                       \
            unsigned char *p = run;                                                          \
            for (k = 0; k < SG__OS_RUN; k += 4, p += 4 * range) {                            \
                p[v ^ g[k]] = 1;                                                             \
                p[range + (v ^ g[k + 1])] = 1;                                               \
                p[2 * range + (v ^ g[k + 2])] = 1;                                           \
                p[3 * range + (v ^ g[k + 3])] = 1;                                           \
            }                                                                                \
        }                                                                                    \
    }                                                                                        \
    SG__OS_BLOCK_TEST(sg__os_block##S, T, +)                                                 \
    SG__OS_BLOCK_TEST(sg__os_back##S, T, -)                                                  \
    static void sg__os_mark_splits##S(unsigned char *seen, const sg__octal_view_t *vw,       \
                                      uint64_t m, size_t lo, size_t hi)                      \
    {                                                                                        \
        const T *f = vw->F, *g = vw->F + (size_t)m; /* g[-a] = G(m - a) */                   \
        size_t a = lo;                                                                       \
        for (; a + 4 <= hi; a += 4) {                                                        \
            unsigned x0 = (unsigned)(f[a] ^ g[-(ptrdiff_t)a]);                               \
            unsigned x1 = (unsigned)(f[a + 1] ^ g[-(ptrdiff_t)(a + 1)]);                     \
            unsigned x2 = (unsigned)(f[a + 2] ^ g[-(ptrdiff_t)(a + 2)]);                     \
            unsigned x3 = (unsigned)(f[a + 3] ^ g[-(ptrdiff_t)(a + 3)]);                     \
            seen[x0] = 1;                                                                    \
            seen[x1] = 1;                                                                    \
            seen[x2] = 1;                                                                    \
            seen[x3] = 1;                                                                    \
        }                                                                                    \
        for (; a < hi; a++) seen[f[a] ^ g[-(ptrdiff_t)a]] = 1;                               \
    }
SG__OS_KERNELS(8, unsigned char, f8, r8)
SG__OS_KERNELS(16, uint16_t, f16, r16)
/* find, named sg__os_find##S: ATTR its target; FWD(f, r, x) its block test on the reversed
 * copy, which runs where FWD_ON and the view has one, BACK(f, g, x) its backward one, which runs
 * where BACK_ON and the view has none (the x86 backward finds are called only then: no FWD) */
#define SG__OS_FIND(S, T, F, R, ATTR, FWD_ON, FWD, BACK, BACK_ON)                              \
    ATTR static int sg__os_find##S(const sg__octal_view_t *vw, uint64_t m, size_t lo,         \
                                   size_t hi, unsigned x, uint64_t *work)                    \
    {                                                                                        \
        const T *f = vw->F;                                                                  \
        size_t a = lo;                                                                       \
        if ((T)x != x) { /* no split of values in one byte gives 256 or more */              \
            *work += hi + 1 - lo;                                                            \
            return 0;                                                                        \
        }                                                                                    \
        if (FWD_ON && vw->R != NULL) {                                                       \
            const T *rb = vw->R + (vw->cap - 1 - (size_t)m); /* rb[a] = G(m-a) */            \
            for (; a + SG__OS_BLOCK - 1 <= hi; a += SG__OS_BLOCK) {                          \
                *work += SG__OS_BLOCK;                                                       \
                if (FWD(f + a, rb + a, (T)x)) return 1;                                      \
            }                                                                                \
        } else if (BACK_ON) {                                                                \
            const T *g = f + (size_t)m; /* g[-a] = G(m-a) */                                 \
            for (; a + SG__OS_BLOCK - 1 <= hi; a += SG__OS_BLOCK) {                          \
                *work += SG__OS_BLOCK;                                                       \
                if (BACK(f + a, g - a, (T)x)) return 1;                                      \
            }                                                                                \
        }                                                                                    \
        *work += hi + 1 - a;                                                                 \
        for (; a <= hi; a++)                                                                 \
            if ((unsigned)(f[a] ^ f[m - a]) == x) return 1;                                  \
        return 0;                                                                            \
    }
SG__OS_FIND(8, unsigned char, f8, r8, , 1, sg__os_block8, sg__os_back8, SG__OS_PLAIN_BACK)
SG__OS_FIND(16, uint16_t, f16, r16, , 1, sg__os_block16, sg__os_back16, SG__OS_PLAIN_BACK)
#ifdef SG__OCTAL_BACK_X86
/* on x86, backwards in blocks (octal_back.h): suffix s SSSE3, e SSE2; W the width's suffix */
#  if SG__OS_BLOCK != SG__OCTAL_BACK_PAIRS
#    error "the backward tests read SG__OS_BLOCK pairs"
#  endif
#  define SG__OS_BACK_FIND(S, W, T, F, R, ISA)                                               \
      SG__TARGET(ISA) SG__INLINE int sg__os_hit##S(const T *f, const T *g, T x)              \
      {                                                                                      \
          return sg__octal_hits##S(f, g, &x, 1);                                             \
      }                                                                                      \
      SG__OS_FIND(S, T, F, R, SG__TARGET(ISA), 0, sg__os_block##W, sg__os_hit##S, 1)
SG__OS_BACK_FIND(8e, 8, unsigned char, f8, r8, "sse2")
SG__OS_BACK_FIND(16e, 16, uint16_t, f16, r16, "sse2")
#  if SG__CPU_SSSE3
SG__OS_BACK_FIND(8s, 8, unsigned char, f8, r8, "ssse3")
SG__OS_BACK_FIND(16s, 16, uint16_t, f16, r16, "ssse3")
#  endif
#  undef SG__OS_BACK_FIND
#endif
#undef SG__OS_KERNELS
#undef SG__OS_FIND
#undef SG__OS_BLOCK_TEST

static void sg__os_mark(const int64_t *rare, unsigned char *seen, const sg__octal_view_t *vw,
                        uint64_t m, size_t from, size_t to)
{
    if (vw->f8 != NULL) sg__os_mark8(rare, seen, vw, m, from, to);
    else sg__os_mark16(rare, seen, vw, m, from, to);
}

/* seen[0 .. r) |= marks[0 .. r) (r: a power of two, 64 at least) */
static void sg__os_or(unsigned char *seen, const unsigned char *marks, size_t r)
{
    size_t v;
    for (v = 0; v < r; v += 8) {
        uint64_t x, y;
        memcpy(&x, seen + v, 8);
        memcpy(&y, marks + v, 8);
        x |= y;
        memcpy(seen + v, &x, 8);
    }
}

/* The marks of heap m's rare parts rare[0 .. upto) (those below m) into seen, with the engine's
 * run of heaps, made anew from heap m0 (the step's least heap, m - SG__OS_RUN / 2 < m0 <= m)
 * when it does not hold m: the run's parts from its array, the others (below SG__OS_RUN, and
 * from run_m0 up: found since) heap by heap. */
static void sg__os_run_marks(sg__octal_sparse_t *sp, const sg__octal_view_t *vw,
                             unsigned char *seen, uint64_t m, uint64_t m0, size_t upto)
{
    size_t r = sp->run_range;
    if (m < sp->run_m0 || m - sp->run_m0 >= SG__OS_RUN) {
        sp->run_m0 = m0;
        sp->run_lo = sg__os_rare_find(sp, SG__OS_RUN);
        sp->run_hi = sg__os_rare_find(sp, m0);
        if (sp->run_hi < sp->run_lo) sp->run_hi = sp->run_lo;
        memset(sp->run, 0, r * SG__OS_RUN);
        if (vw->f8 != NULL) sg__os_run8(sp->rare, sp->run, r, vw, m0, sp->run_lo, sp->run_hi);
        else sg__os_run16(sp->rare, sp->run, r, vw, m0, sp->run_lo, sp->run_hi);
    }
    sg__os_or(seen, sp->run + (size_t)(m - sp->run_m0) * r, r);
    sg__os_mark(sp->rare, seen, vw, m, 0, sp->run_lo < upto ? sp->run_lo : upto);
    if (sp->run_hi < upto) sg__os_mark(sp->rare, seen, vw, m, sp->run_hi, upto);
}

static int sg__os_find(const sg__octal_view_t *vw, uint64_t m, size_t lo, size_t hi, unsigned x,
                       uint64_t *work)
{
#ifdef SG__OCTAL_BACK_X86
    if (vw->r8 == NULL && vw->r16 == NULL) {
#  if SG__CPU_SSSE3
        if (sg__cpu_features() & SG__CPU_HAS_SSSE3)
            return vw->f8 != NULL ? sg__os_find8s(vw, m, lo, hi, x, work)
                                  : sg__os_find16s(vw, m, lo, hi, x, work);
#  endif
        return vw->f8 != NULL ? sg__os_find8e(vw, m, lo, hi, x, work)
                              : sg__os_find16e(vw, m, lo, hi, x, work);
    }
#endif
    return vw->f8 != NULL ? sg__os_find8(vw, m, lo, hi, x, work)
                          : sg__os_find16(vw, m, lo, hi, x, work);
}

static void sg__os_mark_splits(unsigned char *seen, const sg__octal_view_t *vw, uint64_t m,
                               size_t lo, size_t hi)
{
    if (vw->f8 != NULL) sg__os_mark_splits8(seen, vw, m, lo, hi);
    else sg__os_mark_splits16(seen, vw, m, lo, hi);
}


/* G(n) the sparse way: 1 with *value, or 0 when finding the values of the other class would
 * cost more than `budget` (the plain kernel then runs). *work: what it cost. Costs are in
 * splits tested by a vector kernel (SG__OS_GATHER). */
/* The options of n that read only G(0 .. n0 - 1) (n0 = n: every option; n0 < n: a position
 * of a group whose G(n0 .. n - 1) are computed at the same time), marked in seen (range
 * entries), rare[from[j] .. upto[j]) the rare parts of split digit j whose partner is below n0
 * too; need (range entries) is scratch. `own`: the engine itself on one thread (n0 = n, from
 * all 0), which keeps the marks of each heap in its memo for later steps; NULL otherwise. */
static int sg__os_step(const sg__octal_sparse_t *sp, sg__octal_sparse_t *own,
                       const sg__octal_view_t *vw, unsigned char *seen, uint16_t *need,
                       uint64_t n, uint64_t n0, const size_t *from, const size_t *upto,
                       uint64_t budget, sg_value_t *value, uint64_t *work)
{
    const unsigned char *par = sp->par;
    const sg__octal_splits_t splits = {sp->split, sp->nsplit};
    unsigned i, top = n < sp->t ? (unsigned)n : sp->t, q;
    size_t k = 0, kk, j;
    uint64_t c, w = sp->range / 4, least = n;
    int got;
    memset(seen, 0, (size_t)sp->range);
    for (i = 0; i <= top; i++) {
        if ((sp->single[i] & 1u) && n == i) seen[0] = 1;
        if ((sp->single[i] & 2u) && n > i && n - i < n0) seen[sg__octal_view_at(vw, n - i)] = 1;
    }
    /* the step's least heap: a run of heaps made now starts there */
    for (j = 0; j < sp->nsplit && sp->split[j] + 2 <= n; j++) least = n - sp->split[j];
    for (j = 0; j < sp->nsplit && sp->split[j] + 2 <= n; j++) {
        uint64_t m = n - sp->split[j];
        if (own != NULL && own->run_range != 0 && least >= 2 * SG__OS_RUN) {
            sg__os_run_marks(own, vw, seen, m, least, upto[j]);
            w += SG__OS_GATHER * upto[j];
            continue;
        }
        if (own != NULL && own->memo_range != 0) {
            /* one thread: every rare part below m (from[j] = 0), as any step that makes m */
            size_t slot = (size_t)(m & (own->nmemo - 1)), r = own->memo_range;
            unsigned char *mm = own->memo + slot * r;
            if (own->memo_m[slot] != m) {
                memset(mm, 0, r);
                sg__os_mark(sp->rare, mm, vw, m, 0, upto[j]);
                own->memo_m[slot] = m;
                w += SG__OS_GATHER * upto[j];
            }
            sg__os_or(seen, mm, r);
            w += r / 16;
            continue;
        }
        sg__os_mark(sp->rare, seen, vw, m, from[j], upto[j]);
        w += SG__OS_GATHER * (upto[j] - from[j]);
    }
    q = sp->domain ? (unsigned)((n - sp->e) & 1u) ^ 1u : 1u;
    if (!sg__octal_simd_least(seen, par, q, sp->range, need, &k, &c))
        for (c = 0; seen[c] || par[c] != q; c++)
            if (!seen[c]) need[k++] = (uint16_t)c;
    w += c;
    /* The values of the other class below c come from two rare or two common parts. The
     * splits are marked from both ends of each heap's range (the first heaps and the middle
     * give different values) until few values are missing; each of those is then tested for.
     * The least value that no split gives is G(n). */
    for (j = 0; k > 0 && j < sp->nsplit && sp->split[j] + 2 <= n; j++) {
        uint64_t m = n - sp->split[j];
        /* the splits lo <= a < hi are left (the partner m - a below n0) */
        size_t lo = m >= n0 ? (size_t)(m - n0 + 1) : 1, hi = (size_t)(m / 2) + 1;
        while (k > 0 && lo < hi) {
            if (w > budget) {
                *work = w;
                return 0;
            }
            /* the rest in one vector pass, where the processor has one for k values */
            got = sg__octal_simd_search(&splits, vw, need, k, n, n0, j, lo, hi, c, budget, w,
                                        value, work);
            if (got >= 0) return got;
            if (k <= SG__OS_FEW) {
                for (kk = 0, i = 0; i < k; i++)
                    if (!sg__os_find(vw, m, lo, hi - 1, need[i], &w)) need[kk++] = need[i];
                k = kk;
                break;
            }
            if (hi - lo <= 2 * SG__OS_MARKS) {
                sg__os_mark_splits(seen, vw, m, lo, hi);
                w += SG__OS_SWEEP * (hi - lo);
                lo = hi;
            } else {
                sg__os_mark_splits(seen, vw, m, lo, lo + SG__OS_MARKS);
                sg__os_mark_splits(seen, vw, m, hi - SG__OS_MARKS, hi);
                w += SG__OS_SWEEP * 2 * SG__OS_MARKS;
                lo += SG__OS_MARKS;
                hi -= SG__OS_MARKS;
            }
            for (kk = 0, i = 0; i < k; i++) {   /* branch-free: half the values go */
                need[kk] = need[i];
                kk += !seen[need[i]];
            }
            k = kk;
        }
    }
    *work = w;
    *value = k > 0 ? need[0] : (sg_value_t)c;
    return 1;
}

int sg__octal_sparse_value(sg__octal_sparse_t *sp, const sg__octal_view_t *view, uint64_t n,
                           unsigned cost, int always, sg_value_t *value)
{
    /* only the first nsplit entries are read (zeroing all of from cost a tenth of a step) */
    size_t upto[SG_OCTAL_MAX_DIGITS + 1], from[SG_OCTAL_MAX_DIGITS + 1];
    uint64_t plain = 0, gathers = 0, work = 0, budget = UINT64_MAX;
    unsigned j;
    int st, got, domain = sp->domain;
    sg_value_t mask = sp->mask;
    if (sp->off) return 0;
    /* no copies to read (the value engine left them for a way that keeps none) */
    if (view->cap <= n || (view->f8 == NULL && view->f16 == NULL)) return 0;
    /* the plain kernel's cost of a split is `cost` splits tested by the byte kernel */
    for (j = 0; j < sp->nsplit && sp->split[j] + 2 <= n; j++) {
        plain += (n - sp->split[j]) / 2;
        /* at most split[j] rare positions lie in [m, n) */
        gathers += sp->nrare > sp->split[j] ? sp->nrare - sp->split[j] : 0;
    }
    plain *= cost;
    if (n >= sp->rechoose) {
        st = sp->dormant ? sg__os_rebuild(sp, view, n) : sg__os_choose(sp, view, n);
        if (st != SG_OK || sp->off) return st;
        sp->rechoose = 2 * n;
        sp->rare_limit = 2 * sp->nrare + 4096;
        sp->stats.changes += sp->mask != mask || sp->domain != domain;
        /* far from paying: no bookkeeping until the next choice, which starts from the copies
         * again */
        for (gathers = 0, j = 0; j < sp->nsplit && sp->split[j] + 2 <= n; j++) gathers += sp->nrare;
        sp->dormant = !always && SG__OS_GATHER * gathers > 4 * plain;
    }
    if (sp->dormant || (!always && SG__OS_GATHER * gathers > plain)) return 0;
    for (gathers = 0, j = 0; j < sp->nsplit && sp->split[j] + 2 <= n; j++) {
        from[j] = 0;
        upto[j] = sg__os_rare_next(sp, j, n - sp->split[j]);
        gathers += upto[j];
    }
    if (!always) {
        if (SG__OS_GATHER * gathers > plain) return 0;   /* not even the marks pay */
        /* a margin for the plain kernel: the costs are estimates */
        if (sp->cost / 16 > plain - plain / 8 && n % SG__OS_TRIAL != 0) return 0;
        /* the tests may cost twice the plain kernel before they give up */
        budget = 2 * plain + SG__OS_GATHER * SG__OS_BLOCK;
    }
    got = sg__os_step(sp, sp, view, sp->seen, sp->need, n, n, from, upto, budget, value, &work);
    sp->cost += work - sp->cost / 16;
    sp->stats.steps += (uint64_t)got;
    sp->stats.given_up += (uint64_t)!got;
    return got;
}

int sg__octal_sparse_group_ok(const sg__octal_sparse_t *sp, uint64_t n, uint64_t k)
{
    return !sp->off && !sp->dormant && sp->nsplit > 0 && n + k <= sp->rechoose;
}

/* as the engine's own: seen and need of 2 * range entries (the mex may run past range) */
size_t sg__octal_sparse_scratch(const sg__octal_sparse_t *sp)
{
    return 2 * (size_t)sp->range * (1 + sizeof(uint16_t));
}

int sg__octal_sparse_partial(const sg__octal_sparse_t *sp, const sg__octal_view_t *view,
                             uint64_t n, uint64_t n0, unsigned cost, int always, void *scratch,
                             sg_value_t *value)
{
    size_t upto[SG_OCTAL_MAX_DIGITS + 1], from[SG_OCTAL_MAX_DIGITS + 1];
    unsigned char *seen = (unsigned char *)scratch;
    uint64_t plain = 0, work = 0, m;
    unsigned j;
    if (view->cap <= n || (view->f8 == NULL && view->f16 == NULL)) return 0;
    for (j = 0; j < sp->nsplit && sp->split[j] + 2 <= n; j++) {
        m = n - sp->split[j];
        plain += m / 2;
        /* the rare parts r below n0 whose partner m - r is below n0 too */
        from[j] = m >= n0 ? sg__os_rare_find(sp, m - n0 + 1) : 0;
        upto[j] = sg__os_rare_find(sp, m < n0 ? m : n0);
        if (upto[j] < from[j]) upto[j] = from[j];
    }
    /* the same budget as a step on one thread: twice the plain kernel (none when held to the
     * sparse engine); no option is range or more, and the step clears below range */
    plain *= cost;
    memset(seen + sp->range, 0, (size_t)sp->range);
    return sg__os_step(sp, NULL, view, seen, (uint16_t *)(void *)(seen + 2 * sp->range), n, n0,
                       from, upto, always ? UINT64_MAX : 2 * plain + SG__OS_GATHER * SG__OS_BLOCK,
                       value, &work);
}

void sg__octal_sparse_stats(const sg__octal_sparse_t *sp, sg__octal_sparse_stats_t *stats)
{
    *stats = sp->stats;
    stats->mask = sp->mask;
    stats->domain = sp->domain;
    stats->nrare = sp->nrare;
    stats->off = sp->off;
}

int sg__octal_sparse_push(sg__octal_sparse_t *sp, uint64_t n, sg_value_t v)
{
    return sg__os_account(sp, n, v);
}
