/* The memo over 64-bit keys: arguments, known games, random games against the recursive
 * definition, cycles, stops, the memory cap, allocators, a 3,000,000-position chain, and a rule
 * that asks or frees its own memo (refused with SG_EBUSY; never a wrong value, never a use of
 * freed memory). */
#include "sg.h"
#include "test.h"
#include "randgame.h"

static size_t cases;

static int rule_none(void *user, uint64_t p, sg_moves_t *out)
{
    (void)user;
    (void)p;
    (void)out;
    return 0;
}

/* ---- a counting allocator, which can be told to fail ------------------------------------ */

typedef struct {
    size_t live, bytes, calls, frees;
    size_t fail_at;   /* fail the allocation with this call number (1-based); 0: never */
    int fail_all;
} counter_t;

static void *count_alloc(void *user, size_t size)
{
    counter_t *c = (counter_t *)user;
    size_t *p;
    c->calls++;
    if (c->fail_all || c->calls == c->fail_at) return NULL;
    p = (size_t *)malloc(size + sizeof(size_t) * 2);
    if (p == NULL) return NULL;
    p[0] = size;
    c->live++;
    c->bytes += size;
    return p + 2;
}

static void count_free(void *user, void *ptr)
{
    counter_t *c = (counter_t *)user;
    size_t *p;
    if (ptr == NULL) return;
    p = (size_t *)ptr - 2;
    c->live--;
    c->bytes -= p[0];
    c->frees++;
    free(p);
}

static sg_allocator_t make_allocator(counter_t *c)
{
    sg_allocator_t a;
    memset(c, 0, sizeof *c);
    a.alloc = count_alloc;
    a.free = count_free;
    a.user = c;
    return a;
}

static void test_arguments(void)
{
    sg_memo_t *m = (sg_memo_t *)&m;
    sg_value_t v = 77;
    sg_allocator_t a;
    counter_t c;
    CHECK_EQ(sg_memo_create(NULL, rule_none, NULL), SG_EINVAL);
    CHECK_EQ(sg_memo_create(&m, NULL, NULL), SG_EINVAL);
    CHECK(m == NULL);
    CHECK_EQ(sg_memo_create_ex(NULL, rule_none, NULL, 0, NULL), SG_EINVAL);
    m = (sg_memo_t *)&m;
    CHECK_EQ(sg_memo_create_ex(&m, NULL, NULL, 0, NULL), SG_EINVAL);
    CHECK(m == NULL);
    a = make_allocator(&c);
    a.alloc = NULL;
    CHECK_EQ(sg_memo_create_ex(&m, rule_none, NULL, 0, &a), SG_EINVAL);
    CHECK(m == NULL);
    a = make_allocator(&c);
    a.free = NULL;
    CHECK_EQ(sg_memo_create_ex(&m, rule_none, NULL, 0, &a), SG_EINVAL);
    CHECK_EQ(c.calls, 0);
    /* a cap too small for the memo itself, an allocator that fails at once */
    CHECK_EQ(sg_memo_create_ex(&m, rule_none, NULL, 1, NULL), SG_ENOMEM);
    CHECK(m == NULL);
    a = make_allocator(&c);
    c.fail_all = 1;
    CHECK_EQ(sg_memo_create_ex(&m, rule_none, NULL, 0, &a), SG_ENOMEM);
    CHECK(m == NULL);
    CHECK_EQ(c.live, 0);

    CHECK_EQ(sg_memo_value(NULL, 0, &v), SG_EINVAL);
    CHECK_EQ(sg_memo_count(NULL), 0);
    CHECK_EQ(sg_memo_bytes(NULL), 0);
    sg_memo_free(NULL);
    CHECK_EQ(sg_memo_create(&m, rule_none, NULL), SG_OK);
    CHECK(m != NULL);
    if (m == NULL) return;
    CHECK_EQ(sg_memo_value(m, 5, NULL), SG_EINVAL);
    CHECK_EQ(sg_memo_count(m), 0);
    CHECK(sg_memo_bytes(m) > 0);
    CHECK_EQ(sg_memo_value(m, UINT64_MAX, &v), SG_OK);
    CHECK_EQ(v, 0);
    CHECK_EQ(sg_memo_count(m), 1);
    CHECK_EQ(sg_memo_value(m, 0, &v), SG_OK);
    CHECK_EQ(sg_memo_count(m), 2);
    CHECK_EQ(sg_memo_value(m, UINT64_MAX, &v), SG_OK);
    CHECK_EQ(sg_memo_count(m), 2);
    sg_memo_free(m);
}

