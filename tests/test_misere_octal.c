/* The misere take-and-break solver (values, outcomes, genera, tameness) against a brute force
 * written here from the definitions: the misere Grundy value is 1 for a position with no move
 * and the mex of the options' values otherwise; a sum is searched as a whole (every heap, every
 * *2 and *1 kept as they are: no theorem is used). Then published results, Nim as a code, and
 * bad input, caps and failing allocations: nothing is left allocated. */
#include "misere_test.h"

/* ---- take-and-break games: the brute force --------------------------------------------- */

/* A sum: cnt[h] heaps of h tokens (1 <= h <= BF_H), twos copies of *2 and ones of *1, packed in
 * 5 bits each (sums of at most 31 tokens, 31 copies). Nothing is simplified: a heap with no move
 * stays, *1 + *1 stays. */
#define BF_H 10
typedef struct {
    unsigned char d[SG_OCTAL_MAX_DIGITS + 1];
    unsigned t;
    uint64_t *keys;
    unsigned char *vals;
    size_t cap;
} bf_t;

static uint64_t bf_key(const unsigned *cnt, unsigned twos, unsigned ones)
{
    uint64_t k = 0;
    unsigned h;
    for (h = 1; h <= BF_H; h++) k = k << 5 | cnt[h];
    return (k << 5 | twos) << 5 | ones;
}

static unsigned bf_mex(const unsigned char *seen, unsigned n)
{
    unsigned m = 0;
    while (m < n && seen[m]) m++;
    return m;
}

static unsigned bf_value(bf_t *b, unsigned *cnt, unsigned twos, unsigned ones);

static void bf_mark(bf_t *b, unsigned char *seen, unsigned *cnt, unsigned twos, unsigned ones)
{
    unsigned v = bf_value(b, cnt, twos, ones);
    if (v < 256) seen[v] = 1;
}

static void bf_put(unsigned *cnt, const unsigned *parts, unsigned k, int sign)
{
    unsigned i;
    for (i = 0; i < k; i++)
        if (sign > 0) cnt[parts[i]]++;
        else cnt[parts[i]]--;
}

/* The misere Grundy value of the sum, by its definition (recursion over small sums). */
static unsigned bf_value(bf_t *b, unsigned *cnt, unsigned twos, unsigned ones)
{
    unsigned char seen[256];
    uint64_t key = bf_key(cnt, twos, ones);
    size_t j = (size_t)((key * 0x9E3779B97F4A7C15u) >> 40) % b->cap;
    unsigned h, r, x, y, p[3];
    int any = 0;
    while (b->keys[j] != 0) {
        if (b->keys[j] == key + 1) return b->vals[j];
        j = (j + 1) % b->cap;
    }
    memset(seen, 0, sizeof seen);
    if (twos) {
        any = 1;
        bf_mark(b, seen, cnt, twos - 1, ones + 1);
        bf_mark(b, seen, cnt, twos - 1, ones);
    }
    if (ones) {
        any = 1;
        bf_mark(b, seen, cnt, twos, ones - 1);
    }
    for (h = 1; h <= BF_H; h++) {
        if (cnt[h] == 0) continue;
        cnt[h]--;
        for (r = 0; r <= b->t && r <= h; r++) {
            unsigned d = b->d[r];
            if (r == 0) d &= 4;
            if ((d & 1) && h == r) {
                any = 1;
                bf_mark(b, seen, cnt, twos, ones);
            }
            if ((d & 2) && h > r) {
                any = 1;
                p[0] = h - r;
                bf_put(cnt, p, 1, 1);
                bf_mark(b, seen, cnt, twos, ones);
                bf_put(cnt, p, 1, -1);
            }
            if ((d & 4) && h >= r + 2)
                for (x = 1; x < h - r; x++) {
                    any = 1;
                    p[0] = x;
                    p[1] = h - r - x;
                    bf_put(cnt, p, 2, 1);
                    bf_mark(b, seen, cnt, twos, ones);
                    bf_put(cnt, p, 2, -1);
                }
            if ((d & 8) && h >= r + 3)
                for (x = 1; x < h - r; x++)
                    for (y = 1; x + y < h - r; y++) {
                        any = 1;
                        p[0] = x;
                        p[1] = y;
                        p[2] = h - r - x - y;
                        bf_put(cnt, p, 3, 1);
                        bf_mark(b, seen, cnt, twos, ones);
                        bf_put(cnt, p, 3, -1);
                    }
        }
        cnt[h]++;
    }
    x = any ? bf_mex(seen, 256) : 1;
    j = (size_t)((key * 0x9E3779B97F4A7C15u) >> 40) % b->cap;
    while (b->keys[j] != 0) j = (j + 1) % b->cap;
    b->keys[j] = key + 1;
    b->vals[j] = (unsigned char)x;
    return x;
}

