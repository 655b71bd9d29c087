#include "../common/sg_internal.h"

/* Structured positions: the public entry points (a skeleton; the engine follows). */

int sg_parts_add(sg_parts_t *out, const void *bytes, size_t len)
{
    (void)out; (void)bytes; (void)len;
    return SG_EINVAL;
}

int sg_parts_end(sg_parts_t *out)
{
    (void)out;
    return SG_EINVAL;
}

int sg_store_create(sg_store_t **store, const sg_struct_rules_t *rules, void *user,
                    const sg_memory_t *memory)
{
    (void)rules; (void)user; (void)memory;
    if (store != NULL) *store = NULL;
    return SG_ENOMEM;
}

void sg_store_free(sg_store_t *store) { (void)store; }

int sg_store_value(sg_store_t *s, const void *pos, size_t len, sg_value_t *value)
{
    (void)s; (void)pos; (void)len; (void)value;
    return SG_EINVAL;
}

int sg_store_outcome(sg_store_t *s, const void *pos, size_t len, sg_value_t k, int *next_wins)
{
    (void)s; (void)pos; (void)len; (void)k; (void)next_wins;
    return SG_EINVAL;
}

int sg_store_winning_move(sg_store_t *s, const void *pos, size_t len, sg_value_t k,
                          size_t *option, sg_value_t *heap_to)
{
    (void)s; (void)pos; (void)len; (void)k; (void)option; (void)heap_to;
    return SG_EINVAL;
}

int sg_store_stats(const sg_store_t *s, sg_store_stats_t *stats)
{
    (void)s; (void)stats;
    return SG_EINVAL;
}

int sg_store_save(sg_store_t *s, const char *path)
{
    (void)s; (void)path;
    return SG_EINVAL;
}

int sg_store_load(sg_store_t *s, const char *path)
{
    (void)s; (void)path;
    return SG_EINVAL;
}

int sg_struct_selftest(const sg_struct_rules_t *rules, void *user,
                       const unsigned char *const *pos, const size_t *len, size_t count,
                       size_t brute_limit, sg_selftest_report_t *r)
{
    (void)rules; (void)user; (void)pos; (void)len; (void)count; (void)brute_limit; (void)r;
    return SG_EINVAL;
}
