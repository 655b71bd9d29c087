/* Periods of any sequence of values (period.c). Private to lib/: never installed. */
#ifndef SG_GAMES_PERIOD_H
#define SG_GAMES_PERIOD_H

#include "../common/sg_internal.h"

/* values[pre .. from), `width` bytes each, repeat with period per (from - pre >= per): fill
 * values[from .. to) by copying whole periods, twice as many each time (a copy's source lies a
 * whole number of periods back, even for the last piece). */
SG__PRIVATE void sg__period_copy(void *values, size_t width, uint64_t pre, uint64_t per,
                                 uint64_t from, uint64_t to);

/* The least period p (then the least start) with G(n + p) == G(n) + s for n from the start up to
 * count - p - 1, among those whose stretch spans three periods and half the values: 1 with
 * preperiod, period and saltus written (proven untouched), 0 when there is none. */
SG__PRIVATE int sg__period_pattern(const sg_value_t *G, uint64_t count, sg_period_t *period);

#endif /* SG_GAMES_PERIOD_H */
