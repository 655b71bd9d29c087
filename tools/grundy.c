/* grundy: the command-line face of libsg. Values to stdout, messages to stderr;
 * exit status 0 (success), 1 (bad input or a failed computation), 2 (usage). */
#include "tour.h"

#include <sg.h>
#include <stdio.h>
#include <string.h>

static const char *grundy_usage =
    "usage: grundy COMMAND [ARGS]\n"
    "\n"
    "commands:\n"
    "  tour        a guided tour of impartial games, computed live\n"
    "  version     print the library version\n"
    "\n"
    "Run 'grundy COMMAND --help' for a command's options.\n";

int main(int argc, char **argv)
{
    int st;
    if (argc < 2) {
        fputs(grundy_usage, stderr);
        return 2;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        fputs(grundy_usage, stdout);
        return 0;
    }
    if (strcmp(argv[1], "version") == 0 || strcmp(argv[1], "--version") == 0) {
        printf("grundy (libsg) %s\n", sg_version_string());
        return 0;
    }
    if (strcmp(argv[1], "tour") == 0) {
        if ((st = grundy_tour(stdout)) != SG_OK) {
            fprintf(stderr, "grundy: tour: %s\n", sg_strerror(st));
            return 1;
        }
        return 0;
    }
    fprintf(stderr, "grundy: unknown command '%s'\n%s", argv[1], grundy_usage);
    return 2;
}
