#include "../common/sg_internal.h"
#include "nimmul.h"

/* The field of nimbers below 2^64 as a tower: GF(2^w) = GF(2^h)[F] with h = w/2, F = 2^h and
 * F*F = F + F/2, for w = 2, 4, ..., 64 (Conway, On Numbers and Games, ch. 6). With a = a1 F + a0
 * the other root of x^2 + x + F/2 is F + 1, so
 *   conj(a) = a1 F + (a0 + a1) = a^(2^h)        (the Frobenius of GF(2^w) over GF(2^h)),
 *   norm(a) = a conj(a) = a0 (a0 + a1) + a1^2 F/2 = a^(2^h + 1), an element of GF(2^h).
 * Hence a^-1 = conj(a) norm(a)^-1, one level down each time, and a^(2^h - 1) = conj(a) / a.
 * The multiplicative group has order 2^64 - 1 = (2^32 + 1)(2^16 + 1)(2^8 + 1)(2^4 + 1)(2^2 + 1)
 * (2^1 + 1) = 641 * 6700417 * 65537 * 257 * 17 * 5 * 3, square-free, one Fermat factor per level:
 * with n_w = a^((2^64 - 1)/(2^w - 1)) the norm of a down to GF(2^w), the element
 * n_w^(2^h - 1) = a^((2^64 - 1)/(2^h + 1)) is the projection of a on the subgroup of order
 * 2^h + 1. Discrete logarithms are taken one prime at a time there (Pohlig-Hellman), by
 * baby-step giant-step, and put together by the Chinese remainder theorem. */

#define SG__NIMBER_LEVELS 6     /* widths 2^1 .. 2^6 */

SG__INLINE uint64_t sg__nimber_mask(unsigned half) { return (SG__CAST(uint64_t, 1) << half) - 1; }

/* norm and conjugate of a in GF(2^(2 half)) over GF(2^half) */
static uint64_t sg__nimber_norm(uint64_t a, unsigned half)
{
    uint64_t a1 = a >> half, a0 = a & sg__nimber_mask(half);
    return nim_mul(a0, a0 ^ a1) ^ nim_mul(nim_mul(a1, a1), SG__CAST(uint64_t, 1) << (half - 1));
}

SG__INLINE uint64_t sg__nimber_conj(uint64_t a, unsigned half)
{
    return a ^ (a >> half);
}

/* x (in GF(2^(2 half))) times s (in GF(2^half)): two half-width products */
static uint64_t sg__nimber_scale(uint64_t x, uint64_t s, unsigned half)
{
    return nim_mul(x >> half, s) << half | nim_mul(x & sg__nimber_mask(half), s);
}

/* The norms of a != 0 down the tower, n[i] in GF(2^(2^i)) for low <= i <= 6 (n[6] = a), and
 * their inverses inv[i], computed upwards from a byte inverse (low <= 3: n[low] < 256). */
static void sg__nimber_chain(uint64_t a, unsigned low, uint64_t n[SG__NIMBER_LEVELS + 1],
                             uint64_t inv[SG__NIMBER_LEVELS + 1])
{
    unsigned i;
    n[SG__NIMBER_LEVELS] = a;
    for (i = SG__NIMBER_LEVELS; i > low; i--) n[i - 1] = sg__nimber_norm(n[i], 1u << (i - 1));
    inv[low] = sg__nim_inv8(SG__CAST(unsigned, n[low]));
    for (i = low + 1; i <= SG__NIMBER_LEVELS; i++) {
        unsigned half = 1u << (i - 1);
        inv[i] = sg__nimber_scale(sg__nimber_conj(n[i], half), inv[i - 1], half);
    }
}

uint64_t nim_inv(uint64_t a)
{
    uint64_t n[SG__NIMBER_LEVELS + 1], inv[SG__NIMBER_LEVELS + 1];
    if (a == 0) return 0;
    sg__nimber_chain(a, 3, n, inv);
    return inv[SG__NIMBER_LEVELS];
}

int nim_div(uint64_t a, uint64_t b, uint64_t *quotient)
{
    if (b == 0 || quotient == NULL) return SG_EINVAL;
    *quotient = nim_mul(a, nim_inv(b));
    return SG_OK;
}

