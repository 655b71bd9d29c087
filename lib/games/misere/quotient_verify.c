#include "../../common/sg_internal.h"
#include "quotient.h"

/* The proof that a candidate is the misere quotient of the heaps 1..n.
 *
 * 1. Heaps commute: delta(delta(s, i), j) = delta(delta(s, j), i) for every state and pair of
 *    columns. Then phi(sum) = the state reached by adding its heaps in any order is a monoid
 *    homomorphism onto the states, with s * t = the state reached from s by acc(t).
 * 2. The outcome rule holds for every sum X of heaps: phi(X) is a P-state exactly when X is not
 *    empty and no option of X has a P-state. An option replaces one heap h of X by a move's
 *    parts, so its state is phi(X - h) * phi(parts); which of these are P depends only on
 *    phi(X) and, for each heap type (its state and the set of its options' states), on
 *    phi(X - h) for a heap h of that type in X. Heaps of one state give one phi(X - h) (the
 *    product does not see which of them is left out), so the signature keeps, per state g of
 *    the heaps in X, that one phi(X - h) and the set of y for which y * (an option's state of
 *    a type of state g present in X) is P: the union of the present types' rows, interned.
 *    That signature moves by a fixed rule when a heap is added, so a search over the finitely
 *    many reachable signatures checks every sum. (A signature per type instead would double
 *    with every type the heaps add: 0.716 at heap 23 has 18 types in 7 states.)
 * By induction on the game (an option is a simpler game), 2 makes phi(X) a P-state exactly
 * when X is a P-position; with 1, G and H are indistinguishable exactly when phi(G) and phi(H)
 * are (Plambeck and Siegel, arXiv math/0609825, section 3: a surjective homomorphism onto a
 * bipartite monoid that respects outcomes factors the quotient); the states are pairwise told
 * apart by exact outcomes, so the candidate is the quotient itself. A failure gives a sum whose
 * predicted outcome is wrong, and the learner grows. */

static uint32_t sg__qt_step(const sg_misere_quotient_t *q, uint32_t s, uint32_t heap)
{
    uint32_t j = q->gidx[heap];
    return j == SG__QT_NONE ? s : q->delta[(size_t)s * q->gc + j];
}

/* ---- 1. commuting heaps ------------------------------------------------------------- */

static int sg__qt_commute(sg_misere_quotient_t *q)
{
    size_t s, i, j, w, pos, len;
    uint32_t *acc, *z;
    int st, f0;
    void *p = NULL;
    size_t cap = 0;
    for (s = 0; s < q->nq; s++)
        for (i = 0; i < q->ngen; i++)
            for (j = i + 1; j < q->ngen; j++) {
                uint32_t a = q->delta[s * q->gc + i], b = q->delta[s * q->gc + j];
                uint32_t s1 = q->delta[(size_t)a * q->gc + j];
                uint32_t s2 = q->delta[(size_t)b * q->gc + i];
                const sg__qt_test_t *t;
                if (s1 == s2) continue;
                for (w = 0; q->row[s1 * q->rc + w] == q->row[s2 * q->rc + w]; w++) {}
                t = &q->tests[w];
                if ((st = sg__qt_acc(q, (uint32_t)s, &acc, &len)) != SG_OK) return st;
                if ((st = sg__mem_grow(&q->mem, &p, &cap, len + 2 + t->len, 0,
                                       sizeof(uint32_t))) != SG_OK)
                    return st;
                z = (uint32_t *)p;
                memcpy(z, acc, len * sizeof(uint32_t));
                z[len] = q->gen[i];
                z[len + 1] = q->gen[j];
                if (t->len) memcpy(z + len + 2, q->tpool + t->off, t->len * sizeof(uint32_t));
                pos = len + 2;
                st = sg__qt_truth(q, z, pos + t->len, NULL, 0, &f0);
                if (st == SG_OK && f0 == q->row[s1 * q->rc + w]) {
                    /* the other order: its end differs from the truth */
                    z[len] = q->gen[j];
                    z[len + 1] = q->gen[i];
                }
                if (st == SG_OK) st = sg__qt_refine(q, z, pos + t->len, 0, pos);
                sg__mem_free(&q->mem, p, cap * sizeof(uint32_t));
                return st == SG_OK ? 1 : st;
            }
    return SG_OK;
}

