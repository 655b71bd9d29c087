#include "../common/sg_internal.h"
#include "loopy.h"

/* Games with cycles: the two passes over a graph read in full (loopy.h says what they compute
 * and why they are exact). */

typedef struct {
    uint32_t *roff, *rfrom;   /* the reverse graph: who moves to u */
    uint32_t *cnt;            /* per position: options still counted */
    uint32_t *open;           /* labelling: options unlabelled or infinite */
    uint32_t *queue;
    uint64_t *hit;            /* stage m: has an option labelled m */
    size_t words;
} sg__loopy_work_t;

static void *sg__loopy_array(sg_loopy_t *l, size_t count, size_t elem)
{
    if (count == 0) count = 1;
    if (count > SIZE_MAX / elem) return NULL;
    return sg__mem_alloc(&l->mem, count * elem);
}

static void sg__loopy_work_free(sg_loopy_t *l, sg__loopy_work_t *w)
{
    size_t n = (size_t)l->n;
    sg__mem_free(&l->mem, w->roff, (n + 1) * sizeof(uint32_t));
    sg__mem_free(&l->mem, w->rfrom, (l->e ? l->e : 1) * sizeof(uint32_t));
    sg__mem_free(&l->mem, w->cnt, (n ? n : 1) * sizeof(uint32_t));
    sg__mem_free(&l->mem, w->queue, (n ? n : 1) * sizeof(uint32_t));
    sg__mem_free(&l->mem, w->open, (n ? n : 1) * sizeof(uint32_t));
    sg__mem_free(&l->mem, w->hit, (w->words ? w->words : 1) * sizeof(uint64_t));
}

/* Outcomes and remoteness: rem[u] set for every position that is not a draw. It is also the
 * labelling's stage 0: the positions of value 0 are the P-positions, and those with an option
 * of value 0 are the N-positions; the rest (the draws) are infinite. The P-positions leave the
 * queue in order of remoteness, which is a counter function for them (an option v of a
 * P-position u has a P-option nearer the end than u), so they are numbered in that order.
 * open[p] loses one for each option of p that is P. Returns how many were numbered. */
static uint32_t sg__loopy_remote(sg_loopy_t *l, sg__loopy_work_t *w)
{
    uint32_t n = l->n, u, head = 0, tail = 0, order = 0;
    for (u = 0; u < n; u++) {
        w->cnt[u] = w->open[u] = l->off[u + 1] - l->off[u];
        l->rem[u] = SG__LOOPY_INF;
        if (w->cnt[u] == 0) {
            l->rem[u] = 0;
            w->queue[tail++] = u;
        }
    }
    while (head < tail) {
        uint32_t v = w->queue[head++], r = l->rem[v], j;
        if ((r & 1u) == 0) l->ctr[v] = order++;
        for (j = w->roff[v]; j < w->roff[v + 1]; j++) {
            uint32_t p = w->rfrom[j];
            if ((r & 1u) == 0) w->open[p]--;
            if (l->rem[p] != SG__LOOPY_INF) continue;
            /* v lost (even): p wins by moving there; v won: one option less for p to try */
            if ((r & 1u) == 0 || --w->cnt[p] == 0) {
                l->rem[p] = r + 1;
                w->queue[tail++] = p;
            }
        }
    }
    return order;
}

/* Fraenkel and Yesha's labelling from stage 1 on (stage 0 is sg__loopy_remote's): val[] and
 * ctr[]. open[u] counts the options of u that are unlabelled or infinite (kept across
 * stages: an option leaves it when it gets its label), so a stage starts from it without
 * reading any option. */
