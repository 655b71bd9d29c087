/* The plain kernel of take-and-break games, straight from the definition: G(n) is the least
 * value that no move gives, a move that leaves several heaps being worth the XOR of theirs. It
 * shares nothing with the library's engines, so a certificate checked with it stands on its
 * own. Digit d_i: bit 1 takes a whole heap of exactly i; bit 2 takes i and leaves one non-empty
 * heap; bit 4 leaves two, bit 8 three (d0 = 4: split a heap in two without taking).
 *
 * The values 0, 1, 2, ... are tried in turn. The moves to one heap and to three are marked
 * first; a value none of them gives is looked for among the splits into two heaps, which stops
 * at the first split that gives it. Only the value G(n) itself needs every split, so a position
 * costs about one pass over its splits, as a pass that marks them all would, but the pass is a
 * compare of two arrays read forwards (G and a copy of it backwards), which compilers turn into
 * vector code, where marking is a store per split at an address read from memory. */
#include "certificate.h"

#include <stdlib.h>
#include <string.h>

/* Room for every XOR of values up to the largest so far (a power of two above it). */
static int plain_room(cert_plain_t *s, sg_value_t maxv)
{
    size_t cap = s->cap ? s->cap : 256;
    unsigned char *p;
    while (cap <= maxv) {
        if (cap > SIZE_MAX / 2) return -1;
        cap *= 2;
    }
    if (cap == s->cap) return 0;
    if ((p = (unsigned char *)realloc(s->stamp, cap)) == NULL) return -1;
    memset(p + s->cap, 0, cap - s->cap);
    s->stamp = p;
    s->cap = cap;
    return 0;
}

/* The copies: fw[i] = G(i) and bw[len - 1 - i] = G(i) for i < copied, in `width` bytes a value
 * (the least that holds the largest value), brought up to n values; made anew, empty, when n
 * reaches len or the width grows. */
static int plain_copies(cert_plain_t *s, const sg_value_t *G, uint64_t n)
{
    unsigned width = s->maxv < 256 ? 1 : s->maxv < 65536 ? 2 : 4;
    size_t i;
    if (width != s->width || n >= s->len) {
        size_t len = s->len ? s->len : 1024;
        void *fw, *bw;
        while (len <= n) {
            if (len > SIZE_MAX / 8) return -1;
            len *= 2;
        }
        fw = malloc(len * width);
        bw = malloc(len * width);
        if (fw == NULL || bw == NULL) {
            free(fw);
            free(bw);
            return -1;
        }
        free(s->fw);
        free(s->bw);
        s->fw = fw;
        s->bw = bw;
        s->len = len;
        s->width = width;
        s->copied = 0;
    }
    for (i = (size_t)s->copied; i < n; i++) switch (width) {
        case 1:
            ((unsigned char *)s->fw)[i] = (unsigned char)G[i];
            ((unsigned char *)s->bw)[s->len - 1 - i] = (unsigned char)G[i];
            break;
        case 2:
            ((uint16_t *)s->fw)[i] = (uint16_t)G[i];
            ((uint16_t *)s->bw)[s->len - 1 - i] = (uint16_t)G[i];
            break;
        default:
            ((sg_value_t *)s->fw)[i] = G[i];
            ((sg_value_t *)s->bw)[s->len - 1 - i] = G[i];
            break;
        }
    s->copied = n;
    return 0;
}

/* Whether a split of m into two non-empty heaps gives x: G(a) ^ G(m - a) == x for some
 * 1 <= a <= m / 2, with f[a] = G(a) and r[a] = G(m - a). The splits go by blocks of 64, whose
 * loop has a fixed count, so that it is compiled to vector code; the block's result is read
 * once. */
#define PLAIN_SPLITS(name, T)                                                                  \
    static int name(const T *f, const T *r, uint64_t m, T x)                                   \
    {                                                                                          \
        size_t a = 1, hi = (size_t)(m / 2) + 1, k;                                             \
        for (; a + 64 <= hi; a += 64) {                                                        \
            T any = 0;                                                                         \
            for (k = 0; k < 64; k++) any |= (T)((T)(f[a + k] ^ r[a + k]) == x);               \
            if (any) return 1;                                                                 \
        }                                                                                      \
        for (; a < hi; a++)                                                                    \
            if ((T)(f[a] ^ r[a]) == x) return 1;                                               \
        return 0;                                                                              \
    }
/* The same with vector registers of type V (intrinsics P##name##_##SI: _mm_ and si128, _mm256_
 * and si256): 64 bytes of splits a test, looked at once through ANY(v), non-zero when a lane
 * of v is (compilers make the loop above vector code that reduces each block to one byte, more
 * work than the compares) */
#define PLAIN_SPLITS_VEC(name, ATTR, T, V, P, SI, cmpeq, set1, S, ANY)                         \
    ATTR static int name(const T *f, const T *r, uint64_t m, T x)                              \
    {                                                                                          \
        size_t a = 1, hi = (size_t)(m / 2) + 1, k;                                             \
        const size_t step = 64 / sizeof(T), lane = sizeof(V) / sizeof(T);                      \
        const V want = set1((S)x);                                                             \
        for (; a + step <= hi; a += step) {                                                    \
            V any = P##setzero_##SI();                                                         \
            for (k = 0; k < step; k += lane)                                                   \
                any = P##or_##SI(any, cmpeq(P##xor_##SI(P##loadu_##SI((const V *)(f + a + k)), \
                                                        P##loadu_##SI((const V *)(r + a + k))), \
                                            want));                                            \
            if (ANY(any)) return 1;                                                            \
        }                                                                                      \
        for (; a < hi; a++)                                                                    \
            if ((T)(f[a] ^ r[a]) == x) return 1;                                               \
        return 0;                                                                              \
    }
