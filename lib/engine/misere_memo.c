#include "../common/sg_internal.h"
#include "misere.h"

/* Misere outcomes over 64-bit position keys: the search of misere.c (an explicit stack; enter a
 * position, push its unknown options, finish it once they are known; an option that is entered
 * and not finished is an ancestor, hence a cycle) over an open-addressing hash table of keys and
 * states. Every byte (table, stack, the sink's record) is counted against the memo's cap. */

enum { SG__MM_EMPTY = 0, SG__MM_UNKNOWN = 1, SG__MM_GRAY = 2, SG__MM_P = 3, SG__MM_N = 4 };

struct sg_misere_memo {
    sg_rule_fn rule;
    void *user;
    sg__mem_t mem;
    uint64_t *keys;
    unsigned char *state;      /* SG__MM_*; EMPTY marks a free slot */
    size_t cap, used, done;    /* slots (a power of two), slots in use, outcomes known */
    uint64_t *stack;
    size_t depth, scap;
    sg_moves_t out;
};

static size_t sg__mm_slot(const sg_misere_memo_t *m, uint64_t key)
{
    uint64_t h = key * 0x9E3779B97F4A7C15u;
    size_t j = (size_t)(h ^ (h >> 29)) & (m->cap - 1);
    while (m->state[j] != SG__MM_EMPTY && m->keys[j] != key) j = (j + 1) & (m->cap - 1);
    return j;
}

static int sg__mm_grow(sg_misere_memo_t *m)
{
    size_t ncap = m->cap ? m->cap * 2 : 256, i, one = sizeof(uint64_t) + 1;
    sg_misere_memo_t old = *m;
    if (ncap > SIZE_MAX / one) return SG_ENOMEM;
    m->keys = (uint64_t *)sg__mem_alloc(&m->mem, ncap * one);
    if (m->keys == NULL) {
        m->keys = old.keys;
        return SG_ENOMEM;
    }
    m->state = (unsigned char *)(m->keys + ncap);
    memset(m->state, SG__MM_EMPTY, ncap);
    m->cap = ncap;
    for (i = 0; i < old.cap; i++)
        if (old.state[i] != SG__MM_EMPTY) {
            size_t j = sg__mm_slot(m, old.keys[i]);
            m->keys[j] = old.keys[i];
            m->state[j] = old.state[i];
        }
    sg__mem_free(&m->mem, old.keys, old.cap * one);
    return SG_OK;
}

/* The slot of key, added as unknown when new. */
static int sg__mm_find(sg_misere_memo_t *m, uint64_t key, size_t *slot)
{
    size_t j;
    if ((m->used + 1) * 4 > m->cap * 3 && sg__mm_grow(m) != SG_OK) return SG_ENOMEM;
    j = sg__mm_slot(m, key);
    if (m->state[j] == SG__MM_EMPTY) {
        m->keys[j] = key;
        m->state[j] = SG__MM_UNKNOWN;
        m->used++;
    }
    *slot = j;
    return SG_OK;
}

static int sg__mm_push(sg_misere_memo_t *m, uint64_t key)
{
    return sg__misere_push(&m->mem, &m->stack, &m->scap, &m->depth, key);
}

/* Enter or finish key (in slot v); *pushed when options had to be pushed. */
static int sg__mm_visit(sg_misere_memo_t *m, uint64_t key, int second, int *pushed)
{
    sg_moves_t *out = &m->out;
    size_t i = 0, s;
    int st, win = 0, any = 0, empty;
    *pushed = 0;
    if ((st = sg__misere_call(&m->out, m->rule, m->user, key)) != SG_OK) return st;
    while (i < out->nrec) {
        uint64_t y = 0;
        if ((st = sg__misere_option(out, &i, &y, &empty)) != SG_OK) return st;
        any = 1;
        if (empty) continue;
        if ((st = sg__mm_find(m, y, &s)) != SG_OK) return st;
        if (m->state[s] == SG__MM_P) win = 1;
        if (m->state[s] >= SG__MM_P) continue;
        if (second) return SG_EINVAL;   /* the rule did not repeat its options */
        if (m->state[s] == SG__MM_GRAY) return SG_ELOOP;
        if ((st = sg__mm_push(m, y)) != SG_OK) return st;
        *pushed = 1;
    }
    if (*pushed) return SG_OK;
    if ((st = sg__mm_find(m, key, &s)) != SG_OK) return st;
    m->state[s] = (win || !any) ? SG__MM_N : SG__MM_P;
    m->done++;
    return SG_OK;
}

/* After a failed search: only the outcomes found stay, so their room is all the memo holds and
 * a later search has the rest of the cap. Slots of positions not decided are emptied, and every
 * entry is put back on its probe path, scanning from an empty slot (no run of occupied slots
 * crosses it, so each entry's path is rebuilt before the entries that probe past it). */
