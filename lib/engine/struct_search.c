#include "../common/sg_internal.h"
#include "struct_store.h"

#include <stdlib.h>

/* The search of structured positions on the keyed-search core (struct_store.h): the visits of
 * value keys and outcome keys.
 *
 * A frame holds the options of a key entered and not finished, read once when it is entered:
 *   [cursor] [n] then for each of the n options [m] [m component ids], then [frame length]
 * in words; the frame on top of s->frames is the one of the key on top of the core's stack.
 *
 * Outcome search with nimber pruning: G + *k is N (the player to move wins) iff some option G'
 * has G' + *k P, or some j < k has G + *j P (a move in *k); and G + *k is P iff SG(G) == k.
 * The options are tried in order and the search stops at the first that decides; an option
 * is a sum of components, whose known values fold into k by XOR; when two or more are unknown,
 * all but the largest are valued in full and the largest is searched against *XOR.
 *
 * The options of an outcome key are tried smallest first: by the bytes of their components
 * whose values are not known yet, ties in the rule's order. A P-position needs every option
 * refuted whatever the order, but each refutation is an N-position that stops at its first
 * winning option, and a small option is cheap to search (its game is near its end). Any order
 * gives the same answers; this one cut Node Kayles on the 12 x 12 queens graph from 1.10 M
 * positions searched to 0.19 M (docs/graphs.md). */

static void sg__ss_keep(sg_store_t *s, uint32_t id, sg_value_t v);

static int sg__ss_push(sg_store_t *s, sg_moves_t *out, uint64_t key)
{
    const sg__keyed_entry_t *e = sg__keyed_find(&s->core, key);
    if (e != NULL && e->state == s->core.epoch) return SG_ELOOP;   /* an ancestor */
    /* a value the table holds and the position did not (none should be): kept there now, so
     * the visit that pushed it finds it when it comes back */
    if (e != NULL && e->state == SG__KEYED_DONE && !(key & SG__STRUCT_OUTCOME))
        sg__ss_keep(s, SG__CAST(uint32_t, key), e->value);
    return sg__moves_push(out, key) ? SG_ENOMEM : SG_OK;
}

SG__INLINE const sg__keyed_entry_t *sg__ss_done(const sg_store_t *s, uint64_t key)
{
    const sg__keyed_entry_t *e = sg__keyed_find(&s->core, key);
    return e != NULL && e->state == SG__KEYED_DONE ? e : NULL;
}

/* The value of component id: 1 with *v when its value key is DONE, else 0. It is read beside
 * the position (sg__spos_t.value), which holds every value the table holds but UINT32_MAX. */
SG__INLINE int sg__ss_value_of(const sg_store_t *s, uint64_t id, sg_value_t *v)
{
    const sg__keyed_entry_t *e;
    uint32_t x = s->pos[id].value;
    if (x != 0) {
        *v = x - 1;
        return 1;
    }
    if (!s->probe || (e = sg__ss_done(s, id)) == NULL) return 0;
    *v = e->value;
    return 1;
}

/* The value of the value key of id, which the core makes DONE as soon as the visit that
 * returns it returns, written beside the position. */
static void sg__ss_keep(sg_store_t *s, uint32_t id, sg_value_t v)
{
    if (v != UINT32_MAX) s->pos[id].value = v + 1;
    else s->probe = 1;
}

void sg__struct_values_sync(sg_store_t *s)
{
    size_t i;
    for (i = 0; s->core.slots != NULL && i <= s->core.mask; i++) {
        const sg__keyed_entry_t *e = &s->core.slots[i];
        if (e->state == SG__KEYED_DONE && !(e->key & SG__STRUCT_OUTCOME) && e->key < s->npos)
            sg__ss_keep(s, SG__CAST(uint32_t, e->key), e->value);
    }
}

/* G + *k is P exactly when SG(G) == k: an outcome of P found for one k is the value, and
 * answers G + *j for every j (N but at k) and the value of G without reading G's options.
 * The store keeps it under the outcome key only, so the keys of the smallest j are looked at
 * (a value above them is found by a search, as before). */
#define SG__SS_PEEK 8u

/* 1 with *k = j when G + *j is known to be P for some j < SG__SS_PEEK, else 0 (at once when
 * no outcome key can be held: a value search peeks at nothing). */
