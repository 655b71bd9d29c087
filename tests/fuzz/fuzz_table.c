/* sg_table_build, the memo and sg_winning_move on game graphs decoded from the input: options
 * up and down, cycles, out-of-range positions, sums, known values, wide positions, rules that
 * stop. Each result is compared with a plain recursive reference written here from the
 * definition: the values when the graph is sound, otherwise the class of the failure. */
#include "fuzz.h"

#include <sg.h>

#define MAXN 48
#define MAXOPT 12
#define MAXPARTS 4

enum { OPT_TO, OPT_SUM, OPT_VALUE, OPT_FAN };

typedef struct {
    int kind;
    uint64_t pos[MAXPARTS];   /* OPT_TO: pos[0]; OPT_SUM: nparts of them */
    size_t nparts;
    int null_parts;           /* OPT_SUM with no part: pass NULL */
    sg_value_t value;         /* OPT_VALUE; OPT_FAN: values 0 .. value-1 */
} opt_t;

typedef struct {
    uint64_t n;
    size_t nopt[MAXN];
    opt_t opt[MAXN][MAXOPT];
    int stop[MAXN];
    /* memo: position p is the key p * mul + add (mul odd, so a bijection); other keys have no
     * option */
    uint64_t mul, inv, add;
    int memo_mode;
} game_t;

static uint64_t inverse_odd(uint64_t a)
{
    uint64_t x = a;   /* Newton: each step doubles the correct low bits */
    int i;
    for (i = 0; i < 6; i++) x *= 2 - a * x;
    return x;
}

static void report(const game_t *g, uint64_t p, sg_moves_t *out, int memo)
{
    size_t i, j;
    for (i = 0; i < g->nopt[p]; i++) {
        const opt_t *o = &g->opt[p][i];
        uint64_t parts[MAXPARTS];
        switch (o->kind) {
        case OPT_TO:
            sg_move_to(out, memo ? o->pos[0] * g->mul + g->add : o->pos[0]);
            break;
        case OPT_SUM:
            for (j = 0; j < o->nparts; j++)
                parts[j] = memo ? o->pos[j] * g->mul + g->add : o->pos[j];
            sg_move_to_sum(out, o->null_parts ? NULL : parts, o->nparts);
            break;
        case OPT_VALUE:
            sg_move_value(out, o->value);
            break;
        default:
            for (j = 0; j < o->value; j++) sg_move_value(out, (sg_value_t)j);
            break;
        }
    }
}

static int table_rule(void *user, uint64_t p, sg_moves_t *out)
{
    const game_t *g = (const game_t *)user;
    FUZZ_CHECK(p < g->n);
    report(g, p, out, 0);
    return g->stop[p];
}

static int memo_rule(void *user, uint64_t key, sg_moves_t *out)
{
    const game_t *g = (const game_t *)user;
    uint64_t p = (key - g->add) * g->inv;
    if (p >= g->n) return 0;   /* a key outside the graph: no move */
    report(g, p, out, 1);
    return g->stop[p];
}

/* ---- reference ----------------------------------------------------------------------------- */

enum { F_RANGE = 1, F_LOOP = 2, F_STOP = 4 };

typedef struct {
    const game_t *g;
    int memo;                 /* positions >= n are terminal (memo) rather than errors (table) */
    int state[MAXN];          /* 0 new, 1 on the path, 2 done */
    int flags[MAXN];          /* failures reachable from p (itself included) */
    sg_value_t value[MAXN];   /* valid when flags == 0 */
} ref_t;

/* the least value not among v[0..n): mark the values that are at most n, take the first gap */
static sg_value_t plain_mex(const sg_value_t *v, size_t n)
{
    static unsigned char seen[MAXOPT * 128 + 2];
    sg_value_t m = 0;
    size_t i;
    memset(seen, 0, n + 1);
    for (i = 0; i < n; i++)
        if (v[i] <= n) seen[v[i]] = 1;
    while (seen[m]) m++;
    return m;
}

/* the value of position q as a part of an option; *flags collects failures */
static sg_value_t ref_part(ref_t *r, uint64_t q, int *flags);

static void ref_visit(ref_t *r, uint64_t p)
{
    const game_t *g = r->g;
    sg_value_t vals[MAXOPT * 128];
    size_t i, j, n = 0;
    int flags = g->stop[p] ? F_STOP : 0;
    r->state[p] = 1;
    for (i = 0; i < g->nopt[p]; i++) {
        const opt_t *o = &g->opt[p][i];
        sg_value_t x = 0;
        switch (o->kind) {
        case OPT_TO:
            vals[n++] = ref_part(r, o->pos[0], &flags);
            break;
        case OPT_SUM:
            for (j = 0; j < o->nparts; j++) x ^= ref_part(r, o->pos[j], &flags);
            vals[n++] = x;
            break;
        case OPT_VALUE:
            vals[n++] = o->value;
            break;
        default:
            for (j = 0; j < o->value; j++) vals[n++] = (sg_value_t)j;
            break;
        }
    }
    r->flags[p] = flags;
    r->value[p] = flags ? 0 : plain_mex(vals, n);
    r->state[p] = 2;
}

