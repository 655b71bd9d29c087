#include "../../common/sg_internal.h"
#include "quotient.h"

/* Outcomes and winning moves from a quotient: a sum's element is the product of its heaps'
 * elements, and it is a P-position exactly when that element is in P. Heaps beyond the bound
 * need the proven period; a split of a heap beyond it is one of a few kinds, told apart by the
 * parts' residues (the parts' elements repeat with the period once both pass the bound). */

static int sg__qt_elem(const sg_misere_quotient_t *q, uint64_t h, uint32_t *e)
{
    return sg_misere_quotient_element(q, h, e);
}

int sg_misere_quotient_outcome(const sg_misere_quotient_t *q, const uint64_t *heaps,
                               size_t count, int *win)
{
    uint32_t s = 0, e;
    size_t i;
    int st;
    if (q == NULL || win == NULL || (heaps == NULL && count != 0) || q->n == 0) return SG_EINVAL;
    for (i = 0; i < count; i++) {
        if ((st = sg__qt_elem(q, heaps[i], &e)) != SG_OK) return st;
        s = q->mul[(size_t)s * q->sn + e];
    }
    *win = !q->isp[s];
    return SG_OK;
}

/* Is rest * elem(parts) in P? */
static int sg__qt_hit(const sg_misere_quotient_t *q, uint32_t rest, const uint64_t *parts,
                      unsigned k, int *hit)
{
    uint32_t s = rest, e;
    unsigned i;
    int st;
    for (i = 0; i < k; i++) {
        if ((st = sg__qt_elem(q, parts[i], &e)) != SG_OK) return st;
        s = q->mul[(size_t)s * q->sn + e];
    }
    *hit = q->isp[s];
    return SG_OK;
}

/* A move on heap h that leaves rest * (its parts) in P: 1 with the move, 0 none. */
static int sg__qt_heap_move(const sg_misere_quotient_t *q, uint64_t h, uint32_t rest,
                            sg_misere_quotient_move_t *mv)
{
    const sg_octal_t *g = &q->game;
    uint64_t r, x, y, lim, parts[3];
    int st, hit;
    uint64_t span = q->n + (q->proven ? q->period.period : 0);
    for (r = 0; r <= g->t && r <= h; r++) {
        unsigned d = g->d[r];
        if (r == 0) d &= 4;
        mv->take = r;
        if ((d & 1) && h == r) {
            if ((st = sg__qt_hit(q, rest, parts, 0, &hit)) != SG_OK) return st;
            if (hit) {
                mv->nparts = 0;
                return 1;
            }
        }
        if ((d & 2) && h > r) {
            parts[0] = h - r;
            if ((st = sg__qt_hit(q, rest, parts, 1, &hit)) != SG_OK) return st;
            if (hit) {
                mv->nparts = 1;
                mv->parts[0] = h - r;
                return 1;
            }
        }
        /* splits: the smaller part x up to the bound and one period past it covers every
         * kind (beyond it both parts pass the bound and their residues repeat) */
        if ((d & 4) && h >= r + 2) {
            lim = (h - r) / 2;
            if (lim > span) lim = span;
            for (x = 1; x <= lim; x++) {
                parts[0] = x;
                parts[1] = h - r - x;
                if ((st = sg__qt_hit(q, rest, parts, 2, &hit)) != SG_OK) return st;
                if (hit) {
                    mv->nparts = 2;
                    mv->parts[0] = x;
                    mv->parts[1] = h - r - x;
                    return 1;
                }
            }
        }
        if ((d & 8) && h >= r + 3) {
            if (h - r > 3 * span) return SG_ERANGE;   /* three parts of a huge heap: not here */
            for (x = 1; 3 * x <= h - r; x++)
                for (y = x; x + 2 * y <= h - r; y++) {
                    parts[0] = x;
                    parts[1] = y;
                    parts[2] = h - r - x - y;
                    if ((st = sg__qt_hit(q, rest, parts, 3, &hit)) != SG_OK) return st;
                    if (hit) {
                        mv->nparts = 3;
                        memcpy(mv->parts, parts, sizeof parts);
                        return 1;
                    }
                }
        }
    }
    return 0;
}

int sg_misere_quotient_winning_move(const sg_misere_quotient_t *q, const uint64_t *heaps,
                                    size_t count, sg_misere_quotient_move_t *move)
{
    uint32_t *suf, pre = 0, e;
    size_t i, bytes;
    sg__mem_t mem;
    int st = SG_OK, win;
    if (q == NULL || move == NULL || (heaps == NULL && count != 0) || q->n == 0) return SG_EINVAL;
    memset(move, 0, sizeof *move);
    if ((st = sg_misere_quotient_outcome(q, heaps, count, &win)) != SG_OK) return st;
    if (!win) return 0;
    move->heap = count;   /* no heap with a move: already won, no move to make */
    if (count == 0) return 1;
    if (count > SIZE_MAX / sizeof(uint32_t) - 1) return SG_ENOMEM;
    bytes = (count + 1) * sizeof(uint32_t);
    mem = q->mem;   /* scratch only: the object is not changed */
    mem.used = 0;
    suf = (uint32_t *)sg__mem_alloc(&mem, bytes);
    if (suf == NULL) return SG_ENOMEM;
    suf[count] = 0;
    for (i = count; i-- > 0;) {
        if ((st = sg__qt_elem(q, heaps[i], &e)) != SG_OK) break;
        suf[i] = q->mul[(size_t)e * q->sn + suf[i + 1]];
    }
    for (i = 0; i < count && st == SG_OK; i++) {
        uint32_t rest = q->mul[(size_t)pre * q->sn + suf[i + 1]];
        st = sg__qt_heap_move(q, heaps[i], rest, move);
        if (st == 1) {
            move->heap = i;
            break;
        }
        if (st < 0) break;
        st = SG_OK;
        if ((st = sg__qt_elem(q, heaps[i], &e)) != SG_OK) break;
        pre = q->mul[(size_t)pre * q->sn + e];
    }
    sg__mem_free(&mem, suf, bytes);
    if (st == SG_OK) {
        /* an N-position with a move has one to P; without a move it is already won */
        for (i = 0; i < count && !sg__mo_live(&q->game, heaps[i]); i++) {}
        st = i == count ? 1 : SG_EINVAL;
        move->heap = count;
    }
    return st;
}
