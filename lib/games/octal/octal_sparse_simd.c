#include "../../common/sg_internal.h"
#include "take_break.h"

#include <stdlib.h>

/* The sparse-space engine's vector passes (octal_sparse.c says what a step does): the least
 * missing value and the values below it found 64 or 32 values a step, and the last values
 * missing looked for in one pass over the splits that looks each split up in the set of the
 * values left, and stops once none is left.
 *   - AVX-512BW (up to 16 values): a permute of two-byte words over a window of 1024 values,
 *     or with VBMI a byte permute over all 256 values; G(m - a) read backwards from the forward
 *     copy, a permute putting it in order.
 *   - AVX2 (up to 64 values, or from 17 on with AVX-512BW): the set of the least 255 values
 *     left looked up by byte shuffles; G(m - a) read backwards from the forward copy, a shuffle
 *     putting it in order.
 * Each is chosen at run time, where the build has it (lib/common/cpu.h). */

#define SG__OS_MARKS SG__OCTAL_SPARSE_MARKS
#define SG__OS_VFEW 16u       /* values missing looked for in one pass (AVX-512BW) */
#define SG__OS_AFEW 64u       /* ... in the AVX2 pass (a block of 32 splits clears the values it
                                 finds at once: 64 measured best of 16, 32, 64 and 255) */

#include "../../common/cpu.h"
#include "octal_back.h"
#if SG__CPU_AVX2
#  define SG__OS_AVX2 1
#  define SG__OS_LOOK 1u     /* a split in the AVX2 pass, in splits of the byte kernel */
#endif
#if SG__CPU_AVX512BW
#  define SG__OS_AVX512 1
#  define SG__OS_BYTES 2u    /* a split in the byte pass below (two permutes per 64) */
#  define SG__OS_WINDOW 4u   /* a split in the pass below, in splits of the byte kernel (as the
                                value engine's pass of octal_kernels.c, which it follows) */

/* The values still looked for, on x86 processors with AVX-512BW (checked at run time): one pass
 * over the splits lo <= a < hi of m looks every G(a) ^ G(m - a) up in the bitset `pend` of the
 * values lo + v, v < 1024, not found yet (16 words, in and out), held in two registers: 32
 * splits per step, one permute and one shift, where the sweep stores a mark per split and the
 * test reads every split once per value. A value found clears its bit; the pass stops once
 * every bit is clear, and returns 1 then. Values in one byte are widened to two first. */
/* d: the 32 splits from k, less base; h: those in the window whose bit is set */
#define SG__OS_WINDOW_STEP(d, h, k)                                                            \
    do {                                                                                       \
        __m512i x_, w_;                                                                        \
        if (f8 != NULL)                                                                        \
            x_ = _mm512_cvtepu8_epi16(_mm256_xor_si256(                                       \
                _mm256_loadu_si256((const __m256i *)(const void *)(f8 + (k))),                 \
                sg__octal_rev8b(g8 - (k) - 31)));                                              \
        else                                                                                   \
            x_ = _mm512_xor_si512(_mm512_loadu_si512(f16 + (k)),                               \
                                  sg__octal_rev16z(g16 - (k) - 31));                           \
        d = _mm512_sub_epi16(x_, vbase);                                                       \
        /* bit v of the window is bit v & 15 of 16-bit word v >> 4 (little-endian) */          \
        w_ = _mm512_permutex2var_epi16(t0, _mm512_srli_epi16(d, 4), t1);                       \
        w_ = _mm512_srlv_epi16(w_, _mm512_and_si512(d, k15));                                  \
        h = _mm512_mask_test_epi16_mask(_mm512_cmplt_epu16_mask(d, k1024), w_, one);           \
    } while (0)