/* ---- 2. the outcome rule on every signature ----------------------------------------- */

typedef struct {
    sg_misere_quotient_t *q;
    uint32_t *img;
    size_t nimg, cap;
    uint32_t base;          /* the state the parts are added to */
} sg__qt_collect_t;

static int sg__qt_collect(void *user, const uint32_t *parts, unsigned k)
{
    sg__qt_collect_t *c = (sg__qt_collect_t *)user;
    uint32_t s = c->base;
    unsigned i;
    void *p = c->img;
    int st;
    for (i = 0; i < k; i++) s = sg__qt_step(c->q, s, parts[i]);
    if (c->nimg + 1 > c->cap &&
        (st = sg__mem_grow(&c->q->mem, &p, &c->cap, c->nimg + 1, c->nimg, sizeof(uint32_t))))
        return st;
    c->img = (uint32_t *)p;
    c->img[c->nimg++] = s;
    return SG_OK;
}

/* sorted, without repeats: the count left */
static size_t sg__qt_uniq(uint32_t *a, size_t n)
{
    size_t i, j, m = 0;
    for (i = 1; i < n; i++) {
        uint32_t x = a[i];
        for (j = i; j > 0 && a[j - 1] > x; j--) a[j] = a[j - 1];
        a[j] = x;
    }
    for (i = 0; i < n; i++)
        if (i == 0 || a[i] != a[m - 1]) a[m++] = a[i];
    return m;
}

typedef struct {
    uint32_t k;             /* types */
    uint32_t *rep;          /* a heap of each type */
    unsigned char *nbit;    /* nbit[t * nq + y]: y * (an option's state of type t) is P */
    uint32_t ng;            /* the states of the types: groups */
    uint32_t *grp;          /* grp[t]: the group of type t */
    unsigned char *rows;    /* rows[r * nq + y]: unions of nbit rows; row 0 is empty */
    size_t nrows, rowcap;
    uint32_t *umemo;        /* umemo[r * k + t]: the row of rows[r] | nbit row t, or NONE */
    size_t umcap;
    uint32_t *sig;          /* signatures, 2 ng + 1 words each: state, then per group phi(X - h)
                               (NONE: no heap of the group in X) and its row */
    size_t nsig, sigcap;
    uint32_t *link;         /* per signature: the one it was reached from, and the type */
    size_t lcap;
    sg__ids_t index;        /* the signatures by their words */
} sg__qt_sigs_t;

/* *out = the row of rows[r] | nbit row t, interned (few rows: the memo answers again) */
static int sg__qt_union(sg_misere_quotient_t *q, sg__qt_sigs_t *g, uint32_t r, uint32_t t,
                        uint32_t *out)
{
    size_t nq = q->nq, i, n = g->nrows;
    unsigned char *nr;
    void *p;
    int st;
    if (g->umemo[(size_t)r * g->k + t] != SG__QT_NONE) {
        *out = g->umemo[(size_t)r * g->k + t];
        return SG_OK;
    }
    if (n + 1 > SIZE_MAX / (nq ? nq : 1) || (n + 1) * g->k > SIZE_MAX / sizeof(uint32_t))
        return SG_ENOMEM;
    p = g->rows;
    if ((n + 1) * nq > g->rowcap &&
        (st = sg__mem_grow(&q->mem, &p, &g->rowcap, (n + 1) * nq, n * nq, 1)) != SG_OK)
        return st;
    g->rows = (unsigned char *)p;
    nr = g->rows + n * nq;
    for (i = 0; i < nq; i++) nr[i] = g->rows[(size_t)r * nq + i] | g->nbit[(size_t)t * nq + i];
    for (i = 0; i < n && memcmp(g->rows + i * nq, nr, nq) != 0; i++) {}
    if (i == n) {
        if (n >= 0xFFFFFFF0u) return SG_ERANGE;
        p = g->umemo;
        if ((n + 1) * g->k > g->umcap &&
            (st = sg__mem_grow(&q->mem, &p, &g->umcap, (n + 1) * g->k, n * g->k,
                               sizeof(uint32_t))) != SG_OK)
            return st;
        g->umemo = (uint32_t *)p;
        memset(g->umemo + n * g->k, 0xFF, g->k * sizeof(uint32_t));
        g->nrows++;
    }
    g->umemo[(size_t)r * g->k + t] = (uint32_t)i;
    *out = (uint32_t)i;
    return SG_OK;
}

