/* Subtraction games in the grundy tool: sub SET and allbut SET, their values and proven periods. */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"

#include <sg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A set of moves "1,3,4" (braces and spaces allowed: "{1, 3, 4}"). *set is malloc'ed. */
static int parse_set(cli_t *c, const char *text, int allow_empty, uint64_t **set, size_t *n)
{
    const char *s = text, *why;
    size_t len = strlen(text), cap = len / 2 + 1, k = 0;
    uint64_t *v;
    char item[64];
    int braces = 0;
    v = (uint64_t *)malloc(cap * sizeof *v);
    if (v == NULL) return cli_lib_error(c, "set", SG_ENOMEM);
    while (*s == ' ') s++;
    if (*s == '{') {
        braces = 1;
        s++;
    }
    for (;;) {
        size_t m = 0;
        while (*s == ' ') s++;
        while (*s != ',' && *s != '}' && *s != ' ' && *s != '\0') {
            if (m + 1 < sizeof item) item[m] = *s;
            m++;
            s++;
        }
        while (*s == ' ') s++;
        if (m == 0 && k == 0 && (*s == '\0' || *s == '}')) {
            if (allow_empty && (*s == '\0') == !braces) {
                if (braces) s++;
                while (*s == ' ') s++;
                if (*s == '\0') break;
            }
            free(v);
            return cli_error(c, CLI_USAGE, "the set '%.*s%s' is empty", CLI_ARG(text));
        }
        if (m == 0 || m >= sizeof item) {
            free(v);
            return cli_error(c, CLI_FAIL, "'%.*s%s' is not a set of moves (write it as 1,3,4)",
                             CLI_ARG(text));
        }
        item[m] = '\0';
        if (cli_parse_u64(item, &v[k], &why) != 0) {
            free(v);
            return cli_error(c, CLI_FAIL, "set '%.*s%s': '%.*s%s' %s", CLI_ARG(text),
                             CLI_ARG(item), why);
        }
        if (v[k] == 0) {
            free(v);
            return cli_error(c, CLI_USAGE, "set '%.*s%s': a move takes at least one token, not 0",
                             CLI_ARG(text));
        }
        k++;
        if (*s == ',') {
            s++;
            continue;
        }
        if (*s == '}' && braces) {
            s++;
            while (*s == ' ') s++;
            braces = 0;
        }
        if (*s != '\0' || braces) {
            free(v);
            return cli_error(c, CLI_FAIL, "'%.*s%s' is not a set of moves (write it as 1,3,4)",
                             CLI_ARG(text));
        }
        break;
    }
    *set = v;
    *n = k;
    return CLI_OK;
}

typedef struct {
    const uint64_t *set;
    size_t n;
    sg_period_t period;
    int period_status;
} sub_ctx_t;

static int sub_fill(const void *ctx, sg_value_t *table, uint64_t count)
{
    const sub_ctx_t *s = (const sub_ctx_t *)ctx;
    return sg_subtraction_table(table, count, s->set, s->n);
}

static void sub_json_head(cli_t *c, const void *ctx)
{
    const sub_ctx_t *s = (const sub_ctx_t *)ctx;
    cli_json_game(c, c->out, NULL, NULL);
    fputs("\"set\":[", c->out);
    cli_put_list(c->out, s->set, s->n, ",");
    fputs("],", c->out);
}

static void sub_json_tail(cli_t *c, const void *ctx)
{
    const sub_ctx_t *s = (const sub_ctx_t *)ctx;
    fputc(',', c->out);
    cli_json_period(c->out, &s->period, 0);
}

static void put_period_text(cli_t *c, const sg_period_t *p)
{
    if (p->saltus == 0)
        fprintf(c->out, "proven period: G(n + %llu) = G(n) for every n >= %llu "
                "(preperiod %llu, period %llu)\n", (unsigned long long)p->period,
                (unsigned long long)p->preperiod, (unsigned long long)p->preperiod,
                (unsigned long long)p->period);
    else
        fprintf(c->out, "proven arithmetic period: G(n + %llu) = G(n) + %lu for every n >= %llu "
                "(preperiod %llu, period %llu, saltus %lu)\n", (unsigned long long)p->period,
                (unsigned long)p->saltus, (unsigned long long)p->preperiod,
                (unsigned long long)p->preperiod, (unsigned long long)p->period,
                (unsigned long)p->saltus);
}