static sg_value_t ref_part(ref_t *r, uint64_t q, int *flags)
{
    if (q >= r->g->n) {
        if (!r->memo) *flags |= F_RANGE;
        return 0;
    }
    if (r->state[q] == 1) {   /* on the current path: a cycle */
        *flags |= F_LOOP;
        return 0;
    }
    if (r->state[q] == 0) ref_visit(r, q);
    *flags |= r->flags[q];
    return r->value[q];
}

/* Failures reachable from p. A cycle found while p's own search was open is only known to the
 * ancestors on that path, so each start gets a fresh search. */
static int ref_eval(ref_t *r, uint64_t p)
{
    int flags = 0;
    memset(r->state, 0, sizeof r->state);
    (void)ref_part(r, p, &flags);
    return flags;
}

static int status_allowed(int st, int flags, int nomem_ok)
{
    if (st == SG_ENOMEM) return nomem_ok;
    if (flags == 0) return st == SG_OK;
    return (st == SG_ERANGE && (flags & F_RANGE)) || (st == SG_ELOOP && (flags & F_LOOP)) ||
           (st == SG_ESTOP && (flags & F_STOP));
}

/* ---- decoding ------------------------------------------------------------------------------ */

static uint64_t decode_target(fuzz_in_t *in, const game_t *g, uint64_t p, int dir)
{
    uint8_t b = fuzz_u8(in);
    if (b == 0xff) return UINT64_MAX;
    if (b == 0xfe) return g->n;
    if (dir == 1 && p > 0) return b % p;                       /* down: a DAG */
    if (dir == 2 && p + 1 < g->n) return p + 1 + b % (g->n - p - 1);   /* up: a DAG */
    return b % (g->n + 2);                                     /* anywhere, a bit outside */
}

static void decode(fuzz_in_t *in, game_t *g)
{
    uint64_t p;
    uint8_t mode = fuzz_u8(in);
    memset(g, 0, sizeof *g);
    g->n = 1 + fuzz_u8(in) % MAXN;
    g->mul = fuzz_bytes(in, 8) | 1;
    g->inv = inverse_odd(g->mul);
    g->add = fuzz_u8(in) & 1 ? fuzz_bytes(in, 8) : 0;
    g->memo_mode = fuzz_u8(in);
    for (p = 0; p < g->n; p++) {
        /* mode 0: anything goes; 1: options mostly down; 2: mostly up; 3: down or up */
        int dir = mode % 4 == 3 ? 1 + (int)(p % 2) : (int)(mode % 4);
        uint8_t h = fuzz_u8(in);
        size_t i, j;
        g->nopt[p] = h % (MAXOPT + 1);
        g->stop[p] = (mode & 0x10) && (h & 0xf0) == 0xf0;
        for (i = 0; i < g->nopt[p]; i++) {
            opt_t *o = &g->opt[p][i];
            uint8_t k = fuzz_u8(in);
            int d = (k & 0x80) && dir != 0 && (mode & 0x20) ? 0 : dir;   /* strays make cycles */
            switch (k % 16) {
            case 0: case 1:
                o->kind = OPT_SUM;
                o->nparts = (size_t)(k >> 4) % (MAXPARTS + 1);
                o->null_parts = o->nparts == 0 && (k & 0x40);
                for (j = 0; j < o->nparts; j++) o->pos[j] = decode_target(in, g, p, d);
                break;
            case 2:
                o->kind = OPT_VALUE;
                o->value = (sg_value_t)fuzz_num(in);
                break;
            case 3:
                o->kind = (mode & 0x40) ? OPT_FAN : OPT_VALUE;
                o->value = fuzz_u8(in) % 128;
                break;
            default:
                o->kind = OPT_TO;
                o->pos[0] = decode_target(in, g, p, d);
                break;
            }
        }
    }
}

/* ---- the targets under test ------------------------------------------------------------------ */

