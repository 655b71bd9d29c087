/*
 * Grundy's game engine, private to lib/games/grundy/, and run by the long-run
 * family (lib/longrun/family_grundy_game.c) through sg__gg_create .. sg__gg_resume.
 *
 * The files, one concept each, each calling only those above it in this list:
 *   gg_state.c         the engine's state: attach, resume, the bookkeeping of each value
 *                      (histogram, rare positions, the mask)
 *   gg_split_search.c  the vector search among the splits around the middle (SSE2, AVX2)
 *   gg_block_marks.c   the marks of a block of positions, a rare part at a time
 *   gg_engine.c        G(n) on one thread: the plain kernel, the sparse step and its searches
 *   grundy_game.c      the engine's life (create, free) and sg_grundy_game_table
 * and, in the long-run level, where every thread of the library lives:
 *   ../longrun/gg_threads.c  the second thread and groups of positions
 */
#ifndef SG_GRUNDY_GAME_H
#define SG_GRUNDY_GAME_H

#include "../../common/sg_internal.h"
#include "../../common/rendezvous.h"
#include "../../common/two_way.h"

/* Two threads (sg_sequence_set_threads): the rendezvous of the common level (SG_NO_THREADS
 * leaves them out: a sequence then refuses a second thread). */
#define SG__GG_THREADS SG__THREADS

/* Grundy's game: a move splits one heap into two non-empty heaps of different sizes, so
 * G(n) = mex { G(a) ^ G(n - a) : 1 <= a < n - a }.
 *
 * The plain kernel costs n/2 per position. The sparse-space engine (Winning Ways, ch. 4,
 * "Sparse space spells speed") splits values by a mask m: v is rare when popcount(v & m) is even,
 * common when it is odd. A common value is the XOR of a rare and a common value, so every option
 * with a common value comes from a split with a rare part: enumerating the rare positions r gives
 * exactly the common option values. Then c = the least common value that is not an option, and
 * G(n) = c unless a rare value below c is missing. Only when one is missing is G(n) rare, which
 * is what keeps rare positions rare. The result is exact for any mask; the mask only decides the
 * speed. It is the mask with the fewest rare positions so far, read off a Walsh-Hadamard
 * transform of the value histogram: #rare(m) = (N + W(m)) / 2 with
 * W(m) = sum_v hist(v) (-1)^popcount(v & m); it is chosen again each time n doubles.
 *
 * The common options are marked a block of SG__GG_RUN positions at a time, rare part by rare
 * part: the partners of a rare part r >= SG__GG_RUN in the block are consecutive values, all
 * known before the block, and each position's array of marks stays in the first-level cache.
 * The few smaller rare parts, and those found within the block, are marked position by
 * position.
 *
 * The rare values below c (about 32 of them for Grundy's game) come from two common parts, and
 * each must be found among the options. In order, until all are: 512 splits around the middle;
 * for each value, a vector search of the values of the 1024 splits around the middle, then of
 * the 4096 splits with the smallest parts (both parts in cache; XORed into a small buffer a
 * block at a time as needed; this settles all but about one value in 400 at 2^21); the split
 * that gave it three heaps ago, moved by three (values repeat with step three about 3 times
 * in 10); then v = x ^ y with y frequent among small heaps, along the last
 * positions of value x (their partners are small heaps, in cache); then with y frequent overall,
 * along the first positions of value x; last, the scan of every split, which settles the rest.
 *
 * A windowed run (lib/longrun/family_grundy_game.c) holds only a prefix and the newest values.
 * Every rare position is in the prefix and no further back than the window is long, so the
 * marks read the window alone; the searches look only at splits whose parts are held (the
 * splits around the middle give way to those with the smallest parts once the window no
 * longer reaches back there); and a value that the splits held cannot settle is SG__GG_LOST,
 * which stops the run (SG_EWINDOW) rather than guess. */

typedef struct sg__gg sg__gg_t;

#define SG__GG_GROUP 8             /* positions computed together on two threads */
#define SG__GG_SPARSE_FROM 2048u   /* below this the plain kernel always wins */
#define SG__GG_NEED 256            /* more rare values to look for: the plain kernel is as good */
#define SG__GG_FIRST 64            /* first positions kept per value */
#define SG__GG_TOP 16              /* frequent values tried per rare value looked for */
#define SG__GG_BLOCK 64
#define SG__GG_PRESCAN 512         /* splits around the middle looked at first */
#define SG__GG_NEAR 1024           /* splits around the middle searched per rare value ... */
#define SG__GG_LOW 4096            /* ... then splits with the smallest parts */
#define SG__GG_NBUF 4096           /* the larger of the two */
#define SG__GG_NEAR_STEP 128       /* ... computed this many at a time, when needed */
#define SG__GG_RECENT 32           /* last positions kept per value (a power of two) */
#define SG__GG_EARLY 1024          /* small heaps whose frequent values are tried first */
#define SG__GG_NEARLY 8            /* how many of those values */
#define SG__GG_SPAN 2048           /* ... along last positions of x at most this far back */
#define SG__GG_RUN 64              /* positions whose marks are made together */

