#include "../../common/sg_internal.h"
#include "periodicity.h"

#include <stdlib.h>

/* The pattern of a game given by a rule: its values over a stated range, read by period.c. It is
 * observed, never proven: a rule is a black box, and no periodicity theorem covers every rule. */

int sg_rule_pattern(sg_rule_fn rule, void *user, uint64_t count, sg_period_t *period)
{
    sg_value_t *G;
    uint64_t n;
    int st;
    if (period != NULL) memset(period, 0, sizeof *period);
    if (period == NULL || rule == NULL || count == 0) return SG_EINVAL;
    if (count > SIZE_MAX / sizeof *G) return SG_ENOMEM;
    G = SG__CAST(sg_value_t *, malloc(SG__CAST(size_t, count) * sizeof *G));
    if (G == NULL) return SG_ENOMEM;
    st = sg_table_build(G, count, rule, user);
    /* every value 0: no position has an option (one would make its mex at least 1) */
    for (n = 0; st == SG_OK && n < count && G[n] == 0; n++)
        ;
    if (st == SG_OK && n == count) st = SG_EINVAL;
    if (st == SG_OK) sg__period_pattern(G, count, period);
    free(G);
    return st;
}
