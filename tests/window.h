/* What the tests of windowed long runs (test_sequence_window*.c) hold a sequence against: a full
 * table t[0 .. n-1] of its values, from which its statistics are computed here plainly (the
 * FNV-1a hash and histogram of sg_sequence_stats, the parity of mask bits that makes a position
 * rare), and the values it still holds, read back. */
#ifndef TEST_WINDOW_H
#define TEST_WINDOW_H

#include "test.h"

#include <sg.h>

/* FNV-1a 64 of t[0 .. n-1], each value as 4 bytes, least significant first */
static inline uint64_t window_fnv(const sg_value_t *t, uint64_t n)
{
    uint64_t h = 14695981039346656037u, i;
    unsigned b;
    for (i = 0; i < n; i++)
        for (b = 0; b < 4; b++) {
            h ^= (t[i] >> (8 * b)) & 0xffu;
            h *= 1099511628211u;
        }
    return h;
}

static inline unsigned window_parity(uint64_t x)
{
    unsigned p = 0;
    for (; x != 0; x &= x - 1) p ^= 1;
    return p;
}

/* The statistics of s (into *st) at its count n: the hash, the largest value and the
 * histogram of t[0 .. n-1]. */
static inline void window_check_stats(sg_sequence_t *s, const sg_value_t *t, uint64_t n,
                                      sg_sequence_stats_t *st)
{
    uint64_t i, *hist, top = 0;
    CHECK_EQ(sg_sequence_stats(s, st), SG_OK);
    CHECK_EQ(st->count, n);
    CHECK_EQ(st->hash, window_fnv(t, n));
    for (i = 0; i < n; i++)
        if (t[i] > top) top = t[i];
    CHECK_EQ(st->largest, top);
    CHECK_EQ(st->values, top + 1);
    hist = (uint64_t *)calloc(top + 1, sizeof *hist);
    CHECK(hist != NULL);
    if (hist == NULL) return;
    CHECK_EQ(sg_sequence_histogram(s, hist, (size_t)top), SG_ERANGE);
    CHECK_EQ(sg_sequence_histogram(s, hist, (size_t)top + 1), SG_OK);
    for (i = 0; i < n; i++) hist[t[i]]--;
    for (i = 0; i <= top; i++) CHECK_EQ(hist[i], 0);
    free(hist);
}

/* The values s holds at its count n (the prefix G(0 .. *pre-1) and G(*from .. n-1)) read back
 * as t has them; a read of any other is SG_EWINDOW. */
static inline void window_check_held(sg_sequence_t *s, const sg_value_t *t, uint64_t n,
                                     uint64_t *pre, uint64_t *from)
{
    sg_value_t buf[256];
    uint64_t i;
    CHECK_EQ(sg_sequence_held(s, pre, from), SG_OK);
    CHECK(*pre <= *from && *from <= n);
    for (i = 0; i < n; i += 256) {
        uint64_t k = n - i < 256 ? n - i : 256, j;
        if (i < *from && i + k > *pre) {
            CHECK_EQ(sg_sequence_read(s, i, buf, k), SG_EWINDOW);
            continue;
        }
        CHECK_EQ(sg_sequence_read(s, i, buf, k), SG_OK);
        for (j = 0; j < k; j++) CHECK_EQ(buf[j], t[i + j]);
    }
}

/* The rare positions of s and their values, in arrays malloc'd here (*total of them, at most
 * st->rare); 0 when they could not be had. */
static inline int window_rare(sg_sequence_t *s, const sg_sequence_stats_t *st, uint64_t **pos,
                              sg_value_t **val, size_t *total)
{
    *total = 0;
    CHECK_EQ(sg_sequence_rare(s, NULL, NULL, 0, total), SG_OK);
    CHECK_EQ(*total, st->rare);
    *pos = (uint64_t *)malloc((*total + 1) * sizeof **pos);
    *val = (sg_value_t *)malloc((*total + 1) * sizeof **val);
    CHECK(*pos != NULL && *val != NULL);
    if (*pos == NULL || *val == NULL) {
        free(*pos);
        free(*val);
        *pos = NULL;
        *val = NULL;
        return 0;
    }
    CHECK_EQ(sg_sequence_rare(s, *pos, *val, *total, total), SG_OK);
    return 1;
}

/* s extended to stops[0 .. k-1] in turn (on `threads` threads each time, unless 0), and after
 * each stop but the last checked by `check`, saved to path and loaded back: the sequence at the
 * last stop (NULL when a load failed), path removed. */
static inline sg_sequence_t *window_slices(sg_sequence_t *s, const uint64_t *stops, size_t k,
                                           unsigned threads, const char *path,
                                           void (*check)(sg_sequence_t *))
{
    size_t i;
    for (i = 0; i < k && s != NULL; i++) {
        if (threads != 0) CHECK_EQ(sg_sequence_set_threads(s, threads), SG_OK);
        CHECK_EQ(sg_sequence_extend(s, stops[i], NULL, NULL), SG_OK);
        CHECK_EQ(sg_sequence_count(s), stops[i]);
        if (i + 1 == k) break;
        check(s);
        CHECK_EQ(sg_sequence_save(s, path), SG_OK);
        sg_sequence_free(s);
        s = NULL;
        CHECK_EQ(sg_sequence_load(&s, path), SG_OK);
    }
    remove(path);
    return s;
}

#endif /* TEST_WINDOW_H */
