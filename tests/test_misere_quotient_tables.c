/* Misere quotients against the published tables: each game's quotient is computed with the
 * library and compared, up to isomorphism, with the quotient the literature gives.
 *
 * Sources (cited per game below):
 *  [T]  T. E. Plambeck, "Taming the wild in impartial combinatorial games", INTEGERS 5 (2005)
 *       G05: the quotient R8 of 0.75.
 *  [PS] T. E. Plambeck and A. N. Siegel, "Misere quotients for impartial games", JCTA 115
 *       (2008), arXiv math/0609825, and its supplementary material, arXiv 0705.2404,
 *       appendix B, figure 1: the wild octal games of two and three digits and the wild
 *       four-digit quaternaries with simple quotients, each with the period p of its
 *       pretending function.
 *  [Pl] T. E. Plambeck, misere octal games, the page of 0.312 (solved 4 February 2003): every
 *       heap but 4 is an adder, A = heap 4 has A + A = 0, period 2.
 *  [MS] MisereSolver (A. N. Siegel, in CGSuite's source tree), run on the same codes: its
 *       presentation, P-portion and pretending function, word for word, are the data below.
 *  [Q]  T. E. Plambeck, misere octal games, the page "quaternary games": Winning Ways' table
 *       shows that .31 is the only two-digit quaternary game (digits 0..3) with a heap that is
 *       not a misere nim-heap; of the three-digit quaternaries only the seven "woolly
 *       mammoths" .121, .123, .131, .201, .211, .312 and .331 have one.
 *
 * The comparison is an isomorphism, not a match of texts: each generator of the reference
 * presentation is sent to the element of the first heap the reference pretending function
 * names by that generator alone; then every relation of the reference must hold, every heap's
 * reference word must evaluate to the library's element of that heap, the generators' images
 * must generate the whole quotient, and the reference P-portion must map onto the library's.
 * A well-defined surjective homomorphism between monoids of the same order is an isomorphism,
 * and it carries P onto P. */
#include "test.h"

#include <sg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *code;
    uint64_t limit;        /* heaps the proof may take */
    uint64_t period;       /* published: [PS] supplement, figure 1, column p */
    uint64_t order, p;     /* [MS] |Q| and |P| */
    const char *rel;       /* [MS] relations, "a2=1,b3=b,..." */
    const char *pset;      /* [MS] P-portion, "a,b2" */
    const char *phi;       /* [MS] pretending function from heap 0, one word a heap */
} table_t;

#define R8_REL "a2=1,b3=b,bc=ab,c2=b2"
#define R8_P "a,b2"
#define Q14_REL "a2=1,b3=b,b2c=c,c3=ac2"
#define Q12_REL "a2=1,b4=b2,b2c=b3,c2=1"
#define Q20A_REL "a2=1,b4=b2,b2c=b3,c2=1,b2d=d,cd=bd,d3=ad2"
#define Q20A_P "a,b2,ac,bd,d2"
#define Q20B_REL "a2=1,b4=b2,b2c=c,c3=ac2,b2d=b3,cd=bc,d2=1"
#define Q20B_P "a,b2,bc,c2,ad"
#define Q46_REL "a2=1,b4=b2,b2c=b3,bc3=bc,c4=c2,bcd=b2d,b3d2=bd2,cd2=bd2,b2d3=d3,d5=ad4"
#define Q46_P "a,b2,ac,ac2,ac3,bd,ab3d,cd,ad2,b2d2,abd3,d4"

/* [PS] supplement, appendix B, figure 1, row by row (the codes with one marked digit are the
 * same games without the mark); [MS] for the rest of each row. 0.75 is also [T], R8. */
