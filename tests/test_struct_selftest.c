/* sg_struct_selftest: honest rules of the random games of test_struct_game.h pass in every mode;
 * each kind of lie is found, at the first sample that shows it as the test's own brute force
 * says; samples too large for the brute force are counted as skipped. */
#include "test_struct_game.h"

#define NSAMPLES 60

static unsigned char samples[NSAMPLES][8];
static const unsigned char *sample_ptr[NSAMPLES];
static size_t sample_len[NSAMPLES];

static void make_samples(unsigned seed)
{
    size_t i;
    sgt_rng = seed;
    for (i = 0; i < NSAMPLES; i++) {
        sample_len[i] = sgt_position(samples[i]);
        sample_ptr[i] = samples[i];
    }
}

typedef struct {
    sgt_game_t g;
    int lie;
    long calls;
} lying_t;

enum { L_NONE, L_UNSTABLE, L_IDEMPOTENT, L_CANONICAL, L_SPLIT, L_SELF, L_SINK };

static int l_options(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    lying_t *l = (lying_t *)user;
    int st = sgt_options(&l->g, pos, len, out);
    l->calls++;
    if (l->lie == L_UNSTABLE && len >= 2 && l->calls % 2) sg_parts_end(out);   /* a 0 more */
    if (l->lie == L_SELF && len == 2) sg_parts_add(out, pos, len), sg_parts_end(out);
    if (l->lie == L_SINK && len == 3) sg_parts_add(out, pos, 1);
    return st;
}

static int l_split(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    lying_t *l = (lying_t *)user;
    size_t i;
    for (i = 0; i < len; i++)
        if (!(l->lie == L_SPLIT && i + 1 == len && len >= 2)) sg_parts_add(out, pos + i, 1);
    return 0;
}

static int l_canonical(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    lying_t *l = (lying_t *)user;
    unsigned char c[SG_MAXLEN];
    size_t i, j;
    memcpy(c, pos, len);
    for (i = 1; i < len; i++)
        for (j = i; j > 0 && c[j - 1] > c[j]; j--) {
            unsigned char t = c[j];
            c[j] = c[j - 1];
            c[j - 1] = t;
        }
    if (l->lie == L_IDEMPOTENT) {   /* reversed, not sorted: applied twice, it undoes itself */
        for (i = 0; i < len; i++) c[i] = pos[len - 1 - i];
    }
    if (l->lie == L_CANONICAL)
        for (i = 0; i < len; i++) c[i] = (unsigned char)(c[i] > 3 ? 3 : c[i]);
    return sg_parts_add(out, c, len);
}

static sg_struct_rules_t l_rules(void)
{
    sg_struct_rules_t r = {l_options, l_split, l_canonical};
    return r;
}

/* sorted copy of a sample with tokens above 3 lowered to 3 (the L_CANONICAL lie) */
static size_t lowered(const unsigned char *p, size_t n, unsigned char *c)
{
    size_t i, j;
    for (i = 0; i < n; i++) c[i] = (unsigned char)(p[i] > 3 ? 3 : p[i]);
    for (i = 1; i < n; i++)
        for (j = i; j > 0 && c[j - 1] > c[j]; j--) {
            unsigned char t = c[j];
            c[j] = c[j - 1];
            c[j - 1] = t;
        }
    return n;
}

/* The first sample the test's brute force says shows `lie`, and how many do; SIZE_MAX: none. */
static size_t expected_first(lying_t *l, int lie, uint64_t *count)
{
    size_t i, first = SIZE_MAX;
    *count = 0;
    for (i = 0; i < NSAMPLES; i++) {
        const unsigned char *p = samples[i];
        size_t n = sample_len[i], k;
        unsigned char c[8];
        int shows = 0;
        sg_value_t x = 0;
        switch (lie) {
        case L_UNSTABLE:
            shows = n >= 2;
            break;
        case L_IDEMPOTENT:   /* not a palindrome */
            for (k = 0; k < n && !shows; k++) shows = p[k] != p[n - 1 - k];
            break;
        case L_CANONICAL:
            shows = sgt_brute(&l->g, c, lowered(p, n, c)) != sgt_brute(&l->g, p, n);
            break;
        case L_SPLIT:
            for (k = 0; k + 1 < n; k++) x ^= sgt_brute(&l->g, p + k, 1);
            shows = n >= 2 && x != sgt_brute(&l->g, p, n);
            break;
        case L_SELF:
            shows = n == 2;
            break;
        case L_SINK:
            shows = n == 3;
            break;
        }
        if (shows && (*count)++ == 0) first = i;
    }
    return first;
}

static const int kind_of[] = {-1, SG_LIE_UNSTABLE, SG_LIE_IDEMPOTENT, SG_LIE_CANONICAL,
                              SG_LIE_SPLIT, SG_LIE_SELF, SG_LIE_SINK};

