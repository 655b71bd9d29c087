/* The structured store against rules that lie or misbehave, its re-entry guard, its memory cap
 * and allocator failures: every case gets a status through the normal queries, never a crash
 * or a hang, and the store stays usable. */
#include "test_struct_game.h"

/* ---- a game over short strings whose behaviour each case picks ------------------------- */

enum {
    LIE_CYCLE,        /* "a" -> "b" -> "a" */
    LIE_SELF,         /* "a" -> "a" */
    LIE_SELF_CANON,   /* "a" -> "A", and the canonical form lowers the case */
    LIE_OPEN,         /* an option not closed */
    LIE_SPLIT_END,    /* sg_parts_end in a split */
    LIE_CANON_TWO,    /* a canonical form of two parts */
    LIE_CANON_NONE,   /* a canonical form of no part */
    LIE_STOP,         /* the options callback returns non-zero */
    LIE_CHANGING,     /* options that change from call to call */
    LIE_WRONG_CANON,  /* a canonical form that maps everything to "z" */
    LIE_GROWING       /* options longer than the position: an endless game */
};

typedef struct {
    int lie;
    unsigned long calls;
    sg_store_t *self;     /* re-entry cases */
    sg_store_t *other;
    int inner;            /* status of the inner call */
    int reenter;          /* 1: query self, 2: free self, 3: query other, 4: stats of self */
} liar_t;

/* The chain game on decimal numbers: n -> n - 1, n - 2 (SG(n) = n mod 3). */
static int chain_options(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    liar_t *l = (liar_t *)user;
    unsigned long n = 0;
    size_t i;
    char b[32];
    sg_value_t v;
    sg_store_stats_t st;
    for (i = 0; i < len; i++) n = n * 10 + (unsigned long)(pos[i] - '0');
    l->calls++;
    if (l->reenter == 1 && l->calls == 3) l->inner = sg_store_value(l->self, "5", 1, &v);
    if (l->reenter == 2 && l->calls == 3) sg_store_free(l->self);
    if (l->reenter == 3 && l->calls == 3) l->inner = sg_store_value(l->other, "7", 1, &v);
    if (l->reenter == 3 && l->calls == 3 && l->inner == SG_OK && v != 1) l->inner = -100;
    if (l->reenter == 4) l->inner = sg_store_stats(l->self, &st);
    for (i = 1; i <= 2 && i <= n; i++) {
        int m = snprintf(b, sizeof b, "%lu", n - i);
        sg_parts_add(out, b, (size_t)m);
        sg_parts_end(out);
    }
    return 0;
}

static int liar_options(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    liar_t *l = (liar_t *)user;
    char b[64];
    size_t i;
    unsigned long n;
    l->calls++;
    switch (l->lie) {
    case LIE_CYCLE:
        if (len == 1) sg_parts_add(out, pos[0] == 'a' ? "b" : "a", 1), sg_parts_end(out);
        return 0;
    case LIE_SELF:
        if (len > 0) sg_parts_add(out, pos, len), sg_parts_end(out);
        return 0;
    case LIE_SELF_CANON:
        if (len == 1 && pos[0] == 'a') sg_parts_add(out, "A", 1), sg_parts_end(out);
        return 0;
    case LIE_OPEN:
        if (len > 0) sg_parts_add(out, pos, len - 1);
        return 0;
    case LIE_STOP:
        return len > 1;
    case LIE_CHANGING:
        /* shorter strings, but a different set each call */
        for (i = 0; i < len; i++) {
            if ((l->calls + i) % 3 == 0) continue;
            memcpy(b, pos, len);
            b[i] = (char)('a' + (l->calls * 7 + i) % 26);
            sg_parts_add(out, b, len - 1 - (l->calls % 2 ? 0 : (len > 1)));
            sg_parts_end(out);
        }
        return 0;
    case LIE_GROWING:   /* n -> n + 1 on decimal numbers */
        for (i = 0, n = 0; i < len; i++)
            if (pos[i] >= '0' && pos[i] <= '9') n = n * 10 + (unsigned long)(pos[i] - '0');
        sg_parts_add(out, b, (size_t)snprintf(b, sizeof b, "%lu", n + 1));
        return sg_parts_end(out), 0;
    default:   /* take any one character away */
        for (i = 0; i < len; i++) {
            memcpy(b, pos, i);
            memcpy(b + i, pos + i + 1, len - i - 1);
            sg_parts_add(out, b, len - 1);
            sg_parts_end(out);
        }
        return 0;
    }
}

