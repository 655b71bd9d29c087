/* Period certificates of take-and-break games (docs/certificates.md): the pieces that writing
 * (cmd_certify.c) and checking (cmd_verify.c) share, and a plain kernel that computes G(n)
 * straight from the definition, apart from the library's engines. */
#ifndef GRUNDY_CERTIFICATE_H
#define GRUNDY_CERTIFICATE_H

#include <sg.h>
#include <stddef.h>
#include <stdint.h>

/* The first line of every certificate; a new format gets a new number. */
#define CERT_MAGIC "libsg-certificate"
#define CERT_VERSION "1"
/* The only theorem certified so far: the periodicity theorem of Guy and Smith in the form given
 * in lib/games/octal/octal_period.c (arithmetic periods are not proven by the library). */
#define CERT_THEOREM "guy-smith"
#define CERT_HASH "fnv1a-64-u32le"     /* the prefix hash: FNV-1a 64 over 4-byte LE values */
#define CERT_CHECKSUM "fnv1a-64"       /* the file checksum: FNV-1a 64 over the bytes before it */

/* FNV-1a, 64 bits (Fowler, Noll, Vo): h = (h ^ byte) * 0x100000001b3 from 0xcbf29ce484222325.
 * Each step is a bijection of the state, so any single changed byte changes the result. */
#define CERT_FNV_BASIS UINT64_C(0xcbf29ce484222325)
uint64_t cert_fnv_bytes(uint64_t h, const void *data, size_t n);
/* The prefix hash: each value as four bytes, least significant first. */
uint64_t cert_fnv_values(uint64_t h, const sg_value_t *v, uint64_t n);

/* The range of the theorem: with t the index of the last non-zero digit, c = 3 when a move may
 * leave three heaps (else 2) and n1 = max(n0, 1), G(n + q) == G(n) must hold for n0 <= n < E,
 * E = c*n1 + (c - 1)*q + t. 0 with *end, or -1 when E + q would pass 2^64 - 1. */
int cert_range_end(int parts, unsigned t, uint64_t n0, uint64_t q, uint64_t *end);

/* A take-and-break game read from its canonical code, for the plain kernel. */
typedef struct {
    unsigned char d[SG_OCTAL_MAX_DIGITS + 1];   /* d[0..t] */
    unsigned t;                 /* index of the last non-zero digit (0 for "0.0", "4.0") */
    int parts;                  /* the most heaps a move leaves: 0 .. 3 */
} cert_game_t;

/* Reads a code in canonical form only: d0 ('0' or '4'), '.', then 1 to SG_OCTAL_MAX_DIGITS
 * digits 0-9 a-f whose last is not 0 (unless it is the only one). 0, or -1 with *why. */
int cert_game_read(const char *code, cert_game_t *g, const char **why);

/* The plain kernel: G(n) = mex over every move of the code, a move to several heaps worth the
 * XOR of their values. G(0 .. n-1) must be in G; returns G(n), or fills *ok = 0 when its scratch
 * cannot be had. `scratch` is the state between calls: start it zeroed, free it with
 * cert_plain_free. Quadratic in n (cubic with three-heap moves): a check, not an engine. */
typedef struct {
    unsigned char *stamp;       /* stamp[v] == epoch: value v is an option of the position */
    unsigned char epoch;        /* 1 .. 255, one per position; the marks are cleared on wrap */
    size_t cap;                 /* a power of two above every value so far */
    uint64_t seen;              /* G(0 .. seen-1) have been looked at for ... */
    sg_value_t maxv;            /* ... their largest value */
    void *fw, *bw;              /* G(0 .. copied-1) forwards and backwards (bw[len - 1 - i] = */
    size_t len;                 /* G(i)), len values of `width` bytes each: the least of */
    unsigned width;             /* 1, 2, 4 that holds maxv */
    uint64_t copied;
} cert_plain_t;
sg_value_t cert_plain_value(const cert_game_t *g, const sg_value_t *G, uint64_t n,
                            cert_plain_t *scratch, int *ok);
void cert_plain_free(cert_plain_t *scratch);

#endif
