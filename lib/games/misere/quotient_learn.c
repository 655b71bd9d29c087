#include "../../common/sg_internal.h"
#include "quotient.h"

/* The candidate quotient. A state is a sum of heaps, its access sum acc(q); two states differ
 * when some test sum T[w] added to each gives different exact misere outcomes, so distinct
 * states are distinct elements of the true quotient, never one element counted twice. Adding
 * heap gen[j] to acc(q) gives a sum whose row of outcomes names the state delta(q, j); a row
 * that no state has is a new state. A counterexample (a sum whose predicted outcome is wrong)
 * yields a new test sum by the breakpoint argument of Rivest and Schapire (Inference of finite
 * automata using homing sequences, 1993): along the sum's path some state's access sum, plus
 * the rest of the sum, changes outcome at one step; the rest after that step tells two sums
 * apart that had one row, so the count of states grows. It is bounded by the true order. */

static int sg__qt_room(sg_misere_quotient_t *q, void **p, size_t *cap, size_t need, size_t keep,
                       size_t elem)
{
    if (need <= *cap) return SG_OK;
    return sg__mem_grow(&q->mem, p, cap, need, keep, elem);
}

int sg__qt_acc(sg_misere_quotient_t *q, uint32_t s, uint32_t **out, size_t *len)
{
    size_t n = 0, i;
    uint32_t t = s;
    void *p = q->word;
    int st;
    while (t != 0) {
        n++;
        t = q->par[t];
    }
    if ((st = sg__qt_room(q, &p, &q->wordcap, n + 1, 0, sizeof(uint32_t))) != SG_OK) return st;
    q->word = (uint32_t *)p;
    i = n;
    for (t = s; t != 0; t = q->par[t]) q->word[--i] = q->via[t];
    *out = q->word;
    *len = n;
    return SG_OK;
}

int sg__qt_truth(sg_misere_quotient_t *q, const uint32_t *a, size_t na, const uint32_t *b,
                 size_t nb, int *isp)
{
    size_t i;
    int st, win, known;
    void *p = q->sum;
    if (na + nb < na) return SG_ENOMEM;
    if ((st = sg__qt_room(q, &p, &q->sumcap, na + nb + 1, 0, sizeof(uint64_t))) != SG_OK)
        return st;
    q->sum = (uint64_t *)p;
    for (i = 0; i < na; i++) q->sum[i] = a[i];
    for (i = 0; i < nb; i++) q->sum[na + i] = b[i];
    if ((st = sg__qt_outcome(q, q->sum, na + nb, &known, isp)) != SG_OK || known) return st;
    if ((st = sg_misere_octal_outcome(q->exact, q->sum, na + nb, &win)) != SG_OK) return st;
    *isp = !win;
    return SG_OK;
}

/* the row of state s */
static const unsigned char *sg__qt_row(const sg_misere_quotient_t *q, uint32_t s)
{
    return q->row + (size_t)s * q->rc;
}

static uint64_t sg__qt_row_hash(const void *ctx, uint32_t s)
{
    const sg_misere_quotient_t *q = (const sg_misere_quotient_t *)ctx;
    return sg__ids_hash_bytes(sg__qt_row(q, s), q->nt);
}

static int sg__qt_row_same(const void *ctx, uint32_t s, const void *r)
{
    const sg_misere_quotient_t *q = (const sg_misere_quotient_t *)ctx;
    return memcmp(sg__qt_row(q, s), r, q->nt) == 0;
}

static uint32_t sg__qt_lookup(const sg_misere_quotient_t *q, const unsigned char *r)
{
    uint64_t hash = sg__ids_hash_bytes(r, q->nt);
    return sg__ids_find(&q->rows, hash, sg__qt_row_same, q, r);
}

/* the rows of every state indexed again (the tests changed them) */
static int sg__qt_rehash(sg_misere_quotient_t *q)
{
    return sg__ids_rebuild(&q->rows, &q->mem, q->nq, 64, sg__qt_row_hash, q);
}

/* Room for nq states, ng columns and nt tests: the tables laid out again when a dimension
 * outgrows its capacity. All or nothing: on SG_ENOMEM the old tables stay as they were. */
