#include "../common/sg_internal.h"
#include "../engine/struct_store.h"

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
