#include "../../common/sg_internal.h"
#include "quotient.h"

/* The misere quotient of a take-and-break game, heap by heap, and the period of its pretending
 * function.
 *
 * Periodicity (the quotient form of the Guy-Smith theorem; compare Plambeck and Siegel,
 * arXiv math/0609825, the periodicity theorem for quotients). Let Q be the quotient of heaps
 * 1..N, t the game's last non-zero digit, n1 = max(n0, 1), and phi(n + p) = phi(n) for every
 * n1 <= n <= N - p. Extend phi to every heap by phi(m) = phi(m - p) for m > N. If
 * N >= 2 n1 + 2p + t - 1 (moves leave at most two heaps; 3 n1 + 3p + t - 1 for three), every
 * heap m > N has the same state and the same set of options' states as m - p: a move leaving
 * m - r (r <= t) matches the one leaving m - p - r; a split of m - r has a part of at least
 * (m - r)/2 >= n1 + p, which loses p, and a split of m - p - r has a part of at least n1, which
 * gains p; three parts likewise with a third. So every heap is of one of the types the proof
 * of the quotient of heaps 1..N checked (quotient_verify.c), the outcome rule holds for every
 * sum of any heaps, and Q with the extended phi is the quotient of the whole game. */

#define SG__QT_DEFAULT_ORDER 4096
#define SG__QT_DEFAULT_SIGS ((uint64_t)1 << 22)

int sg_misere_quotient_create(sg_misere_quotient_t **out, const sg_octal_t *game,
                              uint64_t max_order, const sg_memory_t *memory)
{
    sg__mem_t mem;
    sg_misere_quotient_t *q;
    unsigned h;
    int st, live = 0;
    if (out == NULL) return SG_EINVAL;
    *out = NULL;
    if (game == NULL || sg__allocator_check(sg__allocator_of(memory)) != SG_OK) return SG_EINVAL;
    /* a heap with a move, if any, is among the first t + 3 */
    for (h = 1; h <= game->t + 3 && !live; h++) live = sg__mo_live(game, h);
    if (!live) return SG_EINVAL;
    sg__mem_init(&mem, sg__allocator_of(memory), memory ? memory->max_bytes : 0);
    q = (sg_misere_quotient_t *)sg__mem_alloc(&mem, sizeof *q);
    if (q == NULL) return SG_ENOMEM;
    memset(q, 0, sizeof *q);
    q->mem = mem;
    q->game = *game;
    q->max_order = max_order ? max_order : SG__QT_DEFAULT_ORDER;
    q->max_sigs = SG__QT_DEFAULT_SIGS;
    q->tame = -1;
    if ((st = sg_misere_octal_create_with(&q->exact, game, memory)) != SG_OK) {
        mem = q->mem;
        sg__mem_free(&mem, q, sizeof *q);
        return st;
    }
    *out = q;
    return SG_OK;
}

void sg__qt_release(sg_misere_quotient_t *q)
{
    sg__qt_learn_free(q);
    sg__qt_shape_free(q);
    sg__qt_truth_free(q);
    sg__mem_free(&q->mem, q->phi, q->hcap * sizeof(uint32_t));
    sg__mem_free(&q->mem, q->gidx, q->hcap * sizeof(uint32_t));
}

void sg_misere_quotient_free(sg_misere_quotient_t *q)
{
    sg__mem_t mem;
    if (q == NULL) return;
    sg_misere_octal_free(q->exact);
    sg__qt_release(q);
    mem = q->mem;
    sg__mem_free(&mem, q, sizeof *q);
}

/* The least period and preperiod that the heaps 1..n prove, if any. The bound above is the
 * hypothesis of Plambeck and Siegel's periodicity theorem for quotients (JCTA 115 (2008);
 * proof in Siegel, "Misere games and misere quotients", arXiv math/0612616), Guy and Smith's
 * carried over: periodicity from n0 up to heap 2 n0 + 2p + t - 1. Taking n1 = max(n0, 1) for
 * n0 can only ask for more heaps: at n0 = 0 a part of exactly p would map to no heap, another
 * move (0.4 and 0.04 fail so in normal play). The step from heap m - p to heap m is the misere
 * lemma that a game whose options' classes are those of H's options is in H's class
 * (induction on sums). So the bound is safe, and not weaker than the theorem's. */
