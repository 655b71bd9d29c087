/* Shared pieces of the grundy tool: the run state, number parsing, messages, progress and the
 * output formats. Only the tool includes this; the library knows nothing of it. */
#ifndef GRUNDY_CLI_H
#define GRUNDY_CLI_H

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

enum { CLI_TEXT, CLI_CSV, CLI_JSON, CLI_BFILE };

/* One run of the tool: where output goes, the command, the parsed options, the operands. */
typedef struct {
    FILE *out, *err;
    const char *command;        /* for messages; NULL before the command is known */
    int progress;               /* stderr is a terminal: long runs report progress */
    double started;             /* monotonic seconds when the run began */
    int shown;                  /* a progress line is on the terminal */
    double shown_at;            /* when it was last written */
    /* options (see the option table in grundy.c) */
    int help;
    int format;
    uint64_t count;
    int count_set;
    int period;
    uint64_t limit;
    int limit_set;
    uint64_t at;
    int at_set;
    const char *checkpoint;     /* grundy-game --checkpoint FILE */
    uint64_t threads;           /* grundy-game --threads T (0: not given) */
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

/* Refuses (message, CLI_FAIL) a count of values whose table could not be held in memory; `opt`
 * names the option that asked for it. */
int cli_check_memory(cli_t *c, const char *opt, uint64_t count);

/* Allocates room for count values, with a clear message naming `opt` when that cannot be had. */
sg_value_t *cli_alloc_values(cli_t *c, const char *opt, uint64_t count);

/* Progress on stderr (only when it is a terminal and the run has lasted a moment). */
double cli_now(void);
void cli_progress(cli_t *c, const char *what, uint64_t done, uint64_t total);
void cli_progress_done(cli_t *c);

/* Fills table[0..count) by calling fn(ctx, table, k) for growing prefixes k when progress is
 * shown (each call recomputes its prefix, so this costs at most twice the work of one call, and
 * only on a terminal), otherwise by one call. Returns the library status. */
typedef int (*cli_table_fn)(const void *ctx, sg_value_t *table, uint64_t count);
int cli_fill(cli_t *c, sg_value_t *table, uint64_t count, cli_table_fn fn, const void *ctx);

/* Output helpers: an unsigned number, a JSON string. */
void cli_put_u64(FILE *out, uint64_t v);
void cli_put_json_string(FILE *out, const char *s);

/* Writes table[0..count) in c->format. `title` is the text heading (a game's name), `json_head`
 * the JSON members written before "values" (without braces; may be ""), and `json_tail` a
 * function that writes members after it (may be NULL). */
typedef void (*cli_json_fn)(cli_t *c, const void *ctx);
void cli_write_values(cli_t *c, const sg_value_t *table, uint64_t count, const char *title,
                      cli_json_fn json_head, cli_json_fn json_tail, const void *ctx);

/* Flushes stdout; a write error becomes a message and CLI_FAIL. */
int cli_finish(cli_t *c, int status);

/* ---- commands kept in files of their own (tools/cmd_*.c); the table is in grundy.c ---------- */

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

/* games with cycles (cmd_loopy.c) */

/* misere play of take-and-break games (cmd_misere.c) */

#endif