/* the words of a signature: its state, then per group phi(X - h) and its row */
static size_t sg__qt_sigwords(const sg__qt_sigs_t *g) { return 2 * (size_t)g->ng + 1; }

static uint64_t sg__qt_sighash(const void *ctx, uint32_t i)
{
    const sg__qt_sigs_t *g = (const sg__qt_sigs_t *)ctx;
    size_t w = sg__qt_sigwords(g);
    return sg__ids_hash_words(w, g->sig + i * w, w);
}

static int sg__qt_sigsame(const void *ctx, uint32_t i, const void *s)
{
    const sg__qt_sigs_t *g = (const sg__qt_sigs_t *)ctx;
    size_t w = sg__qt_sigwords(g);
    return memcmp(g->sig + i * w, s, w * sizeof(uint32_t)) == 0;
}

/* 1 added (index in *at), 0 present, < 0 status */
static int sg__qt_sig_add(sg_misere_quotient_t *q, sg__qt_sigs_t *g, const uint32_t *s,
                          uint32_t from, uint32_t via)
{
    size_t w = sg__qt_sigwords(g);
    uint64_t hash = sg__ids_hash_words(w, s, w);
    void *p;
    int st;
    if (sg__ids_find(&g->index, hash, sg__qt_sigsame, g, s) != SG__IDS_NONE) return 0;
    if (g->nsig >= q->max_sigs || g->nsig >= 0xFFFFFFF0u) return SG_ERANGE;
    if (g->nsig > SIZE_MAX / w / sizeof(uint32_t) - 1) return SG_ENOMEM;
    if ((st = sg__ids_reserve(&g->index, &q->mem, g->nsig, 1024, sg__qt_sighash, g)) != SG_OK)
        return st;
    p = g->sig;
    if ((g->nsig + 1) * w > g->sigcap &&
        (st = sg__mem_grow(&q->mem, &p, &g->sigcap, (g->nsig + 1) * w, g->nsig * w,
                           sizeof(uint32_t))) != SG_OK)
        return st;
    g->sig = (uint32_t *)p;
    p = g->link;
    if (2 * g->nsig + 2 > g->lcap &&
        (st = sg__mem_grow(&q->mem, &p, &g->lcap, 2 * g->nsig + 2, 2 * g->nsig,
                           sizeof(uint32_t))) != SG_OK)
        return st;
    g->link = (uint32_t *)p;
    memcpy(g->sig + g->nsig * w, s, w * sizeof(uint32_t));
    g->link[2 * g->nsig] = from;
    g->link[2 * g->nsig + 1] = via;
    sg__ids_put(&g->index, hash, (uint32_t)g->nsig);
    g->nsig++;
    return 1;
}

/* The sum that reached signature i, as heaps. */
static int sg__qt_sig_sum(sg_misere_quotient_t *q, const sg__qt_sigs_t *g, uint32_t i,
                          uint32_t **out, size_t *len, size_t *cap)
{
    size_t n = 0;
    uint32_t t;
    void *p = *out;
    int st;
    for (t = i; t != 0; t = g->link[2 * t]) n++;
    if ((st = sg__mem_grow(&q->mem, &p, cap, n + 1, 0, sizeof(uint32_t))) != SG_OK) return st;
    *out = (uint32_t *)p;
    *len = n;
    for (t = i; t != 0; t = g->link[2 * t]) (*out)[--n] = g->rep[g->link[2 * t + 1]];
    return SG_OK;
}