static void sg__qt_prove(sg_misere_quotient_t *q)
{
    uint64_t n = q->n, p, t = q->game.t, k = q->game.parts >= 3 ? 3 : 2;
    q->proven = 0;
    memset(&q->period, 0, sizeof q->period);
    for (p = 1; 2 * p <= n; p++) {
        uint64_t x = n - p + 1, n0, n1, d;
        /* the least n0: phi(x + p) = phi(x) for n0 <= x <= n - p */
        while (x > 0 && q->phi[x - 1 + p] == q->phi[x - 1]) x--;
        n0 = x;
        n1 = n0 > 0 ? n0 : 1;
        if (n + 1 < k * n1 + k * p + t) continue;
        /* proven with period p from n0: the least period divides p, the least start <= n0 */
        for (d = 1; d <= p; d++) {
            uint64_t y;
            if (p % d) continue;
            for (y = n0; y + d <= n && q->phi[y + d] == q->phi[y]; y++) {}
            if (y + d > n) break;
        }
        x = n0;
        while (x > 0 && q->phi[x - 1 + d] == q->phi[x - 1]) x--;
        q->proven = 1;
        q->period.period = d;
        q->period.preperiod = x;
        q->period.proven = 1;
        return;
    }
}

/* the last heap outside the kernel (the least ideal, m * Q for m the product of all) */
static void sg__qt_rogue(sg_misere_quotient_t *q)
{
    uint32_t m = 0;
    uint64_t h;
    size_t i;
    unsigned char *in = (unsigned char *)sg__mem_alloc(&q->mem, q->nq);
    q->rogue = 0;
    if (in == NULL) return;
    for (i = 0; i < q->nq; i++) m = q->mul[(size_t)m * q->nq + i];
    memset(in, 0, q->nq);
    for (i = 0; i < q->nq; i++) in[q->mul[(size_t)m * q->nq + i]] = 1;
    for (h = q->n; h >= 1; h--)
        if (!in[q->phi[h]]) {
            q->rogue = h;
            if (q->proven && h + q->period.period > q->n) q->rogue = UINT64_MAX;
            break;
        }
    sg__mem_free(&q->mem, in, q->nq);
}

/* Room for heaps 0..h in phi and gidx. */
int sg__qt_heap_room(sg_misere_quotient_t *q, uint32_t h)
{
    void *p;
    size_t cap;
    int st;
    if ((size_t)h + 1 > q->hcap) {
        size_t keep = q->hcap ? (size_t)q->n + 1 : 0;
        cap = q->hcap;
        p = q->phi;
        if ((st = sg__mem_grow(&q->mem, &p, &cap, (size_t)h + 1, keep, sizeof(uint32_t))))
            return st;
        q->phi = (uint32_t *)p;
        cap = q->hcap;
        p = q->gidx;
        if ((st = sg__mem_grow(&q->mem, &p, &cap, (size_t)h + 1, keep, sizeof(uint32_t))))
            return st;
        q->gidx = (uint32_t *)p;
        q->hcap = cap;
    }
    q->phi[0] = 0;
    q->gidx[0] = SG__QT_NONE;
    return SG_OK;
}

/* The candidate proven for heaps 1..h: the pretending function, the shape, the period. */
int sg__qt_settle(sg_misere_quotient_t *q, uint32_t h)
{
    uint64_t x;
    int st;
    q->n = h;
    for (x = 1; x <= h; x++)
        q->phi[x] = q->gidx[x] == SG__QT_NONE ? 0 : q->delta[q->gidx[x]];
    if ((st = sg__qt_shape(q)) != SG_OK) return st;
    q->sn = q->nq;
    sg__qt_prove(q);
    sg__qt_rogue(q);
    return SG_OK;
}

/* one more heap: the quotient of heaps 1..n+1 */
static int sg__qt_next(sg_misere_quotient_t *q)
{
    uint32_t h;
    int st;
    if (q->failed) return q->failed;
    if (q->n >= 0x7FFFFFF0u) return SG_ERANGE;
    h = (uint32_t)q->n + 1;
    if ((st = sg__qt_heap_room(q, h)) != SG_OK) return st;
    if (sg__mo_live(&q->game, h)) {
        q->gidx[h] = (uint32_t)q->ngen;
        if ((st = sg__qt_add_heap(q, h)) != SG_OK) return q->failed = st;
    } else {
        q->gidx[h] = SG__QT_NONE;
    }
    for (;;) {
        if ((st = sg__qt_close(q)) != SG_OK) return q->failed = st;
        st = sg__qt_verify(q);
        if (st < 0) return q->failed = st;
        if (st == SG_OK) break;
    }
    if ((st = sg__qt_settle(q, h)) != SG_OK) return q->failed = st;
    return SG_OK;
}

