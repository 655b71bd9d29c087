#include "sg_internal.h"

#include <stdio.h>
#include <stdlib.h>

/* Long runs: the values in one byte each until one reaches 256, then in two until one reaches
 * 65536, then in four. The engine reads them where they are (sg__gg_attach after every move).
 * A checkpoint file is a 32-byte header, then the values as they are in memory:
 *   "libsgSEQ" | u32 byte-order mark 0x01020304 | u32 version 1 | u32 game | u32 width |
 *   u64 count                                                                                 */

#define SG__SEQ_MAGIC "libsgSEQ"
#define SG__SEQ_BOM 0x01020304u
#define SG__SEQ_VERSION 1u
#define SG__SEQ_PROGRESS ((uint64_t)1 << 14)

struct sg_sequence {
    int game;
    unsigned width;          /* 1, 2 or 4: which of g8, g16, g32 holds the values */
    unsigned char *g8;
    uint16_t *g16;
    sg_value_t *g32;
    uint64_t count, cap;     /* values held, values room */
    sg__gg_t *engine;
};

int sg_sequence_create(sg_sequence_t **seq, int game)
{
    sg_sequence_t *s;
    int st;
    if (seq == NULL) return SG_EINVAL;
    *seq = NULL;
    if (game != SG_SEQUENCE_GRUNDY_GAME) return SG_EINVAL;
    s = (sg_sequence_t *)calloc(1, sizeof *s);
    if (s == NULL) return SG_ENOMEM;
    s->game = game;
    s->width = 1;
    if ((st = sg__gg_create(&s->engine)) != SG_OK) {
        free(s);
        return st;
    }
    *seq = s;
    return SG_OK;
}

void sg_sequence_free(sg_sequence_t *seq)
{
    if (seq == NULL) return;
    sg__gg_free(seq->engine);
    free(seq->g8);
    free(seq->g16);
    free(seq->g32);
    free(seq);
}

uint64_t sg_sequence_count(const sg_sequence_t *seq) { return seq ? seq->count : 0; }

unsigned sg_sequence_width(const sg_sequence_t *seq) { return seq ? seq->width : 0; }

static void *sg__seq_data(const sg_sequence_t *s)
{
    return s->width == 1 ? (void *)s->g8 : s->width == 2 ? (void *)s->g16 : (void *)s->g32;
}

static void sg__seq_attach(sg_sequence_t *s)
{
    sg__gg_attach(s->engine, s->width == 1 ? s->g8 : NULL, s->width == 2 ? s->g16 : NULL,
                  s->width == 4 ? s->g32 : NULL);
}

/* Room for `need` values (geometric growth). */
static int sg__seq_reserve(sg_sequence_t *s, uint64_t need)
{
    uint64_t cap = s->cap <= UINT64_MAX / 2 ? 2 * s->cap : UINT64_MAX;
    void *p;
    if (need <= s->cap) return SG_OK;
    if (cap < need) cap = need;   /* a long run asks once: exactly what it needs */
    if (cap > SIZE_MAX / s->width) return SG_ENOMEM;
    p = realloc(sg__seq_data(s), (size_t)cap * s->width);
    if (p == NULL) {
        /* not the doubling: exactly what is needed (if that is less) */
        if (cap == need) return SG_ENOMEM;
        cap = need;
        if (cap > SIZE_MAX / s->width) return SG_ENOMEM;
        p = realloc(sg__seq_data(s), (size_t)cap * s->width);
        if (p == NULL) return SG_ENOMEM;
    }
    if (s->width == 1) s->g8 = (unsigned char *)p;
    else if (s->width == 2) s->g16 = (uint16_t *)p;
    else s->g32 = (sg_value_t *)p;
    s->cap = cap;
    sg__seq_attach(s);
    return SG_OK;
}

static sg_value_t sg__seq_at(const sg_sequence_t *s, uint64_t i)
{
    return s->width == 1 ? s->g8[i] : s->width == 2 ? s->g16[i] : s->g32[i];
}

/* Two bytes per value (width 2), or four (width 4), from now on. */
static int sg__seq_widen(sg_sequence_t *s, unsigned width)
{
    size_t room = (size_t)(s->cap ? s->cap : 1);
    uint64_t i;
    void *w;
    if (room > SIZE_MAX / width) return SG_ENOMEM;
    /* give back the unused room first: the peak is the new block plus the values, not plus the
     * old block's room (2^30 values widening at n = 7250049: 2 GiB, not 3) */
    if (s->count > 0 && s->count < s->cap) {
        void *q = realloc(sg__seq_data(s), (size_t)s->count * s->width);
        if (q != NULL) {
            if (s->width == 1) s->g8 = (unsigned char *)q;
            else s->g16 = (uint16_t *)q;   /* width 2: widening to 4 */
            s->cap = s->count;
            sg__seq_attach(s);
        }
    }
    if ((w = malloc(room * width)) == NULL) return SG_ENOMEM;
    s->cap = room;
    for (i = 0; i < s->count; i++) {
        if (width == 2) ((uint16_t *)w)[i] = (uint16_t)sg__seq_at(s, i);
        else ((sg_value_t *)w)[i] = sg__seq_at(s, i);
    }
    free(sg__seq_data(s));
    s->g8 = NULL;
    s->g16 = NULL;
    s->g32 = NULL;
    if (width == 2) s->g16 = (uint16_t *)w;
    else s->g32 = (sg_value_t *)w;
    s->width = width;
    sg__seq_attach(s);
    return SG_OK;
}

