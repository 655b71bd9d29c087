/* The incremental period search (sg__match_t in period.c, the prover in octal_period.c) against
 * a plain rescan written here: the starts of the matches G(n + q) == G(n) on made-up eventually
 * periodic sequences with sparse exceptions (where a divisor's match and its exception bitset
 * are used), updated at random points; and the proof of take-and-break games from values
 * computed here by the definition, at every checkpoint, in random pieces, resumed at a random
 * point, and through sg_octal_prove (its record and its hint); sequences saved and loaded at
 * random points against the plain values. */
#include "sg.h"
#include "test.h"
#include "checkpoint.h"

#include "../lib/games/octal/take_break.h"

/* 1 + the last n < N - q with G(n) != G(n + q), or 0 */
static uint64_t plain_start(const sg_value_t *G, uint64_t N, uint64_t q)
{
    uint64_t n;
    for (n = N - q; n > 0; n--)
        if (G[n - 1] != G[n - 1 + q]) break;
    return n;
}

/* G: a random prefix of `pre` values below `vals`, then period `per`; below pre, a value
 * differs from the tail's (an exception) with probability 1/rate, rarer near pre when `sparse` */
static void made_up(sg_value_t *G, uint64_t count, uint64_t pre, uint64_t per, unsigned vals,
                    unsigned rate, int sparse)
{
    uint64_t n;
    for (n = 0; n < pre + per && n < count; n++) G[n] = (sg_value_t)test_below(vals);
    for (n = pre + per; n < count; n++) G[n] = G[n - per];
    for (n = pre; n-- > 0;) {
        uint64_t tail = pre + per <= count ? G[pre + (n + per - pre % per) % per] : 0;
        unsigned r = sparse && n > pre / 2 ? rate * 8 : rate;
        G[n] = test_below(r) == 0 ? (sg_value_t)test_below(vals) : (sg_value_t)tail;
    }
}

/* G in one, two or four bytes (as the value engine keeps it), the width picked at random among
 * those that hold every value: *g8, *g16 to free */
static void vals_of(const sg_value_t *G, uint64_t count, sg__vals_t *v, unsigned char **g8,
                    uint16_t **g16)
{
    uint64_t n, max = 0;
    unsigned w = (unsigned)test_below(3);
    for (n = 0; n < count; n++) max = G[n] > max ? G[n] : max;
    v->g8 = NULL;
    v->g16 = NULL;
    v->g32 = G;
    *g8 = NULL;
    *g16 = NULL;
    if (w == 0 && max < 256 && (*g8 = (unsigned char *)malloc((size_t)count + 1)) != NULL) {
        for (n = 0; n < count; n++) (*g8)[n] = (unsigned char)G[n];
        v->g8 = *g8;
    } else if (w == 1 && max < 65536 &&
               (*g16 = (uint16_t *)malloc((size_t)(count + 1) * sizeof **g16)) != NULL) {
        for (n = 0; n < count; n++) (*g16)[n] = (uint16_t)G[n];
        v->g16 = *g16;
    }
}

static void check_match(const sg_value_t *G, uint64_t count)
{
    sg__match_t m;
    uint64_t N = 0, q, want = 0, n;
    unsigned char *g8;
    uint16_t *g16;
    sg__vals_t v;
    vals_of(G, count, &v, &g8, &g16);
    sg__match_init(&m);
    while (N < count) {
        uint64_t step = 1 + test_below(test_below(4) == 0 ? count / 3 + 1 : 200);
        N = N + step > count ? count : N + step;
        want = test_below(3) == 0 ? N : test_below(N / 2 + 2);   /* grows, shrinks, too big */
        CHECK_EQ(sg__match_update(&m, &v, N, want), SG_OK);
        CHECK_EQ(m.N, N);
        CHECK(m.count >= (want < N ? want : N - 1));
        /* the shifts whose match spans half the values, in order */
        for (n = sg__match_half(&m, 1), q = 1; q <= m.count; q++)
            if (2 * (N - q - plain_start(G, N, q)) >= N) {
                CHECK_EQ(n, q);
                n = sg__match_half(&m, q + 1);
            }
        CHECK_EQ(n, 0);
        /* every start (a long match's from the list, a short one's found from the top), and
         * which matches are long */
        for (q = 1; q <= m.count; q++) {
            uint64_t plain = plain_start(G, N, q);
            int lng = (int)((m.lng[(q - 1) / 64] >> ((q - 1) % 64)) & 1);
            int want_lng = N - q - plain >= SG__MATCH_LONGLEN;
            if (sg__match_start(&m, &v, q) != plain || lng != want_lng) {
                CHECK_EQ(sg__match_start(&m, &v, q), plain);
                CHECK_EQ(lng, want_lng);
                N = count;
                break;
            }
        }
    }
    sg__match_release(&m);
    free(g8);
    free(g16);
}

