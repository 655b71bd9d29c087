#include "../common/sg_internal.h"
#include "loopy.h"

/* Games with cycles: what a solved graph answers, for one position and for sums. */

static int sg__loopy_find(const sg_loopy_t *l, uint64_t position, uint32_t *u)
{
    if (l->keys == NULL) {
        if (position >= l->n) return SG_ERANGE;
        *u = (uint32_t)position;
        return SG_OK;
    }
    {
        size_t s = sg__loopy_slot(l, position);
        if (l->slots[s] == 0) return SG_ERANGE;
        *u = l->slots[s] - 1;
    }
    return SG_OK;
}

uint64_t sg_loopy_count(const sg_loopy_t *loopy) { return loopy ? loopy->n : 0; }

size_t sg_loopy_bytes(const sg_loopy_t *loopy) { return loopy ? loopy->mem.used : 0; }

int sg_loopy_state(const sg_loopy_t *loopy, uint64_t index, uint64_t *position)
{
    if (loopy == NULL || position == NULL) return SG_EINVAL;
    if (index >= loopy->n) return SG_ERANGE;
    *position = loopy->keys ? loopy->keys[index] : index;
    return SG_OK;
}

int sg_loopy_value(const sg_loopy_t *loopy, uint64_t position, sg_value_t *value)
{
    uint32_t u;
    int st;
    if (loopy == NULL || value == NULL) return SG_EINVAL;
    if ((st = sg__loopy_find(loopy, position, &u)) != SG_OK) return st;
    if (loopy->val[u] == SG__LOOPY_INF) return 0;
    *value = loopy->val[u];
    return 1;
}

/* The chunk of 4096 values a pass of sg_loopy_k marks on the stack. */
#define SG__LOOPY_CHUNK 4096u

int sg_loopy_k(const sg_loopy_t *loopy, uint64_t position, sg_value_t *k, size_t cap,
               size_t *len)
{
    uint64_t seen[SG__LOOPY_CHUNK / 64];
    uint32_t u, j, top = 0, base;
    size_t found = 0;
    int st;
    if (loopy == NULL || len == NULL || (k == NULL && cap > 0)) return SG_EINVAL;
    if ((st = sg__loopy_find(loopy, position, &u)) != SG_OK) return st;
    for (j = loopy->off[u]; j < loopy->off[u + 1]; j++) {
        uint32_t v = loopy->val[loopy->to[j]];
        if (v != SG__LOOPY_INF && v > top) top = v;
    }
    /* values are marked a chunk at a time, so no memory is needed; a chunk past the first
     * exists only when a value is at least 4096, which takes 4096 options */
    for (base = 0; base <= top && loopy->off[u] < loopy->off[u + 1]; base += SG__LOOPY_CHUNK) {
        size_t w;
        memset(seen, 0, sizeof seen);
        for (j = loopy->off[u]; j < loopy->off[u + 1]; j++) {
            uint32_t v = loopy->val[loopy->to[j]];
            if (v != SG__LOOPY_INF && v >= base && v - base < SG__LOOPY_CHUNK)
                sg__bit_set(seen, v - base);
        }
        for (w = 0; w < SG__LOOPY_CHUNK / 64; w++) {
            uint64_t bits = seen[w];
            while (bits) {
                if (found < cap) k[found] = base + (uint32_t)(w * 64) + sg__ctz64(bits);
                found++;
                bits &= bits - 1;
            }
        }
        if (top - base < SG__LOOPY_CHUNK) break;
    }
    *len = found;
    return SG_OK;
}

int sg_loopy_outcome(const sg_loopy_t *loopy, uint64_t position, int *outcome)
{
    uint32_t u;
    int st;
    if (loopy == NULL || outcome == NULL) return SG_EINVAL;
    if ((st = sg__loopy_find(loopy, position, &u)) != SG_OK) return st;
    /* remoteness is even exactly at P-positions */
    if (loopy->rem[u] == SG__LOOPY_INF) *outcome = SG_LOOPY_D;
    else *outcome = (loopy->rem[u] & 1u) ? SG_LOOPY_N : SG_LOOPY_P;
    return SG_OK;
}

int sg_loopy_remoteness(const sg_loopy_t *loopy, uint64_t position, uint64_t *remoteness)
{
    uint32_t u;
    int st;
    if (loopy == NULL || remoteness == NULL) return SG_EINVAL;
    if ((st = sg__loopy_find(loopy, position, &u)) != SG_OK) return st;
    *remoteness = loopy->rem[u] == SG__LOOPY_INF ? SG_LOOPY_DRAW : loopy->rem[u];
    return SG_OK;
}

