/* grundy: the command-line face of libsg. Every answer comes from the library; this file holds
 * the table of commands, the help, and the reading of the command line; the options are in
 * options.c, the commands in cmd_*.c, the shared plumbing in cli.c. Values go to stdout,
 * messages to stderr as one line "grundy: COMMAND: problem"; exit status 0 (success), 1 (bad
 * input or a failed computation), 2 (usage: unknown command or option, missing argument; and
 * the out-of-range cases grundy(1) lists).
 *
 * Adding an option is one entry in cli_options[] of options.c (plus its field in cli_t); adding
 * a command is one entry in cli_commands[]. Compile with -DGRUNDY_NO_MAIN to link grundy_run
 * elsewhere (a fuzz target, a test). */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"
#include "options.h"
#include "tour.h"

#include <sg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>



/* ---- commands ----------------------------------------------------------------------------- */

enum { F_TEXT = 1, F_CSV = 2, F_JSON = 4, F_BFILE = 8, F_ALL = 15, F_SVG = 16 };

typedef struct {
    const char *name;
    int (*run)(cli_t *c);
    int min_args, max_args;     /* operands; max -1: any number */
    unsigned formats;
    const char *synopsis;       /* operands, for usage lines */
    const char *summary;        /* one line for the command list */
    const char *help;           /* the rest of the command's help */
} cli_command_t;

static int cli_check_format(cli_t *c, unsigned formats)
{
    static const char *names[] = {"text", "csv", "json", "bfile", "svg"};
    if (formats & (1u << c->format)) return CLI_OK;
    return cli_error(c, CLI_USAGE, "--format %s does not apply to this command", names[c->format]);
}

static int cmd_tour(cli_t *c)
{
    int st;
    if ((st = grundy_tour(c->out)) != SG_OK) return cli_lib_error(c, "tour", st);
    return CLI_OK;
}

static int cmd_version(cli_t *c)
{
    fprintf(c->out, "grundy (libsg) %s\n", sg_version_string());
    return CLI_OK;
}

static int cmd_help(cli_t *c);

