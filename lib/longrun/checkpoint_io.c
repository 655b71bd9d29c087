/* the library's own build compiles this file alone: POSIX.1-2008 for mkstemp, fsync and fstat
 * (in the single header, they are used when the program asked for them before including it) */
#if !defined(SG_SINGLE_IMPLEMENTED_) && !defined(_POSIX_C_SOURCE) && !defined(_WIN32)
#  define _POSIX_C_SOURCE 200809L
#endif
#include "../common/sg_internal.h"
#include "checkpoint_io.h"

#include <stdio.h>
#include <stdlib.h>

/* The safe, checksummed files of long runs (checkpoint_io.h): the sequences' checkpoints
 * (checkpoint.c) and the stores of structured positions (store_file.c). */

#if defined(_POSIX_C_SOURCE) && _POSIX_C_SOURCE >= 200809L
#  define SG__CK_POSIX 1
#  include <errno.h>
#  include <fcntl.h>
#  include <sys/stat.h>
#  include <unistd.h>
#else
#  define SG__CK_POSIX 0
#endif


/* ---- the checksum: 8-byte words, each multiplied in, rotated and multiplied again (a chain
 * with a full 64-bit multiply per word), then the length and a final mix of the high bits into
 * the low ones. A byte changed anywhere changes the result; it guards against damage, not
 * against anyone who means harm. */

#define SG__CK_K1 0x9e3779b97f4a7c15u   /* 2^64 / golden ratio, odd */
#define SG__CK_K2 0xd6e8feb86659fd93u   /* odd, bits well spread */
#define SG__CK_K3 0xff51afd7ed558ccdu


static uint64_t sg__ck_mix(uint64_t h, uint64_t w)
{
    h ^= w * SG__CK_K1;
    h = (h << 29) | (h >> 35);
    return h * SG__CK_K2;
}

void sg__ck_hash_init(sg__ck_hash_t *s)
{
    memset(s, 0, sizeof *s);
    s->h = SG__CK_K3;
}

void sg__ck_hash(sg__ck_hash_t *s, const void *data, size_t size)
{
    const unsigned char *p = (const unsigned char *)data;
    uint64_t w, h = s->h;
    s->len += size;
    if (s->nbuf > 0) {
        size_t k = 8 - s->nbuf < size ? 8 - s->nbuf : size;
        memcpy(s->buf + s->nbuf, p, k);
        s->nbuf += (unsigned)k;
        p += k;
        size -= k;
        if (s->nbuf < 8) return;
        memcpy(&w, s->buf, 8);
        h = sg__ck_mix(h, w);
        s->nbuf = 0;
    }
    for (; size >= 8; p += 8, size -= 8) {
        memcpy(&w, p, 8);
        h = sg__ck_mix(h, w);
    }
    memcpy(s->buf, p, size);
    s->nbuf = (unsigned)size;
    s->h = h;
}

uint64_t sg__ck_hash_end(const sg__ck_hash_t *s)
{
    uint64_t w = 0, h = s->h;
    if (s->nbuf > 0) {
        memcpy(&w, s->buf, s->nbuf);   /* zero-padded: the length tells the padding apart */
        h = sg__ck_mix(h, w);
    }
    h = sg__ck_mix(h, s->len);
    h ^= h >> 32;
    h *= SG__CK_K3;
    h ^= h >> 29;
    h *= SG__CK_K1;
    return h ^ (h >> 32);
}

/* ---- saving ------------------------------------------------------------------------------ */

#if SG__CK_POSIX
int sg__ck_open(sg__ck_out_t *o, const char *path)
{
    size_t len = strlen(path);
    o->fd = -1;
    if (len > SIZE_MAX - 8 || (o->tmp = (char *)malloc(len + 8)) == NULL) return SG_ENOMEM;
    memcpy(o->tmp, path, len);
    memcpy(o->tmp + len, ".XXXXXX", 8);
    /* a new file (O_CREAT | O_EXCL) of a name drawn at random: a link there is never followed */
    if ((o->fd = mkstemp(o->tmp)) < 0) return SG_EIO;
    return SG_OK;
}