/* The sum's shape: *x = XOR of the finite parts, *ninf infinite parts, the last at *j. */
static int sg__loopy_sum(const sg_loopy_t *l, const uint64_t *positions, size_t count,
                         uint32_t *x, size_t *ninf, size_t *j)
{
    size_t i;
    int st;
    *x = 0;
    *ninf = 0;
    *j = 0;
    for (i = 0; i < count; i++) {
        uint32_t u;
        if ((st = sg__loopy_find(l, positions[i], &u)) != SG_OK) return st;
        if (l->val[u] == SG__LOOPY_INF) {
            (*ninf)++;
            *j = i;
        } else {
            *x ^= l->val[u];
        }
    }
    return SG_OK;
}

/* The option of u of value v with the least counter: its index from off[u], or UINT32_MAX. */
static uint32_t sg__loopy_least(const sg_loopy_t *l, uint32_t u, uint32_t v)
{
    uint32_t j, best = UINT32_MAX;
    if (v >= SG__LOOPY_UNL) return UINT32_MAX;   /* a XOR no finite value has */
    for (j = l->off[u]; j < l->off[u + 1]; j++)
        if (l->val[l->to[j]] == v &&
            (best == UINT32_MAX || l->ctr[l->to[j]] < l->ctr[l->to[best + l->off[u]]]))
            best = j - l->off[u];
    return best;
}

int sg_loopy_sum_outcome(const sg_loopy_t *loopy, const uint64_t *positions, size_t count,
                         int *outcome)
{
    uint32_t x;
    size_t ninf, j;
    int st;
    if (loopy == NULL || outcome == NULL || (positions == NULL && count > 0)) return SG_EINVAL;
    if ((st = sg__loopy_sum(loopy, positions, count, &x, &ninf, &j)) != SG_OK) return st;
    if (ninf == 0) {
        *outcome = x ? SG_LOOPY_N : SG_LOOPY_P;
    } else if (ninf == 1) {
        uint32_t u = 0;
        (void)sg__loopy_find(loopy, positions[j], &u);
        *outcome = sg__loopy_least(loopy, u, x) != UINT32_MAX ? SG_LOOPY_N : SG_LOOPY_D;
    } else {
        *outcome = SG_LOOPY_D;
    }
    return SG_OK;
}

/* The strategy, for a sum of two or more parts (see sg.h): from a sum whose parts are all
 * finite with XOR x != 0, a move that lowers a part of value g to g ^ x, on the part whose
 * (value, counter) pair is the largest, to the option of least counter; with one infinite part
 * and the XOR x of the others in its K, that part to an option of value x of least counter.
 * Whatever the opponent answers from the P-sum so reached, the multiset of the parts' (value,
 * counter) pairs is smaller, in the multiset order, after the next move of this rule: a part
 * the opponent lowered is matched by another part lowered; a part he raised (to a finite or
 * infinite value) has, by the counter's property, an option back to its old value with a
 * smaller counter, and that move is a candidate the rule's choice is no worse than. The order
 * is well founded, so the play ends, and it ends with the opponent unable to move. */
int sg_loopy_winning_move(const sg_loopy_t *loopy, const uint64_t *positions, size_t count,
                          size_t *component, size_t *option, uint64_t *target)
{
    const sg_loopy_t *l = loopy;
    uint32_t x, u = 0, pick = UINT32_MAX, best = UINT32_MAX;
    size_t ninf, j, i, at = 0;
    int st;
    if (l == NULL || component == NULL || option == NULL || (positions == NULL && count > 0))
        return SG_EINVAL;
    if ((st = sg__loopy_sum(l, positions, count, &x, &ninf, &j)) != SG_OK) return st;
    if (ninf > 1 || (ninf == 0 && x == 0)) return 0;
    if (count == 1) {
        /* one game: the P-option of least remoteness */
        (void)sg__loopy_find(l, positions[0], &u);
        if (l->rem[u] == SG__LOOPY_INF || (l->rem[u] & 1u) == 0) return 0;
        for (i = l->off[u]; i < l->off[u + 1]; i++)
            if (l->rem[l->to[i]] + 1 == l->rem[u]) break;
        pick = (uint32_t)(i - l->off[u]);
        at = 0;
    } else if (ninf == 1) {
        (void)sg__loopy_find(l, positions[j], &u);
        if ((pick = sg__loopy_least(l, u, x)) == UINT32_MAX) return 0;
        at = j;
    } else {
        uint32_t bv = 0, bc = 0;
        for (i = 0; i < count; i++) {
            uint32_t w = 0, g;
            (void)sg__loopy_find(l, positions[i], &w);
            g = l->val[w];
            if ((g ^ x) >= g) continue;
            if (best == UINT32_MAX || g > bv || (g == bv && l->ctr[w] > bc)) {
                best = w;
                bv = g;
                bc = l->ctr[w];
                at = i;
            }
        }
        u = best;
        pick = sg__loopy_least(l, u, bv ^ x);
        if (pick == UINT32_MAX) return SG_EINVAL;   /* the mex promises it: cannot happen */
    }
    *component = at;
    *option = pick;
    if (target != NULL) {
        uint32_t t = l->to[l->off[u] + pick];
        *target = l->keys ? l->keys[t] : t;
    }
    return 1;
}
