/* the library's own build compiles this file alone: POSIX.1-2008 for mkstemp, fsync and fstat
 * (in the single header, they are used when the program asked for them before including it) */
#if !defined(SG_SINGLE_IMPLEMENTED_) && !defined(_POSIX_C_SOURCE) && !defined(_WIN32)
#  define _POSIX_C_SOURCE 200809L
#endif
#include "../common/sg_internal.h"
#include "longrun.h"
#include "checkpoint_io.h"

#include <stdio.h>
#include <stdlib.h>

/* Checkpoint files of sequences, format version 2 or 3, in the machine's byte order (the
 * byte-order mark tells another order apart):
 *
 *   offset  0  "libsgSEQ"
 *           8  u32 byte-order mark 0x01020304
 *          12  u32 format version (2, or 3 for a sequence with a window)
 *          16  u32 width: bytes a value, 1, 2 or 4
 *          20  u32 L: length of the game's canonical code (sg_sequence_game), no NUL
 *          24  u32 S: length of the family's engine state
 *          28  u32 0
 *          32  u64 count: values computed
 *   version 3 only:
 *          40  u64 pre, u64 base: G(0 .. pre-1) and G(base .. count-1) are held (pre = base =
 *              0: no window started), u64 keep: the window's length (0: none; a window asked for and
 *              not started: its size, or 2^64 - 1 for an automatic one), u64 hash, u64 hashed:
 *              the FNV-1a hash of G(0 .. hashed-1) (values.c), hashed >= base
 *   then       the code (L bytes), the engine state (S bytes), the values held
 *              ((count - base + pre) * width; count * width in version 2)
 *    end - 8   u64 checksum of every byte before it (sg__ck_hash)
 *
 * Loading trusts nothing before the checksum agrees: the header's sizes must add up to the
 * file's real length (fstat, before any large allocation), the values are read and hashed as
 * they come, and only then are the code, the state and the values looked at. Saving writes a
 * fresh file of a name no one can guess in the same directory (mkstemp: never through a link
 * planted there), syncs it, renames it over the checkpoint and syncs the directory, so a crash
 * leaves the old checkpoint or the new one, whole. */

#define SG__CK_MAGIC "libsgSEQ"
#define SG__CK_BOM 0x01020304u
#define SG__CK_VERSION 2u
#define SG__CK_VERSION_WINDOW 3u
#define SG__CK_HEAD 40
#define SG__CK_STORE 40   /* version 3: pre, base, keep, hash, hashed */
#define SG__CK_TAIL 8

int sg_sequence_save(const sg_sequence_t *seq, const char *path)
{
    unsigned char head[SG__CK_HEAD], store[SG__CK_STORE], tail[SG__CK_TAIL], *state;
    char code[SG_SEQUENCE_GAME_MAX];
    const sg__values_t *v;
    sg__ck_out_t o;
    sg__ck_hash_t h;
    uint64_t slots;
    size_t L, S;
    int st, windowed;
    if (seq == NULL || path == NULL) return SG_EINVAL;
    v = &seq->values;
    if ((st = seq->family->code(seq->state, code, sizeof code)) != SG_OK) return st;
    L = strlen(code);
    S = seq->family->state_size(seq->state);
    slots = sg__values_slots(v);
    if (S > SG__FAMILY_STATE_MAX || slots > SIZE_MAX / v->width) return SG_ERANGE;
    if ((state = (unsigned char *)malloc(S ? S : 1)) == NULL) return SG_ENOMEM;
    seq->family->state_out(seq->state, state);
    /* a sequence without a window is written as before (format 2) */
    windowed = v->keep != 0 || v->pre != 0;
    sg__ck_put64(store, v->pre);
    sg__ck_put64(store + 8, v->base);
    sg__ck_put64(store + 16, v->keep);
    sg__ck_put64(store + 24, v->hash);
    sg__ck_put64(store + 32, v->hashed);
    memcpy(head, SG__CK_MAGIC, 8);
    sg__ck_put32(head + 8, SG__CK_BOM);
    sg__ck_put32(head + 12, windowed ? SG__CK_VERSION_WINDOW : SG__CK_VERSION);
    sg__ck_put32(head + 16, v->width);
    sg__ck_put32(head + 20, (uint32_t)L);
    sg__ck_put32(head + 24, (uint32_t)S);
    sg__ck_put32(head + 28, 0);
    sg__ck_put64(head + 32, v->count);
    sg__ck_hash_init(&h);
    st = sg__ck_open(&o, path);
    if (st == SG_OK) st = sg__ck_put(&o, &h, head, sizeof head);
    if (st == SG_OK && windowed) st = sg__ck_put(&o, &h, store, sizeof store);
    if (st == SG_OK) st = sg__ck_put(&o, &h, code, L);
    if (st == SG_OK) st = sg__ck_put(&o, &h, state, S);
    if (st == SG_OK && slots > 0)
        st = sg__ck_put(&o, &h, sg__values_data(v), (size_t)slots * v->width);
    if (st == SG_OK) {
        sg__ck_put64(tail, sg__ck_hash_end(&h));
        st = sg__ck_write(&o, tail, sizeof tail);
    }
    if (st == SG_OK) st = sg__ck_finish(&o, path);
    if (st != SG_OK) sg__ck_abandon(&o);
    free(o.tmp);
    free(state);
    return st;
}

