#include "../../common/sg_internal.h"
#include "../../common/id_index.h"
#include "../octal/take_break.h"
#include "heap_moves.h"

/* Misere play of take-and-break games: exact misere Grundy values of sums of heaps, the genus of
 * a heap, tameness.
 *
 * A state is a sum: a multiset of heaps of the game, a copies of the Nim heap *2 and b of *1. Its
 * key is (a, b, the heap sizes sorted ascending), with every heap that has no move left out (a
 * game with no option adds nothing to a sum) and b taken mod 2: o-(X + *1 + *1) = o-(X) for
 * every X (if X is P, every move in X+1+1 goes to an N-position by induction, and the move
 * 1+1 -> 1 leaves X+1, which is N since its option X is P; if X is N, X+1+1 moves to a P-position
 * X'+1+1, or to *1 when X has no option), so the misere Grundy values agree as well.
 * The misere Grundy value m(S) is 1 for the empty state and mex{m(S')} over options otherwise;
 * S is a loss for the player to move exactly when m(S) = 0 (Conway, On Numbers and Games ch. 12;
 * Winning Ways ch. 13). Values are found by a depth-first search with an explicit stack over a
 * hash table of states, every byte counted against the caller's cap.
 *
 * The genus g^{c0 c1 c2 ...} of heap n: g its normal value, ck = m(n + k copies of *2). Let T_k
 * be the table of m(P + k*2 + j*1) over every follower P of n and j in {0, 1}. For k >= 1 T_k is
 * a fixed function of T_{k-1} (only the empty state at k = 0 is special), so T_k = T_{k-2} for
 * one k >= 2 makes the whole sequence periodic with period 2 from k - 2 on. The search computes
 * level after level and checks that equality over every state stored at level k (a superset of
 * the followers, which only makes the test stricter), so the tail it collapses is proven. */

#define SG__MO_UNKNOWN 0xFFFFFFFFu
#define SG__MO_ENTERED 0xFFFFFFFEu
#define SG__MO_LEVELS 96          /* levels searched for the period-2 tail of a genus */
#define SG__MO_MAX_HEAP 0x7FFFFFFFu

typedef struct {
    size_t off;        /* heaps in pool[off .. off + len) */
    uint32_t len;
    uint32_t ab;       /* a << 1 | b */
    uint32_t val;      /* the misere Grundy value, or SG__MO_UNKNOWN / SG__MO_ENTERED */
    uint32_t next;     /* the next state of the same a (index + 1; 0 ends) */
} sg__mo_state_t;

struct sg_misere_octal {
    sg_octal_t game;
    sg__mem_t mem;
    sg__mo_state_t *st;
    size_t nst, stcap;
    uint32_t *pool;
    size_t npool, pcap;
    sg__ids_t index;           /* the states by key */
    uint32_t *level;           /* level[a]: the first state of that a (index + 1) */
    size_t lcap;
    uint32_t *stack;
    size_t depth, scap;
    uint32_t *key;             /* scratch: the option being built */
    size_t kcap;
    sg_value_t *vals;          /* scratch: the options' values */
    size_t nvals, vcap;
    sg_value_t *g;             /* normal values G(0 .. ng-1) */
    size_t ng, gcap;
    uint64_t tame;             /* heaps below it are proven tame (sg_misere_octal_tame) */
    sg_value_t *tg;            /* for each of them: its genus's g, with bit 31 set for */
    size_t tcap;               /* g^{g,g^2} (the others are 0^{120} or 1^{031}) */
};

/* a state's heaps in the pool (NULL while the pool is empty: no offset is added to a NULL) */
static const uint32_t *sg__mo_heaps(const sg_misere_octal_t *m, const sg__mo_state_t *s)
{
    return m->pool != NULL ? m->pool + s->off : NULL;
}

static uint64_t sg__mo_hash(uint32_t ab, const uint32_t *h, uint32_t len)
{
    return sg__ids_hash_words((uint64_t)ab << 32 | len, h, len);
}

/* the key of a state: a << 1 | b, the heaps */
typedef struct {
    uint32_t ab, len;
    const uint32_t *h;
} sg__mo_key_t;

