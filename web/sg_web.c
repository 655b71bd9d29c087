/* The calls the web page makes into libsg, compiled with the library for wasm32 (make wasm).
 * JavaScript passes only 32-bit integers and pointers into the module's memory, so each call
 * here widens its arguments to the library's 64-bit types, and returns a libsg status (0 or a
 * negative SG_E... code) with its results written through pointers. Numbers that may exceed
 * 32 bits (the proof record) are written as doubles, exact below 2^53; "none" is -1.
 * Nothing here keeps state between calls but what a caller owns (a parsed code, a buffer). */
#include <sg.h>

#include <stdint.h>
#include <stdlib.h>

#define W_EXPORT(name) __attribute__((export_name(#name)))

/* the page never asks for more than this many moves in a subtraction set or tokens per heap */
#define W_MAX_MOVES 64

W_EXPORT(sgw_alloc) void *sgw_alloc(uint32_t bytes)
{
    return malloc(bytes == 0 ? 1 : bytes);
}

W_EXPORT(sgw_free) void sgw_free(void *p)
{
    free(p);
}

W_EXPORT(sgw_strerror) const char *sgw_strerror(int status)
{
    return sg_strerror(status);
}

W_EXPORT(sgw_version) const char *sgw_version(void)
{
    return sg_version_string();
}

static void w_period_out(const sg_period_t *p, double *out)
{
    out[0] = (double)p->preperiod;
    out[1] = (double)p->period;
    out[2] = (double)p->saltus;
    out[3] = p->proven ? 1.0 : 0.0;
}

static int w_moves(const uint32_t *moves, uint32_t nmoves, uint64_t *wide)
{
    uint32_t i;
    if (nmoves > W_MAX_MOVES) return SG_ERANGE;
    for (i = 0; i < nmoves; i++) wide[i] = moves[i];
    return SG_OK;
}

W_EXPORT(sgw_sub_table)
int sgw_sub_table(sg_value_t *table, uint32_t count, const uint32_t *moves, uint32_t nmoves)
{
    uint64_t wide[W_MAX_MOVES];
    int st = w_moves(moves, nmoves, wide);
    return st != SG_OK ? st : sg_subtraction_table(table, count, wide, nmoves);
}

/* out: preperiod, period, saltus, proven */
W_EXPORT(sgw_sub_period)
int sgw_sub_period(const uint32_t *moves, uint32_t nmoves, double *out)
{
    uint64_t wide[W_MAX_MOVES];
    sg_period_t p;
    int st = w_moves(moves, nmoves, wide);
    if (st == SG_OK) st = sg_subtraction_period(wide, nmoves, &p);
    if (st == SG_OK) w_period_out(&p, out);
    return st;
}

/* *game: the parsed code, or NULL; where[0]: the offending character's offset; *message: why */
W_EXPORT(sgw_octal_parse)
int sgw_octal_parse(const char *code, sg_octal_t **game, uint32_t *where, const char **message)
{
    size_t at = 0;
    int st = sg_octal_parse_ex(code, game, &at, message);
    *where = (uint32_t)at;
    return st;
}

W_EXPORT(sgw_octal_free) void sgw_octal_free(sg_octal_t *game)
{
    sg_octal_free(game);
}

W_EXPORT(sgw_octal_format) int sgw_octal_format(const sg_octal_t *game, char *buf, uint32_t size)
{
    return sg_octal_format(game, buf, size);
}

W_EXPORT(sgw_octal_max_parts) int sgw_octal_max_parts(const sg_octal_t *game)
{
    return sg_octal_max_parts(game);
}

W_EXPORT(sgw_octal_table)
int sgw_octal_table(const sg_octal_t *game, sg_value_t *table, uint32_t count)
{
    return sg_octal_table(game, table, count);
}

static double w_or_none(uint64_t v)
{
    return v == UINT64_MAX ? -1.0 : (double)v;
}

/* out: preperiod, period, saltus, proven, computed, checked_from, checked_to, exceptions,
 * last_exception (-1: none), max_value, max_at, proof_period */
