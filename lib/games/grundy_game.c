#include "../common/sg_internal.h"

#include <stdlib.h>

#include "../common/cpu.h"

/* Two threads (sg_sequence_set_threads) need POSIX threads and the GCC/Clang atomic builtins;
 * SG_NO_THREADS leaves them out (a sequence then refuses a second thread). */
#if !defined(SG_NO_THREADS) && (defined(__GNUC__) || defined(__clang__)) && \
    (defined(__unix__) || defined(__APPLE__))
#define SG__GG_THREADS 1
#include <pthread.h>
#include <sched.h>
#else
#define SG__GG_THREADS 0
#endif

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
 * Two threads compute a group of SG__GG_GROUP positions n, n + 1, ... at once, the first thread
 * n, n + 2, ..., the second n + 1, n + 3, .... Of the splits of n + i only (j, n + i - j) with
 * j <= i need values of the group, and there are i of them: each thread finds m = the mex of
 * every other option of n + i (the splits (a, n + i - a) with a > i), then, in order,
 * G(n + i) = m unless one of those i splits has the value m; only then is the search resumed
 * (on the same marks, with those values marked), serially. The threads meet once a group, not
 * once a position: each meeting costs the time a cache line takes from one core to the other,
 * twice. Between groups the engine's bookkeeping is done by the calling thread alone; while a
 * group runs, the shared state is only read, each thread marks in its own array of the block
 * and its own witnesses. The first thread, when it is done before the second, marks the next
 * block (its rare parts of at least 2 SG__GG_RUN: their partners are known before the current
 * block is done); what is left of it when it begins is marked by both threads, half the
 * positions each. */

/* G(i) in a function that has set G8, G16 and G32 from the engine (one byte first: values of
 * Grundy's game stay below 256 up to n = 7250049) */
#define SG__GG_AT(i) (G8 != NULL ? (sg_value_t)G8[i] : G16 != NULL ? (sg_value_t)G16[i] : G32[i])

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

struct sg__gg {
    const unsigned char *g8;   /* the values so far: one byte each, or ... */
    const uint16_t *g16;       /* ... two, or ... */
    const sg_value_t *g32;     /* ... four (exactly one of the three is set) */
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
    unsigned char apart[64];   /* what the threads write to each other, on its own lines */
    /* the second thread: it waits for `go` to change, does the job, then sets `done` to `go`:
     * either the second half of the block's marks (job_mark), or the values of job_n + 1,
     * job_n + 3, ... of a group, into job_v and job_work */
    pthread_t worker;
    int running, stop;
    int want2;             /* two threads asked for (the second may be resting) */
    uint64_t rest_until;   /* ... resting until n reaches this */
    uint64_t rest_span;    /* how long the next rest is */
    unsigned window, slow; /* pairs in this window, and those whose wait lasted a time slice */
    unsigned go, done;
    unsigned parked;       /* the second thread sleeps on `wake` (under `lock`) for a new go */
    pthread_mutex_t lock;
    pthread_cond_t wake;
    int job_mark;          /* the marks of rare[job_i0 .. block.to) for block.len / 2 .. */
    size_t job_i0;
    uint64_t job_n, job_work[SG__GG_GROUP / 2];
    sg_value_t job_v[SG__GG_GROUP / 2];
    unsigned char apart2[64];
#endif
};

static void sg__gg_release(sg__gg_t *e)
{
    unsigned r;
    free(e->parity);
    free(e->seen);
    free(e->block.seen);
    free(e->next.seen);
    free(e->hist);
    free(e->first);
    free(e->nfirst);
    free(e->recent);
    for (r = 0; r < 3; r++) {
        free(e->wit[r]);
        free(e->wit2[r]);
    }
    free(e->rare);
    free(e->rare_val);
    memset(e, 0, sizeof *e);
}

static void sg__gg_parity_fill(sg__gg_t *e)
{
    sg__sparse_parity(e->parity, e->range, e->mask);
}

/* Make room for values below range / 2 (range a power of two), keeping what is known. */
static int sg__gg_set_range(sg__gg_t *e, uint64_t range)
{
    size_t half = (size_t)(range / 2), old = (size_t)(e->range / 2), w = sizeof(uint64_t);
    unsigned r;
    void *q;
    if (range > ((uint64_t)1 << 32) || half > SIZE_MAX / w / SG__GG_FIRST) return SG_ENOMEM;
    if ((q = sg__sparse_grow(e->parity, 2 * old, 2 * half)) == NULL) return SG_ENOMEM;
    e->parity = (unsigned char *)q;
    if ((q = sg__sparse_grow(e->seen, 2 * old, 2 * half)) == NULL) return SG_ENOMEM;
    e->seen = (unsigned char *)q;
    e->block.len = e->next.len = 0;   /* their arrays are too short now */
    if (half > SIZE_MAX / SG__GG_RUN - 64) return SG_ENOMEM;
    if ((q = realloc(e->block.seen, SG__GG_RUN * (half + 64))) == NULL) return SG_ENOMEM;
    e->block.seen = (unsigned char *)q;
    if ((q = realloc(e->next.seen, SG__GG_RUN * (half + 64))) == NULL) return SG_ENOMEM;
    e->next.seen = (unsigned char *)q;
    e->stride = half + 64;
    if ((q = sg__sparse_grow(e->hist, old * w, half * w)) == NULL) return SG_ENOMEM;
    e->hist = (uint64_t *)q;
    if ((q = sg__sparse_grow(e->first, old * SG__GG_FIRST * w, half * SG__GG_FIRST * w)) == NULL)
        return SG_ENOMEM;
    e->first = (uint64_t *)q;
    if ((q = sg__sparse_grow(e->nfirst, old * sizeof(uint32_t), half * sizeof(uint32_t))) == NULL)
        return SG_ENOMEM;
    e->nfirst = (uint32_t *)q;
    if ((q = sg__sparse_grow(e->recent, old * SG__GG_RECENT * w, half * SG__GG_RECENT * w)) == NULL)
        return SG_ENOMEM;
    e->recent = (uint64_t *)q;
    for (r = 0; r < 3; r++) {
        if ((q = sg__sparse_grow(e->wit[r], 2 * old * w, 2 * half * w)) == NULL) return SG_ENOMEM;
        e->wit[r] = (uint64_t *)q;
        if ((q = sg__sparse_grow(e->wit2[r], 2 * old * w, 2 * half * w)) == NULL) return SG_ENOMEM;
        e->wit2[r] = (uint64_t *)q;
    }
    e->range = range;
    sg__gg_parity_fill(e);
    return SG_OK;
}

