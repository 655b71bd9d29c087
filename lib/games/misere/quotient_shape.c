#include "../../common/sg_internal.h"
#include "quotient.h"

/* The shape of a proven quotient: its multiplication table, |P|, a presentation, tameness.
 *
 * Presentation: the generators are the images of the heaps, in heap order, that the earlier
 * ones do not generate (as MisereSolver names them a, b, c, ...). Exponent vectors are ordered
 * by degree, then by the exponent of the last generator, then of the one before, ...: a
 * monomial order, so the least vector of each element (its normal form) makes a set closed
 * under taking smaller vectors, and the vectors that are not normal forms but whose every
 * divisor is form a finite antichain. Each of those, set equal to its element's normal form,
 * is a relation; together they rewrite any vector to its normal form (every rewrite makes the
 * vector smaller in the order), so they present the monoid.
 *
 * Tameness: the tame quotient T_m of misere Nim with heaps whose nim-values span (Z/2)^(m+1)
 * (Plambeck and Siegel, arXiv math/0609825, section 4; T_0 = {1, a}, a^2 = 1, P = {a}) is
 * {1, a} and an elementary abelian 2-group G of order 2^(m+1) whose identity e is idempotent,
 * a^2 = 1, P = {a, e}. Any bipartite monoid of that form is T_m: a acts on G as a translation
 * by a * e, which can be taken as a basis vector. */

static int sg__qt_grow(sg_misere_quotient_t *q, void **p, size_t *cap, size_t need, size_t keep,
                       size_t elem)
{
    if (need <= *cap) return SG_OK;
    return sg__mem_grow(&q->mem, p, cap, need, keep, elem);
}

static int sg__qt_put(sg_misere_quotient_t *q, const char *s)
{
    size_t n = strlen(s);
    void *p = q->text;
    int st;
    if ((st = sg__qt_grow(q, &p, &q->textcap, q->textlen + n + 1, q->textlen, 1)) != SG_OK)
        return st;
    q->text = (char *)p;
    memcpy(q->text + q->textlen, s, n + 1);
    q->textlen += n;
    return SG_OK;
}

static void sg__qt_gname(uint32_t i, char *buf)
{
    if (i < 26) {
        buf[0] = (char)('a' + i);
        buf[1] = '\0';
    } else {
        unsigned long v = i + 1;
        char d[16];
        size_t k = 0, n = 1;
        buf[0] = 'x';
        do {
            d[k++] = (char)('0' + v % 10);
            v /= 10;
        } while (v);
        while (k) buf[n++] = d[--k];
        buf[n] = '\0';
    }
}

static int sg__qt_monomial(const sg_misere_quotient_t *q, const uint16_t *v, char *buf,
                           size_t size)
{
    char tmp[64], one[24];
    size_t n = 0;
    uint32_t i;
    if (size == 0) return SG_ERANGE;
    buf[0] = '\0';
    for (i = 0; i < q->r; i++) {
        size_t k;
        if (v[i] == 0) continue;
        sg__qt_gname(i, tmp);
        k = strlen(tmp);
        if (v[i] > 1) {
            unsigned e = v[i];
            char d[8];
            size_t m = 0;
            tmp[k++] = '^';
            do {
                d[m++] = (char)('0' + e % 10);
                e /= 10;
            } while (e);
            while (m) tmp[k++] = d[--m];
            tmp[k] = '\0';
        }
        if (n + k + 1 > size) return SG_ERANGE;
        memcpy(buf + n, tmp, k + 1);
        n += k;
    }
    if (n == 0) {
        strcpy(one, "1");
        if (size < 2) return SG_ERANGE;
        memcpy(buf, one, 2);
    }
    return SG_OK;
}

int sg__qt_name(const sg_misere_quotient_t *q, uint32_t e, char *buf, size_t size)
{
    if (e >= q->nq || q->nfv == NULL) return SG_EINVAL;
    return sg__qt_monomial(q, q->nfv + (size_t)e * q->r, buf, size);
}

