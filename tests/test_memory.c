/* Proves that sg_memory_t, the one way to pass a cap and an allocator, reaches every
 * constructor that takes it (sg_memo_create_with, sg_misere_memo_create_with,
 * sg_misere_octal_create_with, sg_loopy_build_with, sg_loopy_build_graph_with,
 * sg_loopy_explore_with): each job below runs with its allocator failing at the k-th
 * allocation for k = 1, 2, ... until a run meets no failure, and every run gives the answer of
 * the definition or SG_ENOMEM, with nothing left allocated; every allocation goes through the
 * allocator; a cap too small gives SG_ENOMEM and a cap that is enough holds; an allocator with
 * one function and not the other is SG_EINVAL; a NULL sg_memory_t is malloc and no cap. The old
 * two-argument forms give the same through their wrappers. */
#include "sg.h"
#include "test.h"

#define SCATTER 0x9e3779b97f4a7c15ULL

typedef struct {
    long live, calls, fail_at;   /* fail_at: fail the fail_at-th call (0: never) */
} counter_t;

static void *c_alloc(void *user, size_t size)
{
    counter_t *c = (counter_t *)user;
    void *p;
    if (++c->calls == c->fail_at) return NULL;
    p = malloc(size);
    if (p != NULL) c->live++;
    return p;
}

static void c_free(void *user, void *ptr)
{
    if (ptr != NULL) ((counter_t *)user)->live--;
    free(ptr);
}

/* The subtraction game {1, 2}: G(n) = n mod 3; misere, the player to move wins unless
 * n = 1 mod 3. Over positions, or over keys n * SCATTER. */
static int sub12(void *user, uint64_t n, sg_moves_t *out)
{
    (void)user;
    if (n >= 1) sg_move_to(out, n - 1);
    if (n >= 2) sg_move_to(out, n - 2);
    return 0;
}

static int sub12_keys(void *user, uint64_t key, sg_moves_t *out)
{
    uint64_t n = key * 0xf1de83e19937733dULL;   /* the inverse of SCATTER modulo 2^64 */
    (void)user;
    if (n >= 1) sg_move_to(out, (n - 1) * SCATTER);
    if (n >= 2) sg_move_to(out, (n - 2) * SCATTER);
    return 0;
}

#define N 200

/* Each job builds its object with `memory`, checks one answer, frees it: SG_OK when the answer
 * is the definition's, else the status (SG_ENOMEM expected); -100 for a wrong answer. *bytes
 * gets what the object held at its largest query. */
typedef int (*job_fn)(const sg_memory_t *memory, size_t *bytes);

static int job_memo(const sg_memory_t *memory, size_t *bytes)
{
    sg_memo_t *m = (sg_memo_t *)&m;
    sg_value_t v = 77;
    int st = sg_memo_create_with(&m, sub12, NULL, memory);
    if (st != SG_OK) return m == NULL ? st : -101;
    st = sg_memo_value(m, N, &v);
    *bytes = sg_memo_bytes(m);
    sg_memo_free(m);
    return st != SG_OK ? st : v == N % 3 ? SG_OK : -100;
}

static int job_misere_memo(const sg_memory_t *memory, size_t *bytes)
{
    sg_misere_memo_t *m = (sg_misere_memo_t *)&m;
    size_t opt = 77;
    int st = sg_misere_memo_create_with(&m, sub12, NULL, memory);
    if (st != SG_OK) return m == NULL ? st : -101;
    st = sg_misere_memo_winning_move(m, N, &opt);   /* N = 2 mod 3: take 1, to 1 mod 3 */
    *bytes = sg_misere_memo_bytes(m);
    sg_misere_memo_free(m);
    return st < 0 ? st : st == 1 && opt == 0 ? SG_OK : -100;
}

