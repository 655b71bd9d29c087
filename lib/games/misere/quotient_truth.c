#include "../../common/sg_internal.h"
#include "quotient.h"

/* The options of a heap (sg__qt_moves, which the proof shares), and the exact misere outcome of
 * a sum while heap h = n + 1 is being added: the learner's and the proof's question
 * (quotient_learn.c, quotient_verify.c), asked thousands of times of sums of ten heaps and
 * more.
 *
 * A sum of heaps 1..n alone is answered by the proven quotient of heaps 1..n: its element is the
 * product of its heaps' elements, and it is P exactly when that element is (Plambeck and Siegel,
 * arXiv math/0609825: the quotient gives the outcome of every sum of its heaps). A sum Y + k*h
 * (k >= 1 copies of h, Y of heaps 1..n with a move) has a move, so in misere play it is P
 * exactly when none of its options is P: h broken into parts (Y + parts + (k-1)*h, read off the
 * quotient when k = 1) or a heap of Y broken (Y' + k*h). The search below follows that rule
 * depth first with an explicit stack and stops at the first P option of a node, keeping every
 * node's outcome for the step's later questions; the full misere Grundy values of every sum
 * reachable (sg_misere_octal_outcome, which the first heap and any other sum still use) are
 * never needed. A node's key is k, then Y's heaps in ascending order. */

#define SG__QT_OPEN 2u   /* a node on the stack */
#define SG__QT_NEW 3u    /* a node not searched yet */

/* sg__qt_moves' caller */
typedef struct {
    const sg_misere_quotient_t *q;
    sg__heap_move_fn fn;
    void *user;
} sg__qt_emit_t;

/* the parts of one move, those without a move left out */
static int sg__qt_emit(void *user, const uint32_t *parts, unsigned k)
{
    const sg__qt_emit_t *e = (const sg__qt_emit_t *)user;
    uint32_t live[3];
    unsigned i, n = 0;
    for (i = 0; i < k; i++)
        if (sg__mo_live(&e->q->game, parts[i])) live[n++] = parts[i];
    return e->fn(e->user, live, n);
}

int sg__qt_moves(const sg_misere_quotient_t *q, uint32_t h, sg__heap_move_fn fn, void *user)
{
    sg__qt_emit_t e;
    e.q = q;
    e.fn = fn;
    e.user = user;
    return sg__heap_moves(&q->game, h, sg__qt_emit, &e);
}

/* the element of heaps y[0..len), all <= n, in the quotient of heaps 1..n */
static uint32_t sg__qt_product(const sg_misere_quotient_t *q, const uint32_t *y, size_t len)
{
    uint32_t e = 0;
    size_t i;
    for (i = 0; i < len; i++) e = q->mul[(size_t)e * q->sn + q->phi[y[i]]];
    return e;
}

/* a node's key: its words */
typedef struct {
    const uint32_t *k;
    size_t len;
} sg__qt_key_t;

static uint64_t sg__qt_khash(const void *ctx, uint32_t id)
{
    const sg_misere_quotient_t *q = (const sg_misere_quotient_t *)ctx;
    const sg__qt_tnode_t *t = &q->tnode[id];
    return sg__ids_hash_words(t->len, q->tkey + t->off, t->len);
}

static int sg__qt_ksame(const void *ctx, uint32_t id, const void *key)
{
    const sg_misere_quotient_t *q = (const sg_misere_quotient_t *)ctx;
    const sg__qt_key_t *x = (const sg__qt_key_t *)key;
    const sg__qt_tnode_t *t = &q->tnode[id];
    return t->len == x->len && memcmp(q->tkey + t->off, x->k, x->len * sizeof(uint32_t)) == 0;
}

