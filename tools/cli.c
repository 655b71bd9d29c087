/* The grundy tool's plumbing: numbers, messages, memory, progress, output formats. */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#define CLI_ROW 10              /* values per row in text output */
#define CLI_FILL_MIN 65536      /* below this many values a table is filled in one call */

static int cli_digits(const char **p, uint64_t *v)
{
    const char *s = *p;
    uint64_t x = 0;
    if (*s < '0' || *s > '9') return -1;
    for (; *s >= '0' && *s <= '9'; s++) {
        unsigned d = (unsigned)(*s - '0');
        if (x > (UINT64_MAX - d) / 10) return -2;
        x = x * 10 + d;
    }
    *p = s;
    *v = x;
    return 0;
}

int cli_parse_u64(const char *s, uint64_t *value, const char **why)
{
    uint64_t base, exp, v = 1;
    int r;
    if (s[0] == '-' && s[1] >= '0' && s[1] <= '9') {
        *why = "is negative";
        return -1;
    }
    if ((r = cli_digits(&s, &base)) != 0) goto bad;
    if (*s == '^') {
        s++;
        if ((r = cli_digits(&s, &exp)) != 0) goto bad;
        if (*s != '\0') goto not_number;
        /* base >= 2 overflows past exponent 63; 0 and 1 stay put */
        if (base >= 2 && exp >= 64) goto too_large;
        for (; exp > 0 && base >= 2; exp--) {
            if (v > UINT64_MAX / base) goto too_large;
            v *= base;
        }
        if (base < 2) v = exp == 0 ? 1 : base;
        *value = v;
        return 0;
    }
    if (*s != '\0') goto not_number;
    *value = base;
    return 0;
bad:
    if (r == -2) goto too_large;
not_number:
    *why = "is not a number (use digits, or B^E such as 2^20)";
    return -1;
too_large:
    *why = "is too large (at most 18446744073709551615)";
    return -1;
}

static void cli_clear_progress(cli_t *c)
{
    if (c->shown) {
        fputs("\r\033[K", c->err);
        fflush(c->err);
        c->shown = 0;
    }
}

int cli_error(cli_t *c, int status, const char *fmt, ...)
{
    char msg[512];
    size_t i;
    va_list ap;
    cli_clear_progress(c);
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* one line, whatever the user typed */
    for (i = 0; msg[i] != '\0'; i++)
        if ((unsigned char)msg[i] < 0x20 || msg[i] == 0x7f) msg[i] = '?';
    if (c->command != NULL)
        fprintf(c->err, "grundy: %s: %s\n", c->command, msg);
    else
        fprintf(c->err, "grundy: %s\n", msg);
    return status;
}

int cli_lib_error(cli_t *c, const char *what, int st)
{
    return cli_error(c, CLI_FAIL, "%s: %s", what, sg_strerror(st));
}

/* The memory a run may count on, in bytes (0: unknown), and what bounds it. */
static unsigned long long cli_memory(const char **what)
{
    unsigned long long have = 0;
    struct rlimit lim;
    *what = "this machine's memory";
#ifdef _SC_PHYS_PAGES
    {
        long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
        if (pages > 0 && size > 0) have = (unsigned long long)pages * (unsigned long long)size;
    }
#endif
    /* ulimit -v: a limit on the address space, which holds the program too */
    if (getrlimit(RLIMIT_AS, &lim) == 0 && lim.rlim_cur != RLIM_INFINITY &&
        (have == 0 || (unsigned long long)lim.rlim_cur < have)) {
        have = (unsigned long long)lim.rlim_cur;
        *what = "the process's memory limit";
    }
    return have;
}

int cli_memory_fits(uint64_t count, unsigned bytes)
{
    const char *what;
    unsigned long long have = cli_memory(&what);
    if (bytes == 0) bytes = 1;
    if (count > SIZE_MAX / sizeof(sg_value_t) || count > SIZE_MAX / bytes) return 0;
    return have == 0 || (unsigned long long)count * bytes <= have;
}

