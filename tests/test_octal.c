/* Octal and hexadecimal take-and-break codes: parsing, formatting, and sg_octal_table against
 * the generic callback engine (the rule written from the digit definition) and a plain brute
 * force, plus published sequences. */
#include "sg.h"
#include "test.h"
#include "simd.h"

/* the value engine itself, for test_engine_changes_paths */
#include "../lib/games/octal/take_break.h"

/* ---- the rule, written plainly from the definition of the digits ------------------------- */

typedef struct {
    unsigned char d[72];   /* d[0..nd) */
    unsigned nd;
} code_t;

/* Removing i tokens from a heap of n: bit 1, the heap had exactly i and nothing is left; bit 2,
 * one non-empty heap is left; bit 4, two; bit 8, three (every order of the parts is listed). */
static int octal_rule(void *user, uint64_t n, sg_moves_t *out)
{
    const code_t *c = (const code_t *)user;
    uint64_t i, a, b, parts[3];
    for (i = 0; i < c->nd && i <= n; i++) {
        unsigned d = c->d[i];
        if ((d & 1) && n == i) sg_move_to_sum(out, NULL, 0);
        if ((d & 2) && n > i) sg_move_to(out, n - i);
        if (d & 4)
            for (a = 1; a + 1 <= n - i; a++) {
                parts[0] = a;
                parts[1] = n - i - a;
                sg_move_to_sum(out, parts, 2);
            }
        if (d & 8)
            for (a = 1; a + 2 <= n - i; a++)
                for (b = 1; a + b + 1 <= n - i; b++) {
                    parts[0] = a;
                    parts[1] = b;
                    parts[2] = n - i - a - b;
                    sg_move_to_sum(out, parts, 3);
                }
    }
    return 0;
}

/* G(n) from G(0 .. n-1) by the definition, for codes with at most two parts (no bit 8): every
 * option marked in seen (size entries, above every option), then the least unmarked. */
static sg_value_t brute_value(const code_t *c, const sg_value_t *G, uint64_t n,
                              unsigned char *seen, size_t size)
{
    uint64_t i, a;
    sg_value_t v = 0;
    memset(seen, 0, size);
    for (i = 0; i < c->nd && i <= n; i++) {
        if ((c->d[i] & 1) && n == i) seen[0] = 1;
        if ((c->d[i] & 2) && n > i) seen[G[n - i]] = 1;
        if (c->d[i] & 4)
            for (a = 1; a + 1 <= n - i; a++) seen[G[a] ^ G[n - i - a]] = 1;
    }
    while (seen[v]) v++;
    return v;
}

/* A plain O(n^2) brute force for codes with at most two parts. */
static void brute_table(const code_t *c, sg_value_t *G, uint64_t count)
{
    static unsigned char seen[1 << 16];
    uint64_t n;
    for (n = 0; n < count; n++) G[n] = brute_value(c, G, n, seen, sizeof seen);
}

static void code_of(const char *digits, code_t *c)
{
    const char *p = strchr(digits, '.');
    unsigned k = 0;
    memset(c, 0, sizeof *c);
    c->d[0] = (unsigned char)(p == digits ? 0 : digits[0] - '0');
    for (p++; *p; p++) {
        int v = (*p >= '0' && *p <= '9') ? *p - '0' : (*p | 32) - 'a' + 10;
        c->d[++k] = (unsigned char)v;
    }
    c->nd = k + 1;
}

/* A random code: up to maxdig digits after the dot, octal or hexadecimal, d0 = 0 or 4. */
static void random_code(char *buf, int hex, unsigned maxdig)
{
    static const char digits[] = "0123456789abcdef";
    unsigned nd = 1 + (unsigned)test_below(maxdig), i;
    size_t len = 0;
    buf[len++] = test_below(4) == 0 ? '4' : (test_below(2) ? '0' : '\0');
    if (buf[0] == '\0') len = 0;
    buf[len++] = '.';
    for (i = 0; i < nd; i++) {
        unsigned v = (unsigned)test_below(hex ? 16 : 8);
        if (test_below(3) == 0) v = 0;   /* sparse codes too */
        buf[len++] = digits[v];
    }
    buf[len] = '\0';
}

