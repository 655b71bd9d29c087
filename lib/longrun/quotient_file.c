#include "../common/sg_internal.h"
#include "../games/misere/quotient.h"
#include "checkpoint_io.h"

#include <stdio.h>
#include <stdlib.h>

/* Files of a misere quotient's computation (sg_misere_quotient_save, _load), in the machine's
 * byte order, written and checked as the checkpoints of sequences are (checkpoint_io.h):
 *
 *   offset  0  "libsgMQT"
 *           8  u32 byte-order mark 0x01020304
 *          12  u32 format version 1
 *          16  u32 L: length of the game's canonical code (sg_octal_format), no NUL
 *          20  u32 0
 *          24  u64 n: heaps 1..n are in
 *          32  u64 S: states; 40 u64 G: columns (the heaps of 1..n with a move, in order);
 *          48  u64 T: test sums; 56 u64 H: heaps of the test sums, in all
 *          64  the code (L bytes); per state its parent (S u32) and the heap it adds (S u32);
 *              the transitions (S x G u32, state by state); P or not (S bytes); each test
 *              sum's length (T u32); their heaps, one after another (H u32)
 *    end - 8   u64 checksum of every byte before it
 *
 * That is the learner's state after a heap's step (quotient_learn.c) but its tables of
 * outcomes, which are read off the candidate again: once proven, the product of two states is
 * the true outcome of the sum of their access sums. Loading trusts nothing a forger could make
 * consistent with the checksum: the header's sizes must add up to the file's length, then the
 * code names the game (SG_EGAME), every number is in range, each state is reached from its
 * parent by its heap, the tests tell every two states apart, and the candidate passes the same
 * proof as a computed one (quotient_verify.c), so a file that loads gives the quotient of heaps
 * 1..n, whatever it was made by. The exact outcomes are not saved: they are searched again
 * when the computation goes on. */

#define SG__QF_MAGIC "libsgMQT"
#define SG__QF_BOM 0x01020304u
#define SG__QF_VERSION 1u
#define SG__QF_HEAD 64
#define SG__QF_TAIL 8
#define SG__QF_CODE (SG_OCTAL_MAX_DIGITS + 3)

/* ---- saving ------------------------------------------------------------------------------ */

static int sg__qf_u32s(sg__ck_out_t *o, sg__ck_hash_t *h, const uint32_t *a, size_t n,
                       size_t stride, size_t len)
{
    unsigned char buf[256];
    size_t i, k, m = 0;
    int st;
    for (i = 0; i < n; i++)
        for (k = 0; k < len; k++) {
            sg__ck_put32(buf + m, a[i * stride + k]);
            if ((m += 4) == sizeof buf) {
                if ((st = sg__ck_put(o, h, buf, m)) != SG_OK) return st;
                m = 0;
            }
        }
    return m ? sg__ck_put(o, h, buf, m) : SG_OK;
}

static int sg__qf_write(const sg_misere_quotient_t *q, const char *code, sg__ck_out_t *o)
{
    unsigned char head[SG__QF_HEAD], tail[SG__QF_TAIL];
    sg__ck_hash_t h;
    size_t w;
    int st;
    memset(head, 0, sizeof head);
    memcpy(head, SG__QF_MAGIC, 8);
    sg__ck_put32(head + 8, SG__QF_BOM);
    sg__ck_put32(head + 12, SG__QF_VERSION);
    sg__ck_put32(head + 16, (uint32_t)strlen(code));
    sg__ck_put64(head + 24, q->n);
    sg__ck_put64(head + 32, q->nq);
    sg__ck_put64(head + 40, q->ngen);
    sg__ck_put64(head + 48, q->nt);
    sg__ck_put64(head + 56, q->tpn);
    sg__ck_hash_init(&h);
    if ((st = sg__ck_put(o, &h, head, sizeof head)) != SG_OK ||
        (st = sg__ck_put(o, &h, code, strlen(code))) != SG_OK ||
        (st = sg__qf_u32s(o, &h, q->par, q->nq, 1, 1)) != SG_OK ||
        (st = sg__qf_u32s(o, &h, q->via, q->nq, 1, 1)) != SG_OK ||
        (st = sg__qf_u32s(o, &h, q->delta, q->nq, q->gc, q->ngen)) != SG_OK ||
        (st = sg__ck_put(o, &h, q->isp, q->nq)) != SG_OK)
        return st;
    for (w = 0; w < q->nt; w++)
        if ((st = sg__qf_u32s(o, &h, &q->tests[w].len, 1, 1, 1)) != SG_OK) return st;
    if ((st = sg__qf_u32s(o, &h, q->tpool, q->tpn, 1, 1)) != SG_OK) return st;
    sg__ck_put64(tail, sg__ck_hash_end(&h));
    return sg__ck_write(o, tail, sizeof tail);
}

