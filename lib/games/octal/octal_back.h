/*
 * Split tests that read the partner G(m - a) backwards from the forward copy of the values, on
 * x86: 64 pairs f[k] ^ g[-k] at a time, the partners loaded forward and put in order in the
 * register: by SSSE3's byte shuffle on 16 bytes; by AVX2's on each 16-byte half, then a swap of
 * the halves; with SSE2 alone, which has no byte shuffle, by three word shuffles (and, for one
 * byte values, two shifts and an OR). With them the take-and-break engines (octal_kernels.c,
 * octal_sparse.c) keep no reversed copy of the values on any x86-64 processor.
 */
#ifndef SG_OCTAL_BACK_H
#define SG_OCTAL_BACK_H

#include "../../common/cpu.h"
#include "../period/periodicity.h"

/* L values from p (p[0] .. p[L-1]), loaded in reverse order: b AVX2 (32 bytes, or 16 two-byte
 * values), z AVX-512BW (32 two-byte values); the partners of the sparse engine's AVX2 and
 * AVX-512BW passes (octal_sparse_simd.c) and of the value engine's (octal_kernels.c) too.
 * AVX2's are there for AVX-512BW's passes too (every processor with AVX-512BW has AVX2) */
#if SG__CPU_AVX2 || SG__CPU_AVX512BW
SG__TARGET("avx2") SG__INLINE __m256i sg__octal_rev8b(const unsigned char *p)
{
    const __m256i rev = _mm256_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0,
                                         15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    __m256i v = _mm256_loadu_si256(SG__CAST(const __m256i *, SG__CAST(const void *, p)));
    return _mm256_permute4x64_epi64(_mm256_shuffle_epi8(v, rev), 0x4e);
}
SG__TARGET("avx2") SG__INLINE __m256i sg__octal_rev16b(const uint16_t *p)
{
    const __m256i rev = _mm256_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1,
                                         14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
    __m256i v = _mm256_loadu_si256(SG__CAST(const __m256i *, SG__CAST(const void *, p)));
    return _mm256_permute4x64_epi64(_mm256_shuffle_epi8(v, rev), 0x4e);
}
#endif
#if SG__CPU_AVX512BW
SG__TARGET("avx512bw") SG__INLINE __m512i sg__octal_rev16z(const uint16_t *p)
{
    const __m512i rev = _mm512_set_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                         17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30,
                                         31);
    return _mm512_permutexvar_epi16(rev, _mm512_loadu_si512(p));
}
#endif

#if SG__CPU_X86_64 && SG__CPU_SSE2 && SG__LONGRUN
#  define SG__OCTAL_BACK_X86 1
#  define SG__OCTAL_BACK_PAIRS 64   /* pairs a test reads */

/* the same: e SSE2, s SSSE3 (16 bytes, or 8 two-byte values) */
SG__INLINE __m128i sg__octal_rev16e(const uint16_t *p)
{
    __m128i v = _mm_loadu_si128(SG__CAST(const __m128i *, SG__CAST(const void *, p)));
    v = _mm_shuffle_epi32(v, 0x1b);                                  /* 4-byte groups reversed */
    return _mm_shufflehi_epi16(_mm_shufflelo_epi16(v, 0xb1), 0xb1);  /* then the words in each */
}
SG__INLINE __m128i sg__octal_rev8e(const unsigned char *p)
{
    __m128i v = sg__octal_rev16e(SG__CAST(const uint16_t *, SG__CAST(const void *, p)));
    return _mm_or_si128(_mm_slli_epi16(v, 8), _mm_srli_epi16(v, 8));  /* then the bytes in each */
}
#  if SG__CPU_SSSE3
SG__TARGET("ssse3") SG__INLINE __m128i sg__octal_rev8s(const unsigned char *p)
{
    const __m128i rev = _mm_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    return _mm_shuffle_epi8(_mm_loadu_si128(SG__CAST(const __m128i *, SG__CAST(const void *, p))),
                            rev);
}
SG__TARGET("ssse3") SG__INLINE __m128i sg__octal_rev16s(const uint16_t *p)
{
    const __m128i rev = _mm_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
    return _mm_shuffle_epi8(_mm_loadu_si128(SG__CAST(const __m128i *, SG__CAST(const void *, p))),
                            rev);
}
#  endif

/* sg__octal_hits##S: 1 when some k < 64 has f[k] ^ g[-k] == x[j] for some j < nx; the 64
 * pairs' values are made once, then compared with each candidate. ISA: the target; V its
 * register, P and SI the prefix and suffix of its intrinsics; L values a register, REV loads
 * them in order; E the element of set1 and cmpeq, CT its signed type. */
#  define SG__OCTAL_BACK_HITS(S, T, ISA, V, P, SI, L, REV, E, CT)                                 \
      SG__TARGET(ISA) SG__INLINE int sg__octal_hits##S(const T *f, const T *g,                    \
                                                       const T *x, int nx)                        \
      {                                                                                          \
          V v[SG__OCTAL_BACK_PAIRS / L], h = P##setzero_##SI();                                  \
          int i, j;                                                                              \
          for (i = 0; i < SG__OCTAL_BACK_PAIRS / L; i++)                                         \
              v[i] = P##xor_##SI(                                                                \
                  P##loadu_##SI(SG__CAST(const V *, SG__CAST(const void *, f + L * i))),         \
                  REV(g - L * i - (L - 1)));                                                     \
          for (j = 0; j < nx; j++) {                                                             \
              const V c = P##set1_##E(SG__CAST(CT, x[j]));                                       \
              for (i = 0; i < SG__OCTAL_BACK_PAIRS / L; i++)                                     \
                  h = P##or_##SI(h, P##cmpeq_##E(v[i], c));                                      \
          }                                                                                      \
          return P##movemask_epi8(h) != 0;                                                       \
      }
SG__OCTAL_BACK_HITS(8e, unsigned char, "sse2", __m128i, _mm_, si128, 16, sg__octal_rev8e, epi8,
                    char)
SG__OCTAL_BACK_HITS(16e, uint16_t, "sse2", __m128i, _mm_, si128, 8, sg__octal_rev16e, epi16,
                    short)
#  if SG__CPU_SSSE3
SG__OCTAL_BACK_HITS(8s, unsigned char, "ssse3", __m128i, _mm_, si128, 16, sg__octal_rev8s, epi8,
                    char)
SG__OCTAL_BACK_HITS(16s, uint16_t, "ssse3", __m128i, _mm_, si128, 8, sg__octal_rev16s, epi16,
                    short)
#  endif

#  if SG__CPU_AVX2
SG__OCTAL_BACK_HITS(8b, unsigned char, "avx2", __m256i, _mm256_, si256, 32, sg__octal_rev8b,
                    epi8, char)
SG__OCTAL_BACK_HITS(16b, uint16_t, "avx2", __m256i, _mm256_, si256, 16, sg__octal_rev16b, epi16,
                    short)
#  endif
#  undef SG__OCTAL_BACK_HITS
#endif

#endif /* SG_OCTAL_BACK_H */
