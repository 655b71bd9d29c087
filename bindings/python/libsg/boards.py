"""Boards and strips: Welter's game, Green Hackenbush, Cram, Node Kayles on boards.

    welter_value(coins), welter_winning_move(coins)           # coins at distinct places < 2**63
    hackenbush_value(vertices, edges), hackenbush_winning_move(vertices, edges)
    cram_value(rows, cols, blocked=(), store=None), cram_outcome(...), cram_winning_move(...)
    CramStore(max_bytes=0)          # what Cram queries learn: stats(), save(path), load(path)
    node_kayles_board_value(rows, cols, blocked=(), store=None), node_kayles_board_outcome(
        rows, cols, blocked=(), k=0, store=None), node_kayles_board_winning_move(...)
    NodeKaylesBoardStore(max_bytes=0)                         # the same for Node Kayles

A Hackenbush graph is a count of vertices (0 is the ground) and a list of edges (u, v), loops
and repeated edges allowed. A board has rows * cols <= 64 cells; cell (r, c) is number
r * cols + c, and `blocked` lists the cells that are not there (no domino covers one; no
Node Kayles move takes one). A Node Kayles move takes a free cell and its free neighbours.
"""

from __future__ import annotations

import ctypes
from typing import Any, Iterable, Optional, Sequence, Tuple

from ._lib import (_sg_cram_outcome, _sg_cram_store_create, _sg_cram_value,
                   _sg_cram_winning_move, _sg_hackenbush_value, _sg_hackenbush_winning_move,
                   _sg_node_kayles_board_outcome, _sg_node_kayles_board_store_create,
                   _sg_node_kayles_board_value, _sg_node_kayles_board_winning_move,
                   _sg_welter_value, _sg_welter_winning_move, _int, _size, _u32, _u64)
from .errors import EINVAL, InvalidArgumentError
from ._core import _check, _need, _u64_array
from ._store import _Store, _query

__all__ = ["welter_value", "welter_winning_move", "hackenbush_value", "hackenbush_winning_move",
           "CramStore", "cram_value", "cram_outcome", "cram_winning_move",
           "NodeKaylesBoardStore", "node_kayles_board_value", "node_kayles_board_outcome",
           "node_kayles_board_winning_move"]

# ---- Welter's game ---------------------------------------------------------------------------

def welter_value(coins: Iterable[int]) -> int:
    """The value of Welter's game with coins at the distinct places `coins` (below 2**63): a
    move takes one coin to any lower free place. Welter's function, by Sato's closed form."""
    _need(_sg_welter_value, "Welter's game")
    arr, n = _u64_array(coins, "a coin's place")
    v = _u64()
    _check(_sg_welter_value(arr, n, ctypes.byref(v)), "sg_welter_value")
    return int(v.value)


def welter_winning_move(coins: Iterable[int]) -> Optional[Tuple[int, int]]:
    """A move of Welter's game to value 0, (index, place): coins[index] goes down to place;
    None when the player to move loses."""
    _need(_sg_welter_winning_move, "Welter's game")
    arr, n = _u64_array(coins, "a coin's place")
    i, to = _size(), _u64()
    if _check(_sg_welter_winning_move(arr, n, ctypes.byref(i), ctypes.byref(to)),
              "sg_welter_winning_move") == 0:
        return None
    return int(i.value), int(to.value)


# ---- Green Hackenbush ------------------------------------------------------------------------

def _graph(vertices: int, edges: Iterable[Tuple[int, int]]) -> Tuple[int, Any, int]:
    flat = []
    for e in edges:
        u, v = e
        flat += [int(u), int(v)]
    if any(x < 0 or x >= 1 << 32 for x in flat) or not 0 <= int(vertices) < 1 << 32:
        raise InvalidArgumentError(EINVAL, "sg_hackenbush_value",
                                   "vertices and ends are numbers below 2**32")
    return int(vertices), (_u32 * max(len(flat), 1))(*flat), len(flat) // 2


def hackenbush_value(vertices: int, edges: Iterable[Tuple[int, int]]) -> int:
    """The value of Green Hackenbush on the graph: vertices 0 .. vertices - 1 (0 the ground),
    edges (u, v), loops and repeated edges allowed; by the fusion and colon principles."""
    _need(_sg_hackenbush_value, "Green Hackenbush")
    n, arr, m = _graph(vertices, edges)
    v = _u64()
    _check(_sg_hackenbush_value(n, arr, m, ctypes.byref(v)), "sg_hackenbush_value")
    return int(v.value)


def hackenbush_winning_move(vertices: int, edges: Iterable[Tuple[int, int]]) -> Optional[int]:
    """The index of an edge whose deletion leaves value 0; None when the player to move
    loses."""
    _need(_sg_hackenbush_winning_move, "Green Hackenbush")
    n, arr, m = _graph(vertices, edges)
    e = _size()
    if _check(_sg_hackenbush_winning_move(n, arr, m, ctypes.byref(e)),
              "sg_hackenbush_winning_move") == 0:
        return None
    return int(e.value)


# ---- boards: Cram and Node Kayles ------------------------------------------------------------

class CramStore(_Store):
    """A store of Cram positions (sg_cram_store_create, named "cram/1"): the regions of boards
    already solved, kept for the next query. CramStore(max_bytes=0) caps its memory (0: no
    cap; a query that would pass it raises OutOfMemoryError and the store stays usable);
    stats(), save(path) and load(path) as a Store's. Freed by close() or on leaving a with
    block; queries on one store take turns across threads."""

    _name, _kind = "CramStore", "Cram store"

    def __init__(self, max_bytes: int = 0) -> None:
        _need(_sg_cram_store_create, "Cram")
        self._open(_sg_cram_store_create, "sg_cram_store_create", max_bytes)


