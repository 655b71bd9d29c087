/* One second thread beside the caller's, given one job at a time (the two-thread runs of
 * lib/longrun: gg_threads.c, octal_threads.c): the caller posts the job, does its own share,
 * and waits for the second thread's. The job is a function and its argument, fixed when the
 * thread starts; the data it reads and writes is the owner's. Private to lib/. */
#ifndef SG_COMMON_RENDEZVOUS_H
#define SG_COMMON_RENDEZVOUS_H

#include "sg_internal.h"

/* A second thread needs POSIX threads and the GCC/Clang atomic builtins; SG_NO_THREADS leaves
 * it out (a sequence then refuses a second thread). */
#if !defined(SG_NO_THREADS) && (defined(__GNUC__) || defined(__clang__)) && \
    (defined(__unix__) || defined(__APPLE__))
#define SG__THREADS 1
#include <pthread.h>
#else
#define SG__THREADS 0
#endif

#if SG__THREADS
typedef void (*sg__job_fn)(void *arg);

/* The protocol: the caller moves `go` on by one for each job; the second thread waits for it to
 * change, runs the job, then sets `done` to it. A wait spins a while (the next job usually
 * follows at once), then sleeps on a condition variable, so that a thread off its core gets it
 * back; the counters and the flags `parked` (the second thread sleeps on `wake` for a new go)
 * and `cparked` (the caller sleeps on `back` for done) are sequentially consistent: either the
 * poster sees the sleeper's flag and wakes it under the lock, or the sleeper sees the new count
 * before it sleeps. A wait that returns has acquired what the other thread wrote before it
 * moved its count. */
typedef struct {
    unsigned char apart[64];   /* what the threads write to each other, on its own lines */
    unsigned go, done, parked, cparked;
    int stop, running;
    sg__job_fn job;
    void *arg;
    pthread_t worker;
    pthread_mutex_t lock;
    pthread_cond_t wake, back;
    unsigned char apart2[64];
} sg__rdv_t;

/* Start the second thread for job(arg): 1, or 0 when it cannot be started (then nothing is
 * left to stop, and the owner computes on one thread: the values are the same). */
SG__PRIVATE int sg__rdv_start(sg__rdv_t *r, sg__job_fn job, void *arg);
/* Run the job once more on the second thread (after the last one is done, sg__rdv_wait). */
SG__PRIVATE void sg__rdv_post(sg__rdv_t *r);
/* Until the job posted last is done. */
SG__PRIVATE void sg__rdv_wait(sg__rdv_t *r);
/* Stop the second thread (r->running: it was started) and release what it held. */
SG__PRIVATE void sg__rdv_stop(sg__rdv_t *r);
/* 1 while the job posted last is not done: a look, for work the caller does meanwhile */
SG__INLINE int sg__rdv_busy(const sg__rdv_t *r)
{
    return __atomic_load_n(&r->done, __ATOMIC_ACQUIRE) != r->go;
}
#endif

#endif /* SG_COMMON_RENDEZVOUS_H */