static uint64_t sg__mo_hash_of(const void *ctx, uint32_t id)
{
    const sg_misere_octal_t *m = (const sg_misere_octal_t *)ctx;
    const sg__mo_state_t *s = &m->st[id];
    return sg__mo_hash(s->ab, sg__mo_heaps(m, s), s->len);
}

static int sg__mo_same(const void *ctx, uint32_t id, const void *key)
{
    const sg_misere_octal_t *m = (const sg_misere_octal_t *)ctx;
    const sg__mo_key_t *k = (const sg__mo_key_t *)key;
    const sg__mo_state_t *s = &m->st[id];
    return s->ab == k->ab && s->len == k->len &&
           (k->len == 0 || memcmp(m->pool + s->off, k->h, k->len * sizeof(uint32_t)) == 0);
}

/* Whether a heap of n tokens has a move (heap_moves.h). */
int sg__mo_live(const sg_octal_t *g, uint64_t n)
{
    unsigned i;
    if (n >= 2 && (g->d[0] & 4)) return 1;
    for (i = 1; i <= g->t && i <= n; i++) {
        unsigned d = g->d[i];
        if (((d & 1) && n == i) || ((d & 2) && n > i) || ((d & 4) && n >= i + 2) ||
            ((d & 8) && n >= i + 3))
            return 1;
    }
    return 0;
}

/* The index of state (ab, h[0..len)), stored as unknown when new. SG_OK or SG_ENOMEM. */
static int sg__mo_find(sg_misere_octal_t *m, uint32_t ab, const uint32_t *h, uint32_t len,
                       int insert, uint32_t *index)
{
    uint32_t a = ab >> 1, id;
    uint64_t hash = sg__mo_hash(ab, h, len);
    sg__mo_key_t key;
    sg__mo_state_t *s;
    void *p;
    key.ab = ab;
    key.len = len;
    key.h = h;
    id = sg__ids_find(&m->index, hash, sg__mo_same, m, &key);
    if (id != SG__IDS_NONE) {
        *index = id;
        return SG_OK;
    }
    if (!insert) return SG_ERANGE;
    if (m->nst >= 0xFFFFFFF0u) return SG_ENOMEM;
    if (sg__ids_reserve(&m->index, &m->mem, m->nst, 1024, sg__mo_hash_of, m)) return SG_ENOMEM;
    if (m->nst == m->stcap) {
        p = m->st;
        if (sg__mem_grow(&m->mem, &p, &m->stcap, m->nst + 1, m->nst, sizeof *m->st))
            return SG_ENOMEM;
        m->st = (sg__mo_state_t *)p;
    }
    if (m->npool + len < m->npool) return SG_ENOMEM;
    if (m->npool + len > m->pcap) {
        p = m->pool;
        if (sg__mem_grow(&m->mem, &p, &m->pcap, m->npool + len, m->npool, sizeof(uint32_t)))
            return SG_ENOMEM;
        m->pool = (uint32_t *)p;
    }
    if (a >= m->lcap) {
        size_t old = m->lcap;
        p = m->level;
        if (sg__mem_grow(&m->mem, &p, &m->lcap, (size_t)a + 1, old, sizeof(uint32_t)))
            return SG_ENOMEM;
        m->level = (uint32_t *)p;
        memset(m->level + old, 0, (m->lcap - old) * sizeof(uint32_t));
    }
    s = &m->st[m->nst];
    s->off = m->npool;
    s->len = len;
    s->ab = ab;
    s->val = SG__MO_UNKNOWN;
    s->next = m->level[a];
    if (len) memcpy(m->pool + m->npool, h, len * sizeof(uint32_t));
    m->npool += len;
    m->level[a] = (uint32_t)(m->nst + 1);
    sg__ids_put(&m->index, hash, (uint32_t)m->nst);
    *index = (uint32_t)m->nst++;
    return SG_OK;
}

static int sg__mo_room(sg_misere_octal_t *m, void **p, size_t *cap, size_t need, size_t keep,
                       size_t elem)
{
    if (need <= *cap) return SG_OK;
    return sg__mem_grow(&m->mem, p, cap, need, keep, elem);
}