/* ---- parsing and formatting ------------------------------------------------------------- */

static void expect_format(const char *code, const char *canonical)
{
    sg_octal_t *g = NULL;
    char buf[80];
    CHECK_EQ(sg_octal_parse(code, &g), SG_OK);
    CHECK(g != NULL);
    if (g == NULL) return;
    CHECK_EQ(sg_octal_format(g, buf, sizeof buf), SG_OK);
    if (strcmp(buf, canonical) != 0) {
        fprintf(stderr, "format(parse(\"%s\")) = \"%s\", expected \"%s\"\n", code, buf, canonical);
        CHECK(0);
    }
    sg_octal_free(g);
}

static void test_parse_spellings(void)
{
    char buf[80];
    expect_format("0.07", "0.07");
    expect_format(".07", "0.07");
    expect_format("0.070", "0.07");
    expect_format("0.0700000", "0.07");
    expect_format(".137", "0.137");
    expect_format("4.07", "4.07");
    expect_format("0.F", "0.f");
    expect_format("0.AbCdEf", "0.abcdef");
    expect_format("0.0", "0.0");
    expect_format(".0", "0.0");
    expect_format("4.0", "4.0");
    expect_format("4.00", "4.0");
    expect_format("0.6", "0.6");
    expect_format("0.8", "0.8");
    /* 64 digits is the most; the last may be the only non-zero one */
    memset(buf, '0', sizeof buf);
    buf[0] = '0';
    buf[1] = '.';
    buf[65] = '7';
    buf[66] = '\0';
    expect_format(buf, buf);
}

static void expect_bad(const char *code, size_t offset)
{
    sg_octal_t *g = (sg_octal_t *)&g;
    size_t off = 999;
    const char *msg = NULL;
    CHECK_EQ(sg_octal_parse_ex(code, &g, &off, &msg), SG_EINVAL);
    CHECK(g == NULL);
    CHECK(msg != NULL && msg[0] != '\0');
    if (off != offset) {
        fprintf(stderr, "\"%s\": error offset %lu, expected %lu (%s)\n", code,
                (unsigned long)off, (unsigned long)offset, msg ? msg : "");
        CHECK(0);
    }
    g = (sg_octal_t *)&g;
    CHECK_EQ(sg_octal_parse(code, &g), SG_EINVAL);
    CHECK(g == NULL);
    CHECK_EQ(sg_octal_parse_ex(code, &g, NULL, NULL), SG_EINVAL);
}

static void test_parse_malformed(void)
{
    char buf[80];
    sg_octal_t *g = NULL;
    size_t off = 7;
    const char *msg = NULL;
    expect_bad("", 0);            /* empty */
    expect_bad("0", 1);           /* no dot */
    expect_bad("007", 1);         /* more than d0 before the dot */
    expect_bad("00.07", 1);
    expect_bad("1.07", 0);        /* d0 other than 0 or 4 */
    expect_bad("2.07", 0);
    expect_bad("8.07", 0);
    expect_bad("f.07", 0);
    expect_bad("x.07", 0);        /* bad characters */
    expect_bad(" 0.07", 0);
    expect_bad("0.07 ", 4);
    expect_bad("-0.07", 0);
    expect_bad("0,07", 1);
    expect_bad("0.0g7", 3);
    expect_bad("0.07\n", 4);
    expect_bad("0.", 2);          /* no digit after the dot */
    expect_bad(".", 1);
    expect_bad("4.", 2);
    expect_bad("0.07.", 4);       /* a second dot */
    expect_bad("0..7", 2);
    memset(buf, '1', sizeof buf); /* 65 digits */
    buf[0] = '0';
    buf[1] = '.';
    buf[67] = '\0';
    expect_bad(buf, 66);
    /* NULL arguments */
    CHECK_EQ(sg_octal_parse(NULL, &g), SG_EINVAL);
    CHECK_EQ(sg_octal_parse("0.07", NULL), SG_EINVAL);
    CHECK_EQ(sg_octal_parse_ex(NULL, &g, &off, &msg), SG_EINVAL);
    CHECK(msg != NULL);
    /* success clears the error outputs */
    CHECK_EQ(sg_octal_parse_ex("0.07", &g, &off, &msg), SG_OK);
    CHECK_EQ(off, 0);
    CHECK(msg != NULL && msg[0] == '\0');
    sg_octal_free(g);
    sg_octal_free(NULL);
}

