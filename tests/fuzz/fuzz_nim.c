/* The Nim functions against brute force: for up to 4 heaps of at most 7 tokens every position is
 * solved by search over its moves (normal and misere play); larger positions are checked against
 * the rules' statements (the move lands on a lost position, the lowest heap that has one);
 * nim_mul against the definition of nimber multiplication below 64 and the field laws above. */
#include "fuzz.h"

#include <sg.h>

#define SMALL_HEAPS 4
#define SMALL_MAX 8              /* sizes 0..7 */
#define SMALL_STATES 4096        /* SMALL_MAX^SMALL_HEAPS */

static unsigned char lose_normal[SMALL_HEAPS + 1][SMALL_STATES];
static unsigned char lose_misere[SMALL_HEAPS + 1][SMALL_STATES];
static uint64_t mul_table[64][64];

static size_t encode(const uint64_t *h, size_t c)
{
    size_t i, x = 0;
    for (i = c; i-- > 0;) x = x * SMALL_MAX + (size_t)h[i];
    return x;
}

static void decode_state(size_t x, uint64_t *h, size_t c)
{
    size_t i;
    for (i = 0; i < c; i++, x /= SMALL_MAX) h[i] = x % SMALL_MAX;
}

/* every move lowers one digit, so smaller codes come first */
static void solve_small(void)
{
    size_t c, x, i, states;
    uint64_t h[SMALL_HEAPS], k, save;
    for (c = 0, states = 1; c <= SMALL_HEAPS; c++, states *= SMALL_MAX) {
        for (x = 0; x < states; x++) {
            int any = 0, win_n = 0, win_m = 0;
            decode_state(x, h, c);
            for (i = 0; i < c; i++) {
                save = h[i];
                for (k = 0; k < save; k++) {
                    size_t y;
                    h[i] = k;
                    y = encode(h, c);
                    any = 1;
                    if (lose_normal[c][y]) win_n = 1;
                    if (lose_misere[c][y]) win_m = 1;
                }
                h[i] = save;
            }
            lose_normal[c][x] = (unsigned char)!win_n;
            /* misere: with no move left the opponent took the last token, so we have won */
            lose_misere[c][x] = (unsigned char)(any && !win_m);
        }
    }
}

/* a (x) b = mex{ (a' (x) b) ^ (a (x) b') ^ (a' (x) b') : a' < a, b' < b } */
static void solve_mul(void)
{
    static unsigned char seen[4097];
    unsigned a, b, i, j;
    for (a = 0; a < 64; a++)
        for (b = 0; b < 64; b++) {
            uint64_t m = 0;
            memset(seen, 0, sizeof seen);
            for (i = 0; i < a; i++)
                for (j = 0; j < b; j++) {
                    uint64_t v = mul_table[i][b] ^ mul_table[a][j] ^ mul_table[i][j];
                    if (v < sizeof seen) seen[v] = 1;
                }
            while (seen[m]) m++;
            mul_table[a][b] = m;
        }
}

static int misere_lost(const uint64_t *h, size_t c)
{
    size_t i;
    int big = 0;
    uint64_t s = 0;
    for (i = 0; i < c; i++) {
        s ^= h[i];
        if (h[i] > 1) big = 1;
    }
    return big ? s == 0 : s == 1;   /* DESIGN.md, convention 4 (an empty position has s == 0) */
}