/* 1: a before b in the monomial order */
static int sg__qt_before(const uint16_t *a, const uint16_t *b, uint32_t r)
{
    uint32_t i;
    unsigned da = 0, db = 0;
    for (i = 0; i < r; i++) {
        da += a[i];
        db += b[i];
    }
    if (da != db) return da < db;
    for (i = r; i-- > 0;)
        if (a[i] != b[i]) return a[i] < b[i];
    return 0;
}

typedef struct {
    uint32_t elem;          /* element of the vector */
    uint32_t from;          /* index of the normal form it extends */
    uint32_t j;
} sg__qt_cand_t;

/* the index among the normal forms of vector v, or NONE */
static uint32_t sg__qt_nf_find(const sg_misere_quotient_t *q, const uint16_t *nfs, size_t nn,
                               const uint16_t *v)
{
    size_t i;
    for (i = 0; i < nn; i++)
        if (memcmp(nfs + i * q->r, v, q->r * sizeof(uint16_t)) == 0) return (uint32_t)i;
    return SG__QT_NONE;
}

static int sg__qt_present(sg_misere_quotient_t *q)
{
    uint16_t *nfs = NULL, *v = NULL;          /* normal forms in order found */
    uint32_t *nfe = NULL;                     /* their elements */
    unsigned char *has = NULL;
    sg__qt_cand_t *cand = NULL;
    size_t nn = 0, lo = 0, hi, ncand, i, j, ccap = 0, ncap = 0, ecap = 0, vcap = 0;
    size_t r = q->r;
    char buf[256], gn[16];
    void *p;
    int st = SG_OK, first = 1;
    has = (unsigned char *)sg__mem_alloc(&q->mem, q->nq);
    if (has == NULL) return SG_ENOMEM;
    memset(has, 0, q->nq);
    p = NULL;
    if ((st = sg__mem_grow(&q->mem, &p, &ncap, r + 1, 0, sizeof(uint16_t)))) goto done;
    nfs = (uint16_t *)p;
    p = NULL;
    if ((st = sg__mem_grow(&q->mem, &p, &ecap, 1, 0, sizeof(uint32_t)))) goto done;
    nfe = (uint32_t *)p;
    p = NULL;
    if ((st = sg__mem_grow(&q->mem, &p, &vcap, r + 1, 0, sizeof(uint16_t)))) goto done;
    v = (uint16_t *)p;
    memset(nfs, 0, r * sizeof(uint16_t));
    nfe[0] = 0;
    has[0] = 1;
    nn = 1;
    q->textlen = 0;
    if ((st = sg__qt_put(q, "<")) != SG_OK) goto done;
    for (i = 0; i < r; i++) {
        sg__qt_gname((uint32_t)i, gn);
        if ((st = sg__qt_put(q, i ? ", " : "")) || (st = sg__qt_put(q, gn))) goto done;
    }
    if ((st = sg__qt_put(q, " |")) != SG_OK) goto done;
    while (lo < nn) {
        hi = nn;
        ncand = 0;
        for (i = lo; i < hi; i++) {
            size_t last = 0;
            for (j = 0; j < r; j++)
                if (nfs[i * r + j]) last = j;
            for (j = last; j < r; j++) {
                p = cand;
                if ((st = sg__qt_grow(q, &p, &ccap, ncand + 1, ncand, sizeof *cand))) goto done;
                cand = (sg__qt_cand_t *)p;
                cand[ncand].from = (uint32_t)i;
                cand[ncand].j = (uint32_t)j;
                cand[ncand].elem = q->mul[(size_t)nfe[i] * q->nq + q->phi[q->pheap[j]]];
                ncand++;
            }
        }
        /* in the monomial order (a selection sort: the candidates of one degree are few) */
        for (i = 0; i < ncand; i++) {
            size_t best = i, k;
            uint16_t a[64], b[64];
            for (k = i + 1; k < ncand && r <= 64; k++) {
                memcpy(a, nfs + cand[k].from * r, r * sizeof(uint16_t));
                a[cand[k].j]++;
                memcpy(b, nfs + cand[best].from * r, r * sizeof(uint16_t));
                b[cand[best].j]++;
                if (sg__qt_before(a, b, (uint32_t)r)) best = k;
            }
            if (best != i) {
                sg__qt_cand_t t = cand[i];
                cand[i] = cand[best];
                cand[best] = t;
            }
        }
        for (i = 0; i < ncand; i++) {
            int minimal = 1;
            memcpy(v, nfs + cand[i].from * r, r * sizeof(uint16_t));
            if (v[cand[i].j] == 0xFFFFu) {
                st = SG_ERANGE;
                goto done;
            }
            v[cand[i].j]++;
            for (j = 0; j < r && minimal; j++)
                if (v[j]) {
                    v[j]--;
                    minimal = sg__qt_nf_find(q, nfs, nn, v) != SG__QT_NONE;
                    v[j]++;
                }
            if (!minimal) continue;
            if (!has[cand[i].elem]) {
                p = nfs;
                if ((st = sg__qt_grow(q, &p, &ncap, (nn + 1) * r + 1, nn * r,
                                      sizeof(uint16_t))))
                    goto done;
                nfs = (uint16_t *)p;
                p = nfe;
                if ((st = sg__qt_grow(q, &p, &ecap, nn + 1, nn, sizeof(uint32_t)))) goto done;
                nfe = (uint32_t *)p;
                memcpy(nfs + nn * r, v, r * sizeof(uint16_t));
                nfe[nn++] = cand[i].elem;
                has[cand[i].elem] = 1;
                continue;
            }
            /* a relation: v = the normal form of its element */
            if ((st = sg__qt_put(q, first ? " " : ", ")) != SG_OK) goto done;
            first = 0;
            if ((st = sg__qt_monomial(q, v, buf, sizeof buf)) || (st = sg__qt_put(q, buf)) ||
                (st = sg__qt_put(q, " = ")))
                goto done;
            for (j = 0; j < nn && nfe[j] != cand[i].elem; j++) {}
            if ((st = sg__qt_monomial(q, nfs + j * r, buf, sizeof buf)) ||
                (st = sg__qt_put(q, buf)))
                goto done;
        }
        lo = hi;
    }
    if ((st = sg__qt_put(q, ">")) != SG_OK) goto done;
    if (nn != q->nq) {
        st = SG_EINVAL;   /* the generators must reach every element */
        goto done;
    }
    p = q->nfv;
    if ((st = sg__qt_grow(q, &p, &q->nfcap, q->nq * r + 1, 0, sizeof(uint16_t)))) goto done;
    q->nfv = (uint16_t *)p;
    for (i = 0; i < nn; i++) memcpy(q->nfv + (size_t)nfe[i] * r, nfs + i * r, r * sizeof(uint16_t));
done:
    sg__mem_free(&q->mem, has, q->nq);
    sg__mem_free(&q->mem, nfs, ncap * sizeof(uint16_t));
    sg__mem_free(&q->mem, nfe, ecap * sizeof(uint32_t));
    sg__mem_free(&q->mem, v, vcap * sizeof(uint16_t));
    sg__mem_free(&q->mem, cand, ccap * sizeof *cand);
    return st;
}

