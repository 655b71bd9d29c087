#include "sg_internal.h"

#include <stdlib.h>

/* Take-and-break codes: parsing, formatting, and the value engine.
 *
 * G(n) = mex of: 0 (take a whole heap of exactly i, bit 1 of d_i), G(n-i) (bit 2),
 * G(a) ^ G(m-a) for m = n-i, 1 <= a < m (bit 4; i = 0 is d0 = 4), G(a) ^ G(b) ^ G(c) for
 * a + b + c = n-i (bit 8).
 *
 * The byte path (values below 256, at most two parts): rather than build the whole set of split
 * values, test x = 0, 1, 2, ... in turn until one is missing. Most x are found within a few
 * splits; only the mex itself needs a full pass, and that pass is a branch-free block loop over
 * two forward byte arrays (f[a] = G(a), and r, the sequence stored backwards, so that G(m-a) also
 * runs forward in a), which compilers turn into vector code. Games with many values, where the
 * tests cost more than the set, build it directly for a while (one mark per split). Three-part
 * splits use word sets of two-part values while values stay below 64, then mark every triple. */

#define SG__OCTAL_BLOCK 64     /* pairs tested per branch-free block */
#define SG__OCTAL_HEAD 16      /* splits a <= this go through the scalar prefix */
#define SG__OCTAL_SKIP 64      /* values built directly after a costly test */
#define SG__OCTAL_SPARSE_FROM 1024   /* the sparse engine (octal_sparse.c) never pays below */

