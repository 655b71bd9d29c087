#include "../../common/sg_internal.h"
#include "../../common/cpu.h"
#include "gg_core.h"

/* Grundy's game: the rare values of a position looked for among the values of a run of its
 * splits (sg__gg_near_t), XORed into a small buffer a step at a time and searched with vector
 * compares: 32 bytes a step with AVX2 (when the processor has it), 16 with SSE2, else one.
 * The buffer is of bytes whatever the width of the values: with two-byte values (Grundy's game
 * from n = 7250049 on, where one position has value 256 and the rest stay below it) a split's
 * XOR is kept as min(XOR, 255), exact below 255, and only values below 255 are looked for. */

#if SG__CPU_SSE2
/* the 8 two-byte lanes in reverse order */
static __m128i sg__gg_rev16(__m128i v)
{
    v = _mm_shuffle_epi32(v, 0x1b);
    return _mm_shufflehi_epi16(_mm_shufflelo_epi16(v, 0xb1), 0xb1);
}

/* the 16 bytes in reverse order */
static __m128i sg__gg_rev8(__m128i v)
{
    v = sg__gg_rev16(v);
    return _mm_or_si128(_mm_slli_epi16(v, 8), _mm_srli_epi16(v, 8));
}
#endif

#if SG__CPU_AVX2
/* one-byte values, 32 at a time (the processor has AVX2): the splits from i, while 32 are left;
 * returns where it stopped */
SG__TARGET("avx2") static size_t sg__gg_near_grow8_avx2(const unsigned char *G8,
                                                        uint64_t a0, uint64_t b0,
                                                        unsigned char *x, size_t i,
                                                        size_t to)
{
    const __m256i rev = _mm256_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0,
                                         15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    for (; i + 32 <= to; i += 32) {
        __m256i f = _mm256_loadu_si256((const __m256i *)(const void *)(G8 + a0 - i - 31));
        __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(G8 + b0 + i));
        f = _mm256_permute4x64_epi64(_mm256_shuffle_epi8(f, rev), 0x4e);
        _mm256_storeu_si256((__m256i *)(void *)(x + i), _mm256_xor_si256(f, b));
    }
    return i;
}

/* two-byte values, 32 splits at a time, each XOR cut to 255 and packed to a byte; returns
 * where it stopped, as above */
SG__TARGET("avx2") static size_t sg__gg_near_grow16_avx2(const uint16_t *G16,
                                                         uint64_t a0, uint64_t b0,
                                                         unsigned char *x, size_t i,
                                                         size_t to)
{
    const __m256i rev = _mm256_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1,
                                         14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
    const __m256i cap = _mm256_set1_epi16(255);
    for (; i + 32 <= to; i += 32) {
        __m256i f0 = _mm256_loadu_si256((const __m256i *)(const void *)(G16 + a0 - i - 15));
        __m256i f1 = _mm256_loadu_si256((const __m256i *)(const void *)(G16 + a0 - i - 31));
        __m256i b0v = _mm256_loadu_si256((const __m256i *)(const void *)(G16 + b0 + i));
        __m256i b1v = _mm256_loadu_si256((const __m256i *)(const void *)(G16 + b0 + i + 16));
        f0 = _mm256_permute4x64_epi64(_mm256_shuffle_epi8(f0, rev), 0x4e);
        f1 = _mm256_permute4x64_epi64(_mm256_shuffle_epi8(f1, rev), 0x4e);
        f0 = _mm256_min_epu16(_mm256_xor_si256(f0, b0v), cap);
        f1 = _mm256_min_epu16(_mm256_xor_si256(f1, b1v), cap);
        /* the pack interleaves the halves: 0xd8 puts them back in order */
        _mm256_storeu_si256((__m256i *)(void *)(x + i),
                            _mm256_permute4x64_epi64(_mm256_packus_epi16(f0, f1), 0xd8));
    }
    return i;
}

