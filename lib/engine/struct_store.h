/* Private to the engine and longrun levels: the store of structured positions (sg_store_*),
 * built as keyed.h says a byte-string engine sits on the keyed-search core.
 *
 *   - Interning (struct_intern.c): each canonical component's bytes are kept once in an arena,
 *     with an exact index from bytes to a 32-bit id (the hash finds candidates; the bytes are
 *     compared). Everything is allocated through the core's sg__mem_t, so the cap counts it.
 *   - The sink (struct_parts.c): sg_parts_t records the parts a callback adds, and the options'
 *     ends; a part of an option is split and each component put in canonical form and interned.
 *   - The search (struct_search.c): the core runs over 64-bit keys of two kinds, the value of
 *     component id (key = id) and the outcome of component id + *k (key = SG__STRUCT_OUTCOME |
 *     k << 32 | id, k < 2^31). Both share the core's table, stack, epochs and guard; a value
 *     key leaves the table once finished, its value kept beside its position (sg__spos_t),
 *     so the table holds the keys being searched and the outcomes. A key's options are read
 *     once when it is entered and kept in a frame on a stack of words that grows and shrinks
 *     with the search (a key entered and not finished is an ancestor of the key on top, so
 *     the frames are last-in first-out).
 *   - The queries (struct_store.c), the self-test (struct_selftest.c), and the file
 *     (longrun/store_file.c).
 * The games level (lib/games/) uses sg__store_options_split only. */
#ifndef SG_STRUCT_STORE_H
#define SG_STRUCT_STORE_H

#include "../common/sg_internal.h"
#include "../common/id_index.h"
#include "keyed.h"

#define SG__STRUCT_OUTCOME (SG__CAST(uint64_t, 1) << 63)
#define SG__STRUCT_KMAX 0x7fffffffu          /* largest k an outcome key holds */
#define SG__STRUCT_IDS 0xffffffffu           /* ids are below this */

SG__INLINE uint64_t sg__struct_okey(uint32_t id, sg_value_t k)
{
    return SG__STRUCT_OUTCOME | (SG__CAST(uint64_t, k) << 32) | id;
}

/* What a callback is asked for: the sink accepts sg_parts_end in options mode only. */
enum { SG__PARTS_OPTIONS = 0, SG__PARTS_SPLIT = 1, SG__PARTS_CANONICAL = 2 };

/* A recorded part: its bytes at off in the sink's buffer; or, for len == SG__PARTS_END, the
 * end of an option. */
#define SG__PARTS_END 0xffffffffu
typedef struct {
    size_t off;
    uint32_t len;
} sg__part_t;

struct sg_parts {
    int status;              /* first problem seen; sticky */
    int mode;                /* SG__PARTS_* */
    unsigned char *bytes;    /* the parts' bytes, one after another */
    size_t nbytes, bcap;
    sg__part_t *rec;
    size_t nrec, rcap;
    size_t open;             /* parts added since the last end */
    sg__mem_t *mem;
};

/* sg_parts_add of a part of len <= 16 bytes from p, which has 16 bytes to read: the games' own
 * rules add a few small parts an option (a board's regions), where the public call's checks and
 * a copy of a length unknown at compile time cost more than the part. When the sink is in order
 * and has 16 bytes of room, the 16 are copied and len of them kept; else the public call. */
SG__INLINE int sg__parts_add16(sg_parts_t *out, const unsigned char *p, size_t len)
{
    uint64_t a, b;
    if (out->status != SG_OK || len > 16 || out->bcap - out->nbytes < 16 ||
        out->nrec == out->rcap)
        return sg_parts_add(out, p, len);
    /* two words: a writer that stored p as two words has them forwarded, not stalled */
    memcpy(&a, p, 8);
    memcpy(&b, p + 8, 8);
    memcpy(out->bytes + out->nbytes, &a, 8);
    memcpy(out->bytes + out->nbytes + 8, &b, 8);
    out->rec[out->nrec].off = out->nbytes;
    out->rec[out->nrec++].len = SG__CAST(uint32_t, len);
    out->nbytes += len;
    out->open++;
    return SG_OK;
}

/* sg_parts_end, inline where the sink is in order and has room for the record */
SG__INLINE int sg__parts_end_fast(sg_parts_t *out)
{
    if (out->status != SG_OK || out->mode != SG__PARTS_OPTIONS || out->nrec == out->rcap)
        return sg_parts_end(out);
    out->rec[out->nrec].off = 0;
    out->rec[out->nrec++].len = SG__PARTS_END;
    out->open = 0;
    return SG_OK;
}

