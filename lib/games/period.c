#include "../common/sg_internal.h"
#include "period.h"

/* Periods of any sequence: once G(n + per) == G(n) for every n >= pre is known, a table is
 * filled by copying, and any G(n) is a lookup. */

void sg__period_copy(void *values, size_t width, uint64_t pre, uint64_t per, uint64_t from,
                     uint64_t to)
{
    unsigned char *d = (unsigned char *)values;
    uint64_t n, len;
    for (n = from; n < to; n += len) {
        uint64_t back = (n - pre) / per * per;   /* whole periods: values[n - back] */
        len = back < to - n ? back : to - n;
        memcpy(d + (size_t)n * width, d + (size_t)(n - back) * width, (size_t)len * width);
    }
}

int sg_period_value(const sg_value_t *prefix, uint64_t prefix_count, const sg_period_t *period,
                    uint64_t n, sg_value_t *value)
{
    uint64_t r, k, v;
    if (value == NULL || (prefix == NULL && prefix_count > 0)) return SG_EINVAL;
    if (n < prefix_count) {
        *value = prefix[n];
        return SG_OK;
    }
    if (period == NULL || !period->proven || period->period == 0) return SG_EINVAL;
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
    *value = (sg_value_t)v;
    return SG_OK;
}
