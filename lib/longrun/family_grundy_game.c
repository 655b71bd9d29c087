#include "../common/sg_internal.h"
#include "../games/grundy/gg_core.h"
#include "longrun.h"

#include <stdlib.h>

/* Long runs of Grundy's game (split a heap into two unequal heaps) over its engine, sg__gg_*:
 * the engine reads the values where the store keeps them, in whatever width, and on request
 * a second thread computes groups of positions with the first.
 *
 * A windowed run (sg_sequence_set_window) keeps G(0 .. W-1) and the last W values. Every value
 * of a position n is then found from the splits with a rare part r (r < W: n - r is in the
 * window) and from the searches of gg_engine.c among the splits held, as long as it is common;
 * a rare value would need every split, so a rare position past the prefix stops the run
 * (SG_EWINDOW), as does any value the splits held cannot settle. The window starts once 2W
 * values are known, and only if every rare position so far is below W; the mask is kept from
 * then on. An automatic window (sg__window_auto, window.c) starts at the first power of two from
 * 2^27 on at which every rare position so far is in the first half of the values, with that
 * half for its size: for Grundy's game, whose rare positions end at 48399022 as far as
 * computed, a window of 2^26 from 2^27 on. (An earlier rule started a window of 2^20 at 2^21;
 * it stopped at n = 47342435, before the rare positions from 47461861 on. Its checkpoints
 * still load: their next check, 2^21 or more, goes on under this rule.) */

#define SG__FGG_CODE "grundy-game"
#define SG__FGG_THREADS_FROM 4096u   /* values a run must ask for to start a second thread */
#define SG__FGG_STATE_HEAD 16                    /* the window asked for, the next check */

typedef struct {
    sg__gg_t *engine;
    unsigned threads;        /* threads a run uses: 1 or 2 */
    uint64_t count;          /* the end of the run under way */
    uint64_t window;         /* asked for: 0 (none), a size, or SG_SEQUENCE_WINDOW_AUTO */
    uint64_t check;          /* an automatic window is looked at when the count reaches this */
    int active;              /* the store drops values */
} sg__fgg_t;

static void sg__fgg_free(void *state)
{
    sg__fgg_t *g = (sg__fgg_t *)state;
    if (g == NULL) return;
    if (g->engine != NULL) sg__gg_threads(g->engine, 1);   /* the engine knows no threads */
    sg__gg_free(g->engine);
    free(g);
}

static int sg__fgg_make(void **state)
{
    sg__fgg_t *g = (sg__fgg_t *)calloc(1, sizeof *g);
    int st;
    *state = NULL;
    if (g == NULL) return SG_ENOMEM;
    g->threads = 1;
    if ((st = sg__gg_create(&g->engine)) != SG_OK) {
        free(g);
        return st;
    }
    *state = g;
    return SG_OK;
}

static int sg__fgg_code(const void *state, char *buf, size_t size)
{
    size_t len = sizeof SG__FGG_CODE - 1;
    (void)state;
    if (len < size) {
        memcpy(buf, SG__FGG_CODE, len + 1);
        return SG_OK;
    }
    if (size > 0) {
        memcpy(buf, SG__FGG_CODE, size - 1);
        buf[size - 1] = '\0';
    }
    return SG_ERANGE;
}

static int sg__fgg_open(void **state, const char *code)
{
    *state = NULL;
    return strcmp(code, SG__FGG_CODE) == 0 ? sg__fgg_make(state) : SG_EGAME;
}

static int sg__fgg_threads(void *state, unsigned threads)
{
    if (threads != 1 && (threads != 2 || !sg__gg_threads_supported())) return SG_EINVAL;
    ((sg__fgg_t *)state)->threads = threads;
    return SG_OK;
}

static void sg__fgg_moved(void *user, const sg__values_t *v)
{
    sg__gg_attach(((sg__fgg_t *)user)->engine, v->g8, v->g16, v->g32, v->pre, v->base);
}