static const cli_command_t cli_commands[] = {
    {"mex", cmd_mex, 0, -1, F_TEXT | F_CSV | F_JSON, "[V...]",
     "the minimum excludant of the values",
     "Prints mex{V...}: the least non-negative integer that is not among the values\n"
     "(0 for none). Values are below 2^32.\n"},
    {"nim", cmd_nim, 0, -1, F_TEXT | F_CSV | F_JSON, "[H...]",
     "Nim: the outcome and every winning move",
     "Heaps H... (numbered from 0) of normal-play Nim: prints the nim-sum, the outcome (P: the\n"
     "player to move loses; N: wins) and every winning move, one per heap that has one.\n"},
    {"misere", cmd_misere, 0, -1, F_TEXT | F_CSV | F_JSON, "[H...] | CODE [H...]",
     "misere play: Nim, or the heaps of a take-and-break game",
     "Misere play: the player who cannot move wins (in Nim, whoever takes the last token\n"
     "loses).\n"
     "With heaps H... (numbers): misere Nim, the outcome and a winning move. With no token\n"
     "left the player to move has already won: the opponent took the last one.\n"
     "With a CODE (an operand with a '.', as 0.07 or .77; a heap size never has one): the\n"
     "take-and-break game CODE, heap by heap: the misere outcome of a heap of n tokens (N: the\n"
     "player to move wins, P: loses) for n < N (default 30), or with --genus its genus\n"
     "g^{c0,c1,...}: g the normal value, ck the misere value of the heap plus k heaps *2, the\n"
     "period-2 tail proven and written once. Exact search, up to 1 GiB of memory.\n"
     "With a CODE and --quotient: the misere quotient (Plambeck-Siegel) of heaps 1..n, n up\n"
     "to --limit (default 24) or until the pretending function is proven periodic (then the\n"
     "whole game's): order, P-portion, presentation, pretending function, tameness.\n"
     "With a CODE and heaps H...: the outcome of their sum and a winning move, from a proven\n"
     "quotient (heaps of any size, e.g. 10^12), else by the exact search. --checkpoint\n"
     "FILE saves and resumes the quotient's run, with --quotient or heaps.\n"},
    {"nimmul", cmd_nimmul, 2, 2, F_TEXT | F_CSV | F_JSON, "A B",
     "the nim product of A and B",
     "The product of A and B in the field of nimbers below 2^64 (whose addition is XOR).\n"},
    {"sub", cmd_sub, 1, 1, F_ALL | F_SVG, "SET",
     "a subtraction game: values and the proven period",
     "The subtraction game SET (e.g. 1,3,4: a move takes 1, 3 or 4 tokens from one heap):\n"
     "G(n) for n < N, and its exact preperiod and period (proven: the last max(SET) values\n"
     "decide the next). csv and bfile carry the values only.\n"},
    {"octal", cmd_octal, 1, 1, F_ALL | F_SVG, "CODE",
     "an octal or hexadecimal game: values, or a proven period",
     "The take-and-break game CODE (0.07, .137, 4.07; hexadecimal digits too): digit i of\n"
     "the code says what removing i tokens from a heap may leave (bit 1: nothing, 2: one\n"
     "heap, 4: two heaps, 8: three heaps). Prints G(n) for n < N; with --period, searches\n"
     "for a period proven by the periodicity theorem and prints the proof record instead;\n"
     "with --at N, G(N) alone, read off the proven period. A period is never reported\n"
     "without a proof.\n"},
    {"grundy-game", cmd_grundy_game, 0, 0, F_ALL | F_SVG, "",
     "Grundy's game: values",
     "Grundy's game (a move splits one heap into two non-empty heaps of different sizes):\n"
     "G(n) for n < N. No period is known for it.\n"},
    {"allbut", cmd_allbut, 1, 1, F_ALL | F_SVG, "SET",
     "an all-but subtraction game: values",
     "The all-but subtraction game: a move takes any positive number of tokens except those\n"
     "in SET (e.g. 1,2; {} is Nim). G(n) for n < N (below 2^32).\n"},
    /* closed forms */
    {"wythoff", cmd_wythoff, 2, 2, F_TEXT, "X Y",
     "Wythoff's game: the outcome and a winning move",
     "Wythoff's game on heaps X and Y (at most 2^63; a move takes tokens from one heap, or\n"
     "the same number from both): prints P when the player to move loses, else N and the\n"
     "heaps after a winning move, e.g. 'N 3 5'. Exact integer arithmetic (the P-positions\n"
     "are (floor(k phi), floor(k phi) + k)).\n"},

    {"wythoff-pair", cmd_wythoff_pair, 1, 1, F_TEXT, "K",
     "the K-th losing position of Wythoff's game",
     "Prints A B, the K-th P-position of Wythoff's game with A <= B: A = floor(K phi),\n"
     "B = A + K (K = 0 gives 0 0), while B stays within 2^63.\n"},
    {"wythoff-values", cmd_wythoff_values, 2, 2, F_TEXT, "R C",
     "Sprague-Grundy values of Wythoff's game",
     "G(x, y) for x < R, y < C (at most 4096 each): one line per x. Sums of Wythoff\n"
     "games need these values; they have no known formula.\n"},
    {"moore", cmd_moore, 1, -1, F_TEXT, "K [H...]",
     "Moore's Nim_K: the outcome and a winning move",
     "Moore's Nim_K on heaps H... (at most 2^63): a move takes tokens from at least one and\n"
     "at most K heaps. The player to move loses iff every bit position is set in a multiple\n"
     "of K + 1 heaps. A winning move is shown as the heaps before -> after.\n"},
    {"staircase", cmd_staircase, 0, -1, F_TEXT, "[S...]",
     "staircase Nim: the value, the outcome and a winning move",
     "Staircase Nim with S0 coins on stair 0 (the ground), S1 on stair 1, ...: a move\n"
     "carries coins one stair down. Its value is the XOR of the odd stairs.\n"},
    {"anti-sg", cmd_anti_sg, 0, -1, F_TEXT, "[V...]",
     "anti-SG sums (the SJ theorem): the outcome and a winning move",
     "A sum of games of Sprague-Grundy values V... in which the player who cannot move wins,\n"
     "by the SJ theorem (valid when the sum ends once every value is 0, e.g. misere Nim): the\n"
     "outcome and a move of one component to a lower value.\n"},
    {"fibonacci-nim", cmd_fibonacci_nim, 1, 2, F_TEXT, "N [M]",
     "Fibonacci Nim: the outcome and a winning move",
     "Fibonacci Nim with N tokens (at most 2^63) when at most M may be taken (default N - 1,\n"
     "the first move; afterwards twice the opponent's last take). The smallest term of the\n"
     "Zeckendorf representation of N wins when it is at most M.\n"},
    {"coin", cmd_coin, 2, 4, F_TEXT, "GAME X [GAME Y]",
     "coin-turning games and their products: the value of a head",
     "GAME is twins (places 0, 1, ...: value X), ruler (places 1, 2, ...: the largest power\n"
     "of 2 dividing X) or mock-turtles (places 0, 1, ...: the X-th odious number). With two\n"
     "games, the value of a head at (X, Y) on the product board, by the Tartan theorem: the\n"
     "nim product of the two values.\n"},
    /* the nimber field */
    {"nimber", cmd_nimber, 2, 3, F_TEXT, "OP A [B]",
     "arithmetic in the field of nimbers below 2^64",
     "OP is one of\n"
     "  mul A B    the nim product of A and B\n"
     "  div A B    A divided by B (B not 0)\n"
     "  inv A      the inverse of A (A not 0)\n"
     "  pow A E    A to the power E\n"
     "  sqrt A     the square root of A\n"
     "  order A    the multiplicative order of A (a divisor of 2^64 - 1)\n"
     "  log A B    the least k with B^k = A; an error (exit status 2) when there is none\n"
     "Operands are below 2^64 (decimal, or B^E); the result is printed in decimal.\n"},

    {"pattern", cmd_pattern, 1, -1, F_TEXT | F_CSV | F_JSON, "lasker | split3 | V...",
     "the growing pattern a game or a sequence shows (observed)",
     "The least period p, then the least preperiod n0, with G(n + p) = G(n) + s for\n"
     "n0 <= n < N - p, over N values: of Lasker's Nim (lasker: take any number, or split a\n"
     "heap in two) or of take-or-split-in-three (split3), G(0) .. G(N-1) with -n N (default\n"
     "200, at most 4096); or of the values V... given. The pattern is observed over those\n"
     "values, never proven; --at N reads G(N) off it, the caller vouching for it.\n"},

    /* games with cycles */
    {"loopy", cmd_loopy, 0, 0, F_TEXT | F_JSON, "",
     "a game graph with cycles: values, outcomes, remoteness",
     "Reads a game graph on stdin: a first line 'n m', then m lines 'u v', each a move\n"
     "from position u to position v (0 <= u, v < n; self-loops and repeated moves are\n"
     "allowed). Prints one line per position, 'u VALUE OUTCOME REMOTENESS': VALUE is the\n"
     "generalised Sprague-Grundy value, a number or inf(K) with K the sorted finite values\n"
     "of the options; OUTCOME is N (the player to move wins), P (loses) or D (a draw: play\n"
     "goes on forever); REMOTENESS is how many moves best play lasts (the winner hurries,\n"
     "the loser delays), or - for a draw. A malformed line is named, with exit status 2;\n"
     "a graph too large for memory is refused from its first line (status 1).\n"},

    /* graph games */
    {"node-kayles", cmd_node_kayles, 0, 0, F_TEXT | F_JSON, "GRAPH",
     "Node Kayles on a graph: the value and a winning move",
     "Node Kayles: a move takes a vertex and all its neighbours away; the player who cannot\n"
     "move loses. GRAPH is one of --grid RxC, --path N, --cycle N, --petersen N,K (the\n"
     "generalized Petersen graph), --queens N, or else a graph on stdin: a first line 'n m',\n"
     "then m lines 'u v' (0 <= u, v < n, u != v), each an edge. With --graph6, graphs on\n"
     "stdin one a line in graph6 format, one JSON line out for each (geng 8 | grundy\n"
     "node-kayles --graph6 surveys every graph on 8 vertices). Prints the value (with\n"
     "--outcome: N or P, by a search that often reads far fewer positions) and a winning\n"
     "move: a vertex, numbered as in the input (grids row by row from 0; P(N,K): the outer\n"
     "cycle 0..N-1, then the inner vertices N..2N-1). Components are valued apart, each\n"
     "under a canonical form of the graph (nauty's when the build found it), exactly.\n"},
    {"arc-kayles", cmd_arc_kayles, 0, 0, F_TEXT | F_JSON, "GRAPH",
     "Arc Kayles on a graph: the value and a winning move",
     "Arc Kayles: a move takes an edge's two ends away (both vertices, with every edge at\n"
     "either); the player who cannot move loses. GRAPH and the output as for node-kayles;\n"
     "a winning move is an edge u-v.\n"},

    /* misere play */

    /* surveys */
    {"survey", cmd_survey, 0, 0, F_TEXT, "< CODES",
     "periods of many take-and-break games: codes in, JSON out",
     "Reads take-and-break codes on stdin, one per line, and writes one JSON object per code\n"
     "on stdout, in input order, each flushed as soon as it is known. Each code gets the\n"
     "period search of 'grundy octal CODE --period' with at most --limit L values (default\n"
     "2^16): \"game\" (survey), \"code\" (canonical), \"input\" (as given), \"limit\",\n"
     "\"proven\", \"preperiod\", \"period\", \"saltus\", \"observed\", \"exceptions\",\n"
     "\"last_exception\", \"checked_from\", \"checked_to\", \"proof_period\", \"computed\",\n"
     "\"max_value\", \"max_at\", \"seconds\" (docs/json.md). Unproven within L values:\n"
     "\"proven\" false, the period members null, and the pattern the values show (not a\n"
     "proof) under \"observed\" (null if none).\n"
     "Blanks around a code are ignored; '#' starts a comment to the end of the line; a line\n"
     "with no code gives no object. A line that is not a code gives \"code\": null, its\n"
     "\"input\", the period members null and an \"error\", and the survey goes on.\n"
     "Exit status 0 once every line is done, malformed ones included; 1 when the input\n"
     "cannot be read or the output written. Recipes for GNU parallel and Slurm job arrays:\n"
     "docs/survey.md.\n"},

    /* certificates: verify */
    {"verify", cmd_verify, 1, 1, F_TEXT | F_JSON, "FILE",
     "check a period certificate independently",
     "Checks a certificate written by 'grundy octal CODE --certify FILE': reads it strictly\n"
     "(format, every field, the checksum of its bytes), recomputes G(n) with a plain kernel\n"
     "straight from the definition of the code (not the library's engines), and checks the\n"
     "hypothesis of the periodicity theorem over the stated range, the hash of the values,\n"
     "and that the preperiod and the period are the least. Exit status 0 only when all of\n"
     "that holds; otherwise 1 and a message saying what did not (docs/certificates.md).\n"},

    /* boards and strips */
    {"welter", cmd_welter, 0, -1, F_TEXT | F_JSON, "[X...]",
     "Welter's game: the value and a winning move",
     "Coins at the distinct places X... (below 2^63) of a strip; a move takes one coin to any\n"
     "lower free place. Prints the value (Welter's function, by Sato's closed form: the XOR\n"
     "of the places and of 2^(v+1) - 1 for each pair, 2^v the largest power of 2 dividing\n"
     "their distance), the outcome, and a move to value 0 when there is one.\n"},
    {"hackenbush", cmd_hackenbush, 0, 0, F_TEXT | F_JSON, "< GRAPH",
     "Green Hackenbush on a multigraph: the value and a winning move",
     "Reads a graph on stdin: a first line 'n m', then m lines 'u v', each an edge between\n"
     "vertices u and v (below n; vertex 0 is the ground; loops and repeated edges are\n"
     "allowed). A move deletes an edge, and what no longer touches the ground falls. Prints\n"
     "the value (by the fusion and colon principles, in time linear in the graph), the\n"
     "outcome, and an edge whose deletion leaves value 0 (searched for graphs of at most\n"
     "20000 edges). A malformed line is named, with exit status 2.\n"},
    {"cram", cmd_cram, 2, 2, F_TEXT | F_JSON, "R C",
     "Cram on an R x C board: the value or the outcome, and a winning move",
     "Cram (impartial Domineering): a move puts a domino, across or down, on two adjacent\n"
     "empty cells of the R x C board (R * C at most 64; --blocked cells are never empty).\n"
     "Prints the value, or with --outcome only N or P (a search with nimber pruning), and\n"
     "a domino that leaves value 0, as its two cells r * C + c. The search splits a board\n"
     "into its regions of empty cells and stores each once for its 8 rotations and\n"
     "reflections; --store FILE keeps them across runs.\n"},

    {"tour", cmd_tour, 0, 0, F_TEXT, "",
     "a guided tour of impartial games, computed live",
     "The tour that 'make demo' shows.\n"},
    {"version", cmd_version, 0, 0, F_TEXT, "", "print the library version", ""},
    {"help", cmd_help, 0, 1, F_TEXT, "[COMMAND]", "this help, or a command's", ""},
};
#define CLI_NCOMMANDS (sizeof cli_commands / sizeof cli_commands[0])

