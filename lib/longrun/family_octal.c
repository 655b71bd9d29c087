#include "../common/sg_internal.h"
#include "../games/octal/take_break.h"
#include "../games/octal/window_step.h"
#include "longrun.h"
#include "octal_threads.h"

#include <stdlib.h>

/* Long runs of take-and-break games over the exact value engine and its prover (octal.c,
 * octal_period.c): during a run the engine keeps the values in its own typed copies (a byte or
 * two each while they fit), the store's block lent as its forward copy while their widths agree
 * (sg__fo_lend), and once the periodicity theorem proves a period the driver copies whole
 * periods.
 *
 * A windowed run (sg_sequence_set_window, games with at most two parts) runs the value engine
 * alone, with no proof of a period, on its own typed copies as long as the window waits (room
 * up to the count where it may start, not the run's end; the store, which grows as it goes
 * then, lends it nothing); then the store drops values and each value comes
 * from the windowed step of octal_window.c, which reads the store where it is, so that nothing
 * is kept per value but the store's one or two bytes. Its window starts as Grundy's game's does
 * (family_grundy_game.c): once 2W values are known, and only if every rare position so far, under
 * the mask chosen then, is below W; an automatic one by sg__window_auto (window.c). */
typedef struct {
    sg_octal_t game;             /* a copy: the caller's may be freed */
    sg__octal_prover_t prover;   /* prover.run.n == the values held, unless they were loaded */
    uint64_t pre, per;           /* the period a loaded checkpoint's state claimed (per 0: none) */
    unsigned threads;            /* 1, or 2: groups on two threads where they help */
    sg__ot_t *ot;                /* during a run on two threads */
    /* windowed runs */
    uint64_t window;             /* asked for: 0 (none), a size, or SG_SEQUENCE_WINDOW_AUTO */
    uint64_t check;              /* an automatic window is looked at when the count reaches this */
    sg__ow_t *win;               /* non-NULL once the window has started: the store drops values */
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
    sg__ow_free(o->win);
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

/* ---- the windowed branch ----------------------------------------------------------------- */

static void sg__fo_held(const sg__values_t *v, sg__ow_held_t *h)
{
    h->data = sg__values_data(v);
    h->width = v->width;
    h->pre = v->pre;
    h->base = v->base;
    h->count = v->count;
}

/* where the window may start next: the run's value engine goes no further before */
static uint64_t sg__fo_win_stop(const sg__fo_t *o)
{
    return o->window == SG_SEQUENCE_WINDOW_AUTO ? o->check : 2 * o->window;
}

/* A fresh value engine (the one of a waiting window let go). */
static void sg__fo_fresh(sg__fo_t *o)
{
    sg__octal_prover_release(&o->prover);
    sg__octal_prover_init(&o->prover, &o->game);
}

/* The store's values as the engine reads them (a byte, two or four each) */
static const sg__vals_t *sg__fo_vals(const sg__values_t *v, sg__vals_t *out)
{
    out->g8 = v->width == 1 ? v->g8 : NULL;
    out->g16 = v->width == 2 ? v->g16 : NULL;
    out->g32 = v->g32;
    return out;
}

/* The window starts when it is time (as sg__fgg_start): the engine of octal_window.c takes
 * over from every value, the store gives back what it drops, the value engine is let go.
 * SG_EWINDOW when a rare position is past the prefix. */
static int sg__fo_win_start(sg__fo_t *o, sg__values_t *v)
{
    sg__ow_t *w = NULL;
    sg__ow_held_t h;
    uint64_t keep = o->window;
    int st;
    if (keep == SG_SEQUENCE_WINDOW_AUTO ? v->count < o->check : v->count < 2 * keep)
        return SG_OK;
    if ((st = sg__ow_create(&w, &o->game)) != SG_OK) return st;
    sg__fo_held(v, &h);
    if ((st = sg__ow_start(w, &h)) == SG_OK && keep == SG_SEQUENCE_WINDOW_AUTO) {
        while (o->check <= v->count && o->check <= UINT64_MAX / 2) o->check *= 2;
        if (!sg__window_auto(o->check / 2, w->nrare > 0 ? w->rare[w->nrare - 1] + 1 : 0,
                             &keep)) {
            sg__ow_free(w);
            return SG_OK;
        }
    }
    if (st == SG_OK && w->nrare > 0 && w->rare[w->nrare - 1] >= keep) st = SG_EWINDOW;
    if (st == SG_OK) {
        v->keep = keep;
        if ((st = sg__values_start_window(v)) != SG_OK) v->keep = o->window;
    }
    if (st != SG_OK) {
        sg__ow_free(w);
        return st;
    }
    o->win = w;
    sg__fo_fresh(o);   /* the engine's copies: the store alone holds values now */
    return SG_OK;
}

static int sg__fo_win_begin(sg__fo_t *o, sg__values_t *v, uint64_t count)
{
    sg__vals_t held;
    uint64_t stop = sg__fo_win_stop(o);
    int st;
    if (o->win != NULL) return SG_OK;
    /* loaded, or the engine ran ahead of what was stored: a fresh engine takes the values */
    if (o->prover.run.n != v->count &&
        (st = sg__octal_prover_resume(&o->prover, sg__fo_vals(v, &held), v->count, 1)) != SG_OK)
        return st;
    o->prover.run.room = count < stop ? count : stop;   /* the copies: to the stop at most */
    return SG_OK;
}

static int sg__fo_win_next(sg__fo_t *o, sg__values_t *v, uint64_t upto)
{
    sg__ow_held_t h;
    sg__vals_t G;
    sg_value_t x;
    uint64_t n, to;
    int st = SG_OK;
    while (v->count < upto && st == SG_OK) {
        if (o->win == NULL && (st = sg__fo_win_start(o, v)) != SG_OK) break;
        if (o->win == NULL) {   /* the value engine, up to where the window may start */
            to = sg__fo_win_stop(o);
            if (to > upto || to <= v->count) to = upto;
            if ((st = sg__octal_run(&o->prover.run, NULL, to)) != SG_OK) break;
            sg__octal_run_vals(&o->prover.run, &G);
            for (n = v->count; n < o->prover.run.n && st == SG_OK; n++)
                st = sg__values_push(v, sg__vals_at(&G, n));
            continue;
        }
        sg__fo_held(v, &h);
        if ((st = sg__ow_next(o->win, &h, &x)) != SG_OK) break;
        if ((st = sg__values_push(v, x)) == SG_OK) sg__ow_account(o->win, x);
    }
    return st;
}

/* ---- the run ------------------------------------------------------------------------------ */

/* The store's block is the engine's forward copy while the widths agree (a value a byte or two,
 * not four): the values are held once beside the reversed copy. Not in a windowed run (its
 * store grows as it goes, then slides its values). */
static void sg__fo_lend(sg__fo_t *o, const sg__values_t *v)
{
    if (o->window == 0 && v->keep == 0 && v->pre == 0 && v->width < 4)
        sg__octal_run_lend(&o->prover.run, sg__values_data(v), v->width, v->cap, v->count);
    else
        (void)sg__octal_run_unlend(&o->prover.run);   /* nothing to copy: no copy is lent */
}

static void sg__fo_moved(void *state, const sg__values_t *v) { sg__fo_lend((sg__fo_t *)state, v); }

static int sg__fo_begin(void *state, sg__values_t *v, uint64_t count)
{
    sg__fo_t *o = (sg__fo_t *)state;
    sg__vals_t held;
    int st;
    if (o->window != 0) return sg__fo_win_begin(o, v, count);
    if (o->prover.proven || o->prover.grows) return SG_OK;   /* the driver copies, next adds */
    /* loaded (the store holds every value: no window), or the engine ran ahead of the store */
    if (o->prover.run.n != v->count &&
        (st = sg__octal_prover_resume(&o->prover, sg__fo_vals(v, &held), v->count, 1)) != SG_OK)
        return st;
    sg__fo_lend(o, v);
    o->prover.run.room = count;   /* the engine's copies sized for the run, not doubled past */
    /* the second thread lives for this run only; without memory for it, one thread does */
    if (o->threads == 2 && o->game.parts == 2 && sg__ot_start(&o->ot, &o->prover.run) != SG_OK)
        o->ot = NULL;
    return SG_OK;
}

/* Three parts, once the prover has proven G(n + q) == G(n) + saltus (octal_saltus.c; not in a
 * checkpoint: a resumed run's prover tries it first thing, from the values): each value is that
 * one addition, the engine's cubic time gone. */
static int sg__fo_grow(const sg__fo_t *o, sg__values_t *v, uint64_t upto)
{
    const sg__octal_saltus_t *ap = &o->prover.ap;
    sg_value_t x;
    uint64_t n;
    int st = SG_OK;
    for (n = v->count; n < upto && st == SG_OK; n++) {   /* n >= n0 + q */
        x = sg__values_at(v, n - ap->q);
        st = x > UINT32_MAX - ap->saltus ? SG_ERANGE : sg__values_push(v, x + ap->saltus);
    }
    return st;
}

static int sg__fo_next(void *state, sg__values_t *v, uint64_t upto)
{
    sg__fo_t *o = (sg__fo_t *)state;
    int ran = SG_OK, st = SG_OK;
    sg__vals_t G;
    uint64_t n;
    if (o->window != 0) return sg__fo_win_next(o, v, upto);
    if (!o->prover.grows) {
        ran = sg__octal_prover_run(&o->prover, NULL, upto);
        sg__octal_run_vals(&o->prover.run, &G);
        for (n = v->count; n < o->prover.run.n && st == SG_OK; n++)
            st = sg__values_push(v, sg__vals_at(&G, n));
        if (st == SG_OK) sg__fo_lend(o, v);   /* a store that widened holds the values now */
    }
    if (st == SG_OK && ran == SG_OK && o->prover.grows) st = sg__fo_grow(o, v, upto);
    return st != SG_OK ? st : ran;
}

static void sg__fo_end(void *state)
{
    sg__fo_t *o = (sg__fo_t *)state;
    sg__ot_stop(o->ot, &o->prover.run);
    o->ot = NULL;
}

static int sg__fo_period(const void *state, uint64_t *pre, uint64_t *per)
{
    const sg__fo_t *o = (const sg__fo_t *)state;
    if (o->window != 0) return 0;   /* a windowed run proves nothing */
    *pre = o->prover.pre;
    *per = o->prover.per;
    return o->prover.proven;
}

/* the engine takes the values over at the next begin, from the store */
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
 * with the values is kept, so a loaded checkpoint saves to the same bytes. A windowed run's
 * (no period: 0, 0) goes on with the window asked for and the next check, and once the window
 * has started, the bookkeeping of octal_window.c. */
#define SG__FO_STATE 16
#define SG__FO_STATE_WINDOW 32

static size_t sg__fo_state_size(const void *state)
{
    const sg__fo_t *o = (const sg__fo_t *)state;
    if (o->window == 0) return SG__FO_STATE;
    return SG__FO_STATE_WINDOW + (o->win != NULL ? sg__ow_state_size(o->win) : 0);
}

static void sg__fo_state_out(const void *state, unsigned char *buf)
{
    const sg__fo_t *o = (const sg__fo_t *)state;
    uint64_t pre = o->prover.proven ? o->prover.pre : o->pre;
    uint64_t per = o->prover.proven ? o->prover.per : o->per;
    if (o->window != 0) pre = per = 0;
    memcpy(buf, &pre, 8);
    memcpy(buf + 8, &per, 8);
    if (o->window == 0) return;
    memcpy(buf + 16, &o->window, 8);
    memcpy(buf + 24, &o->check, 8);
    if (o->win != NULL) sg__ow_state_out(o->win, buf + SG__FO_STATE_WINDOW);
}

/* a windowed run's state (size > SG__FO_STATE): the window's words agree with the store's */
static int sg__fo_state_window(sg__fo_t *o, const unsigned char *buf, size_t size,
                               const sg__values_t *v)
{
    sg__ow_held_t h;
    sg__ow_t *w = NULL;
    uint64_t window, check;
    int st;
    if (size < SG__FO_STATE_WINDOW || o->game.parts != 2) return SG_EFORMAT;
    memcpy(&window, buf + 16, 8);
    memcpy(&check, buf + 24, 8);
    if (window == 0 || (window != SG_SEQUENCE_WINDOW_AUTO && window < SG_SEQUENCE_WINDOW_MIN) ||
        check < SG__WINDOW_AUTO_FIRST || (check & (check - 1)) != 0)
        return SG_EFORMAT;
    if (size == SG__FO_STATE_WINDOW) {
        if (v->pre != 0 || v->keep != window) return SG_EFORMAT;
    } else {
        if (v->pre < SG_SEQUENCE_WINDOW_MIN || v->keep != v->pre ||
            (window != SG_SEQUENCE_WINDOW_AUTO && window != v->keep))
            return SG_EFORMAT;
        if ((st = sg__ow_create(&w, &o->game)) != SG_OK) return st;
        sg__fo_held(v, &h);
        if ((st = sg__ow_state_in(w, buf + SG__FO_STATE_WINDOW, size - SG__FO_STATE_WINDOW,
                                  &h)) != SG_OK) {
            sg__ow_free(w);
            return st;
        }
    }
    o->window = window;
    o->check = check;
    o->win = w;
    return SG_OK;
}

static int sg__fo_state_in(void *state, const unsigned char *buf, size_t size,
                           const sg__values_t *v)
{
    sg__fo_t *o = (sg__fo_t *)state;
    uint64_t pre, per, n;
    if (size < SG__FO_STATE) return SG_EFORMAT;
    memcpy(&pre, buf, 8);
    memcpy(&per, buf + 8, 8);
    if (size != SG__FO_STATE)
        return pre == 0 && per == 0 ? sg__fo_state_window(o, buf, size, v) : SG_EFORMAT;
    if (v->keep != 0 || v->pre != 0) return SG_EFORMAT;
    if (per == 0) return pre == 0 ? SG_OK : SG_EFORMAT;
    if (pre > v->count || per > v->count - pre) return SG_EFORMAT;
    for (n = pre; n + per < v->count; n++)
        if (sg__values_at(v, n) != sg__values_at(v, n + per)) return SG_EFORMAT;
    o->pre = pre;
    o->per = per;
    return SG_OK;
}

/* Windowed runs: games with at most two parts (the sparse-space step of octal_window.c). A new
 * size starts the value engine afresh from the store at the next run (the prover's matches and
 * checks are those of a run without a window, and the other way round). */
static int sg__fo_window(void *state, sg__values_t *v, uint64_t size)
{
    sg__fo_t *o = (sg__fo_t *)state;
    if (o->win != NULL) return size == o->window ? SG_OK : SG_EINVAL;   /* dropped stay so */
    if (o->game.parts != 2) return SG_EINVAL;
    if (size != 0 && size != SG_SEQUENCE_WINDOW_AUTO && size < SG_SEQUENCE_WINDOW_MIN)
        return SG_ERANGE;
    if (size != o->window) {
        sg__octal_prover_release(&o->prover);
        sg__octal_prover_init(&o->prover, &o->game);
        o->pre = o->per = 0;
    }
    o->window = size;
    o->check = SG__WINDOW_AUTO_FIRST;
    v->keep = size;   /* a store with a window to come grows as it goes */
    return SG_OK;
}

/* once the window has started: the engine's histogram, mask and rare positions */
static void sg__fo_stats(const void *state, sg__family_stats_t *out)
{
    const sg__ow_t *w = ((const sg__fo_t *)state)->win;
    if (w == NULL) return;   /* every value held: counted by the caller */
    out->mask = w->mask;
    out->rare = w->rare;
    out->rare_val = w->rare_val;
    out->nrare = w->nrare;
    out->hist = w->hist;
    out->nhist = (size_t)w->range;
}

static const sg__family_t sg__fo_family = {
    sg__fo_code,   sg__fo_open,  sg__fo_free,       sg__fo_moved,      sg__fo_threads,
    sg__fo_begin,  sg__fo_next,  sg__fo_end,        sg__fo_period,     sg__fo_resume,
    sg__fo_bound,  sg__fo_state_size, sg__fo_state_out, sg__fo_state_in, sg__fo_window,
    sg__fo_stats};

/* listed in families.c */
SG__PRIVATE const sg__family_t *sg__family_octal(void);
const sg__family_t *sg__family_octal(void) { return &sg__fo_family; }

int sg_sequence_create_octal(sg_sequence_t **seq, const sg_octal_t *game)
{
    void *state = NULL;
    int made = game == NULL ? SG_EINVAL : seq != NULL ? sg__fo_make(&state, game) : SG_OK;
    return sg__sequence_new(seq, &sg__fo_family, state, made);
}
