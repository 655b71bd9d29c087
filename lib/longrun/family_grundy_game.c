#include "../common/sg_internal.h"
#include "../games/grundy_game.h"
#include "longrun.h"

#include <stdlib.h>

/* Long runs of Grundy's game (split a heap into two unequal heaps) over its engine, sg__gg_*:
 * the engine reads the values where the store keeps them, in whatever width, and on request
 * a second thread computes groups of positions with the first. */

#define SG__FGG_CODE "grundy-game"
#define SG__FGG_THREADS_FROM 4096u   /* values a run must ask for to start a second thread */

typedef struct {
    sg__gg_t *engine;
    unsigned threads;        /* threads a run uses: 1 or 2 */
    uint64_t count;          /* the end of the run under way */
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

static void sg__fgg_moved(void *user, const unsigned char *g8, const uint16_t *g16,
                          const sg_value_t *g32)
{
    sg__gg_attach(((sg__fgg_t *)user)->engine, g8, g16, g32);
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
    return sg__gg_resume(((sg__fgg_t *)state)->engine, v->count);
}

/* a heap of n has (n - 1) / 2 splits, so G(n) <= (n - 1) / 2 */
static uint64_t sg__fgg_bound(const void *state, uint64_t n)
{
    (void)state;
    return n / 2;
}

/* the engine rebuilds all it keeps from the values */
static size_t sg__fgg_state_size(const void *state)
{
    (void)state;
    return 0;
}

static void sg__fgg_state_out(const void *state, unsigned char *buf)
{
    (void)state;
    (void)buf;
}

static int sg__fgg_state_in(void *state, const unsigned char *buf, size_t size,
                            const sg__values_t *v)
{
    (void)state;
    (void)buf;
    (void)v;
    return size == 0 ? SG_OK : SG_EFORMAT;
}

static const sg__family_t sg__fgg_family = {
    sg__fgg_code,   sg__fgg_open,  sg__fgg_free,       sg__fgg_moved,     sg__fgg_threads,
    sg__fgg_begin,  sg__fgg_next,  sg__fgg_end,        sg__fgg_period,    sg__fgg_resume,
    sg__fgg_bound,  sg__fgg_state_size, sg__fgg_state_out, sg__fgg_state_in};

/* listed in families.c */
SG__PRIVATE const sg__family_t *sg__family_grundy_game(void);
const sg__family_t *sg__family_grundy_game(void) { return &sg__fgg_family; }

int sg_sequence_create_grundy_game(sg_sequence_t **seq)
{
    void *state = NULL;
    int made = seq != NULL ? sg__fgg_make(&state) : SG_OK;
    return sg__sequence_new(seq, &sg__fgg_family, state, made);
}