static void test_match_made_up(void)
{
    int k, cases = (int)test_scale(300);
    for (k = 0; k < cases; k++) {
        uint64_t count = 200 + test_below(2500), per = 1 + test_below(k % 3 ? 8 : 60);
        uint64_t pre = test_below(count / 2 + 1);
        sg_value_t *G = (sg_value_t *)malloc((size_t)count * sizeof *G);
        CHECK(G != NULL);
        if (G == NULL) return;
        made_up(G, count, pre, per, 2 + (unsigned)test_below(6), 2 + (unsigned)test_below(60),
                (int)test_below(2));
        check_match(G, count);
        free(G);
    }
}

/* constant stretches and all-equal sequences: every shift matches long */
static void test_match_constant(void)
{
    static sg_value_t G[3000];
    uint64_t n;
    for (n = 0; n < 3000; n++) G[n] = 0;
    check_match(G, 3000);
    for (n = 0; n < 3000; n++) G[n] = n < 1000 ? (sg_value_t)(n % 7) : 5;
    check_match(G, 3000);
    for (n = 0; n < 3000; n++) G[n] = (sg_value_t)(n % 2 + (n % 97 == 0));
    check_match(G, 3000);
}

static void test_match_edges(void)
{
    static const sg_value_t G4[4] = {1, 1, 1, 2};
    sg__vals_t vals = {NULL, NULL, NULL}, *G = &vals;
    sg__match_t m;
    vals.g32 = G4;
    sg__match_init(&m);
    CHECK_EQ(sg__match_update(&m, G, 0, 5), SG_OK);
    CHECK_EQ(m.count, 0);
    CHECK_EQ(sg__match_update(&m, G, 1, 5), SG_OK);
    CHECK_EQ(m.count, 0);
    CHECK_EQ(sg__match_update(&m, G, 3, 5), SG_OK);
    CHECK_EQ(m.count, 2);
    CHECK_EQ(sg__match_start(&m, G, 1), 0);
    CHECK_EQ(sg__match_start(&m, G, 2), 0);
    CHECK_EQ(sg__match_update(&m, G, 4, 1), SG_OK);   /* a smaller count follows no fewer */
    CHECK_EQ(m.count, 2);
    CHECK_EQ(sg__match_start(&m, G, 1), 3);
    CHECK_EQ(sg__match_start(&m, G, 2), 2);
    CHECK_EQ(sg__match_half(&m, 1), 0);
    CHECK_EQ(sg__match_half(&m, 0), 0);
    CHECK_EQ(sg__match_half(&m, 3), 0);
    sg__match_release(&m);
    sg__match_release(&m);   /* again: released is initialized */
}

/* ---- take-and-break games -------------------------------------------------------------- */

/* values from the definition (digits d[0 .. t], two parts at most), below 256 */
static int plain_octal(const unsigned *d, unsigned t, sg_value_t *G, uint64_t count)
{
    static unsigned char seen[257];
    uint64_t n, a;
    unsigned i;
    for (n = 0; n < count; n++) {
        sg_value_t v = 0;
        memset(seen, 0, sizeof seen);
        for (i = 0; i <= t && i <= n; i++) {
            uint64_t r = n - i;
            if (i > 0 && (d[i] & 1) && r == 0) seen[0] = 1;
            if (i > 0 && (d[i] & 2) && r >= 1) seen[G[r]] = 1;
            if ((d[i] & 4) && r >= 2)
                for (a = 1; a <= r - a; a++) seen[G[a] ^ G[r - a]] = 1;
        }
        while (seen[v]) v++;
        if (v > 255) return 0;
        G[n] = v;
    }
    return 1;
}

