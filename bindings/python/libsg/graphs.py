"""Graph games: Node Kayles and Arc Kayles on any simple graph, and canonical forms of graphs.

    node_kayles(n, edges), node_kayles_outcome(n, edges, k), node_kayles_winning_move(n, edges)
    arc_kayles(n, edges), arc_kayles_outcome(n, edges, k), arc_kayles_winning_move(n, edges)
    graph_bytes(n, edges, form), has_nauty()

A graph is its number of vertices n (0 .. n-1) and its edges, pairs (u, v) with u != v. In Node
Kayles a move takes a vertex and its neighbours away, in Arc Kayles an edge's two ends; the
player who cannot move loses. The values are exact: components are valued apart, each keyed by
a canonical form of the graph (sg_node_kayles(3)).
"""

from __future__ import annotations

import ctypes
from typing import Any, Iterable, Optional, Sequence, Tuple

from ._lib import (_sg_arc_kayles_outcome, _sg_arc_kayles_value, _sg_arc_kayles_winning_move,
                   _sg_graph_bytes, _sg_graph_create, _sg_graph_free, _sg_graph_has_nauty,
                   _sg_node_kayles_outcome, _sg_node_kayles_value, _sg_node_kayles_winning_move,
                   _p, _size, _u32)
from ._core import _check, _need
from .errors import EINVAL, InvalidArgumentError

__all__ = ["GRAPH_LABELLED", "GRAPH_CANONICAL", "GRAPH_BUILTIN", "GRAPH_NAUTY", "has_nauty",
           "graph_bytes", "node_kayles", "node_kayles_outcome", "node_kayles_winning_move",
           "arc_kayles", "arc_kayles_outcome", "arc_kayles_winning_move"]

#: Forms of graph_bytes (SG_GRAPH_*): as labelled, canonical (nauty's when the library has it),
#: the built-in canonical form, nauty's.
GRAPH_LABELLED, GRAPH_CANONICAL, GRAPH_BUILTIN, GRAPH_NAUTY = 0, 1, 2, 3


class _Graph:
    """An sg_graph_t made from n and edges, freed on leaving a with block."""

    def __init__(self, n: int, edges: Iterable[Sequence[int]], function: str) -> None:
        _need(_sg_graph_create, "graph games")
        if not isinstance(n, int) or n < 0:
            raise InvalidArgumentError(EINVAL, function, "n must be a non-negative int")
        pairs = [tuple(e) for e in edges]
        for e in pairs:
            if len(e) != 2 or not all(isinstance(x, int) and 0 <= x < n for x in e):
                raise InvalidArgumentError(EINVAL, function,
                                           "an edge is two vertices below n: %r" % (e,))
        ends = (_u32 * (2 * len(pairs) + 1))(*[x for e in pairs for x in e])
        self.handle = _p()
        _check(_sg_graph_create(ctypes.byref(self.handle), n, ends, len(pairs)), function)

    def __enter__(self) -> "_Graph":
        return self

    def __exit__(self, *exc: object) -> None:
        _sg_graph_free(self.handle)
        self.handle = _p()


def has_nauty() -> bool:
    """Whether the library was built with nauty's canonical labelling."""
    _need(_sg_graph_has_nauty, "graph games")
    return bool(_sg_graph_has_nauty())


def graph_bytes(n: int, edges: Iterable[Sequence[int]], form: int = GRAPH_CANONICAL) -> bytes:
    """The byte form of the graph (sg_graph(3)): as labelled, or a canonical form, the same for
    two graphs exactly when they are isomorphic."""
    f = "sg_graph_bytes"
    with _Graph(n, edges, f) as g:
        need = _size()
        _sg_graph_bytes(g.handle, form, None, 0, ctypes.byref(need))
        buf = ctypes.create_string_buffer(max(int(need.value), 1))
        _check(_sg_graph_bytes(g.handle, form, buf, len(buf), ctypes.byref(need)), f)
        return buf.raw[:int(need.value)]


def _value(fn: Any, f: str, n: int, edges: Iterable[Sequence[int]]) -> int:
    with _Graph(n, edges, f) as g:
        v = _u32()
        _check(fn(g.handle, None, ctypes.byref(v)), f)
        return int(v.value)


def _outcome(fn: Any, f: str, n: int, edges: Iterable[Sequence[int]], k: int) -> bool:
    with _Graph(n, edges, f) as g:
        w = ctypes.c_int()
        _check(fn(g.handle, k, None, ctypes.byref(w)), f)
        return bool(w.value)


def node_kayles(n: int, edges: Iterable[Sequence[int]]) -> int:
    """The Node Kayles value of the graph."""
    return _value(_sg_node_kayles_value, "sg_node_kayles_value", n, edges)


def arc_kayles(n: int, edges: Iterable[Sequence[int]]) -> int:
    """The Arc Kayles value of the graph."""
    return _value(_sg_arc_kayles_value, "sg_arc_kayles_value", n, edges)


def node_kayles_outcome(n: int, edges: Iterable[Sequence[int]], k: int = 0) -> bool:
    """True when the graph plus a Nim heap of k is a win for the player to move (Node Kayles),
    by the outcome search, which often reads far fewer positions than the value."""
    return _outcome(_sg_node_kayles_outcome, "sg_node_kayles_outcome", n, edges, k)


def arc_kayles_outcome(n: int, edges: Iterable[Sequence[int]], k: int = 0) -> bool:
    """As node_kayles_outcome, for Arc Kayles."""
    return _outcome(_sg_arc_kayles_outcome, "sg_arc_kayles_outcome", n, edges, k)


def node_kayles_winning_move(n: int, edges: Iterable[Sequence[int]]) -> Optional[int]:
    """A vertex whose move (it and its neighbours taken) leaves value 0; None for a P-position."""
    f = "sg_node_kayles_winning_move"
    with _Graph(n, edges, f) as g:
        v = _u32()
        if _check(_sg_node_kayles_winning_move(g.handle, None, ctypes.byref(v)), f) == 0:
            return None
        return int(v.value)


def arc_kayles_winning_move(n: int, edges: Iterable[Sequence[int]]) -> Optional[Tuple[int, int]]:
    """An edge (u, v), u < v, whose move leaves value 0; None for a P-position."""
    f = "sg_arc_kayles_winning_move"
    with _Graph(n, edges, f) as g:
        u, v = _u32(), _u32()
        if _check(_sg_arc_kayles_winning_move(g.handle, None, ctypes.byref(u),
                                              ctypes.byref(v)), f) == 0:
            return None
        return (int(u.value), int(v.value))
