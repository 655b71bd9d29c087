/*
 * Nim multiplication.
 *
 * The numbers below 2^64 form a field with nim-addition (XOR) and nim-multiplication, the
 * product defined by a (x) b = mex { a' (x) b ^ a (x) b' ^ a' (x) b' : a' < a, b' < b }.
 * (It is the Grundy value of the product of two games, which is what coin-turning games on a
 * grid need.) For each pair A, B, print A (x) B.
 *
 * Input:   T (1 <= T <= 100000), then T lines "A B" (0 <= A, B < 2^64).
 * Output:  T lines, the nim-products.
 *
 * Method: nim_mul, which uses the field's structure instead of the mex definition.
 */
#include <sg.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

/* The next unsigned decimal number from stdin: 1 read, 0 end of input, -1 malformed
 * (including a number that does not fit in 64 bits). */
static int read_u64(uint64_t *v)
{
    uint64_t x = 0;
    int c;
    do c = getchar(); while (c != EOF && isspace(c));
    if (c == EOF) return 0;
    if (!isdigit(c)) return -1;
    for (; c != EOF && isdigit(c); c = getchar()) {
        unsigned d = (unsigned)(c - '0');
        if (x > (UINT64_MAX - d) / 10) return -1;
        x = x * 10 + d;
    }
    if (c != EOF && !isspace(c)) return -1;
    *v = x;
    return 1;
}

int main(void)
{
    uint64_t t, i, a, b;
    if (read_u64(&t) != 1 || t < 1 || t > 100000) {
        fprintf(stderr, "nim_product: bad input: expected T in [1, 100000]\n");
        return 1;
    }
    for (i = 0; i < t; i++) {
        if (read_u64(&a) != 1 || read_u64(&b) != 1) {
            fprintf(stderr, "nim_product: bad input: expected two numbers below 2^64\n");
            return 1;
        }
        printf("%llu\n", (unsigned long long)nim_mul(a, b));
    }
    return 0;
}
