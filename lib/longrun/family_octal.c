#include "../common/sg_internal.h"
#include "../games/octal.h"
#include "longrun.h"
#include "octal_threads.h"

#include <stdlib.h>

/* Long runs of take-and-break games over the exact value engine and its prover (octal.c,
 * octal_period.c): during a run the engine works on a four-byte copy of the values, and once
 * the periodicity theorem proves a period the driver copies whole periods. */

typedef struct {
    sg_octal_t game;             /* a copy: the caller's may be freed */
    sg__octal_prover_t prover;   /* prover.run.n == the values held, unless they were loaded */
    sg_value_t *G;               /* during a run: G(0 .. count-1) in four bytes each */
    uint64_t pre, per;           /* the period a loaded checkpoint's state claimed (per 0: none) */
    unsigned threads;            /* 1, or 2: groups on two threads where they help */
    sg__ot_t *ot;                /* during a run on two threads */
} sg__fo_t;

static int sg__fo_make(void **state, const sg_octal_t *game)
{
    sg__fo_t *o = (sg__fo_t *)calloc(1, sizeof *o);
    *state = NULL;
    if (o == NULL) return SG_ENOMEM;
    o->game = *game;
    o->threads = 1;
    sg__octal_prover_init(&o->prover, &o->game);
    *state = o;
    return SG_OK;
}

static void sg__fo_free(void *state)
{
    sg__fo_t *o = (sg__fo_t *)state;
    if (o == NULL) return;
    sg__ot_stop(o->ot, &o->prover.run);
    sg__octal_prover_release(&o->prover);
    free(o->G);
    free(o);
}

static int sg__fo_code(const void *state, char *buf, size_t size)
{
    return sg_octal_format(&((const sg__fo_t *)state)->game, buf, size);
}

/* a checkpoint's code is canonical (as sg_octal_format writes it): "0.070" is no code of ours */
static int sg__fo_open(void **state, const char *code)
{
    char canon[SG_SEQUENCE_GAME_MAX];
    sg_octal_t *game = NULL;
    int st;
    *state = NULL;
    if ((st = sg_octal_parse(code, &game)) != SG_OK) return st == SG_ENOMEM ? st : SG_EGAME;
    if (sg_octal_format(game, canon, sizeof canon) != SG_OK || strcmp(code, canon) != 0)
        st = SG_EFORMAT;
    else
        st = sg__fo_make(state, game);
    sg_octal_free(game);
    return st;
}

static int sg__fo_threads(void *state, unsigned threads)
{
    if (threads != 1 && (threads != 2 || !sg__ot_supported())) return SG_EINVAL;
    ((sg__fo_t *)state)->threads = threads;
    return SG_OK;
}

static int sg__fo_begin(void *state, sg__values_t *v, uint64_t count)
{
    sg__fo_t *o = (sg__fo_t *)state;
    uint64_t n;
    int st;
    if (o->prover.proven) return SG_OK;   /* the driver copies */
    if (count > SIZE_MAX / sizeof *o->G ||
        (o->G = (sg_value_t *)malloc((size_t)count * sizeof *o->G)) == NULL)
        return SG_ENOMEM;
    for (n = 0; n < v->count; n++) o->G[n] = sg__values_at(v, n);
    /* loaded, or the engine ran ahead of what was stored */
    if (o->prover.run.n != v->count &&
        (st = sg__octal_prover_resume(&o->prover, o->G, v->count)) != SG_OK) {
        free(o->G);
        o->G = NULL;
        return st;
    }
    o->prover.run.room = count;   /* the engine's copies sized for the run, not doubled past */
    /* the second thread lives for this run only; without memory for it, one thread does */
    if (o->threads == 2 && o->game.parts == 2 && sg__ot_start(&o->ot, &o->prover.run) != SG_OK)
        o->ot = NULL;
    return SG_OK;
}