uint64_t nim_pow(uint64_t a, uint64_t e)
{
    uint64_t r = 1;
    while (e != 0) {
        if (e & 1) r = nim_mul(r, a);
        e >>= 1;
        if (e != 0) a = nim_mul(a, a);
    }
    return r;
}

/* The square root undoes the Frobenius a -> a^2, which is linear over GF(2). With s = s1 F + s0,
 * s^2 = s1^2 F + s1^2 F/2 + s0^2, so s1 = sqrt(a1) and s0 = sqrt(a0 + a1 F/2): one product by
 * F/2 per chunk, then both halves one level down. The levels are applied to every chunk of a
 * width in turn, from 64 bits down to 2 (in GF(2) the root is the identity). */
uint64_t nim_sqrt(uint64_t a)
{
    unsigned w, half, pos;
    for (w = 64; w >= 2; w /= 2) {
        half = w / 2;
        for (pos = 0; pos < 64; pos += w) {
            uint64_t mask = sg__nimber_mask(half);
            uint64_t a1 = (a >> (pos + half)) & mask, a0 = (a >> pos) & mask;
            uint64_t s0 = a0 ^ nim_mul(a1, SG__CAST(uint64_t, 1) << (half - 1));
            a = (a & ~(mask << pos)) | s0 << pos;
        }
    }
    return a;
}

/* The seven primes of 2^64 - 1, by level: the prime(s) of 2^(2^(i-1)) + 1 at level i. */
static const uint32_t sg__nimber_primes[7] = {3, 5, 17, 257, 65537, 641, 6700417};

/* proj[k]: a^((2^64 - 1) / p_k) for the primes above, for a != 0 */
static void sg__nimber_project(uint64_t a, uint64_t proj[7])
{
    uint64_t n[SG__NIMBER_LEVELS + 1], inv[SG__NIMBER_LEVELS + 1], psi;
    unsigned i;
    sg__nimber_chain(a, 1, n, inv);
    for (i = 1; i <= SG__NIMBER_LEVELS; i++) {
        unsigned half = 1u << (i - 1);
        /* n_w^(2^h - 1) = conj(n_w) / n_w */
        psi = nim_mul(sg__nimber_conj(n[i], half), inv[i]);
        if (i < SG__NIMBER_LEVELS) {
            proj[i - 1] = psi;
        } else {
            proj[5] = nim_pow(psi, 6700417u);
            proj[6] = nim_pow(psi, 641u);
        }
    }
}

uint64_t nim_order(uint64_t a)
{
    uint64_t proj[7], order = 1;
    unsigned k;
    if (a == 0) return 0;
    sg__nimber_project(a, proj);
    for (k = 0; k < 7; k++)
        if (proj[k] != 1) order *= sg__nimber_primes[k];
    return order;
}

/* ---- baby-step giant-step in a subgroup of prime order ------------------------------------- */

/* The product by a constant c is linear over GF(2): one table of c * (v << 8j) per byte j makes
 * it eight lookups. 16 KiB, on the stack, built from the 64 products c * 2^i. */
typedef struct {
    uint64_t t[8][256];
} sg__nimber_cmul_t;

static void sg__nimber_cmul_init(sg__nimber_cmul_t *m, uint64_t c)
{
    unsigned j, v;
    for (j = 0; j < 8; j++) {
        uint64_t *t = m->t[j];
        t[0] = 0;
        for (v = 0; v < 8; v++) t[1u << v] = nim_mul(c, SG__CAST(uint64_t, 1) << (8 * j + v));
        for (v = 3; v < 256; v++)
            if (v & (v - 1)) t[v] = t[v & (v - 1)] ^ t[v & (0u - v)];
    }
}

SG__INLINE uint64_t sg__nimber_cmul(const sg__nimber_cmul_t *m, uint64_t x)
{
    return m->t[0][x & 0xff] ^ m->t[1][(x >> 8) & 0xff] ^ m->t[2][(x >> 16) & 0xff] ^
           m->t[3][(x >> 24) & 0xff] ^ m->t[4][(x >> 32) & 0xff] ^ m->t[5][(x >> 40) & 0xff] ^
           m->t[6][(x >> 48) & 0xff] ^ m->t[7][x >> 56];
}

/* At most 2048 baby steps, in a hash table of 4096 slots (load <= 1/2): with the product
 * tables, about 56 KiB of stack. The largest prime, 6700417, then takes at most 3272 giant
 * steps (1636 on average). */
