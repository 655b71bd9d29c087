/*
 * The one point where libsg decides which instruction sets it uses (after CRoaring's
 * isadetection and zstd's common/cpu.h): gate macros say what may be compiled in, and
 * sg__cpu_features() says which of those this processor has, each time it is asked.
 *
 * Build switches: SG_NO_SIMD turns every vector path off; SG_NO_SSE2, SG_NO_SSSE3, SG_NO_AVX2
 * and SG_NO_AVX512 turn one instruction set off each (the portable paths then run instead).
 *
 * SG_SIMD_EMULATE is for tests: the vector paths are compiled through SIMDe's portable
 * implementations of the same intrinsics (simde/x86/avx512.h), no function gets a target
 * attribute, and every instruction set counts as present (VBMI too, unless SG_SIMD_EMULATE=2),
 * so the AVX-512 paths run, and are checked, on a processor without AVX-512 (`make
 * check-avx512`). Never a build for use: it is slow.
 */
#ifndef SG_CPU_H
#define SG_CPU_H

#include "sg_internal.h"

/* SSSE3, AVX2 and AVX-512BW are compiled into functions of their own (__attribute__((target)))
 * and run only where the processor has them: x86-64 with GCC or Clang. */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__) && !defined(SG_NO_SIMD)
#  define SG__CPU_X86_64 1
#else
#  define SG__CPU_X86_64 0
#endif

/* SSE2 is used where the compiler may emit it anyway (x86-64 always, x86 with -msse2): no run-time
 * test is needed. */
#if defined(__SSE2__) && !defined(SG_NO_SIMD) && !defined(SG_NO_SSE2)
#  define SG__CPU_SSE2 1
#  ifndef SG_SIMD_EMULATE
#    include <emmintrin.h>
#  endif
#else
#  define SG__CPU_SSE2 0
#endif

/* SSSE3 for its byte shuffle (pshufb), which SSE2 lacks */
#if SG__CPU_X86_64 && SG__CPU_SSE2 && !defined(SG_NO_SSSE3)
#  define SG__CPU_SSSE3 1
#  ifndef SG_SIMD_EMULATE
#    include <tmmintrin.h>
#  endif
#else
#  define SG__CPU_SSSE3 0
#endif

#if SG__CPU_X86_64 && !defined(SG_NO_AVX2)
#  define SG__CPU_AVX2 1
#else
#  define SG__CPU_AVX2 0
#endif

#if SG__CPU_X86_64 && !defined(SG_NO_AVX512)
#  define SG__CPU_AVX512BW 1
#else
#  define SG__CPU_AVX512BW 0
#endif

/* SG__TARGET(isa): a function compiled for one instruction set, called only where
 * sg__cpu_features() has it */
#ifdef SG_SIMD_EMULATE
#  include "simd_emulate.h"
#  define SG__TARGET(isa)
#elif SG__CPU_X86_64
#  if SG__CPU_AVX2 || SG__CPU_AVX512BW
#    include <immintrin.h>
#  endif
#  define SG__TARGET(isa) __attribute__((target(isa)))
#endif

/* the bits of sg__cpu_features() */
#define SG__CPU_HAS_SSE2 1u
#define SG__CPU_HAS_AVX2 2u
#define SG__CPU_HAS_AVX512BW 4u
#define SG__CPU_HAS_AVX512VBMI 8u   /* byte permutes (vpermt2b), compiled in with AVX-512BW */
#define SG__CPU_HAS_SSSE3 16u

/* The instruction sets compiled in that this processor has (SG__CPU_HAS_* bits). A pure query,
 * inline: on GCC/Clang it reads the processor model the compiler's runtime fills in at start-up
 * (one load), cheap enough for sg_mex to ask on every call, where a function call would cost as
 * much as the mex of a few values. */
SG__INLINE unsigned sg__cpu_features(void)
{
    unsigned f = 0;
#ifdef SG_SIMD_EMULATE   /* =2: a processor with AVX-512BW and without VBMI (Skylake-X) */
    return SG__CPU_HAS_SSE2 | SG__CPU_HAS_SSSE3 | SG__CPU_HAS_AVX2 | SG__CPU_HAS_AVX512BW |
           (SG_SIMD_EMULATE == 2 ? 0 : SG__CPU_HAS_AVX512VBMI);
#endif
#if SG__CPU_SSE2
    f |= SG__CPU_HAS_SSE2;
#endif
#if SG__CPU_SSSE3
    if (__builtin_cpu_supports("ssse3")) f |= SG__CPU_HAS_SSSE3;
#endif
#if SG__CPU_AVX2
    if (__builtin_cpu_supports("avx2")) f |= SG__CPU_HAS_AVX2;
#endif
#if SG__CPU_AVX512BW
    if (__builtin_cpu_supports("avx512bw")) f |= SG__CPU_HAS_AVX512BW;
    if (__builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vbmi"))
        f |= SG__CPU_HAS_AVX512VBMI;
#endif
    return f;
}

#endif /* SG_CPU_H */
