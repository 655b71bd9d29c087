/* Periods of any sequence of values (period.c). Private to lib/: never installed. */
#ifndef SG_GAMES_PERIOD_H
#define SG_GAMES_PERIOD_H

#include "../common/sg_internal.h"

/* values[pre .. from), `width` bytes each, repeat with period per (from - pre >= per): fill
 * values[from .. to) by copying whole periods, twice as many each time (a copy's source lies a
 * whole number of periods back, even for the last piece). */
SG__PRIVATE void sg__period_copy(void *values, size_t width, uint64_t pre, uint64_t per,
                                 uint64_t from, uint64_t to);

#endif /* SG_GAMES_PERIOD_H */