static const cli_command_t *find_command(const char *name)
{
    size_t i;
    for (i = 0; i < CLI_NCOMMANDS; i++)
        if (strcmp(cli_commands[i].name, name) == 0) return &cli_commands[i];
    return NULL;
}



static void usage(FILE *out)
{
    size_t i;
    fputs("usage: grundy COMMAND [OPTIONS] [ARGS]\n\ncommands:\n", out);
    for (i = 0; i < CLI_NCOMMANDS; i++) {
        char head[40];
        snprintf(head, sizeof head, "%s %s", cli_commands[i].name, cli_commands[i].synopsis);
        fprintf(out, "  %-22s %s\n", head, cli_commands[i].summary);
    }
    fputs("\noptions:\n", out);
    cli_put_options(out, NULL);
    fputs("\nRun 'grundy COMMAND --help' for a command's help; 'man grundy' for more.\n"
          "Exit status: 0 success, 1 bad input or failed computation, 2 usage error.\n", out);
}

static void command_help(FILE *out, const cli_command_t *cmd)
{
    fprintf(out, "usage: grundy %s [OPTIONS] %s\n\n%s%s", cmd->name, cmd->synopsis, cmd->summary,
            cmd->help[0] ? ".\n\n" : ".\n");
    fputs(cmd->help, out);
    fputs("\noptions:\n", out);
    cli_put_options(out, cmd->name);
}