/* the values hit in h (splits from k): each bit cleared, and every hit of that value dropped */
#define SG__OS_WINDOW_DROP(h, k)                                                               \
    while (h != 0) {                                                                           \
        size_t k_ = (k) + sg__ctz64(h);                                                        \
        unsigned v_ = ((f8 != NULL ? (unsigned)(f8[k_] ^ g8[-(ptrdiff_t)k_])                   \
                                   : (unsigned)(f16[k_] ^ g16[-(ptrdiff_t)k_])) - base) & 0xffffu; \
        __m512i vv_ = _mm512_set1_epi16((short)v_);                                            \
        __m512i bit_ = _mm512_set1_epi32((int)(1u << (v_ & 31)));                              \
        h0 &= ~_mm512_cmpeq_epi16_mask(d0, vv_);                                               \
        h1 &= ~_mm512_cmpeq_epi16_mask(d1, vv_);                                               \
        h2 &= ~_mm512_cmpeq_epi16_mask(d2, vv_);                                               \
        h3 &= ~_mm512_cmpeq_epi16_mask(d3, vv_);                                               \
        if (v_ < 512)                                                                          \
            t0 = _mm512_mask_andnot_epi32(t0, (__mmask16)(1u << (v_ >> 5)), bit_, t0);         \
        else                                                                                   \
            t1 = _mm512_mask_andnot_epi32(t1, (__mmask16)(1u << ((v_ - 512) >> 5)), bit_, t1); \
    }
SG__TARGET("avx512bw") static int sg__os_window(const sg__octal_view_t *vw,
                                                 uint64_t m, size_t lo, size_t hi,
                                                 unsigned base, uint64_t *pend)
{
    /* g[-a] = G(m - a) */
    const unsigned char *f8 = vw->f8, *g8 = f8 != NULL ? f8 + (size_t)m : NULL;
    const uint16_t *f16 = vw->f16, *g16 = f8 == NULL ? f16 + (size_t)m : NULL;
    const __m512i vbase = _mm512_set1_epi16((short)base), k15 = _mm512_set1_epi16(15),
                  one = _mm512_set1_epi16(1), k1024 = _mm512_set1_epi16(1024);
    __m512i t0 = _mm512_loadu_si512(pend), t1 = _mm512_loadu_si512(pend + 8);
    size_t a = lo;
    int empty = 0;
    /* four steps of 32 splits, then one branch: most of them find nothing (the steps written
     * out, so that nothing of a block goes through memory) */
    for (; a + 128 <= hi && !empty; a += 128) {
        __m512i d0, d1, d2, d3;
        __mmask32 h0, h1, h2, h3;
        SG__OS_WINDOW_STEP(d0, h0, a);
        SG__OS_WINDOW_STEP(d1, h1, a + 32);
        SG__OS_WINDOW_STEP(d2, h2, a + 64);
        SG__OS_WINDOW_STEP(d3, h3, a + 96);
        if ((h0 | h1 | h2 | h3) == 0) continue;
        /* each value found once: its other hits in the block are dropped with it */
        SG__OS_WINDOW_DROP(h0, a);
        SG__OS_WINDOW_DROP(h1, a + 32);
        SG__OS_WINDOW_DROP(h2, a + 64);
        SG__OS_WINDOW_DROP(h3, a + 96);
        empty = _mm512_test_epi64_mask(_mm512_or_si512(t0, t1), _mm512_or_si512(t0, t1)) == 0;
    }
    _mm512_storeu_si512(pend, t0);
    _mm512_storeu_si512(pend + 8, t1);
    if (empty) return 1;
    for (; a < hi; a++) {   /* the splits no block reached */
        unsigned v = (f8 != NULL ? (unsigned)(f8[a] ^ g8[-(ptrdiff_t)a])
                                 : (unsigned)(f16[a] ^ g16[-(ptrdiff_t)a])) - base;
        if (v < 1024) pend[v >> 6] &= ~((uint64_t)1 << (v & 63));
    }
    for (a = 0; a < 16; a++)
        if (pend[a] != 0) return 0;
    return 1;
}
#endif

#ifdef SG__OS_AVX512
/* The same pass for values in one byte, on processors with AVX-512 VBMI as well: t[0 .. 3]
 * (256 bytes, kept in registers by the caller) hold 1 at each value still looked for; two byte
 * permutes look 64 splits up at once (the window's permute and shift look up 32). */
#define SG__OS_BYTES_CLEAR(t, v, zero)                                                         \
    do {                                                                                       \
        __mmask64 bit_ = (__mmask64)1 << ((v) & 63);                                           \
        switch ((v) >> 6) {                                                                    \
        case 0: t[0] = _mm512_mask_mov_epi8(t[0], bit_, zero); break;                          \
        case 1: t[1] = _mm512_mask_mov_epi8(t[1], bit_, zero); break;                          \
        case 2: t[2] = _mm512_mask_mov_epi8(t[2], bit_, zero); break;                          \
        default: t[3] = _mm512_mask_mov_epi8(t[3], bit_, zero); break;                         \
        }                                                                                      \
    } while (0)