static int sg__qt_layout(sg_misere_quotient_t *q, size_t nq, size_t ng, size_t nt)
{
    size_t qc = q->qc, gc = q->gc, rc = q->rc, s, j, rb, eb, db, k, bytes[8];
    void *fresh[8];
    unsigned char *row, *ext;
    uint32_t *delta;
    int ok = 1;
    if (nq <= qc && ng <= gc && nt <= rc) return SG_OK;
    while (qc < nq) qc = qc ? qc * 2 : 16;
    while (gc < ng) gc = gc ? gc * 2 : 8;
    while (rc < nt) rc = rc ? rc * 2 : 8;
    if (qc > SIZE_MAX / gc || qc * gc > SIZE_MAX / rc || qc * gc > SIZE_MAX / sizeof(uint32_t))
        return SG_ENOMEM;
    rb = qc * rc;
    eb = qc * gc * rc;
    db = qc * gc * sizeof(uint32_t);
    /* row, ext, delta; then par, via, done, isp when qc grows; gen when gc grows */
    bytes[0] = rb;
    bytes[1] = eb;
    bytes[2] = db;
    for (k = 3; k < 6; k++) bytes[k] = qc > q->qc ? qc * sizeof(uint32_t) : 0;
    bytes[6] = qc > q->qc ? qc : 0;
    bytes[7] = gc > q->gc ? gc * sizeof(uint32_t) : 0;
    for (k = 0; k < 8; k++) {
        fresh[k] = ok && bytes[k] ? sg__mem_alloc(&q->mem, bytes[k]) : NULL;
        if (bytes[k] && fresh[k] == NULL) ok = 0;
    }
    if (!ok) {
        for (k = 0; k < 8; k++) sg__mem_free(&q->mem, fresh[k], fresh[k] ? bytes[k] : 0);
        return SG_ENOMEM;
    }
    row = (unsigned char *)fresh[0];
    ext = (unsigned char *)fresh[1];
    delta = (uint32_t *)fresh[2];
    for (s = 0; s < q->nq; s++) {
        memcpy(row + s * rc, q->row + s * q->rc, q->nt);
        for (j = 0; j < q->ngen; j++) {
            memcpy(ext + (s * gc + j) * rc, q->ext + (s * q->gc + j) * q->rc, q->nt);
            delta[s * gc + j] = q->delta[s * q->gc + j];
        }
    }
    sg__mem_free(&q->mem, q->row, q->qc * q->rc);
    sg__mem_free(&q->mem, q->ext, q->qc * q->gc * q->rc);
    sg__mem_free(&q->mem, q->delta, q->qc * q->gc * sizeof(uint32_t));
    q->row = row;
    q->ext = ext;
    q->delta = delta;
    if (gc > q->gc) {
        if (q->ngen) memcpy(fresh[7], q->gen, q->ngen * sizeof(uint32_t));
        sg__mem_free(&q->mem, q->gen, q->gc * sizeof(uint32_t));
        q->gen = (uint32_t *)fresh[7];
    }
    if (qc > q->qc) {
        uint32_t **arr[3];
        arr[0] = &q->par;
        arr[1] = &q->via;
        arr[2] = &q->done;
        for (k = 0; k < 3; k++) {
            if (q->nq) memcpy(fresh[3 + k], *arr[k], q->nq * sizeof(uint32_t));
            sg__mem_free(&q->mem, *arr[k], q->qc * sizeof(uint32_t));
            *arr[k] = (uint32_t *)fresh[3 + k];
        }
        if (q->nq) memcpy(fresh[6], q->isp, q->nq);
        sg__mem_free(&q->mem, q->isp, q->qc);
        q->isp = (unsigned char *)fresh[6];
        q->qc = qc;
    }
    q->rc = rc;
    q->gc = gc;
    return SG_OK;
}

