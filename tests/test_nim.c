/* Nim and misere Nim against exhaustive game-tree search. */
#include "sg.h"
#include "test.h"

/* positions: up to MAXH heaps of up to MAXS tokens, encoded in base (MAXS + 1) */
#define MAXH 5
#define MAXS 7
#define BASE (MAXS + 1)
#define STATES (BASE * BASE * BASE * BASE * BASE)

static signed char win_normal[STATES], win_misere[STATES];

static unsigned encode(const uint64_t *h, size_t n)
{
    unsigned code = 0;
    size_t i;
    for (i = n; i-- > 0;) code = code * BASE + (unsigned)h[i];
    return code;
}

/* Does the player to move win? A plain search over every move (heap i to any smaller size).
 * Normal play: no move = loss. Misere: no move = win (the opponent took the last token).
 * Trailing empty heaps share a code, which is right: an empty heap changes nothing. */
static int brute_win(uint64_t *h, size_t n, int misere)
{
    signed char *memo = misere ? win_misere : win_normal;
    unsigned code = encode(h, n);
    int win = 0, any = 0;
    size_t i;
    if (memo[code] >= 0) return memo[code];
    for (i = 0; i < n && !win; i++) {
        uint64_t old = h[i], s;
        for (s = 0; s < old && !win; s++) {
            any = 1;
            h[i] = s;
            if (!brute_win(h, n, misere)) win = 1;
            h[i] = old;
        }
    }
    if (!any) win = misere;
    memo[code] = (signed char)win;
    return win;
}

static void random_position(uint64_t *h, size_t *n)
{
    size_t i;
    *n = (size_t)test_below(MAXH + 1);
    for (i = 0; i < *n; i++) {
        /* many small heaps, so that misere's endgame (all heaps <= 1) is well covered */
        h[i] = test_below(3) ? test_below(MAXS + 1) : test_below(2);
    }
}

static void reset_memos(void)
{
    memset(win_normal, -1, sizeof win_normal);
    memset(win_misere, -1, sizeof win_misere);
}

static void test_nim_sum(void)
{
    uint64_t h[8];
    size_t i, rep;
    CHECK_EQ(nim_sum(NULL, 0), 0);
    CHECK_EQ(nim_sum(NULL, 3), 0);
    h[0] = 5;
    CHECK_EQ(nim_sum(h, 0), 0);
    CHECK_EQ(nim_sum(h, 1), 5);
    for (rep = 0; rep < 10000; rep++) {
        size_t n = (size_t)test_below(9);
        uint64_t x = 0;
        for (i = 0; i < n; i++) {
            h[i] = test_rand();
            /* XOR written out bit by bit: bit b is the parity of heaps having it */
        }
        for (i = 0; i < 64; i++) {
            size_t j, ones = 0;
            for (j = 0; j < n; j++) ones += (size_t)((h[j] >> i) & 1u);
            x |= (uint64_t)(ones & 1u) << i;
        }
        CHECK_EQ(nim_sum(h, n), x);
    }
}

/* Every position with n heaps (all of them, n <= 4; then random ones with 5): the answer of
 * nim_winning_move, the list of nim_winning_moves, checked against brute force. */
static void check_normal(const uint64_t *h0, size_t n)
{
    uint64_t h[MAXH], new_size = 99;
    size_t heap = 99, i, nbrute = 0, total = 99;
    sg_nim_move_t brute[MAXH * BASE], got[MAXH * BASE + 1];
    int win, r;
    memcpy(h, h0, n * sizeof *h);
    win = brute_win(h, n, 0);
    /* every winning move: a move to a losing position */
    for (i = 0; i < n; i++) {
        uint64_t s, old = h[i];
        for (s = 0; s < old; s++) {
            h[i] = s;
            if (!brute_win(h, n, 0)) {
                brute[nbrute].heap = i;
                brute[nbrute].new_size = s;
                nbrute++;
            }
            h[i] = old;
        }
    }
    CHECK_EQ(win, nbrute > 0);
    r = nim_winning_move(h, n, &heap, &new_size);
    CHECK_EQ(r, win);
    if (r == 1 && nbrute > 0) {
        /* the move is on the lowest-index heap that has one: brute[0] is the first in order */
        CHECK_EQ(heap, brute[0].heap);
        CHECK(heap < n);
        if (heap < n) {
            CHECK(new_size < h[heap]);
            h[heap] = new_size;
            CHECK_EQ(brute_win(h, n, 0), 0);
            memcpy(h, h0, n * sizeof *h);
        }
    }
    /* all of them */
    memset(got, 0xab, sizeof got);
    r = nim_winning_moves(h, n, got, MAXH * BASE + 1, &total);
    CHECK_EQ(r, nbrute > 0);
    CHECK_EQ(total, nbrute);
    for (i = 0; i < nbrute && i < total; i++) {
        CHECK_EQ(got[i].heap, brute[i].heap);
        CHECK_EQ(got[i].new_size, brute[i].new_size);
    }
    /* a cap smaller than the total: the first cap moves, nothing past them */
    if (nbrute > 0) {
        size_t cap = (size_t)test_below(nbrute);
        memset(got, 0xab, sizeof got);
        total = 0;
        r = nim_winning_moves(h, n, got, cap, &total);
        CHECK_EQ(r, 1);
        CHECK_EQ(total, nbrute);
        for (i = 0; i < cap; i++) {
            CHECK_EQ(got[i].heap, brute[i].heap);
            CHECK_EQ(got[i].new_size, brute[i].new_size);
        }
        CHECK_EQ(got[cap].new_size, 0xababababababababULL);
        total = 0;
        CHECK_EQ(nim_winning_moves(h, n, NULL, 0, &total), 1);
        CHECK_EQ(total, nbrute);
    }
}

