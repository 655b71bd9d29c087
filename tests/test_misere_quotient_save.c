/* Save and resume of a misere quotient's computation (sg_misere_quotient_save, _load): a run
 * stopped at heap n, saved, loaded into a fresh object and taken further answers every public
 * question as a run never stopped does, and saves the same bytes; files of another game,
 * damaged, truncated or made consistent again by hand are refused or give a proven quotient
 * (checked against the exact solver), never a wrong one. */
#define _POSIX_C_SOURCE 200809L
#include "test.h"
#include "checkpoint.h"

#include <sg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static sg_misere_quotient_t *fresh(const char *code, uint64_t max_order, size_t max_bytes)
{
    sg_octal_t *g = NULL;
    sg_misere_quotient_t *q = NULL;
    sg_memory_t mem;
    memset(&mem, 0, sizeof mem);
    mem.max_bytes = max_bytes;
    CHECK_EQ(sg_octal_parse(code, &g), SG_OK);
    CHECK_EQ(sg_misere_quotient_create(&q, g, max_order, max_bytes ? &mem : NULL), SG_OK);
    sg_octal_free(g);
    return q;
}

/* every public answer of a and b, compared: 0 when they all agree */
static unsigned differ(const sg_misere_quotient_t *a, const sg_misere_quotient_t *b)
{
    char ta[4096], tb[4096];
    uint64_t n = sg_misere_quotient_heaps(a), h, order = sg_misere_quotient_order(a);
    uint32_t x, y, g;
    sg_period_t pa, pb;
    unsigned bad = 0, ma = 0, mb = 0, s;
    bad += n != sg_misere_quotient_heaps(b);
    bad += order != sg_misere_quotient_order(b);
    bad += sg_misere_quotient_p_portion(a) != sg_misere_quotient_p_portion(b);
    bad += sg_misere_quotient_last_rogue(a) != sg_misere_quotient_last_rogue(b);
    bad += sg_misere_quotient_tame(a, &ma) != sg_misere_quotient_tame(b, &mb) || ma != mb;
    sg_misere_quotient_period(a, &pa);
    sg_misere_quotient_period(b, &pb);
    bad += memcmp(&pa, &pb, sizeof pa) != 0;
    CHECK_EQ(sg_misere_quotient_presentation(a, ta, sizeof ta), SG_OK);
    CHECK_EQ(sg_misere_quotient_presentation(b, tb, sizeof tb), SG_OK);
    bad += strcmp(ta, tb) != 0;
    bad += sg_misere_quotient_generators(a) != sg_misere_quotient_generators(b);
    for (g = 0; g < sg_misere_quotient_generators(a); g++) {
        uint64_t ha = 0, hb = 1;
        sg_misere_quotient_generator(a, g, &ha);
        sg_misere_quotient_generator(b, g, &hb);
        bad += ha != hb;
    }
    if (bad) return bad;
    for (x = 0; x < order; x++) {
        bad += sg_misere_quotient_is_p(a, x) != sg_misere_quotient_is_p(b, x);
        CHECK_EQ(sg_misere_quotient_name(a, x, ta, sizeof ta), SG_OK);
        CHECK_EQ(sg_misere_quotient_name(b, x, tb, sizeof tb), SG_OK);
        bad += strcmp(ta, tb) != 0;
        for (y = 0; y < order; y++) {
            uint32_t ca = 0, cb = 1;
            sg_misere_quotient_mul(a, x, y, &ca);
            sg_misere_quotient_mul(b, x, y, &cb);
            bad += ca != cb;
        }
    }
    for (h = 0; h <= n + (pa.proven ? 3 * pa.period + 5 : 0); h++) {
        uint32_t ea = 0, eb = 1;
        CHECK_EQ(sg_misere_quotient_element(a, h, &ea), SG_OK);
        CHECK_EQ(sg_misere_quotient_element(b, h, &eb), SG_OK);
        bad += ea != eb;
    }
    for (s = 0; s < 200; s++) {
        uint64_t heaps[6];
        size_t k = (size_t)test_below(7), j;
        sg_misere_quotient_move_t ma_, mb_;
        for (j = 0; j < k; j++) heaps[j] = 1 + test_below(n);
        memset(&ma_, 0, sizeof ma_);
        memset(&mb_, 0, sizeof mb_);
        bad += sg_misere_quotient_winning_move(a, heaps, k, &ma_) !=
               sg_misere_quotient_winning_move(b, heaps, k, &mb_);
        bad += memcmp(&ma_, &mb_, sizeof ma_) != 0;
    }
    return bad;
}

