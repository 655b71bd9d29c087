/* Long runs (lib/longrun): the value store (values.c), the families a sequence can compute
 * (family_*.c, listed in families.c), the driver (sequence.c) and the checkpoint file
 * (checkpoint.c). Private to lib/: never installed. */
#ifndef SG_LONGRUN_H
#define SG_LONGRUN_H

#include "../common/sg_internal.h"

/* ---- values.c: G(0 .. count-1) in one byte each while below 256, then two, then four ------- */

typedef struct sg__values sg__values_t;
struct sg__values {
    unsigned width;          /* 1, 2 or 4: which of g8, g16, g32 holds the values */
    unsigned char *g8;
    uint16_t *g16;
    sg_value_t *g32;
    uint64_t count, cap;     /* values computed, slots of room */
    /* A windowed store (window.c says when) keeps G(0 .. pre-1) at slots 0 .. pre-1 and
     * G(base .. count-1) at slots pre .. : the values between are dropped. pre == 0: no window
     * has started, pre = base = 0, G(i) at slot i. */
    uint64_t pre, base;
    uint64_t keep;           /* 0: keeps every value; else the prefix and window length asked for
                                (the store drops values only once sg__values_keep started it) */
    uint64_t hash, hashed;   /* FNV-1a 64 of G(0 .. hashed-1): values are hashed before dropped */
    /* called after the values move, widen or slide (an engine that reads them where they are) */
    void (*moved)(void *user, const sg__values_t *v);
    void *user;
};

SG__PRIVATE void sg__values_init(sg__values_t *v);
SG__PRIVATE void sg__values_release(sg__values_t *v);
/* the block of values in use (width bytes each) */
SG__PRIVATE void *sg__values_data(const sg__values_t *v);
/* room for `need` values (geometric growth; SG_ENOMEM leaves the values as they were) */
SG__PRIVATE int sg__values_reserve(sg__values_t *v, uint64_t need);
/* `width` bytes a value from now on (2 or 4, more than now) */
SG__PRIVATE int sg__values_widen(sg__values_t *v, unsigned width);
/* Room for the slots held and no more (room that the doubling left unused given back); v
 * unchanged when the allocator cannot shrink the block. */
SG__PRIVATE void sg__values_trim(sg__values_t *v);
/* G(count) = x, widening first when it does not fit; room must be reserved (a windowed store
 * makes its own room, sliding its window when it is full) */
SG__PRIVATE int sg__values_push(sg__values_t *v, sg_value_t x);
/* From now on keep only G(0 .. keep-1) and the last `keep` values at least (v->keep = keep,
 * count >= 2 * keep): the room beyond is given back. SG_ENOMEM leaves every value held. */
SG__PRIVATE int sg__values_start_window(sg__values_t *v);
/* FNV-1a 64 (offset basis 14695981039346656037, prime 1099511628211) of G(0 .. count-1), each
 * value as four bytes, least significant first */
SG__PRIVATE uint64_t sg__values_hash(const sg__values_t *v);
/* slots in use: values held */
SG__PRIVATE uint64_t sg__values_slots(const sg__values_t *v);

/* G(i) is held (i < count) */
SG__INLINE int sg__values_held(const sg__values_t *v, uint64_t i)
{
    return i < v->count && (i < v->pre || i >= v->base);
}

/* the slot of a held G(i) */
SG__INLINE uint64_t sg__values_slot(const sg__values_t *v, uint64_t i)
{
    return i >= v->base ? i - v->base + v->pre : i;
}

/* the value in slot k */
SG__INLINE sg_value_t sg__values_in(const sg__values_t *v, uint64_t k)
{
    return v->width == 1 ? v->g8[k] : v->width == 2 ? v->g16[k] : v->g32[k];
}

/* a held G(i) */
SG__INLINE sg_value_t sg__values_at(const sg__values_t *v, uint64_t i)
{
    return sg__values_in(v, sg__values_slot(v, i));
}

/* ---- window.c: the automatic window ------------------------------------------------------ */

/* the first count an automatic window may start at (checkpoints of an older rule start their
 * checks from SG__WINDOW_AUTO_OLD: they load, and go on under this rule) */
#define SG__WINDOW_AUTO_FIRST ((uint64_t)1 << 27)
#define SG__WINDOW_AUTO_OLD ((uint64_t)1 << 21)
/* At a power of two `at` reached, with rare_end the last rare position plus one (0: none):
 * 1 with *size when an automatic window starts there, 0 when not (window.c says why). */
