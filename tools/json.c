/* The one JSON vocabulary of the grundy tool (docs/json.md): the members every object opens
 * with, and the facts of a period, written the same way by every command that prints them. */
#include "cli.h"

void cli_json_u64_or_null(FILE *out, int known, uint64_t v)
{
    if (known)
        cli_put_u64(out, v);
    else
        fputs("null", out);
}

void cli_json_game(const cli_t *c, FILE *out, const char *code, const char *input)
{
    fputs("\"game\":", out);
    cli_put_json_string(out, c->command != NULL ? c->command : "");
    if (code != NULL) {
        fputs(",\"code\":", out);
        cli_put_json_string(out, code);
    }
    if (input != NULL) {
        fputs(",\"input\":", out);
        cli_put_json_string(out, input);
    }
    fputc(',', out);
}

/* "preperiod":..,"period":..,"saltus":.. of p, each null unless known */
static void json_period_members(FILE *out, const sg_period_t *p, int known)
{
    fputs("\"preperiod\":", out);
    cli_json_u64_or_null(out, known, p->preperiod);
    fputs(",\"period\":", out);
    cli_json_u64_or_null(out, known, p->period);
    fputs(",\"saltus\":", out);
    cli_json_u64_or_null(out, known, p->saltus);
}

/* ,"name":v, or null unless known */
static void json_member(FILE *out, const char *name, int known, uint64_t v)
{
    fprintf(out, ",\"%s\":", name);
    cli_json_u64_or_null(out, known, v);
}

void cli_json_period(FILE *out, const sg_period_t *p, int observed)
{
    int proven = p->proven != 0;
    fputs(proven ? "\"proven\":true," : "\"proven\":false,", out);
    json_period_members(out, p, proven);
    fputs(",\"observed\":", out);
    if (!observed || proven || p->period == 0) {
        fputs("null", out);
        return;
    }
    fputc('{', out);
    json_period_members(out, p, 1);
    fputc('}', out);
}

void cli_json_proof(FILE *out, const sg_octal_proof_t *pr)
{
    int proven = pr->period.proven != 0;
    cli_json_period(out, &pr->period, 1);
    json_member(out, "exceptions", proven, pr->exceptions);
    json_member(out, "last_exception", proven && pr->last_exception != UINT64_MAX,
                pr->last_exception);
    json_member(out, "checked_from", proven, pr->checked_from);
    json_member(out, "checked_to", proven, pr->checked_to);
    json_member(out, "proof_period", proven, pr->proof_period);
    json_member(out, "computed", 1, pr->computed);
    json_member(out, "max_value", 1, pr->max_value);
    json_member(out, "max_at", 1, pr->max_at);
}