static void bf_init(bf_t *b, const char *code)
{
    const char *dot = strchr(code, '.');
    unsigned i = 1;
    memset(b->d, 0, sizeof b->d);
    b->d[0] = (unsigned char)(dot != code ? (unsigned)(code[0] - '0') : 0);
    b->t = 0;
    for (dot++; *dot; dot++, i++) {
        char c = *dot;
        b->d[i] = (unsigned char)(c >= 'a' ? c - 'a' + 10 : c - '0');
        if (b->d[i]) b->t = i;
    }
    b->cap = (size_t)1 << 20;
    b->keys = (uint64_t *)calloc(b->cap, sizeof *b->keys);
    b->vals = (unsigned char *)calloc(b->cap, 1);
}

static void bf_free(bf_t *b)
{
    free(b->keys);
    free(b->vals);
}

/* the brute-force value of heaps[0..k) + twos copies of *2 */
static unsigned bf_sum(bf_t *b, const uint64_t *heaps, size_t k, unsigned twos)
{
    unsigned cnt[BF_H + 1];
    size_t i;
    memset(cnt, 0, sizeof cnt);
    for (i = 0; i < k; i++)
        if (heaps[i]) cnt[heaps[i]]++;
    return bf_value(b, cnt, twos, 0);
}

static void random_code(char *code)
{
    unsigned t = 1 + (unsigned)test_below(4), i;
    int hex = test_below(6) == 0;
    char *p = code;
    if (test_below(8) == 0) *p++ = '4';
    *p++ = '.';
    for (i = 0; i < t; i++) {
        unsigned d = (unsigned)test_below(hex ? 16 : 8);
        *p++ = (char)(d < 10 ? '0' + d : 'a' + d - 10);
    }
    *p = '\0';
}

/* random codes, random sums of up to three heaps: values and outcomes */
static void test_octal_sums(void)
{
    int trial;
    for (trial = 0; trial < 300; trial++) {
        char code[16];
        sg_octal_t *game = NULL;
        sg_misere_octal_t *m = NULL;
        bf_t b;
        int k;
        random_code(code);
        CHECK_EQ(sg_octal_parse(code, &game), SG_OK);
        CHECK_EQ(sg_misere_octal_create(&m, game, 0, NULL), SG_OK);
        bf_init(&b, code);
        for (k = 0; k < 20; k++) {
            uint64_t heaps[3];
            size_t n = (size_t)test_below(4), i;
            sg_value_t v = 99;
            int win = -1;
            for (i = 0; i < n; i++) heaps[i] = test_below(n == 3 ? 7 : 10);
            CHECK_EQ(sg_misere_octal_value(m, heaps, n, &v), SG_OK);
            CHECK_EQ(v, bf_sum(&b, heaps, n, 0));
            CHECK_EQ(sg_misere_octal_outcome(m, heaps, n, &win), SG_OK);
            CHECK_EQ(win, v != 0);
        }
        bf_free(&b);
        sg_misere_octal_free(m);
        sg_octal_free(game);
    }
}

/* genera: gamma[k] and the period-2 tail against the brute force up to 8 copies of *2; the g
 * against sg_octal_table; tameness of prefixes against every sum of two heaps */
