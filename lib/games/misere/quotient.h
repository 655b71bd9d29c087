/* Misere quotients of take-and-break games (Plambeck, INTEGERS 5 (2005) G05; Plambeck and
 * Siegel, JCTA 115 (2008), arXiv math/0609825). Private to lib/: never installed.
 *
 * quotient_learn.c  the candidate: states told apart by exact outcomes against a set of test
 *                   sums, a transition per heap, grown by counterexamples
 * quotient_verify.c the proof that a candidate is the quotient (commuting heaps, and the outcome
 *                   rule checked on every reachable signature of a sum)
 * quotient_truth.c  a heap's moves; the exact outcomes the learner and the proof ask for
 * quotient_shape.c  presentation, P-portion, kernel, tameness
 * quotient.c        the public object: heap by heap, the period proof
 * ../../longrun/quotient_file.c  save and load of a computation's state
 * quotient_query.c  outcomes and winning moves of sums of any heaps */
#ifndef SG_GAMES_MISERE_QUOTIENT_H
#define SG_GAMES_MISERE_QUOTIENT_H

#include "../../common/sg_internal.h"
#include "../../common/id_index.h"
#include "../octal/take_break.h"
#include "heap_moves.h"

#define SG__QT_NONE 0xFFFFFFFFu

typedef struct {
    size_t off;
    uint32_t len;
} sg__qt_test_t;

/* a node of the outcome search (quotient_truth.c): key tkey[off .. off + len), its outcome */
typedef struct {
    size_t off;
    uint32_t len, val;
} sg__qt_tnode_t;

typedef struct {
    uint32_t node;
    size_t kid, base;     /* the next child to try, the first (in tkid) */
} sg__qt_frame_t;

struct sg_misere_quotient {
    sg_octal_t game;
    sg__mem_t mem;
    sg_misere_octal_t *exact;     /* the exact outcomes the candidate is learnt from */
    uint64_t max_order, max_sigs;
    uint64_t n;                   /* heaps 1..n are in */
    int failed;                   /* a step that failed half-way: its status, kept */
    size_t sn;                    /* the order of the quotient of heaps 1..n (mul is sn x sn) */
    /* heaps: phi[h] (the pretending function), gidx[h] (transition column, or NONE: no move) */
    uint32_t *phi, *gidx;
    size_t hcap;
    uint32_t *gen;                /* column j: heap gen[j] */
    size_t ngen;
    /* states: state q is the class of the sum acc(q) = acc(par[q]) + heap via[q] */
    size_t nq;
    uint32_t *par, *via;
    unsigned char *isp;
    /* test sums T (T[0] empty): heaps tpool[off .. off + len) */
    size_t nt, tcap;
    sg__qt_test_t *tests;
    uint32_t *tpool;
    size_t tpn, tpcap;
    /* layout: QC states x GC columns x RC tests */
    size_t qc, gc, rc;
    unsigned char *row;           /* row[q * rc + w]: 1 when acc(q) + T[w] is P */
    unsigned char *ext;           /* ext[(q * gc + j) * rc + w]: the same for acc(q) + gen[j] */
    uint32_t *delta;              /* delta[q * gc + j] */
    uint32_t *done;               /* done[q]: columns whose ext row is known */
    sg__ids_t rows;               /* the states by row */
    /* scratch */
    uint64_t *sum;
    size_t sumcap;
    uint32_t *word;
    size_t wordcap;
    /* the proven structure */
    uint32_t *mul;                /* mul[a * nq + b] */
    size_t mulcap;
    uint64_t np;                  /* |P| */
    int proven;                   /* pretending function proven periodic */
    sg_period_t period;
    int tame;                     /* -1: not tame; m: isomorphic to the tame quotient T_m */
    uint64_t rogue;               /* last heap outside the kernel (0 none, UINT64_MAX: recurs) */
    char *text;                   /* presentation, NUL-terminated */
    size_t textcap, textlen;
    uint32_t r;                   /* generators of the presentation: heaps pheap[0..r) */
    uint32_t *pheap;
    size_t phcap;
    uint16_t *nfv;                /* nfv[e * r ..]: the normal form of element e */
    size_t nfcap;
    /* the outcome search of sums with heap n + 1 (quotient_truth.c), for bound tn */
    uint64_t tn;
    uint32_t *tkey, *tkid, *tscr;
    size_t tkn, tkcap, tkidn, tkidcap, tscrcap;
    sg__ids_t tindex;             /* the nodes by key */
    sg__qt_tnode_t *tnode;
    size_t tnn, tncap;
    sg__qt_frame_t *tframe;
    size_t tdepth, tfcap;
};