SG__TARGET("avx512bw,avx512vbmi") SG__INLINE __mmask64 sg__os_bytes_look(
    __m512i x, const __m512i *t)
{
    /* t[x]: bit 6 of x picks the register of a pair, bit 7 the pair */
    __m512i l = _mm512_permutex2var_epi8(t[0], x, t[1]);
    __m512i h = _mm512_permutex2var_epi8(t[2], x, t[3]);
    __mmask64 top = _mm512_movepi8_mask(x);
    return _mm512_mask_test_epi8_mask(~top, l, l) | _mm512_mask_test_epi8_mask(top, h, h);
}

SG__TARGET("avx512bw,avx512vbmi") SG__INLINE int sg__os_bytes(
    const sg__octal_view_t *vw, uint64_t m, size_t lo, size_t hi, __m512i *t)
{
    const unsigned char *f = vw->f8, *g = vw->f8 + (size_t)m;   /* g[-a] = G(m - a) */
    /* the zero-masked permute: GCC's unmasked one starts from an undefined register, which its
     * C++ front end warns of */
    const __mmask64 all = ~(__mmask64)0;
    const __m512i zero = _mm512_setzero_si512(),
                  rev = _mm512_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                        17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30,
                                        31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44,
                                        45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58,
                                        59, 60, 61, 62, 63);
    size_t a = lo;
    __m512i any;
    for (; a + 128 <= hi; a += 128) {
        __m512i x0 = _mm512_xor_si512(
            _mm512_loadu_si512(f + a),
            _mm512_maskz_permutexvar_epi8(all, rev, _mm512_loadu_si512(g - a - 63)));
        __m512i x1 = _mm512_xor_si512(
            _mm512_loadu_si512(f + a + 64),
            _mm512_maskz_permutexvar_epi8(all, rev, _mm512_loadu_si512(g - a - 127)));
        __mmask64 h0 = sg__os_bytes_look(x0, t), h1 = sg__os_bytes_look(x1, t);
        if ((h0 | h1) == 0) continue;
        /* each value found once: its other hits in the block are dropped with it */
        while (h0 != 0) {
            size_t i = a + sg__ctz64(h0);
            unsigned v = (unsigned)(f[i] ^ g[-(ptrdiff_t)i]);
            __m512i vv = _mm512_set1_epi8((char)v);
            h0 &= ~_mm512_cmpeq_epi8_mask(x0, vv);
            h1 &= ~_mm512_cmpeq_epi8_mask(x1, vv);
            SG__OS_BYTES_CLEAR(t, v, zero);
        }
        while (h1 != 0) {
            size_t i = a + 64 + sg__ctz64(h1);
            unsigned v = (unsigned)(f[i] ^ g[-(ptrdiff_t)i]);
            h1 &= ~_mm512_cmpeq_epi8_mask(x1, _mm512_set1_epi8((char)v));
            SG__OS_BYTES_CLEAR(t, v, zero);
        }
        any = _mm512_or_si512(_mm512_or_si512(t[0], t[1]), _mm512_or_si512(t[2], t[3]));
        if (_mm512_test_epi8_mask(any, any) == 0) return 1;
    }
    for (; a < hi; a++) {   /* the splits no block reached */
        unsigned v = (unsigned)(f[a] ^ g[-(ptrdiff_t)a]);
        SG__OS_BYTES_CLEAR(t, v, zero);
    }
    any = _mm512_or_si512(_mm512_or_si512(t[0], t[1]), _mm512_or_si512(t[2], t[3]));
    return _mm512_test_epi8_mask(any, any) == 0;
}

#endif

#if defined(SG__OS_AVX512) || defined(SG__OS_AVX2)
/* A block of sg__os_least from value b: `unseen` marks its values no option gave, `cls` those
 * of class q. The values of the other class before the first of class q go to need; 1 with *c
 * that first one, 0 when the block has none. */
SG__INLINE int sg__os_least_block(uint64_t unseen, uint64_t cls, uint64_t b, uint16_t *need,
                                  size_t *kk, uint64_t *c)
{
    uint64_t hit = unseen & cls, other = unseen & ~cls;
    if (hit != 0) other &= ((uint64_t)1 << sg__ctz64(hit)) - 1;
    for (; other != 0; other &= other - 1) need[(*kk)++] = (uint16_t)(b + sg__ctz64(other));
    if (hit == 0) return 0;
    *c = b + sg__ctz64(hit);
    return 1;
}

