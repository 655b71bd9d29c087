/* the library's own build compiles this file alone: POSIX for the thread calls under -std=c99
 * (in the single header, used when the program asked for it) */
#if !defined(SG_SINGLE_IMPLEMENTED_) && !defined(_POSIX_C_SOURCE) && !defined(_WIN32)
#  define _POSIX_C_SOURCE 200809L
#endif
#include "sg_internal.h"
#include "rendezvous.h"

#if SG__THREADS
#define SG__RDV_SPIN 4096   /* polls before a waiting thread sleeps */

static void sg__rdv_pause(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/* Until *count != old: a bounded spin, then asleep on cond with *flag set (the protocol of
 * rendezvous.h). The count's new value. */
static unsigned sg__rdv_until(sg__rdv_t *r, unsigned *count, unsigned old, unsigned *flag,
                              pthread_cond_t *cond)
{
    unsigned v, i;
    for (i = 0; i < SG__RDV_SPIN; i++) {
        if ((v = __atomic_load_n(count, __ATOMIC_ACQUIRE)) != old) return v;
        sg__rdv_pause();
    }
    pthread_mutex_lock(&r->lock);
    __atomic_store_n(flag, 1u, __ATOMIC_SEQ_CST);
    while ((v = __atomic_load_n(count, __ATOMIC_SEQ_CST)) == old) pthread_cond_wait(cond, &r->lock);
    __atomic_store_n(flag, 0u, __ATOMIC_RELAXED);
    pthread_mutex_unlock(&r->lock);
    return v;
}

/* *count = v, and the other thread woken if it sleeps on cond */
static void sg__rdv_move(sg__rdv_t *r, unsigned *count, unsigned v, unsigned *flag,
                         pthread_cond_t *cond)
{
    __atomic_store_n(count, v, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(flag, __ATOMIC_SEQ_CST)) {
        pthread_mutex_lock(&r->lock);
        pthread_cond_signal(cond);
        pthread_mutex_unlock(&r->lock);
    }
}

static void *sg__rdv_worker(void *arg)
{
    sg__rdv_t *r = (sg__rdv_t *)arg;
    unsigned seen = 0;
    for (;;) {
        seen = sg__rdv_until(r, &r->go, seen, &r->parked, &r->wake);
        if (r->stop) break;
        r->job(r->arg);
        sg__rdv_move(r, &r->done, seen, &r->cparked, &r->back);
    }
    return NULL;
}

int sg__rdv_start(sg__rdv_t *r, sg__job_fn job, void *arg)
{
    r->go = r->done = r->parked = r->cparked = 0;
    r->stop = r->running = 0;
    r->job = job;
    r->arg = arg;
    if (pthread_mutex_init(&r->lock, NULL) != 0) return 0;
    if (pthread_cond_init(&r->wake, NULL) != 0) {
        pthread_mutex_destroy(&r->lock);
        return 0;
    }
    if (pthread_cond_init(&r->back, NULL) != 0) {
        pthread_cond_destroy(&r->wake);
        pthread_mutex_destroy(&r->lock);
        return 0;
    }
    if (pthread_create(&r->worker, NULL, sg__rdv_worker, r) != 0) {
        pthread_cond_destroy(&r->back);
        pthread_cond_destroy(&r->wake);
        pthread_mutex_destroy(&r->lock);
        return 0;
    }
    r->running = 1;
    return 1;
}

void sg__rdv_post(sg__rdv_t *r) { sg__rdv_move(r, &r->go, r->go + 1, &r->parked, &r->wake); }

void sg__rdv_wait(sg__rdv_t *r) { sg__rdv_until(r, &r->done, r->go - 1, &r->cparked, &r->back); }

void sg__rdv_stop(sg__rdv_t *r)
{
    if (!r->running) return;
    r->stop = 1;
    sg__rdv_post(r);
    pthread_join(r->worker, NULL);
    pthread_cond_destroy(&r->back);
    pthread_cond_destroy(&r->wake);
    pthread_mutex_destroy(&r->lock);
    r->running = 0;
}
#endif