/* ---- loading ----------------------------------------------------------------------------- */

/* Read `count` values of the store's width, hashing them. Room grows as they come: for a file
 * of known length the header was checked against it, and for a pipe nothing is reserved for
 * values the file does not hold. SG_EFORMAT when the file ends early. */
static int sg__ck_read_values(sg__values_t *v, FILE *f, uint64_t count, sg__ck_hash_t *h)
{
    uint64_t step = (uint64_t)1 << 20;
    int st;
    while (v->count < count) {
        uint64_t want = count - v->count < step ? count - v->count : step;
        unsigned char *at;
        if ((st = sg__values_reserve(v, v->count + want)) != SG_OK) return st;
        at = (unsigned char *)sg__values_data(v) + (size_t)v->count * v->width;
        if (fread(at, v->width, (size_t)want, f) != (size_t)want) return SG_EFORMAT;
        sg__ck_hash(h, at, (size_t)want * v->width);
        v->count += want;
        if (step < ((uint64_t)1 << 30)) step *= 2;
    }
    return SG_OK;
}

/* Version 3's store block: what is held, checked against the count. */
static int sg__ck_store(const unsigned char *b, uint64_t count, sg__values_t *v)
{
    v->pre = sg__ck_get64(b);
    v->base = sg__ck_get64(b + 8);
    v->keep = sg__ck_get64(b + 16);
    v->hash = sg__ck_get64(b + 24);
    v->hashed = sg__ck_get64(b + 32);
    if (v->pre > v->base || v->base > count || v->hashed > count || v->keep == 0 ||
        (v->pre == 0 && v->base != 0))
        return SG_EFORMAT;
    /* a started window: the prefix and at least the window are held, the rest hashed */
    if (v->pre != 0 &&
        (v->keep != v->pre || count - v->base < v->keep ||
         (v->base > v->pre && v->hashed < v->base)))
        return SG_EFORMAT;
    return SG_OK;
}

/* What the file holds, checked whole: the code (NUL-terminated), the state (malloc'ed), the
 * values (with the store's window). */
static int sg__ck_read(FILE *f, char *code, unsigned char **state, size_t *S, sg__values_t *v)
{
    unsigned char head[SG__CK_HEAD], store[SG__CK_STORE], tail[SG__CK_TAIL];
    uint64_t count, slots, length = sg__ck_length(f), body, extra = 0;
    sg__ck_hash_t h;
    uint32_t width, L, version;
    sg__values_t held;
    int st;
    if (fread(head, 1, sizeof head, f) != sizeof head || memcmp(head, SG__CK_MAGIC, 8) != 0 ||
        sg__ck_get32(head + 8) != SG__CK_BOM)
        return SG_EFORMAT;
    version = sg__ck_get32(head + 12);
    if (version != SG__CK_VERSION && version != SG__CK_VERSION_WINDOW) return SG_EFORMAT;
    width = sg__ck_get32(head + 16);
    L = sg__ck_get32(head + 20);
    *S = sg__ck_get32(head + 24);
    count = slots = sg__ck_get64(head + 32);
    if ((width != 1 && width != 2 && width != 4) || L == 0 || L >= SG_SEQUENCE_GAME_MAX ||
        *S > SG__FAMILY_STATE_MAX || sg__ck_get32(head + 28) != 0 || count > UINT64_MAX / width)
        return SG_EFORMAT;
    sg__values_init(&held);
    if (version == SG__CK_VERSION_WINDOW) {
        if (fread(store, 1, sizeof store, f) != sizeof store ||
            sg__ck_store(store, count, &held) != SG_OK)
            return SG_EFORMAT;
        slots = count - held.base + held.pre;
        extra = SG__CK_STORE;
    }
    /* a file of known length holds exactly what its header says, before anything is allocated */
    body = slots * width;
    if (length != UINT64_MAX &&
        (length < SG__CK_HEAD + extra + L + *S + SG__CK_TAIL ||
         length - (SG__CK_HEAD + extra + L + *S + SG__CK_TAIL) != body))
        return SG_EFORMAT;
    if (body > SIZE_MAX) return SG_ENOMEM;
    if ((*state = (unsigned char *)malloc(*S ? *S : 1)) == NULL) return SG_ENOMEM;
    if (fread(code, 1, L, f) != L || fread(*state, 1, *S, f) != *S) return SG_EFORMAT;
    code[L] = '\0';
    sg__ck_hash_init(&h);
    sg__ck_hash(&h, head, sizeof head);
    if (extra) sg__ck_hash(&h, store, sizeof store);
    sg__ck_hash(&h, code, L);
    sg__ck_hash(&h, *state, *S);
    v->width = width;
    if ((st = sg__ck_read_values(v, f, slots, &h)) != SG_OK) return st;
    /* the reading doubled the room as the values came: up to twice what is held, which a
     * window would fill before it slides (a resumed window of 2^27 values of two bytes held
     * 1.07 GB rather than 570 MB) */
    sg__values_trim(v);
    if (fread(tail, 1, sizeof tail, f) != sizeof tail || fgetc(f) != EOF) return SG_EFORMAT;
    if (sg__ck_get64(tail) != sg__ck_hash_end(&h)) return SG_EFORMAT;
    v->count = count;
    v->pre = held.pre;
    v->base = held.base;
    v->keep = held.keep;
    v->hash = held.hash;
    v->hashed = held.hashed;
    return SG_OK;
}

