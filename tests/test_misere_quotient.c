/* Misere quotients (sg_misere_quotient_*): every outcome a quotient predicts against a brute
 * force written here from the definition of misere play (a sum is searched as a whole: the
 * player who cannot move wins; nothing from the library is used), and against the library's
 * exact solver (sg_misere_octal_outcome) for sums of larger heaps; the quotients the literature
 * publishes; tame games; winning moves; bad input and budgets. */
#include "test.h"

#include <sg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- brute force: a sum is a vector of counts of heaps 1..BR_N, 8 bits each ------------- */

#define BR_N 8
#define BR_HASH (1u << 22)

typedef struct {
    unsigned char d[16];
    unsigned t;
    uint64_t *key;          /* key + 1, 0 = empty */
    unsigned char *val;     /* 1: the player to move wins */
} br_t;

static void br_init(br_t *b, const char *code)
{
    const char *p = strchr(code, '.');
    unsigned i = 0;
    memset(b->d, 0, sizeof b->d);
    b->d[0] = (unsigned char)(code[0] == '4' ? 4 : 0);
    for (p++; *p; p++) b->d[++i] = (unsigned char)(*p - '0');
    b->t = i;
    b->key = (uint64_t *)calloc(BR_HASH, sizeof(uint64_t));
    b->val = (unsigned char *)calloc(BR_HASH, 1);
}

static void br_free(br_t *b)
{
    free(b->key);
    free(b->val);
}

static unsigned br_cnt(uint64_t k, unsigned h) { return (unsigned)(k >> (8 * (h - 1))) & 255; }

/* k with one heap h taken out and heaps parts[0..n) put in (heap 0 = nothing) */
static uint64_t br_swap(uint64_t k, unsigned h, const unsigned *parts, unsigned n)
{
    unsigned i;
    k -= (uint64_t)1 << (8 * (h - 1));
    for (i = 0; i < n; i++)
        if (parts[i]) k += (uint64_t)1 << (8 * (parts[i] - 1));
    return k;
}

static int br_win(br_t *b, uint64_t k);

static int br_try(br_t *b, uint64_t k, unsigned h, const unsigned *parts, unsigned n)
{
    return !br_win(b, br_swap(k, h, parts, n));
}

/* 1 when the player to move wins the sum k (misere: with no move, the player to move wins) */
static int br_win(br_t *b, uint64_t k)
{
    uint64_t j = (k * 0x9E3779B97F4A7C15u) >> 42;
    unsigned h, r, x, y, parts[3];
    int any = 0, win = 0;
    while (b->key[j] && b->key[j] != k + 1) j = (j + 1) & (BR_HASH - 1);
    if (b->key[j]) return b->val[j];
    for (h = 1; h <= BR_N && !win; h++) {
        if (!br_cnt(k, h)) continue;
        for (r = 0; r <= b->t && r <= h && !win; r++) {
            unsigned d = b->d[r];
            if (r == 0) d &= 4;
            if ((d & 1) && h == r) { any = 1; win |= br_try(b, k, h, parts, 0); }
            if ((d & 2) && h > r) {
                parts[0] = h - r;
                any = 1;
                win |= br_try(b, k, h, parts, 1);
            }
            if ((d & 4) && h >= r + 2)
                for (x = 1; x <= (h - r) / 2 && !win; x++) {
                    parts[0] = x;
                    parts[1] = h - r - x;
                    any = 1;
                    win |= br_try(b, k, h, parts, 2);
                }
            if ((d & 8) && h >= r + 3)
                for (x = 1; 3 * x <= h - r; x++)
                    for (y = x; x + 2 * y <= h - r && !win; y++) {
                        parts[0] = x;
                        parts[1] = y;
                        parts[2] = h - r - x - y;
                        any = 1;
                        win |= br_try(b, k, h, parts, 3);
                    }
        }
    }
    if (!any) win = 1;
    j = (k * 0x9E3779B97F4A7C15u) >> 42;
    while (b->key[j]) j = (j + 1) & (BR_HASH - 1);
    b->key[j] = k + 1;
    b->val[j] = (unsigned char)win;
    return win;
}