/* Proves: honest rules, in every mode, report no lie, and every sample is checked by brute
 * force when the limit allows it. */
static void honest_rules_pass(void)
{
    unsigned seed, mode, kind;
    for (seed = 0; seed < 20; seed++) {
        sgt_game_t g;
        sgt_make(&g, seed + 300);
        make_samples(seed);
        for (mode = 0; mode < 12; mode++) {
            sg_selftest_report_t r;
            sg_struct_rules_t rules;
            g.split = (int)(mode % 3);
            g.canonical = (int)(mode / 3 % 2);
            g.parts = (int)(mode / 6);
            rules = sgt_rules(&g);
            CHECK_EQ(sg_struct_selftest(&rules, &g, sample_ptr, sample_len, NSAMPLES, 100000,
                                        &r),
                     SG_OK);
            for (kind = 0; kind < SG_LIE_KINDS; kind++) {
                CHECK_EQ(r.lies[kind], 0);
                CHECK_EQ(r.first[kind], SIZE_MAX);
            }
            CHECK_EQ(r.samples, NSAMPLES);
            CHECK_EQ(r.brute, NSAMPLES);
            CHECK_EQ(r.skipped, 0);
        }
    }
}

/* Proves: each lie is reported, as often and first where the test's brute force says. */
static void lies_are_found(void)
{
    unsigned seed;
    int lie;
    for (seed = 0; seed < 20; seed++) {
        for (lie = L_UNSTABLE; lie <= L_SINK; lie++) {
            lying_t l;
            sg_selftest_report_t r;
            sg_struct_rules_t rules = l_rules();
            uint64_t count;
            size_t first;
            int kind;
            memset(&l, 0, sizeof l);
            sgt_make(&l.g, seed + 500);
            sgt_forget();
            l.lie = lie;
            make_samples(seed * 3 + 1);
            first = expected_first(&l, lie, &count);
            CHECK_EQ(sg_struct_selftest(&rules, &l, sample_ptr, sample_len, NSAMPLES, 100000,
                                        &r),
                     SG_OK);
            CHECK_EQ(r.lies[kind_of[lie]], count);
            CHECK_EQ(r.first[kind_of[lie]], first);
            for (kind = 0; kind < SG_LIE_KINDS; kind++)
                if (kind != kind_of[lie] && lie != L_SELF && lie != L_SINK &&
                    !(lie == L_CANONICAL && kind == SG_LIE_SELF))
                    CHECK_EQ(r.lies[kind], 0);
        }
    }
}

/* Proves: samples that reach more positions than the limit are skipped, not judged; brute_limit
 * 0 skips every value check; bad arguments get SG_EINVAL. */
static void limits_and_arguments(void)
{
    sgt_game_t g;
    sg_selftest_report_t r;
    sg_struct_rules_t rules;
    const unsigned char *big[1];
    size_t n[1] = {3};
    static const unsigned char three[3] = {6, 6, 6};
    sgt_make(&g, 42);
    g.split = 1;
    g.canonical = 1;
    rules = sgt_rules(&g);
    big[0] = three;
    CHECK_EQ(sg_struct_selftest(&rules, &g, big, n, 1, 2, &r), SG_OK);
    CHECK_EQ(r.skipped, 1);
    CHECK_EQ(r.brute, 0);
    CHECK_EQ(sg_struct_selftest(&rules, &g, big, n, 1, 0, &r), SG_OK);
    CHECK_EQ(r.skipped, 1);
    CHECK_EQ(sg_struct_selftest(&rules, &g, big, n, 1, 1000000, &r), SG_OK);
    CHECK_EQ(r.brute, 1);
    CHECK_EQ(sg_struct_selftest(NULL, &g, big, n, 1, 10, &r), SG_EINVAL);
    CHECK_EQ(sg_struct_selftest(&rules, &g, NULL, n, 1, 10, &r), SG_EINVAL);
    CHECK_EQ(sg_struct_selftest(&rules, &g, big, NULL, 1, 10, &r), SG_EINVAL);
    CHECK_EQ(sg_struct_selftest(&rules, &g, big, n, 1, 10, NULL), SG_EINVAL);
    big[0] = NULL;
    CHECK_EQ(sg_struct_selftest(&rules, &g, big, n, 1, 10, &r), SG_EINVAL);
    n[0] = 0;
    CHECK_EQ(sg_struct_selftest(&rules, &g, big, n, 1, 10, &r), SG_OK);
    CHECK_EQ(sg_struct_selftest(&rules, &g, NULL, NULL, 0, 10, &r), SG_OK);
    CHECK_EQ(r.samples, 0);
}

int main(void)
{
    RUN(honest_rules_pass);
    RUN(lies_are_found);
    RUN(limits_and_arguments);
    free(sgt_memo);
    return TEST_REPORT();
}
