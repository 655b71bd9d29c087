/* Proves that both memos over keys (sg_memo_* and sg_misere_memo_*) refuse a call from inside
 * their own rule with SG_EBUSY, whether the rule asks before or after reporting its options, at
 * the first position or deep in the search, and through every query (value, outcome, winning
 * move): the running call fails with SG_EBUSY, nothing is read or written out of bounds (run it
 * under ASan: make sanitize), nothing leaks, and the memo then gives the values of the
 * definition. Before the memos shared one core, the misere memo had no guard: asking after
 * reporting wrapped its stack depth and read far out of bounds; asking before gave SG_ERANGE. */
#include "sg.h"
#include "test.h"

#define TOP 101   /* 2 mod 3: a win in both plays */

enum { ASK_NONE, ASK_BEFORE, ASK_AFTER, ASK_FREE };
enum { Q_VALUE, Q_OUTCOME, Q_WINNING };

typedef struct {
    sg_memo_t *memo;
    sg_misere_memo_t *mm;
    int mode;          /* ASK_* */
    int query;         /* Q_*: what the rule asks */
    uint64_t at;       /* the position whose rule misbehaves */
    int inner;         /* the status of the last inner call */
    long live;         /* blocks held by the counting allocator */
} self_t;

static void *count_alloc(void *user, size_t size)
{
    void *p = malloc(size);
    if (p != NULL) ((self_t *)user)->live++;
    return p;
}

static void count_free(void *user, void *ptr)
{
    if (ptr != NULL) ((self_t *)user)->live--;
    free(ptr);
}

static void misbehave(self_t *s)
{
    sg_value_t v = 0;
    size_t opt = 0;
    int w = 0;
    if (s->mode == ASK_FREE) {
        if (s->memo) sg_memo_free(s->memo);
        if (s->mm) sg_misere_memo_free(s->mm);
        s->inner = SG_EBUSY;
        return;
    }
    if (s->memo) s->inner = sg_memo_value(s->memo, 1, &v);
    else if (s->query == Q_WINNING) s->inner = sg_misere_memo_winning_move(s->mm, 1, &opt);
    else s->inner = sg_misere_memo_outcome(s->mm, 1, &w);
}

/* The subtraction game {1, 2}; the rule misbehaves at position s->at. */
static int rule(void *user, uint64_t n, sg_moves_t *out)
{
    self_t *s = (self_t *)user;
    int bad = s->mode != ASK_NONE && n == s->at;
    if (bad && s->mode == ASK_BEFORE) misbehave(s);
    if (n >= 1) sg_move_to(out, n - 1);
    if (n >= 2) sg_move_to(out, n - 2);
    if (bad && s->mode != ASK_BEFORE) misbehave(s);
    return 0;
}

/* G(n) = n mod 3; misere: the player to move wins unless n = 1 mod 3 (n = 0 is a win). */
static void check_values(self_t *s, int moves)
{
    uint64_t n;
    for (n = 0; n <= TOP; n++) {
        if (s->memo) {
            sg_value_t v = 77;
            CHECK_EQ(sg_memo_value(s->memo, n, &v), SG_OK);
            CHECK_EQ(v, n % 3);
        } else {
            int w = 7, st;
            size_t opt = 77;
            CHECK_EQ(sg_misere_memo_outcome(s->mm, n, &w), SG_OK);
            CHECK_EQ(w, n % 3 != 1);
            if (!moves) continue;
            st = sg_misere_memo_winning_move(s->mm, n, &opt);
            CHECK_EQ(st, n % 3 != 1);
            if (n == 0) CHECK_EQ(opt, (size_t)-1);
            else if (st == 1) CHECK_EQ((n - 1 - opt) % 3, 1);   /* to a position 1 mod 3 */
        }
    }
}

static int outer(self_t *s, int query)
{
    sg_value_t v = 77;
    size_t opt = 77;
    int w = 7, st;
    if (s->memo) st = sg_memo_value(s->memo, TOP, &v);
    else if (query == Q_WINNING) st = sg_misere_memo_winning_move(s->mm, TOP, &opt);
    else st = sg_misere_memo_outcome(s->mm, TOP, &w);
    /* nothing is written by a call that fails */
    if (st != SG_OK && st != 1) {
        CHECK_EQ(v, 77);
        CHECK_EQ(opt, 77);
        CHECK_EQ(w, 7);
    }
    return st;
}

