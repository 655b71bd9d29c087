/* A solution-like program on the contest header, exactly as a judge sees it: one unit,
 * SG_STATIC, the header included. tests/check_contest.sh defines HAS_<MODULE> for the modules the
 * header holds (so one program serves every PARTS subset) and builds it as C and as C++ with
 * every warning an error. Every value is checked against a brute force written here (with the
 * plain mex of tests/expect.h). */
#define SG_STATIC
#include <sg.h>

#include <stdio.h>
#include <string.h>

/* the casts of a C++ solution built with -Wold-style-cast */
#ifdef __cplusplus
#  define CAST(T, x) static_cast<T>(x)
#else
#  define CAST(T, x) ((T)(x))
#endif

#include "../expect.h"
#include "structured.h"

/* subtraction game S: G(n) = mex { G(n - s) : s in S, s <= n } */
static void brute_sub(unsigned *g, int count, const int *s, int ns)
{
    unsigned opt[16];
    int n, i, k;
    for (n = 0; n < count; n++) {
        for (k = 0, i = 0; i < ns; i++)
            if (s[i] <= n) opt[k++] = g[n - s[i]];
        g[n] = brute_mex(opt, k);
    }
}

#if defined(HAS_NIM)
/* a win for the player to move, by searching the game tree of heaps a <= b <= c */
static int brute_win(int a, int b, int c, int misere)
{
    int h[3], i, k;
    h[0] = a;
    h[1] = b;
    h[2] = c;
    if (a + b + c == 0) return misere;
    for (i = 0; i < 3; i++)
        for (k = 0; k < h[i]; k++) {
            int x[3];
            x[0] = h[0];
            x[1] = h[1];
            x[2] = h[2];
            x[i] = k;
            if (!brute_win(x[0], x[1], x[2], misere)) return 1;
        }
    return 0;
}

static void check_nim(void)
{
    int a, b, c;
    for (a = 0; a < 5; a++)
        for (b = 0; b < 5; b++)
            for (c = 0; c < 5; c++) {
                uint64_t h[3];
                size_t heap = 9;
                uint64_t to = 9;
                h[0] = CAST(uint64_t, a);
                h[1] = CAST(uint64_t, b);
                h[2] = CAST(uint64_t, c);
                EXPECT(nim_winning_move(h, 3, NULL, NULL) == brute_win(a, b, c, 0));
                EXPECT(nim_misere_outcome(h, 3) == brute_win(a, b, c, 1));
                if (nim_misere_winning_move(h, 3, &heap, &to) == 1 && heap < 3) {
                    h[heap] = to;
                    EXPECT(!brute_win(CAST(int, h[0]), CAST(int, h[1]),
                                      CAST(int, h[2]), 1));
                }
            }
}
#endif

#if defined(HAS_NIMMUL)
/* Conway's definition: a*b = mex { a'*b ^ a*b' ^ a'*b' : a' < a, b' < b } */
static void check_nimmul(void)
{
    static unsigned prod[32][32];
    unsigned opt[32 * 32];
    int a, b, x, y, k;
    for (a = 0; a < 32; a++)
        for (b = 0; b < 32; b++) {
            for (k = 0, x = 0; x < a; x++)
                for (y = 0; y < b; y++) opt[k++] = prod[x][b] ^ prod[a][y] ^ prod[x][y];
            prod[a][b] = brute_mex(opt, k);
            EXPECT(nim_mul(CAST(uint64_t, a), CAST(uint64_t, b)) == prod[a][b]);
        }
    /* the field on 64 bits: distributive over XOR, and F*F = 3F/2 for F = 2^32 */
    {
        uint64_t p = 0x9e3779b97f4a7c15u, q = 0xc2b2ae3d27d4eb4fu, r = 0x165667b19e3779f9u;
        EXPECT(nim_mul(p, q ^ r) == (nim_mul(p, q) ^ nim_mul(p, r)));
        EXPECT(nim_mul(nim_mul(p, q), r) == nim_mul(p, nim_mul(q, r)));
        EXPECT(nim_mul(CAST(uint64_t, 1) << 32, CAST(uint64_t, 1) << 32) ==
               (CAST(uint64_t, 3) << 31));
    }
}
#endif

#if defined(HAS_ENGINE)
/* the subtraction game {1, 3, 4} as a rule */
static int sub134(void *user, uint64_t n, sg_moves_t *out)
{
    static const uint64_t s[3] = {1, 3, 4};
    int i;
    (void)user;
    for (i = 0; i < 3; i++)
        if (s[i] <= n) sg_move_to(out, n - s[i]);
    return 0;
}

