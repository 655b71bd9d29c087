/* Allocation failure in Grundy's game: its table past the plain kernel (the sparse engine's
 * tables), a long run saved and loaded, and a windowed run that stops at its window's start.
 * Every entry point is run with the k-th allocation failing, for k = 1, 2, ... until a run needs
 * fewer than k allocations.
 * Each run must either succeed with the right answer or return SG_ENOMEM; in both cases nothing
 * may stay allocated, nothing may be written outside the caller's buffer, and objects must stay
 * usable and freeable (tests/alloc_failure.h replaces the allocator). */
#define _POSIX_C_SOURCE 200809L
#include "alloc_failure.h"

static int op_grundy_game(void *ctx)
{
    table_case_t *c = (table_case_t *)ctx;
    return table_case_done(c, sg_grundy_game_table(c->table, c->count));
}

/* a long run of Grundy's game: create, extend past the plain kernel, save, load, read back */
static int op_sequence(void *ctx)
{
    table_case_t *c = (table_case_t *)ctx;
    static char path[64];
    sg_sequence_t *s = NULL, *t = NULL;
    int st;
    seq_path(path, sizeof path, "");
    st = sg_sequence_create_grundy_game(&s);
    if (st != SG_OK) {
        CHECK(s == NULL);
        return st;
    }
    st = sg_sequence_extend(s, c->count, NULL, NULL);
    if (st == SG_OK) st = sg_sequence_save(s, path);
    if (st == SG_OK) st = sg_sequence_load(&t, path);
    if (st == SG_OK) {
        seq_read(c, t, c->count);
    } else {
        CHECK(t == NULL);
        /* what was computed before the failure is kept and right */
        CHECK(sg_sequence_count(s) <= c->count);
        seq_read(c, s, sg_sequence_count(s));
    }
    return seq_done(st, c, s, t, path);
}

/* a windowed run that stops at its window's start (a rare position past the prefix, so
 * SG_EWINDOW), saved with its window (format 3) and loaded: the values kept are right */
static int op_sequence_window(void *ctx)
{
    table_case_t *c = (table_case_t *)ctx;
    static char path[64];
    sg_sequence_t *s = NULL, *t = NULL;
    uint64_t n;
    int st;
    seq_path(path, sizeof path, "w");
    st = sg_sequence_create_grundy_game(&s);
    if (st != SG_OK) return st;
    CHECK_EQ(sg_sequence_set_window(s, SG_SEQUENCE_WINDOW_MIN), SG_OK);
    st = sg_sequence_extend(s, c->count, NULL, NULL);
    n = sg_sequence_count(s);
    CHECK(st == SG_ENOMEM || (st == SG_EWINDOW && n == 2 * SG_SEQUENCE_WINDOW_MIN));
    if (st == SG_EWINDOW) st = sg_sequence_save(s, path);
    if (st == SG_OK) st = sg_sequence_load(&t, path);
    if (st == SG_OK) {
        CHECK_EQ(sg_sequence_count(t), n);
        seq_read(c, t, n);
    }
    return seq_done(st, c, s, t, path);
}

static void test_grundy_game(void)
{
    /* past the plain kernel (2048), so the sparse engine allocates its tables */
    enum { COUNT = 9000 };   /* past 2 SG_SEQUENCE_WINDOW_MIN too */
    static unsigned char seen[256];
    table_case_t c;
    size_t n, a;
    long points;
    memset(&c, 0, sizeof c);
    if (!table_case_alloc(&c, COUNT)) return;
    /* split one heap into two of different sizes */
    for (n = 0; n < COUNT; n++) {
        sg_value_t m = 0;
        memset(seen, 0, sizeof seen);
        for (a = 1; 2 * a < n; a++) seen[(c.want[a] ^ c.want[n - a]) & 255] = 1;
        while (seen[m]) m++;
        c.want[n] = m;
    }
    points = af_sweep(op_grundy_game, &c, 0);
    CHECK(points >= 2);
    points = af_sweep(op_sequence, &c, 1)   /* the values buffer retries */;
    CHECK(points >= 3);
    points = af_sweep(op_sequence_window, &c, 1);
    CHECK(points >= 3);
    table_case_free(&c);
}

int main(void)
{
    RUN(test_grundy_game);
    CHECK_EQ(af_live, 0);
    return TEST_REPORT();
}
