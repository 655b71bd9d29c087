/* grundy misere CODE: misere play of a take-and-break game, heap by heap: the outcome of each
 * heap, or its genus (--genus); its quotient (--quotient) and sums of heaps are in
 * quotient_out.c, the quotient's run with --checkpoint here. `grundy misere H...` (misere Nim)
 * stays in grundy.c, which hands an operand with a '.' (a code; heap sizes never have one) to
 * cmd_misere_octal. */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"

#include <stdlib.h>

#define MISERE_ROW 10
#define MISERE_CAP ((size_t)1 << 30)   /* the search's memory: 1 GiB */
#define MISERE_DEFAULT_COUNT 30        /* exact search: wild games grow fast with the heap */

#define QUOTIENT_SAVE_EVERY 1.0   /* seconds of heap steps between saves (GRUNDY_SAVE_SECONDS) */

typedef struct {
    char code[SG_OCTAL_MAX_DIGITS + 3];
    unsigned char *win;
    sg_genus_t *genus;
    char (*text)[12 * SG_GENUS_MAX + 16];
} misere_t;

/* The quotient's checkpoint loaded when the file exists; a message when it is not one of this
 * game (it is then never overwritten). */
static int quotient_resume(cli_t *c, sg_misere_quotient_t *q, const char *code)
{
    int exists = 0, st = cli_file_kind(c, "--checkpoint", c->checkpoint, &exists);
    if (st != CLI_OK || !exists) return st;
    st = sg_misere_quotient_load(q, c->checkpoint);
    if (st == SG_OK) return CLI_OK;
    if (st == SG_EGAME)
        return cli_error(c, CLI_FAIL, "--checkpoint '%.*s%s': a quotient of another game, not "
                         "of %s", CLI_ARG(c->checkpoint), code);
    if (st == SG_ERANGE)
        return cli_error(c, CLI_FAIL, "--checkpoint '%.*s%s': its quotient is past the budget "
                         "of elements", CLI_ARG(c->checkpoint));
    if (st == SG_EIO)
        return cli_error(c, CLI_FAIL, "--checkpoint '%.*s%s': cannot read it",
                         CLI_ARG(c->checkpoint));
    if (st == SG_ENOMEM) return cli_lib_error(c, "sg_misere_quotient_load", st);
    return cli_error(c, CLI_FAIL, "--checkpoint '%.*s%s': not a quotient checkpoint of this "
                     "tool for %s (%s)", CLI_ARG(c->checkpoint), code, sg_strerror(st));
}

static void quotient_save(cli_t *c, const sg_misere_quotient_t *q, int *warned)
{
    int st = sg_misere_quotient_save(q, c->checkpoint);
    if (st != SG_OK && !*warned) {
        cli_error(c, 0, "warning: --checkpoint '%.*s%s': cannot write it now (%s); the run "
                  "goes on", CLI_ARG(c->checkpoint), sg_strerror(st));
        *warned = 1;
    }
}

int cli_quotient_solve(cli_t *c, sg_misere_quotient_t *q, const char *code, uint64_t limit,
                       int *st)
{
    const char *e = getenv("GRUNDY_SAVE_SECONDS");
    double every = e != NULL ? strtod(e, NULL) : 0.0, saved_at;
    uint64_t start;
    sg_period_t per;
    int ret, exists = 0, warned = 0, caught;
    if (c->checkpoint == NULL) {
        *st = sg_misere_quotient_solve(q, limit);
        return CLI_OK;
    }
    if (!(every > 0.0)) every = QUOTIENT_SAVE_EVERY;
    if ((ret = quotient_resume(c, q, code)) != CLI_OK) return ret;
    start = sg_misere_quotient_heaps(q);
    sg_misere_quotient_period(q, &per);
    if (!per.proven && start < limit &&
        (ret = cli_file_can_replace(c, "--checkpoint", c->checkpoint, &exists)) != CLI_OK)
        return ret;
    cli_signals_catch();
    saved_at = cli_now();
    *st = SG_OK;
    /* sg_misere_quotient_solve, one heap at a time: a step cannot be stopped half-way, so a
     * signal is answered after it */
    while (*st == SG_OK && !per.proven && sg_misere_quotient_heaps(q) < limit &&
           !cli_signal_caught()) {
        *st = sg_misere_quotient_extend(q, sg_misere_quotient_heaps(q) + 1);
        sg_misere_quotient_period(q, &per);
        cli_progress(c, "heaps in", sg_misere_quotient_heaps(q), limit);
        if (*st == SG_OK && cli_now() - saved_at >= every) {
            quotient_save(c, q, &warned);
            saved_at = cli_now();
        }
    }
    cli_progress_done(c);
    caught = cli_signal_caught();
    /* a failed step leaves the last file saved; a second signal during this save ends the
     * process, the file left as last saved */
    if (*st == SG_OK && sg_misere_quotient_heaps(q) != start) quotient_save(c, q, &warned);
    cli_signals_release();
    if (caught && *st == SG_OK)
        return cli_error(c, CLI_FAIL, "interrupted (%s) after heap %llu, saved in '%.*s%s': run "
                         "the same command to go on", cli_signal_name(caught),
                         (unsigned long long)sg_misere_quotient_heaps(q), CLI_ARG(c->checkpoint));
    return CLI_OK;
}

