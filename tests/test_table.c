/* sg_table_build and the sinks: every error path, known games, random games against the
 * recursive definition, and a chain of 3,000,000 positions whose options point upwards. */
#include "sg.h"
#include "test.h"
#include "randgame.h"

static size_t cases;

/* ---- small rules ----------------------------------------------------------------------- */

static int rule_none(void *user, uint64_t p, sg_moves_t *out)
{
    (void)p;
    (void)out;
    ++*(int *)user;
    return 0;
}

/* Nim heap: every smaller size (Bouton: SG(n) = n) */
static int rule_nim(void *user, uint64_t p, sg_moves_t *out)
{
    uint64_t q;
    (void)user;
    for (q = 0; q < p; q++) sg_move_to(out, q);
    return 0;
}

/* the mirror image inside a table of *count positions: every larger position; SG = count-1-p */
static int rule_nim_up(void *user, uint64_t p, sg_moves_t *out)
{
    uint64_t q, count = *(const uint64_t *)user;
    for (q = count; q-- > p + 1;) sg_move_to(out, q);
    return 0;
}

/* subtraction game {1, 2}: SG(n) = n mod 3 */
static int rule_sub12(void *user, uint64_t p, sg_moves_t *out)
{
    (void)user;
    if (p >= 1) sg_move_to(out, p - 1);
    if (p >= 2) sg_move_to(out, p - 2);
    return 0;
}

/* Lasker's Nim-like split into two non-empty heaps, through sums: Grundy's-game-style split of
 * a heap n into (a, n - a), a < n - a, plus taking one token. Checked against brute force. */
static int rule_split(void *user, uint64_t p, sg_moves_t *out)
{
    uint64_t a, parts[2];
    (void)user;
    if (p >= 1) sg_move_to(out, p - 1);
    for (a = 1; 2 * a < p; a++) {
        parts[0] = a;
        parts[1] = p - a;
        sg_move_to_sum(out, parts, 2);
    }
    return 0;
}

static void test_arguments(void)
{
    sg_value_t t[4] = {7, 7, 7, 7};
    int calls = 0;
    CHECK_EQ(sg_table_build(t, 4, NULL, NULL), SG_EINVAL);
    CHECK_EQ(sg_table_build(NULL, 4, rule_none, &calls), SG_EINVAL);
    CHECK_EQ(calls, 0);
    CHECK_EQ(sg_table_build(NULL, 0, rule_none, &calls), SG_OK);
    CHECK_EQ(sg_table_build(t, 0, rule_none, &calls), SG_OK);
    CHECK_EQ(calls, 0);
    CHECK_EQ(t[0], 7);
    CHECK_EQ(sg_table_build(NULL, 0, NULL, NULL), SG_EINVAL);
    CHECK_EQ(sg_table_build(t, 3, rule_none, &calls), SG_OK);
    CHECK(calls >= 3);
    CHECK_EQ(t[0], 0);
    CHECK_EQ(t[1], 0);
    CHECK_EQ(t[2], 0);
    CHECK_EQ(t[3], 7);
    /* a NULL sink is ignored */
    sg_move_to(NULL, 1);
    sg_move_to_sum(NULL, NULL, 3);
    sg_move_value(NULL, 1);
}

static void test_known(void)
{
    static sg_value_t t[1001];
    uint64_t n, count;
    t[300] = 12345;
    CHECK_EQ(sg_table_build(t, 300, rule_nim, NULL), SG_OK);
    for (n = 0; n < 300; n++) CHECK_EQ(t[n], n);
    CHECK_EQ(t[300], 12345);
    count = 300;
    CHECK_EQ(sg_table_build(t, count, rule_nim_up, &count), SG_OK);
    for (n = 0; n < count; n++) CHECK_EQ(t[n], count - 1 - n);
    CHECK_EQ(t[300], 12345);
    CHECK_EQ(sg_table_build(t, 1000, rule_sub12, NULL), SG_OK);
    for (n = 0; n < 1000; n++) CHECK_EQ(t[n], n % 3);
    cases += 1600;
}

/* Grundy's game with a take-one move, by the engine and by a plain loop from the definition */
static void test_sums(void)
{
    static sg_value_t t[300], b[300];
    uint64_t n, a;
    CHECK_EQ(sg_table_build(t, 300, rule_split, NULL), SG_OK);
    for (n = 0; n < 300; n++) {
        sg_value_t opts[300], m;
        size_t k = 0, i;
        if (n >= 1) opts[k++] = b[n - 1];
        for (a = 1; 2 * a < n; a++) opts[k++] = b[a] ^ b[n - a];
        for (m = 0;; m++) {
            for (i = 0; i < k && opts[i] != m; i++)
                ;
            if (i == k) break;
        }
        b[n] = m;
        CHECK_EQ(t[n], b[n]);
    }
    cases += 300;
}

/* ---- cycles ---------------------------------------------------------------------------- */

