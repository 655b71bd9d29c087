/* Take-and-break games: the parsed code (octal_code.c), the value engine (octal.c) over the
 * sparse-space engine (octal_sparse.c), and the long computation that proves a period as it
 * goes (octal_period.c). Private to lib/: never installed. */
#ifndef SG_GAMES_OCTAL_H
#define SG_GAMES_OCTAL_H

#include "../../common/sg_internal.h"
#include "../period/periodicity.h"

struct sg_octal {
    unsigned char d[SG_OCTAL_MAX_DIGITS + 1];   /* d[0..t]; d[i] for i > t is 0 */
    unsigned t;                                 /* index of the last non-zero digit, or 0 */
    int parts;                                  /* sg_octal_max_parts */
};

/* The sparse-space engine (octal_sparse.c) for games with at most two parts. It keeps a
 * histogram and the rare positions of G(0 .. n-1); the caller passes G on every call (it may
 * move between calls) and reports each value it stores. */
typedef struct sg__octal_sparse sg__octal_sparse_t;
/* What the engine did (for tests and benchmarks). */
typedef struct {
    sg_value_t mask;       /* the mask now ... */
    int domain;            /* ... of the domain type (1) or the range type (0) */
    size_t nrare;          /* rare positions now */
    int off;               /* values too large: it stopped */
    unsigned changes;      /* times a new choice changed the mask */
    uint64_t steps;        /* values it gave */
    uint64_t given_up;     /* steps given up to the plain kernel (the tests cost too much) */
} sg__octal_sparse_stats_t;
SG__PRIVATE void sg__octal_sparse_stats(const sg__octal_sparse_t *sp,
                                        sg__octal_sparse_stats_t *stats);
/* The value engine's typed copies of G(0 .. n-1), which the sparse engine reads rather than
 * keep its own (they cost one to four bytes a value): f[k] = G(k) and r[cap - 1 - k] = G(k),
 * in one byte (f8, r8) or in two (f16, r16; the other pair NULL). r8 and r16 are NULL too when
 * the value engine keeps no reversed copy (its kernels read f backwards). */
typedef struct {
    const unsigned char *f8, *r8;
    const uint16_t *f16, *r16;
    size_t cap;
} sg__octal_view_t;
/* On AArch64 compilers make a loop that reads an array backwards into vector code with one
 * byte permute (tbl) a register more than the same loop forward (gcc 12 and clang at -O2), so
 * the plain kernels there read G(m - a) backwards from the forward copy, and neither engine
 * keeps a reversed copy: a long run holds each value once. */
#if defined(__aarch64__) && SG__LONGRUN
#  define SG__OCTAL_PLAIN_BACK 1
#endif
/* G(k) from a view with copies */
SG__INLINE sg_value_t sg__octal_view_at(const sg__octal_view_t *view, uint64_t k)
{
    return view->f8 != NULL ? view->f8[k] : view->f16[k];
}
/* An engine for a game whose G(0 .. n-1) are known (it takes them over at its first step).
 * SG_OK or SG_ENOMEM. */
SG__PRIVATE int sg__octal_sparse_create(sg__octal_sparse_t **sp, const sg_octal_t *game,
                                        uint64_t n);
SG__PRIVATE void sg__octal_sparse_free(sg__octal_sparse_t *sp);
/* G(n) from G(0 .. n-1) (in the copies of `view`, which hold room for G(n) too) when
 * the sparse way is the cheaper one now, or `always`: 1 with *value; 0 when the plain kernel
 * should run (always when the view has no copies); SG_ENOMEM. `cost`: what the plain kernel
 * pays for a split, in splits tested by the vectorised byte kernel (1 there, more where it
 * marks each split). */
SG__PRIVATE int sg__octal_sparse_value(sg__octal_sparse_t *sp, const sg__octal_view_t *view,
                                       uint64_t n, unsigned cost, int always, sg_value_t *value);
/* Groups of positions on two threads (lib/longrun/octal_threads.c). A group of k positions
 * from n may be computed now: the engine is on and chooses no new mask before n + k. */
