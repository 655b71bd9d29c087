/* The grundy tool's options: their table (options.c), looked up by the command line and listed
 * by the help (grundy.c). */
#ifndef GRUNDY_OPTIONS_H
#define GRUNDY_OPTIONS_H

#include "cli.h"

#include <stdio.h>

typedef struct {
    const char *name;           /* long form, "--format" */
    char short_name;            /* 'n' for -n, or 0 */
    const char *arg;            /* the argument's name in help; NULL for a flag */
    const char *commands;       /* the commands that take it, space-separated; NULL: all */
    int (*set)(cli_t *c, const char *opt, const char *arg);
    const char *help;
} cli_option_t;

/* The option a command-line word names; *arg receives an attached value ("--format=json",
 * "-n20") or NULL. NULL when no option has that name. */
const cli_option_t *cli_find_option(const char *word, const char **arg);

/* 1 when `command` takes option o (its list names it, or it has none: every command). */
int cli_option_applies(const cli_option_t *o, const char *command);

/* The help lines of the options that `command` takes (NULL: of every option), in table order. */
void cli_put_options(FILE *out, const char *command);

#endif
