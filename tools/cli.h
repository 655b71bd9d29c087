/* Shared pieces of the grundy tool: the run state, number parsing, messages, progress and the
 * output formats. Only the tool includes this; the library knows nothing of it. */
#ifndef GRUNDY_CLI_H
#define GRUNDY_CLI_H

#include "svg.h"

#include <sg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The whole tool: parses argv (argv[0] is the program), writes results to `out` and messages to
 * `err`, and returns the exit status. Keeps no state between calls and frees what it allocates,
 * so a test or a fuzz target may call it repeatedly (build grundy.c with -DGRUNDY_NO_MAIN). */
int grundy_run(int argc, char **argv, FILE *out, FILE *err);

/* exit statuses */
enum { CLI_OK = 0, CLI_FAIL = 1, CLI_USAGE = 2 };

enum { CLI_TEXT, CLI_CSV, CLI_JSON, CLI_BFILE, CLI_SVG };

/* what a command computes when not told: values (-n) and values a period search reads (--limit) */
#define CLI_DEFAULT_COUNT 100
#define CLI_DEFAULT_LIMIT 65536

/* One run of the tool: where output goes, the command, the parsed options, the operands. */
typedef struct {
    FILE *out, *err;
    const char *command;        /* for messages; NULL before the command is known */
    int progress;               /* stderr is a terminal: long runs report progress */
    double started;             /* monotonic seconds when the run began */
    int shown;                  /* a progress line is on the terminal */
    double shown_at;            /* when it was last written */
    /* options (see the option table in options.c) */
    int help;
    int format;
    int format_set;             /* --format was given (--graph6 refuses text) */
    uint64_t count;
    int count_set;
    int period;
    uint64_t limit;
    int limit_set;
    uint64_t at;
    int at_set;
    const char *checkpoint;     /* grundy-game --checkpoint FILE */
    svg_period_t svg;           /* --format svg: the period to shade, set by the command */
    int failed;                 /* output that could not be written whole: exit CLI_FAIL */
    uint64_t threads;           /* grundy-game --threads T (0: not given) */
    int genus;                  /* misere CODE --genus */
    int quotient;               /* misere CODE --quotient */
    /* long runs past memory: window and snapshot fields */
    uint64_t window;            /* --window SIZE|auto (SG_SEQUENCE_WINDOW_AUTO) */
    int window_set;
    const char *snapshots;      /* --snapshots FILE */
    FILE *snap;                 /* ... open for appending during the run */
    uint64_t snap_next;         /* the next power of two to write a line at */
    uint64_t streamed;          /* with a window: values written so far */
    int stream_failed;          /* a snapshot or stream write failed */
    const char *win_code;       /* the snapshot's game: an octal code, or NULL (grundy-game) */

    uint64_t budget;            /* survey --budget SECONDS: per code (0: none) */
    int budget_set;

    /* certificates: the --certify field */
    const char *certify;        /* octal CODE --certify FILE: write a certificate to FILE */

    /* graph games (cmd_kayles.c, graph_input.c) */
    const char *graph_kind;     /* "grid", "path", "cycle", "petersen", "queens"; NULL: stdin */
    const char *graph_arg;      /* ... its argument */
    int graph6;                 /* --graph6: graph6 lines on stdin */
    int outcome;                /* --outcome: node-kayles, arc-kayles, cram */
    const char *store;          /* --store FILE: node-kayles, arc-kayles, cram */
    /* boards (cmd_cram.c) */
    const char *blocked;        /* cram --blocked CELLS */

    /* operands */
    char **args;
    int nargs;
} cli_t;

/* Parses a non-negative integer: decimal digits, or B^E (both decimal, e.g. 2^20). On failure
 * returns -1 and sets *why to a static phrase ("is not a number", "is negative", "is too
 * large"). */
int cli_parse_u64(const char *s, uint64_t *value, const char **why);

/* A user's word in a message: "'%.*s%s'" with CLI_ARG(word) shows at most 40 characters. */
#define CLI_ARG(s) 40, (s), (strlen(s) > 40 ? "..." : "")

/* "grundy: COMMAND: message" on stderr, one line; returns status. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
int cli_error(cli_t *c, int status, const char *fmt, ...);

/* The message for a library status, "grundy: COMMAND: what: strerror"; returns CLI_FAIL. */
int cli_lib_error(cli_t *c, const char *what, int st);

/* Refuses (message, CLI_FAIL) a run of `count` values that needs `bytes` bytes per value (the
 * family's table and scratch together) when that is more than this machine's memory or the
 * process's limit (ulimit -v); `opt` names the option that asked for it. */