static int sg__ss_known_p(const sg_store_t *s, uint32_t id, sg_value_t *k)
{
    sg_value_t j;
    if (!s->outcomes) return 0;
    for (j = 0; j < SG__SS_PEEK; j++) {
        const sg__keyed_entry_t *e = sg__ss_done(s, sg__struct_okey(id, j));
        if (e != NULL && e->value == 0) {
            *k = j;
            return 1;
        }
    }
    return 0;
}

/* The store's tick, due now (sg_store_set_tick): SG_ESTOP when it asks to stop; a query or a
 * free from inside it is noted in the running call's sink, as from a rule (sg__parts_run). */
static int sg__ss_tick(sg_store_t *s)
{
    int stop;
    sg__store_tick_next(s);
    stop = s->tick(s->tick_user);
    if (s->core.active != NULL && s->core.active->status != SG_OK) return s->core.active->status;
    return stop ? SG_ESTOP : SG_OK;
}

int sg__struct_enter(sg_store_t *s, const unsigned char *pos, size_t len)
{
    size_t i, n = 0, m = 0, at, count, start = s->nframes;
    int st;
    if (SG__UNLIKELY(++s->nodes == s->tick_at) && (st = sg__ss_tick(s)) != SG_OK) return st;
    st = sg__parts_run(s, &s->opt, SG__PARTS_OPTIONS, s->rules.options, pos, len);
    if (st != SG_OK) return st;
    if ((st = sg__struct_frame_push(s, 0)) != SG_OK) return st;
    if ((st = sg__struct_frame_push(s, 0)) != SG_OK) return st;
    at = s->nframes;
    if ((st = sg__struct_frame_push(s, 0)) != SG_OK) return st;
    for (i = 0; i < s->opt.nrec; i++) {
        const sg__part_t *r = &s->opt.rec[i];
        if (r->len == SG__PARTS_END) {
            s->frames[at] = m;
            n++;
            m = 0;
            at = s->nframes;
            if ((st = sg__struct_frame_push(s, 0)) != SG_OK) return st;
            continue;
        }
        if (s->options_canonical) {   /* a component in canonical form: interned as it is */
            uint32_t id;
            st = sg__struct_intern(s, sg__struct_at(s->opt.bytes, r->off), r->len, &id);
            if (st == SG_OK) st = sg__struct_frame_push(s, id);
            count = 1;
        } else {
            st = sg__struct_components(s, sg__struct_at(s->opt.bytes, r->off), r->len, 1,
                                       &count);
        }
        if (st != SG_OK) return st;
        m += count;
    }
    s->nframes--;   /* the count opened after the last end */
    s->frames[start + 1] = n;
    return sg__struct_frame_push(s, s->nframes - start + 1);
}

/* Read the options of component id into a new frame. */
static int sg__ss_enter(sg_store_t *s, uint32_t id)
{
    /* the bytes stay put: the callbacks cannot intern (a query from them is refused) */
    return sg__struct_enter(s, sg__struct_bytes(s, id), s->pos[id].len);
}

SG__INLINE size_t sg__ss_top(const sg_store_t *s)
{
    return s->nframes - SG__CAST(size_t, s->frames[s->nframes - 1]);
}

SG__INLINE void sg__ss_pop(sg_store_t *s)
{
    s->nframes = sg__ss_top(s);
}