/* out[w] for w in [from, nt): acc + heap (if heap != NONE) + T[w] is P */
static int sg__qt_fill(sg_misere_quotient_t *q, uint32_t s, uint32_t heap, size_t from,
                       unsigned char *out)
{
    uint32_t *acc, *mine = NULL;
    size_t len, w, cap = 0;
    int st, isp;
    void *p = NULL;
    if ((st = sg__qt_acc(q, s, &acc, &len)) != SG_OK) return st;
    /* a copy: the truth query reuses no scratch of acc, but a later acc call would */
    if ((st = sg__mem_grow(&q->mem, &p, &cap, len + 1, 0, sizeof(uint32_t))) != SG_OK) return st;
    mine = (uint32_t *)p;
    memcpy(mine, acc, len * sizeof(uint32_t));
    if (heap != SG__QT_NONE) mine[len++] = heap;
    for (w = from; w < q->nt && st == SG_OK; w++) {
        const uint32_t *tw = q->tpool ? q->tpool + q->tests[w].off : NULL;
        st = sg__qt_truth(q, mine, len, tw, q->tests[w].len, &isp);
        out[w] = (unsigned char)isp;
    }
    sg__mem_free(&q->mem, mine, cap * sizeof(uint32_t));
    return st;
}

static int sg__qt_new_state(sg_misere_quotient_t *q, uint32_t par, uint32_t j, uint32_t *s)
{
    int st;
    if (q->nq >= q->max_order || q->nq >= 0xFFFFFFF0u) return SG_ERANGE;
    if ((st = sg__qt_layout(q, q->nq + 1, q->ngen, q->nt)) != SG_OK) return st;
    if ((st = sg__ids_reserve(&q->rows, &q->mem, q->nq, 64, sg__qt_row_hash, q)) != SG_OK)
        return st;
    *s = (uint32_t)q->nq;
    q->par[*s] = par;
    q->via[*s] = q->gen[j];
    q->done[*s] = 0;
    memcpy(q->row + (size_t)*s * q->rc, q->ext + ((size_t)par * q->gc + j) * q->rc, q->nt);
    q->isp[*s] = q->row[(size_t)*s * q->rc];
    q->nq++;
    sg__ids_put(&q->rows, sg__qt_row_hash(q, *s), *s);
    return SG_OK;
}

/* Room for n tests. */
static int sg__qt_test_room(sg_misere_quotient_t *q, size_t n)
{
    void *p = q->tests;
    int st;
    if ((st = sg__qt_room(q, &p, &q->tcap, n, q->nt, sizeof(sg__qt_test_t))) != SG_OK) return st;
    q->tests = (sg__qt_test_t *)p;
    return SG_OK;
}

/* Every state gets a transition for every column; new rows become new states. */
int sg__qt_close(sg_misere_quotient_t *q)
{
    size_t s;
    int st;
    if (q->nt == 0) {
        /* T[0]: the empty test sum, so that row[0] is the state's own outcome */
        if ((st = sg__qt_test_room(q, 1)) != SG_OK) return st;
        q->tests[0].off = 0;
        q->tests[0].len = 0;
        q->nt = 1;
    }
    if (q->nq == 0) {
        /* the empty sum */
        if ((st = sg__qt_layout(q, 1, q->ngen ? q->ngen : 1, q->nt)) != SG_OK) return st;
        q->par[0] = 0;
        q->via[0] = 0;
        q->done[0] = 0;
        if ((st = sg__qt_fill(q, 0, SG__QT_NONE, 0, q->row)) != SG_OK) return st;
        q->isp[0] = q->row[0];
        q->nq = 1;
        if ((st = sg__qt_rehash(q)) != SG_OK) return st;
    }
    for (s = 0; s < q->nq; s++) {
        while (q->done[s] < q->ngen) {
            uint32_t j = q->done[s], t;
            unsigned char *e = q->ext + (s * q->gc + j) * q->rc;
            if ((st = sg__qt_fill(q, (uint32_t)s, q->gen[j], 0, e)) != SG_OK) return st;
            t = sg__qt_lookup(q, e);
            if (t == SG__QT_NONE && (st = sg__qt_new_state(q, (uint32_t)s, j, &t)) != SG_OK)
                return st;
            q->delta[s * q->gc + j] = t;
            q->done[s]++;
        }
    }
    return SG_OK;
}