int sg_misere_quotient_extend(sg_misere_quotient_t *q, uint64_t heaps)
{
    int st;
    if (q == NULL) return SG_EINVAL;
    if (heaps > 0x7FFFFFF0u) return SG_ERANGE;
    while (q->n < heaps)
        if ((st = sg__qt_next(q)) != SG_OK) return st;
    return SG_OK;
}

int sg_misere_quotient_solve(sg_misere_quotient_t *q, uint64_t limit)
{
    int st;
    if (q == NULL) return SG_EINVAL;
    if (limit > 0x7FFFFFF0u) return SG_ERANGE;
    if (q->n == 0 && limit > 0 && (st = sg__qt_next(q)) != SG_OK) return st;
    while (!q->proven && q->n < limit)
        if ((st = sg__qt_next(q)) != SG_OK) return st;
    return SG_OK;
}

uint64_t sg_misere_quotient_heaps(const sg_misere_quotient_t *q) { return q ? q->n : 0; }
uint64_t sg_misere_quotient_order(const sg_misere_quotient_t *q) { return q ? q->sn : 0; }
uint64_t sg_misere_quotient_p_portion(const sg_misere_quotient_t *q) { return q ? q->np : 0; }

int sg_misere_quotient_is_p(const sg_misere_quotient_t *q, uint32_t element)
{
    if (q == NULL || q->n == 0 || element >= q->sn) return SG_EINVAL;
    return q->isp[element];
}

int sg_misere_quotient_mul(const sg_misere_quotient_t *q, uint32_t a, uint32_t b, uint32_t *c)
{
    if (q == NULL || c == NULL || q->n == 0 || a >= q->sn || b >= q->sn) return SG_EINVAL;
    *c = q->mul[(size_t)a * q->sn + b];
    return SG_OK;
}

int sg_misere_quotient_element(const sg_misere_quotient_t *q, uint64_t heap, uint32_t *element)
{
    uint64_t p;
    if (q == NULL || element == NULL || q->n == 0) return SG_EINVAL;
    if (heap <= q->n) {
        *element = q->phi[heap];
        return SG_OK;
    }
    if (!q->proven) return SG_ERANGE;
    p = q->period.period;
    /* into (n - p, n], which the periodic part covers */
    *element = q->phi[q->n - p + 1 + (heap - (q->n - p + 1)) % p];
    return SG_OK;
}

int sg_misere_quotient_period(const sg_misere_quotient_t *q, sg_period_t *period)
{
    if (q == NULL || period == NULL) return SG_EINVAL;
    *period = q->period;
    return SG_OK;
}

int sg_misere_quotient_tame(const sg_misere_quotient_t *q, unsigned *m)
{
    if (q == NULL || m == NULL || q->n == 0) return SG_EINVAL;
    if (q->tame < 0) return 0;
    *m = (unsigned)q->tame;
    return 1;
}

uint64_t sg_misere_quotient_last_rogue(const sg_misere_quotient_t *q)
{
    return q ? q->rogue : 0;
}

int sg_misere_quotient_generator(const sg_misere_quotient_t *q, uint32_t index, uint64_t *heap)
{
    if (q == NULL || heap == NULL || q->n == 0) return SG_EINVAL;
    if (index >= q->r) return SG_ERANGE;
    *heap = q->pheap[index];
    return SG_OK;
}

uint32_t sg_misere_quotient_generators(const sg_misere_quotient_t *q)
{
    return q && q->n ? q->r : 0;
}

static int sg__qt_copy(const char *s, size_t n, char *buf, size_t size)
{
    if (buf == NULL && size > 0) return SG_EINVAL;
    if (size == 0) return SG_ERANGE;
    if (n + 1 > size) {
        memcpy(buf, s, size - 1);
        buf[size - 1] = '\0';
        return SG_ERANGE;
    }
    memcpy(buf, s, n + 1);
    return SG_OK;
}

int sg_misere_quotient_presentation(const sg_misere_quotient_t *q, char *buf, size_t size)
{
    if (q == NULL || q->n == 0) return SG_EINVAL;
    return sg__qt_copy(q->text, q->textlen, buf, size);
}

int sg_misere_quotient_name(const sg_misere_quotient_t *q, uint32_t element, char *buf,
                            size_t size)
{
    char tmp[512];
    int st;
    if (q == NULL || q->n == 0 || element >= q->sn) return SG_EINVAL;
    if ((st = sg__qt_name(q, element, tmp, sizeof tmp)) != SG_OK) return st;
    return sg__qt_copy(tmp, strlen(tmp), buf, size);
}

size_t sg_misere_quotient_bytes(const sg_misere_quotient_t *q)
{
    return q ? q->mem.used + sg_misere_octal_bytes(q->exact) : 0;
}