typedef struct {
    sg_misere_quotient_t *q;
    const uint32_t *x;      /* the sum, with heap x[at] replaced by the parts */
    size_t len, at;
    uint32_t *o;
    size_t ocap;
    int found;
} sg__qt_bad_t;

/* an option of the sum whose predicted outcome is wrong: refine on it */
static int sg__qt_bad_option(void *user, const uint32_t *parts, unsigned k)
{
    sg__qt_bad_t *b = (sg__qt_bad_t *)user;
    sg_misere_quotient_t *q = b->q;
    size_t i, n = 0;
    uint32_t s = 0;
    void *p = b->o;
    int st, truth;
    if (b->found) return SG_OK;
    if (b->len + 3 > b->ocap &&
        (st = sg__mem_grow(&q->mem, &p, &b->ocap, b->len + 3, 0, sizeof(uint32_t))) != SG_OK)
        return st;
    b->o = (uint32_t *)p;
    for (i = 0; i < b->len; i++)
        if (i != b->at) b->o[n++] = b->x[i];
    for (i = 0; i < k; i++) b->o[n++] = parts[i];
    for (i = 0; i < n; i++) s = sg__qt_step(q, s, b->o[i]);
    if ((st = sg__qt_truth(q, b->o, n, NULL, 0, &truth)) != SG_OK) return st;
    if (truth == q->isp[s]) return SG_OK;
    b->found = 1;
    return sg__qt_refine(q, b->o, n, 0, n);
}

static int sg__qt_counter(sg_misere_quotient_t *q, const uint32_t *x, size_t len, uint32_t s)
{
    sg__qt_bad_t b;
    int st, truth;
    size_t i;
    if ((st = sg__qt_truth(q, x, len, NULL, 0, &truth)) != SG_OK) return st;
    if (truth != q->isp[s]) return sg__qt_refine(q, x, len, 0, len);
    memset(&b, 0, sizeof b);
    b.q = q;
    b.x = x;
    b.len = len;
    st = SG_OK;
    for (i = 0; i < len && st == SG_OK && !b.found; i++) {
        b.at = i;
        st = sg__qt_moves(q, x[i], sg__qt_bad_option, &b);
    }
    sg__mem_free(&q->mem, b.o, b.ocap * sizeof(uint32_t));
    if (st == SG_OK && !b.found) st = SG_EINVAL;   /* the rule failed, yet no wrong option */
    return st;
}

static void sg__qt_sigs_free(sg_misere_quotient_t *q, sg__qt_sigs_t *g)
{
    sg__mem_free(&q->mem, g->rep, g->rep ? (q->ngen + 1) * sizeof(uint32_t) : 0);
    sg__mem_free(&q->mem, g->nbit, g->nbit ? q->ngen * q->nq + 1 : 0);
    sg__mem_free(&q->mem, g->grp, g->grp ? (q->ngen + 1) * sizeof(uint32_t) : 0);
    sg__mem_free(&q->mem, g->rows, g->rowcap);
    sg__mem_free(&q->mem, g->umemo, g->umcap * sizeof(uint32_t));
    sg__mem_free(&q->mem, g->sig, g->sigcap * sizeof(uint32_t));
    sg__mem_free(&q->mem, g->link, g->lcap * sizeof(uint32_t));
    sg__ids_free(&g->index, &q->mem);
}

