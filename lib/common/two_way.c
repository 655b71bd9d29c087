/* the library's own build compiles this file alone: POSIX for clock_gettime where there is no
 * time-stamp counter (in the single header, used when the program asked for it) */
#if !defined(SG_SINGLE_IMPLEMENTED_) && !defined(_POSIX_C_SOURCE) && !defined(_WIN32)
#  define _POSIX_C_SOURCE 200809L
#endif
#include "sg_internal.h"
#include "two_way.h"

#if defined(_POSIX_C_SOURCE) && _POSIX_C_SOURCE >= 199309L && \
    !defined(__x86_64__) && !defined(__i386__)
#  define SG__TW_CLOCK_POSIX 1
#  include <time.h>
#endif

/* The schedule: a probe of each way (SG__TW_PROBE ticks), then the faster one for a stretch
 * (SG__TW_SPAN_MIN probes, doubled while the same way keeps winning, at most SG__TW_SPAN_MAX),
 * then a probe of the other way; a probe that falls far behind ends early, and a stretch whose
 * rate drops ends early too (the load changed). The losing way's probes cost at most a few per
 * cent. */
#define SG__TW_PROBE ((uint64_t)1 << 25)   /* about 13 ms at 2.6 GHz */
#define SG__TW_SPAN_MIN 4u
#define SG__TW_SPAN_MAX 64u
enum { SG__TW_FRESH, SG__TW_TWO, SG__TW_ONE, SG__TW_RUN, SG__TW_OTHER };

/* A wall clock: the time-stamp counter on x86 (a few 10^9 ticks a second, no header or feature
 * macro needed), the monotonic clock in nanoseconds where POSIX has it, else none (0). */
static uint64_t sg__tw_clock(void)
{
#if defined(__x86_64__) || defined(__i386__)
    return __builtin_ia32_rdtsc();
#elif defined(SG__TW_CLOCK_POSIX)
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0) return 0;
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
#else
    return 0;
#endif
}

/* 1 when `t` ticks for `n` positions is slower than num / den times the cost t0 for n0 */
static int sg__tw_slower(uint64_t t, uint64_t n, uint64_t t0, uint64_t n0, unsigned num,
                         unsigned den)
{
    return (double)t * (double)n0 * den > (double)num * (double)t0 * (double)(n ? n : 1);
}

static void sg__tw_phase(sg__two_way_t *s, unsigned phase, int use2, uint64_t now, uint64_t n)
{
    s->phase = phase;
    s->use2 = use2;
    s->t0 = s->tw = now;
    s->n0 = s->nw = n;
}

/* Both ways measured: run the faster (two threads only when clearly so: one costs less CPU),
 * longer each time the same way wins again. */
static void sg__tw_decide(sg__two_way_t *s, uint64_t now, uint64_t n)
{
    int two = sg__tw_slower(s->cost_t[0], s->cost_n[0], s->cost_t[1], s->cost_n[1], 21, 20);
    if (s->phase != SG__TW_OTHER || two == s->use2) s->span = SG__TW_SPAN_MIN;
    else if (s->span < SG__TW_SPAN_MAX) s->span *= 2;
    sg__tw_phase(s, SG__TW_RUN, two, now, n);
}

void sg__two_way_start(sg__two_way_t *s)
{
    memset(s, 0, sizeof *s);
    s->phase = SG__TW_FRESH;
    s->use2 = 1;
}

void sg__two_way_schedule(sg__two_way_t *s, uint64_t n)
{
    uint64_t now = sg__tw_clock(), t = now - s->t0, k = n - s->n0;
    int w;
    if (now == 0) return;   /* no clock: two threads throughout */
    switch (s->phase) {
    case SG__TW_FRESH:
        sg__tw_phase(s, SG__TW_TWO, 1, now, n);
        break;
    case SG__TW_TWO:
    case SG__TW_ONE:
        if (t < SG__TW_PROBE || k == 0) break;
        w = s->phase == SG__TW_TWO;
        s->cost_t[w] = t;
        s->cost_n[w] = k;
        if (w) sg__tw_phase(s, SG__TW_ONE, 0, now, n);
        else sg__tw_decide(s, now, n);
        break;
    case SG__TW_RUN:
        if (now - s->tw < SG__TW_PROBE || n == s->nw) break;
        w = s->use2;
        /* the window's rate against the one that won: far slower, and the load has changed */
        if (sg__tw_slower(now - s->tw, n - s->nw, s->cost_t[w], s->cost_n[w], 3, 2) ||
            t >= s->span * SG__TW_PROBE) {
            s->cost_t[w] = now - s->tw;
            s->cost_n[w] = n - s->nw;
            sg__tw_phase(s, SG__TW_OTHER, !w, now, n);
            break;
        }
        s->cost_t[w] = now - s->tw;
        s->cost_n[w] = n - s->nw;
        s->tw = now;
        s->nw = n;
        break;
    default:   /* SG__TW_OTHER: ends early when it is far behind */
        w = s->use2;
        if (k == 0 || (t < SG__TW_PROBE &&
                       (t < SG__TW_PROBE / 4 ||
                        !sg__tw_slower(t, k, s->cost_t[!w], s->cost_n[!w], 2, 1))))
            break;
        s->cost_t[w] = t;
        s->cost_n[w] = k;
        sg__tw_decide(s, now, n);
        break;
    }
}