/* ---- Wythoff's game: keys x << 32 | y ------------------------------------------------------ */

#define WY 48

static int rule_wythoff(void *user, uint64_t key, sg_moves_t *out)
{
    uint64_t x = key >> 32, y = key & 0xffffffffu, k;
    (void)user;
    for (k = 1; k <= x; k++) sg_move_to(out, (x - k) << 32 | y);
    for (k = 1; k <= y; k++) sg_move_to(out, x << 32 | (y - k));
    for (k = 1; k <= x && k <= y; k++) sg_move_to(out, (x - k) << 32 | (y - k));
    return 0;
}

static void test_wythoff(void)
{
    static sg_value_t b[WY][WY];
    sg_memo_t *m = NULL;
    unsigned x, y, k;
    /* the definition: a plain loop over the options of (x, y) */
    for (x = 0; x < WY; x++)
        for (y = 0; y < WY; y++) {
            unsigned char seen[3 * WY + 2];
            sg_value_t v = 0;
            memset(seen, 0, sizeof seen);
            for (k = 1; k <= x; k++) seen[b[x - k][y]] = 1;
            for (k = 1; k <= y; k++) seen[b[x][y - k]] = 1;
            for (k = 1; k <= x && k <= y; k++) seen[b[x - k][y - k]] = 1;
            while (seen[v]) v++;
            b[x][y] = v;
        }
    CHECK_EQ(sg_memo_create(&m, rule_wythoff, NULL), SG_OK);
    if (m == NULL) return;
    /* queries from the top down first: everything below comes in one search */
    for (x = WY; x-- > 0;)
        for (y = WY; y-- > 0;) {
            sg_value_t v = 0xffff;
            CHECK_EQ(sg_memo_value(m, (uint64_t)x << 32 | y, &v), SG_OK);
            CHECK_EQ(v, b[x][y]);
            cases++;
        }
    CHECK_EQ(sg_memo_count(m), WY * WY);
    /* P-positions (Wythoff 1907): {floor(k*phi), floor(k*phi) + k}; phi*k by integer search:
     * a_k is the least integer not among the a_j, b_j for j < k */
    {
        unsigned char used[4 * WY];
        unsigned a = 0;
        memset(used, 0, sizeof used);
        for (k = 0;; k++) {
            while (used[a]) a++;
            if (a + k >= WY) break;
            used[a] = used[a + k] = 1;
            CHECK_EQ(b[a][a + k], 0);
            CHECK_EQ(b[a + k][a], 0);
        }
        for (x = 0; x < WY; x++)
            for (y = 0; y < WY; y++) {
                int p = 0;
                unsigned aa = 0;
                unsigned char u2[4 * WY];
                memset(u2, 0, sizeof u2);
                for (k = 0; aa + k < 2 * WY; k++) {
                    while (u2[aa]) aa++;
                    u2[aa] = u2[aa + k] = 1;
                    if ((x == aa && y == aa + k) || (y == aa && x == aa + k)) p = 1;
                }
                CHECK_EQ(b[x][y] == 0, p);
            }
    }
    sg_memo_free(m);
}

/* A rule with a budget of calls (a time limit): it stops when the budget is spent. Each query
 * is repeated with a fresh budget until it succeeds; finished values survive the stops, so it
 * does, and every value is the definition's. */