int cli_check_memory(cli_t *c, const char *opt, uint64_t count, unsigned bytes);
/* The same check without a message: 1 when it passes. */
int cli_memory_fits(uint64_t count, unsigned bytes);

/* Bytes per value of a table of the families' one-call functions: the table, plus scratch. */
enum {
    CLI_BYTES_SUB = 4,      /* sg_subtraction_table: the table */
    CLI_BYTES_ALLBUT = 12,  /* sg_allbut_table: the table and two counters per value */
    CLI_BYTES_OCTAL = 6,    /* sg_octal_table: the table and two byte copies */
    CLI_BYTES_GRUNDY = 5,   /* sg_grundy_game_table: the table and one byte copy */
    CLI_BYTES_LONG = 2      /* what a long run keeps at most while values stay below 65536
                               (values read off a period keep less; this bounds the output) */
};

/* Allocates room for count values (a family needing `bytes` per value in all), with a clear
 * message naming `opt` when that cannot be had. */
sg_value_t *cli_alloc_values(cli_t *c, const char *opt, uint64_t count, unsigned bytes);

/* Seconds between saves of a long search's file (--store, --checkpoint): the environment's
 * GRUNDY_SAVE_SECONDS when it is a positive number (the tests save often), else fallback. */
double cli_save_every(double fallback);

/* Progress on stderr (only when it is a terminal and the run has lasted a moment). */
double cli_now(void);
void cli_progress(cli_t *c, const char *what, uint64_t done, uint64_t total);
void cli_progress_done(cli_t *c);
/* A progress callback of the library (sg_progress_fn) whose user is the cli_t: "values known". */
int cli_progress_values(void *c, uint64_t done, uint64_t total);

/* Fills table[0..count) by calling fn(ctx, table, k) for growing prefixes k when progress is
 * shown (each call recomputes its prefix, so this costs at most twice the work of one call, and
 * only on a terminal), otherwise by one call. Returns the library status. For the quick
 * families; long take-and-break and Grundy's game runs go through cli_sequence_run. */
typedef int (*cli_table_fn)(const void *ctx, sg_value_t *table, uint64_t count);
int cli_fill(cli_t *c, sg_value_t *table, uint64_t count, cli_table_fn fn, const void *ctx);

/* sg_octal_prove(game, limit, pr) for octal --period, --certify and survey; on a terminal,
 * calls with doubling limits from 8192 that show progress (each stops at its first proof, so
 * the repeated work is at most the last call's). The library's status; no message. */
int cli_octal_prove(cli_t *c, const sg_octal_t *game, uint64_t limit, sg_octal_proof_t *pr);

/* ---- the files the tool reads and writes (files.c): the one way to open them ------------- */

/* Every message names `opt` (an option such as "--checkpoint", or "" for an operand) and the
 * path, and the function returns CLI_FAIL after it; nothing here waits in open(). */

/* What path names, looked at without opening it: nothing (*exists 0) or a regular file
 * (*exists 1); anything else (a FIFO, a device, a directory, a socket) is refused. */
int cli_file_kind(cli_t *c, const char *opt, const char *path, int *exists);
/* cli_file_kind, and for a file about to be replaced: an existing one is writable and its
 * directory takes a new file (tried now, nothing left behind), so a long run fails at once. */
int cli_file_can_replace(cli_t *c, const char *opt, const char *path, int *exists);
/* A regular file read whole into *buf (NUL-terminated, free() it): at most max + 1 bytes, so
 * *len > max says it is longer than max. */
int cli_file_read(cli_t *c, const char *opt, const char *path, size_t max, char **buf,
                  size_t *len);
/* Replaces path (nothing or a regular file) with data[0..n): a fresh temporary file beside it,
 * synced, renamed over it, the directory synced. */
int cli_file_replace(cli_t *c, const char *opt, const char *path, const void *data, size_t n);
/* Opens path for appending lines: a regular file (created when missing) is appended to; a FIFO
 * or a character device is written in place, but only when a reader is already there; anything
 * else is refused. NULL after a message. */
FILE *cli_file_append(cli_t *c, const char *opt, const char *path);

/* ---- long runs over sg_sequence_* (checkpoint.c) ------------------------------------------ */

/* G(0 .. c->count-1) of Grundy's game (game == NULL) or of the take-and-break game `game`
 * (`code`, its canonical code, for messages) in a sequence. With c->checkpoint: resumes from
 * the file when it holds this game (and never overwrites one that does not), saves now and then
 * and at the end, and on SIGINT, SIGTERM or SIGHUP saves and stops (a second signal ends the
 * process at once, the file left as last saved). Before computing it refuses a checkpoint path
 * it could not write (without blocking on a FIFO) and values that could not fit in memory. The
 * values come in slices of a fraction of a second, with progress when it is shown.
 * CLI_OK with *seq holding the values (*unsaved = 1 when the last save failed: a warning is out,
 * the caller prints the values and exits CLI_FAIL); otherwise a message is out and *seq NULL. */
