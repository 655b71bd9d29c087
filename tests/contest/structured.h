/* The checks of the contest header's opt-in modules of structured games (store, selftest,
 * nodekayles, arckayles, boards) and of Welter's game and Green Hackenbush, included by
 * main.c after expect.h and its CAST. Each value is checked against a brute force written
 * here from the game's definition: a position is a set of at most 12 things (vertices, cells,
 * coins' places, edges) held in the bits of an unsigned, and every option is a smaller set,
 * so the values of all the sets are one pass in increasing order. */

#if defined(HAS_WELTER) || defined(HAS_HACKENBUSH) || defined(HAS_NODEKAYLES) || \
    defined(HAS_ARCKAYLES) || defined(HAS_BOARDS)
#define MASKS (1u << 12)

/* the options of set m (each a subset of m, so smaller) into out; their number */
typedef int (*mask_options_fn)(const void *ctx, unsigned m, unsigned *out);

/* g[m] for every m < 2^n, by the plain mex */
static void brute_masks(unsigned *g, int n, mask_options_fn options, const void *ctx)
{
    unsigned opt[144], vals[144], m;
    int i, k;
    for (m = 0; m < (1u << n); m++) {
        k = options(ctx, m, opt);
        for (i = 0; i < k; i++) vals[i] = g[opt[i]];
        g[m] = brute_mex(vals, k);
    }
}
#endif

#if defined(HAS_NODEKAYLES) || defined(HAS_ARCKAYLES) || defined(HAS_BOARDS)
/* a graph on at most 12 vertices: adj[v] is the set of v's neighbours */
typedef struct {
    int n;
    unsigned adj[12];
} small_graph;

static void small_edge(small_graph *g, int u, int v)
{
    g->adj[u] |= 1u << v;
    g->adj[v] |= 1u << u;
}

#if defined(HAS_BOARDS)
/* the grid of r x c cells, cell (i, j) the vertex i * c + j */
static void small_grid(small_graph *g, int r, int c)
{
    int i;
    memset(g, 0, sizeof *g);
    g->n = r * c;
    for (i = 0; i < r * c; i++) {
        if (i % c + 1 < c) small_edge(g, i, i + 1);
        if (i + c < r * c) small_edge(g, i, i + c);
    }
}
#endif

#if defined(HAS_NODEKAYLES) || defined(HAS_BOARDS)
/* Node Kayles: take a vertex left and every neighbour of it */
static int node_kayles_options(const void *ctx, unsigned m, unsigned *out)
{
    const small_graph *g = CAST(const small_graph *, ctx);
    int v, k = 0;
    for (v = 0; v < g->n; v++)
        if (m >> v & 1) out[k++] = m & ~((1u << v) | g->adj[v]);
    return k;
}
#endif

#if defined(HAS_ARCKAYLES) || defined(HAS_BOARDS)
/* Arc Kayles (and Cram on a grid): take both ends of an edge whose ends are left */
static int arc_kayles_options(const void *ctx, unsigned m, unsigned *out)
{
    const small_graph *g = CAST(const small_graph *, ctx);
    int u, v, k = 0;
    for (u = 0; u < g->n; u++)
        for (v = u + 1; v < g->n; v++)
            if ((m >> u & 1) && (m >> v & 1) && (g->adj[u] >> v & 1))
                out[k++] = m & ~((1u << u) | (1u << v));
    return k;
}
#endif
#endif

#if defined(HAS_NODEKAYLES) || defined(HAS_ARCKAYLES)
/* paths P1..P10, cycles C3..C10 and the Petersen graph, each against the brute force on the
 * same graph; the winning move must leave a set of value 0 */
