/*
 * A damaged file from a fuzz input, for the targets that load a saved file (fuzz_store_load.c,
 * fuzz_quotient_load.c): the file is the input itself after a first byte 0xff, or else a good
 * file (the seed) with up to three edits of three bytes each, its checksum made right again
 * when the input asks, so that the loader's own checks, not only the checksum, are tried.
 */
#ifndef SG_FUZZ_FILE_H
#define SG_FUZZ_FILE_H

#include "fuzz.h"
#include "../checkpoint.h"

typedef struct {
    unsigned char *bytes;   /* malloc'd; the caller frees it */
    size_t len;
    int changed;            /* differs from the seed (always, for a file given whole) */
    int resealed;           /* edited, then given a correct checksum */
    int whole;              /* the input was the file */
} fuzz_file_t;

static inline void fuzz_file_make(fuzz_file_t *f, fuzz_in_t *in, const uint8_t *data,
                                  size_t size, const unsigned char *seed, size_t seed_len)
{
    size_t i;
    unsigned edits;
    memset(f, 0, sizeof *f);
    if (size > 0 && data[0] == 0xff) {
        f->bytes = (unsigned char *)malloc(size);
        if (f->bytes == NULL) abort();
        memcpy(f->bytes, data + 1, size - 1);
        f->len = size - 1;
        f->changed = f->whole = 1;
        return;
    }
    edits = fuzz_u8(in) % 4;
    f->bytes = (unsigned char *)malloc(seed_len);
    if (f->bytes == NULL) abort();
    memcpy(f->bytes, seed, seed_len);
    f->len = seed_len;
    f->resealed = fuzz_u8(in) & 1;
    for (i = 0; i < edits; i++) {
        size_t at = (size_t)fuzz_bytes(in, 2) % f->len, k;
        for (k = 0; k < 3 && at + k < f->len; k++) f->bytes[at + k] = fuzz_u8(in);
    }
    if (f->resealed && f->len >= 8) ckpt_reseal(f->bytes, f->len);
    /* from the result alone: a later edit may put back what an earlier one changed */
    f->changed = memcmp(f->bytes, seed, f->len) != 0;
}

#endif