typedef struct {
    uint64_t left;
} budget_t;

static int rule_wythoff_budget(void *user, uint64_t key, sg_moves_t *out)
{
    budget_t *b = (budget_t *)user;
    if (b->left == 0) return 1;
    b->left--;
    return rule_wythoff(NULL, key, out);
}

#define WB 62

static void test_budget(void)
{
    static sg_value_t b[WB][WB];
    sg_memo_t *m = NULL;
    budget_t bud;
    unsigned x, y, k, stops = 0;
    static unsigned char seen[3 * WB + 2];
    for (x = 0; x < WB; x++)
        for (y = 0; y < WB; y++) {
            sg_value_t v = 0;
            memset(seen, 0, sizeof seen);
            for (k = 1; k <= x; k++) seen[b[x - k][y]] = 1;
            for (k = 1; k <= y; k++) seen[b[x][y - k]] = 1;
            for (k = 1; k <= x && k <= y; k++) seen[b[x - k][y - k]] = 1;
            while (seen[v]) v++;
            b[x][y] = v;
        }
    CHECK_EQ(sg_memo_create(&m, rule_wythoff_budget, &bud), SG_OK);
    if (m == NULL) return;
    for (k = 0; k < 300; k++) {
        uint64_t key;
        sg_value_t v = 0;
        int st, tries = 0;
        x = (unsigned)test_below(WB);
        y = (unsigned)test_below(WB);
        key = (uint64_t)x << 32 | y;
        do {
            bud.left = 1 + test_below(100);
            st = sg_memo_value(m, key, &v);
            stops += st == SG_ESTOP;
        } while (st == SG_ESTOP && ++tries < 100000);
        CHECK_EQ(st, SG_OK);
        CHECK_EQ(v, b[x][y]);
    }
    for (x = 0; x < WB; x += 7)
        for (y = 0; y < WB; y += 5) {
            sg_value_t v = 0;
            int st;
            do {
                bud.left = 1000;
                st = sg_memo_value(m, (uint64_t)x << 32 | y, &v);
            } while (st == SG_ESTOP);
            CHECK_EQ(st, SG_OK);
            CHECK_EQ(v, b[x][y]);
        }
    CHECK(sg_memo_count(m) <= WB * WB);
    /* everything, still in short steps; then every value is stored exactly once and found
     * again without a single rule call (a stored value lost by the clean-up of a stopped
     * search would be computed again, or counted twice) */
    for (x = 0; x < WB; x++)
        for (y = 0; y < WB; y++) {
            sg_value_t v = 0;
            int st;
            do {
                bud.left = 1 + test_below(40);
                st = sg_memo_value(m, (uint64_t)x << 32 | y, &v);
                stops += st == SG_ESTOP;
            } while (st == SG_ESTOP);
            CHECK_EQ(st, SG_OK);
            CHECK_EQ(v, b[x][y]);
        }
    CHECK_EQ(sg_memo_count(m), WB * WB);
    CHECK(stops > 50);
    bud.left = 0;
    for (x = 0; x < WB; x++)
        for (y = 0; y < WB; y++) {
            sg_value_t v = 0;
            CHECK_EQ(sg_memo_value(m, (uint64_t)x << 32 | y, &v), SG_OK);
            CHECK_EQ(v, b[x][y]);
        }
    CHECK_EQ(sg_memo_count(m), WB * WB);
    /* the thousands of stopped searches left nothing behind: the memo holds as much as one
     * that computed the same values without a stop */
    {
        sg_memo_t *fresh = NULL;
        sg_value_t v = 0;
        CHECK_EQ(sg_memo_create(&fresh, rule_wythoff, NULL), SG_OK);
        if (fresh != NULL) {
            CHECK_EQ(sg_memo_value(fresh, (uint64_t)(WB - 1) << 32 | (WB - 1), &v), SG_OK);
            CHECK_EQ(sg_memo_count(fresh), WB * WB);
            CHECK_EQ(sg_memo_bytes(m), sg_memo_bytes(fresh));
        }
        sg_memo_free(fresh);
    }
    sg_memo_free(m);
    cases += 300;
}

