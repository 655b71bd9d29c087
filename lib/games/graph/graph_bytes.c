#include "graph.h"

size_t sg__graph_len(uint32_t n)
{
    uint64_t pairs = SG__CAST(uint64_t, n) * (n ? n - 1u : 0u) / 2;
    return 2 + SG__CAST(size_t, (pairs + 7) / 8);
}

int sg__graph_alloc(sg__gr_t *g, uint32_t n, sg__mem_t *mem)
{
    size_t w = sg__graph_words(n), words;
    g->n = n;
    g->w = w;
    g->row = NULL;
    if (n == 0) return SG_OK;
    if (w > SIZE_MAX / sizeof(uint64_t) / n) return SG_ENOMEM;
    words = w * n;
    g->row = SG__CAST(uint64_t *, sg__mem_alloc(mem, words * sizeof(uint64_t)));
    if (g->row == NULL) return SG_ENOMEM;
    memset(g->row, 0, words * sizeof(uint64_t));
    return SG_OK;
}

void sg__graph_release(sg__gr_t *g, sg__mem_t *mem)
{
    if (g->row != NULL) sg__mem_free(mem, g->row, g->w * g->n * sizeof(uint64_t));
    g->row = NULL;
}

/* bits [at, at + k) of the bit string p (bit i in byte i/8 at bit i%8), k <= 57 */
SG__INLINE uint64_t graph_bits(const unsigned char *p, uint64_t at, unsigned k)
{
    uint64_t w = 0;
    unsigned i, nbytes = SG__CAST(unsigned, ((at & 7) + k + 7) >> 3);
    const unsigned char *q = p + (at >> 3);
    for (i = 0; i < nbytes; i++) w |= SG__CAST(uint64_t, q[i]) << (8 * i);
    return (w >> (at & 7)) & ((SG__CAST(uint64_t, 1) << k) - 1);
}

int sg__graph_decode(const unsigned char *pos, size_t len, sg__mem_t *mem, sg__gr_t *g)
{
    uint32_t n, j;
    uint64_t pairs, base = 0;
    int status;
    if (pos == NULL || len < 2) return SG_EINVAL;
    n = SG__CAST(uint32_t, pos[0] | (SG__CAST(uint32_t, pos[1]) << 8));
    if (n > SG_GRAPH_MAX_ORDER || len != sg__graph_len(n)) return SG_EINVAL;
    pairs = SG__CAST(uint64_t, n) * (n ? n - 1u : 0u) / 2;
    if ((pairs & 7) != 0 && (pos[len - 1] >> (pairs & 7)) != 0) return SG_EINVAL;
    status = sg__graph_alloc(g, n, mem);
    if (status != SG_OK) return status;
    /* row j's lower part is the run of j bits from j(j-1)/2; its pairs are mirrored */
    for (j = 1; j < n; base += j, j++) {
        uint64_t *rj = g->row + SG__CAST(size_t, j) * g->w;
        uint32_t i0;
        for (i0 = 0; i0 < j; i0 += 56) {
            unsigned k = j - i0 < 56 ? j - i0 : 56;
            uint64_t w = graph_bits(pos + 2, base + i0, k);
            while (w) {
                uint32_t i = i0 + sg__ctz64(w);
                sg__bit_set(rj, i);
                sg__bit_set(g->row + SG__CAST(size_t, i) * g->w, j);
                w &= w - 1;
            }
        }
    }
    return SG_OK;
}

void sg__graph_encode(const sg__gr_t *g, const uint32_t *order, uint32_t k, unsigned char *out)
{
    /* place[v]: v's place in order, or 0xffff (graphs have at most SG_GRAPH_MAX_ORDER
     * vertices, so a place fits 16 bits) */
    uint16_t place[SG_GRAPH_MAX_ORDER];
    size_t len = sg__graph_len(k), x;
    uint32_t j;
    uint64_t base = 0;
    memset(out, 0, len);
    out[0] = SG__CAST(unsigned char, k & 0xffu);
    out[1] = SG__CAST(unsigned char, k >> 8);
    memset(place, 0xff, g->n * sizeof place[0]);
    for (j = 0; j < k; j++) place[order[j]] = SG__CAST(uint16_t, j);
    /* the pair (i, j), i < j, of the new labels is bit j(j-1)/2 + i: each edge once, from
     * its end of the larger place */
    for (j = 1; j < k; base += j, j++) {
        const uint64_t *rj = g->row + SG__CAST(size_t, order[j]) * g->w;
        for (x = 0; x < g->w; x++) {
            uint64_t r = rj[x];
            while (r) {
                uint32_t i = place[x * 64 + sg__ctz64(r)];
                r &= r - 1;
                if (i < j) {
                    uint64_t bit = base + i;
                    out[2 + (bit >> 3)] |= SG__CAST(unsigned char, 1u << (bit & 7));
                }
            }
        }
    }
}

void sg__graph_components(const sg__gr_t *g, const uint64_t *alive, uint64_t *seen,
                          uint32_t *vert, uint32_t *start, uint32_t *count)
{
    size_t w, x;
    uint32_t c = 0, top = 0, done = 0, v;
    if (g->w == 1) {
        /* one word a row: each component grown a layer at a time on bitsets, then listed in
         * increasing order straight from its bits */
        uint64_t left = alive[0], comp, front, next;
        while (left) {
            comp = front = left & (~left + 1);
            while (front) {
                next = 0;
                for (; front; front &= front - 1) next |= g->row[sg__ctz64(front)];
                front = next & left & ~comp;
                comp |= front;
            }
            left &= ~comp;
            start[c++] = top;
            for (; comp; comp &= comp - 1) vert[top++] = sg__ctz64(comp);
        }
        start[c] = top;
        *count = c;
        return;
    }
    for (x = 0; x < g->w; x++) seen[x] = ~alive[x];
    for (w = 0; w < g->w; w++)
        while (~seen[w] != 0) {
            /* a new component from its least vertex; vert[done..top) is its queue */
            v = SG__CAST(uint32_t, w * 64 + sg__ctz64(~seen[w]));
            start[c++] = done;
            sg__bit_set(seen, v);
            vert[top++] = v;
            while (done < top) {
                const uint64_t *r = g->row + SG__CAST(size_t, vert[done++]) * g->w;
                for (x = 0; x < g->w; x++) {
                    uint64_t nb = r[x] & ~seen[x];
                    seen[x] |= nb;
                    while (nb) {
                        vert[top++] = SG__CAST(uint32_t, x * 64 + sg__ctz64(nb));
                        nb &= nb - 1;
                    }
                }
            }
            /* in increasing order: a short insertion sort, components are small */
            {
                uint32_t a, b, s = start[c - 1];
                for (a = s + 1; a < top; a++) {
                    uint32_t t = vert[a];
                    for (b = a; b > s && vert[b - 1] > t; b--) vert[b] = vert[b - 1];
                    vert[b] = t;
                }
            }
        }
    start[c] = top;
    *count = c;
}
