/* sg_winning_move on random games and random sums, re-deriving the chosen option from the
 * game's own option list; Nim as a rule against nim_winning_move; every error path. */
#include "sg.h"
#include "test.h"
#include "randgame.h"

static rg_game_t game;
static rg_brute_t brute;
static size_t cases, p_positions;

/* value of option number `index` of node i, read off the game's list (one sink call each) */
static int option_value(uint32_t i, size_t index, sg_value_t *v)
{
    const rg_option_t *op;
    unsigned k;
    if (index >= game.first[i + 1] - game.first[i]) return 0;
    op = &game.opt[game.first[i] + index];
    if (op->kind == RG_VALUE) {
        *v = op->value;
        return 1;
    }
    *v = 0;
    for (k = 0; k < op->nparts; k++) *v ^= brute.val[op->part[k]];
    return 1;
}

static void check_sum(const sg_value_t *table, const uint64_t *comps, size_t k)
{
    size_t comp = 12345, opt = 12345, i, o, first = SIZE_MAX;
    sg_value_t sum = 0, v = 0;
    int r;
    for (i = 0; i < k; i++) sum ^= table[comps[i]];
    /* brute force: the first component having an option of value (its value ^ sum) */
    for (i = 0; i < k && first == SIZE_MAX && sum != 0; i++) {
        uint32_t node = (uint32_t)comps[i];
        for (o = 0; option_value(node, o, &v); o++)
            if (v == (table[node] ^ sum)) {
                first = i;
                break;
            }
    }
    r = sg_winning_move(table, game.n, rg_rule, &game, comps, k, &comp, &opt);
    CHECK_EQ(r, sum != 0);
    /* Sprague-Grundy: a non-zero sum always has a winning option */
    CHECK_EQ(first != SIZE_MAX, sum != 0);
    if (r == 1) {
        CHECK_EQ(comp, first);
        CHECK(comp < k);
        if (comp < k) {
            CHECK(option_value((uint32_t)comps[comp], opt, &v));
            /* the option makes the nim-sum 0 */
            CHECK_EQ(sum ^ table[comps[comp]] ^ v, 0);
        }
    } else {
        CHECK_EQ(comp, 12345);
        CHECK_EQ(opt, 12345);
        p_positions++;
    }
    cases++;
}

static void test_random(void)
{
    size_t rep, s;
    for (rep = 0; rep < 3000; rep++) {
        rg_params_t p;
        uint32_t i;
        memset(&p, 0, sizeof p);
        p.n = 1 + (size_t)test_below(rep % 50 == 0 ? RG_MAXN : 40);
        p.maxopt = (size_t)test_below(8);
        p.order = (int)test_below(3);
        rg_generate(&game, &p);
        rg_brute_init(&brute, &game, game.n, 0);
        for (i = 0; i < game.n; i++) CHECK_EQ(rg_query(&brute, i), 0);
        for (s = 0; s < 20; s++) {
            uint64_t comps[8];
            size_t k = (size_t)test_below(9), j;
            for (j = 0; j < k; j++) comps[j] = test_below(game.n);
            /* a P-position now and then: add a component of the same value as the sum */
            if (k > 0 && k < 8 && test_below(4) == 0) {
                sg_value_t x = 0;
                uint32_t node;
                for (j = 0; j < k; j++) x ^= brute.val[comps[j]];
                for (node = 0; node < game.n && brute.val[node] != x; node++)
                    ;
                if (node < game.n) comps[k++] = node;
            }
            check_sum(brute.val, comps, k);
        }
    }
}

/* Nim heaps as a rule (options 0..p-1 in order: option index == new size) */
static int rule_nim(void *user, uint64_t p, sg_moves_t *out)
{
    uint64_t q;
    (void)user;
    for (q = 0; q < p; q++) sg_move_to(out, q);
    return 0;
}

static void test_nim(void)
{
    static sg_value_t t[64];
    size_t rep, i;
    for (i = 0; i < 64; i++) t[i] = (sg_value_t)i;   /* Bouton: SG(n) = n */
    for (rep = 0; rep < 20000; rep++) {
        uint64_t h[8], ns = 0;
        size_t k = (size_t)test_below(9), heap = 0, comp = 0, opt = 0;
        int r1, r2;
        for (i = 0; i < k; i++) h[i] = test_below(64);
        r1 = nim_winning_move(h, k, &heap, &ns);
        r2 = sg_winning_move(t, 64, rule_nim, NULL, h, k, &comp, &opt);
        CHECK_EQ(r1, r2);
        if (r1 == 1 && r2 == 1) {
            CHECK_EQ(comp, heap);
            CHECK_EQ(opt, ns);
        }
        cases++;
    }
}