/* Heap types and nbit. */
static int sg__qt_types(sg_misere_quotient_t *q, sg__qt_sigs_t *g)
{
    sg__qt_collect_t c;
    uint32_t *toff = NULL, *tn = NULL, *tg = NULL, *all = NULL;
    size_t allcap = 0, nall = 0, j, t, y, i, tcap = 0, tcap2 = 0, tcap3 = 0;
    void *p;
    int st = SG_OK;
    memset(&c, 0, sizeof c);
    c.q = q;
    if (q->nq != 0 && q->ngen > (SIZE_MAX - 1) / q->nq) return SG_ENOMEM;
    g->rep = (uint32_t *)sg__mem_alloc(&q->mem, (q->ngen + 1) * sizeof(uint32_t));
    g->grp = (uint32_t *)sg__mem_alloc(&q->mem, (q->ngen + 1) * sizeof(uint32_t));
    g->nbit = (unsigned char *)sg__mem_alloc(&q->mem, q->ngen * q->nq + 1);
    if (g->rep == NULL || g->grp == NULL || g->nbit == NULL) return SG_ENOMEM;
    p = NULL;
    if ((st = sg__mem_grow(&q->mem, &p, &tcap, q->ngen + 1, 0, sizeof(uint32_t)))) goto done;
    toff = (uint32_t *)p;
    p = NULL;
    if ((st = sg__mem_grow(&q->mem, &p, &tcap2, q->ngen + 1, 0, sizeof(uint32_t)))) goto done;
    tn = (uint32_t *)p;
    p = NULL;
    if ((st = sg__mem_grow(&q->mem, &p, &tcap3, q->ngen + 1, 0, sizeof(uint32_t)))) goto done;
    tg = (uint32_t *)p;
    g->k = 0;
    for (j = 0; j < q->ngen; j++) {
        uint32_t h = q->gen[j], gs = q->delta[j];
        c.nimg = 0;
        c.base = 0;
        if ((st = sg__qt_moves(q, h, sg__qt_collect, &c)) != SG_OK) goto done;
        c.nimg = sg__qt_uniq(c.img, c.nimg);
        for (t = 0; t < g->k; t++)
            if (tg[t] == gs && tn[t] == c.nimg &&
                memcmp(all + toff[t], c.img, c.nimg * sizeof(uint32_t)) == 0)
                break;
        if (t < g->k) continue;
        p = all;
        if (nall + c.nimg + 1 > allcap &&
            (st = sg__mem_grow(&q->mem, &p, &allcap, nall + c.nimg + 1, nall,
                               sizeof(uint32_t))) != SG_OK)
            goto done;
        all = (uint32_t *)p;
        memcpy(all + nall, c.img, c.nimg * sizeof(uint32_t));
        toff[g->k] = (uint32_t)nall;
        tn[g->k] = (uint32_t)c.nimg;
        tg[g->k] = gs;
        g->rep[g->k++] = h;
        nall += c.nimg;
    }
    /* nbit: y times an option's state, P? The products through acc of the option's state. */
    for (t = 0; t < g->k; t++)
        for (y = 0; y < q->nq; y++) {
            unsigned char bit = 0;
            for (i = 0; i < tn[t] && !bit; i++) {
                uint32_t *acc, s = (uint32_t)y;
                size_t len, k2;
                if ((st = sg__qt_acc(q, all[toff[t] + i], &acc, &len)) != SG_OK) goto done;
                for (k2 = 0; k2 < len; k2++) s = sg__qt_step(q, s, acc[k2]);
                bit = q->isp[s];
            }
            g->nbit[t * q->nq + y] = bit;
        }
    /* the groups: one per state of the types */
    g->ng = 0;
    for (t = 0; t < g->k; t++) {
        for (i = 0; i < t && tg[i] != tg[t]; i++) {}
        g->grp[t] = i < t ? g->grp[i] : g->ng++;
    }
    /* row 0, the empty union */
    p = NULL;
    if (q->nq > SIZE_MAX / sizeof(uint32_t) ||
        (st = sg__mem_grow(&q->mem, &p, &g->rowcap, q->nq ? q->nq : 1, 0, 1)) != SG_OK)
        goto done;
    g->rows = (unsigned char *)p;
    memset(g->rows, 0, q->nq);
    p = NULL;
    if ((st = sg__mem_grow(&q->mem, &p, &g->umcap, g->k + 1, 0, sizeof(uint32_t))) != SG_OK)
        goto done;
    g->umemo = (uint32_t *)p;
    memset(g->umemo, 0xFF, g->k * sizeof(uint32_t));
    g->nrows = 1;
done:
    sg__mem_free(&q->mem, c.img, c.cap * sizeof(uint32_t));
    sg__mem_free(&q->mem, all, allcap * sizeof(uint32_t));
    sg__mem_free(&q->mem, toff, tcap * sizeof(uint32_t));
    sg__mem_free(&q->mem, tn, tcap2 * sizeof(uint32_t));
    sg__mem_free(&q->mem, tg, tcap3 * sizeof(uint32_t));
    return st;
}