static int sg__gg_rare_push(sg__gg_t *e, uint64_t n, sg_value_t v)
{
    if (e->nrare == e->rcap) {
        size_t cap = e->rcap ? e->rcap * 2 : 256;
        uint64_t *r;
        sg_value_t *rv;
        if (cap > SIZE_MAX / sizeof(uint64_t)) return SG_ENOMEM;
        r = (uint64_t *)realloc(e->rare, cap * sizeof *r);
        if (r == NULL) return SG_ENOMEM;
        e->rare = r;
        rv = (sg_value_t *)realloc(e->rare_val, cap * sizeof *rv);
        if (rv == NULL) return SG_ENOMEM;
        e->rare_val = rv;
        e->rcap = cap;
    }
    e->rare[e->nrare] = n;
    e->rare_val[e->nrare++] = v;
    return SG_OK;
}

/* The (at most) ntop most frequent values of hist[0..half), most frequent first. */
static size_t sg__gg_rank(const uint64_t *hist, size_t half, sg_value_t *top, size_t ntop)
{
    size_t v, i, m = 0;
    for (v = 0; v < half; v++) {
        if (hist[v] == 0 || (m == ntop && hist[v] <= hist[top[m - 1]])) continue;
        i = m < ntop ? m++ : m - 1;
        for (; i > 0 && hist[top[i - 1]] < hist[v]; i--) top[i] = top[i - 1];
        top[i] = (sg_value_t)v;
    }
    return m;
}

/* The frequent values overall and among the small heaps. */
static int sg__gg_rank_all(sg__gg_t *e, uint64_t n)
{
    size_t half = (size_t)(e->range / 2);
    uint64_t *h, i;
    e->ntop = sg__gg_rank(e->hist, half, e->top, SG__GG_TOP);
    h = (uint64_t *)calloc(half, sizeof *h);
    if (h == NULL) return SG_ENOMEM;
    const unsigned char *G8 = e->g8;
    const uint16_t *G16 = e->g16;
    const sg_value_t *G32 = e->g32;
    for (i = 1; i < n && i < SG__GG_EARLY; i++) h[SG__GG_AT(i)]++;
    e->nearly = sg__gg_rank(h, half, e->early, SG__GG_NEARLY);
    free(h);
    return SG_OK;
}

/* Choose the mask with the fewest rare positions among G[0..n) and list them. */
static int sg__gg_choose_mask(sg__gg_t *e, uint64_t n)
{
    const unsigned char *G8 = e->g8;
    const uint16_t *G16 = e->g16;
    const sg_value_t *G32 = e->g32;
    uint64_t R = e->range / 2, i, best = 1;
    int64_t *w;
    w = (int64_t *)malloc((size_t)R * sizeof *w);
    if (w == NULL) return SG_ENOMEM;
    for (i = 0; i < R; i++) w[i] = (int64_t)e->hist[i];
    sg__sparse_wht(w, (size_t)R);
    for (i = 2; i < R; i++)
        if (w[i] < w[best]) best = i;
    free(w);
    e->mask = best;
    e->block.len = e->next.len = 0;   /* made with the old rare positions */
    sg__gg_parity_fill(e);
    if (sg__gg_rank_all(e, n) != SG_OK) return SG_ENOMEM;
    e->nrare = 0;
    for (i = 0; i < n; i++) {
        sg_value_t v = SG__GG_AT(i);
        if (!e->parity[v] && sg__gg_rare_push(e, i, v) != SG_OK) return SG_ENOMEM;
    }
    return SG_OK;
}

static sg_value_t sg__gg_mex(const unsigned char *seen)
{
    sg_value_t v;
    for (v = 0; seen[v]; v++)
        ;
    return v;
}

/* Mark the options known otherwise, extra[0 .. nextra). */
static void sg__gg_mark_extra(const sg__gg_t *e, unsigned char *seen, const sg_value_t *extra,
                              size_t nextra)
{
    size_t i;
    for (i = 0; i < nextra; i++)
        if (extra[i] < e->range / 2) seen[extra[i]] = 1;
}

/* The mex of the splits (a, n - a) with a >= lo, and of the options extra[0 .. nextra): seen
 * holds them after. */
static sg_value_t sg__gg_plain(const sg__gg_t *e, uint64_t n, unsigned char *seen, uint64_t lo,
                               const sg_value_t *extra, size_t nextra)
{
    const unsigned char *G8 = e->g8;
    const uint16_t *G16 = e->g16;
    const sg_value_t *G32 = e->g32;
    uint64_t a;
    memset(seen, 0, (size_t)e->range / 2);
    for (a = lo; 2 * a < n; a++) seen[SG__GG_AT(a) ^ SG__GG_AT(n - a)] = 1;
    sg__gg_mark_extra(e, seen, extra, nextra);
    return sg__gg_mex(seen);
}