SG__PRIVATE int sg__window_auto(uint64_t at, uint64_t rare_end, uint64_t *size);

/* ---- the families: one file each, one entry in families.c -------------------------------- */

/* What a sparse-space engine knows that its values alone no longer tell once they are dropped:
 * the mask, the rare positions and their values, the count of each value (hist[v], v < nhist;
 * NULL: count them in the store). */
typedef struct {
    uint64_t mask;
    const uint64_t *rare;
    const sg_value_t *rare_val;
    size_t nrare;
    const uint64_t *hist;
    size_t nhist;
} sg__family_stats_t;

/* What the driver asks of a family. `state` is the family's own (its game and engine); every
 * function gets the one made by its create (in the family's file, behind its public
 * constructor) or its open (a checkpoint's game). Values are appended to the store in order;
 * the driver reserves room for the whole run first. */
typedef struct {
    /* the game's canonical code (sg_sequence_game): SG_OK, or SG_ERANGE when it is truncated */
    int (*code)(const void *state, char *buf, size_t size);
    /* a state for the game of canonical code `code` (a checkpoint's): SG_OK; SG_EGAME when
     * the family has no game of that code; SG_ENOMEM */
    int (*open)(void **state, const char *code);
    void (*free)(void *state);
    /* NULL, or told where the values are after they move, widen or slide (the store's
     * `moved`) */
    void (*moved)(void *state, const sg__values_t *v);
    /* threads a run may use: SG_OK, or SG_EINVAL when the family cannot use that many */
    int (*threads)(void *state, unsigned threads);
    /* a run to `count` values starts (scratch, threads), goes on up to `upto` (it may stop
     * early, and may go past upto but not past count), and ends (always, after a begin that
     * succeeded) */
    int (*begin)(void *state, sg__values_t *v, uint64_t count);
    int (*next)(void *state, sg__values_t *v, uint64_t upto);
    void (*end)(void *state);
    /* the proof hook: 1 when G(n + per) == G(n) is proven for every n >= pre (the driver then
     * copies whole periods rather than ask for values), 0 otherwise */
    int (*period)(const void *state, uint64_t *pre, uint64_t *per);
    /* after a load: the engine takes over the values stored */
    int (*resume)(void *state, const sg__values_t *v);
    /* a bound on G(n): a larger value is no checkpoint of this game */
    uint64_t (*bound)(const void *state, uint64_t n);
    /* the engine's state in a checkpoint: its size (at most SG__FAMILY_STATE_MAX), written
     * out, and read back (SG_OK, or SG_EFORMAT when it does not agree with the values) */
    size_t (*state_size)(const void *state);
    void (*state_out)(const void *state, unsigned char *buf);
    int (*state_in)(void *state, const unsigned char *buf, size_t size, const sg__values_t *v);
    /* NULL when the family keeps every value; else windowed runs (window.c): a window of
     * `size` values asked for (0: none, SG_SEQUENCE_WINDOW_AUTO: chosen by the run), SG_OK or
     * SG_EINVAL */
    int (*window)(void *state, sg__values_t *v, uint64_t size);
    /* NULL, or the engine's statistics for a snapshot (its arrays stay the family's) */
    void (*stats)(const void *state, sg__family_stats_t *out);
} sg__family_t;

/* the engine state of a checkpoint: at most this many bytes (a windowed run's bookkeeping) */
#define SG__FAMILY_STATE_MAX ((size_t)1 << 30)

/* families.c: the i-th family a checkpoint may hold, NULL past the last */
SG__PRIVATE const sg__family_t *sg__family(size_t i);

/* ---- sequence.c: the driver ------------------------------------------------------------- */

struct sg_sequence {
    const sg__family_t *family;
    void *state;             /* the family's */
    sg__values_t values;
};

/* A new empty sequence of `family` in *seq, which takes over `state` (freed on failure too):
 * SG_OK; SG_EINVAL (NULL seq); `made` when it is not SG_OK (the state could not be made, and
 * *seq is NULL); SG_ENOMEM. */
SG__PRIVATE int sg__sequence_new(sg_sequence_t **seq, const sg__family_t *family, void *state,
                                 int made);

#endif /* SG_LONGRUN_H */
