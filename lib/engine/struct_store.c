#include "../common/sg_internal.h"
#include "struct_store.h"

/* Structured positions: the store's life and its queries (struct_store.h). */

/* The core asks for a rule; the store's visits call the structured callbacks instead. */
static int sg__store_no_rule(void *user, uint64_t position, sg_moves_t *out)
{
    (void)user;
    (void)position;
    (void)out;
    return 1;
}

/* A value key's result is kept beside its position (sg__spos_t.value) unless it is UINT32_MAX:
 * the core's table need not hold it, and then holds only the keys being searched and the
 * outcome keys. A value search of n positions so touches some 30 bytes a position fewer,
 * which on Cram 4 x 6 was a tenth of the time (the faults of fresh pages, the rehashes). */
#ifndef SG_NO_LONGRUN   /* the contest header's core has no forget: its table keeps them all */
static int sg__store_forget(const sg__keyed_t *k, uint64_t key, sg_value_t value)
{
    (void)k;
    return !(key & SG__STRUCT_OUTCOME) && value != UINT32_MAX;
}
#endif

static void sg__store_release(sg_store_t *s)
{
    sg__struct_intern_release(s);
    sg__parts_release(&s->opt);
    sg__parts_release(&s->split);
    sg__parts_release(&s->canon);
    sg__mem_free(&s->core.mem, s->frames, s->fcap * sizeof *s->frames);
    sg__mem_free(&s->core.mem, s->vals, s->vcap * sizeof *s->vals);
    s->frames = NULL;
    s->vals = NULL;
    s->nframes = s->fcap = s->vcap = 0;
}

int sg_store_create(sg_store_t **store, const sg_struct_rules_t *rules, void *user,
                    const sg_memory_t *memory)
{
    sg__keyed_t *k = NULL;
    sg_store_t *s;
    int st;
    if (store == NULL) return SG_EINVAL;
    *store = NULL;
    if (rules == NULL || rules->options == NULL) return SG_EINVAL;
    st = sg__keyed_create(&k, sizeof(sg_store_t), sg__store_no_rule, NULL,
                          memory ? memory->max_bytes : 0, sg__allocator_of(memory));
    if (st != SG_OK) return st;
    s = SG__CAST(sg_store_t *, SG__CAST(void *, k));
    s->rules = *rules;
    s->user = user;
#ifndef SG_NO_LONGRUN
    s->core.forget = sg__store_forget;
#endif
    sg__parts_init(&s->opt, &s->core.mem);
    sg__parts_init(&s->split, &s->core.mem);
    sg__parts_init(&s->canon, &s->core.mem);
    *store = s;
    return SG_OK;
}

void sg_store_free(sg_store_t *store)
{
    if (store == NULL) return;
    if (store->core.active == NULL) sg__store_release(store);
    sg__keyed_free(&store->core);
}

static int sg__store_begin(sg_store_t *s, sg_moves_t *out)
{
    int st = sg__keyed_begin(&s->core, out);
    s->nframes = 0;
    s->npos0 = s->npos;
    if (st == SG_OK && s->core.done != s->done_seen) {
        /* keys added between queries (a file loaded): values to copy, outcome keys maybe */
        s->outcomes = 1;
        sg__struct_values_sync(s);
    }
    return st;
}

static int sg__store_end(sg_store_t *s, sg_moves_t *out, int st)
{
    s->nframes = 0;
    if (s->core.doomed) {
        sg__store_release(s);   /* freed from a callback: the core frees the rest */
    } else {
        /* a query stopped by a callback (a budget, a signal) keeps what it proved: every
         * result is exact, and the next query or a file goes on from there; other failures
         * (the cap, a lying rule, a re-entry) give back what the query added */
        if (st < 0 && st != SG_ESTOP && s->npos > s->npos0) sg__struct_rollback(s, s->npos0);
        if (s->fcap > 4096) {   /* a deep search's frames: give the room back */
            sg__mem_free(&s->core.mem, s->frames, s->fcap * sizeof *s->frames);
            s->frames = NULL;
            s->fcap = 0;
        }
        s->done_seen = s->core.done;
    }
    return sg__keyed_end(&s->core, out, st);
}

/* Checks shared by the queries: SG_OK to go on. */
static int sg__store_args(sg_store_t *s, const void *pos, size_t len, const void *result)
{
    if (s == NULL) return SG_EINVAL;
    if (sg__keyed_busy(&s->core)) return SG_EBUSY;
    if (result == NULL || (pos == NULL && len > 0)) return SG_EINVAL;
    return SG_OK;
}

static const unsigned char sg__store_none[1] = {0};

/* The bytes of a query's position (an empty one may be NULL). */
SG__INLINE const unsigned char *sg__store_bytes(const void *pos)
{
    return pos != NULL ? SG__CAST(const unsigned char *, pos) : sg__store_none;
}