SG__PRIVATE int sg__octal_sparse_group_ok(const sg__octal_sparse_t *sp, uint64_t n, uint64_t k);
/* Bytes of a thread's scratch for sg__octal_sparse_partial (it grows with the values). */
SG__PRIVATE size_t sg__octal_sparse_scratch(const sg__octal_sparse_t *sp);
/* The mex of the options of n that read only G(0 .. n0 - 1), n0 <= n, the sparse way, the
 * engine only read (so two threads may ask at once, each with scratch of its own): 1 with
 * *value, 0 when the search would cost more than twice the plain kernel (`cost` as in
 * sg__octal_sparse_value; never when `always`). The caller then checks the options left out. */
SG__PRIVATE int sg__octal_sparse_partial(const sg__octal_sparse_t *sp,
                                         const sg__octal_view_t *view, uint64_t n, uint64_t n0,
                                         unsigned cost, int always, void *scratch,
                                         sg_value_t *value);
/* G(n) = v is stored (after G(0 .. n-1)): its bookkeeping. SG_OK or SG_ENOMEM. */
SG__PRIVATE int sg__octal_sparse_push(sg__octal_sparse_t *sp, uint64_t n, sg_value_t v);

#ifndef SG_NO_SPARSE   /* the contest build has no sparse engine */
/* The sparse engine's vector passes (octal_sparse_simd.c), for the instruction sets this
 * processor has. Splits go by SG__OCTAL_SPARSE_MARKS from each end of a heap's range in turn
 * (128 against 256: 6-12% less time on 0.6, .36 and .354, AVX2). */
#define SG__OCTAL_SPARSE_MARKS 128u
typedef struct {
    const unsigned *split;       /* the indices of the split digits ... */
    unsigned nsplit;             /* ... and their number */
} sg__octal_splits_t;
/* With the options of n marked in seen (2 * range entries, range a power of two, 64 at least)
 * and par[v] the class of v: the least value *c of class q no option gave, and the values of
 * the other class below it that none gave (need, ascending; *k of them): 1, or 0 when no vector
 * pass runs here (the caller then scans). */
SG__PRIVATE int sg__octal_simd_least(const unsigned char *seen, const unsigned char *par,
                                     unsigned q, uint64_t range, uint16_t *need, size_t *k,
                                     uint64_t *c);
/* The end of a step: need[0 .. k) (ascending, below c) are the values of the other class that
 * no marked option gave; each is given by a split or by none, and G(n) is the least given by
 * none, or c. The splits of split digit j0 from lo0 to hi0, then of the digits after it (the
 * partner below n0) are looked at in one vector pass: 1 with *value, 0 when the work, from w,
 * passes budget (*work: the work); -1 when no vector pass takes k values here. */
SG__PRIVATE int sg__octal_simd_search(const sg__octal_splits_t *sp, const sg__octal_view_t *vw,
                                      const uint16_t *need, size_t k, uint64_t n, uint64_t n0,
                                      size_t j0, size_t lo0, size_t hi0, uint64_t c,
                                      uint64_t budget, uint64_t w, sg_value_t *value,
                                      uint64_t *work);
#endif

/* The value engine: G(0 .. n-1) are in the owner's buffer, or (an owner that keeps none, G NULL:
 * a long run) in the engine's own typed copies, and in four bytes of its own only where no copy
 * holds them (three parts, or a value of 65536 or more); sg__octal_run extends them. The sparse
 * engine runs when it is the cheaper way (SG__OCTAL_AUTO); benchmarks and tests may ask for the
 * plain kernel only, or for the sparse engine at every position it can take. */
enum { SG__OCTAL_AUTO = 0, SG__OCTAL_PLAIN = 1, SG__OCTAL_SPARSE = 2 };
/* A long run on two threads (lib/longrun/octal_threads.c), asked by the value engine while the
 * sparse engine `sp` gives the values: G(n .. n + k - 1) (k <= SG__OCTAL_GROUP_MAX, n + k <=
 * upto) computed at once into v, and k returned (0: none now; negative: a failure); they are
 * then stored in order. `view`, `cost`, `always`: as sg__octal_sparse_value and
 * sg__octal_sparse_partial take them. */