/* --period of sub and allbut: one record in c->format. */
static void put_period_record(cli_t *c, const char *title, cli_json_fn json_head,
                              const void *ctx, const sg_period_t *p, uint64_t limit)
{
    if (c->format == CLI_TEXT) {
        fprintf(c->out, "%s\n", title);
        if (p->proven)
            put_period_text(c, p);
        else
            fprintf(c->out, "no period proven for n < %llu\n", (unsigned long long)limit);
    } else if (c->format == CLI_CSV) {
        fprintf(c->out, "preperiod,period,saltus,proven\n%llu,%llu,%lu,%d\n",
                (unsigned long long)p->preperiod, (unsigned long long)p->period,
                (unsigned long)p->saltus, p->proven ? 1 : 0);
    } else {
        fputc('{', c->out);
        json_head(c, ctx);
        cli_json_period(c->out, p, 0);
        fputs("}\n", c->out);
    }
}

/* The period search of a subtraction game needs more than 2 * max(SET) values (two windows of
 * max(SET) values); past this largest move the tool does not start it: gigabytes and minutes. */
#define CLI_SUB_PERIOD_MAX ((uint64_t)1 << 24)
#define CLI_NOT_SEARCHED 1

static int sub_period(const sub_ctx_t *s, sg_period_t *period)
{
    size_t i;
    for (i = 0; i < s->n; i++)
        if (s->set[i] > CLI_SUB_PERIOD_MAX) return CLI_NOT_SEARCHED;
    return sg_subtraction_period(s->set, s->n, period);
}

static int sub_period_error(cli_t *c, const sub_ctx_t *s)
{
    if (s->period_status == CLI_NOT_SEARCHED)
        return cli_error(c, CLI_FAIL, "period: not searched: a move is larger than 2^24, and the "
                         "search would need more than twice that many values");
    return cli_lib_error(c, "sg_subtraction_period", s->period_status);
}

/* "PREFIX{1, 3, 4}" into buf, shortened with "..." when long. */
static void format_set(char *buf, size_t size, const char *prefix, const uint64_t *set, size_t n)
{
    size_t i, len;
    snprintf(buf, size, "%s{", prefix);
    for (i = 0; i < n; i++) {
        len = strlen(buf);
        if (len + 28 >= size) {
            snprintf(buf + len, size - len, ", ...");
            break;
        }
        snprintf(buf + len, size - len, "%s%llu", i ? ", " : "", (unsigned long long)set[i]);
    }
    len = strlen(buf);
    snprintf(buf + len, size - len, "}");
}

/* G(0 .. count-1) from a prefix of `count` values and, past it, a proven period */
typedef struct {
    const sg_value_t *prefix;
    uint64_t count;
    const sg_period_t *period;
} period_values_t;

static void period_read(const void *src, uint64_t from, sg_value_t *out, uint64_t k)
{
    const period_values_t *p = (const period_values_t *)src;
    uint64_t i;
    for (i = 0; i < k; i++)
        if (from + i < p->count) out[i] = p->prefix[from + i];
        else if (sg_period_value(p->prefix, p->count, p->period, from + i, &out[i]) != SG_OK)
            out[i] = 0;   /* not reached: the prefix holds preperiod + period values */
}