int sg__qt_add_heap(sg_misere_quotient_t *q, uint32_t heap)
{
    int st;
    if ((st = sg__qt_layout(q, q->nq ? q->nq : 1, q->ngen + 1, q->nt ? q->nt : 1)) != SG_OK)
        return st;
    q->gen[q->ngen++] = heap;
    return SG_OK;
}

/* A new test sum: the word's letters [from, len). Every row learns its outcome. */
static int sg__qt_add_test(sg_misere_quotient_t *q, const uint32_t *word, size_t from, size_t len)
{
    size_t k = len - from, s, j;
    void *p;
    int st;
    if ((st = sg__qt_layout(q, q->nq, q->ngen, q->nt + 1)) != SG_OK) return st;
    if ((st = sg__qt_test_room(q, q->nt + 1)) != SG_OK) return st;
    p = q->tpool;
    if ((st = sg__qt_room(q, &p, &q->tpcap, q->tpn + k + 1, q->tpn, sizeof(uint32_t))) != SG_OK)
        return st;
    q->tpool = (uint32_t *)p;
    memcpy(q->tpool + q->tpn, word + from, k * sizeof(uint32_t));
    q->tests[q->nt].off = q->tpn;
    q->tests[q->nt].len = (uint32_t)k;
    q->tpn += k;
    q->nt++;
    for (s = 0; s < q->nq; s++) {
        if ((st = sg__qt_fill(q, (uint32_t)s, SG__QT_NONE, q->nt - 1, q->row + s * q->rc)))
            return st;
        for (j = 0; j < q->done[s]; j++)
            if ((st = sg__qt_fill(q, (uint32_t)s, q->gen[j], q->nt - 1,
                                  q->ext + (s * q->gc + j) * q->rc)) != SG_OK)
                return st;
    }
    if ((st = sg__qt_rehash(q)) != SG_OK) return st;
    /* transitions whose row now differs from their state's: looked up again, or new */
    for (s = 0; s < q->nq; s++)
        for (j = 0; j < q->done[s]; j++) {
            const unsigned char *e = q->ext + (s * q->gc + j) * q->rc;
            uint32_t t = sg__qt_lookup(q, e);
            if (t == SG__QT_NONE &&
                (st = sg__qt_new_state(q, (uint32_t)s, (uint32_t)j, &t)) != SG_OK)
                return st;
            q->delta[s * q->gc + j] = t;
        }
    return SG_OK;
}

static uint32_t sg__qt_column(const sg_misere_quotient_t *q, uint32_t heap)
{
    return q->gidx[heap];
}

/* f(k): acc(state after word[0..k)) + word[k..len) is P */
static int sg__qt_f(sg_misere_quotient_t *q, const uint32_t *word, size_t len, size_t k, int *f)
{
    uint32_t s = 0, *acc;
    size_t i, n;
    int st;
    void *p = NULL;
    size_t cap = 0;
    for (i = 0; i < k; i++) s = q->delta[(size_t)s * q->gc + sg__qt_column(q, word[i])];
    if ((st = sg__qt_acc(q, s, &acc, &n)) != SG_OK) return st;
    if ((st = sg__mem_grow(&q->mem, &p, &cap, n + 1, 0, sizeof(uint32_t))) != SG_OK) return st;
    memcpy(p, acc, n * sizeof(uint32_t));
    st = sg__qt_truth(q, (uint32_t *)p, n, word + k, len - k, f);
    sg__mem_free(&q->mem, p, cap * sizeof(uint32_t));
    return st;
}

int sg__qt_refine(sg_misere_quotient_t *q, const uint32_t *word, size_t len, size_t lo,
                  size_t hi)
{
    int flo, fhi, fmid, st;
    uint32_t *copy;
    size_t cap = 0;
    void *p = NULL;
    if ((st = sg__mem_grow(&q->mem, &p, &cap, len + 1, 0, sizeof(uint32_t))) != SG_OK) return st;
    copy = (uint32_t *)p;
    memcpy(copy, word, len * sizeof(uint32_t));
    if ((st = sg__qt_f(q, copy, len, lo, &flo)) == SG_OK)
        st = sg__qt_f(q, copy, len, hi, &fhi);
    if (st == SG_OK && flo == fhi) st = SG_EINVAL;   /* not a counterexample: a defect */
    /* binary search keeps f(lo) != f(hi) */
    while (st == SG_OK && hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if ((st = sg__qt_f(q, copy, len, mid, &fmid)) != SG_OK) break;
        if (fmid != flo) hi = mid;
        else lo = mid;
    }
    /* acc(q_lo) + word[lo] and acc(q_hi) share a row, but T = word[hi..) tells them apart */
    if (st == SG_OK) st = sg__qt_add_test(q, copy, hi, len);
    sg__mem_free(&q->mem, copy, cap * sizeof(uint32_t));
    return st;
}