static int sg__ss_value_visit(sg_store_t *s, sg_moves_t *out, uint32_t id, int again,
                              sg_value_t *value)
{
    size_t f, i, j, n, m, pushed = 0;
    sg_value_t v;
    int st;
    if (!again) {
        /* found since it was pushed: pushed twice, its first copy finished and forgotten by
         * the table (sg__store_forget) */
        if (sg__ss_value_of(s, id, value)) return SG_OK;
        if (sg__ss_known_p(s, id, value)) {
            sg__ss_keep(s, id, *value);
            return SG_OK;
        }
        if ((st = sg__ss_enter(s, id)) != SG_OK) return st;
        f = sg__ss_top(s);
        n = sg__struct_count(s, f + 1);
        for (i = 0, f += 2; i < n; i++, f += m + 1) {
            m = sg__struct_count(s, f);
            for (j = 1; j <= m; j++) {
                if (sg__ss_value_of(s, s->frames[f + j], &v)) {
                    s->hits++;
                    continue;
                }
                if ((st = sg__ss_push(s, out, s->frames[f + j])) != SG_OK) return st;
                pushed = 1;
            }
        }
        if (pushed) return SG_OK;
    }
    f = sg__ss_top(s);
    n = sg__struct_count(s, f + 1);
    if (n > s->vcap) {
        void *p = s->vals;
        if (sg__mem_grow(&s->core.mem, &p, &s->vcap, n, 0, sizeof *s->vals)) return SG_ENOMEM;
        s->vals = SG__CAST(sg_value_t *, p);
    }
    for (i = 0, f += 2; i < n; i++, f += m + 1) {
        sg_value_t x = 0;
        m = sg__struct_count(s, f);
        for (j = 1; j <= m; j++) {
            if (!sg__ss_value_of(s, s->frames[f + j], &v)) return SG_EINVAL;
            x ^= v;
        }
        s->vals[i] = x;
    }
    *value = sg_mex(s->vals, n);
    sg__ss_keep(s, id, *value);
    sg__ss_pop(s);
    return SG_OK;
}

static int sg__ss_u64_cmp(const void *a, const void *b)
{
    uint64_t x = *SG__CAST(const uint64_t *, a), y = *SG__CAST(const uint64_t *, b);
    return (x > y) - (x < y);
}

/* How promising option f is against *k, 0 (first) to 2 (last), when one of its components is
 * unknown and the others fold into *x with k: 2 when that component is known P against another
 * heap (its value is not x: the option loses), 0 when it is known N against another heap (one
 * value fewer that it can have besides x), else 1. */
static unsigned sg__ss_hint(const sg_store_t *s, size_t f, sg_value_t k)
{
    size_t j, m = sg__struct_count(s, f), unknown = 0;
    uint32_t c = 0;
    unsigned hint = 1;
    sg_value_t x = k, i, v;
    for (j = 1; j <= m; j++) {
        if (sg__ss_value_of(s, s->frames[f + j], &v)) {
            x ^= v;
        } else {
            unknown++;
            c = SG__CAST(uint32_t, s->frames[f + j]);
        }
    }
    if (unknown != 1) return 1;
    for (i = 0; i < SG__SS_PEEK; i++) {
        const sg__keyed_entry_t *e = i == x ? NULL : sg__ss_done(s, sg__struct_okey(c, i));
        if (e == NULL) continue;
        if (e->value == 0) return 2;
        hint = 0;
    }
    return hint;
}

/* Reorder the options of the frame on top of an outcome key against *k (see above). The sort
 * runs on words pushed above the frame: one an option, its hint and size above its offset in
 * the frame (so the order of equal keys is the rule's), then the options copied in that order,
 * then copied back. */
static int sg__ss_order(sg_store_t *s, sg_value_t k)
{
    size_t top = sg__ss_top(s), n = sg__struct_count(s, top + 1), base = s->nframes, end = base - 1;
    size_t f, i, j, m;
    sg_value_t v;
    int st;
    if (n < 2 || end - top > 0xffffffffu) return SG_OK;   /* any order is exact */
    for (i = 0, f = top + 2; i < n; i++, f += m + 1) {
        uint64_t size = 0;
        m = sg__struct_count(s, f);
        for (j = 1; j <= m; j++)
            if (!sg__ss_value_of(s, s->frames[f + j], &v)) size += s->pos[s->frames[f + j]].len;
        if (size > 0x3fffffffu) size = 0x3fffffffu;
        size |= SG__CAST(uint64_t, sg__ss_hint(s, f, k)) << 30;
        if ((st = sg__struct_frame_push(s, size << 32 | (f - top))) != SG_OK) return st;
    }
    qsort(s->frames + base, n, sizeof *s->frames, sg__ss_u64_cmp);
    for (i = 0; i < n; i++) {
        f = top + SG__CAST(size_t, s->frames[base + i] & 0xffffffffu);
        for (j = 0, m = sg__struct_count(s, f); j <= m; j++)
            if ((st = sg__struct_frame_push(s, s->frames[f + j])) != SG_OK) return st;
    }
    memcpy(s->frames + top + 2, s->frames + base + n, (end - top - 2) * sizeof *s->frames);
    s->nframes = base;
    return SG_OK;
}

