/*
 * Random games for the cross-checks of the rule engines (table, memo, winning moves), and the
 * Sprague-Grundy value computed straight from the definition by a recursive search with its
 * own cycle detection.
 *
 * A game has nodes 0..n-1. Each node has a list of options, each one of
 *   - TO j:       a move to node j (j may be FAR: a position no table holds),
 *   - SUM parts:  a move to the sum of 0..3 nodes (value: XOR of theirs),
 *   - VALUE v:    a move to a game of known value v,
 * or is a STOP node (its rule reports a few known values, then returns non-zero).
 * Options may point to larger or smaller nodes; cycles (self-loops too) may be added.
 *
 * The rule serves two kinds of position: in table mode, position == node (and FAR is a huge
 * position); in key mode, position == key(node), spread over 64 bits by an odd multiplier, and
 * a key that is no node's (FAR is one) has no option.
 */
#ifndef SG_TEST_RANDGAME_H
#define SG_TEST_RANDGAME_H

#include "sg.h"
#include "test.h"

#define RG_MAXN 512
#define RG_MAXOPT 8192
#define RG_NODEOPT 128   /* options of one node */
#define RG_FAR 0xffffffffu

enum { RG_TO = 0, RG_SUM = 1, RG_VALUE = 2 };

typedef struct {
    int kind;
    unsigned nparts;     /* RG_SUM: 0..3 */
    uint32_t part[3];    /* RG_TO uses part[0]; node index or RG_FAR */
    sg_value_t value;    /* RG_VALUE */
} rg_option_t;

typedef struct {
    size_t n;
    size_t first[RG_MAXN + 1];   /* options of node i: opt[first[i] .. first[i + 1]) */
    rg_option_t opt[RG_MAXOPT];
    int stop[RG_MAXN];
    int keyed;                   /* rule positions are keys (memo) instead of node numbers */
    uint64_t calls;              /* rule calls, for curiosity */
} rg_game_t;

#define RG_MUL 0x9e3779b97f4a7c15ULL
#define RG_OFF 0x0123456789abcdefULL

static inline uint64_t rg_key(uint64_t node) { return node * RG_MUL + RG_OFF; }

static inline uint64_t rg_mul_inverse(void)
{
    uint64_t x = RG_MUL;   /* Newton: each step doubles the correct low bits */
    int i;
    for (i = 0; i < 6; i++) x *= 2 - RG_MUL * x;
    return x;
}

/* the position the rule reports for node j */
static inline uint64_t rg_pos(const rg_game_t *g, uint32_t j)
{
    if (j == RG_FAR) return g->keyed ? rg_key((uint64_t)g->n + 77) : UINT64_MAX - 3;
    return g->keyed ? rg_key(j) : j;
}

static inline int rg_rule(void *user, uint64_t position, sg_moves_t *out)
{
    rg_game_t *g = (rg_game_t *)user;
    uint64_t node = position;
    size_t o;
    g->calls++;
    if (g->keyed) node = (position - RG_OFF) * rg_mul_inverse();
    if (node >= g->n) return 0;   /* keyed: not a node, no option */
    for (o = g->first[node]; o < g->first[node + 1]; o++) {
        const rg_option_t *op = &g->opt[o];
        if (op->kind == RG_TO) {
            sg_move_to(out, rg_pos(g, op->part[0]));
        } else if (op->kind == RG_SUM) {
            uint64_t p[3];
            unsigned k;
            for (k = 0; k < op->nparts; k++) p[k] = rg_pos(g, op->part[k]);
            sg_move_to_sum(out, op->nparts ? p : NULL, op->nparts);
        } else {
            sg_move_value(out, op->value);
        }
    }
    if (!g->stop[node]) return 0;
    return node % 3 == 0 ? 1 : node % 3 == 1 ? -1 : 42;   /* any non-zero value stops */
}

/* ---- generation ---------------------------------------------------------------------- */

typedef struct {
    size_t n;          /* nodes */
    size_t maxopt;     /* options per node: 0..maxopt (a few nodes get many more) */
    int order;         /* 0: options smaller; 1: larger; 2: a random topological order */
    unsigned cycles;   /* edges against the order (may close cycles; self-loops too) */
    unsigned far;      /* per mille of FAR targets */
    unsigned stops;    /* per mille of stop nodes */
} rg_params_t;

static inline sg_value_t rg_random_value(void)
{
    switch (test_below(8)) {
    case 0: return (sg_value_t)test_rand();
    case 1: return UINT32_MAX - (sg_value_t)test_below(3);
    default: return (sg_value_t)test_below(6);
    }
}

/* a target for an option of node i (rank[i] > 0): a node before i in the order, or FAR */
static inline uint32_t rg_pick(const uint32_t *by_rank, const uint32_t *rank, size_t i,
                               unsigned far)
{
    if (test_below(1000) < far) return RG_FAR;
    return by_rank[test_below(rank[i])];
}