/* The passes of the two searches below over the splits left, written once: for each split
 * digit j from j0 on, the splits lo <= a < hi (the partner m - a below n0; of digit j0, those
 * the sweep left: lo0 .. hi0), passed from both ends of the range in turn (the first heaps and
 * the middle give different values), SG__OS_MARKS at a time, each split costing COST, until
 * KERNEL (an expression of m, a and len) says every value looked for was found (empty) or the
 * budget is spent (then the search returns 0). Uses the search's sp, n, n0, j0, lo0, hi0, budget,
 * w, work, empty and j. */
#define SG__OS_PASSES(COST, KERNEL)                                                            \
    for (j = j0; !empty && j < sp->nsplit && sp->split[j] + 2 <= n; j++) {                     \
        uint64_t m = n - sp->split[j];                                                         \
        size_t lo = m >= n0 ? (size_t)(m - n0 + 1) : 1, hi = (size_t)(m / 2) + 1, a, len;     \
        int end = 0;                                                                           \
        if (j == j0) {                                                                         \
            lo = lo0;                                                                          \
            hi = hi0;                                                                          \
        }                                                                                      \
        while (!empty && lo < hi) {                                                            \
            if (w > budget) {                                                                  \
                *work = w;                                                                     \
                return 0;                                                                      \
            }                                                                                  \
            len = hi - lo < SG__OS_MARKS ? hi - lo : SG__OS_MARKS;                             \
            if (end) {                                                                         \
                a = hi - len;                                                                  \
                hi = a;                                                                        \
            } else {                                                                           \
                a = lo;                                                                        \
                lo += len;                                                                     \
            }                                                                                  \
            end = !end;                                                                        \
            w += (COST) * len;                                                                 \
            empty = KERNEL;                                                                    \
        }                                                                                      \
    }
#endif

#ifdef SG__OS_AVX512
/* sg__os_search for values in one byte with AVX-512 VBMI: every value looked for at once. */
SG__TARGET("avx512bw,avx512vbmi") static int sg__os_search8(
    const sg__octal_splits_t *sp, const sg__octal_view_t *vw, const uint16_t *need, size_t k,
    uint64_t n, uint64_t n0, size_t j0, size_t lo0, size_t hi0, uint64_t c, uint64_t budget,
    uint64_t w, sg_value_t *value, uint64_t *work)
{
    const __m512i zero = _mm512_setzero_si512(), one = _mm512_set1_epi8(1);
    __m512i t[4];
    unsigned char table[256];
    size_t i, j;
    int empty = 0;
    t[0] = t[1] = t[2] = t[3] = zero;
    for (i = 0; i < k; i++) {   /* built in the registers: bytes stored and then loaded whole
                                   stall the load */
        __mmask64 bit = (__mmask64)1 << (need[i] & 63);
        t[need[i] >> 6] = _mm512_mask_mov_epi8(t[need[i] >> 6], bit, one);
    }
    SG__OS_PASSES(SG__OS_BYTES, sg__os_bytes(vw, m, a, a + len, t));
    *work = w;
    if (empty) {
        *value = (sg_value_t)c;
        return 1;
    }
    for (i = 0; i < 4; i++) _mm512_storeu_si512(table + 64 * i, t[i]);
    for (i = 0; table[i] == 0; i++)
        ;
    *value = (sg_value_t)i;
    return 1;
}
#endif

#ifdef SG__OS_AVX512
/* The least value c of class q that no option gave, and the values of the other class below it
 * that none gave (need, ascending; *k of them), 64 values a step: the byte loop's branch on
 * each value mispredicts often. The caller's arrays hold 2 * range entries (a multiple of 64),
 * and c lies below 2 * range: P(range + v) = P(v), and no option is range or more. */
SG__TARGET("avx512bw") static uint64_t sg__os_least(const unsigned char *seen,
                                                   const unsigned char *par,
                                                   unsigned q, uint64_t lim,
                                                   uint16_t *need, size_t *k)
{
    const __m512i vq = _mm512_set1_epi8((char)q);
    uint64_t b, c = lim;   /* lim: not reached */
    size_t kk = 0;
    for (b = 0; b < lim; b += 64) {
        __m512i sv = _mm512_loadu_si512(seen + b);
        __mmask64 unseen = _mm512_testn_epi8_mask(sv, sv);
        __mmask64 cls = _mm512_cmpeq_epi8_mask(_mm512_loadu_si512(par + b), vq);
        if (sg__os_least_block((uint64_t)unseen, (uint64_t)cls, b, need, &kk, &c)) break;
    }
    *k = kk;
    return c;
}
#endif