static void check_kayles(int arc)
{
    static unsigned g[MASKS];
    uint32_t ends[60];
    sg_store_t *store = NULL;
    mask_options_fn options = NULL;
    int shape, n, i;
#if defined(HAS_ARCKAYLES)
    if (arc) options = arc_kayles_options;
    if (arc) EXPECT(sg_arc_kayles_store(&store, SG_GRAPH_CANONICAL, NULL) == SG_OK);
#endif
#if defined(HAS_NODEKAYLES)
    if (!arc) options = node_kayles_options;
    if (!arc) EXPECT(sg_node_kayles_store(&store, SG_GRAPH_CANONICAL, NULL) == SG_OK);
#endif
    if (options == NULL) return;
    for (shape = 0; shape < 3; shape++)
        for (n = shape == 1 ? 3 : 1; n <= 10; n++) {
            small_graph sm;
            sg_graph_t *graph = NULL;
            sg_value_t v = 99;
            size_t ne = 0;
            unsigned all = (1u << n) - 1, left = 0;
            uint32_t x = 99, y = 99;
            int r = 9;
            (void)y;   /* (an end of Arc Kayles's edge only) */
            if (shape == 2 && n != 10) continue;
            memset(&sm, 0, sizeof sm);
            sm.n = n;
            for (i = 0; i < n; i++) {
                int j = shape == 2 ? (i < 5 ? (i + 1) % 5 : 5 + (i - 5 + 2) % 5) : i + 1;
                if (shape == 0 && j == n) continue;
                if (shape == 1) j %= n;
                ends[2 * ne] = CAST(uint32_t, i);
                ends[2 * ne + 1] = CAST(uint32_t, j);
                ne++;
                small_edge(&sm, i, j);
                if (shape == 2 && i < 5) {   /* the spokes of the Petersen graph */
                    ends[2 * ne] = CAST(uint32_t, i);
                    ends[2 * ne + 1] = CAST(uint32_t, i + 5);
                    ne++;
                    small_edge(&sm, i, i + 5);
                }
            }
            brute_masks(g, n, options, &sm);
            EXPECT(sg_graph_create(&graph, CAST(uint32_t, n), ends, ne) == SG_OK);
#if defined(HAS_ARCKAYLES)
            if (arc) {
                EXPECT(sg_arc_kayles_value(graph, store, &v) == SG_OK);
                r = sg_arc_kayles_winning_move(graph, store, &x, &y);
                if (r == 1 && x < CAST(uint32_t, n) && y < CAST(uint32_t, n))
                    left = all & ~((1u << x) | (1u << y));
            }
#endif
#if defined(HAS_NODEKAYLES)
            if (!arc) {
                EXPECT(sg_node_kayles_value(graph, NULL, &v) == SG_OK);
                r = sg_node_kayles_winning_move(graph, store, &x);
                if (r == 1 && x < CAST(uint32_t, n)) left = all & ~((1u << x) | sm.adj[x]);
            }
#endif
            EXPECT(v == g[all]);
            EXPECT(r == (g[all] != 0));
            if (r == 1) EXPECT(left != all && g[left] == 0);
            sg_graph_free(graph);
        }
    sg_store_free(store);
}
#endif

#if defined(HAS_BOARDS)
/* Cram and Node Kayles on every board of at most 12 cells, each with no cell blocked and
 * with the cells of a pattern blocked: Arc and Node Kayles on the grid's free cells */
static void check_boards(void)
{
    static unsigned cram[MASKS], nk[MASKS];
    sg_store_t *cs = NULL, *ns = NULL;
    int r, c, b;
    EXPECT(sg_cram_store_create(&cs, NULL) == SG_OK);
    EXPECT(sg_node_kayles_board_store_create(&ns, NULL) == SG_OK);
    for (r = 1; r <= 4; r++)
        for (c = 1; r * c <= 12; c++) {
            small_graph grid;
            unsigned all = (1u << (r * c)) - 1;
            small_grid(&grid, r, c);
            brute_masks(cram, r * c, arc_kayles_options, &grid);
            brute_masks(nk, r * c, node_kayles_options, &grid);
            for (b = 0; b < 4; b++) {
                unsigned blocked = b == 0 ? 0 : (0x925u * CAST(unsigned, b)) & all;
                unsigned free_cells = all & ~blocked;
                sg_value_t v = 99;
                uint32_t cell = 99;
                int down = 9, win = 9;
                EXPECT(sg_cram_value(cs, CAST(uint32_t, r), CAST(uint32_t, c), blocked, &v) ==
                       SG_OK);
                EXPECT(v == cram[free_cells]);
                EXPECT(sg_cram_outcome(cs, CAST(uint32_t, r), CAST(uint32_t, c), blocked,
                                       &win) == SG_OK);
                EXPECT(win == (cram[free_cells] != 0));
                if (sg_cram_winning_move(cs, CAST(uint32_t, r), CAST(uint32_t, c), blocked,
                                         &cell, &down) == 1) {
                    uint32_t other = cell + (down ? CAST(uint32_t, c) : 1);
                    EXPECT(other < CAST(uint32_t, r * c) && cram[free_cells] != 0);
                    if (other < CAST(uint32_t, r * c))
                        EXPECT(cram[free_cells & ~((1u << cell) | (1u << other))] == 0);
                } else {
                    EXPECT(cram[free_cells] == 0);
                }
                EXPECT(sg_node_kayles_board_value(ns, CAST(uint32_t, r), CAST(uint32_t, c),
                                                  blocked, &v) == SG_OK);
                EXPECT(v == nk[free_cells]);
                cell = 99;
                if (sg_node_kayles_board_winning_move(ns, CAST(uint32_t, r), CAST(uint32_t, c),
                                                      blocked, &cell) == 1) {
                    EXPECT(cell < CAST(uint32_t, r * c) && nk[free_cells] != 0);
                    if (cell < CAST(uint32_t, r * c))
                        EXPECT(nk[free_cells & ~((1u << cell) | grid.adj[cell])] == 0);
                } else {
                    EXPECT(nk[free_cells] == 0);
                }
            }
        }
    sg_store_free(cs);
    sg_store_free(ns);
}
#endif