/* SSE2 (every x86-64 processor): four registers a test */
#if defined(__SSE2__) && !defined(SG_NO_SSE2) && !defined(SG_NO_SIMD)
#include <emmintrin.h>
#define PLAIN_ANY_SSE2(v) (_mm_movemask_epi8(v) != 0)
PLAIN_SPLITS_VEC(plain_splits8, , unsigned char, __m128i, _mm_, si128, _mm_cmpeq_epi8,
                 _mm_set1_epi8, char, PLAIN_ANY_SSE2)
PLAIN_SPLITS_VEC(plain_splits16, , uint16_t, __m128i, _mm_, si128, _mm_cmpeq_epi16,
                 _mm_set1_epi16, short, PLAIN_ANY_SSE2)
PLAIN_SPLITS_VEC(plain_splits32, , sg_value_t, __m128i, _mm_, si128, _mm_cmpeq_epi32,
                 _mm_set1_epi32, int, PLAIN_ANY_SSE2)
#undef PLAIN_ANY_SSE2
#else
PLAIN_SPLITS(plain_splits8, unsigned char)
PLAIN_SPLITS(plain_splits16, uint16_t)
PLAIN_SPLITS(plain_splits32, sg_value_t)
#endif
/* x86-64 under GCC or clang, when the processor has AVX2 (the tool is built for any x86-64):
 * two registers a test */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(SG_NO_AVX2) && !defined(SG_NO_SIMD)
#include <immintrin.h>
#define PLAIN_AVX2 1
#define PLAIN_AVX2_ATTR __attribute__((target("avx2")))
#define PLAIN_ANY_AVX2(v) (!_mm256_testz_si256(v, v))
PLAIN_SPLITS_VEC(plain_splits8_avx2, PLAIN_AVX2_ATTR, unsigned char, __m256i, _mm256_, si256,
                 _mm256_cmpeq_epi8, _mm256_set1_epi8, char, PLAIN_ANY_AVX2)
PLAIN_SPLITS_VEC(plain_splits16_avx2, PLAIN_AVX2_ATTR, uint16_t, __m256i, _mm256_, si256,
                 _mm256_cmpeq_epi16, _mm256_set1_epi16, short, PLAIN_ANY_AVX2)
PLAIN_SPLITS_VEC(plain_splits32_avx2, PLAIN_AVX2_ATTR, sg_value_t, __m256i, _mm256_, si256,
                 _mm256_cmpeq_epi32, _mm256_set1_epi32, int, PLAIN_ANY_AVX2)
#undef PLAIN_ANY_AVX2
#undef PLAIN_AVX2_ATTR
#endif
#undef PLAIN_SPLITS_VEC
#undef PLAIN_SPLITS

static int plain_split_gives(const cert_plain_t *s, uint64_t m, sg_value_t x)
{
    size_t off = s->len - 1 - (size_t)m;   /* bw + off: G(m - a) at a */
/* the kernel of values of type T, the AVX2 one where the processor has it */
#ifdef PLAIN_AVX2
#define PLAIN_CALL(name, T)                                                                    \
    (__builtin_cpu_supports("avx2") ? name##_avx2 : name)((const T *)s->fw,                    \
                                                          (const T *)s->bw + off, m, (T)x)
#else
#define PLAIN_CALL(name, T) name((const T *)s->fw, (const T *)s->bw + off, m, (T)x)
#endif
    switch (s->width) {
    case 1:
        return PLAIN_CALL(plain_splits8, unsigned char);
    case 2:
        return PLAIN_CALL(plain_splits16, uint16_t);
    default:
        return PLAIN_CALL(plain_splits32, sg_value_t);
    }
#undef PLAIN_CALL
}

sg_value_t cert_plain_value(const cert_game_t *g, const sg_value_t *G, uint64_t n,
                            cert_plain_t *s, int *ok)
{
    uint64_t i, m, a, b;
    unsigned char *st, mark;
    sg_value_t v;
    *ok = 1;
    if (n < s->seen) {   /* another sequence: look at its values again */
        s->seen = 0;
        s->maxv = 0;
        s->copied = 0;
    }
    for (; s->seen < n; s->seen++)
        if (G[s->seen] > s->maxv) s->maxv = G[s->seen];
    if (plain_room(s, s->maxv) != 0 || plain_copies(s, G, n) != 0) {
        *ok = 0;
        return 0;
    }
    if (++s->epoch == 0) {   /* a fresh mark for each position; old ones cleared on wrap */
        memset(s->stamp, 0, s->cap);
        s->epoch = 1;
    }
    st = s->stamp;
    mark = s->epoch;
    for (i = 0; i <= g->t && i <= n; i++) {
        unsigned d = g->d[i];
        m = n - i;
        if ((d & 1) && m == 0 && i > 0) st[0] = mark;
        if ((d & 2) && m >= 1 && i > 0) st[G[m]] = mark;
        if (d & 8)
            for (a = 1; 3 * a <= m; a++)
                for (b = a; a + 2 * b <= m; b++) st[G[a] ^ G[b] ^ G[m - a - b]] = mark;
    }
    /* no split gives cap or more: the XOR of two values below it */
    for (v = 0; v < s->cap; v++) {
        if (st[v] == mark) continue;
        for (i = 0; i <= g->t && i <= n; i++)
            if ((g->d[i] & 4) && n - i >= 2 && plain_split_gives(s, n - i, v)) break;
        if (i > g->t || i > n) return v;
    }
    return v;
}

void cert_plain_free(cert_plain_t *s)
{
    free(s->stamp);
    free(s->fw);
    free(s->bw);
    memset(s, 0, sizeof *s);
}