static void check_misere(const uint64_t *h0, size_t n)
{
    uint64_t h[MAXH], new_size = 99;
    size_t heap = 99, i, first_heap = n;
    int win, r, any_token = 0;
    memcpy(h, h0, n * sizeof *h);
    win = brute_win(h, n, 1);
    for (i = 0; i < n; i++) any_token |= h[i] > 0;
    for (i = 0; i < n && first_heap == n; i++) {
        uint64_t s, old = h[i];
        for (s = 0; s < old; s++) {
            h[i] = s;
            if (!brute_win(h, n, 1)) first_heap = i;
            h[i] = old;
        }
    }
    r = nim_misere_winning_move(h, n, &heap, &new_size);
    CHECK_EQ(r, win);
    /* the outputs not wanted: the same outcome */
    CHECK_EQ(nim_misere_winning_move(h, n, NULL, NULL), win);
    CHECK_EQ(nim_misere_winning_move(h, n, NULL, &new_size), win);
    CHECK_EQ(nim_misere_winning_move(h, n, &heap, NULL), win);
    CHECK_EQ(nim_misere_outcome(h, n), win);
    if (!any_token) {   /* already won: documented answer */
        CHECK_EQ(r, 1);
        CHECK_EQ(heap, n);
        CHECK_EQ(new_size, 0);
        return;
    }
    if (r == 1) {
        CHECK_EQ(heap, first_heap);
        CHECK(heap < n);
        if (heap < n) {
            CHECK(new_size < h[heap]);
            h[heap] = new_size;
            CHECK_EQ(brute_win(h, n, 1), 0);
        }
    } else {
        CHECK_EQ(first_heap, n);
    }
}

static size_t cases_normal, cases_misere;

static void test_exhaustive(void)
{
    uint64_t h[MAXH];
    size_t n, i;
    for (n = 0; n <= 4; n++) {
        unsigned code, total = 1;
        for (i = 0; i < n; i++) total *= BASE;
        for (code = 0; code < total; code++) {
            unsigned c = code;
            for (i = 0; i < n; i++, c /= BASE) h[i] = c % BASE;
            check_normal(h, n);
            check_misere(h, n);
            cases_normal++;
            cases_misere++;
        }
    }
}

static void test_random(void)
{
    uint64_t h[MAXH];
    size_t n, rep;
    for (rep = 0; rep < 20000; rep++) {
        random_position(h, &n);
        check_normal(h, n);
        check_misere(h, n);
        cases_normal++;
        cases_misere++;
    }
}

/* the design's statement of misere Nim, checked against the search on every position */
static void test_misere_rule(void)
{
    uint64_t h[MAXH];
    size_t n, rep, i;
    for (rep = 0; rep < 20000; rep++) {
        int big = 0, loses;
        random_position(h, &n);
        for (i = 0; i < n; i++) big |= h[i] > 1;
        loses = big ? nim_sum(h, n) == 0 : nim_sum(h, n) == 1;
        CHECK_EQ(brute_win(h, n, 1), !loses);
    }
}

