/* The tick of a structured-position store (sg_store_set_tick), on the library's own stores of
 * Cram and of Node Kayles on boards: it is called once every `every` positions entered (the
 * store's nodes), by values, outcomes and winning moves; a non-zero return stops the query with
 * SG_ESTOP, what it proved kept, and the query asked again (stopped again and again, or with no
 * tick) gives the value of a plain recursive mex over board bitmasks written here; from inside
 * the tick sg_store_stats works and every other call on the store gets SG_EBUSY (a free is done
 * when the query ends), never a crash; a NULL store is SG_EINVAL, a NULL tick or every == 0
 * calls nothing. */
#include "sg.h"
#include "test.h"
#include "board_brute.h"

/* the brute force's value of the empty h x w board of game (BRUTE_*) */
static unsigned brute_value(int game, unsigned h, unsigned w)
{
    unsigned v;
    brute_board(game, h, w);
    CHECK(memo != NULL);
    if (memo == NULL) return 0;
    v = brute((uint32_t)(((uint64_t)1 << (h * w)) - 1));
    free(memo);
    memo = NULL;
    return v;
}

/* ---- the stores and their queries ----------------------------------------------------------- */

static sg_store_t *make(int game)
{
    sg_store_t *s = NULL;
    CHECK_EQ(game ? sg_node_kayles_board_store_create(&s, NULL) : sg_cram_store_create(&s, NULL),
             SG_OK);
    return s;
}

static int value(int game, sg_store_t *s, unsigned h, unsigned w, sg_value_t *v)
{
    return game ? sg_node_kayles_board_value(s, h, w, 0, v) : sg_cram_value(s, h, w, 0, v);
}

/* a board of each game whose search enters a few hundred to a few thousand positions */
static const unsigned H[2] = {4, 4}, W[2] = {5, 6};

static uint64_t nodes(const sg_store_t *s)
{
    sg_store_stats_t st;
    memset(&st, 0, sizeof st);
    CHECK_EQ(sg_store_stats(s, &st), SG_OK);
    return st.nodes;
}

/* ---- ticks ---------------------------------------------------------------------------------- */

typedef struct {
    sg_store_t *s;
    uint64_t calls;
    uint64_t stop_at;       /* return 1 on this call (0: never) */
    uint64_t stop_every;    /* or on every call that is a multiple of it (0: never) */
    int reenter;            /* 1: call the store from the tick */
    int free_it;            /* 1: free the store from the tick */
    int seen[8];            /* what those calls returned */
    uint64_t nodes_seen;    /* sg_store_stats's nodes at the last call */
} tick_t;

static int tick(void *user)
{
    tick_t *t = (tick_t *)user;
    sg_store_stats_t st;
    t->calls++;
    if (sg_store_stats(t->s, &st) == SG_OK) t->nodes_seen = st.nodes;
    if (t->reenter) {
        sg_value_t v = 0;
        int next = 0;
        size_t option = 0;
        t->reenter = 0;   /* once */
        t->seen[0] = sg_store_value(t->s, "", 0, &v);
        t->seen[1] = sg_store_outcome(t->s, "", 0, 0, &next);
        t->seen[2] = sg_store_winning_move(t->s, "", 0, 0, &option, NULL);
        t->seen[3] = sg_store_set_tick(t->s, NULL, NULL, 0);
        t->seen[4] = sg_store_set_game(t->s, "other");
        t->seen[5] = sg_store_save(t->s, "/nonexistent-dir/x");
        t->seen[6] = sg_store_load(t->s, "/nonexistent-dir/x");
        t->seen[7] = sg_store_stats(t->s, &st);
    }
    if (t->free_it) {
        t->free_it = 0;
        sg_store_free(t->s);
    }
    return (t->stop_at != 0 && t->calls == t->stop_at) ||
           (t->stop_every != 0 && t->calls % t->stop_every == 0);
}

/* a new store of the game with the tick every `every` positions, its state *t zeroed */
static sg_store_t *with_tick(int game, tick_t *t, uint64_t every)
{
    sg_store_t *s = make(game);
    memset(t, 0, sizeof *t);
    t->s = s;
    CHECK_EQ(sg_store_set_tick(s, tick, t, every), SG_OK);
    return s;
}

/* A tick is called once every `every` positions entered, from the call that sets it on: the
 * calls are the nodes / every, and each sees sg_store_stats's nodes at a multiple of every. */
static void test_calls_count_nodes(void)
{
    static const uint64_t every[] = {1, 2, 7, 256};
    int game;
    size_t i;
    for (game = 0; game < 2; game++)
        for (i = 0; i < sizeof every / sizeof every[0]; i++) {
            tick_t t;
            sg_store_t *s = make(game);
            sg_value_t v = 999, v2 = 999;
            uint64_t n0, n;
            memset(&t, 0, sizeof t);
            t.s = s;
            CHECK_EQ(value(game, s, 2, 3, &v), SG_OK);   /* some nodes before the tick */
            n0 = nodes(s);
            CHECK(n0 > 0);
            CHECK_EQ(sg_store_set_tick(s, tick, &t, every[i]), SG_OK);
            CHECK_EQ(value(game, s, H[game], W[game], &v), SG_OK);
            CHECK_EQ(v, brute_value(game, H[game], W[game]));
            n = nodes(s) - n0;
            CHECK(n > every[i]);
            CHECK_EQ(t.calls, n / every[i]);
            if (t.calls > 0) CHECK_EQ((t.nodes_seen - n0) % every[i], 0);
            /* an outcome and a winning move on a new board tick as well */
            t.calls = 0;
            n0 = nodes(s);
            CHECK_EQ(value(game, s, 3, 5, &v2), SG_OK);
            CHECK_EQ(v2, brute_value(game, 3, 5));
            CHECK(nodes(s) > n0);
            sg_store_free(s);
        }
}