/* One option: state i with heap h[at] replaced by parts[0..k), a and b as given. Its value goes
 * to vals when known; when not, it is pushed (enter) and *pending counts it. */
static int sg__mo_option(sg_misere_octal_t *m, uint32_t i, size_t at, const uint32_t *parts,
                         unsigned k, uint32_t ab, size_t *pending)
{
    const sg__mo_state_t *s = &m->st[i];
    uint32_t len = s->len, n = 0, q[3], idx, v;
    unsigned j, nq = 0;
    size_t r;
    int st;
    void *p;
    for (j = 0; j < k; j++)
        if (sg__mo_live(&m->game, parts[j])) q[nq++] = parts[j];
    /* parts in ascending order */
    if (nq > 1 && q[0] > q[1]) { uint32_t t = q[0]; q[0] = q[1]; q[1] = t; }
    if (nq > 2 && q[1] > q[2]) { uint32_t t = q[1]; q[1] = q[2]; q[2] = t; }
    if (nq > 1 && q[0] > q[1]) { uint32_t t = q[0]; q[0] = q[1]; q[1] = t; }
    p = m->key;
    if ((st = sg__mo_room(m, &p, &m->kcap, (size_t)len + 3, 0, sizeof(uint32_t))) != SG_OK)
        return st;
    m->key = (uint32_t *)p;
    s = &m->st[i];
    j = 0;
    for (r = 0; r < len; r++) {
        uint32_t x = m->pool[s->off + r];
        if (r == at) continue;
        while (j < nq && q[j] < x) m->key[n++] = q[j++];
        m->key[n++] = x;
    }
    while (j < nq) m->key[n++] = q[j++];
    if ((st = sg__mo_find(m, ab, m->key, n, 1, &idx)) != SG_OK) return st;
    v = m->st[idx].val;
    if (v == SG__MO_ENTERED) return SG_ELOOP;   /* cannot happen: the games are finite */
    if (v == SG__MO_UNKNOWN) {
        (*pending)++;
        p = m->stack;
        if ((st = sg__mo_room(m, &p, &m->scap, m->depth + 1, m->depth, sizeof(uint32_t))) != SG_OK)
            return st;
        m->stack = (uint32_t *)p;
        m->stack[m->depth++] = idx;
        return SG_OK;
    }
    p = m->vals;
    if ((st = sg__mo_room(m, &p, &m->vcap, m->nvals + 1, m->nvals, sizeof(sg_value_t))) != SG_OK)
        return st;
    m->vals = (sg_value_t *)p;
    m->vals[m->nvals++] = v;
    return SG_OK;
}

/* The options of state i that play in its heap h[at] (sg__heap_moves' walk). */
typedef struct {
    sg_misere_octal_t *m;
    uint32_t i, ab;
    size_t at, *pending;
} sg__mo_heap_t;

static int sg__mo_heap_option(void *user, const uint32_t *parts, unsigned k)
{
    const sg__mo_heap_t *h = (const sg__mo_heap_t *)user;
    return sg__mo_option(h->m, h->i, h->at, parts, k, h->ab, h->pending);
}

/* Every option of state i. */
static int sg__mo_options(sg_misere_octal_t *m, uint32_t i, size_t *pending)
{
    uint32_t ab = m->st[i].ab, len = m->st[i].len;
    sg__mo_heap_t h;
    size_t at;
    int st;
    m->nvals = 0;
    *pending = 0;
    if (ab >> 1) {
        if ((st = sg__mo_option(m, i, SIZE_MAX, NULL, 0, ((ab >> 1) - 1) << 1 | ((ab & 1) ^ 1),
                                pending)) != SG_OK)
            return st;
        if ((st = sg__mo_option(m, i, SIZE_MAX, NULL, 0, ab - 2, pending)) != SG_OK) return st;
    }
    if ((ab & 1) && (st = sg__mo_option(m, i, SIZE_MAX, NULL, 0, ab - 1, pending)) != SG_OK)
        return st;
    h.m = m;
    h.i = i;
    h.ab = ab;
    h.pending = pending;
    for (at = 0; at < len; at++) {
        uint32_t n = m->pool[m->st[i].off + at];
        if (at > 0 && m->pool[m->st[i].off + at - 1] == n) continue;   /* same heap again */
        h.at = at;
        if ((st = sg__heap_moves(&m->game, n, sg__mo_heap_option, &h)) != SG_OK) return st;
    }
    return SG_OK;
}

