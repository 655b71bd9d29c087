#include "../common/sg_internal.h"
#include "../engine/struct_store.h"
#include "checkpoint_io.h"

#include <stdio.h>
#include <stdlib.h>

/* Files of stores of structured positions (sg_store_save, sg_store_load), in the machine's
 * byte order, written and checked as the checkpoints of sequences are (checkpoint_io.h):
 *
 *   offset  0  "libsgSTO"
 *           8  u32 byte-order mark 0x01020304
 *          12  u32 format version: 1, or 2 for a store that names its game
 *          16  u64 P: positions (the file's ids are 0 .. P-1)
 *          24  u64 B: bytes of the positions
 *          32  u64 E: results
 *   version 2 only:
 *          40  u32 G: length of the game's name (1 .. SG_STORE_GAME_MAX)
 *          44  G bytes: the name (sg_store_set_game)
 *   then   P u32: each position's length (they add up to B)
 *              B bytes: the positions, one after another
 *              E records of u64 key, u32 value: a key as the store's (struct_store.h) with the
 *              file's ids: a value of a position, or an outcome (0 or 1) of position + *k
 *    end - 8   u64 checksum of every byte before it
 *
 * Only proven results are written, with the positions they are about. Loading reads the file
 * whole (its length checked against the header before the room is taken, counted against the
 * store's cap), checks the checksum and every record, refuses a file whose game's name is not
 * the store's (a version 1 file names none) with SG_EGAME, and compares each result with what
 * the store already knows (a difference is SG_EGAME too: the file is of another game) before
 * adding anything. A store without a name writes version 1, as before names existed. */

#define SG__SF_MAGIC "libsgSTO"
#define SG__SF_BOM 0x01020304u
#define SG__SF_VERSION 1u
#define SG__SF_NAMED 2u     /* the version of a file that names its game */
#define SG__SF_HEAD 40      /* the header's fixed part; a named file adds 4 + G bytes */
#define SG__SF_REC 12
#define SG__SF_TAIL 8

/* ---- saving ------------------------------------------------------------------------------ */

/* A result the core's table holds that is not beside its position (the values there are
 * saved from there: sg__store_forget): an outcome, or a value of UINT32_MAX. */
SG__INLINE int sg__sf_in_table(const sg_store_t *s, const sg__keyed_entry_t *e)
{
    return e->state == SG__KEYED_DONE &&
           ((e->key & SG__STRUCT_OUTCOME) || s->pos[SG__CAST(uint32_t, e->key)].value == 0);
}

/* one more result about position id: ids[id] = the file's id + 1 of it, *P, *B, *E */
SG__INLINE void sg__sf_count(const sg_store_t *s, uint32_t id, uint32_t *ids, uint64_t *P,
                             uint64_t *B, uint64_t *E)
{
    ++*E;
    if (ids[id] != 0) return;
    ids[id] = SG__CAST(uint32_t, ++*P);
    *B += s->pos[id].len;
}

/* ids[old] = the file's id + 1 of every position a result is about (0: none); *P, *B, *E.
 * The results: the values beside the positions, then the rest the table holds. */
static void sg__sf_number(const sg_store_t *s, uint32_t *ids, uint64_t *P, uint64_t *B,
                          uint64_t *E)
{
    size_t i;
    *P = *B = *E = 0;
    for (i = 0; i < s->npos; i++)
        if (s->pos[i].value != 0) sg__sf_count(s, SG__CAST(uint32_t, i), ids, P, B, E);
    for (i = 0; s->core.slots != NULL && i <= s->core.mask; i++)
        if (sg__sf_in_table(s, &s->core.slots[i]))
            sg__sf_count(s, SG__CAST(uint32_t, s->core.slots[i].key), ids, P, B, E);
}

/* the record of result `value` of key, whose position is the file's id + 1 ids[key's id] */
static int sg__sf_record(sg__ck_out_t *o, sg__ck_hash_t *h, const uint32_t *ids, uint64_t key,
                         sg_value_t value)
{
    unsigned char rec[SG__SF_REC];
    sg__ck_put64(rec, (key & ~SG__CAST(uint64_t, 0xffffffffu)) |
                          (ids[SG__CAST(uint32_t, key)] - 1u));
    sg__ck_put32(rec + 8, value);
    return sg__ck_put(o, h, rec, sizeof rec);
}

