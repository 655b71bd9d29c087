/*
 * The value engine's split tests (octal.c): for a heap m and a value x, is there a split
 * m = a + (m - a) with G(a) ^ G(m - a) == x, tested on the engine's typed copies of the values
 * (one byte or two). Written once for both widths and for each way of reading the partner
 * G(m - a): forward from a reversed copy, or backwards from the forward copy (octal_back.h on
 * x86, the plain loops on AArch64); and, on x86 with AVX-512BW, one pass that looks every split
 * up in the set of values not found yet. Included once, by octal.c, whose engine picks among
 * them; its typed copies (sg__octal_run_t, take_break.h) are what they read.
 */
#ifndef SG_OCTAL_KERNELS_H
#define SG_OCTAL_KERNELS_H

#include "../../common/sg_internal.h"
#include "take_break.h"

#define SG__OCTAL_BLOCK 64     /* pairs tested per branch-free block */
#define SG__OCTAL_GROUP 8      /* candidates tested in one pass (the kernels name eight) */
#define SG__OCTAL_PENDING 256  /* values looked for in one pass (AVX-512BW) */

/* The ways the kernels read the partner G(m - a) (run->back): forward from a reversed copy,
 * or backwards from the forward copy with no reversed copy (a long run then holds each value
 * once). Backwards wherever the partners are put in order in a register (octal_back.h): on
 * every x86-64 processor, with AVX2, SSSE3's byte shuffle (the byte kernel 0.08 ns a split
 * either way with AVX2, AMD EPYC) or SSE2's word shuffles, AVX-512BW processors included (their
 * passes put the partners in order with a word permute); on AArch64, whose compilers vectorize
 * the plain loops read backwards (SG__OCTAL_PLAIN_BACK, take_break.h). Not in the portable loops
 * elsewhere, which x86 compilers make backwards at an eighth of the speed. The kernels of a way
 * have a suffix: b (AVX2, or AArch64's plain blocks), s (SSSE3), e (SSE2). */
#include "octal_back.h"
#if defined(SG__OCTAL_BACK_X86)
#  define SG__OCTAL_WAY_E 1
#  if SG__CPU_SSSE3
#    define SG__OCTAL_WAY_S 1
#  endif
#  if SG__CPU_AVX2
#    define SG__OCTAL_WAY_B 1
#  endif
#elif defined(SG__OCTAL_PLAIN_BACK)
#  define SG__OCTAL_WAY_B 1
#endif
#if defined(SG__OCTAL_WAY_B) || defined(SG__OCTAL_WAY_E)
#  define SG__OCTAL_BACK 1
#  define SG__OCTAL_FROM_R 0
#  define SG__OCTAL_BACK_B 1
#  define SG__OCTAL_BACK_S 2
#  define SG__OCTAL_BACK_E 3
#  define SG__OCTAL_KEEPS_R(run) ((run)->back == SG__OCTAL_FROM_R)
static int sg__octal_back_way(void)
{
#  if defined(SG__OCTAL_BACK_X86)
    unsigned f = sg__cpu_features();
#    ifdef SG__OCTAL_WAY_B
    if (f & SG__CPU_HAS_AVX2) return SG__OCTAL_BACK_B;
#    endif
#    ifdef SG__OCTAL_WAY_S
    if (f & SG__CPU_HAS_SSSE3) return SG__OCTAL_BACK_S;
#    endif
    (void)f;
    return SG__OCTAL_BACK_E;
#  else
    return SG__OCTAL_BACK_B;
#  endif
}
/* K(...), the kernel K of the way run->back */
#  ifdef SG__OCTAL_WAY_B
#    define SG__OCTAL_IF_B(run, K, ...) (run)->back == SG__OCTAL_BACK_B ? K##b(__VA_ARGS__):
#  else
#    define SG__OCTAL_IF_B(run, K, ...)
#  endif
#  ifdef SG__OCTAL_WAY_S
#    define SG__OCTAL_IF_S(run, K, ...) (run)->back == SG__OCTAL_BACK_S ? K##s(__VA_ARGS__):
#  else
#    define SG__OCTAL_IF_S(run, K, ...)
#  endif
#  ifdef SG__OCTAL_WAY_E
#    define SG__OCTAL_IF_E(run, K, ...) (run)->back == SG__OCTAL_BACK_E ? K##e(__VA_ARGS__):
#  else
#    define SG__OCTAL_IF_E(run, K, ...)
#  endif
#  define SG__OCTAL_KERNEL(run, K, ...)                                                            \
      (SG__OCTAL_IF_B(run, K, __VA_ARGS__) SG__OCTAL_IF_S(run, K, __VA_ARGS__)                     \
           SG__OCTAL_IF_E(run, K, __VA_ARGS__) K(__VA_ARGS__))