static int same_file(const char *p1, const char *p2)
{
    size_t n1 = 0, n2 = 0;
    unsigned char *a = ckpt_get(p1, &n1), *b = ckpt_get(p2, &n2);
    int same = a != NULL && b != NULL && n1 == n2 && memcmp(a, b, n1) == 0;
    free(a);
    free(b);
    return same;
}

/* Proves: extend to n1, save, load into a fresh object, extend (or solve) to n2 gives every
 * public answer of a run that went to n2 at once, and the same saved bytes (the same learnt
 * state); the loaded object answers as the saved one before it goes on. */
static void test_resume(void)
{
    static const struct {
        const char *code;
        unsigned n1, n2;
        int solve;
    } runs[] = {{"0.77", 7, 10, 0}, {"0.77", 9, 11, 0}, {"0.75", 5, 40, 1}, {"0.137", 6, 10, 0},
                {"0.52", 8, 30, 1}, {"0.07", 4, 12, 0}, {"0.6", 3, 8, 0},   {"4.7", 5, 9, 0},
                {"0.31", 2, 30, 1}, {"0.16", 6, 9, 0}};
    char p1[256], p2[256];
    size_t i;
    ckpt_path(p1, sizeof p1, "quotient_save.a");
    ckpt_path(p2, sizeof p2, "quotient_save.b");
    for (i = 0; i < sizeof runs / sizeof *runs; i++) {
        sg_misere_quotient_t *whole = fresh(runs[i].code, 0, 0), *part = fresh(runs[i].code, 0, 0);
        sg_misere_quotient_t *back = fresh(runs[i].code, 0, 0);
        if (whole == NULL || part == NULL || back == NULL) return;
        CHECK_EQ(sg_misere_quotient_extend(part, runs[i].n1), SG_OK);
        CHECK_EQ(sg_misere_quotient_save(part, p1), SG_OK);
        CHECK_EQ(sg_misere_quotient_load(back, p1), SG_OK);
        CHECK_EQ(differ(part, back), 0);
        if (runs[i].solve) {
            CHECK_EQ(sg_misere_quotient_solve(whole, runs[i].n2), SG_OK);
            CHECK_EQ(sg_misere_quotient_solve(back, runs[i].n2), SG_OK);
        } else {
            CHECK_EQ(sg_misere_quotient_extend(whole, runs[i].n2), SG_OK);
            CHECK_EQ(sg_misere_quotient_extend(back, runs[i].n2), SG_OK);
        }
        CHECK_EQ(differ(whole, back), 0);
        CHECK_EQ(sg_misere_quotient_save(whole, p1), SG_OK);
        CHECK_EQ(sg_misere_quotient_save(back, p2), SG_OK);
        CHECK(same_file(p1, p2));
        sg_misere_quotient_free(whole);
        sg_misere_quotient_free(part);
        sg_misere_quotient_free(back);
    }
    unlink(p1);
    unlink(p2);
}

/* Proves: a file of another game is SG_EGAME, a quotient larger than the loading object's
 * budget SG_ERANGE, a directory or a missing file SG_EIO; an object that is not fresh, an
 * empty one, NULL arguments SG_EINVAL; an object whose step failed half-way cannot be saved
 * (its status) and leaves the last file as it was; after each refusal the object is still
 * fresh: it loads the right file and computes. */
