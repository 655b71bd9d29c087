/* The memo under a memory cap and with failing allocators: it never holds more than its cap,
 * fails a query with SG_ENOMEM when it cannot grow, gives the definition's values afterwards and
 * frees everything it allocated. */
#include "memo_test.h"


static size_t cases;

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

int main(void)
{
    RUN(test_cap);
    RUN(test_failing_allocator);
    printf("memo: %zu cases\n", cases);
    return TEST_REPORT();
}