/* quotient_learn.c */
SG__PRIVATE int sg__qt_acc(sg_misere_quotient_t *q, uint32_t s, uint32_t **out, size_t *len);
SG__PRIVATE int sg__qt_close(sg_misere_quotient_t *q);
SG__PRIVATE int sg__qt_refine(sg_misere_quotient_t *q, const uint32_t *word, size_t len,
                              size_t lo, size_t hi);
SG__PRIVATE int sg__qt_add_heap(sg_misere_quotient_t *q, uint32_t heap);
SG__PRIVATE int sg__qt_truth(sg_misere_quotient_t *q, const uint32_t *a, size_t na,
                             const uint32_t *b, size_t nb, int *isp);
SG__PRIVATE void sg__qt_learn_free(sg_misere_quotient_t *q);
/* A candidate from a file (quotient_file.c), its heaps' columns added: room for nq states and
 * nt tests of tpn heaps in all, every state closed; the caller fills par, via, isp, delta,
 * tests and tpool, then sg__qt_rebuild fills the rows (SG_EFORMAT: two states share one). */
SG__PRIVATE int sg__qt_adopt(sg_misere_quotient_t *q, size_t nq, size_t nt, size_t tpn);
SG__PRIVATE int sg__qt_rebuild(sg_misere_quotient_t *q);

/* quotient_verify.c: SG_OK when the candidate is proven; 1 when a counterexample was fed to
 * sg__qt_refine (learn more and try again); < 0 a status. */
SG__PRIVATE int sg__qt_verify(sg_misere_quotient_t *q);

/* quotient.c: room for heaps 0..h in phi and gidx; the candidate proven for heaps 1..h made
 * the quotient (phi, shape, period, last rogue) */
SG__PRIVATE int sg__qt_heap_room(sg_misere_quotient_t *q, uint32_t h);
SG__PRIVATE int sg__qt_settle(sg_misere_quotient_t *q, uint32_t h);
/* every table of the computation freed (not the exact solver, not q itself) */
SG__PRIVATE void sg__qt_release(sg_misere_quotient_t *q);

/* quotient_truth.c: the exact outcome of a sum of heaps 1..n + 1 while heap n + 1 is being
 * added, from the proven quotient of heaps 1..n and a search of the sums with heap n + 1
 * (*known 0: another sum, for sg_misere_octal_outcome) */
SG__PRIVATE int sg__qt_outcome(sg_misere_quotient_t *q, const uint64_t *sum, size_t len,
                               int *known, int *isp);
/* every option of heap h (sg__heap_moves): fn(user, parts, nparts) with the parts that have
 * a move; a status other than SG_OK from fn stops and is returned */
SG__PRIVATE int sg__qt_moves(const sg_misere_quotient_t *q, uint32_t h, sg__heap_move_fn fn,
                             void *user);
SG__PRIVATE void sg__qt_truth_free(sg_misere_quotient_t *q);

/* quotient_shape.c: the multiplication table, |P|, presentation, kernel, tameness */
SG__PRIVATE int sg__qt_shape(sg_misere_quotient_t *q);
/* the normal form of element e as text ("1", "a", "a^2b") into buf (NUL-terminated) */
SG__PRIVATE int sg__qt_name(const sg_misere_quotient_t *q, uint32_t e, char *buf, size_t size);
SG__PRIVATE void sg__qt_shape_free(sg_misere_quotient_t *q);

#endif
