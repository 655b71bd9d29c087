#include "../common/sg_internal.h"
#include "struct_store.h"

int sg_struct_selftest(const sg_struct_rules_t *rules, void *user,
                       const unsigned char *const *pos, const size_t *len, size_t count,
                       size_t brute_limit, sg_selftest_report_t *r)
{
    (void)rules; (void)user; (void)pos; (void)len; (void)count; (void)brute_limit; (void)r;
    return SG_EINVAL;
}