/* ---- helpers ------------------------------------------------------------------------------ */

static sg_misere_quotient_t *quotient(const char *code, uint64_t heaps, int solve)
{
    sg_octal_t *g = NULL;
    sg_misere_quotient_t *q = NULL;
    CHECK_EQ(sg_octal_parse(code, &g), SG_OK);
    CHECK_EQ(sg_misere_quotient_create(&q, g, 0, NULL), SG_OK);
    sg_octal_free(g);
    if (q == NULL) return NULL;
    if (solve) CHECK_EQ(sg_misere_quotient_solve(q, heaps), SG_OK);
    else CHECK_EQ(sg_misere_quotient_extend(q, heaps), SG_OK);
    return q;
}

static uint32_t elem(const sg_misere_quotient_t *q, uint64_t h)
{
    uint32_t e = 0;
    CHECK_EQ(sg_misere_quotient_element(q, h, &e), SG_OK);
    return e;
}

static void name(const sg_misere_quotient_t *q, uint32_t e, char *buf)
{
    CHECK_EQ(sg_misere_quotient_name(q, e, buf, 64), SG_OK);
}

/* ---- every multiset of heaps 1..n with multiplicities up to 6 ----------------------------- */

static const char *const small_games[] = {"0.3", "0.03", "0.7", "0.31", "0.75", "0.07", "0.77",
                                          "0.137", "0.15", "0.6", "4.7", "0.51", "0.35", "0.72",
                                          "0.37", "0.16"};

static void check_all_multisets(const char *code, unsigned n)
{
    sg_misere_quotient_t *q = quotient(code, n, 0);
    br_t b;
    unsigned c[BR_N + 1], h;
    uint64_t heaps[BR_N * 6], bad = 0, total = 0;
    if (q == NULL) return;
    br_init(&b, code);
    CHECK_EQ(sg_misere_quotient_order(q) % 2, 0);   /* Plambeck-Siegel: the order is even */
    memset(c, 0, sizeof c);
    for (;;) {
        size_t k = 0;
        uint64_t key = 0;
        int win = -1;
        for (h = 1; h <= n; h++) {
            unsigned i;
            for (i = 0; i < c[h]; i++) heaps[k++] = h;
            key |= (uint64_t)c[h] << (8 * (h - 1));
        }
        CHECK_EQ(sg_misere_quotient_outcome(q, heaps, k, &win), SG_OK);
        bad += win != br_win(&b, key);
        total++;
        for (h = 1; h <= n && c[h] == 6; h++) c[h] = 0;
        if (h > n) break;
        c[h]++;
    }
    CHECK_EQ(bad, 0);
    {
        uint64_t want = 1;
        for (h = 1; h <= n; h++) want *= 7;
        CHECK_EQ(total, want);
    }
    br_free(&b);
    sg_misere_quotient_free(q);
}

/* Proves: the outcome of every multiset of heaps 1..5 (each 0 to 6 times) is the one a search
 * of the whole sum gives, in games tame and wild. */
static void test_every_multiset(void)
{
    size_t i;
    for (i = 0; i < sizeof small_games / sizeof *small_games; i++)
        check_all_multisets(small_games[i], 5);
}

/* Proves: at a larger bound, random sums of up to 10 heaps agree with the brute force, and
 * every winning move the quotient gives leads to a P-position. */