typedef struct {
    uint64_t count;
    int kind;
} cyc_t;

static int rule_cycle(void *user, uint64_t p, sg_moves_t *out)
{
    const cyc_t *c = (const cyc_t *)user;
    uint64_t parts[3];
    switch (c->kind) {
    case 0: sg_move_to(out, p); break;                        /* self-loop everywhere */
    case 1: if (p == c->count - 1) sg_move_to(out, p); break; /* a self-loop at the top */
    case 2: sg_move_to(out, p ^ 1); break;                    /* 0<->1, 2<->3, ... */
    case 3:                                                   /* up a ring: last -> 0 */
        sg_move_to(out, (p + 1) % c->count);
        break;
    case 4:                                                   /* a ring only through sums */
        parts[0] = p > 0 ? p - 1 : 0;
        parts[1] = (p + 1) % c->count;
        parts[2] = p > 0 ? p - 1 : 0;
        if (p > 0) sg_move_to(out, p - 1);
        sg_move_to_sum(out, parts + 1, 1);
        sg_move_to_sum(out, parts, 3);
        break;
    case 5:                                                   /* a self-loop inside a sum */
        parts[0] = p;
        parts[1] = 0;
        if (p == c->count / 2) sg_move_to_sum(out, parts, 2);
        else if (p > 0) sg_move_to(out, p - 1);
        break;
    default:                                                  /* a 3-cycle high up, via sums */
        if (p + 3 >= c->count) {
            parts[0] = c->count - 3 + (p + 1 - (c->count - 3)) % 3;
            parts[1] = 0;
            sg_move_to_sum(out, parts, 2);
        } else {
            sg_move_to(out, p + 1);
        }
        break;
    }
    return 0;
}

static void test_loops(void)
{
    static sg_value_t t[1004];
    static const uint64_t counts[] = {1, 2, 3, 4, 7, 64, 65, 1000};
    int kind;
    size_t i;
    for (kind = 0; kind <= 6; kind++)
        for (i = 0; i < sizeof counts / sizeof counts[0]; i++) {
            cyc_t c;
            uint64_t j;
            c.count = counts[i];
            c.kind = kind;
            if (kind == 2 && c.count % 2) continue;         /* p ^ 1 must stay inside */
            if (kind == 6 && c.count < 3) continue;
            for (j = 0; j < 4; j++) t[c.count + j] = 0xdead;
            CHECK_EQ(sg_table_build(t, c.count, rule_cycle, &c), SG_ELOOP);
            for (j = 0; j < 4; j++) CHECK_EQ(t[c.count + j], 0xdead);
            cases++;
        }
}

/* ---- out of range, stop, bad sums, sizes -------------------------------------------------- */

typedef struct {
    uint64_t count, at, target;
    int how;      /* 0: sg_move_to; 1: inside a sum; 2: stop at `at`; 3: NULL sum parts */
    int stopval;
} bad_t;

static int rule_bad(void *user, uint64_t p, sg_moves_t *out)
{
    const bad_t *b = (const bad_t *)user;
    uint64_t parts[2];
    if (p + 1 < b->count) sg_move_to(out, p + 1);   /* everything depends on larger ones */
    if (p != b->at) return 0;
    switch (b->how) {
    case 0: sg_move_to(out, b->target); break;
    case 1:   /* a good part first (no cycle: the chain goes up), then the bad one */
        parts[0] = p + 1 < b->count ? p + 1 : b->target;
        parts[1] = b->target;
        sg_move_to_sum(out, parts, 2);
        break;
    case 2: return b->stopval;
    default: sg_move_to_sum(out, NULL, 2); break;
    }
    return 0;
}

static void test_bad_positions(void)
{
    static sg_value_t t[104];
    static const int stopvals[] = {1, -1, 42, SG_ELOOP, SG_ERANGE};
    uint64_t at;
    size_t i;
    int how;
    for (how = 0; how <= 3; how++)
        for (at = 0; at < 100; at += (at < 5 || at > 95) ? 1 : 13) {
            bad_t b;
            uint64_t j;
            b.count = 100;
            b.at = at;
            b.stopval = stopvals[at % 5];
            for (i = 0; i < 3; i++) {
                static const uint64_t targets[] = {100, 101, UINT64_MAX};
                b.target = targets[i];
                b.how = how;
                for (j = 0; j < 4; j++) t[100 + j] = 0xbeef;
                CHECK_EQ(sg_table_build(t, 100, rule_bad, &b),
                         how <= 1 ? SG_ERANGE : how == 2 ? SG_ESTOP : SG_EINVAL);
                for (j = 0; j < 4; j++) CHECK_EQ(t[100 + j], 0xbeef);
                cases++;
            }
        }
    /* the same rule with its bad position outside the table works */
    {
        bad_t b;
        b.count = 100;
        b.at = 100;
        b.how = 2;
        b.stopval = 1;
        b.target = 0;
        CHECK_EQ(sg_table_build(t, 100, rule_bad, &b), SG_OK);
        for (at = 0; at < 100; at++) CHECK_EQ(t[at], (99 - at) % 2);
    }
}