static void check_table(game_t *g, fuzz_in_t *in)
{
    static ref_t r;
    sg_value_t table[MAXN + 2];
    uint64_t p;
    int flags = 0, st;
    table[g->n] = table[g->n + 1] = 0x5a5a5a5a;   /* nothing is written past the table */
    st = sg_table_build(table, g->n, table_rule, g);
    FUZZ_CHECK(table[g->n] == 0x5a5a5a5a && table[g->n + 1] == 0x5a5a5a5a);
    r.g = g;
    r.memo = 0;
    for (p = 0; p < g->n; p++) flags |= ref_eval(&r, p);
    if (!status_allowed(st, flags, 0)) {
        fprintf(stderr, "table: status %d, reference failures %d\n", st, flags);
        abort();
    }
    if (st != SG_OK) return;
    for (p = 0; p < g->n; p++) FUZZ_CHECK(table[p] == r.value[p]);

    /* sg_winning_move on a sum of up to 4 components */
    {
        uint64_t comps[4];
        size_t nc = fuzz_u8(in) % 5, i, j, comp = 99, option = 99, want_c = 0, idx = 0;
        sg_value_t sum = 0, target;
        int found = 0;
        for (i = 0; i < nc; i++) {
            comps[i] = fuzz_u8(in) % g->n;
            sum ^= table[comps[i]];
        }
        st = sg_winning_move(table, g->n, table_rule, g, comps, nc, &comp, &option);
        if (sum == 0) {
            FUZZ_CHECK(st == 0);
            return;
        }
        FUZZ_CHECK(st == 1);
        /* the lowest component with an option of value (its value ^ sum), larger ones too;
         * the one holding sum's highest bit always has one (mex) */
        for (want_c = 0; want_c < nc && !found; want_c++) {
            target = table[comps[want_c]] ^ sum;
            p = comps[want_c];
            idx = 0;
            /* the first option of value target, counting every sink call */
            for (i = 0; i < g->nopt[p] && !found; i++) {
                const opt_t *o = &g->opt[p][i];
                sg_value_t x = 0;
                if (o->kind == OPT_FAN) {
                    if (target < o->value) {
                        idx += target;
                        found = 1;
                    } else {
                        idx += o->value;
                    }
                    continue;
                }
                if (o->kind == OPT_TO) x = table[o->pos[0]];
                else if (o->kind == OPT_VALUE) x = o->value;
                else
                    for (j = 0; j < o->nparts; j++) x ^= table[o->pos[j]];
                if (x == target) found = 1;
                else idx++;
            }
        }
        FUZZ_CHECK(found && comp == want_c - 1);
        FUZZ_CHECK(option == idx);
    }
}

/* the memo's allocator: fails its k-th call when armed */
typedef struct {
    long calls, fail_at;
} fail_alloc_t;

static void *fail_alloc(void *user, size_t size)
{
    fail_alloc_t *a = (fail_alloc_t *)user;
    if (++a->calls == a->fail_at) return NULL;
    return malloc(size);
}

static void fail_free(void *user, void *ptr)
{
    (void)user;
    free(ptr);
}

static void check_memo(game_t *g, fuzz_in_t *in)
{
    static ref_t r;
    static const size_t caps[8] = {0, 0, 0, 0, 100, 600, 2000, 20000};
    sg_memo_t *m = NULL;
    fail_alloc_t fa = {0, 0};
    sg_allocator_t al = {fail_alloc, fail_free, NULL};
    size_t cap = caps[g->memo_mode % 8], i;
    uint64_t start, step, p, q;
    int st, nomem_ok;
    al.user = &fa;
    fa.fail_at = (g->memo_mode & 0x30) == 0x30 ? 1 + (g->memo_mode >> 6) * 3 : 0;
    nomem_ok = cap != 0 || fa.fail_at != 0;
    st = sg_memo_create_ex(&m, memo_rule, g, cap, (g->memo_mode & 8) ? &al : NULL);
    if (st != SG_OK) {
        FUZZ_CHECK(st == SG_ENOMEM && nomem_ok && m == NULL);
        return;
    }
    r.g = g;
    r.memo = 1;
    start = fuzz_u8(in) % g->n;
    step = 1 + fuzz_u8(in) % g->n;
    /* every position, in an order from the input, twice (the second time from what is kept) */
    for (i = 0; i < 2 * g->n; i++) {
        sg_value_t v = 0xdeadbeef;
        int flags;
        p = (start + i * step) % g->n;
        q = i % 7 == 6 ? g->n + fuzz_u8(in) : p;   /* now and then a key outside the graph */
        st = sg_memo_value(m, q * g->mul + g->add, &v);
        FUZZ_CHECK(cap == 0 || sg_memo_bytes(m) <= cap);
        if (q >= g->n) {
            FUZZ_CHECK(st == SG_OK ? v == 0 : (st == SG_ENOMEM && nomem_ok));
            continue;
        }
        flags = ref_eval(&r, q);
        if (!status_allowed(st, flags, nomem_ok)) {
            fprintf(stderr, "memo: position %llu status %d, reference failures %d\n",
                    (unsigned long long)q, st, flags);
            abort();
        }
        if (st == SG_OK) FUZZ_CHECK(v == r.value[q]);
        else FUZZ_CHECK(v == 0xdeadbeef);
    }
    FUZZ_CHECK(sg_memo_count(m) <= g->n + 257);   /* graph keys and the keys outside it */
    sg_memo_free(m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static game_t g;
    fuzz_in_t in;
    fuzz_in_init(&in, data, size);
    decode(&in, &g);
    check_table(&g, &in);
    check_memo(&g, &in);
    return 0;
}
