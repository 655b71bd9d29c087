/* Grundy's game through sg_sequence_*, where the deep engines run: the sparse engine (from 2048
 * heaps) and the two-thread engine (from 4096), on one or two threads as the input says, in
 * chunks of lengths the input chooses, saved to a checkpoint and loaded again at a point it
 * chooses, the loaded run continued on one or two threads. Every value is compared with the
 * definition computed plainly here (and the plain table sg_grundy_game_table gives, which must
 * agree with it); the saved file must load to the same values and save to the same bytes. */
#define _POSIX_C_SOURCE 200809L
#include "fuzz.h"

#include <sg.h>
#include <unistd.h>

#include "../brute.h"

#define MAXN 4608u   /* past both thresholds (2048, 4096), and not much more: the kernel is
                          * quadratic */

static sg_value_t want[MAXN];
static sg_value_t got[MAXN];

static size_t slurp(const char *path, unsigned char *buf, size_t cap)
{
    FILE *f = fopen(path, "rb");
    size_t n;
    if (f == NULL) return 0;
    n = fread(buf, 1, cap, f);
    fclose(f);
    return n;
}

/* the values of s from `from` on, against the definition */
static void compare(const sg_sequence_t *s, uint64_t from)
{
    uint64_t count = sg_sequence_count(s), i;
    FUZZ_CHECK(count <= MAXN);
    if (count <= from) return;
    FUZZ_CHECK(sg_sequence_read(s, from, got + from, count - from) == SG_OK);
    for (i = from; i < count; i++) FUZZ_CHECK(got[i] == want[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char path[64];
    static unsigned char file[4 * MAXN + 4096], again[4 * MAXN + 4096];
    static int ready;
    sg_sequence_t *s = NULL, *r = NULL;
    fuzz_in_t in;
    uint64_t save_at, upto = 0;
    size_t len, len2;
    unsigned threads, rthreads;
    int saved = 0, st;

    if (!ready) {
        sg_value_t *table = (sg_value_t *)malloc(MAXN * sizeof *table);
        snprintf(path, sizeof path, "/tmp/sg-fuzz-grundy-%ld", (long)getpid());
        brute_grundy_game(want, MAXN);
        FUZZ_CHECK(table != NULL && sg_grundy_game_table(table, MAXN) == SG_OK);
        FUZZ_CHECK(memcmp(table, want, MAXN * sizeof *table) == 0);
        free(table);
        ready = 1;
    }
    fuzz_in_init(&in, data, size);
    threads = (fuzz_u8(&in) & 1) ? 2 : 1;
    rthreads = (fuzz_u8(&in) & 1) ? 2 : 1;
    save_at = fuzz_bytes(&in, 2) % MAXN;
    FUZZ_CHECK(sg_sequence_create_grundy_game(&s) == SG_OK);
    FUZZ_CHECK(sg_sequence_set_threads(s, threads) == SG_OK);
    /* chunks: each step one byte, a length in units of 64 (a run can stop anywhere) */
    while (upto < MAXN) {
        uint64_t step = fuzz_in_left(&in) ? (uint64_t)fuzz_u8(&in) * 64 + fuzz_u8(&in) % 64
                                          : MAXN;
        upto = upto + step > MAXN ? MAXN : upto + step;
        FUZZ_CHECK(sg_sequence_extend(s, upto, NULL, NULL) == SG_OK);
        FUZZ_CHECK(sg_sequence_count(s) == upto);
        if (!saved && upto >= save_at) {
            FUZZ_CHECK(sg_sequence_save(s, path) == SG_OK);
            saved = 1;
        }
    }
    compare(s, 0);
    sg_sequence_free(s);

    /* the checkpoint: loads to the values saved, saves to the same bytes, and goes on right */
    len = slurp(path, file, sizeof file);
    FUZZ_CHECK(len > 0 && len < sizeof file);
    st = sg_sequence_load(&r, path);
    FUZZ_CHECK(st == SG_OK);
    FUZZ_CHECK(sg_sequence_count(r) >= save_at);
    compare(r, 0);
    FUZZ_CHECK(sg_sequence_save(r, path) == SG_OK);
    len2 = slurp(path, again, sizeof again);
    FUZZ_CHECK(len2 == len && memcmp(file, again, len) == 0);
    FUZZ_CHECK(sg_sequence_set_threads(r, rthreads) == SG_OK);
    upto = sg_sequence_count(r);
    FUZZ_CHECK(sg_sequence_extend(r, MAXN, NULL, NULL) == SG_OK);
    compare(r, upto);
    sg_sequence_free(r);
    remove(path);
    return 0;
}
