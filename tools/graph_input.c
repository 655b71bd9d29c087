/* The graphs of grundy node-kayles and arc-kayles: the named families (--grid RxC, --path N,
 * --cycle N, --petersen N,K, --queens N), a graph on stdin ('n m', then m lines 'u v'), and a
 * line of nauty's graph6 format. Each is built as a list of edges and handed to
 * sg_graph_create. */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"

#include <stdlib.h>

/* the edges being listed, two ends each */
typedef struct {
    uint32_t *ends;
    size_t n, cap;
} graph_edges_t;

static int edges_add(graph_edges_t *e, uint32_t u, uint32_t v)
{
    if (e->n == e->cap) {
        size_t cap = e->cap ? 2 * e->cap : 64;
        uint32_t *p;
        if (cap > SIZE_MAX / (2 * sizeof *p)) return SG_ENOMEM;
        p = (uint32_t *)realloc(e->ends, cap * 2 * sizeof *p);
        if (p == NULL) return SG_ENOMEM;
        e->ends = p;
        e->cap = cap;
    }
    e->ends[2 * e->n] = u;
    e->ends[2 * e->n + 1] = v;
    e->n++;
    return SG_OK;
}

/* "A" or "AxB" / "A,B": one or two decimal numbers; 0 on success */
static int graph_numbers(const char *s, char sep, uint64_t *a, uint64_t *b, int two)
{
    const char *why, *cut = strchr(s, sep);
    char head[32];
    size_t len;
    if (!two) return cli_parse_u64(s, a, &why) == 0 ? 0 : -1;
    if (cut == NULL || (len = (size_t)(cut - s)) == 0 || len >= sizeof head) return -1;
    memcpy(head, s, len);
    head[len] = '\0';
    return cli_parse_u64(head, a, &why) == 0 && cli_parse_u64(cut + 1, b, &why) == 0 ? 0 : -1;
}

static int graph_family(cli_t *c, graph_edges_t *e, uint64_t *order)
{
    const char *kind = c->graph_kind, *arg = c->graph_arg;
    uint64_t a = 0, b = 0, i, j, n;
    int st = SG_OK, two = strcmp(kind, "grid") == 0 || strcmp(kind, "petersen") == 0;
    if (graph_numbers(arg, strcmp(kind, "grid") == 0 ? 'x' : ',', &a, &b, two) != 0)
        return cli_error(c, CLI_USAGE, "--%s: '%.*s%s' is not %s", kind, CLI_ARG(arg),
                         strcmp(kind, "grid") == 0 ? "RxC (e.g. 3x12)"
                         : two ? "N,K (e.g. 5,2)" : "a number");
    if (strcmp(kind, "grid") == 0 && (a == 0 || b == 0))
        return cli_error(c, CLI_USAGE, "--grid %.*s%s: a side of 0 (R and C are at least 1)",
                         CLI_ARG(arg));
    if (strcmp(kind, "cycle") == 0 && a < 3)
        return cli_error(c, CLI_USAGE, "--cycle %.*s%s: a cycle has at least 3 vertices",
                         CLI_ARG(arg));
    n = strcmp(kind, "grid") == 0 ? (a && b && a <= SG_GRAPH_MAX_ORDER ? a * b : UINT64_MAX)
        : strcmp(kind, "petersen") == 0 ? (a <= SG_GRAPH_MAX_ORDER ? 2 * a : UINT64_MAX)
        : strcmp(kind, "queens") == 0 ? (a <= SG_GRAPH_MAX_ORDER ? a * a : UINT64_MAX) : a;
    if (n > SG_GRAPH_MAX_ORDER)
        return cli_error(c, CLI_FAIL, "--%s %.*s%s: more than %u vertices", kind, CLI_ARG(arg),
                         (unsigned)SG_GRAPH_MAX_ORDER);
    if (strcmp(kind, "petersen") == 0 && (a < 3 || b == 0 || 2 * b >= a))
        return cli_error(c, CLI_USAGE, "--petersen %.*s%s: N >= 3 and 0 < K < N/2", CLI_ARG(arg));
    *order = n;
    if (strcmp(kind, "grid") == 0) {
        for (i = 0; i < a && st == SG_OK; i++)
            for (j = 0; j < b && st == SG_OK; j++) {
                uint32_t v = (uint32_t)(i * b + j);
                if (j + 1 < b) st = edges_add(e, v, v + 1);
                if (i + 1 < a && st == SG_OK) st = edges_add(e, v, (uint32_t)(v + b));
            }
    } else if (strcmp(kind, "path") == 0 || strcmp(kind, "cycle") == 0) {
        for (i = 0; i + 1 < n && st == SG_OK; i++) st = edges_add(e, (uint32_t)i, (uint32_t)i + 1);
        if (strcmp(kind, "cycle") == 0 && st == SG_OK)
            st = edges_add(e, (uint32_t)n - 1, 0);
    } else if (strcmp(kind, "petersen") == 0) {
        /* outer cycle 0..N-1, spokes i -- N+i, inner N+i -- N+(i+K mod N) */
        for (i = 0; i < a && st == SG_OK; i++) {
            st = edges_add(e, (uint32_t)i, (uint32_t)((i + 1) % a));
            if (st == SG_OK) st = edges_add(e, (uint32_t)i, (uint32_t)(a + i));
            if (st == SG_OK) st = edges_add(e, (uint32_t)(a + i), (uint32_t)(a + (i + b) % a));
        }
    } else {
        /* queens: same row, column or diagonal */
        for (i = 0; i < n && st == SG_OK; i++)
            for (j = i + 1; j < n && st == SG_OK; j++) {
                int64_t ri = (int64_t)(i / a), ci = (int64_t)(i % a);
                int64_t rj = (int64_t)(j / a), cj = (int64_t)(j % a);
                if (ri == rj || ci == cj || ri - ci == rj - cj || ri + ci == rj + cj)
                    st = edges_add(e, (uint32_t)i, (uint32_t)j);
            }
    }
    return st == SG_OK ? CLI_OK : cli_lib_error(c, "graph", st);
}

