#include "../../common/sg_internal.h"
#include "split_tests.h"

/* The value engine's candidate path (octal.c asks it through split_tests.h). Rather than build
 * the whole set of split values, test x = 0, 1, 2, ... in turn until one is missing: is there a
 * split m = a + (m - a) with G(a) ^ G(m - a) == x, on the engine's typed copies of the values
 * (one byte or two, the same code for both widths). Most x are found within a few splits; only
 * the mex itself needs a full pass, and that pass is a branch-free block loop, which compilers
 * (or the intrinsics of octal_back.h) turn into vector code. With values in two bytes many
 * options are rare (a test of one of them runs long), so a candidate not found within a few
 * splits waits for a group of them, tested together in one pass; on processors with AVX-512BW
 * one pass instead looks every split up in the set of values not found yet. The tests are
 * written once for each way of reading the partner G(m - a): forward from a reversed copy, or
 * backwards from the forward copy (octal_back.h on x86, the plain loops on AArch64). The path
 * that runs them is in this file with them: its loops call them without a call between files. */

#define SG__OCTAL_BLOCK 64     /* pairs tested per branch-free block */
#define SG__OCTAL_GROUP 8      /* candidates tested in one pass (the kernels name eight) */
#define SG__OCTAL_HEAD 16      /* splits a <= this go into the option bits first (one byte) */
#define SG__OCTAL_HEAD16 256    /* the same for values in two bytes */
#define SG__OCTAL_SHORT 512    /* pairs a candidate is tested alone before it joins a group */

/* The ways the kernels read the partner G(m - a) (run->back, split_tests.h): forward from a
 * reversed copy, or backwards from the forward copy with no reversed copy (a long run then holds
 * each value once). Backwards on every x86-64 processor, with AVX2, SSSE3's byte shuffle (the
 * byte kernel 0.08 ns a split either way with AVX2, AMD EPYC) or SSE2's word shuffles,
 * AVX-512BW processors included (their passes put the partners in order with a word permute);
 * on AArch64 the plain loops read backwards. Not in the portable loops elsewhere, which x86
 * compilers make backwards at an eighth of the speed. The kernels of a way have a suffix: b
 * (AVX2, or AArch64's plain blocks), s (SSSE3), e (SSE2). */
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
#ifdef SG__OCTAL_BACK
#  define SG__OCTAL_BACK_B 1
#  define SG__OCTAL_BACK_S 2
#  define SG__OCTAL_BACK_E 3
int sg__octal_back_way(void)
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
#  define SG__OCTAL_KERNEL(run, K, ...) K(__VA_ARGS__)
#endif

/* The kernels, written once for each width and each way of reading the partner G(m - a) from
 * the copy R, where rb = PB(run, R, m): from the reversed copy, forward in a (suffix 8, 16:
 * rb = R + bcap - 1 - m, rb[a] = G(m - a)), or backwards from the forward copy (R = F, suffix
 * 8b, 16b, ...: rb = F + m, rb[-a] = G(m - a)); D is the direction, rb[D a] the partner of f[a].
 *   block:  1 when some k < SG__OCTAL_BLOCK has f[k] ^ (its partner) == x; branch-free.
 *   blocks: the same for any of SG__OCTAL_GROUP values c[j].
 *   scan:   1 when a split m = a + (m-a), a0 <= a <= min(a1, m/2), has G(a) ^ G(m-a) == x.
 *   group:  of the candidates x[j] whose bit is set in `live`, those no split m = a + (m-a),
 *           a0 <= a <= m/2, gives: one pass for them all, dropping each once found.
 * A block may run past m/2 (the splits are symmetric) but not past m-1; *work counts the pairs
 * looked at. The forward blocks are loops that compilers vectorize; the backward ones are
 * written in AVX2 (below). */