int sg_misere_quotient_save(const sg_misere_quotient_t *q, const char *path)
{
    char code[SG__QF_CODE];
    sg__ck_out_t o;
    int st;
    if (q == NULL || path == NULL || q->n == 0) return SG_EINVAL;
    if (q->failed) return q->failed;   /* its learner stopped half-way through a heap */
    if ((st = sg_octal_format(&q->game, code, sizeof code)) != SG_OK) return st;
    o.tmp = NULL;
    st = sg__ck_open(&o, path);
    if (st == SG_OK) st = sg__qf_write(q, code, &o);
    if (st == SG_OK) st = sg__ck_finish(&o, path);
    if (st != SG_OK) sg__ck_abandon(&o);
    free(o.tmp);
    return st;
}

/* ---- loading ----------------------------------------------------------------------------- */

typedef struct {
    uint64_t n, nq, ng, nt, tpn, L;
} sg__qf_head_t;

/* The whole file f into *b (size bytes, from q's memory), checked: its header, its length,
 * its checksum. */
static int sg__qf_read(sg_misere_quotient_t *q, FILE *f, unsigned char **b, size_t *size,
                       sg__qf_head_t *hd)
{
    unsigned char head[SG__QF_HEAD];
    uint64_t length = sg__ck_length(f), need;
    sg__ck_hash_t h;
    if (length == UINT64_MAX) return SG_EIO;
    if (fread(head, 1, sizeof head, f) != sizeof head || memcmp(head, SG__QF_MAGIC, 8) != 0 ||
        sg__ck_get32(head + 8) != SG__QF_BOM || sg__ck_get32(head + 12) != SG__QF_VERSION ||
        sg__ck_get32(head + 20) != 0)
        return SG_EFORMAT;
    hd->L = sg__ck_get32(head + 16);
    hd->n = sg__ck_get64(head + 24);
    hd->nq = sg__ck_get64(head + 32);
    hd->ng = sg__ck_get64(head + 40);
    hd->nt = sg__ck_get64(head + 48);
    hd->tpn = sg__ck_get64(head + 56);
    /* each size below the file's length first, so that the sum cannot overflow */
    if (hd->L >= SG__QF_CODE || hd->n == 0 || hd->n > 0x7FFFFFF0u || hd->ng > hd->n ||
        hd->nq == 0 || hd->nq > length / 9 || hd->nt == 0 || hd->nt > length / 4 ||
        hd->tpn > length / 4 || (hd->ng != 0 && hd->nq > length / 4 / hd->ng))
        return SG_EFORMAT;
    need = SG__QF_HEAD + hd->L + 9 * hd->nq + 4 * hd->nq * hd->ng + 4 * hd->nt + 4 * hd->tpn +
           SG__QF_TAIL;
    if (need != length) return SG_EFORMAT;
    if (length > SIZE_MAX) return SG_ENOMEM;
    *size = (size_t)length;
    if ((*b = (unsigned char *)sg__mem_alloc(&q->mem, *size)) == NULL) return SG_ENOMEM;
    memcpy(*b, head, sizeof head);
    if (fread(*b + SG__QF_HEAD, 1, *size - SG__QF_HEAD, f) != *size - SG__QF_HEAD ||
        fgetc(f) != EOF)
        return SG_EFORMAT;
    sg__ck_hash_init(&h);
    sg__ck_hash(&h, *b, *size - SG__QF_TAIL);
    return sg__ck_get64(*b + *size - SG__QF_TAIL) == sg__ck_hash_end(&h) ? SG_OK : SG_EFORMAT;
}