/* Two interleaved chains over spread keys: i -> i-2 (SG(i) = (i / 2) mod 2). The even chain is
 * stored first; then many searches of the odd chain stop halfway, so their unfinished keys are
 * removed from clusters full of stored even keys. Every stored value must stay findable: with
 * a budget of 0 rule calls each even key is still answered, and none is stored twice. */
#define TWO 20000u

static int rule_two_chains(void *user, uint64_t key, sg_moves_t *out)
{
    budget_t *b = (budget_t *)user;
    uint64_t i = (key - RG_OFF) * rg_mul_inverse();
    if (b->left == 0) return 1;
    b->left--;
    if (i >= 2 && i < TWO) sg_move_to(out, rg_key(i - 2));
    return 0;
}

static void test_stopped_searches(void)
{
    sg_memo_t *m = NULL;
    budget_t bud;
    sg_value_t v = 0;
    uint64_t i;
    int rep;
    CHECK_EQ(sg_memo_create(&m, rule_two_chains, &bud), SG_OK);
    if (m == NULL) return;
    bud.left = UINT64_MAX;
    CHECK_EQ(sg_memo_value(m, rg_key(TWO - 2), &v), SG_OK);
    CHECK_EQ(sg_memo_count(m), TWO / 2);
    for (rep = 0; rep < 40; rep++) {
        /* never enough to enter all TWO/2 odd keys: nothing of the odd chain is finished */
        bud.left = 1 + test_below(TWO / 2 - 1);
        CHECK_EQ(sg_memo_value(m, rg_key(TWO - 1), &v), SG_ESTOP);
        CHECK_EQ(sg_memo_count(m), TWO / 2);
    }
    bud.left = 0;
    for (i = 0; i < TWO; i += 2) {
        v = 9;
        CHECK_EQ(sg_memo_value(m, rg_key(i), &v), SG_OK);
        CHECK_EQ(v, (i / 2) % 2);
    }
    CHECK_EQ(sg_memo_count(m), TWO / 2);
    bud.left = UINT64_MAX;
    CHECK_EQ(sg_memo_value(m, rg_key(TWO - 1), &v), SG_OK);
    CHECK_EQ(v, ((TWO - 1) / 2) % 2);
    CHECK_EQ(sg_memo_count(m), TWO);
    bud.left = 0;
    for (i = 0; i < TWO; i++) {
        v = 9;
        CHECK_EQ(sg_memo_value(m, rg_key(i), &v), SG_OK);
        CHECK_EQ(v, (i / 2) % 2);
    }
    sg_memo_free(m);
    cases += TWO;
}

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

/* ---- cycles and stops, and the memo afterwards ---------------------------------------- */

typedef struct {
    int stop_at_5;   /* position 5 stops while set */
} ring_t;

/* keys 0..9 go down (p -> p-1, p -> sum(p-1, p-2)); keys 100..102 form a 3-ring through a sum,
 * key 103 leads into it, key 200 is a self-loop, key 300 a self-loop inside a sum */
static int rule_ring(void *user, uint64_t p, sg_moves_t *out)
{
    const ring_t *r = (const ring_t *)user;
    uint64_t parts[2];
    if (p == 5 && r->stop_at_5) return 1;
    if (p < 100) {
        if (p >= 1) sg_move_to(out, p - 1);
        if (p >= 2) {
            parts[0] = p - 1;
            parts[1] = p - 2;
            sg_move_to_sum(out, parts, 2);
        }
    } else if (p <= 102) {
        parts[0] = 7;
        parts[1] = p == 102 ? 100 : p + 1;
        sg_move_to_sum(out, parts, 2);
    } else if (p == 103) {
        sg_move_to(out, 3);
        sg_move_to(out, 101);
    } else if (p == 200) {
        sg_move_to(out, 200);
    } else if (p == 300) {
        parts[0] = 1;
        parts[1] = 300;
        sg_move_to_sum(out, parts, 2);
    } else if (p == 400) {
        sg_move_to(out, 3);
        sg_move_to_sum(out, NULL, 2);   /* parts missing: a bad argument */
    } else if (p == 401) {
        sg_move_to_sum(out, NULL, 0);   /* the empty sum: value 0 */
        sg_move_to(out, 1);
    }
    return 0;
}

