/* Subtraction games: sg_subtraction_table against the plain recurrence G(n) = mex{G(n - s)}, and
 * sg_subtraction_period's claim (least preperiod, least period) checked on the plain sequence. */
#include "fuzz.h"

#include <sg.h>

#define MAXK 100
#define MAXCOUNT 6000
#define MAXCHECK 20000

static void plain_values(sg_value_t *g, uint64_t count, const uint64_t *s, size_t k)
{
    static unsigned char seen[MAXK + 2];
    uint64_t n;
    size_t i;
    for (n = 0; n < count; n++) {
        sg_value_t m = 0;
        memset(seen, 0, sizeof seen);
        for (i = 0; i < k; i++)
            if (s[i] <= n && g[n - s[i]] <= MAXK) seen[g[n - s[i]]] = 1;
        while (seen[m]) m++;
        g[n] = m;
    }
}

/* G(n + p) == G(n) for every n in [from, len - p) */
static int repeats(const sg_value_t *g, uint64_t len, uint64_t from, uint64_t p)
{
    uint64_t n;
    for (n = from; n + p < len; n++)
        if (g[n + p] != g[n]) return 0;
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static sg_value_t want[MAXCHECK], got[MAXCOUNT + 8];
    uint64_t s[MAXK], count, m = 0, len, d;
    size_t k, i;
    sg_period_t per;
    fuzz_in_t in;
    int st;
    uint8_t top;
    fuzz_in_init(&in, data, size);
    k = fuzz_u8(&in) % (MAXK + 1);
    top = fuzz_u8(&in);
    count = fuzz_bytes(&in, 2) % (MAXCOUNT + 1);
    for (i = 0; i < k; i++) {
        s[i] = fuzz_u8(&in) % (top ? top : 1) + (top == 0 ? 0 : 1);   /* top == 0: zero moves */
        if (s[i] > m) m = s[i];
    }
    for (i = 0; i < 8; i++) got[count + i] = 0xabcdef01;
    st = sg_subtraction_table(got, count, s, k);
    for (i = 0; i < 8; i++) FUZZ_CHECK(got[count + i] == 0xabcdef01);
    if (k == 0 || m == 0 || top == 0) {
        FUZZ_CHECK(st == SG_EINVAL);
        FUZZ_CHECK(sg_subtraction_period(s, k, &per) == SG_EINVAL);
        return 0;
    }
    FUZZ_CHECK(st == SG_OK);
    len = count > MAXCHECK ? MAXCHECK : count;
    plain_values(want, len, s, k);
    FUZZ_CHECK(memcmp(got, want, (size_t)len * sizeof *got) == 0);

    if (m > 100) return 0;   /* larger sets can have periods of millions: too slow here */
    memset(&per, 0, sizeof per);
    FUZZ_CHECK(sg_subtraction_period(s, k, &per) == SG_OK);
    FUZZ_CHECK(per.proven == 1 && per.period >= 1 && per.saltus == 0);
    len = per.preperiod + 2 * per.period + 2 * m + 2;
    if (len > MAXCHECK) return 0;
    plain_values(want, len, s, k);
    FUZZ_CHECK(repeats(want, len, per.preperiod, per.period));
    /* least preperiod */
    FUZZ_CHECK(per.preperiod == 0 ||
               want[per.preperiod - 1] != want[per.preperiod - 1 + per.period]);
    /* least period: every period of the tail is a multiple of the least one */
    for (d = 1; d < per.period; d++)
        if (per.period % d == 0) FUZZ_CHECK(!repeats(want, len, per.preperiod, d));
    return 0;
}
