/*
 * Graphs for the tests of lib/games/graph/: edge lists of named families, written plainly from
 * their definitions, graph6 lines from nauty's geng (when it is installed), random
 * relabellings.
 */
#ifndef SG_TEST_GRAPHS_H
#define SG_TEST_GRAPHS_H

#define _POSIX_C_SOURCE 200809L
#include "../include/sg.h"
#include "test.h"

#include <stdio.h>
#include <stdlib.h>

#define TG_MAXN 200

/* a graph as an adjacency matrix, for building and brute force */
typedef struct {
    uint32_t n;
    unsigned char adj[TG_MAXN][TG_MAXN];
} tg_graph_t;

static inline void tg_clear(tg_graph_t *g, uint32_t n)
{
    memset(g, 0, sizeof *g);
    g->n = n;
}

static inline void tg_edge(tg_graph_t *g, uint32_t u, uint32_t v)
{
    if (u == v) return;
    g->adj[u][v] = g->adj[v][u] = 1;
}

/* the R x C grid, vertex r * C + c */
static inline void tg_grid(tg_graph_t *g, uint32_t rows, uint32_t cols)
{
    uint32_t r, c;
    tg_clear(g, rows * cols);
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++) {
            if (c + 1 < cols) tg_edge(g, r * cols + c, r * cols + c + 1);
            if (r + 1 < rows) tg_edge(g, r * cols + c, (r + 1) * cols + c);
        }
}

static inline void tg_path(tg_graph_t *g, uint32_t n)
{
    tg_grid(g, 1, n);
}

static inline void tg_cycle(tg_graph_t *g, uint32_t n)
{
    uint32_t i;
    tg_clear(g, n);
    for (i = 0; i < n && n >= 3; i++) tg_edge(g, i, (i + 1) % n);
}

/* the generalized Petersen graph P(n, k): outer cycle u_i = i, spokes u_i v_i, inner
 * v_i v_{i+k}, v_i = n + i */
static inline void tg_petersen(tg_graph_t *g, uint32_t n, uint32_t k)
{
    uint32_t i;
    tg_clear(g, 2 * n);
    for (i = 0; i < n; i++) {
        tg_edge(g, i, (i + 1) % n);
        tg_edge(g, i, n + i);
        tg_edge(g, n + i, n + (i + k) % n);
    }
}

/* the n x n queens graph: two squares adjacent when a queen moves from one to the other */
static inline void tg_queens(tg_graph_t *g, uint32_t n)
{
    uint32_t a, b;
    tg_clear(g, n * n);
    for (a = 0; a < n * n; a++)
        for (b = a + 1; b < n * n; b++) {
            int ra = (int)(a / n), ca = (int)(a % n), rb = (int)(b / n), cb = (int)(b % n);
            if (ra == rb || ca == cb || ra - ca == rb - cb || ra + ca == rb + cb)
                tg_edge(g, a, b);
        }
}

/* the sg_graph_t of g with vertex v renamed perm[v] (perm NULL: as it is) */
static inline sg_graph_t *tg_make(const tg_graph_t *g, const uint32_t *perm)
{
    static uint32_t ends[2 * TG_MAXN * TG_MAXN / 2 + 2];
    size_t m = 0;
    uint32_t u, v;
    sg_graph_t *out = NULL;
    for (u = 0; u < g->n; u++)
        for (v = u + 1; v < g->n; v++)
            if (g->adj[u][v]) {
                ends[2 * m] = perm ? perm[u] : u;
                ends[2 * m + 1] = perm ? perm[v] : v;
                m++;
            }
    if (sg_graph_create(&out, g->n, ends, m) != SG_OK) return NULL;
    return out;
}

static inline void tg_random_perm(uint32_t *perm, uint32_t n)
{
    uint32_t i, j, t;
    for (i = 0; i < n; i++) perm[i] = i;
    for (i = n; i > 1; i--) {
        j = (uint32_t)test_below(i);
        t = perm[i - 1];
        perm[i - 1] = perm[j];
        perm[j] = t;
    }
}

/* a graph6 line (nauty's formats.txt: n < 63 in one byte n + 63, then the upper triangle
 * column by column, 6 bits a byte, each + 63); 1 when read */
static inline int tg_graph6(tg_graph_t *g, const char *line)
{
    uint32_t n, i, j, k = 0;
    const unsigned char *p = (const unsigned char *)line;
    g->n = 0;
    if (*p < 63 || *p > 125) return 0;
    n = (uint32_t)(*p++ - 63);
    tg_clear(g, n);
    for (j = 1; j < n; j++)
        for (i = 0; i < j; i++, k++) {
            unsigned byte = p[k / 6];
            if (byte < 63 || byte > 126) return 0;
            if (((byte - 63) >> (5 - k % 6)) & 1) tg_edge(g, i, j);
        }
    return 1;
}

/* nauty's geng, as Debian names it or as nauty does; NULL when neither runs */
static inline FILE *tg_geng(uint32_t n)
{
    static const char *const names[] = {"nauty-geng", "geng"};
    char cmd[128];
    size_t i;
    for (i = 0; i < 2; i++) {
        FILE *f;
        snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", names[i]);
        if (system(cmd) != 0) continue;
        snprintf(cmd, sizeof cmd, "%s -q %u", names[i], (unsigned)n);
        f = popen(cmd, "r");
        if (f != NULL) return f;
    }
    return NULL;
}

#endif /* SG_TEST_GRAPHS_H */