static const table_t tables[] = {
    /* wild two- and three-digit octal games */
    /* 0.34 (period 8 from heap 7): the proof needs 31 heaps */
    {"0.34", 31, 8, 12, 3, Q12_REL, "a,b2,ac",
     "1 a 1 a b 1 a 1 ab a c a b 1 ac 1 ab a c a b 1 ac 1 ab a c a b 1 ac 1 ab a c a b 1 ac 1"},
    {"0.75", 40, 2, 8, 2, R8_REL, R8_P,
     "1 a b a b c b c b ab2 b ab2 b ab2 b ab2 b ab2 b ab2 b ab2 b ab2 b ab2 b ab2 b ab2 b"},
    {"0.512", 60, 6, 8, 2, R8_REL, R8_P,
     "1 a a a b b b a b2 c b b b ab2 b2 c b b b ab2 b2 ab2 b b b ab2 b2 ab2 b b b ab2 b2 ab2 "
     "b b b ab2 b2 ab2 b b b ab2 b2 ab2 b b b ab2 b2"},
    {"0.712", 40, 6, 14, 4, Q14_REL, "a,b2,abc,c2",
     "1 a b a 1 c 1 a ac a 1 c 1 a ac a 1 c 1 a ac a 1 c 1 a ac a 1 c 1"},
    /* 0.716 (period 2 from heap 22): the proof needs 50 heaps */
    {"0.716", 60, 2, 14, 4, Q14_REL, "a,b2,abc,c2",
     "1 a b a 1 c 1 c ac a ac c ac c ac c ac ac2 ac c c2 c c2 ac2 c2 ac2 c2 ac2 c2 ac2 c2 ac2 "
     "c2 ac2 c2 ac2 c2 ac2 c2 ac2 c2"},
    {"4.56", 40, 4, 8, 2, R8_REL, R8_P,
     "1 a a b b a c b b c c b b ab2 ab2 b b ab2 ab2 b b ab2 ab2 b b ab2 ab2 b b ab2 ab2 b b "
     "ab2 ab2 b"},
    {"4.74", 40, 2, 8, 2, R8_REL, R8_P,
     "1 a b a b c b c b ab2 b ab2 b ab2 b ab2 b ab2 b ab2 b ab2 b ab2 b ab2 b ab2 b ab2 b"},
    {"0.3101", 40, 2, 14, 4, Q14_REL, "a,b2,bc,c2",
     "1 a b c2 c c2 ac2 c2 ac2 c2 ac2 c2 ac2 c2 ac2 c2 ac2 c2 ac2 c2 ac2 c2 ac2 c2 ac2 c2"},
    {"0.3131", 40, 2, 12, 3, Q12_REL, "a,b2,ac",
     "1 a b a b b2 c b2 ab2 b2 ab2 b2 ab2 b2 ab2 b2 ab2 b2 ab2 b2 ab2 b2 ab2 b2 ab2 b2"},
    /* wild four-digit quaternaries */
    {"0.123", 40, 5, 20, 5, Q20A_REL, Q20A_P,
     "1 a 1 b b a d2 1 c d a d2 1 c d a d2 1 c d a d2 1 c d a d2 1 c d a"},
    {"0.1023", 50, 7, 20, 5, Q20A_REL, Q20A_P,
     "1 a 1 1 b b a a d2 1 1 c d a a d2 1 1 c d a a d2 1 1 c d a a d2 1 1 c d a a"},
    {"0.1032", 50, 7, 20, 5, Q20A_REL, Q20A_P,
     "1 a 1 a 1 b b b a d2 d2 1 c ad2 d a d2 d2 1 c ad2 d a d2 d2 1 c ad2 d a d2 d2 1 c ad2 "
     "d a d2 d2 1 c"},
    {"0.1033", 50, 7, 20, 5, Q20B_REL, Q20B_P,
     "1 a 1 a b b b 1 c2 c2 a c ac2 d 1 c2 c2 a c ac2 d 1 c2 c2 a c ac2 d 1 c2 c2 a c ac2 d 1 "
     "c2 c2 a c ac2"},
    {"0.1331", 40, 5, 20, 5, Q20B_REL, Q20B_P,
     "1 a a b b 1 c2 a c d 1 c2 a c d 1 c2 a c d 1 c2 a c d 1 c2 a c d 1"},
    {"0.3103", 40, 5, 20, 5, Q20B_REL, Q20B_P,
     "1 a b c2 c 1 a d c2 c 1 a d c2 c 1 a d c2 c 1 a d c2 c 1"},
    {"0.3112", 40, 5, 20, 5, Q20A_REL, Q20A_P,
     "1 a b a 1 b d2 c a 1 d d2 c a 1 d d2 c a 1 d d2 c a 1 d d2 c a 1 d"},
    {"0.1232", 60, 6, 46, 12, Q46_REL, Q46_P,
     "1 a 1 b b ab a b2 1 c b d a b2 1 c b d a b2 1 c b d a b2 1 c b d a b2 1 c b d a b2 1 c "
     "b d a b2 1 c b d a b2 1"},
    {"0.1323", 60, 6, 46, 12, Q46_REL, Q46_P,
     "1 a a 1 b b ab a b2 1 c b d a b2 1 c b d a b2 1 c b d a b2 1 c b d a b2 1 c b d a b2 1 "
     "c b d a b2 1 c b d a b2"},
};

