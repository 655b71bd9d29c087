#include "../../common/sg_internal.h"
#include "gg_core.h"

#include <stdlib.h>

/* Grundy's game: the engine's life (create, free; the long-run level that starts a second
 * thread stops it first), and sg_grundy_game_table, which drives the engine over storage of its
 * own. The top of the engine's files: gg_core.h says how the engine works and where each
 * part is. */

int sg__gg_create(sg__gg_t **engine)
{
    sg__gg_t *e = (sg__gg_t *)calloc(1, sizeof *e);
    int st;
    *engine = NULL;
    if (e == NULL) return SG_ENOMEM;
    if ((st = sg__gg_init(e)) != SG_OK) {
        sg__gg_free(e);
        return st;
    }
    *engine = e;
    return SG_OK;
}

void sg__gg_free(sg__gg_t *e)
{
    if (e == NULL) return;
    sg__gg_release(e);
    free(e);
}

/* The values are computed in one byte each while they fit (a quarter of the memory traffic of
 * the table), then in two, then in the table itself, and copied out. */
int sg_grundy_game_table(sg_value_t *table, uint64_t count)
{
    sg__gg_t *e;
    unsigned char *g8;
    uint16_t *g16 = NULL;
    uint64_t n, i;
    sg_value_t v;
    int st;
    if (table == NULL && count != 0) return SG_EINVAL;
    if (count == 0) return SG_OK;
    if (count > SIZE_MAX / sizeof *g16) return SG_ENOMEM;
    if ((st = sg__gg_create(&e)) != SG_OK) return st;
    if ((g8 = (unsigned char *)malloc((size_t)count)) == NULL) {
        sg__gg_free(e);
        return SG_ENOMEM;
    }
    sg__gg_attach(e, g8, NULL, NULL, 0, 0);
    for (n = 0; n < count; n++) {
        if ((st = sg__gg_next(e, n, &v)) != SG_OK) break;
        if (v > 255 && g8 != NULL) {
            if ((g16 = (uint16_t *)malloc((size_t)count * sizeof *g16)) == NULL) {
                st = SG_ENOMEM;
                break;
            }
            for (i = 0; i < n; i++) g16[i] = g8[i];
            free(g8);
            g8 = NULL;
            sg__gg_attach(e, NULL, g16, NULL, 0, 0);
        }
        if (v > 65535 && g16 != NULL) {
            for (i = 0; i < n; i++) table[i] = g16[i];
            free(g16);
            g16 = NULL;
            sg__gg_attach(e, NULL, NULL, table, 0, 0);
        }
        if (g8 != NULL) g8[n] = (unsigned char)v;
        else if (g16 != NULL) g16[n] = (uint16_t)v;
        else table[n] = v;
    }
    if (st == SG_OK && g8 != NULL)
        for (i = 0; i < count; i++) table[i] = g8[i];
    if (st == SG_OK && g16 != NULL)
        for (i = 0; i < count; i++) table[i] = g16[i];
    free(g8);
    free(g16);
    sg__gg_free(e);
    return st;
}