int sg__qt_adopt(sg_misere_quotient_t *q, size_t nq, size_t nt, size_t tpn)
{
    void *p;
    size_t s;
    int st;
    if (nq == 0 || nt == 0 || q->nq != 0 || q->nt != 0) return SG_EINVAL;
    if ((st = sg__qt_layout(q, nq, q->ngen ? q->ngen : 1, nt)) != SG_OK) return st;
    if ((st = sg__qt_test_room(q, nt)) != SG_OK) return st;
    p = q->tpool;
    if ((st = sg__qt_room(q, &p, &q->tpcap, tpn + 1, 0, sizeof(uint32_t))) != SG_OK) return st;
    q->tpool = (uint32_t *)p;
    for (s = 0; s < nq; s++) q->done[s] = (uint32_t)q->ngen;
    q->nq = nq;
    q->nt = nt;
    q->tpn = tpn;
    return SG_OK;
}

/* row[s][w] = the outcome of s times the state of T[w], read off the candidate (the proof
 * makes it the true outcome of acc(s) + T[w]); ext[s][j] is the row of delta(s, j), as the
 * learner keeps it once every state is closed. */
int sg__qt_rebuild(sg_misere_quotient_t *q)
{
    size_t s, w, i, j;
    int st;
    for (s = 0; s < q->nq; s++)
        for (w = 0; w < q->nt; w++) {
            uint32_t x = (uint32_t)s;
            const uint32_t *t = q->tpool + q->tests[w].off;
            for (i = 0; i < q->tests[w].len; i++)
                x = q->delta[(size_t)x * q->gc + q->gidx[t[i]]];
            q->row[s * q->rc + w] = q->isp[x];
        }
    for (s = 0; s < q->nq; s++)
        for (j = 0; j < q->ngen; j++)
            memcpy(q->ext + (s * q->gc + j) * q->rc,
                   q->row + (size_t)q->delta[s * q->gc + j] * q->rc, q->nt);
    if ((st = sg__qt_rehash(q)) != SG_OK) return st;
    /* the learner's invariant: the tests tell every two states apart */
    for (s = 0; s < q->nq; s++)
        if (sg__qt_lookup(q, q->row + s * q->rc) != s) return SG_EFORMAT;
    return SG_OK;
}

void sg__qt_learn_free(sg_misere_quotient_t *q)
{
    sg__mem_free(&q->mem, q->row, q->qc * q->rc);
    sg__mem_free(&q->mem, q->ext, q->qc * q->gc * q->rc);
    sg__mem_free(&q->mem, q->delta, q->qc * q->gc * sizeof(uint32_t));
    sg__mem_free(&q->mem, q->par, q->qc * sizeof(uint32_t));
    sg__mem_free(&q->mem, q->via, q->qc * sizeof(uint32_t));
    sg__mem_free(&q->mem, q->done, q->qc * sizeof(uint32_t));
    sg__mem_free(&q->mem, q->isp, q->qc);
    sg__ids_free(&q->rows, &q->mem);
    sg__mem_free(&q->mem, q->gen, q->gc * sizeof(uint32_t));
    sg__mem_free(&q->mem, q->tests, q->tcap * sizeof(sg__qt_test_t));
    sg__mem_free(&q->mem, q->tpool, q->tpcap * sizeof(uint32_t));
    sg__mem_free(&q->mem, q->sum, q->sumcap * sizeof(uint64_t));
    sg__mem_free(&q->mem, q->word, q->wordcap * sizeof(uint32_t));
}
