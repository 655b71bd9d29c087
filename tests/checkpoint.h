/* Checkpoint files of sg_sequence_* (format version 2) written here from the format's
 * description in lib/longrun/checkpoint.c, not through the library, so that tests can make the
 * files the library should and should not accept: the header, the game's code, the engine
 * state, the values at a chosen width, and the checksum (recomputed, or left wrong on purpose);
 * and where the tests put the files they write.
 *   "libsgSEQ" | u32 0x01020304 | u32 version | u32 width | u32 L | u32 S | u32 0 | u64 count |
 *   code (L) | state (S) | values (count * width) | u64 checksum of all before it
 * The checksum: h = 0xff51afd7ed558ccd; for each 8-byte word w (the last zero-padded), then for
 * the length in bytes: h = rotl(h ^ (w * K1), 29) * K2; then h ^= h >> 32, h *= K3,
 * h ^= h >> 29, h *= K1, h ^= h >> 32 (K1 = 0x9e3779b97f4a7c15, K2 = 0xd6e8feb86659fd93,
 * K3 = 0xff51afd7ed558ccd). */
#ifndef TEST_CHECKPOINT_H
#define TEST_CHECKPOINT_H

#include <sg.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* scratch files go beside the test programs: $BUILD/tests (tests/check.sh exports BUILD) */
static inline const char *ckpt_path(char *buf, size_t size, const char *name)
{
    const char *build = getenv("BUILD");
    snprintf(buf, size, "%s/tests/%s", build && *build ? build : "build", name);
    return buf;
}

static inline uint64_t ckpt_step(uint64_t h, uint64_t w)
{
    h ^= w * 0x9e3779b97f4a7c15u;
    h = (h << 29) | (h >> 35);
    return h * 0xd6e8feb86659fd93u;
}

/* the checksum of data[0 .. size) */
static inline uint64_t ckpt_hash(const unsigned char *data, size_t size)
{
    uint64_t h = 0xff51afd7ed558ccdu, w;
    size_t i;
    for (i = 0; i + 8 <= size; i += 8) {
        memcpy(&w, data + i, 8);
        h = ckpt_step(h, w);
    }
    if (i < size) {
        w = 0;
        memcpy(&w, data + i, size - i);
        h = ckpt_step(h, w);
    }
    h = ckpt_step(h, (uint64_t)size);
    h ^= h >> 32;
    h *= 0xff51afd7ed558ccdu;
    h ^= h >> 29;
    h *= 0x9e3779b97f4a7c15u;
    return h ^ (h >> 32);
}

/* A checkpoint image in a malloc'd buffer (*size bytes): values stored at `width` bytes each,
 * the checksum right. NULL when out of memory. */
static inline unsigned char *ckpt_image(const char *code, uint32_t version, uint32_t width,
                                        const void *state, uint32_t S,
                                        const sg_value_t *values, uint64_t count, size_t *size)
{
    uint32_t bom = 0x01020304u, L = (uint32_t)strlen(code), zero = 0;
    size_t at = 40, n = 40 + L + S + (size_t)count * width + 8, i;
    unsigned char *p = (unsigned char *)malloc(n);
    uint64_t h;
    if (p == NULL) return NULL;
    memcpy(p, "libsgSEQ", 8);
    memcpy(p + 8, &bom, 4);
    memcpy(p + 12, &version, 4);
    memcpy(p + 16, &width, 4);
    memcpy(p + 20, &L, 4);
    memcpy(p + 24, &S, 4);
    memcpy(p + 28, &zero, 4);
    memcpy(p + 32, &count, 8);
    memcpy(p + at, code, L);
    at += L;
    if (S > 0) memcpy(p + at, state, S);
    at += S;
    for (i = 0; i < count; i++, at += width) {
        unsigned char b = (unsigned char)values[i];
        uint16_t w2 = (uint16_t)values[i];
        if (width == 1) p[at] = b;
        else if (width == 2) memcpy(p + at, &w2, 2);
        else memcpy(p + at, &values[i], 4);
    }
    h = ckpt_hash(p, at);
    memcpy(p + at, &h, 8);
    *size = n;
    return p;
}

/* the checksum of an image made right again after an edit */
static inline void ckpt_reseal(unsigned char *p, size_t size)
{
    uint64_t h = ckpt_hash(p, size - 8);
    memcpy(p + size - 8, &h, 8);
}

static inline int ckpt_put(const char *path, const unsigned char *p, size_t size)
{
    FILE *f = fopen(path, "wb");
    int ok = f != NULL && fwrite(p, 1, size, f) == size;
    if (f != NULL && fclose(f) != 0) ok = 0;
    return ok;
}

/* write a checkpoint image to path: 1 when written */
static inline int ckpt_write(const char *path, const char *code, uint32_t width,
                             const void *state, uint32_t S, const sg_value_t *values,
                             uint64_t count)
{
    size_t size;
    unsigned char *p = ckpt_image(code, 2, width, state, S, values, count, &size);
    int ok = p != NULL && ckpt_put(path, p, size);
    free(p);
    return ok;
}

/* the whole file at path, malloc'd (*size bytes); NULL when it cannot be read */
static inline unsigned char *ckpt_get(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    unsigned char *p = NULL;
    long end;
    *size = 0;
    if (f == NULL) return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (end = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (p = (unsigned char *)malloc((size_t)end + 1)) != NULL &&
        fread(p, 1, (size_t)end, f) == (size_t)end)
        *size = (size_t)end;
    else {
        free(p);
        p = NULL;
    }
    fclose(f);
    return p;
}

#endif /* TEST_CHECKPOINT_H */
