#include "../../common/sg_internal.h"

#include <stdlib.h>

/* Wythoff's game: two heaps; a move takes any positive number of tokens from one heap, or the
 * same number from both. Its P-positions are (a_k, b_k) and (b_k, a_k) with a_k = floor(k phi),
 * b_k = a_k + k, phi = (1 + sqrt 5) / 2 (Wythoff 1907), and the a_k, b_k for k >= 1 split the
 * positive integers between them (Beatty's theorem). Everything here is exact integer
 * arithmetic: a < n phi <=> a^2 - a n - n^2 < 0 <=> a (a - n) < n^2 for a >= n, compared in
 * 128 bits. */

/* a * b as (hi, lo) */
static void sg__wy_mul128(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
    uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    *lo = (mid << 32) | (p00 & 0xffffffffu);
    *hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

/* a < n phi, for n <= a < 2^64 */
static int sg__wy_below(uint64_t a, uint64_t n)
{
    uint64_t lh, ll, rh, rl;
    sg__wy_mul128(a, a - n, &lh, &ll);
    sg__wy_mul128(n, n, &rh, &rl);
    return lh < rh || (lh == rh && ll < rl);
}

/* floor(n phi) for n <= 2^63 (so below 2^64): a binary search between n + n/2, below n phi,
 * and n + n/2 + n/4 + 2, above it */
static uint64_t sg__wy_floor_phi(uint64_t n)
{
    uint64_t lo = n + n / 2, hi = n + n / 2 + n / 4 + 2;
    if (n == 0) return 0;
    while (hi - lo > 1) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (sg__wy_below(mid, n)) lo = mid;
        else hi = mid;
    }
    return lo;
}

int sg_wythoff_pair(uint64_t k, uint64_t *a, uint64_t *b)
{
    uint64_t ak;
    if (k > SG_CLOSED_MAX) return SG_ERANGE;
    ak = sg__wy_floor_phi(k);
    if (ak > SG_CLOSED_MAX - k) return SG_ERANGE;
    if (a != NULL) *a = ak;
    if (b != NULL) *b = ak + k;
    return SG_OK;
}

int sg_wythoff_winning_move(uint64_t x, uint64_t y, uint64_t *new_x, uint64_t *new_y)
{
    uint64_t lo = x < y ? x : y, hi = x < y ? y : x, k = hi - lo, to_lo, to_hi, fx, kk;
    if (x > SG_CLOSED_MAX || y > SG_CLOSED_MAX) return SG_ERANGE;
    if (sg__wy_floor_phi(k) == lo) return 0;          /* (a_k, b_k), with (0, 0) at k = 0 */
    if (lo == 0) {
        to_lo = to_hi = 0;
    } else {
        fx = sg__wy_floor_phi(lo);
        kk = fx - lo + 1;           /* lo = a_kk if lo is a lower number */
        if (sg__wy_floor_phi(kk) == lo) {
            if (hi > lo + kk) {
                to_lo = lo;         /* take the larger heap down to b_kk */
                to_hi = lo + kk;
            } else {
                to_lo = sg__wy_floor_phi(k);    /* a_k < lo: the same from both */
                to_hi = to_lo + k;
            }
        } else {
            /* lo = b_j, j = ceil(lo / phi^2) = 2 lo - floor(lo phi): the larger heap goes
             * down to a_j = lo - j = floor(lo phi) - lo */
            to_lo = lo;
            to_hi = fx - lo;
        }
    }
    if (x <= y) {
        if (new_x != NULL) *new_x = to_lo;
        if (new_y != NULL) *new_y = to_hi;
    } else {
        if (new_x != NULL) *new_x = to_hi;
        if (new_y != NULL) *new_y = to_lo;
    }
    return 1;
}

int sg_wythoff_table(sg_value_t *table, uint64_t rows, uint64_t cols)
{
    uint64_t *stamp, x, y, d, n, big, cell = 0;
    size_t slots;
    if (table == NULL && rows != 0 && cols != 0) return SG_EINVAL;
    if (rows == 0 || cols == 0) return SG_OK;
    if (cols > UINT64_MAX / rows || rows * cols > SIZE_MAX / sizeof *table) return SG_ERANGE;
    /* a cell has at most x + y + min(x, y) options, so its value is at most that */
    big = rows > cols ? rows : cols;
    if (big > (SG__CAST(uint64_t, 1) << 31) / 3) return SG_ERANGE;
    slots = SG__CAST(size_t, 3 * big);
    if (slots > SIZE_MAX / sizeof *stamp) return SG_ENOMEM;
    stamp = SG__CAST(uint64_t *, calloc(slots, sizeof *stamp));
    if (stamp == NULL) return SG_ENOMEM;
    for (x = 0; x < rows; x++)
        for (y = 0; y < cols; y++) {
            sg_value_t v = 0;
            cell++;     /* stamp[v] == cell: value v is an option's */
            for (d = 1; d <= x; d++) stamp[table[(x - d) * cols + y]] = cell;
            for (d = 1; d <= y; d++) stamp[table[x * cols + y - d]] = cell;
            for (d = 1, n = x < y ? x : y; d <= n; d++)
                stamp[table[(x - d) * cols + y - d]] = cell;
            while (stamp[v] == cell) v++;
            table[x * cols + y] = v;
        }
    free(stamp);
    return SG_OK;
}
