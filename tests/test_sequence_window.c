/* Windowed long runs of Grundy's game and snapshots of a sequence. Every windowed run is held
 * against the full table (sg_grundy_game_table, itself checked against the definition here for
 * its first values): the FNV-1a hash of all its values, computed here plainly, the values it
 * still holds, its histogram and its rare positions (each checked from the mask's definition).
 * Windows resume from checkpoints saved at several points, before and after values were
 * dropped, on one thread and two. A window too small stops the run with SG_EWINDOW at a
 * position whose value is rare (so no run could have found it from the values held), every
 * value before it right, and its checkpoint still loads and stops there again. */
#include "test.h"
#include "brute.h"
#include "checkpoint.h"
#include "window.h"

#include "sg.h"

#define N (((uint64_t)1 << 21) + ((uint64_t)1 << 17) + 5)  /* past the old automatic start */
#define SHORT 1200001u          /* make check's length: past the last stop of the runs in slices */
#define NB 3000u                                            /* values checked by the definition */
#define SMALL ((uint64_t)1 << 17)                           /* a window set by the caller */

static uint64_t count;      /* N under make check-long, SHORT under make check */
static sg_value_t *table;   /* G(0 .. count-1), the full-table engine */

/* Everything a sequence says of itself at its count agrees with the full table; the rare
 * positions are exactly the n whose value has an even number of mask bits. */
static void check_against_table(sg_sequence_t *s)
{
    sg_sequence_stats_t st;
    uint64_t n = sg_sequence_count(s), pre, from, i, *pos;
    sg_value_t *val;
    size_t total, r;
    window_check_stats(s, table, n, &st);
    if (window_rare(s, &st, &pos, &val, &total)) {
        for (i = 0, r = 0; i < n; i++)
            if (!window_parity(table[i] & st.mask)) {
                CHECK(r < total && pos[r] == i && val[r] == table[i]);
                r++;
            }
        CHECK_EQ(r, total);
        free(pos);
        free(val);
    }
    window_check_held(s, table, n, &pre, &from);
}

static void test_table_by_definition(void)
{
    sg_value_t want[NB];
    uint64_t i;
    brute_grundy_game(want, NB);
    for (i = 0; i < NB; i++) CHECK_EQ(table[i], want[i]);
}

/* A run in slices (checkpoint saved and loaded after each slice end but the last). */
static sg_sequence_t *run(uint64_t window, unsigned threads, const uint64_t *stops, size_t nstops)
{
    char path[512];
    sg_sequence_t *s = NULL;
    ckpt_path(path, sizeof path, "test_window.ckpt");
    CHECK_EQ(sg_sequence_create_grundy_game(&s), SG_OK);
    if (window != 0) CHECK_EQ(sg_sequence_set_window(s, window), SG_OK);
    return window_slices(s, stops, nstops, threads, path, check_against_table);
}

/* the caller's window: checkpoints before the window starts, as it starts, after slides */
static void test_window_given(void)
{
    const uint64_t stops[] = {100000, 2 * SMALL, 2 * SMALL + 70000, 500000, 1200000};
    sg_sequence_t *s = run(SMALL, 1, stops, sizeof stops / sizeof stops[0]);
    uint64_t pre = 0, from = 0;
    CHECK(s != NULL);
    if (s == NULL) return;
    check_against_table(s);
    CHECK_EQ(sg_sequence_held(s, &pre, &from), SG_OK);
    CHECK_EQ(pre, SMALL);
    CHECK(from > pre && 1200000 - from >= SMALL);   /* values were dropped, the window kept */
    CHECK_EQ(sg_sequence_set_window(s, SMALL), SG_OK);
    CHECK_EQ(sg_sequence_set_window(s, 0), SG_EINVAL);   /* dropped values stay dropped */
    CHECK_EQ(sg_sequence_set_window(s, 2 * SMALL), SG_EINVAL);
    sg_sequence_free(s);
}

/* two threads, from a checkpoint saved on one */
static void test_window_threads(void)
{
    const uint64_t stops[] = {3 * SMALL + 1, 600001};
    sg_sequence_t *s = run(SMALL, 2, stops, 2);
    CHECK(s != NULL);
    if (s != NULL) check_against_table(s);
    sg_sequence_free(s);
}