static void test_format(void)
{
    sg_octal_t *g = NULL;
    char buf[8];
    CHECK_EQ(sg_octal_parse("4.0137", &g), SG_OK);
    CHECK_EQ(sg_octal_format(g, buf, 7), SG_OK);
    CHECK(strcmp(buf, "4.0137") == 0);
    memset(buf, 'x', sizeof buf);
    CHECK_EQ(sg_octal_format(g, buf, 6), SG_ERANGE);   /* no room for the NUL */
    CHECK(strcmp(buf, "4.013") == 0);
    CHECK_EQ(sg_octal_format(g, buf, 1), SG_ERANGE);
    CHECK(buf[0] == '\0');
    CHECK_EQ(sg_octal_format(g, NULL, 0), SG_ERANGE);
    CHECK_EQ(sg_octal_format(g, NULL, 5), SG_EINVAL);
    CHECK_EQ(sg_octal_format(NULL, buf, sizeof buf), SG_EINVAL);
    sg_octal_free(g);
}

static void test_format_round_trip(void)
{
    int k;
    for (k = 0; k < 500; k++) {
        char code[80], out[80], out2[80];
        sg_octal_t *g = NULL, *h = NULL;
        code_t a, b;
        random_code(code, k & 1, 20);
        CHECK_EQ(sg_octal_parse(code, &g), SG_OK);
        CHECK_EQ(sg_octal_format(g, out, sizeof out), SG_OK);
        CHECK_EQ(sg_octal_parse(out, &h), SG_OK);
        CHECK_EQ(sg_octal_format(h, out2, sizeof out2), SG_OK);
        CHECK(strcmp(out, out2) == 0);
        /* the canonical code is the same game: same digits, no trailing zero */
        code_of(code, &a);
        code_of(out, &b);
        while (a.nd > 1 && a.d[a.nd - 1] == 0) a.nd--;
        CHECK(b.nd == 2 || b.d[b.nd - 1] != 0);   /* "0.0" / "4.0" when no digit is set */
        while (b.nd > 1 && b.d[b.nd - 1] == 0) b.nd--;
        CHECK_EQ(a.nd, b.nd);
        CHECK(memcmp(a.d, b.d, sizeof a.d) == 0);
        sg_octal_free(g);
        sg_octal_free(h);
    }
}

static void test_max_parts(void)
{
    static const struct { const char *code; int parts; } cases[] = {
        {"0.0", 0}, {"0.1", 0}, {"0.31", 1}, {"0.03", 1}, {"0.07", 2}, {"0.4", 2},
        {"4.0", 2}, {"4.1", 2}, {"0.8", 3}, {"0.137", 2}, {"0.00f", 3}, {"0.3", 1},
    };
    size_t k;
    for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        sg_octal_t *g = NULL;
        CHECK_EQ(sg_octal_parse(cases[k].code, &g), SG_OK);
        CHECK_EQ(sg_octal_max_parts(g), cases[k].parts);
        sg_octal_free(g);
    }
    CHECK_EQ(sg_octal_max_parts(NULL), -1);
}

/* ---- values ------------------------------------------------------------------------------ */

/* sg_octal_table(code) == the generic engine on the plain rule, for count values. */
static int same_as_engine(const char *code, uint64_t count)
{
    sg_octal_t *g = NULL;
    code_t c;
    sg_value_t *a = (sg_value_t *)malloc(count * sizeof *a);
    sg_value_t *b = (sg_value_t *)malloc(count * sizeof *b);
    int ok = 0;
    code_of(code, &c);
    if (a && b && sg_octal_parse(code, &g) == SG_OK && sg_octal_table(g, a, count) == SG_OK &&
        sg_table_build(b, count, octal_rule, &c) == SG_OK)
        ok = memcmp(a, b, count * sizeof *a) == 0;
    if (!ok) fprintf(stderr, "code %s: sg_octal_table differs from the rule\n", code);
    sg_octal_free(g);
    free(a);
    free(b);
    return ok;
}

