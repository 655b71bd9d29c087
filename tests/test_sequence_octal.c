/* sg_sequence_create_octal / sg_sequence_load_octal: sequences of take-and-break games against
 * the plain computation of tests/brute.h, against sg_octal_table and published
 * values; extending in steps across the engine's chunks, cancellation, checkpoints at several
 * cuts resumed to the same values, checkpoints of another game refused; bad input. */
#include "test.h"
#include "brute.h"
#include "checkpoint.h"

#include "sg.h"

#include <stdio.h>

#define N 30000u
#define PLAIN 700u   /* values computed from the definition (O(n^2) and O(n^3) per game) */

static sg_value_t want[N], got[N], plain[PLAIN];
static uint64_t NN = N;   /* values compared: fewer under valgrind (SG_TEST_QUICK) */

static sg_octal_t *parse(const char *code)
{
    sg_octal_t *g = NULL;
    CHECK_EQ(sg_octal_parse(code, &g), SG_OK);
    return g;
}

/* codes with at most two parts are run to NN; those with three parts to fewer */
static const struct {
    const char *code;
    uint64_t count;
} games[] = {{"0.07", N}, {"0.77", N}, {"0.6", N}, {"0.007", N}, {"4.07", N},
             {"0.137", N}, {"0.f", 2000}, {"0.c", 1200}, {"0.8e", 1000}};

/* want = sg_octal_table, checked against the definition on its first PLAIN values */
static uint64_t setup(const char *code, uint64_t count)
{
    sg_octal_t *g = parse(code);
    uint64_t n = count < NN ? count : NN, k = n < PLAIN ? n : PLAIN;
    CHECK_EQ(sg_octal_table(g, want, n), SG_OK);
    brute_octal(code, plain, k);
    CHECK(memcmp(plain, want, k * sizeof plain[0]) == 0);
    sg_octal_free(g);
    return n;
}

static void test_values(void)
{
    size_t i;
    for (i = 0; i < sizeof games / sizeof games[0]; i++) {
        uint64_t n = setup(games[i].code, games[i].count), k;
        uint64_t steps[] = {0, 1, 3, 64, 65, 1000, 16383, 16384, 16385, 25000, N};
        sg_octal_t *g = parse(games[i].code);
        sg_sequence_t *s = NULL;
        CHECK_EQ(sg_sequence_create_octal(&s, g), SG_OK);
        sg_octal_free(g);   /* the sequence keeps its own copy */
        CHECK_EQ(sg_sequence_width(s), 1);
        for (k = 0; k < sizeof steps / sizeof steps[0]; k++) {
            uint64_t to = steps[k] < n ? steps[k] : n;
            CHECK_EQ(sg_sequence_extend(s, to, NULL, NULL), SG_OK);
            CHECK_EQ(sg_sequence_count(s), to);
        }
        memset(got, 0xff, sizeof got);
        CHECK_EQ(sg_sequence_read(s, 0, got, n), SG_OK);
        if (memcmp(got, want, n * sizeof got[0]) != 0) {
            fprintf(stderr, "values of %s differ\n", games[i].code);
            CHECK(0);
        }
        CHECK_EQ(sg_sequence_read(s, 0, got, n + 1), SG_ERANGE);
        sg_sequence_free(s);
    }
}

/* published: Dawson's Kayles 0.07 (OEIS A002187), Kayles 0.77 (A002186) */
static void test_published(void)
{
    static const sg_value_t dawson[] = {0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2,
                                        2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0};
    static const sg_value_t kayles[] = {0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4,
                                        3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7};
    sg_octal_t *g = parse("0.07"), *h = parse("0.77");
    sg_sequence_t *s = NULL, *t = NULL;
    size_t k;
    CHECK_EQ(sg_sequence_create_octal(&s, g), SG_OK);
    CHECK_EQ(sg_sequence_create_octal(&t, h), SG_OK);
    CHECK_EQ(sg_sequence_extend(s, 40, NULL, NULL), SG_OK);
    CHECK_EQ(sg_sequence_extend(t, 40, NULL, NULL), SG_OK);
    for (k = 0; k < sizeof dawson / sizeof dawson[0]; k++) {
        CHECK_EQ(sg_sequence_read(s, k, got, 1), SG_OK);
        CHECK_EQ(got[0], dawson[k]);
        CHECK_EQ(sg_sequence_read(t, k, got, 1), SG_OK);
        CHECK_EQ(got[0], kayles[k]);
    }
    sg_sequence_free(s);
    sg_sequence_free(t);
    sg_octal_free(g);
    sg_octal_free(h);
}

