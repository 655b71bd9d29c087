#include "../common/sg_internal.h"
#include "longrun.h"

#include <stdlib.h>

/* The value store of a long run: one byte a value until one reaches 256, then two until one
 * reaches 65536, then four (Grundy's game first reaches 256 at n = 7250049: a billion values
 * fit in 1 GiB that long). An engine that reads the values where they are hears of every move
 * through `moved`. */

void sg__values_init(sg__values_t *v)
{
    memset(v, 0, sizeof *v);
    v->width = 1;
}

/* one block at a time holds the values: the others are NULL */
static void sg__values_forget(sg__values_t *v)
{
    v->g8 = NULL;
    v->g16 = NULL;
    v->g32 = NULL;
}

void sg__values_release(sg__values_t *v)
{
    free(sg__values_data(v));
    sg__values_forget(v);
}

void *sg__values_data(const sg__values_t *v)
{
    return v->width == 1 ? (void *)v->g8 : v->width == 2 ? (void *)v->g16 : (void *)v->g32;
}

static void sg__values_set(sg__values_t *v, void *p)
{
    if (v->width == 1) v->g8 = (unsigned char *)p;
    else if (v->width == 2) v->g16 = (uint16_t *)p;
    else v->g32 = (sg_value_t *)p;
    if (v->moved != NULL) v->moved(v->user, v->g8, v->g16, v->g32);
}

int sg__values_reserve(sg__values_t *v, uint64_t need)
{
    uint64_t cap = v->cap <= UINT64_MAX / 2 ? 2 * v->cap : UINT64_MAX;
    void *p;
    if (need <= v->cap) return SG_OK;
    if (cap < need) cap = need;   /* a long run asks once: exactly what it needs */
    if (cap > SIZE_MAX / v->width) return SG_ENOMEM;
    p = realloc(sg__values_data(v), (size_t)cap * v->width);
    if (p == NULL) {
        /* not the doubling: exactly what is needed (if that is less) */
        if (cap == need) return SG_ENOMEM;
        cap = need;
        if (cap > SIZE_MAX / v->width) return SG_ENOMEM;
        p = realloc(sg__values_data(v), (size_t)cap * v->width);
        if (p == NULL) return SG_ENOMEM;
    }
    v->cap = cap;
    sg__values_set(v, p);
    return SG_OK;
}

int sg__values_widen(sg__values_t *v, unsigned width)
{
    size_t room = (size_t)(v->cap ? v->cap : 1);
    uint64_t i;
    void *w;
    if (room > SIZE_MAX / width) return SG_ENOMEM;
    /* give back the unused room first: the peak is the new block plus the values, not plus the
     * old block's room (2^30 values widening at n = 7250049: 2 GiB, not 3) */
    if (v->count > 0 && v->count < v->cap) {
        void *q = realloc(sg__values_data(v), (size_t)v->count * v->width);
        if (q != NULL) {
            v->cap = v->count;
            sg__values_set(v, q);
        }
    }
    if ((w = malloc(room * width)) == NULL) return SG_ENOMEM;
    v->cap = room;
    for (i = 0; i < v->count; i++) {
        if (width == 2) ((uint16_t *)w)[i] = (uint16_t)sg__values_at(v, i);
        else ((sg_value_t *)w)[i] = sg__values_at(v, i);
    }
    free(sg__values_data(v));
    sg__values_forget(v);
    v->width = width;
    sg__values_set(v, w);
    return SG_OK;
}

int sg__values_push(sg__values_t *v, sg_value_t x)
{
    uint64_t n = v->count;
    int st;
    if (x > 255 && v->width == 1 && (st = sg__values_widen(v, 2)) != SG_OK) return st;
    if (x > 65535 && v->width == 2 && (st = sg__values_widen(v, 4)) != SG_OK) return st;
    if (v->width == 1) v->g8[n] = (unsigned char)x;
    else if (v->width == 2) v->g16[n] = (uint16_t)x;
    else v->g32[n] = x;
    v->count = n + 1;
    return SG_OK;
}