/* The marks of a block of positions n .. n + len - 1 (len 0: none), an array of the engine's
 * stride bytes a position, each with the splits whose rare part is rare[from .. done) so far,
 * rare[from .. to) when complete. */
typedef struct {
    unsigned char *seen;
    uint64_t n, len;
    size_t from, to, done;
} sg__gg_block_t;

/* The values so far, read where the caller stores them: one byte each, or two, or four (exactly
 * one of the three is set). A windowed run holds G(0 .. pre-1) at slots 0 .. pre-1 and G(base ..)
 * at slots pre .., so slot i - off (off = base - pre); the values between are dropped. When
 * every value is held, pre == base and off == 0 (a plain table: pre = base = 0). */
typedef struct {
    const unsigned char *g8;
    const uint16_t *g16;
    const sg_value_t *g32;
    uint64_t pre, base, off;
} sg__gg_values_t;

/* The engine's answer for a position whose value needs values the window dropped (every split
 * may not be looked at): the run stops with SG_EWINDOW. */
#define SG__GG_LOST ((sg_value_t)0xffffffffu)

/* G(i) is held (i below the position asked for) */
SG__INLINE int sg__gg_held(sg__gg_values_t g, uint64_t i) { return i < g.pre || i >= g.base; }

/* the slot of a held G(i) */
SG__INLINE uint64_t sg__gg_slot(sg__gg_values_t g, uint64_t i) { return i >= g.base ? i - g.off : i; }

/* G(i), one byte first (values of Grundy's game stay below 256 up to n = 7250049). Callers take
 * the engine's sg__gg_values_t into a local first: the arrays of marks are of bytes and may
 * alias the engine, so a pointer read through it would be read again after every mark. */
SG__INLINE sg_value_t sg__gg_at(sg__gg_values_t g, uint64_t i)
{
    uint64_t k = sg__gg_slot(g, i);
    return g.g8 != NULL ? (sg_value_t)g.g8[k] : g.g16 != NULL ? (sg_value_t)g.g16[k] : g.g32[k];
}

/* How many of G(a), G(a - 1), ... are held in one run of slots (a held or not) */
SG__INLINE uint64_t sg__gg_run_down(sg__gg_values_t g, uint64_t a)
{
    return a >= g.base ? a - g.base + 1 + (g.off == 0 ? g.base : 0) : a < g.pre ? a + 1 : 0;
}

/* How many of G(b), G(b + 1), ..., G(n - 1) are held in one run of slots */
SG__INLINE uint64_t sg__gg_run_up(sg__gg_values_t g, uint64_t b, uint64_t n)
{
    if (b >= n) return 0;
    return b >= g.base ? n - b : b < g.pre ? (g.off == 0 ? n - b : g.pre - b) : 0;
}

struct sg__gg {
    sg__gg_values_t g;     /* the values so far */
    uint64_t range;        /* a power of two above twice every value so far */
    unsigned char *parity; /* parity[v] = popcount(v & mask) & 1 (range entries) */
    uint64_t *hist;        /* positions per value (range/2 entries) */
    uint64_t *first;       /* the first SG__GG_FIRST positions of each value, ascending */
    uint32_t *nfirst;      /* how many of them there are */
    uint64_t *recent;      /* the last SG__GG_RECENT positions of each value, a ring indexed
                              by hist[v] */
    sg_value_t early[SG__GG_NEARLY];  /* the most frequent values among heaps 1..EARLY-1 */
    size_t nearly;
    uint64_t *wit[3];      /* wit[n % 3][2v]: a split (a, n - a) that gave v at a recent n,
                              wit[n % 3][2v + 1]: that n (0: none) */
    uint64_t *wit2[3];     /* the same, for the second thread (each thread writes its own) */
    sg_value_t top[SG__GG_TOP];   /* the most frequent values, most frequent first */
    size_t ntop;
    uint64_t mask;
    uint64_t *rare;        /* rare positions in increasing order ... */
    sg_value_t *rare_val;  /* ... and their values */
    size_t nrare, rcap;
    uint64_t rechoose;     /* choose the mask again when n reaches this */
    uint64_t cost;         /* running average of a sparse step's work (splits looked at), x16 */
    int frozen;            /* a windowed run: the mask is kept (its rare positions could not be
                              listed again), each new top bit of the range set in it */
    uint64_t last_n;       /* the last position whose bookkeeping was completed, plus one ... */
    sg_value_t last_v[2];  /* ... and the values of last_n - 2 and last_n - 1: a caller that
                              could not store them (a widening failed) asks again, and must not
                              have them counted twice */
    sg__gg_block_t block;  /* the block of the positions computed now */
    size_t stride;         /* range/2 values and a zero guard (the mex may look one past) */
    /* what the calling thread writes while the second one works, on lines of their own: a write
     * to a line the second thread reads would take that line from its core */
    unsigned char apart0[64];
    unsigned char *seen;   /* seen[v]: v is an option (range entries; only < range/2 set) */
    sg__gg_block_t next;   /* the next block, marked while the second thread works */
#if SG__GG_THREADS
    /* the second thread (rdv.running): each job is either the second half of the block's marks
     * (job_mark), or the values of job_n + 1, job_n + 3, ... of a group, into job_v and
     * job_work */
    sg__rdv_t rdv;
    int want2;             /* two threads asked for ... */
    sg__two_way_t two;     /* ... and used now (two.use2): the faster of one and two */
    int job_mark;          /* the marks of rare[job_i0 .. block.to) for block.len / 2 .. */
    size_t job_i0;
    uint64_t job_n, job_work[SG__GG_GROUP / 2];
    sg_value_t job_v[SG__GG_GROUP / 2];
    unsigned char apart2[64];
#endif
};