static void test_octal_genus(void)
{
    int trial;
    for (trial = 0; trial < 400; trial++) {
        char code[16], buf[512];
        sg_octal_t *game = NULL;
        sg_misere_octal_t *m = NULL;
        sg_value_t g[9];
        sg_genus_t gs[9];
        bf_t b;
        uint64_t n, h2;
        unsigned k;
        int tame = -1;
        random_code(code);
        CHECK_EQ(sg_octal_parse(code, &game), SG_OK);
        CHECK_EQ(sg_octal_table(game, g, 9), SG_OK);
        CHECK_EQ(sg_misere_octal_create(&m, game, 0, NULL), SG_OK);
        bf_init(&b, code);
        for (n = 0; n < 9; n++) {
            int st = sg_misere_octal_genus(m, n, &gs[n]);
            CHECK_EQ(st, SG_OK);
            if (st != SG_OK) continue;
            CHECK_EQ(gs[n].g, g[n]);
            CHECK(gs[n].len >= 2 && gs[n].len <= SG_GENUS_MAX);
            for (k = 0; k <= 8; k++) {
                unsigned e = k < gs[n].len ? k : (gs[n].len - 2) + ((k - gs[n].len) & 1);
                CHECK_EQ(gs[n].gamma[e], bf_sum(&b, &n, 1, k));
            }
            /* the shortest prefix: the sequence does not alternate from len - 3 on */
            if (gs[n].len > 2) CHECK(gs[n].gamma[gs[n].len - 3] != gs[n].gamma[gs[n].len - 1]);
            CHECK_EQ(sg_genus_format(&gs[n], buf, sizeof buf), SG_OK);
            CHECK(strchr(buf, '^') != NULL);
        }
        /* the tame prefix: every sum of two heaps below it follows the misere Nim rule */
        for (n = 1; n <= 9; n++) {
            CHECK_EQ(sg_misere_octal_tame(m, n, &tame), SG_OK);
            if (!tame) break;
            for (h2 = 0; h2 < n * n; h2++) {
                uint64_t heaps[2] = {h2 / n, h2 % n};
                sg_genus_t two[2];
                int win = -1;
                two[0] = gs[heaps[0]];
                two[1] = gs[heaps[1]];
                CHECK_EQ(sg_genus_tame_outcome(two, 2, &win), SG_OK);
                CHECK_EQ(win, bf_sum(&b, heaps, 2, 0) != 0);
            }
        }
        if (!tame) CHECK(!sg_genus_is_tame(&gs[n - 1]));
        /* the solver now answers sums of the tame heaps from their genera: still exact */
        for (k = 0; k < 20; k++) {
            uint64_t heaps[3], lim = tame ? 9 : n - 1;
            size_t c = (size_t)test_below(4), i;
            sg_value_t v = 99;
            if (lim == 0) break;
            for (i = 0; i < c; i++) heaps[i] = test_below(lim);
            CHECK_EQ(sg_misere_octal_value(m, heaps, c, &v), SG_OK);
            CHECK_EQ(v, bf_sum(&b, heaps, c, 0));
        }
        bf_free(&b);
        sg_misere_octal_free(m);
        sg_octal_free(game);
    }
}

/* genus of misere Nim positions, by hand from the definition: tame ones */
static void test_genus_tame(void)
{
    sg_genus_t z = {0, 3, {1, 2, 0}}, one = {1, 3, {0, 3, 1}}, two = {2, 2, {2, 0}};
    sg_genus_t five = {5, 2, {5, 7}}, wild = {4, 3, {1, 4, 6}}, x;
    int win = -1;
    char buf[64];
    CHECK(sg_genus_is_tame(&z));
    CHECK(sg_genus_is_tame(&one));
    CHECK(sg_genus_is_tame(&two));
    CHECK(sg_genus_is_tame(&five));
    CHECK(!sg_genus_is_tame(&wild));
    CHECK(!sg_genus_is_tame(NULL));
    x = one;
    x.g = 0;
    CHECK(!sg_genus_is_tame(&x));
    /* *1 + *1 + *1: P; *1 + *1: N; *2 + *1 + *3 (nim-sum 0, a big heap): P */
    {
        sg_genus_t s[3] = {one, one, one};
        CHECK_EQ(sg_genus_tame_outcome(s, 3, &win), SG_OK);
        CHECK_EQ(win, 0);
        CHECK_EQ(sg_genus_tame_outcome(s, 2, &win), SG_OK);
        CHECK_EQ(win, 1);
        CHECK_EQ(sg_genus_tame_outcome(s, 0, &win), SG_OK);
        CHECK_EQ(win, 1);
        s[0] = two;
        s[2] = (sg_genus_t){3, 2, {3, 1}};
        CHECK_EQ(sg_genus_tame_outcome(s, 3, &win), SG_OK);
        CHECK_EQ(win, 0);
        s[1] = wild;
        CHECK_EQ(sg_genus_tame_outcome(s, 3, &win), SG_EINVAL);
        CHECK_EQ(sg_genus_tame_outcome(s, 3, NULL), SG_EINVAL);
        CHECK_EQ(sg_genus_tame_outcome(NULL, 1, &win), SG_EINVAL);
    }
    CHECK_EQ(sg_genus_format(&wild, buf, sizeof buf), SG_OK);
    CHECK(strcmp(buf, "4^{1,4,6}") == 0);
    CHECK_EQ(sg_genus_format(&wild, buf, 5), SG_ERANGE);
    CHECK(strcmp(buf, "4^{1") == 0);
    CHECK_EQ(sg_genus_format(&wild, NULL, 0), SG_ERANGE);
    CHECK_EQ(sg_genus_format(NULL, buf, sizeof buf), SG_EINVAL);
    x = wild;
    x.len = 0;
    CHECK_EQ(sg_genus_format(&x, buf, sizeof buf), SG_EINVAL);
}