#if defined(HAS_WELTER)
/* Welter's game: a coin moves to any lower free place (places 0..11) */
static int welter_options(const void *ctx, unsigned m, unsigned *out)
{
    int i, j, k = 0;
    (void)ctx;
    for (i = 0; i < 12; i++)
        for (j = 0; j < i && m >> i & 1; j++)
            if (!(m >> j & 1)) out[k++] = (m & ~(1u << i)) | (1u << j);
    return k;
}

static void check_welter(void)
{
    static unsigned g[MASKS];
    unsigned m;
    brute_masks(g, 12, welter_options, NULL);
    for (m = 0; m < MASKS; m++) {
        uint64_t coins[12], v = 99, to = 99;
        size_t n = 0, coin = 99;
        int i, r;
        for (i = 0; i < 12; i++)
            if (m >> i & 1) coins[n++] = CAST(uint64_t, i);
        if (n > 5) continue;
        EXPECT(sg_welter_value(coins, n, &v) == SG_OK);
        EXPECT(v == g[m]);
        r = sg_welter_winning_move(coins, n, &coin, &to);
        EXPECT(r == (g[m] != 0));
        if (r == 1 && coin < n && to < coins[coin] && !(m >> to & 1))
            EXPECT(g[(m & ~(1u << coins[coin])) | (1u << to)] == 0);
        else
            EXPECT(r != 1);   /* a move to a place taken, or not lower */
    }
    {   /* two coins: (a XOR b) - 1, far beyond any brute force */
        const uint64_t two[2] = {CAST(uint64_t, 1) << 62, 12345};
        uint64_t v = 0;
        EXPECT(sg_welter_value(two, 2, &v) == SG_OK && v == ((two[0] ^ two[1]) - 1));
    }
}
#endif

#if defined(HAS_HACKENBUSH)
/* Green Hackenbush on edges ends[0..2m): a move deletes an edge and what no longer reaches
 * the ground (vertex 0) falls */
typedef struct {
    int m;
    const uint32_t *ends;
} small_bush;

/* the edges of set e joined to the ground through edges of e */
static unsigned grounded(const small_bush *h, unsigned e)
{
    unsigned reach = 1, kept = 0, grew = 1;
    int i;
    while (grew)
        for (grew = 0, i = 0; i < h->m; i++)
            if ((e >> i & 1) && !(kept >> i & 1) &&
                ((reach >> h->ends[2 * i] & 1) || (reach >> h->ends[2 * i + 1] & 1))) {
                kept |= 1u << i;
                reach |= (1u << h->ends[2 * i]) | (1u << h->ends[2 * i + 1]);
                grew = 1;
            }
    return kept;
}

static int hackenbush_options(const void *ctx, unsigned m, unsigned *out)
{
    const small_bush *h = CAST(const small_bush *, ctx);
    int i, k = 0;
    for (i = 0; i < h->m; i++)
        if (m >> i & 1) out[k++] = grounded(h, m & ~(1u << i));
    return k;
}

static void check_hackenbush(void)
{
    /* a stalk of 5; a triangle on the ground with a loop; a double edge and a tree; an edge
     * that no path joins to the ground; a square with a diagonal and a tail */
    static const uint32_t bushes[5][2 * 10] = {
        {0, 1, 1, 2, 2, 3, 3, 4, 4, 5},
        {0, 1, 1, 2, 2, 0, 2, 2, 1, 3},
        {0, 1, 0, 1, 1, 2, 1, 3, 3, 4, 3, 5, 0, 6},
        {0, 1, 3, 4, 1, 2},
        {0, 1, 1, 2, 2, 3, 3, 0, 0, 2, 2, 4, 4, 5, 4, 4, 5, 6, 0, 0}};
    static const int edges[5] = {5, 5, 7, 3, 10}, vertices[5] = {6, 4, 7, 5, 7};
    static unsigned g[MASKS];
    int b;
    for (b = 0; b < 5; b++) {
        small_bush h;
        unsigned all;
        uint64_t v = 99;
        size_t e = 99;
        int r;
        h.m = edges[b];
        h.ends = bushes[b];
        all = grounded(&h, (1u << h.m) - 1);
        brute_masks(g, h.m, hackenbush_options, &h);
        EXPECT(sg_hackenbush_value(CAST(uint32_t, vertices[b]), bushes[b],
                                   CAST(size_t, h.m), &v) == SG_OK);
        EXPECT(v == g[all]);
        r = sg_hackenbush_winning_move(CAST(uint32_t, vertices[b]), bushes[b],
                                       CAST(size_t, h.m), &e);
        EXPECT(r == (g[all] != 0));
        if (r == 1) EXPECT(e < CAST(size_t, h.m) && g[grounded(&h, all & ~(1u << e))] == 0);
    }
    EXPECT(g[0] == 0);
}
#endif