/* A sequence of the family whose game has the code, holding the values (which it takes). */
static int sg__ck_sequence(sg_sequence_t **seq, const char *code, const unsigned char *state,
                           size_t S, sg__values_t *v)
{
    const sg__family_t *F = NULL;
    sg_sequence_t *s;
    void *fs = NULL;
    uint64_t n;
    size_t i;
    int st = SG_EGAME;
    for (i = 0; st == SG_EGAME && (F = sg__family(i)) != NULL; i++) st = F->open(&fs, code);
    if (st != SG_OK) return st;
    if ((st = sg__sequence_new(&s, F, fs, SG_OK)) != SG_OK) return st;
    s->values.width = v->width;
    s->values.g8 = v->g8;
    s->values.g16 = v->g16;
    s->values.g32 = v->g32;
    s->values.count = v->count;
    s->values.cap = v->cap;
    s->values.pre = v->pre;
    s->values.base = v->base;
    s->values.keep = v->keep;
    s->values.hash = v->hash;
    s->values.hashed = v->hashed;
    v->g8 = NULL;
    v->g16 = NULL;
    v->g32 = NULL;
    if (F->moved != NULL) F->moved(fs, &s->values);
    /* G(n) is at most n's number of options: a larger value is no checkpoint of this game (and
     * would have the engine ask for tables as large as the value) */
    st = SG_OK;
    if (s->values.keep != 0 && F->window == NULL) st = SG_EFORMAT;   /* no windows there */
    for (n = 0; n < s->values.count && st == SG_OK; n++)
        if (!sg__values_held(&s->values, n)) n = s->values.base - 1;   /* on at the window */
        else if (sg__values_at(&s->values, n) > F->bound(fs, n)) st = SG_EFORMAT;
    if (st == SG_OK) st = F->state_in(fs, state, S, &s->values);
    if (st == SG_OK) st = F->resume(fs, &s->values);
    if (st != SG_OK) sg_sequence_free(s);
    else *seq = s;
    return st;
}

int sg_sequence_load(sg_sequence_t **seq, const char *path)
{
    char code[SG_SEQUENCE_GAME_MAX];
    unsigned char *state = NULL;
    sg__values_t v;
    size_t S = 0;
    FILE *f;
    int st;
    if (seq == NULL) return SG_EINVAL;
    *seq = NULL;
    if (path == NULL) return SG_EINVAL;
    if ((f = fopen(path, "rb")) == NULL) return SG_EIO;
    sg__values_init(&v);
    st = sg__ck_read(f, code, &state, &S, &v);
    if (st == SG_EFORMAT && ferror(f)) st = SG_EIO;   /* not what the file says: it was unread */
    fclose(f);
    if (st == SG_OK) st = sg__ck_sequence(seq, code, state, S, &v);
    sg__values_release(&v);
    free(state);
    return st;
}

/* A checkpoint of one take-and-break game only: loaded as any checkpoint is, then its canonical
 * code compared (here, above every family, so that no family calls the loader back). */
int sg_sequence_load_octal(sg_sequence_t **seq, const char *path, const sg_octal_t *game)
{
    char want[SG_SEQUENCE_GAME_MAX], have[SG_SEQUENCE_GAME_MAX];
    sg_sequence_t *s;
    int st;
    if (seq == NULL) return SG_EINVAL;
    *seq = NULL;
    if (game == NULL || path == NULL) return SG_EINVAL;
    if ((st = sg_sequence_load(&s, path)) != SG_OK) return st;
    if (sg_octal_format(game, want, sizeof want) != SG_OK ||
        sg_sequence_game(s, have, sizeof have) != SG_OK || strcmp(want, have) != 0) {
        sg_sequence_free(s);
        return SG_EGAME;
    }
    *seq = s;
    return SG_OK;
}