static int sg__fgg_window(void *state, sg__values_t *v, uint64_t size)
{
    sg__fgg_t *g = (sg__fgg_t *)state;
    if (g->active) return size == g->window ? SG_OK : SG_EINVAL;   /* dropped values stay so */
    if (size != 0 && size != SG_SEQUENCE_WINDOW_AUTO && size < SG_SEQUENCE_WINDOW_MIN)
        return SG_ERANGE;
    g->window = size;
    g->check = SG__WINDOW_AUTO_FIRST;
    v->keep = size;   /* a store with a window to come grows as it goes */
    return SG_OK;
}

/* The window starts when it is time: the store gives back what it drops, the engine keeps its
 * mask. SG_EWINDOW when a rare position is past the prefix. */
static int sg__fgg_start(sg__fgg_t *g, sg__values_t *v)
{
    const sg__gg_t *e = g->engine;
    uint64_t keep = g->window;
    int st;
    if (keep == SG_SEQUENCE_WINDOW_AUTO) {
        if (v->count < g->check) return SG_OK;
        while (g->check <= v->count && g->check <= UINT64_MAX / 2) g->check *= 2;
        if (!sg__window_auto(g->check / 2, e->nrare > 0 ? e->rare[e->nrare - 1] + 1 : 0, &keep))
            return SG_OK;
    } else if (v->count < 2 * keep) {
        return SG_OK;
    }
    if (e->nrare > 0 && e->rare[e->nrare - 1] >= keep) return SG_EWINDOW;
    v->keep = keep;
    if ((st = sg__values_start_window(v)) != SG_OK) {
        v->keep = g->window;
        return st;
    }
    sg__gg_freeze(g->engine);
    g->active = 1;
    return SG_OK;
}

static int sg__fgg_begin(void *state, sg__values_t *v, uint64_t count)
{
    sg__fgg_t *g = (sg__fgg_t *)state;
    g->count = count;
    /* the second thread lives for this run only: none is left behind when it returns; a thread
     * costs tens of microseconds to start, more than a few values are worth */
    if (g->threads == 2 && count - v->count >= SG__FGG_THREADS_FROM)
        sg__gg_threads(g->engine, 2);
    return SG_OK;
}

static int sg__fgg_next(void *state, sg__values_t *v, uint64_t upto)
{
    sg__fgg_t *g = (sg__fgg_t *)state;
    int st = SG_OK;
    while (v->count < upto && st == SG_OK) {
        uint64_t n = v->count;
        if (g->window != 0 && !g->active && (st = sg__fgg_start(g, v)) != SG_OK) break;
        sg_value_t x[SG__GG_GROUP];
        unsigned got, i;
        /* a group may pass upto (values come a few at a time), never the run's end */
        if (n + 1 < g->count) st = sg__gg_next_group(g->engine, n, g->count - n, x, &got);
        else st = sg__gg_next(g->engine, n, x), got = 1;
        for (i = 0; i < got && st == SG_OK; i++) st = sg__values_push(v, x[i]);
    }
    return st;
}

static void sg__fgg_end(void *state) { sg__gg_threads(((sg__fgg_t *)state)->engine, 1); }

static int sg__fgg_period(const void *state, uint64_t *pre, uint64_t *per)
{
    (void)state;
    (void)pre;
    (void)per;
    return 0;   /* none known: an open problem */
}

static int sg__fgg_resume(void *state, const sg__values_t *v)
{
    sg__fgg_t *g = (sg__fgg_t *)state;
    if (g->active) return SG_OK;   /* the state read back is the engine's whole bookkeeping */
    if (v->pre != 0) return SG_EFORMAT;
    return sg__gg_resume(g->engine, v->count);
}

/* a heap of n has (n - 1) / 2 splits, so G(n) <= (n - 1) / 2 */
static uint64_t sg__fgg_bound(const void *state, uint64_t n)
{
    (void)state;
    return n / 2;
}

/* With every value held, the engine rebuilds all it keeps from them (no state, as in format 2);
 * a window asked for is recorded, and once it has started, the engine's bookkeeping too. */
static size_t sg__fgg_state_size(const void *state)
{
    const sg__fgg_t *g = (const sg__fgg_t *)state;
    if (g->window == 0) return 0;
    return SG__FGG_STATE_HEAD + (g->active ? sg__gg_state_size(g->engine) : 0);
}