static int cmd_help(cli_t *c)
{
    const cli_command_t *cmd;
    if (c->nargs == 0) {
        usage(c->out);
        return CLI_OK;
    }
    if ((cmd = find_command(c->args[0])) == NULL)
        return cli_error(c, CLI_USAGE, "unknown command '%.*s%s' (see 'grundy --help')",
                         CLI_ARG(c->args[0]));
    command_help(c->out, cmd);
    return CLI_OK;
}

/* ---- the command line --------------------------------------------------------------------- */


/* An operand that starts with '-' and a digit is a (negative) number, not an option. */
static int is_option(const char *word)
{
    return word[0] == '-' && word[1] != '\0' && !(word[1] >= '0' && word[1] <= '9');
}

typedef struct {
    const cli_option_t *option;
    const char *word, *arg;
} cli_seen_t;

int grundy_run(int argc, char **argv, FILE *out, FILE *err)
{
    cli_t c;
    cli_seen_t *seen = NULL;
    const cli_command_t *cmd = NULL;
    int i, nseen = 0, st = CLI_OK, only_operands = 0;

    memset(&c, 0, sizeof c);
    c.out = out;
    c.err = err;
    c.count = CLI_DEFAULT_COUNT;
    c.started = cli_now();
    c.progress = err == stderr && isatty(fileno(err));
    if (argc < 1) return cli_error(&c, CLI_USAGE, "no arguments");
    seen = (cli_seen_t *)malloc((size_t)argc * sizeof *seen);
    c.args = (char **)malloc((size_t)argc * sizeof *c.args);
    if (seen == NULL || c.args == NULL) {
        st = cli_lib_error(&c, "arguments", SG_ENOMEM);
        goto done;
    }

    /* the first operand is the command; options may stand anywhere */
    for (i = 1; i < argc && st == CLI_OK; i++) {
        const char *word = argv[i], *arg;
        const cli_option_t *o;
        if (!only_operands && strcmp(word, "--") == 0) {
            only_operands = 1;
        } else if (!only_operands && is_option(word)) {
            if (strcmp(word, "--version") == 0 && cmd == NULL && c.nargs == 0) {
                cmd = find_command("version");
                continue;
            }
            if ((o = cli_find_option(word, &arg)) == NULL) {
                c.command = cmd ? cmd->name : NULL;
                st = cli_error(&c, CLI_USAGE, "unknown option '%.*s%s' (see 'grundy %s%s--help')",
                               CLI_ARG(word), cmd ? cmd->name : "", cmd ? " " : "");
                break;
            }
            if (o->arg != NULL && arg == NULL) {
                if (i + 1 >= argc) {
                    c.command = cmd ? cmd->name : NULL;
                    st = cli_error(&c, CLI_USAGE, "option %s needs an argument (%s)", word,
                                   o->arg);
                    break;
                }
                arg = argv[++i];
            }
            seen[nseen].option = o;
            seen[nseen].word = word;
            seen[nseen].arg = arg;
            nseen++;
        } else if (cmd == NULL) {
            if ((cmd = find_command(word)) == NULL) {
                st = cli_error(&c, CLI_USAGE, "unknown command '%.*s%s' (see 'grundy --help')",
                               CLI_ARG(word));
                break;
            }
        } else {
            c.args[c.nargs++] = argv[i];
        }
    }
    if (st != CLI_OK) goto done;
    c.command = cmd ? cmd->name : NULL;

    for (i = 0; i < nseen && st == CLI_OK; i++) {
        const cli_option_t *o = seen[i].option;
        if (cmd != NULL && !cli_option_applies(o, cmd->name)) {
            st = cli_error(&c, CLI_USAGE, "option %s does not apply to this command "
                           "(see 'grundy %s --help')", seen[i].word, cmd->name);
            break;
        }
        st = o->set(&c, seen[i].word, seen[i].arg);
    }
    if (st != CLI_OK) goto done;

    if (cmd == NULL) {
        if (c.help) {
            usage(out);
        } else {
            st = cli_error(&c, CLI_USAGE, "no command given (see 'grundy --help')");
        }
        goto done;
    }
    if (c.help) {
        command_help(out, cmd);
        goto done;
    }
    if (c.nargs < cmd->min_args) {
        st = cli_error(&c, CLI_USAGE, "missing argument: grundy %s %s", cmd->name, cmd->synopsis);
        goto done;
    }
    if (cmd->max_args >= 0 && c.nargs > cmd->max_args) {
        st = cli_error(&c, CLI_USAGE, "unexpected argument '%.*s%s' (usage: grundy %s %s)",
                       CLI_ARG(c.args[cmd->max_args]), cmd->name, cmd->synopsis);
        goto done;
    }
    if ((st = cli_check_format(&c, cmd->formats)) != CLI_OK) goto done;
    st = cmd->run(&c);
done:
    free(seen);
    free(c.args);
    return cli_finish(&c, st);
}

#ifndef GRUNDY_NO_MAIN
int main(int argc, char **argv)
{
    return grundy_run(argc, argv, stdout, stderr);
}
#endif