/* order[n] = the store's id of the file's position n; ids[id] = the file's id + 1. */
static int sg__sf_write(sg_store_t *s, const uint32_t *ids, const uint32_t *order, uint64_t P,
                        uint64_t B, uint64_t E, sg__ck_out_t *o)
{
    unsigned char head[SG__SF_HEAD + 4], tail[SG__SF_TAIL], len[4];
    size_t glen = strlen(s->game);
    sg__ck_hash_t h;
    uint64_t n;
    size_t i;
    int st;
    memcpy(head, SG__SF_MAGIC, 8);
    sg__ck_put32(head + 8, SG__SF_BOM);
    sg__ck_put32(head + 12, glen ? SG__SF_NAMED : SG__SF_VERSION);
    sg__ck_put64(head + 16, P);
    sg__ck_put64(head + 24, B);
    sg__ck_put64(head + 32, E);
    sg__ck_put32(head + SG__SF_HEAD, SG__CAST(uint32_t, glen));
    sg__ck_hash_init(&h);
    if ((st = sg__ck_put(o, &h, head, SG__SF_HEAD + (glen ? 4 : 0))) != SG_OK) return st;
    if (glen && (st = sg__ck_put(o, &h, s->game, glen)) != SG_OK) return st;
    for (n = 0; n < P; n++) {
        sg__ck_put32(len, s->pos[order[n]].len);
        if ((st = sg__ck_put(o, &h, len, 4)) != SG_OK) return st;
    }
    for (n = 0; n < P; n++) {
        st = sg__ck_put(o, &h, sg__struct_bytes(s, order[n]), s->pos[order[n]].len);
        if (st != SG_OK) return st;
    }
    for (i = 0; i < s->npos; i++)   /* in the order sg__sf_number counted them */
        if (s->pos[i].value != 0 &&
            (st = sg__sf_record(o, &h, ids, i, s->pos[i].value - 1)) != SG_OK)
            return st;
    for (i = 0; s->core.slots != NULL && i <= s->core.mask; i++) {
        const sg__keyed_entry_t *e = &s->core.slots[i];
        if (sg__sf_in_table(s, e) && (st = sg__sf_record(o, &h, ids, e->key, e->value)) != SG_OK)
            return st;
    }
    sg__ck_put64(tail, sg__ck_hash_end(&h));
    return sg__ck_write(o, tail, sizeof tail);
}

int sg_store_save(sg_store_t *s, const char *path)
{
    sg__ck_out_t o;
    uint32_t *ids, *order;
    uint64_t P, B, E;
    size_t i, n, bytes;
    int st;
    if (s == NULL) return SG_EINVAL;
    if (sg__keyed_busy(&s->core)) return SG_EBUSY;
    if (path == NULL) return SG_EINVAL;
    n = s->npos ? s->npos : 1;
    if (n > SIZE_MAX / 2 / sizeof *ids) return SG_ENOMEM;
    bytes = 2 * n * sizeof *ids;
    if ((ids = SG__CAST(uint32_t *, sg__mem_alloc(&s->core.mem, bytes))) == NULL)
        return SG_ENOMEM;
    memset(ids, 0, bytes);
    order = ids + n;
    sg__sf_number(s, ids, &P, &B, &E);
    for (i = 0; i < s->npos; i++)
        if (ids[i] != 0) order[ids[i] - 1] = SG__CAST(uint32_t, i);
    o.tmp = NULL;
    st = sg__ck_open(&o, path);
    if (st == SG_OK) st = sg__sf_write(s, ids, order, P, B, E, &o);
    if (st == SG_OK) st = sg__ck_finish(&o, path);
    if (st != SG_OK) sg__ck_abandon(&o);
    free(o.tmp);
    sg__mem_free(&s->core.mem, ids, bytes);
    return st;
}

/* ---- loading ----------------------------------------------------------------------------- */

/* The file's records checked against themselves (lengths add up, keys name positions of the
 * file, outcomes are 0 or 1), and off[n] = where position n starts. */
static int sg__sf_check(const unsigned char *lens, uint64_t P, uint64_t B, uint64_t E,
                        uint64_t *off)
{
    const unsigned char *rec = lens + 4 * P + B;
    uint64_t i, sum = 0;
    for (i = 0; i < P; i++) {
        off[i] = sum;
        sum += sg__ck_get32(lens + 4 * i);
    }
    if (sum != B) return SG_EFORMAT;
    for (i = 0; i < E; i++, rec += SG__SF_REC) {
        uint64_t key = sg__ck_get64(rec);
        sg_value_t v = sg__ck_get32(rec + 8);
        if ((key & 0xffffffffu) >= P) return SG_EFORMAT;
        if (key & SG__STRUCT_OUTCOME ? v > 1 : (key >> 32) != 0) return SG_EFORMAT;
    }
    return SG_OK;
}