static void test_random_sums(void)
{
    size_t i;
    for (i = 0; i < sizeof small_games / sizeof *small_games; i++) {
        unsigned n = 8, s;
        sg_misere_quotient_t *q = quotient(small_games[i], n, 0);
        br_t b;
        uint64_t bad = 0, badmove = 0;
        if (q == NULL) continue;
        br_init(&b, small_games[i]);
        for (s = 0; s < 400; s++) {
            uint64_t heaps[10], key = 0;
            size_t k = (size_t)test_below(11), j;
            sg_misere_quotient_move_t mv;
            int win = -1, r;
            for (j = 0; j < k; j++) {
                heaps[j] = 1 + test_below(n);
                key += (uint64_t)1 << (8 * (heaps[j] - 1));
            }
            CHECK_EQ(sg_misere_quotient_outcome(q, heaps, k, &win), SG_OK);
            bad += win != br_win(&b, key);
            r = sg_misere_quotient_winning_move(q, heaps, k, &mv);
            CHECK_EQ(r, win);
            if (r == 1 && mv.heap < k) {
                unsigned parts[3], u;
                for (u = 0; u < mv.nparts; u++) parts[u] = (unsigned)mv.parts[u];
                CHECK(mv.heap < k);
                CHECK(mv.take + mv.parts[0] + mv.parts[1] + mv.parts[2] == heaps[mv.heap]);
                badmove += br_win(&b, br_swap(key, (unsigned)heaps[mv.heap], parts,
                                              mv.nparts)) != 0;
            }
        }
        CHECK_EQ(bad, 0);
        CHECK_EQ(badmove, 0);
        br_free(&b);
        sg_misere_quotient_free(q);
    }
}

/* Proves: once the period is proven, sums with a heap past the bound agree with the exact
 * solver, and heaps of 10^12 tokens answer as the heap of their residue. */
static void test_past_the_bound(void)
{
    static const char *const games[] = {"0.3", "0.03", "0.31", "0.75", "0.7", "0.51"};
    size_t i;
    for (i = 0; i < sizeof games / sizeof *games; i++) {
        sg_misere_quotient_t *q = quotient(games[i], 60, 1);
        sg_octal_t *g = NULL;
        sg_misere_octal_t *m = NULL;
        sg_period_t per;
        uint64_t n, bad = 0;
        unsigned s;
        if (q == NULL) continue;
        CHECK_EQ(sg_misere_quotient_period(q, &per), SG_OK);
        CHECK_EQ(per.proven, 1);
        n = sg_misere_quotient_heaps(q);
        CHECK_EQ(sg_octal_parse(games[i], &g), SG_OK);
        CHECK_EQ(sg_misere_octal_create(&m, g, 0, NULL), SG_OK);
        for (s = 0; s < 60; s++) {
            /* one heap past the bound, maybe a small one beside it (the exact search of a
             * sum grows like the partitions of its size) */
            uint64_t heaps[2];
            size_t k = 1 + (size_t)test_below(2);
            int w1 = -1, w2 = -2;
            heaps[0] = n + 1 + test_below(12);
            heaps[1] = 1 + test_below(6);
            CHECK_EQ(sg_misere_quotient_outcome(q, heaps, k, &w1), SG_OK);
            CHECK_EQ(sg_misere_octal_outcome(m, heaps, k, &w2), SG_OK);
            bad += w1 != w2;
        }
        CHECK_EQ(bad, 0);
        {
            uint64_t big = 1000000000000ull, h = big;
            uint32_t e1 = elem(q, big), e2;
            /* the heap of the same residue among the last period below the bound */
            h = n - per.period + 1 + (big - (n - per.period + 1)) % per.period;
            e2 = elem(q, h);
            CHECK_EQ(e1, e2);
        }
        sg_misere_octal_free(m);
        sg_octal_free(g);
        sg_misere_quotient_free(q);
    }
}

/* Proves: at bounds where the learner asks its questions of sums with the newest heap by a
 * search over the quotient of the heaps before (quotient_truth.c) rather than the exact solver,
 * the quotient still predicts the exact solver's outcome: every sum of up to three heaps up to
 * the bound, and random sums of four to six, in games whose moves leave one, two or three heaps
 * and split a heap without taking (4.7, 4.f). */