static sg_value_t line_value(uint64_t p)
{
    /* the definition for the line 0..99: options p-1 and sum(p-1, p-2) */
    sg_value_t g[100], a, b, m;
    uint64_t i;
    for (i = 0; i <= p; i++) {
        a = i >= 1 ? g[i - 1] : 0xffffffffu;
        b = i >= 2 ? g[i - 1] ^ g[i - 2] : 0xffffffffu;
        for (m = 0; m == a || m == b; m++)
            ;
        g[i] = m;
    }
    return g[p];
}

static void test_loops_and_stops(void)
{
    sg_memo_t *m = NULL;
    ring_t r;
    sg_value_t v;
    uint64_t i;
    int rep;
    counter_t c;
    sg_allocator_t a = make_allocator(&c);
    r.stop_at_5 = 1;
    CHECK_EQ(sg_memo_create_ex(&m, rule_ring, &r, 0, &a), SG_OK);
    if (m == NULL) return;
    for (rep = 0; rep < 3; rep++) {
        /* a failing query fails every time, not with a half-made value */
        v = 12345;
        CHECK_EQ(sg_memo_value(m, 101, &v), SG_ELOOP);
        CHECK_EQ(sg_memo_value(m, 103, &v), SG_ELOOP);
        CHECK_EQ(sg_memo_value(m, 200, &v), SG_ELOOP);
        CHECK_EQ(sg_memo_value(m, 300, &v), SG_ELOOP);
        CHECK_EQ(sg_memo_value(m, 9, &v), SG_ESTOP);
        CHECK_EQ(sg_memo_value(m, 5, &v), SG_ESTOP);
        CHECK_EQ(sg_memo_value(m, 400, &v), SG_EINVAL);
        CHECK_EQ(v, 12345);
        CHECK_EQ(sg_memo_value(m, 401, &v), SG_OK);
        CHECK_EQ(v, 2);   /* options 0 (empty sum) and SG(1) = 1 */
        for (i = 0; i < 5; i++) {
            CHECK_EQ(sg_memo_value(m, i, &v), SG_OK);
            CHECK_EQ(v, line_value(i));
        }
    }
    /* the stop is lifted (a stop is not a property of the game: a time limit, say) */
    r.stop_at_5 = 0;
    for (i = 100; i-- > 0;) {
        CHECK_EQ(sg_memo_value(m, i, &v), SG_OK);
        CHECK_EQ(v, line_value(i));
    }
    CHECK_EQ(sg_memo_value(m, 101, &v), SG_ELOOP);
    CHECK_EQ(sg_memo_value(m, 300, &v), SG_ELOOP);
    CHECK_EQ(sg_memo_value(m, 7, &v), SG_OK);
    CHECK_EQ(v, line_value(7));
    sg_memo_free(m);
    CHECK_EQ(c.live, 0);
    CHECK_EQ(c.bytes, 0);
    cases += 200;
}

/* ---- the memory cap and failing allocators ---------------------------------------------- */

/* a line going down: p -> p-1, p-2, p-3 (SG(p) = p mod 4) */
static int rule_down3(void *user, uint64_t p, sg_moves_t *out)
{
    (void)user;
    if (p >= 1) sg_move_to(out, p - 1);
    if (p >= 2) sg_move_to(out, p - 2);
    if (p >= 3) sg_move_to(out, p - 3);
    return 0;
}

