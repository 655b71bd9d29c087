/* A translation unit with its own static copy of the library (SG_STATIC). It links beside
 * impl.c's extern copy: no name of one may clash with the other. */
#define SG_STATIC
#include <sg.h>

#ifndef SG_SINGLE_IMPLEMENTED_
#error "this is not the generated single header"
#endif

/* the units may be compiled in different languages: the helpers have C linkage */
#ifdef __cplusplus
extern "C" {
#endif
int single_static_subtraction(sg_value_t *table, uint64_t count);
#ifdef __cplusplus
}
#endif
int single_static_subtraction(sg_value_t *table, uint64_t count)
{
    static const uint64_t moves[3] = {1, 3, 4};
    return sg_subtraction_table(table, count, moves, 3);
}

#ifdef SINGLE_STATIC_MAIN
/* alone: a one-file program, as pasted on a judge */
#include <stdio.h>
int main(void)
{
    uint64_t heaps[3] = {3, 4, 5}, size = 0;
    size_t heap = 0;
    sg_value_t g[8];
    if (nim_winning_move(heaps, 3, &heap, &size) != 1 || heap != 0 || size != 1) return 1;
    if (single_static_subtraction(g, 8) != SG_OK) return 1;
    /* {1, 3, 4}: 0 1 0 1 2 3 2 0 */
    if (g[4] != 2 || g[5] != 3 || g[7] != 0) return 1;
    printf("static ok\n");
    return 0;
}
#endif