/* sub SET */
int cmd_sub(cli_t *c)
{
    period_values_t pv;
    sub_ctx_t s;
    uint64_t *set = NULL;
    sg_value_t *table;
    char title[160];
    int st;
    if (c->at_set && c->count_set) return cli_error(c, CLI_USAGE, "--at and -n exclude each other");
    if (c->period && (c->count_set || c->at_set))
        return cli_error(c, CLI_USAGE, "--period prints the period, not values: drop -n and --at");
    if (c->period && c->format == CLI_BFILE)
        return cli_error(c, CLI_USAGE, "--format bfile does not apply to --period");
    if ((st = parse_set(c, c->args[0], 0, &set, &s.n)) != CLI_OK) return st;
    s.set = set;
    memset(&s.period, 0, sizeof s.period);
    if (c->period) {
        format_set(title, sizeof title, "subtraction game ", set, s.n);
        s.period_status = sub_period(&s, &s.period);
        st = s.period_status == SG_OK ? CLI_OK : sub_period_error(c, &s);
        if (st == CLI_OK) put_period_record(c, title, sub_json_head, &s, &s.period, 0);
        free(set);
        return st;
    }
    if (c->at_set) {
        format_set(title, sizeof title, "subtraction game ", set, s.n);
        /* near values are computed directly: no period search needed */
        s.period_status = c->at < CLI_DEFAULT_LIMIT ? SG_EINVAL : sub_period(&s, &s.period);
        /* no period to read G(at) off, and G(0..at) do not fit: the period search is why */
        if (c->at >= CLI_DEFAULT_LIMIT && s.period_status != SG_OK &&
            !cli_memory_fits(c->at == UINT64_MAX ? c->at : c->at + 1, CLI_BYTES_SUB)) {
            free(set);
            return cli_error(c, CLI_FAIL, "--at %llu: no period to read it from (%s), and "
                             "G(0..%llu) would not fit in memory", (unsigned long long)c->at,
                             s.period_status == CLI_NOT_SEARCHED
                                 ? "not searched: a move is above 2^24"
                                 : s.period_status == SG_ENOMEM
                                       ? "the period search ran out of memory"
                                       : sg_strerror(s.period_status),
                             (unsigned long long)c->at);
        }
        st = cli_value_at(c, title, sub_fill, &s, s.period_status == SG_OK ? &s.period : NULL,
                      sub_json_head, "sg_subtraction_table", CLI_BYTES_SUB);
        free(set);
        return st;
    }
    /* the period first: with one proven, only preperiod + period values are kept, and the rest
     * are read off it a slice at a time as they are written (a run is still refused when its
     * values would not fit at CLI_BYTES_LONG bytes each: its output would be as large) */
    if (cli_check_memory(c, "-n", c->count, CLI_BYTES_LONG) != CLI_OK) {
        free(set);
        return CLI_FAIL;
    }
    s.period_status = sub_period(&s, &s.period);
    if (s.period_status != SG_OK) s.period.proven = 0;
    pv.count = c->count;
    if (s.period.proven && c->format != CLI_SVG &&
        s.period.period <= c->count - s.period.preperiod &&
        s.period.preperiod < c->count)
        pv.count = s.period.preperiod + s.period.period;
    pv.period = &s.period;
    if ((table = cli_alloc_values(c, "-n", pv.count, CLI_BYTES_SUB)) == NULL) {
        free(set);
        return CLI_FAIL;
    }
    pv.prefix = table;
    if ((st = cli_fill(c, table, pv.count, sub_fill, &s)) != SG_OK) {
        st = cli_lib_error(c, "sg_subtraction_table", st);
    } else {
        format_set(title, sizeof title, "subtraction game ", set, s.n);
        c->svg.period = s.period.proven ? &s.period : NULL;
        if (c->format == CLI_SVG)
            cli_write_values(c, table, c->count, title, sub_json_head, sub_json_tail, &s);
        else
            cli_write_slices(c, period_read, &pv, c->count, title, sub_json_head,
                             sub_json_tail, &s);
        if (c->format == CLI_TEXT && s.period.proven) put_period_text(c, &s.period);
        if (c->format == CLI_TEXT && !s.period.proven)
            fprintf(c->out, "period: not found (%s)\n",
                    s.period_status == CLI_NOT_SEARCHED ? "not searched: a move is above 2^24"
                                                        : sg_strerror(s.period_status));
        st = CLI_OK;
        if (s.period_status != SG_OK) st = sub_period_error(c, &s);
    }
    free(table);
    free(set);
    return st;
}

typedef struct {
    const uint64_t *set;
    size_t n;
} allbut_ctx_t;