static void one(int misere, int mode, int query, uint64_t at, int outer_query)
{
    self_t s;
    sg_allocator_t a;
    memset(&s, 0, sizeof s);
    a.alloc = count_alloc;
    a.free = count_free;
    a.user = &s;
    if (misere) CHECK_EQ(sg_misere_memo_create(&s.mm, rule, &s, 0, &a), SG_OK);
    else CHECK_EQ(sg_memo_create_ex(&s.memo, rule, &s, 0, &a), SG_OK);
    if (s.mm == NULL && s.memo == NULL) return;
    s.mode = mode;
    s.query = query;
    s.at = at;
    s.inner = SG_OK;
    CHECK_EQ(outer(&s, outer_query), SG_EBUSY);
    CHECK_EQ(s.inner, SG_EBUSY);
    if (mode == ASK_FREE) {
        CHECK_EQ(s.live, 0);   /* the running call freed everything */
        return;
    }
    /* only positions finished before the misuse (all below it) may be stored */
    CHECK((misere ? sg_misere_memo_count(s.mm) : sg_memo_count(s.memo)) <= at);
    s.mode = ASK_NONE;
    check_values(&s, 1);
    CHECK_EQ(misere ? sg_misere_memo_count(s.mm) : sg_memo_count(s.memo), TOP + 1);
    /* once known, a value or an outcome is given without calling the rule */
    s.mode = mode;
    check_values(&s, 0);
    if (misere) sg_misere_memo_free(s.mm);
    else sg_memo_free(s.memo);
    CHECK_EQ(s.live, 0);
}

static void test_memo_reentry(void)
{
    static const uint64_t at[] = {TOP, 40, 2};
    size_t i;
    int mode;
    for (i = 0; i < sizeof at / sizeof at[0]; i++)
        for (mode = ASK_BEFORE; mode <= ASK_FREE; mode++) one(0, mode, Q_VALUE, at[i], Q_VALUE);
}

static void test_misere_reentry(void)
{
    static const uint64_t at[] = {TOP, 40, 2};
    size_t i;
    int mode, query, oq;
    for (i = 0; i < sizeof at / sizeof at[0]; i++)
        for (mode = ASK_BEFORE; mode <= ASK_FREE; mode++)
            for (query = Q_OUTCOME; query <= Q_WINNING; query++)
                for (oq = Q_OUTCOME; oq <= Q_WINNING; oq++) one(1, mode, query, at[i], oq);
}

/* The winning-move query reads the position's options once more after its outcome is known:
 * a call from inside the rule then is refused too. */
static void test_misere_winning_second_read(void)
{
    self_t s;
    size_t opt = 77;
    int w = 7;
    memset(&s, 0, sizeof s);
    CHECK_EQ(sg_misere_memo_create(&s.mm, rule, &s, 0, NULL), SG_OK);
    if (s.mm == NULL) return;
    CHECK_EQ(sg_misere_memo_outcome(s.mm, TOP, &w), SG_OK);
    CHECK_EQ(w, 1);
    s.mode = ASK_AFTER;
    s.query = Q_OUTCOME;
    s.at = TOP;
    CHECK_EQ(sg_misere_memo_winning_move(s.mm, TOP, &opt), SG_EBUSY);
    CHECK_EQ(s.inner, SG_EBUSY);
    CHECK_EQ(opt, 77);
    s.mode = ASK_NONE;
    CHECK_EQ(sg_misere_memo_winning_move(s.mm, TOP, &opt), 1);
    CHECK_EQ(opt, 0);   /* take 1, to 100 = 1 mod 3 */
    sg_misere_memo_free(s.mm);
}

int main(void)
{
    RUN(test_memo_reentry);
    RUN(test_misere_reentry);
    RUN(test_misere_winning_second_read);
    return TEST_REPORT();
}
