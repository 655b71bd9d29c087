#include "../common/sg_internal.h"
#include "../common/cpu.h"

/* The mex of k values is at most k, so only values <= k matter. Up to 127 values fit two words:
 * branch-free marking, then the first zero bit. Beyond that a window of SG__MEX_WINDOW bits on
 * the stack is slid upwards until it holds a zero bit; the answer is <= count, so at most
 * count / SG__MEX_WINDOW + 1 passes are made, and nothing is allocated.
 * On x86 processors with AVX2 (checked at run time) the marking takes 8 values per step: AVX2's
 * per-lane shift gives 0 for a count of 64 or more, which is exactly the rule "values past the
 * word are skipped".
 * Most calls have a handful of values (the options of one position), and there the call is most
 * of the cost (an empty out-of-line function costs about 5 cycles a call in bench/bench_mex.c).
 * So the path for 4 to 8 values is the first one tested, laid out without a taken branch, and
 * it marks the first 4 and the last 4 (overlapping: a value seen twice changes nothing) in one
 * straight-line step; up to 3 values are marked inline; the window, whose 512-byte frame would
 * otherwise be set up on every call, is a function apart. The AVX2 test (sg__cpu_features) reads
 * the processor model that the compiler's runtime fills in once: no state here. */
#define SG__MEX_WORDS 64
#define SG__MEX_WINDOW (SG__MEX_WORDS * 64)

#if SG__CPU_AVX2
#  define SG__MEX_AVX2 1
#endif

#if defined(__GNUC__) || defined(__clang__)
#  define SG__MEX_NOINLINE __attribute__((noinline))
#else
#  define SG__MEX_NOINLINE
#endif

/* The bit of value v in a one-word set, for count < 63: the answer is then below 63, so every
 * value of 63 or more can share bit 63 (a cmov, no test of the shift count). */
SG__INLINE uint64_t sg__mex_bit(sg_value_t v) { return SG__CAST(uint64_t, 1) << (v < 63 ? v : 63); }

/* 1 <= count <= 3: the first, middle and last values are all of them */
SG__INLINE sg_value_t sg__mex_3(const sg_value_t *p, size_t count)
{
    uint64_t w = sg__mex_bit(p[0]) | sg__mex_bit(p[count / 2]) | sg__mex_bit(p[count - 1]);
    return SG__CAST(sg_value_t, sg__ctz64(~w));
}

/* count <= 8: one word, the values taken 8, 4, 2, 1 at a time by the bits of count */
static SG__MEX_NOINLINE sg_value_t sg__mex_few(const sg_value_t *p, size_t count)
{
    uint64_t a = 0, b = 0;
    if (count & 8) {
        a = sg__mex_bit(p[0]) | sg__mex_bit(p[1]) | sg__mex_bit(p[2]) | sg__mex_bit(p[3]);
        b = sg__mex_bit(p[4]) | sg__mex_bit(p[5]) | sg__mex_bit(p[6]) | sg__mex_bit(p[7]);
        p += 8;
    }
    if (count & 4) {
        a |= sg__mex_bit(p[0]) | sg__mex_bit(p[1]);
        b |= sg__mex_bit(p[2]) | sg__mex_bit(p[3]);
        p += 4;
    }
    if (count & 2) {
        a |= sg__mex_bit(p[0]);
        b |= sg__mex_bit(p[1]);
        p += 2;
    }
    if (count & 1) a |= sg__mex_bit(p[0]);
    return SG__CAST(sg_value_t, sg__ctz64(~(a | b)));
}

/* values < 128 into two words (count < 128, so the answer is below 128) */
static sg_value_t sg__mex_words(const sg_value_t *values, size_t count)
{
    uint64_t a = 0, b = 0;
    size_t i = 0;
    if (count < 63) {
        for (; i + 2 <= count; i += 2) {
            a |= sg__mex_bit(values[i]);
            b |= sg__mex_bit(values[i + 1]);
        }
        if (i < count) a |= sg__mex_bit(values[i]);
        return SG__CAST(sg_value_t, sg__ctz64(~(a | b)));
    }
    for (; i < count; i++) {
        sg_value_t v = values[i];
        a |= SG__CAST(uint64_t, v < 64) << (v & 63);
        b |= SG__CAST(uint64_t, v - 64 < 64) << (v & 63);
    }
    if (~a != 0) return SG__CAST(sg_value_t, sg__ctz64(~a));
    return SG__CAST(sg_value_t, 64 + sg__ctz64(~b));
}

#ifdef SG__MEX_AVX2
/* the OR of the four 64-bit lanes, kept in registers */
SG__TARGET("avx2") static inline uint64_t sg__mex_or4(__m256i x)
{
    __m128i y = _mm_or_si128(_mm256_castsi256_si128(x), _mm256_extracti128_si256(x, 1));
    return SG__CAST(uint64_t, _mm_cvtsi128_si64(_mm_or_si128(y, _mm_unpackhi_epi64(y, y))));
}