int sg_sequence_extend(sg_sequence_t *seq, uint64_t count, sg_progress_fn progress, void *user)
{
    uint64_t n, start;
    int st = SG_OK;
    if (seq == NULL) return SG_EINVAL;
    if (count <= seq->count) return SG_OK;
    start = seq->count;
    if ((st = sg__seq_reserve(seq, count)) != SG_OK) return st;
    for (n = seq->count; n < count; n++) {
        sg_value_t v;
        if (progress != NULL && n % SG__SEQ_PROGRESS == 0 && n > start &&
            progress(user, n, count)) {
            st = SG_ESTOP;
            break;
        }
        if ((st = sg__gg_next(seq->engine, n, &v)) != SG_OK) break;
        if (v > 255 && seq->width == 1 && (st = sg__seq_widen(seq, 2)) != SG_OK) break;
        if (v > 65535 && seq->width == 2 && (st = sg__seq_widen(seq, 4)) != SG_OK) break;
        if (seq->width == 1) seq->g8[n] = (unsigned char)v;
        else if (seq->width == 2) seq->g16[n] = (uint16_t)v;
        else seq->g32[n] = v;
        seq->count = n + 1;
    }
    if (st == SG_OK && progress != NULL && progress(user, seq->count, count)) st = SG_ESTOP;
    return st;
}

int sg_sequence_read(const sg_sequence_t *seq, uint64_t from, sg_value_t *out, uint64_t count)
{
    uint64_t i;
    if (seq == NULL || (out == NULL && count != 0)) return SG_EINVAL;
    if (from > seq->count || count > seq->count - from) return SG_ERANGE;
    for (i = 0; i < count; i++) out[i] = sg__seq_at(seq, from + i);
    return SG_OK;
}

static void sg__seq_put32(unsigned char *p, uint32_t x) { memcpy(p, &x, 4); }
static void sg__seq_put64(unsigned char *p, uint64_t x) { memcpy(p, &x, 8); }
static uint32_t sg__seq_get32(const unsigned char *p)
{
    uint32_t x;
    memcpy(&x, p, 4);
    return x;
}
static uint64_t sg__seq_get64(const unsigned char *p)
{
    uint64_t x;
    memcpy(&x, p, 8);
    return x;
}

int sg_sequence_save(const sg_sequence_t *seq, const char *path)
{
    unsigned char head[32];
    char *tmp;
    size_t len;
    FILE *f;
    int ok;
    if (seq == NULL || path == NULL) return SG_EINVAL;
    len = strlen(path);
    if (len > SIZE_MAX - 5 || (tmp = (char *)malloc(len + 5)) == NULL) return SG_ENOMEM;
    memcpy(tmp, path, len);
    memcpy(tmp + len, ".tmp", 5);
    memcpy(head, SG__SEQ_MAGIC, 8);
    sg__seq_put32(head + 8, SG__SEQ_BOM);
    sg__seq_put32(head + 12, SG__SEQ_VERSION);
    sg__seq_put32(head + 16, (uint32_t)seq->game);
    sg__seq_put32(head + 20, seq->width);
    sg__seq_put64(head + 24, seq->count);
    f = fopen(tmp, "wb");
    ok = f != NULL && fwrite(head, 1, sizeof head, f) == sizeof head;
    if (ok && seq->count > 0)
        ok = fwrite(sg__seq_data(seq), seq->width, (size_t)seq->count, f) == (size_t)seq->count;
    if (f != NULL && fclose(f) != 0) ok = 0;
    if (ok) ok = rename(tmp, path) == 0;
    if (!ok && f != NULL) remove(tmp);
    free(tmp);
    return ok ? SG_OK : SG_EINVAL;
}

int sg_sequence_load(sg_sequence_t **seq, const char *path)
{
    unsigned char head[32];
    sg_sequence_t *s = NULL;
    uint64_t count, n;
    unsigned width;
    FILE *f;
    int st = SG_EINVAL, game;
    if (seq == NULL) return SG_EINVAL;
    *seq = NULL;
    if (path == NULL || (f = fopen(path, "rb")) == NULL) return SG_EINVAL;
    if (fread(head, 1, sizeof head, f) != sizeof head || memcmp(head, SG__SEQ_MAGIC, 8) != 0 ||
        sg__seq_get32(head + 8) != SG__SEQ_BOM || sg__seq_get32(head + 12) != SG__SEQ_VERSION)
        goto done;
    game = (int)sg__seq_get32(head + 16);
    width = sg__seq_get32(head + 20);
    count = sg__seq_get64(head + 24);
    if (width != 1 && width != 2 && width != 4) goto done;
    /* a seekable file must hold exactly the values its header counts: nothing is allocated for
     * a count that the file cannot back */
    if (fseek(f, 0, SEEK_END) == 0) {
        long end = ftell(f);
        uint64_t body = end >= (long)sizeof head ? (uint64_t)end - sizeof head : UINT64_MAX;
        if (body == UINT64_MAX || body % width != 0 || body / width != count ||
            fseek(f, (long)sizeof head, SEEK_SET) != 0)
            goto done;
    }
    if ((st = sg_sequence_create(&s, game)) != SG_OK) goto done;
    if (width != 1 && (st = sg__seq_widen(s, width)) != SG_OK) goto done;
    if ((st = sg__seq_reserve(s, count)) != SG_OK) goto done;
    st = SG_EINVAL;
    if (count > 0 && fread(sg__seq_data(s), width, (size_t)count, f) != (size_t)count) goto done;
    if (fgetc(f) != EOF) goto done;   /* more than the header says: not ours */
    /* G(n) is at most n's number of options, (n - 1) / 2 in Grundy's game: a larger value is
     * no checkpoint of ours (and would have the engine ask for tables as large as the value) */
    for (n = 0; n < count; n++)
        if (sg__seq_at(s, n) > n / 2) goto done;
    s->count = count;
    st = sg__gg_resume(s->engine, count);
done:
    fclose(f);
    if (st != SG_OK) sg_sequence_free(s);
    else *seq = s;
    return st;
}