/* index of the first rare position >= x */
static size_t sg__gg_rare_find(const sg__gg_t *e, uint64_t x)
{
    size_t lo = 0, hi = e->nrare;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (e->rare[mid] < x) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

static void sg__gg_mark_rare(const sg__gg_t *e, uint64_t n, unsigned char *seen, size_t from,
                             size_t to)
{
    const sg_value_t *rval = e->rare_val;
    const uint64_t *rare = e->rare;
    size_t i = from;
#define SG__GG_MARK_LOOP(Gn)                                                                 \
    for (; i + 4 <= to; i += 4) {                                                            \
        sg_value_t x0 = rval[i] ^ (Gn)[-(ptrdiff_t)rare[i]];                                 \
        sg_value_t x1 = rval[i + 1] ^ (Gn)[-(ptrdiff_t)rare[i + 1]];                         \
        sg_value_t x2 = rval[i + 2] ^ (Gn)[-(ptrdiff_t)rare[i + 2]];                         \
        sg_value_t x3 = rval[i + 3] ^ (Gn)[-(ptrdiff_t)rare[i + 3]];                         \
        seen[x0] = 1;                                                                        \
        seen[x1] = 1;                                                                        \
        seen[x2] = 1;                                                                        \
        seen[x3] = 1;                                                                        \
    }                                                                                        \
    for (; i < to; i++) seen[rval[i] ^ (Gn)[-(ptrdiff_t)rare[i]]] = 1
    /* the hottest loop: one copy per width, its table in a local (a stored pointer would be
     * read again after every mark: seen could alias it) */
    if (e->g8 != NULL) {
        const unsigned char *G = e->g8 + n;
        SG__GG_MARK_LOOP(G);
    } else if (e->g16 != NULL) {
        const uint16_t *G = e->g16 + n;
        SG__GG_MARK_LOOP(G);
    } else {
        const sg_value_t *G = e->g32 + n;
        SG__GG_MARK_LOOP(G);
    }
#undef SG__GG_MARK_LOOP
}

/* Try the split that gave v three heaps ago, (a, n - 3 - a): as (a, n - a) and as
 * (a + d, n - 3 - a), d = 3 (or as many as it was ago). Values repeat with step 3 often enough
 * (about 3 times in 10 for Grundy's game) that this settles a third of the lookups in two
 * looks. */
static int sg__gg_witness(const sg__gg_t *e, uint64_t *const *wits, uint64_t n, uint64_t lo,
                          sg_value_t v)
{
    const unsigned char *G8 = e->g8;
    const uint16_t *G16 = e->g16;
    const sg_value_t *G32 = e->g32;
    uint64_t *wit, a, d;
    if (v >= e->range / 2) return 0;   /* no option reaches it, and wit has no entry for it */
    wit = wits[n % 3] + 2 * (size_t)v;
    a = wit[0];
    if (wit[1] == 0) return 0;
    d = n - wit[1];
    if (a >= lo && 2 * a < n && (SG__GG_AT(a) ^ SG__GG_AT(n - a)) == v) {
        wit[1] = n;
        return 1;
    }
    a += d;
    if (a >= lo && 2 * a < n && (SG__GG_AT(a) ^ SG__GG_AT(n - a)) == v) {
        wit[0] = a;
        wit[1] = n;
        return 1;
    }
    return 0;
}

/* Look for option value v of n as x ^ y with y frequent among small heaps: along the last
 * positions a of value x, checking G(n - a) == y. n - a is then small, its value in cache, and
 * y is there one time in five. Returns the number of splits looked at. */
static uint64_t sg__gg_target_recent(const sg__gg_t *e, uint64_t n, unsigned char *seen,
                                     uint64_t lo, sg_value_t v)
{
    const unsigned char *G8 = e->g8;
    const uint16_t *G16 = e->g16;
    const sg_value_t *G32 = e->g32;
    uint64_t half = e->range / 2, looked = 0;
    size_t t, j;
    for (t = 0; t < e->nearly && !seen[v]; t++) {
        sg_value_t y = e->early[t], x = y ^ v, w;
        const uint64_t *ring;
        uint64_t cnt;
        size_t m;
        if (x >= half) continue;
        ring = e->recent + (size_t)x * SG__GG_RECENT;
        cnt = e->hist[x];
        m = cnt < SG__GG_RECENT ? (size_t)cnt : SG__GG_RECENT;
        for (j = 1; j <= m; j++) {
            uint64_t a = ring[(cnt - j) & (SG__GG_RECENT - 1)], d = n - a;
            if (d >= SG__GG_SPAN) break;   /* only small heaps: their values are in cache */
            if (d == a || d < lo) continue;
            w = SG__GG_AT(d);
            seen[x ^ w] = 1;
            if (w == y) break;
        }
        looked += j;
    }
    return looked;
}

/* Look for option value v of n as x ^ y, y frequent, along the first positions of value x.
 * Every split looked at is marked. Returns the number of splits looked at. */
static uint64_t sg__gg_target(const sg__gg_t *e, uint64_t *const *wit, uint64_t n,
                              unsigned char *seen, uint64_t lo, sg_value_t v)
{
    const unsigned char *G8 = e->g8;
    const uint16_t *G16 = e->g16;
    const sg_value_t *G32 = e->g32;
    uint64_t half = e->range / 2, looked = 0;
    size_t t, j;
    for (t = 0; t < e->ntop && !seen[v]; t++) {
        sg_value_t y = e->top[t], x = y ^ v, w;
        const uint64_t *list;
        size_t m;
        if (x >= half) continue;
        list = e->first + (size_t)x * SG__GG_FIRST;
        m = e->nfirst[x];
        for (j = 0; j < m; j++) {
            uint64_t a = list[j];
            if (2 * a >= n) break;
            if (a < lo) continue;
            w = SG__GG_AT(n - a);
            seen[x ^ w] = 1;
            if (w == y) {
                wit[n % 3][2 * (size_t)v] = a;
                wit[n % 3][2 * (size_t)v + 1] = n;
                break;
            }
        }
        looked += j;
    }
    return looked;
}

/* The common options of n (those with a rare part), splits (a, n - a) with a >= lo only. */
/* The splits of n with a rare part rare[from .. to) (equal parts are no move). */
static void sg__gg_mark_span(const sg__gg_t *e, uint64_t n, unsigned char *seen, size_t from,
                             size_t to)
{
    size_t ih = (n & 1) ? e->nrare : sg__gg_rare_find(e, n / 2);
    if (ih >= from && ih < to && e->rare[ih] == n / 2) {
        sg__gg_mark_rare(e, n, seen, from, ih);
        sg__gg_mark_rare(e, n, seen, ih + 1, to);
    } else {
        sg__gg_mark_rare(e, n, seen, from, to);
    }
}

/* A block of positions from n (to the next choice of the mask at most), none marked yet, for
 * the rare parts of at least `least` found so far: their partners in the block are all known
 * once G(0 .. n + SG__GG_RUN - 1 - least) are. */
static void sg__gg_block_start(const sg__gg_t *e, sg__gg_block_t *b, uint64_t n, uint64_t least)
{
    b->n = n;
    b->len = e->rechoose <= n ? 0 : e->rechoose - n < SG__GG_RUN ? e->rechoose - n : SG__GG_RUN;
    b->from = b->done = sg__gg_rare_find(e, least);
    b->to = e->nrare;
    memset(b->seen, 0, (size_t)b->len * e->stride);
}

static int sg__gg_block_has(const sg__gg_block_t *b, uint64_t n)
{
    return b->len != 0 && n >= b->n && n - b->n < b->len;
}

/* n's array of the block */
static unsigned char *sg__gg_block_seen(const sg__gg_t *e, const sg__gg_block_t *b, uint64_t n)
{
    return b->seen + (size_t)(n - b->n) * e->stride;
}

/* The marks of rare parts rare[i0 .. i1) for the block's positions b->n + j0 .. b->n + j1 - 1,
 * made a rare part at a time: its partners are then consecutive values, read once for all
 * those positions, and the marks go to arrays that stay in the first-level cache. A position at
 * a time, the partners of its 10^3 rare parts are as many cache lines, which that cache cannot
 * hold from one position to the next. */
static void sg__gg_block_mark(const sg__gg_t *e, const sg__gg_block_t *b, uint64_t j0,
                              uint64_t j1, size_t i0, size_t i1)
{
    const unsigned char *G8 = e->g8;
    const uint16_t *G16 = e->g16;
    const sg_value_t *G32 = e->g32;
    uint64_t n0 = b->n + j0, len = j1 - j0, j;
    size_t i, st = e->stride;
    unsigned char *first = sg__gg_block_seen(e, b, n0);
    for (i = i0; i < i1; i++) {
        uint64_t r = e->rare[i];
        sg_value_t v = e->rare_val[i];
        unsigned char *p = first;
        j = 0;
        if (2 * r >= n0 && 2 * r - n0 < len) {   /* one position has the split (r, r): no move */
            for (; j < len; j++, p += st)
                if (n0 + j != 2 * r) p[v ^ SG__GG_AT(n0 + j - r)] = 1;
            continue;
        }
#define SG__GG_BLOCK_LOOP(G)                                                                 \
    for (; j + 4 <= len; j += 4, p += 4 * st) {                                              \
        p[v ^ (G)[j]] = 1;                                                                   \
        p[st + (v ^ (G)[j + 1])] = 1;                                                        \
        p[2 * st + (v ^ (G)[j + 2])] = 1;                                                    \
        p[3 * st + (v ^ (G)[j + 3])] = 1;                                                    \
    }                                                                                        \
    for (; j < len; j++, p += st) p[v ^ (G)[j]] = 1
        if (G8 != NULL) {
            const unsigned char *G = G8 + n0 - r;
            SG__GG_BLOCK_LOOP(G);
        } else if (G16 != NULL) {
            const uint16_t *G = G16 + n0 - r;
            SG__GG_BLOCK_LOOP(G);
        } else {
            const sg_value_t *G = G32 + n0 - r;
            SG__GG_BLOCK_LOOP(G);
        }
#undef SG__GG_BLOCK_LOOP
    }
}

/* The values of a run of splits (a0 - i, b0 + i), i = 0, 1, ...: around the middle
 * (a0 = (n - 1) / 2) or from the smallest parts (b0 = lo); one-byte values only.
 * Searching them for a rare value is a vector compare over a small buffer in cache, where the
 * other ways look at scattered parts of the table. */
typedef struct {
    struct {
        unsigned char b[SG__GG_NBUF];
    } x;
    uint64_t a0, b0;   /* split i is (a0 - i, b0 + i) */
    size_t len;    /* splits computed */
    size_t cap;    /* splits to compute at most */
} sg__gg_near_t;

#if SG__CPU_SSE2
static __m128i sg__gg_rev8(__m128i v)
{
    v = _mm_shuffle_epi32(v, 0x1b);
    v = _mm_shufflehi_epi16(_mm_shufflelo_epi16(v, 0xb1), 0xb1);
    return _mm_or_si128(_mm_slli_epi16(v, 8), _mm_srli_epi16(v, 8));
}
#endif

#if SG__CPU_AVX2
/* one-byte values, 32 at a time (the processor has AVX2) */
__attribute__((target("avx2"))) static void sg__gg_near_grow8_avx2(const unsigned char *G8,
                                                                   uint64_t a0, uint64_t b0,
                                                                   unsigned char *x, size_t i,
                                                                   size_t to)
{
    const __m256i rev = _mm256_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0,
                                         15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    for (; i + 32 <= to; i += 32) {
        __m256i f = _mm256_loadu_si256((const __m256i *)(const void *)(G8 + a0 - i - 31));
        __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(G8 + b0 + i));
        f = _mm256_permute4x64_epi64(_mm256_shuffle_epi8(f, rev), 0x4e);
        _mm256_storeu_si256((__m256i *)(void *)(x + i), _mm256_xor_si256(f, b));
    }
    for (; i < to; i++) x[i] = (unsigned char)(G8[a0 - i] ^ G8[b0 + i]);
}