/* ---- errors -------------------------------------------------------------------------- */

typedef struct {
    int how;   /* 0: fine; 1: option out of range; 2: stop; 3: NULL sum parts */
    int stopval;
} bad_t;

/* positions 0..9, options: every smaller position (Nim), plus the bad thing at position 9 */
static int rule_bad(void *user, uint64_t p, sg_moves_t *out)
{
    const bad_t *b = (const bad_t *)user;
    uint64_t q, parts[2] = {1, 10};
    if (p == 9) {
        switch (b->how) {
        case 1: sg_move_to(out, 10); break;
        case 2: return b->stopval;
        case 3: sg_move_to_sum(out, NULL, 1); break;
        case 4: sg_move_to_sum(out, parts, 2); break;
        default: break;
        }
    }
    for (q = 0; q < p; q++) sg_move_to(out, q);
    return 0;
}

static void test_errors(void)
{
    sg_value_t t[10], wrong[10];
    uint64_t comps[3] = {9, 3, 1}, far[2] = {9, 10};
    size_t comp = 77, opt = 77, i;
    bad_t b;
    static const int stopvals[] = {1, -1, 42, SG_ELOOP, SG_EINVAL};
    for (i = 0; i < 10; i++) t[i] = wrong[i] = (sg_value_t)i;
    b.how = 0;
    b.stopval = 0;
    CHECK_EQ(sg_winning_move(t, 10, rule_bad, &b, comps, 3, &comp, &opt), 1);
    CHECK_EQ(comp, 0);
    CHECK_EQ(opt, 9 ^ (9 ^ 3 ^ 1));   /* options are listed 0, 1, ...: index == size */
    CHECK_EQ(sg_winning_move(NULL, 10, rule_bad, &b, comps, 3, &comp, &opt), SG_EINVAL);
    CHECK_EQ(sg_winning_move(t, 10, NULL, &b, comps, 3, &comp, &opt), SG_EINVAL);
    CHECK_EQ(sg_winning_move(t, 10, rule_bad, &b, NULL, 3, &comp, &opt), SG_EINVAL);
    CHECK_EQ(sg_winning_move(t, 10, rule_bad, &b, comps, 3, NULL, &opt), SG_EINVAL);
    CHECK_EQ(sg_winning_move(t, 10, rule_bad, &b, comps, 3, &comp, NULL), SG_EINVAL);
    /* the empty sum is a P-position */
    comp = opt = 77;
    CHECK_EQ(sg_winning_move(t, 10, rule_bad, &b, NULL, 0, &comp, &opt), 0);
    CHECK_EQ(sg_winning_move(t, 10, rule_bad, &b, comps, 0, &comp, &opt), 0);
    CHECK_EQ(comp, 77);
    /* a component outside the table */
    CHECK_EQ(sg_winning_move(t, 10, rule_bad, &b, far, 2, &comp, &opt), SG_ERANGE);
    CHECK_EQ(sg_winning_move(t, 9, rule_bad, &b, comps, 3, &comp, &opt), SG_ERANGE);
    CHECK_EQ(comp, 77);
    /* an option outside the table, a stop, a bad sum: in the component that is searched */
    b.how = 1;
    CHECK_EQ(sg_winning_move(t, 10, rule_bad, &b, comps, 3, &comp, &opt), SG_ERANGE);
    b.how = 4;
    CHECK_EQ(sg_winning_move(t, 10, rule_bad, &b, comps, 3, &comp, &opt), SG_ERANGE);
    b.how = 3;
    CHECK_EQ(sg_winning_move(t, 10, rule_bad, &b, comps, 3, &comp, &opt), SG_EINVAL);
    b.how = 2;
    for (i = 0; i < sizeof stopvals / sizeof stopvals[0]; i++) {
        b.stopval = stopvals[i];
        CHECK_EQ(sg_winning_move(t, 10, rule_bad, &b, comps, 3, &comp, &opt), SG_ESTOP);
    }
    CHECK_EQ(comp, 77);
    CHECK_EQ(opt, 77);
    /* the table does not match the rule: position 3 said to be 12; sum 9^12^1 = 4; no option
     * of 9 has 13, none of 3 has 8 */
    b.how = 0;
    wrong[3] = 12;
    CHECK_EQ(sg_winning_move(wrong, 10, rule_bad, &b, comps, 3, &comp, &opt), SG_EINVAL);
    CHECK_EQ(comp, 77);
}

int main(void)
{
    RUN(test_random);
    RUN(test_nim);
    RUN(test_errors);
    printf("winning: %zu sums (%zu P-positions)\n", cases, p_positions);
    return TEST_REPORT();
}