enum { SG__SS_NEXT = 0, SG__SS_WIN = 1, SG__SS_PUSHED = 2 };

/* Option f of a frame against *k: SG__SS_WIN when option + *k is P, SG__SS_NEXT when it is N,
 * SG__SS_PUSHED when a key it needs was pushed (with push == 0: SG__SS_NEXT instead), or a
 * status. */
static int sg__ss_option(sg_store_t *s, sg_moves_t *out, size_t f, sg_value_t k, int push)
{
    size_t j, m = sg__struct_count(s, f), unknown = 0, big = 0;
    const sg__keyed_entry_t *e;
    uint64_t key;
    sg_value_t x = k, v;
    int st;
    for (j = 1; j <= m; j++) {
        if (sg__ss_value_of(s, s->frames[f + j], &v)) {
            x ^= v;
            continue;
        }
        if (unknown++ == 0 || s->pos[s->frames[f + j]].len > s->pos[s->frames[f + big]].len)
            big = j;
    }
    if (unknown == 0) return x == 0 ? SG__SS_WIN : SG__SS_NEXT;
    if (unknown > 1) {   /* value one of the others in full */
        if (!push) return SG__SS_NEXT;
        for (j = 1; j == big || sg__ss_value_of(s, s->frames[f + j], &v); j++)
            ;
        st = sg__ss_push(s, out, s->frames[f + j]);
        return st != SG_OK ? st : SG__SS_PUSHED;
    }
    if (x > SG__STRUCT_KMAX) {   /* past the outcome keys: only a full value could say */
        if (push) return SG_ERANGE;
        return SG__SS_NEXT;
    }
    key = sg__struct_okey(SG__CAST(uint32_t, s->frames[f + big]), x);
    if ((e = sg__ss_done(s, key)) != NULL) {
        s->hits += SG__CAST(unsigned, push);
        return e->value == 0 ? SG__SS_WIN : SG__SS_NEXT;
    }
    if (!push) return SG__SS_NEXT;
    st = sg__ss_push(s, out, key);
    return st != SG_OK ? st : SG__SS_PUSHED;
}

/* G + *j for j < k: SG__SS_WIN when P; as sg__ss_option. */
static int sg__ss_heap(sg_store_t *s, sg_moves_t *out, uint32_t id, sg_value_t j, int push)
{
    const sg__keyed_entry_t *e = sg__ss_done(s, sg__struct_okey(id, j));
    int st;
    if (e != NULL) return e->value == 0 ? SG__SS_WIN : SG__SS_NEXT;
    if (!push) return SG__SS_NEXT;
    st = sg__ss_push(s, out, sg__struct_okey(id, j));
    return st != SG_OK ? st : SG__SS_PUSHED;
}

static int sg__ss_outcome_visit(sg_store_t *s, sg_moves_t *out, uint32_t id, sg_value_t k,
                                int again, sg_value_t *value)
{
    size_t f, i, n, item;
    sg_value_t v;
    int r = SG__SS_NEXT;
    if (sg__ss_value_of(s, id, &v)) {   /* SG(G) == k exactly when G + *k is P */
        if (again) sg__ss_pop(s);
        *value = v != k;
        return SG_OK;
    }
    if (!again) {
        sg_value_t j;
        if (sg__ss_known_p(s, id, &j)) {
            *value = j != k;
            return SG_OK;
        }
        if ((r = sg__ss_enter(s, id)) != SG_OK) return r;
        if ((r = sg__ss_order(s, k)) != SG_OK) return r;
        /* first what is known already: any decisive option or heap ends the search at once */
        f = sg__ss_top(s);
        n = sg__struct_count(s, f + 1);
        for (i = 0, f += 2; i < n && r == SG__SS_NEXT; i++, f += s->frames[f] + 1)
            r = sg__ss_option(s, out, f, k, 0);
        for (i = 0; i < k && r == SG__SS_NEXT; i++)
            r = sg__ss_heap(s, out, id, SG__CAST(sg_value_t, i), 0);
        if (r < 0) return r;
    }
    f = sg__ss_top(s);
    n = sg__struct_count(s, f + 1);
    item = SG__CAST(size_t, s->frames[f]);
    /* the options from the cursor on (skipping those before it), then the heaps j < k */
    for (i = 0, f += 2; r == SG__SS_NEXT && i < n; i++, f += s->frames[f] + 1) {
        if (i < item) continue;
        r = sg__ss_option(s, out, f, k, 1);
        if (r == SG__SS_NEXT) item++;
    }
    for (; r == SG__SS_NEXT && item < n + k; item++) {
        r = sg__ss_heap(s, out, id, SG__CAST(sg_value_t, item - n), 1);
        if (r != SG__SS_NEXT) break;
    }
    if (r < 0) return r;
    if (r == SG__SS_PUSHED) {
        s->frames[sg__ss_top(s)] = item;
        return SG_OK;
    }
    *value = r == SG__SS_WIN;
    sg__ss_pop(s);
    return SG_OK;
}

