/* grundy misere CODE: misere play of a take-and-break game, heap by heap: the outcome of each
 * heap, or its genus (--genus); its quotient (--quotient) and sums of heaps are in
 * quotient_out.c. `grundy misere H...` (misere Nim) stays in grundy.c, which
 * hands an operand with a '.' (a code; heap sizes never have one) to cmd_misere_octal. */
#include "cli.h"

#include <stdlib.h>

#define MISERE_ROW 10
#define MISERE_CAP ((size_t)1 << 30)   /* the search's memory: 1 GiB */
#define MISERE_DEFAULT_COUNT 30        /* exact search: wild games grow fast with the heap */

typedef struct {
    char code[SG_OCTAL_MAX_DIGITS + 3];
    unsigned char *win;
    sg_genus_t *genus;
    char (*text)[12 * SG_GENUS_MAX + 16];
} misere_t;

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
    if (c->checkpoint != NULL && !c->quotient && c->nargs == 1) {
        sg_octal_free(game);
        return cli_error(c, CLI_USAGE, "--checkpoint goes with --quotient or heap operands "
                         "(misere CODE --quotient --checkpoint FILE, misere CODE H... "
                         "--checkpoint FILE)");
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
