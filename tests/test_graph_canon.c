/*
 * Graph byte forms and canonical forms (lib/games/graph/): the byte form against the
 * definition in sg.h, the canonical forms of every labelled graph on up to 6 vertices falling
 * into exactly as many classes as there are graphs up to isomorphism (OEIS A000088), each
 * class's graphs isomorphic, invariance under random relabellings of larger and more symmetric
 * graphs, and every graph on 7 and 8 vertices from nauty's geng (when installed) distinct.
 * Both forms, built-in and nauty (when built in), the same way.
 */
#include "graphs.h"

static int forms[2] = {SG_GRAPH_BUILTIN, SG_GRAPH_NAUTY};

static int nforms(void)
{
    return sg_graph_has_nauty() ? 2 : 1;
}

static size_t bytes_of(const sg_graph_t *g, int form, unsigned char *buf, size_t cap)
{
    size_t len = 0;
    int status = sg_graph_bytes(g, form, buf, cap, &len);
    CHECK_EQ(status, SG_OK);
    return status == SG_OK ? len : 0;
}

/* The labelled byte form is the one sg.h defines: bit j(j-1)/2 + i for the pair i < j. */
static void byte_form_as_documented(void)
{
    tg_graph_t t;
    sg_graph_t *g, *back = NULL;
    unsigned char buf[64];
    size_t len, k;
    uint32_t i, j;
    tg_petersen(&t, 5, 2);
    g = tg_make(&t, NULL);
    CHECK(g != NULL);
    len = bytes_of(g, SG_GRAPH_LABELLED, buf, sizeof buf);
    CHECK_EQ(len, 2 + (10 * 9 / 2 + 7) / 8);
    CHECK_EQ(buf[0], 10);
    CHECK_EQ(buf[1], 0);
    for (j = 1, k = 0; j < 10; j++)
        for (i = 0; i < j; i++, k++) CHECK_EQ((buf[2 + k / 8] >> (k % 8)) & 1, t.adj[i][j]);
    CHECK_EQ(sg_graph_order(g), 10);
    CHECK_EQ(sg_graph_size(g), 15);
    CHECK_EQ(sg_graph_from_bytes(&back, buf, len), SG_OK);
    CHECK_EQ(sg_graph_size(back), 15);
    for (i = 0; i < 10; i++)
        for (j = 0; j < 10; j++) CHECK_EQ(sg_graph_adjacent(back, i, j), t.adj[i][j]);
    sg_graph_free(back);
    back = NULL;
    /* a padding bit set, a wrong length, a count beyond the limit: refused */
    buf[len - 1] |= 0x80;
    CHECK_EQ(sg_graph_from_bytes(&back, buf, len), SG_EINVAL);
    CHECK(back == NULL);
    buf[len - 1] &= 0x7f;
    CHECK_EQ(sg_graph_from_bytes(&back, buf, len - 1), SG_EINVAL);
    buf[0] = 0xff;
    buf[1] = 0xff;
    CHECK_EQ(sg_graph_from_bytes(&back, buf, len), SG_EINVAL);
    sg_graph_free(g);
}

static void bad_arguments(void)
{
    sg_graph_t *g = NULL;
    uint32_t loop[2] = {1, 1}, far[2] = {0, 3}, ok[4] = {0, 1, 1, 0};
    size_t len = 0;
    unsigned char buf[4];
    CHECK_EQ(sg_graph_create(NULL, 3, NULL, 0), SG_EINVAL);
    CHECK_EQ(sg_graph_create(&g, 3, NULL, 1), SG_EINVAL);
    CHECK_EQ(sg_graph_create(&g, 3, loop, 1), SG_EINVAL);
    CHECK_EQ(sg_graph_create(&g, 3, far, 1), SG_EINVAL);
    CHECK_EQ(sg_graph_create(&g, SG_GRAPH_MAX_ORDER + 1, NULL, 0), SG_ERANGE);
    CHECK(g == NULL);
    CHECK_EQ(sg_graph_create(&g, 3, ok, 2), SG_OK);
    CHECK_EQ(sg_graph_size(g), 1);
    CHECK_EQ(sg_graph_bytes(g, 7, buf, sizeof buf, &len), SG_EINVAL);
    CHECK_EQ(sg_graph_bytes(g, SG_GRAPH_LABELLED, buf, 2, &len), SG_ERANGE);
    CHECK_EQ(len, 3);
    if (!sg_graph_has_nauty())
        CHECK_EQ(sg_graph_bytes(g, SG_GRAPH_NAUTY, buf, sizeof buf, &len), SG_EINVAL);
    CHECK_EQ(sg_graph_order(NULL), 0);
    CHECK_EQ(sg_graph_adjacent(g, 0, 9), 0);
    sg_graph_free(g);
    sg_graph_free(NULL);
}

