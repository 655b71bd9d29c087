#include "../common/sg_internal.h"
#include "longrun.h"

#include <stdlib.h>

/* Snapshots of a sequence for research logs: the hash of every value so far (kept by the store
 * as values are dropped), the histogram and largest value, and the sparse-space engine's mask
 * and rare positions. A family whose engine keeps a histogram gives it (a windowed run no
 * longer holds the values); for the others, every value is held and counted here. */

static void sg__snapshot_family(const sg_sequence_t *seq, sg__family_stats_t *fs)
{
    memset(fs, 0, sizeof *fs);
    if (seq->family->stats != NULL) seq->family->stats(seq->state, fs);
}

/* the largest value: from the family's histogram, or from the values held (all of them) */
static uint64_t sg__snapshot_largest(const sg_sequence_t *seq, const sg__family_stats_t *fs)
{
    uint64_t n, top = 0;
    size_t v;
    if (fs->hist != NULL) {
        for (v = fs->nhist; v > 0; v--)
            if (fs->hist[v - 1] != 0) return (uint64_t)(v - 1);
        return 0;
    }
    for (n = 0; n < seq->values.count; n++)
        if (sg__values_at(&seq->values, n) > top) top = sg__values_at(&seq->values, n);
    return top;
}

int sg_sequence_stats(const sg_sequence_t *seq, sg_sequence_stats_t *stats)
{
    sg__family_stats_t fs;
    if (seq == NULL || stats == NULL) return SG_EINVAL;
    sg__snapshot_family(seq, &fs);
    memset(stats, 0, sizeof *stats);
    stats->count = seq->values.count;
    stats->hash = sg__values_hash(&seq->values);
    if (stats->count > 0) {
        stats->largest = sg__snapshot_largest(seq, &fs);
        stats->values = stats->largest + 1;
    }
    stats->mask = fs.mask;
    stats->rare = fs.nrare;
    return SG_OK;
}

int sg_sequence_histogram(const sg_sequence_t *seq, uint64_t *hist, size_t size)
{
    sg__family_stats_t fs;
    uint64_t len = 0, n;
    size_t v;
    if (seq == NULL || (hist == NULL && size > 0)) return SG_EINVAL;
    sg__snapshot_family(seq, &fs);
    if (seq->values.count > 0) len = sg__snapshot_largest(seq, &fs) + 1;
    if (len > size) return SG_ERANGE;
    if (fs.hist != NULL) {
        for (v = 0; v < (size_t)len; v++) hist[v] = fs.hist[v];
        return SG_OK;
    }
    for (v = 0; v < (size_t)len; v++) hist[v] = 0;
    for (n = 0; n < seq->values.count; n++) hist[sg__values_at(&seq->values, n)]++;
    return SG_OK;
}

int sg_sequence_rare(const sg_sequence_t *seq, uint64_t *positions, sg_value_t *values,
                     size_t size, size_t *total)
{
    sg__family_stats_t fs;
    size_t i;
    if (seq == NULL || total == NULL) return SG_EINVAL;
    sg__snapshot_family(seq, &fs);
    *total = fs.nrare;
    for (i = 0; i < size && i < fs.nrare; i++) {
        if (positions != NULL) positions[i] = fs.rare[i];
        if (values != NULL) values[i] = fs.rare_val[i];
    }
    return SG_OK;
}
