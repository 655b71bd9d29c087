/* The slices of a long run past memory (--window, --snapshots): where cli_sequence_run ends a
 * slice (at each power of two, for the snapshot lines, and, with a window, after at most a
 * window's worth of values, so that every value is still held when it is streamed out), what
 * it writes after one, and how many values a slice of a three-heap game takes (for checkpoint.c
 * and survey --budget). docs/snapshots.md describes the lines. checkpoint.c calls these; they
 * call nothing of checkpoint.c or window.c. */
#include "cli.h"

#include <stdlib.h>

#define SLICE_STREAM_MAX ((uint64_t)1 << 20)   /* values streamed after one slice at most */

/* values the run is sure to hold behind its newest one: the window asked for (an automatic one
 * is at least 2^26 values), all of them without a window */
static uint64_t slice_room(const cli_t *c)
{
    if (!c->window_set) return UINT64_MAX;
    return c->window < SLICE_STREAM_MAX ? c->window : SLICE_STREAM_MAX;
}

uint64_t cli_window_upto(cli_t *c, const sg_sequence_t *seq, uint64_t upto)
{
    uint64_t have = sg_sequence_count(seq), slice = slice_room(c);
    if (c->snap_next == 0) {
        /* the first slice: a resumed run's log goes on at the next power of two, and its
         * values from where its checkpoint ends (the run before wrote the others) */
        for (c->snap_next = 1; c->snap_next <= have && c->snap_next <= UINT64_MAX / 2;)
            c->snap_next *= 2;
        if (c->window_set) c->streamed = have;
    }
    if (c->snap != NULL && c->snap_next > have && c->snap_next < upto) upto = c->snap_next;
    if (c->window_set && (c->format == CLI_CSV || c->format == CLI_BFILE) &&
        upto - c->streamed > slice)
        upto = c->streamed + slice;
    return upto;
}

/* One JSON line: the game, n, the FNV-1a hash of G(0..n-1), the largest value, the mask, the rare
 * positions and their values, the histogram, the seconds since the run began. */
static int slice_snapshot(cli_t *c, const sg_sequence_t *seq)
{
    sg_sequence_stats_t st;
    uint64_t *hist = NULL, *pos = NULL, i;
    sg_value_t *val = NULL;
    size_t total = 0;
    FILE *f = c->snap;
    int ok;
    if (sg_sequence_stats(seq, &st) != SG_OK) return CLI_FAIL;
    hist = (uint64_t *)malloc((size_t)(st.values + 1) * sizeof *hist);
    pos = (uint64_t *)malloc((size_t)(st.rare + 1) * sizeof *pos);
    val = (sg_value_t *)malloc((size_t)(st.rare + 1) * sizeof *val);
    ok = hist != NULL && pos != NULL && val != NULL &&
         sg_sequence_histogram(seq, hist, (size_t)st.values) == SG_OK &&
         sg_sequence_rare(seq, pos, val, (size_t)st.rare, &total) == SG_OK;
    if (ok) {
        /* the vocabulary of --format json (docs/json.md): written to the snapshot file */
        fputc('{', f);
        cli_json_game(c, f, c->win_code, NULL);
        fputs("\"n\":", f);
        cli_put_u64(f, st.count);
        fprintf(f, ",\"fnv1a64\":\"%016llx\",\"max_value\":", (unsigned long long)st.hash);
        cli_put_u64(f, st.largest);
        fputs(",\"mask\":", f);
        cli_put_u64(f, st.mask);
        fputs(",\"rare_count\":", f);
        cli_put_u64(f, st.rare);
        fputs(",\"rare\":[", f);
        for (i = 0; i < total; i++) {
            if (i != 0) fputc(',', f);
            cli_put_u64(f, pos[i]);
        }
        fputs("],\"rare_values\":[", f);
        for (i = 0; i < total; i++) {
            if (i != 0) fputc(',', f);
            cli_put_u64(f, val[i]);
        }
        fputs("],\"histogram\":[", f);
        for (i = 0; i < st.values; i++) {
            if (i != 0) fputc(',', f);
            cli_put_u64(f, hist[i]);
        }
        fprintf(f, "],\"seconds\":%.3f}\n", cli_now() - c->started);
        ok = fflush(f) == 0 && !ferror(f);
    }
    free(hist);
    free(pos);
    free(val);
    return ok ? CLI_OK : CLI_FAIL;
}

/* the values of a slice, as they are computed */
static int slice_stream(cli_t *c, const sg_sequence_t *seq)
{
    sg_value_t buf[4096];
    uint64_t n = sg_sequence_count(seq), k, j;
    while (c->streamed < n) {
        k = n - c->streamed < 4096 ? n - c->streamed : 4096;
        if (sg_sequence_read(seq, c->streamed, buf, k) != SG_OK) return CLI_FAIL;
        for (j = 0; j < k; j++) {
            cli_put_u64(c->out, c->streamed + j);
            fputc(c->format == CLI_CSV ? ',' : ' ', c->out);
            cli_put_u64(c->out, buf[j]);
            fputc('\n', c->out);
        }
        c->streamed += k;
    }
    return CLI_OK;
}

int cli_window_after(cli_t *c, const sg_sequence_t *seq)
{
    uint64_t n = sg_sequence_count(seq);
    if (c->window_set && (c->format == CLI_CSV || c->format == CLI_BFILE) &&
        slice_stream(c, seq) != CLI_OK)
        c->stream_failed = 1;
    if (c->snap != NULL && n == c->snap_next) {
        if (slice_snapshot(c, seq) != CLI_OK) c->stream_failed = 1;
        c->snap_next = n <= UINT64_MAX / 2 ? 2 * n : 0;
    }
    return c->stream_failed ? CLI_FAIL : CLI_OK;
}

/* Seconds one sg_sequence_extend call may take in a game whose moves leave three heaps: each
 * position costs n^2 there, so the library's progress (every 2^14 values) can be minutes
 * apart. Elsewhere one call runs: a call copies the values it extends, which slices of a long
 * run would repeat. */
#define SLICE_SECONDS 0.25

uint64_t cli_slice_first(const sg_octal_t *game)
{
    return game == NULL || sg_octal_max_parts(game) < 3 ? UINT64_MAX : 256;
}

uint64_t cli_slice_next(uint64_t step, double seconds)
{
    if (step == UINT64_MAX) return step;
    if (seconds < SLICE_SECONDS / 2 && step < ((uint64_t)1 << 40)) return step * 2;
    if (seconds > SLICE_SECONDS && step > 1) return step / 2;
    return step;
}
