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
    if (v->moved != NULL) v->moved(v->user, v);
}

uint64_t sg__values_slots(const sg__values_t *v) { return v->count - v->base + v->pre; }

#define SG__VALUES_FNV_BASIS 14695981039346656037u
#define SG__VALUES_FNV_PRIME 1099511628211u

/* the hash h of G(0 .. from-1) carried on over G(from .. to-1), all held */
static uint64_t sg__values_hash_on(const sg__values_t *v, uint64_t h, uint64_t from, uint64_t to)
{
    uint64_t i;
    unsigned b;
    for (i = from; i < to; i++) {
        sg_value_t x = sg__values_at(v, i);
        for (b = 0; b < 4; b++) {
            h ^= (x >> (8 * b)) & 0xffu;
            h *= SG__VALUES_FNV_PRIME;
        }
    }
    return h;
}

uint64_t sg__values_hash(const sg__values_t *v)
{
    uint64_t h = v->hashed == 0 ? SG__VALUES_FNV_BASIS : v->hash;
    return sg__values_hash_on(v, h, v->hashed, v->count);
}

/* Drop G(pre .. count - keep - 1): the last keep values move to the slots after the prefix,
 * hashed first. */
static void sg__values_slide(sg__values_t *v)
{
    uint64_t base = v->count - v->keep;
    size_t w = v->width;
    if (base <= v->base) return;
    if (v->hashed < base) {
        v->hash = sg__values_hash_on(v, v->hashed == 0 ? SG__VALUES_FNV_BASIS : v->hash,
                                     v->hashed, base);
        v->hashed = base;
    }
    memmove((unsigned char *)sg__values_data(v) + (size_t)v->pre * w,
            (unsigned char *)sg__values_data(v) + (size_t)sg__values_slot(v, base) * w,
            (size_t)v->keep * w);
    v->base = base;
    if (v->moved != NULL) v->moved(v->user, v);
}

/* Slots a windowed store holds: the prefix, the window, and the values computed between two
 * slides (an eighth of the window, 2^16 at least: a slide moves the window's bytes once per
 * that many values). */
static int sg__values_window_room(const sg__values_t *v, uint64_t *room)
{
    uint64_t more = v->keep / 8 > ((uint64_t)1 << 16) ? v->keep / 8 : (uint64_t)1 << 16;
    if (v->keep > (UINT64_MAX - more) / 2) return SG_ENOMEM;
    *room = 2 * v->keep + more;
    return SG_OK;
}

/* Room for exactly `cap` slots, at least those in use: SG_OK, or SG_ENOMEM with v as it was
 * (a block that shrinks may still move). */
static int sg__values_resize(sg__values_t *v, uint64_t cap)
{
    void *q;
    if (cap > SIZE_MAX / v->width) return SG_ENOMEM;
    if ((q = realloc(sg__values_data(v), (size_t)cap * v->width)) == NULL) return SG_ENOMEM;
    v->cap = cap;
    sg__values_set(v, q);
    return SG_OK;
}

int sg__values_start_window(sg__values_t *v)
{
    uint64_t room;
    int st;
    if (v->keep == 0 || v->count < 2 * v->keep || v->pre != 0) return SG_EINVAL;
    if ((st = sg__values_window_room(v, &room)) != SG_OK) return st;
    if (room > v->cap && (st = sg__values_resize(v, room)) != SG_OK) return st;
    v->pre = v->base = v->keep;
    sg__values_slide(v);
    if (room < v->cap) (void)sg__values_resize(v, room);   /* kept as it is when it cannot */
    return SG_OK;
}

int sg__values_reserve(sg__values_t *v, uint64_t need)
{
    uint64_t cap = v->cap <= UINT64_MAX / 2 ? 2 * v->cap : UINT64_MAX;
    void *p;
    /* a windowed store makes its own room as it goes */
    if (v->keep != 0 && need > v->count + ((uint64_t)1 << 16))
        need = v->count + ((uint64_t)1 << 16);
    if (v->pre != 0) return SG_OK;
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

void sg__values_trim(sg__values_t *v)
{
    uint64_t slots = sg__values_slots(v);
    if (slots > 0 && slots < v->cap) (void)sg__values_resize(v, slots);
}

int sg__values_widen(sg__values_t *v, unsigned width)
{
    size_t room = (size_t)(v->cap ? v->cap : 1);
    uint64_t i, slots = sg__values_slots(v);
    void *w;
    if (room > SIZE_MAX / width) return SG_ENOMEM;
    /* give back the unused room first: the peak is the new block plus the values, not plus the
     * old block's room (2^30 values widening at n = 7250049: 2 GiB, not 3) */
    if (v->pre == 0) sg__values_trim(v);
    if ((w = malloc(room * width)) == NULL) return SG_ENOMEM;
    v->cap = room;
    for (i = 0; i < slots; i++) {   /* slot by slot: a window stays where it is */
        sg_value_t x = sg__values_in(v, i);
        if (width == 2) ((uint16_t *)w)[i] = (uint16_t)x;
        else ((sg_value_t *)w)[i] = x;
    }
    free(sg__values_data(v));
    sg__values_forget(v);
    v->width = width;
    sg__values_set(v, w);
    return SG_OK;
}

int sg__values_push(sg__values_t *v, sg_value_t x)
{
    uint64_t k;
    int st;
    if (v->keep != 0 && sg__values_slots(v) >= v->cap) {
        uint64_t room;
        if (v->pre != 0 && (st = sg__values_window_room(v, &room)) != SG_OK) return st;
        if (v->pre != 0 && v->cap < room) {   /* a window read back from a file */
            if ((st = sg__values_resize(v, room)) != SG_OK) return st;
        } else if (v->pre != 0) {
            sg__values_slide(v);
            /* room past the window's (a file saved with more): given back once slid */
            if (v->cap > room) (void)sg__values_resize(v, room);
        } else {
            uint64_t more = v->count / 2 > ((uint64_t)1 << 16) ? v->count / 2 : (uint64_t)1 << 16;
            if (v->count > UINT64_MAX - more) return SG_ENOMEM;
            if ((st = sg__values_reserve(v, v->count + more)) != SG_OK) return st;
        }
    }
    if (x > 255 && v->width == 1 && (st = sg__values_widen(v, 2)) != SG_OK) return st;
    if (x > 65535 && v->width == 2 && (st = sg__values_widen(v, 4)) != SG_OK) return st;
    k = sg__values_slots(v);
    if (v->width == 1) v->g8[k] = (unsigned char)x;
    else if (v->width == 2) v->g16[k] = (uint16_t)x;
    else v->g32[k] = x;
    v->count++;
    return SG_OK;
}