static void test_random_octal_vs_engine(void)
{
    int k;
    for (k = 0; k < 300; k++) {
        char code[80];
        random_code(code, 0, k < 200 ? 4 : 9);
        CHECK(same_as_engine(code, 150));
    }
}

static void test_random_hex_vs_engine(void)
{
    int k;
    for (k = 0; k < 200; k++) {
        char code[80];
        random_code(code, 1, 5);
        CHECK(same_as_engine(code, 70));
    }
    CHECK(same_as_engine("0.8", 250));   /* values pass 64: both three-part paths */
    CHECK(same_as_engine("0.9", 200));
    CHECK(same_as_engine("4.f", 100));
    CHECK(same_as_engine("0.0008", 100));
}

/* Longer runs, where the period is proven and the table is filled by copying. */
static void test_long_vs_brute(void)
{
    static const char *fixed[] = {"0.07", "0.77", "0.137", "4.07", "0.6", "0.51", "0.4", "4.0"};
    enum { N = 3000 };
    sg_value_t *a = (sg_value_t *)malloc(N * sizeof *a), *b = (sg_value_t *)malloc(N * sizeof *b);
    int k;
    CHECK(a && b);
    for (k = 0; a && b && k < 48; k++) {
        char code[80];
        sg_octal_t *g = NULL;
        code_t c;
        uint64_t count = N - (uint64_t)test_below(200);
        if (k < 8) strcpy(code, fixed[k]);
        else random_code(code, 0, 4);
        code_of(code, &c);
        brute_table(&c, b, count);
        CHECK_EQ(sg_octal_parse(code, &g), SG_OK);
        CHECK_EQ(sg_octal_table(g, a, count), SG_OK);
        if (memcmp(a, b, count * sizeof *a) != 0) {
            fprintf(stderr, "code %s: differs from the brute force\n", code);
            CHECK(0);
        }
        sg_octal_free(g);
    }
    free(a);
    free(b);
}

/* Values of 256 and more (0.74 first reaches 256 at n = 4757): the engine changes paths. */
static void test_large_values(void)
{
    enum { N = 6000 };
    sg_value_t *a = (sg_value_t *)malloc(N * sizeof *a), *b = (sg_value_t *)malloc(N * sizeof *b);
    sg_octal_t *g = NULL;
    code_t c;
    uint64_t n;
    sg_value_t mx = 0;
    CHECK(a && b);
    if (a == NULL || b == NULL) return;
    code_of("0.74", &c);
    brute_table(&c, b, N);
    for (n = 0; n < N; n++) mx = b[n] > mx ? b[n] : mx;
    CHECK(mx >= 256);
    CHECK_EQ(sg_octal_parse("0.74", &g), SG_OK);
    CHECK_EQ(sg_octal_table(g, a, N), SG_OK);
    CHECK(memcmp(a, b, N * sizeof *a) == 0);
    sg_octal_free(g);
    free(a);
    free(b);
}

/* Values in two bytes: Treblecross (0.007) and random codes with values of 256 and more,
 * against the brute force, the whole sequence compared; then every prefix agrees. (Under
 * valgrind 0.6427, which reaches 256 sooner, and fewer random codes.) */
