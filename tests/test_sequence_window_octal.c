/* Windowed long runs of take-and-break games (lib/games/octal/octal_window.c through
 * lib/longrun/family_octal.c) and the automatic window's rule (lib/longrun/window.c). Every
 * windowed run is held against the full table (sg_octal_table, itself checked against the
 * definition of tests/brute.h for its first values): the FNV-1a hash of all its values computed
 * here plainly, the values it still holds, its histogram, and its rare positions (checked from
 * the mask's definition, of the range or the domain type). Windows resume from checkpoints
 * saved at several points, before and after values were dropped. A window too small stops the
 * run with SG_EWINDOW, every value before it right, and its checkpoint loads and stops there
 * again; a checkpoint whose engine state was edited is refused; the windowed step alone runs on
 * values of one, two and four bytes. */
#include "test.h"
#include "brute.h"
#include "checkpoint.h"
#include "window.h"

#include "../lib/games/octal/window_step.h"
#include "../lib/longrun/longrun.h"

#define NB 2000u   /* values checked by the definition */

typedef struct {
    const char *code;
    uint64_t window, count;   /* a window the run holds to count */
} game_t;

/* Officers, two games whose rare positions are few and early (all three with a mask of the
 * range type), and one with a mask of the domain type (no rare position) */
static const game_t games[] = {
    {"0.6", (uint64_t)1 << 16, (uint64_t)1 << 18},
    {"0.36", (uint64_t)1 << 14, ((uint64_t)1 << 17) + 12345},
    {"0.644", SG_SEQUENCE_WINDOW_MIN, ((uint64_t)1 << 17) + 999},
    {"0.26", SG_SEQUENCE_WINDOW_MIN, ((uint64_t)1 << 17) + 4321},
};

static sg_value_t *table;   /* the full table of the game under test */
static uint64_t table_n;

static int make_table(const char *code, uint64_t n)
{
    sg_octal_t *g = NULL;
    sg_value_t *want;
    uint64_t i;
    int ok;
    free(table);
    table = (sg_value_t *)malloc((size_t)n * sizeof *table);
    want = (sg_value_t *)malloc(NB * sizeof *want);
    table_n = n;
    ok = table != NULL && want != NULL && sg_octal_parse(code, &g) == SG_OK &&
         sg_octal_table(g, table, n) == SG_OK;
    if (ok) {
        brute_octal(code, want, NB);
        for (i = 0; i < NB && i < n; i++) CHECK_EQ(table[i], want[i]);
    }
    free(want);
    sg_octal_free(g);
    CHECK(ok);
    return ok;
}

/* 1 when the rare positions are exactly those of G(1 .. n-1) rare under the mask of type
 * `type`: 0 the range type (an even number of mask bits), 1 and 2 the domain type with e = 0, 1
 * (rare when the parity of the mask bits differs from that of n - e, plus one) */
static int rare_as(uint64_t n, uint64_t mask, int type, const uint64_t *pos, size_t total)
{
    uint64_t i;
    size_t r = 0;
    for (i = 1; i < n; i++) {
        unsigned q = type == 0 ? 1u : (unsigned)((i - (uint64_t)(type - 1)) & 1u) ^ 1u;
        if (window_parity(table[i] & mask) != q) {
            if (r >= total || pos[r] != i) return 0;
            r++;
        }
    }
    return r == total;
}

/* Everything a sequence says of itself at its count agrees with the full table; the rare
 * positions of a windowed run, all in the prefix, are those of its mask. */
static void check_against_table(sg_sequence_t *s)
{
    sg_sequence_stats_t st;
    uint64_t n = sg_sequence_count(s), pre, from, *pos;
    sg_value_t *val;
    size_t total, r;
    CHECK(n <= table_n);
    if (n > table_n) return;
    window_check_stats(s, table, n, &st);
    window_check_held(s, table, n, &pre, &from);
    if (window_rare(s, &st, &pos, &val, &total)) {
        if (pre != 0) {
            CHECK(st.mask != 0);
            CHECK(rare_as(n, st.mask, 0, pos, total) || rare_as(n, st.mask, 1, pos, total) ||
                  rare_as(n, st.mask, 2, pos, total));
        }
        for (r = 0; r < total; r++) {
            CHECK(pos[r] < pre);
            CHECK_EQ(val[r], table[pos[r]]);
        }
        free(pos);
        free(val);
    }
}

static sg_sequence_t *create(const char *code)
{
    sg_sequence_t *s = NULL;
    sg_octal_t *g = NULL;
    CHECK_EQ(sg_octal_parse(code, &g), SG_OK);
    CHECK_EQ(sg_sequence_create_octal(&s, g), SG_OK);
    sg_octal_free(g);
    return s;
}