static int sg__ss_visit(sg__keyed_t *k, sg_moves_t *out, uint64_t key, int again,
                        sg_value_t *value)
{
    sg_store_t *s = SG__CAST(sg_store_t *, SG__CAST(void *, k));
    uint32_t id = SG__CAST(uint32_t, key);
    if (key & SG__STRUCT_OUTCOME) {
        sg_value_t kk = SG__CAST(sg_value_t, (key >> 32) & SG__STRUCT_KMAX);
        return sg__ss_outcome_visit(s, out, id, kk, again, value);
    }
    return sg__ss_value_visit(s, out, id, again, value);
}

static int sg__ss_run(sg_store_t *s, sg_moves_t *out, uint64_t key, sg_value_t *value)
{
    const sg__keyed_entry_t *e;
    int st;
    if (!(key & SG__STRUCT_OUTCOME)) {   /* a value: beside its position once found */
        if (sg__ss_value_of(s, key, value)) {
            s->hits++;
            return SG_OK;
        }
        if ((st = sg__keyed_search(&s->core, out, key, sg__ss_visit)) != SG_OK) return st;
        return sg__ss_value_of(s, key, value) ? SG_OK : SG_EINVAL;
    }
    s->outcomes = 1;
    if ((e = sg__ss_done(s, key)) == NULL) {
        if ((st = sg__keyed_search(&s->core, out, key, sg__ss_visit)) != SG_OK) return st;
        e = sg__ss_done(s, key);
    } else {
        s->hits++;
    }
    *value = e->value;
    return SG_OK;
}

int sg__struct_value(sg_store_t *s, sg_moves_t *out, uint32_t id, sg_value_t *value)
{
    return sg__ss_run(s, out, id, value);
}

int sg__struct_sum_outcome(sg_store_t *s, sg_moves_t *out, size_t at, size_t n, sg_value_t k,
                           int *win)
{
    size_t i, big = SIZE_MAX;
    sg_value_t x = k, v;
    uint32_t c;
    int st;
    for (i = 0; i < n; i++) {   /* the largest unknown component is searched, the rest valued */
        c = SG__CAST(uint32_t, s->frames[at + i]);
        if (!sg__ss_value_of(s, c, &v) &&
            (big == SIZE_MAX || s->pos[c].len > s->pos[s->frames[at + big]].len))
            big = i;
    }
    for (i = 0; i < n; i++) {
        if (i == big) continue;
        if ((st = sg__struct_value(s, out, SG__CAST(uint32_t, s->frames[at + i]), &v)) != SG_OK)
            return st;
        x ^= v;
    }
    if (big == SIZE_MAX) {
        *win = x != 0;
        return SG_OK;
    }
    c = SG__CAST(uint32_t, s->frames[at + big]);
    if (sg__ss_value_of(s, c, &v) || x > SG__STRUCT_KMAX) {
        /* known by now (valued as another copy of it), or k beyond the outcome keys */
        if ((st = sg__struct_value(s, out, c, &v)) != SG_OK) return st;
        *win = v != x;
        return SG_OK;
    }
    if ((st = sg__ss_run(s, out, sg__struct_okey(c, x), &v)) != SG_OK) return st;
    *win = v != 0;
    return SG_OK;
}
