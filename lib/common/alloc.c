#include "../common/sg_internal.h"

#include <stdlib.h>

void sg__mem_init(sg__mem_t *mem, const sg_allocator_t *allocator, size_t cap)
{
    memset(mem, 0, sizeof *mem);
    if (allocator != NULL && allocator->alloc != NULL && allocator->free != NULL)
        mem->allocator = *allocator;
    mem->cap = cap;
}

void *sg__mem_alloc(sg__mem_t *mem, size_t size)
{
    void *p;
    if (size == 0) return NULL;
    if (mem->cap != 0 && (size > mem->cap || mem->used > mem->cap - size)) return NULL;
    p = mem->allocator.alloc ? mem->allocator.alloc(mem->allocator.user, size) : malloc(size);
    if (p != NULL) mem->used += size;
    return p;
}

void sg__mem_free(sg__mem_t *mem, void *ptr, size_t size)
{
    if (ptr == NULL) return;
    mem->used -= size;
    if (mem->allocator.alloc) mem->allocator.free(mem->allocator.user, ptr);
    else free(ptr);
}

int sg__mem_grow(sg__mem_t *mem, void **data, size_t *cap, size_t need, size_t keep, size_t elem)
{
    size_t ncap = *cap ? *cap : 16;
    void *p;
    while (ncap < need) {
        if (ncap > SIZE_MAX / 2) return SG_ENOMEM;
        ncap *= 2;
    }
    if (ncap > SIZE_MAX / elem) return SG_ENOMEM;
    p = sg__mem_alloc(mem, ncap * elem);
    if (p == NULL) return SG_ENOMEM;
    if (keep) memcpy(p, *data, keep * elem);
    sg__mem_free(mem, *data, *cap * elem);
    *data = p;
    *cap = ncap;
    return SG_OK;
}
