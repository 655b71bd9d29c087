#include "sg_internal.h"

/* The mex of k values is at most k, so only values <= k matter. Up to 127 values fit two words:
 * branch-free marking, then the first zero bit. Beyond that a window of SG__MEX_WINDOW bits on
 * the stack is slid upwards until it holds a zero bit; the answer is <= count, so at most
 * count / SG__MEX_WINDOW + 1 passes are made, and nothing is allocated.
 * On x86 processors with AVX2 (checked at run time) the marking takes 8 values per step: AVX2's
 * per-lane shift gives 0 for a count of 64 or more, which is exactly the rule "values past the
 * word are skipped". */
#define SG__MEX_WORDS 64
#define SG__MEX_WINDOW (SG__MEX_WORDS * 64)

#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__) && !defined(SG_NO_SIMD)
#  define SG__MEX_AVX2 1
#  include <immintrin.h>
#endif

/* values < 128 into two words (count < 128, so the answer is below 128) */
static sg_value_t sg__mex_words(const sg_value_t *values, size_t count)
{
    uint64_t a = 0, b = 0;
    size_t i = 0;
    if (count < 64) {
        for (; i + 2 <= count; i += 2) {
            sg_value_t v0 = values[i], v1 = values[i + 1];
            a |= (uint64_t)(v0 < 64) << (v0 & 63);
            b |= (uint64_t)(v1 < 64) << (v1 & 63);
        }
        if (i < count) a |= (uint64_t)(values[i] < 64) << (values[i] & 63);
        return (sg_value_t)sg__ctz64(~(a | b));
    }
    for (; i < count; i++) {
        sg_value_t v = values[i];
        a |= (uint64_t)(v < 64) << (v & 63);
        b |= (uint64_t)(v - 64 < 64) << (v & 63);
    }
    if (~a != 0) return (sg_value_t)sg__ctz64(~a);
    return (sg_value_t)(64 + sg__ctz64(~b));
}

#ifdef SG__MEX_AVX2
__attribute__((target("avx2"))) static sg_value_t sg__mex_avx2(const sg_value_t *values,
                                                                size_t count)
{
    const __m256i one = _mm256_set1_epi64x(1), k64 = _mm256_set1_epi64x(64);
    __m256i a0 = _mm256_setzero_si256(), a1 = a0, b0 = a0, b1 = a0;
    uint64_t w[4], lo, hi = 0;
    size_t i = 0;
    if (count < 64) {
        for (; i + 8 <= count; i += 8) {
            __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(values + i));
            a0 = _mm256_or_si256(a0, _mm256_sllv_epi64(one, _mm256_cvtepu32_epi64(
                                                                _mm256_castsi256_si128(v))));
            a1 = _mm256_or_si256(a1, _mm256_sllv_epi64(one, _mm256_cvtepu32_epi64(
                                                                _mm256_extracti128_si256(v, 1))));
        }
    } else {
        for (; i + 8 <= count; i += 8) {
            __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(values + i));
            __m256i x = _mm256_cvtepu32_epi64(_mm256_castsi256_si128(v));
            __m256i y = _mm256_cvtepu32_epi64(_mm256_extracti128_si256(v, 1));
            a0 = _mm256_or_si256(a0, _mm256_sllv_epi64(one, x));
            a1 = _mm256_or_si256(a1, _mm256_sllv_epi64(one, y));
            b0 = _mm256_or_si256(b0, _mm256_sllv_epi64(one, _mm256_sub_epi64(x, k64)));
            b1 = _mm256_or_si256(b1, _mm256_sllv_epi64(one, _mm256_sub_epi64(y, k64)));
        }
        _mm256_storeu_si256((__m256i *)(void *)w, _mm256_or_si256(b0, b1));
        hi = w[0] | w[1] | w[2] | w[3];
    }
    _mm256_storeu_si256((__m256i *)(void *)w, _mm256_or_si256(a0, a1));
    lo = w[0] | w[1] | w[2] | w[3];
    for (; i < count; i++) {
        sg_value_t v = values[i];
        lo |= (uint64_t)(v < 64) << (v & 63);
        hi |= (uint64_t)(v - 64 < 64) << (v & 63);
    }
    if (~lo != 0) return (sg_value_t)sg__ctz64(~lo);
    return (sg_value_t)(64 + sg__ctz64(~hi));
}
#endif

sg_value_t sg_mex(const sg_value_t *values, size_t count)
{
    uint64_t bits[SG__MEX_WORDS];
    size_t base, words, i, w;

    if (values == NULL || count == 0) return 0;
    if (count < 128) {
#ifdef SG__MEX_AVX2
        if (count >= 8 && __builtin_cpu_supports("avx2")) return sg__mex_avx2(values, count);
#endif
        return sg__mex_words(values, count);
    }
    for (base = 0;; base += SG__MEX_WINDOW) {
        /* the answer is <= count: a window never needs to reach past it */
        size_t span = count - base + 1;
        words = span >= SG__MEX_WINDOW ? SG__MEX_WORDS : (span + 63) / 64;
        memset(bits, 0, words * sizeof bits[0]);
        for (i = 0; i < count; i++) {
            size_t off = (size_t)values[i] - base;
            if ((size_t)values[i] >= base && off < words * 64)
                bits[off >> 6] |= (uint64_t)1 << (off & 63);
        }
        for (w = 0; w < words; w++)
            if (~bits[w] != 0) return (sg_value_t)(base + w * 64 + sg__ctz64(~bits[w]));
    }
}