/* the window the run chooses starts at 2^27 at the soonest (window.c; the rule itself is tested
 * in test_sequence_window_octal.c): a shorter run keeps every value, on two threads, and its
 * checkpoint keeps the request (under make check-long past the older rule's start, 2^21) */
static void test_window_auto(void)
{
    const uint64_t stops[] = {300000, count};
    sg_sequence_t *s = run(SG_SEQUENCE_WINDOW_AUTO, 2, stops, 2);
    uint64_t pre = 1, from = 1;
    CHECK(s != NULL);
    if (s == NULL) return;
    check_against_table(s);
    CHECK_EQ(sg_sequence_held(s, &pre, &from), SG_OK);
    CHECK_EQ(pre, 0);
    CHECK_EQ(from, 0);
    CHECK_EQ(sg_sequence_set_window(s, 0), SG_OK);   /* nothing was dropped */
    sg_sequence_free(s);
}

/* A checkpoint of the older automatic rule (a window of 2^20 from 2^21 on, checked at each
 * power of two from 2^21): its state is the window asked for and the next check, then, once
 * started, the engine's. Both kinds load and go on, the started one with its window. */
static void test_window_auto_old(void)
{
    const uint64_t waiting[] = {300000}, started[] = {2 * SMALL + 70000};
    const uint64_t auto_ = SG_SEQUENCE_WINDOW_AUTO, check = (uint64_t)1 << 22;
    char path[512];
    size_t k, size = 0;
    for (k = 0; k < 2; k++) {
        sg_sequence_t *s = run(k == 0 ? SG_SEQUENCE_WINDOW_AUTO : SMALL, 1,
                               k == 0 ? waiting : started, 1);
        unsigned char *p;
        uint64_t pre = 0, from = 0;
        if (s == NULL) return;
        ckpt_path(path, sizeof path, "test_window_old.ckpt");
        CHECK_EQ(sg_sequence_save(s, path), SG_OK);
        sg_sequence_free(s);
        s = NULL;
        p = ckpt_get(path, &size);
        CHECK(p != NULL && size > 107);
        if (p == NULL) return;
        /* the state follows the 40-byte header, the 40 bytes of the store, "grundy-game" */
        memcpy(p + 91, &auto_, 8);
        memcpy(p + 99, &check, 8);
        ckpt_reseal(p, size);
        CHECK(ckpt_put(path, p, size));
        free(p);
        CHECK_EQ(sg_sequence_load(&s, path), SG_OK);
        remove(path);
        if (s == NULL) return;
        CHECK_EQ(sg_sequence_extend(s, 700000, NULL, NULL), SG_OK);
        check_against_table(s);
        CHECK_EQ(sg_sequence_held(s, &pre, &from), SG_OK);
        CHECK_EQ(pre, k == 0 ? 0 : SMALL);
        sg_sequence_free(s);
    }
}

/* A window too small: the run stops where a value is rare under the mask (it needs every split)
 * or at the window's start, never with a wrong value; its checkpoint loads and stops again. */
static void test_window_too_small(void)
{
    const uint64_t windows[] = {SG_SEQUENCE_WINDOW_MIN, 40960};
    char path[512];
    size_t w;
    ckpt_path(path, sizeof path, "test_window_small.ckpt");
    for (w = 0; w < 2; w++) {
        sg_sequence_t *s = NULL, *t = NULL;
        sg_sequence_stats_t st;
        uint64_t n;
        CHECK_EQ(sg_sequence_create_grundy_game(&s), SG_OK);
        CHECK_EQ(sg_sequence_set_window(s, windows[w]), SG_OK);
        CHECK_EQ(sg_sequence_extend(s, 1u << 18, NULL, NULL), SG_EWINDOW);
        n = sg_sequence_count(s);
        CHECK(n >= 2 * windows[w] && n < (1u << 18));
        check_against_table(s);
        CHECK_EQ(sg_sequence_stats(s, &st), SG_OK);
        /* the window start refused (a rare position past the prefix), or G(n) rare */
        CHECK(n == 2 * windows[w] || !window_parity(table[n] & st.mask));
        CHECK_EQ(sg_sequence_save(s, path), SG_OK);
        CHECK_EQ(sg_sequence_load(&t, path), SG_OK);
        CHECK_EQ(sg_sequence_count(t), n);
        CHECK_EQ(sg_sequence_extend(t, n + 100, NULL, NULL), SG_EWINDOW);
        CHECK_EQ(sg_sequence_count(t), n);
        sg_sequence_free(s);
        sg_sequence_free(t);
    }
    remove(path);
}

