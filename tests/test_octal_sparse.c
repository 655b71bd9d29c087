/* The sparse-space engine of take-and-break games (lib/games/octal/octal_sparse.c): its values
 * against a plain computation of tests/brute.h, for named and random codes with two-part
 * splits, run at every position it can take and with the automatic choice; the mask it chooses
 * against every mask of both types counted here; new masks as n doubles; the switch between the
 * sparse and the plain kernel; long runs resumed from checkpoints through sg_sequence_*. */
#include "test.h"
#include "brute.h"
#include "octal_run.h"

#include "../lib/common/cpu.h"
#include "../lib/games/octal/take_break.h"

#define BIG 100000u   /* 0.6 is compared to here */
#define LONG ((uint64_t)1 << 16)   /* whole sequences against the plain kernel */

static sg_value_t want[BIG], got[BIG], officers[BIG];   /* officers: 0.6 from the definition */

/* the engine in `mode`, called in uneven chunks; its statistics at the end */
static int run_engine(const char *code, sg_value_t *g, uint64_t count, int mode,
                      sg__octal_sparse_stats_t *stats)
{
    sg_octal_t *game = NULL;
    sg__octal_run_t run;
    int st;
    memset(stats, 0, sizeof *stats);
    if ((st = sg_octal_parse(code, &game)) != SG_OK) return st;
    sg__octal_run_init(&run, game);
    run.sparse_mode = mode;
    st = octal_run_chunks(&run, g, count);
    if (run.sparse != NULL) sg__octal_sparse_stats(run.sparse, stats);
    sg__octal_run_release(&run);
    sg_octal_free(game);
    return st;
}

static int same(const char *code, const char *how, uint64_t count)
{
    return octal_same(code, how, got, want, count);
}

static unsigned popcount(uint64_t x)
{
    unsigned c = 0;
    for (; x; x &= x - 1) c++;
    return c;
}

/* The rare positions of G(1 .. n-1) under (mask, domain): counted from the definition. */
static uint64_t count_rare(const char *code, const sg_value_t *g, uint64_t n, sg_value_t mask,
                           int domain)
{
    unsigned e = 0, i;
    uint64_t p, c = 0;
    for (i = 2; code[i]; i++)   /* the parity of a split digit's index */
        if (brute_digit(code[i]) & 4) e = (i - 1) & 1;
    if (brute_digit(code[0]) & 4) e = 0;
    for (p = 1; p < n; p++) {
        unsigned q = domain ? (unsigned)((p - e) & 1) ^ 1u : 1u;
        if ((popcount(g[p] & mask) & 1u) != q) c++;
    }
    return c;
}

/* 1 when every split digit's index has one parity (the domain type is allowed) */
static int one_parity(const char *code)
{
    int par = -1, i;
    if (brute_digit(code[0]) & 4) par = 0;
    for (i = 2; code[i]; i++)
        if (brute_digit(code[i]) & 4) {
            if (par >= 0 && par != ((i - 1) & 1)) return 0;
            par = (i - 1) & 1;
        }
    return 1;
}

/* The engine's mask has the fewest rare positions among all masks of both types (those it may
 * use) at its last choice, the largest power of two below count; it lists exactly the rare
 * positions of G(1 .. count-1) under it. Counted here by value: with (p - e) even, q(p) = 1 in
 * both types; with (p - e) odd, q(p) = 0 in the domain type. */
static uint64_t heven[1u << 16], hodd[1u << 16];

static void check_mask(const char *code, uint64_t count, const sg__octal_sparse_stats_t *s)
{
    uint64_t N0 = 1, range = 64, best = UINT64_MAX, mine, p, mask, v, e = 0;
    unsigned i;
    for (i = 2; code[i]; i++)
        if (brute_digit(code[i]) & 4) e = (i - 1) & 1;
    if (brute_digit(code[0]) & 4) e = 0;
    while (2 * N0 <= count - 1) N0 *= 2;
    for (p = 0; p < N0; p++)
        while (want[p] >= range) range *= 2;
    CHECK(range <= (1u << 16));
    if (range > (1u << 16)) return;
    memset(heven, 0, range * sizeof heven[0]);
    memset(hodd, 0, range * sizeof hodd[0]);
    for (p = 1; p < N0; p++) {
        if ((p - e) & 1) hodd[want[p]]++;
        else heven[want[p]]++;
    }
    for (mask = 1; mask < range; mask++) {
        uint64_t r = 0, d = 0;
        for (v = 0; v < range; v++) {
            unsigned par = popcount(v & mask) & 1u;
            r += par ? 0 : heven[v] + hodd[v];
            d += par ? hodd[v] : heven[v];
        }
        if (r < best) best = r;
        if (one_parity(code) && d < best) best = d;
    }
    CHECK(s->domain == 0 || one_parity(code));
    mine = count_rare(code, want, N0, s->mask, s->domain);
    if (mine != best)
        fprintf(stderr, "%s: mask %x has %llu rare, best %llu\n", code, (unsigned)s->mask,
                (unsigned long long)mine, (unsigned long long)best);
    CHECK_EQ(mine, best);
    CHECK_EQ(s->nrare, count_rare(code, want, count, s->mask, s->domain));
}

