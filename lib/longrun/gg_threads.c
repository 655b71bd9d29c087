#include "../common/sg_internal.h"
#include "../games/grundy/gg_core.h"

/* Grundy's game on two threads (the rendezvous of ../common/rendezvous.h; gg_core.h).
 * Two threads compute a group of SG__GG_GROUP positions n, n + 1, ... at once, the first thread
 * n, n + 2, ..., the second n + 1, n + 3, .... Of the splits of n + i only (j, n + i - j) with
 * j <= i need values of the group, and there are i of them: each thread finds m = the mex of
 * every other option of n + i (the splits (a, n + i - a) with a > i), then, in order,
 * G(n + i) = m unless one of those i splits has the value m; only then is the search resumed
 * (on the same marks, with those values marked), serially. The threads meet once a group, not
 * once a position: each meeting costs the time a cache line takes from one core to the other,
 * twice. Between groups the engine's bookkeeping is done by the calling thread alone; while a
 * group runs, the shared state is only read, each thread marks in its own array of the block
 * and its own witnesses. The first thread, when it is done before the second, marks the next
 * block (its rare parts of at least 2 SG__GG_RUN: their partners are known before the current
 * block is done); what is left of it when it begins is marked by both threads, half the
 * positions each. */

#if SG__GG_THREADS
#define SG__GG_GROUPS_FROM 4096u /* below this a group costs more than it saves (measured) */
#define SG__GG_AHEAD 4      /* rare parts marked ahead between looks at the second thread */

/* The schedule (../common/two_way.c). Two threads meet at every group, a few microseconds
 * apart: when the cores are busy with other programs, one of the two is often off its core, and
 * the other waits a time slice for it; two threads are then many times slower than one. No
 * length of a single wait tells that apart (many short waits add up as well), so the schedule
 * measures what counts, the positions each way gets through in a stretch of wall-clock time,
 * and runs the faster way. */

/* The second thread's job (../common/rendezvous.c): the second half of the block's marks, or
 * n + 1, n + 3, ... of the group, leaving out the splits whose other part is n or more */
static void sg__gg_job(void *arg)
{
    sg__gg_t *e = (sg__gg_t *)arg;
    uint64_t i, p;
    if (e->job_mark) {
        sg__gg_block_mark(e, &e->block, e->block.len / 2, e->block.len, e->job_i0, e->block.to);
        return;
    }
    for (i = 1; i < SG__GG_GROUP; i += 2) {
        p = e->job_n + i;
        e->job_work[i / 2] = 0;
        e->job_v[i / 2] = sg__gg_value(e, e->wit2, p, sg__gg_block_seen(e, &e->block, p), i + 1,
                                       1, &e->job_work[i / 2]);
    }
}

/* the block holds the group of positions from n */
static int sg__gg_block_has_group(const sg__gg_block_t *b, uint64_t n)
{
    return sg__gg_block_has(b, n) && sg__gg_block_has(b, n + SG__GG_GROUP - 1);
}

/* The block of positions from n: the next one if it begins there (what it lacks marked now),
 * a new one otherwise; marked by both threads, half the positions each. It holds a group. */
static void sg__gg_block_both(sg__gg_t *e, uint64_t n)
{
    if (e->next.n == n && sg__gg_block_has_group(&e->next, n)) {
        sg__gg_block_t t = e->block;
        e->block = e->next;
        e->next = t;
    } else {
        sg__gg_block_start(e, &e->block, n, SG__GG_RUN);
    }
    e->next.len = 0;
    e->job_mark = 1;
    e->job_i0 = e->block.done;
    sg__rdv_post(&e->rdv);
    sg__gg_block_mark(e, &e->block, 0, e->block.len / 2, e->block.done, e->block.to);
    e->block.done = e->block.to;
    sg__rdv_wait(&e->rdv);
}

/* While the second thread works: the marks of the next block, a few rare parts at
 * a time, until that thread is done. Its rare parts are at least twice SG__GG_RUN: the values
 * of their partners are known before the current block is done. */
static void sg__gg_block_ahead(sg__gg_t *e)
{
    sg__gg_block_t *b = &e->next;
    uint64_t n = e->block.n + e->block.len;
    if (b->len == 0 || b->n != n) {
        sg__gg_block_start(e, b, n, 2 * SG__GG_RUN);
        if (b->len < SG__GG_GROUP) b->len = 0;   /* too short for a group */
    }
    while (b->done < b->to && sg__rdv_busy(&e->rdv)) {
        size_t to = b->to - b->done > SG__GG_AHEAD ? b->done + SG__GG_AHEAD : b->to;
        sg__gg_block_mark(e, b, 0, b->len, b->done, to);
        b->done = to;
    }
}
#endif