/* ---- words over the reference generators ------------------------------------------------- */

#define MAX_WORDS 128
#define MAX_GENS 26

typedef struct {
    const sg_misere_quotient_t *q;
    uint32_t gen[MAX_GENS];    /* the library's element for generator 'a' + i */
    int have[MAX_GENS];
    uint32_t one;
} alphabet_t;

/* the words of s, split at any of seps, into w[] (each NUL-terminated in buf) */
static size_t split(const char *s, const char *seps, char *buf, size_t size, char **w)
{
    size_t n = 0, len = strlen(s);
    char *p;
    if (len + 1 > size) return 0;
    memcpy(buf, s, len + 1);
    for (p = strtok(buf, seps); p != NULL && n < MAX_WORDS; p = strtok(NULL, seps)) w[n++] = p;
    return n;
}

/* the element a word names ("1", "ab2c"); UINT32_MAX for a letter with no image */
static uint32_t eval(const alphabet_t *al, const char *w)
{
    uint32_t x = al->one;
    if (strcmp(w, "1") == 0) return x;
    while (*w) {
        int g = *w++ - 'a';
        unsigned long e = 1;
        if (g < 0 || g >= MAX_GENS || !al->have[g]) return UINT32_MAX;
        if (*w >= '0' && *w <= '9') {
            e = 0;
            while (*w >= '0' && *w <= '9') e = 10 * e + (unsigned long)(*w++ - '0');
        }
        while (e--) CHECK_EQ(sg_misere_quotient_mul(al->q, x, al->gen[g], &x), SG_OK);
    }
    return x;
}

static uint32_t elem(const sg_misere_quotient_t *q, uint64_t h)
{
    uint32_t e = UINT32_MAX;
    CHECK_EQ(sg_misere_quotient_element(q, h, &e), SG_OK);
    return e;
}

/* an empty quotient computation for code, or NULL (a failed check) */
static sg_misere_quotient_t *make(const char *code)
{
    sg_octal_t *g = NULL;
    sg_misere_quotient_t *q = NULL;
    CHECK_EQ(sg_octal_parse(code, &g), SG_OK);
    CHECK_EQ(sg_misere_quotient_create(&q, g, 0, NULL), SG_OK);
    sg_octal_free(g);
    return q;
}

/* the last non-zero digit's index of an octal code "d0.d1d2..." */
static uint64_t last_digit(const char *code)
{
    const char *p = strchr(code, '.');
    uint64_t t = 0, i = 0;
    for (p++; *p; p++) {
        i++;
        if (*p != '0') t = i;
    }
    return t;
}

/* The reference's preperiod: the least n0 with word(n + p) = word(n) for n0 <= n, over the
 * reference's heaps (its own words, before any mapping). */
static uint64_t ref_preperiod(char **w, size_t n, uint64_t p)
{
    size_t x = n - p;
    while (x > 0 && strcmp(w[x - 1], w[x - 1 + p]) == 0) x--;
    return x;
}

