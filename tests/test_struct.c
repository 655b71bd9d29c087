/* The structured store (sg_store_*): values, outcomes of G + *k and winning moves of random
 * games over byte strings, each against the plain brute force of test_struct_game.h, in every
 * combination of split, canonical form and options of several parts. */
#include "test_struct_game.h"

#define SEEDS 40
#define SAMPLES 25

static void test_free(void *user, void *ptr)
{
    (void)user;
    free(ptr);
}

static sg_store_t *make_store(sgt_game_t *g)
{
    sg_struct_rules_t r = sgt_rules(g);
    sg_store_t *s = NULL;
    CHECK_EQ(sg_store_create(&s, &r, g, NULL), SG_OK);
    return s;
}

/* Proves: every mode's values equal the brute force's, for the position as given. */
static void values_match_brute(void)
{
    unsigned seed, mode, i;
    for (seed = 0; seed < SEEDS; seed++) {
        sgt_game_t g;
        sgt_make(&g, seed);
        sgt_forget();
        for (mode = 0; mode < 12; mode++) {
            sg_store_t *s;
            g.split = (int)(mode % 3);
            g.canonical = (int)(mode / 3 % 2);
            g.parts = (int)(mode / 6);
            s = make_store(&g);
            sgt_rng = seed * 7919u + mode;
            for (i = 0; i < SAMPLES; i++) {
                unsigned char p[8];
                size_t n = sgt_position(p);
                sg_value_t v = 999;
                CHECK_EQ(sg_store_value(s, p, n, &v), SG_OK);
                CHECK_EQ(v, sgt_brute(&g, p, n));
            }
            sg_store_free(s);
        }
    }
}

/* Proves: the outcome of G + *k is N exactly when SG(G) != k, searched in a fresh store (no
 * value known: the pruned search alone) and in one whose values are known (the folding). */
static void outcomes_match_brute(void)
{
    unsigned seed, mode, i, k;
    for (seed = 0; seed < SEEDS; seed++) {
        sgt_game_t g;
        sgt_make(&g, seed + 1000);
        sgt_forget();
        for (mode = 0; mode < 12; mode++) {
            sg_store_t *fresh, *warm;
            g.split = (int)(mode % 3);
            g.canonical = (int)(mode / 3 % 2);
            g.parts = (int)(mode / 6);
            warm = make_store(&g);
            sgt_rng = seed * 104729u + mode;
            for (i = 0; i < SAMPLES; i++) {
                unsigned char p[8];
                size_t n = sgt_position(p);
                sg_value_t brute = sgt_brute(&g, p, n), v;
                fresh = make_store(&g);
                for (k = 0; k < 6; k++) {
                    int win = -1;
                    CHECK_EQ(sg_store_outcome(fresh, p, n, k, &win), SG_OK);
                    CHECK_EQ(win, brute != k);
                }
                sg_store_free(fresh);
                CHECK_EQ(sg_store_value(warm, p, n, &v), SG_OK);
                for (k = 0; k < 6; k++) {
                    int win = -1;
                    CHECK_EQ(sg_store_outcome(warm, p, n, k, &win), SG_OK);
                    CHECK_EQ(win, brute != k);
                }
            }
            sg_store_free(warm);
        }
    }
}

/* Proves: a winning move of G + *k leads to a P-position (checked by the brute force on the
 * option the index names, or on the heap it names), and 0 comes exactly for P-positions. */
static void winning_moves_are_right(void)
{
    unsigned seed, mode, i, k;
    for (seed = 0; seed < SEEDS; seed++) {
        sgt_game_t g;
        sgt_make(&g, seed + 2000);
        sgt_forget();
        for (mode = 0; mode < 12; mode++) {
            sg_store_t *s;
            g.split = (int)(mode % 3);
            g.canonical = (int)(mode / 3 % 2);
            g.parts = (int)(mode / 6);
            s = make_store(&g);
            sgt_rng = seed * 15485863u + mode;
            for (i = 0; i < SAMPLES; i++) {
                unsigned char p[8], opt[SG_MAXLEN + 2];
                size_t n = sgt_position(p), option = 12345, cut, m;
                sg_value_t brute = sgt_brute(&g, p, n);
                for (k = 0; k < 5; k++) {
                    sg_value_t heap = 777;
                    int r = sg_store_winning_move(s, p, n, k, &option, &heap);
                    CHECK_EQ(r, brute != k);
                    if (r != 1) continue;
                    if (option == SIZE_MAX) {
                        CHECK(heap < k);
                        CHECK_EQ(heap, brute);
                        continue;
                    }
                    m = sgt_option(&g, p, n, option, opt, &cut);
                    CHECK(m != SIZE_MAX);
                    if (m != SIZE_MAX) CHECK_EQ(sgt_brute(&g, opt, m), k);
                }
            }
            sg_store_free(s);
        }
    }
}