/* A run in slices, a checkpoint saved and loaded after each slice but the last. */
static sg_sequence_t *run(const char *code, uint64_t window, const uint64_t *stops, size_t k)
{
    char path[512];
    sg_sequence_t *s = create(code);
    ckpt_path(path, sizeof path, "test_window_octal.ckpt");
    if (s != NULL) CHECK_EQ(sg_sequence_set_window(s, window), SG_OK);
    return window_slices(s, stops, k, 0, path, check_against_table);
}

/* each game: one run straight through, one resumed before the window starts, as it starts,
 * and after it has slid */
static void test_windows_equal_the_table(void)
{
    size_t i;
    for (i = 0; i < sizeof games / sizeof games[0]; i++) {
        const game_t *g = &games[i];
        uint64_t W = g->window, N = g->count, pre = 0, from = 0;
        const uint64_t stops[] = {W + 77, 2 * W, 2 * W + 3 * W / 8 + 1, 3 * W + 5, N};
        sg_sequence_t *s;
        if (!make_table(g->code, N)) return;
        s = run(g->code, W, &N, 1);
        CHECK(s != NULL);
        if (s == NULL) return;
        check_against_table(s);
        CHECK_EQ(sg_sequence_held(s, &pre, &from), SG_OK);
        CHECK_EQ(pre, W);
        CHECK(from > pre && N - from >= W && N - from <= W + (W / 8 > 65536 ? W / 8 : 65536));
        CHECK_EQ(sg_sequence_set_window(s, W), SG_OK);
        CHECK_EQ(sg_sequence_set_window(s, 0), SG_EINVAL);   /* dropped values stay dropped */
        CHECK_EQ(sg_sequence_set_window(s, 2 * W), SG_EINVAL);
        CHECK_EQ(sg_sequence_set_window(s, SG_SEQUENCE_WINDOW_AUTO), SG_EINVAL);
        sg_sequence_free(s);
        s = run(g->code, W, stops, sizeof stops / sizeof stops[0]);
        CHECK(s != NULL);
        if (s != NULL) check_against_table(s);
        sg_sequence_free(s);
    }
}

/* A window too small: the run stops as the window would start (a rare position past the prefix)
 * or later, never with a wrong value; its checkpoint loads and stops there again. */
static void test_window_too_small(void)
{
    const game_t small[] = {
        {"0.6", SG_SEQUENCE_WINDOW_MIN, (uint64_t)1 << 16},
        {"0.16", (uint64_t)1 << 14, (uint64_t)1 << 18},
    };
    char path[512];
    size_t i;
    ckpt_path(path, sizeof path, "test_window_octal_small.ckpt");
    for (i = 0; i < 2; i++) {
        sg_sequence_t *s, *t = NULL;
        uint64_t n, W = small[i].window, pre = 0, from = 0;
        if (!make_table(small[i].code, small[i].count)) return;
        s = create(small[i].code);
        if (s == NULL) return;
        CHECK_EQ(sg_sequence_set_window(s, W), SG_OK);
        CHECK_EQ(sg_sequence_extend(s, small[i].count, NULL, NULL), SG_EWINDOW);
        n = sg_sequence_count(s);
        CHECK(n >= 2 * W && n < small[i].count);
        check_against_table(s);
        CHECK_EQ(sg_sequence_held(s, &pre, &from), SG_OK);
        if (i == 0) CHECK(n == 2 * W && pre == 0);   /* refused as it would start */
        else CHECK(n > 2 * W && pre == W);           /* stopped later */
        CHECK_EQ(sg_sequence_extend(s, small[i].count, NULL, NULL), SG_EWINDOW);
        CHECK_EQ(sg_sequence_count(s), n);
        CHECK_EQ(sg_sequence_save(s, path), SG_OK);
        CHECK_EQ(sg_sequence_load(&t, path), SG_OK);
        if (t != NULL) {
            CHECK_EQ(sg_sequence_count(t), n);
            check_against_table(t);
            CHECK_EQ(sg_sequence_extend(t, n + 100, NULL, NULL), SG_EWINDOW);
            CHECK_EQ(sg_sequence_count(t), n);
        }
        sg_sequence_free(s);
        sg_sequence_free(t);
    }
    remove(path);
}

/* a word of the engine state (after the code; version 3: the store's 40 bytes) changed by
 * `delta`, the checksum made right: the file must be refused */