static void sg__fgg_state_out(const void *state, unsigned char *buf)
{
    const sg__fgg_t *g = (const sg__fgg_t *)state;
    if (g->window == 0) return;
    memcpy(buf, &g->window, 8);
    memcpy(buf + 8, &g->check, 8);
    if (g->active) sg__gg_state_out(g->engine, buf + SG__FGG_STATE_HEAD);
}

static int sg__fgg_state_in(void *state, const unsigned char *buf, size_t size,
                            const sg__values_t *v)
{
    sg__fgg_t *g = (sg__fgg_t *)state;
    const sg__gg_t *e = g->engine;
    uint64_t window, check, i;
    size_t r;
    int st;
    if (size == 0) return v->pre == 0 && v->keep == 0 ? SG_OK : SG_EFORMAT;
    if (size < SG__FGG_STATE_HEAD) return SG_EFORMAT;
    memcpy(&window, buf, 8);
    memcpy(&check, buf + 8, 8);
    if (window == 0 || (window != SG_SEQUENCE_WINDOW_AUTO && window < SG_SEQUENCE_WINDOW_MIN) ||
        check < SG__WINDOW_AUTO_OLD || (check & (check - 1)) != 0)
        return SG_EFORMAT;
    g->window = window;
    g->check = check;
    if (size == SG__FGG_STATE_HEAD)
        return v->pre == 0 && v->keep == window ? SG_OK : SG_EFORMAT;
    /* started: the store's window and the engine's bookkeeping agree with the values held */
    if (v->pre == 0 || v->pre < SG_SEQUENCE_WINDOW_MIN || v->keep != v->pre ||
        (window != SG_SEQUENCE_WINDOW_AUTO && window != v->keep))
        return SG_EFORMAT;
    if ((st = sg__gg_state_in(g->engine, buf + SG__FGG_STATE_HEAD, size - SG__FGG_STATE_HEAD,
                              v->count)) != SG_OK)
        return st;
    if (!e->frozen) return SG_EFORMAT;
    /* the rare list is exactly the prefix's rare positions (a file whose checksum was made
     * again after an edit of a value or of the list must not load), and the window holds none:
     * a rare value past the prefix stops a run */
    for (i = 0, r = 0; i < sg__values_slots(v); i++) {
        sg_value_t x = sg__values_in(v, i);
        if (x >= e->range / 2) return SG_EFORMAT;
        if (!e->parity[x] && (i >= v->pre || r++ == e->nrare || e->rare[r - 1] != i))
            return SG_EFORMAT;
    }
    if (r != e->nrare) return SG_EFORMAT;
    for (r = 0; r < e->nrare; r++)
        if (sg__values_at(v, e->rare[r]) != e->rare_val[r]) return SG_EFORMAT;
    g->active = 1;
    sg__fgg_moved(g, v);
    return SG_OK;
}

static void sg__fgg_stats(const void *state, sg__family_stats_t *out)
{
    const sg__gg_t *e = ((const sg__fgg_t *)state)->engine;
    out->mask = e->mask & (e->range / 2 - 1);
    out->rare = e->rare;
    out->rare_val = e->rare_val;
    out->nrare = e->nrare;
    out->hist = e->hist;
    out->nhist = (size_t)(e->range / 2);
}

static const sg__family_t sg__fgg_family = {
    sg__fgg_code,   sg__fgg_open,  sg__fgg_free,       sg__fgg_moved,     sg__fgg_threads,
    sg__fgg_begin,  sg__fgg_next,  sg__fgg_end,        sg__fgg_period,    sg__fgg_resume,
    sg__fgg_bound,  sg__fgg_state_size, sg__fgg_state_out, sg__fgg_state_in, sg__fgg_window,
    sg__fgg_stats};

/* listed in families.c */
SG__PRIVATE const sg__family_t *sg__family_grundy_game(void);
const sg__family_t *sg__family_grundy_game(void) { return &sg__fgg_family; }

int sg_sequence_create_grundy_game(sg_sequence_t **seq)
{
    void *state = NULL;
    int made = seq != NULL ? sg__fgg_make(&state) : SG_OK;
    return sg__sequence_new(seq, &sg__fgg_family, state, made);
}