int cli_sequence_run(cli_t *c, const sg_octal_t *game, const char *code, sg_sequence_t **seq,
                     int *unsaved);

/* ---- long runs past memory (window.c) ------------------------------------------------------ */

/* grundy-game (game NULL) or octal CODE (the take-and-break game `game`, `code` its canonical
 * code) with --window or --snapshots: the run through cli_sequence_run, values streamed as they
 * are computed (csv, bfile) or a summary headed `title` (text), one JSON line per power of two;
 * without a window, plain(c, ctx) runs and prints as without --snapshots. */
int cli_window_values(cli_t *c, int (*plain)(cli_t *c, const void *ctx), const void *ctx,
                      const sg_octal_t *game, const char *code, const char *title);
/* cli_sequence_run's hooks (slices.c, which calls nothing of checkpoint.c or window.c): the
 * end of the next slice (a power of two, a window's worth of values to stream), and the work
 * after a slice (a snapshot line, values streamed) */
uint64_t cli_window_upto(cli_t *c, const sg_sequence_t *seq, uint64_t upto);
int cli_window_after(cli_t *c, const sg_sequence_t *seq);
/* The values one sg_sequence_extend call of a long run adds: all of them (UINT64_MAX) but for a
 * game whose moves leave three heaps (game not NULL), where slices of about a quarter of a
 * second keep the progress callback, signals and budgets answered: the first step, and the
 * next one after a slice that took `seconds` (it doubles while slices are short, halves while
 * they are long). */
uint64_t cli_slice_first(const sg_octal_t *game);
uint64_t cli_slice_next(uint64_t step, double seconds);

/* SIGINT, SIGTERM and SIGHUP caught for a long run (checkpoint.c): the handler notes the first
 * (cli_signal_caught: 0 for none), a second ends the process; release puts the old ones back. */
void cli_signals_catch(void);
void cli_signals_release(void);
int cli_signal_caught(void);
const char *cli_signal_name(int sig);

/* Output helpers: an unsigned number, a JSON string. */
void cli_put_u64(FILE *out, uint64_t v);
void cli_put_json_string(FILE *out, const char *s);

/* ---- the JSON vocabulary (json.c; docs/json.md lists every member) ---------------------- */

/* A number, or null when it is not known. */
void cli_json_u64_or_null(FILE *out, int known, uint64_t v);
/* The members every object opens with, on out: "game" (the command's name), then "code" (the
 * canonical code) and "input" (the operand as typed) when not NULL, and a comma. */
void cli_json_game(const cli_t *c, FILE *out, const char *code, const char *input);
/* "proven", "preperiod", "period", "saltus" (null unless proven) and "observed": an object
 * {"preperiod", "period", "saltus"} of a pattern the values show without a proof (when
 * `observed` says p holds one: p->proven 0 and p->period not 0), else null. No comma. */
void cli_json_period(FILE *out, const sg_period_t *p, int observed);
/* The proof record of a take-and-break period search (octal --period, survey): the period as
 * above, then "exceptions", "last_exception", "checked_from", "checked_to", "proof_period"
 * (null unless proven; last_exception null too when there is none), "computed", "max_value",
 * "max_at". No comma. */
void cli_json_proof(FILE *out, const sg_octal_proof_t *pr);

/* Writes table[0..count) in c->format. `title` is the text heading (a game's name), `json_head`
 * the JSON members written before "values" (without braces; may be ""), and `json_tail` a
 * function that writes members after it (may be NULL). */
typedef void (*cli_json_fn)(cli_t *c, const void *ctx);
void cli_write_values(cli_t *c, const sg_value_t *table, uint64_t count, const char *title,
                      cli_json_fn json_head, cli_json_fn json_tail, const void *ctx);

/* cli_write_values over values read a slice at a time, so that no table of the whole run is
 * needed (--format svg alone reads them into one): read(src, from, out, k) writes
 * G(from .. from + k - 1), k <= CLI_SLICE, to out. */
#define CLI_SLICE 4096
typedef void (*cli_read_fn)(const void *src, uint64_t from, sg_value_t *out, uint64_t k);
void cli_write_slices(cli_t *c, cli_read_fn read, const void *src, uint64_t count,
                      const char *title, cli_json_fn json_head, cli_json_fn json_tail,
                      const void *ctx);

/* v[0 .. n) as decimal numbers separated by sep. */
void cli_put_list(FILE *out, const uint64_t *v, size_t n, const char *sep);