static const struct {
    const char *code;
    uint64_t count;
} named[] = {
    {"0.6", BIG},   /* Officers */
    {"0.007", 20000}, {"0.4", 8000}, {"0.04", 8000}, {"0.004", 8000}, {"4.07", 6000},
    {"4.6", 6000}, {"4.4", 6000}, {"4.04", 6000},
    {"0.44", 6000},     /* split digits of both parities: the range type only */
    {"0.404", 8000},    /* two split digits of one parity */
    {"0.144", 6000}, {"0.165", 20000}, {"0.137", 8000}, {"0.35", 8000}, {"0.26", 6000},
    {"0.446", 8000}, {"0.54", 6000}, {"0.16", 8000}, {"0.74", 8000},
    {"0.0404", 8000},   /* the domain type with a wide mask */
};

static int domain_seen, range_seen, changed;

static void test_named(void)
{
    size_t i;
    for (i = 0; i < sizeof named / sizeof named[0]; i++) {
        const char *code = named[i].code;
        uint64_t count = test_scale(named[i].count);
        sg__octal_sparse_stats_t s;
        sg_octal_t *g = NULL;
        if (count < 3000) count = 3000;
        if (i == 0) {
            brute_octal(code, officers, count);   /* also for the tests below */
            memcpy(want, officers, count * sizeof want[0]);
        } else {
            brute_octal(code, want, count);
        }
        /* the sparse engine at every position */
        memset(got, 0xff, count * sizeof got[0]);
        CHECK_EQ(run_engine(code, got, count, SG__OCTAL_SPARSE, &s), SG_OK);
        CHECK(same(code, "sparse", count));
        CHECK(s.off || s.steps + 1 == count);
        if (!s.off) {
            check_mask(code, count, &s);
            domain_seen += s.domain;
            range_seen += !s.domain;
            changed += s.changes > 0;
        }
        /* the automatic choice, through the public function */
        memset(got, 0xff, count * sizeof got[0]);
        CHECK_EQ(sg_octal_parse(code, &g), SG_OK);
        CHECK_EQ(sg_octal_table(g, got, count), SG_OK);
        CHECK(same(code, "table", count));
        sg_octal_free(g);
    }
    CHECK(domain_seen > 0);
    CHECK(range_seen > 0);
    CHECK(changed > 0);
}

/* Random codes of up to five digits with at least one two-part digit, d0 = 4 at times. */
static void test_random(void)
{
    int k, runs = (int)test_scale(48);
    for (k = 0; k < runs; k++) {
        char code[12];
        unsigned t = 1 + (unsigned)test_below(5), i, split = 0;
        uint64_t count = 1500 + test_below(2500);
        sg__octal_sparse_stats_t s;
        code[0] = test_below(6) == 0 ? '4' : '0';
        code[1] = '.';
        for (i = 1; i <= t; i++) {
            unsigned d = (unsigned)test_below(8);
            if (i == t && d == 0) d = 4;
            code[i + 1] = (char)('0' + d);
            split |= d & 4;
        }
        if (!split && code[0] != '4') code[t + 1] = (char)('0' + ((code[t + 1] - '0') | 4));
        code[t + 2] = '\0';
        brute_octal(code, want, count);
        memset(got, 0xff, count * sizeof got[0]);
        CHECK_EQ(run_engine(code, got, count, SG__OCTAL_SPARSE, &s), SG_OK);
        CHECK(same(code, "sparse", count));
        if (!s.off) check_mask(code, count, &s);
        memset(got, 0xff, count * sizeof got[0]);
        CHECK_EQ(run_engine(code, got, count, SG__OCTAL_AUTO, &s), SG_OK);
        CHECK(same(code, "auto", count));
    }
}

/* The automatic choice: Officers goes sparse (more and more as n grows); 0.137 has no sparse
 * space worth the name, so the plain kernel runs throughout; Treblecross (0.007) never goes
 * sparse for good (where the two-byte kernel has its AVX-512 pass, not at all), 0.127 goes sparse,
 * and without AVX2, 0.127 or 0.37 gives up steps whose tests cost too much (the portable search,
 * or AVX-512BW's alone). The values are right in every case. */