typedef struct {
    int proven;
    uint64_t at, n0, q, end, pre, per;
} plain_proof_t;

/* The theorem tried at N with a rescan of every q (octal_period.c states it): 1 when it holds. */
static int plain_try(const sg_value_t *G, uint64_t N, uint64_t t, plain_proof_t *p)
{
    uint64_t q, r, s, n;
    for (q = 1; 2 * q + t + 2 <= N; q++) {
        r = plain_start(G, N, q);
        if (2 * (r > 1 ? r : 1) + 2 * q + t > N) continue;
        p->proven = 1;
        p->at = N;
        p->n0 = r;
        p->q = q;
        p->end = 2 * (r > 1 ? r : 1) + q + t;
        for (s = 1; s < q; s++) {   /* the least period divides q */
            if (q % s) continue;
            for (n = r; n < r + q; n++)
                if (G[n] != G[n + s]) break;
            if (n == r + q) break;
        }
        p->per = s;
        for (n = r; n > 0; n--)
            if (G[n - 1] != G[n - 1 + s]) break;
        p->pre = n;
        return 1;
    }
    return 0;
}

/* The least N' at which a match of 255 pairs or more at N would prove its period, should it
 * last (2 max(start, 1) + 2q + t <= N'), or UINT64_MAX: the check the prover aims at. */
static uint64_t plain_aim(const sg_value_t *G, uint64_t N, uint64_t t)
{
    uint64_t q, r, at, best = UINT64_MAX;
    for (q = 1; 2 * q + t + 2 <= N; q++) {
        r = plain_start(G, N, q);
        if (N - q - r < 255) continue;
        at = 2 * (r > 1 ? r : 1) + 2 * q + t;
        if (at < best) best = at;
    }
    return best;
}

/* the checkpoints: from `first`, then every N/16 values (64 at least), up to `limit`; between
 * two of them, after one of them, the aimed check when it comes first */
static void plain_search(const sg_value_t *G, uint64_t first, uint64_t limit, uint64_t t,
                         plain_proof_t *p)
{
    uint64_t N = first, next, aim;
    int aimed = 0;
    memset(p, 0, sizeof *p);
    while (N <= limit) {
        if (plain_try(G, N, t, p)) return;
        next = N + (N / 16 > 64 ? N / 16 : 64);
        if (aimed) {
            aimed = 0;
        } else if ((aim = plain_aim(G, N, t)) > N && aim < next) {
            next = aim;
            aimed = 1;
        }
        N = next;
    }
}

static void random_digits(unsigned *d, unsigned *t)
{
    unsigned i;
    *t = 1 + (unsigned)test_below(4);
    d[0] = test_below(5) == 0 ? 4 : 0;
    for (i = 1; i <= *t; i++) d[i] = (unsigned)test_below(8);
    if (d[*t] == 0) d[*t] = 1 + (unsigned)test_below(7);
}

static sg_octal_t *parse_digits(const unsigned *d, unsigned t)
{
    char code[16];
    sg_octal_t *g = NULL;
    unsigned i;
    code[0] = (char)('0' + d[0]);
    code[1] = '.';
    for (i = 1; i <= t; i++) code[i + 1] = (char)('0' + d[i]);
    code[t + 2] = '\0';
    CHECK_EQ(sg_octal_parse(code, &g), SG_OK);
    return g;
}

/* the prover, run in random pieces (and resumed at `resume` when non-zero), against the plain
 * search over the plain values; into G, or (half the time) into the engine's own values, resumed
 * from bytes */
