/* Allocation failure in misere play: sg_misere_table (with an upward option, so the engine
 * searches) and the misere octal solver's outcomes and genus. Every entry point is run with the
 * k-th allocation failing, for k = 1, 2, ... until a run needs fewer than k allocations.
 * Each run must either succeed with the right answer or return SG_ENOMEM; in both cases nothing
 * may stay allocated, nothing may be written outside the caller's buffer, and objects must stay
 * usable and freeable (tests/alloc_failure.h replaces the allocator). */
#define _POSIX_C_SOURCE 200809L
#include "alloc_failure.h"

/* ---- misere play ---------------------------------------------------------------------------- */

/* options of p: p - 1 and p + 1 below 40 when p is even, p - 2 when p >= 2 (an upward option
 * makes the engine search) */
static int misere_rule(void *user, uint64_t p, sg_moves_t *out)
{
    (void)user;
    if (p % 2 == 0 && p + 1 < 40) sg_move_to(out, p + 1);
    if (p >= 2) sg_move_to(out, p - 2);
    return 0;
}

static int op_misere_table(void *ctx)
{
    unsigned char *win = (unsigned char *)ctx;
    int st = sg_misere_table(win, 40, misere_rule, NULL);
    uint64_t p;
    if (st != SG_OK) return st;
    /* odd p: p - 2 only, so 1 is N (no move), 3 P, 5 N ...; even p: p + 1 is P when p + 1 = 3
     * mod 4, else p - 2 decides */
    for (p = 1; p < 40; p += 2) CHECK_EQ(win[p], p % 4 == 1);
    return SG_OK;
}

static int op_misere_octal(void *ctx)
{
    const sg_octal_t *game = (const sg_octal_t *)ctx;
    sg_misere_octal_t *m = NULL;
    sg_genus_t gs;
    uint64_t heap = 9;
    int win = -1, st = sg_misere_octal_create(&m, game, 0, NULL);
    if (st == SG_OK) st = sg_misere_octal_outcome(m, &heap, 1, &win);
    if (st == SG_OK) CHECK_EQ(win, 0);
    if (st == SG_OK) st = sg_misere_octal_genus(m, 5, &gs);
    if (st == SG_OK) CHECK_EQ(gs.g, 4);
    sg_misere_octal_free(m);
    return st;
}

static void test_misere(void)
{
    unsigned char win[40];
    sg_octal_t *game = NULL;
    CHECK(af_sweep(op_misere_table, win, 0) >= 1);
    CHECK_EQ(sg_octal_parse("0.77", &game), SG_OK);
    CHECK(af_sweep(op_misere_octal, game, 1) >= 5);
    sg_octal_free(game);
}

int main(void)
{
    RUN(test_misere);
    CHECK_EQ(af_live, 0);
    return TEST_REPORT();
}