static int sg__qt_rule(sg_misere_quotient_t *q)
{
    sg__qt_sigs_t g;
    uint32_t *cur = NULL, *x = NULL;
    size_t w, i, t, ccap = 0, xcap = 0, xlen;
    void *p = NULL;
    int st;
    memset(&g, 0, sizeof g);
    if ((st = sg__qt_types(q, &g)) != SG_OK) goto done;
    w = sg__qt_sigwords(&g);
    if ((st = sg__mem_grow(&q->mem, &p, &ccap, w, 0, sizeof(uint32_t))) != SG_OK) goto done;
    cur = (uint32_t *)p;
    cur[0] = 0;
    for (t = 0; t < g.ng; t++) {
        cur[2 * t + 1] = SG__QT_NONE;
        cur[2 * t + 2] = 0;
    }
    if ((st = sg__qt_sig_add(q, &g, cur, 0, 0)) < 0) goto done;
    st = SG_OK;
    for (i = 0; i < g.nsig && st == SG_OK; i++) {
        const uint32_t *s = g.sig + i * w;
        int nonempty = 0, opt_p = 0;
        for (t = 0; t < g.ng; t++)
            if (s[2 * t + 1] != SG__QT_NONE) {
                nonempty = 1;
                opt_p |= g.rows[(size_t)s[2 * t + 2] * q->nq + s[2 * t + 1]];
            }
        if ((int)q->isp[s[0]] != (nonempty && !opt_p)) {
            if ((st = sg__qt_sig_sum(q, &g, (uint32_t)i, &x, &xlen, &xcap)) != SG_OK) break;
            st = sg__qt_counter(q, x, xlen, s[0]);
            if (st == SG_OK) st = 1;
            break;
        }
        for (t = 0; t < g.k && st == SG_OK; t++) {
            size_t u, gt = g.grp[t];
            uint32_t r;
            s = g.sig + i * w;   /* sig may move when it grows */
            if ((st = sg__qt_union(q, &g, s[2 * gt + 2], (uint32_t)t, &r)) != SG_OK) break;
            s = g.sig + i * w;
            cur[0] = sg__qt_step(q, s[0], g.rep[t]);
            for (u = 0; u < g.ng; u++) {
                cur[2 * u + 1] = s[2 * u + 1] == SG__QT_NONE
                                     ? SG__QT_NONE : sg__qt_step(q, s[2 * u + 1], g.rep[t]);
                cur[2 * u + 2] = s[2 * u + 2];
            }
            cur[2 * gt + 1] = s[0];
            cur[2 * gt + 2] = r;
            if ((st = sg__qt_sig_add(q, &g, cur, (uint32_t)i, (uint32_t)t)) > 0) st = SG_OK;
        }
    }
done:
    sg__mem_free(&q->mem, cur, ccap * sizeof(uint32_t));
    sg__mem_free(&q->mem, x, xcap * sizeof(uint32_t));
    sg__qt_sigs_free(q, &g);
    return st;
}

int sg__qt_verify(sg_misere_quotient_t *q)
{
    int st = sg__qt_commute(q);
    if (st != SG_OK) return st;
    return sg__qt_rule(q);
}