static void test_refused(void)
{
    char p1[256], dir[256];
    sg_misere_quotient_t *q = fresh("0.77", 0, 0), *o = fresh("0.75", 0, 0), *r;
    size_t n0 = 0, n1 = 0;
    unsigned char *before, *after;
    if (q == NULL || o == NULL) return;
    ckpt_path(p1, sizeof p1, "quotient_save.c");
    ckpt_path(dir, sizeof dir, "");
    CHECK_EQ(sg_misere_quotient_save(q, p1), SG_EINVAL);     /* no heap yet */
    CHECK_EQ(sg_misere_quotient_save(NULL, p1), SG_EINVAL);
    CHECK_EQ(sg_misere_quotient_load(NULL, p1), SG_EINVAL);
    CHECK_EQ(sg_misere_quotient_load(q, NULL), SG_EINVAL);
    CHECK_EQ(sg_misere_quotient_extend(q, 9), SG_OK);
    CHECK_EQ(sg_misere_quotient_save(q, NULL), SG_EINVAL);
    CHECK_EQ(sg_misere_quotient_save(q, p1), SG_OK);
    CHECK_EQ(sg_misere_quotient_load(o, p1), SG_EGAME);
    CHECK_EQ(sg_misere_quotient_heaps(o), 0);
    CHECK_EQ(sg_misere_quotient_load(q, p1), SG_EINVAL);     /* not fresh */
    CHECK_EQ(sg_misere_quotient_load(o, dir), SG_EIO);
    CHECK_EQ(sg_misere_quotient_extend(o, 12), SG_OK);     /* still fresh, still works */
    CHECK_EQ(sg_misere_quotient_order(o), 8);
    r = fresh("0.77", 12, 0);   /* order 18 at heap 9: past a budget of 12 */
    CHECK_EQ(sg_misere_quotient_load(r, p1), SG_ERANGE);
    CHECK_EQ(sg_misere_quotient_heaps(r), 0);
    CHECK_EQ(sg_misere_quotient_extend(r, 8), SG_OK);
    CHECK_EQ(sg_misere_quotient_order(r), 12);
    CHECK_EQ(sg_misere_quotient_save(r, p1), SG_OK);
    before = ckpt_get(p1, &n0);
    CHECK_EQ(sg_misere_quotient_extend(r, 9), SG_ERANGE);
    CHECK_EQ(sg_misere_quotient_save(r, p1), SG_ERANGE);
    after = ckpt_get(p1, &n1);
    CHECK(before != NULL && after != NULL && n0 == n1 && memcmp(before, after, n0) == 0);
    free(before);
    free(after);
    sg_misere_quotient_free(r);
    r = fresh("0.77", 0, 0);
    CHECK_EQ(sg_misere_quotient_load(r, p1), SG_OK);
    CHECK_EQ(sg_misere_quotient_heaps(r), 8);
    CHECK_EQ(sg_misere_quotient_extend(r, 9), SG_OK);
    CHECK_EQ(sg_misere_quotient_order(r), 18);
    sg_misere_quotient_free(r);
    sg_misere_quotient_free(q);
    sg_misere_quotient_free(o);
    unlink(p1);
}

/* the outcome of every sum of up to three heaps 1..n, by q and by the exact solver: 0 when
 * they agree */
static unsigned wrong(const sg_misere_quotient_t *q, const char *code)
{
    sg_octal_t *g = NULL;
    sg_misere_octal_t *m = NULL;
    uint64_t n = sg_misere_quotient_heaps(q), h[3];
    unsigned bad = 0;
    CHECK_EQ(sg_octal_parse(code, &g), SG_OK);
    CHECK_EQ(sg_misere_octal_create(&m, g, 0, NULL), SG_OK);
    for (h[0] = 0; h[0] <= n; h[0]++)
        for (h[1] = h[0]; h[1] <= n; h[1]++)
            for (h[2] = h[1]; h[2] <= n; h[2]++) {
                uint64_t s[3];
                size_t k = 0, i;
                int w1 = -1, w2 = -2;
                for (i = 0; i < 3; i++)
                    if (h[i]) s[k++] = h[i];
                CHECK_EQ(sg_misere_quotient_outcome(q, s, k, &w1), SG_OK);
                CHECK_EQ(sg_misere_octal_outcome(m, s, k, &w2), SG_OK);
                bad += w1 != w2;
            }
    sg_misere_octal_free(m);
    sg_octal_free(g);
    return bad;
}

/* Proves: a file cut short anywhere, or with any byte changed, is refused (SG_EFORMAT); with
 * the checksum made right again after the change (a forgery), it is refused, or it loads a
 * quotient whose every outcome of sums of up to three heaps is the exact solver's. The object
 * that refused stays fresh. */