SG__INLINE uint64_t sg__sf_rekey(uint64_t key, const uint32_t *map)
{
    return (key & ~SG__CAST(uint64_t, 0xffffffffu)) | map[key & 0xffffffffu];
}

/* Compare every record with what s knows (SG_EGAME on a difference), then add them; map has
 * room for P ids. */
static int sg__sf_add(sg_store_t *s, const unsigned char *lens, uint64_t P, uint64_t B,
                      uint64_t E, const uint64_t *off, uint32_t *map)
{
    const unsigned char *bytes = lens + 4 * P, *rec0 = bytes + B, *rec;
    size_t npos0 = s->npos;
    uint64_t i;
    int st = SG_OK;
    for (i = 0; i < P; i++)
        if (!sg__struct_lookup(s, bytes + off[i], sg__ck_get32(lens + 4 * i), &map[i]))
            map[i] = SG__STRUCT_IDS;
    for (i = 0, rec = rec0; i < E; i++, rec += SG__SF_REC) {
        uint64_t key = sg__ck_get64(rec);
        sg_value_t v = sg__ck_get32(rec + 8);
        const sg__keyed_entry_t *e;
        uint32_t id = map[key & 0xffffffffu], beside;
        if (id == SG__STRUCT_IDS) continue;
        beside = key & SG__STRUCT_OUTCOME ? 0 : s->pos[id].value;
        if (beside != 0 && beside - 1 != v) return SG_EGAME;
        e = sg__keyed_find(&s->core, sg__sf_rekey(key, map));
        if (e != NULL && e->state == SG__KEYED_DONE && e->value != v) return SG_EGAME;
    }
    for (i = 0; i < P && st == SG_OK; i++)
        st = sg__struct_intern(s, bytes + off[i], sg__ck_get32(lens + 4 * i), &map[i]);
    for (i = 0, rec = rec0; i < E && st == SG_OK; i++, rec += SG__SF_REC) {
        uint64_t key = sg__sf_rekey(sg__ck_get64(rec), map);
        sg_value_t v = sg__ck_get32(rec + 8);
        sg__keyed_entry_t *e;
        if (s->core.forget != NULL && s->core.forget(&s->core, key, v)) {
            /* a value the store keeps beside its position, not in the table */
            if (s->pos[SG__CAST(uint32_t, key)].value == 0) s->core.done++;
            s->pos[SG__CAST(uint32_t, key)].value = v + 1;
            continue;
        }
        e = sg__keyed_insert(&s->core, key);
        if (e == NULL) st = SG_ENOMEM;
        else if (e->state != SG__KEYED_DONE) {
            e->state = SG__KEYED_DONE;
            e->value = v;
            s->core.done++;
        }
    }
    if (st != SG_OK && s->npos > npos0) sg__struct_rollback(s, npos0);
    return st;
}

/* What a file's header says, checked against the file's length. */
typedef struct {
    uint64_t P, B, E, length;
    size_t head;                        /* bytes before the positions' lengths */
    char game[SG_STORE_GAME_MAX + 1];   /* "" for a version 1 file */
} sg__sf_head_t;

