#include "sg_internal.h"

/* The mex of k values is at most k, so only values <= k matter. Up to 63 values fit one word:
 * branch-free marking, then the first zero bit. Beyond that a window of SG__MEX_WINDOW bits on
 * the stack is slid upwards until it holds a zero bit; the answer is <= count, so at most
 * count / SG__MEX_WINDOW + 1 passes are made, and nothing is allocated. */
#define SG__MEX_WORDS 64
#define SG__MEX_WINDOW (SG__MEX_WORDS * 64)

static sg_value_t sg__mex_word(const sg_value_t *values, size_t count)
{
    uint64_t a = 0, b = 0;
    size_t i = 0;
    for (; i + 2 <= count; i += 2) {
        sg_value_t v0 = values[i], v1 = values[i + 1];
        a |= (uint64_t)(v0 < 64) << (v0 & 63);
        b |= (uint64_t)(v1 < 64) << (v1 & 63);
    }
    if (i < count) a |= (uint64_t)(values[i] < 64) << (values[i] & 63);
    return (sg_value_t)sg__ctz64(~(a | b));
}

sg_value_t sg_mex(const sg_value_t *values, size_t count)
{
    uint64_t bits[SG__MEX_WORDS];
    size_t base, words, i, w;

    if (values == NULL || count == 0) return 0;
    if (count < 64) return sg__mex_word(values, count);
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
