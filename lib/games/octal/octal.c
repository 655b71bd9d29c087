#include "../../common/sg_internal.h"
#include "split_tests.h"

#include <stdlib.h>

/* Take-and-break games: the value engine (the codes are read and written in octal_code.c).
 *
 * G(n) = mex of: 0 (take a whole heap of exactly i, bit 1 of d_i), G(n-i) (bit 2),
 * G(a) ^ G(m-a) for m = n-i, 1 <= a < m (bit 4; i = 0 is d0 = 4), G(a) ^ G(b) ^ G(c) for
 * a + b + c = n-i (bit 8).
 *
 * The candidate paths (at most two parts; values in one byte below 256, then in two bytes below
 * 65536) test x = 0, 1, 2, ... in turn over the splits until one is missing (octal_kernels.c,
 * through split_tests.h); games with many values, where the tests cost more than the set, build
 * it directly for a while (one mark per split), longer each time the tests fail again.
 * Three-part splits use word sets of two-part values while values stay below 64, then mark
 * every triple, as do values of 65536 and more. */

#define SG__OCTAL_SKIP 64      /* values built directly after a costly test */
#define SG__OCTAL_SKIP_MAX 4096   /* ... at most, after costly tests in a row */

/* ---- the value engine ------------------------------------------------------------------ */

/* The ways the plain kernel finds G(n), in the order a run takes them as its values grow (the
 * table sg__octal_methods below says which games each serves and up to which value). */
enum {
    SG__OCTAL_TEST8,    /* candidate tests on the byte copies */
    SG__OCTAL_TEST16,   /* the same on the two-byte copies */
    SG__OCTAL_SMALL3,   /* three-part splits, every value below 64: word sets */
    SG__OCTAL_MARK,     /* every option marked: any game, any value */
    SG__OCTAL_METHODS
};

static unsigned sg__octal_pick(const sg_octal_t *game, uint64_t least);
static void sg__octal_set_width(sg__octal_run_t *run, unsigned method);

int sg__octal_run_init(sg__octal_run_t *run, const sg_octal_t *game)
{
    memset(run, 0, sizeof *run);
    run->game = game;
#ifdef SG__OCTAL_BACK
    run->back = sg__octal_back_way();
#endif
    sg__octal_set_width(run, sg__octal_pick(game, 0));
    return SG_OK;
}

/* The typed copies off (a value no longer fits their width); a lent block stays its owner's. */
static void sg__octal_copies_off(sg__octal_run_t *run)
{
#if SG__LONGRUN
    if ((void *)run->f == run->lend) run->f = NULL;
    if ((void *)run->f16 == run->lend) run->f16 = NULL;
#endif
    free(run->f);
    free(run->r);
    free(run->f16);
    free(run->r16);
    run->f = run->r = NULL;
    run->f16 = run->r16 = NULL;
    run->bcap = 0;
    run->bytes = run->wide = 0;
}

void sg__octal_run_release(sg__octal_run_t *run)
{
    sg__octal_copies_off(run);
#if SG__LONGRUN
    free(run->own);
    run->own = NULL;
    run->owncap = 0;
#endif
    free(run->seen);
    free(run->s2);
    free(run->set);
#ifndef SG_NO_SPARSE
    sg__octal_sparse_free(run->sparse);
#endif
    run->seen = NULL;
    run->s2 = NULL;
    run->set = NULL;
    run->sparse = NULL;
}

/* Room for `size` marks in seen. */
static int sg__octal_seen(sg__octal_run_t *run, uint64_t size)
{
    unsigned char *s;
    if (size <= run->words) return SG_OK;
    if (size > SIZE_MAX) return SG_ENOMEM;
    s = SG__CAST(unsigned char *, realloc(run->seen, SG__CAST(size_t, size)));
    if (s == NULL) return SG_ENOMEM;
    run->seen = s;
    run->words = SG__CAST(size_t, size);
    return SG_OK;
}