static void test_cap(void)
{
    static const size_t caps[] = {4096, 8192, 20000, 65536, 100000, 1 << 20};
    size_t ci;
    for (ci = 0; ci < sizeof caps / sizeof caps[0]; ci++) {
        sg_memo_t *m = NULL;
        sg_value_t v;
        uint64_t i, small = 40;
        counter_t c;
        sg_allocator_t a = make_allocator(&c);
        CHECK_EQ(sg_memo_create_ex(&m, rule_down3, NULL, caps[ci], &a), SG_OK);
        if (m == NULL) continue;
        for (i = 0; i < small; i++) {
            CHECK_EQ(sg_memo_value(m, i, &v), SG_OK);
            CHECK_EQ(v, i % 4);
        }
        /* far too deep for the cap */
        v = 999;
        CHECK_EQ(sg_memo_value(m, 10000000, &v), SG_ENOMEM);
        CHECK_EQ(v, 999);
        CHECK(sg_memo_bytes(m) <= caps[ci]);
        CHECK(c.bytes <= caps[ci]);
        CHECK_EQ(sg_memo_value(m, 10000000, &v), SG_ENOMEM);
        /* what was computed stays */
        for (i = 0; i < small; i++) {
            v = 999;
            CHECK_EQ(sg_memo_value(m, i, &v), SG_OK);
            CHECK_EQ(v, i % 4);
        }
        /* and new small queries work: each needs one new value */
        for (i = small; i < small + 8; i++) {
            v = 999;
            CHECK_EQ(sg_memo_value(m, i, &v), SG_OK);
            CHECK_EQ(v, i % 4);
        }
        CHECK(sg_memo_bytes(m) <= caps[ci]);
        sg_memo_free(m);
        CHECK_EQ(c.live, 0);
        CHECK_EQ(c.bytes, 0);
        cases++;
    }
}

/* every allocation in turn fails once: the failure is SG_ENOMEM, nothing leaks, and the memo
 * then gives the right values */
static void test_failing_allocator(void)
{
    size_t k;
    for (k = 1; k <= 40; k++) {
        sg_memo_t *m = NULL;
        sg_value_t v;
        counter_t c;
        sg_allocator_t a = make_allocator(&c);
        uint64_t i;
        int st;
        c.fail_at = k;
        st = sg_memo_create_ex(&m, rule_down3, NULL, 0, &a);
        if (st != SG_OK) {
            CHECK_EQ(st, SG_ENOMEM);
            CHECK(m == NULL);
            CHECK_EQ(c.live, 0);
            continue;
        }
        st = sg_memo_value(m, 3000, &v);
        CHECK(st == SG_OK || st == SG_ENOMEM);
        if (st == SG_OK) CHECK_EQ(v, 3000 % 4);
        for (i = 0; i < 3001; i += 7) {
            CHECK_EQ(sg_memo_value(m, i, &v), SG_OK);
            CHECK_EQ(v, i % 4);
        }
        CHECK_EQ(sg_memo_value(m, 3000, &v), SG_OK);
        CHECK_EQ(v, 0);
        sg_memo_free(m);
        CHECK_EQ(c.live, 0);
        CHECK_EQ(c.bytes, 0);
        CHECK(c.frees > 0);
        cases++;
    }
}

/* ---- 3,000,000 positions, every option larger ------------------------------------------ */

#define CHAIN 3000000u

/* keys spread over 64 bits: position i of the chain is key(i) */
static int rule_chain_up(void *user, uint64_t key, sg_moves_t *out)
{
    uint64_t p = (key - RG_OFF) * rg_mul_inverse();
    (void)user;
    if (p >= CHAIN) return 1;   /* never asked: a stop would show it */
    if (p + 1 < CHAIN) sg_move_to(out, rg_key(p + 1));
    if (p + 2 < CHAIN) sg_move_to(out, rg_key(p + 2));
    return 0;
}

