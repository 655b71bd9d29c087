/* Searches of the memo that stop, and the memo afterwards: stopped searches of one chain must
 * leave every stored value of another findable and stored once; cycles (SG_ELOOP) and rules that
 * stop (SG_ESTOP), through sums too, leave the memo answering the definition's values. */
#include "memo_test.h"
#include "randgame.h"


static size_t cases;

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

int main(void)
{
    RUN(test_stopped_searches);
    RUN(test_loops_and_stops);
    printf("memo: %zu cases\n", cases);
    return TEST_REPORT();
}