static void sg__loopy_label(sg_loopy_t *l, sg__loopy_work_t *w, uint32_t order)
{
    uint32_t n = l->n, u, m, left = 0;
    for (u = 0; u < n; u++) {
        uint32_t r = l->rem[u];
        l->val[u] = r == SG__LOOPY_INF ? SG__LOOPY_INF : (r & 1u) ? SG__LOOPY_UNL : 0;
        left += l->val[u] == SG__LOOPY_UNL;
    }
    for (m = 1; left > 0; m++) {
        uint32_t head = 0, tail = 0;
        memset(w->hit, 0, w->words * sizeof(uint64_t));
        for (u = 0; u < n; u++) {
            if (l->val[u] != SG__LOOPY_UNL) continue;
            w->cnt[u] = w->open[u];
            if (w->open[u] == 0) w->queue[tail++] = u;
        }
        while (head < tail) {
            uint32_t v = w->queue[head++], j, k;
            l->val[v] = m;
            l->ctr[v] = order++;
            left--;
            for (j = w->roff[v]; j < w->roff[v + 1]; j++) {
                uint32_t p = w->rfrom[j];
                /* labelled options (values below m) take no part; no option of a position
                 * labelled m has m, so p is unlabelled or infinite here */
                if (l->val[p] < SG__LOOPY_UNL) continue;
                w->open[p]--;
                if (sg__bit(w->hit, p)) continue;
                sg__bit_set(w->hit, p);
                for (k = w->roff[p]; k < w->roff[p + 1]; k++) {
                    uint32_t q = w->rfrom[k];
                    if (l->val[q] == SG__LOOPY_UNL && --w->cnt[q] == 0 && !sg__bit(w->hit, q))
                        w->queue[tail++] = q;
                }
            }
        }
        for (u = 0; u < n; u++)
            if (l->val[u] == SG__LOOPY_UNL && !sg__bit(w->hit, u)) {
                l->val[u] = SG__LOOPY_INF;
                left--;
            }
    }
}

/* the two passes; loopy.h */
int sg__loopy_solve(sg_loopy_t *l)
{
    sg__loopy_work_t w;
    size_t n = (size_t)l->n;
    uint32_t u, j;
    memset(&w, 0, sizeof w);
    w.words = (n + 63) / 64;
    l->val = (uint32_t *)sg__loopy_array(l, n, sizeof(uint32_t));
    l->ctr = (uint32_t *)sg__loopy_array(l, n, sizeof(uint32_t));
    l->rem = (uint32_t *)sg__loopy_array(l, n, sizeof(uint32_t));
    if (l->val == NULL || l->ctr == NULL || l->rem == NULL) return SG_ENOMEM;
    w.roff = (uint32_t *)sg__loopy_array(l, n + 1, sizeof(uint32_t));
    w.rfrom = w.roff ? (uint32_t *)sg__loopy_array(l, l->e, sizeof(uint32_t)) : NULL;
    w.cnt = w.rfrom ? (uint32_t *)sg__loopy_array(l, n, sizeof(uint32_t)) : NULL;
    w.queue = w.cnt ? (uint32_t *)sg__loopy_array(l, n, sizeof(uint32_t)) : NULL;
    w.open = w.queue ? (uint32_t *)sg__loopy_array(l, n, sizeof(uint32_t)) : NULL;
    w.hit = w.open ? (uint64_t *)sg__loopy_array(l, w.words, sizeof(uint64_t)) : NULL;
    if (w.hit == NULL) {
        sg__loopy_work_free(l, &w);
        return SG_ENOMEM;
    }
    /* the reverse graph, by counting */
    memset(w.roff, 0, (n + 1) * sizeof(uint32_t));
    for (j = 0; j < l->e; j++) w.roff[l->to[j] + 1]++;
    for (u = 0; u < l->n; u++) w.roff[u + 1] += w.roff[u];
    for (u = 0; u < l->n; u++) w.cnt[u] = w.roff[u];
    for (u = 0; u < l->n; u++)
        for (j = l->off[u]; j < l->off[u + 1]; j++) w.rfrom[w.cnt[l->to[j]]++] = u;
    sg__loopy_label(l, &w, sg__loopy_remote(l, &w));
    sg__loopy_work_free(l, &w);
    return SG_OK;
}