#ifdef SG__OS_AVX512
/* The end of a step with AVX-512BW: need[0 .. k) (ascending, every one below c) are the values
 * of the other class below c that no marked option gave. Each is given by a split of two rare
 * or two common parts, or by none; G(n) is the least given by none, or c. The values are looked
 * for a window of 1024 at a time, from the least: the splits of each split digit are passed
 * from both ends of its range in turn (the first heaps and the middle give different values),
 * SG__OS_MARKS at a time, until the window's values are all found (then the next window) or the
 * range is done (then the least value left is G(n): every one below it was found). The same
 * result as the sweep and the tests below, and the same budget. */
SG__TARGET("avx512bw") static int sg__os_search(const sg__octal_splits_t *sp,
                                                 const sg__octal_view_t *vw,
                                                 const uint16_t *need, size_t k,
                                                 uint64_t n, uint64_t n0,
                                                 size_t j0, size_t lo0,
                                                 size_t hi0, uint64_t c,
                                                 uint64_t budget,
                                                 uint64_t w, sg_value_t *value,
                                                 uint64_t *work)
{
    uint64_t pend[16];
    size_t first = 0, i, j;
    while (first < k) {
        unsigned base = need[first];
        int empty = 0;
        memset(pend, 0, sizeof pend);
        for (i = first; i < k && need[i] - base < 1024u; i++)
            pend[(need[i] - base) >> 6] |= (uint64_t)1 << ((need[i] - base) & 63);
        first = i;
        SG__OS_PASSES(SG__OS_WINDOW, sg__os_window(vw, m, a, a + len, base, pend));
        if (!empty) {
            for (i = 0; pend[i] == 0; i++)
                ;
            *work = w;
            *value = (sg_value_t)(base + 64 * i + sg__ctz64(pend[i]));
            return 1;
        }
    }
    *work = w;
    *value = (sg_value_t)c;
    return 1;
}
#endif

#ifdef SG__OS_AVX2
/* The values still looked for, on x86 processors with AVX2 (checked at run time), and without
 * the reversed copy: the values base + d, d < 255, not found yet, are a set of 32 bytes, bit
 * d >> 4 of tab[d & 15] for d < 128 and bit (d >> 4) - 8 of tab[16 + (d & 15)] from 128 on.
 * One pass over the splits lo <= a < hi of m looks each G(a) ^ G(m - a) up in it, 32 splits a
 * step: the partners are read backwards and put in order by a shuffle, the values less base
 * clamped to 255 (never in the set) and looked up by four byte shuffles. The values of a block
 * of 32 splits with hits are cleared together; the pass returns 1 as soon as the set is empty,
 * 0 at the end of the splits with values left. */
SG__TARGET("avx2") SG__INLINE __m256i sg__os_look_bytes(const sg__octal_view_t *vw,
                                                       uint64_t m, size_t a,
                                                       __m256i vbase)
{
    /* byte k of the result: G(a + k) ^ G(m - a - k) less base, clamped (32 splits) */
    if (vw->f8 != NULL) {
        const unsigned char *f = vw->f8;
        __m256i fw = _mm256_loadu_si256((const __m256i *)(const void *)(f + a));
        __m256i bw = sg__octal_rev8b(f + (m - a - 31));
        /* a value below base wraps to 256 - base or more: above every value of the set */
        return _mm256_sub_epi8(_mm256_xor_si256(fw, bw), vbase);
    } else {
        const uint16_t *f = vw->f16;
        const __m256i k255 = _mm256_set1_epi16(255);
        __m256i x[2];
        int h;
        for (h = 0; h < 2; h++) {
            size_t b = a + 16 * (size_t)h;
            __m256i fw = _mm256_loadu_si256((const __m256i *)(const void *)(f + b));
            __m256i bw = sg__octal_rev16b(f + (m - b - 15));
            x[h] = _mm256_min_epu16(_mm256_sub_epi16(_mm256_xor_si256(fw, bw), vbase), k255);
        }
        return _mm256_packus_epi16(x[0], x[1]);   /* the order of the splits is lost: only
                                                     whether one hits is read */
    }
}
SG__TARGET("avx2") SG__INLINE __m256i sg__os_look_hits(__m256i d, __m256i ta,
                                                      __m256i tb)
{
    const __m256i k0f = _mm256_set1_epi8(0x0f);
    const __m256i bita = _mm256_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0,
                                          1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0);
    const __m256i bitb = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128,
                                          0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128);
    __m256i lo = _mm256_and_si256(d, k0f), hi = _mm256_and_si256(_mm256_srli_epi16(d, 4), k0f);
    return _mm256_or_si256(
        _mm256_and_si256(_mm256_shuffle_epi8(ta, lo), _mm256_shuffle_epi8(bita, hi)),
        _mm256_and_si256(_mm256_shuffle_epi8(tb, lo), _mm256_shuffle_epi8(bitb, hi)));
}
/* the set with value base + d alone, d < 255: byte (d & 15) + (d & 128 ? 16 : 0), bit
 * (d >> 4) & 7 */