static int liar_split(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    liar_t *l = (liar_t *)user;
    sg_parts_add(out, pos, len);
    if (l->lie == LIE_SPLIT_END) sg_parts_end(out);
    return 0;
}

static int liar_canonical(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    liar_t *l = (liar_t *)user;
    char b[64];
    size_t i;
    switch (l->lie) {
    case LIE_CANON_TWO:
        sg_parts_add(out, pos, len);
        return sg_parts_add(out, "", 0), 0;
    case LIE_CANON_NONE:
        return 0;
    case LIE_WRONG_CANON:
        return sg_parts_add(out, "z", 1), 0;
    default:
        for (i = 0; i < len && i < sizeof b; i++)
            b[i] = (char)(pos[i] >= 'A' && pos[i] <= 'Z' ? pos[i] - 'A' + 'a' : pos[i]);
        return sg_parts_add(out, b, len), 0;
    }
}

static sg_store_t *liar_store(liar_t *l, int lie, const sg_memory_t *memory)
{
    sg_struct_rules_t r = {liar_options, liar_split, liar_canonical};
    sg_store_t *s = NULL;
    memset(l, 0, sizeof *l);
    l->lie = lie;
    CHECK_EQ(sg_store_create(&s, &r, l, memory), SG_OK);
    return s;
}

/* Both queries (and the winning move) on pos give `want`; the store answers a clean position
 * afterwards (the empty string: 0). */
static void expect_status(int lie, const char *pos, int want)
{
    liar_t l;
    sg_memory_t cap = {{NULL, NULL, NULL}, (size_t)1 << 22};
    sg_store_t *s = liar_store(&l, lie, &cap);
    sg_value_t v = 77;
    int win = 77;
    size_t option;
    CHECK_EQ(sg_store_value(s, pos, strlen(pos), &v), want);
    CHECK_EQ(v, 77);
    CHECK_EQ(sg_store_outcome(s, pos, strlen(pos), 2, &win), want);
    CHECK_EQ(win, 77);
    CHECK_EQ(sg_store_winning_move(s, pos, strlen(pos), 1, &option, NULL), want);
    /* the split and canonical lies hold for every position, and no play of LIE_GROWING ends */
    CHECK_EQ(sg_store_value(s, "", 0, &v), lie == LIE_CANON_NONE || lie == LIE_CANON_TWO ||
                                                   lie == LIE_SPLIT_END || lie == LIE_GROWING
                                               ? want
                                               : SG_OK);
    sg_store_free(s);
}

/* Proves: cycles, an option equal to its position (as bytes or by its canonical form), an
 * option left open, a split that ends an option, a canonical form of two parts or none, a
 * callback that stops, and an endless game under a cap each get their status. */
static void lies_get_a_status(void)
{
    expect_status(LIE_CYCLE, "a", SG_ELOOP);
    expect_status(LIE_SELF, "abc", SG_ELOOP);
    expect_status(LIE_SELF_CANON, "a", SG_ELOOP);
    expect_status(LIE_OPEN, "ab", SG_EINVAL);
    expect_status(LIE_SPLIT_END, "ab", SG_EINVAL);
    expect_status(LIE_CANON_TWO, "ab", SG_EINVAL);
    expect_status(LIE_CANON_NONE, "ab", SG_EINVAL);
    expect_status(LIE_STOP, "abc", SG_ESTOP);
    expect_status(LIE_GROWING, "a", SG_ENOMEM);
}

