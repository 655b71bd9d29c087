#include "../common/sg_internal.h"
#include "longrun.h"

/* The families a sequence can compute, as a checkpoint names them by their game's canonical
 * code: sg_sequence_load asks each in turn whether the code is one of its games. A new family
 * is one file (family_<name>.c: its table, its accessor sg__family_<name> and its public
 * constructor) and its entry here: the accessor's declaration and its line in the list. */

SG__PRIVATE const sg__family_t *sg__family_grundy_game(void);   /* family_grundy_game.c */
SG__PRIVATE const sg__family_t *sg__family_octal(void);         /* family_octal.c */

typedef const sg__family_t *(*sg__family_fn)(void);

static const sg__family_fn sg__families[] = {
    sg__family_grundy_game,
    sg__family_octal,
};

const sg__family_t *sg__family(size_t i)
{
    return i < sizeof sg__families / sizeof sg__families[0] ? sg__families[i]() : NULL;
}
