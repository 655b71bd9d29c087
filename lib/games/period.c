#include "../common/sg_internal.h"
#include "period.h"

#include <stdlib.h>

/* Periods of any sequence: once G(n + per) == G(n) for every n >= pre is known, a table is
 * filled by copying, and any G(n) is a lookup (G(n) + k * saltus for an arithmetic period). The
 * pattern a finite table shows is only observed (proven = 0): the families that have a
 * periodicity theorem (subtraction.c, allbut.c, octal_period.c) prove theirs. */

void sg__period_copy(void *values, size_t width, uint64_t pre, uint64_t per, uint64_t from,
                     uint64_t to)
{
    unsigned char *d = SG__CAST(unsigned char *, values);
    uint64_t n, len;
    for (n = from; n < to; n += len) {
        uint64_t back = (n - pre) / per * per;   /* whole periods: values[n - back] */
        len = back < to - n ? back : to - n;
        memcpy(d + SG__CAST(size_t, n) * width, d + SG__CAST(size_t, n - back) * width,
               SG__CAST(size_t, len) * width);
    }
}

static int sg__period_read(const sg_value_t *prefix, uint64_t prefix_count,
                           const sg_period_t *period, uint64_t n, sg_value_t *value, int observed)
{
    uint64_t r, k, v;
    if (value == NULL || (prefix == NULL && prefix_count > 0)) return SG_EINVAL;
    if (n < prefix_count) {
        *value = prefix[n];
        return SG_OK;
    }
    if (period == NULL || (!period->proven && !observed) || period->period == 0)
        return SG_EINVAL;
    if (period->preperiod > prefix_count || period->period > prefix_count - period->preperiod)
        return SG_ERANGE;
    r = period->preperiod + (n - period->preperiod) % period->period;
    k = (n - r) / period->period;
    v = prefix[r];
    if (period->saltus) {
        if (k > (UINT64_MAX - v) / period->saltus) return SG_ERANGE;
        v += k * period->saltus;
        if (v > UINT32_MAX) return SG_ERANGE;
    }
    *value = SG__CAST(sg_value_t, v);
    return SG_OK;
}

int sg_period_value(const sg_value_t *prefix, uint64_t prefix_count, const sg_period_t *period,
                    uint64_t n, sg_value_t *value)
{
    return sg__period_read(prefix, prefix_count, period, n, value, 0);
}

int sg_period_value_observed(const sg_value_t *prefix, uint64_t prefix_count,
                             const sg_period_t *period, uint64_t n, sg_value_t *value)
{
    return sg__period_read(prefix, prefix_count, period, n, value, 1);
}

/* The start of the stretch ending at the table's end where G(n + p) == G(n) + s, s read off the
 * last period (s < 0 cannot go on: no stretch). */
static uint64_t sg__period_stretch(const sg_value_t *G, uint64_t count, uint64_t p,
                                   sg_value_t *saltus)
{
    uint64_t n;
    sg_value_t s;
    if (G[count - 1] < G[count - 1 - p]) return count;
    s = G[count - 1] - G[count - 1 - p];
    for (n = count - p; n > 0; n--)
        if (G[n - 1 + p] - G[n - 1] != s || G[n - 1 + p] < G[n - 1]) break;
    *saltus = s;
    return n;
}

int sg__period_pattern(const sg_value_t *G, uint64_t count, sg_period_t *period)
{
    uint64_t p, n;
    sg_value_t s = 0;
    /* the least p whose stretch spans three periods and half of the table: an eventually
     * (arithmetic-)periodic sequence shows its least period first, with its least start */
    for (p = 1; 3 * p <= count; p++) {
        n = sg__period_stretch(G, count, p, &s);
        if (count - n >= 3 * p && count - n >= count / 2) {
            period->preperiod = n;
            period->period = p;
            period->saltus = s;
            return 1;
        }
    }
    return 0;
}

int sg_table_pattern(const sg_value_t *table, uint64_t count, sg_period_t *period)
{
    if (period != NULL) memset(period, 0, sizeof *period);
    if (period == NULL || (table == NULL && count > 0)) return SG_EINVAL;
    sg__period_pattern(table, count, period);
    return SG_OK;
}