/* Wythoff's game on a key x * 64 + y (x, y < 64) */
static int wythoff(void *user, uint64_t key, sg_moves_t *out)
{
    uint64_t x = key / 64, y = key % 64, k;
    (void)user;
    for (k = 1; k <= x; k++) sg_move_to(out, (x - k) * 64 + y);
    for (k = 1; k <= y; k++) sg_move_to(out, x * 64 + y - k);
    for (k = 1; k <= x && k <= y; k++) sg_move_to(out, (x - k) * 64 + y - k);
    return 0;
}

static void check_engine(void)
{
    static const int s[3] = {1, 3, 4};
    unsigned want[300];
    sg_value_t t[300];
    sg_memo_t *memo = NULL;
    uint64_t comp[3] = {10, 11, 299};
    size_t which = 9, option = 9;
    int n, x;
    brute_sub(want, 300, s, 3);
    EXPECT(sg_table_build(t, 300, sub134, NULL) == SG_OK);
    for (n = 0; n < 300; n++) EXPECT(t[n] == want[n]);
    EXPECT(sg_winning_move(t, 300, sub134, NULL, comp, 3, &which, &option) ==
           ((want[10] ^ want[11] ^ want[299]) != 0));
    /* Wythoff's P-positions: (0,0), (1,2), (3,5), (4,7), (6,10), ... */
    EXPECT(sg_memo_create(&memo, wythoff, NULL) == SG_OK);
    for (x = 0; x < 20; x++) {
        sg_value_t v = 1;
        int y, p = -1;
        for (y = 0; y < 40; y++) {
            EXPECT(sg_memo_value(memo, CAST(uint64_t, x) * 64 + CAST(uint64_t, y), &v) ==
                   SG_OK);
            if (v == 0) p = y;
        }
        if (x == 1) EXPECT(p == 2);
        if (x == 6) EXPECT(p == 10);
    }
    sg_memo_free(memo);
    EXPECT(sg_mex(NULL, 0) == 0);
}
#endif

#if defined(HAS_SUBTRACTION)
static void check_subtraction(void)
{
    static const int s[3] = {2, 5, 6};
    static const uint64_t s64[3] = {2, 5, 6};
    unsigned want[400];
    sg_value_t t[400], v = 0;
    sg_period_t p;   /* the pattern of docs/contest.md: filled by the library, never set here */
    uint64_t n;
    brute_sub(want, 400, s, 3);
    EXPECT(sg_subtraction_table(t, 400, s64, 3) == SG_OK);
    for (n = 0; n < 400; n++) EXPECT(t[n] == want[n]);
    if (sg_subtraction_period(s64, 3, &p) != SG_OK) return;
    EXPECT(p.proven == 1 && p.saltus == 0);
    for (n = 0; n < 400; n++) {
        EXPECT(sg_period_value(t, p.preperiod + p.period, &p, n, &v) == SG_OK);
        EXPECT(v == want[n]);
    }
    EXPECT(sg_period_value(t, p.preperiod + p.period, &p, 1000000000000000000u, &v) == SG_OK);
    EXPECT(sg_subtraction_period(s64, 0, &p) == SG_EINVAL);
}
#endif

#if defined(HAS_ALLBUT)
static void check_allbut(void)
{
    static const uint64_t ex[2] = {2, 5};
    unsigned g[600], opt[600];
    sg_period_t p;
    int n, k, m;
    for (n = 0; n < 600; n++) {
        for (m = 0, k = 1; k <= n; k++)
            if (k != 2 && k != 5) opt[m++] = g[n - k];
        g[n] = brute_mex(opt, m);
    }
    EXPECT(sg_allbut_period(ex, 2, 1u << 16, &p) == SG_OK);
    EXPECT(p.proven == 1);
    for (n = CAST(int, p.preperiod); p.period && n + CAST(int, p.period) < 600; n++)
        EXPECT(g[n + CAST(int, p.period)] == g[n] + p.saltus);
}
#endif

#if defined(HAS_PATTERN)
/* Lasker's Nim: take any number from a heap, or split it into two non-empty heaps */
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

static void check_pattern(void)
{
    sg_value_t t[200], v = 0;
    sg_period_t p;
    EXPECT(sg_rule_pattern(lasker, NULL, 200, &p) == SG_OK);
    EXPECT(p.proven == 0 && p.preperiod == 1 && p.period == 4 && p.saltus == 4);
    EXPECT(sg_table_build(t, 200, lasker, NULL) == SG_OK);
    EXPECT(sg_period_value_observed(t, 200, &p, 1000000003, &v) == SG_OK && v == 1000000004);
}
#endif

#if defined(HAS_OCTAL)
/* a take-and-break game by its (hexadecimal) digits, from the definition: digit i, bit 1 takes
 * a heap of i, bit 2 leaves one heap, bit 4 two heaps, bit 8 three heaps */