/* Proves: rules whose options change between calls, or whose canonical form is wrong, end
 * with some status (never a crash or a hang), whatever is asked. */
static void unstable_rules_end(void)
{
    int lie, k;
    const char *pos[] = {"", "a", "abcd", "hello", "zzzzzz"};
    size_t i, option;
    for (lie = LIE_CHANGING; lie <= LIE_WRONG_CANON; lie++) {
        for (i = 0; i < sizeof pos / sizeof *pos; i++) {
            liar_t l;
            sg_store_t *s = liar_store(&l, lie, NULL);
            sg_value_t v;
            int win, st;
            for (k = 0; k < 4; k++) {
                st = sg_store_outcome(s, pos[i], strlen(pos[i]), (sg_value_t)k, &win);
                CHECK(st == SG_OK || st == SG_ELOOP || st == SG_EINVAL);
                st = sg_store_winning_move(s, pos[i], strlen(pos[i]), (sg_value_t)k, &option,
                                           NULL);
                CHECK(st == 0 || st == 1 || st == SG_ELOOP || st == SG_EINVAL);
            }
            st = sg_store_value(s, pos[i], strlen(pos[i]), &v);
            CHECK(st == SG_OK || st == SG_ELOOP || st == SG_EINVAL);
            sg_store_free(s);
        }
    }
}

static sg_store_t *chain_store(liar_t *l, const sg_memory_t *memory)
{
    sg_struct_rules_t r = {chain_options, NULL, NULL};
    sg_store_t *s = NULL;
    memset(l, 0, sizeof *l);
    CHECK_EQ(sg_store_create(&s, &r, l, memory), SG_OK);
    l->self = s;
    return s;
}

/* Proves: a query of the same store from its callback is refused with SG_EBUSY and the
 * running query fails with SG_EBUSY too; another store may be queried; stats may be read;
 * a free from the callback is done by the running query, which returns SG_EBUSY. */
static void reentry_is_refused(void)
{
    liar_t l;
    sg_store_t *s = chain_store(&l, NULL), *other;
    sg_value_t v = 9;
    int win;
    l.reenter = 1;
    CHECK_EQ(sg_store_value(s, "20", 2, &v), SG_EBUSY);
    CHECK_EQ(l.inner, SG_EBUSY);
    CHECK_EQ(v, 9);
    l.calls = 0;
    CHECK_EQ(sg_store_outcome(s, "20", 2, 1, &win), SG_EBUSY);
    l.reenter = 4;
    CHECK_EQ(sg_store_value(s, "20", 2, &v), SG_OK);
    CHECK_EQ(l.inner, SG_OK);
    CHECK_EQ(v, 2);
    l.reenter = 0;
    CHECK_EQ(sg_store_value(s, "5", 1, &v), SG_OK);
    CHECK_EQ(v, 2);
    sg_store_free(s);

    s = chain_store(&l, NULL);
    other = chain_store(&l, NULL);
    l.self = s;
    l.other = other;
    l.reenter = 3;
    CHECK_EQ(sg_store_value(s, "30", 2, &v), SG_OK);
    CHECK_EQ(v, 0);
    CHECK_EQ(l.inner, SG_OK);
    sg_store_free(other);
    sg_store_free(s);

    s = chain_store(&l, NULL);
    l.reenter = 2;
    CHECK_EQ(sg_store_value(s, "30", 2, &v), SG_EBUSY);   /* and s is gone (valgrind, ASan) */
}

/* Proves: a long chain is searched without recursion; under a cap the search fails with
 * SG_ENOMEM, and the store then still answers smaller positions rightly. */
