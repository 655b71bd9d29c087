/*
 * Shared pieces of the libFuzzer targets (tests/fuzz/fuzz_*.c, built by `make fuzz`): a reader
 * that turns the fuzz input into numbers (reading past the end gives zeros, so every input is
 * valid), and a check that stops the run with a message when a comparison fails.
 */
#ifndef SG_FUZZ_H
#define SG_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const uint8_t *data;
    size_t size, pos;
} fuzz_in_t;

static inline void fuzz_in_init(fuzz_in_t *in, const uint8_t *data, size_t size)
{
    in->data = data;
    in->size = size;
    in->pos = 0;
}

static inline int fuzz_in_left(const fuzz_in_t *in) { return in->pos < in->size; }

static inline uint8_t fuzz_u8(fuzz_in_t *in)
{
    return in->pos < in->size ? in->data[in->pos++] : 0;
}

/* n little-endian bytes, n <= 8 */
static inline uint64_t fuzz_bytes(fuzz_in_t *in, unsigned n)
{
    uint64_t v = 0;
    unsigned i;
    for (i = 0; i < n; i++) v |= (uint64_t)fuzz_u8(in) << (8 * i);
    return v;
}

/* a number biased towards small ones: one byte says how many more bytes follow */
static inline uint64_t fuzz_num(fuzz_in_t *in)
{
    uint8_t b = fuzz_u8(in);
    if (b < 0xc0) return b;
    return fuzz_bytes(in, (unsigned)(b & 7) + 1);
}

#define FUZZ_CHECK(cond)                                                                       \
    do {                                                                                       \
        if (!(cond)) {                                                                         \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);           \
            abort();                                                                           \
        }                                                                                      \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