int cli_check_memory(cli_t *c, const char *opt, uint64_t count, unsigned bytes)
{
    const unsigned long long mib = 1024 * 1024;
    unsigned long long need, have;
    const char *what;
    if (bytes == 0) bytes = 1;
    if (count > SIZE_MAX / sizeof(sg_value_t) || count > SIZE_MAX / bytes)
        return cli_error(c, CLI_FAIL, "%s %llu: too many values for this machine's address space",
                         opt, (unsigned long long)count);
    need = (unsigned long long)count * bytes;
    have = cli_memory(&what);
    if (have != 0 && need > have)
        return cli_error(c, CLI_FAIL, "%s %llu: the values need %llu MiB (%u bytes each), more "
                         "than %s (%llu MiB)", opt, (unsigned long long)count, need / mib + 1,
                         bytes, what, have / mib);
    return CLI_OK;
}

sg_value_t *cli_alloc_values(cli_t *c, const char *opt, uint64_t count, unsigned bytes)
{
    size_t size;
    sg_value_t *p;
    if (cli_check_memory(c, opt, count, bytes) != CLI_OK) return NULL;
    size = (size_t)count * sizeof(sg_value_t);
    p = (sg_value_t *)malloc(size != 0 ? size : 1);
    if (p == NULL)
        cli_error(c, CLI_FAIL, "%s %llu: cannot allocate %llu MiB for the values", opt,
                  (unsigned long long)count, (unsigned long long)(size / (1024 * 1024) + 1));
    return p;
}

double cli_save_every(double fallback)
{
    const char *e = getenv("GRUNDY_SAVE_SECONDS");
    double s = e != NULL ? strtod(e, NULL) : 0.0;
    return s > 0.0 ? s : fallback;
}

double cli_now(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0) return 0.0;
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A progress line appears after half a second and is refreshed at most ten times a second. */
void cli_progress(cli_t *c, const char *what, uint64_t done, uint64_t total)
{
    double now;
    if (!c->progress || total == 0) return;
    now = cli_now();
    if (now - c->started < 0.5 || (c->shown && now - c->shown_at < 0.1 && done < total)) return;
    fprintf(c->err, "\rgrundy: %s: %s %llu of %llu (%d%%)\033[K", c->command, what,
            (unsigned long long)done, (unsigned long long)total,
            (int)((double)done * 100.0 / (double)total));
    fflush(c->err);
    c->shown = 1;
    c->shown_at = now;
}

void cli_progress_done(cli_t *c)
{
    cli_clear_progress(c);
}

int cli_progress_values(void *c, uint64_t done, uint64_t total)
{
    cli_progress((cli_t *)c, "values known", done, total);
    return 0;
}

int cli_fill(cli_t *c, sg_value_t *table, uint64_t count, cli_table_fn fn, const void *ctx)
{
    uint64_t k;
    int st;
    if (!c->progress || count <= CLI_FILL_MIN) return fn(ctx, table, count);
    /* the library fills a whole prefix per call; doubling prefixes bound the repeated work */
    k = count / 64 > CLI_FILL_MIN ? count / 64 : CLI_FILL_MIN;
    for (;;) {
        if ((st = fn(ctx, table, k)) != SG_OK) return st;
        cli_progress(c, "values known", k, count);
        if (k == count) break;
        k = k > count / 2 ? count : 2 * k;
    }
    cli_progress_done(c);
    return SG_OK;
}

int cli_octal_prove(cli_t *c, const sg_octal_t *game, uint64_t limit, sg_octal_proof_t *pr)
{
    uint64_t k = c->progress && limit > 8192 ? 8192 : limit;
    int st;
    for (;;) {
        if ((st = sg_octal_prove(game, k, pr)) != SG_OK) break;
        if (pr->period.proven || k == limit) break;
        cli_progress(c, "searched n <", k, limit);
        k = k > limit / 2 ? limit : 2 * k;
    }
    cli_progress_done(c);
    return st;
}