/* The typed copies, written once for one byte (suffix 8: f, r) and two (suffix 16: f16, r16).
 * The copies hold G(0 .. run->n - 1) whenever bcap > 0; r only while the kernels read it.
 *   grow:   room for `need` values (r keeps its values at its end).
 *   put:    G(k) = v in both copies. */
#define SG__OCTAL_COPIES(S, T, F, R)                                                               \
    static int sg__octal_grow##S(sg__octal_run_t *run, uint64_t need)                              \
    {                                                                                              \
        size_t cap, n = run->bcap ? SG__CAST(size_t, run->n) : 0;                                  \
        T *f, *r;                                                                                  \
        if (need <= run->bcap) return SG_OK;                                                       \
        if (need > SIZE_MAX / 2 / sizeof(T)) return SG_ENOMEM;                                     \
        cap = run->bcap * 2 > need ? run->bcap * 2 : SG__CAST(size_t, need);                       \
        if (cap < 1024) cap = 1024;                                                                \
        f = SG__CAST(T *, sg__octal_forward(run, run->F, n, cap, sizeof(T)));                      \
        if (f == NULL) return SG_ENOMEM;                                                           \
        run->F = f;                                                                                \
        if (SG__OCTAL_KEEPS_R(run)) {                                                              \
            r = SG__CAST(T *, malloc(cap * sizeof(T)));                                            \
            if (r == NULL) return SG_ENOMEM;                                                       \
            if (n) memcpy(r + cap - n, run->R + run->bcap - n, n * sizeof(T));                     \
            free(run->R);                                                                          \
            run->R = r;                                                                            \
        }                                                                                          \
        run->bcap = cap;                                                                           \
        return SG_OK;                                                                              \
    }                                                                                              \
    static void sg__octal_put##S(sg__octal_run_t *run, size_t k, sg_value_t v)                     \
    {                                                                                              \
        run->F[k] = SG__CAST(T, v);                                                                \
        if (SG__OCTAL_KEEPS_R(run)) run->R[run->bcap - 1 - k] = SG__CAST(T, v);                    \
    }
SG__OCTAL_COPIES(8, unsigned char, f, r)
SG__OCTAL_COPIES(16, uint16_t, f16, r16)

/* The copies of the width in use (run->bytes: one byte, run->wide: two) get room for `need`
 * values and hold G(0 .. run->n - 1), read from G the first time (with the scratch of that
 * width). */
static int sg__octal_copies(sg__octal_run_t *run, const sg__vals_t *G, uint64_t need)
{
    size_t lim = run->wide ? 65536 : 256, k, n = SG__CAST(size_t, run->n);
    uint64_t *set;
    int st, fresh = run->bcap == 0;
    if (fresh) {
        if ((set = SG__CAST(uint64_t *, realloc(run->set, lim / 8))) == NULL) return SG_ENOMEM;
        run->set = set;
        if ((st = sg__octal_seen(run, lim)) != SG_OK) return st;
    }
    st = run->wide ? sg__octal_grow16(run, need) : sg__octal_grow8(run, need);
    if (st != SG_OK || !fresh || run->bcap == 0) return st;
    for (k = 0; k < n; k++) {
        if (run->wide) sg__octal_put16(run, k, sg__vals_at(G, k));
        else sg__octal_put8(run, k, sg__vals_at(G, k));
    }
    return SG_OK;
}

/* G(n) on the general path: every option value marked in a byte array of vb entries, vb a
 * power of two above every value so far (so above every XOR of values too). */