#else
#  define SG__OCTAL_KEEPS_R(run) 1
#  define SG__OCTAL_KERNEL(run, K, ...) K(__VA_ARGS__)
#endif

/* The kernels, written once for each width and each way of reading the partner G(m - a): from
 * the reversed copy, forward in a (suffix 8, 16: rb = R + bcap - 1 - m, rb[a] = G(m - a)), or
 * backwards from the forward copy (suffix 8b, 16b, AVX2: rb = F + m, rb[-a] = G(m - a)); D is
 * the direction, rb[D a] the partner of f[a].
 *   block:  1 when some k < SG__OCTAL_BLOCK has f[k] ^ (its partner) == x; branch-free.
 *   blocks: the same for any of SG__OCTAL_GROUP values c[j].
 *   scan:   1 when a split m = a + (m-a), a0 <= a <= min(a1, m/2), has G(a) ^ G(m-a) == x.
 *   group:  of the candidates x[j] whose bit is set in `live`, those no split m = a + (m-a),
 *           a0 <= a <= m/2, gives: one pass for them all, dropping each once found.
 * A block may run past m/2 (the splits are symmetric) but not past m-1; *work counts the pairs
 * looked at. The forward blocks are loops that compilers vectorize; the backward ones are
 * written in AVX2 (below). */
#define SG__OCTAL_KERNELS(S, T, F, ATTR, PB, D)                                                    \
    ATTR static int sg__octal_scan##S(const sg__octal_run_t *run, uint64_t m, uint64_t a0,         \
                                      uint64_t a1, T x, uint64_t *work)                            \
    {                                                                                              \
        const T *f = run->F, *rb = PB(run, m);                                                     \
        size_t a = SG__CAST(size_t, a0), h = SG__CAST(size_t, m / 2);                              \
        size_t last = SG__CAST(size_t, m) - 1;                                                     \
        if (a1 < h) h = SG__CAST(size_t, a1);                                                      \
        while (a <= h && a + SG__OCTAL_BLOCK - 1 <= last) {                                        \
            *work += SG__OCTAL_BLOCK;                                                              \
            if (sg__octal_block##S(f + a, rb D SG__CAST(ptrdiff_t, a), x)) return 1;               \
            a += SG__OCTAL_BLOCK;                                                                  \
        }                                                                                          \
        for (; a <= h; a++)                                                                        \
            if (SG__CAST(T, f[a] ^ rb[D SG__CAST(ptrdiff_t, a)]) == x) return 1;                   \
        return 0;                                                                                  \
    }                                                                                              \
    ATTR static unsigned sg__octal_group##S(const sg__octal_run_t *run, uint64_t m, uint64_t a0,   \
                                            const T *x, unsigned live, uint64_t *work)             \
    {                                                                                              \
        const T *f = run->F, *rb = PB(run, m);                                                     \
        size_t a = SG__CAST(size_t, a0), h = SG__CAST(size_t, m / 2), k, e;                        \
        size_t last = SG__CAST(size_t, m) - 1;                                                     \
        unsigned j, was = 0;                                                                       \
        T c[SG__OCTAL_GROUP];                                                                      \
        while (live != 0 && a <= h) {                                                              \
            int hit = 1;                                                                           \
            if (live != was) { /* the live ones, repeated to fill the group */                     \
                for (j = 0; j < SG__OCTAL_GROUP; j++)                                              \
                    c[j] = x[(live >> j) & 1 ? j : SG__CAST(unsigned, sg__ctz64(live))];           \
                was = live;                                                                        \
            }                                                                                      \
            e = a + SG__OCTAL_BLOCK - 1 <= last ? a + SG__OCTAL_BLOCK : h + 1;                     \
            if (e == a + SG__OCTAL_BLOCK) {                                                        \
                *work += SG__OCTAL_BLOCK;                                                          \
                hit = (live & (live - 1))                                                          \
                          ? sg__octal_blocks##S(f + a, rb D SG__CAST(ptrdiff_t, a), c)             \
                          : sg__octal_block##S(f + a, rb D SG__CAST(ptrdiff_t, a), c[0]);          \
            }                                                                                      \
            for (k = a; hit && k < e; k++)                                                         \
                for (j = 0; j < SG__OCTAL_GROUP; j++)                                              \
                    if (SG__CAST(T, f[k] ^ rb[D SG__CAST(ptrdiff_t, k)]) == x[j])                  \
                        live &= ~(1u << j);                                                        \
            a = e;                                                                                 \
        }                                                                                          \
        return live;                                                                               \
    }

