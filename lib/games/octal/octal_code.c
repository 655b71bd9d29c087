#include "../../common/sg_internal.h"
#include "take_break.h"

#include <stdlib.h>

/* Take-and-break codes: a code read from text ("0.137", "4.07", "0.3f" hexadecimal) into the
 * digits d_i of a game, and written back in its canonical form. Digit d_i says what taking i
 * tokens may leave: bit 1 nothing (the whole heap), bit 2 one heap, bit 4 two heaps, bit 8
 * three. */

static int sg__octal_hex(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static int sg__octal_fail(size_t *error_offset, const char **error_message, size_t at,
                          const char *why)
{
    if (error_offset) *error_offset = at;
    if (error_message) *error_message = why;
    return SG_EINVAL;
}

int sg_octal_parse_ex(const char *code, sg_octal_t **game, size_t *error_offset,
                      const char **error_message)
{
    unsigned char d[SG_OCTAL_MAX_DIGITS + 1];
    size_t i = 0, count = 0;
    unsigned t = 0, k;
    int parts = 0;
    sg_octal_t *g;
    if (error_offset) *error_offset = 0;
    if (error_message) *error_message = "";
    if (game) *game = NULL;
    if (code == NULL || game == NULL)
        return sg__octal_fail(error_offset, error_message, 0, "NULL argument");
    memset(d, 0, sizeof d);
    if (code[0] == '\0') return sg__octal_fail(error_offset, error_message, 0, "empty code");
    if (code[0] != '.') {
        if (sg__octal_hex(SG__CAST(unsigned char, code[0])) < 0)
            return sg__octal_fail(error_offset, error_message, 0, "invalid character");
        if (code[1] == '\0')
            return sg__octal_fail(error_offset, error_message, 1, "missing '.'");
        if (code[1] != '.') {
            if (sg__octal_hex(SG__CAST(unsigned char, code[1])) >= 0)
                return sg__octal_fail(error_offset, error_message, 1,
                                      "only one digit (d0) may come before the '.'");
            return sg__octal_fail(error_offset, error_message, 1, "invalid character");
        }
        if (code[0] != '0' && code[0] != '4')
            return sg__octal_fail(error_offset, error_message, 0, "d0 must be 0 or 4");
        d[0] = SG__CAST(unsigned char, code[0] - '0');
        i = 2;
    } else {
        i = 1;
    }
    for (; code[i] != '\0'; i++) {
        int v = sg__octal_hex(SG__CAST(unsigned char, code[i]));
        if (code[i] == '.')
            return sg__octal_fail(error_offset, error_message, i, "more than one '.'");
        if (v < 0) return sg__octal_fail(error_offset, error_message, i, "invalid character");
        if (count == SG_OCTAL_MAX_DIGITS)
            return sg__octal_fail(error_offset, error_message, i,
                                  "too many digits (at most 64 after the '.')");
        d[++count] = SG__CAST(unsigned char, v);
    }
    if (count == 0) return sg__octal_fail(error_offset, error_message, i, "no digit after the '.'");
    for (k = 0; k <= SG_OCTAL_MAX_DIGITS; k++) {
        if (d[k] != 0) t = k;
        if ((d[k] & 8) && parts < 3) parts = 3;
        if ((d[k] & 4) && parts < 2) parts = 2;
        if ((d[k] & 2) && parts < 1) parts = 1;
    }
    g = SG__CAST(sg_octal_t *, malloc(sizeof *g));
    if (g == NULL) return SG_ENOMEM;
    memcpy(g->d, d, sizeof d);
    g->t = t;
    g->parts = parts;
    *game = g;
    return SG_OK;
}

int sg_octal_parse(const char *code, sg_octal_t **game)
{
    return sg_octal_parse_ex(code, game, NULL, NULL);
}

void sg_octal_free(sg_octal_t *game) { free(game); }

int sg_octal_max_parts(const sg_octal_t *game) { return game ? game->parts : -1; }

int sg_octal_format(const sg_octal_t *game, char *buf, size_t size)
{
    static const char hex[] = "0123456789abcdef";
    char tmp[SG_OCTAL_MAX_DIGITS + 3];
    size_t len = 0;
    unsigned i;
    if (game == NULL || (buf == NULL && size > 0)) return SG_EINVAL;
    tmp[len++] = hex[game->d[0] & 15];
    tmp[len++] = '.';
    if (game->t == 0) tmp[len++] = '0';
    for (i = 1; i <= game->t; i++) tmp[len++] = hex[game->d[i] & 15];
    if (len < size) {
        memcpy(buf, tmp, len);
        buf[len] = '\0';
        return SG_OK;
    }
    if (size > 0) {
        memcpy(buf, tmp, size - 1);
        buf[size - 1] = '\0';
    }
    return SG_ERANGE;
}