/* large heaps: the move is legal, zeroes the nim-sum, and is on the first heap that can */
static void test_large(void)
{
    uint64_t h[16];
    size_t rep, i;
    for (rep = 0; rep < 20000; rep++) {
        size_t n = 1 + (size_t)test_below(16), heap = 0, total = 0, first = 0, count = 0;
        uint64_t new_size = 0, s;
        sg_nim_move_t moves[16];
        int r, found = 0;
        for (i = 0; i < n; i++) h[i] = test_rand() >> test_below(64);
        if (rep % 4 == 0) h[n - 1] = nim_sum(h, n - 1);   /* a losing position */
        s = nim_sum(h, n);
        for (i = 0; i < n; i++)
            if ((h[i] ^ s) < h[i]) {
                if (!found) first = i;
                found = 1;
                count++;
            }
        r = nim_winning_move(h, n, &heap, &new_size);
        CHECK_EQ(r, s != 0);
        CHECK_EQ(found, s != 0);
        if (r == 1) {
            uint64_t old = h[heap];
            CHECK_EQ(heap, first);
            CHECK(new_size < old);
            h[heap] = new_size;
            CHECK_EQ(nim_sum(h, n), 0);
            h[heap] = old;
        }
        r = nim_winning_moves(h, n, moves, 16, &total);
        CHECK_EQ(r, s != 0);
        CHECK_EQ(total, count);
        for (i = 0; i < total && i < 16; i++) {
            uint64_t old = h[moves[i].heap];
            CHECK(moves[i].new_size < old);
            CHECK(i == 0 || moves[i].heap > moves[i - 1].heap);
            h[moves[i].heap] = moves[i].new_size;
            CHECK_EQ(nim_sum(h, n), 0);
            h[moves[i].heap] = old;
        }
    }
    h[0] = UINT64_MAX;
    h[1] = 0;
    {
        size_t heap = 9;
        uint64_t ns = 9;
        CHECK_EQ(nim_winning_move(h, 2, &heap, &ns), 1);
        CHECK_EQ(heap, 0);
        CHECK_EQ(ns, 0);
        h[1] = UINT64_MAX;
        CHECK_EQ(nim_winning_move(h, 2, &heap, &ns), 0);
        CHECK_EQ(nim_misere_winning_move(h, 2, &heap, &ns), 0);
    }
}

static void test_errors(void)
{
    uint64_t h[2] = {1, 2}, ns = 7;
    size_t heap = 7, total = 7;
    sg_nim_move_t m[2];
    /* outputs not wanted may be NULL: the outcome is still returned (1 ^ 2 != 0: a win) */
    CHECK_EQ(nim_winning_move(h, 2, NULL, &ns), 1);
    CHECK_EQ(ns, 2 ^ 3);
    CHECK_EQ(nim_winning_move(h, 2, &heap, NULL), 1);
    CHECK_EQ(heap, 1);
    CHECK_EQ(nim_winning_move(h, 2, NULL, NULL), 1);
    heap = 7;
    ns = 7;
    CHECK_EQ(nim_winning_move(NULL, 2, &heap, &ns), SG_EINVAL);
    CHECK_EQ(nim_winning_move(NULL, 0, &heap, &ns), 0);
    CHECK_EQ(nim_winning_moves(h, 2, m, 2, NULL), 1);
    CHECK_EQ(nim_winning_moves(h, 2, NULL, 0, NULL), 1);
    CHECK_EQ(nim_winning_moves(NULL, 2, m, 2, &total), SG_EINVAL);
    CHECK_EQ(nim_winning_moves(h, 2, NULL, 1, &total), SG_EINVAL);
    CHECK_EQ(nim_winning_moves(NULL, 0, NULL, 0, &total), 0);
    CHECK_EQ(total, 0);
    CHECK_EQ(nim_misere_winning_move(h, 2, NULL, NULL), 1);
    CHECK_EQ(nim_misere_outcome(NULL, 2), SG_EINVAL);
    CHECK_EQ(nim_misere_outcome(NULL, 0), 1);
    CHECK_EQ(nim_misere_winning_move(NULL, 2, &heap, &ns), SG_EINVAL);
    CHECK_EQ(heap, 7);
    CHECK_EQ(ns, 7);
    /* the empty position of misere Nim: already won */
    CHECK_EQ(nim_misere_winning_move(NULL, 0, &heap, &ns), 1);
    CHECK_EQ(heap, 0);
    CHECK_EQ(ns, 0);
}

int main(void)
{
    reset_memos();
    RUN(test_nim_sum);
    RUN(test_exhaustive);
    RUN(test_random);
    RUN(test_misere_rule);
    RUN(test_large);
    RUN(test_errors);
    printf("nim: %zu normal and %zu misere positions against exhaustive search\n",
           cases_normal, cases_misere);
    return TEST_REPORT();
}