/* The node of key k[0..len), added (SG__QT_NEW) when new. */
static int sg__qt_node(sg_misere_quotient_t *q, const uint32_t *k, size_t len, uint32_t *out)
{
    uint64_t hash = sg__ids_hash_words(len, k, len);
    sg__qt_key_t key;
    uint32_t id;
    void *p;
    int st;
    key.k = k;
    key.len = len;
    if ((id = sg__ids_find(&q->tindex, hash, sg__qt_ksame, q, &key)) != SG__IDS_NONE) {
        *out = id;
        return SG_OK;
    }
    if (q->tnn >= 0xFFFFFFF0u || q->tkn + len < q->tkn) return SG_ENOMEM;
    if ((st = sg__ids_reserve(&q->tindex, &q->mem, q->tnn, 4096, sg__qt_khash, q)) != SG_OK)
        return st;
    p = q->tnode;
    if (q->tnn + 1 > q->tncap &&
        (st = sg__mem_grow(&q->mem, &p, &q->tncap, q->tnn + 1, q->tnn, sizeof *q->tnode)))
        return st;
    q->tnode = (sg__qt_tnode_t *)p;
    p = q->tkey;
    if (q->tkn + len > q->tkcap &&
        (st = sg__mem_grow(&q->mem, &p, &q->tkcap, q->tkn + len, q->tkn, sizeof(uint32_t))))
        return st;
    q->tkey = (uint32_t *)p;
    memcpy(q->tkey + q->tkn, k, len * sizeof(uint32_t));
    q->tnode[q->tnn].off = q->tkn;
    q->tnode[q->tnn].len = (uint32_t)len;
    q->tnode[q->tnn].val = SG__QT_NEW;
    q->tkn += len;
    sg__ids_put(&q->tindex, hash, (uint32_t)q->tnn);
    *out = (uint32_t)q->tnn++;
    return SG_OK;
}

/* Room for n more words on the children's stack. */
static int sg__qt_kids_room(sg_misere_quotient_t *q, size_t n)
{
    void *p = q->tkid;
    if (q->tkidn + n < n) return SG_ENOMEM;
    if (q->tkidn + n <= q->tkidcap) return SG_OK;
    if (sg__mem_grow(&q->mem, &p, &q->tkidcap, q->tkidn + n, q->tkidn, sizeof(uint32_t)))
        return SG_ENOMEM;
    q->tkid = (uint32_t *)p;
    return SG_OK;
}

typedef struct {
    sg_misere_quotient_t *q;
    uint32_t node;         /* the node expanded (its key may move: read it through off) */
    size_t at;             /* the heap of Y broken (index in the key), or 0: a copy of h */
    uint32_t ey;           /* Y's element (for k = 1) */
    uint32_t *scratch;
    size_t scap;
} sg__qt_exp_t;

/* One option: P (known) stops the expansion with 1; unknown ones go on the children's stack. */
static int sg__qt_option(void *user, const uint32_t *parts, unsigned np)
{
    sg__qt_exp_t *x = (sg__qt_exp_t *)user;
    sg_misere_quotient_t *q = x->q;
    const sg__qt_tnode_t *t = &q->tnode[x->node];
    size_t len = t->len, n = 1, r, j = 0;
    uint32_t srt[3], k = q->tkey[t->off], child;
    unsigned i;
    void *p = x->scratch;
    int st;
    for (i = 0; i < np; i++) srt[i] = parts[i];
    if (np > 1 && srt[0] > srt[1]) { uint32_t s = srt[0]; srt[0] = srt[1]; srt[1] = s; }
    if (np > 2 && srt[1] > srt[2]) { uint32_t s = srt[1]; srt[1] = srt[2]; srt[2] = s; }
    if (np > 1 && srt[0] > srt[1]) { uint32_t s = srt[0]; srt[0] = srt[1]; srt[1] = s; }
    if (x->at == 0 && k == 1) {   /* the last copy of h broken: the quotient knows */
        uint32_t e = x->ey;
        for (i = 0; i < np; i++) e = q->mul[(size_t)e * q->sn + q->phi[srt[i]]];
        return q->isp[e] ? 1 : SG_OK;
    }
    if (len + 3 > x->scap &&
        (st = sg__mem_grow(&q->mem, &p, &x->scap, len + 3, 0, sizeof(uint32_t))) != SG_OK)
        return st;
    x->scratch = (uint32_t *)p;
    x->scratch[0] = x->at == 0 ? k - 1 : k;
    for (r = 1; r < len; r++) {
        uint32_t y = q->tkey[t->off + r];
        if (r == x->at) continue;
        while (j < np && srt[j] < y) x->scratch[n++] = srt[j++];
        x->scratch[n++] = y;
    }
    while (j < np) x->scratch[n++] = srt[j++];
    if ((st = sg__qt_node(q, x->scratch, n, &child)) != SG_OK) return st;
    if (q->tnode[child].val == 1) return 1;
    if (q->tnode[child].val != SG__QT_NEW) return SG_OK;   /* N, or open: cannot be (finite) */
    if ((st = sg__qt_kids_room(q, 1)) != SG_OK) return st;
    q->tkid[q->tkidn++] = child;
    return SG_OK;
}