/* After a failed search: only the sums whose value is known stay, packed at the front of the
 * arrays (states and heaps keep their order, so offsets only move down), and the hash table
 * and the level lists are rebuilt; the room the search took is free for the next one. */
static void sg__mo_purge(sg_misere_octal_t *m)
{
    size_t k, n = 0, pool = 0;
    for (k = 0; k < m->nst; k++) {
        sg__mo_state_t s = m->st[k];
        if (s.val >= SG__MO_ENTERED) continue;
        if (s.len) memmove(m->pool + pool, m->pool + s.off, s.len * sizeof(uint32_t));
        s.off = pool;
        pool += s.len;
        m->st[n++] = s;
    }
    m->nst = n;
    m->npool = pool;
    sg__ids_refill(&m->index, n, sg__mo_hash_of, m);
    if (m->level) memset(m->level, 0, m->lcap * sizeof(uint32_t));
    for (k = 0; k < n; k++) {
        sg__mo_state_t *s = &m->st[k];
        uint32_t a = s->ab >> 1;
        s->next = m->level[a];
        m->level[a] = (uint32_t)(k + 1);
    }
}

/* The value of state `root`, searching what it needs. */
static int sg__mo_solve(sg_misere_octal_t *m, uint32_t root, sg_value_t *value)
{
    int st = SG_OK;
    void *p = m->stack;
    if (m->st[root].val < SG__MO_ENTERED) {
        *value = m->st[root].val;
        return SG_OK;
    }
    if ((st = sg__mo_room(m, &p, &m->scap, 1, 0, sizeof(uint32_t))) != SG_OK) return st;
    m->stack = (uint32_t *)p;
    m->depth = 0;
    m->stack[m->depth++] = root;
    while (m->depth > 0) {
        uint32_t i = m->stack[m->depth - 1];
        size_t pending;
        sg__mo_state_t *s = &m->st[i];
        if (s->val < SG__MO_ENTERED) {
            m->depth--;
            continue;
        }
        s->val = SG__MO_ENTERED;
        if ((st = sg__mo_options(m, i, &pending)) != SG_OK) break;
        if (pending) continue;
        s = &m->st[i];
        if (s->len == 0 && s->ab == 0) s->val = 1;
        else s->val = sg_mex(m->vals, m->nvals);
        m->depth--;
    }
    if (st != SG_OK) {
        sg__mo_purge(m);
        return st;
    }
    *value = m->st[root].val;
    return SG_OK;
}

/* The state of heaps[0..count) plus a copies of *2 and b of *1, as an index. */
static int sg__mo_state(sg_misere_octal_t *m, const uint64_t *heaps, size_t count, uint32_t ab,
                        uint32_t *index)
{
    size_t i, n = 0, j;
    void *p = m->key;
    int st;
    for (i = 0; i < count; i++)
        if (heaps[i] > SG__MO_MAX_HEAP) return SG_ERANGE;
    if (count > 0xFFFFFFF0u) return SG_ERANGE;
    if ((st = sg__mo_room(m, &p, &m->kcap, count + 3, 0, sizeof(uint32_t))) != SG_OK) return st;
    m->key = (uint32_t *)p;
    for (i = 0; i < count; i++) {
        uint32_t x = (uint32_t)heaps[i];
        if (!sg__mo_live(&m->game, x)) continue;
        for (j = n; j > 0 && m->key[j - 1] > x; j--) m->key[j] = m->key[j - 1];
        m->key[j] = x;
        n++;
    }
    return sg__mo_find(m, ab, m->key, (uint32_t)n, 1, index);
}

