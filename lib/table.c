#include "sg_internal.h"

/* Positions are computed in increasing order; as long as every option is smaller than its
 * position (the usual case) that is the whole algorithm, and no scratch memory is allocated.
 * The first option that is not computed yet switches to an iterative depth-first search from
 * that position: two bitsets (gray: entered, not finished; black: finished) are allocated then,
 * and a position is entered (rule called, pending options pushed) and later finished (rule
 * called again, all options now known). A pending option that is gray is an ancestor on the
 * current path, hence a cycle. */

typedef struct {
    sg_value_t *table;
    uint64_t count;
    sg_rule_fn rule;
    void *user;
    uint64_t *gray, *black;
    size_t words;
    sg_moves_t out;
} sg__tb_t;

static int sg__tb_call(sg__tb_t *tb, uint64_t position, int enter)
{
    sg__moves_reset(&tb->out, enter);
    if (tb->rule(tb->user, position, &tb->out)) return tb->out.status ? tb->out.status : SG_ESTOP;
    return tb->out.status;
}

static int sg__tb_alloc_bits(sg__tb_t *tb)
{
    uint64_t words = tb->count / 64 + 1;
    if (words > SIZE_MAX / 2 / sizeof(uint64_t)) return SG_ENOMEM;
    tb->words = (size_t)words;
    tb->gray = (uint64_t *)sg__mem_alloc(tb->out.mem, 2 * tb->words * sizeof(uint64_t));
    if (tb->gray == NULL) return SG_ENOMEM;
    memset(tb->gray, 0, 2 * tb->words * sizeof(uint64_t));
    tb->black = tb->gray + tb->words;
    tb->out.gray = tb->gray;
    tb->out.black = tb->black;
    return SG_OK;
}

/* Resolve `start` and everything it depends on. Positions below out.frontier are done. */
static int sg__tb_search(sg__tb_t *tb, uint64_t start)
{
    sg_moves_t *out = &tb->out;
    int st;
    if (tb->gray == NULL && (st = sg__tb_alloc_bits(tb)) != SG_OK) return st;
    out->depth = 0;
    if (sg__moves_push(out, start)) return SG_ENOMEM;
    while (out->depth > 0) {
        uint64_t v = out->stack[out->depth - 1];
        if (v < out->frontier || sg__bit(tb->black, v)) {
            out->depth--;
            continue;
        }
        if (!sg__bit(tb->gray, v)) {
            size_t below = out->depth;
            sg__bit_set(tb->gray, v);
            if ((st = sg__tb_call(tb, v, 1)) != SG_OK) return st;
            if (out->depth > below) continue;    /* options pushed: resolve them first */
        } else {
            if ((st = sg__tb_call(tb, v, 0)) != SG_OK) return st;
            if (out->pending) return SG_EINVAL;  /* the rule did not repeat its options */
        }
        tb->table[v] = sg_mex(out->vals, out->nvals);
        sg__bit_clear(tb->gray, v);
        sg__bit_set(tb->black, v);
        out->depth--;
    }
    return SG_OK;
}

int sg_table_build(sg_value_t *table, uint64_t count, sg_rule_fn rule, void *user)
{
    sg__mem_t mem;
    sg__tb_t tb;
    uint64_t x;
    int st = SG_OK;

    if (rule == NULL || (table == NULL && count != 0)) return SG_EINVAL;
    sg__mem_init(&mem, NULL, 0);
    memset(&tb, 0, offsetof(sg__tb_t, out));
    tb.table = table;
    tb.count = count;
    tb.rule = rule;
    tb.user = user;
    sg__moves_init(&tb.out, SG__SINK_TABLE, &mem);
    tb.out.table = table;
    tb.out.count = count;

    for (x = 0; x < count; x++) {
        if (tb.black != NULL && sg__bit(tb.black, x)) continue;
        tb.out.frontier = x;
        if ((st = sg__tb_call(&tb, x, 0)) != SG_OK) break;
        if (SG__LIKELY(tb.out.pending == 0)) {
            table[x] = sg_mex(tb.out.vals, tb.out.nvals);
            continue;
        }
        if ((st = sg__tb_search(&tb, x)) != SG_OK) break;
    }
    sg__mem_free(&mem, tb.gray, 2 * tb.words * sizeof(uint64_t));
    sg__moves_release(&tb.out);
    return st;
}