void cli_put_u64(FILE *out, uint64_t v)
{
    char buf[24], *p = buf + sizeof buf;
    do {
        *--p = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    fwrite(p, 1, (size_t)(buf + sizeof buf - p), out);
}

void cli_put_json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(out, "\\%c", ch);
        else if (ch < 0x20)
            fprintf(out, "\\u%04x", ch);
        else
            fputc(ch, out);
    }
    fputc('"', out);
}

static int cli_width(uint64_t v)
{
    int w = 1;
    while (v >= 10) {
        v /= 10;
        w++;
    }
    return w;
}

static void cli_pad(FILE *out, uint64_t v, int width)
{
    int w;
    for (w = cli_width(v); w < width; w++) fputc(' ', out);
    cli_put_u64(out, v);
}

/* a table read as slices */
static void cli_read_table(const void *src, uint64_t from, sg_value_t *out, uint64_t k)
{
    memcpy(out, (const sg_value_t *)src + from, (size_t)k * sizeof *out);
}

void cli_write_values(cli_t *c, const sg_value_t *table, uint64_t count, const char *title,
                      cli_json_fn json_head, cli_json_fn json_tail, const void *ctx)
{
    if (c->format == CLI_SVG) {
        if (svg_write_values(c->out, table, count, title, &c->svg) != SG_OK)
            c->failed = cli_lib_error(c, "--format svg", SG_ENOMEM);
        cli_progress_done(c);
        return;
    }
    cli_write_slices(c, cli_read_table, table, count, title, json_head, json_tail, ctx);
}

void cli_write_slices(cli_t *c, cli_read_fn read, const void *src, uint64_t count,
                      const char *title, cli_json_fn json_head, cli_json_fn json_tail,
                      const void *ctx)
{
    FILE *out = c->out;
    sg_value_t buf[CLI_SLICE], max = 0;
    uint64_t i, k = 0, j, from = 0;
    int iw, vw;
    if (c->format == CLI_SVG) {   /* the picture needs every value at once */
        sg_value_t *table = cli_alloc_values(c, "-n", count, 4);
        if (table == NULL) {
            c->failed = CLI_FAIL;
            return;
        }
        for (i = 0; i < count; i += k) {
            k = count - i < CLI_SLICE ? count - i : CLI_SLICE;
            read(src, i, table + i, k);
        }
        cli_write_values(c, table, count, title, json_head, json_tail, ctx);
        free(table);
        return;
    }
    /* buf holds G(from .. from + k - 1); each loop below asks for G(i) in order */
#define CLI_AT(i)                                                                           \
    ((i) - from < k ? buf[(i) - from]                                                       \
                    : (from = (i), k = count - (i) < CLI_SLICE ? count - (i) : CLI_SLICE,   \
                       read(src, from, buf, k), buf[0]))
    switch (c->format) {
    case CLI_TEXT:
        if (count == 0) {
            fprintf(out, "%s: no values asked for (-n 0)\n", title);
            break;
        }
        fprintf(out, "%s: G(n) for n = 0..%llu\n", title, (unsigned long long)(count - 1));
        for (i = 0; i < count; i++)
            if ((j = CLI_AT(i)) > max) max = (sg_value_t)j;
        iw = cli_width(count - 1);
        vw = cli_width(max);
        for (i = 0; i < count; i++) {
            if (i % CLI_ROW == 0) {
                if (i != 0) fputc('\n', out);
                cli_pad(out, i, iw);
                fputc(':', out);
            }
            fputc(' ', out);
            cli_pad(out, CLI_AT(i), vw);
            if ((i & 0xffff) == 0) cli_progress(c, "written", i, count);
        }
        fputc('\n', out);
        break;
    case CLI_CSV:
    case CLI_BFILE:
        if (c->format == CLI_CSV) fputs("n,value\n", out);
        for (i = 0; i < count; i++) {
            cli_put_u64(out, i);
            fputc(c->format == CLI_CSV ? ',' : ' ', out);
            cli_put_u64(out, CLI_AT(i));
            fputc('\n', out);
            if ((i & 0xffff) == 0) cli_progress(c, "written", i, count);
        }
        break;
    default:
        fputc('{', out);
        if (json_head != NULL) json_head(c, ctx);
        fputs("\"count\":", out);
        cli_put_u64(out, count);
        fputs(",\"values\":[", out);
        for (i = 0; i < count; i++) {
            if (i != 0) fputc(',', out);
            cli_put_u64(out, CLI_AT(i));
            if ((i & 0xffff) == 0) cli_progress(c, "written", i, count);
        }
        fputc(']', out);
        if (json_tail != NULL) json_tail(c, ctx);
        fputs("}\n", out);
        break;
    }
#undef CLI_AT
    cli_progress_done(c);
}