__attribute__((target("avx2"))) static size_t sg__gg_near_find8_avx2(const unsigned char *x,
                                                                     size_t i, size_t len,
                                                                     unsigned char v)
{
    const __m256i c = _mm256_set1_epi8((char)v);
    for (; i + 128 <= len; i += 128) {
        const __m256i *q = (const __m256i *)(const void *)(x + i);
        __m256i y0 = _mm256_cmpeq_epi8(_mm256_loadu_si256(q), c);
        __m256i y1 = _mm256_cmpeq_epi8(_mm256_loadu_si256(q + 1), c);
        __m256i y2 = _mm256_cmpeq_epi8(_mm256_loadu_si256(q + 2), c);
        __m256i y3 = _mm256_cmpeq_epi8(_mm256_loadu_si256(q + 3), c);
        if (!_mm256_testz_si256(_mm256_or_si256(y0, y1), _mm256_or_si256(y0, y1)) ||
            !_mm256_testz_si256(_mm256_or_si256(y2, y3), _mm256_or_si256(y2, y3)))
            break;
    }
    for (; i + 32 <= len; i += 32) {
        __m256i y = _mm256_loadu_si256((const __m256i *)(const void *)(x + i));
        unsigned m = (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(y, c));
        if (m != 0) return i + sg__ctz64(m);
    }
    for (; i < len; i++)
        if (x[i] == v) return i;
    return SIZE_MAX;
}
#endif

/* Compute the next `step` splits (fewer at the end). */
static void sg__gg_near_grow(const sg__gg_t *e, sg__gg_near_t *s, size_t step)
{
    size_t i = s->len, to = s->len + step < s->cap ? s->len + step : s->cap;
    const unsigned char *G8 = e->g8;
    uint64_t a0 = s->a0, b0 = s->b0;
#if SG__CPU_AVX2
    if (sg__cpu_features() & SG__CPU_HAS_AVX2) {
        sg__gg_near_grow8_avx2(G8, a0, b0, s->x.b, i, to);
        s->len = to;
        return;
    }
#endif
#if SG__CPU_SSE2
    for (; i + 16 <= to; i += 16) {
        __m128i f = _mm_loadu_si128((const __m128i *)(const void *)(G8 + a0 - i - 15));
        __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(G8 + b0 + i));
        _mm_storeu_si128((__m128i *)(void *)(s->x.b + i), _mm_xor_si128(sg__gg_rev8(f), b));
    }