/* the bits of 4 values below 64 (AVX2's shift gives 0 for a count of 64 or more) */
SG__TARGET("avx2") static inline __m256i sg__mex_mark4(const sg_value_t *p)
{
    __m128i v = _mm_loadu_si128((const __m128i *)SG__CAST(const void *, p));
    return _mm256_sllv_epi64(_mm256_set1_epi64x(1), _mm256_cvtepu32_epi64(v));
}

/* 4 <= count <= 8: the first 4 and the last 4, straight-line */
SG__TARGET("avx2") static sg_value_t sg__mex_avx2_8(const sg_value_t *values,
                                                     size_t count)
{
    __m256i x = _mm256_or_si256(sg__mex_mark4(values), sg__mex_mark4(values + count - 4));
    return SG__CAST(sg_value_t, sg__ctz64(~sg__mex_or4(x)));
}

/* 8 < count < 128. A value seen twice changes nothing, so the last group of 4 or 8 is taken
 * from the end of the array, overlapping the one before: no scalar tail. */
SG__TARGET("avx2") static sg_value_t sg__mex_avx2(const sg_value_t *values,
                                                   size_t count)
{
    const __m256i one = _mm256_set1_epi64x(1), k64 = _mm256_set1_epi64x(64);
    __m256i a0, a1, b0, b1;
    uint64_t lo, hi;
    size_t i;
    if (count < 64) {
        a0 = sg__mex_mark4(values + count - 8);
        a1 = sg__mex_mark4(values + count - 4);
        for (i = 0; i + 8 < count; i += 8) {
            a0 = _mm256_or_si256(a0, sg__mex_mark4(values + i));
            a1 = _mm256_or_si256(a1, sg__mex_mark4(values + i + 4));
        }
        return SG__CAST(sg_value_t, sg__ctz64(~sg__mex_or4(_mm256_or_si256(a0, a1))));
    }
    a0 = a1 = b0 = b1 = _mm256_setzero_si256();
    for (i = 0; i < count; i += 8) {
        /* the last step takes the 8 values at the end */
        const sg_value_t *p = values + (i + 8 <= count ? i : count - 8);
        __m256i v = _mm256_loadu_si256((const __m256i *)SG__CAST(const void *, p));
        __m256i x = _mm256_cvtepu32_epi64(_mm256_castsi256_si128(v));
        __m256i y = _mm256_cvtepu32_epi64(_mm256_extracti128_si256(v, 1));
        a0 = _mm256_or_si256(a0, _mm256_sllv_epi64(one, x));
        a1 = _mm256_or_si256(a1, _mm256_sllv_epi64(one, y));
        b0 = _mm256_or_si256(b0, _mm256_sllv_epi64(one, _mm256_sub_epi64(x, k64)));
        b1 = _mm256_or_si256(b1, _mm256_sllv_epi64(one, _mm256_sub_epi64(y, k64)));
    }
    lo = sg__mex_or4(_mm256_or_si256(a0, a1));
    hi = sg__mex_or4(_mm256_or_si256(b0, b1));
    if (~lo != 0) return SG__CAST(sg_value_t, sg__ctz64(~lo));
    return SG__CAST(sg_value_t, 64 + sg__ctz64(~hi));
}
#endif

/* count >= 128: the sliding window */
static SG__MEX_NOINLINE sg_value_t sg__mex_window(const sg_value_t *values, size_t count)
{
    uint64_t bits[SG__MEX_WORDS];
    size_t base, words, i, w;
    for (base = 0;; base += SG__MEX_WINDOW) {
        /* the answer is <= count: a window never needs to reach past it */
        size_t span = count - base + 1;
        words = span >= SG__MEX_WINDOW ? SG__MEX_WORDS : (span + 63) / 64;
        memset(bits, 0, words * sizeof bits[0]);
        for (i = 0; i < count; i++) {
            size_t off = SG__CAST(size_t, values[i]) - base;
            if (SG__CAST(size_t, values[i]) >= base && off < words * 64)
                bits[off >> 6] |= SG__CAST(uint64_t, 1) << (off & 63);
        }
        for (w = 0; w < words; w++)
            if (~bits[w] != 0) return SG__CAST(sg_value_t, base + w * 64 + sg__ctz64(~bits[w]));
    }
}

sg_value_t sg_mex(const sg_value_t *values, size_t count)
{
    if (values == NULL || count == 0) return 0;
    if (count < 4) return sg__mex_3(values, count);
#ifdef SG__MEX_AVX2
    /* the usual case first, laid out without a taken branch */
    if (SG__LIKELY(count <= 8 && (sg__cpu_features() & SG__CPU_HAS_AVX2)))
        return sg__mex_avx2_8(values, count);
#endif
    if (count <= 8) return sg__mex_few(values, count);
    if (count < 128) {
#ifdef SG__MEX_AVX2
        if (sg__cpu_features() & SG__CPU_HAS_AVX2) return sg__mex_avx2(values, count);
#endif
        return sg__mex_words(values, count);
    }
    return sg__mex_window(values, count);
}