/* Expand node i: its unknown children pushed on the children's stack (*kids of them), or
 * *p_found = 1 when a child is known to be P. */
static int sg__qt_expand(sg_misere_quotient_t *q, uint32_t i, size_t *kids, int *p_found,
                         sg__qt_exp_t *x)
{
    size_t before = q->tkidn, r, len = q->tnode[i].len;
    uint32_t h = (uint32_t)q->n + 1;
    int st;
    x->node = i;
    x->ey = sg__qt_product(q, q->tkey + q->tnode[i].off + 1, len - 1);
    x->at = 0;
    *p_found = 0;
    st = sg__qt_moves(q, h, sg__qt_option, x);
    for (r = 1; r < len && st == SG_OK; r++) {
        uint32_t y = q->tkey[q->tnode[i].off + r];
        if (r > 1 && q->tkey[q->tnode[i].off + r - 1] == y) continue;   /* the same heap */
        x->at = r;
        st = sg__qt_moves(q, y, sg__qt_option, x);
    }
    if (st == 1) {
        *p_found = 1;
        q->tkidn = before;
        st = SG_OK;
    }
    *kids = q->tkidn - before;
    return st;
}

/* The outcome of node root: depth first, each frame a node and its children left to try. */
static int sg__qt_search(sg_misere_quotient_t *q, uint32_t root)
{
    sg__qt_exp_t x;
    void *p;
    int st = SG_OK;
    memset(&x, 0, sizeof x);
    x.q = q;
    q->tkidn = 0;
    q->tdepth = 0;
    if (q->tnode[root].val <= 1) return SG_OK;
    p = q->tframe;
    if ((st = sg__mem_grow(&q->mem, &p, &q->tfcap, q->tfcap ? q->tfcap : 64, 0,
                           sizeof *q->tframe)) != SG_OK)
        return st;
    q->tframe = (sg__qt_frame_t *)p;
    q->tframe[0].node = root;
    q->tframe[0].kid = SIZE_MAX;   /* not expanded yet */
    q->tdepth = 1;
    q->tnode[root].val = SG__QT_OPEN;
    while (q->tdepth > 0 && st == SG_OK) {
        sg__qt_frame_t *f = &q->tframe[q->tdepth - 1];
        uint32_t i = f->node, c;
        if (f->kid == SIZE_MAX) {
            size_t kids;
            int found;
            f->base = q->tkidn;
            if ((st = sg__qt_expand(q, i, &kids, &found, &x)) != SG_OK) break;
            f = &q->tframe[q->tdepth - 1];
            f->kid = f->base;
            if (found) {
                q->tnode[i].val = 0;   /* a P option: N */
                q->tdepth--;
                continue;
            }
        } else {
            /* the child just searched: P makes this node N */
            c = q->tkid[f->kid - 1];
            if (q->tnode[c].val == 1) {
                q->tnode[i].val = 0;
                q->tkidn = f->base;
                q->tdepth--;
                continue;
            }
        }
        /* the next child not yet known (an earlier sibling's search may have settled it) */
        while (f->kid < q->tkidn && q->tnode[q->tkid[f->kid]].val == 0) f->kid++;
        if (f->kid < q->tkidn && q->tnode[q->tkid[f->kid]].val == 1) {
            q->tnode[i].val = 0;
            q->tkidn = f->base;
            q->tdepth--;
            continue;
        }
        if (f->kid == q->tkidn) {   /* every option N: P */
            q->tnode[i].val = 1;
            q->tkidn = f->base;
            q->tdepth--;
            continue;
        }
        c = q->tkid[f->kid++];
        p = q->tframe;
        if (q->tdepth + 1 > q->tfcap &&
            (st = sg__mem_grow(&q->mem, &p, &q->tfcap, q->tdepth + 1, q->tdepth,
                               sizeof *q->tframe)) != SG_OK)
            break;
        q->tframe = (sg__qt_frame_t *)p;
        q->tframe[q->tdepth].node = c;
        q->tframe[q->tdepth].kid = SIZE_MAX;
        q->tdepth++;
        q->tnode[c].val = SG__QT_OPEN;
    }
    sg__mem_free(&q->mem, x.scratch, x.scap * sizeof(uint32_t));
    if (st != SG_OK) {   /* the nodes left open are unknown again */
        size_t d;
        for (d = 0; d < q->tdepth; d++) q->tnode[q->tframe[d].node].val = SG__QT_NEW;
        q->tdepth = 0;
        q->tkidn = 0;
    }
    return st;
}

