#include "../common/sg_internal.h"
#include "struct_store.h"

/* The self-test of a structured rule (sg_struct_selftest): each callback twice on each sample,
 * and values by the store itself with neither split nor canonical form (options only), limited
 * to a number of positions, as the brute force. */

typedef struct {
    sg_store_t *s;                 /* the rule's store: its user, sinks and memory */
    sg_parts_t a, b;               /* two answers of one callback */
    sg_selftest_report_t *r;
    size_t sample;
    size_t brute_limit;
    const sg_struct_rules_t *rules;
} sg__st_t;

static void sg__st_lie(sg__st_t *t, int kind)
{
    if (t->r->lies[kind]++ == 0) t->r->first[kind] = t->sample;
}

static int sg__st_same(const sg_parts_t *a, const sg_parts_t *b)
{
    size_t i;
    if (a->nrec != b->nrec || a->nbytes != b->nbytes) return 0;
    for (i = 0; i < a->nrec; i++)
        if (a->rec[i].len != b->rec[i].len) return 0;
    return a->nbytes == 0 || memcmp(a->bytes, b->bytes, a->nbytes) == 0;
}

/* Run fn twice on pos into t->a and t->b. 1 when both agree, 0 when they do not (a lie noted),
 * or a status: SG_ENOMEM, or SG__ST_SINK for a callback that broke the sink's rules. */
#define SG__ST_SINK 2
static int sg__st_twice(sg__st_t *t, int mode,
                        int (*fn)(void *, const unsigned char *, size_t, sg_parts_t *),
                        const unsigned char *pos, size_t len)
{
    int st = sg__parts_run(t->s, &t->a, mode, fn, pos, len);
    if (st == SG_OK) st = sg__parts_run(t->s, &t->b, mode, fn, pos, len);
    if (st == SG_ENOMEM) return st;
    if (st != SG_OK) {
        sg__st_lie(t, SG_LIE_SINK);
        return SG__ST_SINK;
    }
    if (sg__st_same(&t->a, &t->b)) return 1;
    sg__st_lie(t, SG_LIE_UNSTABLE);
    return 0;
}

/* The brute-force value of pos in brute (at most brute_limit more positions): 1 with *v, 0 when
 * it cannot be had (too large, a cycle, a callback's status), or SG_ENOMEM. */
static int sg__st_value(sg__st_t *t, sg_store_t *brute, const unsigned char *pos, size_t len,
                        sg_value_t *v)
{
    int st;
    brute->limit = brute->npos + t->brute_limit;
    st = sg_store_value(brute, pos, len, v);
    if (st == SG_OK) return 1;
    return st == SG_ENOMEM ? st : 0;
}

/* The value checks of one sample: canonical form and split against the whole. */
static int sg__st_values(sg__st_t *t, const unsigned char *pos, size_t len,
                         const unsigned char *canon, size_t clen)
{
    sg_struct_rules_t plain = {NULL, NULL, NULL};
    sg_store_t *brute = NULL;
    sg_value_t whole, v, x = 0;
    size_t i;
    int st, ok;
    plain.options = t->rules->options;
    if ((st = sg_store_create(&brute, &plain, t->s->user, NULL)) != SG_OK) return st;
    ok = sg__st_value(t, brute, pos, len, &whole);
    if (ok == 1 && canon != NULL) {
        ok = sg__st_value(t, brute, canon, clen, &v);
        if (ok == 1 && v != whole) sg__st_lie(t, SG_LIE_CANONICAL);
    }
    if (ok == 1 && t->rules->split != NULL) {
        /* t->b holds the split (sg__st_twice's second answer) */
        for (i = 0; ok == 1 && i < t->b.nrec; i++) {
            ok = sg__st_value(t, brute, sg__struct_at(t->b.bytes, t->b.rec[i].off),
                              t->b.rec[i].len, &v);
            x ^= v;
        }
        if (ok == 1 && x != whole) sg__st_lie(t, SG_LIE_SPLIT);
    }
    sg_store_free(brute);
    if (ok < 0) return ok;
    if (ok == 1) t->r->brute++;
    else t->r->skipped++;
    return SG_OK;
}

/* Is some option of pos (in t->a) the position itself, as bytes or as canonical forms (canon,
 * when given)? */