#if defined(HAS_STORE)
/* Kayles on rows of pins as byte strings, one byte a row: a move knocks down one pin or two
 * side by side, leaving at most two rows; every row is a part of its own (the store sums
 * them), and a position of several rows is split into its rows */
static int kayles_rows(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    size_t i, j;
    int t, a;
    (void)user;
    for (i = 0; i < len; i++)
        for (t = 1; t <= 2 && t <= pos[i]; t++)
            for (a = 0; 2 * a <= pos[i] - t; a++) {
                unsigned char rest[2];
                rest[0] = CAST(unsigned char, a);
                rest[1] = CAST(unsigned char, pos[i] - t - a);
                for (j = 0; j < len; j++)
                    if (j != i) sg_parts_add(out, pos + j, 1);
                if (rest[0]) sg_parts_add(out, rest, 1);
                if (rest[1]) sg_parts_add(out, rest + 1, 1);
                sg_parts_end(out);
            }
    return 0;
}

static int kayles_split(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    size_t i;
    (void)user;
    for (i = 0; i < len; i++)
        if (pos[i]) sg_parts_add(out, pos + i, 1);
    return 0;
}

static void check_store(void)
{
    static const int s[2] = {1, 2};
    unsigned row[30], opt[64];
    sg_struct_rules_t rules;
    sg_store_t *store = NULL;
    int n, a, k;
    /* Kayles from its definition: G(n) = mex of G(a) ^ G(n - t - a) */
    for (n = 0; n < 30; n++) {
        for (k = 0, a = 0; a < 2; a++) {
            int t = s[a], x;
            for (x = 0; x + t <= n; x++) opt[k++] = row[x] ^ row[n - t - x];
        }
        row[n] = brute_mex(opt, k);
    }
    memset(&rules, 0, sizeof rules);
    rules.options = kayles_rows;
    rules.split = kayles_split;
    EXPECT(sg_store_create(&store, &rules, NULL, NULL) == SG_OK);
    for (n = 0; n < 30; n++) {
        unsigned char pos[3];
        sg_value_t v = 99, to = 99;
        size_t option = 99;
        int win = 9;
        pos[0] = CAST(unsigned char, n);
        pos[1] = CAST(unsigned char, (n * 7) % 13);
        pos[2] = 5;
        EXPECT(sg_store_value(store, pos, 1, &v) == SG_OK && v == row[n]);
        EXPECT(sg_store_value(store, pos, 3, &v) == SG_OK &&
               v == (row[n] ^ row[pos[1]] ^ row[5]));
        for (k = 0; k < 6; k++) {
            EXPECT(sg_store_outcome(store, pos, 2, CAST(sg_value_t, k), &win) == SG_OK);
            EXPECT(win == ((row[n] ^ row[pos[1]]) != CAST(unsigned, k)));
        }
        EXPECT(sg_store_winning_move(store, pos, 1, 0, &option, &to) == (row[n] != 0));
    }
    sg_store_free(store);
}
#endif

#if defined(HAS_SELFTEST)
/* a canonical form that lies: a row of n pins "is" a row of n - 1 (neither idempotent nor of
 * the same value) */
static int kayles_shrink(void *user, const unsigned char *pos, size_t len, sg_parts_t *out)
{
    unsigned char less = CAST(unsigned char, len && pos[0] ? pos[0] - 1 : 0);
    (void)user;
    return sg_parts_add(out, &less, 1) != SG_OK;
}

static void check_selftest(void)
{
    static const unsigned char rows[4][2] = {{3, 0}, {5, 2}, {7, 4}, {1, 6}};
    const unsigned char *pos[4];
    size_t len[4];
    sg_struct_rules_t rules;
    sg_selftest_report_t r;
    int i;
    for (i = 0; i < 4; i++) {
        pos[i] = rows[i];
        len[i] = 2;
    }
    memset(&rules, 0, sizeof rules);
    rules.options = kayles_rows;
    rules.split = kayles_split;
    EXPECT(sg_struct_selftest(&rules, NULL, pos, len, 4, 100000, &r) == SG_OK);
    for (i = 0; i < SG_LIE_KINDS; i++) EXPECT(r.lies[i] == 0);
    EXPECT(r.brute > 0);
    rules.canonical = kayles_shrink;
    EXPECT(sg_struct_selftest(&rules, NULL, pos, len, 4, 100000, &r) == SG_OK);
    EXPECT(r.lies[SG_LIE_IDEMPOTENT] > 0);
}
#endif