SG__TARGET("avx2") static size_t sg__gg_near_find8_avx2(const unsigned char *x,
                                                        size_t i, size_t len,
                                                        unsigned char v)
{
    const __m256i c = _mm256_set1_epi8((char)v);
    for (; i + 128 <= len; i += 128) {
        const __m256i *q = (const __m256i *)(const void *)(x + i);
        __m256i y0 = _mm256_cmpeq_epi8(_mm256_loadu_si256(q), c);
        __m256i y1 = _mm256_cmpeq_epi8(_mm256_loadu_si256(q + 1), c);
        __m256i y2 = _mm256_cmpeq_epi8(_mm256_loadu_si256(q + 2), c);
        __m256i y3 = _mm256_cmpeq_epi8(_mm256_loadu_si256(q + 3), c);
        if (!_mm256_testz_si256(_mm256_or_si256(y0, y1), _mm256_or_si256(y0, y1)) ||
            !_mm256_testz_si256(_mm256_or_si256(y2, y3), _mm256_or_si256(y2, y3)))
            break;
    }
    for (; i + 32 <= len; i += 32) {
        __m256i y = _mm256_loadu_si256((const __m256i *)(const void *)(x + i));
        unsigned m = (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(y, c));
        if (m != 0) return i + sg__ctz64(m);
    }
    for (; i < len; i++)
        if (x[i] == v) return i;
    return SIZE_MAX;
}
#endif

/* At most as many splits as the values held allow, each part's run in one run of slots: a
 * windowed run keeps the search around the middle only while its window reaches back there. */
void sg__gg_near_fit(const sg__gg_t *e, sg__gg_near_t *s, uint64_t n)
{
    uint64_t down = sg__gg_run_down(e->g, s->a0), up = sg__gg_run_up(e->g, s->b0, n);
    if (s->cap > down) s->cap = (size_t)down;
    if (s->cap > up) s->cap = (size_t)up;
}

/* x[i .. to) = min(G16[a0 - i] ^ G16[b0 + i], 255) */
static void sg__gg_grow16(const uint16_t *G16, uint64_t a0, uint64_t b0, unsigned char *x,
                          size_t i, size_t to)
{
#if SG__CPU_AVX2
    if (sg__cpu_features() & SG__CPU_HAS_AVX2)
        i = sg__gg_near_grow16_avx2(G16, a0, b0, x, i, to);   /* the tail below */
#endif
#if SG__CPU_SSE2
    for (; i + 16 <= to; i += 16) {
        const __m128i cap = _mm_set1_epi16(255);
        __m128i f0 = _mm_loadu_si128((const __m128i *)(const void *)(G16 + a0 - i - 7));
        __m128i f1 = _mm_loadu_si128((const __m128i *)(const void *)(G16 + a0 - i - 15));
        __m128i y0 = _mm_xor_si128(sg__gg_rev16(f0), _mm_loadu_si128(
                                       (const __m128i *)(const void *)(G16 + b0 + i)));
        __m128i y1 = _mm_xor_si128(sg__gg_rev16(f1), _mm_loadu_si128(
                                       (const __m128i *)(const void *)(G16 + b0 + i + 8)));
        /* min(y, 255) = y - (y - 255 saturated at 0): no unsigned 16-bit min in SSE2 */
        y0 = _mm_sub_epi16(y0, _mm_subs_epu16(y0, cap));
        y1 = _mm_sub_epi16(y1, _mm_subs_epu16(y1, cap));
        _mm_storeu_si128((__m128i *)(void *)(x + i), _mm_packus_epi16(y0, y1));
    }
#endif
    for (; i < to; i++) {
        unsigned y = (unsigned)(G16[a0 - i] ^ G16[b0 + i]);
        x[i] = (unsigned char)(y < 255 ? y : 255);
    }
}

/* x[i .. to) = G8[a0 - i] ^ G8[b0 + i] */
static void sg__gg_grow8(const unsigned char *G8, uint64_t a0, uint64_t b0, unsigned char *x,
                         size_t i, size_t to)
{
#if SG__CPU_AVX2
    if (sg__cpu_features() & SG__CPU_HAS_AVX2)
        i = sg__gg_near_grow8_avx2(G8, a0, b0, x, i, to);   /* the tail below */
#endif
#if SG__CPU_SSE2
    for (; i + 16 <= to; i += 16) {
        __m128i f = _mm_loadu_si128((const __m128i *)(const void *)(G8 + a0 - i - 15));
        __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(G8 + b0 + i));
        _mm_storeu_si128((__m128i *)(void *)(x + i), _mm_xor_si128(sg__gg_rev8(f), b));
    }