class NodeKaylesBoardStore(_Store):
    """A store of Node Kayles boards (sg_node_kayles_board_store_create, named
    "node-kayles-board/1"): the regions already solved, kept for the next query; max_bytes,
    stats(), save() and load() as CramStore's."""

    _name, _kind = "NodeKaylesBoardStore", "Node Kayles board store"

    def __init__(self, max_bytes: int = 0) -> None:
        _need(_sg_node_kayles_board_store_create, "Node Kayles on boards")
        self._open(_sg_node_kayles_board_store_create, "sg_node_kayles_board_store_create",
                   max_bytes)


def _board(rows: int, cols: int, blocked: Sequence[int],
           fname: str = "sg_cram_position") -> Tuple[int, int, int]:
    mask = 0
    for cell in blocked:
        if not 0 <= int(cell) < 64:
            raise InvalidArgumentError(EINVAL, fname,
                                       "a blocked cell is a number r * cols + c below 64")
        mask |= 1 << int(cell)
    if not (0 <= int(rows) < 1 << 32 and 0 <= int(cols) < 1 << 32):
        raise InvalidArgumentError(EINVAL, fname, "rows and cols below 2**32")
    return int(rows), int(cols), mask


def cram_value(rows: int, cols: int, blocked: Sequence[int] = (),
               store: Optional[CramStore] = None) -> int:
    """The value of Cram on a rows x cols board (rows * cols <= 64) whose `blocked` cells are
    never empty; `store` keeps what the search learns for the next call."""
    _need(_sg_cram_value, "Cram")
    r, c, b = _board(rows, cols, blocked)
    v = _u32()
    _query(CramStore, store, _sg_cram_value, "sg_cram_value", r, c, b, ctypes.byref(v))
    return int(v.value)


def cram_outcome(rows: int, cols: int, blocked: Sequence[int] = (),
                 store: Optional[CramStore] = None) -> str:
    """"N" when the player to move wins on the board, "P" when not: the search with nimber
    pruning, often far shorter than the value's."""
    _need(_sg_cram_outcome, "Cram")
    r, c, b = _board(rows, cols, blocked)
    n = _int()
    _query(CramStore, store, _sg_cram_outcome, "sg_cram_outcome", r, c, b, ctypes.byref(n))
    return "N" if n.value else "P"


def cram_winning_move(rows: int, cols: int, blocked: Sequence[int] = (),
                      store: Optional[CramStore] = None) -> Optional[Tuple[int, int]]:
    """A domino that leaves value 0, as its two cells (cell, cell + 1 or cell + cols); None
    when the player to move loses."""
    _need(_sg_cram_winning_move, "Cram")
    r, c, b = _board(rows, cols, blocked)
    cell, down = _u32(), _int()
    if _query(CramStore, store, _sg_cram_winning_move, "sg_cram_winning_move", r, c, b,
              ctypes.byref(cell), ctypes.byref(down)) == 0:
        return None
    return int(cell.value), int(cell.value) + (c if down.value else 1)


def node_kayles_board_value(rows: int, cols: int, blocked: Sequence[int] = (),
                            store: Optional[NodeKaylesBoardStore] = None) -> int:
    """The value of Node Kayles on a rows x cols board (rows * cols <= 64): a move takes a
    free cell and its free neighbours up, down, left and right; `blocked` cells are never
    there. The value of node_kayles on the grid graph of the free cells, found without a
    graph; `store` keeps what the search learns for the next call."""
    f = "sg_node_kayles_board_value"
    _need(_sg_node_kayles_board_value, "Node Kayles on boards")
    r, c, b = _board(rows, cols, blocked, f)
    v = _u32()
    _query(NodeKaylesBoardStore, store, _sg_node_kayles_board_value, f, r, c, b,
           ctypes.byref(v))
    return int(v.value)


def node_kayles_board_outcome(rows: int, cols: int, blocked: Sequence[int] = (), k: int = 0,
                              store: Optional[NodeKaylesBoardStore] = None) -> str:
    """"N" when the board plus a Nim heap of k is a win for the player to move, "P" when not
    ("P" exactly when k is the board's value): the search with nimber pruning, often far
    shorter than the value's."""
    f = "sg_node_kayles_board_outcome"
    _need(_sg_node_kayles_board_outcome, "Node Kayles on boards")
    r, c, b = _board(rows, cols, blocked, f)
    if not 0 <= int(k) < 1 << 32:
        raise InvalidArgumentError(EINVAL, f, "k is a number below 2**32")
    n = _int()
    _query(NodeKaylesBoardStore, store, _sg_node_kayles_board_outcome, f, r, c, b, int(k),
           ctypes.byref(n))
    return "N" if n.value else "P"


def node_kayles_board_winning_move(rows: int, cols: int, blocked: Sequence[int] = (),
                                   store: Optional[NodeKaylesBoardStore] = None
                                   ) -> Optional[Tuple[int, int]]:
    """A free cell (r, c) whose move (it and its free neighbours taken) leaves value 0, the
    first in the order of the cells r * cols + c; None when the player to move loses."""
    f = "sg_node_kayles_board_winning_move"
    _need(_sg_node_kayles_board_winning_move, "Node Kayles on boards")
    r, c, b = _board(rows, cols, blocked, f)
    cell = _u32()
    if _query(NodeKaylesBoardStore, store, _sg_node_kayles_board_winning_move, f, r, c, b,
              ctypes.byref(cell)) == 0:
        return None
    return divmod(int(cell.value), c)
