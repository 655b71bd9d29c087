/* Files of sg_misere_quotient_save, damaged anywhere. The target saves a seed itself, once (the
 * quotient of Kayles, 0.77, to heap 7). The input edits the seed at offsets anywhere in the
 * file (three bytes each), or is itself the whole file; half of the edited seeds get their
 * checksum made right again (tests/checkpoint.h), so the loader's checks past the checksum,
 * the proof among them, are reached too. A file that does not load must give a known status
 * and leave the object fresh; an edit the checksum was not made right for must never load; a
 * file that loads (the genuine seed, or a forgery the proof accepts) must give, for every sum
 * of up to three heaps up to its bound, the exact solver's outcome, save, go on one heap
 * further and free without a memory error. */
#define _POSIX_C_SOURCE 200809L
#include "fuzz_file.h"

#include <sg.h>
#include <unistd.h>

static unsigned char *seed;
static size_t seed_len;
static char path[64], path2[64];
static sg_misere_octal_t *exact;

static sg_misere_quotient_t *fresh(void)
{
    sg_octal_t *g = NULL;
    sg_misere_quotient_t *q = NULL;
    if (sg_octal_parse("0.77", &g) != SG_OK) abort();
    if (sg_misere_quotient_create(&q, g, 64, NULL) != SG_OK) abort();
    if (exact == NULL && sg_misere_octal_create(&exact, g, 0, NULL) != SG_OK) abort();
    sg_octal_free(g);
    return q;
}

static void make_seed(void)
{
    sg_misere_quotient_t *q;
    snprintf(path, sizeof path, "/tmp/fuzz_quotient_load.%ld", (long)getpid());
    snprintf(path2, sizeof path2, "%s.again", path);
    q = fresh();
    if (sg_misere_quotient_extend(q, 7) != SG_OK) abort();
    if (sg_misere_quotient_save(q, path) != SG_OK) abort();
    sg_misere_quotient_free(q);
    seed = ckpt_get(path, &seed_len);
    if (seed == NULL) abort();
}

/* every sum of up to three heaps 1..n: the quotient's outcome is the exact solver's */
static void check_outcomes(const sg_misere_quotient_t *q)
{
    uint64_t n = sg_misere_quotient_heaps(q), h[3];
    for (h[0] = 0; h[0] <= n; h[0]++)
        for (h[1] = h[0]; h[1] <= n; h[1]++)
            for (h[2] = h[1]; h[2] <= n; h[2]++) {
                uint64_t s[3];
                size_t k = 0, i;
                int w1 = -1, w2 = -2;
                for (i = 0; i < 3; i++)
                    if (h[i]) s[k++] = h[i];
                FUZZ_CHECK(sg_misere_quotient_outcome(q, s, k, &w1) == SG_OK);
                FUZZ_CHECK(sg_misere_octal_outcome(exact, s, k, &w2) == SG_OK);
                FUZZ_CHECK(w1 == w2);
            }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_in_t in;
    fuzz_file_t f;
    int st;
    sg_misere_quotient_t *q;
    if (seed == NULL) make_seed();
    fuzz_in_init(&in, data, size);
    fuzz_file_make(&f, &in, data, size, seed, seed_len);
    if (!ckpt_put(path2, f.bytes, f.len)) abort();
    q = fresh();
    st = sg_misere_quotient_load(q, path2);
    FUZZ_CHECK(st == SG_OK || st == SG_EFORMAT || st == SG_EGAME || st == SG_ENOMEM ||
               st == SG_EIO || st == SG_ERANGE);
    if (f.changed && !f.resealed && !f.whole) FUZZ_CHECK(st != SG_OK);
    if (!f.changed) FUZZ_CHECK(st == SG_OK);
    if (st != SG_OK) {
        FUZZ_CHECK(sg_misere_quotient_heaps(q) == 0);
    } else {
        check_outcomes(q);
        FUZZ_CHECK(sg_misere_quotient_save(q, path2) == SG_OK);
        if (sg_misere_quotient_heaps(q) < 9 &&
            sg_misere_quotient_extend(q, sg_misere_quotient_heaps(q) + 1) == SG_OK)
            check_outcomes(q);
    }
    sg_misere_quotient_free(q);
    free(f.bytes);
    unlink(path2);
    return 0;
}