/* The file's candidate into q (fresh): every number checked, then the rows, then the proof. */
static int sg__qf_adopt(sg_misere_quotient_t *q, const unsigned char *b, const sg__qf_head_t *hd)
{
    const unsigned char *par = b + SG__QF_HEAD + hd->L, *via = par + 4 * hd->nq;
    const unsigned char *delta = via + 4 * hd->nq, *isp = delta + 4 * hd->nq * hd->ng;
    const unsigned char *lens = isp + hd->nq, *pool = lens + 4 * hd->nt;
    uint32_t h, n = (uint32_t)hd->n;
    size_t s, j, w, off = 0;
    int st;
    if (hd->nq > q->max_order) return SG_ERANGE;
    /* past its last digit and three more (T), a code's heaps are all live or all dead: when
     * live, heaps T..n are generators, so a bound n beyond them is refused before room is
     * made for n heaps (a forged n of 2^30 asked for 8 GiB) */
    if (n >= (uint64_t)q->game.t + 4 && sg__mo_live(&q->game, n) &&
        n - ((uint64_t)q->game.t + 4) + 1 > hd->ng)
        return SG_EFORMAT;
    if ((st = sg__qt_heap_room(q, n)) != SG_OK) return st;
    for (h = 1; h <= n; h++) {
        q->gidx[h] = SG__QT_NONE;
        if (!sg__mo_live(&q->game, h)) continue;
        if (q->ngen == hd->ng) return SG_EFORMAT;
        q->gidx[h] = (uint32_t)q->ngen;
        if ((st = sg__qt_add_heap(q, h)) != SG_OK) return st;
    }
    if (q->ngen != hd->ng || q->ngen == 0) return SG_EFORMAT;
    if ((st = sg__qt_adopt(q, (size_t)hd->nq, (size_t)hd->nt, (size_t)hd->tpn)) != SG_OK)
        return st;
    for (s = 0; s < q->nq; s++) {
        q->par[s] = sg__ck_get32(par + 4 * s);
        q->via[s] = sg__ck_get32(via + 4 * s);
        q->isp[s] = isp[s];
        if (isp[s] > 1) return SG_EFORMAT;
        for (j = 0; j < q->ngen; j++) {
            uint32_t t = sg__ck_get32(delta + 4 * (s * q->ngen + j));
            if (t >= q->nq) return SG_EFORMAT;
            q->delta[s * q->gc + j] = t;
        }
    }
    /* state 0 is the empty sum (a win for the player to move); each other state is its
     * parent's (an earlier state) plus one heap */
    if (q->par[0] != 0 || q->via[0] != 0 || q->isp[0] != 0) return SG_EFORMAT;
    for (s = 1; s < q->nq; s++) {
        uint32_t v = q->via[s];
        if (q->par[s] >= s || v == 0 || v > n || q->gidx[v] == SG__QT_NONE ||
            q->delta[(size_t)q->par[s] * q->gc + q->gidx[v]] != s)
            return SG_EFORMAT;
    }
    for (w = 0; w < q->nt; w++) {
        uint32_t len = sg__ck_get32(lens + 4 * w);
        if (len > hd->tpn - off || (w == 0) != (len == 0)) return SG_EFORMAT;
        q->tests[w].off = off;
        q->tests[w].len = len;
        off += len;
    }
    if (off != hd->tpn) return SG_EFORMAT;
    for (w = 0; w < off; w++) {
        uint32_t v = sg__ck_get32(pool + 4 * w);
        if (v == 0 || v > n || q->gidx[v] == SG__QT_NONE) return SG_EFORMAT;
        q->tpool[w] = v;
    }
    if ((st = sg__qt_rebuild(q)) != SG_OK) return st;
    /* 1: a counterexample; any other failure too is one a computed candidate passed */
    if ((st = sg__qt_verify(q)) != SG_OK) return st == SG_ENOMEM ? st : SG_EFORMAT;
    return sg__qt_settle(q, n);
}

int sg_misere_quotient_load(sg_misere_quotient_t *q, const char *path)
{
    char code[SG__QF_CODE];
    unsigned char *b = NULL;
    size_t size = 0;
    sg__qf_head_t hd;
    sg_misere_quotient_t fresh;
    FILE *f;
    int st;
    if (q == NULL || path == NULL || q->n != 0 || q->nq != 0 || q->failed) return SG_EINVAL;
    if ((st = sg_octal_format(&q->game, code, sizeof code)) != SG_OK) return st;
    if ((f = fopen(path, "rb")) == NULL) return SG_EIO;
    st = sg__qf_read(q, f, &b, &size, &hd);
    if (st == SG_EFORMAT && ferror(f)) st = SG_EIO;   /* not what the file says: it was unread */
    fclose(f);
    if (st == SG_OK && (hd.L != strlen(code) || memcmp(b + SG__QF_HEAD, code, hd.L) != 0))
        st = SG_EGAME;
    fresh = *q;
    if (st == SG_OK) st = sg__qf_adopt(q, b, &hd);
    sg__mem_free(&q->mem, b, size);
    if (st != SG_OK) {
        /* back to the fresh object: what the file made is freed (the exact outcomes stay) */
        sg__mem_t mem;
        sg__qt_release(q);
        mem = q->mem;
        *q = fresh;
        q->mem = mem;
    }
    return st;
}
