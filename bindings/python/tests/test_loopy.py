"""Games with cycles (libsg.Loopy) against plain game searches on small random graphs: the
generalised Sprague-Grundy value by Smith's labelling written step by step, outcomes and
remoteness by retrograde analysis, and sums by search over the product graph."""

import os
import random
import signal
import threading
from typing import Dict, List, Optional, Tuple, Union

import pytest

import libsg

Graph = List[List[int]]   # options of each position, in order


def random_graph(rng: random.Random, n: int, m: int) -> Graph:
    g: Graph = [[] for _ in range(n)]
    for _ in range(m):
        g[rng.randrange(n)].append(rng.randrange(n))
    return g


def brute_values(g: Graph) -> List[Union[int, libsg.Infinite]]:
    """Smith's generalised SG function, labelled stage by stage as Fraenkel states it: at stage
    m, label m each unlabelled u with no option labelled m whose every option that is unlabelled
    or infinite has an option labelled m (repeat while one is found); then label infinite each
    unlabelled u with no option labelled m. K of an infinite u: its options' finite labels."""
    n = len(g)
    label: List[Optional[int]] = [None] * n
    INF = -1
    m = 0
    while any(x is None for x in label):
        changed = True
        while changed:
            changed = False
            for u in range(n):
                if label[u] is not None or any(label[v] == m for v in g[u]):
                    continue
                if all(any(label[w] == m for w in g[v])
                       for v in g[u] if label[v] is None or label[v] == INF):
                    label[u] = m
                    changed = True
        for u in range(n):
            if label[u] is None and not any(label[v] == m for v in g[u]):
                label[u] = INF
        m += 1
    out: List[Union[int, libsg.Infinite]] = []
    for u in range(n):
        lu = label[u]
        assert lu is not None
        if lu == INF:
            out.append(libsg.Infinite({label[v] for v in g[u] if label[v] != INF}))  # type: ignore
        else:
            out.append(lu)
    return out


def brute_outcomes(options: Dict[object, List[object]]) -> Dict[object, str]:
    """N, P, D by the plain fixpoint: P when every option is N (no option included), N when
    some option is P; what is never decided is a draw."""
    out: Dict[object, str] = {}
    changed = True
    while changed:
        changed = False
        for u, opts in options.items():
            if u in out:
                continue
            if any(out.get(v) == "P" for v in opts):
                out[u] = "N"
                changed = True
            elif all(out.get(v) == "N" for v in opts):
                out[u] = "P"
                changed = True
    return {u: out.get(u, "D") for u in options}


def brute_remoteness(g: Graph) -> List[Optional[int]]:
    """Round r labels N-positions (r odd) with a P-option labelled r - 1, and P-positions (r
    even) all of whose options are labelled; two empty rounds in a row end it."""
    n = len(g)
    rem: List[Optional[int]] = [None] * n
    for u in range(n):
        if not g[u]:
            rem[u] = 0
    r, empty = 1, 0
    while empty < 2:
        new = []
        for u in range(n):
            if rem[u] is not None:
                continue
            if r % 2 and any(rem[v] == r - 1 for v in g[u]):
                new.append(u)
            if r % 2 == 0 and all(rem[v] is not None and rem[v] % 2 for v in g[u]):  # type: ignore
                new.append(u)
        for u in new:
            rem[u] = r
        empty = 0 if new else empty + 1
        r += 1
    return rem


def sum_options(g: Graph, pos: Tuple[int, ...]) -> List[Tuple[int, ...]]:
    return [pos[:i] + (v,) + pos[i + 1:] for i, u in enumerate(pos) for v in g[u]]


def product_outcomes(g: Graph, k: int) -> Dict[object, str]:
    n = len(g)
    states: List[Tuple[int, ...]] = [()]
    for _ in range(k):
        states = [s + (u,) for s in states for u in range(n)]
    return brute_outcomes({s: list(sum_options(g, s)) for s in states})