/* The values of a run of splits (a0 - i, b0 + i), i = 0, 1, ...: around the middle
 * (a0 = (n - 1) / 2) or from the smallest parts (b0 = lo); values of one byte or two, the XORs
 * of two-byte values kept as min(XOR, 255) (sg__gg_near_serves).
 * Searching them for a rare value is a vector compare over a small buffer in cache, where the
 * other ways look at scattered parts of the table (gg_split_search.c). */
typedef struct {
    struct {
        unsigned char b[SG__GG_NBUF];
    } x;
    uint64_t a0, b0;   /* split i is (a0 - i, b0 + i) */
    size_t len;    /* splits computed */
    size_t cap;    /* splits to compute at most */
} sg__gg_near_t;

/* The search among the splits serves values of one byte and of two, with room for the marks of
 * 255 (a byte of 255 in its buffer stands for 255 and up with two-byte values). */
SG__INLINE int sg__gg_near_serves(const sg__gg_t *e)
{
    return e->g.g8 != NULL || (e->g.g16 != NULL && e->range >= 512);
}

/* the block holds position n */
SG__INLINE int sg__gg_block_has(const sg__gg_block_t *b, uint64_t n)
{
    return b->len != 0 && n >= b->n && n - b->n < b->len;
}

/* n's array of the block */
SG__INLINE unsigned char *sg__gg_block_seen(const sg__gg_t *e, const sg__gg_block_t *b,
                                            uint64_t n)
{
    return b->seen + (size_t)(n - b->n) * e->stride;
}

/* the sparse step costs e->cost / 16 splits on average, the plain one n/2 */
SG__INLINE int sg__gg_sparse_pays(const sg__gg_t *e, uint64_t n)
{
    /* a windowed run that dropped values has no other way */
    return n >= SG__GG_SPARSE_FROM && (e->cost / 8 < n || e->g.off != 0);
}

/* A value computed and accounted for (the last two are kept for a caller that asks again). */
SG__INLINE void sg__gg_done(sg__gg_t *e, uint64_t n, sg_value_t v)
{
    e->last_v[0] = e->last_v[1];
    e->last_v[1] = v;
    e->last_n = n + 1;
}

/* The sparse step's search (sg__gg_resolve) starts on a 64-byte line: where its loops fall
 * within a line otherwise follows whatever is linked before it, and was measured to change its
 * speed by 15% on a 2^17-heap table (AMD EPYC). */
#if defined(__GNUC__) || defined(__clang__)
#define SG__GG_ALIGNED __attribute__((aligned(64)))
#else
#define SG__GG_ALIGNED
#endif

