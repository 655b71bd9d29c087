/* The memo over 64-bit keys: arguments, Wythoff's game against its definition (once whole, once
 * with a budget of rule calls that stops searches halfway), and a 3,000,000-position chain whose
 * every option is larger (nothing recursive). */
#include "memo_test.h"
#include "randgame.h"


static size_t cases;

static int rule_none(void *user, uint64_t p, sg_moves_t *out)
{
    (void)user;
    (void)p;
    (void)out;
    return 0;
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

int main(void)
{
    RUN(test_arguments);
    RUN(test_wythoff);
    RUN(test_budget);
    RUN(test_chain);
    printf("memo: %zu cases\n", cases);
    return TEST_REPORT();
}