static int sg__octal_value_general(sg__octal_run_t *run, const sg_value_t *G, uint64_t n,
                                   sg_value_t *value)
{
    const sg_octal_t *g = run->game;
    uint64_t vb = 64, a, b, m, h, v;
    unsigned char *s;
    unsigned i, top = n < g->t ? SG__CAST(unsigned, n) : g->t;
    int st;
    while (vb <= run->maxv) vb *= 2;
    if ((st = sg__octal_seen(run, vb)) != SG_OK) return st;
    s = run->seen;
    memset(s, 0, SG__CAST(size_t, vb));
    for (i = 0; i <= top; i++) {
        unsigned d = g->d[i];
        if ((d & 1) && n == i) s[0] = 1;
        if ((d & 2) && n > i) s[G[n - i]] = 1;
        if ((d & 4) && n - i >= 2)
            for (m = n - i, h = m / 2, a = 1; a <= h; a++) s[G[a] ^ G[m - a]] = 1;
        if ((d & 8) && n - i >= 3)
            for (m = n - i, a = 1; a <= m / 3; a++) {
                sg_value_t ga = G[a];
                for (b = a; b <= (m - a) / 2; b++) s[ga ^ G[b] ^ G[m - a - b]] = 1;
            }
    }
    for (v = 0; v < vb && s[v]; v++)
        ;
    *value = SG__CAST(sg_value_t, v);
    return 1;
}

/* Three-part splits while every value is below 64: s2[k], one word, is the set of values
 * G(a) ^ G(k - a) of the two-part splits of k; the three-part splits of m are then the union
 * over a of s2[m - a] with its bits permuted by XOR with G(a). O(n) words per value instead of
 * O(n^2) triples. */
static uint64_t sg__octal_xor_bits(uint64_t w, unsigned g)
{
    static const uint64_t even[6] = {0x5555555555555555u, 0x3333333333333333u,
                                     0x0f0f0f0f0f0f0f0fu, 0x00ff00ff00ff00ffu,
                                     0x0000ffff0000ffffu, 0x00000000ffffffffu};
    unsigned j;
    for (j = 0; j < 6; j++)
        if (g & (1u << j)) {   /* bit x goes to x ^ 2^j: swap blocks of 2^j bits */
            unsigned sh = 1u << j;
            w = ((w & even[j]) << sh) | ((w >> sh) & even[j]);
        }
    return w;
}

static int sg__octal_value_small3(sg__octal_run_t *run, const sg_value_t *G, uint64_t n,
                                  sg_value_t *value)
{
    const sg_octal_t *g = run->game;
    uint64_t set = 0, w = 0, a, m, *s2;
    unsigned i, top = n < g->t ? SG__CAST(unsigned, n) : g->t;
    if (n >= run->s2cap) {
        size_t cap = run->s2cap ? run->s2cap * 2 : 1024;
        if (cap > SIZE_MAX / sizeof *s2) return SG_ENOMEM;
        s2 = SG__CAST(uint64_t *, realloc(run->s2, cap * sizeof *s2));
        if (s2 == NULL) return SG_ENOMEM;
        run->s2 = s2;
        run->s2cap = cap;
    }
    s2 = run->s2;
    for (a = 1; 2 * a <= n; a++) w |= SG__CAST(uint64_t, 1) << (G[a] ^ G[n - a]);
    s2[n] = w;
    for (i = 0; i <= top; i++) {
        unsigned d = g->d[i];
        m = n - i;
        if ((d & 1) && n == i) set |= 1;
        if ((d & 2) && n > i) set |= SG__CAST(uint64_t, 1) << G[m];
        if (d & 4) set |= s2[m];
        if (d & 8)
            for (a = 1; a + 2 <= m; a++) set |= sg__octal_xor_bits(s2[m - a], G[a]);
    }
    *value = ~set ? SG__CAST(sg_value_t, sg__ctz64(~set)) : 64;
    return 1;
}

/* After each value: a value whose tests cost too much has the next ones built directly for a
 * while (`built`), twice as long each time the tests fail again. */
static void sg__octal_pace(sg__octal_run_t *run, int built)
{
    if (run->skip > 0) {
        run->skip--;
    } else if (built) {
        run->skip = run->lapse > SG__OCTAL_SKIP ? run->lapse : SG__OCTAL_SKIP;
        run->lapse = run->skip < SG__OCTAL_SKIP_MAX ? 2 * run->skip : run->skip;
    } else {
        run->lapse = 0;
    }
}

/* The candidate paths, in the width of the copies in use: 1 with *value, 0 when the mex does
 * not fit that width. */