static int sg__octal_hex(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static int sg__octal_fail(size_t *error_offset, const char **error_message, size_t at,
                          const char *why)
{
    if (error_offset) *error_offset = at;
    if (error_message) *error_message = why;
    return SG_EINVAL;
}

int sg_octal_parse_ex(const char *code, sg_octal_t **game, size_t *error_offset,
                      const char **error_message)
{
    unsigned char d[SG_OCTAL_MAX_DIGITS + 1];
    size_t i = 0, count = 0;
    unsigned t = 0, k;
    int parts = 0;
    sg_octal_t *g;
    if (error_offset) *error_offset = 0;
    if (error_message) *error_message = "";
    if (game) *game = NULL;
    if (code == NULL || game == NULL)
        return sg__octal_fail(error_offset, error_message, 0, "NULL argument");
    memset(d, 0, sizeof d);
    if (code[0] == '\0') return sg__octal_fail(error_offset, error_message, 0, "empty code");
    if (code[0] != '.') {
        if (sg__octal_hex((unsigned char)code[0]) < 0)
            return sg__octal_fail(error_offset, error_message, 0, "invalid character");
        if (code[1] == '\0')
            return sg__octal_fail(error_offset, error_message, 1, "missing '.'");
        if (code[1] != '.') {
            if (sg__octal_hex((unsigned char)code[1]) >= 0)
                return sg__octal_fail(error_offset, error_message, 1,
                                      "only one digit (d0) may come before the '.'");
            return sg__octal_fail(error_offset, error_message, 1, "invalid character");
        }
        if (code[0] != '0' && code[0] != '4')
            return sg__octal_fail(error_offset, error_message, 0, "d0 must be 0 or 4");
        d[0] = (unsigned char)(code[0] - '0');
        i = 2;
    } else {
        i = 1;
    }
    for (; code[i] != '\0'; i++) {
        int v = sg__octal_hex((unsigned char)code[i]);
        if (code[i] == '.')
            return sg__octal_fail(error_offset, error_message, i, "more than one '.'");
        if (v < 0) return sg__octal_fail(error_offset, error_message, i, "invalid character");
        if (count == SG_OCTAL_MAX_DIGITS)
            return sg__octal_fail(error_offset, error_message, i,
                                  "too many digits (at most 64 after the '.')");
        d[++count] = (unsigned char)v;
    }
    if (count == 0) return sg__octal_fail(error_offset, error_message, i, "no digit after the '.'");
    for (k = 0; k <= SG_OCTAL_MAX_DIGITS; k++) {
        if (d[k] != 0) t = k;
        if ((d[k] & 8) && parts < 3) parts = 3;
        if ((d[k] & 4) && parts < 2) parts = 2;
        if ((d[k] & 2) && parts < 1) parts = 1;
    }
    g = (sg_octal_t *)malloc(sizeof *g);
    if (g == NULL) return SG_ENOMEM;
    memcpy(g->d, d, sizeof d);
    g->t = t;
    g->parts = parts;
    *game = g;
    return SG_OK;
}

int sg_octal_parse(const char *code, sg_octal_t **game)
{
    return sg_octal_parse_ex(code, game, NULL, NULL);
}

void sg_octal_free(sg_octal_t *game) { free(game); }

int sg_octal_max_parts(const sg_octal_t *game) { return game ? game->parts : -1; }

int sg_octal_format(const sg_octal_t *game, char *buf, size_t size)
{
    static const char hex[] = "0123456789abcdef";
    char tmp[SG_OCTAL_MAX_DIGITS + 3];
    size_t len = 0;
    unsigned i;
    if (game == NULL || (buf == NULL && size > 0)) return SG_EINVAL;
    tmp[len++] = hex[game->d[0] & 15];
    tmp[len++] = '.';
    if (game->t == 0) tmp[len++] = '0';
    for (i = 1; i <= game->t; i++) tmp[len++] = hex[game->d[i] & 15];
    if (len < size) {
        memcpy(buf, tmp, len);
        buf[len] = '\0';
        return SG_OK;
    }
    if (size > 0) {
        memcpy(buf, tmp, size - 1);
        buf[size - 1] = '\0';
    }
    return SG_ERANGE;
}

/* ---- the value engine ------------------------------------------------------------------ */

int sg__octal_run_init(sg__octal_run_t *run, const sg_octal_t *game)
{
    memset(run, 0, sizeof *run);
    run->game = game;
    run->bytes = game->parts <= 2;
    return SG_OK;
}

void sg__octal_run_release(sg__octal_run_t *run)
{
    free(run->f);
    free(run->r);
    free(run->seen);
    free(run->s2);
    sg__octal_sparse_free(run->sparse);
    run->f = run->r = NULL;
    run->seen = NULL;
    run->s2 = NULL;
    run->sparse = NULL;
}

/* Room for `need` values in the byte arrays; r keeps its values at its end. */
static int sg__octal_bytes_grow(sg__octal_run_t *run, uint64_t need)
{
    size_t cap, n = (size_t)run->n;
    unsigned char *f, *r;
    if (need <= run->bcap) return SG_OK;
    if (need > SIZE_MAX / 2) return SG_ENOMEM;
    cap = run->bcap * 2 > need ? run->bcap * 2 : (size_t)need;
    if (cap < 1024) cap = 1024;
    f = (unsigned char *)realloc(run->f, cap);
    if (f == NULL) return SG_ENOMEM;
    run->f = f;
    r = (unsigned char *)malloc(cap);
    if (r == NULL) return SG_ENOMEM;
    if (n) memcpy(r + cap - n, run->r + run->bcap - n, n);
    free(run->r);
    run->r = r;
    run->bcap = cap;
    return SG_OK;
}

/* 1 when some k < SG__OCTAL_BLOCK has f[k] ^ r[k] == x. Branch-free: vectorizes. */
static int sg__octal_block(const unsigned char *f, const unsigned char *r, unsigned char x)
{
    unsigned char acc = 0;
    int k;
    for (k = 0; k < SG__OCTAL_BLOCK; k++) acc |= (unsigned char)((f[k] ^ r[k]) == x);
    return acc;
}

/* 1 when a split m = a + (m-a), a0 <= a <= m/2, has G(a) ^ G(m-a) == x. *work counts the
 * pairs looked at. */
static int sg__octal_scan(const sg__octal_run_t *run, uint64_t m, uint64_t a0, unsigned char x,
                          uint64_t *work)
{
    const unsigned char *f = run->f, *rb = run->r + (run->bcap - 1 - (size_t)m);
    size_t a = (size_t)a0, h = (size_t)(m / 2), last = (size_t)m - 1;
    /* a block may run past m/2 (the splits are symmetric) but not past m-1 */
    while (a <= h && a + SG__OCTAL_BLOCK - 1 <= last) {
        *work += SG__OCTAL_BLOCK;
        if (sg__octal_block(f + a, rb + a, x)) return 1;
        a += SG__OCTAL_BLOCK;
    }
    for (; a <= h; a++)
        if ((f[a] ^ rb[a]) == x) return 1;
    return 0;
}

/* G(n) on the byte path: 1, or 2 when the set had to be built; 0 when the mex is 256 or more
 * (the caller switches paths). When the tests of values x cost more than two passes over the
 * splits (a game with many values), the rest of the set is built directly, one mark per split;
 * `direct` goes there at once. */
static int sg__octal_value_bytes(const sg__octal_run_t *run, const sg_value_t *G, uint64_t n,
                                 int direct, sg_value_t *value)
{
    const sg_octal_t *g = run->game;
    const unsigned char *f = run->f, *r = run->r + run->bcap - 1;
    uint64_t set[4] = {0, 0, 0, 0}, ms[SG_OCTAL_MAX_DIGITS + 1], work = 0, budget = 0;
    unsigned i, top = n < g->t ? (unsigned)n : g->t, nm = 0, j, x;
    for (i = 0; i <= top; i++) {
        unsigned d = g->d[i];
        if ((d & 1) && n == i) set[0] |= 1;
        if ((d & 2) && n > i) sg__bit_set(set, f[n - i]);
        if ((d & 4) && n - i >= 2) {
            uint64_t m = n - i, a, h = m / 2;
            ms[nm++] = m;
            budget += h;
            for (a = 1; a <= h && a <= SG__OCTAL_HEAD; a++)
                sg__bit_set(set, (unsigned)(f[a] ^ r[-(ptrdiff_t)(m - a)]));
        }
    }
    budget *= 2;
    for (x = 0; x < 256; x++) {
        if (sg__bit(set, x)) continue;
        if (direct || work > budget) {
            /* build the rest of the set, one mark per split; from the 32-bit values: byte
             * loads here run at half the speed */
            unsigned char mark[256];
            memset(mark, 0, sizeof mark);
            for (j = 0; j < nm; j++) {
                const sg_value_t *gb = G + ms[j];   /* gb[-a] = G(m - a) */
                size_t a, h = (size_t)(ms[j] / 2);
                for (a = SG__OCTAL_HEAD + 1; a <= h; a++) mark[G[a] ^ gb[-(ptrdiff_t)a]] = 1;
            }
            for (; x < 256 && (sg__bit(set, x) || mark[x]); x++)
                ;
            if (x == 256) return 0;
            *value = x;
            return 2;
        }
        for (j = 0; j < nm; j++)
            if (ms[j] / 2 > SG__OCTAL_HEAD &&
                sg__octal_scan(run, ms[j], SG__OCTAL_HEAD + 1, (unsigned char)x, &work))
                break;
        if (j == nm) {
            *value = x;
            return 1;
        }
    }
    return 0;
}

/* G(n) on the general path: every option value marked in a byte array of vb entries, vb a
 * power of two above every value so far (so above every XOR of values too). */
static int sg__octal_value_general(sg__octal_run_t *run, const sg_value_t *G, uint64_t n,
                                   sg_value_t *value)
{
    const sg_octal_t *g = run->game;
    uint64_t vb = 64, a, b, m, h, v;
    unsigned char *s;
    unsigned i, top = n < g->t ? (unsigned)n : g->t;
    while (vb <= run->maxv) vb *= 2;
    if (vb > run->words) {
        if (vb > SIZE_MAX) return SG_ENOMEM;
        s = (unsigned char *)realloc(run->seen, (size_t)vb);
        if (s == NULL) return SG_ENOMEM;
        run->seen = s;
        run->words = (size_t)vb;
    }
    s = run->seen;
    memset(s, 0, (size_t)vb);
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
    *value = (sg_value_t)v;
    return SG_OK;
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
    unsigned i, top = n < g->t ? (unsigned)n : g->t;
    if (n >= run->s2cap) {
        size_t cap = run->s2cap ? run->s2cap * 2 : 1024;
        if (cap > SIZE_MAX / sizeof *s2) return SG_ENOMEM;
        s2 = (uint64_t *)realloc(run->s2, cap * sizeof *s2);
        if (s2 == NULL) return SG_ENOMEM;
        run->s2 = s2;
        run->s2cap = cap;
    }
    s2 = run->s2;
    for (a = 1; 2 * a <= n; a++) w |= (uint64_t)1 << (G[a] ^ G[n - a]);
    s2[n] = w;
    for (i = 0; i <= top; i++) {
        unsigned d = g->d[i];
        m = n - i;
        if ((d & 1) && n == i) set |= 1;
        if ((d & 2) && n > i) set |= (uint64_t)1 << G[m];
        if (d & 4) set |= s2[m];
        if (d & 8)
            for (a = 1; a + 2 <= m; a++) set |= sg__octal_xor_bits(s2[m - a], G[a]);
    }
    *value = ~set ? (sg_value_t)sg__ctz64(~set) : 64;
    return SG_OK;
}

static void sg__octal_bytes_off(sg__octal_run_t *run)
{
    if (!run->bytes) return;
    run->bytes = 0;
    free(run->f);
    free(run->r);
    run->f = run->r = NULL;
    run->bcap = 0;
}

/* After a failure in the sparse engine: it is rebuilt from the stored values next time. */
static int sg__octal_sparse_drop(sg__octal_run_t *run, int st)
{
    sg__octal_sparse_free(run->sparse);
    run->sparse = NULL;
    return st;
}

int sg__octal_run(sg__octal_run_t *run, sg_value_t *G, uint64_t upto)
{
    uint64_t n;
    sg_value_t v = 0;
    int st, g3 = run->game->parts == 3;
    if (run->bytes && (st = sg__octal_bytes_grow(run, upto)) != SG_OK) return st;
    for (n = run->n; n < upto; n++) {
        int how = 0;
        /* the sparse engine answers when it is the cheaper way (then how == 3) */
        if (run->game->parts == 2 && run->sparse_mode != SG__OCTAL_PLAIN &&
            n >= (run->sparse_mode == SG__OCTAL_SPARSE ? 1 : SG__OCTAL_SPARSE_FROM)) {
            if (run->sparse == NULL &&
                (st = sg__octal_sparse_create(&run->sparse, run->game, G, n)) != SG_OK)
                return st;
            how = sg__octal_sparse_value(run->sparse, n, run->bytes,
                                         run->sparse_mode == SG__OCTAL_SPARSE, &v);
            if (how < 0) return sg__octal_sparse_drop(run, how);
            how *= 3;
        }
        if (how == 0 && run->bytes) how = sg__octal_value_bytes(run, G, n, run->skip > 0, &v);
        /* after a value whose tests were too costly, build the set directly for a while */
        if (run->skip > 0) run->skip--;
        else if (how == 2) run->skip = SG__OCTAL_SKIP;
        if (how == 0 && run->maxv < 64 && g3) {
            if ((st = sg__octal_value_small3(run, G, n, &v)) != SG_OK) return st;
        } else if (how == 0) {
            sg__octal_bytes_off(run);   /* a value of 256 or more: the byte path is over */
            if ((st = sg__octal_value_general(run, G, n, &v)) != SG_OK) return st;
        } else if (v > 255) {
            sg__octal_bytes_off(run);
        }
        G[n] = v;
        if (run->sparse != NULL && (st = sg__octal_sparse_push(run->sparse, n, v)) != SG_OK)
            return sg__octal_sparse_drop(run, st);
        if (run->bytes) {
            run->f[n] = (unsigned char)v;
            run->r[run->bcap - 1 - (size_t)n] = (unsigned char)v;
        }
        if (v > run->maxv) {
            run->maxv = v;
            run->max_at = n;
        }
        run->n = n + 1;
    }
    return SG_OK;
}

int sg__octal_run_resume(sg__octal_run_t *run, const sg_value_t *G, uint64_t n)
{
    uint64_t k, a, w;
    int st;
    for (k = 0; k < n; k++)
        if (G[k] > run->maxv) {
            run->maxv = G[k];
            run->max_at = k;
        }
    if (run->bytes && run->maxv > 255) run->bytes = 0;
    if (run->bytes) {
        if ((st = sg__octal_bytes_grow(run, n)) != SG_OK) return st;
        for (k = 0; k < n; k++) {
            run->f[k] = (unsigned char)G[k];
            run->r[run->bcap - 1 - (size_t)k] = (unsigned char)G[k];
        }
    }
    if (run->game->parts == 3 && run->maxv < 64 && n > 0) {
        /* the two-part split sets of sg__octal_value_small3, for every k < n */
        size_t cap = n < 1024 ? 1024 : (size_t)n;
        if (n > SIZE_MAX / sizeof *run->s2) return SG_ENOMEM;
        if ((run->s2 = (uint64_t *)malloc(cap * sizeof *run->s2)) == NULL) return SG_ENOMEM;
        run->s2cap = cap;
        for (k = 0; k < n; k++) {
            for (w = 0, a = 1; 2 * a <= k; a++) w |= (uint64_t)1 << (G[a] ^ G[k - a]);
            run->s2[k] = w;
        }
    }
    run->n = n;
    return SG_OK;
}

int sg_octal_table(const sg_octal_t *game, sg_value_t *table, uint64_t count)
{
    sg__octal_run_t run;
    uint64_t N = 0, n0, q, end, pre, per, n, len;
    int st = SG_OK;
    if (game == NULL || (table == NULL && count > 0)) return SG_EINVAL;
    sg__octal_run_init(&run, game);
    while (N < count) {
        uint64_t upto = sg__octal_next_check(N);
        if (upto > count) upto = count;
        if ((st = sg__octal_run(&run, table, upto)) != SG_OK) break;
        N = upto;
        if (N < count && sg__octal_find_proof(game, table, N, &n0, &q, &end)) {
            sg__octal_least(table, n0, q, &pre, &per);
            /* [pre, N) repeats with period per: copy whole periods, doubling each time */
            for (n = N; n < count; n += len) {
                uint64_t back = (n - pre) / per * per;   /* whole periods: table[n - back] */
                len = back < count - n ? back : count - n;
                memcpy(table + n, table + n - back, (size_t)len * sizeof *table);
            }
            break;
        }
    }
    sg__octal_run_release(&run);
    return st;
}