static void test_chain(void)
{
    sg_memo_t *m = NULL;
    sg_value_t v = 99;
    size_t i;
    CHECK_EQ(sg_memo_create(&m, rule_chain_up, NULL), SG_OK);
    if (m == NULL) return;
    CHECK_EQ(sg_memo_value(m, rg_key(0), &v), SG_OK);
    CHECK_EQ(v, (CHAIN - 1) % 3);
    CHECK_EQ(sg_memo_count(m), CHAIN);
    for (i = 0; i < 100000; i++) {
        uint64_t p = test_below(CHAIN);
        CHECK_EQ(sg_memo_value(m, rg_key(p), &v), SG_OK);
        CHECK_EQ(v, (CHAIN - 1 - p) % 3);
    }
    CHECK_EQ(sg_memo_value(m, rg_key(CHAIN - 1), &v), SG_OK);
    CHECK_EQ(v, 0);
    sg_memo_free(m);
    cases += CHAIN;
}

/* ---- a rule that uses its own memo ------------------------------------------------------ */

/* The subtraction game {1, 2} from the definition: G(n) = mex{G(n-1), G(n-2)}. */
static void brute_sub12(sg_value_t *g, size_t count)
{
    size_t n;
    for (n = 0; n < count; n++) {
        int seen[3] = {0, 0, 0};
        sg_value_t v = 0;
        if (n >= 1) seen[g[n - 1]] = 1;
        if (n >= 2) seen[g[n - 2]] = 1;
        while (seen[v]) v++;
        g[n] = v;
    }
}

typedef struct {
    sg_memo_t *memo;
    int ask;              /* 1: ask the memo for each option's value */
    int trust;            /* 1: report what the inner call left in v even when it failed */
    uint64_t free_at;     /* free the memo from the rule at this position (0: never) */
    int frees;            /* how many times to call sg_memo_free there */
    int inner_status;     /* the last status of an inner call */
    uint64_t seen_count;  /* sg_memo_count / bytes read during the call */
    size_t seen_bytes;
    uint64_t calls;
} self_t;

static int rule_self(void *user, uint64_t n, sg_moves_t *out)
{
    self_t *s = (self_t *)user;
    uint64_t m;
    s->calls++;
    s->seen_count = sg_memo_count(s->memo);
    s->seen_bytes = sg_memo_bytes(s->memo);
    if (s->free_at != 0 && n == s->free_at) {
        int k;
        for (k = 0; k < s->frees; k++) sg_memo_free(s->memo);
        /* the memo still answers, harmlessly, until the running call returns */
        s->seen_count = sg_memo_count(s->memo);
        s->inner_status = sg_memo_value(s->memo, 0, NULL);
    }
    for (m = 1; m <= 2 && m <= n; m++) {
        if (s->ask) {
            sg_value_t v = 0;   /* a wrong value if anything used it */
            s->inner_status = sg_memo_value(s->memo, n - m, &v);
            if (s->inner_status == SG_OK || s->trust) {
                sg_move_value(out, v);
                continue;
            }
        }
        sg_move_to(out, n - m);
    }
    return 0;
}

/* The rule asks its own memo: the inner call is refused with SG_EBUSY, the outer call fails with
 * SG_EBUSY whatever the rule reports after it, nothing wrong is stored, and the memo then gives
 * the values of the definition with the right count. */