/* Proves: the empty position is 0 (NULL allowed for it), and a sum with the same component
 * twice (G + G = 0) folds right when only outcomes are asked. */
static void empty_and_doubled(void)
{
    sgt_game_t g;
    sg_store_t *s;
    unsigned char p[8];
    sg_value_t v = 9;
    int win = -1, mode;
    size_t option = 0;
    sgt_make(&g, 7);
    sgt_forget();
    s = make_store(&g);
    CHECK_EQ(sg_store_value(s, NULL, 0, &v), SG_OK);
    CHECK_EQ(v, 0);
    CHECK_EQ(sg_store_outcome(s, NULL, 0, 0, &win), SG_OK);
    CHECK_EQ(win, 0);
    CHECK_EQ(sg_store_outcome(s, "", 0, 3, &win), SG_OK);
    CHECK_EQ(win, 1);
    CHECK_EQ(sg_store_winning_move(s, NULL, 0, 0, &option, NULL), 0);
    sg_store_free(s);
    for (mode = 1; mode <= 2; mode++) {
        g.split = mode;
        g.canonical = 1;
        s = make_store(&g);
        p[0] = p[1] = 7;
        p[2] = 5;
        p[3] = 5;
        CHECK_EQ(sg_store_outcome(s, p, 4, 0, &win), SG_OK);
        CHECK_EQ(win, sgt_brute(&g, p, 4) != 0);
        CHECK_EQ(sg_store_outcome(s, p, 3, 1, &win), SG_OK);
        CHECK_EQ(win, sgt_brute(&g, p, 3) != 1);
        sg_store_free(s);
    }
}

/* Proves: the counts move as documented: nodes for rule calls, hits for answers from the
 * store, positions held, bytes held; a second query of the same position costs no node. */
static void stats_count(void)
{
    sgt_game_t g;
    sg_store_t *s;
    sg_store_stats_t a, b;
    unsigned char p[4] = {7, 6, 5, 7};
    sg_value_t v;
    sgt_make(&g, 11);
    g.split = 1;
    g.canonical = 1;
    s = make_store(&g);
    CHECK_EQ(sg_store_stats(s, &a), SG_OK);
    CHECK_EQ(a.nodes, 0);
    CHECK_EQ(a.positions, 0);
    CHECK_EQ(sg_store_value(s, p, 4, &v), SG_OK);
    CHECK_EQ(sg_store_stats(s, &a), SG_OK);
    CHECK(a.nodes > 0);
    CHECK_EQ(a.nodes, (uint64_t)g.calls);
    CHECK(a.positions > 0 && a.positions <= SG_TOK);
    CHECK(a.bytes > 0);
    CHECK_EQ(sg_store_value(s, p, 4, &v), SG_OK);
    CHECK_EQ(sg_store_stats(s, &b), SG_OK);
    CHECK_EQ(b.nodes, a.nodes);
    CHECK(b.hits >= a.hits + 4);
    CHECK_EQ(sg_store_stats(NULL, &b), SG_EINVAL);
    CHECK_EQ(sg_store_stats(s, NULL), SG_EINVAL);
    sg_store_free(s);
}

/* Proves: a position is held once however often the index of positions grows (it hashes the
 * bytes again when it does): the same queries asked again, after hundreds of positions were
 * added, add no position and call no rule. */