#endif
    for (; i < to; i++) x[i] = (unsigned char)(G8[a0 - i] ^ G8[b0 + i]);
}

/* Compute the next `step` splits (fewer at the end). */
void sg__gg_near_grow(const sg__gg_t *e, sg__gg_near_t *s, size_t step)
{
    size_t i = s->len, to = s->len + step < s->cap ? s->len + step : s->cap;
    /* split i is at slots a0 - i and b0 + i (sg__gg_near_fit kept each side in one run) */
    uint64_t a0 = sg__gg_slot(e->g, s->a0), b0 = sg__gg_slot(e->g, s->b0);
    if (i >= to) return;
    if (e->g.g8 != NULL) sg__gg_grow8(e->g.g8, a0, b0, s->x.b, i, to);
    else sg__gg_grow16(e->g.g16, a0, b0, s->x.b, i, to);
    s->len = to;
}

/* Index of v among the splits [from, s->len), or SIZE_MAX. */
static size_t sg__gg_near_find(const sg__gg_t *e, const sg__gg_near_t *s, size_t from,
                               sg_value_t v)
{
    size_t i = from;
    /* a byte of 255 stands for any XOR from 255 up when the values have two bytes */
    if (sg__gg_near_serves(e)) {
        if (v > (e->g.g8 != NULL ? 255u : 254u)) return SIZE_MAX;
#if SG__CPU_AVX2
        if (sg__cpu_features() & SG__CPU_HAS_AVX2)
            return sg__gg_near_find8_avx2(s->x.b, i, s->len, (unsigned char)v);
#endif
#if SG__CPU_SSE2
        {
            __m128i x = _mm_set1_epi8((char)(unsigned char)v);
            for (; i + 64 <= s->len; i += 64) {
                const __m128i *q = (const __m128i *)(const void *)(s->x.b + i);
                __m128i y0 = _mm_cmpeq_epi8(_mm_loadu_si128(q), x);
                __m128i y1 = _mm_cmpeq_epi8(_mm_loadu_si128(q + 1), x);
                __m128i y2 = _mm_cmpeq_epi8(_mm_loadu_si128(q + 2), x);
                __m128i y3 = _mm_cmpeq_epi8(_mm_loadu_si128(q + 3), x);
                if (_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(y0, y1), _mm_or_si128(y2, y3))))
                    break;
            }
            for (; i + 16 <= s->len; i += 16) {
                __m128i y = _mm_loadu_si128((const __m128i *)(const void *)(s->x.b + i));
                unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(y, x));
                if (m != 0) return i + sg__ctz64(m);
            }
        }
#endif
        for (; i < s->len; i++)
            if (s->x.b[i] == v) return i;
        return SIZE_MAX;
    }
    return SIZE_MAX;
}

/* Look for option value v of n among the splits of s, computing more of them as needed; a split
 * found is kept as v's witness. */
int sg__gg_near(const sg__gg_t *e, uint64_t *const *wit, uint64_t n, sg__gg_near_t *s,
                sg_value_t v, uint64_t *work)
{
    size_t i = sg__gg_near_find(e, s, 0, v);
    while (i == SIZE_MAX && s->len < s->cap) {
        size_t from = s->len;
        sg__gg_near_grow(e, s, SG__GG_NEAR_STEP);
        *work += s->len - from;
        i = sg__gg_near_find(e, s, from, v);
    }
    if (i == SIZE_MAX) return 0;
    wit[n % 3][2 * (size_t)v] = s->a0 - i < s->b0 + i ? s->a0 - i : s->b0 + i;
    wit[n % 3][2 * (size_t)v + 1] = n;
    return 1;
}