static void test_exact_at_larger_bounds(void)
{
    static const struct {
        const char *code;
        unsigned n;
    } games[] = {{"0.77", 13}, {"0.07", 13}, {"0.c", 11}, {"0.8", 12}, {"4.f", 11}, {"4.7", 10},
                 {"0.137", 12}};
    size_t i;
    for (i = 0; i < sizeof games / sizeof *games; i++) {
        sg_misere_quotient_t *q = quotient(games[i].code, games[i].n, 0);
        sg_octal_t *g = NULL;
        sg_misere_octal_t *m = NULL;
        uint64_t h[3], bad = 0, n = games[i].n;
        unsigned s;
        if (q == NULL) continue;
        CHECK_EQ(sg_octal_parse(games[i].code, &g), SG_OK);
        CHECK_EQ(sg_misere_octal_create(&m, g, 0, NULL), SG_OK);
        for (h[0] = 0; h[0] <= n; h[0]++)
            for (h[1] = h[0]; h[1] <= n; h[1]++)
                for (h[2] = h[1]; h[2] <= n; h[2]++) {
                    uint64_t x[3];
                    size_t k = 0, j;
                    int w1 = -1, w2 = -2;
                    for (j = 0; j < 3; j++)
                        if (h[j]) x[k++] = h[j];
                    CHECK_EQ(sg_misere_quotient_outcome(q, x, k, &w1), SG_OK);
                    CHECK_EQ(sg_misere_octal_outcome(m, x, k, &w2), SG_OK);
                    bad += w1 != w2;
                }
        for (s = 0; s < 40; s++) {
            uint64_t x[6];
            size_t k = 4 + (size_t)test_below(3), j;
            int w1 = -1, w2 = -2;
            for (j = 0; j < k; j++) x[j] = 1 + test_below(j < 2 ? n : 6);
            CHECK_EQ(sg_misere_quotient_outcome(q, x, k, &w1), SG_OK);
            CHECK_EQ(sg_misere_octal_outcome(m, x, k, &w2), SG_OK);
            bad += w1 != w2;
        }
        CHECK_EQ(bad, 0);
        sg_misere_octal_free(m);
        sg_octal_free(g);
        sg_misere_quotient_free(q);
    }
}

/* ---- the literature ------------------------------------------------------------------------ */

/* Proves: 0.75 gives the quotient R8 of Plambeck and Siegel ("Misere quotients for impartial
 * games", JCTA 115 (2008), arXiv math/0609825; also Plambeck, "Advances in Losing", arXiv
 * math/0603027): <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>, order 8, P = {a, b^2}, and
 * the pretending function 1 a b a b c b c b ab^2 b ab^2 ... (period 2 from heap 8). */
static void test_r8(void)
{
    sg_misere_quotient_t *q = quotient("0.75", 40, 1);
    static const char *const pre[] = {"1", "a", "b", "a", "b", "c", "b", "c", "b", "ab^2", "b",
                                      "ab^2"};
    char buf[256];
    sg_period_t per;
    uint32_t a, b, c, x, y;
    unsigned m;
    unsigned h;
    if (q == NULL) return;
    CHECK_EQ(sg_misere_quotient_order(q), 8);
    CHECK_EQ(sg_misere_quotient_p_portion(q), 2);
    CHECK_EQ(sg_misere_quotient_presentation(q, buf, sizeof buf), SG_OK);
    CHECK(strcmp(buf, "<a, b, c | a^2 = 1, bc = ab, c^2 = b^2, b^3 = b>") == 0);
    for (h = 0; h < 12; h++) {
        name(q, elem(q, h), buf);
        CHECK(strcmp(buf, pre[h]) == 0);
    }
    /* the relations, by the multiplication table itself */
    a = elem(q, 1);
    b = elem(q, 2);
    c = elem(q, 5);
    CHECK_EQ(sg_misere_quotient_mul(q, a, a, &x), SG_OK);
    CHECK_EQ(x, 0);
    CHECK_EQ(sg_misere_quotient_mul(q, b, b, &x), SG_OK);
    CHECK_EQ(sg_misere_quotient_mul(q, x, b, &y), SG_OK);
    CHECK_EQ(y, b);
    CHECK_EQ(sg_misere_quotient_is_p(q, a), 1);
    CHECK_EQ(sg_misere_quotient_is_p(q, x), 1);
    CHECK_EQ(sg_misere_quotient_mul(q, c, c, &y), SG_OK);
    CHECK_EQ(y, x);
    CHECK_EQ(sg_misere_quotient_mul(q, b, c, &x), SG_OK);
    CHECK_EQ(sg_misere_quotient_mul(q, a, b, &y), SG_OK);
    CHECK_EQ(x, y);
    CHECK_EQ(sg_misere_quotient_period(q, &per), SG_OK);
    CHECK_EQ(per.proven, 1);
    CHECK_EQ(per.period, 2);
    CHECK_EQ(per.preperiod, 8);
    CHECK_EQ(sg_misere_quotient_tame(q, &m), 0);
    CHECK_EQ(sg_misere_quotient_last_rogue(q), 7);
    sg_misere_quotient_free(q);
}