static void test_damaged(void)
{
    char p1[256], p2[256];
    sg_misere_quotient_t *q = fresh("0.77", 0, 0);
    unsigned char *img, *bad;
    size_t n = 0, i;
    unsigned forged_ok = 0, forged_no = 0, wrongs = 0, loaded_bad = 0;
    if (q == NULL) return;
    ckpt_path(p1, sizeof p1, "quotient_save.d");
    ckpt_path(p2, sizeof p2, "quotient_save.e");
    CHECK_EQ(sg_misere_quotient_extend(q, 8), SG_OK);
    CHECK_EQ(sg_misere_quotient_save(q, p1), SG_OK);
    sg_misere_quotient_free(q);
    img = ckpt_get(p1, &n);
    CHECK(img != NULL && n > 72);
    if (img == NULL) return;
    bad = (unsigned char *)malloc(n);
    for (i = 0; i < n; i++) {   /* cut short */
        sg_misere_quotient_t *r = fresh("0.77", 0, 0);
        CHECK(ckpt_put(p2, img, i));
        loaded_bad += sg_misere_quotient_load(r, p2) != SG_EFORMAT;
        loaded_bad += sg_misere_quotient_heaps(r) != 0;
        sg_misere_quotient_free(r);
    }
    for (i = 0; i < n; i++) {
        unsigned flip;
        for (flip = 0; flip < 2; flip++) {
            sg_misere_quotient_t *r = fresh("0.77", 0, 0);
            int st;
            memcpy(bad, img, n);
            bad[i] ^= (unsigned char)(flip ? 0x01 : 0x80 >> (i % 7));
            if (i + 8 < n && (i + flip) % 2 == 0) {
                ckpt_reseal(bad, n);
                CHECK(ckpt_put(p2, bad, n));
                st = sg_misere_quotient_load(r, p2);
                CHECK(st == SG_OK || st == SG_EFORMAT || st == SG_EGAME || st == SG_ERANGE);
                if (st == SG_OK) {
                    forged_ok++;
                    wrongs += wrong(r, "0.77");
                } else {
                    forged_no++;
                    loaded_bad += sg_misere_quotient_heaps(r) != 0;
                }
            } else {
                CHECK(ckpt_put(p2, bad, n));
                loaded_bad += sg_misere_quotient_load(r, p2) != SG_EFORMAT;
            }
            sg_misere_quotient_free(r);
        }
    }
    CHECK_EQ(loaded_bad, 0);
    CHECK_EQ(wrongs, 0);
    CHECK(forged_no > 0);
    /* a forged P-set or transition is caught by the proof, not by the checksum */
    {
        sg_misere_quotient_t *r = fresh("0.77", 0, 0);
        uint64_t nq, ng;
        uint32_t L;
        size_t isp;
        memcpy(&L, img + 16, 4);
        memcpy(&nq, img + 32, 8);
        memcpy(&ng, img + 40, 8);
        isp = 64 + L + 8 * (size_t)nq + 4 * (size_t)(nq * ng);
        memcpy(bad, img, n);
        bad[isp + nq - 1] ^= 1;
        ckpt_reseal(bad, n);
        CHECK(ckpt_put(p2, bad, n));
        CHECK_EQ(sg_misere_quotient_load(r, p2), SG_EFORMAT);
        CHECK_EQ(sg_misere_quotient_load(r, p1), SG_OK);
        CHECK_EQ(wrong(r, "0.77"), 0);
        sg_misere_quotient_free(r);
    }
    free(bad);
    free(img);
    unlink(p1);
    unlink(p2);
}

/* Proves: a load past the memory cap is SG_ENOMEM and frees what it took; the object is
 * still fresh and computes under the same cap. */
static void test_memory(void)
{
    char p1[256];
    sg_misere_quotient_t *q = fresh("0.77", 0, 0), *r = fresh("0.77", 0, 6000);
    size_t used;
    if (q == NULL || r == NULL) return;
    ckpt_path(p1, sizeof p1, "quotient_save.f");
    CHECK_EQ(sg_misere_quotient_extend(q, 10), SG_OK);
    CHECK_EQ(sg_misere_quotient_save(q, p1), SG_OK);
    used = sg_misere_quotient_bytes(r);
    CHECK_EQ(sg_misere_quotient_load(r, p1), SG_ENOMEM);
    CHECK_EQ(sg_misere_quotient_bytes(r), used);
    CHECK_EQ(sg_misere_quotient_heaps(r), 0);
    sg_misere_quotient_free(r);
    sg_misere_quotient_free(q);
    unlink(p1);
}

/* Proves: a file whose heap bound is forged far past its generators (and resealed) is refused
 * as malformed before the loader makes room for that many heaps; it asked for 8 GiB, which a
 * capped object refused as SG_ENOMEM and an uncapped one tried to allocate. */
static void test_forged_heaps(void)
{
    char p1[256];
    sg_misere_quotient_t *q = fresh("0.77", 0, 0), *r = fresh("0.77", 0, (size_t)64 << 20);
    unsigned char *img;
    size_t n = 0;
    uint64_t heaps = (uint64_t)1 << 30;
    if (q == NULL || r == NULL) return;
    ckpt_path(p1, sizeof p1, "quotient_save.g");
    CHECK_EQ(sg_misere_quotient_extend(q, 8), SG_OK);
    CHECK_EQ(sg_misere_quotient_save(q, p1), SG_OK);
    img = ckpt_get(p1, &n);
    CHECK(img != NULL && n > 72);
    if (img != NULL && n > 72) {
        memcpy(img + 24, &heaps, 8);   /* the heap bound, in the file's (this machine's) order */
        ckpt_reseal(img, n);
        CHECK(ckpt_put(p1, img, n));
        CHECK_EQ(sg_misere_quotient_load(r, p1), SG_EFORMAT);
        CHECK_EQ(sg_misere_quotient_heaps(r), 0);
    }
    free(img);
    sg_misere_quotient_free(r);
    sg_misere_quotient_free(q);
    unlink(p1);
}

int main(void)
{
    RUN(test_resume);
    RUN(test_refused);
    RUN(test_damaged);
    RUN(test_memory);
    RUN(test_forged_heaps);
    return TEST_REPORT();
}
