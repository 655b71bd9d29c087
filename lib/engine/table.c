#include "../common/sg_internal.h"

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

/* One recorded batch: positions x .. x+n-1, the options of x+j in rec[starts[j] .. starts[j+1]).
 * cut: the last one needs to be run the plain way (the batch ended there). Each batch keeps its
 * own record buffer (lent to the sink while it records), so nothing is moved between batches. */
typedef struct {
    struct sg__rec *rec;
    size_t rcap;
    uint64_t x;
    size_t n;
    int cut;
    size_t starts[SG__TB_BATCH + 1];
    unsigned char redo[SG__TB_BATCH];
} sg__tb_batch_t;

typedef struct {
    sg_value_t *table;
    uint64_t count;
    sg_rule_fn rule;
    void *user;
    uint64_t *gray, *black;
    size_t words;
    sg__tb_batch_t batch[2];   /* recorded, not finished: nb of them, the oldest at head */
    int head, nb;
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
    tb->words = SG__CAST(size_t, words);
    tb->gray = SG__CAST(uint64_t *, sg__mem_alloc(tb->out.mem, 2 * tb->words * sizeof(uint64_t)));
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

#ifndef SG_NO_BATCHES   /* SG_NO_BATCHES (the contest header): the plain loop only */
/* Finish position y from its recorded options [from, to): 1 when done, 0 when it has to be run
 * the plain way. *far counts options far from y. */
static int sg__tb_replay(sg__tb_t *tb, const struct sg__rec *r, uint64_t y, size_t from,
                         size_t to, uint64_t *far)
{
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
            k = SG__CAST(size_t, p);
            for (v = 0, j = 1; j <= k; j++) {
                uint64_t q = r[i + j].x;
                if (q >= y) return 0;
                *far += y - q > SG__TB_NEAR;
                v ^= table[q];
            }
            i += k;
        } else {
            v = SG__CAST(sg_value_t, p);
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

/* Record positions x .. x+n-1 (n <= SG__TB_BATCH) into b: fewer once SG__TB_OPTIONS options are
 * written, or when one of them needs to be run the plain way (b is then cut there). */
static void sg__tb_record(sg__tb_t *tb, sg__tb_batch_t *b, uint64_t x, size_t n)
{
    sg_moves_t *out = &tb->out;
    size_t j;
    out->rec = b->rec;
    out->rcap = b->rcap;
    out->nrec = 0;
    out->record = 1;
    out->frontier = 0;
    b->x = x;
    b->cut = 0;
    for (j = 0; j < n;) {
        b->starts[j] = out->nrec;
        sg__moves_reset(out, 0);
        b->redo[j] = tb->rule(tb->user, x + j, out) != 0 || out->status != SG_OK;
        if (b->redo[j++]) {
            out->status = SG_OK;
            b->cut = 1;
            break;
        }
        if (out->nrec >= SG__TB_OPTIONS) break;
    }
    b->n = j;
    b->starts[j] = out->nrec;
    b->rec = out->rec;
    b->rcap = out->rcap;
    out->rec = NULL;
    out->rcap = out->nrec = 0;
    out->record = 0;
}

/* Finish the positions of b. *far counts their options far from their positions. */
static int sg__tb_finish(sg__tb_t *tb, const sg__tb_batch_t *b, uint64_t *far)
{
    size_t j;
    int st;
    for (j = 0; j < b->n; j++) {
        uint64_t y = b->x + j;
        if (tb->black != NULL && sg__bit(tb->black, y)) continue;   /* done by a search */
        if (!b->redo[j] && tb->black == NULL &&
            sg__tb_replay(tb, b->rec, y, b->starts[j], b->starts[j + 1], far))
            continue;
        tb->out.status = SG_OK;
        if ((st = sg__tb_one(tb, y)) != SG_OK) return st;
    }
    return SG_OK;
}
#endif

int sg_table_build(sg_value_t *table, uint64_t count, sg_rule_fn rule, void *user)
{
    sg__mem_t mem;
    sg__tb_t tb;
    uint64_t x, direct;
    int i, st = SG_OK;

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
    for (x = 0; x < count || tb.nb > 0;) {
#ifndef SG_NO_BATCHES
        /* x: the first position neither done nor recorded */
        if (tb.nb < 2 && direct == 0 && tb.black == NULL && count - x >= SG__TB_BATCH &&
            (tb.nb == 0 || !tb.batch[tb.head].cut)) {
            sg__tb_batch_t *b = &tb.batch[(tb.head + tb.nb) & 1];
            sg__tb_record(&tb, b, x, SG__TB_BATCH);
            x += b->n;
            /* the first batch: record the next one before finishing it */
            if (tb.nb++ == 0 && !b->cut) continue;
        }
        if (tb.nb > 0) {
            const sg__tb_batch_t *b = &tb.batch[tb.head];
            uint64_t far = 0;
            if ((st = sg__tb_finish(&tb, b, &far)) != SG_OK) break;
            /* options mostly near their positions: batches do not pay there */
            if (far * 4 < b->starts[b->n]) direct = SG__TB_DIRECT;
            tb.head ^= 1;
            tb.nb--;
            continue;
        }
#endif
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
    for (i = 0; i < 2; i++)
        sg__mem_free(&mem, tb.batch[i].rec, tb.batch[i].rcap * sizeof(struct sg__rec));
    sg__mem_free(&mem, tb.gray, 2 * tb.words * sizeof(uint64_t));
    sg__moves_release(&tb.out);
    return st;
}
