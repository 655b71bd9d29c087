#include "../common/sg_internal.h"

#include <stdlib.h>

/* All-but subtraction games: G(n) = mex { G(j) : j < n, n - j not excluded }. With cnt[v] the
 * number of j < n of value v, value v is an option unless every such j is excluded, i.e. unless
 * cnt[v] equals the number of excluded moves e <= n with G(n - e) == v. So G(n) is the least of:
 * the mex of all earlier values (kept incrementally), and the values v hit by excluded moves
 * whose every occurrence is excluded. O(|excluded|) per value. */

static int sg__allbut_cmp(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

int sg_allbut_table(sg_value_t *table, uint64_t count, const uint64_t *excluded,
                    size_t nexcluded)
{
    uint64_t *ex = NULL, n, e;
    uint32_t *cnt = NULL, *hit = NULL;
    size_t i, k = 0;
    sg_value_t gmex = 0, v, best;
    if ((table == NULL && count > 0) || (excluded == NULL && nexcluded > 0)) return SG_EINVAL;
    for (i = 0; i < nexcluded; i++)
        if (excluded[i] == 0) return SG_EINVAL;
    if (count > UINT32_MAX) return SG_ERANGE;
    if (count == 0) return SG_OK;
    if (count > SIZE_MAX / sizeof *cnt || nexcluded > SIZE_MAX / sizeof *ex) return SG_ENOMEM;
    cnt = (uint32_t *)calloc((size_t)count, sizeof *cnt);
    hit = (uint32_t *)calloc((size_t)count, sizeof *hit);
    ex = (uint64_t *)malloc((nexcluded ? nexcluded : 1) * sizeof *ex);
    if (cnt == NULL || hit == NULL || ex == NULL) {
        free(cnt);
        free(hit);
        free(ex);
        return SG_ENOMEM;
    }
    if (nexcluded) memcpy(ex, excluded, nexcluded * sizeof *ex);
    qsort(ex, nexcluded, sizeof *ex, sg__allbut_cmp);
    for (i = 0; i < nexcluded; i++)   /* unique, and only those below count matter */
        if ((k == 0 || ex[k - 1] != ex[i]) && ex[i] < count) ex[k++] = ex[i];
    for (n = 0; n < count; n++) {
        /* values below n are below count: cnt and hit are indexed by value */
        best = gmex;
        for (i = 0; i < k && (e = ex[i]) <= n; i++) hit[table[n - e]]++;
        for (i = 0; i < k && (e = ex[i]) <= n; i++) {
            v = table[n - e];
            if (v < best && hit[v] == cnt[v]) best = v;
        }
        for (i = 0; i < k && (e = ex[i]) <= n; i++) hit[table[n - e]] = 0;
        table[n] = best;
        cnt[best]++;
        while (gmex < count && cnt[gmex]) gmex++;
    }
    free(cnt);
    free(hit);
    free(ex);
    return SG_OK;
}