static void test_reentrant(void)
{
    sg_value_t g[151], v;
    self_t s;
    counter_t c;
    sg_allocator_t a = make_allocator(&c);
    int trust;
    uint64_t n;
    brute_sub12(g, 151);
    for (trust = 0; trust <= 1; trust++) {
        memset(&s, 0, sizeof s);
        CHECK_EQ(sg_memo_create_ex(&s.memo, rule_self, &s, 0, &a), SG_OK);
        if (s.memo == NULL) return;
        s.ask = 1;
        s.trust = trust;
        v = 77;
        CHECK_EQ(sg_memo_value(s.memo, 100, &v), SG_EBUSY);
        CHECK_EQ(s.inner_status, SG_EBUSY);
        CHECK_EQ(v, 77);
        CHECK_EQ(sg_memo_count(s.memo), 0);
        CHECK(s.seen_bytes >= sg_memo_bytes(s.memo));   /* the search's scratch is gone */
        CHECK(sg_memo_bytes(s.memo) > 0);
        /* usable again, right values and count */
        s.ask = 0;
        CHECK_EQ(sg_memo_value(s.memo, 100, &v), SG_OK);
        CHECK_EQ(v, g[100]);
        CHECK_EQ(sg_memo_count(s.memo), 101);
        /* a stored value is given without calling the rule, asking or not */
        s.ask = 1;
        s.calls = 0;
        for (n = 0; n <= 100; n++) {
            v = 77;
            CHECK_EQ(sg_memo_value(s.memo, n, &v), SG_OK);
            CHECK_EQ(v, g[n]);
        }
        CHECK_EQ(s.calls, 0);
        /* a new one is refused again, and the count stays */
        v = 77;
        CHECK_EQ(sg_memo_value(s.memo, 150, &v), SG_EBUSY);
        CHECK_EQ(v, 77);
        CHECK_EQ(sg_memo_count(s.memo), 101);
        CHECK(s.seen_count <= 101);
        s.ask = 0;
        CHECK_EQ(sg_memo_value(s.memo, 150, &v), SG_OK);
        CHECK_EQ(v, g[150]);
        CHECK_EQ(sg_memo_count(s.memo), 151);
        for (n = 0; n <= 150; n++) {
            CHECK_EQ(sg_memo_value(s.memo, n, &v), SG_OK);
            CHECK_EQ(v, g[n]);
        }
        sg_memo_free(s.memo);
        CHECK_EQ(c.live, 0);
        cases++;
    }
    /* bad arguments of an inner call are refused before anything is touched */
    CHECK_EQ(sg_memo_value(NULL, 1, &v), SG_EINVAL);
}

/* The rule frees its own memo (once or twice, at the first position or deep in the search): the
 * free waits for the running call, which returns SG_EBUSY and frees everything (the counting
 * allocator, ASan and valgrind see no leak and no use after free). */
static void test_free_inside_rule(void)
{
    static const uint64_t at[] = {100, 60, 51};
    size_t i;
    int frees;
    for (i = 0; i < sizeof at / sizeof at[0]; i++)
        for (frees = 1; frees <= 2; frees++) {
            self_t s;
            counter_t c;
            sg_allocator_t a = make_allocator(&c);
            sg_value_t v = 77;
            memset(&s, 0, sizeof s);
            CHECK_EQ(sg_memo_create_ex(&s.memo, rule_self, &s, 0, &a), SG_OK);
            if (s.memo == NULL) return;
            if (at[i] == 51) CHECK_EQ(sg_memo_value(s.memo, 50, &v), SG_OK);
            s.free_at = at[i];
            s.frees = frees;
            v = 77;
            CHECK_EQ(sg_memo_value(s.memo, 100, &v), SG_EBUSY);
            CHECK_EQ(v, 77);
            CHECK_EQ(s.inner_status, SG_EBUSY);
            CHECK_EQ(s.seen_count, at[i] == 51 ? 51 : 0);
            CHECK_EQ(c.live, 0);
            CHECK_EQ(c.bytes, 0);
            cases++;
        }
}

int main(void)
{
    RUN(test_arguments);
    RUN(test_wythoff);
    RUN(test_budget);
    RUN(test_stopped_searches);
    RUN(test_random);
    RUN(test_budget_random);
    RUN(test_loops_and_stops);
    RUN(test_cap);
    RUN(test_failing_allocator);
    RUN(test_chain);
    RUN(test_reentrant);
    RUN(test_free_inside_rule);
    printf("memo: %zu random games, %zu queries (%zu ok, %zu ELOOP, %zu ESTOP), %zu other "
           "cases\n", random_graphs, random_queries, by_status[0], by_status[4], by_status[5],
           cases);
    return TEST_REPORT();
}