static void test_cancel_resume(void)
{
    uint64_t n = setup("0.6", N);
    sg_octal_t *g = parse("0.6");
    sg_sequence_t *s = NULL;
    test_progress_t p = {0, 0, 10000};
    CHECK_EQ(sg_sequence_create_octal(&s, g), SG_OK);
    CHECK_EQ(sg_sequence_extend(s, n, test_progress, &p), SG_ESTOP);
    CHECK(sg_sequence_count(s) >= 10000 && sg_sequence_count(s) < n);
    p.stop_at = 0;
    CHECK_EQ(sg_sequence_extend(s, n, test_progress, &p), SG_OK);
    CHECK_EQ(p.last, n);
    CHECK_EQ(sg_sequence_read(s, 0, got, n), SG_OK);
    CHECK(memcmp(got, want, n * sizeof got[0]) == 0);
    sg_sequence_free(s);
    sg_octal_free(g);
}

/* A sequence of g extended to `cut`, saved to path, loaded and extended to n: its values read
 * into got are want's */
static void check_resumed(const sg_octal_t *g, const char *code, const char *path, uint64_t cut,
                          uint64_t n, const sg_value_t *expect, sg_value_t *out)
{
    sg_sequence_t *s = NULL, *t = NULL;
    CHECK_EQ(sg_sequence_create_octal(&s, g), SG_OK);
    CHECK_EQ(sg_sequence_extend(s, cut, NULL, NULL), SG_OK);
    CHECK_EQ(sg_sequence_save(s, path), SG_OK);
    sg_sequence_free(s);
    CHECK_EQ(sg_sequence_load_octal(&t, path, g), SG_OK);
    CHECK_EQ(sg_sequence_count(t), cut);
    CHECK_EQ(sg_sequence_extend(t, n, NULL, NULL), SG_OK);
    memset(out, 0xff, (size_t)n * sizeof out[0]);
    CHECK_EQ(sg_sequence_read(t, 0, out, n), SG_OK);
    if (memcmp(out, expect, (size_t)n * sizeof out[0]) != 0) {
        fprintf(stderr, "%s resumed at %llu differs\n", code, (unsigned long long)cut);
        CHECK(0);
    }
    sg_sequence_free(t);
}

static void test_checkpoint(void)
{
    static const char *codes[] = {"0.6", "0.07", "0.f", "4.07"};
    char where[512];
    const char *path = ckpt_path(where, sizeof where, "test_sequence_octal.ckpt");
    uint64_t cuts[] = {0, 1, 2000, 16384, 20001}, i, n;
    size_t c;
    for (c = 0; c < sizeof codes / sizeof codes[0]; c++) {
        uint64_t limit = codes[c][2] == 'f' ? 2000 : N;
        sg_octal_t *g = parse(codes[c]);
        n = setup(codes[c], limit);
        for (i = 0; i < sizeof cuts / sizeof cuts[0]; i++)
            check_resumed(g, codes[c], path, cuts[i] < n ? cuts[i] : n / 2, n, want, got);
        sg_octal_free(g);
    }
    remove(path);
}

/* Treblecross (0.007) reaches the value 256 (below 12000): the engine moves to values in two
 * bytes, the sequence to two bytes per value. Against the definition over the whole run:
 * extended in steps across the change, and resumed from checkpoints before, at and after it.
 * (Under valgrind 0.6427, which gets there sooner.) */
