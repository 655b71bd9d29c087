/* sg_mex against the definition: mark every value <= count in a plain array, take the first
 * unmarked one. Values come from the input, mostly small, some huge, with duplicates. */
#include "fuzz.h"

#include <sg.h>

#define MAXV 20000

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static sg_value_t v[MAXV + 1];
    static unsigned char seen[MAXV + 2];
    fuzz_in_t in;
    size_t n = 0, i;
    sg_value_t want = 0;
    uint8_t mode;
    fuzz_in_init(&in, data, size);
    mode = fuzz_u8(&in);
    while (fuzz_in_left(&in) && n < MAXV) {
        uint64_t x = fuzz_num(&in);
        /* mode 1: a run 0..k-1 in the input's order of blocks, so large mexes occur */
        if (mode % 4 == 1 && (x & 1)) {
            size_t k = (size_t)(x >> 1) % 5000, j;
            for (j = 0; j < k && n < MAXV; j++) v[n++] = (sg_value_t)((j * 7919u) % k);
            continue;
        }
        v[n++] = (sg_value_t)(mode % 4 == 2 ? x % 70 : x);
    }
    memset(seen, 0, n + 1);
    for (i = 0; i < n; i++)
        if (v[i] <= n) seen[v[i]] = 1;
    while (seen[want]) want++;
    FUZZ_CHECK(sg_mex(v, n) == want);
    FUZZ_CHECK(sg_mex(NULL, n) == 0);
    FUZZ_CHECK(sg_mex(v, 0) == 0);
    return 0;
}