static int sg__fo_next(void *state, sg__values_t *v, uint64_t upto)
{
    sg__fo_t *o = (sg__fo_t *)state;
    int ran = sg__octal_prover_run(&o->prover, o->G, upto), st = SG_OK;
    uint64_t n;
    for (n = v->count; n < o->prover.run.n && st == SG_OK; n++)
        st = sg__values_push(v, o->G[n]);
    return st != SG_OK ? st : ran;
}

static void sg__fo_end(void *state)
{
    sg__fo_t *o = (sg__fo_t *)state;
    sg__ot_stop(o->ot, &o->prover.run);
    o->ot = NULL;
    free(o->G);
    o->G = NULL;
}

static int sg__fo_period(const void *state, uint64_t *pre, uint64_t *per)
{
    const sg__fo_t *o = (const sg__fo_t *)state;
    *pre = o->prover.pre;
    *per = o->prover.per;
    return o->prover.proven;
}

/* the engine takes the values over at the next begin, from a four-byte copy */
static int sg__fo_resume(void *state, const sg__values_t *v)
{
    (void)state;
    (void)v;
    return SG_OK;
}

/* the number of options of a heap of n (a bound on G(n)), or more */
static uint64_t sg__fo_bound(const void *state, uint64_t n)
{
    const sg_octal_t *g = &((const sg__fo_t *)state)->game;
    uint64_t per = 2 + n / 2;
    if (g->parts == 3) {
        if (n >= (uint64_t)1 << 31) return UINT64_MAX;
        per += n * n;
    }
    return per > UINT64_MAX / (g->t + 1) ? UINT64_MAX : per * (g->t + 1);
}

/* The state: the period proven so far (preperiod, period; 0, 0 when none), so that a file
 * disagreeing with it is found out. It is no proof: a resumed run proves it again from the
 * values at once (the theorem is tried first thing); until then a loaded claim that agrees
 * with the values is kept, so a loaded checkpoint saves to the same bytes. */
#define SG__FO_STATE 16

static size_t sg__fo_state_size(const void *state)
{
    (void)state;
    return SG__FO_STATE;
}

static void sg__fo_state_out(const void *state, unsigned char *buf)
{
    const sg__fo_t *o = (const sg__fo_t *)state;
    uint64_t pre = o->prover.proven ? o->prover.pre : o->pre;
    uint64_t per = o->prover.proven ? o->prover.per : o->per;
    memcpy(buf, &pre, 8);
    memcpy(buf + 8, &per, 8);
}

static int sg__fo_state_in(void *state, const unsigned char *buf, size_t size,
                           const sg__values_t *v)
{
    sg__fo_t *o = (sg__fo_t *)state;
    uint64_t pre, per, n;
    if (size != SG__FO_STATE) return SG_EFORMAT;
    memcpy(&pre, buf, 8);
    memcpy(&per, buf + 8, 8);
    if (per == 0) return pre == 0 ? SG_OK : SG_EFORMAT;
    if (pre > v->count || per > v->count - pre) return SG_EFORMAT;
    for (n = pre; n + per < v->count; n++)
        if (sg__values_at(v, n) != sg__values_at(v, n + per)) return SG_EFORMAT;
    o->pre = pre;
    o->per = per;
    return SG_OK;
}

static const sg__family_t sg__fo_family = {
    sg__fo_code,   sg__fo_open,  sg__fo_free,       NULL,              sg__fo_threads,
    sg__fo_begin,  sg__fo_next,  sg__fo_end,        sg__fo_period,     sg__fo_resume,
    sg__fo_bound,  sg__fo_state_size, sg__fo_state_out, sg__fo_state_in, NULL,
    NULL};

/* listed in families.c */
SG__PRIVATE const sg__family_t *sg__family_octal(void);
const sg__family_t *sg__family_octal(void) { return &sg__fo_family; }

int sg_sequence_create_octal(sg_sequence_t **seq, const sg_octal_t *game)
{
    void *state = NULL;
    int made = game == NULL ? SG_EINVAL : seq != NULL ? sg__fo_make(&state, game) : SG_OK;
    return sg__sequence_new(seq, &sg__fo_family, state, made);
}