/* 0.3 (take one token): the misere player to move wins exactly when the tokens are even. */
static int job_misere_octal(const sg_memory_t *memory, size_t *bytes)
{
    static const uint64_t heaps[] = {3, 4, 2, 5, 1, 6};
    sg_octal_t *g = NULL;
    sg_misere_octal_t *m = (sg_misere_octal_t *)&m;
    int st, win = 7, w2 = 7;
    if (sg_octal_parse("0.3", &g) != SG_OK) return -102;
    st = sg_misere_octal_create_with(&m, g, memory);
    sg_octal_free(g);
    if (st != SG_OK) return m == NULL ? st : -101;
    st = sg_misere_octal_outcome(m, heaps, 6, &win);          /* 21 tokens: P */
    if (st == SG_OK) st = sg_misere_octal_outcome(m, heaps, 5, &w2);   /* 15: P */
    *bytes = sg_misere_octal_bytes(m);
    sg_misere_octal_free(m);
    return st != SG_OK ? st : win == 0 && w2 == 0 ? SG_OK : -100;
}

static int loopy_check(sg_loopy_t *l, int keys, size_t *bytes)
{
    uint64_t n;
    *bytes = sg_loopy_bytes(l);
    for (n = 0; n <= N; n++) {
        sg_value_t v = 77;
        if (sg_loopy_value(l, keys ? n * SCATTER : n, &v) != 1 || v != n % 3) return -100;
    }
    return SG_OK;
}

static int job_loopy_build(const sg_memory_t *memory, size_t *bytes)
{
    sg_loopy_t *l = (sg_loopy_t *)&l;
    int st = sg_loopy_build_with(&l, N + 1, sub12, NULL, memory);
    if (st != SG_OK) return l == NULL ? st : -101;
    st = loopy_check(l, 0, bytes);
    sg_loopy_free(l);
    return st;
}

static int job_loopy_graph(const sg_memory_t *memory, size_t *bytes)
{
    uint64_t off[N + 2], to[2 * N], n, e = 0;
    sg_loopy_t *l = (sg_loopy_t *)&l;
    int st;
    for (n = 0; n <= N; n++) {
        off[n] = e;
        if (n >= 1) to[e++] = n - 1;
        if (n >= 2) to[e++] = n - 2;
    }
    off[N + 1] = e;
    st = sg_loopy_build_graph_with(&l, N + 1, off, to, memory);
    if (st != SG_OK) return l == NULL ? st : -101;
    st = loopy_check(l, 0, bytes);
    sg_loopy_free(l);
    return st;
}

static int job_loopy_explore(const sg_memory_t *memory, size_t *bytes)
{
    sg_loopy_t *l = (sg_loopy_t *)&l;
    int st = sg_loopy_explore_with(&l, N * SCATTER, sub12_keys, NULL, memory);
    if (st != SG_OK) return l == NULL ? st : -101;
    st = loopy_check(l, 1, bytes);
    sg_loopy_free(l);
    return st;
}

static const struct {
    const char *name;
    job_fn job;
} jobs[] = {
    {"memo", job_memo},
    {"misere memo", job_misere_memo},
    {"misere octal", job_misere_octal},
    {"loopy build", job_loopy_build},
    {"loopy graph", job_loopy_graph},
    {"loopy explore", job_loopy_explore},
};
#define NJOBS (sizeof jobs / sizeof jobs[0])

static sg_memory_t with(counter_t *c, size_t cap)
{
    sg_memory_t m;
    memset(&m, 0, sizeof m);
    m.allocator.alloc = c_alloc;
    m.allocator.free = c_free;
    m.allocator.user = c;
    m.max_bytes = cap;
    return m;
}

/* The k-th allocation fails, for every k until a run meets none. */
static void test_failing_allocator(void)
{
    size_t j;
    for (j = 0; j < NJOBS; j++) {
        long k, failures = 0;
        for (k = 1;; k++) {
            counter_t c = {0, 0, 0};
            size_t bytes = 0;
            sg_memory_t m;
            int st;
            c.fail_at = k;
            m = with(&c, 0);
            st = jobs[j].job(&m, &bytes);
            if (st != SG_OK && st != SG_ENOMEM) printf("%s: k=%ld st=%d\n", jobs[j].name, k, st);
            CHECK(st == SG_OK || st == SG_ENOMEM);
            CHECK_EQ(c.live, 0);
            if (c.calls < k) {   /* no failure met: the run is the plain one */
                CHECK_EQ(st, SG_OK);
                CHECK(k > 1);    /* the allocator was used */
                break;
            }
            failures += st == SG_ENOMEM;
            if (k > 100000) break;
        }
        CHECK(failures > 0);
    }
}

