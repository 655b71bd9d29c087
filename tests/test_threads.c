/* Several threads use the library at once: each builds tables, runs a memo of its own, computes
 * subtraction games, Grundy's game and Nim moves, reads one shared table with sg_winning_move and
 * one shared parsed take-and-break game with sg_octal_table and sg_octal_period. Results are
 * compared with answers computed plainly before the threads start. `make tsan` runs this under
 * ThreadSanitizer; the library keeps no global mutable state, so it must report nothing. */
#include "test.h"

#include <pthread.h>
#include <sg.h>

#define NTHREADS 4
#define SIZE 3000u

/* Wythoff's game on (x, y) packed as x << 32 | y: take any number from one pile or the same
 * number from both. Only the memo can hold it. */
static int wythoff_rule(void *user, uint64_t key, sg_moves_t *out)
{
    uint64_t x = key >> 32, y = key & 0xffffffffu, i;
    (void)user;
    for (i = 1; i <= x; i++) sg_move_to(out, (x - i) << 32 | y);
    for (i = 1; i <= y; i++) sg_move_to(out, x << 32 | (y - i));
    for (i = 1; i <= x && i <= y; i++) sg_move_to(out, (x - i) << 32 | (y - i));
    return 0;
}

/* options p+1 and p+2 (upward, so the table engine searches), plus the sum p+3 + p+3 */
static int up_rule(void *user, uint64_t p, sg_moves_t *out)
{
    uint64_t n = *(const uint64_t *)user, parts[2];
    if (p + 1 < n) sg_move_to(out, p + 1);
    if (p + 2 < n) sg_move_to(out, p + 2);
    if (p + 3 < n) {
        parts[0] = parts[1] = p + 3;
        sg_move_to_sum(out, parts, 2);
    }
    return 0;
}

/* subtraction game {1, 3, 4} by rule, for sg_winning_move on the shared table */
static int sub134_rule(void *user, uint64_t p, sg_moves_t *out)
{
    (void)user;
    if (p >= 1) sg_move_to(out, p - 1);
    if (p >= 3) sg_move_to(out, p - 3);
    if (p >= 4) sg_move_to(out, p - 4);
    return 0;
}

static sg_value_t naive_mex(const sg_value_t *v, size_t n)
{
    sg_value_t m = 0;
    size_t i;
    for (;;) {
        for (i = 0; i < n && v[i] != m; i++)
            ;
        if (i == n) return m;
        m++;
    }
}

/* answers computed plainly, before any thread starts */
static sg_value_t ref_up[SIZE], ref_sub[SIZE], ref_wythoff[40][40];
static sg_value_t shared_sub[SIZE];   /* read by every thread at once */
static sg_octal_t *shared_kayles;     /* 0.07, Dawson's Kayles: used by every thread at once */
static sg_value_t ref_kayles[SIZE], ref_grundy[SIZE];

static void references(void)
{
    static sg_value_t o[SIZE];
    uint64_t p, x, y, i;
    size_t n;
    for (p = SIZE; p-- > 0;) {
        n = 0;
        if (p + 1 < SIZE) o[n++] = ref_up[p + 1];
        if (p + 2 < SIZE) o[n++] = ref_up[p + 2];
        if (p + 3 < SIZE) o[n++] = 0;   /* a sum of two equal games */
        ref_up[p] = naive_mex(o, n);
    }
    for (p = 0; p < SIZE; p++) {
        n = 0;
        if (p >= 1) o[n++] = ref_sub[p - 1];
        if (p >= 3) o[n++] = ref_sub[p - 3];
        if (p >= 4) o[n++] = ref_sub[p - 4];
        ref_sub[p] = naive_mex(o, n);
    }
    /* 0.07: take 2 tokens, leaving 0, 1 or 2 heaps */
    for (p = 0; p < SIZE; p++) {
        n = 0;
        if (p == 2) o[n++] = 0;
        for (i = 0; p >= 2 && i <= p - 2; i++)
            if (i <= p - 2 - i) o[n++] = ref_kayles[i] ^ ref_kayles[p - 2 - i];
        ref_kayles[p] = naive_mex(o, n);
    }
    /* Grundy's game: split a heap into two different non-empty heaps */
    for (p = 0; p < SIZE; p++) {
        n = 0;
        for (i = 1; 2 * i < p; i++) o[n++] = ref_grundy[i] ^ ref_grundy[p - i];
        ref_grundy[p] = naive_mex(o, n);
    }
    for (x = 0; x < 40; x++)
        for (y = 0; y < 40; y++) {
            n = 0;
            for (i = 1; i <= x; i++) o[n++] = ref_wythoff[x - i][y];
            for (i = 1; i <= y; i++) o[n++] = ref_wythoff[x][y - i];
            for (i = 1; i <= x && i <= y; i++) o[n++] = ref_wythoff[x - i][y - i];
            ref_wythoff[x][y] = naive_mex(o, n);
        }
}