static void check_edited(const unsigned char *file, size_t size, size_t word, uint64_t delta)
{
    char path[512];
    unsigned char *p = (unsigned char *)malloc(size);
    uint32_t L, S;
    uint64_t x;
    size_t at;
    sg_sequence_t *t = NULL;
    ckpt_path(path, sizeof path, "test_window_octal_edit.ckpt");
    CHECK(p != NULL);
    if (p == NULL) return;
    memcpy(p, file, size);
    memcpy(&L, p + 20, 4);
    memcpy(&S, p + 24, 4);
    at = 80 + L + 8 * word;
    CHECK(8 * word + 8 <= S);
    if (8 * word + 8 <= S) {
        memcpy(&x, p + at, 8);
        x += delta;
        memcpy(p + at, &x, 8);
        ckpt_reseal(p, size);
        CHECK(ckpt_put(path, p, size));
        CHECK_EQ(sg_sequence_load(&t, path), delta == 0 ? SG_OK : SG_EFORMAT);
        CHECK((t == NULL) == (delta != 0));
        sg_sequence_free(t);
    }
    remove(path);
    free(p);
}

/* The state words: 0 pre, 1 per, 2 window, 3 check, then the engine's: 4 count, 5 range,
 * 6 mask, 7 domain, 8 nrare, 9.. the rare positions, their values, the histogram. */
static void test_bad_checkpoints(void)
{
    const uint64_t stops[] = {3 * SG_SEQUENCE_WINDOW_MIN + 1000};
    char path[512];
    unsigned char *file;
    size_t size = 0;
    uint32_t S = 0;
    uint64_t nrare;
    sg_sequence_t *s;
    if (!make_table("0.354", stops[0])) return;
    s = run("0.354", SG_SEQUENCE_WINDOW_MIN, stops, 1);
    if (s == NULL) return;
    ckpt_path(path, sizeof path, "test_window_octal_bad.ckpt");
    CHECK_EQ(sg_sequence_save(s, path), SG_OK);
    sg_sequence_free(s);
    file = ckpt_get(path, &size);
    CHECK(file != NULL && size > 80);
    if (file == NULL) return;
    memcpy(&S, file + 24, 4);
    CHECK(S > 9 * 8);
    nrare = 0;
    memcpy(&nrare, file + 80 + 5 + 8 * 8, 8);   /* "0.354": L = 5 */
    CHECK(nrare > 0);
    check_edited(file, size, 0, 0);   /* unchanged: loads */
    check_edited(file, size, 0, 1);   /* a period claimed */
    check_edited(file, size, 1, 7);
    check_edited(file, size, 2, 1);   /* another window than the store's */
    check_edited(file, size, 3, 1);   /* a check that is no power of two */
    check_edited(file, size, 4, 1);   /* another count */
    check_edited(file, size, 5, 64);  /* another range */
    check_edited(file, size, 6, 1);   /* another mask */
    check_edited(file, size, 7, 1);   /* another type */
    check_edited(file, size, 9, 1);   /* a rare position moved */
    check_edited(file, size, 9 + (size_t)nrare, 1);   /* a rare value */
    check_edited(file, size, 9 + 2 * (size_t)nrare + 3, 1);   /* the histogram */
    free(file);
    remove(path);
}

static void test_bad_input(void)
{
    sg_sequence_t *s;
    const char *none[] = {"0.3", "0.8", "0.f"};   /* one part at most; three parts */
    size_t i;
    for (i = 0; i < 3; i++) {
        s = create(none[i]);
        if (s == NULL) continue;
        CHECK_EQ(sg_sequence_set_window(s, SG_SEQUENCE_WINDOW_AUTO), SG_EINVAL);
        CHECK_EQ(sg_sequence_set_window(s, 1u << 16), SG_EINVAL);
        sg_sequence_free(s);
    }
    s = create("0.6");
    if (s == NULL) return;
    CHECK_EQ(sg_sequence_set_window(s, 1), SG_ERANGE);
    CHECK_EQ(sg_sequence_set_window(s, SG_SEQUENCE_WINDOW_MIN - 1), SG_ERANGE);
    CHECK_EQ(sg_sequence_set_window(s, SG_SEQUENCE_WINDOW_MIN), SG_OK);
    CHECK_EQ(sg_sequence_set_window(s, 0), SG_OK);   /* nothing dropped yet: it may change */
    sg_sequence_free(s);
}

/* The automatic window: from 2^27 on, at the first power of two whose first half holds every
 * rare position, with that half for its size. */
static void test_auto_rule(void)
{
    uint64_t size = 0, at;
    CHECK_EQ(SG__WINDOW_AUTO_FIRST, (uint64_t)1 << 27);
    for (at = 1; at < SG__WINDOW_AUTO_FIRST; at *= 2) CHECK(!sg__window_auto(at, 0, &size));
    CHECK(sg__window_auto((uint64_t)1 << 27, 0, &size));
    CHECK_EQ(size, (uint64_t)1 << 26);
    /* Grundy's game: rare positions up to 48399022 (sg_grundy_game_table, 2^26 values) */
    CHECK(sg__window_auto((uint64_t)1 << 27, 48399022 + 1, &size));
    CHECK_EQ(size, (uint64_t)1 << 26);
    CHECK(sg__window_auto((uint64_t)1 << 27, (uint64_t)1 << 26, &size));
    CHECK(!sg__window_auto((uint64_t)1 << 27, ((uint64_t)1 << 26) + 1, &size));
    CHECK(sg__window_auto((uint64_t)1 << 28, ((uint64_t)1 << 26) + 1, &size));
    CHECK_EQ(size, (uint64_t)1 << 27);
    CHECK(!sg__window_auto(((uint64_t)1 << 28) + 1, 0, &size));   /* no power of two */
    CHECK(sg__window_auto((uint64_t)1 << 63, 0, &size));
    CHECK_EQ(size, (uint64_t)1 << 62);
}