/* Ask for a second thread (threads == 2: it starts with the first group worth one, and the
 * schedule measures from there) or stop it (threads == 1). A thread that cannot be started
 * leaves the engine on one: the values are the same. */
void sg__gg_threads(sg__gg_t *e, unsigned threads)
{
#if SG__GG_THREADS
    e->want2 = threads == 2;
    sg__two_way_start(&e->two);
    e->two.use2 = e->want2;
    if (!e->want2) sg__rdv_stop(&e->rdv);
#else
    (void)e;
    (void)threads;
#endif
}

int sg__gg_threads_supported(void) { return SG__GG_THREADS; }

/* G(n) and, when the second thread runs and the group is worth it, G(n + 1 .. n + GROUP - 1)
 * (want of them at most), with the bookkeeping for each: *got values are in v. */
int sg__gg_next_group(sg__gg_t *e, uint64_t n, uint64_t want, sg_value_t v[SG__GG_GROUP],
                      unsigned *got)
{
#if SG__GG_THREADS
    const sg__gg_values_t gv = e->g;
    sg_value_t cand[SG__GG_GROUP], extra[SG__GG_GROUP];
    uint64_t work[SG__GG_GROUP], i, j;
    int st;
    if (e->want2 && n >= SG__GG_GROUPS_FROM) {
        /* a thread that cannot be started is not asked again */
        if (!e->rdv.running && !sg__rdv_start(&e->rdv, sg__gg_job, e))
            e->want2 = e->two.use2 = 0;
        sg__two_way_schedule(&e->two, n);
    }
    if (e->rdv.running && e->two.use2 && want >= SG__GG_GROUP && n >= e->last_n &&
        n >= SG__GG_GROUPS_FROM &&
        sg__gg_sparse_pays(e, n) &&
        (e->rechoose <= n || e->rechoose - n >= SG__GG_GROUP)) {
        for (i = 0; i < SG__GG_GROUP; i++)
            if ((st = sg__gg_prepare(e, n + i)) != SG_OK) return st;
        if (!sg__gg_block_has_group(&e->block, n)) sg__gg_block_both(e, n);
        e->job_mark = 0;
        e->job_n = n;
        sg__rdv_post(&e->rdv);
        for (i = 0; i < SG__GG_GROUP; i += 2) {
            work[i] = 0;
            cand[i] = sg__gg_value(e, e->wit, n + i, sg__gg_block_seen(e, &e->block, n + i),
                                   i + 1, 1, &work[i]);
        }
        sg__gg_block_ahead(e);
        sg__rdv_wait(&e->rdv);
        for (i = 1; i < SG__GG_GROUP; i += 2) {
            cand[i] = e->job_v[i / 2];
            work[i] = e->job_work[i / 2];
        }
        /* in order: the splits (j, n + i - j), j <= i, left out of n + i have their other part
         * in the group, and are known now; only if one of them has the value found is the
         * search resumed, serially */
        for (i = 0; i < SG__GG_GROUP; i++) {
            int hit = 0;
            for (j = 1; j <= i; j++) {
                extra[j - 1] = sg__gg_at(gv, j) ^ v[i - j];
                hit |= extra[j - 1] == cand[i];
            }
            if (hit)
                cand[i] = sg__gg_resolve(e, e->wit, n + i, sg__gg_block_seen(e, &e->block, n + i),
                                         i + 1, extra, (size_t)i, &work[i]);
            /* a windowed run that cannot tell this value: the values before it stand */
            if (cand[i] == SG__GG_LOST) return i == 0 ? SG_EWINDOW : SG_OK;
            e->cost += work[i] - e->cost / 16;
            /* a value asked again after a failure here is computed anew */
            if ((st = sg__gg_account(e, n + i, cand[i])) != SG_OK) return i == 0 ? st : SG_OK;
            sg__gg_done(e, n + i, cand[i]);
            v[i] = cand[i];
            *got = (unsigned)i + 1;
            /* a wider range (a value larger than any before) took the block's marks away */
            if (!sg__gg_block_has_group(&e->block, n)) break;
        }
        return SG_OK;
    }
#endif
    (void)want;
    *got = 1;
    return sg__gg_next(e, n, v);
}

