/* Long runs (lib/longrun): the value store (values.c), the families a sequence can compute
 * (family_*.c, listed in families.c), the driver (sequence.c) and the checkpoint file
 * (checkpoint.c). Private to lib/: never installed. */
#ifndef SG_LONGRUN_H
#define SG_LONGRUN_H

#include "../common/sg_internal.h"

/* ---- values.c: G(0 .. count-1) in one byte each while below 256, then two, then four ------- */

typedef struct {
    unsigned width;          /* 1, 2 or 4: which of g8, g16, g32 holds the values */
    unsigned char *g8;
    uint16_t *g16;
    sg_value_t *g32;
    uint64_t count, cap;     /* values held, values room */
    /* called after the values move or widen (an engine that reads them where they are) */
    void (*moved)(void *user, const unsigned char *g8, const uint16_t *g16,
                  const sg_value_t *g32);
    void *user;
} sg__values_t;

SG__PRIVATE void sg__values_init(sg__values_t *v);
SG__PRIVATE void sg__values_release(sg__values_t *v);
/* the block of values in use (width bytes each) */
SG__PRIVATE void *sg__values_data(const sg__values_t *v);
/* room for `need` values (geometric growth; SG_ENOMEM leaves the values as they were) */
SG__PRIVATE int sg__values_reserve(sg__values_t *v, uint64_t need);
/* `width` bytes a value from now on (2 or 4, more than now) */
SG__PRIVATE int sg__values_widen(sg__values_t *v, unsigned width);
/* G(count) = x, widening first when it does not fit; room must be reserved */
SG__PRIVATE int sg__values_push(sg__values_t *v, sg_value_t x);

SG__INLINE sg_value_t sg__values_at(const sg__values_t *v, uint64_t i)
{
    return v->width == 1 ? v->g8[i] : v->width == 2 ? v->g16[i] : v->g32[i];
}

/* ---- the families: one file each, one entry in families.c -------------------------------- */

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
    /* NULL, or told where the values are after they move or widen (the store's `moved`) */
    void (*moved)(void *state, const unsigned char *g8, const uint16_t *g16,
                  const sg_value_t *g32);
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
} sg__family_t;

#define SG__FAMILY_STATE_MAX 256

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