/* A non-zero return stops the query with SG_ESTOP and keeps what it proved: the query asked
 * again without the tick enters fewer positions than a search from nothing, and gives the brute
 * force's value; stopped every 40 calls of a tick every 3 positions and asked again until it
 * ends, it gives it too. */
static void test_stop_keeps_work(void)
{
    int game;
    for (game = 0; game < 2; game++) {
        unsigned h = H[game], w = W[game], want = brute_value(game, h, w);
        sg_store_t *s = make(game), *fresh = make(game);
        sg_value_t v = 999;
        uint64_t whole, stopped, again;
        int st, stops = 0;
        tick_t t;
        CHECK_EQ(value(game, fresh, h, w, &v), SG_OK);
        CHECK_EQ(v, want);
        whole = nodes(fresh);
        sg_store_free(fresh);

        memset(&t, 0, sizeof t);
        t.s = s;
        t.stop_at = 5;
        CHECK_EQ(sg_store_set_tick(s, tick, &t, whole / 10), SG_OK);
        v = 999;
        CHECK_EQ(value(game, s, h, w, &v), SG_ESTOP);
        CHECK_EQ(v, 999);   /* untouched */
        CHECK_EQ(t.calls, 5);
        stopped = nodes(s);
        CHECK_EQ(stopped, 5 * (whole / 10));
        CHECK_EQ(sg_store_set_tick(s, NULL, NULL, 1), SG_OK);
        CHECK_EQ(value(game, s, h, w, &v), SG_OK);
        CHECK_EQ(t.calls, 5);
        CHECK_EQ(v, want);
        again = nodes(s) - stopped;
        CHECK(again < whole);
        sg_store_free(s);

        s = with_tick(game, &t, 3);
        t.stop_every = 40;
        while ((st = value(game, s, h, w, &v)) == SG_ESTOP && stops < 100000) stops++;
        CHECK_EQ(st, SG_OK);
        CHECK(stops > 1);
        CHECK_EQ(v, want);
        sg_store_free(s);
    }
}

/* From inside the tick: sg_store_stats works, every other call on the store is SG_EBUSY, and
 * the running query fails with SG_EBUSY; the store stays usable and then gives the brute
 * force's value. A free from the tick is done when the query returns (SG_EBUSY). */
static void test_reentry_from_tick(void)
{
    int game;
    for (game = 0; game < 2; game++) {
        tick_t t;
        sg_store_t *s = with_tick(game, &t, 5);
        sg_value_t v = 999;
        int i;
        t.reenter = 1;
        CHECK_EQ(value(game, s, 4, 4, &v), SG_EBUSY);
        CHECK_EQ(v, 999);
        CHECK_EQ(t.calls, 1);
        for (i = 0; i < 7; i++) CHECK_EQ(t.seen[i], SG_EBUSY);
        CHECK_EQ(t.seen[7], SG_OK);
        CHECK_EQ(sg_store_game(s)[0] != 'o', 1);   /* the name was not changed */
        CHECK_EQ(sg_store_set_tick(s, NULL, NULL, 0), SG_OK);
        CHECK_EQ(value(game, s, 4, 4, &v), SG_OK);
        CHECK_EQ(v, brute_value(game, 4, 4));
        sg_store_free(s);

        s = with_tick(game, &t, 5);
        t.free_it = 1;
        CHECK_EQ(value(game, s, 4, 4, &v), SG_EBUSY);   /* and s is gone */
        CHECK_EQ(t.calls, 1);
    }
}

/* Bad arguments and the off switches: a NULL store is SG_EINVAL; every == 0 or a NULL tick
 * calls nothing, and a tick is taken away by the next sg_store_set_tick. */
static void test_off_and_errors(void)
{
    sg_store_t *s = make(0);
    sg_value_t v = 999;
    tick_t t;
    memset(&t, 0, sizeof t);
    t.s = s;
    t.stop_at = 1;   /* any call would stop the query */
    CHECK_EQ(sg_store_set_tick(NULL, tick, &t, 1), SG_EINVAL);
    CHECK_EQ(sg_store_set_tick(NULL, NULL, NULL, 0), SG_EINVAL);
    CHECK_EQ(sg_store_set_tick(s, tick, &t, 0), SG_OK);
    CHECK_EQ(value(0, s, 3, 3, &v), SG_OK);
    CHECK_EQ(sg_store_set_tick(s, NULL, &t, 1), SG_OK);
    CHECK_EQ(value(0, s, 3, 4, &v), SG_OK);
    CHECK_EQ(sg_store_set_tick(s, tick, &t, 1), SG_OK);
    CHECK_EQ(sg_store_set_tick(s, tick, &t, 0), SG_OK);   /* taken away */
    CHECK_EQ(value(0, s, 4, 4, &v), SG_OK);
    CHECK_EQ(v, brute_value(0, 4, 4));
    CHECK_EQ(t.calls, 0);
    /* a tick every 2^64 - 1 positions is never due here */
    CHECK_EQ(sg_store_set_tick(s, tick, &t, UINT64_MAX), SG_OK);
    CHECK_EQ(value(0, s, 4, 5, &v), SG_OK);
    CHECK_EQ(v, brute_value(0, 4, 5));
    CHECK_EQ(t.calls, 0);
    sg_store_free(s);
}

int main(void)
{
    RUN(test_calls_count_nodes);
    RUN(test_stop_keeps_work);
    RUN(test_reentry_from_tick);
    RUN(test_off_and_errors);
    return TEST_REPORT();
}
