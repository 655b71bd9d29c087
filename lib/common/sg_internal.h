/*
 * libsg private declarations: shared between lib/ files, never installed.
 * Private functions shared between files are named sg__name.
 */
#ifndef SG_INTERNAL_H
#define SG_INTERNAL_H

#include "../../include/sg.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__GNUC__) || defined(__clang__)
#  define SG__LIKELY(x) __builtin_expect(!!(x), 1)
#  define SG__UNLIKELY(x) __builtin_expect(!!(x), 0)
#  define SG__INLINE static inline __attribute__((always_inline))
#else
#  define SG__LIKELY(x) (x)
#  define SG__UNLIKELY(x) (x)
#  define SG__INLINE static inline
#endif

/* SG__PRIVATE starts the declaration of every sg__ function shared between lib/ files: extern in
 * the library, static in the single header built with SG_STATIC (so two translation units with
 * their own static copies, or one beside an SG_IMPLEMENTATION copy, still link). */
#if defined(SG_STATIC) && (defined(__GNUC__) || defined(__clang__))
#  define SG__PRIVATE static __attribute__((unused))
#elif defined(SG_STATIC)
#  define SG__PRIVATE static
#else
#  define SG__PRIVATE extern
#endif

/* A conversion that is a static_cast when the code is compiled as C++ (the contest header is
 * pasted into C++ solutions built with -Wold-style-cast) and a plain cast in C. */
#ifdef __cplusplus
#  define SG__CAST(T, x) static_cast<T>(x)
#else
#  define SG__CAST(T, x) ((T)(x))
#endif

/* Count trailing zeros of a non-zero word. */
SG__INLINE unsigned sg__ctz64(uint64_t w)
{
#if defined(__GNUC__) || defined(__clang__)
    return SG__CAST(unsigned, __builtin_ctzll(w));
#else
    unsigned n = 0;
    while (!(w & 1u)) { w >>= 1; n++; }
    return n;
#endif
}

/* ---- memory: every allocation of an object goes through its sg__mem_t ---------------- */

/* An allocator plus an account of the bytes held, checked against an optional cap. */
typedef struct {
    sg_allocator_t allocator;   /* alloc == NULL: malloc/free */
    size_t used;                /* bytes held now */
    size_t cap;                 /* 0: no cap */
} sg__mem_t;

SG__PRIVATE void sg__mem_init(sg__mem_t *mem, const sg_allocator_t *allocator, size_t cap);
/* The allocator an sg_memory_t names: NULL for malloc/free (no sg_memory_t, or both functions
 * NULL), else its own, which the constructor checks like any allocator (one function without
 * the other is SG_EINVAL). */
SG__INLINE const sg_allocator_t *sg__allocator_of(const sg_memory_t *memory)
{
    if (memory == NULL || (memory->allocator.alloc == NULL && memory->allocator.free == NULL))
        return NULL;
    return &memory->allocator;
}
/* SG_EINVAL for an allocator without alloc or free (NULL: malloc/free, fine). */
SG__INLINE int sg__allocator_check(const sg_allocator_t *allocator)
{
    return allocator != NULL && (allocator->alloc == NULL || allocator->free == NULL) ? SG_EINVAL
                                                                                      : SG_OK;
}
/* NULL when out of memory, over the cap, or size == 0. */
SG__PRIVATE void *sg__mem_alloc(sg__mem_t *mem, size_t size);
SG__PRIVATE void sg__mem_free(sg__mem_t *mem, void *ptr, size_t size);
/* Grow *data (holding *cap elements of elem bytes) to at least need elements, keeping the first
 * keep elements. SG_OK or SG_ENOMEM (then *data is untouched). */
SG__PRIVATE int sg__mem_grow(sg__mem_t *mem, void **data, size_t *cap, size_t need, size_t keep,
                             size_t elem);

/* ---- the option sink shared by the table engine, the memo and sg_winning_move ---------- */

enum { SG__SINK_TABLE = 0, SG__SINK_MEMO = 1 };

#define SG__SMALL_VALUES 64

struct sg_moves {
    int status;              /* first problem seen; sticky */
    int kind;                /* SG__SINK_TABLE or SG__SINK_MEMO */
    int enter;               /* 1: push every option whose value is pending on the stack */
    size_t pending;          /* options whose value is not known yet */

    /* values of the options reported so far */
    sg_value_t *vals;
    size_t nvals, vcap;

    /* find mode (sg_winning_move): the index of the first option of value target */
    int find;
    sg_value_t target;
    size_t index, found;

    /* table: positions below frontier are done; above it, black bits say so */
    const sg_value_t *table;
    uint64_t count, frontier;
    const uint64_t *black, *gray;

    /* memo: probe looks a key up in the memo (memo.c sets it, so moves.c never calls memo.c,
     * which uses moves.c): 1 with *value when done; 0 when pending (in enter mode it was
     * pushed, or a cycle was noted in status) */
    int (*probe)(sg_moves_t *out, uint64_t key, sg_value_t *value);
    struct sg__keyed *keyed;
    uint32_t epoch;

    /* the depth-first stack of positions still to resolve */
    uint64_t *stack;
    size_t depth, scap;

    /* record mode (the table engine's batches): options are written down, not looked up */
    int record;
    struct sg__rec *rec;
    size_t nrec, rcap;

    sg__mem_t *mem;
    sg_value_t small[SG__SMALL_VALUES];
};

/* A recorded option: SG__REC_TO x = a position; SG__REC_SUM x = the number of parts, which
 * follow as SG__REC_PART; SG__REC_VALUE x = a value. */
enum { SG__REC_TO = 0, SG__REC_SUM = 1, SG__REC_PART = 2, SG__REC_VALUE = 3 };
struct sg__rec {
    uint64_t x;
    unsigned tag;
};

SG__PRIVATE void sg__moves_init(sg_moves_t *out, int kind, sg__mem_t *mem);
SG__PRIVATE void sg__moves_release(sg_moves_t *out);
/* Start the options of a new position. */
SG__INLINE void sg__moves_reset(sg_moves_t *out, int enter)
{
    out->nvals = 0;
    out->pending = 0;
    out->enter = enter;
    out->index = 0;
}
SG__PRIVATE int sg__moves_push(sg_moves_t *out, uint64_t position);

SG__INLINE int sg__bit(const uint64_t *bits, uint64_t i)
{
    return SG__CAST(int, (bits[i >> 6] >> (i & 63)) & 1u);
}
SG__INLINE void sg__bit_set(uint64_t *bits, uint64_t i)
{
    bits[i >> 6] |= SG__CAST(uint64_t, 1) << (i & 63);
}
SG__INLINE void sg__bit_clear(uint64_t *bits, uint64_t i)
{
    bits[i >> 6] &= ~(SG__CAST(uint64_t, 1) << (i & 63));
}

/* ---- sparse space (sparse_space.c): shared by grundy_game.c and octal_sparse.c ------------ */

/* par[v] = popcount(v & mask) & 1 for v < count */
SG__PRIVATE void sg__sparse_parity(unsigned char *par, uint64_t count, uint64_t mask);
/* In-place Walsh-Hadamard transform of w[0..len), len a power of two: from a histogram h,
 * w[m] = sum_v h[v] (-1)^popcount(v & m). */
SG__PRIVATE void sg__sparse_wht(int64_t *w, size_t len);
/* realloc to `bytes`, the part past `old` zeroed; NULL when out of memory (p untouched) */
SG__PRIVATE void *sg__sparse_grow(void *p, size_t old, size_t bytes);

#endif /* SG_INTERNAL_H */
