/* Values from the definitions, written plainly for the tests to compare the library with. */
#ifndef SG_TESTS_BRUTE_H
#define SG_TESTS_BRUTE_H

#include <stdint.h>
#include <string.h>

#include "sg.h"

/* Grundy's game: a move splits one heap into two non-empty heaps of different sizes, so
 * G(n) = mex { G(a) ^ G(n - a) : 1 <= a < n - a } (values stay below 1024 far past the tests'
 * sizes). */
static inline void brute_grundy_game(sg_value_t *g, uint64_t count)
{
    static unsigned char seen[1024];
    uint64_t n, a;
    sg_value_t v;
    for (n = 0; n < count; n++) {
        memset(seen, 0, sizeof seen);
        for (a = 1; 2 * a < n; a++) seen[g[a] ^ g[n - a]] = 1;
        for (v = 0; seen[v]; v++)
            ;
        g[n] = v;
    }
}

/* the value of a digit of a take-and-break code, 0-9 or a-f */
static inline unsigned brute_digit(char c) { return (unsigned)(c >= 'a' ? c - 'a' + 10 : c - '0'); }

/* A take-and-break game from its code ("0.6", "4.07", hexadecimal "0.f"): digit d_i lets a move
 * take i tokens from a heap and leave 0 (bit 1), 1 (bit 2), 2 (bit 4) or 3 (bit 8) non-empty
 * heaps in its place. Values below 2^16. */
static inline void brute_octal(const char *code, sg_value_t *g, uint64_t count)
{
    static unsigned char seen[1u << 17];
    unsigned d[80], t = 0, i;
    const char *p = code;
    uint64_t n, a, b, m;
    sg_value_t v, above = 1;   /* a power of two above every value so far (and their XORs) */
    memset(d, 0, sizeof d);
    for (; *p; p++)
        if (*p != '.') d[p == code ? 0 : ++t] = brute_digit(*p);
    for (n = 0; n < count; n++) {
        memset(seen, 0, (size_t)above + 1);
        for (i = 0; i <= t && i <= n; i++) {
            m = n - i;
            if ((d[i] & 1) && m == 0) seen[0] = 1;
            if ((d[i] & 2) && m >= 1) seen[g[m]] = 1;
            if (d[i] & 4)
                for (a = 1; 2 * a <= m; a++) seen[g[a] ^ g[m - a]] = 1;
            if (d[i] & 8)
                for (a = 1; 3 * a <= m; a++)
                    for (b = a; a + 2 * b <= m; b++) seen[g[a] ^ g[b] ^ g[m - a - b]] = 1;
        }
        for (v = 0; seen[v]; v++)
            ;
        g[n] = v;
        while (v >= above) above *= 2;
    }
}

/* The nim product of a and b below 2^w (w a power of two), from the Fermat 2-power recursion
 * (F = 2^(w/2), F*F = F + F/2): (a1 F + a0)(b1 F + b0) = (a1 b1 + a1 b0 + a0 b1) F + a0 b0 +
 * a1 b1 (F/2). */
static inline uint64_t brute_nim_mul(uint64_t a, uint64_t b, unsigned w)
{
    unsigned h;
    uint64_t m, a0, a1, b0, b1, hh;
    if (a < 2 || b < 2) return a * b;
    h = w / 2;
    m = ((uint64_t)1 << h) - 1;
    a0 = a & m;
    a1 = a >> h;
    b0 = b & m;
    b1 = b >> h;
    hh = brute_nim_mul(a1, b1, h);
    return ((hh ^ brute_nim_mul(a1, b0, h) ^ brute_nim_mul(a0, b1, h)) << h) ^
           brute_nim_mul(a0, b0, h) ^ brute_nim_mul(hh, (uint64_t)1 << (h - 1), h);
}

#endif
