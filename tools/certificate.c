/* The shared pieces of period certificates: the hashes, the theorem's range, the code. */
#include "certificate.h"

#include <string.h>

uint64_t cert_fnv_bytes(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = (const unsigned char *)data;
    size_t i;
    for (i = 0; i < n; i++) {
        h ^= p[i];
        h *= UINT64_C(0x100000001b3);
    }
    return h;
}

uint64_t cert_fnv_values(uint64_t h, const sg_value_t *v, uint64_t n)
{
    unsigned char b[4];
    uint64_t i;
    for (i = 0; i < n; i++) {
        b[0] = (unsigned char)(v[i] & 0xff);
        b[1] = (unsigned char)(v[i] >> 8 & 0xff);
        b[2] = (unsigned char)(v[i] >> 16 & 0xff);
        b[3] = (unsigned char)(v[i] >> 24 & 0xff);
        h = cert_fnv_bytes(h, b, 4);
    }
    return h;
}

int cert_range_end(int parts, unsigned t, uint64_t n0, uint64_t q, uint64_t *end)
{
    uint64_t c = parts == 3 ? 3 : 2, n1 = n0 > 1 ? n0 : 1, e;
    if (n1 > UINT64_MAX / c || q > UINT64_MAX / c) return -1;
    e = c * n1;
    if ((c - 1) * q > UINT64_MAX - e) return -1;
    e += (c - 1) * q;
    if (t > UINT64_MAX - e || q > UINT64_MAX - e - t) return -1;
    *end = e + t;
    return 0;
}

static int cert_digit(char ch)
{
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
    return -1;
}

int cert_game_read(const char *code, cert_game_t *g, const char **why)
{
    size_t i, len = strlen(code);
    int k;
    memset(g, 0, sizeof *g);
    if (len < 3 || (code[0] != '0' && code[0] != '4') || code[1] != '.') {
        *why = "not of the form d0.d1d2... with d0 '0' or '4'";
        return -1;
    }
    if (len - 2 > SG_OCTAL_MAX_DIGITS) {
        *why = "more digits than a code may have";
        return -1;
    }
    g->d[0] = (unsigned char)(code[0] - '0');
    for (i = 2; i < len; i++) {
        if ((k = cert_digit(code[i])) < 0) {
            *why = "a character that is not a digit 0-9 or a-f";
            return -1;
        }
        g->d[i - 1] = (unsigned char)k;
        if (k != 0) g->t = (unsigned)(i - 1);
    }
    if (len > 3 && code[len - 1] == '0') {
        *why = "not canonical: it ends in 0";
        return -1;
    }
    for (i = 0; i <= g->t; i++) {
        k = g->d[i] & 8 ? 3 : g->d[i] & 4 ? 2 : g->d[i] & 2 ? 1 : 0;
        if (k > g->parts) g->parts = k;
    }
    return 0;
}