SG__TARGET("avx2") SG__INLINE __m256i sg__os_look_one(unsigned d)
{
    const __m256i iota = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
                                          16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29,
                                          30, 31);
    __m256i at = _mm256_cmpeq_epi8(iota, _mm256_set1_epi8((char)((d & 15u) | ((d >> 3) & 16u))));
    return _mm256_and_si256(at, _mm256_set1_epi8((char)(1u << ((d >> 4) & 7u))));
}
/* the pass itself, on the set t (in and out); the set stays in registers throughout, as a
 * store of part of it read back whole waits on the store */
SG__TARGET("avx2") SG__INLINE int sg__os_look(const sg__octal_view_t *vw, uint64_t m,
                                             size_t lo, size_t hi, unsigned base,
                                             __m256i *set)
{
    const __m256i vbase = vw->f8 != NULL ? _mm256_set1_epi8((char)base)
                                         : _mm256_set1_epi16((short)base);
    const __m256i zero = _mm256_setzero_si256();
    __m256i t = *set, ta, tb;
    unsigned char d8[32];
    size_t a = lo;
    int empty = 0;
    ta = _mm256_permute2x128_si256(t, t, 0x00);   /* each half in both lanes */
    tb = _mm256_permute2x128_si256(t, t, 0x11);
    for (; a + 32 <= hi && !empty; a += 32) {
        __m256i d = sg__os_look_bytes(vw, m, a, vbase), found = zero;
        uint32_t hit = ~(uint32_t)_mm256_movemask_epi8(
            _mm256_cmpeq_epi8(sg__os_look_hits(d, ta, tb), zero));
        if (hit == 0) continue;
        /* the values found, read from the block's bytes (a byte that hits is the value less
         * base itself), cleared together: no split's clearing waits on another's */
        _mm256_storeu_si256((__m256i *)(void *)d8, d);
        for (; hit != 0; hit &= hit - 1)
            found = _mm256_or_si256(found, sg__os_look_one(d8[sg__ctz64(hit)]));
        t = _mm256_andnot_si256(found, t);
        empty = _mm256_testz_si256(t, t);
        ta = _mm256_permute2x128_si256(t, t, 0x00);
        tb = _mm256_permute2x128_si256(t, t, 0x11);
    }
    for (; a < hi && !empty; a++) {   /* the splits no block reached */
        unsigned v = vw->f8 != NULL ? (unsigned)(vw->f8[a] ^ vw->f8[m - a])
                                    : (unsigned)(vw->f16[a] ^ vw->f16[m - a]);
        unsigned e = (v - base) & 0xffffu;
        if (e < 255u) t = _mm256_andnot_si256(sg__os_look_one(e), t);
        empty = _mm256_testz_si256(t, t);
    }
    *set = t;
    return empty;
}

/* sg__os_search with AVX2: the values looked for 255 at a time, from the least (values in one
 * byte: those below 256 only, as no split gives more). */
