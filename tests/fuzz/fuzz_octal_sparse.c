/* The sparse-space engine of take-and-break games with at most two parts: the input chooses an
 * octal code and the chunks of a run. The engine asked to take every position it can
 * (lib/games/octal/octal_sparse.c through sg__octal_run) must give the values of the plain kernel,
 * which must give those of the definition computed plainly here; and a sequence run
 * (sg_sequence_*, which switches to the sparse engine from 4096 values on), saved at a point
 * the input chooses, loaded again and continued, must give the plain kernel's values too. */
#define _POSIX_C_SOURCE 200809L
#include "fuzz.h"

#include <unistd.h>

#include "../brute.h"
#include "../../lib/games/octal/take_break.h"

#define SPARSE_N 2000u   /* the engine at every position */
#define SEQ_N 4400u      /* past the sequence's switch at 4096 */
#define BRUTE_N 400u     /* the plain kernel against the definition */

static sg_value_t plain[SEQ_N], got[SEQ_N], brute[BRUTE_N];

/* the engine in `mode`, in chunks from the input; SG_OK or its failure */
static int run_engine(const sg_octal_t *game, sg_value_t *g, uint64_t count, int mode,
                      fuzz_in_t *in)
{
    sg__octal_run_t run;
    uint64_t upto = 0;
    int st = sg__octal_run_init(&run, game);
    if (st != SG_OK) return st;
    run.sparse_mode = mode;
    while (st == SG_OK && upto < count) {
        upto += in != NULL && fuzz_in_left(in) ? (uint64_t)fuzz_u8(in) * 8 + 1 : count;
        if (upto > count) upto = count;
        st = sg__octal_run(&run, g, upto);
    }
    sg__octal_run_release(&run);
    return st;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char path[64];
    char code[16];
    sg_octal_t *game = NULL;
    sg_sequence_t *s = NULL, *r = NULL;
    fuzz_in_t in;
    uint64_t save_at, upto = 0, i;
    unsigned ndigits, k;
    size_t c = 0;
    int saved = 0;

    if (path[0] == '\0') snprintf(path, sizeof path, "/tmp/sg-fuzz-osp-%ld", (long)getpid());
    fuzz_in_init(&in, data, size);
    /* a code of 1..6 octal digits (no hexadecimal digit: at most two parts) */
    code[c++] = (fuzz_u8(&in) & 1) ? '4' : '0';
    code[c++] = '.';
    ndigits = fuzz_u8(&in) % 6 + 1;
    for (k = 0; k < ndigits; k++) code[c++] = (char)('0' + fuzz_u8(&in) % 8);
    code[c] = '\0';
    if (sg_octal_parse(code, &game) != SG_OK) return 0;
    FUZZ_CHECK(sg_octal_max_parts(game) <= 2);

    /* the plain kernel, against the definition on a prefix */
    FUZZ_CHECK(run_engine(game, plain, SEQ_N, SG__OCTAL_PLAIN, NULL) == SG_OK);
    brute_octal(code, brute, BRUTE_N);
    for (i = 0; i < BRUTE_N; i++) FUZZ_CHECK(plain[i] == brute[i]);

    /* the sparse engine wherever it can, in the input's chunks */
    FUZZ_CHECK(run_engine(game, got, SPARSE_N, SG__OCTAL_SPARSE, &in) == SG_OK);
    for (i = 0; i < SPARSE_N; i++) FUZZ_CHECK(got[i] == plain[i]);

    /* a sequence, saved and loaded again */
    save_at = fuzz_bytes(&in, 2) % SEQ_N;
    FUZZ_CHECK(sg_sequence_create_octal(&s, game) == SG_OK);
    while (upto < SEQ_N) {
        upto += fuzz_in_left(&in) ? (uint64_t)fuzz_u8(&in) * 32 + 1 : SEQ_N;
        if (upto > SEQ_N) upto = SEQ_N;
        FUZZ_CHECK(sg_sequence_extend(s, upto, NULL, NULL) == SG_OK);
        if (!saved && upto >= save_at) {
            FUZZ_CHECK(sg_sequence_save(s, path) == SG_OK);
            saved = 1;
        }
    }
    FUZZ_CHECK(sg_sequence_read(s, 0, got, SEQ_N) == SG_OK);
    for (i = 0; i < SEQ_N; i++) FUZZ_CHECK(got[i] == plain[i]);
    sg_sequence_free(s);
    FUZZ_CHECK(sg_sequence_load_octal(&r, path, game) == SG_OK);
    upto = sg_sequence_count(r);
    FUZZ_CHECK(upto >= save_at && upto <= SEQ_N);
    FUZZ_CHECK(sg_sequence_extend(r, SEQ_N, NULL, NULL) == SG_OK);
    FUZZ_CHECK(sg_sequence_read(r, 0, got, SEQ_N) == SG_OK);
    for (i = 0; i < SEQ_N; i++) FUZZ_CHECK(got[i] == plain[i]);
    sg_sequence_free(r);
    sg_octal_free(game);
    remove(path);
    return 0;
}