static int sg__st_self(sg__st_t *t, const unsigned char *pos, size_t len,
                       const unsigned char *canon, size_t clen, int *self)
{
    size_t i;
    int st;
    *self = 0;
    for (i = 0; i + 1 < t->a.nrec && !*self; i++) {
        const sg__part_t *p = &t->a.rec[i];
        const unsigned char *o = sg__struct_at(t->a.bytes, p->off);
        if (p->len == SG__PARTS_END || t->a.rec[i + 1].len != SG__PARTS_END) continue;
        if (i > 0 && t->a.rec[i - 1].len != SG__PARTS_END) continue;   /* one part alone */
        if (p->len == len && (len == 0 || !memcmp(o, pos, len))) *self = 1;
        if (*self || canon == NULL) continue;
        st = sg__parts_run(t->s, &t->s->canon, SG__PARTS_CANONICAL, t->rules->canonical, o, p->len);
        if (st == SG_ENOMEM) return st;
        if (st == SG_OK && t->s->canon.rec[0].len == clen &&
            (clen == 0 || !memcmp(t->s->canon.bytes + t->s->canon.rec[0].off, canon, clen)))
            *self = 1;
    }
    return SG_OK;
}

/* One sample. The canonical form is kept in t->s->split's sink (free in the self-test). */
static int sg__st_sample(sg__st_t *t, const unsigned char *pos, size_t len)
{
    const sg_struct_rules_t *rules = t->rules;
    sg_parts_t *c = &t->s->split;
    const unsigned char *canon = NULL;
    size_t clen = 0;
    int st, self;
    /* after a lie in the answers themselves, values would say nothing more */
    if ((st = sg__st_twice(t, SG__PARTS_OPTIONS, rules->options, pos, len)) < 0) return st;
    if (st != 1) return SG_OK;
    if (rules->canonical != NULL) {
        st = sg__st_twice(t, SG__PARTS_CANONICAL, rules->canonical, pos, len);
        if (st < 0) return st;
        if (st != 1) return SG_OK;
        /* keep it in c, then ask for the canonical form of the canonical form */
        c->nbytes = c->nrec = 0;
        c->mode = SG__PARTS_CANONICAL;
        st = sg_parts_add(c, sg__struct_at(t->a.bytes, t->a.rec[0].off), t->a.rec[0].len);
        if (st != SG_OK) return st;
        canon = c->bytes;
        clen = c->rec[0].len;
        st = sg__st_twice(t, SG__PARTS_CANONICAL, rules->canonical, canon, clen);
        if (st < 0) return st;
        if (st == SG__ST_SINK) return SG_OK;
        if (t->a.rec[0].len != clen || (clen > 0 && memcmp(t->a.bytes, canon, clen) != 0))
            sg__st_lie(t, SG_LIE_IDEMPOTENT);
    }
    /* the options again (t->a), for the self check */
    if ((st = sg__parts_run(t->s, &t->a, SG__PARTS_OPTIONS, rules->options, pos, len)) != SG_OK)
        return st == SG_ENOMEM ? st : SG_OK;
    if ((st = sg__st_self(t, pos, len, canon, clen, &self)) != SG_OK) return st;
    if (self) sg__st_lie(t, SG_LIE_SELF);
    if (rules->split != NULL) {
        st = sg__st_twice(t, SG__PARTS_SPLIT, rules->split, pos, len);
        if (st < 0) return st;
        if (st != 1) return SG_OK;
    }
    if (t->brute_limit == 0) {
        t->r->skipped++;
        return SG_OK;
    }
    return sg__st_values(t, pos, len, canon, clen);
}

int sg_struct_selftest(const sg_struct_rules_t *rules, void *user,
                       const unsigned char *const *pos, const size_t *len, size_t count,
                       size_t brute_limit, sg_selftest_report_t *r)
{
    sg__st_t t;
    size_t i;
    int st = SG_OK, kind;
    if (rules == NULL || rules->options == NULL || r == NULL) return SG_EINVAL;
    if (count > 0 && (pos == NULL || len == NULL)) return SG_EINVAL;
    for (i = 0; i < count; i++)
        if (pos[i] == NULL && len[i] > 0) return SG_EINVAL;
    memset(r, 0, sizeof *r);
    for (kind = 0; kind < SG_LIE_KINDS; kind++) r->first[kind] = SIZE_MAX;
    memset(&t, 0, sizeof t);
    if ((st = sg_store_create(&t.s, rules, user, NULL)) != SG_OK) return st;
    sg__parts_init(&t.a, &t.s->core.mem);
    sg__parts_init(&t.b, &t.s->core.mem);
    t.r = r;
    t.rules = rules;
    t.brute_limit = brute_limit;
    for (i = 0; i < count && st == SG_OK; i++) {
        static const unsigned char none[1] = {0};
        t.sample = i;
        r->samples++;
        st = sg__st_sample(&t, pos[i] != NULL ? pos[i] : none, len[i]);
    }
    sg__parts_release(&t.a);
    sg__parts_release(&t.b);
    sg_store_free(t.s);
    return st;
}