static void test_two_byte_values(void)
{
    enum { N = 12000 };
    sg_value_t *a = (sg_value_t *)malloc(N * sizeof *a), *b = (sg_value_t *)malloc(N * sizeof *b);
    int k, wide = 0, quick = test_scale(16) != 16, codes = quick ? 2 : 8;
    CHECK(a && b);
    for (k = 0; a && b && k < 300 && wide < codes; k++) {   /* until enough reached 256 */
        char code[80];
        sg_octal_t *g = NULL;
        code_t c;
        uint64_t count = k > 0 || quick ? 3500 : N, n, cut;
        sg_value_t mx = 0;
        if (k == 0) strcpy(code, quick ? "0.6427" : "0.007");
        else random_code(code, 0, 4);
        if (k > 0 && strlen(code) < 5) continue;   /* (short codes stay small) */
        code_of(code, &c);
        CHECK_EQ(sg_octal_parse(code, &g), SG_OK);
        if (sg_octal_max_parts(g) == 3) {   /* the brute force takes two parts */
            sg_octal_free(g);
            continue;
        }
        brute_table(&c, b, count);
        for (n = 0; n < count; n++) mx = b[n] > mx ? b[n] : mx;
        if (k == 0) CHECK(mx >= 256);
        wide += mx >= 256;
        CHECK_EQ(sg_octal_table(g, a, count), SG_OK);
        if (memcmp(a, b, count * sizeof *a) != 0) {
            fprintf(stderr, "code %s: differs from the brute force (values to %u)\n", code, mx);
            CHECK(0);
        }
        for (cut = 1; mx >= 256 && cut < count; cut += cut / 2 + 1) {
            CHECK_EQ(sg_octal_table(g, a, cut), SG_OK);
            CHECK(memcmp(a, b, cut * sizeof *a) == 0);
        }
        sg_octal_free(g);
    }
    CHECK(wide >= codes);   /* the random codes reached two bytes too */
    free(a);
    free(b);
}

/* The engine changes paths as values grow: one byte, two bytes, then four (a value of 65536).
 * No code of a test's size gets that far, so the engine takes over a made-up prefix (it only
 * ever reads values already computed): G(k) = k up to 65535, then zeros, so that the splits of
 * 0.007 at n = 131075 give every value below 65536. Then it must agree with the definition,
 * from resumes before, at and after each change. */
static void test_engine_changes_paths(void)
{
    enum { K = 65536, N0 = 131075, MORE = 6 };
    static unsigned char seen[1 << 18];
    sg_value_t *G = (sg_value_t *)malloc((N0 + MORE) * sizeof *G);
    sg_value_t *B = (sg_value_t *)malloc((N0 + MORE) * sizeof *B);
    static const uint64_t from[] = {300, 5000, K - 1, K + 100, N0, N0 + 1, N0 + 3};
    sg_octal_t *g = NULL;
    sg__vals_t held = {NULL, NULL, NULL}, own;
    code_t c;
    uint64_t n;
    size_t i;
    CHECK(G && B);
    if (G == NULL || B == NULL) return;
    code_of("0.007", &c);
    CHECK_EQ(sg_octal_parse("0.007", &g), SG_OK);
    for (n = 0; n < N0; n++) B[n] = n < K ? (sg_value_t)n : 0;
    for (n = N0; n < N0 + MORE; n++) B[n] = brute_value(&c, B, n, seen, sizeof seen);
    CHECK_EQ(B[N0], K);   /* the value that no longer fits two bytes */
    for (i = 0; i < sizeof from / sizeof from[0]; i++) {
        /* from 300 and 5000 the values are those of the rule from there, not the prefix */
        uint64_t start = from[i], end = start < N0 ? start + MORE : N0 + MORE;
        sg__octal_run_t run;
        memcpy(G, B, (size_t)start * sizeof *G);
        if (start < N0)
            for (n = start; n < end; n++) B[n] = brute_value(&c, B, n, seen, sizeof seen);
        sg__octal_run_init(&run, g);
        held.g32 = G;
        CHECK_EQ(sg__octal_run_resume(&run, &held, start, 0), SG_OK);
        CHECK_EQ(sg__octal_run(&run, G, end), SG_OK);
        CHECK(memcmp(G, B, (size_t)end * sizeof *G) == 0);
        sg__octal_run_release(&run);
        /* an owner that keeps no values: the engine's own, through the widths */
        sg__octal_run_init(&run, g);
        CHECK_EQ(sg__octal_run_resume(&run, &held, start, 1), SG_OK);
        CHECK_EQ(sg__octal_run(&run, NULL, end), SG_OK);
        sg__octal_run_vals(&run, &own);
        for (n = 0; n < end && sg__vals_at(&own, n) == B[n]; n++)
            ;
        CHECK_EQ(n, end);
        sg__octal_run_release(&run);
        for (n = start; n < N0 && n < end; n++) B[n] = n < K ? (sg_value_t)n : 0;
    }
    sg_octal_free(g);
    free(G);
    free(B);
}

