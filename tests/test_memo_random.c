/* The memo against the recursive definition on random games (randgame.h): every query's value
 * or status (SG_ELOOP, SG_ESTOP) is the brute force's, with the default allocator or a counting
 * one; then the same games with a budget of rule calls per query, so that searches stop halfway
 * and finished values and unfinished keys mix in the table. */
#include "memo_test.h"
#include "randgame.h"

/* ---- random games against the definition ------------------------------------------------- */

static rg_game_t game;
static rg_brute_t brute;
static size_t random_graphs, random_queries, by_status[8];

/* The random games again, with a budget of rule calls per query, so that most searches stop
 * halfway and leave finished values and unfinished keys mixed in the table (small tables:
 * clusters wrap around their end). After every query, the values stored are exactly those
 * answered without a rule call, as many as sg_memo_count says, each the definition's. */
typedef struct {
    rg_game_t *g;
    uint64_t left;
} rg_budget_t;

static int rule_rg_budget(void *user, uint64_t key, sg_moves_t *out)
{
    rg_budget_t *b = (rg_budget_t *)user;
    if (b->left == 0) return 1;
    b->left--;
    return rg_rule(b->g, key, out);
}

static void check_budget_random(const rg_params_t *p)
{
    sg_memo_t *m = NULL;
    rg_budget_t bud;
    size_t q;
    rg_generate(&game, p);
    game.keyed = 1;
    rg_brute_init(&brute, &game, game.n, 1);
    bud.g = &game;
    CHECK_EQ(sg_memo_create(&m, rule_rg_budget, &bud), SG_OK);
    if (m == NULL) return;
    for (q = 0; q < 3 * game.n; q++) {
        uint32_t i = (uint32_t)test_below(game.n), j;
        sg_value_t v = 0;
        uint64_t stored = 0;
        int st;
        CHECK_EQ(rg_query(&brute, i), 0);
        bud.left = test_below(2 * game.n + 2);
        st = sg_memo_value(m, rg_key(i), &v);
        CHECK(st == SG_OK || st == SG_ESTOP);
        if (st == SG_OK) CHECK_EQ(v, brute.val[i]);
        bud.left = 0;
        for (j = 0; j <= game.n; j++) {
            uint64_t key = j < game.n ? rg_key(j) : rg_pos(&game, RG_FAR);
            v = 0xabcdef;
            st = sg_memo_value(m, key, &v);
            if (st == SG_OK) {
                stored++;
                CHECK_EQ(v, j < game.n ? brute.val[j] : 0);
            } else {
                CHECK_EQ(st, SG_ESTOP);
            }
        }
        CHECK_EQ(sg_memo_count(m), stored);
    }
    sg_memo_free(m);
}

static void test_budget_random(void)
{
    size_t rep;
    for (rep = 0; rep < 1500; rep++) {
        rg_params_t p;
        memset(&p, 0, sizeof p);
        p.n = 1 + (size_t)test_below(rep % 20 == 0 ? 300 : 32);
        p.maxopt = (size_t)test_below(5);
        p.order = (int)test_below(3);
        p.far = (unsigned)test_below(30);
        check_budget_random(&p);
    }
}

static void check_random(const rg_params_t *p)
{
    sg_memo_t *m = NULL;
    counter_t c;
    sg_allocator_t a = make_allocator(&c);
    size_t q, nq;
    uint64_t prev_count = 0;
    rg_generate(&game, p);
    game.keyed = 1;
    rg_brute_init(&brute, &game, game.n, 1);
    CHECK_EQ(sg_memo_create_ex(&m, rg_rule, &game, 0, test_below(2) ? &a : NULL), SG_OK);
    if (m == NULL) return;
    nq = 1 + (size_t)test_below(2 * game.n);
    for (q = 0; q < nq; q++) {
        uint32_t i = (uint32_t)test_below(game.n);
        sg_value_t v = 0xabcdef;
        unsigned flags = rg_query(&brute, i);
        int st = sg_memo_value(m, rg_key(i), &v);
        if (!rg_status_ok(flags, st)) {
            fprintf(stderr, "n=%zu node=%u flags=%u status=%d\n", game.n, i, flags, st);
            CHECK(rg_status_ok(flags, st));
        }
        if (st == SG_OK) CHECK_EQ(v, brute.val[i]);
        else CHECK_EQ(v, 0xabcdef);
        /* values only accumulate */
        CHECK(sg_memo_count(m) >= prev_count);
        prev_count = sg_memo_count(m);
        random_queries++;
        by_status[-st & 7]++;
    }
    /* the memo holds values of nodes and of keys that are no node (FAR) only */
    CHECK(sg_memo_count(m) <= game.n + 1);
    sg_memo_free(m);
    CHECK_EQ(c.live, 0);
    CHECK_EQ(c.bytes, 0);
    random_graphs++;
}

static void test_random(void)
{
    size_t rep;
    for (rep = 0; rep < 5000; rep++) {
        rg_params_t p;
        int mode = (int)(rep % 5);
        memset(&p, 0, sizeof p);
        p.n = 1 + (size_t)test_below(rep % 50 == 0 ? RG_MAXN : 40);
        p.maxopt = (size_t)test_below(7);
        p.order = (int)test_below(3);
        p.far = (unsigned)test_below(30);
        switch (mode) {
        case 0: case 1: break;
        case 2: p.cycles = 1 + (unsigned)test_below(6); break;
        case 3: p.stops = 1 + (unsigned)test_below(80); break;
        default:
            p.cycles = (unsigned)test_below(4);
            p.stops = (unsigned)test_below(40);
            break;
        }
        check_random(&p);
    }
}

int main(void)
{
    RUN(test_random);
    RUN(test_budget_random);
    printf("memo: %zu random games, %zu queries (%zu ok, %zu ELOOP, %zu ESTOP)\n",
           random_graphs, random_queries, by_status[0], by_status[4], by_status[5]);
    return TEST_REPORT();
}
