/* Take-and-break codes: sg_octal_parse / sg_octal_parse_ex against a plain reading of the
 * grammar in sg.h, the sg_octal_format round trip and its buffer limits, sg_octal_max_parts, and
 * for accepted codes sg_octal_table against values computed from the definition of the moves,
 * plus any period sg_octal_period proves, checked on that plain sequence. */
#include "fuzz.h"

#include <sg.h>

#define MAXCODE 100
#define PLAIN 48      /* values checked against the definition */
#define PERIOD_LIMIT 300
#define PLAIN_MAX 700 /* longest plain sequence used to check a period */
#define SEEN (1u << 17)
#define MARK(v)                                                                                \
    do {                                                                                       \
        sg_value_t v_ = (v);                                                                   \
        if (v_ < SEEN) seen[v_] = mark;                                                        \
    } while (0)

static int hexval(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* the grammar of sg.h: [0|4] '.' 1..SG_OCTAL_MAX_DIGITS hex digits; fills d[0..*t] (d[0] = d0,
 * *t = index of the last non-zero digit, 0 when none) */
static int plain_parse(const char *s, int *d, int *t)
{
    size_t i = 0, n = 0;
    memset(d, 0, (SG_OCTAL_MAX_DIGITS + 1) * sizeof *d);
    *t = 0;
    if (s[0] == '0' || s[0] == '4') {
        d[0] = s[0] - '0';
        i = 1;
    }
    if (s[i] != '.') return 0;
    for (i++; s[i] != '\0'; i++) {
        int v = hexval(s[i]);
        if (v < 0 || ++n > SG_OCTAL_MAX_DIGITS) return 0;
        d[n] = v;
        if (v) *t = (int)n;
    }
    return n > 0;
}

static void plain_format(const int *d, int t, char *buf)
{
    int i;
    *buf++ = (char)('0' + d[0]);
    *buf++ = '.';
    if (t == 0) *buf++ = '0';
    for (i = 1; i <= t; i++) *buf++ = "0123456789abcdef"[d[i]];
    *buf = '\0';
}

/* G(n) from the definition: remove i tokens (d0 = 4: none) and leave 0, 1, 2 or 3 non-empty
 * heaps as the digit's bits allow */
static void plain_values(const int *d, int t, sg_value_t *g, size_t count)
{
    /* seen[v] == n + 1: value v is an option of n (a value is below the number of options,
     * which stays under SEEN for heaps below PLAIN_MAX) */
    static uint32_t seen[SEEN];
    size_t n, a, b;
    int i;
    memset(seen, 0, sizeof seen);
    for (n = 0; n < count; n++) {
        sg_value_t m = 0;
        uint32_t mark = (uint32_t)n + 1;
        for (i = 0; i <= t; i++) {
            size_t r;
            if ((size_t)i > n || d[i] == 0) continue;
            r = n - (size_t)i;
            if (i == 0 && d[0] != 4) continue;
            if (i > 0 && (d[i] & 1) && r == 0) MARK(0);
            if (i > 0 && (d[i] & 2) && r >= 1) MARK(g[r]);
            if ((d[i] & 4) && r >= 2)
                for (a = 1; a <= r - a; a++) MARK(g[a] ^ g[r - a]);
            if ((d[i] & 8) && r >= 3)
                for (a = 1; 3 * a <= r; a++)
                    for (b = a; b <= r - a - b; b++) MARK(g[a] ^ g[b] ^ g[r - a - b]);
        }
        while (m < SEEN && seen[m] == mark) m++;
        g[n] = m;
    }
}

static int plain_max_parts(const int *d, int t)
{
    int i, p = d[0] == 4 ? 2 : 0;
    for (i = 1; i <= t; i++) {
        if ((d[i] & 8) && p < 3) p = 3;
        if ((d[i] & 4) && p < 2) p = 2;
        if ((d[i] & 2) && p < 1) p = 1;
    }
    return p;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static sg_value_t got[PLAIN + 4], want[PLAIN_MAX];
    char code[MAXCODE + 1], canon[SG_OCTAL_MAX_DIGITS + 4], buf[SG_OCTAL_MAX_DIGITS + 8];
    int d[SG_OCTAL_MAX_DIGITS + 1], t, ok, st, st2;
    sg_octal_t *g = NULL, *g2 = NULL;
    size_t off = 12345, len, k;
    const char *msg = NULL;
    sg_period_t per;

    if (size > MAXCODE) size = MAXCODE;
    memcpy(code, data, size);
    code[size] = '\0';   /* an embedded NUL just ends the code early */
    ok = plain_parse(code, d, &t);

    st = sg_octal_parse_ex(code, &g, &off, &msg);
    st2 = sg_octal_parse(code, &g2);
    FUZZ_CHECK(st == st2);
    FUZZ_CHECK(msg != NULL);
    if (!ok) {
        FUZZ_CHECK(st == SG_EINVAL && g == NULL && g2 == NULL);
        FUZZ_CHECK(off <= strlen(code) && msg[0] != '\0');
        return 0;
    }
    FUZZ_CHECK(st == SG_OK && g != NULL && g2 != NULL);
    FUZZ_CHECK(off == 0 && msg[0] == '\0');
    sg_octal_free(g2);

    /* format: the canonical code, exactly; short buffers get a NUL-terminated prefix */
    plain_format(d, t, canon);
    len = strlen(canon);
    FUZZ_CHECK(sg_octal_format(g, buf, sizeof buf) == SG_OK && strcmp(buf, canon) == 0);
    for (k = 0; k <= len + 1; k++) {
        memset(buf, 'X', sizeof buf);
        st = sg_octal_format(g, k ? buf : NULL, k);
        FUZZ_CHECK(st == (k > len ? SG_OK : SG_ERANGE));
        if (k > 0) FUZZ_CHECK(strlen(buf) == (k > len ? len : k - 1));
        if (k > 0) FUZZ_CHECK(strncmp(buf, canon, strlen(buf)) == 0);
        FUZZ_CHECK(buf[k] == 'X' || k == 0);   /* nothing past size */
    }
    /* round trip */
    FUZZ_CHECK(sg_octal_parse(canon, &g2) == SG_OK);
    FUZZ_CHECK(sg_octal_format(g2, buf, sizeof buf) == SG_OK && strcmp(buf, canon) == 0);
    sg_octal_free(g2);
    FUZZ_CHECK(sg_octal_max_parts(g) == plain_max_parts(d, t));

    /* values from the definition (trailing bytes past the code choose nothing here) */
    got[PLAIN] = 0xfeedface;
    FUZZ_CHECK(sg_octal_table(g, got, PLAIN) == SG_OK);
    FUZZ_CHECK(got[PLAIN] == 0xfeedface);
    plain_values(d, t, want, PLAIN);
    FUZZ_CHECK(memcmp(got, want, PLAIN * sizeof *got) == 0);

    /* a proven period holds on the plain sequence, least preperiod and least period */
    memset(&per, 0, sizeof per);
    /* O(m^2) work, O(m^3) with three-heap moves: keep m small */
    FUZZ_CHECK(sg_octal_period(g, t > 0 && plain_max_parts(d, t) == 3 ? 60 : PERIOD_LIMIT, &per)
               == SG_OK);
    if (per.proven && per.saltus != 0) {
        /* an arithmetic period (hexadecimal games): G(n + p) == G(n) + s far past the check,
         * from the least preperiod, and no shorter period with any saltus */
        uint64_t L = per.preperiod + 8 * per.period + (uint64_t)t + 4, n, q;
        FUZZ_CHECK(per.period >= 1);
        if (L <= PLAIN_MAX) {
            plain_values(d, t, want, (size_t)L);
            for (n = per.preperiod; n + per.period < L; n++)
                FUZZ_CHECK(want[n + per.period] == want[n] + per.saltus);
            FUZZ_CHECK(per.preperiod == 0 ||
                       want[per.preperiod - 1] + per.saltus !=
                           want[per.preperiod - 1 + per.period]);
            for (q = 1; q < per.period; q++) {
                uint64_t step = (uint64_t)want[L - 1] - want[L - 1 - q];
                int holds = want[L - 1] >= want[L - 1 - q];
                for (n = per.preperiod; n + q < L && holds; n++)
                    holds = want[n + q] == want[n] + step;
                FUZZ_CHECK(!holds);
            }
        }
    } else if (per.proven) {
        uint64_t L = per.preperiod + 3 * per.period + (uint64_t)t + 4, n, q;
        FUZZ_CHECK(per.period >= 1);
        if (L <= PLAIN_MAX) {
            plain_values(d, t, want, (size_t)L);
            for (n = per.preperiod; n + per.period < L; n++)
                FUZZ_CHECK(want[n + per.period] == want[n]);
            FUZZ_CHECK(per.preperiod == 0 ||
                       want[per.preperiod - 1] != want[per.preperiod - 1 + per.period]);
            for (q = 1; q < per.period; q++) {
                int holds = 1;
                if (per.period % q) continue;
                for (n = per.preperiod; n + q < L && holds; n++) holds = want[n + q] == want[n];
                FUZZ_CHECK(!holds);
            }
        }
    }
    sg_octal_free(g);
    return 0;
}