static void test_two_bytes(void)
{
    static sg_value_t brute[N];
    char where[512];
    const char *path = ckpt_path(where, sizeof where, "test_sequence_octal_2.ckpt");
    int quick = NN < N;
    const char *code = quick ? "0.6427" : "0.007";
    uint64_t n = quick ? 3000 : NN, k, first = 0;
    sg_octal_t *g = parse(code);
    sg_sequence_t *s = NULL;
    brute_octal(code, brute, n);
    for (k = 0; k < n && first == 0; k++)
        if (brute[k] > 255) first = k;
    CHECK(first > 0 && first < n / 2);
    if (first == 0) first = n / 2;
    {
        uint64_t steps[] = {first / 2, first - 1, first, first + 1, 2 * first, n};
        uint64_t cuts[] = {first / 2, first, first + 1, (first + n) / 2, n - 1};
        CHECK_EQ(sg_sequence_create_octal(&s, g), SG_OK);
        for (k = 0; k < sizeof steps / sizeof steps[0]; k++) {
            CHECK_EQ(sg_sequence_extend(s, steps[k], NULL, NULL), SG_OK);
            CHECK_EQ(sg_sequence_width(s), steps[k] > first ? 2 : 1);
        }
        memset(got, 0xff, sizeof got);
        CHECK_EQ(sg_sequence_read(s, 0, got, n), SG_OK);
        CHECK(memcmp(got, brute, n * sizeof got[0]) == 0);
        sg_sequence_free(s);
        for (k = 0; k < sizeof cuts / sizeof cuts[0]; k++)
            check_resumed(g, code, path, cuts[k], n, brute, got);
    }
    remove(path);
    sg_octal_free(g);
}

/* a checkpoint of one game is refused as another; the code is compared in canonical form */
static void test_other_game(void)
{
    char where[512];
    const char *path = ckpt_path(where, sizeof where, "test_sequence_octal_other.ckpt");
    sg_octal_t *dawson = parse("0.07"), *same = parse("0.0700"), *kayles = parse("0.77");
    sg_sequence_t *s = NULL, *t = (sg_sequence_t *)&t;
    uint64_t n = setup("0.07", 3000);
    CHECK_EQ(sg_sequence_create_octal(&s, dawson), SG_OK);
    CHECK_EQ(sg_sequence_extend(s, 1000, NULL, NULL), SG_OK);
    CHECK_EQ(sg_sequence_save(s, path), SG_OK);
    sg_sequence_free(s);
    CHECK_EQ(sg_sequence_load_octal(&t, path, kayles), SG_EGAME);
    CHECK(t == NULL);
    CHECK_EQ(sg_sequence_load_octal(&t, path, same), SG_OK);
    CHECK_EQ(sg_sequence_extend(t, n, NULL, NULL), SG_OK);
    CHECK_EQ(sg_sequence_read(t, 0, got, n), SG_OK);
    CHECK(memcmp(got, want, n * sizeof got[0]) == 0);
    sg_sequence_free(t);
    /* sg_sequence_load takes a checkpoint of any game, and says which */
    CHECK_EQ(sg_sequence_load(&t, path), SG_OK);
    {
        char code[SG_SEQUENCE_GAME_MAX];
        CHECK_EQ(sg_sequence_game(t, code, sizeof code), SG_OK);
        CHECK(strcmp(code, "0.07") == 0);
    }
    sg_sequence_free(t);
    /* Grundy's game is another game */
    CHECK_EQ(sg_sequence_create_grundy_game(&s), SG_OK);
    CHECK_EQ(sg_sequence_extend(s, 100, NULL, NULL), SG_OK);
    CHECK_EQ(sg_sequence_save(s, path), SG_OK);
    sg_sequence_free(s);
    t = (sg_sequence_t *)&t;
    CHECK_EQ(sg_sequence_load_octal(&t, path, dawson), SG_EGAME);
    CHECK(t == NULL);
    remove(path);
    sg_octal_free(dawson);
    sg_octal_free(same);
    sg_octal_free(kayles);
}