static void index_growth_keeps_positions(void)
{
    unsigned seed, i;
    for (seed = 0; seed < 8; seed++) {
        sgt_game_t g;
        sg_store_t *s;
        sg_store_stats_t a, b;
        unsigned char p[8];
        sg_value_t v;
        sgt_make(&g, seed + 500);
        s = make_store(&g);
        sgt_rng = seed;
        for (i = 0; i < 300; i++) {
            size_t n = sgt_position(p);
            CHECK_EQ(sg_store_value(s, p, n, &v), SG_OK);
        }
        CHECK_EQ(sg_store_stats(s, &a), SG_OK);
        CHECK(a.positions > 128);
        sgt_rng = seed;
        for (i = 0; i < 300; i++) {
            size_t n = sgt_position(p);
            CHECK_EQ(sg_store_value(s, p, n, &v), SG_OK);
        }
        CHECK_EQ(sg_store_stats(s, &b), SG_OK);
        CHECK_EQ(b.positions, a.positions);
        CHECK_EQ(b.nodes, a.nodes);
        sg_store_free(s);
    }
}

/* ---- the canonical-form cache ------------------------------------------------------------ */

typedef struct {
    sgt_game_t g;
    long canon_calls;
    long read;  /* options reported: each is one component read (no split) */
    int fail;   /* 1: the options callback leaves an option open (SG_EINVAL, a rollback) */
    long fail_after;   /* > 0: fail as above from that many options calls on */
} counted_t;

static int counted_options(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    counted_t *c = (counted_t *)user;
    unsigned char opt[SG_MAXLEN + 2];
    size_t cut, n = 0;
    if (c->fail || (c->fail_after > 0 && c->g.calls >= c->fail_after))
        return sg_parts_add(out, pos, len) != SG_OK;
    while (sgt_option(&c->g, pos, len, n, opt, &cut) != SIZE_MAX) n++;
    c->read += (long)n;
    return sgt_options(&c->g, pos, len, out);
}

static int counted_canonical(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    counted_t *c = (counted_t *)user;
    c->canon_calls++;
    return sgt_canonical(&c->g, pos, len, out);
}

static sg_store_t *counted_store(counted_t *c, uint64_t seed)
{
    sg_struct_rules_t r = {counted_options, NULL, counted_canonical};
    sg_store_t *s = NULL;
    memset(c, 0, sizeof *c);
    sgt_make(&c->g, seed);
    CHECK_EQ(sg_store_create(&s, &r, c, NULL), SG_OK);
    return s;
}

/* Proves: the store asks the rule for fewer canonical forms than it reads components (bytes
 * seen before are looked up), and a second query of the same position asks for at most one. */
static void canonical_forms_are_cached(void)
{
    counted_t c;
    unsigned char p[3] = {7, 3, 6};
    sg_value_t v = 99, w = 99;
    long calls;
    sg_store_t *s = counted_store(&c, 5);
    sgt_forget();
    CHECK_EQ(sg_store_value(s, p, 3, &v), SG_OK);
    CHECK_EQ(v, sgt_brute(&c.g, p, 3));
    calls = c.canon_calls;
    CHECK(calls > 0);
    CHECK(calls < 1 + c.read);   /* the position, then each option read */
    CHECK_EQ(sg_store_value(s, p, 3, &w), SG_OK);
    CHECK_EQ(w, v);
    CHECK(c.canon_calls <= calls + 1);
    sg_store_free(s);
}

/* Proves: a failed query's rollback takes its positions out of the canonical-form cache too:
 * bytes first seen by a query that failed, whose id a later query gave to other bytes, get
 * their own value afterwards (a cache that kept them would answer with the other's). */
static void cache_forgets_rolled_back_positions(void)
{
    unsigned seed, found = 0;
    for (seed = 0; seed < 60 && !found; seed++) {
        counted_t c;
        unsigned char p[2], q[2];
        sg_value_t vp, vq, v = 99;
        sg_store_t *s = counted_store(&c, seed);
        sgt_forget();
        p[0] = 7, p[1] = 5;
        q[0] = (unsigned char)(seed % 7), q[1] = 6;
        vp = sgt_brute(&c.g, p, 2);
        vq = sgt_brute(&c.g, q, 2);
        if (vp != vq) {
            found = 1;
            c.fail = 1;
            CHECK_EQ(sg_store_value(s, p, 2, &v), SG_EINVAL);   /* p's form got id 0, taken back */
            c.fail = 0;
            CHECK_EQ(sg_store_value(s, q, 2, &v), SG_OK);      /* q's form gets id 0 */
            CHECK_EQ(v, vq);
            CHECK_EQ(sg_store_value(s, p, 2, &v), SG_OK);
            CHECK_EQ(v, vp);
        }
        sg_store_free(s);
    }
    CHECK(found);
}

