/* The grundy tool's long runs past memory: grundy-game and octal CODE with --window SIZE|auto and
 * --snapshots FILE.
 * The run goes through cli_sequence_run (checkpoints, signals, progress), whose slices end where
 * slices.c says and are followed by its snapshot lines and streamed values. Only this file
 * calls cli_sequence_run for a window, and only checkpoint.c calls slices.c: no circle. */
#include "cli.h"

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