static void check_game(const unsigned *d, unsigned t, uint64_t limit, uint64_t resume)
{
    sg_octal_t *g = parse_digits(d, t);
    sg_value_t *P = (sg_value_t *)malloc((size_t)limit * sizeof *P);
    sg_value_t *G = (sg_value_t *)calloc((size_t)limit, sizeof *G);
    sg__octal_prover_t pr;
    plain_proof_t want;
    uint64_t upto = 0, n;
    int own = (int)test_below(2);
    unsigned char *g8 = NULL;
    sg__vals_t held = {NULL, NULL, NULL};
    if (g == NULL || P == NULL || G == NULL || !plain_octal(d, t, P, limit)) {
        CHECK(P != NULL && G != NULL);
        free(P);
        free(G);
        sg_octal_free(g);
        return;
    }
    sg__octal_prover_init(&pr, g);
    if (resume > 0) {
        memcpy(G, P, (size_t)resume * sizeof *G);
        held.g32 = G;
        if (own && (g8 = (unsigned char *)malloc((size_t)resume)) != NULL) {
            for (n = 0; n < resume; n++) g8[n] = (unsigned char)P[n];   /* below 256 */
            held.g8 = g8;
        }
        CHECK_EQ(sg__octal_prover_resume(&pr, &held, resume, own), SG_OK);
        free(g8);
    }
    while (!pr.proven && pr.run.n < limit) {
        upto = pr.run.n + 1 + test_below(test_below(2) ? 40 : limit / 4 + 1);
        if (upto > limit) upto = limit;
        CHECK_EQ(sg__octal_prover_run(&pr, own ? NULL : G, upto), SG_OK);
    }
    if (own) {
        sg__octal_run_vals(&pr.run, &held);
        for (n = 0; n < pr.run.n; n++) G[n] = sg__vals_at(&held, n);
    }
    CHECK_EQ(memcmp(G, P, (size_t)pr.run.n * sizeof *G), 0);
    plain_search(P, resume > 0 ? resume : 64, limit, t, &want);
    CHECK_EQ(pr.proven, want.proven);
    if (pr.proven && want.proven) {
        CHECK_EQ(pr.tried, want.at);
        CHECK_EQ(pr.run.n, want.at);
        CHECK_EQ(pr.n0, want.n0);
        CHECK_EQ(pr.q, want.q);
        CHECK_EQ(pr.end, want.end);
        CHECK_EQ(pr.pre, want.pre);
        CHECK_EQ(pr.per, want.per);
    }
    sg__octal_prover_release(&pr);
    free(P);
    free(G);
    sg_octal_free(g);
}

static void test_prover_random(void)
{
    int k, cases = (int)test_scale(400);
    for (k = 0; k < cases; k++) {
        unsigned d[8], t;
        uint64_t limit = 100 + test_below(k % 4 ? 1500 : 5000);
        random_digits(d, &t);
        check_game(d, t, limit, test_below(3) == 0 ? 1 + test_below(limit - 1) : 0);
    }
}

/* games with long preperiods or periods, where the search meets long matches */
static void test_prover_known(void)
{
    static const unsigned codes[][5] = {
        {0, 7, 7, 0, 0}, {0, 1, 3, 7, 0}, {0, 3, 5, 2, 0}, {0, 6, 0, 0, 0}, {4, 0, 7, 0, 0},
        {0, 3, 7, 6, 0}, {0, 1, 6, 0, 0}, {0, 5, 1, 0, 0}, {0, 1, 4, 0, 0}, {0, 4, 5, 0, 0}};
    static const unsigned ts[] = {2, 3, 3, 1, 2, 3, 2, 2, 2, 2};
    size_t k;
    for (k = 0; k < sizeof ts / sizeof ts[0]; k++) {
        check_game(codes[k], ts[k], test_scale(6000), 0);
        check_game(codes[k], ts[k], test_scale(3000), 1 + test_below(test_scale(3000) - 1));
    }
}

