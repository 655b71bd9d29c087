#include "sg_internal.h"

/* Nimbers below 2^(2^k) form a field. Writing a = a1*F + a0 with F = 2^(w/2) a Fermat 2-power,
 * and using F*F = F + F/2 (nimber arithmetic, + is XOR):
 *   (a1 F + a0)(b1 F + b0) = (a1b1 + a1b0 + a0b1) F + a0b0 + a1b1 * (F/2)
 * and a1b0 + a0b1 = (a0+a1)(b0+b1) + a0b0 + a1b1 (Karatsuba), so three half-width products and
 * one product by F/2 make a full one. */

static uint64_t sg__nim_mul_w(uint64_t a, uint64_t b, unsigned width);

/* a * 2^(half-1), a below 2^half: the product by the largest Fermat-half of the subfield */
static uint64_t sg__nim_mul_half(uint64_t a, unsigned half)
{
    return sg__nim_mul_w(a, (uint64_t)1 << (half - 1), half);
}

static uint64_t sg__nim_mul_w(uint64_t a, uint64_t b, unsigned width)
{
    unsigned half;
    uint64_t lo_mask, a0, a1, b0, b1, p0, p1, p2;
    if (a < 2 || b < 2) return a * b;
    half = width / 2;
    lo_mask = ((uint64_t)1 << half) - 1;
    a0 = a & lo_mask;
    a1 = a >> half;
    b0 = b & lo_mask;
    b1 = b >> half;
    p0 = sg__nim_mul_w(a0, b0, half);
    p1 = sg__nim_mul_w(a1, b1, half);
    p2 = sg__nim_mul_w(a0 ^ a1, b0 ^ b1, half);
    return ((p2 ^ p0) << half) | (p0 ^ sg__nim_mul_half(p1, half));
}

uint64_t nim_mul(uint64_t a, uint64_t b)
{
    return sg__nim_mul_w(a, b, 64);
}