static void check_small(fuzz_in_t *in)
{
    uint64_t h[SMALL_HEAPS], ns = 99, k, save;
    sg_nim_move_t moves[SMALL_HEAPS + 1];
    size_t c = fuzz_u8(in) % (SMALL_HEAPS + 1), i, heap = 99, total = 99, cap, n = 0, x;
    int r, lowest = -1, lowest_m = -1;
    for (i = 0; i < c; i++) h[i] = fuzz_u8(in) % SMALL_MAX;
    x = encode(h, c);
    /* brute force: which heaps have a winning reduction (one at most in normal play) */
    for (i = 0; i < c; i++) {
        int wins = 0;
        save = h[i];
        for (k = 0; k < save; k++) {
            h[i] = k;
            if (lose_normal[c][encode(h, c)]) wins++;
            if (lose_misere[c][encode(h, c)] && lowest_m < 0) lowest_m = (int)i;
        }
        h[i] = save;
        FUZZ_CHECK(wins <= 1);
        if (wins && lowest < 0) lowest = (int)i;
        if (wins) n++;
    }
    FUZZ_CHECK(misere_lost(h, c) == lose_misere[c][x]);   /* the rule agrees with the search */

    r = nim_winning_move(h, c, &heap, &ns);
    FUZZ_CHECK(r == !lose_normal[c][x]);
    if (r == 1) {
        FUZZ_CHECK((int)heap == lowest && ns < h[heap]);
        save = h[heap];
        h[heap] = ns;
        FUZZ_CHECK(lose_normal[c][encode(h, c)]);
        h[heap] = save;
    }

    cap = fuzz_u8(in) % (SMALL_HEAPS + 1);
    memset(moves, 0xee, sizeof moves);
    r = nim_winning_moves(h, c, cap ? moves : NULL, cap, &total);
    FUZZ_CHECK(r == (n != 0) && total == n);
    for (i = 0; i < cap && i < n; i++) {
        FUZZ_CHECK(moves[i].heap < c && moves[i].new_size < h[moves[i].heap]);
        FUZZ_CHECK(i == 0 || moves[i].heap > moves[i - 1].heap);
        save = h[moves[i].heap];
        h[moves[i].heap] = moves[i].new_size;
        FUZZ_CHECK(lose_normal[c][encode(h, c)]);
        h[moves[i].heap] = save;
    }
    for (i = cap < n ? cap : n; i <= SMALL_HEAPS; i++)   /* nothing written past min(cap, n) */
        FUZZ_CHECK(moves[i].new_size == 0xeeeeeeeeeeeeeeeeu);

    r = nim_misere_winning_move(h, c, &heap, &ns);
    if (nim_sum(h, c) == 0 && encode(h, c) == 0) {   /* no token at all */
        FUZZ_CHECK(r == 1 && heap == c && ns == 0);
        return;
    }
    FUZZ_CHECK(r == !lose_misere[c][x]);
    if (r == 1) {
        FUZZ_CHECK((int)heap == lowest_m && ns < h[heap]);
        h[heap] = ns;
        FUZZ_CHECK(lose_misere[c][encode(h, c)]);
    }
}

static void check_large(fuzz_in_t *in)
{
    uint64_t h[16], s = 0, ns = 0, save;
    size_t c = fuzz_u8(in) % 17, i, heap = 0, total = 0, n = 0;
    int r, zero = 1;
    for (i = 0; i < c; i++) {
        h[i] = fuzz_num(in);
        s ^= h[i];
        if (h[i]) zero = 0;
    }
    FUZZ_CHECK(nim_sum(h, c) == s);
    r = nim_winning_move(h, c, &heap, &ns);
    FUZZ_CHECK(r == (s != 0));
    if (r == 1) {
        FUZZ_CHECK(heap < c && ns < h[heap]);
        for (i = 0; i < heap; i++) FUZZ_CHECK((h[i] ^ s) >= h[i]);   /* none lower works */
        FUZZ_CHECK((s ^ h[heap] ^ ns) == 0);
    }
    r = nim_winning_moves(h, c, NULL, 0, &total);
    for (i = 0; i < c; i++) n += (h[i] ^ s) < h[i];
    FUZZ_CHECK(total == n && r == (n != 0));

    r = nim_misere_winning_move(h, c, &heap, &ns);
    if (zero) {
        FUZZ_CHECK(r == 1 && heap == c && ns == 0);
        return;
    }
    FUZZ_CHECK(r == !misere_lost(h, c));
    if (r == 1) {
        FUZZ_CHECK(heap < c && ns < h[heap]);
        save = h[heap];
        h[heap] = ns;
        FUZZ_CHECK(misere_lost(h, c));
        h[heap] = save;
    }
}

static void check_mul(fuzz_in_t *in)
{
    uint64_t a = fuzz_bytes(in, 8), b = fuzz_bytes(in, 8), c = fuzz_bytes(in, 8), ab;
    unsigned k;
    FUZZ_CHECK(nim_mul(a & 63, b & 63) == mul_table[a & 63][b & 63]);
    ab = nim_mul(a, b);
    FUZZ_CHECK(ab == nim_mul(b, a));
    FUZZ_CHECK(nim_mul(ab, c) == nim_mul(a, nim_mul(b, c)));
    FUZZ_CHECK(nim_mul(a, b ^ c) == (ab ^ nim_mul(a, c)));
    FUZZ_CHECK(nim_mul(a, 1) == a && nim_mul(a, 0) == 0);
    FUZZ_CHECK((a == 0 || b == 0) == (ab == 0));   /* a field: no zero divisors */
    /* a Fermat 2-power F = 2^(2^k) has F (x) F = 3F/2, and F (x) x = F * x for x < F */
    k = (unsigned)(c % 6);
    {
        uint64_t f = (uint64_t)1 << (1u << k), x = a & (f - 1);
        FUZZ_CHECK(nim_mul(f, f) == (f ^ (f >> 1)));
        FUZZ_CHECK(nim_mul(f, x) == f * x);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int ready;
    fuzz_in_t in;
    if (!ready) {
        solve_small();
        solve_mul();
        ready = 1;
    }
    fuzz_in_init(&in, data, size);
    while (fuzz_in_left(&in)) {
        uint8_t what = fuzz_u8(&in);
        if (what % 3 == 0) check_small(&in);
        else if (what % 3 == 1) check_large(&in);
        else check_mul(&in);
    }
    return 0;
}