/* index of the first rare position >= x (inline: asked for every position) */
SG__INLINE size_t sg__gg_rare_find(const sg__gg_t *e, uint64_t x)
{
    size_t lo = 0, hi = e->nrare;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (e->rare[mid] < x) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* ---- the engine's state (gg_state.c) ---- */

/* a fresh, zeroed engine made ready; the engine's tables freed and the struct zeroed */
SG__PRIVATE int sg__gg_init(sg__gg_t *e);
SG__PRIVATE void sg__gg_release(sg__gg_t *e);

/* before G(n): the mask and the frequent values chosen again when it is time */
SG__PRIVATE int sg__gg_prepare(sg__gg_t *e, uint64_t n);
/* The bookkeeping for G(n) = v. */
SG__PRIVATE int sg__gg_account(sg__gg_t *e, uint64_t n, sg_value_t v);

/* ---- values (gg_engine.c) ---- */

/* the sparse step's search for the rare values, after the marks of the splits with a rare part */
SG__PRIVATE sg_value_t sg__gg_resolve(const sg__gg_t *e, uint64_t *const *wit, uint64_t n,
                                      unsigned char *seen, uint64_t lo, const sg_value_t *extra,
                                      size_t nextra, uint64_t *work) SG__GG_ALIGNED;
/* the mex of the options of n from splits (a, n - a) with a >= lo: sparse or plain */
SG__PRIVATE sg_value_t sg__gg_value(const sg__gg_t *e, uint64_t *const *wit, uint64_t n,
                                    unsigned char *seen, uint64_t lo, int sparse,
                                    uint64_t *work);

/* ---- the search among the splits (gg_split_search.c) ---- */

/* s->cap lowered to the splits whose parts are held, each side in one run of slots */
SG__PRIVATE void sg__gg_near_fit(const sg__gg_t *e, sg__gg_near_t *s, uint64_t n);
/* the next `step` splits of s (fewer at the end) */
SG__PRIVATE void sg__gg_near_grow(const sg__gg_t *e, sg__gg_near_t *s, size_t step);
/* 1 when option value v of n is among the splits of s (more computed as needed) */
SG__PRIVATE int sg__gg_near(const sg__gg_t *e, uint64_t *const *wit, uint64_t n,
                            sg__gg_near_t *s, sg_value_t v, uint64_t *work);

/* ---- block marks (gg_block_marks.c) ---- */

/* a block of positions from n, none marked yet, for the rare parts of at least `least` */
SG__PRIVATE void sg__gg_block_start(const sg__gg_t *e, sg__gg_block_t *b, uint64_t n,
                                    uint64_t least);
/* the marks of rare parts rare[i0 .. i1) for the block's positions b->n + j0 .. b->n + j1 - 1 */
SG__PRIVATE void sg__gg_block_mark(const sg__gg_t *e, const sg__gg_block_t *b, uint64_t j0,
                                   uint64_t j1, size_t i0, size_t i1);

/* ---- what the long-run driver calls (lib/longrun/sequence.c) ---- */

/* The engine reads the values computed so far from storage the caller owns: one, two or four
 * bytes per value (sg__gg_attach again after the storage moves or widens). sg__gg_next gives
 * G(n) from G(0..n-1) and does its bookkeeping; the caller stores it at n before asking for
 * n + 1. */
SG__PRIVATE int sg__gg_create(sg__gg_t **engine);
SG__PRIVATE void sg__gg_free(sg__gg_t *engine);
SG__PRIVATE void sg__gg_attach(sg__gg_t *engine, const unsigned char *g8, const uint16_t *g16,
                               const sg_value_t *g32, uint64_t pre, uint64_t base);
SG__PRIVATE int sg__gg_next(sg__gg_t *engine, uint64_t n, sg_value_t *value);
/* 1 when the engine can run on two threads (POSIX threads, not SG_NO_THREADS) */
SG__PRIVATE int sg__gg_threads_supported(void);
/* start (threads == 2) or stop (1) the engine's second thread (lib/longrun/gg_threads.c); stop it
 * before sg__gg_free */
SG__PRIVATE void sg__gg_threads(sg__gg_t *engine, unsigned threads);
/* G(n), and when the second thread runs G(n + 1 .. n + SG__GG_GROUP - 1) too (want values at
 * most): *got values in v, each accounted for; the caller stores them in order */
SG__PRIVATE int sg__gg_next_group(sg__gg_t *engine, uint64_t n, uint64_t want,
                                  sg_value_t v[SG__GG_GROUP], unsigned *got);
/* a fresh engine attached to stored values G(0..count-1) takes them over */
SG__PRIVATE int sg__gg_resume(sg__gg_t *engine, uint64_t count);
/* A windowed run from now on (gg_state.c): the mask is kept, with the bits above every value so
 * far set; a rare value at a position past the prefix is SG_EWINDOW. */
SG__PRIVATE void sg__gg_freeze(sg__gg_t *engine);
/* The bookkeeping that the values held cannot rebuild once some are dropped, in bytes (a
 * checkpoint's engine state) and back into a fresh engine (SG_EFORMAT when it does not agree
 * with `count` values; SG_ENOMEM) */
SG__PRIVATE size_t sg__gg_state_size(const sg__gg_t *engine);
SG__PRIVATE void sg__gg_state_out(const sg__gg_t *engine, unsigned char *buf);
SG__PRIVATE int sg__gg_state_in(sg__gg_t *engine, const unsigned char *buf, size_t size,
                                uint64_t count);

#endif /* SG_GRUNDY_GAME_H */
