/* A program using the single header exactly as the installed one (#include <sg.h>, no
 * SG_IMPLEMENTATION here). Every value is checked against a brute force written in this file
 * (with the plain mex of tests/expect.h).
 * Valid C99 and C++17. With SINGLE_WITH_STATIC it also calls static.c's private copy. */
#include <sg.h>

#include <stdio.h>
#include <string.h>

/* the units may be compiled in different languages: the helpers have C linkage */
#ifdef __cplusplus
extern "C" {
#endif
unsigned single_impl_version(void);
#ifdef SINGLE_WITH_STATIC
int single_static_subtraction(sg_value_t *table, uint64_t count);
#endif
#ifdef __cplusplus
}
#endif

#define N 200

#include "../expect.h"

static void check_nim(void)
{
    uint64_t heaps[4] = {3, 4, 5, 9}, size = 0, h[4];
    size_t heap = 99, i;
    uint64_t s;
    int found = 0, r;
    /* brute force: the first (heap, size) in order that makes the XOR zero */
    size_t bh = 0;
    uint64_t bs = 0;
    for (i = 0; i < 4 && !found; i++)
        for (s = 0; s < heaps[i] && !found; s++) {
            memcpy(h, heaps, sizeof h);
            h[i] = s;
            if ((h[0] ^ h[1] ^ h[2] ^ h[3]) == 0) {
                found = 1;
                bh = i;
                bs = s;
            }
        }
    EXPECT(found);
    EXPECT(nim_sum(heaps, 4) == (3 ^ 4 ^ 5 ^ 9));
    r = nim_winning_move(heaps, 4, &heap, &size);
    EXPECT(r == 1 && heap == bh && size == bs);
    heaps[3] = 3 ^ 4 ^ 5;   /* now a P-position */
    EXPECT(nim_winning_move(heaps, 4, &heap, &size) == 0);
}

static void check_subtraction(void)
{
    static const uint64_t moves[3] = {1, 3, 4};
    sg_value_t table[N];
    unsigned brute[N], opts[3];
    sg_period_t per;
    int n, j, k, p;
    for (n = 0; n < N; n++) {
        for (k = 0, j = 0; j < 3; j++)
            if ((uint64_t)n >= moves[j]) opts[k++] = brute[n - (int)moves[j]];
        brute[n] = brute_mex(opts, k);
    }
    EXPECT(sg_subtraction_table(table, N, moves, 3) == SG_OK);
    for (n = 0; n < N; n++) EXPECT(table[n] == brute[n]);
    /* the least period of the brute-force sequence, read plainly */
    for (p = 1; p < N / 2; p++) {
        for (n = 0; n + p < N && brute[n] == brute[n + p]; n++)
            ;
        if (n + p == N) break;
    }
    EXPECT(p == 7);
    memset(&per, 0, sizeof per);
    EXPECT(sg_subtraction_period(moves, 3, &per) == SG_OK);
    EXPECT(per.proven == 1 && per.preperiod == 0 && per.period == (uint64_t)p && per.saltus == 0);
#ifdef SINGLE_WITH_STATIC
    memset(table, 0xff, sizeof table);
    EXPECT(single_static_subtraction(table, N) == SG_OK);
    for (n = 0; n < N; n++) EXPECT(table[n] == brute[n]);
#endif
}

/* Lasker's Nim: take any number, or split a heap into two non-empty heaps */
static int lasker(void *user, uint64_t n, sg_moves_t *out)
{
    uint64_t k, parts[2];
    (void)user;
    for (k = 1; k <= n; k++) sg_move_to(out, n - k);
    for (k = 1; 2 * k <= n; k++) {
        parts[0] = k;
        parts[1] = n - k;
        sg_move_to_sum(out, parts, 2);
    }
    return 0;
}

static int stop_at_10(void *user, uint64_t n, sg_moves_t *out)
{
    (void)user;
    if (n > 0) sg_move_to(out, n - 1);
    return n == 10;
}

static void check_rule(void)
{
    enum { L = 60 };
    sg_value_t table[L];
    unsigned brute[L], opts[2 * L];
    int n, k, m;
    for (n = 0; n < L; n++) {
        m = 0;
        for (k = 1; k <= n; k++) opts[m++] = brute[n - k];
        for (k = 1; 2 * k <= n; k++) opts[m++] = brute[k] ^ brute[n - k];
        brute[n] = brute_mex(opts, m);
    }
    EXPECT(sg_table_build(table, L, lasker, NULL) == SG_OK);
    for (n = 0; n < L; n++) EXPECT(table[n] == brute[n]);
    EXPECT(sg_table_build(table, L, stop_at_10, NULL) == SG_ESTOP);
    EXPECT(strcmp(sg_strerror(SG_ESTOP), "stopped by the callback") == 0);
}

/* nimber product from the definition: a*b = mex{a'b + ab' + a'b'} over a' < a, b' < b */
static void check_nim_mul(void)
{
    enum { M = 16 };
    unsigned prod[M][M], opts[M * M];
    int a, b, x, y, k;
    for (a = 0; a < M; a++)
        for (b = 0; b < M; b++) {
            k = 0;
            for (x = 0; x < a; x++)
                for (y = 0; y < b; y++) opts[k++] = prod[x][b] ^ prod[a][y] ^ prod[x][y];
            prod[a][b] = brute_mex(opts, k);
            EXPECT(nim_mul((uint64_t)a, (uint64_t)b) == prod[a][b]);
        }
}

/* Grundy's game on two threads (past 2048 heaps, where positions go in pairs) */
static void check_grundy_threads(void)
{
    enum { G = 6000 };
    static unsigned brute[G];
    static unsigned char seen[256];
    static sg_value_t got[G];
    sg_sequence_t *seq = NULL;
    int n, a;
    unsigned v;
    for (n = 0; n < G; n++) {
        memset(seen, 0, sizeof seen);
        for (a = 1; 2 * a < n; a++) seen[brute[a] ^ brute[n - a]] = 1;
        for (v = 0; seen[v]; v++)
            ;
        brute[n] = v;
    }
    EXPECT(sg_sequence_create_grundy_game(&seq) == SG_OK);
#ifdef SG_NO_THREADS
    EXPECT(sg_sequence_set_threads(seq, 2) == SG_EINVAL);   /* left out: one thread */
#else
    EXPECT(sg_sequence_set_threads(seq, 2) == SG_OK);
#endif
    EXPECT(sg_sequence_extend(seq, G, NULL, NULL) == SG_OK);
    EXPECT(sg_sequence_read(seq, 0, got, G) == SG_OK);
    for (n = 0; n < G; n++) EXPECT(got[n] == brute[n]);
    sg_sequence_free(seq);
}

int main(void)
{
    EXPECT(sg_version_number() == SG_VERSION_NUMBER);
    EXPECT(single_impl_version() == SG_VERSION_NUMBER);
    EXPECT(strcmp(sg_version_string(), SG_VERSION_STRING) == 0);
    check_nim();
    check_subtraction();
    check_rule();
    check_nim_mul();
    check_grundy_threads();
    if (failures) return 1;
    printf("single ok\n");
    return 0;
}