#define SG__OCTAL_BLOCKS(S, T, D)                                                                  \
    static int sg__octal_block##S(const T *f, const T *r, T x)                                     \
    {                                                                                              \
        T acc = 0;                                                                                 \
        int k;                                                                                     \
        for (k = 0; k < SG__OCTAL_BLOCK; k++)                                                      \
            acc |= SG__CAST(T, SG__CAST(T, f[k] ^ r[D k]) == x);                                   \
        return acc;                                                                                \
    }                                                                                              \
    static int sg__octal_blocks##S(const T *f, const T *r, const T *c)                             \
    {                                                                                              \
        T acc = 0, c0 = c[0], c1 = c[1], c2 = c[2], c3 = c[3], c4 = c[4], c5 = c[5], c6 = c[6],    \
          c7 = c[7];                                                                               \
        int k;                                                                                     \
        for (k = 0; k < SG__OCTAL_BLOCK; k++) {                                                    \
            T v = SG__CAST(T, f[k] ^ r[D k]);                                                      \
            acc |= SG__CAST(T, SG__CAST(T, v == c0) | SG__CAST(T, v == c1) |                       \
                               SG__CAST(T, v == c2) | SG__CAST(T, v == c3) |                       \
                               SG__CAST(T, v == c4) | SG__CAST(T, v == c5) |                       \
                               SG__CAST(T, v == c6) | SG__CAST(T, v == c7));                       \
        }                                                                                          \
        return acc;                                                                                \
    }
SG__OCTAL_BLOCKS(8, unsigned char, +)
SG__OCTAL_BLOCKS(16, uint16_t, +)

#define SG__OCTAL_FWD8(run, m) ((run)->r + ((run)->bcap - 1 - SG__CAST(size_t, m)))
#define SG__OCTAL_FWD16(run, m) ((run)->r16 + ((run)->bcap - 1 - SG__CAST(size_t, m)))
SG__OCTAL_KERNELS(8, unsigned char, f, , SG__OCTAL_FWD8, +)
SG__OCTAL_KERNELS(16, uint16_t, f16, , SG__OCTAL_FWD16, +)
#ifdef SG__OCTAL_BACK
#define SG__OCTAL_BACK8(run, m) ((run)->f + SG__CAST(size_t, m))
#define SG__OCTAL_BACK16(run, m) ((run)->f16 + SG__CAST(size_t, m))
#endif
#if defined(SG__OCTAL_BACK_X86)
/* The blocks backwards on x86 (octal_back.h): suffix b AVX2, s SSSE3, e SSE2. Their kernels
 * stay out of line, as those of another target than their callers' do anyway, so that each way
 * has symbols of its own (tests/check_cli_memory.sh tells by them that a tool reads backwards) */