typedef int (*sg__octal_group_fn)(void *user, const sg__octal_sparse_t *sp,
                                  const sg_octal_t *game, const sg__octal_view_t *view,
                                  uint64_t n, uint64_t upto, unsigned cost, int always,
                                  sg_value_t *v);
#define SG__OCTAL_GROUP_MAX 16
typedef struct {
    const sg_octal_t *game;
    uint64_t n;                  /* values computed */
    unsigned char *f, *r;        /* byte copies: f[k] = G(k), r[bcap - 1 - k] = G(k) (r: NULL
                                    when the kernels read f backwards, `back`) */
#if SG__LONGRUN                  /* (without long runs owners always keep the values) */
    sg_value_t *own;             /* G in four bytes, for an owner that keeps none (G NULL), on
                                    the ways that keep no copies; room for owncap values */
    size_t owncap;
    void *lend;                  /* NULL, or the owner's block lent as the forward copy f (or
                                    f16) of width lendw, room for lendcap values ... */
    unsigned lendw;
    size_t lendcap;              /* ... (sg__octal_run_lend) */
    int back;                    /* not 0: the kernels read G(m - a) backwards from f (or f16),
                                    the way octal_kernels.c names, and there is no reversed
                                    copy r (r16) */
#endif
    uint16_t *f16, *r16;         /* the same in two bytes, once a value reaches 256 */
    size_t bcap;                 /* room in f, r (or f16, r16) */
    int bytes;                   /* 1 while the byte path is on (values < 256, at most 2 parts) */
    int wide;                    /* 1 while the two-byte path is on (values < 65536) */
    unsigned method;             /* the plain kernel's way to a value now (octal.c), chosen
                                    again only when a value outgrows it */
    uint64_t *set;               /* the candidate paths' scratch: option bits, then marks */
    unsigned skip;               /* values left to build directly (the tests cost too much) */
    unsigned lapse;              /* the next such stretch (doubles while the tests keep failing) */
    uint64_t *s2;                /* three parts, values < 64: the two-part split sets */
    size_t s2cap;
    unsigned char *seen;         /* mex marks of the general path */
    size_t words;                /* their number */
    sg_value_t maxv;             /* the largest value so far, at its least position max_at */
    uint64_t max_at;
    sg__octal_sparse_t *sparse;  /* two parts, from SG__OCTAL_SPARSE_FROM values on; made when
                                    first needed (so a resumed run rebuilds it from G) */
    int sparse_mode;             /* SG__OCTAL_AUTO, or (benchmarks, tests) never / always */
    uint64_t room;               /* values the copies get room for at least (a long run's end,
                                    so that they are not doubled past it); 0: as they come */
#if SG__LONGRUN
    sg__octal_group_fn group;    /* NULL, or a long run on two threads ... */
    void *group_user;            /* ... and its state */
#endif
#ifndef SG_NO_SPARSE             /* the sparse way's (octal_sparse_way.c) */
    sg_value_t gv[SG__OCTAL_GROUP_MAX];
    int gk, gi;                  /* values of a group, and those stored */
    int sparse_last;             /* the sparse engine gave the last value */
#endif
} sg__octal_run_t;

/* Where an owner's G(0 .. run->n - 1) are in four bytes each: its table G, or (G NULL) the
 * engine's own, which holds them wherever no copy does (three parts: always) */
#if !SG__LONGRUN
#define SG__OCTAL_HELD(G, run) (G)
#else
#define SG__OCTAL_HELD(G, run) ((G) != NULL ? (G) : (run)->own)
#endif

SG__PRIVATE int sg__octal_run_init(sg__octal_run_t *run, const sg_octal_t *game);
/* Compute G(run->n .. upto-1) into G (which holds G(0 .. run->n-1)), or, G NULL on every call
 * of the run, into the engine's own. SG_OK or SG_ENOMEM. */