/* Two labelled graphs are isomorphic: a plain search over all bijections (n <= 6). */
static int iso_search(const tg_graph_t *a, const tg_graph_t *b, uint32_t *map, uint32_t depth,
                      unsigned used)
{
    uint32_t v, u;
    if (depth == a->n) return 1;
    for (v = 0; v < a->n; v++) {
        if (used & (1u << v)) continue;
        for (u = 0; u < depth; u++)
            if (a->adj[u][depth] != b->adj[map[u]][v]) break;
        if (u < depth) continue;
        map[depth] = v;
        if (iso_search(a, b, map, depth + 1, used | (1u << v))) return 1;
    }
    return 0;
}

/* every labelled graph on n <= 6 vertices: the classes of canonical forms are the
 * isomorphism classes (their count is OEIS A000088, 1, 1, 2, 4, 11, 34, 156) */
static void every_small_graph(void)
{
    static const unsigned classes[7] = {1, 1, 2, 4, 11, 34, 156};
    static unsigned char seen[160][8];
    static tg_graph_t rep[160];
    uint32_t n, i, j, k, map[8];
    int f;
    for (f = 0; f < nforms(); f++)
        for (n = 0; n <= (test_env_on("SG_TEST_QUICK") ? 5u : 6u); n++) {
            uint32_t pairs = n * (n ? n - 1 : 0) / 2, count = 0;
            uint64_t mask;
            for (mask = 0; mask < (1ull << pairs); mask++) {
                tg_graph_t t;
                sg_graph_t *g;
                unsigned char buf[8];
                size_t len;
                tg_clear(&t, n);
                for (j = 1, k = 0; j < n; j++)
                    for (i = 0; i < j; i++, k++)
                        if ((mask >> k) & 1) tg_edge(&t, i, j);
                g = tg_make(&t, NULL);
                len = bytes_of(g, forms[f], buf, sizeof buf);
                sg_graph_free(g);
                for (i = 0; i < count; i++)
                    if (memcmp(seen[i], buf, len) == 0) break;
                if (i == count) {
                    CHECK(count < 160);
                    if (count >= 160) return;
                    memcpy(seen[count], buf, len);
                    rep[count++] = t;
                } else if (mask % 7 == 0 || n <= 4) {
                    /* same form: isomorphic to the class's first graph */
                    CHECK(iso_search(&t, &rep[i], map, 0, 0));
                }
            }
            CHECK_EQ(count, classes[n]);
        }
}

/* the canonical form of a graph and of random relabellings of it agree; the canonical byte
 * form read back is a graph of the same order and size */
static void relabel_invariant(const tg_graph_t *t, unsigned rounds)
{
    static unsigned char a[8192], b[8192];
    uint32_t perm[TG_MAXN];
    unsigned r;
    int f;
    sg_graph_t *g = tg_make(t, NULL), *h;
    CHECK(g != NULL);
    if (g == NULL) return;
    for (f = 0; f < nforms(); f++) {
        size_t la = bytes_of(g, forms[f], a, sizeof a), lb;
        for (r = 0; r < rounds; r++) {
            tg_random_perm(perm, t->n);
            h = tg_make(t, perm);
            lb = bytes_of(h, forms[f], b, sizeof b);
            CHECK(la == lb && memcmp(a, b, la) == 0);
            sg_graph_free(h);
        }
        CHECK_EQ(sg_graph_from_bytes(&h, a, la), SG_OK);
        CHECK_EQ(sg_graph_size(h), sg_graph_size(g));
        /* the canonical form of a canonical form is itself */
        lb = bytes_of(h, forms[f], b, sizeof b);
        CHECK(la == lb && memcmp(a, b, la) == 0);
        sg_graph_free(h);
    }
    sg_graph_free(g);
}