static void brute_octal(unsigned *g, int count, const char *digits)
{
    static unsigned opt[1 << 14];
    int n, i, a, b, k, nd = CAST(int, strlen(digits));
    for (n = 0; n < count; n++) {
        for (k = 0, i = 1; i <= nd && i <= n; i++) {
            char c = digits[i - 1];
            int d = c <= '9' ? c - '0' : c - 'a' + 10, m = n - i;
            if ((d & 1) && m == 0) opt[k++] = 0;
            if ((d & 2) && m > 0) opt[k++] = g[m];
            if (d & 4)
                for (a = 1; 2 * a <= m; a++) opt[k++] = g[a] ^ g[m - a];
            if (d & 8)
                for (a = 1; 3 * a <= m; a++)
                    for (b = a; a + 2 * b <= m; b++) opt[k++] = g[a] ^ g[b] ^ g[m - a - b];
        }
        g[n] = brute_mex(opt, k);
    }
}

static void check_octal(void)
{
    /* 0.8's values grow (G(n + 3) == G(n) + 1): its table is filled by that addition once
     * proven */
    static const char *const codes[4][2] = {{"0.07", "07"}, {"0.137", "137"}, {"0.77", "77"},
                                            {"0.8", "8"}};
    unsigned want[300];
    sg_value_t t[300];
    int c, n;
    for (c = 0; c < 4; c++) {
        sg_octal_t *game = NULL;
        sg_period_t p;
        brute_octal(want, 300, codes[c][1]);
        EXPECT(sg_octal_parse(codes[c][0], &game) == SG_OK);
        EXPECT(sg_octal_table(game, t, 300) == SG_OK);
        for (n = 0; n < 300; n++) EXPECT(t[n] == want[n]);
        EXPECT(sg_octal_period(game, 4096, &p) == SG_OK && p.proven == 1);
        sg_octal_free(game);
    }
}
#endif

#if defined(HAS_CLOSED)
/* Wythoff's game by searching it: a P-position has no move to a P-position */
static void check_closed(void)
{
    static signed char lose[40][40];
    int x, y, k;
    for (x = 0; x < 40; x++)
        for (y = 0; y < 40; y++) {
            int win = 0;
            for (k = 1; k <= x && !win; k++) win = lose[x - k][y];
            for (k = 1; k <= y && !win; k++) win = lose[x][y - k];
            for (k = 1; k <= x && k <= y && !win; k++) win = lose[x - k][y - k];
            lose[x][y] = CAST(signed char, !win);
        }
    for (x = 0; x < 40; x++)
        for (y = 0; y < 40; y++) {
            uint64_t nx = 99, ny = 99;
            int r = sg_wythoff_winning_move(CAST(uint64_t, x), CAST(uint64_t, y), &nx, &ny);
            EXPECT(r == !lose[x][y]);
            if (r == 1) EXPECT(nx < 40 && ny < 40 && lose[nx][ny]);
        }
    /* the ruler game: a head at place n is worth the largest power of 2 dividing n */
    for (k = 1; k < 100; k++) {
        uint64_t v = 0;
        EXPECT(sg_coin_value(SG_COIN_RULER, CAST(uint64_t, k), &v) == SG_OK);
        EXPECT(v == CAST(uint64_t, k & -k));
    }
}
#endif

#if defined(HAS_NIMBER)
static void check_nimber(void)
{
    uint64_t a;
    for (a = 1; a < 300; a++) EXPECT(nim_mul(a, nim_inv(a)) == 1);
}
#endif

int main(void)
{
    /* the brute forces serve the modules held; not every subset uses both */
    (void)brute_mex;
    (void)brute_sub;
#if defined(HAS_NIM)
    check_nim();
#endif
#if defined(HAS_NIMMUL)
    check_nimmul();
#endif
#if defined(HAS_ENGINE)
    check_engine();
#endif
#if defined(HAS_SUBTRACTION)
    check_subtraction();
#endif
#if defined(HAS_ALLBUT)
    check_allbut();
#endif
#if defined(HAS_PATTERN)
    check_pattern();
#endif
#if defined(HAS_OCTAL)
    check_octal();
#endif
#if defined(HAS_CLOSED)
    check_closed();
#endif
#if defined(HAS_NIMBER)
    check_nimber();
#endif
#if defined(HAS_WELTER)
    check_welter();
#endif
#if defined(HAS_HACKENBUSH)
    check_hackenbush();
#endif
#if defined(HAS_STORE)
    check_store();
#endif
#if defined(HAS_SELFTEST)
    check_selftest();
#endif
#if defined(HAS_NODEKAYLES)
    check_kayles(0);
#endif
#if defined(HAS_ARCKAYLES)
    check_kayles(1);
#endif
#if defined(HAS_BOARDS)
    check_boards();
#endif
    EXPECT(sg_strerror(SG_EINVAL) != NULL);
    if (failures) return 1;
    printf("contest ok\n");
    return 0;
}
