#include "../../common/sg_internal.h"

/* Genera of misere play (Conway, On Numbers and Games ch. 12; Winning Ways ch. 13): which are
 * tame, their text, and the outcome of a sum of tame games. The genus of a heap of a
 * take-and-break game is computed in misere_octal.c. */

int sg_genus_is_tame(const sg_genus_t *genus)
{
    unsigned k;
    sg_value_t g;
    if (genus == NULL || genus->len < 2 || genus->len > SG_GENUS_MAX) return 0;
    g = genus->g;
    /* 0^{120} and 1^{031}: misere Nim with heaps of one token */
    if (genus->len == 3 && g <= 1 && genus->gamma[0] == (g ^ 1) && genus->gamma[1] == (g ^ 2) &&
        genus->gamma[2] == g)
        return 1;
    /* g^{g, g^2}: misere Nim with a larger heap, where adding *2 adds 2 */
    for (k = 0; k < genus->len; k++)
        if (genus->gamma[k] != (k & 1 ? g ^ 2 : g)) return 0;
    return genus->len == 2;
}

/* Appends the decimal digits of v to buf at *n. */
static void sg__genus_put(char *buf, size_t *n, unsigned long v)
{
    char d[24];
    size_t k = 0;
    do {
        d[k++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (k) buf[(*n)++] = d[--k];
}

int sg_genus_format(const sg_genus_t *genus, char *buf, size_t size)
{
    char tmp[SG_GENUS_MAX * 11 + 16];
    size_t n = 0;
    unsigned k;
    if (genus == NULL || (buf == NULL && size > 0) || genus->len < 1 ||
        genus->len > SG_GENUS_MAX)
        return SG_EINVAL;
    sg__genus_put(tmp, &n, genus->g);
    tmp[n++] = '^';
    tmp[n++] = '{';
    for (k = 0; k < genus->len; k++) {
        if (k) tmp[n++] = ',';
        sg__genus_put(tmp, &n, genus->gamma[k]);
    }
    tmp[n++] = '}';
    tmp[n] = '\0';
    if (size == 0) return SG_ERANGE;
    if (n + 1 > size) {
        memcpy(buf, tmp, size - 1);
        buf[size - 1] = '\0';
        return SG_ERANGE;
    }
    memcpy(buf, tmp, n + 1);
    return SG_OK;
}

int sg_genus_tame_outcome(const sg_genus_t *genera, size_t count, int *win)
{
    size_t i;
    sg_value_t x = 0;
    int big = 0;
    if (win == NULL || (genera == NULL && count != 0)) return SG_EINVAL;
    for (i = 0; i < count; i++) {
        if (!sg_genus_is_tame(&genera[i])) return SG_EINVAL;
        x ^= genera[i].g;
        big |= genera[i].len == 2;
    }
    /* misere Nim: the player to move loses iff (a heap > 1 and nim-sum 0) or (none and 1) */
    *win = big ? x != 0 : x != 1;
    return SG_OK;
}