static void check_table(const table_t *t)
{
    sg_misere_quotient_t *q = make(t->code);
    alphabet_t al;
    char buf[4096], rbuf[1024], pbuf[512];
    char *w[MAX_WORDS], *r[MAX_WORDS], *pw[MAX_WORDS];
    size_t nw, nr, np, i;
    sg_period_t per;
    uint64_t heaps, n1, t_last = last_digit(t->code);
    unsigned m;
    if (q == NULL) return;
    CHECK_EQ(sg_misere_quotient_solve(q, t->limit), SG_OK);
    CHECK_EQ(sg_misere_quotient_period(q, &per), SG_OK);
    if (per.proven != 1) {
        fprintf(stderr, "%s: not proven within %llu heaps\n", t->code,
                (unsigned long long)t->limit);
        CHECK_EQ(per.proven, 1);
        sg_misere_quotient_free(q);
        return;
    }
    heaps = sg_misere_quotient_heaps(q);
    /* the reference's order and P-portion */
    CHECK_EQ(sg_misere_quotient_order(q), t->order);
    CHECK_EQ(sg_misere_quotient_p_portion(q), t->p);
    CHECK_EQ(sg_misere_quotient_order(q) % 2, 0);
    nw = split(t->phi, " ", buf, sizeof buf, w);
    /* past the proof's bound, or (0.716: [MS]'s words end at heap 40, the proof at 50) past
     * the preperiod by more than two periods, the rest following by the period */
    CHECK(nw > heaps || nw > per.preperiod + 2 * t->period);
    /* the published period, the reference's preperiod */
    CHECK_EQ(per.period, t->period);
    CHECK_EQ(per.preperiod, ref_preperiod(w, nw, t->period));
    /* the proof waited for the hypothesis of the periodicity theorem: the heaps in cover
     * 2 n1 + 2p + t - 1, with n1 = max(preperiod, 1) taken from the reference */
    n1 = per.preperiod > 0 ? per.preperiod : 1;
    CHECK(heaps + 1 >= 2 * n1 + 2 * t->period + t_last);
    CHECK_EQ(sg_misere_quotient_tame(q, &m), 0);   /* all of these are wild */
    /* the generators: each the element of the first heap named by the letter alone */
    memset(&al, 0, sizeof al);
    al.q = q;
    al.one = elem(q, 0);
    for (i = 0; i < nw; i++) {
        int c = w[i][0] - 'a';
        if (c >= 0 && c < MAX_GENS && w[i][1] == '\0' && !al.have[c]) {
            al.gen[c] = elem(q, i);
            al.have[c] = 1;
        }
    }
    /* every heap's word evaluates to the library's element of that heap (past the proven
     * bound too, through the period) */
    for (i = 0; i < nw; i++) {
        uint32_t x = eval(&al, w[i]);
        if (x != elem(q, i)) fprintf(stderr, "%s: heap %u: %s\n", t->code, (unsigned)i, w[i]);
        CHECK_EQ(x, elem(q, i));
    }
    /* every relation holds */
    nr = split(t->rel, ",", rbuf, sizeof rbuf, r);
    CHECK(nr > 0);
    for (i = 0; i < nr; i++) {
        char *eq = strchr(r[i], '=');
        uint32_t x, y;
        CHECK(eq != NULL);
        if (eq == NULL) continue;
        *eq = '\0';
        x = eval(&al, r[i]);
        y = eval(&al, eq + 1);
        CHECK(x != UINT32_MAX);
        if (x != y) fprintf(stderr, "%s: relation %s = %s fails\n", t->code, r[i], eq + 1);
        CHECK_EQ(x, y);
    }
    /* the generators' images generate the whole quotient */
    {
        uint64_t order = sg_misere_quotient_order(q), seen_n = 1, k;
        unsigned char *seen = (unsigned char *)calloc((size_t)order, 1);
        uint32_t *queue = (uint32_t *)malloc((size_t)order * sizeof *queue);
        CHECK(seen != NULL && queue != NULL);
        if (seen != NULL && queue != NULL) {
            queue[0] = al.one;
            seen[al.one] = 1;
            for (k = 0; k < seen_n; k++) {
                int c;
                for (c = 0; c < MAX_GENS; c++) {
                    uint32_t y;
                    if (!al.have[c]) continue;
                    CHECK_EQ(sg_misere_quotient_mul(q, queue[k], al.gen[c], &y), SG_OK);
                    if (y < order && !seen[y]) {
                        seen[y] = 1;
                        queue[seen_n++] = y;
                    }
                }
            }
            CHECK_EQ(seen_n, order);
        }
        free(seen);
        free(queue);
    }
    /* the reference P-portion maps onto the library's (distinct elements, all in P) */
    np = split(t->pset, ",", pbuf, sizeof pbuf, pw);
    CHECK_EQ(np, t->p);
    for (i = 0; i < np; i++) {
        uint32_t x = eval(&al, pw[i]);
        size_t j;
        CHECK(x != UINT32_MAX);
        if (x == UINT32_MAX) continue;
        CHECK_EQ(sg_misere_quotient_is_p(q, x), 1);
        for (j = 0; j < i; j++) CHECK(eval(&al, pw[j]) != x);
    }
    sg_misere_quotient_free(q);
}

