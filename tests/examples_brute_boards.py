"""Independent answers for the examples played on boards and graphs (wythoff_big, wythoff,
graph_game, hackenbush, cram, node_kayles), written plainly from the games' rules. Each decides
positions by the definition itself (a position is lost for the player to move when every move
leads to a won position), searching the whole position, so it does not rely on the Sprague-Grundy
theorem, the XOR rule or the library; where that would be too slow, the reference says so and
uses the mex definition per component plus XOR, computed here without the library."""
import functools
import math

from examples_brute_common import mex


# ---- wythoff_big: Wythoff's game on two heaps, the outcome ---------------------------------

@functools.lru_cache(maxsize=None)
def wythoff_wins(x, y):
    moves = [(x - k, y) for k in range(1, x + 1)] + [(x, y - k) for k in range(1, y + 1)]
    moves += [(x - k, y - k) for k in range(1, min(x, y) + 1)]
    return any(not wythoff_wins(a, b) for a, b in moves)


def ref_wythoff_big(text):
    x, y = map(int, text.split())
    if max(x, y) <= 40:
        win = wythoff_wins(x, y)
    else:
        # too big to search: the P-positions (a_k, a_k + k), a_k = floor(k phi), in integers
        lo, hi = min(x, y), max(x, y)
        k = hi - lo
        win = (k + math.isqrt(5 * k * k)) // 2 != lo
    return "%d\n" % win


def gen_wythoff_big(rng):
    if rng.random() < 0.6:
        return "%d %d\n" % (rng.randint(0, 40), rng.randint(0, 40))
    k = rng.randint(0, 10 ** 17)
    a = (k + math.isqrt(5 * k * k)) // 2
    if rng.random() < 0.5:
        x, y = a, a + k
    else:
        x, y = rng.randint(0, 10 ** 18), rng.randint(0, 10 ** 18)
    return "%d %d\n" % (x, y)

# ---- wythoff: queens moving left, down or diagonally ---------------------------------------

def queen_moves(x, y):
    for d in range(1, x + 1):
        yield x - d, y
    for d in range(1, y + 1):
        yield x, y - d
    for d in range(1, min(x, y) + 1):
        yield x - d, y - d


@functools.lru_cache(maxsize=None)
def queens_win(state):
    """Whole-position search over a sorted tuple of squares."""
    for i, (x, y) in enumerate(state):
        for sq in queen_moves(x, y):
            if not queens_win(tuple(sorted(state[:i] + (sq,) + state[i + 1:]))):
                return True
    return False


@functools.lru_cache(maxsize=None)
def queen_value(x, y):
    return mex({queen_value(a, b) for a, b in queen_moves(x, y)})


def wythoff_p(x, y):
    """Wythoff's P-positions: (floor(k*phi), floor(k*phi) + k), exact in integers."""
    x, y = min(x, y), max(x, y)
    k = y - x
    return x == (k + math.isqrt(5 * k * k)) // 2


def ref_wythoff(text):
    t = list(map(int, text.split()))
    pos = 1
    out = []
    for _ in range(t[0]):
        k = t[pos]
        squares = [(t[pos + 1 + 2 * i], t[pos + 2 + 2 * i]) for i in range(k)]
        pos += 1 + 2 * k
        if k == 1:
            first = not wythoff_p(*squares[0])
            if max(squares[0]) <= 30:
                assert first == queens_win(tuple(squares)), "Beatty formula disagrees"
        elif k == 2 and max(max(s) for s in squares) <= 7:
            first = queens_win(tuple(sorted(squares)))
        else:   # larger sums: mex per queen (computed here) and XOR
            v = 0
            for s in squares:
                v ^= queen_value(*s)
            first = v != 0
        out.append("First\n" if first else "Second\n")
    return "".join(out)


def gen_wythoff(rng):
    games = rng.randint(1, 4)
    lines = [str(games)]
    for _ in range(games):
        kind = rng.randint(0, 2)
        if kind == 0:
            squares = [(rng.randint(0, 300), rng.randint(0, 300))]
        elif kind == 1:
            squares = [(rng.randint(0, 7), rng.randint(0, 7)) for _ in range(2)]
        else:
            squares = [(rng.randint(0, 25), rng.randint(0, 25)) for _ in range(rng.randint(1, 4))]
        lines.append(str(len(squares)))
        lines.extend("%d %d" % s for s in squares)
    return "\n".join(lines) + "\n"