/* checkpoints written here field by field (tests/checkpoint.h): at every width they load and
 * extend to the right values; damaged ones are refused, each with its status */
static const unsigned char no_period[16];   /* the engine state: no period proven */

static void write_ckpt(const char *path, const char *code, uint32_t width, uint64_t count,
                       const sg_value_t *values)
{
    CHECK(ckpt_write(path, code, width, no_period, sizeof no_period, values, count));
}

static void test_damaged(void)
{
    char where[512];
    const char *path = ckpt_path(where, sizeof where, "test_sequence_octal_bad.ckpt");
    sg_octal_t *g = parse("0.07");
    sg_sequence_t *t = NULL;
    uint64_t n = setup("0.07", 3000);
    unsigned char *p;
    size_t size;
    uint32_t width;
    for (width = 1; width <= 4; width *= 2) {
        write_ckpt(path, "0.07", width, 500, want);
        CHECK_EQ(sg_sequence_load_octal(&t, path, g), SG_OK);
        CHECK_EQ(sg_sequence_width(t), width);
        CHECK_EQ(sg_sequence_extend(t, n, NULL, NULL), SG_OK);
        CHECK_EQ(sg_sequence_read(t, 0, got, n), SG_OK);
        CHECK(memcmp(got, want, n * sizeof got[0]) == 0);
        sg_sequence_free(t);
        t = NULL;
    }
    write_ckpt(path, "0.070", 1, 500, want);   /* not canonical */
    CHECK_EQ(sg_sequence_load_octal(&t, path, g), SG_EFORMAT);
    write_ckpt(path, "0.0x", 1, 500, want);   /* no game's code */
    CHECK_EQ(sg_sequence_load_octal(&t, path, g), SG_EGAME);
    write_ckpt(path, "", 1, 500, want);
    CHECK_EQ(sg_sequence_load_octal(&t, path, g), SG_EFORMAT);
    {
        /* a code longer than any game's */
        char code[80];
        memset(code, '7', sizeof code);
        code[0] = '0';
        code[1] = '.';
        code[79] = '\0';
        write_ckpt(path, code, 1, 500, want);
        CHECK_EQ(sg_sequence_load_octal(&t, path, g), SG_EGAME);
        code[78] = '\0';   /* 66 digits: too many for a code */
        write_ckpt(path, code, 1, 500, want);
        CHECK_EQ(sg_sequence_load_octal(&t, path, g), SG_EGAME);
    }
    /* a value above the number of options of its heap */
    memcpy(got, want, 500 * sizeof got[0]);
    got[10] = 200;
    write_ckpt(path, "0.07", 1, 500, got);
    CHECK_EQ(sg_sequence_load_octal(&t, path, g), SG_EFORMAT);
    /* an engine state of the wrong size, or claiming a period the values do not have */
    CHECK(ckpt_write(path, "0.07", 1, no_period, 8, want, 500));
    CHECK_EQ(sg_sequence_load_octal(&t, path, g), SG_EFORMAT);
    {
        uint64_t state[2] = {10, 7};   /* preperiod 10, period 7: Dawson's Kayles has 34 */
        CHECK(ckpt_write(path, "0.07", 1, state, sizeof state, want, 500));
        CHECK_EQ(sg_sequence_load_octal(&t, path, g), SG_EFORMAT);
        state[0] = 53;   /* its real period: accepted (and proven again from the values) */
        state[1] = 34;
        CHECK(ckpt_write(path, "0.07", 1, state, sizeof state, want, 500));
        CHECK_EQ(sg_sequence_load_octal(&t, path, g), SG_OK);
        CHECK_EQ(sg_sequence_extend(t, n, NULL, NULL), SG_OK);
        CHECK_EQ(sg_sequence_read(t, 0, got, n), SG_OK);
        CHECK(memcmp(got, want, n * sizeof got[0]) == 0);
        sg_sequence_free(t);
        t = NULL;
    }
    /* a byte too many (the checksum made right over it too) */
    write_ckpt(path, "0.07", 1, 500, want);
    p = ckpt_get(path, &size);
    CHECK(p != NULL);
    if (p != NULL) {
        unsigned char *q = (unsigned char *)realloc(p, size + 1);
        CHECK(q != NULL);
        if (q != NULL) {
            p = q;
            memmove(p + size - 7, p + size - 8, 8);
            p[size - 8] = 0;
            ckpt_reseal(p, size + 1);
            CHECK(ckpt_put(path, p, size + 1));
            CHECK_EQ(sg_sequence_load_octal(&t, path, g), SG_EFORMAT);
        }
        free(p);
    }
    CHECK(t == NULL);
    remove(path);
    sg_octal_free(g);
}