/* Proves: every wild game of [PS] (supplement, appendix B, figure 1) gives the published period
 * and, up to isomorphism, the quotient, P-portion and pretending function MisereSolver gives;
 * 0.75 and 4.74 give R8 ([T]). 0.716's proof needs 50 heaps: a proof search that grew with every
 * heap type (twice the signatures a type) could not reach it. */
static void test_published(void)
{
    size_t i;
    for (i = 0; i < sizeof tables / sizeof *tables; i++) check_table(&tables[i]);
}

/* Proves: R8 as [T] writes it, <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>, P = {a, b^2},
 * is the quotient of 0.75 with a = heap 1, b = heap 2, c = heap 5, checked by the
 * multiplication table itself: the relations hold, and the eight normal forms 1, a, b, ab,
 * b^2, ab^2, c, ac are eight distinct elements of which exactly a and b^2 are in P. */
static void test_r8_as_published(void)
{
    static const char *const forms[] = {"1", "a", "b", "ab", "b2", "ab2", "c", "ac"};
    sg_misere_quotient_t *q = make("0.75");
    alphabet_t al;
    uint32_t x[8];
    size_t i, j;
    if (q == NULL) return;
    CHECK_EQ(sg_misere_quotient_solve(q, 40), SG_OK);
    memset(&al, 0, sizeof al);
    al.q = q;
    al.one = elem(q, 0);
    al.gen[0] = elem(q, 1);
    al.gen[1] = elem(q, 2);
    al.gen[2] = elem(q, 5);
    al.have[0] = al.have[1] = al.have[2] = 1;
    CHECK_EQ(eval(&al, "a2"), al.one);
    CHECK_EQ(eval(&al, "b3"), eval(&al, "b"));
    CHECK_EQ(eval(&al, "bc"), eval(&al, "ab"));
    CHECK_EQ(eval(&al, "c2"), eval(&al, "b2"));
    CHECK_EQ(sg_misere_quotient_order(q), 8);
    for (i = 0; i < 8; i++) {
        x[i] = eval(&al, forms[i]);
        for (j = 0; j < i; j++) CHECK(x[i] != x[j]);
        CHECK_EQ(sg_misere_quotient_is_p(q, x[i]), i == 1 || i == 4);
    }
    sg_misere_quotient_free(q);
}

/* Proves: 0.312 as [Pl] solves it: heap 4 is the one heap whose element no other heap has
 * (every other heap is an adder), A + A = 0 for A = heap 4, and the pretending function has
 * period 2; it is the last rogue. */
