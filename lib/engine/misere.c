#include "../common/sg_internal.h"
#include "misere.h"

/* Misere outcomes of positions 0..count-1 of a game given by a rule. A position is a win for the
 * player to move (N) when it has no option, or when some option is a loss (P); it is P when it
 * has options and every one is N. In misere play a sum is not determined by the values of its
 * parts, so the rule's options are read in the sink's record mode (written down, never looked
 * up) and only single positions are accepted: sg_move_to, sg_move_to_sum of 0 parts (the empty
 * game, which is N) or of 1 part. A sum of 2 or more parts, or sg_move_value, is SG_EINVAL.
 * The search is the table engine's: an explicit stack, gray (entered) and black (finished) bits,
 * a pending option that is gray is a cycle. */

typedef struct {
    unsigned char *win;
    uint64_t count;
    sg_rule_fn rule;
    void *user;
    uint64_t *gray, *black;
    size_t words;
    uint64_t *stack;
    size_t depth, scap;
    sg__mem_t mem;
    sg_moves_t out;
} sg__mis_t;

static int sg__mis_push(sg__mis_t *m, uint64_t x)
{
    return sg__misere_push(&m->mem, &m->stack, &m->scap, &m->depth, x);
}

/* Enter (second == 0: push what is pending) or finish (second == 1: every option is known) the
 * position on top of the stack. */
static int sg__mis_visit(sg__mis_t *m, uint64_t v, int second, int *pushed)
{
    sg_moves_t *out = &m->out;
    size_t i = 0;
    int st, win = 0, any = 0, empty;
    *pushed = 0;
    if ((st = sg__misere_call(out, m->rule, m->user, v)) != SG_OK) return st;
    while (i < out->nrec) {
        uint64_t y = 0;
        if ((st = sg__misere_option(out, &i, &y, &empty)) != SG_OK) return st;
        any = 1;
        if (empty) continue;   /* the empty game: N, no help to the mover */
        if (y >= m->count) return SG_ERANGE;
        if (sg__bit(m->black, y)) {
            if (!m->win[y]) win = 1;
            continue;
        }
        if (second) return SG_EINVAL;    /* the rule did not repeat its options */
        if (sg__bit(m->gray, y)) return SG_ELOOP;
        if ((st = sg__mis_push(m, y)) != SG_OK) return st;
        *pushed = 1;
    }
    if (*pushed) return SG_OK;
    m->win[v] = (unsigned char)(win || !any);
    sg__bit_clear(m->gray, v);
    sg__bit_set(m->black, v);
    return SG_OK;
}

int sg_misere_table(unsigned char *win, uint64_t count, sg_rule_fn rule, void *user)
{
    sg__mis_t m;
    uint64_t x, words;
    int st = SG_OK;

    if (rule == NULL || (win == NULL && count != 0)) return SG_EINVAL;
    if (count == 0) return SG_OK;
    memset(&m, 0, offsetof(sg__mis_t, out));
    sg__mem_init(&m.mem, NULL, 0);
    sg__moves_init(&m.out, SG__SINK_TABLE, &m.mem);
    m.win = win;
    m.count = count;
    m.rule = rule;
    m.user = user;
    words = count / 64 + 1;
    if (words > SIZE_MAX / 2 / sizeof(uint64_t)) return SG_ENOMEM;
    m.words = (size_t)words;
    m.gray = (uint64_t *)sg__mem_alloc(&m.mem, 2 * m.words * sizeof(uint64_t));
    if (m.gray == NULL) return SG_ENOMEM;
    memset(m.gray, 0, 2 * m.words * sizeof(uint64_t));
    m.black = m.gray + m.words;

    for (x = 0; x < count && st == SG_OK; x++) {
        if (sg__bit(m.black, x)) continue;
        m.depth = 0;
        if ((st = sg__mis_push(&m, x)) != SG_OK) break;
        while (m.depth > 0) {
            uint64_t v = m.stack[m.depth - 1];
            int pushed, second;
            if (sg__bit(m.black, v)) {
                m.depth--;
                continue;
            }
            second = sg__bit(m.gray, v);
            sg__bit_set(m.gray, v);
            if ((st = sg__mis_visit(&m, v, second, &pushed)) != SG_OK) break;
            if (!pushed) m.depth--;
        }
    }
    sg__mem_free(&m.mem, m.stack, m.scap * sizeof(uint64_t));
    sg__mem_free(&m.mem, m.gray, 2 * m.words * sizeof(uint64_t));
    sg__moves_release(&m.out);
    return st;
}

int sg_misere_winning_move(const unsigned char *win, uint64_t count, sg_rule_fn rule, void *user,
                           uint64_t position, size_t *option)
{
    sg__mis_t m;
    size_t i = 0, index = 0;
    int st, found = 0, empty;

    if (win == NULL || rule == NULL || option == NULL) return SG_EINVAL;
    if (position >= count) return SG_ERANGE;
    memset(&m, 0, offsetof(sg__mis_t, out));
    sg__mem_init(&m.mem, NULL, 0);
    sg__moves_init(&m.out, SG__SINK_TABLE, &m.mem);
    m.rule = rule;
    m.user = user;
    st = sg__misere_call(&m.out, rule, user, position);
    while (st == SG_OK && i < m.out.nrec) {
        uint64_t y = 0;
        if ((st = sg__misere_option(&m.out, &i, &y, &empty)) != SG_OK) break;
        if (!empty && y >= count) st = SG_ERANGE;
        else if (!empty && !win[y]) {
            *option = index;
            found = 1;
            break;
        }
        index++;
    }
    sg__moves_release(&m.out);
    if (st != SG_OK) return st;
    /* the table must agree with the options: N has a P option or none at all, P has options */
    if (found) return win[position] ? 1 : SG_EINVAL;
    if (index == 0) {
        if (!win[position]) return SG_EINVAL;
        *option = SIZE_MAX;    /* no move: the player to move has already won */
        return 1;
    }
    return win[position] ? SG_EINVAL : 0;
}