SG__PRIVATE int sg__octal_run(sg__octal_run_t *run, sg_value_t *G, uint64_t upto);
SG__PRIVATE void sg__octal_run_release(sg__octal_run_t *run);
/* An owner that keeps G(0 .. held - 1) in `block` (room for `cap` values of `width` bytes,
 * G(k) at k) lends it as the forward copy of that width, so that the values are not held twice:
 * the engine writes each value it computes there too, and takes the block for its copy whenever
 * the width is the copy's and the block has the room (else it keeps a copy of its own). Called
 * again whenever the block moves or widens (contents kept up to `held` at least, and the
 * engine's own writes past it too, while it stays in one width); the block must stay until the
 * run is released. Never fails. */
#if SG__LONGRUN
SG__PRIVATE void sg__octal_run_lend(sg__octal_run_t *run, void *block, unsigned width,
                                    uint64_t cap, uint64_t held);
/* The lent block is no longer the forward copy (before its owner drops values from it, or
 * stops lending): a copy of its values of the engine's own. SG_OK or SG_ENOMEM (then as it
 * was). */
SG__PRIVATE int sg__octal_run_unlend(sg__octal_run_t *run);
/* Where G(0 .. run->n - 1) are in the engine's own (a run with G NULL). */
SG__PRIVATE void sg__octal_run_vals(const sg__octal_run_t *run, sg__vals_t *out);
/* A fresh run takes over G(0 .. n-1) computed before (a resumed sequence): as if it had
 * computed them itself. `own`: its owner keeps no values (G NULL from now on; else G->g32 is
 * the owner's). SG_OK or SG_ENOMEM. */
SG__PRIVATE int sg__octal_run_resume(sg__octal_run_t *run, const sg__vals_t *G, uint64_t n,
                                     int own);
/* The parts of octal.c's engine that only long runs need (octal_long.c):
 *   forward: the forward copy F (n values, `size` bytes each) with room for `cap`: the lent
 *            block when it is of that width and room, and F is that block already or new; else
 *            one of the engine's own (F's values copied when F was lent). NULL when there is no
 *            memory (F unchanged).
 *   own:     room for `need` values in run->own, which takes over G(0 .. run->n - 1) from G
 *            (NULL: none yet) the first time. SG_OK or SG_ENOMEM.
 *   mark_copies: mark[G(a) ^ G(m - a)] = 1 for a0 <= a <= m/2, from the copies. */
SG__PRIVATE void *sg__octal_forward(sg__octal_run_t *run, void *F, size_t n, size_t cap,
                                    size_t size);
SG__PRIVATE int sg__octal_own(sg__octal_run_t *run, const sg__vals_t *G, uint64_t need);
SG__PRIVATE void sg__octal_mark_copies(const sg__octal_run_t *run, uint64_t m, uint64_t a0,
                                       unsigned char *mark);
#else   /* owners always keep the values, and lend none */
#define sg__octal_forward(run, F, n, cap, size) realloc(F, (cap) * (size))
#endif

/* The sparse way of the value engine (octal_sparse_way.c), asked before the plain kernel's
 * from a position on, where it is the cheaper; a build without it (SG_NO_SPARSE) has none.
 *   from:  where it is asked from now on (UINT64_MAX: never); a call of sg__octal_run asks
 *          first, and again once run->sparse is dropped.
 *   value: G(n) (n < upto): 1 with *value, 0 when the plain kernel is the cheaper, or a
 *          failure.
 *   put:   G(n) = v is stored (while run->sparse is there): SG_OK, or a failure. */
#ifndef SG_NO_SPARSE
SG__PRIVATE uint64_t sg__octal_sparse_from(sg__octal_run_t *run);
SG__PRIVATE int sg__octal_sparse_way(sg__octal_run_t *run, uint64_t n, uint64_t upto,
                                     sg_value_t *value);
SG__PRIVATE int sg__octal_sparse_put(sg__octal_run_t *run, uint64_t n, sg_value_t v);
#endif

/* ---- octal_period.c: the periodicity theorem, above the value engine --------------------- */

