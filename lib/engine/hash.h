/* Private to the engine level: the hash that memo.c and loopy.c share (in a header of the level,
 * not in sg_internal.h, so that the contest header pays for it only with the engine). */
#ifndef SG_HASH_H
#define SG_HASH_H

#include "../common/sg_internal.h"

/* The hash of the open-addressing tables of 64-bit keys (the memo, the loopy engine):
 * splitmix64's finalizer, under which encoded states (bitmasks, packed tuples) spread well. */
SG__INLINE size_t sg__hash64(uint64_t key)
{
    key ^= key >> 30;
    key *= 0xbf58476d1ce4e5b9u;
    key ^= key >> 27;
    key *= 0x94d049bb133111ebu;
    key ^= key >> 31;
    return SG__CAST(size_t, key);
}

#endif