static int allbut_fill(const void *ctx, sg_value_t *table, uint64_t count)
{
    const allbut_ctx_t *a = (const allbut_ctx_t *)ctx;
    return sg_allbut_table(table, count, a->set, a->n);
}

static void allbut_json_head(cli_t *c, const void *ctx)
{
    const allbut_ctx_t *a = (const allbut_ctx_t *)ctx;
    cli_json_game(c, c->out, NULL, NULL);
    fputs("\"excluded\":[", c->out);
    cli_put_list(c->out, a->set, a->n, ",");
    fputs("],", c->out);
}

/* allbut SET */
int cmd_allbut(cli_t *c)
{
    period_values_t pv;
    sg_period_t per;
    uint64_t k;
    allbut_ctx_t a;
    uint64_t *set = NULL;
    sg_value_t *table;
    char title[160];
    int st;
    if (c->period && c->count_set)
        return cli_error(c, CLI_USAGE, "--period prints the period, not values: drop -n");
    if (c->limit_set && !c->period) return cli_error(c, CLI_USAGE, "--limit goes with --period");
    if (c->period && c->format == CLI_BFILE)
        return cli_error(c, CLI_USAGE, "--format bfile does not apply to --period");
    if ((st = parse_set(c, c->args[0], 1, &set, &a.n)) != CLI_OK) return st;
    a.set = set;
    format_set(title, sizeof title, "all-but subtraction game: take any number but ", set, a.n);
    if (c->period) {
        sg_period_t p;
        uint64_t limit = c->limit_set ? c->limit : CLI_DEFAULT_LIMIT;
        if (limit > UINT32_MAX) {
            st = cli_error(c, CLI_FAIL, "--limit %llu: this game's values are computed for "
                           "n < 2^32", (unsigned long long)limit);
        } else if (cli_check_memory(c, "--limit", limit, CLI_BYTES_ALLBUT) != CLI_OK) {
            st = CLI_FAIL;
        } else if ((st = sg_allbut_period(set, a.n, limit, &p)) != SG_OK) {
            st = cli_lib_error(c, "sg_allbut_period", st);
        } else {
            put_period_record(c, title, allbut_json_head, &a, &p, limit);
            st = CLI_OK;
        }
        free(set);
        return st;
    }
    if (c->count > UINT32_MAX) {
        free(set);
        return cli_error(c, CLI_FAIL, "-n %llu: this game's values are computed for n < 2^32",
                         (unsigned long long)c->count);
    }
    /* A long run keeps only preperiod + period values when the period is proven from a few of
     * them (limits growing to an eighth of the run: a search holds CLI_BYTES_ALLBUT bytes a
     * value), and reads the rest off it a slice at a time as they are written. */
    if (cli_check_memory(c, "-n", c->count, CLI_BYTES_LONG) != CLI_OK) {
        free(set);
        return CLI_FAIL;
    }
    memset(&per, 0, sizeof per);
    pv.count = c->count;
    for (k = (uint64_t)1 << 16; c->format != CLI_SVG && k <= c->count / 8; k *= 2) {
        if (sg_allbut_period(set, a.n, k, &per) != SG_OK) break;
        if (!per.proven) continue;
        if (per.preperiod + per.period <= c->count / 8) pv.count = per.preperiod + per.period;
        break;
    }
    pv.period = &per;
    if ((table = cli_alloc_values(c, "-n", pv.count, CLI_BYTES_ALLBUT)) == NULL) {
        free(set);
        return CLI_FAIL;
    }
    pv.prefix = table;
    if ((st = cli_fill(c, table, pv.count, allbut_fill, &a)) != SG_OK) {
        st = cli_lib_error(c, "sg_allbut_table", st);
    } else {
        if (c->format == CLI_SVG)
            cli_write_values(c, table, c->count, title, allbut_json_head, NULL, &a);
        else
            cli_write_slices(c, period_read, &pv, c->count, title, allbut_json_head, NULL, &a);
        st = CLI_OK;
    }
    free(table);
    free(set);
    return st;
}