/* position 0 needs position 1 of a table too large for any memory: the scratch memory of the
 * search cannot be had; nothing is written past the buffer really there */
static int rule_up_one(void *user, uint64_t p, sg_moves_t *out)
{
    (void)user;
    sg_move_to(out, p + 1);
    return 0;
}

static void test_huge_count(void)
{
    sg_value_t t[4] = {5, 5, 5, 5};
    CHECK_EQ(sg_table_build(t, UINT64_MAX, rule_up_one, NULL), SG_ENOMEM);
    CHECK_EQ(t[1], 5);
    CHECK_EQ(t[2], 5);
    CHECK_EQ(t[3], 5);
    CHECK_EQ(sg_table_build(t, (uint64_t)1 << 63, rule_up_one, NULL), SG_ENOMEM);
    CHECK_EQ(t[1], 5);
}

/* ---- random games against the definition ------------------------------------------------- */

static rg_game_t game;
static rg_brute_t brute;
static size_t random_graphs, by_status[8];

static void check_random(const rg_params_t *p, uint64_t count)
{
    static sg_value_t t[RG_MAXN + 4];
    unsigned flags = 0;
    uint32_t i;
    int st;
    size_t j;
    rg_generate(&game, p);
    rg_brute_init(&brute, &game, count, 0);
    for (i = 0; i < count; i++) flags |= rg_query(&brute, i);
    for (j = 0; j < 4; j++) t[count + j] = 0x5a5a5a5a;
    st = sg_table_build(t, count, rg_rule, &game);
    if (!rg_status_ok(flags, st)) {
        fprintf(stderr, "n=%zu count=%llu flags=%u status=%d\n", game.n,
                (unsigned long long)count, flags, st);
        CHECK(rg_status_ok(flags, st));
    }
    if (flags == 0 && st == SG_OK)
        for (i = 0; i < count; i++) CHECK_EQ(t[i], brute.val[i]);
    for (j = 0; j < 4; j++) CHECK_EQ(t[count + j], 0x5a5a5a5a);
    random_graphs++;
    by_status[-st & 7]++;
}

static void test_random(void)
{
    size_t rep;
    for (rep = 0; rep < 6000; rep++) {
        rg_params_t p;
        uint64_t count;
        int mode = (int)(rep % 6);
        memset(&p, 0, sizeof p);
        p.n = 1 + (size_t)test_below(rep % 50 == 0 ? RG_MAXN : 40);
        p.maxopt = (size_t)test_below(7);
        p.order = (int)test_below(3);
        count = p.n;
        switch (mode) {
        case 0: case 1: break;                                         /* acyclic, in range */
        case 2: p.cycles = 1 + (unsigned)test_below(6); break;         /* cycles */
        case 3: count -= test_below(p.n / 4 + 1); p.far = (unsigned)test_below(20); break;
        case 4: p.stops = 1 + (unsigned)test_below(50); break;         /* stops */
        default:                                                       /* everything */
            p.cycles = (unsigned)test_below(3);
            p.far = (unsigned)test_below(10);
            p.stops = (unsigned)test_below(20);
            count -= test_below(2);
            break;
        }
        check_random(&p, count);
    }
}

/* ---- 3,000,000 positions, every option larger ------------------------------------------ */

#define CHAIN 3000000u

static int rule_chain_up(void *user, uint64_t p, sg_moves_t *out)
{
    uint64_t n = *(const uint64_t *)user;
    if (p + 1 < n) sg_move_to(out, p + 1);
    if (p + 2 < n) sg_move_to(out, p + 2);
    return 0;
}

static void test_chain(void)
{
    sg_value_t *t = (sg_value_t *)malloc(CHAIN * sizeof *t);
    uint64_t n = CHAIN, i;
    size_t bad = 0;
    CHECK(t != NULL);
    if (t == NULL) return;
    /* top = n-1 has no option; SG(p) = (n - 1 - p) mod 3 (options: the next two) */
    CHECK_EQ(sg_table_build(t, n, rule_chain_up, &n), SG_OK);
    for (i = 0; i < n; i++) bad += t[i] != (n - 1 - i) % 3;
    CHECK_EQ(bad, 0);
    free(t);
    cases += CHAIN;
}

int main(void)
{
    RUN(test_arguments);
    RUN(test_known);
    RUN(test_sums);
    RUN(test_loops);
    RUN(test_bad_positions);
    RUN(test_huge_count);
    RUN(test_random);
    RUN(test_chain);
    printf("table: %zu random games (%zu ok, %zu ERANGE, %zu ELOOP, %zu ESTOP), %zu other cases\n",
           random_graphs, by_status[0], by_status[3], by_status[4], by_status[5], cases);
    return TEST_REPORT();
}