/* Proves: a failed query's rollback forgets the values it found for the positions it added:
 * a search that valued some of its new positions and then failed, followed by queries whose
 * positions take the same ids, gets every value right (a value kept beside a position that
 * was taken back would be read for the position given its id next). */
static void values_forget_rolled_back_positions(void)
{
    unsigned seed, i, valued = 0;
    for (seed = 0; seed < 40; seed++) {
        counted_t c;
        unsigned char p[4] = {7, 7, 6, 5}, q[8];
        sg_value_t v = 99;
        sg_store_stats_t st;
        sg_store_t *s = counted_store(&c, seed + 300);
        sgt_forget();
        c.fail_after = 6;
        CHECK_EQ(sg_store_value(s, p, 4, &v), SG_EINVAL);
        CHECK_EQ(sg_store_stats(s, &st), SG_OK);
        CHECK_EQ(st.positions, 0);
        valued += c.g.calls >= 6;
        c.fail_after = 0;
        sgt_rng = seed;
        for (i = 0; i < 20; i++) {
            size_t n = sgt_position(q);
            CHECK_EQ(sg_store_value(s, q, n, &v), SG_OK);
            CHECK_EQ(v, sgt_brute(&c.g, q, n));
        }
        CHECK_EQ(sg_store_value(s, p, 4, &v), SG_OK);
        CHECK_EQ(v, sgt_brute(&c.g, p, 4));
        sg_store_free(s);
    }
    CHECK(valued > 20);
}

/* Proves: bad arguments get SG_EINVAL and leave the outputs alone. */
static void bad_arguments(void)
{
    sgt_game_t g;
    sg_struct_rules_t r = {NULL, NULL, NULL};
    sg_store_t *s = (sg_store_t *)&g;
    sg_value_t v = 5;
    int win = 5;
    size_t option = 5;
    sg_memory_t half = {{NULL, NULL, NULL}, 0};
    sgt_make(&g, 1);
    CHECK_EQ(sg_store_create(NULL, &r, NULL, NULL), SG_EINVAL);
    CHECK_EQ(sg_store_create(&s, NULL, NULL, NULL), SG_EINVAL);
    CHECK(s == NULL);
    CHECK_EQ(sg_store_create(&s, &r, NULL, NULL), SG_EINVAL);
    r = sgt_rules(&g);
    half.allocator.free = test_free;
    CHECK_EQ(sg_store_create(&s, &r, NULL, &half), SG_EINVAL);
    CHECK_EQ(sg_store_create(&s, &r, &g, NULL), SG_OK);
    CHECK_EQ(sg_store_value(NULL, "", 0, &v), SG_EINVAL);
    CHECK_EQ(sg_store_value(s, NULL, 1, &v), SG_EINVAL);
    CHECK_EQ(sg_store_value(s, "", 0, NULL), SG_EINVAL);
    CHECK_EQ(sg_store_outcome(s, NULL, 2, 0, &win), SG_EINVAL);
    CHECK_EQ(sg_store_outcome(s, "", 0, 0, NULL), SG_EINVAL);
    CHECK_EQ(sg_store_winning_move(s, "", 0, 0, NULL, NULL), SG_EINVAL);
    CHECK_EQ(sg_store_winning_move(NULL, "", 0, 0, &option, NULL), SG_EINVAL);
    CHECK_EQ(v, 5);
    CHECK_EQ(win, 5);
    CHECK_EQ(option, 5);
    CHECK_EQ(sg_parts_add(NULL, "", 0), SG_EINVAL);
    CHECK_EQ(sg_parts_end(NULL), SG_EINVAL);
    sg_store_free(s);
    sg_store_free(NULL);
}

int main(void)
{
    RUN(values_match_brute);
    RUN(outcomes_match_brute);
    RUN(winning_moves_are_right);
    RUN(empty_and_doubled);
    RUN(stats_count);
    RUN(index_growth_keeps_positions);
    RUN(bad_arguments);
    RUN(canonical_forms_are_cached);
    RUN(cache_forgets_rolled_back_positions);
    RUN(values_forget_rolled_back_positions);
    free(sgt_memo);
    return TEST_REPORT();
}