static void test_prefixes_agree(void)
{
    /* every count gives a prefix of the same sequence (the copy must not depend on count) */
    sg_octal_t *g = NULL;
    sg_value_t big[5000], small[5000];
    uint64_t count;
    CHECK_EQ(sg_octal_parse("0.156", &g), SG_OK);
    CHECK_EQ(sg_octal_table(g, big, 5000), SG_OK);
    for (count = 0; count < 5000; count += 1 + count / 3) {
        CHECK_EQ(sg_octal_table(g, small, count), SG_OK);
        CHECK(memcmp(small, big, (size_t)count * sizeof *big) == 0);
    }
    CHECK_EQ(sg_octal_table(g, NULL, 0), SG_OK);
    CHECK_EQ(sg_octal_table(g, NULL, 1), SG_EINVAL);
    CHECK_EQ(sg_octal_table(NULL, big, 1), SG_EINVAL);
    sg_octal_free(g);
}

static void expect_sequence(const char *code, uint64_t shift, const sg_value_t *seq, size_t len)
{
    sg_octal_t *g = NULL;
    sg_value_t t[200];
    size_t k;
    CHECK(len + shift <= 200);
    CHECK_EQ(sg_octal_parse(code, &g), SG_OK);
    CHECK_EQ(sg_octal_table(g, t, len + shift), SG_OK);
    for (k = 0; k < len; k++) CHECK_EQ(t[k + shift], seq[k]);
    sg_octal_free(g);
}

/* OEIS A002186 (Kayles, 0.77; Winning Ways p. 91), offset 0. */
static const sg_value_t kayles[] = {
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7,
    2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1,
    2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1,
    8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1};

/* OEIS A002187 (Dawson's chess, 0.137; Winning Ways pp. 89, 102), offset 0. Dawson's Kayles
 * 0.07 has the same values one heap size later: G_07(n + 1) = a(n). */
static const sg_value_t dawson[] = {
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5,
    2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
    0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0,
    2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1,
    1, 3, 0, 2, 1, 1, 0, 4};

static void test_published_sequences(void)
{
    sg_value_t zero = 0;
    expect_sequence("0.77", 0, kayles, sizeof kayles / sizeof kayles[0]);
    expect_sequence("0.771", 0, kayles, sizeof kayles / sizeof kayles[0]);
    expect_sequence("4.6", 1, kayles, sizeof kayles / sizeof kayles[0]);   /* a(n-1) */
    expect_sequence("0.137", 0, dawson, sizeof dawson / sizeof dawson[0]);
    expect_sequence("0.07", 1, dawson, sizeof dawson / sizeof dawson[0]);
    expect_sequence("0.07", 0, &zero, 1);
    expect_sequence("0.4", 2, dawson, sizeof dawson / sizeof dawson[0]);   /* a(n-2) */
}

static void test_nim_and_trivial(void)
{
    /* 0.333...3 (k digits): subtraction game {1..k}, G(n) = n mod (k+1); 0.0: all zero */
    sg_octal_t *g = NULL;
    sg_value_t t[500];
    uint64_t n;
    CHECK_EQ(sg_octal_parse("0.333", &g), SG_OK);
    CHECK_EQ(sg_octal_table(g, t, 500), SG_OK);
    for (n = 0; n < 500; n++) CHECK_EQ(t[n], n % 4);
    sg_octal_free(g);
    CHECK_EQ(sg_octal_parse("0.0", &g), SG_OK);
    CHECK_EQ(sg_octal_table(g, t, 500), SG_OK);
    for (n = 0; n < 500; n++) CHECK_EQ(t[n], 0);
    sg_octal_free(g);
}

int main(void)
{
    RUN(test_parse_spellings);
    RUN(test_parse_malformed);
    RUN(test_format);
    RUN(test_format_round_trip);
    RUN(test_max_parts);
    RUN(test_random_octal_vs_engine);
    RUN(test_random_hex_vs_engine);
    RUN(test_long_vs_brute);
    RUN(test_large_values);
    RUN(test_two_byte_values);
    RUN(test_engine_changes_paths);
    RUN(test_prefixes_agree);
    RUN(test_published_sequences);
    RUN(test_nim_and_trivial);
    test_simd_report(TEST_SIMD_OCTAL);
    return TEST_REPORT();
}