typedef struct {
    int id;
    int errors;
} worker_t;

static void *worker(void *arg)
{
    worker_t *w = (worker_t *)arg;
    sg_value_t *t = (sg_value_t *)malloc(SIZE * sizeof *t);
    uint64_t n = SIZE, s[3] = {1, 3, 4}, heaps[4], x, y, ns;
    sg_memo_t *m = NULL;
    sg_period_t per;
    sg_value_t v;
    size_t round, i, comp, opt, heap;
    if (t == NULL) {
        w->errors++;
        return NULL;
    }
    for (round = 0; round < test_scale(40); round++) {
        if (sg_table_build(t, n, up_rule, &n) != SG_OK || memcmp(t, ref_up, sizeof ref_up) != 0)
            w->errors++;
        if (sg_subtraction_table(t, n, s, 3) != SG_OK ||
            memcmp(t, ref_sub, sizeof ref_sub) != 0)
            w->errors++;
        if (sg_octal_table(shared_kayles, t, n) != SG_OK ||
            memcmp(t, ref_kayles, sizeof ref_kayles) != 0)
            w->errors++;
        if (sg_octal_period(shared_kayles, 1000, &per) != SG_OK || per.proven != 1 ||
            per.period != 34)
            w->errors++;
        if (sg_grundy_game_table(t, n) != SG_OK || memcmp(t, ref_grundy, sizeof ref_grundy) != 0)
            w->errors++;
        if (sg_memo_create(&m, wythoff_rule, NULL) != SG_OK) {
            w->errors++;
            continue;
        }
        for (x = (uint64_t)w->id; x < 40; x += 3)
            for (i = 0; i < 20; i++) {   /* from the far corner down: deep searches first */
                y = 39 - 2 * i;
                if (sg_memo_value(m, x << 32 | y, &v) != SG_OK || v != ref_wythoff[x][y])
                    w->errors++;
            }
        sg_memo_free(m);
        for (i = 0; i < 200; i++) {
            uint64_t comps[2];
            int r;
            comps[0] = (i * 37 + (size_t)w->id) % SIZE;
            comps[1] = (i * 11) % SIZE;
            r = sg_winning_move(shared_sub, SIZE, sub134_rule, NULL, comps, 2, &comp, &opt);
            if (r != ((shared_sub[comps[0]] ^ shared_sub[comps[1]]) != 0)) w->errors++;
            heaps[0] = i;
            heaps[1] = i * 3 + (size_t)w->id;
            heaps[2] = 7;
            heaps[3] = round;
            r = nim_winning_move(heaps, 4, &heap, &ns);
            if (r == 1) {
                heaps[heap] = ns;
                if (nim_sum(heaps, 4) != 0) w->errors++;
            } else if (r != 0) {
                w->errors++;
            }
        }
    }
    free(t);
    return NULL;
}

static void test_threads_at_once(void)
{
    pthread_t th[NTHREADS];
    worker_t w[NTHREADS];
    int i, started = 0;
    CHECK_EQ(sg_subtraction_table(shared_sub, SIZE, (const uint64_t[]){1, 3, 4}, 3), SG_OK);
    CHECK(memcmp(shared_sub, ref_sub, sizeof ref_sub) == 0);
    CHECK_EQ(sg_octal_parse("0.07", &shared_kayles), SG_OK);
    if (shared_kayles == NULL) return;
    for (i = 0; i < NTHREADS; i++) {
        w[i].id = i;
        w[i].errors = 0;
        if (pthread_create(&th[i], NULL, worker, &w[i]) == 0) started++;
        else break;
    }
    CHECK_EQ(started, NTHREADS);
    for (i = 0; i < started; i++) {
        pthread_join(th[i], NULL);
        CHECK_EQ(w[i].errors, 0);
    }
    sg_octal_free(shared_kayles);
}

int main(void)
{
    references();
    RUN(test_threads_at_once);
    return TEST_REPORT();
}