/* Published results, each also checked by the brute force above (same code path). */
static void test_published(void)
{
    sg_octal_t *game = NULL;
    sg_misere_octal_t *m = NULL;
    unsigned char win[25];
    char buf[128];
    sg_genus_t gs;
    uint64_t n;
    bf_t b;
    /* Kayles (0.77) in misere play: the single rows the player to move loses are 1, 4, 9, 12
     * and 20 below 25, and a row of 5 has genus 4^{146}, the first wild one (Winning Ways
     * ch. 13, misere Kayles; Sibert and Conway's analysis as retold by Plambeck, "Daisies,
     * Kayles and the Sibert-Conway decomposition", 1992). The brute force checks them too. */
    CHECK_EQ(sg_octal_parse("0.77", &game), SG_OK);
    CHECK_EQ(sg_misere_octal_create(&m, game, 0, NULL), SG_OK);
    CHECK_EQ(sg_misere_octal_table(m, win, 25), SG_OK);
    bf_init(&b, "0.77");
    for (n = 0; n < 25; n++) {
        CHECK_EQ(win[n], !(n == 1 || n == 4 || n == 9 || n == 12 || n == 20));
        if (n <= BF_H) CHECK_EQ(win[n], bf_sum(&b, &n, 1, 0) != 0);
    }
    bf_free(&b);
    CHECK_EQ(sg_misere_octal_genus(m, 5, &gs), SG_OK);
    CHECK_EQ(sg_genus_format(&gs, buf, sizeof buf), SG_OK);
    CHECK(strcmp(buf, "4^{1,4,6}") == 0);
    sg_misere_octal_free(m);
    sg_octal_free(game);

    /* 0.312 (Plambeck, misere octal games, quaternary games, 0.312): heaps 1..6 have genus
     * 1^{03131}, 2^{20}, 0^{02}, 2^{1420}, 0^{02}, 1^{13} (1^{03131} is 1^{031}: its tail
     * alternates from the second superscript on). */
    {
        static const char *const want[] = {"0^{1,2,0}", "1^{0,3,1}", "2^{2,0}", "0^{0,2}",
                                           "2^{1,4,2,0}", "0^{0,2}", "1^{1,3}"};
        CHECK_EQ(sg_octal_parse("0.312", &game), SG_OK);
        CHECK_EQ(sg_misere_octal_create(&m, game, 0, NULL), SG_OK);
        for (n = 0; n < 7; n++) {
            CHECK_EQ(sg_misere_octal_genus(m, n, &gs), SG_OK);
            CHECK_EQ(sg_genus_format(&gs, buf, sizeof buf), SG_OK);
            CHECK(strcmp(buf, want[n]) == 0);
        }
        sg_misere_octal_free(m);
        sg_octal_free(game);
    }
}

/* Nim as a take-and-break code (0.333...: take any number, leave at most one heap) agrees with
 * nim_misere_winning_move on heaps below the number of digits. */
static void test_misere_nim(void)
{
    sg_octal_t *game = NULL;
    sg_misere_octal_t *m = NULL;
    int trial;
    CHECK_EQ(sg_octal_parse("0.3333333333", &game), SG_OK);
    CHECK_EQ(sg_misere_octal_create(&m, game, 0, NULL), SG_OK);
    for (trial = 0; trial < 2000; trial++) {
        uint64_t heaps[5], nh = 0;
        size_t n = (size_t)test_below(6), i, heap;
        int win = -1, r;
        for (i = 0; i < n; i++) heaps[i] = test_below(trial < 1000 ? 4 : 11);
        CHECK_EQ(sg_misere_octal_outcome(m, heaps, n, &win), SG_OK);
        r = nim_misere_winning_move(heaps, n, &heap, &nh);
        CHECK_EQ(win, r);
    }
    sg_misere_octal_free(m);
    sg_octal_free(game);
}