#endif
    for (; i < to; i++) s->x.b[i] = (unsigned char)(G8[a0 - i] ^ G8[b0 + i]);
    s->len = to;
}

/* Index of v among the splits [from, s->len), or SIZE_MAX. */
static size_t sg__gg_near_find(const sg__gg_t *e, const sg__gg_near_t *s, size_t from,
                               sg_value_t v)
{
    size_t i = from;
    if (e->g8 != NULL) {
        if (v > 255) return SIZE_MAX;
#if SG__CPU_AVX2
        if (sg__cpu_features() & SG__CPU_HAS_AVX2)
            return sg__gg_near_find8_avx2(s->x.b, i, s->len, (unsigned char)v);
#endif
#if SG__CPU_SSE2
        {
            __m128i x = _mm_set1_epi8((char)(unsigned char)v);
            for (; i + 64 <= s->len; i += 64) {
                const __m128i *q = (const __m128i *)(const void *)(s->x.b + i);
                __m128i y0 = _mm_cmpeq_epi8(_mm_loadu_si128(q), x);
                __m128i y1 = _mm_cmpeq_epi8(_mm_loadu_si128(q + 1), x);
                __m128i y2 = _mm_cmpeq_epi8(_mm_loadu_si128(q + 2), x);
                __m128i y3 = _mm_cmpeq_epi8(_mm_loadu_si128(q + 3), x);
                if (_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(y0, y1), _mm_or_si128(y2, y3))))
                    break;
            }
            for (; i + 16 <= s->len; i += 16) {
                __m128i y = _mm_loadu_si128((const __m128i *)(const void *)(s->x.b + i));
                unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(y, x));
                if (m != 0) return i + sg__ctz64(m);
            }
        }
#endif
        for (; i < s->len; i++)
            if (s->x.b[i] == v) return i;
        return SIZE_MAX;
    }
    return SIZE_MAX;
}

/* Look for option value v of n among the splits of s, computing more of them as needed; a split
 * found is kept as v's witness. */
static int sg__gg_near(const sg__gg_t *e, uint64_t *const *wit, uint64_t n, sg__gg_near_t *s,
                       sg_value_t v, uint64_t *work)
{
    size_t i = sg__gg_near_find(e, s, 0, v);
    while (i == SIZE_MAX && s->len < s->cap) {
        size_t from = s->len;
        sg__gg_near_grow(e, s, SG__GG_NEAR_STEP);
        *work += s->len - from;
        i = sg__gg_near_find(e, s, from, v);
    }
    if (i == SIZE_MAX) return 0;
    wit[n % 3][2 * (size_t)v] = s->a0 - i < s->b0 + i ? s->a0 - i : s->b0 + i;
    wit[n % 3][2 * (size_t)v + 1] = n;
    return 1;
}

/* After the marks of the splits with a rare part (and any other true options marked since): the
 * mex of the options of n whose splits have a >= lo, and of the options extra[0 .. nextra).
 * *work gets the splits looked at. */
static sg_value_t sg__gg_resolve(const sg__gg_t *e, uint64_t *const *wit, uint64_t n,
                                 unsigned char *seen, uint64_t lo, const sg_value_t *extra,
                                 size_t nextra, uint64_t *work)
{
    const unsigned char *G8 = e->g8;
    const uint16_t *G16 = e->g16;
    const sg_value_t *G32 = e->g32;
    const unsigned char *par = e->parity;
    sg_value_t need[SG__GG_NEED];
    sg__gg_near_t near, low;
    size_t k = 0, kk, j;
    uint64_t a, stop, c, v;

    sg__gg_mark_extra(e, seen, extra, nextra);
    for (c = 0; seen[c] || !par[c]; c++)
        if (!par[c] && !seen[c]) {
            if (k == SG__GG_NEED) return sg__gg_plain(e, n, seen, lo, extra, nextra);
            need[k++] = (sg_value_t)c;
        }
    /* the rare values below c: first a few splits around the middle (both parts typical),
     * then (one-byte values) each value looked for among more splits there and among those
     * with the smallest parts, then directly, then a scan of every split. With two bytes and
     * more (n > 7250049) the vector search was measured slower than the direct looks (2^24
     * heaps: 35.4 s against 32.8 s), so those values go as they did before it. */
    if (k > 0 && e->g8 == NULL) {
        uint64_t b;
        a = (n - 1) / 2;
        stop = a >= SG__GG_PRESCAN + lo ? a - SG__GG_PRESCAN : lo - 1;
        *work += a - stop;
        for (b = n - a; a > stop; a--, b++) seen[SG__GG_AT(a) ^ SG__GG_AT(b)] = 1;
    } else if (k > 0) {
        near.a0 = (n - 1) / 2;
        near.b0 = n - near.a0;
        low.a0 = n - lo;
        low.b0 = lo;
        low.len = 0;
        low.cap = n > 2 * lo ? (n - 2 * lo + 1) / 2 : 0;
        if (low.cap > SG__GG_LOW) low.cap = SG__GG_LOW;
        near.len = 0;
        near.cap = near.a0 >= lo ? near.a0 - lo + 1 : 0;
        if (near.cap > SG__GG_NEAR) near.cap = SG__GG_NEAR;
        sg__gg_near_grow(e, &near, SG__GG_PRESCAN);
        *work += near.len;
        for (j = 0; j < near.len; j++) seen[near.x.b[j]] = 1;
    }
    for (j = 0; j < k; j++) {
        sg_value_t w = need[j];
        if (seen[w]) continue;
        *work += 2;
        if ((e->g8 != NULL && (sg__gg_near(e, wit, n, &near, w, work) ||
                               sg__gg_near(e, wit, n, &low, w, work))) ||
            sg__gg_witness(e, wit, n, lo, w))
            seen[w] = 1;
        else if ((*work += sg__gg_target_recent(e, n, seen, lo, w)), !seen[w])
            *work += sg__gg_target(e, wit, n, seen, lo, w);
    }
    for (j = 0, kk = 0; j < k; j++)
        if (!seen[need[j]]) need[kk++] = need[j];
    for (k = kk, a = lo; k > 0 && 2 * a < n; a = stop) {
        uint64_t b = n - a;
        stop = a + SG__GG_BLOCK;
        if (stop > (n + 1) / 2) stop = (n + 1) / 2;
        *work += stop - a;
        for (; a < stop; a++, b--) seen[SG__GG_AT(a) ^ SG__GG_AT(b)] = 1;
        for (j = 0, kk = 0; j < k; j++)
            if (!seen[need[j]]) need[kk++] = need[j];
        k = kk;
    }
    if (k == 0) return (sg_value_t)c;
    /* every split seen: the value is the least rare value missing */
    for (v = 0; seen[v]; v++)
        ;
    return (sg_value_t)v;
}