static inline void rg_generate(rg_game_t *g, const rg_params_t *p)
{
    static uint32_t rank[RG_MAXN], by_rank[RG_MAXN];
    size_t i, o = 0, n = p->n;
    unsigned c;
    memset(g, 0, sizeof *g);
    g->n = n;
    for (i = 0; i < n; i++) by_rank[i] = (uint32_t)(p->order == 1 ? n - 1 - i : i);
    if (p->order == 2) {
        for (i = n; i > 1; i--) {
            size_t j = (size_t)test_below(i);
            uint32_t t = by_rank[i - 1];
            by_rank[i - 1] = by_rank[j];
            by_rank[j] = t;
        }
    }
    for (i = 0; i < n; i++) rank[by_rank[i]] = (uint32_t)i;
    for (i = 0; i < n; i++) {
        size_t k = (size_t)test_below(p->maxopt + 1), j;
        if (test_below(40) == 0) k = 60 + (size_t)test_below(50);   /* past 64 option values */
        if (k > RG_NODEOPT) k = RG_NODEOPT;
        if (o + k > RG_MAXOPT) k = 0;
        g->first[i] = o;
        g->stop[i] = test_below(1000) < p->stops;
        for (j = 0; j < k; j++) {
            rg_option_t *op = &g->opt[o++];
            unsigned r = (unsigned)test_below(10), m;
            memset(op, 0, sizeof *op);
            op->kind = g->stop[i] || r == 0 ? RG_VALUE : r <= 2 ? RG_SUM : RG_TO;
            if (op->kind == RG_VALUE) {
                op->value = rg_random_value();
                continue;
            }
            if (rank[i] == 0) {   /* nothing comes before i: no target */
                op->kind = RG_VALUE;
                op->value = rg_random_value();
                continue;
            }
            op->nparts = op->kind == RG_SUM ? (unsigned)test_below(4) : 1;
            for (m = 0; m < op->nparts; m++) op->part[m] = rg_pick(by_rank, rank, i, p->far);
        }
    }
    g->first[n] = o;
    /* edges against the order: may close cycles (a self-loop when the target is the node) */
    for (c = 0; c < p->cycles && n > 0; c++) {
        size_t from = (size_t)test_below(n), at;
        rg_option_t *op;
        if (g->stop[from] || g->first[from + 1] == g->first[from]) continue;
        at = g->first[from] + (size_t)test_below(g->first[from + 1] - g->first[from]);
        op = &g->opt[at];
        if (op->kind == RG_VALUE) continue;
        if (op->nparts == 0) op->nparts = 1;
        op->part[test_below(op->nparts)] = (uint32_t)test_below(n);
    }
}

/* ---- the definition ------------------------------------------------------------------ */

enum { RG_F_RANGE = 1, RG_F_LOOP = 2, RG_F_STOP = 4 };

/* Brute force state for one mode: positions >= limit are out of range (table mode) or not
 * nodes (key mode: FAR and nodes >= n are terminals of value 0). */
typedef struct {
    const rg_game_t *g;
    uint64_t limit;
    int keyed;
    int ok[RG_MAXN];               /* proven free of every error: val is SG */
    sg_value_t val[RG_MAXN];
    int onpath[RG_MAXN];
    unsigned seen[RG_MAXN], seenflags[RG_MAXN], epoch;
} rg_brute_t;

static inline void rg_brute_init(rg_brute_t *b, const rg_game_t *g, uint64_t limit, int keyed)
{
    memset(b, 0, sizeof *b);
    b->g = g;
    b->limit = limit;
    b->keyed = keyed;
}

static unsigned rg_visit(rg_brute_t *b, uint32_t i);

/* value of a target, or error flags */
static inline unsigned rg_target(rg_brute_t *b, uint32_t j, sg_value_t *v)
{
    unsigned f;
    *v = 0;
    if (b->keyed) {
        if (j == RG_FAR || j >= b->g->n) {
            *v = 0;
            return 0;
        }
    } else if (j == RG_FAR || j >= b->limit) {
        return RG_F_RANGE;
    }
    f = rg_visit(b, j);
    *v = f ? 0 : b->val[j];
    return f;
}

/* SG(i) = mex of the options' values, recursively. Returns the errors reachable from i (a back
 * edge to a node on the current path is a cycle); when none, b->val[i] is SG(i). */
static unsigned rg_visit(rg_brute_t *b, uint32_t i)
{
    const rg_game_t *g = b->g;
    sg_value_t vals[RG_NODEOPT], v = 0, m;
    size_t nv = 0, o, k;
    unsigned flags = 0;
    if (b->ok[i]) return 0;
    if (b->onpath[i]) return RG_F_LOOP;
    if (b->seen[i] == b->epoch) return b->seenflags[i];
    b->onpath[i] = 1;
    for (o = g->first[i]; o < g->first[i + 1]; o++) {
        const rg_option_t *op = &g->opt[o];
        if (op->kind == RG_VALUE) {
            vals[nv++] = op->value;
        } else {
            sg_value_t x = 0;
            for (k = 0; k < op->nparts; k++) {
                flags |= rg_target(b, op->part[k], &v);
                x ^= v;
            }
            vals[nv++] = x;
        }
    }
    if (g->stop[i]) flags |= RG_F_STOP;
    b->onpath[i] = 0;
    b->seen[i] = b->epoch;
    b->seenflags[i] = flags;
    if (flags == 0) {
        /* mex, literally: the least m that is no option's value */
        for (m = 0;; m++) {
            for (k = 0; k < nv && vals[k] != m; k++)
                ;
            if (k == nv) break;
        }
        b->ok[i] = 1;
        b->val[i] = m;
    }
    return flags;
}

/* errors reachable from node i (0: b->val[i] is its value) */
static inline unsigned rg_query(rg_brute_t *b, uint32_t i)
{
    b->epoch++;
    return rg_visit(b, i);
}

/* is status one that the error set allows? */
static inline int rg_status_ok(unsigned flags, int status)
{
    if (flags == 0) return status == SG_OK;
    return ((flags & RG_F_RANGE) && status == SG_ERANGE) ||
           ((flags & RG_F_LOOP) && status == SG_ELOOP) ||
           ((flags & RG_F_STOP) && status == SG_ESTOP);
}

#endif /* SG_TEST_RANDGAME_H */