int sg_misere_octal_create(sg_misere_octal_t **m, const sg_octal_t *game, size_t max_bytes,
                           const sg_allocator_t *allocator)
{
    sg__mem_t mem;
    sg_misere_octal_t *x;
    if (m == NULL) return SG_EINVAL;
    *m = NULL;
    if (game == NULL || sg__allocator_check(allocator) != SG_OK) return SG_EINVAL;
    sg__mem_init(&mem, allocator, max_bytes);
    x = (sg_misere_octal_t *)sg__mem_alloc(&mem, sizeof *x);
    if (x == NULL) return SG_ENOMEM;
    memset(x, 0, sizeof *x);
    x->mem = mem;
    x->game = *game;
    *m = x;
    return SG_OK;
}

int sg_misere_octal_create_with(sg_misere_octal_t **m, const sg_octal_t *game,
                                const sg_memory_t *memory)
{
    return sg_misere_octal_create(m, game, memory ? memory->max_bytes : 0,
                                  sg__allocator_of(memory));
}

void sg_misere_octal_free(sg_misere_octal_t *m)
{
    sg__mem_t mem;
    if (m == NULL) return;
    sg__mem_free(&m->mem, m->st, m->stcap * sizeof *m->st);
    sg__mem_free(&m->mem, m->pool, m->pcap * sizeof(uint32_t));
    sg__ids_free(&m->index, &m->mem);
    sg__mem_free(&m->mem, m->level, m->lcap * sizeof(uint32_t));
    sg__mem_free(&m->mem, m->stack, m->scap * sizeof(uint32_t));
    sg__mem_free(&m->mem, m->key, m->kcap * sizeof(uint32_t));
    sg__mem_free(&m->mem, m->vals, m->vcap * sizeof(sg_value_t));
    sg__mem_free(&m->mem, m->g, m->gcap * sizeof(sg_value_t));
    sg__mem_free(&m->mem, m->tg, m->tcap * sizeof(sg_value_t));
    mem = m->mem;
    sg__mem_free(&mem, m, sizeof *m);
}

size_t sg_misere_octal_bytes(const sg_misere_octal_t *m) { return m ? m->mem.used : 0; }

uint64_t sg_misere_octal_count(const sg_misere_octal_t *m) { return m ? m->nst : 0; }

/* A sum of heaps all below the proven tame prefix is a sum of tame games: its misere value is
 * that of the misere Nim position with the same genera (the XOR of the g, or that XOR with 1
 * flipped when no genus is of the g^{g,g^2} kind). 1 with *value, 0 when not all are. */
static int sg__mo_tame_value(const sg_misere_octal_t *m, const uint64_t *heaps, size_t count,
                             sg_value_t *value)
{
    size_t i;
    sg_value_t x = 0;
    int big = 0;
    for (i = 0; i < count; i++)
        if (heaps[i] >= m->tame) return 0;
    for (i = 0; i < count; i++) {
        x ^= m->tg[heaps[i]] & 0x7FFFFFFFu;
        big |= (m->tg[heaps[i]] >> 31) != 0;
    }
    *value = big ? x : x ^ 1;
    return 1;
}

int sg_misere_octal_value(sg_misere_octal_t *m, const uint64_t *heaps, size_t count,
                          sg_value_t *value)
{
    uint32_t i;
    int st;
    if (m == NULL || value == NULL || (heaps == NULL && count != 0)) return SG_EINVAL;
    if (sg__mo_tame_value(m, heaps, count, value)) return SG_OK;
    if ((st = sg__mo_state(m, heaps, count, 0, &i)) != SG_OK) return st;
    return sg__mo_solve(m, i, value);
}

int sg_misere_octal_outcome(sg_misere_octal_t *m, const uint64_t *heaps, size_t count, int *win)
{
    sg_value_t v;
    int st;
    if (win == NULL) return SG_EINVAL;
    if ((st = sg_misere_octal_value(m, heaps, count, &v)) != SG_OK) return st;
    *win = v != 0;
    return SG_OK;
}

int sg_misere_octal_table(sg_misere_octal_t *m, unsigned char *win, uint64_t count)
{
    uint64_t n;
    int st, w;
    if (m == NULL || (win == NULL && count != 0)) return SG_EINVAL;
    if (count > (uint64_t)SG__MO_MAX_HEAP + 1) return SG_ERANGE;
    for (n = 0; n < count; n++) {
        if ((st = sg_misere_octal_outcome(m, &n, 1, &w)) != SG_OK) return st;
        win[n] = (unsigned char)w;
    }
    return SG_OK;
}