/* Proves: tame games give the tame quotients of misere Nim (Plambeck and Siegel, section 4:
 * T_0 = <a | a^2 = 1>, P = {a}; T_1 = <a, b | a^2 = 1, b^3 = b>, order 6, P = {a, b^2}), and
 * the library's own tameness (sg_misere_octal_tame) agrees with the quotient's. */
static void test_tame(void)
{
    static const char *const games[] = {"0.3", "0.03", "0.7", "0.31", "0.51", "0.33", "0.52",
                                        "4.3"};
    size_t i;
    char buf[256];
    for (i = 0; i < sizeof games / sizeof *games; i++) {
        sg_misere_quotient_t *q = quotient(games[i], 60, 1);
        sg_octal_t *g = NULL;
        sg_misere_octal_t *m = NULL;
        uint64_t n, order;
        int tame = -1, t;
        if (q == NULL) continue;
        n = sg_misere_quotient_heaps(q);
        CHECK_EQ(sg_octal_parse(games[i], &g), SG_OK);
        CHECK_EQ(sg_misere_octal_create(&m, g, 0, NULL), SG_OK);
        CHECK_EQ(sg_misere_octal_tame(m, n + 1, &tame), SG_OK);
        {
            unsigned mm = 0;
            t = sg_misere_quotient_tame(q, &mm);
            CHECK(t == 0 || t == 1);
            t = t == 1 ? (int)mm : -1;
        }
        CHECK_EQ(t >= 0, tame);
        order = sg_misere_quotient_order(q);
        if (t == 0) {
            CHECK_EQ(order, 2);
            CHECK_EQ(sg_misere_quotient_presentation(q, buf, sizeof buf), SG_OK);
            CHECK(strcmp(buf, "<a | a^2 = 1>") == 0);
        } else if (t == 1) {
            CHECK_EQ(order, 6);
            CHECK_EQ(sg_misere_quotient_presentation(q, buf, sizeof buf), SG_OK);
            CHECK(strcmp(buf, "<a, b | a^2 = 1, b^3 = b>") == 0);
        } else if (t > 1) {
            CHECK_EQ(order, ((uint64_t)2 << t) + 2);
        }
        if (t >= 0) CHECK_EQ(sg_misere_quotient_p_portion(q), t == 0 ? 1 : 2);
        sg_misere_octal_free(m);
        sg_octal_free(g);
        sg_misere_quotient_free(q);
    }
}

/* Proves: the quotients of heaps 1..n that MisereSolver (A. Siegel, in CGSuite's source tree,
 * commit 767a8f0d, run with its take-and-break rules restated) computes for the same codes:
 * the same order, |P| and pretending function up to renaming of the elements. */
static void test_miseresolver(void)
{
    static const struct {
        const char *code;
        unsigned n;
        uint64_t order, p;
        const char *pre;   /* the pretending function, each element by its first heap */
    } want[] = {
        {"0.07", 12, 12, 3, "0 0 1 1 2 0 3 1 1 0 4 3 5"},
        {"0.137", 10, 12, 3, "0 1 1 2 0 3 1 1 0 4 3"},
        {"0.17", 10, 12, 3, "0 1 1 0 2 1 3 0 1 1 4"},
        {"0.52", 21, 6, 2, "0 1 0 2 2 1 3 4 2 5 3 4 2 5 3 4 2 5 3 4 2 5"},
    };
    size_t i;
    for (i = 0; i < sizeof want / sizeof *want; i++) {
        sg_misere_quotient_t *q = quotient(want[i].code, want[i].n, 0);
        if (q == NULL) continue;
        CHECK_EQ(sg_misere_quotient_order(q), want[i].order);
        CHECK_EQ(sg_misere_quotient_p_portion(q), want[i].p);
        {
            uint32_t seen[64];
            char got[256];
            size_t ns = 0, len = 0;
            unsigned h;
            for (h = 0; h <= want[i].n; h++) {
                uint32_t e = elem(q, h);
                size_t k;
                for (k = 0; k < ns && seen[k] != e; k++) {}
                if (k == ns) seen[ns++] = e;
                len += (size_t)sprintf(got + len, h ? " %u" : "%u", (unsigned)k);
            }
            CHECK(strcmp(got, want[i].pre) == 0);
        }
        sg_misere_quotient_free(q);
    }
}

