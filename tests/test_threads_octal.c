/* Take-and-break games on two threads (lib/longrun/octal_threads.c): groups forced on at every
 * position they can take, against the plain computation of tests/brute.h and against one
 * thread, on several codes, in uneven chunks; the automatic schedule through sg_sequence_*;
 * bad input. `make tsan` runs this under ThreadSanitizer: the two threads must share nothing
 * unsynchronized. */
#include "test.h"
#include "brute.h"
#include "octal_run.h"

#include "../lib/games/octal/take_break.h"
#include "../lib/longrun/octal_threads.h"

#include <stdio.h>

#define SMALL 8000u    /* compared with the plain loop */
#define BIG 20000u     /* compared with one thread */

static sg_value_t want[BIG], got[BIG];

/* G(0 .. count-1) of `code` by the value engine in `mode`, on two threads with groups at every
 * position they can take (two != 0) or on one; *given: the values groups gave */
static int run_engine(const char *code, sg_value_t *g, uint64_t count, int mode, int two,
                      uint64_t *given)
{
    sg_octal_t *game = NULL;
    sg__octal_run_t run;
    sg__ot_t *ot = NULL;
    int st;
    *given = 0;
    if ((st = sg_octal_parse(code, &game)) != SG_OK) return st;
    sg__octal_run_init(&run, game);
    run.sparse_mode = mode;
    if (two && (st = sg__ot_start(&ot, &run)) == SG_OK) sg__ot_always(ot);
    if (st == SG_OK) st = octal_run_chunks(&run, g, count);
    *given = sg__ot_given(ot);
    sg__ot_stop(ot, &run);
    sg__octal_run_release(&run);
    sg_octal_free(game);
    return st;
}

static int same(const char *code, const char *how, uint64_t count)
{
    return octal_same(code, how, got, want, count);
}

/* codes whose sparse engine runs (two parts), with one-heap moves of several sizes, splits of
 * both index parities, d0 = 4 */
static const char *const codes[] = {"0.6", "0.007", "0.14", "0.36", "0.4", "4.07", "0.156",
                                    "0.64"};
#define NCODES (sizeof codes / sizeof codes[0])

static void test_against_plain(void)
{
    uint64_t given, n = test_scale(SMALL);
    size_t i;
    for (i = 0; i < NCODES; i++) {
        brute_octal(codes[i], want, n);
        CHECK_EQ(run_engine(codes[i], got, n, SG__OCTAL_SPARSE, 1, &given), SG_OK);
        CHECK(same(codes[i], "two threads, sparse throughout", n));
        /* the groups ran: most values of Officers came from them */
        if (i == 0) CHECK(given > n / 2);
    }
}

static void test_against_one_thread(void)
{
    uint64_t given, total = 0, n = test_scale(BIG);
    size_t i;
    for (i = 0; i < NCODES; i++) {
        CHECK_EQ(run_engine(codes[i], want, n, SG__OCTAL_AUTO, 0, &given), SG_OK);
        CHECK_EQ(given, 0);
        CHECK_EQ(run_engine(codes[i], got, n, SG__OCTAL_AUTO, 1, &given), SG_OK);
        CHECK(same(codes[i], "two threads", n));
        total += given;
    }
    /* past the sparse engine's start, groups ran on some of these */
    if (n >= BIG) CHECK(total > n);
}

/* the public way: sg_sequence_set_threads on a take-and-break game, the schedule choosing */
static void test_sequence(void)
{
    sg_octal_t *game = NULL;
    sg_sequence_t *s = NULL, *t = NULL;
    uint64_t n = test_scale(BIG - 3000), i, steps[] = {1, 5000, 5001, 12000, 0};
    steps[4] = n;
    CHECK_EQ(sg_octal_parse("0.6", &game), SG_OK);
    CHECK_EQ(sg_sequence_create_octal(&s, game), SG_OK);
    CHECK_EQ(sg_sequence_create_octal(&t, game), SG_OK);
    CHECK_EQ(sg_sequence_set_threads(s, 2), SG_OK);
    for (i = 0; i < sizeof steps / sizeof steps[0]; i++)
        if (steps[i] <= n) CHECK_EQ(sg_sequence_extend(s, steps[i], NULL, NULL), SG_OK);
    CHECK_EQ(sg_sequence_extend(t, n, NULL, NULL), SG_OK);
    CHECK_EQ(sg_sequence_read(s, 0, got, n), SG_OK);
    CHECK_EQ(sg_sequence_read(t, 0, want, n), SG_OK);
    CHECK(same("0.6", "sequence on two threads", n));
    /* back to one, and two again, on the same sequence */
    CHECK_EQ(sg_sequence_set_threads(s, 1), SG_OK);
    CHECK_EQ(sg_sequence_extend(s, n + 1000, NULL, NULL), SG_OK);
    CHECK_EQ(sg_sequence_set_threads(s, 2), SG_OK);
    CHECK_EQ(sg_sequence_extend(s, n + 3000, NULL, NULL), SG_OK);
    CHECK_EQ(sg_sequence_extend(t, n + 3000, NULL, NULL), SG_OK);
    CHECK_EQ(sg_sequence_read(s, n, got, 3000), SG_OK);
    CHECK_EQ(sg_sequence_read(t, n, want, 3000), SG_OK);
    CHECK(same("0.6", "sequence, threads changed", 3000));
    /* bad input */
    CHECK_EQ(sg_sequence_set_threads(s, 0), SG_EINVAL);
    CHECK_EQ(sg_sequence_set_threads(s, 3), SG_EINVAL);
    CHECK_EQ(sg_sequence_set_threads(NULL, 2), SG_EINVAL);
    sg_sequence_free(s);
    sg_sequence_free(t);
    /* a game whose moves may leave three heaps takes the setting and runs on one thread: the same values */
    sg_octal_free(game);
    CHECK_EQ(sg_octal_parse("0.f", &game), SG_OK);
    CHECK_EQ(sg_sequence_create_octal(&s, game), SG_OK);
    CHECK_EQ(sg_sequence_set_threads(s, 2), SG_OK);
    CHECK_EQ(sg_sequence_extend(s, 600, NULL, NULL), SG_OK);
    CHECK_EQ(sg_sequence_read(s, 0, got, 600), SG_OK);
    brute_octal("0.f", want, 600);
    CHECK(same("0.f", "three parts, two threads asked", 600));
    sg_sequence_free(s);
    sg_octal_free(game);
}

int main(void)
{
    RUN(test_against_plain);
    RUN(test_against_one_thread);
    RUN(test_sequence);
    return TEST_REPORT();
}
