/* the library's own build compiles this file alone: POSIX for the thread calls under -std=c99
 * (in the single header, used when the program asked for it) */
#if !defined(SG_SINGLE_IMPLEMENTED_) && !defined(_POSIX_C_SOURCE) && !defined(_WIN32)
#  define _POSIX_C_SOURCE 200809L
#endif
#include "../common/sg_internal.h"
#include "../games/octal/take_break.h"
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
#if !defined(SG_NO_THREADS) && !defined(SG_NO_SPARSE) && \
    (defined(__GNUC__) || defined(__clang__)) && (defined(__unix__) || defined(__APPLE__))
#define SG__OT_THREADS 1
#include <pthread.h>
#else
#define SG__OT_THREADS 0
#endif

int sg__ot_supported(void) { return SG__OT_THREADS; }

#if SG__OT_THREADS

#define SG__OT_GROUP 8        /* positions computed together */
#define SG__OT_SPIN 4096      /* polls before a waiting thread sleeps */

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
    unsigned char apart[64];     /* what the threads write to each other, on its own line */
    pthread_t worker;
    int running, failed, stop;
    unsigned go, done, parked, cparked;
    pthread_mutex_t lock;
    pthread_cond_t wake, back;
    unsigned char apart2[64];
    /* the schedule (the calling thread's alone; ../common/two_way.c) */
    sg__two_way_t two;
    int always;                  /* two threads whatever is measured (tests) */
    uint64_t given;              /* values groups gave */
};

static void sg__ot_pause(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/* the positions of the group from o->job_n with parity `first`, into cand and got */
static void sg__ot_half(sg__ot_t *o, unsigned first, unsigned char *scratch)
{
    unsigned i;
    for (i = first; i < SG__OT_GROUP; i += 2)
        o->got[i] = sg__octal_sparse_partial(o->job_sp, &o->job_view, o->job_n + i, o->job_n,
                                             o->job_cost, o->job_always, scratch, &o->cand[i]);
}

/* The waits: a bounded spin, then asleep on a condition variable (so a thread off its core gets
 * it back); the flags and counters are sequentially consistent, so either the poster sees the
 * sleeper's flag and wakes it under the lock, or the sleeper sees the new count first. */
static unsigned sg__ot_wait(sg__ot_t *o, unsigned *what, unsigned old, unsigned *flag,
                            pthread_cond_t *cond)
{
    unsigned v, i;
    for (i = 0; i < SG__OT_SPIN; i++) {
        if ((v = __atomic_load_n(what, __ATOMIC_ACQUIRE)) != old) return v;
        sg__ot_pause();
    }
    pthread_mutex_lock(&o->lock);
    __atomic_store_n(flag, 1u, __ATOMIC_SEQ_CST);
    while ((v = __atomic_load_n(what, __ATOMIC_SEQ_CST)) == old) pthread_cond_wait(cond, &o->lock);
    __atomic_store_n(flag, 0u, __ATOMIC_RELAXED);
    pthread_mutex_unlock(&o->lock);
    return v;
}

static void sg__ot_post(sg__ot_t *o, unsigned *what, unsigned v, unsigned *flag,
                        pthread_cond_t *cond)
{
    __atomic_store_n(what, v, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(flag, __ATOMIC_SEQ_CST)) {
        pthread_mutex_lock(&o->lock);
        pthread_cond_signal(cond);
        pthread_mutex_unlock(&o->lock);
    }
}

static void *sg__ot_worker(void *arg)
{
    sg__ot_t *o = (sg__ot_t *)arg;
    unsigned seen = 0;
    for (;;) {
        seen = sg__ot_wait(o, &o->go, seen, &o->parked, &o->wake);
        if (o->stop) break;
        sg__ot_half(o, 1, o->scratch[1]);
        sg__ot_post(o, &o->done, seen, &o->cparked, &o->back);
    }
    return NULL;
}

static void sg__ot_launch(sg__ot_t *o)
{
    o->go = o->done = o->parked = o->cparked = 0;
    o->stop = 0;
    o->failed = 1;   /* unless all below works: a thread that cannot start is not asked again */
    if (pthread_mutex_init(&o->lock, NULL) != 0) return;
    if (pthread_cond_init(&o->wake, NULL) != 0) {
        pthread_mutex_destroy(&o->lock);
        return;
    }
    if (pthread_cond_init(&o->back, NULL) != 0) {
        pthread_cond_destroy(&o->wake);
        pthread_mutex_destroy(&o->lock);
        return;
    }
    if (pthread_create(&o->worker, NULL, sg__ot_worker, o) != 0) {
        pthread_cond_destroy(&o->back);
        pthread_cond_destroy(&o->wake);
        pthread_mutex_destroy(&o->lock);
        return;
    }
    o->running = 1;
    o->failed = 0;
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
    unsigned go, i;
    if (o->failed || upto - n < SG__OT_GROUP || !sg__octal_sparse_group_ok(sp, n, SG__OT_GROUP))
        return 0;
    if (!o->always) sg__two_way_schedule(&o->two, n);
    if (!o->two.use2) return 0;
    size = sg__octal_sparse_scratch(sp);
    if (sg__ot_room(o, 0, size) != SG_OK || sg__ot_room(o, 1, size) != SG_OK) return 0;
    if (!o->running && (sg__ot_launch(o), !o->running)) return 0;
    o->job_sp = sp;
    o->job_view = *view;
    o->job_n = n;
    o->job_cost = cost;
    o->job_always = always;
    go = o->go + 1;
    sg__ot_post(o, &o->go, go, &o->parked, &o->wake);
    sg__ot_half(o, 0, o->scratch[0]);
    sg__ot_wait(o, &o->done, go - 1, &o->cparked, &o->back);
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
    if (o->running) {
        o->stop = 1;
        sg__ot_post(o, &o->go, o->go + 1, &o->parked, &o->wake);
        pthread_join(o->worker, NULL);
        pthread_cond_destroy(&o->back);
        pthread_cond_destroy(&o->wake);
        pthread_mutex_destroy(&o->lock);
    }
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