/* ---- bad input, budgets ------------------------------------------------------------------- */

/* Proves: a code with no move, NULL arguments, heaps past an unproven bound and a quotient past
 * its budget get a status, never a quotient; the quotient reached before stays readable. */
static void test_bad_input(void)
{
    sg_octal_t *g = NULL;
    sg_misere_quotient_t *q = NULL;
    uint64_t heap = 100;
    uint32_t e;
    int win;
    CHECK_EQ(sg_octal_parse("0.0", &g), SG_OK);
    CHECK_EQ(sg_misere_quotient_create(&q, g, 0, NULL), SG_EINVAL);
    CHECK(q == NULL);
    sg_octal_free(g);
    CHECK_EQ(sg_misere_quotient_create(NULL, NULL, 0, NULL), SG_EINVAL);
    CHECK_EQ(sg_misere_quotient_extend(NULL, 3), SG_EINVAL);
    sg_misere_quotient_free(NULL);
    CHECK_EQ(sg_octal_parse("0.77", &g), SG_OK);
    /* Kayles outgrows 8 elements (12 at heap 8) */
    CHECK_EQ(sg_misere_quotient_create(&q, g, 8, NULL), SG_OK);
    sg_octal_free(g);
    CHECK_EQ(sg_misere_quotient_outcome(q, &heap, 1, &win), SG_EINVAL);   /* nothing yet */
    CHECK_EQ(sg_misere_quotient_extend(q, 20), SG_ERANGE);
    CHECK(sg_misere_quotient_heaps(q) < 20);
    CHECK(sg_misere_quotient_order(q) <= 8);
    CHECK_EQ(sg_misere_quotient_extend(q, 20), SG_ERANGE);   /* the same again */
    CHECK_EQ(sg_misere_quotient_element(q, 100, &e), SG_ERANGE);
    CHECK_EQ(sg_misere_quotient_outcome(q, &heap, 1, &win), SG_ERANGE);
    heap = 2;
    CHECK_EQ(sg_misere_quotient_outcome(q, &heap, 1, &win), SG_OK);
    CHECK_EQ(win, 1);
    CHECK_EQ(sg_misere_quotient_name(q, 1000, NULL, 0), SG_EINVAL);
    sg_misere_quotient_free(q);
}

/* Proves: a memory cap too small for the work gives SG_ENOMEM, and the object is freed
 * cleanly (the sanitizer builds see every byte). */
static void test_memory_cap(void)
{
    sg_octal_t *g = NULL;
    sg_misere_quotient_t *q = NULL;
    sg_memory_t mem;
    memset(&mem, 0, sizeof mem);
    mem.max_bytes = 20000;
    CHECK_EQ(sg_octal_parse("0.77", &g), SG_OK);
    CHECK_EQ(sg_misere_quotient_create(&q, g, 0, &mem), SG_OK);
    sg_octal_free(g);
    CHECK_EQ(sg_misere_quotient_extend(q, 12), SG_ENOMEM);
    sg_misere_quotient_free(q);
}

int main(void)
{
    RUN(test_every_multiset);
    RUN(test_random_sums);
    RUN(test_past_the_bound);
    RUN(test_exact_at_larger_bounds);
    RUN(test_r8);
    RUN(test_tame);
    RUN(test_miseresolver);
    RUN(test_bad_input);
    RUN(test_memory_cap);
    return TEST_REPORT();
}
