#include "sg_internal.h"

/* Positions are computed in increasing order; as long as every option is smaller than its
 * position (the usual case) that is the whole algorithm, and no scratch memory is allocated.
 * The first option that is not computed yet switches to an iterative depth-first search from
 * that position: two bitsets (gray: entered, not finished; black: finished) are allocated then,
 * and a position is entered (rule called, pending options pushed) and later finished (rule
 * called again, all options now known). A pending option that is gray is an ancestor on the
 * current path, hence a cycle. */

/* Options far away in a big table are cache and TLB misses. The straight loop therefore runs in
 * batches: the rule is called for a few positions in a row with the sink in record mode (options
 * written down, their table entries prefetched), then each position is finished from what was
 * written. A position whose record is not enough (an option not computed yet, out of the table,
 * a stop, no memory) is simply run again the plain way, which reproduces whatever happens there.
 * The batches are pipelined: the next batch is recorded (its prefetches sent) before the one
 * before it is finished, so requests are always in flight instead of draining at the end of each
 * batch. Recording calls only the rule and never reads the table, so it can run ahead of the
 * values. A batch ends after SG__TB_OPTIONS options (or SG__TB_BATCH positions): with two
 * batches in flight that keeps 16 to 32 prefetches outstanding. More is slower, not faster: on
 * a table of 10^8 values each prefetch needs a page walk, and a burst of them stalls (measured:
 * 32 options a batch 15-25% slower, 8 options 30% slower; docs/performance.md).
 * When a batch finds its options near their positions (in cache anyway), the plain loop runs the
 * next SG__TB_DIRECT positions, and batches are tried again after that. */
#define SG__TB_BATCH 16
#define SG__TB_OPTIONS 16
#define SG__TB_NEAR 8192
#define SG__TB_DIRECT 65536
#define SG__TB_BIG 262144      /* smaller tables stay in cache: no batches */