static void relabellings(void)
{
    tg_graph_t t;
    uint32_t n, i, j;
    tg_grid(&t, 3, 12);
    relabel_invariant(&t, 20);
    tg_grid(&t, 6, 6);
    relabel_invariant(&t, 10);
    tg_cycle(&t, 40);
    relabel_invariant(&t, 10);
    for (n = 5; n <= 13; n += 4) {
        tg_petersen(&t, n, 2);
        relabel_invariant(&t, 10);
    }
    tg_petersen(&t, 12, 5);   /* the Nauru graph: vertex-transitive */
    relabel_invariant(&t, 10);
    tg_queens(&t, 6);
    relabel_invariant(&t, 5);
    /* many twins: a complete graph, a complete bipartite graph, a clique with pendant pairs */
    tg_clear(&t, 30);
    for (i = 0; i < 30; i++)
        for (j = i + 1; j < 30; j++) tg_edge(&t, i, j);
    relabel_invariant(&t, 5);
    tg_clear(&t, 30);
    for (i = 0; i < 12; i++)
        for (j = 12; j < 30; j++) tg_edge(&t, i, j);
    relabel_invariant(&t, 5);
    /* the 4-cube and random graphs of several densities, beyond one 64-bit word */
    tg_clear(&t, 16);
    for (i = 0; i < 16; i++)
        for (j = 0; j < 4; j++) tg_edge(&t, i, i ^ (1u << j));
    relabel_invariant(&t, 10);
    for (n = 20; n <= 100; n += 40) {
        unsigned d;
        for (d = 1; d <= 3; d++) {
            tg_clear(&t, n);
            for (i = 0; i < n; i++)
                for (j = i + 1; j < n; j++)
                    if (test_below(8) < 2 * d - 1) tg_edge(&t, i, j);
            relabel_invariant(&t, 4);
        }
    }
}

/* geng lists each graph on n vertices once up to isomorphism: their canonical forms are
 * pairwise distinct, and each is unchanged by a random relabelling */
static int cmp_form(const void *a, const void *b)
{
    return memcmp(a, b, 6);
}

static void geng_graphs(void)
{
    static unsigned char forms_seen[2][13000][6];
    uint32_t n, perm[8];
    int f;
    for (n = 7; n <= 8; n++) {
        FILE *in = tg_geng(n);
        char line[64];
        unsigned count = 0, i;
        if (in == NULL) {
            printf("test_graph_canon: nauty's geng is not installed: graphs on 7 and 8 vertices "
                   "skipped (those on up to 6 are checked)\n");
            return;
        }
        while (fgets(line, sizeof line, in) != NULL && count < 13000) {
            tg_graph_t t;
            sg_graph_t *g, *h;
            unsigned char a[8], b[8];
            size_t len = 0;
            CHECK(tg_graph6(&t, line));
            CHECK_EQ(t.n, n);
            g = tg_make(&t, NULL);
            tg_random_perm(perm, n);
            h = tg_make(&t, perm);
            for (f = 0; f < nforms(); f++) {
                len = bytes_of(g, forms[f], a, sizeof a);
                CHECK(bytes_of(h, forms[f], b, sizeof b) == len && memcmp(a, b, len) == 0);
                memcpy(forms_seen[f][count], a, len);
            }
            sg_graph_free(g);
            sg_graph_free(h);
            count++;
        }
        pclose(in);
        CHECK_EQ(count, n == 7 ? 1044 : 12346);
        {   /* distinct: sort and compare neighbours */
            size_t len = 2 + (n * (n - 1) / 2 + 7) / 8;
            unsigned dup = 0;
            for (f = 0; f < nforms(); f++) {
                qsort(forms_seen[f], count, 6, cmp_form);
                for (i = 1; i < count; i++)
                    dup += memcmp(forms_seen[f][i - 1], forms_seen[f][i], len) == 0;
            }
            CHECK_EQ(dup, 0);
        }
    }
}

int main(void)
{
    RUN(byte_form_as_documented);
    RUN(bad_arguments);
    RUN(every_small_graph);
    RUN(relabellings);
    RUN(geng_graphs);
    return TEST_REPORT();
}