static void sg__mm_purge(sg_misere_memo_t *m)
{
    size_t k, start = 0;
    m->used = 0;
    for (k = 0; k < m->cap; k++) {
        if (m->state[k] < SG__MM_P) m->state[k] = SG__MM_EMPTY;
        if (m->state[k] == SG__MM_EMPTY) start = k;
        else m->used++;
    }
    for (k = 1; k <= m->cap; k++) {
        size_t i = (start + k) & (m->cap - 1), j;
        unsigned char st = m->state[i];
        if (st == SG__MM_EMPTY) continue;
        m->state[i] = SG__MM_EMPTY;
        j = sg__mm_slot(m, m->keys[i]);
        m->keys[j] = m->keys[i];
        m->state[j] = st;
    }
}

int sg_misere_memo_create(sg_misere_memo_t **memo, sg_rule_fn rule, void *user,
                          size_t max_bytes, const sg_allocator_t *allocator)
{
    sg__mem_t mem;
    sg_misere_memo_t *m;
    if (memo == NULL) return SG_EINVAL;
    *memo = NULL;
    if (rule == NULL) return SG_EINVAL;
    sg__mem_init(&mem, allocator, max_bytes);
    m = (sg_misere_memo_t *)sg__mem_alloc(&mem, sizeof *m);
    if (m == NULL) return SG_ENOMEM;
    memset(m, 0, offsetof(sg_misere_memo_t, out));
    m->mem = mem;
    m->rule = rule;
    m->user = user;
    sg__moves_init(&m->out, SG__SINK_TABLE, &m->mem);
    *memo = m;
    return SG_OK;
}

void sg_misere_memo_free(sg_misere_memo_t *memo)
{
    sg__mem_t mem;
    if (memo == NULL) return;
    sg__moves_release(&memo->out);
    sg__mem_free(&memo->mem, memo->stack, memo->scap * sizeof(uint64_t));
    sg__mem_free(&memo->mem, memo->keys, memo->cap * (sizeof(uint64_t) + 1));
    mem = memo->mem;
    sg__mem_free(&mem, memo, sizeof *memo);
}

uint64_t sg_misere_memo_count(const sg_misere_memo_t *memo) { return memo ? memo->done : 0; }

size_t sg_misere_memo_bytes(const sg_misere_memo_t *memo) { return memo ? memo->mem.used : 0; }

int sg_misere_memo_outcome(sg_misere_memo_t *memo, uint64_t position, int *win)
{
    size_t s;
    int st = SG_OK;
    if (memo == NULL || win == NULL) return SG_EINVAL;
    if ((st = sg__mm_find(memo, position, &s)) != SG_OK) return st;
    memo->depth = 0;
    if (memo->state[s] < SG__MM_P && (st = sg__mm_push(memo, position)) != SG_OK) return st;
    while (memo->depth > 0) {
        uint64_t key = memo->stack[memo->depth - 1];
        int pushed, second;
        if ((st = sg__mm_find(memo, key, &s)) != SG_OK) break;
        if (memo->state[s] >= SG__MM_P) {
            memo->depth--;
            continue;
        }
        second = memo->state[s] == SG__MM_GRAY;
        memo->state[s] = SG__MM_GRAY;
        if ((st = sg__mm_visit(memo, key, second, &pushed)) != SG_OK) break;
        if (!pushed) memo->depth--;
    }
    if (st != SG_OK) {
        sg__mm_purge(memo);
        return st;
    }
    *win = memo->state[sg__mm_slot(memo, position)] == SG__MM_N;
    return SG_OK;
}

int sg_misere_memo_winning_move(sg_misere_memo_t *memo, uint64_t position, size_t *option)
{
    size_t i = 0, index = 0, n;
    uint64_t *to;
    unsigned char *empty;
    int st, win, w, e;
    if (memo == NULL || option == NULL) return SG_EINVAL;
    if ((st = sg_misere_memo_outcome(memo, position, &win)) != SG_OK) return st;
    if (!win) return 0;
    /* the options, copied: outcomes of them are asked for below, which reuses the record */
    if ((st = sg__misere_call(&memo->out, memo->rule, memo->user, position)) != SG_OK) return st;
    n = memo->out.nrec;
    if (n == 0) {
        *option = SIZE_MAX;   /* no move: the player to move has already won */
        return 1;
    }
    if (n > SIZE_MAX / (sizeof(uint64_t) + 1)) return SG_ENOMEM;
    to = (uint64_t *)sg__mem_alloc(&memo->mem, n * (sizeof(uint64_t) + 1));
    if (to == NULL) return SG_ENOMEM;
    empty = (unsigned char *)(to + n);
    while (i < memo->out.nrec) {
        if ((st = sg__misere_option(&memo->out, &i, &to[index], &e)) != SG_OK) break;
        empty[index++] = (unsigned char)e;
    }
    for (i = 0; st == SG_OK && i < index; i++) {
        if (empty[i]) continue;
        if ((st = sg_misere_memo_outcome(memo, to[i], &w)) != SG_OK) break;
        if (!w) {
            *option = i;
            st = 1;
            break;
        }
    }
    sg__mem_free(&memo->mem, to, n * (sizeof(uint64_t) + 1));
    return st == SG_OK ? SG_EINVAL : st;   /* an N-position has an option that is P */
}