void sg__qt_truth_free(sg_misere_quotient_t *q)
{
    sg__mem_free(&q->mem, q->tkey, q->tkcap * sizeof(uint32_t));
    sg__mem_free(&q->mem, q->tnode, q->tncap * sizeof *q->tnode);
    sg__ids_free(&q->tindex, &q->mem);
    sg__mem_free(&q->mem, q->tkid, q->tkidcap * sizeof(uint32_t));
    sg__mem_free(&q->mem, q->tframe, q->tfcap * sizeof *q->tframe);
    sg__mem_free(&q->mem, q->tscr, q->tscrcap * sizeof(uint32_t));
    q->tscr = NULL;
    q->tscrcap = 0;
    q->tkey = NULL;
    q->tnode = NULL;
    q->tkid = NULL;
    q->tframe = NULL;
    q->tkcap = q->tncap = q->tkidcap = q->tfcap = 0;
    q->tkn = q->tnn = q->tkidn = q->tdepth = 0;
}

int sg__qt_outcome(sg_misere_quotient_t *q, const uint64_t *sum, size_t len, int *known,
                   int *isp)
{
    uint64_t h = q->n + 1;
    uint32_t *key, root;
    size_t i, k = 0, n = 1;
    void *p;
    int st;
    *known = 0;
    if (q->n == 0 || q->sn == 0) return SG_OK;
    for (i = 0; i < len; i++) {
        if (sum[i] > h) return SG_OK;   /* not a question of this step */
        k += sum[i] == h;
    }
    if (q->tn != q->n) {   /* a new step: the last one's nodes are sums the quotient knows */
        sg__qt_truth_free(q);
        q->tn = q->n;
    }
    *known = 1;
    p = q->tscr;
    if (len + 1 > q->tscrcap &&
        (st = sg__mem_grow(&q->mem, &p, &q->tscrcap, len + 1, 0, sizeof(uint32_t))) != SG_OK)
        return st;
    q->tscr = (uint32_t *)p;
    key = q->tscr;
    key[0] = (uint32_t)k;
    for (i = 0; i < len; i++)
        if (sum[i] != h) key[n++] = (uint32_t)sum[i];
    /* ascending (insertion: the sums are short) */
    for (i = 2; i < n; i++) {
        uint32_t y = key[i];
        size_t j = i;
        while (j > 1 && key[j - 1] > y) {
            key[j] = key[j - 1];
            j--;
        }
        key[j] = y;
    }
    if (k == 0) {
        *isp = q->isp[sg__qt_product(q, key + 1, n - 1)];
        return SG_OK;
    }
    if ((st = sg__qt_node(q, key, n, &root)) != SG_OK) return st;
    if ((st = sg__qt_search(q, root)) != SG_OK) return st;
    *isp = q->tnode[root].val == 1;
    return SG_OK;
}