int sg_store_value(sg_store_t *s, const void *pos, size_t len, sg_value_t *value)
{
    sg_moves_t out;
    sg_value_t x = 0, v;
    size_t i, n = 0;
    int st = sg__store_args(s, pos, len, value);
    if (st != SG_OK) return st;
    if ((st = sg__store_begin(s, &out)) != SG_OK) return st;
    st = sg__struct_components(s, sg__store_bytes(pos), len, 0, &n);
    for (i = 0; st == SG_OK && i < n; i++) {
        st = sg__struct_value(s, &out, SG__CAST(uint32_t, s->frames[i]), &v);
        x ^= v;
    }
    if ((st = sg__store_end(s, &out, st)) == SG_OK) *value = x;
    return st;
}

int sg_store_outcome(sg_store_t *s, const void *pos, size_t len, sg_value_t k, int *next_wins)
{
    sg_moves_t out;
    size_t n = 0;
    int st = sg__store_args(s, pos, len, next_wins), win = 0;
    if (st != SG_OK) return st;
    if ((st = sg__store_begin(s, &out)) != SG_OK) return st;
    st = sg__struct_components(s, sg__store_bytes(pos), len, 0, &n);
    if (st == SG_OK) st = sg__struct_sum_outcome(s, &out, 0, n, k, &win);
    if ((st = sg__store_end(s, &out, st)) == SG_OK) *next_wins = win;
    return st;
}

/* The winning move of pos + *k, within the call begun on out: 1 with *option (and *heap_to),
 * 0 for a P-position, or a status. */
static int sg__store_winning(sg_store_t *s, sg_moves_t *out, const unsigned char *pos,
                             size_t len, sg_value_t k, size_t *option, sg_value_t *heap_to)
{
    size_t i, n = 0, f, m;
    sg_value_t j;
    int st, win;
    if ((st = sg__struct_components(s, pos, len, 0, &n)) != SG_OK) return st;
    if ((st = sg__struct_sum_outcome(s, out, 0, n, k, &win)) != SG_OK) return st;
    if (!win) return 0;
    if ((st = sg__struct_enter(s, pos, len)) != SG_OK) return st;
    f = n + 2;   /* the options' frame, above the components */
    for (i = 0; i < s->frames[n + 1]; i++, f += m + 1) {
        m = sg__struct_count(s, f);
        if ((st = sg__struct_sum_outcome(s, out, f + 1, m, k, &win)) != SG_OK) return st;
        if (!win) {
            *option = i;
            return 1;
        }
    }
    for (j = 0; j < k; j++) {
        if ((st = sg__struct_sum_outcome(s, out, 0, n, j, &win)) != SG_OK) return st;
        if (!win) {
            *option = SIZE_MAX;
            if (heap_to != NULL) *heap_to = j;
            return 1;
        }
    }
    return SG_EINVAL;   /* an N-position has a move to a P-position: the rule changed */
}

int sg_store_winning_move(sg_store_t *s, const void *pos, size_t len, sg_value_t k,
                          size_t *option, sg_value_t *heap_to)
{
    sg_moves_t out;
    int st = sg__store_args(s, pos, len, option);
    if (st != SG_OK) return st;
    if ((st = sg__store_begin(s, &out)) != SG_OK) return st;
    st = sg__store_winning(s, &out, sg__store_bytes(pos), len, k, option, heap_to);
    return sg__store_end(s, &out, st);
}

void sg__store_options_split(sg_store_t *s, int canonical)
{
    s->options_split = 1;
    s->options_canonical = canonical != 0;
}

int sg_store_set_game(sg_store_t *s, const char *game)
{
    size_t len;
    if (s == NULL) return SG_EINVAL;
    if (sg__keyed_busy(&s->core)) return SG_EBUSY;
    if (game == NULL || game[0] == '\0') {
        s->game[0] = '\0';
        return SG_OK;
    }
    len = strlen(game);
    if (!sg__store_game_ok(game, len)) return SG_EINVAL;
    memcpy(s->game, game, len + 1);
    return SG_OK;
}

const char *sg_store_game(const sg_store_t *s)
{
    return s != NULL ? s->game : "";
}

int sg_store_set_tick(sg_store_t *s, sg_store_tick_fn tick, void *user, uint64_t every)
{
    if (s == NULL) return SG_EINVAL;
    if (sg__keyed_busy(&s->core)) return SG_EBUSY;
    if (tick == NULL || every == 0) {
        tick = NULL;
        user = NULL;
        every = 0;
    }
    s->tick = tick;
    s->tick_user = user;
    s->tick_every = every;
    sg__store_tick_next(s);
    return SG_OK;
}

int sg_store_stats(const sg_store_t *s, sg_store_stats_t *stats)
{
    if (s == NULL || stats == NULL) return SG_EINVAL;
    stats->nodes = s->nodes;
    stats->hits = s->hits;
    stats->positions = s->npos;
    stats->bytes = s->core.mem.used;
    return SG_OK;
}
