/* Allocation failure in the take-and-break engines: parsing and formatting codes, tables
 * (the sparse engine only saves time: when it runs out of memory the plain kernel goes on),
 * periods and proofs, long runs saved and loaded, a growing hexadecimal game and a windowed run.
 * Every entry point is run with the k-th allocation failing, for k = 1, 2, ... until a run needs
 * fewer than k allocations.
 * Each run must either succeed with the right answer or return SG_ENOMEM; in both cases nothing
 * may stay allocated, nothing may be written outside the caller's buffer, and objects must stay
 * usable and freeable (tests/alloc_failure.h replaces the allocator). */
#define _POSIX_C_SOURCE 200809L
#include "alloc_failure.h"
#include "brute.h"

/* ---- the family engines: octal codes, Grundy's game, all-but subtraction ------------------ */

/* values from the definitions, for 2-part take-and-break codes (d[0] is d0) */
static void plain_octal(const int *d, int t, sg_value_t *g, size_t count)
{
    static unsigned char seen[4096];
    size_t n, a;
    int i;
    for (n = 0; n < count; n++) {
        sg_value_t m = 0;
        memset(seen, 0, sizeof seen);
        for (i = 0; i <= t; i++) {
            size_t r;
            if ((size_t)i > n) break;
            r = n - (size_t)i;
            if (i > 0 && (d[i] & 1) && r == 0) seen[0] = 1;
            if (i > 0 && (d[i] & 2) && r >= 1) seen[g[r]] = 1;
            if ((d[i] & 4) && r >= 2)
                for (a = 1; a <= r - a; a++) seen[g[a] ^ g[r - a]] = 1;
        }
        while (seen[m]) m++;
        g[n] = m;
    }
}

typedef struct {
    const char *code;
    sg_octal_t *game;
    table_case_t t;
    sg_period_t period;
    sg_octal_proof_t proof;
} octal_case_t;

static int op_octal_parse(void *ctx)
{
    octal_case_t *c = (octal_case_t *)ctx;
    sg_octal_t *g = (sg_octal_t *)&g;
    char buf[80];
    size_t off = 99;
    const char *msg = NULL;
    int st = sg_octal_parse_ex(c->code, &g, &off, &msg);
    if (st != SG_OK) {
        CHECK(g == NULL);
        return st;
    }
    CHECK_EQ(sg_octal_format(g, buf, sizeof buf), SG_OK);
    CHECK(strcmp(buf, c->code) == 0);
    sg_octal_free(g);
    return st;
}

static int op_octal_table(void *ctx)
{
    octal_case_t *c = (octal_case_t *)ctx;
    return table_case_done(&c->t, sg_octal_table(c->game, c->t.table, c->t.count));
}

static int op_octal_period(void *ctx)
{
    octal_case_t *c = (octal_case_t *)ctx;
    sg_period_t p;
    sg_octal_proof_t pr;
    int st;
    memset(&p, 0, sizeof p);
    st = sg_octal_period(c->game, 4000, &p);
    if (st != SG_OK) return st;
    CHECK(memcmp(&p, &c->period, sizeof p) == 0);
    memset(&pr, 0, sizeof pr);
    st = sg_octal_prove(c->game, 4000, &pr);
    if (st == SG_OK) CHECK(memcmp(&pr, &c->proof, sizeof pr) == 0);
    return st;
}


/* a long run of a take-and-break game: create, extend past the start of the sparse engine,
 * save, load, extend again (the loaded run builds its engine from the stored values), read */
static int op_sequence_octal(void *ctx)
{
    octal_case_t *c = (octal_case_t *)ctx;
    static char path[64];
    sg_sequence_t *s = NULL, *t = NULL;
    int st;
    seq_path(path, sizeof path, "octal-");
    st = sg_sequence_create_octal(&s, c->game);
    if (st != SG_OK) {
        CHECK(s == NULL);
        return st;
    }
    st = sg_sequence_extend(s, c->t.count / 2, NULL, NULL);
    if (st == SG_OK) st = sg_sequence_save(s, path);
    if (st == SG_OK) st = sg_sequence_load_octal(&t, path, c->game);
    if (st == SG_OK) st = sg_sequence_extend(t, c->t.count, NULL, NULL);
    if (st == SG_OK) seq_read(&c->t, t, c->t.count);
    return seq_done(st, &c->t, s, t, path);
}

