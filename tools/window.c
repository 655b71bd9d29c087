/* The grundy tool's long runs past memory: grundy-game and octal CODE with --window SIZE|auto and
 * --snapshots FILE.
 * The run goes through cli_sequence_run (checkpoints, signals, progress) in slices that end at
 * each power of two, for the snapshot lines, and, with a window, after at most a window's worth
 * of values, so that every value is still held when it is streamed out. docs/snapshots.md
 * describes the lines. */
#include "cli.h"

#include <stdlib.h>

#define WIN_STREAM_MAX ((uint64_t)1 << 20)   /* values streamed after one slice at most */

/* values the run is sure to hold behind its newest one: the window asked for (an automatic one
 * is at least 2^26 values), all of them without a window */
static uint64_t win_slice(const cli_t *c)
{
    if (!c->window_set) return UINT64_MAX;
    return c->window < WIN_STREAM_MAX ? c->window : WIN_STREAM_MAX;
}

uint64_t cli_window_upto(cli_t *c, const sg_sequence_t *seq, uint64_t upto)
{
    uint64_t have = sg_sequence_count(seq), slice = win_slice(c);
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

/* One JSON line: n, the FNV-1a hash of G(0..n-1), the largest value, the mask, the rare
 * positions and their values, the histogram, the seconds since the run began. */
static int win_snapshot(cli_t *c, const sg_sequence_t *seq)
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
        fputs("{\"game\":", f);
        cli_put_json_string(f, c->win_code != NULL ? c->win_code : "grundy-game");
        fputs(",\"n\":", f);
        cli_put_u64(f, st.count);
        fprintf(f, ",\"fnv1a64\":\"%016llx\",\"largest\":", (unsigned long long)st.hash);
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
static int win_stream(cli_t *c, const sg_sequence_t *seq)
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
        win_stream(c, seq) != CLI_OK)
        c->stream_failed = 1;
    if (c->snap != NULL && n == c->snap_next) {
        if (win_snapshot(c, seq) != CLI_OK) c->stream_failed = 1;
        c->snap_next = n <= UINT64_MAX / 2 ? 2 * n : 0;
    }
    return c->stream_failed ? CLI_FAIL : CLI_OK;
}

int cli_window_values(cli_t *c, int (*plain)(cli_t *c, const void *ctx), const void *ctx,
                      const sg_octal_t *game, const char *code, const char *title)
{
    sg_sequence_t *seq = NULL;
    uint64_t pre = 0, from = 0;
    sg_sequence_stats_t st;
    int rc, unsaved = 0;
    if (c->window_set && c->format != CLI_TEXT && c->format != CLI_CSV &&
        c->format != CLI_BFILE)
        return cli_error(c, CLI_USAGE, "--format %s does not apply to --window: text, csv or "
                         "bfile", c->format == CLI_JSON ? "json" : "svg");
    if (c->snapshots != NULL &&
        (c->snap = cli_file_append(c, "--snapshots", c->snapshots)) == NULL)
        return CLI_FAIL;
    c->snap_next = 0;
    c->streamed = 0;
    c->win_code = code;
    if (!c->window_set) {
        /* every value held: the run and its output as without --snapshots */
        rc = plain(c, ctx);
    } else {
        if (c->format == CLI_CSV) fputs("n,value\n", c->out);
        rc = cli_sequence_run(c, game, code, &seq, &unsaved);
    }
    if (c->snap != NULL && fclose(c->snap) != 0) c->stream_failed = 1;
    c->snap = NULL;
    if (rc != CLI_OK || !c->window_set) {
        if (rc == CLI_OK && c->stream_failed)
            rc = cli_error(c, CLI_FAIL, "--snapshots '%.*s%s': cannot write it",
                           CLI_ARG(c->snapshots));
        return rc;
    }
    if (c->stream_failed) {
        sg_sequence_free(seq);
        return cli_error(c, CLI_FAIL, "--snapshots or the values could not all be written");
    }
    if (c->format == CLI_TEXT) {
        sg_sequence_stats(seq, &st);
        sg_sequence_held(seq, &pre, &from);
        fprintf(c->out, "%s: G(n) for n = 0..%llu computed, FNV-1a 64 %016llx, "
                "largest value %llu, %llu rare positions (mask %llu)\n", title,
                (unsigned long long)st.count - 1, (unsigned long long)st.hash,
                (unsigned long long)st.largest, (unsigned long long)st.rare,
                (unsigned long long)st.mask);
        if (pre != from)
            fprintf(c->out, "held: G(0..%llu) and G(%llu..%llu)\n", (unsigned long long)pre - 1,
                    (unsigned long long)from, (unsigned long long)st.count - 1);
    }
    sg_sequence_free(seq);
    return unsaved ? CLI_FAIL : CLI_OK;
}
