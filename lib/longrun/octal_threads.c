#include "../common/sg_internal.h"
#include "../games/octal/take_break.h"
#include "../common/rendezvous.h"
#include "../common/two_way.h"
#include "octal_threads.h"

#include <stdlib.h>

/* Take-and-break games on two threads, while the sparse engine (octal_sparse.c) gives the
 * values. A group of SG__OT_GROUP positions n, n + 1, ... is computed at once, the first thread
 * n, n + 2, ..., the second n + 1, n + 3, ...: each finds the mex m of the options of n + i that
 * read only G(0 .. n - 1) (sg__octal_sparse_partial, the engine only read). The options left
 * out read the group's own values: the moves to one heap n + i - d >= n, and the splits of
 * n + i - s with a part of n or more (its other part a <= i - s, small). Then, in order,
 * G(n + i) = m unless one of those has the value m; at the first that does, the group ends
 * there, and the value engine computes that position alone. The threads meet once a group.
 *
 * As for Grundy's game (gg_threads.c), two threads lose to one when the cores are busy with
 * other programs, and on games whose positions cost too little for a meeting per group: a
 * schedule measures the rate of each way in wall-clock time now and then and runs the faster,
 * so a game where two threads do not help runs on one (the second asleep), after a probe of
 * a few milliseconds now and then. */

/* (groups need the sparse engine: without it, SG_NO_SPARSE, no second thread either) */
#if SG__THREADS && !defined(SG_NO_SPARSE)
#define SG__OT_THREADS 1
#else
#define SG__OT_THREADS 0
#endif

int sg__ot_supported(void) { return SG__OT_THREADS; }

#if SG__OT_THREADS

#define SG__OT_GROUP 8        /* positions computed together */

struct sg__ot {
    /* the job the second thread does: the odd positions of the group from job_n */
    const sg__octal_sparse_t *job_sp;
    sg__octal_view_t job_view;
    uint64_t job_n;
    unsigned job_cost;
    int job_always;              /* the run is held to the sparse engine (tests) */
    sg_value_t cand[SG__OT_GROUP];
    int got[SG__OT_GROUP];
    unsigned char *scratch[2];   /* each thread's, for sg__octal_sparse_partial */
    size_t scap[2];
    sg__rdv_t rdv;               /* the second thread (../common/rendezvous.c) */
    int failed;                  /* it could not be started: not asked again */
    /* the schedule (the calling thread's alone; ../common/two_way.c) */
    sg__two_way_t two;
    int always;                  /* two threads whatever is measured (tests) */
    uint64_t given;              /* values groups gave */
};

/* the positions of the group from o->job_n with parity `first`, into cand and got */
static void sg__ot_half(sg__ot_t *o, unsigned first, unsigned char *scratch)
{
    unsigned i;
    for (i = first; i < SG__OT_GROUP; i += 2)
        o->got[i] = sg__octal_sparse_partial(o->job_sp, &o->job_view, o->job_n + i, o->job_n,
                                             o->job_cost, o->job_always, scratch, &o->cand[i]);
}

/* the second thread's job: the odd positions of the group */
static void sg__ot_job(void *arg)
{
    sg__ot_t *o = (sg__ot_t *)arg;
    sg__ot_half(o, 1, o->scratch[1]);
}

/* room for `size` bytes of scratch in o->scratch[t] */
static int sg__ot_room(sg__ot_t *o, unsigned t, size_t size)
{
    unsigned char *p;
    if (size <= o->scap[t]) return SG_OK;
    if ((p = (unsigned char *)realloc(o->scratch[t], size)) == NULL) return SG_ENOMEM;
    o->scratch[t] = p;
    o->scap[t] = size;
    return SG_OK;
}

/* 1 when the option value x of n + i was left out of its mex: a move to one heap of the group,
 * or a split with a part in the group (whose values v[0 .. i - 1] are known now) */
static int sg__ot_left_out(const sg_octal_t *g, const sg__octal_view_t *G,
                           const sg_value_t *v, unsigned i, sg_value_t x)
{
    unsigned d, a;
    for (d = 0; d <= g->t && d <= i; d++) {
        if ((g->d[d] & 2u) && d >= 1 && v[i - d] == x) return 1;
        /* splits of n + i - d: parts a and n + i - d - a >= n, 1 <= a <= i - d */
        if (g->d[d] & 4u)
            for (a = 1; a + d <= i; a++)
                if ((sg__octal_view_at(G, a) ^ v[i - d - a]) == x) return 1;
    }
    return 0;
}

/* The run's hook (sg__octal_run_t.group): G(n .. n + k - 1) for a group, or 0 values when one
 * thread is the faster now or the group cannot be computed so. */
static int sg__ot_group(void *user, const sg__octal_sparse_t *sp, const sg_octal_t *game,
                        const sg__octal_view_t *view, uint64_t n, uint64_t upto,
                        unsigned cost, int always, sg_value_t *v)
{
    sg__ot_t *o = (sg__ot_t *)user;
    size_t size;
    unsigned i;
    if (o->failed || upto - n < SG__OT_GROUP || !sg__octal_sparse_group_ok(sp, n, SG__OT_GROUP))
        return 0;
    if (!o->always) sg__two_way_schedule(&o->two, n);
    if (!o->two.use2) return 0;
    size = sg__octal_sparse_scratch(sp);
    if (sg__ot_room(o, 0, size) != SG_OK || sg__ot_room(o, 1, size) != SG_OK) return 0;
    if (!o->rdv.running && !sg__rdv_start(&o->rdv, sg__ot_job, o)) {
        o->failed = 1;
        return 0;
    }
    o->job_sp = sp;
    o->job_view = *view;
    o->job_n = n;
    o->job_cost = cost;
    o->job_always = always;
    sg__rdv_post(&o->rdv);
    sg__ot_half(o, 0, o->scratch[0]);
    sg__rdv_wait(&o->rdv);
    /* in order: a value stands unless an option left out has it */
    for (i = 0; i < SG__OT_GROUP; i++) {
        if (!o->got[i] || sg__ot_left_out(game, view, v, i, o->cand[i])) break;
        v[i] = o->cand[i];
    }
    o->given += i;
    return (int)i;
}

int sg__ot_start(sg__ot_t **out, sg__octal_run_t *run)
{
    sg__ot_t *o = (sg__ot_t *)calloc(1, sizeof *o);
    *out = o;
    if (o == NULL) return SG_ENOMEM;
    sg__two_way_start(&o->two);
    run->group = sg__ot_group;
    run->group_user = o;
    return SG_OK;
}

void sg__ot_always(sg__ot_t *o)
{
    if (o == NULL) return;
    o->always = 1;
    o->two.use2 = 1;
}

uint64_t sg__ot_given(const sg__ot_t *o) { return o != NULL ? o->given : 0; }

void sg__ot_stop(sg__ot_t *o, sg__octal_run_t *run)
{
    if (o == NULL) return;
    if (run->group_user == o) {
        run->group = NULL;
        run->group_user = NULL;
    }
    sg__rdv_stop(&o->rdv);
    free(o->scratch[0]);
    free(o->scratch[1]);
    free(o);
}

#else /* no threads: a sequence refuses a second one */

void sg__ot_always(sg__ot_t *o) { (void)o; }

uint64_t sg__ot_given(const sg__ot_t *o)
{
    (void)o;
    return 0;
}

int sg__ot_start(sg__ot_t **out, sg__octal_run_t *run)
{
    (void)run;
    *out = NULL;
    return SG_OK;
}

void sg__ot_stop(sg__ot_t *o, sg__octal_run_t *run)
{
    (void)o;
    (void)run;
}

#endif