/* An interned position: its bytes at off in the arena; value: 0, or 1 + its value, the one
 * place the store keeps it: the search writes every value key it finishes here and the core's
 * table forgets the key (sg__store_forget), and a file loaded writes its values here. A value
 * of UINT32_MAX does not fit: it stays in the table (sg_store_t.probe), as do DONE value keys
 * the table got otherwise, copied here when the next query begins (sg__struct_values_sync).
 * The hash of the bytes is not kept: the index finds candidates by it, and only its growth
 * asks for it again (16 bytes a position, not 24). */
typedef struct {
    size_t off;
    uint32_t len;
    uint32_t value;
} sg__spos_t;

/* A slot of the canonical-form cache: the id of the canonical form of a component whose bytes
 * (as a rule wrote them) follow the slot's head, when len <= the cache's stride. */
typedef struct {
    uint64_t hash;
    uint32_t id;              /* SG__STRUCT_IDS: empty */
    uint32_t len;
} sg__scache_t;

struct sg_store {
    sg__keyed_t core;               /* first: the store is freed with it */
    sg_struct_rules_t rules;
    void *user;
    unsigned char *arena;           /* the bytes of every interned position */
    size_t abytes, acap;
    sg__spos_t *pos;                /* by id */
    size_t npos, pcap;
    sg__ids_t index;                /* the ids by bytes */
    size_t limit;                   /* 0, or the most positions (the self-test's brute force) */
    size_t npos0;                   /* positions held when the running query began */
    sg_parts_t opt, split, canon;   /* the sinks: options, split, canonical form */
    uint64_t *frames;               /* the search's frames (see struct_search.c) */
    size_t nframes, fcap;
    sg_value_t *vals;               /* scratch for a mex */
    size_t vcap;
    unsigned char *cache;           /* the canonical-form cache, direct-mapped; NULL: none yet */
    size_t cmask, cstride, clong;   /* slots - 1; bytes a slot (its head, then up to cstride -
                                     * 16 bytes); the longest part it was offered */
    size_t cnext;                   /* positions held when the cache next tries to grow */
    int options_split;              /* 1: the options' parts are components already */
    int options_canonical;          /* 1: and in canonical form */
    int outcomes;                   /* 1: the table may hold outcome keys */
    int probe;                      /* 1: a value too large for sg__spos_t.value is held: a
                                     * value not found there is looked up in the table */
    uint64_t done_seen;             /* core.done when the last query ended */
    uint64_t nodes, hits;
    sg_store_tick_fn tick;          /* sg_store_set_tick: called when nodes reaches tick_at */
    void *tick_user;
    uint64_t tick_every, tick_at;   /* tick_at 0: never (nodes is at least 1 when compared) */
    char game[SG_STORE_GAME_MAX + 1];   /* the game's name, "" for none (sg_store_set_game) */
};

/* The node count at which the tick is next due, from now: 0 (never) with no tick, or when the
 * sum would pass 2^64 - 1, which nodes never reaches (sg_store_set_tick, sg__ss_tick). */
SG__INLINE void sg__store_tick_next(sg_store_t *s)
{
    int never = s->tick == NULL || s->tick_every > UINT64_MAX - s->nodes;
    s->tick_at = never ? 0 : s->nodes + s->tick_every;
}

/* A game's name is 1 .. SG_STORE_GAME_MAX printable ASCII characters (space to '~'). */
SG__INLINE int sg__store_game_ok(const char *game, size_t len)
{
    size_t i;
    if (len == 0 || len > SG_STORE_GAME_MAX) return 0;
    for (i = 0; i < len; i++)
        if (game[i] < 0x20 || game[i] > 0x7e) return 0;
    return 1;
}

/* ---- struct_store.c ----------------------------------------------------------------- */

/* For the library's own games (Cram, Node and Arc Kayles), whose options report each option's
 * components, split and folded as the game's split would: the store splits only the positions
 * it is asked about, not the parts of options (a split of a component would give it back).
 * canonical: 1 when the options report each component in its canonical form already, so that
 * the store interns the parts of options as they are. */
SG__PRIVATE void sg__store_options_split(sg_store_t *s, int canonical);

/* ---- struct_intern.c ---------------------------------------------------------------- */

/* *id of bytes[0..len), added when absent. SG_ENOMEM; SG_ERANGE (len >= 2^32, the ids or the
 * store's limit exhausted). */
SG__PRIVATE int sg__struct_intern(sg_store_t *s, const unsigned char *bytes, size_t len,
                                  uint32_t *id);
/* The id of bytes[0..len) when held: 1 with *id, else 0. */
SG__PRIVATE int sg__struct_lookup(const sg_store_t *s, const unsigned char *bytes, size_t len,
                                  uint32_t *id);
/* The same, given the hash of the bytes (from sg__struct_cached). */
SG__PRIVATE int sg__struct_lookup_hashed(const sg_store_t *s, const unsigned char *bytes,
                                         size_t len, uint64_t hash, uint32_t *id);
/* base + off for a buffer that may not be allocated yet (NULL while it holds only empty
 * parts, at offset 0): C leaves even NULL + 0 undefined, so an empty part gets a byte of its
 * own to point at */