/* The mex of the options of n from splits (a, n - a) with a >= lo, in `seen`: the sparse step
 * (its work added to *work), on n's array of the (complete) block, or the plain one. */
static sg_value_t sg__gg_value(const sg__gg_t *e, uint64_t *const *wit, uint64_t n,
                               unsigned char *seen, uint64_t lo, int sparse, uint64_t *work)
{
    if (!sparse) return sg__gg_plain(e, n, seen, lo, NULL, 0);
    /* the rare parts the block left out: the smallest, and those found since it began */
    *work = e->nrare;
    sg__gg_mark_span(e, n, seen, sg__gg_rare_find(e, lo), e->block.from);
    sg__gg_mark_span(e, n, seen, e->block.to, e->nrare);
    return sg__gg_resolve(e, wit, n, seen, lo, NULL, 0, work);
}

static int sg__gg_account(sg__gg_t *e, uint64_t n, sg_value_t v);

/* Before G(n): the mask chosen again when n reaches e->rechoose, the frequent values ranked
 * again now and then. */
static int sg__gg_prepare(sg__gg_t *e, uint64_t n)
{
    int st;
    if (n == e->rechoose) {
        if ((st = sg__gg_choose_mask(e, n)) != SG_OK) return st;
        e->rechoose = 2 * n;
    } else if ((n & 0xffff) == 0 && n > e->rechoose / 2) {
        e->ntop = sg__gg_rank(e->hist, (size_t)(e->range / 2), e->top, SG__GG_TOP);
    }
    return SG_OK;
}

/* the sparse step costs e->cost / 16 splits on average, the plain one n/2 */
static int sg__gg_sparse_pays(const sg__gg_t *e, uint64_t n)
{
    return n >= SG__GG_SPARSE_FROM && e->cost / 8 < n;
}

/* A value computed and accounted for (the last two are kept for a caller that asks again). */
static void sg__gg_done(sg__gg_t *e, uint64_t n, sg_value_t v)
{
    e->last_v[0] = e->last_v[1];
    e->last_v[1] = v;
    e->last_n = n + 1;
}

/* G(n) from the stored G(0..n-1), with the engine's bookkeeping for it; the caller stores it. */
static int sg__gg_step(sg__gg_t *e, uint64_t n, sg_value_t *value)
{
    uint64_t work = 0;
    sg_value_t v;
    int st, sparse;
    if (n < e->last_n && n + 2 >= e->last_n) {
        *value = e->last_v[n + 2 - e->last_n];
        return SG_OK;
    }
    if ((st = sg__gg_prepare(e, n)) != SG_OK) return st;
    sparse = sg__gg_sparse_pays(e, n);
    if (sparse && !sg__gg_block_has(&e->block, n)) {
        sg__gg_block_start(e, &e->block, n, SG__GG_RUN);
        sg__gg_block_mark(e, &e->block, 0, e->block.len, e->block.from, e->block.to);
        e->next.len = 0;
    }
    v = sg__gg_value(e, e->wit, n, sparse ? sg__gg_block_seen(e, &e->block, n) : e->seen, 1,
                     sparse, &work);
    if (sparse) e->cost += work - e->cost / 16;
    *value = v;
    if ((st = sg__gg_account(e, n, v)) != SG_OK) return st;
    sg__gg_done(e, n, v);
    return SG_OK;
}

#if SG__GG_THREADS
#define SG__GG_SPIN 4096   /* polls before a waiting thread starts to give its core away */
#define SG__GG_WINDOW 1024 /* pairs judged at a time ... */
#define SG__GG_SLOW 8      /* ... and how many may wait long before the second thread rests */
#define SG__GG_REST ((uint64_t)1 << 16)   /* positions of a first rest; doubled while slow */
#define SG__GG_REST_MAX ((uint64_t)1 << 22)

#define SG__GG_GROUPS_FROM 4096u /* below this a group costs more than it saves (measured) */
#define SG__GG_AHEAD 4      /* rare parts marked ahead between looks at the second thread */
#define SG__GG_SLOW_TICKS ((uint64_t)1 << 21)   /* a wait this long (about a millisecond)
                                                     spanned another program's time slice */