int cli_finish(cli_t *c, int status)
{
    cli_progress_done(c);
    if (fflush(c->out) != 0 || ferror(c->out))
        return cli_error(c, CLI_FAIL, "cannot write the output");
    return status == CLI_OK && c->failed ? CLI_FAIL : status;
}

void cli_put_list(FILE *out, const uint64_t *v, size_t n, const char *sep)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (i != 0) fputs(sep, out);
        cli_put_u64(out, v[i]);
    }
}

/* G(c->at) alone. With a proven period only preperiod + period values are computed and the
 * library reads the value off the period; without one, G(0..at) are computed. */
int cli_value_at(cli_t *c, const char *title, cli_table_fn fill, const void *ctx,
                        const sg_period_t *period, cli_json_fn json_head, const char *what,
                        unsigned bytes)
{
    if (c->format == CLI_SVG)
        return cli_error(c, CLI_USAGE, "--format svg draws a sequence, not one value (--at)");
    uint64_t n = c->at, need;
    sg_value_t *prefix, v;
    int st, periodic = period != NULL && period->proven;
    if (periodic && period->period <= UINT64_MAX - period->preperiod &&
        period->preperiod + period->period <= n) {
        need = period->preperiod + period->period;
    } else {
        periodic = 0;
        if (n == UINT64_MAX)
            return cli_error(c, CLI_FAIL, "--at %llu: no proven period to read it from",
                             (unsigned long long)n);
        need = n + 1;
    }
    if ((prefix = cli_alloc_values(c, "--at", need, bytes)) == NULL) return CLI_FAIL;
    if ((st = cli_fill(c, prefix, need, fill, ctx)) != SG_OK) {
        free(prefix);
        return cli_lib_error(c, what, st);
    }
    st = sg_period_value(prefix, need, periodic ? period : NULL, n, &v);
    free(prefix);
    if (st != SG_OK) return cli_lib_error(c, "sg_period_value", st);
    if (c->format == CLI_TEXT) {
        fprintf(c->out, "%s: G(%llu) = %lu", title, (unsigned long long)n, (unsigned long)v);
        if (periodic)
            fprintf(c->out, "\n  read off the proven period %llu from n = %llu on",
                    (unsigned long long)period->period, (unsigned long long)period->preperiod);
        fputc('\n', c->out);
    } else if (c->format == CLI_CSV || c->format == CLI_BFILE) {
        fprintf(c->out, "%s%llu%c%lu\n", c->format == CLI_CSV ? "n,value\n" : "",
                (unsigned long long)n, c->format == CLI_CSV ? ',' : ' ', (unsigned long)v);
    } else {
        fputc('{', c->out);
        json_head(c, ctx);
        fprintf(c->out, "\"n\":%llu,\"value\":%lu}\n", (unsigned long long)n, (unsigned long)v);
    }
    return CLI_OK;
}
