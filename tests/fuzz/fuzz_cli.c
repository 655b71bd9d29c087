/* The grundy tool's argument handling, in process: the input is split at NUL bytes into an
 * argument vector for grundy_run (tools/grundy.c built with GRUNDY_NO_MAIN). Every run must end
 * with status 0, 1 or 2; a failure says so in exactly one "grundy: ..." line on stderr, and a
 * success says nothing there. Inputs that only ask for long computations (large counts, period
 * searches) are skipped: they are slow, not wrong, and the hostile-input checks cover them; so
 * are checkpoints, snapshots and certificates (they would write files wherever the input
 * names). */
#define _POSIX_C_SOURCE 200809L
#include "fuzz.h"

#include "cli.h"

#define MAXARGS 32
#define MAXIN 2048

/* The largest number an input may hold after a command whose cost grows with it, or 0 when the
 * command's cost does not. A misere search of a take-and-break game grows exponentially in the
 * heap: .46666333333333326 takes seconds at heap 60 and fills its 1 GiB cap at heap 100. */
static uint64_t number_bound(const char *w)
{
    static const struct { const char *name; uint64_t bound; } heavy[] = {
        {"sub", 300}, {"octal", 300}, {"grundy-game", 300}, {"allbut", 300},
        {"tour", 300}, {"loopy", 300}, {"misere", 20}};
    size_t i;
    for (i = 0; i < sizeof heavy / sizeof heavy[0]; i++)
        if (strcmp(w, heavy[i].name) == 0) return heavy[i].bound;
    return 0;
}

/* the largest run of decimal digits outside a code (saturated), or UINT64_MAX for a power */
static uint64_t largest_number(const char *w)
{
    uint64_t v = 0, most = 0;
    if (strchr(w, '.') != NULL) return 0;
    if (strchr(w, '^') != NULL) return UINT64_MAX;
    for (; *w; w++) {
        if (*w >= '0' && *w <= '9') {
            v = v > UINT64_MAX / 20 ? UINT64_MAX / 2 : v * 10 + (uint64_t)(*w - '0');
            if (v > most) most = v;
        } else {
            v = 0;
        }
    }
    return most;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char in[MAXIN + 1], errbuf[1 << 16];
    static FILE *out;
    char *argv[MAXARGS + 2];
    FILE *err;
    size_t i, n;
    uint64_t bound = 0, most = 0, b;
    int argc = 1, st;
    char *nl;

    if (size > MAXIN) return 0;
    if (out == NULL && (out = fopen("/dev/null", "w")) == NULL) abort();
    memcpy(in, data, size);
    in[size] = '\0';
    argv[0] = (char *)"grundy";
    for (i = 0; i <= size && argc <= MAXARGS; i += n + 1) {
        n = strlen(in + i);
        argv[argc++] = in + i;
        if (i + n >= size) break;
    }
    argv[argc] = NULL;
    for (st = 1; st < argc; st++) {
        if ((b = number_bound(argv[st])) != 0 && (bound == 0 || b < bound)) bound = b;
        if ((b = largest_number(argv[st])) > most) most = b;
        if (strstr(argv[st], "--period") || strstr(argv[st], "--at") ||
            strstr(argv[st], "--limit") || strstr(argv[st], "--checkpoint") ||
            strstr(argv[st], "--snapshots") || strstr(argv[st], "--certify"))
            return 0;   /* long runs, or a file written where the input says */
    }
    if (bound != 0 && most > bound) return 0;

    memset(errbuf, 0, sizeof errbuf);
    err = fmemopen(errbuf, sizeof errbuf - 1, "w");
    if (err == NULL) abort();
    st = grundy_run(argc, argv, out, err);
    fclose(err);
    FUZZ_CHECK(st == 0 || st == 1 || st == 2);
    if (st == 0) {
        FUZZ_CHECK(errbuf[0] == '\0');
    } else {
        nl = strchr(errbuf, '\n');
        FUZZ_CHECK(strncmp(errbuf, "grundy: ", 8) == 0);
        FUZZ_CHECK(nl != NULL && nl[1] == '\0');
    }
    return 0;
}
