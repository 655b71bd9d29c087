/* Two ways to compute the same values (one thread or two), and a schedule that measures the rate
 * of each in wall-clock time now and then and runs the faster: two threads lose to one when the
 * cores are busy with other programs, or when positions cost too little for a meeting per
 * group. Used by the threads of lib/longrun (gg_threads.c, octal_threads.c); the state lives in
 * their engines' structs, so it is a common type. Private to lib/. */
#ifndef SG_TWO_WAY_H
#define SG_TWO_WAY_H

#include "sg_internal.h"

typedef struct {
    int use2;                        /* the way of the next positions: 1 two threads, 0 one */
    unsigned phase;                  /* what the schedule measures now */
    uint64_t t0, n0;                 /* the clock and the position where the stretch began ... */
    uint64_t tw, nw;                 /* ... and where its window began */
    uint64_t span;                   /* probes the stretch of the faster way lasts */
    uint64_t cost_t[2], cost_n[2];   /* one thread [0], two [1]: ticks for positions, last seen */
} sg__two_way_t;

/* A fresh schedule: it starts with a probe of two threads. */
SG__PRIVATE void sg__two_way_start(sg__two_way_t *s);
/* Before position n: sets s->use2, the way to compute it. Without a clock two threads
 * throughout. */
SG__PRIVATE void sg__two_way_schedule(sg__two_way_t *s, uint64_t n);

#endif /* SG_TWO_WAY_H */