#  if SG__OCTAL_BLOCK != SG__OCTAL_BACK_PAIRS
#    error "the backward tests read SG__OCTAL_BLOCK pairs"
#  endif
#  define SG__OCTAL_BACK_BLOCKS(S, T, F, PB, ISA)                                                  \
      SG__TARGET(ISA) static int sg__octal_block##S(const T *f, const T *g, T x)                   \
      {                                                                                            \
          return sg__octal_hits##S(f, g, &x, 1);                                                   \
      }                                                                                            \
      SG__TARGET(ISA) static int sg__octal_blocks##S(const T *f, const T *g,                       \
                                                     const T *x)                                   \
      {                                                                                            \
          return sg__octal_hits##S(f, g, x, SG__OCTAL_GROUP);                                      \
      }                                                                                            \
      SG__OCTAL_KERNELS(S, T, F, SG__TARGET(ISA) __attribute__((noinline)), PB, -)
SG__OCTAL_BACK_BLOCKS(8e, unsigned char, f, SG__OCTAL_BACK8, "sse2")
SG__OCTAL_BACK_BLOCKS(16e, uint16_t, f16, SG__OCTAL_BACK16, "sse2")
#  ifdef SG__OCTAL_WAY_S
SG__OCTAL_BACK_BLOCKS(8s, unsigned char, f, SG__OCTAL_BACK8, "ssse3")
SG__OCTAL_BACK_BLOCKS(16s, uint16_t, f16, SG__OCTAL_BACK16, "ssse3")
#  endif
#  ifdef SG__OCTAL_WAY_B
SG__OCTAL_BACK_BLOCKS(8b, unsigned char, f, SG__OCTAL_BACK8, "avx2")
SG__OCTAL_BACK_BLOCKS(16b, uint16_t, f16, SG__OCTAL_BACK16, "avx2")
#  endif
#  undef SG__OCTAL_BACK_BLOCKS
#elif defined(SG__OCTAL_BACK)
/* The blocks backwards, as plain loops that the compiler makes vector code (take_break.h) */
SG__OCTAL_BLOCKS(8b, unsigned char, -)
SG__OCTAL_BLOCKS(16b, uint16_t, -)
SG__OCTAL_KERNELS(8b, unsigned char, f, , SG__OCTAL_BACK8, -)
SG__OCTAL_KERNELS(16b, uint16_t, f16, , SG__OCTAL_BACK16, -)
#endif

#if SG__CPU_AVX512BW
#  define SG__OCTAL_AVX512 1

/* Values in two bytes on x86 processors with AVX-512BW (checked at run time): rather than test
 * candidates one by one (rare options cost a long scan each), one pass over the splits looks
 * every option up in the bitset of the values not found yet, for a window of 1024 values
 * [lo, lo + 1024) held in two registers: 32 pairs per step, one permute and one shift. A value
 * found clears its bit in the registers. `pend` (16 words) is the window's bitset, in and out;
 * the splits of m are those a0 <= a <= m/2. The partners G(m - a) are read backwards from the
 * forward copy, a word permute putting them in order, so that no reversed copy is kept. */