typedef struct {
    sg_value_t *table;
    uint64_t count;
    sg_rule_fn rule;
    void *user;
    uint64_t *gray, *black;
    size_t words;
    /* the recorded window: positions wx .. wx+wn-1 (two batches at most); the options of
     * wx+j are out.rec[starts[j] .. starts[j+1]); cut: the last one recorded needs a redo */
    uint64_t wx;
    size_t wn;
    size_t first;       /* positions of the window's first batch */
    int cut;
    size_t starts[2 * SG__TB_BATCH + 1];
    unsigned char redo[2 * SG__TB_BATCH];
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

/* Finish position y from its recorded options [from, to): 1 when done, 0 when it has to be run
 * the plain way. *far counts options far from y. */
static int sg__tb_replay(sg__tb_t *tb, uint64_t y, size_t from, size_t to, uint64_t *far)
{
    const struct sg__rec *r = tb->out.rec;
    const sg_value_t *table = tb->table;
    sg_moves_t *out = &tb->out;
    size_t i, j, k;
    sg__moves_reset(out, 0);
    for (i = from; i < to; i++) {
        uint64_t p = r[i].x;
        sg_value_t v;
        if (r[i].tag == SG__REC_TO) {
            if (p >= y) return 0;
            *far += y - p > SG__TB_NEAR;
            v = table[p];
        } else if (r[i].tag == SG__REC_SUM) {
            if (p > to - i - 1) return 0;
            k = (size_t)p;
            for (v = 0, j = 1; j <= k; j++) {
                uint64_t q = r[i + j].x;
                if (q >= y) return 0;
                *far += y - q > SG__TB_NEAR;
                v ^= table[q];
            }
            i += k;
        } else {
            v = (sg_value_t)p;
        }
        if (SG__LIKELY(out->nvals < out->vcap)) out->vals[out->nvals++] = v;
        else sg_move_value(out, v);
    }
    if (out->status) return 0;
    tb->table[y] = sg_mex(out->vals, out->nvals);
    return 1;
}

/* One position the plain way (positions below x are done). */
static int sg__tb_one(sg__tb_t *tb, uint64_t x)
{
    int st;
    tb->out.frontier = x;
    if ((st = sg__tb_call(tb, x, 0)) != SG_OK) return st;
    if (SG__LIKELY(tb->out.pending == 0)) {
        tb->table[x] = sg_mex(tb->out.vals, tb->out.nvals);
        return SG_OK;
    }
    return sg__tb_search(tb, x);
}

/* Record up to n positions after the window (n <= SG__TB_BATCH): fewer once SG__TB_OPTIONS
 * options are written, or when one of them needs to be run the plain way (the window then ends
 * there, cut). */
static void sg__tb_record(sg__tb_t *tb, size_t n)
{
    sg_moves_t *out = &tb->out;
    size_t j, first = out->nrec;
    out->record = 1;
    out->frontier = 0;
    for (j = 0; j < n; j++) {
        size_t k = tb->wn++;
        tb->starts[k] = out->nrec;
        sg__moves_reset(out, 0);
        tb->redo[k] = tb->rule(tb->user, tb->wx + k, out) != 0 || out->status != SG_OK;
        if (tb->redo[k]) {
            out->status = SG_OK;
            tb->cut = 1;
            break;
        }
        if (out->nrec - first >= SG__TB_OPTIONS) break;
    }
    tb->starts[tb->wn] = out->nrec;
    out->record = 0;
}

/* Finish the first n positions of the window and drop them (and their records) from it.
 * *far counts their options far from their positions. */
static int sg__tb_finish(sg__tb_t *tb, size_t n, uint64_t *far)
{
    sg_moves_t *out = &tb->out;
    size_t j, done, rest;
    int st;
    for (j = 0; j < n; j++) {
        uint64_t y = tb->wx + j;
        if (tb->black != NULL && sg__bit(tb->black, y)) continue;   /* done by a search */
        if (!tb->redo[j] && tb->black == NULL &&
            sg__tb_replay(tb, y, tb->starts[j], tb->starts[j + 1], far))
            continue;
        out->status = SG_OK;
        if ((st = sg__tb_one(tb, y)) != SG_OK) return st;
    }
    done = tb->starts[n];
    rest = out->nrec - done;
    if (rest > 0) memmove(out->rec, out->rec + done, rest * sizeof(struct sg__rec));
    for (j = n; j <= tb->wn; j++) tb->starts[j - n] = tb->starts[j] - done;
    for (j = n; j < tb->wn; j++) tb->redo[j - n] = tb->redo[j];
    out->nrec = rest;
    tb->wx += n;
    tb->wn -= n;
    if (tb->wn == 0) tb->cut = 0;
    return SG_OK;
}

int sg_table_build(sg_value_t *table, uint64_t count, sg_rule_fn rule, void *user)
{
    sg__mem_t mem;
    sg__tb_t tb;
    uint64_t x, direct;
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

    direct = count < SG__TB_BIG ? count : 0;
    for (x = 0; x < count || tb.wn > 0;) {
        /* x: the first position neither done nor in the recorded window */
        int more = direct == 0 && tb.black == NULL && !tb.cut && count - x >= SG__TB_BATCH;
        if (tb.wn > 0 || more) {
            uint64_t far = 0;
            size_t n, nrec;
            if (tb.wn == 0) tb.wx = x;
            if (more) {
                size_t before = tb.wn;
                sg__tb_record(&tb, SG__TB_BATCH);
                x += tb.wn - before;
                /* the first batch: record the next one before finishing it */
                if (before == 0) {
                    tb.first = tb.wn;
                    if (!tb.cut) continue;
                }
            }
            n = tb.first;
            tb.first = tb.wn - n;
            nrec = tb.starts[n];
            if ((st = sg__tb_finish(&tb, n, &far)) != SG_OK) break;
            /* options mostly near their positions: batches do not pay there */
            if (far * 4 < nrec) direct = SG__TB_DIRECT;
            continue;
        }
        if (direct > 0) direct--;
        if (tb.black != NULL && sg__bit(tb.black, x)) {
            x++;
            continue;
        }
        tb.out.frontier = x;
        if ((st = sg__tb_call(&tb, x, 0)) != SG_OK) break;
        if (SG__LIKELY(tb.out.pending == 0)) {
            table[x++] = sg_mex(tb.out.vals, tb.out.nvals);
            continue;
        }
        if ((st = sg__tb_search(&tb, x)) != SG_OK) break;
        x++;
    }
    sg__mem_free(&mem, tb.gray, 2 * tb.words * sizeof(uint64_t));
    sg__moves_release(&tb.out);
    return st;
}
