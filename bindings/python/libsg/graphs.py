"""Graph games: Node Kayles and Arc Kayles on any simple graph, and canonical forms of graphs.

    node_kayles(n, edges), node_kayles_outcome(n, edges, k), node_kayles_winning_move(n, edges)
    arc_kayles(n, edges), arc_kayles_outcome(n, edges, k), arc_kayles_winning_move(n, edges)
    NodeKaylesStore(form=GRAPH_CANONICAL, max_bytes=0), ArcKaylesStore(...)  # store=, each
    graph_bytes(n, edges, form), has_nauty()

A graph is its number of vertices n (0 .. n-1) and its edges, pairs (u, v) with u != v. In Node
Kayles a move takes a vertex and its neighbours away, in Arc Kayles an edge's two ends; the
player who cannot move loses. The values are exact: components are valued apart, each keyed by
a canonical form of the graph (sg_node_kayles(3)). Each query takes store=, a store of its game
that keeps what it learns for the next (stats(), save(path), load(path)); None: one for the call.
"""

from __future__ import annotations

import ctypes
from typing import Any, Iterable, Optional, Sequence, Tuple, Type

from ._lib import (_sg_arc_kayles_outcome, _sg_arc_kayles_store, _sg_arc_kayles_value,
                   _sg_arc_kayles_winning_move, _sg_graph_bytes, _sg_graph_create, _sg_graph_free,
                   _sg_graph_has_nauty, _sg_node_kayles_outcome, _sg_node_kayles_store,
                   _sg_node_kayles_value, _sg_node_kayles_winning_move, _p, _size, _u32)
from ._core import _check, _index, _need
from ._store import _Store, _query
from .errors import EINVAL, InvalidArgumentError

__all__ = ["GRAPH_LABELLED", "GRAPH_CANONICAL", "GRAPH_BUILTIN", "GRAPH_NAUTY", "has_nauty",
           "graph_bytes", "node_kayles", "node_kayles_outcome", "node_kayles_winning_move",
           "arc_kayles", "arc_kayles_outcome", "arc_kayles_winning_move", "NodeKaylesStore",
           "ArcKaylesStore"]

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


class _GraphStore(_Store):
    """A store of a game on graphs (NodeKaylesStore, ArcKaylesStore)."""

    _create: Any
    _function: str

    def __init__(self, form: int = GRAPH_CANONICAL, max_bytes: int = 0) -> None:
        _need(self._create, "graph games")
        self._open(self._create, self._function, max_bytes, _index(form, "form"))


class NodeKaylesStore(_GraphStore):
    """A store of Node Kayles (sg_node_kayles_store): the components already valued, keyed by
    their canonical form (form: GRAPH_CANONICAL, GRAPH_BUILTIN or GRAPH_NAUTY), kept for the
    next query; max_bytes caps its memory (0: none; a query past it raises OutOfMemoryError,
    the store stays usable); stats(), save(path), load(path) as a Store's."""

    _name, _kind = "NodeKaylesStore", "Node Kayles store"
    _create, _function = staticmethod(_sg_node_kayles_store), "sg_node_kayles_store"


class ArcKaylesStore(_GraphStore):
    """A store of Arc Kayles (sg_arc_kayles_store), as NodeKaylesStore."""

    _name, _kind = "ArcKaylesStore", "Arc Kayles store"
    _create, _function = staticmethod(_sg_arc_kayles_store), "sg_arc_kayles_store"


_Kind = Type[_GraphStore]


def _on(kind: _Kind, store: Optional[_GraphStore], f: str, n: int,
        edges: Iterable[Sequence[int]], call: Any) -> int:
    """call(graph, store's handle): on store (a `kind`), or on one made for the call."""
    with _Graph(n, edges, f) as g:
        return _query(kind, store, lambda h: call(g.handle, h), f)


def _value(kind: _Kind, fn: Any, f: str, n: int, edges: Iterable[Sequence[int]],
           store: Optional[_GraphStore]) -> int:
    v = _u32()
    _on(kind, store, f, n, edges, lambda g, h: fn(g, h, ctypes.byref(v)))
    return int(v.value)


def _outcome(kind: _Kind, fn: Any, f: str, n: int, edges: Iterable[Sequence[int]], k: int,
             store: Optional[_GraphStore]) -> bool:
    w = ctypes.c_int()
    _on(kind, store, f, n, edges, lambda g, h: fn(g, k, h, ctypes.byref(w)))
    return bool(w.value)


def node_kayles(n: int, edges: Iterable[Sequence[int]],
                store: Optional[NodeKaylesStore] = None) -> int:
    """The Node Kayles value of the graph."""
    return _value(NodeKaylesStore, _sg_node_kayles_value, "sg_node_kayles_value", n, edges,
                  store)


def arc_kayles(n: int, edges: Iterable[Sequence[int]],
               store: Optional[ArcKaylesStore] = None) -> int:
    """The Arc Kayles value of the graph."""
    return _value(ArcKaylesStore, _sg_arc_kayles_value, "sg_arc_kayles_value", n, edges, store)


def node_kayles_outcome(n: int, edges: Iterable[Sequence[int]], k: int = 0,
                        store: Optional[NodeKaylesStore] = None) -> bool:
    """True when the graph plus a Nim heap of k is a win for the player to move (Node Kayles),
    by the outcome search, which often reads far fewer positions than the value."""
    return _outcome(NodeKaylesStore, _sg_node_kayles_outcome, "sg_node_kayles_outcome", n,
                    edges, k, store)


def arc_kayles_outcome(n: int, edges: Iterable[Sequence[int]], k: int = 0,
                       store: Optional[ArcKaylesStore] = None) -> bool:
    """As node_kayles_outcome, for Arc Kayles."""
    return _outcome(ArcKaylesStore, _sg_arc_kayles_outcome, "sg_arc_kayles_outcome", n, edges,
                    k, store)


def node_kayles_winning_move(n: int, edges: Iterable[Sequence[int]],
                             store: Optional[NodeKaylesStore] = None) -> Optional[int]:
    """A vertex whose move (it and its neighbours taken) leaves value 0; None for a P-position."""
    v = _u32()
    if _on(NodeKaylesStore, store, "sg_node_kayles_winning_move", n, edges,
           lambda g, h: _sg_node_kayles_winning_move(g, h, ctypes.byref(v))) == 0:
        return None
    return int(v.value)


def arc_kayles_winning_move(n: int, edges: Iterable[Sequence[int]],
                            store: Optional[ArcKaylesStore] = None
                            ) -> Optional[Tuple[int, int]]:
    """An edge (u, v), u < v, whose move leaves value 0; None for a P-position."""
    u, v = _u32(), _u32()
    if _on(ArcKaylesStore, store, "sg_arc_kayles_winning_move", n, edges,
           lambda g, h: _sg_arc_kayles_winning_move(g, h, ctypes.byref(u),
                                                    ctypes.byref(v))) == 0:
        return None
    return (int(u.value), int(v.value))
