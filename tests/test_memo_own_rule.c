/* A rule that asks or frees its own memo: the inner call is refused with SG_EBUSY, never a
 * wrong value and never a use of freed memory; the memo then gives the definition's values. */
#include "memo_test.h"


static size_t cases;

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
    RUN(test_reentrant);
    RUN(test_free_inside_rule);
    printf("memo: %zu cases\n", cases);
    return TEST_REPORT();
}
