/* The nimber field: 10^6 inverses and 10^5 discrete logarithms against the plain ways to get
 * them from nim_mul alone: the inverse as a^(2^64 - 2) by square-and-multiply (127 products),
 * the logarithm by Pohlig-Hellman with every projection a^((2^64 - 1)/p) by square-and-multiply
 * and each small logarithm by baby-step giant-step over a sorted table of baby steps. */
#include "bench.h"

static uint64_t plain_pow(uint64_t a, uint64_t e)
{
    uint64_t r = 1;
    for (; e != 0; e >>= 1) {
        if (e & 1) r = nim_mul(r, a);
        a = nim_mul(a, a);
    }
    return r;
}

static uint64_t plain_inv(uint64_t a) { return plain_pow(a, UINT64_MAX - 1); }

typedef struct {
    uint64_t value;
    uint32_t step;
} baby_t;

static int baby_cmp(const void *x, const void *y)
{
    uint64_t a = ((const baby_t *)x)->value, b = ((const baby_t *)y)->value;
    return a < b ? -1 : a > b;
}

static baby_t babies[4096];

/* t with beta^t = alpha in the subgroup of prime order p */
static uint64_t plain_bsgs(uint64_t beta, uint64_t alpha, uint64_t p)
{
    uint64_t m = 1, x = 1, j, i, gamma;
    while (m * m < p) m++;
    for (j = 0; j < m; j++) {
        babies[j].value = x;
        babies[j].step = (uint32_t)j;
        x = nim_mul(x, beta);
    }
    qsort(babies, (size_t)m, sizeof babies[0], baby_cmp);
    gamma = plain_inv(x);
    for (i = 0, x = alpha; i <= m; i++, x = nim_mul(x, gamma)) {
        size_t lo = 0, hi = (size_t)m;
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            if (babies[mid].value < x) lo = mid + 1;
            else hi = mid;
        }
        if (lo < m && babies[lo].value == x) return i * m + babies[lo].step;
    }
    return 0;
}

/* the least k with b^k = a, or UINT64_MAX when there is none */
static uint64_t plain_log(uint64_t a, uint64_t b)
{
    static const uint64_t primes[7] = {3, 5, 17, 257, 641, 65537, 6700417};
    uint64_t res = 0, mod = 1;
    int i;
    for (i = 0; i < 7; i++) {
        uint64_t p = primes[i], e = UINT64_MAX / p, pa = plain_pow(a, e), pb = plain_pow(b, e);
        uint64_t t, inv = 1, base, k;
        if (pb == 1) {
            if (pa != 1) return UINT64_MAX;
            continue;
        }
        t = plain_bsgs(pb, pa, p);
        /* res + mod * s = t (mod p): s = (t - res) / mod, inverses mod p by Fermat */
        base = mod % p;
        for (k = p - 2; k != 0; k >>= 1) {
            if (k & 1) inv = inv * base % p;
            base = base * base % p;
        }
        res += mod * ((t + p - res % p) % p * inv % p);
        mod *= p;
    }
    return res;
}

int main(int argc, char **argv)
{
    size_t count = argc > 1 ? (size_t)strtoull(argv[1], NULL, 0) : 1000000u, nlog = count / 10;
    size_t i;
    uint64_t *x = (uint64_t *)bench_alloc(2 * count * sizeof *x);
    double best = 1e30, base, t;
    uint64_t hl = 0, hb = 0;
    int rep, reps = bench_reps();
    char name[64], fig[64];
    for (i = 0; i < 2 * count; i++) x[i] = bench_rand() | 1;
    bench_header();

    for (rep = 0; rep < reps; rep++) {
        uint64_t h = 0;
        t = bench_now();
        for (i = 0; i < count; i++) h = h * 31 + nim_inv(x[i]);
        t = bench_now() - t;
        if (t < best) best = t;
        hl = h;
    }
    t = bench_now();
    for (i = 0; i < count; i++) hb = hb * 31 + plain_inv(x[i]);
    base = bench_now() - t;
    snprintf(name, sizeof name, "nim_inv, %.0e random 64-bit values", (double)count);
    snprintf(fig, sizeof fig, "%.1f ns/inverse", best * 1e9 / (double)count);
    bench_line(name, best, base, fig, hl == hb);

    /* logarithms of random a to random bases b (most of them have one: a random b usually
     * generates a large part of the group; those that do not are compared as "none") */
    best = 1e30;
    for (rep = 0; rep < reps; rep++) {
        uint64_t h = 0, k;
        t = bench_now();
        for (i = 0; i < nlog; i++)
            h = h * 31 + (nim_log(x[2 * i], x[2 * i + 1], &k) == 1 ? k : UINT64_MAX);
        t = bench_now() - t;
        if (t < best) best = t;
        hl = h;
    }
    /* the plain way takes a while: timed on a tenth and scaled, compared on that tenth */
    for (i = 0, hl = 0; i < nlog / 10; i++) {
        uint64_t k;
        hl = hl * 31 + (nim_log(x[2 * i], x[2 * i + 1], &k) == 1 ? k : UINT64_MAX);
    }
    t = bench_now();
    for (i = 0, hb = 0; i < nlog / 10; i++) hb = hb * 31 + plain_log(x[2 * i], x[2 * i + 1]);
    base = (bench_now() - t) * (double)nlog / (double)(nlog / 10);
    snprintf(name, sizeof name, "nim_log, %.0e random pairs", (double)nlog);
    snprintf(fig, sizeof fig, "%.2f us/logarithm", best * 1e6 / (double)nlog);
    bench_line(name, best, base, fig, hl == hb);
    free(x);
    return bench_failures != 0;
}