SG__TARGET("avx512bw") static void sg__octal_window(const sg__octal_run_t *run,
                                                     uint64_t m, uint64_t a0,
                                                     uint16_t lo, uint64_t *pend)
{
    const uint16_t *f = run->f16, *g = run->f16 + SG__CAST(size_t, m);   /* g[-a] = G(m - a) */
    size_t a = SG__CAST(size_t, a0), h = SG__CAST(size_t, m / 2), last = SG__CAST(size_t, m) - 1;
    const __m512i base = _mm512_set1_epi16((short)lo), k15 = _mm512_set1_epi16(15),
                  one = _mm512_set1_epi16(1), k1024 = _mm512_set1_epi16(1024);
    __m512i t0 = _mm512_loadu_si512(pend), t1 = _mm512_loadu_si512(pend + 8);
    /* four steps of 32 pairs, then one branch: most of them find nothing */
    for (; a <= h && a + 127 <= last; a += 128) {
        __mmask32 hit[4];
        unsigned s;
        for (s = 0; s < 4; s++) {
            __m512i d = _mm512_sub_epi16(_mm512_xor_si512(_mm512_loadu_si512(f + a + 32 * s),
                                                          sg__octal_rev16z(g - a - 32 * s - 31)),
                                         base);
            /* bit v of the window is bit v & 15 of 16-bit word v >> 4 (little-endian) */
            __m512i w = _mm512_permutex2var_epi16(t0, _mm512_srli_epi16(d, 4), t1);
            __mmask32 in = _mm512_cmplt_epu16_mask(d, k1024);
            w = _mm512_srlv_epi16(w, _mm512_and_si512(d, k15));
            hit[s] = _mm512_mask_test_epi16_mask(in, w, one);
        }
        if ((hit[0] | hit[1] | hit[2] | hit[3]) == 0) continue;
        for (s = 0; s < 4; s++)
            for (; hit[s] != 0; hit[s] &= hit[s] - 1) {
                size_t k = a + 32 * s + sg__ctz64(hit[s]);
                unsigned v = SG__CAST(uint16_t, (f[k] ^ g[-SG__CAST(ptrdiff_t, k)]) - lo);
                __m512i bit = _mm512_set1_epi32(SG__CAST(int, 1u << (v & 31)));
                if (v < 512)
                    t0 = _mm512_mask_andnot_epi32(t0, (__mmask16)(1u << (v >> 5)), bit, t0);
                else
                    t1 = _mm512_mask_andnot_epi32(t1, (__mmask16)(1u << ((v - 512) >> 5)), bit,
                                                  t1);
            }
        if (_mm512_test_epi64_mask(_mm512_or_si512(t0, t1), _mm512_or_si512(t0, t1)) == 0) break;
    }
    _mm512_storeu_si512(pend, t0);
    _mm512_storeu_si512(pend + 8, t1);
    for (; a <= h && a + 127 > last; a++) {   /* the pairs no block reached */
        unsigned v = SG__CAST(uint16_t, (f[a] ^ g[-SG__CAST(ptrdiff_t, a)]) - lo);
        if (v < 1024) pend[v >> 6] &= ~(SG__CAST(uint64_t, 1) << (v & 63));
    }
}

/* The mex on that path, from the option bits `set` of the first `head` splits (and the other
 * options). A window holds the next SG__OCTAL_PENDING values not in set, no more: values found
 * above the mex are only work (a step that finds one leaves the vector loop), and most values
 * are. When every value of a window is found, the next one starts after it. */
static sg_value_t sg__octal_value_windows(const sg__octal_run_t *run, const uint64_t *set,
                                          const uint64_t *ms, unsigned nm, uint64_t head,
                                          uint64_t vb)
{
    uint64_t pend[16], lo = 0, next;
    unsigned j, k, want, cut;
    while (lo < vb) {
        /* pend: the values lo + v, v < 1024, below vb and not in set; the first few of them */
        for (want = SG__OCTAL_PENDING, cut = 0, next = lo + 1024, k = 0; k < 16; k++) {
            uint64_t v0 = lo + 64 * k, q = v0 / 64, r = v0 % 64, w = 0, keep = 0;
            if (v0 < vb) {
                w = set[q] >> r;
                if (r != 0 && q + 1 < vb / 64) w |= set[q + 1] << (64 - r);
                w = ~w;
                if (vb - v0 < 64) w &= (SG__CAST(uint64_t, 1) << (vb - v0)) - 1;
            }
            for (; w != 0 && want > 0; want--) {
                keep |= w & (0 - w);
                w &= w - 1;
            }
            if (w != 0 && !cut) {   /* the next window starts at the first value left out */
                next = v0 + sg__ctz64(w);
                cut = 1;
            }
            pend[k] = keep;
        }
        for (j = 0; j < nm; j++)
            if (ms[j] / 2 > head)
                sg__octal_window(run, ms[j], head + 1, SG__CAST(uint16_t, lo), pend);
        for (k = 0; k < 16; k++)
            if (pend[k])
                return SG__CAST(sg_value_t, lo + 64 * k + SG__CAST(unsigned, sg__ctz64(pend[k])));
        lo = next;
    }
    return SG__CAST(sg_value_t, vb);
}
#endif

#endif /* SG_OCTAL_KERNELS_H */