/* G(c->at) alone, written in c->format: with a proven period only preperiod + period values are
 * computed and the value is read off the period; without one, G(0 .. at). `what` names the
 * filling call in messages, `bytes` the bytes a value the family needs. */
int cli_value_at(cli_t *c, const char *title, cli_table_fn fill, const void *ctx,
                 const sg_period_t *period, cli_json_fn json_head, const char *what,
                 unsigned bytes);

/* Flushes stdout; a write error becomes a message and CLI_FAIL. */
int cli_finish(cli_t *c, int status);

/* ---- commands kept in files of their own (tools/cmd_*.c); the table is in grundy.c ---------- */

/* the heap commands (cmd_nim.c): mex V..., nim H..., misere H..., nimmul A B */
int cmd_mex(cli_t *c);
int cmd_nim(cli_t *c);
int cmd_misere(cli_t *c);
int cmd_nimmul(cli_t *c);

/* subtraction games (cmd_sub.c): sub SET, allbut SET */
int cmd_sub(cli_t *c);
int cmd_allbut(cli_t *c);

/* take-and-break games (cmd_octal.c): octal CODE, grundy-game */
int cmd_octal(cli_t *c);
int cmd_grundy_game(cli_t *c);

/* closed forms: Wythoff's game (cmd_closed.c) */
int cmd_wythoff(cli_t *c);
int cmd_wythoff_pair(cli_t *c);
int cmd_wythoff_values(cli_t *c);
int cmd_moore(cli_t *c);
int cmd_staircase(cli_t *c);
int cmd_anti_sg(cli_t *c);
int cmd_fibonacci_nim(cli_t *c);
int cmd_coin(cli_t *c);

/* the nimber field (cmd_nimber.c) */
int cmd_nimber(cli_t *c);

/* the pattern a sequence shows, observed: of Lasker's Nim, split3, or values (cmd_pattern.c) */
int cmd_pattern(cli_t *c);

/* games with cycles (cmd_loopy.c) */
int cmd_loopy(cli_t *c);

/* misere play of take-and-break games (cmd_misere.c): `misere CODE`, outcomes of heaps 0..N-1,
 * or their genera when `genus` is 1 */
int cmd_misere_octal(cli_t *c, int genus);
/* quotient_run.c: misere CODE --quotient's run, sg_misere_quotient_solve(q, limit) with *st its
 * status; with --checkpoint FILE it resumes from FILE when it holds this game (`code`), saves
 * after heap steps (every GRUNDY_SAVE_SECONDS, default 1) and at the end, and on SIGINT, SIGTERM
 * or SIGHUP saves after the step in progress and stops. CLI_FAIL after a message. */
int cli_quotient_solve(cli_t *c, sg_misere_quotient_t *q, const char *code, uint64_t limit,
                       int *st);
/* quotient_out.c: misere CODE --quotient, and misere CODE H1 H2 ... */
int cmd_misere_quotient(cli_t *c, const sg_octal_t *game, const char *code);
int cmd_misere_sum(cli_t *c, const sg_octal_t *game, const char *code);

/* surveys (cmd_survey.c): codes on stdin, one JSON object per code on stdout */
int cmd_survey(cli_t *c);

/* graph games (cmd_kayles.c): node-kayles, arc-kayles; their graphs (graph_input.c): from the
 * graph options or stdin (*desc names it), or one graph6 line (a library status) */
int cmd_node_kayles(cli_t *c);
int cmd_arc_kayles(cli_t *c);
int cli_opt_graph(cli_t *c, const char *opt, const char *arg);
int cli_graph_read(cli_t *c, sg_graph_t **g, char *desc, size_t cap);
int cli_graph6(const char *line, sg_graph_t **g);
/* --store FILE (when it exists) loaded into store, a store the library made for its game and
 * named (sg_store_game): a file of another game is refused, naming both */
int cli_store_open(cli_t *c, sg_store_t *store, int exists);

/* certificates */
/* octal CODE --certify FILE (cmd_certify.c): prove the period and write its certificate */
int cmd_certify(cli_t *c);
/* the --certify option's setter (its entry in the option table of options.c) */
int cli_opt_certify(cli_t *c, const char *opt, const char *arg);
/* verify FILE (cmd_verify.c): check a certificate with the plain kernel */
int cmd_verify(cli_t *c);

/* boards and strips of issue 35: welter X... (cmd_welter.c), hackenbush (cmd_hackenbush.c),
 * cram R C (cmd_cram.c) */
int cmd_welter(cli_t *c);
int cmd_hackenbush(cli_t *c);
int cmd_cram(cli_t *c);


#endif