/* An automatic window on a short run keeps every value, the request kept by its checkpoint. */
static void test_auto_short(void)
{
    const uint64_t stops[] = {70000, (uint64_t)1 << 17};
    sg_sequence_t *s;
    uint64_t pre = 1, from = 1;
    if (!make_table("0.6", stops[1] + 1000)) return;
    s = run("0.6", SG_SEQUENCE_WINDOW_AUTO, stops, 2);
    if (s == NULL) return;
    check_against_table(s);
    CHECK_EQ(sg_sequence_held(s, &pre, &from), SG_OK);
    CHECK_EQ(pre, 0);
    CHECK_EQ(from, 0);
    CHECK_EQ(sg_sequence_set_window(s, SG_SEQUENCE_WINDOW_AUTO), SG_OK);
    CHECK_EQ(sg_sequence_set_window(s, 0), SG_OK);   /* no value dropped */
    CHECK_EQ(sg_sequence_extend(s, stops[1] + 1000, NULL, NULL), SG_OK);
    check_against_table(s);
    sg_sequence_free(s);
}

/* The windowed step alone (octal_window.c) on a store made here, at every width the store may
 * take (one, two and four bytes a value), switched in the middle of the run as a widening store
 * does: G(0 .. W-1) and G(base .. n-1) in slots, the window slid every 1024 values. */
static void put(void *buf, unsigned width, uint64_t k, sg_value_t x)
{
    if (width == 1) ((unsigned char *)buf)[k] = (unsigned char)x;
    else if (width == 2) ((uint16_t *)buf)[k] = (uint16_t)x;
    else ((sg_value_t *)buf)[k] = x;
}

static void test_engine_widths(void)
{
    const uint64_t W = SG_SEQUENCE_WINDOW_MIN, N = 9 * SG_SEQUENCE_WINDOW_MIN;
    const unsigned widths[][2] = {{1, 1}, {2, 2}, {4, 4}, {1, 2}, {2, 4}, {1, 4}};
    sg_octal_t *g = NULL;
    size_t i;
    if (!make_table("0.354", N)) return;
    CHECK_EQ(sg_octal_parse("0.354", &g), SG_OK);
    for (i = 0; g != NULL && i < sizeof widths / sizeof widths[0]; i++) {
        sg__ow_t *w = NULL;
        sg__ow_held_t h;
        sg_value_t *buf = (sg_value_t *)malloc((size_t)N * sizeof *buf), x = 0;
        uint64_t n, k, bad = 0;
        unsigned width = widths[i][0];
        CHECK(buf != NULL);
        if (buf == NULL) break;
        CHECK_EQ(sg__ow_create(&w, g), SG_OK);
        for (k = 0; k < 2 * W; k++) put(buf, width, k, table[k]);
        h.data = buf;
        h.width = width;
        h.pre = h.base = 0;
        h.count = 2 * W;
        CHECK_EQ(sg__ow_start(w, &h), SG_OK);
        CHECK(w->nrare > 0 && w->rare[w->nrare - 1] < W);
        for (n = 2 * W; n < N && bad == 0; n++) {
            if (n == 5 * W) width = widths[i][1];   /* the store widens */
            if (h.pre == 0 || n - h.base >= W + 1024 || width != h.width) {
                h.base = n - W;
                h.pre = W;
                h.width = width;
                for (k = 0; k < W; k++) put(buf, width, k, table[k]);
                for (k = h.base; k < n; k++) put(buf, width, k - h.base + W, table[k]);
            }
            h.count = n;
            if (sg__ow_next(w, &h, &x) != SG_OK || x != table[n]) bad = n;
            else sg__ow_account(w, x);
            put(buf, width, n - h.base + W, table[n]);
        }
        CHECK_EQ(bad, 0);
        CHECK_EQ(w->count, N);
        sg__ow_free(w);
        free(buf);
    }
    sg_octal_free(g);
}

int main(void)
{
    RUN(test_auto_rule);
    RUN(test_bad_input);
    RUN(test_windows_equal_the_table);
    RUN(test_window_too_small);
    RUN(test_bad_checkpoints);
    RUN(test_auto_short);
    RUN(test_engine_widths);
    free(table);
    return TEST_REPORT();
}