static void cap_and_deep_chains(void)
{
    liar_t l;
    sg_memory_t cap = {{NULL, NULL, NULL}, (size_t)1 << 20};
    sg_store_t *s = chain_store(&l, NULL);
    sg_store_stats_t st;
    sg_value_t v = 0;
    int win;
    CHECK_EQ(sg_store_value(s, "200000", 6, &v), SG_OK);
    CHECK_EQ(v, 200000 % 3);
    sg_store_free(s);
    s = chain_store(&l, NULL);
    CHECK_EQ(sg_store_outcome(s, "100000", 6, 1, &win), SG_OK);
    CHECK_EQ(win, 100000 % 3 != 1);
    sg_store_free(s);

    s = chain_store(&l, &cap);
    CHECK_EQ(sg_store_value(s, "200000", 6, &v), SG_ENOMEM);
    CHECK_EQ(sg_store_stats(s, &st), SG_OK);
    CHECK(st.bytes <= cap.max_bytes);
    CHECK_EQ(sg_store_outcome(s, "200000", 6, 0, &win), SG_ENOMEM);
    CHECK_EQ(sg_store_value(s, "1000", 4, &v), SG_OK);
    CHECK_EQ(v, 1000 % 3);
    CHECK_EQ(sg_store_outcome(s, "1001", 4, 2, &win), SG_OK);
    CHECK_EQ(win, 0);
    sg_store_free(s);
}

/* ---- an allocator that fails the k-th request ------------------------------------------- */

typedef struct {
    long calls, fail_at, live;
} failing_t;

static void *failing_alloc(void *user, size_t size)
{
    failing_t *f = (failing_t *)user;
    void *p;
    if (++f->calls == f->fail_at) return NULL;
    p = malloc(size);
    if (p != NULL) f->live++;
    return p;
}

static void failing_free(void *user, void *ptr)
{
    failing_t *f = (failing_t *)user;
    if (ptr != NULL) f->live--;
    free(ptr);
}

/* Proves: with the k-th allocation failing, for every k until a run needs fewer, each query
 * succeeds with the brute force's answer or returns SG_ENOMEM, the store stays usable (the
 * same queries then succeed rightly), and nothing stays allocated after the free. */
static void allocation_failures(void)
{
    sgt_game_t g;
    long k;
    int done = 0;
    sgt_make(&g, 5);
    g.split = 2;
    g.canonical = 1;
    g.parts = 1;
    sgt_forget();
    for (k = 1; !done && k < 5000; k++) {
        failing_t f = {0, 0, 0};
        sg_memory_t m;
        sg_struct_rules_t r = sgt_rules(&g);
        sg_store_t *s = NULL;
        unsigned i, pass;
        int st;
        m.allocator.alloc = failing_alloc;
        m.allocator.free = failing_free;
        m.allocator.user = &f;
        m.max_bytes = 0;
        f.fail_at = k;
        st = sg_store_create(&s, &r, &g, &m);
        if (st != SG_OK) {
            CHECK_EQ(st, SG_ENOMEM);
            CHECK_EQ(f.live, 0);
            continue;
        }
        for (pass = 0; pass < 2; pass++) {
            sgt_rng = 99;
            for (i = 0; i < 8; i++) {
                unsigned char p[8];
                size_t n = sgt_position(p), option;
                sg_value_t v = 1000, want = sgt_brute(&g, p, n);
                int win = 7;
                st = sg_store_outcome(s, p, n, 1, &win);
                CHECK(st == SG_OK || (st == SG_ENOMEM && pass == 0));
                if (st == SG_OK) CHECK_EQ(win, want != 1);
                st = sg_store_value(s, p, n, &v);
                CHECK(st == SG_OK || (st == SG_ENOMEM && pass == 0));
                if (st == SG_OK) CHECK_EQ(v, want);
                st = sg_store_winning_move(s, p, n, 2, &option, NULL);
                CHECK(st == (want != 2) || (st == SG_ENOMEM && pass == 0));
            }
        }
        done = f.calls < k;
        sg_store_free(s);
        CHECK_EQ(f.live, 0);
    }
    CHECK(done);
}

int main(void)
{
    RUN(lies_get_a_status);
    RUN(unstable_rules_end);
    RUN(reentry_is_refused);
    RUN(cap_and_deep_chains);
    RUN(allocation_failures);
    free(sgt_memo);
    return TEST_REPORT();
}