/* the generators: heaps whose image the earlier generators do not reach */
static int sg__qt_generators(sg_misere_quotient_t *q)
{
    unsigned char *in = (unsigned char *)sg__mem_alloc(&q->mem, q->nq);
    uint32_t *list = NULL;
    size_t nl = 0, lcap = 0, i, h;
    void *p;
    int st = SG_OK;
    if (in == NULL) return SG_ENOMEM;
    memset(in, 0, q->nq);
    in[0] = 1;
    p = NULL;
    if ((st = sg__mem_grow(&q->mem, &p, &lcap, q->nq, 0, sizeof(uint32_t))) != SG_OK) goto done;
    list = (uint32_t *)p;
    list[nl++] = 0;
    q->r = 0;
    for (h = 1; h <= q->n; h++) {
        uint32_t g = q->phi[h];
        if (in[g]) continue;
        p = q->pheap;
        if ((st = sg__qt_grow(q, &p, &q->phcap, q->r + 1, q->r, sizeof(uint32_t)))) goto done;
        q->pheap = (uint32_t *)p;
        q->pheap[q->r++] = (uint32_t)h;
        /* the submonoid grows: close it under every generator so far */
        for (i = 0; i < nl; i++) {
            uint32_t k;
            for (k = 0; k < q->r; k++) {
                uint32_t e = q->mul[(size_t)list[i] * q->nq + q->phi[q->pheap[k]]];
                if (!in[e]) {
                    in[e] = 1;
                    list[nl++] = e;
                }
            }
        }
    }
    if (q->r > 64) st = SG_ERANGE;   /* presentations of more generators are not written */
done:
    sg__mem_free(&q->mem, in, q->nq);
    sg__mem_free(&q->mem, list, lcap * sizeof(uint32_t));
    return st;
}