static void misere_pad(FILE *out, const char *s, size_t width)
{
    size_t w;
    for (w = strlen(s); w < width; w++) fputc(' ', out);
    fputs(s, out);
}

static void misere_put_u64(char *buf, uint64_t v)
{
    char tmp[24], *p = tmp + sizeof tmp;
    *--p = '\0';
    do {
        *--p = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    memcpy(buf, p, (size_t)(tmp + sizeof tmp - p));
}

static const char *misere_item(const misere_t *m, uint64_t i)
{
    return m->genus ? m->text[i] : (m->win[i] ? "N" : "P");
}

static void misere_text(cli_t *c, const misere_t *m, uint64_t count)
{
    FILE *out = c->out;
    char idx[24];
    size_t iw, vw = 1;
    uint64_t i;
    fprintf(out, "%s game %s in misere play, %s 0..%llu%s\n",
            strpbrk(m->code + 1, "89abcdef") ? "hexadecimal" : "octal", m->code,
            m->genus ? "the genus of heaps" : "heaps", (unsigned long long)(count - 1),
            m->genus ? "" : " (N: the mover wins, P: loses)");
    misere_put_u64(idx, count - 1);
    iw = strlen(idx);
    for (i = 0; i < count; i++)
        if (strlen(misere_item(m, i)) > vw) vw = strlen(misere_item(m, i));
    for (i = 0; i < count; i++) {
        if (i % MISERE_ROW == 0) {
            if (i != 0) fputc('\n', out);
            misere_put_u64(idx, i);
            misere_pad(out, idx, iw);
            fputc(':', out);
        }
        fputc(' ', out);
        misere_pad(out, misere_item(m, i), vw);
    }
    fputc('\n', out);
}

static void misere_csv(cli_t *c, const misere_t *m, uint64_t count)
{
    uint64_t i;
    fputs(m->genus ? "n,genus,tame\n" : "n,outcome\n", c->out);
    for (i = 0; i < count; i++) {
        cli_put_u64(c->out, i);
        fputc(',', c->out);
        fputs(misere_item(m, i), c->out);
        if (m->genus) fputs(sg_genus_is_tame(&m->genus[i]) ? ",1" : ",0", c->out);
        fputc('\n', c->out);
    }
}

static void misere_json(cli_t *c, const misere_t *m, uint64_t count)
{
    FILE *out = c->out;
    uint64_t i;
    unsigned k;
    fputc('{', out);
    cli_json_game(c, c->out, m->code, c->args[0]);
    fputs("\"play\":\"misere\",\"count\":", out);
    cli_put_u64(out, count);
    fputs(m->genus ? ",\"genera\":[" : ",\"outcomes\":[", out);
    for (i = 0; i < count; i++) {
        if (i != 0) fputc(',', out);
        if (!m->genus) {
            fputs(m->win[i] ? "\"N\"" : "\"P\"", out);
            continue;
        }
        fputs("{\"g\":", out);
        cli_put_u64(out, m->genus[i].g);
        fputs(",\"gamma\":[", out);
        for (k = 0; k < m->genus[i].len; k++) {
            if (k) fputc(',', out);
            cli_put_u64(out, m->genus[i].gamma[k]);
        }
        fputs("],\"text\":", out);
        cli_put_json_string(out, m->text[i]);
        fputs(sg_genus_is_tame(&m->genus[i]) ? ",\"tame\":true}" : ",\"tame\":false}", out);
    }
    fputs("]}\n", out);
}

int cmd_misere_octal(cli_t *c, int genus)
{
    const char *code = c->args[0], *msg = NULL;
    sg_octal_t *game = NULL;
    sg_misere_octal_t *solver = NULL;
    misere_t m;
    uint64_t count = c->count_set ? c->count : MISERE_DEFAULT_COUNT, i;
    size_t off = 0;
    int st, ret = CLI_OK;

    memset(&m, 0, sizeof m);
    if (c->nargs != 1 && (genus || c->count_set))
        return cli_error(c, CLI_USAGE, "%s takes no heap operands: misere CODE [-n N]",
                         genus ? "--genus" : "-n");
    st = sg_octal_parse_ex(code, &game, &off, &msg);
    if (st == SG_EINVAL)
        return cli_error(c, CLI_FAIL, "code '%.*s%s': %s (at character %llu)", CLI_ARG(code),
                         msg != NULL && msg[0] ? msg : sg_strerror(st),
                         (unsigned long long)off + 1);
    if (st != SG_OK) return cli_lib_error(c, "sg_octal_parse", st);
    if (c->checkpoint != NULL && !c->quotient) {
        sg_octal_free(game);
        return cli_error(c, CLI_USAGE, "--checkpoint goes with --quotient (misere CODE "
                         "--quotient --checkpoint FILE)");
    }
    if (c->quotient || c->nargs > 1) {
        if (genus || c->count_set) {
            sg_octal_free(game);
            return cli_error(c, CLI_USAGE, "--quotient and heap operands go without %s",
                             genus ? "--genus" : "-n");
        }
        if ((st = sg_octal_format(game, m.code, sizeof m.code)) != SG_OK)
            ret = cli_lib_error(c, "sg_octal_format", st);
        else if (c->quotient)
            ret = cmd_misere_quotient(c, game, m.code);
        else
            ret = cmd_misere_sum(c, game, m.code);
        sg_octal_free(game);
        return ret;
    }
    if (c->limit_set) {
        sg_octal_free(game);
        return cli_error(c, CLI_USAGE, "--limit goes with --quotient or heap operands");
    }
    if (count == 0) {
        sg_octal_free(game);
        return cli_error(c, CLI_USAGE, "-n 0: no heap asked for");
    }
    if (count > ((uint64_t)1 << 31))
        ret = cli_error(c, CLI_FAIL, "-n %llu: heaps of 2^31 tokens or more cannot be searched",
                        (unsigned long long)count);
    if (ret == CLI_OK && (st = sg_octal_format(game, m.code, sizeof m.code)) != SG_OK)
        ret = cli_lib_error(c, "sg_octal_format", st);
    if (ret == CLI_OK && (st = sg_misere_octal_create(&solver, game, MISERE_CAP, NULL)) != SG_OK)
        ret = cli_lib_error(c, "sg_misere_octal_create", st);
    if (ret == CLI_OK) {
        size_t one = genus ? sizeof *m.genus + sizeof *m.text : 1;
        if (count > SIZE_MAX / one ||
            (genus ? (m.genus = (sg_genus_t *)malloc((size_t)count * sizeof *m.genus)) == NULL ||
                         (m.text = malloc((size_t)count * sizeof *m.text)) == NULL
                   : (m.win = (unsigned char *)malloc((size_t)count)) == NULL))
            ret = cli_error(c, CLI_FAIL, "-n %llu: not enough memory for the table",
                            (unsigned long long)count);
    }
    for (i = 0; ret == CLI_OK && i < count; i++) {
        if (genus) {
            st = sg_misere_octal_genus(solver, i, &m.genus[i]);
            if (st == SG_OK) st = sg_genus_format(&m.genus[i], m.text[i], sizeof m.text[i]);
        } else {
            int w = 0;
            st = sg_misere_octal_outcome(solver, &i, 1, &w);
            m.win[i] = (unsigned char)w;
        }
        if (st == SG_ENOMEM)
            ret = cli_error(c, CLI_FAIL, "heap %llu: the exact search needs more than %u MiB "
                            "(sums stored: %llu); ask for fewer heaps",
                            (unsigned long long)i, (unsigned)(MISERE_CAP >> 20),
                            (unsigned long long)sg_misere_octal_count(solver));
        else if (st != SG_OK)
            ret = cli_lib_error(c, genus ? "sg_misere_octal_genus" : "sg_misere_octal_outcome",
                                st);
        else
            cli_progress(c, genus ? "genera known" : "outcomes known", i + 1, count);
    }
    cli_progress_done(c);
    if (ret == CLI_OK) {
        if (c->format == CLI_CSV) misere_csv(c, &m, count);
        else if (c->format == CLI_JSON) misere_json(c, &m, count);
        else misere_text(c, &m, count);
    }
    free(m.win);
    free(m.genus);
    free(m.text);
    sg_misere_octal_free(solver);
    sg_octal_free(game);
    return ret;
}
