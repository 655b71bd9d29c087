/*
 * For SG_SIMD_EMULATE builds only (lib/common/cpu.h): the vector intrinsics through SIMDe's
 * portable implementations, plus the few names SIMDe 0.7 (Debian 12) lacks or gets wrong, each
 * written out from its definition in Intel's intrinsics guide, one lane at a time. (SIMDe 0.7.4's
 * testz answers 1 when any 64-bit lane of a & b is zero, not all of them.)
 */
#ifndef SG_SIMD_EMULATE_H
#define SG_SIMD_EMULATE_H

#if defined(__has_include)
#  if !__has_include(<simde/x86/avx512.h>)
#    error "SG_SIMD_EMULATE needs SIMDe's headers (Debian: apt-get install libsimde-dev)"
#  endif
#endif
#define SIMDE_ENABLE_NATIVE_ALIASES
#include <simde/x86/avx512.h>

/* vectors passed by value between functions of one test build: its ABI is its own */
#pragma GCC diagnostic ignored "-Wpsabi"

typedef simde__mmask16 __mmask16;
typedef simde__mmask32 __mmask32;
typedef simde__mmask64 __mmask64;

static inline __mmask32 sg__emu_cmpeq_epi16_mask(__m512i a, __m512i b)
{
    simde__m512i_private x = simde__m512i_to_private(a), y = simde__m512i_to_private(b);
    __mmask32 m = 0;
    for (unsigned i = 0; i < 32; i++) m |= (__mmask32)(x.u16[i] == y.u16[i]) << i;
    return m;
}

static inline __mmask32 sg__emu_cmplt_epu16_mask(__m512i a, __m512i b)
{
    simde__m512i_private x = simde__m512i_to_private(a), y = simde__m512i_to_private(b);
    __mmask32 m = 0;
    for (unsigned i = 0; i < 32; i++) m |= (__mmask32)(x.u16[i] < y.u16[i]) << i;
    return m;
}

static inline __mmask64 sg__emu_testn_epi8_mask(__m512i a, __m512i b)
{
    simde__m512i_private x = simde__m512i_to_private(a), y = simde__m512i_to_private(b);
    __mmask64 m = 0;
    for (unsigned i = 0; i < 64; i++) m |= (__mmask64)((x.u8[i] & y.u8[i]) == 0) << i;
    return m;
}

static inline __m512i sg__emu_cvtepu8_epi16(__m256i a)
{
    simde__m256i_private x = simde__m256i_to_private(a);
    simde__m512i_private r;
    for (unsigned i = 0; i < 32; i++) r.u16[i] = x.u8[i];
    return simde__m512i_from_private(r);
}

static inline int sg__emu_testz_si256(__m256i a, __m256i b)
{
    simde__m256i_private x = simde__m256i_to_private(a), y = simde__m256i_to_private(b);
    uint64_t r = 0;
    for (unsigned i = 0; i < 4; i++) r |= x.u64[i] & y.u64[i];
    return r == 0;
}

#undef _mm256_testz_si256
#define _mm256_testz_si256 sg__emu_testz_si256
#define _mm512_cmpeq_epi16_mask sg__emu_cmpeq_epi16_mask
#define _mm512_cmplt_epu16_mask sg__emu_cmplt_epu16_mask
#define _mm512_testn_epi8_mask sg__emu_testn_epi8_mask
#define _mm512_cvtepu8_epi16 sg__emu_cvtepu8_epi16

#endif /* SG_SIMD_EMULATE_H */