static int sg__octal_value_cand(sg__octal_run_t *run, const sg_value_t *G, uint64_t n,
                                sg_value_t *value)
{
    int how = sg__octal_value_test(run, G, n, run->skip > 0, value);
    if (how == 0) return 0;
    sg__octal_pace(run, how == 2);
    return 1;
}

/* Each way, as zstd picks a block compressor: G(n) (1 with *value, 0 when the mex is `below`
 * or more, or a failure), what it keeps of each value, and the games and values it serves. */
typedef struct {
    int (*value)(sg__octal_run_t *run, const sg_value_t *G, uint64_t n, sg_value_t *value);
    void (*put)(sg__octal_run_t *run, size_t k, sg_value_t v);   /* NULL: nothing */
    int min_parts, max_parts;    /* the games it serves */
    uint64_t below;              /* every value so far is below this */
    unsigned width;              /* bytes a value in its copies (0: none) */
} sg__octal_method_t;

static const sg__octal_method_t sg__octal_methods[SG__OCTAL_METHODS] = {
    {sg__octal_value_cand, sg__octal_put8, 0, 2, 256, 1},              /* SG__OCTAL_TEST8 */
    {sg__octal_value_cand, sg__octal_put16, 0, 2, 65536, 2},           /* SG__OCTAL_TEST16 */
    {sg__octal_value_small3, NULL, 3, 3, 64, 0},                       /* SG__OCTAL_SMALL3 */
    {sg__octal_value_general, NULL, 0, 3, UINT64_MAX, 0},              /* SG__OCTAL_MARK */
};

/* The first way that serves the game with values up to `least`. */
static unsigned sg__octal_pick(const sg_octal_t *game, uint64_t least)
{
    unsigned m;
    for (m = 0; m + 1 < SG__OCTAL_METHODS; m++)
        if (game->parts >= sg__octal_methods[m].min_parts &&
            game->parts <= sg__octal_methods[m].max_parts && least < sg__octal_methods[m].below)
            break;
    return m;
}

/* The way `method` from now on, with the width of its copies (made when first needed). */
static void sg__octal_set_width(sg__octal_run_t *run, unsigned method)
{
    unsigned width = sg__octal_methods[method].width;
    run->method = method;
    if (width != (run->wide ? 2u : run->bytes ? 1u : 0u)) sg__octal_copies_off(run);
    run->bytes = width == 1;
    run->wide = width == 2;
}

/* A value of `least` or more is coming: the way for it, its copies (or, for an owner that keeps
 * no values, G NULL, and a way without copies: run->own) taking over G(0 .. run->n - 1) from
 * `from` (NULL: from G, or from the copies in use) with room for `need` values. */
static int sg__octal_choose(sg__octal_run_t *run, const sg_value_t *G, const sg__vals_t *from,
                            uint64_t need, uint64_t least)
{
#if !SG__LONGRUN   /* G holds the values (the only caller passes no `from`) */
    sg__vals_t src;
    (void)from;
    sg__octal_set_width(run, sg__octal_pick(run->game, least));
    return run->bytes || run->wide ? sg__octal_copies(run, sg__vals_of(&src, G), need) : SG_OK;
#else
    sg__octal_run_t was = *run;   /* the copies in use stay until the new ones are filled */
    sg__vals_t src;
    unsigned method = sg__octal_pick(run->game, least), width = sg__octal_methods[method].width;
    int st = SG_OK;
    if (from == NULL && G == NULL) {
        sg__octal_run_vals(run, &src);
        from = &src;
    } else if (from == NULL) {
        from = sg__vals_of(&src, G);
    }
    if (width != (run->wide ? 2u : run->bytes ? 1u : 0u)) {
        run->f = run->r = NULL;
        run->f16 = run->r16 = NULL;
        run->bcap = 0;
    } else {
        was.f = was.r = NULL;
        was.f16 = was.r16 = NULL;
    }
    run->method = method;
    run->bytes = width == 1;
    run->wide = width == 2;
    if (width != 0) st = sg__octal_copies(run, from, need);
    else if (G == NULL) st = sg__octal_own(run, from, need);
    sg__octal_copies_off(&was);
    return st;
#endif
}

