/* Private to the longrun level: what every file a long run writes shares (checkpoint_io.c).
 * A file is written whole to a fresh file beside its path and renamed over it (POSIX: mkstemp,
 * then fsync of the file and of its directory; elsewhere PATH.tmp and no sync), and ends with
 * a 64-bit checksum of every byte before it, checked before anything in it is trusted. */
#ifndef SG_CHECKPOINT_IO_H
#define SG_CHECKPOINT_IO_H

#include "../common/sg_internal.h"

#include <stdio.h>

/* ---- the checksum: sg__ck_hash over the bytes in any pieces, then sg__ck_hash_end -------- */

typedef struct {
    uint64_t h, len;
    unsigned char buf[8];
    unsigned nbuf;
} sg__ck_hash_t;

SG__PRIVATE void sg__ck_hash_init(sg__ck_hash_t *s);
SG__PRIVATE void sg__ck_hash(sg__ck_hash_t *s, const void *data, size_t size);
SG__PRIVATE uint64_t sg__ck_hash_end(const sg__ck_hash_t *s);

/* Numbers in the machine's byte order (a file's byte-order mark tells another apart). */
SG__INLINE void sg__ck_put32(unsigned char *p, uint32_t x) { memcpy(p, &x, 4); }
SG__INLINE void sg__ck_put64(unsigned char *p, uint64_t x) { memcpy(p, &x, 8); }
SG__INLINE uint32_t sg__ck_get32(const unsigned char *p)
{
    uint32_t x;
    memcpy(&x, p, 4);
    return x;
}
SG__INLINE uint64_t sg__ck_get64(const unsigned char *p)
{
    uint64_t x;
    memcpy(&x, p, 8);
    return x;
}

/* ---- saving: open, write (sg__ck_put also hashes), then finish (the file becomes PATH,
 * durably) or abandon (it is removed); free(o.tmp) after either ----------------------------- */

typedef struct {
    int fd;       /* POSIX */
    FILE *f;      /* elsewhere */
    char *tmp;    /* the fresh file's name: PATH and a suffix */
} sg__ck_out_t;

SG__PRIVATE int sg__ck_open(sg__ck_out_t *o, const char *path);
SG__PRIVATE int sg__ck_write(sg__ck_out_t *o, const void *data, size_t size);
SG__PRIVATE int sg__ck_put(sg__ck_out_t *o, sg__ck_hash_t *h, const void *data, size_t size);
SG__PRIVATE int sg__ck_finish(sg__ck_out_t *o, const char *path);
SG__PRIVATE void sg__ck_abandon(sg__ck_out_t *o);

/* ---- loading ---------------------------------------------------------------------------- */

/* The length of the file open as f, or UINT64_MAX when it has none (a pipe, not a regular
 * file). */
SG__PRIVATE uint64_t sg__ck_length(FILE *f);

#endif