#define SG__OCTAL_KERNELS(S, T, F, R, ATTR, PB, D)                                                 \
    ATTR static int sg__octal_scan##S(const sg__octal_run_t *run, uint64_t m, uint64_t a0,         \
                                      uint64_t a1, T x, uint64_t *work)                            \
    {                                                                                              \
        const T *f = run->F, *rb = PB(run, R, m);                                                  \
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
        const T *f = run->F, *rb = PB(run, R, m);                                                  \
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

#define SG__OCTAL_FWD(run, R, m) ((run)->R + ((run)->bcap - 1 - SG__CAST(size_t, m)))
SG__OCTAL_KERNELS(8, unsigned char, f, r, , SG__OCTAL_FWD, +)
SG__OCTAL_KERNELS(16, uint16_t, f16, r16, , SG__OCTAL_FWD, +)
#ifdef SG__OCTAL_BACK
#define SG__OCTAL_BWD(run, F, m) ((run)->F + SG__CAST(size_t, m))
#endif
#if defined(SG__OCTAL_BACK_X86)
/* The blocks backwards on x86 (octal_back.h): suffix b AVX2, s SSSE3, e SSE2. Their kernels
 * stay out of line, as those of another target than their callers' do anyway, so that each way
 * has symbols of its own (tests/check_cli_memory.sh tells by them that a tool reads backwards);
 * the blocks go inside the kernels: called every 64 pairs, they ran at the mercy of where the
 * linker put them (0.07 to 1e5 values: 0.069 s, 0.080 s once this file moved them 16 bytes;
 * inside, 0.053 s; AMD EPYC, AVX2) */
#  if SG__OCTAL_BLOCK != SG__OCTAL_BACK_PAIRS
#    error "the backward tests read SG__OCTAL_BLOCK pairs"
#  endif
#  define SG__OCTAL_BACK_BLOCKS(S, T, F, ISA)                                                      \
      SG__TARGET(ISA) SG__INLINE int sg__octal_block##S(const T *f, const T *g, T x)               \
      {                                                                                            \
          return sg__octal_hits##S(f, g, &x, 1);                                                   \
      }                                                                                            \
      SG__TARGET(ISA) SG__INLINE int sg__octal_blocks##S(const T *f, const T *g, const T *x)       \
      {                                                                                            \
          return sg__octal_hits##S(f, g, x, SG__OCTAL_GROUP);                                      \
      }                                                                                            \
      SG__OCTAL_KERNELS(S, T, F, F, SG__TARGET(ISA) __attribute__((noinline)), SG__OCTAL_BWD, -)
SG__OCTAL_BACK_BLOCKS(8e, unsigned char, f, "sse2")
SG__OCTAL_BACK_BLOCKS(16e, uint16_t, f16, "sse2")
#  ifdef SG__OCTAL_WAY_S
SG__OCTAL_BACK_BLOCKS(8s, unsigned char, f, "ssse3")
SG__OCTAL_BACK_BLOCKS(16s, uint16_t, f16, "ssse3")
#  endif
#  ifdef SG__OCTAL_WAY_B
SG__OCTAL_BACK_BLOCKS(8b, unsigned char, f, "avx2")
SG__OCTAL_BACK_BLOCKS(16b, uint16_t, f16, "avx2")
#  endif
#  undef SG__OCTAL_BACK_BLOCKS
#elif defined(SG__OCTAL_BACK)
/* The blocks backwards, as plain loops that the compiler makes vector code (take_break.h) */
SG__OCTAL_BLOCKS(8b, unsigned char, -)
SG__OCTAL_BLOCKS(16b, uint16_t, -)
SG__OCTAL_KERNELS(8b, unsigned char, f, f, , SG__OCTAL_BWD, -)
SG__OCTAL_KERNELS(16b, uint16_t, f16, f16, , SG__OCTAL_BWD, -)
#endif

#if SG__CPU_AVX512BW
#  define SG__OCTAL_AVX512 1
#  define SG__OCTAL_PENDING 256  /* values looked for in one pass */

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

/* G(k) from the copies in use */
static sg_value_t sg__octal_at(const sg__octal_run_t *run, uint64_t k)
{
    return run->wide ? run->f16[k] : run->f[k];
}

/* mark[G(a) ^ G(m-a)] = 1 for a0 <= a <= m/2 */
static void sg__octal_mark(const sg_value_t *G, uint64_t m, uint64_t a0, unsigned char *mark)
{
    for (; a0 <= m / 2; a0++) mark[G[a0] ^ G[m - a0]] = 1;
}

/* G(n) on the candidate paths (split_tests.h). Every option is below vb, a power of two above
 * every value so far, so the mex is at most vb. The options of the first `head` splits go into
 * a bitset; then each x = 0, 1, 2, ... not in it is tested alone over `span` more splits (most
 * are found there), and the ones not found yet are tested together, SG__OCTAL_GROUP in one pass
 * over the rest: the least not found is the mex. When the tests cost more than two passes over
 * the splits (a game with many values), the rest of the set is built directly, one mark per
 * split; `direct` goes there at once. */
#if defined(__GNUC__) || defined(__clang__)
/* the candidate tests' loops run from a cache line's start wherever the linker puts this file:
 * placed 48 bytes into a line, the byte kernel ran 15% slower (0.77, 5e4 values, AMD EPYC) */
__attribute__((aligned(64)))
#endif
int sg__octal_value_test(sg__octal_run_t *run, const sg_value_t *G, uint64_t n, int direct,
                         sg_value_t *value)
{
    const sg_octal_t *g = run->game;
    uint64_t *set = run->set, ms[SG_OCTAL_MAX_DIGITS + 1], work = 0, budget = 0, vb = 64, x;
    uint64_t lim = run->wide ? 65536 : 256, head = run->wide ? SG__OCTAL_HEAD16 : SG__OCTAL_HEAD;
    uint64_t span = run->wide ? SG__OCTAL_SHORT : UINT64_MAX, hmax = 0;
    unsigned i, top = n < g->t ? SG__CAST(unsigned, n) : g->t, nm = 0, j;
    while (vb <= run->maxv) vb *= 2;
    memset(set, 0, SG__CAST(size_t, vb) / 8);
    for (i = 0; i <= top; i++) {
        unsigned d = g->d[i];
        if ((d & 1) && n == i) set[0] |= 1;
        if ((d & 2) && n > i) sg__bit_set(set, sg__octal_at(run, n - i));
        if ((d & 4) && n - i >= 2) {
            uint64_t m = n - i, a, h = m / 2;
            ms[nm++] = m;
            budget += h;
            hmax = h > hmax ? h : hmax;
            for (a = 1; a <= h && a <= head; a++)
                sg__bit_set(set, sg__octal_at(run, a) ^ sg__octal_at(run, m - a));
        }
    }
    budget *= 2;
#ifdef SG__OCTAL_AVX512
    if (run->wide && (sg__cpu_features() & SG__CPU_HAS_AVX512BW)) {
        x = sg__octal_value_windows(run, set, ms, nm, head, vb);
        if (x == lim) return 0;
        *value = SG__CAST(sg_value_t, x);
        return 1;
    }
#endif
    if (hmax <= head) span = 0;
    else if (span > hmax - head) span = hmax - head;
    for (x = 0; x < vb;) {
        uint16_t c[SG__OCTAL_GROUP];
        unsigned nc = 0, live;
        int whole = 0;
        /* the next candidates that their tests alone did not find, up to a group */
        for (; x < vb && nc < SG__OCTAL_GROUP && !whole; x++) {
            if (sg__bit(set, x)) continue;
            if (direct || work > budget) goto build;
            for (j = 0; j < nm; j++) {
                if (ms[j] / 2 <= head) continue;
                if (run->wide ? SG__OCTAL_KERNEL(run, sg__octal_scan16, run, ms[j], head + 1,
                                                 head + span, SG__CAST(uint16_t, x), &work)
                              : SG__OCTAL_KERNEL(run, sg__octal_scan8, run, ms[j], head + 1,
                                                 head + span, SG__CAST(unsigned char, x), &work))
                    break;
            }
            if (j < nm) continue;
            whole = head + span >= hmax;   /* absent: the mex, unless one before is absent */
            c[nc++] = SG__CAST(uint16_t, x);
        }
        if (nc == 0) break;
        for (live = (1u << nc) - 1; nc < SG__OCTAL_GROUP; nc++) c[nc] = c[0];
        for (j = 0; j < nm && live != 0 && !whole; j++) {
            if (ms[j] / 2 <= head + span) continue;
            if (run->wide) {
                live = SG__OCTAL_KERNEL(run, sg__octal_group16, run, ms[j], head + span + 1, c,
                                        live, &work);
            } else {
                unsigned char c8[SG__OCTAL_GROUP];
                for (i = 0; i < SG__OCTAL_GROUP; i++) c8[i] = SG__CAST(unsigned char, c[i]);
                live = SG__OCTAL_KERNEL(run, sg__octal_group8, run, ms[j], head + span + 1, c8,
                                        live, &work);
            }
        }
        if (live != 0) {
            *value = c[sg__ctz64(live)];
            return 1;
        }
    }
    if (vb == lim) return 0;   /* every value below vb is an option */
    *value = SG__CAST(sg_value_t, vb);
    return 1;
build:
    {
        /* one mark per split, from the 32-bit values: loads of one or two bytes, or a block
         * computed first and then stored, ran at half the speed here (an owner that keeps no
         * 32-bit values, G NULL, has only the copies) */
        unsigned char *mark = run->seen;
        memset(mark, 0, SG__CAST(size_t, vb));
        for (j = 0; j < nm; j++)
#if SG__LONGRUN
            if (G == NULL) sg__octal_mark_copies(run, ms[j], head + 1, mark);
            else
#endif
                sg__octal_mark(G, ms[j], head + 1, mark);
        for (x = 0; x < vb && (sg__bit(set, x) || mark[x]); x++)
            ;
        if (x == lim) return 0;
        *value = SG__CAST(sg_value_t, x);
        return 2;
    }
}

