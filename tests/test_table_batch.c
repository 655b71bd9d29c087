/* sg_table_build on tables big enough for its batches (record options, prefetch, finish), against
 * a plain computation written here: random options that are mostly far away, sums, known values,
 * options to larger positions (the order of computation is a random permutation), and the error
 * paths at a chosen position (out of range, a cycle, a stop). */
#include "test.h"

#include "sg.h"

#define COUNT 400000u

static uint64_t key[COUNT];        /* positions are computed in increasing key order */
static uint64_t order[COUNT];

static uint64_t mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

typedef struct {
    int forward;        /* 0: options only to smaller positions; 1: any position of smaller key */
    uint64_t bad_at;    /* the position where the chosen error happens (COUNT: none) */
    int bad;            /* 1: out of range, 2: self-loop, 3: stop */
} game_t;

/* the k-th candidate option of x, or COUNT when it is not an option */
static uint64_t candidate(const game_t *g, uint64_t x, uint64_t k)
{
    uint64_t h = mix(x * 64 + k), p;
    if (x == 0) return COUNT;
    if (!g->forward) {
        p = (h & 3) == 0 ? x - 1 - (h >> 40) % (x < 64 ? x : 64) : (h >> 20) % x;
        return p;
    }
    p = (h >> 20) % COUNT;
    return key[p] < key[x] ? p : COUNT;
}

/* 6 candidates: a move to a position, a sum of the next two, a known value (k = 5) */
static int rule(void *user, uint64_t x, sg_moves_t *out)
{
    const game_t *g = (const game_t *)user;
    uint64_t k, p, parts[2];
    if (x == g->bad_at) {
        if (g->bad == 1) sg_move_to(out, COUNT + 7);
        if (g->bad == 2) sg_move_to(out, x);
        if (g->bad == 3) return 1;
    }
    for (k = 0; k < 3; k++)
        if ((p = candidate(g, x, k)) != COUNT) sg_move_to(out, p);
    parts[0] = candidate(g, x, 3);
    parts[1] = candidate(g, x, 4);
    if (parts[0] != COUNT && parts[1] != COUNT) sg_move_to_sum(out, parts, 2);
    if (mix(x) % 5 == 0) sg_move_value(out, (sg_value_t)(mix(x + 1) % 4));
    return 0;
}

static sg_value_t plain_mex(const sg_value_t *v, size_t k)
{
    unsigned char seen[16];
    size_t i;
    memset(seen, 0, sizeof seen);
    for (i = 0; i < k; i++)
        if (v[i] < sizeof seen) seen[v[i]] = 1;
    for (i = 0; seen[i]; i++)
        ;
    return (sg_value_t)i;
}

/* the same game, position by position in key order, from the definition */
static void plain(const game_t *g, sg_value_t *t)
{
    uint64_t i, k, x, p, q;
    for (i = 0; i < COUNT; i++) {
        sg_value_t v[8];
        size_t n = 0;
        x = g->forward ? order[i] : i;
        for (k = 0; k < 3; k++)
            if ((p = candidate(g, x, k)) != COUNT) v[n++] = t[p];
        p = candidate(g, x, 3);
        q = candidate(g, x, 4);
        if (p != COUNT && q != COUNT) v[n++] = t[p] ^ t[q];
        if (mix(x) % 5 == 0) v[n++] = (sg_value_t)(mix(x + 1) % 4);
        t[x] = plain_mex(v, n);
    }
}

static int by_key(const void *a, const void *b)
{
    uint64_t x = key[*(const uint64_t *)a], y = key[*(const uint64_t *)b];
    return (x > y) - (x < y);
}

static sg_value_t *ta, *tb;

static void test_backward(void)
{
    game_t g = {0, COUNT, 0};
    CHECK_EQ(sg_table_build(ta, COUNT, rule, &g), SG_OK);
    plain(&g, tb);
    CHECK(memcmp(ta, tb, COUNT * sizeof *ta) == 0);
}

static void test_forward(void)
{
    game_t g = {1, COUNT, 0};
    CHECK_EQ(sg_table_build(ta, COUNT, rule, &g), SG_OK);
    plain(&g, tb);
    CHECK(memcmp(ta, tb, COUNT * sizeof *ta) == 0);
}

static void test_errors(void)
{
    static const uint64_t at[] = {300017, 0, 1, 300000, COUNT - 1};
    size_t i, nat = test_scale(16) == 16 ? sizeof at / sizeof at[0] : 1;   /* SG_TEST_QUICK */
    int f;
    for (f = 0; f < 2; f++)
        for (i = 0; i < nat; i++) {
            game_t g = {f, at[i], 1};
            CHECK_EQ(sg_table_build(ta, COUNT, rule, &g), SG_ERANGE);
            g.bad = 2;
            CHECK_EQ(sg_table_build(ta, COUNT, rule, &g), SG_ELOOP);
            g.bad = 3;
            CHECK_EQ(sg_table_build(ta, COUNT, rule, &g), SG_ESTOP);
        }
}

/* option counts that vary from 0 to 90 (past the sink's 64 inline values), so batches of very
 * different lengths follow each other in the engine's window */
static uint64_t wide_fan(uint64_t x)
{
    uint64_t h = mix(x ^ 0x5555);
    return x == 0 ? 0 : (h & 15) == 0 ? 40 + h % 51 : h % 13;
}

static uint64_t wide_option(uint64_t x, uint64_t k)
{
    uint64_t h = mix(x * 128 + k + 7);
    return (h & 7) == 0 ? x - 1 - (h >> 40) % (x < 32 ? x : 32) : (h >> 20) % x;
}

static int wide_rule(void *user, uint64_t x, sg_moves_t *out)
{
    uint64_t k, n = wide_fan(x);
    (void)user;
    for (k = 0; k < n; k++) sg_move_to(out, wide_option(x, k));
    return 0;
}

static void test_wide(void)
{
    uint64_t x, k;
    CHECK_EQ(sg_table_build(ta, COUNT, wide_rule, NULL), SG_OK);
    for (x = 0; x < COUNT; x++) {
        unsigned char seen[100];
        uint64_t n = wide_fan(x);
        sg_value_t m = 0;
        memset(seen, 0, sizeof seen);
        for (k = 0; k < n; k++)
            if (tb[wide_option(x, k)] < sizeof seen) seen[tb[wide_option(x, k)]] = 1;
        while (seen[m]) m++;
        tb[x] = m;
    }
    CHECK(memcmp(ta, tb, COUNT * sizeof *ta) == 0);
}

int main(void)
{
    uint64_t i;
    ta = (sg_value_t *)malloc(COUNT * sizeof *ta);
    tb = (sg_value_t *)malloc(COUNT * sizeof *tb);
    if (ta == NULL || tb == NULL) return 1;
    for (i = 0; i < COUNT; i++) {
        key[i] = test_rand();
        order[i] = i;
    }
    qsort(order, COUNT, sizeof order[0], by_key);
    RUN(test_backward);
    RUN(test_forward);
    RUN(test_errors);
    RUN(test_wide);
    free(ta);
    free(tb);
    return TEST_REPORT();
}