int sg__ck_write(sg__ck_out_t *o, const void *data, size_t size)
{
    const unsigned char *p = (const unsigned char *)data;
    while (size > 0) {
        size_t k = size < ((size_t)1 << 30) ? size : (size_t)1 << 30;
        ssize_t w = write(o->fd, p, k);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return SG_EIO;
        p += w;
        size -= (size_t)w;
    }
    return SG_OK;
}

/* the directory that holds path: its entry for the renamed file is made durable too */
static void sg__ck_sync_dir(const char *path)
{
    const char *slash = strrchr(path, '/');
    size_t len = slash == NULL ? 1 : slash == path ? 1 : (size_t)(slash - path);
    char *dir = (char *)malloc(len + 1);
    int fd;
    if (dir == NULL) return;   /* the file is whole; only its name may wait for the system */
    if (slash == NULL) memcpy(dir, ".", 2);
    else {
        memcpy(dir, path, len);
        dir[len] = '\0';
    }
    if ((fd = open(dir, O_RDONLY)) >= 0) {
        (void)fsync(fd);   /* some file systems refuse to sync a directory: nothing to do */
        close(fd);
    }
    free(dir);
}

int sg__ck_finish(sg__ck_out_t *o, const char *path)
{
    int ok = fsync(o->fd) == 0;
    if (close(o->fd) != 0) ok = 0;
    o->fd = -1;
    if (ok) ok = rename(o->tmp, path) == 0;
    if (!ok) return SG_EIO;
    sg__ck_sync_dir(path);
    return SG_OK;
}

void sg__ck_abandon(sg__ck_out_t *o)
{
    if (o->fd >= 0) {
        close(o->fd);
        unlink(o->tmp);
    }
}
#else
int sg__ck_open(sg__ck_out_t *o, const char *path)
{
    size_t len = strlen(path);
    o->f = NULL;
    if (len > SIZE_MAX - 5 || (o->tmp = (char *)malloc(len + 5)) == NULL) return SG_ENOMEM;
    memcpy(o->tmp, path, len);
    memcpy(o->tmp + len, ".tmp", 5);
    /* "x": a new file only (C11; where it is not known, a plain create) */
    if ((o->f = fopen(o->tmp, "wbx")) == NULL) return SG_EIO;
    return SG_OK;
}

int sg__ck_write(sg__ck_out_t *o, const void *data, size_t size)
{
    return fwrite(data, 1, size, o->f) == size ? SG_OK : SG_EIO;
}

int sg__ck_finish(sg__ck_out_t *o, const char *path)
{
    int ok = fflush(o->f) == 0;
    if (fclose(o->f) != 0) ok = 0;
    o->f = NULL;
    if (ok) ok = rename(o->tmp, path) == 0;
    return ok ? SG_OK : SG_EIO;
}

void sg__ck_abandon(sg__ck_out_t *o)
{
    if (o->f != NULL) {
        fclose(o->f);
        remove(o->tmp);
    }
}
#endif

int sg__ck_put(sg__ck_out_t *o, sg__ck_hash_t *h, const void *data, size_t size)
{
    sg__ck_hash(h, data, size);
    return sg__ck_write(o, data, size);
}

/* ---- loading ----------------------------------------------------------------------------- */

uint64_t sg__ck_length(FILE *f)
{
#if SG__CK_POSIX
    struct stat info;
    if (fstat(fileno(f), &info) != 0 || !S_ISREG(info.st_mode) || info.st_size < 0)
        return UINT64_MAX;
    return (uint64_t)info.st_size;
#else
    long end;
    if (fseek(f, 0, SEEK_END) != 0 || (end = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0)
        return UINT64_MAX;
    return (uint64_t)end;
#endif
}