SG__INLINE const unsigned char *sg__struct_at(const unsigned char *base, size_t off)
{
    static const unsigned char none[1] = {0};
    return base != NULL ? base + off : none;
}
SG__INLINE const unsigned char *sg__struct_bytes(const sg_store_t *s, uint32_t id)
{
    return sg__struct_at(s->arena, s->pos[id].off);
}
/* The canonical-form cache, which spares a rule's canonical form for a component whose bytes
 * were seen before. It is lossy (a slot a hash, the last one put wins) and exact (the bytes are
 * compared). sg__struct_cached: 1 with the canonical form's *id when bytes[0..len) are held,
 * else 0; *hash receives their hash either way. sg__struct_cache_put keeps bytes -> id, or
 * nothing when the room cannot be had (the cache never fails a query). */
SG__PRIVATE int sg__struct_cached(const sg_store_t *s, const unsigned char *bytes, size_t len,
                                  uint64_t *hash, uint32_t *id);
SG__PRIVATE void sg__struct_cache_put(sg_store_t *s, const unsigned char *bytes, size_t len,
                                      uint64_t hash, uint32_t id);
/* Forget the positions from id npos on (their bytes, their index entries, the cache's slots
 * that name them), giving back the room they held where it can. */
SG__PRIVATE void sg__struct_intern_truncate(sg_store_t *s, size_t npos);
/* Forget the positions from id npos on and every result about them. */
SG__PRIVATE void sg__struct_rollback(sg_store_t *s, size_t npos);
/* Free the arena, the index, the positions and the cache. */
SG__PRIVATE void sg__struct_intern_release(sg_store_t *s);

/* ---- struct_parts.c ----------------------------------------------------------------- */

SG__PRIVATE void sg__parts_init(sg_parts_t *p, sg__mem_t *mem);
SG__PRIVATE void sg__parts_release(sg_parts_t *p);
/* Run callback fn on pos[0..len) into sink p (emptied first) in mode; the status: SG_OK,
 * SG_ESTOP, the sink's status, SG_EINVAL for an option left open or a canonical form that is
 * not one part, or the status of the running query (st, a re-entry noted there). */
SG__PRIVATE int sg__parts_run(sg_store_t *s, sg_parts_t *p, int mode,
                              int (*fn)(void *, const unsigned char *, size_t, sg_parts_t *),
                              const unsigned char *pos, size_t len);
/* The canonical components of bytes[0..len) (split, then canonical form, then interned),
 * appended to s->frames. *count receives how many. option: 1 for a part of an option, which
 * is not split when the game's options are split already (sg__store_options_split). */
SG__PRIVATE int sg__struct_components(sg_store_t *s, const unsigned char *bytes, size_t len,
                                      int option, size_t *count);
/* Word i of s->frames read as a count or an offset: each was a size_t when it was written
 * (sg__struct_enter, the outcome search's cursor), so it fits one on a 32-bit target too (the
 * words are 64 bits wide for the component ids beside them). */
SG__INLINE size_t sg__struct_count(const sg_store_t *s, size_t i)
{
    return SG__CAST(size_t, s->frames[i]);
}
/* Append a word to s->frames (sg__struct_frame_grow when they are full). */
SG__PRIVATE int sg__struct_frame_grow(sg_store_t *s, uint64_t word);
SG__INLINE int sg__struct_frame_push(sg_store_t *s, uint64_t word)
{
    if (SG__LIKELY(s->nframes < s->fcap)) {
        s->frames[s->nframes++] = word;
        return SG_OK;
    }
    return sg__struct_frame_grow(s, word);
}

/* ---- struct_search.c ---------------------------------------------------------------- */

/* Read the options of pos[0..len) into a new frame on top of s->frames (and call the store's
 * tick when it is due, as a rule is called: a stop is SG_ESTOP, before the options are read):
 *   [cursor] [n] then for each of the n options [m] [m component ids], then [frame length]. */
SG__PRIVATE int sg__struct_enter(sg_store_t *s, const unsigned char *pos, size_t len);

/* Copy the values of the value keys DONE in the table to the positions (sg__spos_t.value),
 * as the search expects when a query begins. */
SG__PRIVATE void sg__struct_values_sync(sg_store_t *s);
/* Within a call begun on out: *value = the value of component id. */
SG__PRIVATE int sg__struct_value(sg_store_t *s, sg_moves_t *out, uint32_t id,
                                 sg_value_t *value);
/* Within a call begun on out: *win = outcome of the sum of components ids[0..n) + *k (1 = N),
 * the ids read from s->frames[at ..] (the frames above them may come and go). */
SG__PRIVATE int sg__struct_sum_outcome(sg_store_t *s, sg_moves_t *out, size_t at, size_t n,
                                       sg_value_t k, int *win);

#endif
