"""libsg.graphs: Node Kayles and Arc Kayles against a plain game search written here (a mex
over the sets of vertices left), on every graph on up to 5 vertices and on random graphs; the
winning moves checked by that search; canonical forms against relabelling."""

import functools
import itertools
import random
from typing import Dict, FrozenSet, List, Set, Tuple

import pytest

import libsg

Edge = Tuple[int, int]


def brute(n: int, edges: List[Edge], arc: bool) -> int:
    adj: Dict[int, Set[int]] = {v: set() for v in range(n)}
    for u, v in edges:
        adj[u].add(v)
        adj[v].add(u)

    @functools.lru_cache(maxsize=None)
    def value(left: FrozenSet[int]) -> int:
        seen = set()
        for v in left:
            if arc:
                for u in adj[v] & left:
                    if u > v:
                        seen.add(value(left - {u, v}))
            else:
                seen.add(value(left - adj[v] - {v}))
        m = 0
        while m in seen:
            m += 1
        return m

    return value(frozenset(range(n)))


def all_graphs(n: int) -> List[List[Edge]]:
    pairs = list(itertools.combinations(range(n), 2))
    return [[p for i, p in enumerate(pairs) if mask >> i & 1] for mask in range(1 << len(pairs))]


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4])
def test_every_small_graph(n: int) -> None:
    for edges in all_graphs(n):
        assert libsg.node_kayles(n, edges) == brute(n, edges, False), edges
        assert libsg.arc_kayles(n, edges) == brute(n, edges, True), edges


def test_random_graphs_and_moves() -> None:
    rng = random.Random(35)
    for _ in range(40):
        n = rng.randrange(5, 10)
        edges = [p for p in itertools.combinations(range(n), 2) if rng.random() < 0.35]
        nk, ak = brute(n, edges, False), brute(n, edges, True)
        assert libsg.node_kayles(n, edges) == nk
        assert libsg.arc_kayles(n, edges) == ak
        assert libsg.node_kayles_outcome(n, edges) == (nk != 0)
        assert libsg.arc_kayles_outcome(n, edges, 1) == (ak != 1)
        v = libsg.node_kayles_winning_move(n, edges)
        assert (v is None) == (nk == 0)
        if v is not None:
            gone = {v} | {b for a, b in edges if a == v} | {a for a, b in edges if b == v}
            keep = [x for x in range(n) if x not in gone]
            ren = {x: i for i, x in enumerate(keep)}
            rest = [(ren[a], ren[b]) for a, b in edges if a in ren and b in ren]
            assert brute(len(keep), rest, False) == 0
        e = libsg.arc_kayles_winning_move(n, edges)
        assert (e is None) == (ak == 0)
        if e is not None:
            assert e in edges
            keep = [x for x in range(n) if x not in e]
            ren = {x: i for i, x in enumerate(keep)}
            rest = [(ren[a], ren[b]) for a, b in edges if a in ren and b in ren]
            assert brute(len(keep), rest, True) == 0


def test_grid_a316632() -> None:
    # OEIS A316632: Node Kayles on the 3 x n grid, n = 1..8
    def grid(c: int) -> List[Edge]:
        out = []
        for r in range(3):
            for j in range(c):
                v = r * c + j
                if j + 1 < c:
                    out.append((v, v + 1))
                if r < 2:
                    out.append((v, v + c))
        return out
    assert [libsg.node_kayles(3 * c, grid(c)) for c in range(1, 9)] == [2, 1, 1, 0, 3, 3, 2, 2]


def test_canonical_forms() -> None:
    rng = random.Random(7)
    forms = [libsg.GRAPH_BUILTIN] + ([libsg.GRAPH_NAUTY] if libsg.has_nauty() else [])
    for _ in range(20):
        n = rng.randrange(2, 12)
        edges = [p for p in itertools.combinations(range(n), 2) if rng.random() < 0.4]
        perm = list(range(n))
        rng.shuffle(perm)
        moved = [(perm[a], perm[b]) for a, b in edges]
        for form in forms:
            assert libsg.graph_bytes(n, edges, form) == libsg.graph_bytes(n, moved, form)
    labelled = libsg.graph_bytes(3, [(0, 1)], libsg.GRAPH_LABELLED)
    assert labelled == bytes([3, 0, 1])


def test_bad_arguments() -> None:
    with pytest.raises(libsg.InvalidArgumentError):
        libsg.node_kayles(2, [(0, 2)])
    with pytest.raises(libsg.InvalidArgumentError):
        libsg.arc_kayles(2, [(1, 1)])
    with pytest.raises(libsg.InvalidArgumentError):
        libsg.node_kayles(-1, [])
