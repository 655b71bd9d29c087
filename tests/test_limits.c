/* Limits: dependency chains of millions of positions in the table engine and the memo (no
 * recursion anywhere), the memo's memory cap, and sizes that cannot be had. */
#include "test.h"

#include <sg.h>

/* chain length; SG_TEST_QUICK (valgrind) takes a shorter one */
static uint64_t chain_len(void) { return test_scale(3000000); }

/* p -> p + 1 while p + 1 < count: the last position is lost, and values alternate from the
 * top, SG(p) = (count - 1 - p) mod 2 */
static int up_chain(void *user, uint64_t p, sg_moves_t *out)
{
    if (p + 1 < *(const uint64_t *)user) sg_move_to(out, p + 1);
    return 0;
}

/* p -> p - 1 and, from p >= 2, the sum of two copies of p - 2 (value 0): SG(0) = 0, SG(1) = 1,
 * SG(p) = mex{SG(p-1), 0} for p >= 2, so 0, 1, 2, 1, 2, 1, ... */
static int down_chain(void *user, uint64_t p, sg_moves_t *out)
{
    (void)user;
    if (p >= 1) sg_move_to(out, p - 1);
    if (p >= 2) {
        uint64_t parts[2];
        parts[0] = parts[1] = p - 2;
        sg_move_to_sum(out, parts, 2);
    }
    return 0;
}

static sg_value_t down_value(uint64_t p) { return p < 2 ? (sg_value_t)p : (p % 2 ? 1u : 2u); }

static void test_table_up_chain(void)
{
    uint64_t n = chain_len(), p;
    sg_value_t *t = (sg_value_t *)malloc(n * sizeof *t);
    size_t bad = 0;
    CHECK(t != NULL);
    if (t == NULL) return;
    CHECK_EQ(sg_table_build(t, n, up_chain, &n), SG_OK);
    for (p = 0; p < n; p++) bad += t[p] != (sg_value_t)((n - 1 - p) % 2);
    CHECK_EQ(bad, 0);
    free(t);
}

static void test_memo_up_chain(void)
{
    uint64_t n = chain_len(), p;
    sg_memo_t *m = NULL;
    sg_value_t v = 9;
    CHECK_EQ(sg_memo_create(&m, up_chain, &n), SG_OK);
    if (m == NULL) return;
    CHECK_EQ(sg_memo_value(m, 0, &v), SG_OK);
    CHECK_EQ(v, (n - 1) % 2);
    CHECK_EQ(sg_memo_count(m), n);
    for (p = 1; p < n; p += n / 7 + 1) {
        CHECK_EQ(sg_memo_value(m, p, &v), SG_OK);
        CHECK_EQ(v, (n - 1 - p) % 2);
    }
    CHECK(sg_memo_bytes(m) >= n * sizeof(uint64_t));
    sg_memo_free(m);
}

static void test_memo_down_chain(void)
{
    uint64_t n = chain_len(), p;
    sg_memo_t *m = NULL;
    sg_value_t v = 9;
    CHECK_EQ(sg_memo_create(&m, down_chain, NULL), SG_OK);
    if (m == NULL) return;
    CHECK_EQ(sg_memo_value(m, n - 1, &v), SG_OK);
    CHECK_EQ(v, down_value(n - 1));
    CHECK_EQ(sg_memo_count(m), n);
    for (p = 0; p < n; p += n / 5 + 1) {
        CHECK_EQ(sg_memo_value(m, p, &v), SG_OK);
        CHECK_EQ(v, down_value(p));
    }
    sg_memo_free(m);
}

/* down_chain mirrored into the table: position q stands for p = n - 1 - q, so every option is
 * a larger position and the whole table is one search with sums on its stack */
static int mirrored_chain(void *user, uint64_t q, sg_moves_t *out)
{
    uint64_t n = *(const uint64_t *)user, parts[2];
    if (q + 1 < n) sg_move_to(out, q + 1);
    if (q + 2 < n) {
        parts[0] = parts[1] = q + 2;
        sg_move_to_sum(out, parts, 2);
    }
    return 0;
}

static void test_table_mirrored_chain(void)
{
    uint64_t n = chain_len(), q;
    sg_value_t *t = (sg_value_t *)malloc(n * sizeof *t);
    size_t bad = 0;
    CHECK(t != NULL);
    if (t == NULL) return;
    CHECK_EQ(sg_table_build(t, n, mirrored_chain, &n), SG_OK);
    for (q = 0; q < n; q++) bad += t[q] != down_value(n - 1 - q);
    CHECK_EQ(bad, 0);
    free(t);
}

/* ---- the memo's cap ---------------------------------------------------------------------- */

typedef struct {
    size_t bytes, peak;
} peak_alloc_t;

static void *peak_alloc(void *user, size_t size)
{
    peak_alloc_t *a = (peak_alloc_t *)user;
    size_t *p = (size_t *)malloc(size + 16);
    if (p == NULL) return NULL;
    p[0] = size;
    a->bytes += size;
    if (a->bytes > a->peak) a->peak = a->bytes;
    return (char *)p + 16;
}

static void peak_free(void *user, void *ptr)
{
    peak_alloc_t *a = (peak_alloc_t *)user;
    size_t *p;
    if (ptr == NULL) return;
    p = (size_t *)(void *)((char *)ptr - 16);
    a->bytes -= p[0];
    free(p);
}

static void test_memo_cap(void)
{
    static const size_t caps[] = {1, 64, 200, 1000, 4096, 10000, 65536, 1u << 20, 1u << 24};
    uint64_t n = test_scale(200000);
    size_t c;
    for (c = 0; c < sizeof caps / sizeof caps[0]; c++) {
        peak_alloc_t a = {0, 0};
        sg_allocator_t al;
        sg_memo_t *m = NULL;
        sg_value_t v;
        uint64_t p, done = 0;
        int st;
        al.alloc = peak_alloc;
        al.free = peak_free;
        al.user = &a;
        st = sg_memo_create_ex(&m, down_chain, NULL, caps[c], &al);
        CHECK(st == SG_OK || st == SG_ENOMEM);
        if (st != SG_OK) {
            CHECK(m == NULL);
            CHECK(caps[c] < 1000);
            CHECK_EQ(a.bytes, 0);
            continue;
        }
        /* climb the chain in steps: each query either succeeds or stops at the cap */
        for (p = 0; p < n; p += 997) {
            v = 12345;
            st = sg_memo_value(m, p, &v);
            CHECK(st == SG_OK || st == SG_ENOMEM);
            CHECK(sg_memo_bytes(m) <= caps[c]);
            CHECK(a.peak <= caps[c]);
            CHECK_EQ(sg_memo_bytes(m), a.bytes);
            if (st == SG_OK) {
                CHECK_EQ(v, down_value(p));
                done = p;
            } else {
                CHECK_EQ(v, 12345);
                break;
            }
        }
        /* still usable: what was proven answers, without more memory */
        if (done > 0) {
            CHECK_EQ(sg_memo_value(m, done, &v), SG_OK);
            CHECK_EQ(v, down_value(done));
        }
        if (caps[c] >= (1u << 24)) CHECK(p >= n);   /* a large cap is enough for all */
        if (caps[c] <= 4096) CHECK(p < n);          /* a small one is not */
        sg_memo_free(m);
        CHECK_EQ(a.bytes, 0);
    }
}

int main(void)
{
    RUN(test_table_up_chain);
    RUN(test_table_mirrored_chain);
    RUN(test_memo_up_chain);
    RUN(test_memo_down_chain);
    RUN(test_memo_cap);
    return TEST_REPORT();
}