static void sg__gg_pause(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/* A clock good enough to tell a wait of a time slice from a short one: the time-stamp counter
 * on x86 (a few 10^9 ticks a second; no header or feature macro needed, unlike clock_gettime
 * under -std=c99), elsewhere the number of yields so far, 2^15 ticks each. */
static uint64_t sg__gg_ticks(uint64_t yields)
{
#if defined(__x86_64__) || defined(__i386__)
    (void)yields;
    return __builtin_ia32_rdtsc();
#else
    return yields << 15;
#endif
}

/* The calling thread's wait for the second thread's answer (one position: short): until
 * done != old, spinning, then giving the core away. A wait of a time slice or more counts in
 * e->slow: the cores are busy with other work. */
static void sg__gg_wait_done(sg__gg_t *e, unsigned old)
{
    uint64_t t0 = 0, yields = 0;
    unsigned i = 0;
    while (__atomic_load_n(&e->done, __ATOMIC_ACQUIRE) == old) {
        if (++i < SG__GG_SPIN) {
            sg__gg_pause();
            continue;
        }
        if (yields++ == 0) t0 = sg__gg_ticks(0);
        sched_yield();
    }
    if (yields > 0 && sg__gg_ticks(yields) - t0 >= SG__GG_SLOW_TICKS) e->slow++;
}

/* The second thread's wait for a new job: a short spin (the next pair usually follows at once),
 * then asleep, so that it holds no core while the caller is elsewhere (in the progress
 * callback writing a checkpoint, say). `parked` and `go` are both sequentially consistent:
 * either the poster sees parked and wakes the sleeper under the lock, or the sleeper sees the
 * new go before it sleeps. */
static unsigned sg__gg_wait_go(sg__gg_t *e, unsigned old)
{
    unsigned v, i;
    for (i = 0; i < SG__GG_SPIN; i++) {
        if ((v = __atomic_load_n(&e->go, __ATOMIC_ACQUIRE)) != old) return v;
        sg__gg_pause();
    }
    pthread_mutex_lock(&e->lock);
    __atomic_store_n(&e->parked, 1u, __ATOMIC_SEQ_CST);
    while ((v = __atomic_load_n(&e->go, __ATOMIC_SEQ_CST)) == old)
        pthread_cond_wait(&e->wake, &e->lock);
    __atomic_store_n(&e->parked, 0u, __ATOMIC_RELAXED);
    pthread_mutex_unlock(&e->lock);
    return v;
}

/* Give the second thread job number go (or the stop), waking it if it sleeps. */
static void sg__gg_post(sg__gg_t *e, unsigned go)
{
    __atomic_store_n(&e->go, go, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(&e->parked, __ATOMIC_SEQ_CST)) {
        pthread_mutex_lock(&e->lock);
        pthread_cond_signal(&e->wake);
        pthread_mutex_unlock(&e->lock);
    }
}

static void *sg__gg_worker(void *arg)
{
    sg__gg_t *e = (sg__gg_t *)arg;
    unsigned seen_go = 0;
    for (;;) {
        seen_go = sg__gg_wait_go(e, seen_go);
        if (e->stop) break;
        if (e->job_mark) {
            sg__gg_block_mark(e, &e->block, e->block.len / 2, e->block.len, e->job_i0,
                              e->block.to);
        } else {
            /* n + 1, n + 3, ... leaving out the splits whose other part is n or more */
            uint64_t i, p;
            for (i = 1; i < SG__GG_GROUP; i += 2) {
                p = e->job_n + i;
                e->job_work[i / 2] = 0;
                e->job_v[i / 2] = sg__gg_value(e, e->wit2, p, sg__gg_block_seen(e, &e->block, p),
                                               i + 1, 1, &e->job_work[i / 2]);
            }
        }
        __atomic_store_n(&e->done, seen_go, __ATOMIC_RELEASE);
    }
    return NULL;
}
#endif

#if SG__GG_THREADS
static void sg__gg_start(sg__gg_t *e)
{
    e->stop = 0;
    e->go = e->done = e->parked = 0;
    e->window = e->slow = 0;
    e->running = 0;
    if (pthread_mutex_init(&e->lock, NULL) != 0) return;
    if (pthread_cond_init(&e->wake, NULL) != 0) {
        pthread_mutex_destroy(&e->lock);
        return;
    }
    e->running = pthread_create(&e->worker, NULL, sg__gg_worker, e) == 0;
    if (!e->running) {
        pthread_cond_destroy(&e->wake);
        pthread_mutex_destroy(&e->lock);
    }
}

static void sg__gg_stop(sg__gg_t *e)
{
    e->stop = 1;
    sg__gg_post(e, e->go + 1);
    pthread_join(e->worker, NULL);
    pthread_cond_destroy(&e->wake);
    pthread_mutex_destroy(&e->lock);
    e->running = 0;
}

/* the block holds the group of positions from n */
static int sg__gg_block_has_group(const sg__gg_block_t *b, uint64_t n)
{
    return sg__gg_block_has(b, n) && sg__gg_block_has(b, n + SG__GG_GROUP - 1);
}

/* The block of positions from n: the next one if it begins there (what it lacks marked now),
 * a new one otherwise; marked by both threads, half the positions each. It holds a group. */
static void sg__gg_block_both(sg__gg_t *e, uint64_t n)
{
    unsigned go = e->go + 1;
    if (e->next.n == n && sg__gg_block_has_group(&e->next, n)) {
        sg__gg_block_t t = e->block;
        e->block = e->next;
        e->next = t;
    } else {
        sg__gg_block_start(e, &e->block, n, SG__GG_RUN);
    }
    e->next.len = 0;
    e->job_mark = 1;
    e->job_i0 = e->block.done;
    sg__gg_post(e, go);
    sg__gg_block_mark(e, &e->block, 0, e->block.len / 2, e->block.done, e->block.to);
    e->block.done = e->block.to;
    sg__gg_wait_done(e, go - 1);
}

/* While the second thread works on job `go`: the marks of the next block, a few rare parts at
 * a time, until that thread is done. Its rare parts are at least twice SG__GG_RUN: the values
 * of their partners are known before the current block is done. */
static void sg__gg_block_ahead(sg__gg_t *e, unsigned go)
{
    sg__gg_block_t *b = &e->next;
    uint64_t n = e->block.n + e->block.len;
    if (b->len == 0 || b->n != n) {
        sg__gg_block_start(e, b, n, 2 * SG__GG_RUN);
        if (b->len < SG__GG_GROUP) b->len = 0;   /* too short for a group */
    }
    while (b->done < b->to && __atomic_load_n(&e->done, __ATOMIC_ACQUIRE) == go - 1) {
        size_t to = b->to - b->done > SG__GG_AHEAD ? b->done + SG__GG_AHEAD : b->to;
        sg__gg_block_mark(e, b, 0, b->len, b->done, to);
        b->done = to;
    }
}
#endif

/* Ask for a second thread (threads == 2: it starts with the first pair worth one) or stop it
 * (threads == 1). A thread that cannot be started leaves the engine on one: the values are the
 * same. */
void sg__gg_threads(sg__gg_t *e, unsigned threads)
{
#if SG__GG_THREADS
    e->want2 = threads == 2;
    e->rest_until = 0;
    e->rest_span = SG__GG_REST;
    if (!e->want2 && e->running) sg__gg_stop(e);
#else
    (void)e;
    (void)threads;
#endif
}

int sg__gg_threads_supported(void) { return SG__GG_THREADS; }

/* G(n) and, when the second thread runs and the group is worth it, G(n + 1 .. n + GROUP - 1)
 * (want of them at most), with the bookkeeping for each: *got values are in v. */
int sg__gg_next_group(sg__gg_t *e, uint64_t n, uint64_t want, sg_value_t v[SG__GG_GROUP],
                      unsigned *got)
{
#if SG__GG_THREADS
    const unsigned char *G8 = e->g8;
    const uint16_t *G16 = e->g16;
    const sg_value_t *G32 = e->g32;
    sg_value_t cand[SG__GG_GROUP], extra[SG__GG_GROUP];
    uint64_t work[SG__GG_GROUP], i, j;
    unsigned go;
    int st;
    if (e->want2 && !e->running && n >= e->rest_until && n >= SG__GG_GROUPS_FROM) {
        e->rest_until = UINT64_MAX;   /* a thread that cannot be started is not asked again */
        sg__gg_start(e);
    }
    if (e->running && want >= SG__GG_GROUP && n >= e->last_n && n >= SG__GG_GROUPS_FROM &&
        sg__gg_sparse_pays(e, n) &&
        (e->rechoose <= n || e->rechoose - n >= SG__GG_GROUP)) {
        for (i = 0; i < SG__GG_GROUP; i++)
            if ((st = sg__gg_prepare(e, n + i)) != SG_OK) return st;
        if (!sg__gg_block_has_group(&e->block, n)) sg__gg_block_both(e, n);
        e->job_mark = 0;
        e->job_n = n;
        go = e->go + 1;
        sg__gg_post(e, go);
        for (i = 0; i < SG__GG_GROUP; i += 2) {
            work[i] = 0;
            cand[i] = sg__gg_value(e, e->wit, n + i, sg__gg_block_seen(e, &e->block, n + i),
                                   i + 1, 1, &work[i]);
        }
        sg__gg_block_ahead(e, go);
        sg__gg_wait_done(e, go - 1);
        for (i = 1; i < SG__GG_GROUP; i += 2) {
            cand[i] = e->job_v[i / 2];
            work[i] = e->job_work[i / 2];
        }
        /* in order: the splits (j, n + i - j), j <= i, left out of n + i have their other part
         * in the group, and are known now; only if one of them has the value found is the
         * search resumed, serially */
        for (i = 0; i < SG__GG_GROUP; i++) {
            int hit = 0;
            for (j = 1; j <= i; j++) {
                extra[j - 1] = SG__GG_AT(j) ^ v[i - j];
                hit |= extra[j - 1] == cand[i];
            }
            if (hit)
                cand[i] = sg__gg_resolve(e, e->wit, n + i, sg__gg_block_seen(e, &e->block, n + i),
                                         i + 1, extra, (size_t)i, &work[i]);
            e->cost += work[i] - e->cost / 16;
            /* a value asked again after a failure here is computed anew */
            if ((st = sg__gg_account(e, n + i, cand[i])) != SG_OK) return i == 0 ? st : SG_OK;
            sg__gg_done(e, n + i, cand[i]);
            v[i] = cand[i];
            *got = (unsigned)i + 1;
            /* a wider range (a value larger than any before) took the block's marks away */
            if (!sg__gg_block_has_group(&e->block, n)) break;
        }
        /* the threads meet at every group: when the cores are busy with other work they wait
         * for each other a time slice at a time, and one thread is faster; rest the second
         * for a while, longer each time this is seen again in a row */
        if (e->slow > SG__GG_SLOW) {
            sg__gg_stop(e);
            e->rest_until = n + e->rest_span;
            if (e->rest_span < SG__GG_REST_MAX) e->rest_span *= 2;
        } else if (++e->window == SG__GG_WINDOW) {
            e->rest_span = SG__GG_REST;
            e->window = e->slow = 0;
        }
        return SG_OK;
    }
#endif
    (void)want;
    *got = 1;
    return sg__gg_step(e, n, v);
}

/* The bookkeeping for G(n) = v. */
static int sg__gg_account(sg__gg_t *e, uint64_t n, sg_value_t v)
{
    int st;
    if (v >= e->range / 2) {
        /* keep range above twice every value: XORs stay below range/2, mexes below range */
        uint64_t r = e->range;
        while (v >= r / 2) r *= 2;
        if ((st = sg__gg_set_range(e, r)) != SG_OK) return st;
    }
    /* what can fail comes first: a position asked again after a failure is counted once */
    if (n >= SG__GG_SPARSE_FROM && n >= e->rechoose / 2 && !e->parity[v] &&
        (st = sg__gg_rare_push(e, n, v)) != SG_OK)
        return st;
    e->recent[(size_t)v * SG__GG_RECENT + (e->hist[v] & (SG__GG_RECENT - 1))] = n;
    e->hist[v]++;
    if (e->nfirst[v] < SG__GG_FIRST) e->first[(size_t)v * SG__GG_FIRST + e->nfirst[v]++] = n;
    return SG_OK;
}

int sg__gg_create(sg__gg_t **engine)
{
    sg__gg_t *e = (sg__gg_t *)calloc(1, sizeof *e);
    int st;
    *engine = NULL;
    if (e == NULL) return SG_ENOMEM;
    e->rechoose = SG__GG_SPARSE_FROM;
    if ((st = sg__gg_set_range(e, 64)) != SG_OK) {
        sg__gg_free(e);
        return st;
    }
    *engine = e;
    return SG_OK;
}

void sg__gg_free(sg__gg_t *e)
{
    if (e == NULL) return;
    sg__gg_threads(e, 1);
    sg__gg_release(e);
    free(e);
}

void sg__gg_attach(sg__gg_t *e, const unsigned char *g8, const uint16_t *g16,
                   const sg_value_t *g32)
{
    e->g8 = g8;
    e->g16 = g16;
    e->g32 = g32;
}

int sg__gg_next(sg__gg_t *e, uint64_t n, sg_value_t *value)
{
    return sg__gg_step(e, n, value);
}

/* After a fresh engine is attached to stored values G(0..count-1): their bookkeeping, a mask
 * chosen for them, and the next choice at twice the count. */
int sg__gg_resume(sg__gg_t *e, uint64_t count)
{
    const unsigned char *G8 = e->g8;
    const uint16_t *G16 = e->g16;
    const sg_value_t *G32 = e->g32;
    uint64_t n;
    int st;
    e->rechoose = UINT64_MAX;   /* no rare list kept while replaying */
    for (n = 0; n < count; n++)
        if ((st = sg__gg_account(e, n, SG__GG_AT(n))) != SG_OK) return st;
    if (count >= SG__GG_SPARSE_FROM) {
        if ((st = sg__gg_choose_mask(e, count)) != SG_OK) return st;
        e->rechoose = 2 * count;
    } else {
        e->rechoose = SG__GG_SPARSE_FROM;
    }
    return SG_OK;
}

/* The values are computed in a sequence (one byte each while they fit: a quarter of the memory
 * traffic of the table) and copied out. */
int sg_grundy_game_table(sg_value_t *table, uint64_t count)
{
    sg_sequence_t *seq;
    int st;
    if (table == NULL && count != 0) return SG_EINVAL;
    if (count == 0) return SG_OK;
    if ((st = sg_sequence_create(&seq, SG_SEQUENCE_GRUNDY_GAME)) != SG_OK) return st;
    if ((st = sg_sequence_extend(seq, count, NULL, NULL)) == SG_OK)
        st = sg_sequence_read(seq, 0, table, count);
    sg_sequence_free(seq);
    return st;
}
