#include "../../common/sg_internal.h"
#include "sparse_engine.h"

#include <stdlib.h>

/* The sparse-space engine of take-and-break games (octal_sparse.c): its state as the values
 * arrive. The mask chosen by Walsh-Hadamard transforms of the histograms (the range type, or
 * the domain type where every split digit has one parity), the rare list under it, the memo
 * and the run of marks emptied when either changes, the engine made, rebuilt and freed. */

static void sg__os_parity_fill(sg__octal_sparse_t *sp)
{
    sg__sparse_parity(sp->par, 2 * sp->range, sp->mask);
}


/* Every slot of the memo and the run empty (a new rare list or range), with room for range
 * bytes a slot while that fits SG__OS_MEMO_BYTES (SG__OS_RUN_BYTES); else none (the marks are
 * made at each step). */
static int sg__os_memo_reset(sg__octal_sparse_t *sp)
{
    size_t i, r = (size_t)sp->range, rr = r;
    /* a run serves the heaps of every split digit while they span less than half of it */
    if (sp->nsplit == 0 || sp->split[sp->nsplit - 1] - sp->split[0] >= SG__OS_RUN / 2) rr = 0;
    sp->run_m0 = UINT64_MAX;
    if (rr * SG__OS_RUN > SG__OS_RUN_BYTES) rr = 0;
    if (rr != sp->run_range) {
        free(sp->run);
        sp->run = NULL;
        sp->run_range = 0;
        if (rr != 0 && (sp->run = (unsigned char *)malloc(rr * SG__OS_RUN)) == NULL)
            return SG_ENOMEM;
        sp->run_range = rr;
    }
    if (sp->nmemo == 0) return SG_OK;
    if (r * sp->nmemo > SG__OS_MEMO_BYTES) r = 0;
    if (r != sp->memo_range) {
        void *q = NULL;
        free(sp->memo);
        sp->memo = NULL;
        sp->memo_range = 0;
        if (r != 0 && (q = malloc(r * sp->nmemo)) == NULL) return SG_ENOMEM;
        sp->memo = (unsigned char *)q;
        sp->memo_range = r;
    }
    for (i = 0; i < sp->nmemo; i++) sp->memo_m[i] = UINT64_MAX;
    return SG_OK;
}

/* range <= SG__OS_MAXV: no size here can overflow */
static int sg__os_set_range(sg__octal_sparse_t *sp, uint64_t range)
{
    size_t r = (size_t)range, o = (size_t)sp->range, w = sizeof(int64_t), h = sizeof(uint16_t);
    void *q;
    if ((q = sg__sparse_grow(sp->par, 2 * o, 2 * r)) == NULL) return SG_ENOMEM;
    sp->par = (unsigned char *)q;
    if ((q = sg__sparse_grow(sp->seen, 2 * o, 2 * r)) == NULL) return SG_ENOMEM;
    sp->seen = (unsigned char *)q;
    if ((q = sg__sparse_grow(sp->need, 2 * o * h, 2 * r * h)) == NULL) return SG_ENOMEM;
    sp->need = (uint16_t *)q;
    if ((q = sg__sparse_grow(sp->hist, o * w, r * w)) == NULL) return SG_ENOMEM;
    sp->hist = (int64_t *)q;
    if ((q = sg__sparse_grow(sp->shist, o * w, r * w)) == NULL) return SG_ENOMEM;
    sp->shist = (int64_t *)q;
    sp->range = range;
    sg__os_parity_fill(sp);
    return sg__os_memo_reset(sp);
}


static int sg__os_rare_push(sg__octal_sparse_t *sp, uint64_t p, sg_value_t v)
{
    if (sp->nrare == sp->rcap) {
        size_t cap = sp->rcap ? sp->rcap * 2 : 256;
        int64_t *r;
        if (cap > SIZE_MAX / sizeof *r) return SG_ENOMEM;
        if ((r = (int64_t *)realloc(sp->rare, cap * sizeof *r)) == NULL) return SG_ENOMEM;
        sp->rare = r;
        sp->rcap = cap;
    }
    sp->rare[sp->nrare++] = -(int64_t)p * 65536 + (int64_t)v;
    return SG_OK;
}

/* The mask (and type) with the fewest rare positions among G(1 .. n-1); the rare list for it.
 * Mask 0 is left out: in the range type every position is rare, in the domain type no value
 * has class 1. */