/* a misere memo of the octal game ctx (0.77), asked some values */
static int octal_attempt(void *ctx, const sg_allocator_t *al)
{
    sg_misere_octal_t *m = NULL;
    uint64_t heap = 9;
    sg_genus_t gs;
    int win, tame, st = sg_misere_octal_create(&m, (const sg_octal_t *)ctx, 0, al);
    if (st != SG_OK) return st;
    st = sg_misere_octal_outcome(m, &heap, 1, &win);
    if (st == SG_OK) CHECK_EQ(win, 0);
    if (st == SG_OK) st = sg_misere_octal_genus(m, 5, &gs);
    if (st == SG_OK) CHECK_EQ(gs.g, 4);
    if (st == SG_OK) st = sg_misere_octal_tame(m, 6, &tame);
    if (st == SG_OK) CHECK_EQ(tame, 0);
    sg_misere_octal_free(m);
    return st;
}

static void test_octal_errors(void)
{
    sg_octal_t *game = NULL;
    sg_misere_octal_t *m = NULL;
    uint64_t heaps[2] = {5, (uint64_t)1 << 31};
    sg_value_t v;
    sg_genus_t gs;
    int win;
    CHECK_EQ(sg_octal_parse("0.77", &game), SG_OK);
    CHECK_EQ(sg_misere_octal_create(NULL, game, 0, NULL), SG_EINVAL);
    CHECK_EQ(sg_misere_octal_create(&m, NULL, 0, NULL), SG_EINVAL);
    CHECK(m == NULL);
    sg_misere_octal_free(NULL);
    CHECK_EQ(sg_misere_octal_count(NULL), 0);
    CHECK_EQ(sg_misere_octal_bytes(NULL), 0);
    CHECK_EQ(sg_misere_octal_create(&m, game, 0, NULL), SG_OK);
    CHECK_EQ(sg_misere_octal_value(NULL, heaps, 1, &v), SG_EINVAL);
    CHECK_EQ(sg_misere_octal_value(m, NULL, 1, &v), SG_EINVAL);
    CHECK_EQ(sg_misere_octal_value(m, heaps, 1, NULL), SG_EINVAL);
    CHECK_EQ(sg_misere_octal_value(m, heaps, 2, &v), SG_ERANGE);
    CHECK_EQ(sg_misere_octal_value(m, NULL, 0, &v), SG_OK);
    CHECK_EQ(v, 1);   /* the empty sum: the player to move has won */
    CHECK_EQ(sg_misere_octal_outcome(m, heaps, 1, NULL), SG_EINVAL);
    CHECK_EQ(sg_misere_octal_table(m, NULL, 3), SG_EINVAL);
    CHECK_EQ(sg_misere_octal_genus(m, 3, NULL), SG_EINVAL);
    CHECK_EQ(sg_misere_octal_genus(NULL, 3, &gs), SG_EINVAL);
    CHECK_EQ(sg_misere_octal_genus(m, (uint64_t)1 << 31, &gs), SG_ERANGE);
    CHECK_EQ(sg_misere_octal_tame(m, 3, NULL), SG_EINVAL);
    sg_misere_octal_free(m);

    /* a cap: a large sum is refused; what was proven before still answers */
    CHECK_EQ(sg_misere_octal_create(&m, game, 64 * 1024, NULL), SG_OK);
    heaps[0] = 4;
    CHECK_EQ(sg_misere_octal_outcome(m, heaps, 1, &win), SG_OK);
    CHECK_EQ(win, 0);
    heaps[0] = 40;
    CHECK_EQ(sg_misere_octal_value(m, heaps, 1, &v), SG_ENOMEM);
    CHECK(sg_misere_octal_bytes(m) <= 64 * 1024);
    heaps[0] = 4;
    CHECK_EQ(sg_misere_octal_outcome(m, heaps, 1, &win), SG_OK);
    CHECK_EQ(win, 0);
    /* the room of the failed search is given back: heaps it had not reached still work */
    heaps[0] = 5;
    CHECK_EQ(sg_misere_octal_outcome(m, heaps, 1, &win), SG_OK);
    CHECK_EQ(win, 1);
    heaps[0] = 9;
    CHECK_EQ(sg_misere_octal_outcome(m, heaps, 1, &win), SG_OK);
    CHECK_EQ(win, 0);
    heaps[0] = 40;
    CHECK_EQ(sg_misere_octal_value(m, heaps, 1, &v), SG_ENOMEM);
    sg_misere_octal_free(m);

    /* every allocation failing in turn: SG_ENOMEM or the right answer, nothing leaked */
    CHECK(ac_each_failure(octal_attempt, game) > 5);
    sg_octal_free(game);
}

int main(void)
{
    RUN(test_octal_sums);
    RUN(test_octal_genus);
    RUN(test_genus_tame);
    RUN(test_published);
    RUN(test_misere_nim);
    RUN(test_octal_errors);
    return TEST_REPORT();
}
