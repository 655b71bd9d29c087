/* Allocation failure in games with cycles: sg_loopy_build by the rule, by compressed rows and
 * by keys (sg_loopy_explore), the k-th allocation failing for every k, and counts whose arrays
 * cannot be had. Each run must either succeed with the same outcomes, values and remoteness or
 * return SG_ENOMEM, leaving nothing allocated (tests/alloc_failure.h replaces the
 * allocator). */
#define _POSIX_C_SOURCE 200809L
#include "alloc_failure.h"

/* ---- games with cycles ------------------------------------------------------------------- */

/* LOOPY_N positions: p moves to p + 1 and to 7p + 3 (mod LOOPY_N), so the graph is full of
 * cycles; position LOOPY_WIDE moves to LOOPY_FAN others (the sink's record grows) */
#define LOOPY_N 3000u
#define LOOPY_WIDE 17u
#define LOOPY_FAN 300u

static int loopy_rule(void *user, uint64_t p, sg_moves_t *out)
{
    uint64_t i;
    (void)user;
    if (p >= LOOPY_N) return 1;
    sg_move_to(out, (p + 1) % LOOPY_N);
    sg_move_to(out, (7 * p + 3) % LOOPY_N);
    if (p == LOOPY_WIDE)
        for (i = 0; i < LOOPY_FAN; i++) sg_move_to(out, (p * i + 11) % LOOPY_N);
    return 0;
}

/* the same game with keys spread over 64 bits */
static int loopy_key_rule(void *user, uint64_t key, sg_moves_t *out)
{
    uint64_t p = key * MEMO_INV, i;
    (void)user;
    if (p >= LOOPY_N) return 1;
    sg_move_to(out, ((p + 1) % LOOPY_N) * MEMO_MUL);
    sg_move_to(out, ((7 * p + 3) % LOOPY_N) * MEMO_MUL);
    if (p == LOOPY_WIDE)
        for (i = 0; i < LOOPY_FAN; i++) sg_move_to(out, ((p * i + 11) % LOOPY_N) * MEMO_MUL);
    return 0;
}

/* what a result says of every position, as one number each */
static void loopy_read(const sg_loopy_t *l, int keys, uint64_t *out)
{
    uint64_t p;
    for (p = 0; p < LOOPY_N; p++) {
        uint64_t pos = keys ? p * MEMO_MUL : p, r = 0;
        sg_value_t v = 0;
        size_t len = 0;
        int fin = sg_loopy_value(l, pos, &v);
        CHECK(fin == 0 || fin == 1);
        CHECK_EQ(sg_loopy_k(l, pos, NULL, 0, &len), SG_OK);
        CHECK_EQ(sg_loopy_remoteness(l, pos, &r), SG_OK);
        out[p] = (fin ? v : 0xffffffffu) ^ ((uint64_t)len << 32) ^ (r * 0x9e3779b97f4a7c15u);
    }
}

static void test_loopy(void)
{
    static uint64_t ref[LOOPY_N], got[LOOPY_N], off[LOOPY_N + 1], to[LOOPY_N * 2 + LOOPY_FAN];
    sg_loopy_t *l = NULL;
    long k, base = af_live, runs;
    int st, kind;
    uint64_t p, e = 0;
    CHECK_EQ(sg_loopy_build(&l, LOOPY_N, loopy_rule, NULL), SG_OK);
    if (l == NULL) return;
    loopy_read(l, 0, ref);
    sg_loopy_free(l);
    for (p = 0; p < LOOPY_N; p++) {
        off[p] = e;
        to[e++] = (p + 1) % LOOPY_N;
        to[e++] = (7 * p + 3) % LOOPY_N;
        if (p == LOOPY_WIDE)
            for (k = 0; k < (long)LOOPY_FAN; k++) to[e++] = (p * (uint64_t)k + 11) % LOOPY_N;
    }
    off[LOOPY_N] = e;
    /* by the rule, by compressed rows, by keys: the k-th allocation fails, for every k */
    for (kind = 0; kind < 3; kind++) {
        runs = 0;
        for (k = 1; k < 10000; k++) {
            l = NULL;
            af_arm(k);
            if (kind == 0) st = sg_loopy_build(&l, LOOPY_N, loopy_rule, NULL);
            else if (kind == 1) st = sg_loopy_build_graph(&l, LOOPY_N, off, to);
            else st = sg_loopy_explore(&l, 0, loopy_key_rule, NULL, 0, NULL);
            af_disarm();
            CHECK(st == SG_OK || st == SG_ENOMEM);
            if (st == SG_OK) {
                runs++;
                CHECK_EQ(sg_loopy_count(l), LOOPY_N);
                loopy_read(l, kind == 2, got);
                CHECK(memcmp(got, ref, sizeof ref) == 0);
            } else {
                CHECK(l == NULL);
                CHECK_EQ(af_failed, 1);
            }
            sg_loopy_free(l);
            CHECK_EQ(af_live, base);
            if (af_calls < k) break;
        }
        CHECK(k > 5);   /* the object, the rows, the values, the reverse graph, scratch */
        /* a failure to trim the grown rows to size afterwards is absorbed: still a success */
        CHECK(runs >= 1);
    }
    /* a count whose arrays cannot be had: 2^31 positions need 8 GiB of rows alone */
    af_max_size = (size_t)1 << 31;
    af_arm(0);
    CHECK_EQ(sg_loopy_build(&l, (uint64_t)1 << 31, loopy_rule, NULL), SG_ENOMEM);
    CHECK(af_too_large > 0);
    CHECK(l == NULL);
    /* more positions than 32-bit indices allow: refused before anything is allocated */
    af_arm(0);
    CHECK_EQ(sg_loopy_build(&l, (uint64_t)1 << 33, loopy_rule, NULL), SG_ENOMEM);
    CHECK_EQ(af_calls, 0);
    af_max_size = 0;
    CHECK_EQ(af_live, base);
}

int main(void)
{
    RUN(test_loopy);
    CHECK_EQ(af_live, 0);
    return TEST_REPORT();
}