# ---- graph_game: tokens on a directed graph with cycles; win, lose or draw --------------------

def graph_rounds(states, succ):
    """Plain game search with draws over a finite set of states: 'W', 'L' or 'D' for each.
    Round by round: a state is lost when every move leads to a state already won, won when
    some move leads to a state already lost; what is never decided is a draw."""
    res = {}
    changed = True
    while changed:
        changed = False
        for s in states:
            if s in res:
                continue
            opts = succ(s)
            if any(res.get(t) == "L" for t in opts):
                res[s] = "W"
                changed = True
            elif all(res.get(t) == "W" for t in opts):
                res[s] = "L"
                changed = True
    return {s: res.get(s, "D") for s in states}


def ref_graph_game(text):
    t = list(map(int, text.split()))
    n, m = t[0], t[1]
    adj = [[] for _ in range(n + 1)]
    for i in range(m):
        adj[t[2 + 2 * i]].append(t[3 + 2 * i])
    pos = 2 + 2 * m
    q = t[pos]
    pos += 1
    queries = []
    for _ in range(q):
        k = t[pos]
        queries.append(tuple(sorted(t[pos + 1:pos + 1 + k])))
        pos += 1 + k
    # the whole position: the sorted tuple of the tokens' vertices, every reachable one
    memo = {}
    out = []
    for start in queries:
        if start not in memo:
            seen = {start}
            stack = [start]
            while stack:
                s = stack.pop()
                for i, u in enumerate(s):
                    for v in adj[u]:
                        nxt = tuple(sorted(s[:i] + (v,) + s[i + 1:]))
                        if nxt not in seen:
                            seen.add(nxt)
                            stack.append(nxt)

            def succ(s):
                return {tuple(sorted(s[:i] + (v,) + s[i + 1:]))
                        for i, u in enumerate(s) for v in adj[u]}
            memo.update(graph_rounds(sorted(seen), succ))
        out.append({"W": "First\n", "L": "Second\n", "D": "Draw\n"}[memo[start]])
    return "".join(out)


def gen_graph_game(rng):
    n = rng.randint(1, 6)
    m = rng.randint(0, 10)
    edges = [(rng.randint(1, n), rng.randint(1, n)) for _ in range(m)]
    qs = []
    for _ in range(rng.randint(1, 6)):
        k = rng.randint(1, 3)
        qs.append([rng.randint(1, n) for _ in range(k)])
    return "%d %d\n%s%d\n%s" % (n, m, "".join("%d %d\n" % e for e in edges), len(qs),
                                "".join("%d %s\n" % (len(x), " ".join(map(str, x))) for x in qs))

# ---- hackenbush: a picture on the ground; the first edge whose erasure wins -----------------

def ref_hackenbush(text):
    t = list(map(int, text.split()))
    n, m = t[0], t[1]
    edges = [(t[2 + 2 * i], t[3 + 2 * i]) for i in range(m)]

    def grounded(kept):
        reach, out, grew = {0}, set(), True
        while grew:
            grew = False
            for e in kept:
                if e not in out and (edges[e][0] in reach or edges[e][1] in reach):
                    out.add(e)
                    reach |= set(edges[e])
                    grew = True
        return frozenset(out)

    @functools.lru_cache(maxsize=None)
    def wins(kept):
        return any(not wins(grounded(kept - {e})) for e in kept)

    everything = grounded(frozenset(range(m)))
    for e in range(m):
        if e in everything and not wins(grounded(everything - {e})):
            return "First %d\n" % (e + 1)
    return "Second\n"


def gen_hackenbush(rng):
    n = rng.randint(1, 5)
    m = rng.randint(0, 8)
    return "%d %d\n%s" % (n, m, "".join("%d %d\n" % (rng.randrange(n), rng.randrange(n))
                                        for _ in range(m)))