static void test_choice(void)
{
    sg__octal_sparse_stats_t s;
    uint64_t given_up;
    uint64_t count = test_scale(40000);
    unsigned f;
    if (count < 5000) count = 5000;
    CHECK_EQ(run_engine("0.6", got, count, SG__OCTAL_AUTO, &s), SG_OK);
    memcpy(want, officers, count * sizeof want[0]);
    CHECK(same("0.6", "auto", count));
    CHECK(count < 40000 || s.steps > (count - 4096) / 4);
    CHECK_EQ(run_engine("0.6", got, count, SG__OCTAL_PLAIN, &s), SG_OK);
    CHECK(same("0.6", "plain", count));
    CHECK_EQ(s.steps, 0);
    count = test_scale(20000);   /* the counts below need the full size */
    brute_octal("0.137", want, count);
    CHECK_EQ(run_engine("0.137", got, count, SG__OCTAL_AUTO, &s), SG_OK);
    CHECK(same("0.137", "auto", count));
    CHECK_EQ(s.steps, 0);
    brute_octal("0.007", want, count);
    CHECK_EQ(run_engine("0.007", got, count, SG__OCTAL_AUTO, &s), SG_OK);
    CHECK(same("0.007", "auto", count));
    CHECK(count < 20000 || s.steps < count - 4096 - 2048);
    brute_octal("0.127", want, count);
    CHECK_EQ(run_engine("0.127", got, count, SG__OCTAL_AUTO, &s), SG_OK);
    CHECK(same("0.127", "auto", count));
    CHECK(count < 20000 || s.steps > 0);
    given_up = s.given_up;
    brute_octal("0.37", want, count);
    CHECK_EQ(run_engine("0.37", got, count, SG__OCTAL_AUTO, &s), SG_OK);
    CHECK(same("0.37", "auto", count));
    /* which of the two gives steps up depends on the vector passes of the build: 0.127 with the
     * portable search; AVX2's one-pass search costs one split a split, and takes the values
     * that AVX-512BW's (up to 16 at once) leaves, and then neither gives a step up */
    f = sg__cpu_features();
    if (f & SG__CPU_HAS_AVX2)
        CHECK(given_up + s.given_up == 0 && (count < 20000 || s.steps > 0));
    else
        CHECK(count < 20000 || (s.steps > 0 && given_up + s.given_up > 0));
}

/* Long runs through sg_sequence_*: extended in uneven steps, saved and resumed at cuts before,
 * at and after the engine starts; the resumed engine is built again from the stored values. */
static void test_resume(void)
{
    uint64_t n = test_scale(60000), cuts[] = {0, 1000, 4096, 5000, 8193, 30000}, i;
    const char *build = getenv("BUILD");
    char path[512];
    sg_octal_t *g = NULL;
    if (n < 5000) n = 5000;
    snprintf(path, sizeof path, "%s/tests/test_octal_sparse.ckpt",
             build && *build ? build : "build");
    memcpy(want, officers, n * sizeof want[0]);
    CHECK_EQ(sg_octal_parse("0.6", &g), SG_OK);
    for (i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
        sg_sequence_t *s = NULL, *t = NULL;
        uint64_t cut = cuts[i] < n ? cuts[i] : n / 2;
        CHECK_EQ(sg_sequence_create_octal(&s, g), SG_OK);
        CHECK_EQ(sg_sequence_extend(s, cut / 3, NULL, NULL), SG_OK);
        CHECK_EQ(sg_sequence_extend(s, cut, NULL, NULL), SG_OK);
        CHECK_EQ(sg_sequence_save(s, path), SG_OK);
        sg_sequence_free(s);
        CHECK_EQ(sg_sequence_load_octal(&t, path, g), SG_OK);
        CHECK_EQ(sg_sequence_extend(t, cut + (n - cut) / 2, NULL, NULL), SG_OK);
        CHECK_EQ(sg_sequence_extend(t, n, NULL, NULL), SG_OK);
        memset(got, 0xff, n * sizeof got[0]);
        CHECK_EQ(sg_sequence_read(t, 0, got, n), SG_OK);
        CHECK(same("0.6", "resumed", n));
        sg_sequence_free(t);
    }
    sg_octal_free(g);
    remove(path);
}

/* FNV-1a over the values */
static uint64_t hash_values(const sg_value_t *g, uint64_t count)
{
    uint64_t h = 14695981039346656037u, n;
    for (n = 0; n < count; n++) h = (h ^ g[n]) * 1099511628211u;
    return h;
}

/* Whole sequences to 2^16: the automatic choice against the plain kernel alone, for codes with
 * and without a sparse space (the plain kernel is itself checked against the definition above
 * and in test_octal.c); most of them take sparse steps on the way. */
static void test_long_against_plain(void)
{
    static const char *codes[] = {"0.6", "0.165", "0.4", "0.404", "4.6", "0.16", "0.137",
                                  "0.35", "0.74"};
    uint64_t count = test_scale(LONG);   /* 6 of the 9 take sparse steps by then */
    size_t i, sparse = 0;
    for (i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        sg__octal_sparse_stats_t s;
        uint64_t h;
        CHECK_EQ(run_engine(codes[i], want, count, SG__OCTAL_PLAIN, &s), SG_OK);
        h = hash_values(want, count);
        memset(got, 0xff, count * sizeof got[0]);
        CHECK_EQ(run_engine(codes[i], got, count, SG__OCTAL_AUTO, &s), SG_OK);
        CHECK(same(codes[i], "auto, long", count));
        CHECK_EQ(hash_values(got, count), h);
        sparse += s.steps > count / 4;
    }
    CHECK(count < LONG || sparse >= 4);   /* quick runs stop before the engine pays */
}

int main(void)
{
    RUN(test_named);
    RUN(test_random);
    RUN(test_choice);
    RUN(test_resume);
    RUN(test_long_against_plain);
    return TEST_REPORT();
}