static int sg__qt_is_tame(const sg_misere_quotient_t *q)
{
    uint32_t a = SG__QT_NONE, e = SG__QT_NONE, x, y;
    size_t n = q->nq, g, m;
    const uint32_t *mul = q->mul;
    if (n == 2 && q->np == 1 && q->isp[1] && mul[n + 1] == 0) return 0;
    if (q->np != 2 || n < 4) return -1;
    for (x = 1; x < n; x++)
        if (q->isp[x]) {
            if (mul[(size_t)x * n + x] == 0) a = x;
            else e = x;
        }
    if (a == SG__QT_NONE || e == SG__QT_NONE || mul[(size_t)e * n + e] != e) return -1;
    g = n - 2;
    for (m = 0; ((size_t)2 << m) < g; m++) {}
    if (((size_t)2 << m) != g) return -1;
    for (x = 1; x < n; x++) {
        if (x == a) continue;
        if (mul[(size_t)x * n + x] != e || mul[(size_t)e * n + x] != x) return -1;
        for (y = 1; y < n; y++)
            if (y != a && (mul[(size_t)x * n + y] == 0 || mul[(size_t)x * n + y] == a)) return -1;
        if (mul[(size_t)a * n + x] == 0 || mul[(size_t)a * n + x] == a) return -1;
    }
    if (mul[(size_t)a * n + e] == e) return -1;
    return (int)m;
}

int sg__qt_shape(sg_misere_quotient_t *q)
{
    size_t a, b, k, len;
    uint32_t *acc;
    void *p = q->mul;
    int st;
    if (q->nq > SIZE_MAX / q->nq) return SG_ENOMEM;
    if ((st = sg__qt_grow(q, &p, &q->mulcap, q->nq * q->nq, 0, sizeof(uint32_t))) != SG_OK)
        return st;
    q->mul = (uint32_t *)p;
    for (b = 0; b < q->nq; b++) {
        if ((st = sg__qt_acc(q, (uint32_t)b, &acc, &len)) != SG_OK) return st;
        for (a = 0; a < q->nq; a++) {
            uint32_t s = (uint32_t)a;
            for (k = 0; k < len; k++) s = q->delta[(size_t)s * q->gc + q->gidx[acc[k]]];
            q->mul[a * q->nq + b] = s;
        }
    }
    q->np = 0;
    for (a = 0; a < q->nq; a++) q->np += q->isp[a];
    if ((st = sg__qt_generators(q)) != SG_OK) return st;
    if ((st = sg__qt_present(q)) != SG_OK) return st;
    q->tame = sg__qt_is_tame(q);
    return SG_OK;
}

void sg__qt_shape_free(sg_misere_quotient_t *q)
{
    sg__mem_free(&q->mem, q->mul, q->mulcap * sizeof(uint32_t));
    sg__mem_free(&q->mem, q->text, q->textcap);
    sg__mem_free(&q->mem, q->pheap, q->phcap * sizeof(uint32_t));
    sg__mem_free(&q->mem, q->nfv, q->nfcap * sizeof(uint16_t));
}
