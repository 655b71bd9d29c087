#include "../../common/sg_internal.h"
#include "../period/periodicity.h"

#include <stdlib.h>

/* For n >= m = max(S) every move is available, so G(n) is a function of the window
 * W(n) = G(n-m .. n-1). Once W(t) == W(t+p) the sequence repeats with period p from t-m on:
 * that is a proof. Windows are compared by a rolling polynomial hash (confirmed with memcmp),
 * and Brent's cycle search meets the least such p first. */

#define SG__SUB_HASH_BASE 0x9e3779b97f4a7c15u
/* sg_subtraction_period gives up (SG_ENOMEM) rather than hold more values than this (1 GiB):
 * Brent's search may need about 4 * max(S) + 2 * (preperiod + period) of them */
#define SG__SUB_MAX_VALUES (SG__CAST(uint64_t, 1) << 28)

typedef struct {
    uint64_t *s;          /* the moves, sorted, without duplicates */
    size_t k;
    uint64_t m;           /* max(S) */
    uint64_t *bits;       /* mex scratch for k >= 64: k + 1 bits */
    size_t words;
    uint64_t bm;          /* SG__SUB_HASH_BASE^m */
    uint64_t h;           /* hash of the window before the next value */
    uint64_t t, ht, power, lam;
    int found;            /* then G(i + lam) == G(i) for every i >= t - m */
} sg__sub_t;

static int sg__u64_cmp(const void *a, const void *b)
{
    uint64_t x = *SG__CAST(const uint64_t *, a), y = *SG__CAST(const uint64_t *, b);
    return (x > y) - (x < y);
}

static void sg__sub_release(sg__sub_t *g)
{
    free(g->s);
    free(g->bits);
}

static int sg__sub_init(sg__sub_t *g, const uint64_t *moves, size_t nmoves)
{
    size_t i, k = 0;
    uint64_t b = SG__SUB_HASH_BASE, e;
    memset(g, 0, sizeof *g);
    if (moves == NULL || nmoves == 0) return SG_EINVAL;
    for (i = 0; i < nmoves; i++)
        if (moves[i] == 0) return SG_EINVAL;
    if (nmoves > SIZE_MAX / sizeof(uint64_t) / 2) return SG_ENOMEM;
    g->s = SG__CAST(uint64_t *, malloc(nmoves * sizeof(uint64_t)));
    if (g->s == NULL) return SG_ENOMEM;
    memcpy(g->s, moves, nmoves * sizeof(uint64_t));
    qsort(g->s, nmoves, sizeof(uint64_t), sg__u64_cmp);
    for (i = 0; i < nmoves; i++)
        if (k == 0 || g->s[k - 1] != g->s[i]) g->s[k++] = g->s[i];
    g->k = k;
    g->m = g->s[k - 1];
    if (k >= 64) {
        g->words = k / 64 + 1;
        g->bits = SG__CAST(uint64_t *, malloc(g->words * sizeof(uint64_t)));
        if (g->bits == NULL) {
            sg__sub_release(g);
            return SG_ENOMEM;
        }
    }
    g->bm = 1;
    for (e = g->m; e; e >>= 1, b *= b)
        if (e & 1) g->bm *= b;
    return SG_OK;
}

/* G(n) from the values below it; a value is at most k (the mex of at most k options). */
static sg_value_t sg__sub_value(const sg__sub_t *g, const sg_value_t *G, uint64_t n)
{
    size_t j, k = g->k;
    if (n < g->m)   /* not every move is available yet */
        for (k = 0; k < g->k && g->s[k] <= n; k++)
            ;
    if (g->k < 64) {
        uint64_t w = 0;
        for (j = 0; j < k; j++) w |= SG__CAST(uint64_t, 1) << G[n - g->s[j]];
        return SG__CAST(sg_value_t, sg__ctz64(~w));
    }
    memset(g->bits, 0, g->words * sizeof(uint64_t));
    for (j = 0; j < k; j++) sg__bit_set(g->bits, G[n - g->s[j]]);
    for (j = 0; ~g->bits[j] == 0; j++)
        ;
    return SG__CAST(sg_value_t, j * 64 + sg__ctz64(~g->bits[j]));
}

/* Compute G(from .. to-1) into G, watching for a repeated window; stop early when one is found.
 * Returns how far G is computed. */
static uint64_t sg__sub_run(sg__sub_t *g, sg_value_t *G, uint64_t from, uint64_t to)
{
    uint64_t n;
    for (n = from; n < to; n++) {
        if (n >= g->m) {
            if (n == g->m) {
                g->t = n;
                g->ht = g->h;
                g->power = 1;
                g->lam = 0;
            } else {
                g->lam++;
                if (g->h == g->ht &&
                    memcmp(G + n - g->m, G + g->t - g->m,
                           SG__CAST(size_t, g->m) * sizeof *G) == 0) {
                    g->found = 1;
                    return n;
                }
                if (g->lam == g->power) {
                    g->t = n;
                    g->ht = g->h;
                    g->power *= 2;
                    g->lam = 0;
                }
            }
        }
        G[n] = sg__sub_value(g, G, n);
        g->h = g->h * SG__SUB_HASH_BASE + G[n];
        if (n >= g->m) g->h -= g->bm * G[n - g->m];
    }
    return to;
}

int sg_subtraction_table(sg_value_t *table, uint64_t count, const uint64_t *moves, size_t nmoves)
{
    sg__sub_t g;
    uint64_t n;
    int st;
    if (table == NULL && count != 0) return SG_EINVAL;
    if ((st = sg__sub_init(&g, moves, nmoves)) != SG_OK) return st;
    if (count > g.m && g.m < SIZE_MAX / sizeof(sg_value_t)) {
        n = sg__sub_run(&g, table, 0, count);
    } else {  /* too short to repeat: plain computation */
        for (n = 0; n < count; n++) table[n] = sg__sub_value(&g, table, n);
    }
    /* [n - lam, n) is periodic with period lam */
    if (g.found && n < count) sg__period_copy(table, sizeof *table, n - g.lam, g.lam, n, count);
    sg__sub_release(&g);
    return SG_OK;
}

int sg_subtraction_period(const uint64_t *moves, size_t nmoves, sg_period_t *period)
{
    sg__sub_t g;
    sg_value_t *G = NULL;
    uint64_t n = 0, cap = 1024, i, pre = 0;
    int st;
    if (period != NULL) memset(period, 0, sizeof *period);
    if (period == NULL) return SG_EINVAL;
    if ((st = sg__sub_init(&g, moves, nmoves)) != SG_OK) return st;
    if (g.m > SG__SUB_MAX_VALUES / 4) st = SG_ENOMEM;
    while (g.m >= cap / 2 && cap <= SG__SUB_MAX_VALUES) cap *= 2;
    while (st == SG_OK) {
        sg_value_t *p;
        if (cap > SG__SUB_MAX_VALUES ||
            (p = SG__CAST(sg_value_t *, realloc(G, SG__CAST(size_t, cap) * sizeof *G))) == NULL) {
            st = SG_ENOMEM;
            break;
        }
        G = p;
        n = sg__sub_run(&g, G, n, cap);
        if (g.found) break;
        cap *= 2;
    }
    if (g.found) {
        /* G(i + lam) == G(i) for i >= t - m; the last exception is below */
        for (i = g.t - g.m; i > 0; i--)
            if (G[i - 1] != G[i - 1 + g.lam]) {
                pre = i;
                break;
            }
        period->preperiod = pre;
        period->period = g.lam;
        period->saltus = 0;
        period->proven = 1;
    }
    free(G);
    sg__sub_release(&g);
    return st;
}
