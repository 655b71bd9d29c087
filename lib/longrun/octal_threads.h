/* Take-and-break games on two threads (octal_threads.c), for the long-run family of
 * family_octal.c. Private to lib/: never installed. */
#ifndef SG_LONGRUN_OCTAL_THREADS_H
#define SG_LONGRUN_OCTAL_THREADS_H

#include "../common/sg_internal.h"
#include "../games/octal/take_break.h"

typedef struct sg__ot sg__ot_t;

/* 1 when a run can use a second thread (POSIX threads, not SG_NO_THREADS) */
SG__PRIVATE int sg__ot_supported(void);
/* Two threads for the value engine `run` from now on: groups of positions while its sparse
 * engine gives the values, when that is measured to be faster than one thread (the second
 * thread starts with the first group). SG_OK, or SG_ENOMEM (the run stays on one thread). */
SG__PRIVATE int sg__ot_start(sg__ot_t **ot, sg__octal_run_t *run);
/* Tests: groups on two threads wherever they can be computed, whatever the schedule measures
 * (NULL-safe); and the values groups gave so far. */
SG__PRIVATE void sg__ot_always(sg__ot_t *ot);
SG__PRIVATE uint64_t sg__ot_given(const sg__ot_t *ot);
/* Back to one thread: the second is stopped and everything freed (NULL-safe). */
SG__PRIVATE void sg__ot_stop(sg__ot_t *ot, sg__octal_run_t *run);

#endif /* SG_LONGRUN_OCTAL_THREADS_H */