static void test_0312(void)
{
    sg_misere_quotient_t *q = make("0.312");
    sg_period_t per;
    uint32_t a, x;
    uint64_t h;
    if (q == NULL) return;
    CHECK_EQ(sg_misere_quotient_solve(q, 40), SG_OK);
    CHECK_EQ(sg_misere_quotient_period(q, &per), SG_OK);
    CHECK_EQ(per.proven, 1);
    CHECK_EQ(per.period, 2);
    a = elem(q, 4);
    CHECK_EQ(sg_misere_quotient_mul(q, a, a, &x), SG_OK);
    CHECK_EQ(x, elem(q, 0));
    for (h = 1; h <= 60; h++)
        if (h != 4) CHECK(elem(q, h) != a);
    CHECK_EQ(sg_misere_quotient_last_rogue(q), 4);
    sg_misere_quotient_free(q);
}

/* [Q]'s exceptions, and its two-digit one (.31 = .310) */
static int mammoth(const char *code)
{
    static const char *const m[] = {"0.121", "0.123", "0.131", "0.201", "0.211", "0.312",
                                    "0.331", "0.310"};
    size_t i;
    for (i = 0; i < sizeof m / sizeof *m; i++)
        if (strcmp(code, m[i]) == 0) return 1;
    return 0;
}

#define NORMAL_HEAPS 200

/* Proves: every two- and three-digit quaternary game that [Q] lists with misere nim-heaps alone
 * has a proven quotient that is the tame quotient of misere Nim on its heaps' nim-values: T_m
 * with 2^(m+1) above the largest normal-play value (sg_octal_table, the normal engine; T0 when
 * it is 1), of even order; and the genus path (sg_misere_octal_tame) agrees that the heaps the
 * quotient took form a tame game. A wild quotient, a wrong T_m or an unproven period fails. */
static void test_quaternary_tame(void)
{
    char code[8];
    int d1, d2, d3, games = 0;
    for (d1 = 0; d1 < 4; d1++)
        for (d2 = 0; d2 < 4; d2++)
            for (d3 = 0; d3 < 4; d3++) {
                sg_octal_t *g = NULL;
                sg_misere_quotient_t *q = NULL;
                sg_misere_octal_t *mo = NULL;
                sg_value_t table[NORMAL_HEAPS], top = 0;
                sg_period_t per;
                unsigned m = 99, want = 0;
                int tame = 0;
                size_t i;
                if (d2 == 0 && d3 == 0) continue;   /* one digit: subtraction games */
                snprintf(code, sizeof code, "0.%d%d%d", d1, d2, d3);
                if (mammoth(code)) continue;
                CHECK_EQ(sg_octal_parse(code, &g), SG_OK);
                if (g == NULL) continue;
                CHECK_EQ(sg_octal_table(g, table, NORMAL_HEAPS), SG_OK);
                for (i = 0; i < NORMAL_HEAPS; i++)
                    if (table[i] > top) top = table[i];
                while (((sg_value_t)2 << want) <= top) want++;
                CHECK_EQ(sg_misere_quotient_create(&q, g, 0, NULL), SG_OK);
                CHECK_EQ(sg_misere_quotient_solve(q, 60), SG_OK);
                CHECK_EQ(sg_misere_quotient_period(q, &per), SG_OK);
                CHECK_EQ(per.proven, 1);
                CHECK_EQ(sg_misere_quotient_order(q) % 2, 0);
                if (sg_misere_quotient_tame(q, &m) != 1 || m != want)
                    fprintf(stderr, "%s: tame %d, T%u, want T%u\n", code,
                            sg_misere_quotient_tame(q, &m), m, want);
                CHECK_EQ(sg_misere_quotient_tame(q, &m), 1);
                CHECK_EQ(m, want);
                CHECK_EQ(sg_misere_octal_create(&mo, g, 0, NULL), SG_OK);
                CHECK_EQ(sg_misere_octal_tame(mo, sg_misere_quotient_heaps(q) + 1, &tame),
                         SG_OK);
                CHECK_EQ(tame, 1);
                sg_misere_octal_free(mo);
                sg_misere_quotient_free(q);
                sg_octal_free(g);
                games++;
            }
    CHECK_EQ(games, 4 * 4 * 4 - 4 - 8);
}

int main(void)
{
    RUN(test_published);
    RUN(test_r8_as_published);
    RUN(test_0312);
    RUN(test_quaternary_tame);
    return TEST_REPORT();
}