/* Hexadecimal games whose values grow, G(n + q) == G(n) + s (proven by octal_saltus.c): once
 * the proof is made, sg_octal_table and the sequences make each value by that addition, where
 * the engine takes cubic time. The table against the definition on its first GROW_PLAIN values,
 * and from the preperiod on against the pattern sg_octal_period states; the sequence against
 * the table to GROW_N (values past 65536 on 0.8 and 0.28), extended in steps and resumed from
 * checkpoints cut before and after the proof. */
#define GROW_N 240000u
#define GROW_PLAIN 1200u
static sg_value_t gwant[GROW_N], ggot[GROW_N], gplain[GROW_PLAIN];

static void test_growing(void)
{
    static const char *codes[] = {"0.8", "0.c", "0.28", "0.a8"};
    char where[512];
    const char *path = ckpt_path(where, sizeof where, "test_sequence_octal_grow.ckpt");
    uint64_t n = test_scale(GROW_N), cuts[] = {30, 1100, 71000}, i, k, bad;
    size_t c;
    for (c = 0; c < sizeof codes / sizeof codes[0]; c++) {
        sg_octal_t *g = parse(codes[c]);
        sg_period_t pr;
        CHECK_EQ(sg_octal_period(g, 4096, &pr), SG_OK);
        CHECK(pr.proven && pr.saltus > 0);
        CHECK_EQ(sg_octal_table(g, gwant, n), SG_OK);
        brute_octal(codes[c], gplain, GROW_PLAIN);
        CHECK(memcmp(gplain, gwant, sizeof gplain) == 0);
        for (bad = 0, k = pr.preperiod; pr.proven && k + pr.period < n; k++)
            bad += gwant[k + pr.period] != gwant[k] + pr.saltus;
        CHECK_EQ(bad, 0);
        for (i = 0; i < sizeof cuts / sizeof cuts[0]; i++)
            check_resumed(g, codes[c], path, cuts[i] < n ? cuts[i] : n / 2, n, gwant, ggot);
        sg_octal_free(g);
    }
    remove(path);
}

static void test_bad_input(void)
{
    sg_octal_t *g = parse("0.07");
    sg_sequence_t *s = (sg_sequence_t *)&s;
    CHECK_EQ(sg_sequence_create_octal(NULL, g), SG_EINVAL);
    CHECK_EQ(sg_sequence_create_octal(&s, NULL), SG_EINVAL);
    CHECK(s == NULL);
    s = (sg_sequence_t *)&s;
    CHECK_EQ(sg_sequence_load_octal(&s, "x", NULL), SG_EINVAL);
    CHECK(s == NULL);
    CHECK_EQ(sg_sequence_load_octal(NULL, "x", g), SG_EINVAL);
    CHECK_EQ(sg_sequence_load_octal(&s, NULL, g), SG_EINVAL);
    CHECK_EQ(sg_sequence_load_octal(&s, "build/tests/no/such/file", g), SG_EIO);
    sg_octal_free(g);
}

int main(void)
{
    if (test_scale(16) != 16) NN = 17000;
    RUN(test_values);
    RUN(test_published);
    RUN(test_cancel_resume);
    RUN(test_checkpoint);
    RUN(test_two_bytes);
    RUN(test_other_game);
    RUN(test_damaged);
    RUN(test_growing);
    RUN(test_bad_input);
    return TEST_REPORT();
}
