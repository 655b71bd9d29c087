/* The grundy tool's argument handling, in process: the input is split at NUL bytes into an
 * argument vector for grundy_run (tools/grundy.c built with GRUNDY_NO_MAIN). Every run must end
 * with status 0, 1 or 2; a failure says so in exactly one "grundy: ..." line on stderr, and a
 * success says nothing there. Inputs that only ask for long computations (large counts, period
 * searches) are skipped: they are slow, not wrong, and the hostile-input checks cover them; so
 * are checkpoints (they would write files wherever the input names). */
#define _POSIX_C_SOURCE 200809L
#include "fuzz.h"

#include "cli.h"

#define MAXARGS 32
#define MAXIN 2048

static int heavy_command(const char *w)
{
    static const char *const heavy[] = {"sub", "octal", "grundy-game", "allbut", "tour", "loopy"};
    size_t i;
    for (i = 0; i < sizeof heavy / sizeof heavy[0]; i++)
        if (strcmp(w, heavy[i]) == 0) return 1;
    return 0;
}

/* a run of decimal digits worth more than 300, or a power, outside a code */
static int big_number(const char *w)
{
    uint64_t v = 0;
    if (strchr(w, '.') != NULL) return 0;
    if (strchr(w, '^') != NULL) return 1;
    for (; *w; w++) {
        if (*w >= '0' && *w <= '9') {
            v = v * 10 + (uint64_t)(*w - '0');
            if (v > 300) return 1;
        } else {
            v = 0;
        }
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char in[MAXIN + 1], errbuf[1 << 16];
    static FILE *out;
    char *argv[MAXARGS + 2];
    FILE *err;
    size_t i, n;
    int argc = 1, heavy = 0, big = 0, st;
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
        heavy |= heavy_command(argv[st]);
        big |= big_number(argv[st]);
        if (strstr(argv[st], "--period") || strstr(argv[st], "--at") ||
            strstr(argv[st], "--limit") || strstr(argv[st], "--checkpoint"))
            return 0;   /* long runs, or a file written where the input says */
    }
    if (heavy && big) return 0;

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