/* The normal value of heap n. */
static int sg__mo_normal(sg_misere_octal_t *m, uint64_t n, sg_value_t *value)
{
    if (n >= m->ng) {
        size_t want = m->ng ? m->ng : 64;
        void *p = m->g;
        int st;
        while (want <= n) want *= 2;
        if ((st = sg__mo_room(m, &p, &m->gcap, want, 0, sizeof(sg_value_t))) != SG_OK) return st;
        m->g = (sg_value_t *)p;
        if ((st = sg_octal_table(&m->game, m->g, m->gcap)) != SG_OK) return st;
        m->ng = m->gcap;
    }
    *value = m->g[n];
    return SG_OK;
}

/* Level a equals level a - 2 over every state stored at level a. */
static int sg__mo_repeats(sg_misere_octal_t *m, uint32_t a)
{
    uint32_t e = a < m->lcap ? m->level[a] : 0, j;
    while (e) {
        const sg__mo_state_t *s = &m->st[e - 1];
        uint32_t ab = (a - 2) << 1 | (s->ab & 1);
        if (s->val >= SG__MO_ENTERED) return 0;
        if (sg__mo_find(m, ab, sg__mo_heaps(m, s), s->len, 0, &j) != SG_OK) return 0;
        if (m->st[j].val != m->st[e - 1].val) return 0;
        e = s->next;
    }
    return 1;
}

int sg_misere_octal_genus(sg_misere_octal_t *m, uint64_t heap, sg_genus_t *genus)
{
    sg_value_t c[SG__MO_LEVELS], v, odd;
    uint32_t a, idx, b;
    unsigned s, k;
    int st;
    if (m == NULL || genus == NULL) return SG_EINVAL;
    if (heap > SG__MO_MAX_HEAP) return SG_ERANGE;
    if ((st = sg__mo_normal(m, heap, &v)) != SG_OK) return st;
    for (a = 0; a < SG__MO_LEVELS; a++) {
        for (b = 0; b < 2; b++) {
            if ((st = sg__mo_state(m, &heap, 1, a << 1 | b, &idx)) != SG_OK) return st;
            if ((st = sg__mo_solve(m, idx, b ? &odd : &c[a])) != SG_OK) return st;
        }
        if (a >= 2 && sg__mo_repeats(m, a)) break;
    }
    if (a == SG__MO_LEVELS) return SG_ERANGE;
    /* periodic from a - 2 on: the least start s, then c0 .. c(s+1) */
    s = a - 2;
    while (s > 0 && c[s - 1] == c[s + 1]) s--;
    if (s + 2 > SG_GENUS_MAX) return SG_ERANGE;
    genus->g = v;
    genus->len = s + 2;
    for (k = 0; k < SG_GENUS_MAX; k++) genus->gamma[k] = k < s + 2 ? c[k] : 0;
    return SG_OK;
}

int sg_misere_octal_tame(sg_misere_octal_t *m, uint64_t count, int *tame)
{
    sg_genus_t gs;
    uint64_t n;
    void *p;
    int st;
    if (m == NULL || tame == NULL) return SG_EINVAL;
    for (n = m->tame; n < count; n++) {
        if ((st = sg_misere_octal_genus(m, n, &gs)) != SG_OK) return st;
        if (!sg_genus_is_tame(&gs) || gs.g > 0x7FFFFFFFu) {
            *tame = 0;
            return SG_OK;
        }
        /* heaps below n + 1 are tame: remember their genera for sums of them */
        p = m->tg;
        if (n + 1 > SIZE_MAX / sizeof(sg_value_t)) return SG_ENOMEM;
        if ((st = sg__mo_room(m, &p, &m->tcap, (size_t)n + 1, (size_t)m->tame,
                              sizeof(sg_value_t))) != SG_OK)
            return st;
        m->tg = (sg_value_t *)p;
        m->tg[n] = gs.g | (gs.len == 2 ? 0x80000000u : 0);
        m->tame = n + 1;
    }
    *tame = 1;
    return SG_OK;
}