/* From a proof (n0, q) with G(0 .. N-1) known: the least period and least preperiod. */
SG__PRIVATE void sg__octal_least(const sg__vals_t *G, uint64_t n0, uint64_t q, uint64_t *pre,
                                 uint64_t *per);

/* ---- octal_saltus.c: arithmetic periods of games that grow ------------------------------- */

typedef struct {
    uint64_t n0, q, end;          /* G(n + q) == G(n) + saltus for n >= n0, from n < end known */
    sg_value_t saltus;
    uint64_t pre, per;            /* the least preperiod and period ... */
    sg_value_t step;              /* ... and the saltus over that period */
} sg__octal_saltus_t;

/* With G(0 .. N-1) known: 1 when the test of octal_saltus.c proves G(n + q) == G(n) + saltus
 * (saltus a power of two) for every n >= n0, then *out holds the proof and the least pattern;
 * 0 when it proves nothing (and for every game without a digit of bit 8); SG_ENOMEM. */
SG__PRIVATE int sg__octal_saltus_prove(const sg_octal_t *game, const sg_value_t *G, uint64_t N,
                                       sg__octal_saltus_t *out);

/* A long computation of G that looks for a proof of periodicity as it goes: the value engine
 * runs from one check to the next (a check every N/16 values, 64 at least, so the proof costs
 * little beside the values), and the theorem is tried at each, then, for a game whose values
 * may grow (three parts), the arithmetic-periodicity test of octal_saltus.c. A long match that
 * would prove its period before the next check, should it last, brings that check forward to
 * the first N where it would (one such check between two of the grid, so at most twice as many
 * updates).
 * Every computation of a long prefix (sg_octal_table, sg_octal_prove, the sequences) goes
 * through it. */
typedef struct {
    sg__octal_run_t run;         /* G(0 .. run.n - 1) are known */
    uint64_t check;              /* where the theorem is tried next */
    uint64_t tried;              /* where it was tried last (UINT64_MAX: nowhere yet) */
#if SG__LONGRUN
    int aimed;                   /* 1: check is where a long match would prove its period */
    sg__match_t match;           /* the matches G(n + q) == G(n) at the last try, kept as
                                    values arrive (the search never rescans) */
#endif
    int proven;                  /* 1: G(n + q) == G(n) for n >= n0, proven at N = tried ... */
    uint64_t n0, q, end;         /* ... checked up to end ... */
    uint64_t pre, per;           /* ... and the least preperiod and period */
    int grows;                   /* 1: (three parts) G(n + q) == G(n) + saltus, proven at N =
                                    tried by octal_saltus.c, as ap says */
    sg__octal_saltus_t ap;
} sg__octal_prover_t;

SG__PRIVATE void sg__octal_prover_init(sg__octal_prover_t *p, const sg_octal_t *game);
SG__PRIVATE void sg__octal_prover_release(sg__octal_prover_t *p);
#if SG__LONGRUN
/* A fresh prover takes over G(0 .. n-1) computed before, and tries the theorem at its first
 * step (`own` as sg__octal_run_resume). SG_OK or SG_ENOMEM (then it is as fresh). */
SG__PRIVATE int sg__octal_prover_resume(sg__octal_prover_t *p, const sg__vals_t *G, uint64_t n,
                                        int own);
#endif
/* Compute G(run.n .. upto-1) into G (NULL: into the engine's own, as sg__octal_run), trying
 * the theorem at every check on the way; stops early once a period or an arithmetic period is
 * proven (p->proven, p->grows; G holds G(0 .. run.n-1) then). SG_OK or SG_ENOMEM. */
SG__PRIVATE int sg__octal_prover_run(sg__octal_prover_t *p, sg_value_t *G, uint64_t upto);
/* Try the theorem and the arithmetic-periodicity test at run.n now, unless they were tried
 * there already (G as sg__octal_prover_run). SG_OK or SG_ENOMEM (then tried again next time). */
SG__PRIVATE int sg__octal_prover_try(sg__octal_prover_t *p, const sg_value_t *G);

#endif /* SG_GAMES_OCTAL_H */