W_EXPORT(sgw_octal_prove)
int sgw_octal_prove(const sg_octal_t *game, uint32_t limit, double *out)
{
    sg_octal_proof_t pr;
    int st = sg_octal_prove(game, limit, &pr);
    if (st != SG_OK) return st;
    w_period_out(&pr.period, out);
    out[4] = (double)pr.computed;
    out[5] = (double)pr.checked_from;
    out[6] = (double)pr.checked_to;
    out[7] = (double)pr.exceptions;
    out[8] = w_or_none(pr.last_exception);
    out[9] = (double)pr.max_value;
    out[10] = (double)pr.max_at;
    out[11] = (double)pr.proof_period;
    return SG_OK;
}

W_EXPORT(sgw_grundy_game_table) int sgw_grundy_game_table(sg_value_t *table, uint32_t count)
{
    return sg_grundy_game_table(table, count);
}

/* Lasker's Nim: take any positive number of tokens, or split a heap into two non-empty heaps */
static int w_lasker(void *user, uint64_t n, sg_moves_t *out)
{
    uint64_t k, parts[2];
    (void)user;
    for (k = 1; k <= n; k++) sg_move_to(out, n - k);
    for (k = 1; 2 * k <= n; k++) {
        parts[0] = k;
        parts[1] = n - k;
        sg_move_to_sum(out, parts, 2);
    }
    return 0;
}

W_EXPORT(sgw_lasker_table) int sgw_lasker_table(sg_value_t *table, uint32_t count)
{
    return sg_table_build(table, count, w_lasker, NULL);
}

/* the pattern G(0..count-1) shows, observed and never proven (out as sgw_sub_period's) */
W_EXPORT(sgw_lasker_pattern) int sgw_lasker_pattern(uint32_t count, double *out)
{
    sg_period_t p;
    int st = sg_rule_pattern(w_lasker, NULL, count, &p);
    if (st == SG_OK) w_period_out(&p, out);
    return st;
}

W_EXPORT(sgw_wythoff_table)
int sgw_wythoff_table(sg_value_t *table, uint32_t rows, uint32_t cols)
{
    return sg_wythoff_table(table, rows, cols);
}

/* 1: N, with the move in out[0], out[1]; 0: P; < 0: a status */
W_EXPORT(sgw_wythoff_move) int sgw_wythoff_move(uint32_t x, uint32_t y, uint32_t *out)
{
    uint64_t nx = x, ny = y;
    int st = sg_wythoff_winning_move(x, y, &nx, &ny);
    out[0] = (uint32_t)nx;
    out[1] = (uint32_t)ny;
    return st;
}

/* Nim: the nim-sum in out[0]; 1 with the move (heap, new size) in out[1], out[2]; 0: P */
W_EXPORT(sgw_nim_move) int sgw_nim_move(const uint32_t *heaps, uint32_t count, uint32_t *out)
{
    uint64_t *wide = malloc(((size_t)count + 1) * sizeof *wide), size = 0;
    size_t heap = 0;
    uint32_t i;
    int st;
    if (wide == NULL) return SG_ENOMEM;
    for (i = 0; i < count; i++) wide[i] = heaps[i];
    out[0] = (uint32_t)nim_sum(wide, count);
    st = nim_winning_move(wide, count, &heap, &size);
    out[1] = (uint32_t)heap;
    out[2] = (uint32_t)size;
    free(wide);
    return st;
}

/* A graph typed as edges: the moves of vertex v are to[first[v] .. first[v + 1]) */
typedef struct {
    const uint32_t *first;
    const uint32_t *to;
} w_graph_t;

static int w_graph(void *user, uint64_t v, sg_moves_t *out)
{
    const w_graph_t *g = (const w_graph_t *)user;
    uint32_t i;
    for (i = g->first[v]; i < g->first[v + 1]; i++) sg_move_to(out, g->to[i]);
    return 0;
}

/* SG_ELOOP when the graph has a cycle, SG_ERANGE when an edge leaves the vertices */
W_EXPORT(sgw_graph_table)
int sgw_graph_table(sg_value_t *table, uint32_t count, const uint32_t *first, const uint32_t *to)
{
    w_graph_t g;
    g.first = first;
    g.to = to;
    return sg_table_build(table, count, w_graph, &g);
}