/* 'n m' then m lines 'u v' on stdin; a malformed line is named (exit status 2) */
static int graph_stdin(cli_t *c, graph_edges_t *e, uint64_t *order)
{
    char line[256], *end;
    uint64_t lineno = 0, m = 0, k = 0, x, y;
    int head = 1;
    while (fgets(line, sizeof line, stdin) != NULL) {
        const char *p = line;
        lineno++;
        if (strchr(line, '\n') == NULL && !feof(stdin))
            return cli_error(c, CLI_USAGE, "line %llu: too long", (unsigned long long)lineno);
        while (*p == ' ' || *p == '\t') p++;
        if (*p == '\n' || *p == '\r' || *p == '\0') continue;
        if (*p < '0' || *p > '9') goto bad;
        x = strtoull(p, &end, 10);
        p = end;
        while (*p == ' ' || *p == '\t') p++;
        if (*p < '0' || *p > '9') goto bad;
        y = strtoull(p, &end, 10);
        p = end;
        while (*p == ' ' || *p == '\t' || *p == '\r') p++;
        if (*p != '\n' && *p != '\0') goto bad;
        if (head) {
            if (x > SG_GRAPH_MAX_ORDER)
                return cli_error(c, CLI_FAIL, "line 1: more than %u vertices",
                                 (unsigned)SG_GRAPH_MAX_ORDER);
            *order = x;
            m = y;
            head = 0;
            continue;
        }
        if (k == m)
            return cli_error(c, CLI_USAGE, "line %llu: more than %llu edge%s",
                             (unsigned long long)lineno, (unsigned long long)m, m == 1 ? "" : "s");
        if (x >= *order || y >= *order || x == y)
            return cli_error(c, CLI_USAGE, "line %llu: %s", (unsigned long long)lineno,
                             x == y ? "a loop (u = v)" : "a vertex out of range");
        if (edges_add(e, (uint32_t)x, (uint32_t)y) != SG_OK)
            return cli_lib_error(c, "graph", SG_ENOMEM);
        k++;
    }
    if (head) return cli_error(c, CLI_USAGE, "no graph on stdin (expected 'n m')");
    if (k < m)
        return cli_error(c, CLI_USAGE, "the input ends after %llu of %llu edge%s",
                         (unsigned long long)k, (unsigned long long)m, m == 1 ? "" : "s");
    return CLI_OK;
bad:
    return cli_error(c, CLI_USAGE, "line %llu: not two numbers (expected %s)",
                     (unsigned long long)lineno, head ? "'n m'" : "'u v'");
}

int cli_graph_read(cli_t *c, sg_graph_t **g, char *desc, size_t cap)
{
    graph_edges_t e = {NULL, 0, 0};
    uint64_t order = 0;
    int st;
    *g = NULL;
    if (c->graph_kind != NULL) {
        st = graph_family(c, &e, &order);
        snprintf(desc, cap, "%s %s", c->graph_kind, c->graph_arg);
    } else {
        st = graph_stdin(c, &e, &order);
        snprintf(desc, cap, "stdin");
    }
    if (st == CLI_OK) {
        int lib = sg_graph_create(g, (uint32_t)order, e.ends, e.n);
        if (lib != SG_OK) st = cli_lib_error(c, "sg_graph_create", lib);
    }
    free(e.ends);
    return st;
}

int cli_graph6(const char *line, sg_graph_t **g)
{
    const unsigned char *p = (const unsigned char *)line;
    graph_edges_t e = {NULL, 0, 0};
    uint64_t n, i, j, k = 0;
    size_t len = strlen(line), need;
    int st = SG_OK;
    *g = NULL;
    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r')) len--;
    if (len >= 1 && p[0] == '>') return SG_EINVAL;   /* a ">>graph6<<" header is not a graph */
    if (len >= 1 && p[0] >= 63 && p[0] <= 125) {
        n = (uint64_t)(p[0] - 63);
        p += 1;
        len -= 1;
    } else if (len >= 4 && p[0] == 126 && p[1] != 126) {
        n = 0;
        for (i = 1; i <= 3; i++) {
            if (p[i] < 63 || p[i] > 126) return SG_EINVAL;
            n = n << 6 | (uint64_t)(p[i] - 63);
        }
        p += 4;
        len -= 4;
    } else {
        return SG_EINVAL;
    }
    if (n > SG_GRAPH_MAX_ORDER) return SG_ERANGE;
    need = (size_t)((n * (n ? n - 1 : 0) / 2 + 5) / 6);
    if (len != need) return SG_EINVAL;
    for (j = 1; j < n && st == SG_OK; j++)
        for (i = 0; i < j && st == SG_OK; i++, k++) {
            unsigned byte = p[k / 6];
            if (byte < 63 || byte > 126) st = SG_EINVAL;
            else if (((byte - 63) >> (5 - k % 6)) & 1) st = edges_add(&e, (uint32_t)i, (uint32_t)j);
        }
    if (st == SG_OK) st = sg_graph_create(g, (uint32_t)n, e.ends, e.n);
    free(e.ends);
    return st;
}
