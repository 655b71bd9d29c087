/* Moore's Nim_k against the generic engine (a rule written here from the moves) on up to four
 * small heaps, and the bit-count condition on random large heaps. */
#include "sg.h"
#include "test.h"

#define B 6             /* heaps 0 .. 5 */
#define H 4             /* four heaps: position = sum heap[i] * B^i */
#define COUNT (B * B * B * B)

static void decode(uint64_t pos, uint64_t h[H])
{
    unsigned i;
    for (i = 0; i < H; i++, pos /= B) h[i] = pos % B;
}

static uint64_t encode(const uint64_t h[H])
{
    uint64_t pos = 0;
    int i;
    for (i = H - 1; i >= 0; i--) pos = pos * B + h[i];
    return pos;
}

/* options: a non-empty set of at most k heaps, each made smaller */
static int moore_rule(void *user, uint64_t pos, sg_moves_t *out)
{
    uint64_t k = *(const uint64_t *)user, h[H], g[H];
    unsigned mask, i, size;
    decode(pos, h);
    for (mask = 1; mask < (1u << H); mask++) {
        for (i = 0, size = 0; i < H; i++)
            if (mask >> i & 1) size++;
        if (size > k) continue;
        for (i = 0; i < H; i++) g[i] = h[i];
        for (i = 0; i < H; i++)
            if ((mask >> i & 1) && h[i] == 0) break;
        if (i < H) continue;
        for (i = 0; i < H; i++)
            if (mask >> i & 1) g[i] = 0;
        for (;;) {      /* every g with g[i] < h[i] on the mask: a mixed-radix counter */
            sg_move_to(out, encode(g));
            for (i = 0; i < H; i++) {
                if (!(mask >> i & 1)) continue;
                if (++g[i] < h[i]) break;
                g[i] = 0;
            }
            if (i == H) break;
        }
    }
    return 0;
}

static int move_ok(const uint64_t *h, const uint64_t *g, size_t n, uint64_t k)
{
    size_t i, changed = 0;
    for (i = 0; i < n; i++) {
        if (g[i] > h[i]) return 0;
        if (g[i] < h[i]) changed++;
    }
    return changed >= 1 && changed <= k;
}

static void test_small_against_engine(void)
{
    static sg_value_t table[COUNT];
    uint64_t k, pos, h[H], g[H];
    size_t n;
    for (k = 1; k <= 4; k++) {
        CHECK_EQ(sg_table_build(table, COUNT, moore_rule, &k), SG_OK);
        for (pos = 0; pos < COUNT; pos++) {
            decode(pos, h);
            for (n = 1; n <= H; n++) {
                /* fewer heaps: the missing ones are 0 */
                int r;
                size_t i;
                for (i = n; i < H && h[i] == 0; i++) continue;
                if (i < H) continue;
                r = sg_moore_nim_winning_move(h, n, k, g);
                CHECK_EQ(r, table[pos] != 0);
                CHECK_EQ(sg_moore_nim_winning_move(h, n, k, NULL), r);
                if (r == 1) {
                    for (i = n; i < H; i++) g[i] = 0;
                    CHECK(move_ok(h, g, n, k));
                    CHECK_EQ(table[encode(g)], 0);
                }
            }
        }
    }
}

static int is_p(const uint64_t *h, size_t n, uint64_t k)
{
    int bit;
    size_t i;
    for (bit = 0; bit < 64; bit++) {
        uint64_t c = 0;
        for (i = 0; i < n; i++) c += h[i] >> bit & 1;
        if (c % (k + 1) != 0) return 0;
    }
    return 1;
}

static void test_large(void)
{
    uint64_t h[40], g[40];
    unsigned t;
    for (t = 0; t < 3000; t++) {
        size_t n = (size_t)test_below(40) + 1, i;
        uint64_t k = test_below(6) + 1;
        int r;
        for (i = 0; i < n; i++) h[i] = test_rand() >> (1 + test_below(63));
        if (t % 2) {    /* make most bit counts multiples of k + 1 */
            for (i = 0; i + k < n; i += k + 1) {
                size_t j;
                for (j = 1; j <= k; j++) h[i + j] = h[i];
            }
        }
        r = sg_moore_nim_winning_move(h, n, k, g);
        CHECK_EQ(r, !is_p(h, n, k));
        if (r == 1) {
            CHECK(move_ok(h, g, n, k));
            CHECK(is_p(g, n, k));
        }
    }
    /* k larger than the number of heaps: any non-empty position wins by emptying everything */
    h[0] = SG_CLOSED_MAX;
    h[1] = 5;
    CHECK_EQ(sg_moore_nim_winning_move(h, 2, UINT64_MAX, g), 1);
    CHECK_EQ(g[0], 0);
    CHECK_EQ(g[1], 0);
}

static void test_bad_input(void)
{
    uint64_t h[2] = {3, SG_CLOSED_MAX + 1}, g[2] = {9, 9};
    CHECK_EQ(sg_moore_nim_winning_move(h, 2, 1, g), SG_ERANGE);
    CHECK_EQ(g[0], 9);
    CHECK_EQ(sg_moore_nim_winning_move(h, 1, 0, g), SG_EINVAL);
    CHECK_EQ(sg_moore_nim_winning_move(NULL, 1, 1, g), SG_EINVAL);
    CHECK_EQ(sg_moore_nim_winning_move(NULL, 0, 1, g), 0);
    CHECK_EQ(sg_moore_nim_winning_move(h, 1, 1, NULL), 1);
}

int main(void)
{
    RUN(test_small_against_engine);
    RUN(test_large);
    RUN(test_bad_input);
    return TEST_REPORT();
}