int sg__octal_run(sg__octal_run_t *run, sg_value_t *G, uint64_t upto)
{
    const sg__octal_method_t *M = &sg__octal_methods[run->method];
    uint64_t n;
    sg_value_t v = 0;
    int st, got;
    uint64_t room = upto > run->room ? upto : run->room;
    sg_value_t *g;   /* G, or the engine's own four-byte values (NULL while the copies hold
                        them) */
    sg__vals_t src;
    if (M->width && (st = sg__octal_copies(run, sg__vals_of(&src, G), room)) != SG_OK) return st;
#if SG__LONGRUN   /* an owner that keeps no values */
    if (!M->width && G == NULL && (st = sg__octal_own(run, NULL, room)) != SG_OK) return st;
#endif
#ifndef SG_NO_SPARSE   /* the sparse way's first position (the contest build has no such way) */
    uint64_t from = sg__octal_sparse_from(run);
#endif
    g = SG__OCTAL_HELD(G, run);
    for (n = run->n; n < upto; n++) {
        got = 0;
#ifndef SG_NO_SPARSE
        if (n >= from && (got = sg__octal_sparse_way(run, n, upto, &v)) < 0) return got;
        if (got) sg__octal_pace(run, 0);
#endif
        while (!got) {
            if ((got = M->value(run, g, n, &v)) < 0) return got;
            /* the mex is past this way's values: on to the next (then the value again) */
            if (!got && (st = sg__octal_choose(run, G, NULL, room, M->below)) != SG_OK) return st;
            M = &sg__octal_methods[run->method];
            g = SG__OCTAL_HELD(G, run);
        }
        if (v >= M->below) {   /* a value past this way's (the sparse engine's, or the mex) */
            if ((st = sg__octal_choose(run, G, NULL, room, v)) != SG_OK) return st;
            M = &sg__octal_methods[run->method];
            g = SG__OCTAL_HELD(G, run);
        }
        if (g != NULL) g[n] = v;
#ifndef SG_NO_SPARSE
        if (run->sparse != NULL && (st = sg__octal_sparse_put(run, n, v)) != SG_OK) return st;
        if (run->sparse == NULL && n >= from) from = sg__octal_sparse_from(run);   /* dropped */
#endif
        if (M->put != NULL) M->put(run, SG__CAST(size_t, n), v);
        if (v > run->maxv) {
            run->maxv = v;
            run->max_at = n;
        }
        run->n = n + 1;
    }
    return SG_OK;
}

#if SG__LONGRUN
int sg__octal_run_resume(sg__octal_run_t *run, const sg__vals_t *G, uint64_t n, int own)
{
    uint64_t k, a, w;
    int st;
    for (k = 0; k < n; k++)
        if (sg__vals_at(G, k) > run->maxv) {
            run->maxv = sg__vals_at(G, k);
            run->max_at = k;
        }
    run->n = n;
    /* where a run of its own would be by now */
    if ((st = sg__octal_choose(run, own ? NULL : G->g32, G, n, run->maxv)) != SG_OK) return st;
    if (run->method == SG__OCTAL_SMALL3 && n > 0) {
        /* the two-part split sets of sg__octal_value_small3, for every k < n */
        size_t cap = n < 1024 ? 1024 : SG__CAST(size_t, n);
        if (n > SIZE_MAX / sizeof *run->s2) return SG_ENOMEM;
        if ((run->s2 = SG__CAST(uint64_t *, malloc(cap * sizeof *run->s2))) == NULL)
            return SG_ENOMEM;
        run->s2cap = cap;
        for (k = 0; k < n; k++) {
            for (w = 0, a = 1; 2 * a <= k; a++)
                w |= SG__CAST(uint64_t, 1) << (sg__vals_at(G, a) ^ sg__vals_at(G, k - a));
            run->s2[k] = w;
        }
    }
    return SG_OK;
}
#endif