SG__TARGET("avx2") static int sg__os_search2(const sg__octal_splits_t *sp,
                                             const sg__octal_view_t *vw,
                                             const uint16_t *need, size_t k,
                                             uint64_t n, uint64_t n0, size_t j0,
                                             size_t lo0, size_t hi0, uint64_t c,
                                             uint64_t budget, uint64_t w,
                                             sg_value_t *value, uint64_t *work)
{
    size_t first = 0, i, j;
    unsigned d;
    while (first < k) {
        unsigned base = need[first], lim = vw->f8 != NULL ? 256u : 65536u;
        unsigned char tab[32];
        __m256i set = _mm256_setzero_si256();
        int empty = 0;
        if (base >= lim) break;   /* values in one byte: no split gives 256 or more */
        for (i = first; i < k && need[i] < lim && (d = need[i] - base) < 255u; i++)
            set = _mm256_or_si256(set, sg__os_look_one(d));
        first = i;
        SG__OS_PASSES(SG__OS_LOOK, sg__os_look(vw, m, a, a + len, base, &set));
        if (!empty) {   /* the least value left */
            _mm256_storeu_si256((__m256i *)(void *)tab, set);
            for (d = 0; !((tab[(d & 15u) | ((d >> 3) & 16u)] >> ((d >> 4) & 7u)) & 1u); d++)
                ;
            *work = w;
            *value = (sg_value_t)(base + d);
            return 1;
        }
    }
    *work = w;
    *value = (sg_value_t)(first < k ? need[first] : c);
    return 1;
}

/* sg__os_least with AVX2, 32 values a step */
SG__TARGET("avx2") static uint64_t sg__os_least2(const unsigned char *seen,
                                                const unsigned char *par,
                                                unsigned q, uint64_t lim,
                                                uint16_t *need, size_t *k)
{
    const __m256i vq = _mm256_set1_epi8((char)q), zero = _mm256_setzero_si256();
    uint64_t b, c = lim;   /* lim: not reached */
    size_t kk = 0;
    for (b = 0; b < lim; b += 32) {
        __m256i sv = _mm256_loadu_si256((const __m256i *)(const void *)(seen + b));
        __m256i pv = _mm256_loadu_si256((const __m256i *)(const void *)(par + b));
        uint32_t unseen = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(sv, zero));
        uint32_t cls = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(pv, vq));
        if (sg__os_least_block(unseen, cls, b, need, &kk, &c)) break;
    }
    *k = kk;
    return c;
}
#endif

int sg__octal_simd_least(const unsigned char *seen, const unsigned char *par, unsigned q,
                         uint64_t range, uint16_t *need, size_t *k, uint64_t *c)
{
#ifdef SG__OS_AVX512
    if (range >= 256 && (sg__cpu_features() & SG__CPU_HAS_AVX512BW)) {
        *c = sg__os_least(seen, par, q, 2 * range, need, k);
        return 1;
    }
#endif
#ifdef SG__OS_AVX2
    if (sg__cpu_features() & SG__CPU_HAS_AVX2) {
        *c = sg__os_least2(seen, par, q, 2 * range, need, k);
        return 1;
    }
#endif
    (void)seen, (void)par, (void)q, (void)range, (void)need, (void)k, (void)c;
    return 0;
}

int sg__octal_simd_search(const sg__octal_splits_t *sp, const sg__octal_view_t *vw,
                          const uint16_t *need, size_t k, uint64_t n, uint64_t n0, size_t j0,
                          size_t lo0, size_t hi0, uint64_t c, uint64_t budget, uint64_t w,
                          sg_value_t *value, uint64_t *work)
{
#ifdef SG__OS_AVX512
    if (k <= SG__OS_VFEW && vw->f8 != NULL && need[k - 1] < 256 &&
        (sg__cpu_features() & SG__CPU_HAS_AVX512VBMI))
        return sg__os_search8(sp, vw, need, k, n, n0, j0, lo0, hi0, c, budget, w, value, work);
    if (k <= SG__OS_VFEW && (vw->f8 != NULL || vw->f16 != NULL) &&
        (sg__cpu_features() & SG__CPU_HAS_AVX512BW))
        return sg__os_search(sp, vw, need, k, n, n0, j0, lo0, hi0, c, budget, w, value, work);
#endif
#ifdef SG__OS_AVX2
    if (k <= SG__OS_AFEW && (sg__cpu_features() & SG__CPU_HAS_AVX2))
        return sg__os_search2(sp, vw, need, k, n, n0, j0, lo0, hi0, c, budget, w, value, work);
#endif
    (void)sp, (void)vw, (void)need, (void)k, (void)n, (void)n0, (void)j0, (void)lo0, (void)hi0;
    (void)c, (void)budget, (void)w, (void)value, (void)work;
    return -1;
}
#if defined(SG__OS_AVX512) || defined(SG__OS_AVX2)
#undef SG__OS_PASSES
#endif