def check_against_brute(loopy: "libsg.Loopy[int]", g: Graph) -> None:
    n = len(g)
    values = brute_values(g)
    outcomes = brute_outcomes({u: list(g[u]) for u in range(n)})
    rem = brute_remoteness(g)
    assert len(loopy) == n
    for u in range(n):
        assert loopy.value(u) == values[u], (g, u)
        assert loopy[u] == values[u]
        assert loopy.outcome(u) == outcomes[u]
        assert loopy.remoteness(u) == rem[u]
        assert loopy.k(u) == sorted({x for x in (values[v] for v in g[u]) if isinstance(x, int)})
        move = loopy.winning_move([u])
        if outcomes[u] == "N":
            assert move is not None and move.component == 0
            assert g[u][move.option] == move.target and outcomes[move.target] == "P"
            assert rem[move.target] == rem[u] - 1   # type: ignore[operator]
        else:
            assert move is None
    for k in (2, 3) if n <= 5 else (2,):
        prod = product_outcomes(g, k)
        for pos, o in prod.items():
            assert isinstance(pos, tuple)
            assert loopy.sum_outcome(list(pos)) == o, (g, pos)
            move = loopy.winning_move(list(pos))
            if o == "N":
                assert move is not None
                assert g[pos[move.component]][move.option] == move.target
                after = pos[:move.component] + (move.target,) + pos[move.component + 1:]
                assert prod[after] == "P"
            else:
                assert move is None


def test_random_graphs_against_brute_force() -> None:
    rng = random.Random(2026)
    for trial in range(150):
        n = rng.randint(1, 7)
        g = random_graph(rng, n, rng.randint(0, 2 * n + 2))
        edges = [(u, v) for u in range(n) for v in g[u]]
        with libsg.Loopy(lambda u: g[u], n) as a:
            check_against_brute(a, g)
        b = libsg.Loopy.from_edges(n, edges)
        check_against_brute(b, g)
        b.close()
        offsets = [0]
        for u in range(n):
            offsets.append(offsets[-1] + len(g[u]))
        c = libsg.Loopy.from_graph(n, offsets, [v for u in range(n) for v in g[u]])
        assert [c.value(u) for u in range(n)] == brute_values(g)
        assert c.states() == list(range(n))


def test_capped_build_and_a_long_cycle() -> None:
    n = 5000
    with libsg.Loopy(lambda u: [(u + 1) % n], n, max_bytes=1 << 20) as a:
        assert a.outcome(17) == "D" and a.remoteness(17) is None
        assert a.value(0) == libsg.Infinite() and str(a.value(0)) == "inf()"
        assert a.bytes > 0
    chain = libsg.Loopy(lambda u: [u + 1] if u + 1 < n else [], n)
    assert chain.remoteness(0) == n - 1 and chain.value(0) == (n - 1) % 2
    with pytest.raises(libsg.OutOfMemoryError):
        libsg.Loopy(lambda u: [u], 10 ** 6, max_bytes=4096)


def test_explore_hashable_states() -> None:
    # a token on a cycle of 6 with a chord; states are tuples, compared with the int graph
    def rule(s: Tuple[str, int]) -> List[Tuple[str, int]]:
        i = s[1]
        return [("c", (i + 1) % 6)] + ([("c", 0)] if i == 3 else []) + \
            ([("end", 0)] if i == 5 else []) if s[0] == "c" else []
    e = libsg.Loopy.explore(("c", 0), rule)
    states = e.states()
    assert states[0] == ("c", 0) and len(states) == len(e) == 7
    index = {s: i for i, s in enumerate(states)}
    g = [[index[o] for o in rule(s)] for s in states]
    values = brute_values(g)
    outcomes = brute_outcomes({u: list(g[u]) for u in range(len(g))})
    for s, i in index.items():
        assert e.value(s) == values[i] and e.outcome(s) == outcomes[i]
        assert e.state(i) == s
    win = e.winning_move([("c", 5)])
    assert win == libsg.LoopyMove(0, 1, ("end", 0))
    with pytest.raises(libsg.RangeError) as cm:
        e.value(("c", 99))
    assert "not reached" in str(cm.value)
    with pytest.raises(libsg.OutOfMemoryError):
        libsg.Loopy.explore(0, lambda k: [k + 1], max_bytes=1 << 16)


