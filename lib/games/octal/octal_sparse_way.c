#include "../../common/sg_internal.h"
#include "../../common/cpu.h"
#include "take_break.h"

/* The sparse way of the value engine (octal.c asks it first, from SG__OCTAL_SPARSE_FROM values
 * on, where the sparse engine of octal_sparse.c is the cheaper): the sparse engine made, asked
 * and fed the values, dropped after a failure (the plain kernel goes on, the same values); and,
 * while it gives the values, groups of them on two threads for a long run (run->group). A
 * build without the sparse engine (SG_NO_SPARSE) has none of this: the way is absent. */

#ifndef SG_NO_SPARSE
#define SG__OCTAL_WINDOW_COST 4   /* a split in the AVX-512BW pass, in splits of the byte kernel */
/* What the byte kernel pays per split of a position, in splits it tests: the candidates are
 * tested in turn and the last ones in whole passes, so a position takes about four passes
 * (measured against the sparse engine on .14, .36, .362 and .376 from 2^12 to 2^20 values,
 * AMD EPYC: at 1 the sparse engine waited until 2^17 on .14, which took 1.2 s to 2^17 against
 * 0.19 s with the sparse engine throughout) */
#define SG__OCTAL_BYTE_COST 4
#define SG__OCTAL_SPARSE_FROM 4096   /* the sparse engine (octal_sparse.c) hardly pays below */

/* What a split costs the plain kernel now, in splits tested by the byte kernel (the sparse
 * engine weighs its own cost against it). */
static unsigned sg__octal_split_cost(const sg__octal_run_t *run)
{
    if (run->bytes) return SG__OCTAL_BYTE_COST;
#if SG__CPU_AVX512BW   /* the AVX-512BW pass of octal_kernels.c */
    if (run->wide && (sg__cpu_features() & SG__CPU_HAS_AVX512BW)) return SG__OCTAL_WINDOW_COST;
#endif
    return 10;   /* a split marked alone: about 0.6 of the sparse engine's gather (16) */
}

/* After a failure in the sparse engine. It only saves time, so a run that chose it itself goes
 * on with the plain kernel from now on (the same values); a run held to it (tests, benchmarks)
 * reports the failure, and the engine is rebuilt from the stored values next time. */
static int sg__octal_sparse_drop(sg__octal_run_t *run, int st)
{
    sg__octal_sparse_free(run->sparse);
    run->sparse = NULL;
    if (run->sparse_mode == SG__OCTAL_SPARSE) return st;
    run->sparse_mode = SG__OCTAL_PLAIN;
    return SG_OK;
}

/* the value engine's copies, as the sparse engine reads them */
static void sg__octal_run_view(const sg__octal_run_t *run, sg__octal_view_t *view)
{
    view->f8 = run->bytes ? run->f : NULL;
    view->r8 = run->bytes ? run->r : NULL;
    view->f16 = run->wide ? run->f16 : NULL;
    view->r16 = run->wide ? run->r16 : NULL;
    view->cap = run->bcap;
}

/* The sparse engine's G(n) when it is the cheaper way: 1 with *value, 0 when the plain kernel
 * should run, or a failure. */
static int sg__octal_sparse_try(sg__octal_run_t *run, uint64_t n, sg_value_t *value)
{
    int got, st = run->sparse == NULL ? sg__octal_sparse_create(&run->sparse, run->game, n)
                                      : SG_OK;
    if (st == SG_OK) {
        sg__octal_view_t view;
        sg__octal_run_view(run, &view);
        got = sg__octal_sparse_value(run->sparse, &view, n, sg__octal_split_cost(run),
                                     run->sparse_mode == SG__OCTAL_SPARSE, value);
        if (got >= 0) return got;
        st = got;
    }
    return sg__octal_sparse_drop(run, st);
}

/* Where the sparse engine starts to be asked (UINT64_MAX: never); no group under way. */
uint64_t sg__octal_sparse_from(sg__octal_run_t *run)
{
    run->gk = run->gi = run->sparse_last = 0;
    if (run->game->parts != 2 || run->sparse_mode == SG__OCTAL_PLAIN) return UINT64_MAX;
    return run->sparse_mode == SG__OCTAL_SPARSE ? 1 : SG__OCTAL_SPARSE_FROM;
}

/* G(n): from a group under way, else (while the sparse engine gave the last value) from a new
 * group of a long run on two threads, else from the sparse engine when it is the cheaper. */
int sg__octal_sparse_way(sg__octal_run_t *run, uint64_t n, uint64_t upto, sg_value_t *value)
{
    int got;
#if SG__LONGRUN
    if (run->gi == run->gk && run->sparse_last && run->group != NULL && run->sparse != NULL) {
        sg__octal_view_t view;
        sg__octal_run_view(run, &view);
        if ((run->gk = run->group(run->group_user, run->sparse, run->game, &view, n, upto,
                                  sg__octal_split_cost(run),
                                  run->sparse_mode == SG__OCTAL_SPARSE, run->gv)) < 0)
            return run->gk;
        run->gi = 0;
    }
#else
    (void)upto;
#endif
    if (run->gi < run->gk) {
        *value = run->gv[run->gi++];
        return 1;
    }
    if ((got = sg__octal_sparse_try(run, n, value)) < 0) return got;
    run->sparse_last = got;
    return got;
}

/* G(n) = v is stored: the sparse engine's bookkeeping, or its drop after a failure */
int sg__octal_sparse_put(sg__octal_run_t *run, uint64_t n, sg_value_t v)
{
    int st = sg__octal_sparse_push(run->sparse, n, v);
    return st == SG_OK ? SG_OK : sg__octal_sparse_drop(run, st);
}
#endif