#define SG__NIMBER_BABY 2048u
#define SG__NIMBER_SLOTS 4096u

typedef struct {
    uint64_t key[SG__NIMBER_SLOTS];
    uint16_t step[SG__NIMBER_SLOTS];        /* baby step + 1; 0: empty */
    sg__nimber_cmul_t mul;
} sg__nimber_bsgs_t;

SG__INLINE unsigned sg__nimber_slot(uint64_t x, unsigned bits)
{
    return SG__CAST(unsigned, (x * 0x9e3779b97f4a7c15ULL) >> (64 - bits));
}

/* t in [0, p) with beta^t = alpha, beta of prime order p and alpha in its subgroup */
static uint64_t sg__nimber_bsgs(sg__nimber_bsgs_t *s, uint64_t beta, uint64_t alpha, uint64_t p)
{
    unsigned m = 1, bits = 1, j, slot, mask;
    uint64_t x, gamma, i, giants;
    int table = p > 1000;      /* below that, plain products cost less than building tables */
    while (SG__CAST(uint64_t, m) * m < p && m < SG__NIMBER_BABY) m *= 2;
    while ((1u << bits) < 2 * m) bits++;
    mask = (1u << bits) - 1;
    memset(s->step, 0, (SG__CAST(size_t, 1) << bits) * sizeof s->step[0]);
    if (table) sg__nimber_cmul_init(&s->mul, beta);
    for (j = 0, x = 1; j < m; j++) {
        if (x == alpha) return j;
        slot = sg__nimber_slot(x, bits);
        while (s->step[slot] != 0) slot = (slot + 1) & mask;
        s->key[slot] = x;
        s->step[slot] = SG__CAST(uint16_t, j + 1);
        x = table ? sg__nimber_cmul(&s->mul, x) : nim_mul(x, beta);
    }
    gamma = nim_inv(x);        /* beta^-m */
    if (table) sg__nimber_cmul_init(&s->mul, gamma);
    giants = (p + m - 1) / m;
    for (i = 1, x = alpha; i < giants; i++) {
        x = table ? sg__nimber_cmul(&s->mul, x) : nim_mul(x, gamma);
        for (slot = sg__nimber_slot(x, bits); s->step[slot] != 0; slot = (slot + 1) & mask)
            if (s->key[slot] == x) return i * m + s->step[slot] - 1;
    }
    return 0;   /* not reached for alpha in the subgroup */
}

/* (a * b) mod p, p < 2^32 */
SG__INLINE uint64_t sg__nimber_mulmod(uint64_t a, uint64_t b, uint64_t p)
{
    return (a % p) * (b % p) % p;
}

/* x^-1 mod p, p prime and x not a multiple of p: x^(p - 2) */
static uint64_t sg__nimber_invmod(uint64_t x, uint64_t p)
{
    uint64_t r = 1, e = p - 2;
    x %= p;
    for (; e != 0; e >>= 1) {
        if (e & 1) r = r * x % p;
        x = x * x % p;
    }
    return r;
}

int nim_log(uint64_t a, uint64_t b, uint64_t *k)
{
    sg__nimber_bsgs_t s;
    uint64_t pa[7], pb[7], res = 0, mod = 1, t, p;
    unsigned i;
    if (b == 0 || a == 0) {
        /* 0^0 = 1 and 0^k = 0 for k >= 1; a non-zero b has only non-zero powers */
        if (b != 0 || a > 1) return 0;
        if (k != NULL) *k = a == 1 ? 0 : 1;
        return 1;
    }
    sg__nimber_project(a, pa);
    sg__nimber_project(b, pb);
    for (i = 0; i < 7; i++)
        if (pb[i] == 1 && pa[i] != 1) return 0;     /* a is not in the group b generates */
    if (k == NULL) return 1;
    /* k = log(a) / log(b) modulo each prime of the order of b, joined by the CRT: res is the
     * answer modulo mod, the product of the primes seen; res + mod * t stays below 2^64 - 1 */
    for (i = 0; i < 7; i++) {
        if (pb[i] == 1) continue;
        p = sg__nimber_primes[i];
        t = sg__nimber_bsgs(&s, pb[i], pa[i], p);
        t = sg__nimber_mulmod((t + p - res % p) % p, sg__nimber_invmod(mod % p, p), p);
        res += mod * t;
        mod *= p;
    }
    *k = res;
    return 1;
}
