/* sg_sequence_set_threads: Grundy's game on two threads against the plain loop of tests/brute.h and
 * against the same run on one thread; runs in pieces of every parity, progress and
 * cancellation, a checkpoint resumed on two threads; bad input. `make tsan` runs this under
 * ThreadSanitizer: the two threads must share nothing unsynchronized. */
#include "test.h"
#include "simd.h"
#include "brute.h"

#include "sg.h"

#include <stdio.h>

#define N 30000u      /* compared with the plain loop */
#define LONG 100000u  /* compared with one thread (the sparse engine well under way) */

static sg_value_t want[N], got[LONG], one[LONG];
static uint64_t NN = N, NL = LONG;

static void read_all(const sg_sequence_t *s, sg_value_t *out, uint64_t count)
{
    CHECK_EQ(sg_sequence_count(s), count);
    CHECK_EQ(sg_sequence_read(s, 0, out, count), SG_OK);
}

static void test_against_plain(void)
{
    sg_sequence_t *s = NULL;
    uint64_t steps[] = {1, 2, 2047, 2048, 2049, 2050, 5001, 5002, 0}, i;
    steps[8] = NN;
    CHECK_EQ(sg_sequence_create_grundy_game(&s), SG_OK);
    CHECK_EQ(sg_sequence_set_threads(s, 2), SG_OK);
    for (i = 0; i < sizeof steps / sizeof steps[0]; i++)
        CHECK_EQ(sg_sequence_extend(s, steps[i], NULL, NULL), SG_OK);
    read_all(s, got, NN);
    for (i = 0; i < NN; i++)
        if (got[i] != want[i]) {
            CHECK_EQ(got[i], want[i]);
            break;
        }
    sg_sequence_free(s);
}

static void test_against_one_thread(void)
{
    sg_sequence_t *s = NULL, *t = NULL;
    uint64_t i;
    CHECK_EQ(sg_sequence_create_grundy_game(&s), SG_OK);
    CHECK_EQ(sg_sequence_create_grundy_game(&t), SG_OK);
    CHECK_EQ(sg_sequence_set_threads(s, 2), SG_OK);
    CHECK_EQ(sg_sequence_extend(s, NL, NULL, NULL), SG_OK);
    CHECK_EQ(sg_sequence_extend(t, NL, NULL, NULL), SG_OK);
    read_all(s, got, NL);
    read_all(t, one, NL);
    for (i = 0; i < NL; i++)
        if (got[i] != one[i]) {
            CHECK_EQ(got[i], one[i]);
            break;
        }
    /* back to one thread on the same sequence, then two again */
    CHECK_EQ(sg_sequence_set_threads(s, 1), SG_OK);
    CHECK_EQ(sg_sequence_extend(s, NL + 777, NULL, NULL), SG_OK);
    CHECK_EQ(sg_sequence_set_threads(s, 2), SG_OK);
    CHECK_EQ(sg_sequence_extend(s, NL + 2000, NULL, NULL), SG_OK);
    CHECK_EQ(sg_sequence_extend(t, NL + 2000, NULL, NULL), SG_OK);
    for (i = NL; i < NL + 2000; i++) {
        sg_value_t a, b;
        CHECK_EQ(sg_sequence_read(s, i, &a, 1), SG_OK);
        CHECK_EQ(sg_sequence_read(t, i, &b, 1), SG_OK);
        if (a != b) {
            CHECK_EQ(a, b);
            break;
        }
    }
    sg_sequence_free(s);
    sg_sequence_free(t);
}

typedef struct {
    uint64_t calls, stop_at, last_done;
    int sorted;
} prog_t;

static int progress(void *user, uint64_t done, uint64_t total)
{
    prog_t *p = (prog_t *)user;
    (void)total;
    if (done < p->last_done) p->sorted = 0;
    p->last_done = done;
    return ++p->calls == p->stop_at;
}

static void test_progress_cancel_checkpoint(void)
{
    const char *path = "test_threads_grundy.ckpt";
    sg_sequence_t *s = NULL, *r = NULL, *t = NULL;
    prog_t p;
    uint64_t i, stopped;
    memset(&p, 0, sizeof p);
    p.sorted = 1;
    p.stop_at = 1;   /* at the first report, 2^14 values in */
    CHECK_EQ(sg_sequence_create_grundy_game(&s), SG_OK);
    CHECK_EQ(sg_sequence_set_threads(s, 2), SG_OK);
    CHECK_EQ(sg_sequence_extend(s, NL, progress, &p), SG_ESTOP);
    stopped = sg_sequence_count(s);
    CHECK(stopped > 0 && stopped < NL);
    CHECK_EQ(p.calls, 1);
    CHECK(p.sorted);
    CHECK_EQ(sg_sequence_save(s, path), SG_OK);
    CHECK_EQ(sg_sequence_load(&r, path), SG_OK);
    CHECK_EQ(sg_sequence_set_threads(r, 2), SG_OK);
    CHECK_EQ(sg_sequence_extend(r, NL, NULL, NULL), SG_OK);
    CHECK_EQ(sg_sequence_extend(s, NL, NULL, NULL), SG_OK);
    /* against one thread, and the plain loop where it ran */
    CHECK_EQ(sg_sequence_create_grundy_game(&t), SG_OK);
    CHECK_EQ(sg_sequence_extend(t, NL, NULL, NULL), SG_OK);
    read_all(r, got, NL);
    read_all(t, one, NL);
    for (i = 0; i < NL; i++)
        if (got[i] != one[i] || (i < NN && one[i] != want[i])) {
            CHECK_EQ(got[i], one[i]);
            if (i < NN) CHECK_EQ(one[i], want[i]);
            break;
        }
    read_all(s, got, NL);
    CHECK_EQ(memcmp(got, one, (size_t)NL * sizeof *got), 0);
    remove(path);
    sg_sequence_free(s);
    sg_sequence_free(r);
    sg_sequence_free(t);
}

static void test_bad_input(void)
{
    sg_sequence_t *s = NULL;
    sg_octal_t *g = NULL;
    CHECK_EQ(sg_sequence_set_threads(NULL, 1), SG_EINVAL);
    CHECK_EQ(sg_sequence_create_grundy_game(&s), SG_OK);
    CHECK_EQ(sg_sequence_set_threads(s, 0), SG_EINVAL);
    CHECK_EQ(sg_sequence_set_threads(s, 3), SG_EINVAL);
    CHECK_EQ(sg_sequence_set_threads(s, 1), SG_OK);
    sg_sequence_free(s);
    CHECK_EQ(sg_octal_parse("0.07", &g), SG_OK);
    CHECK_EQ(sg_sequence_create_octal(&s, g), SG_OK);
    CHECK_EQ(sg_sequence_set_threads(s, 1), SG_OK);
    CHECK_EQ(sg_sequence_set_threads(s, 3), SG_EINVAL);   /* two: test_threads_octal.c */
    sg_sequence_free(s);
    sg_octal_free(g);
}

int main(void)
{
    if (test_scale(16) != 16) {
        NN = 12000;
        NL = 40000;   /* past the first progress report, at 2^14 */
    }
    brute_grundy_game(want, NN);
    RUN(test_against_plain);
    RUN(test_against_one_thread);
    RUN(test_progress_cancel_checkpoint);
    RUN(test_bad_input);
    test_simd_report(TEST_SIMD_GRUNDY_GAME);
    return TEST_REPORT();
}
