/*
 * A random game over byte-string positions for the tests of the structured store, and its
 * value by a plain recursive mex over whole (unsplit, uncanonical) positions.
 *
 * Tokens 0..SG_TOK-1 form a random DAG: token t has up to 3 options, each a list of 0..2
 * tokens whose weights (index + 1) add up to at most t (so every play ends, and soon). A
 * position is a string of tokens; a move replaces one token, in place, by one of its options.
 * The position is the sum of its tokens, so the rules may split it anywhere and sort it
 * (canonical form), and an option may be reported as several parts. Modes:
 *   split      0: none; 1: one component a token; 2: two components, even and odd tokens
 *   canonical  0: none; 1: the tokens sorted
 *   parts      0: an option is one part; 1: two parts, cut where the move was made
 */
#ifndef SG_TEST_STRUCT_GAME_H
#define SG_TEST_STRUCT_GAME_H

#include "test.h"
#include <sg.h>

#define SG_TOK 8
#define SG_MAXLEN 64

typedef struct {
    unsigned nopt[SG_TOK];
    unsigned char len[SG_TOK][3];
    unsigned char tok[SG_TOK][3][2];
    int split, canonical, parts;
    long calls;            /* options calls */
} sgt_game_t;

static uint64_t sgt_rng;
static unsigned sgt_rand(unsigned n)
{
    sgt_rng = sgt_rng * 6364136223846793005u + 1442695040888963407u;
    return (unsigned)((sgt_rng >> 33) % n);
}

static void sgt_make(sgt_game_t *g, uint64_t seed)
{
    unsigned t, o;
    memset(g, 0, sizeof *g);
    sgt_rng = seed * 2654435761u + 1;
    for (t = 1; t < SG_TOK; t++) {
        g->nopt[t] = 1 + sgt_rand(3);
        for (o = 0; o < g->nopt[t]; o++) {
            unsigned m = sgt_rand(3), a, b;
            if (m == 2 && t < 2) m = 1;
            a = sgt_rand(m == 2 ? t - 1 : t);    /* (a + 1) + (b + 1) <= t */
            b = m == 2 ? sgt_rand(t - 1 - a) : 0;
            g->len[t][o] = (unsigned char)m;
            g->tok[t][o][0] = (unsigned char)a;
            g->tok[t][o][1] = (unsigned char)b;
        }
    }
}

/* A random position of at most 3 tokens. */
static size_t sgt_position(unsigned char *p)
{
    size_t n = sgt_rand(4), i;
    for (i = 0; i < n; i++) p[i] = (unsigned char)sgt_rand(SG_TOK);
    return n;
}

/* Option number `which` of pos in the order the rule reports them: written to opt (its length
 * returned, and *cut where the move was made), or SIZE_MAX when there are fewer options. */
static size_t sgt_option(const sgt_game_t *g, const unsigned char *pos, size_t len, size_t which,
                         unsigned char *opt, size_t *cut)
{
    size_t i, o, n = 0;
    for (i = 0; i < len; i++) {
        for (o = 0; o < g->nopt[pos[i]]; o++, n++) {
            size_t m = g->len[pos[i]][o];
            if (n != which) continue;
            memcpy(opt, pos, i);
            memcpy(opt + i, g->tok[pos[i]][o], m);
            memcpy(opt + i + m, pos + i + 1, len - i - 1);
            *cut = i;
            return len - 1 + m;
        }
    }
    return SIZE_MAX;
}

static int sgt_options(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    sgt_game_t *g = (sgt_game_t *)user;
    unsigned char opt[SG_MAXLEN + 2];
    size_t n, m, cut;
    g->calls++;
    for (n = 0; (m = sgt_option(g, pos, len, n, opt, &cut)) != SIZE_MAX; n++) {
        if (g->parts) {
            sg_parts_add(out, opt, cut);
            sg_parts_add(out, opt + cut, m - cut);
        } else {
            sg_parts_add(out, opt, m);
        }
        sg_parts_end(out);
    }
    return 0;
}

static int sgt_split(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    sgt_game_t *g = (sgt_game_t *)user;
    unsigned char part[SG_MAXLEN];
    size_t i, n;
    int parity;
    if (g->split == 1) {
        for (i = 0; i < len; i++) sg_parts_add(out, pos + i, 1);
        return 0;
    }
    for (parity = 0; parity < 2; parity++) {
        for (i = n = 0; i < len; i++)
            if ((pos[i] & 1) == parity) part[n++] = pos[i];
        if (n > 0) sg_parts_add(out, part, n);
    }
    return 0;
}

static int sgt_canonical(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    unsigned char c[SG_MAXLEN];
    size_t i, j;
    (void)user;
    memcpy(c, pos, len);
    for (i = 1; i < len; i++)
        for (j = i; j > 0 && c[j - 1] > c[j]; j--) {
            unsigned char t = c[j];
            c[j] = c[j - 1];
            c[j - 1] = t;
        }
    return sg_parts_add(out, c, len);
}

static sg_struct_rules_t sgt_rules(const sgt_game_t *g)
{
    sg_struct_rules_t r;
    r.options = sgt_options;
    r.split = g->split ? sgt_split : NULL;
    r.canonical = g->canonical ? sgt_canonical : NULL;
    return r;
}

/* ---- the brute force: mex over the whole positions, memoized by their exact bytes ---- */

#define SGT_SLOTS (1u << 16)
typedef struct {
    unsigned char bytes[SG_MAXLEN];
    unsigned char len, used;
    sg_value_t value;
} sgt_memo_t;

static sgt_memo_t *sgt_memo;
static size_t sgt_held;   /* entries of sgt_memo */

static sg_value_t sgt_brute(const sgt_game_t *g, const unsigned char *pos, size_t len)
{
    unsigned char opt[SG_MAXLEN];
    int seen[64] = {0};
    size_t n, m, cut, i = 0;
    uint32_t h = 2166136261u;
    sg_value_t v = 0;
    if (sgt_memo == NULL) sgt_memo = (sgt_memo_t *)calloc(SGT_SLOTS, sizeof *sgt_memo);
    for (n = 0; n < len; n++) h = (h ^ pos[n]) * 16777619u;
    h ^= (uint32_t)len;
    for (i = h % SGT_SLOTS; sgt_memo[i].used; i = (i + 1) % SGT_SLOTS)
        if (sgt_memo[i].len == len && memcmp(sgt_memo[i].bytes, pos, len) == 0)
            return sgt_memo[i].value;
    for (n = 0; (m = sgt_option(g, pos, len, n, opt, &cut)) != SIZE_MAX; n++) {
        sg_value_t x = sgt_brute(g, opt, m);
        if (x < 64) seen[x] = 1;
    }
    while (seen[v]) v++;
    if (++sgt_held > SGT_SLOTS / 4 * 3) {
        fprintf(stderr, "sgt_brute: memo full\n");
        exit(2);
    }
    for (i = h % SGT_SLOTS; sgt_memo[i].used; i = (i + 1) % SGT_SLOTS)
        ;
    memcpy(sgt_memo[i].bytes, pos, len);
    sgt_memo[i].len = (unsigned char)len;
    sgt_memo[i].used = 1;
    sgt_memo[i].value = v;
    return v;
}

/* Forget the brute force's memo (a new game). */
static void sgt_forget(void)
{
    if (sgt_memo != NULL) memset(sgt_memo, 0, SGT_SLOTS * sizeof *sgt_memo);
    sgt_held = 0;
}

#endif