static void test_octal(void)
{
    /* Dawson's Kayles (period 34, last exception 52), Officers (no known period), d0 = 4,
     * Treblecross (values of 256 and more: the engine moves to two bytes) */
    static const char *const codes[] = {"0.07", "0.6", "4.07", "0.137", "0.007"};
    static const int digits[][4] = {{0, 0, 7}, {0, 6}, {4, 0, 7}, {0, 1, 3, 7}, {0, 0, 0, 7}};
    static const int last[] = {2, 1, 2, 3, 3};
    size_t i;
    for (i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        octal_case_t c;
        long base = af_live, points;
        memset(&c, 0, sizeof c);
        c.code = codes[i];
        points = af_sweep(op_octal_parse, &c, 0);
        CHECK(points >= 1);
        CHECK_EQ(sg_octal_parse(c.code, &c.game), SG_OK);
        /* Officers: past a new mask of the sparse engine; Treblecross: two bytes */
        if (c.game == NULL || !table_case_alloc(&c.t, i == 1 ? 9000 : i == 4 ? 10000 : 2000))
            return;
        plain_octal(digits[i], last[i], c.t.want, (size_t)c.t.count);
        /* the sparse engine (Officers, Treblecross) only saves time: when it runs out of memory
         * the plain kernel goes on, and the table is still right */
        af_absorbed = 0;
        (void)af_sweep(op_octal_table, &c, i == 1 || i == 4);
        if (i == 1 || i == 4) CHECK(af_absorbed > 0);
        if (i == 1) CHECK(af_sweep(op_sequence_octal, &c, 1) >= 10);
        CHECK_EQ(sg_octal_period(c.game, 4000, &c.period), SG_OK);
        CHECK_EQ(sg_octal_prove(c.game, 4000, &c.proof), SG_OK);
        (void)af_sweep(op_octal_period, &c, 0);
        if (i == 0) CHECK(c.period.proven && c.period.period == 34 && c.period.preperiod == 53);
        if (i == 1) CHECK(!c.period.proven);
        if (i == 4) {   /* the run reached two bytes */
            sg_value_t mx = 0;
            uint64_t n;
            for (n = 0; n < c.t.count; n++) mx = c.t.want[n] > mx ? c.t.want[n] : mx;
            CHECK(mx >= 256);
        }
        sg_octal_free(c.game);
        table_case_free(&c.t);
        CHECK_EQ(af_live, base);
    }
}

/* A growing hexadecimal game (0.8: G(n + 3) = G(n) + 1, proven early): once proven, the table
 * and the sequence make each value by that addition; the sequence is saved and loaded (the
 * loaded run proves it again from its values) */
static void test_octal_growing(void)
{
    octal_case_t c;
    long base = af_live;
    memset(&c, 0, sizeof c);
    c.code = "0.8";
    CHECK_EQ(sg_octal_parse(c.code, &c.game), SG_OK);
    if (c.game == NULL || !table_case_alloc(&c.t, 2000)) return;
    brute_octal(c.code, c.t.want, c.t.count);
    CHECK(af_sweep(op_octal_table, &c, 0) >= 2);
    CHECK(af_sweep(op_sequence_octal, &c, 1) >= 4);   /* the store and a save retry */
    sg_octal_free(c.game);
    table_case_free(&c.t);
    CHECK_EQ(af_live, base);
}

/* a windowed take-and-break run (0.354, a window of SG_SEQUENCE_WINDOW_MIN): saved and loaded
 * before its window starts and after, every value held right */
static int op_sequence_octal_window(void *ctx)
{
    octal_case_t *c = (octal_case_t *)ctx;
    static char path[64];
    sg_sequence_t *s = NULL, *t = NULL;
    uint64_t pre = 0, from = 0;
    int st;
    seq_path(path, sizeof path, "ow");
    if ((st = sg_sequence_create_octal(&s, c->game)) != SG_OK) return st;
    st = sg_sequence_set_window(s, SG_SEQUENCE_WINDOW_MIN);
    if (st == SG_OK) st = sg_sequence_extend(s, c->t.count / 2, NULL, NULL);
    if (st == SG_OK) st = sg_sequence_save(s, path);
    if (st == SG_OK) st = sg_sequence_load_octal(&t, path, c->game);
    sg_sequence_free(s);
    s = t;
    t = NULL;
    if (st == SG_OK) st = sg_sequence_extend(s, c->t.count, NULL, NULL);
    if (st == SG_OK) st = sg_sequence_save(s, path);
    if (st == SG_OK) st = sg_sequence_load_octal(&t, path, c->game);
    if (st == SG_OK) {
        CHECK_EQ(sg_sequence_held(t, &pre, &from), SG_OK);
        CHECK_EQ(pre, SG_SEQUENCE_WINDOW_MIN);
        CHECK_EQ(sg_sequence_read(t, 0, c->t.table, pre), SG_OK);
        CHECK_EQ(sg_sequence_read(t, from, c->t.table + from, c->t.count - from), SG_OK);
        CHECK(memcmp(c->t.table, c->t.want, (size_t)pre * sizeof *c->t.table) == 0);
        CHECK(memcmp(c->t.table + from, c->t.want + from,
                     (size_t)(c->t.count - from) * sizeof *c->t.table) == 0);
    }
    return seq_done(st, &c->t, s, t, path);
}

static void test_octal_window(void)
{
    static const int digits[] = {0, 3, 5, 4};
    octal_case_t c;
    long base = af_live;
    memset(&c, 0, sizeof c);
    c.code = "0.354";
    CHECK_EQ(sg_octal_parse(c.code, &c.game), SG_OK);
    /* the window starts at 2 SG_SEQUENCE_WINDOW_MIN */
    if (c.game == NULL || !table_case_alloc(&c.t, 3 * SG_SEQUENCE_WINDOW_MIN)) return;
    plain_octal(digits, 3, c.t.want, (size_t)c.t.count);
    CHECK(af_sweep(op_sequence_octal_window, &c, 1) >= 10);
    sg_octal_free(c.game);
    table_case_free(&c.t);
    CHECK_EQ(af_live, base);
}

int main(void)
{
    RUN(test_octal);
    RUN(test_octal_growing);
    RUN(test_octal_window);
    CHECK_EQ(af_live, 0);
    return TEST_REPORT();
}