# ---- cram: dominoes on boards; the first winning domino across, then down ---------------------

def ref_cram(text):
    words = text.split()
    q, pos, out = int(words[0]), 1, []
    for _ in range(q):
        r, c = int(words[pos]), int(words[pos + 1])
        rows = words[pos + 2:pos + 2 + r]
        pos += 2 + r
        empty = sum(1 << (i * c + j) for i in range(r) for j in range(c) if rows[i][j] == ".")

        def dominoes(e):
            across = [(i, 1, "R") for i in range(r * c) if i % c + 1 < c and e >> i & 3 == 3]
            down = [(i, c, "D") for i in range(r * c - c) if e >> i & 1 and e >> (i + c) & 1]
            return across + down

        @functools.lru_cache(maxsize=None)
        def wins(e):
            return any(not wins(e & ~(1 << i | 1 << (i + d))) for i, d, _ in dominoes(e))

        for i, d, way in dominoes(empty):
            if not wins(empty & ~(1 << i | 1 << (i + d))):
                out.append("First %d %d %s\n" % (i // c + 1, i % c + 1, way))
                break
        else:
            out.append("Second\n")
    return "".join(out)


def gen_cram(rng):
    q = rng.randint(1, 3)
    text = "%d\n" % q
    for _ in range(q):
        r, c = rng.randint(1, 4), rng.randint(1, 4)
        text += "%d %d\n" % (r, c)
        for _ in range(r):
            text += "".join("#" if rng.random() < 0.2 else "." for _ in range(c)) + "\n"
    return text


# ---- node_kayles: take a vertex and its neighbours; the smallest winning vertex ---------------

def ref_node_kayles(text):
    t = list(map(int, text.split()))
    q, pos, out = t[0], 1, []
    for _ in range(q):
        n, m = t[pos], t[pos + 1]
        near = [1 << v for v in range(n)]   # each vertex with its neighbours, as bitmasks
        for i in range(m):
            u, v = t[pos + 2 + 2 * i] - 1, t[pos + 3 + 2 * i] - 1
            near[u] |= 1 << v
            near[v] |= 1 << u
        pos += 2 + 2 * m

        @functools.lru_cache(maxsize=None)
        def wins(left):
            return any(left >> v & 1 and not wins(left & ~near[v]) for v in range(n))

        whole = (1 << n) - 1
        for v in range(n):
            if not wins(whole & ~near[v]):
                out.append("First %d\n" % (v + 1))
                break
        else:
            out.append("Second\n")
    return "".join(out)


def gen_node_kayles(rng):
    q = rng.randint(1, 3)
    text = "%d\n" % q
    for _ in range(q):
        n = rng.randint(1, 9)
        edges = [(u, v) for u in range(1, n + 1) for v in range(u + 1, n + 1)
                 if rng.random() < 0.3]
        edges += edges[:rng.randint(0, 1)]   # an edge given twice
        text += "%d %d\n" % (n, len(edges))
        text += "".join("%d %d\n" % ((u, v) if rng.random() < 0.5 else (v, u))
                        for u, v in edges)
    return text


def ref_arc_kayles(text):
    t = list(map(int, text.split()))
    q, pos, out = t[0], 1, []
    for _ in range(q):
        n, m = t[pos], t[pos + 1]
        edges = set()
        for i in range(m):
            u, v = t[pos + 2 + 2 * i] - 1, t[pos + 3 + 2 * i] - 1
            edges.add((min(u, v), max(u, v)))
        edges = sorted(edges)
        pos += 2 + 2 * m

        # a position is the set of vertices left; a move takes an edge with both ends left
        @functools.lru_cache(maxsize=None)
        def wins(left):
            return any(left >> u & 1 and left >> v & 1 and not wins(left & ~(1 << u | 1 << v))
                       for u, v in edges)

        whole = (1 << n) - 1
        for u, v in edges:
            if not wins(whole & ~(1 << u | 1 << v)):
                out.append("First %d %d\n" % (u + 1, v + 1))
                break
        else:
            out.append("Second\n")
    return "".join(out)


def gen_arc_kayles(rng):
    return gen_node_kayles(rng)