static void test_bad_input(void)
{
    sg_sequence_t *s = NULL, *o = NULL;
    sg_octal_t *g = NULL;
    sg_sequence_stats_t st;
    uint64_t a, b, h[4];
    size_t total;
    CHECK_EQ(sg_sequence_set_window(NULL, 0), SG_EINVAL);
    CHECK_EQ(sg_sequence_held(NULL, &a, &b), SG_EINVAL);
    CHECK_EQ(sg_sequence_stats(NULL, &st), SG_EINVAL);
    CHECK_EQ(sg_sequence_histogram(NULL, h, 4), SG_EINVAL);
    CHECK_EQ(sg_sequence_rare(NULL, NULL, NULL, 0, &total), SG_EINVAL);
    CHECK_EQ(sg_sequence_create_grundy_game(&s), SG_OK);
    CHECK_EQ(sg_sequence_set_window(s, 1), SG_ERANGE);
    CHECK_EQ(sg_sequence_set_window(s, SG_SEQUENCE_WINDOW_MIN - 1), SG_ERANGE);
    CHECK_EQ(sg_sequence_held(s, NULL, &b), SG_EINVAL);
    CHECK_EQ(sg_sequence_held(s, &a, NULL), SG_EINVAL);
    CHECK_EQ(sg_sequence_stats(s, NULL), SG_EINVAL);
    CHECK_EQ(sg_sequence_histogram(s, NULL, 4), SG_EINVAL);
    CHECK_EQ(sg_sequence_rare(s, NULL, NULL, 0, NULL), SG_EINVAL);
    /* empty: hash of nothing, no values */
    CHECK_EQ(sg_sequence_stats(s, &st), SG_OK);
    CHECK_EQ(st.count, 0);
    CHECK_EQ(st.values, 0);
    CHECK_EQ(st.hash, 14695981039346656037u);
    CHECK_EQ(sg_sequence_histogram(s, NULL, 0), SG_OK);
    /* a take-and-break game without a window: no mask, every value counted */
    CHECK_EQ(sg_octal_parse("0.6", &g), SG_OK);
    CHECK_EQ(sg_sequence_create_octal(&o, g), SG_OK);
    CHECK_EQ(sg_sequence_extend(o, 100, NULL, NULL), SG_OK);
    CHECK_EQ(sg_sequence_stats(o, &st), SG_OK);
    CHECK_EQ(st.mask, 0);
    CHECK_EQ(st.rare, 0);
    {
        sg_value_t want[100];
        uint64_t hh[64] = {0}, i;
        brute_octal("0.6", want, 100);
        CHECK_EQ(st.hash, window_fnv(want, 100));
        CHECK(st.values <= 64);
        CHECK_EQ(sg_sequence_histogram(o, hh, 64), SG_OK);
        for (i = 0; i < 100; i++) hh[want[i]]--;
        for (i = 0; i < 64; i++) CHECK_EQ(hh[i], 0);
    }
    sg_sequence_free(o);
    sg_octal_free(g);
    sg_sequence_free(s);
    CHECK(sg_strerror(SG_EWINDOW) != NULL);
    CHECK(strcmp(sg_status_name(SG_EWINDOW), "EWINDOW") == 0);
}

int main(void)
{
    count = test_long() ? N : SHORT;
    table = (sg_value_t *)malloc((size_t)count * sizeof *table);
    if (table == NULL || sg_grundy_game_table(table, count) != SG_OK) {
        fprintf(stderr, "the full table could not be made\n");
        return 1;
    }
    RUN(test_table_by_definition);
    RUN(test_bad_input);
    RUN(test_window_too_small);
    RUN(test_window_given);
    RUN(test_window_threads);
    RUN(test_window_auto);
    RUN(test_window_auto_old);
    free(table);
    return TEST_REPORT();
}
