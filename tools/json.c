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

void cli_json_period(FILE *out, const sg_period_t *p, int observed)
{
    int proven = p->proven != 0, seen = observed && !proven && p->period != 0;
    fputs(proven ? "\"proven\":true,\"preperiod\":" : "\"proven\":false,\"preperiod\":", out);
    cli_json_u64_or_null(out, proven, p->preperiod);
    fputs(",\"period\":", out);
    cli_json_u64_or_null(out, proven, p->period);
    fputs(",\"saltus\":", out);
    cli_json_u64_or_null(out, proven, p->saltus);
    fputs(",\"observed\":", out);
    if (!seen) {
        fputs("null", out);
        return;
    }
    fputs("{\"preperiod\":", out);
    cli_put_u64(out, p->preperiod);
    fputs(",\"period\":", out);
    cli_put_u64(out, p->period);
    fputs(",\"saltus\":", out);
    cli_put_u64(out, p->saltus);
    fputc('}', out);
}

void cli_json_proof(FILE *out, const sg_octal_proof_t *pr)
{
    const sg_period_t *p = &pr->period;
    int proven = p->proven != 0;
    cli_json_period(out, p, 1);
    fputs(",\"exceptions\":", out);
    cli_json_u64_or_null(out, proven, pr->exceptions);
    fputs(",\"last_exception\":", out);
    cli_json_u64_or_null(out, proven && pr->last_exception != UINT64_MAX, pr->last_exception);
    fputs(",\"checked_from\":", out);
    cli_json_u64_or_null(out, proven, pr->checked_from);
    fputs(",\"checked_to\":", out);
    cli_json_u64_or_null(out, proven, pr->checked_to);
    fputs(",\"proof_period\":", out);
    cli_json_u64_or_null(out, proven, pr->proof_period);
    fputs(",\"computed\":", out);
    cli_put_u64(out, pr->computed);
    fputs(",\"max_value\":", out);
    cli_put_u64(out, pr->max_value);
    fputs(",\"max_at\":", out);
    cli_put_u64(out, pr->max_at);
}