/* sg_octal_prove: the record (at the limit too) and the hint when nothing is proven */
static void test_prove_record(void)
{
    int k, cases = (int)test_scale(200);
    for (k = 0; k < cases; k++) {
        unsigned d[8], t;
        uint64_t limit = 10 + test_below(2500), p, n, best;
        sg_octal_t *g;
        sg_octal_proof_t pr;
        plain_proof_t want;
        sg_value_t *P = (sg_value_t *)malloc((size_t)limit * sizeof *P);
        random_digits(d, &t);
        g = parse_digits(d, t);
        if (g == NULL || P == NULL || !plain_octal(d, t, P, limit)) {
            free(P);
            sg_octal_free(g);
            continue;
        }
        CHECK_EQ(sg_octal_prove(g, limit, &pr), SG_OK);
        plain_search(P, 64, limit, t, &want);
        if (!want.proven) plain_try(P, limit, t, &want);   /* the try at the limit */
        CHECK_EQ(pr.period.proven, want.proven);
        if (want.proven) {
            CHECK_EQ(pr.computed, want.at);
            CHECK_EQ(pr.checked_from, want.n0);
            CHECK_EQ(pr.proof_period, want.q);
            CHECK_EQ(pr.checked_to, want.end);
            CHECK_EQ(pr.period.preperiod, want.pre);
            CHECK_EQ(pr.period.period, want.per);
        } else {   /* the hint: the earliest match over three periods and a quarter */
            uint64_t hp = 0, hn = 0;
            best = limit;
            for (p = 1; 3 * p <= limit; p++) {
                n = plain_start(P, limit, p);
                if (limit - n >= 3 * p && limit - n >= limit / 4 && n < best) {
                    best = n;
                    hn = n;
                    hp = p;
                }
            }
            CHECK_EQ(pr.computed, limit);
            CHECK_EQ(pr.period.period, hp);
            CHECK_EQ(pr.period.preperiod, hn);
        }
        free(P);
        sg_octal_free(g);
    }
}

/* Sequences extended in random pieces, saved and loaded at random points (the search starts
 * over from the values then), against the plain values: a period proven too early, or from the
 * wrong start, would copy wrong values. */
static void test_sequence_resumed(void)
{
    char where[512];
    const char *path = ckpt_path(where, sizeof where, "test_period_search.ckpt");
    int k, cases = (int)test_scale(40);
    for (k = 0; k < cases; k++) {
        unsigned d[8], t;
        uint64_t limit = 500 + test_below(4000), n = 0;
        sg_value_t *P = (sg_value_t *)malloc((size_t)limit * sizeof *P);
        sg_value_t *got = (sg_value_t *)malloc((size_t)limit * sizeof *got);
        sg_sequence_t *s = NULL;
        sg_octal_t *g;
        random_digits(d, &t);
        g = parse_digits(d, t);
        if (g == NULL || P == NULL || got == NULL || !plain_octal(d, t, P, limit) ||
            sg_sequence_create_octal(&s, g) != SG_OK) {
            free(P);
            free(got);
            sg_octal_free(g);
            continue;
        }
        while (n < limit) {
            n += 1 + test_below(limit / 3);
            if (n > limit) n = limit;
            CHECK_EQ(sg_sequence_extend(s, n, NULL, NULL), SG_OK);
            if (test_below(2)) {
                CHECK_EQ(sg_sequence_save(s, path), SG_OK);
                sg_sequence_free(s);
                s = NULL;
                CHECK_EQ(sg_sequence_load_octal(&s, path, g), SG_OK);
                if (s == NULL) break;
            }
        }
        if (s != NULL) {
            CHECK_EQ(sg_sequence_count(s), limit);
            CHECK_EQ(sg_sequence_read(s, 0, got, limit), SG_OK);
            CHECK_EQ(memcmp(got, P, (size_t)limit * sizeof *P), 0);
        }
        sg_sequence_free(s);
        free(P);
        free(got);
        sg_octal_free(g);
    }
    remove(path);
}

int main(void)
{
    RUN(test_match_edges);
    RUN(test_match_constant);
    RUN(test_match_made_up);
    RUN(test_prover_random);
    RUN(test_prover_known);
    RUN(test_prove_record);
    RUN(test_sequence_resumed);
    return TEST_REPORT();
}
