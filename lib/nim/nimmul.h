/* Private to the nim level: what nimmul.c lends to nimber.c. */
#ifndef SG_NIMMUL_H
#define SG_NIMMUL_H

#include "../common/sg_internal.h"

/* the inverse of a nimber 0 < a < 256 (0 for 0), from the byte logarithm tables */
SG__PRIVATE unsigned sg__nim_inv8(unsigned a);

#endif