static int sg__sf_head(FILE *f, sg__sf_head_t *h)
{
    unsigned char head[SG__SF_HEAD + 4];
    uint32_t version, glen = 0;
    uint64_t need;
    h->game[0] = '\0';
    if ((h->length = sg__ck_length(f)) == UINT64_MAX) return SG_EIO;
    if (fread(head, 1, SG__SF_HEAD, f) != SG__SF_HEAD || memcmp(head, SG__SF_MAGIC, 8) != 0 ||
        sg__ck_get32(head + 8) != SG__SF_BOM)
        return SG_EFORMAT;
    version = sg__ck_get32(head + 12);
    if (version != SG__SF_VERSION && version != SG__SF_NAMED) return SG_EFORMAT;
    h->head = SG__SF_HEAD;
    if (version == SG__SF_NAMED) {
        if (fread(head + SG__SF_HEAD, 1, 4, f) != 4) return SG_EFORMAT;
        glen = sg__ck_get32(head + SG__SF_HEAD);
        if (glen == 0 || glen > SG_STORE_GAME_MAX || fread(h->game, 1, glen, f) != glen)
            return SG_EFORMAT;
        h->game[glen] = '\0';
        if (!sg__store_game_ok(h->game, glen)) return SG_EFORMAT;
        h->head += 4 + glen;
    }
    h->P = sg__ck_get64(head + 16);
    h->B = sg__ck_get64(head + 24);
    h->E = sg__ck_get64(head + 32);
    /* the sizes add up to the file's length, without overflow, before any room is taken */
    if (h->P >= SG__STRUCT_IDS || h->B > h->length || h->E > h->length / SG__SF_REC)
        return SG_EFORMAT;
    need = h->head + 4 * h->P + h->B + SG__SF_REC * h->E + SG__SF_TAIL;
    return need == h->length ? SG_OK : SG_EFORMAT;
}

/* The whole file f into *b (size bytes, from the store's memory), checked: its header, its
 * length, its game, its checksum. */
static int sg__sf_read(sg_store_t *s, FILE *f, unsigned char **b, size_t *size,
                       sg__sf_head_t *h)
{
    sg__ck_hash_t hash;
    int st = sg__sf_head(f, h);
    if (st != SG_OK) return st;
    if (strcmp(h->game, s->game) != 0) return SG_EGAME;   /* named for another game */
    if (h->length > SIZE_MAX) return SG_ENOMEM;
    *size = SG__CAST(size_t, h->length);
    if ((*b = SG__CAST(unsigned char *, sg__mem_alloc(&s->core.mem, *size))) == NULL)
        return SG_ENOMEM;
    if (fseek(f, 0, SEEK_SET) != 0 || fread(*b, 1, *size, f) != *size || fgetc(f) != EOF)
        return SG_EFORMAT;
    sg__ck_hash_init(&hash);
    sg__ck_hash(&hash, *b, *size - SG__SF_TAIL);
    return sg__ck_get64(*b + *size - SG__SF_TAIL) == sg__ck_hash_end(&hash) ? SG_OK : SG_EFORMAT;
}

int sg_store_load(sg_store_t *s, const char *path)
{
    unsigned char *b = NULL;
    size_t size = 0, room = 0;
    uint64_t *off = NULL;
    sg__sf_head_t h;
    FILE *f;
    int st;
    if (s == NULL) return SG_EINVAL;
    if (sg__keyed_busy(&s->core)) return SG_EBUSY;
    if (path == NULL) return SG_EINVAL;
    if ((f = fopen(path, "rb")) == NULL) return SG_EIO;
    memset(&h, 0, sizeof h);
    st = sg__sf_read(s, f, &b, &size, &h);
    if (st == SG_EFORMAT && ferror(f)) st = SG_EIO;   /* not what the file says: it was unread */
    fclose(f);
    if (st == SG_OK) {   /* P < 2^32, and the file holds 4 bytes for each: no overflow */
        room = SG__CAST(size_t, h.P ? h.P : 1) * (sizeof *off + sizeof(uint32_t));
        if ((off = SG__CAST(uint64_t *, sg__mem_alloc(&s->core.mem, room))) == NULL)
            st = SG_ENOMEM;
    }
    if (st == SG_OK) st = sg__sf_check(b + h.head, h.P, h.B, h.E, off);
    if (st == SG_OK)
        st = sg__sf_add(s, b + h.head, h.P, h.B, h.E, off,
                        SG__CAST(uint32_t *, SG__CAST(void *, off + h.P)));
    sg__mem_free(&s->core.mem, off, room);
    sg__mem_free(&s->core.mem, b, size);
    return st;
}

int sg_store_file_game(const char *path, char *game, size_t cap)
{
    sg__sf_head_t h;
    FILE *f;
    int st;
    if (path == NULL || (game == NULL && cap > 0)) return SG_EINVAL;
    if ((f = fopen(path, "rb")) == NULL) return SG_EIO;
    st = sg__sf_head(f, &h);
    if (st == SG_EFORMAT && ferror(f)) st = SG_EIO;
    fclose(f);
    if (st != SG_OK) return st;
    if (strlen(h.game) >= cap) return SG_ERANGE;
    memcpy(game, h.game, strlen(h.game) + 1);
    return SG_OK;
}