/* A cap: what the plain run held is enough; far less is SG_ENOMEM; NULL memory and a zeroed
 * struct are malloc and no cap; one allocator function alone is SG_EINVAL. */
static void test_cap_and_defaults(void)
{
    size_t j;
    for (j = 0; j < NJOBS; j++) {
        counter_t c = {0, 0, 0};
        size_t bytes = 0, small = 0;
        sg_memory_t m = with(&c, 0), z;
        CHECK_EQ(jobs[j].job(&m, &bytes), SG_OK);
        CHECK(bytes > 0);
        CHECK_EQ(c.live, 0);
        m = with(&c, 64);
        CHECK_EQ(jobs[j].job(&m, &small), SG_ENOMEM);
        CHECK_EQ(c.live, 0);
        m = with(&c, bytes * 4 + 4096);
        CHECK_EQ(jobs[j].job(&m, &small), SG_OK);
        CHECK(small <= bytes * 4 + 4096);
        CHECK_EQ(c.live, 0);
        CHECK_EQ(jobs[j].job(NULL, &small), SG_OK);
        memset(&z, 0, sizeof z);
        CHECK_EQ(jobs[j].job(&z, &small), SG_OK);
        m = with(&c, 0);
        m.allocator.free = NULL;
        CHECK_EQ(jobs[j].job(&m, &small), SG_EINVAL);
        m = with(&c, 0);
        m.allocator.alloc = NULL;
        CHECK_EQ(jobs[j].job(&m, &small), SG_EINVAL);
        CHECK_EQ(c.live, 0);
    }
}

/* The two-argument forms kept until 1.0 are the same calls. */
static void test_old_forms(void)
{
    counter_t c = {0, 0, 0};
    sg_memory_t m = with(&c, 0);
    sg_allocator_t half = m.allocator;
    sg_memo_t *memo = NULL;
    sg_misere_memo_t *mm = NULL;
    sg_misere_octal_t *mo = NULL;
    sg_loopy_t *l = NULL;
    sg_octal_t *g = NULL;
    sg_value_t v = 77;
    CHECK_EQ(sg_octal_parse("0.3", &g), SG_OK);
    CHECK_EQ(sg_memo_create_ex(&memo, sub12, NULL, 512, &m.allocator), SG_OK);
    CHECK_EQ(sg_memo_value(memo, N, &v), SG_ENOMEM);
    sg_memo_free(memo);
    CHECK_EQ(sg_misere_memo_create(&mm, sub12, NULL, 0, &m.allocator), SG_OK);
    sg_misere_memo_free(mm);
    CHECK_EQ(sg_misere_octal_create(&mo, g, 0, &m.allocator), SG_OK);
    sg_misere_octal_free(mo);
    CHECK_EQ(sg_loopy_build_ex(&l, N + 1, sub12, NULL, 64, &m.allocator), SG_ENOMEM);
    CHECK(l == NULL);
    CHECK_EQ(sg_loopy_explore(&l, SCATTER, sub12_keys, NULL, 0, &m.allocator), SG_OK);
    sg_loopy_free(l);
    CHECK(c.calls > 0);
    CHECK_EQ(c.live, 0);
    half.free = NULL;
    memo = (sg_memo_t *)&memo;
    CHECK_EQ(sg_memo_create_ex(&memo, sub12, NULL, 0, &half), SG_EINVAL);
    CHECK(memo == NULL);
    CHECK_EQ(sg_misere_memo_create(&mm, sub12, NULL, 0, &half), SG_EINVAL);
    CHECK_EQ(sg_misere_octal_create(&mo, g, 0, &half), SG_EINVAL);
    CHECK(mo == NULL);
    CHECK_EQ(sg_loopy_build_ex(&l, 3, sub12, NULL, 0, &half), SG_EINVAL);
    CHECK_EQ(sg_loopy_explore(&l, 0, sub12_keys, NULL, 0, &half), SG_EINVAL);
    CHECK(l == NULL);
    sg_octal_free(g);
    CHECK_EQ(c.live, 0);
}

int main(void)
{
    RUN(test_failing_allocator);
    RUN(test_cap_and_defaults);
    RUN(test_old_forms);
    return TEST_REPORT();
}