def test_contest_style_draws() -> None:
    # a directed graph where a token moves along edges; whoever cannot move loses
    edges = [(0, 1), (1, 2), (2, 0), (2, 3), (4, 5), (5, 4), (6, 7)]
    g = libsg.Loopy.from_edges(8, edges)
    # 3 and 7 have no move: P; 2 and 6 move there: N; 1 must move to 2: P; 0 moves to 1: N;
    # 4 and 5 only move to each other: drawn
    assert [g.outcome(u) for u in range(8)] == ["N", "P", "N", "P", "D", "D", "N", "P"]
    assert [g.remoteness(u) for u in range(8)] == [3, 2, 1, 0, None, None, 1, 0]
    assert g.sum_outcome([]) == "P"
    graph: Graph = [[] for _ in range(8)]
    for u, v in edges:
        graph[u].append(v)
    prod = product_outcomes(graph, 2)
    assert prod[(2, 6)] == g.sum_outcome([2, 6]) == "N"   # values 2 and 1
    assert prod[(0, 4)] == g.sum_outcome([0, 4]) == "D"
    assert g.winning_move([0]) == libsg.LoopyMove(0, 0, 1)


def test_bad_input() -> None:
    with pytest.raises(libsg.RangeError) as cm:
        libsg.Loopy(lambda u: [5], 3)
    assert cm.value.function == "sg_loopy_build" and "range(3)" in str(cm.value)
    with pytest.raises(libsg.RangeError):
        libsg.Loopy.from_edges(3, [(0, 3)])
    with pytest.raises(libsg.RangeError):
        libsg.Loopy.from_graph(2, [0, 1, 1], [2])
    with pytest.raises(libsg.InvalidArgumentError):
        libsg.Loopy.from_graph(2, [0, 2, 1], [0, 1])
    with pytest.raises(libsg.InvalidArgumentError):
        libsg.Loopy.from_graph(2, [0, 1], [0])
    with pytest.raises(libsg.InvalidArgumentError):
        libsg.Loopy.from_graph(1, [0, 3], [0])
    with pytest.raises(ValueError):
        libsg.Loopy(lambda u: [-1], 3)
    with pytest.raises(TypeError):
        libsg.Loopy(lambda u: [libsg.Sum(1, 2)], 3)   # type: ignore[list-item]
    with pytest.raises(TypeError):
        libsg.Loopy(5, 3)   # type: ignore[arg-type]
    with pytest.raises(libsg.OutOfMemoryError):
        libsg.Loopy(lambda u: [], 2 ** 40)
    with pytest.raises(libsg.OutOfMemoryError) as cm3:
        libsg.Loopy.from_edges(2 ** 40, [])
    assert "2**32 - 17" in str(cm3.value)

    def boom(u: int) -> List[int]:
        raise KeyError(u)
    with pytest.raises(KeyError):
        libsg.Loopy(boom, 3)
    with pytest.raises(KeyError):
        libsg.Loopy.explore("a", lambda s: [str(v) for v in boom(1)])
    g = libsg.Loopy(lambda u: [u], 3)
    with pytest.raises(libsg.RangeError):
        g.value(3)
    with pytest.raises(libsg.RangeError):
        g.outcome(2 ** 63)
    with pytest.raises(libsg.RangeError):
        g.sum_outcome([0, 7])
    with pytest.raises(libsg.RangeError):
        g.winning_move([9])
    with pytest.raises(libsg.RangeError):
        g.state(3)
    with pytest.raises(libsg.RangeError):
        g.k(3)
    with pytest.raises(ValueError):
        g.remoteness(-1)
    g.close()
    g.close()
    with pytest.raises(ValueError):
        g.value(0)
    empty = libsg.Loopy(lambda u: [], 0)
    assert len(empty) == 0 and empty.states() == [] and empty.sum_outcome([]) == "P"


def test_ctrl_c_stops_a_build() -> None:
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal,
                                                                                "pthread_kill"):
        pytest.skip("needs the main thread and pthread_kill")
    calls = [0]

    def rule(u: int) -> List[int]:
        calls[0] += 1
        if calls[0] == 100:
            os.kill(os.getpid(), signal.SIGINT)
        return [(u + 1) % 10 ** 6]
    # Python's own handler, even where SIGINT was ignored when the tests started (nohup, a
    # background job of a shell without job control)
    was = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            libsg.Loopy(rule, 10 ** 6)
    finally:
        signal.signal(signal.SIGINT, was)
    assert calls[0] < 10 ** 5