int sg__os_choose(sg__octal_sparse_t *sp, const sg__octal_view_t *G, uint64_t n)
{
    size_t R = (size_t)sp->range, i;
    int64_t *w, best;
    uint64_t p;
    if ((w = (int64_t *)malloc(2 * R * sizeof *w)) == NULL) return SG_ENOMEM;
    memcpy(w, sp->hist, R * sizeof *w);
    memcpy(w + R, sp->shist, R * sizeof *w);
    sg__sparse_wht(w, R);
    sg__sparse_wht(w + R, R);
    sp->domain = 0;
    sp->mask = 1;
    best = w[1];
    for (i = 2; i < R; i++)
        if (w[i] < best) {
            best = w[i];
            sp->mask = (sg_value_t)i;
        }
    for (i = 1; sp->domain_ok && i < R; i++)
        if (w[R + i] < best) {
            best = w[R + i];
            sp->mask = (sg_value_t)i;
            sp->domain = 1;
        }
    free(w);
    sg__os_parity_fill(sp);
    if (sg__os_memo_reset(sp) != SG_OK) return SG_ENOMEM;
    sp->nrare = 0;
    for (p = 1; p < n; p++) {
        sg_value_t g = sg__octal_view_at(G, p);
        if (sg__os_is_rare(sp, p, g) && sg__os_rare_push(sp, p, g) != SG_OK) return SG_ENOMEM;
    }
    return SG_OK;
}

int sg__os_account(sg__octal_sparse_t *sp, uint64_t n, sg_value_t v)
{
    int st;
    if (sp->off || sp->dormant) return SG_OK;
    if (v >= SG__OS_MAXV || n >= SG__OS_MAXN) {
        sp->off = 1;
        return SG_OK;
    }
    if (v >= sp->range) {
        uint64_t r = sp->range;
        while (v >= r) r *= 2;
        if ((st = sg__os_set_range(sp, r)) != SG_OK) return st;
    }
    if (n > 0 && sg__os_is_rare(sp, n, v) && (st = sg__os_rare_push(sp, n, v)) != SG_OK)
        return st;
    /* new values that break the classes (.143 from 1,941,956 on: 1769 rare positions at 2^20,
       59503 at 2^21 under the same mask): a new mask at the next position */
    if (sp->nrare > sp->rare_limit && sp->rechoose > n + 1) sp->rechoose = n + 1;
    if (n > 0) {
        sp->hist[v]++;
        sp->shist[v] += ((n - sp->e) & 1u) ? -1 : 1;
    }
    return SG_OK;
}

void sg__octal_sparse_free(sg__octal_sparse_t *sp)
{
    if (sp == NULL) return;
    free(sp->par);
    free(sp->seen);
    free(sp->need);
    free(sp->hist);
    free(sp->shist);
    free(sp->rare);
    free(sp->memo);
    free(sp->memo_m);
    free(sp->run);
    free(sp);
}

/* The bookkeeping of G(0 .. n-1) from scratch, at the start and after a dormant stretch: the
 * histograms, a mask and its rare list. */
int sg__os_rebuild(sg__octal_sparse_t *sp, const sg__octal_view_t *G, uint64_t n)
{
    uint64_t p, range = sp->range ? sp->range : 64;
    int st;
    if (n >= SG__OS_MAXN) sp->off = 1;
    for (p = 0; p < n && !sp->off; p++)
        if (sg__octal_view_at(G, p) >= SG__OS_MAXV) sp->off = 1;
        else while (sg__octal_view_at(G, p) >= range) range *= 2;
    if (sp->off) return SG_OK;
    if (range > sp->range && (st = sg__os_set_range(sp, range)) != SG_OK) return st;
    memset(sp->hist, 0, (size_t)range * sizeof *sp->hist);
    memset(sp->shist, 0, (size_t)range * sizeof *sp->shist);
    for (p = 1; p < n; p++) {
        sg_value_t g = sg__octal_view_at(G, p);
        sp->hist[g]++;
        sp->shist[g] += ((p - sp->e) & 1u) ? -1 : 1;
    }
    return sg__os_choose(sp, G, n);
}

int sg__octal_sparse_create(sg__octal_sparse_t **out, const sg_octal_t *game, uint64_t n)
{
    sg__octal_sparse_t *sp;
    unsigned i;
    *out = NULL;
    if ((sp = (sg__octal_sparse_t *)calloc(1, sizeof *sp)) == NULL) return SG_ENOMEM;
    sp->t = game->t;
    sp->domain_ok = 1;
    for (i = 0; i <= game->t; i++) {
        sp->single[i] = (unsigned char)(game->d[i] & 3u);
        if (!(game->d[i] & 4u)) continue;
        if (sp->nsplit == 0) sp->e = i & 1u;
        else if ((i & 1u) != sp->e) sp->domain_ok = 0;
        sp->split[sp->nsplit++] = i;
    }
    if (sp->nsplit >= 2) {
        size_t span = sp->split[sp->nsplit - 1] - sp->split[0] + 1;
        for (sp->nmemo = 1; sp->nmemo < span; sp->nmemo *= 2)
            ;
        if ((sp->memo_m = (uint64_t *)malloc(sp->nmemo * sizeof *sp->memo_m)) == NULL) {
            free(sp);
            return SG_ENOMEM;
        }
    }
    /* the values so far are taken over at the first step */
    sp->dormant = 1;
    sp->rechoose = n;
    *out = sp;
    return SG_OK;
}

/* index of the first rare position >= x */
size_t sg__os_rare_find(const sg__octal_sparse_t *sp, uint64_t x)
{
    size_t lo = 0, hi = sp->nrare;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (sg__os_rpos(sp->rare[mid]) < x) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}
