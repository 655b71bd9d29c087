"""Games with cycles: generalised Sprague-Grundy values, outcomes with draws, remoteness.

    g = Loopy(rule, count)          # rule(u) -> options in range(count); cycles allowed
    g = Loopy.from_edges(count, edges), Loopy.from_graph(count, offsets, targets)
    g = Loopy.explore(start, rule)  # positions are any hashable states reachable from start
    g.value(x)                      # an int, or Infinite(K)
    g.outcome(x), g.remoteness(x), g.sum_outcome(xs), g.winning_move(xs)
"""

from __future__ import annotations

import ctypes
from typing import (Any, Callable, Dict, Generic, Hashable, Iterable, List, NamedTuple, Optional,
                    Tuple, TypeVar, Union)

from ._lib import (_U64_LIMIT, _int, _p, _sg_loopy_build, _sg_loopy_build_ex, _sg_loopy_build_graph,
                   _sg_loopy_bytes, _sg_loopy_count, _sg_loopy_explore, _sg_loopy_free, _sg_loopy_k,
                   _sg_loopy_outcome, _sg_loopy_remoteness, _sg_loopy_state, _sg_loopy_sum_outcome,
                   _sg_loopy_value, _sg_loopy_winning_move, _size, _u32, _u64)
from .errors import EINVAL, ENOMEM, ERANGE, InvalidArgumentError, OutOfMemoryError, RangeError
from ._brief import _Brief, _brief
from ._core import _Handle, _check, _count_arg, _index, _need, _size_arg, _u64_arg, _u64_array
from ._rules import _CRule, _rule_first

__all__ = ["Infinite", "LoopyValue", "LOOPY_P", "LOOPY_N", "LOOPY_D", "LoopyMove", "Loopy"]


# ---- games with cycles -----------------------------------------------------------------------

class Infinite(metaclass=_Brief):
    """The generalised Sprague-Grundy value infinity(K) of a position in a game with cycles:
    K (.k, a frozenset) is the set of finite values among its options. The position is won
    (N) when 0 is in K, else drawn (D). Prints as the tool does: inf(0,2)."""

    __slots__ = ("k",)

    def __init__(self, k: Iterable[int] = ()) -> None:
        self.k = frozenset(_index(v, "a value") for v in k)

    def __repr__(self) -> str:
        return "Infinite(%s)" % ("{%s}" % ", ".join(map(str, sorted(self.k))) if self.k else "")

    def __str__(self) -> str:
        return "inf(%s)" % ",".join(map(str, sorted(self.k)))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Infinite) and other.k == self.k

    def __hash__(self) -> int:
        return hash(("Infinite", self.k))


#: A position's generalised Sprague-Grundy value: a finite int, or Infinite(K).
LoopyValue = Union[int, Infinite]
_OUTCOMES = {0: "P", 1: "N", 2: "D"}
#: The outcomes (SG_LOOPY_P, SG_LOOPY_N, SG_LOOPY_D) as Loopy.outcome() names them.
LOOPY_P, LOOPY_N, LOOPY_D = "P", "N", "D"
_LOOPY_DRAW = _U64_LIMIT - 1   # SG_LOOPY_DRAW
_LOOPY_MAX_POSITIONS = (1 << 32) - 16   # refused by the library before it allocates


@_brief
class LoopyMove(NamedTuple):
    """A winning move in a sum (Loopy.winning_move): the component at index `component` moves
    to `target`, its option number `option` (counted in the order its rule or edge list gave
    the options)."""
    component: int
    option: int
    target: Any


T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)


class Loopy(_Handle, Generic[T]):
    """A game whose graph may have cycles (sg_loopy_*): the generalised Sprague-Grundy value,
    the outcome (N, P or D: a draw) and the remoteness of every position, the outcome of a sum
    and a winning move in it. Built from a rule over positions 0..count-1, from a graph (edges
    or compressed rows), or explored from a start state of any hashable type (the methods
    below; Loopy(rule, count): rule(u) gives the options of u, in range(count)).

    Each option a rule reports is one move (a position itself, the same one twice: all
    allowed); rules return positions only (no Sum or Value: their values alone do not decide
    loopy play). The result is read-only: threads may share it."""

    _name, _kind, _free = "Loopy", "loopy game", staticmethod(_sg_loopy_free)
    _count, _bytes = staticmethod(_sg_loopy_count), staticmethod(_sg_loopy_bytes)

    def __init__(self: "Loopy[int]", rule: Callable[[int], Iterable[int]], count: int,
                 max_bytes: int = 0) -> None:
        _need(_sg_loopy_build, "games with cycles")
        _rule_first(rule, count, "Loopy", "count")
        count = _u64_arg(count, "count")
        max_bytes = _size_arg(max_bytes, "max_bytes")
        c = _CRule(rule, count=count, positions_only=True)
        h = _p()

        def build(fn: Any, user: Any) -> Any:
            if max_bytes:
                return _sg_loopy_build_ex(ctypes.byref(h), count, fn, user, max_bytes, None)
            return _sg_loopy_build(ctypes.byref(h), count, fn, user)
        status = c.run(build)
        function = "sg_loopy_build_ex" if max_bytes else "sg_loopy_build"
        _check(status, function, c.range_detail(status) or _loopy_detail(status, count))
        self._setup(h, None)

    def _setup(self, handle: Any, states: Optional[List[Hashable]]) -> None:
        self._own(handle)
        self._states = states                 # explore(): key -> state
        self._keys: Optional[Dict[Hashable, int]] = None
        if states is not None:
            self._keys = {s: i for i, s in enumerate(states)}

    @staticmethod
    def _empty() -> "Loopy[Any]":
        g: "Loopy[Any]" = Loopy.__new__(Loopy)
        return g

    @staticmethod
    def from_graph(count: int, offsets: Iterable[int],
                   targets: Iterable[int]) -> "Loopy[int]":
        """The game on positions 0..count-1 whose options of u are
        targets[offsets[u]:offsets[u + 1]] (compressed rows; offsets has count + 1 entries)."""
        _need(_sg_loopy_build_graph, "games with cycles")
        count = _u64_arg(count, "count")
        offs, k = _u64_array(offsets, "an offset")
        tgts, m = _u64_array(targets, "a target")
        f = "sg_loopy_build_graph"
        if k != count + 1:
            raise InvalidArgumentError(EINVAL, f, "offsets has %d entries; count + 1 = %d "
                                       "needed" % (k, count + 1))
        if offs[k - 1] > m:
            raise InvalidArgumentError(EINVAL, f, "offsets end at %d but there are %d targets"
                                       % (offs[k - 1], m))
        h = _p()
        status = _sg_loopy_build_graph(ctypes.byref(h), count, offs, tgts)
        detail = None
        if status == EINVAL:
            detail = "offsets must never decrease"
        elif status == ERANGE:
            detail = "a target outside range(%d)" % count
        _check(status, f, detail)
        g = Loopy._empty()
        g._setup(h, None)
        return g

    @staticmethod
    def from_edges(count: int, edges: Iterable[Tuple[int, int]]) -> "Loopy[int]":
        """The game on positions 0..count-1 with a move u -> v for each (u, v) in `edges`
        (self-loops and repeated edges allowed); option numbers count each u's edges in the
        order given."""
        count = _u64_arg(count, "count")
        pairs = [(_u64_arg(u, "an edge's source"), _u64_arg(v, "an edge's target"))
                 for u, v in edges]
        for u, v in pairs:
            if u >= count or v >= count:
                raise RangeError(ERANGE, "sg_loopy_build_graph", "edge (%d, %d) leaves "
                                 "range(%d)" % (u, v, count))
        if count >= _LOOPY_MAX_POSITIONS:
            raise OutOfMemoryError(ENOMEM, "sg_loopy_build_graph", _loopy_detail(ENOMEM, count))
        n = _count_arg(count, "count")
        degree = [0] * (n + 1)
        for u, _ in pairs:
            degree[u + 1] += 1
        for i in range(n):
            degree[i + 1] += degree[i]
        fill = degree[:-1]
        targets = [0] * len(pairs)
        for u, v in pairs:
            targets[fill[u]] = v
            fill[u] += 1
        return Loopy.from_graph(count, degree, targets)

    @staticmethod
    def explore(start: U, rule: Callable[[U], Iterable[U]],
                max_bytes: int = 0) -> "Loopy[U]":
        """The game on the states reachable from `start` (any hashable values: ints, tuples,
        frozensets, ...), rule(state) giving a state's options. Queries then take states; a
        state that was not reached raises RangeError. max_bytes caps the library's memory
        (OutOfMemoryError beyond it); 0 for no cap."""
        _need(_sg_loopy_explore, "games with cycles")
        if not callable(rule):
            raise TypeError("rule must be callable")
        hash(start)
        max_bytes = _size_arg(max_bytes, "max_bytes")
        keys: Dict[Hashable, int] = {start: 0}
        states: List[Hashable] = [start]
        c = _CRule(rule, keys=keys, states=states, positions_only=True)
        h = _p()
        status = c.run(lambda fn, user: _sg_loopy_explore(ctypes.byref(h), 0, fn, user, max_bytes,
                                                          None))
        detail = None
        if status == ENOMEM and max_bytes:
            detail = "the states reachable from %r need more than max_bytes = %d" % (start,
                                                                                    max_bytes)
        _check(status, "sg_loopy_explore", detail)
        g = Loopy._empty()
        g._setup(h, states)
        return g

    # -- queries --

    def _key(self, x: Any, function: str) -> int:
        if self._keys is None:
            return _u64_arg(x, "a position")
        k = self._keys.get(x)
        if k is None:
            raise RangeError(ERANGE, function, "%r was not reached from the start state" % (x,))
        return k

    def _query(self, name: str, cfunc: Any, cname: str, x: Any, out: Any) -> int:
        key = self._key(x, cname)
        status = self._locked(name, cfunc, key, ctypes.byref(out))
        return _check(status, cname, "no position %r (%d positions)" % (x, len(self))
                      if status == ERANGE else None)

    def value(self, x: T) -> LoopyValue:
        """The generalised Sprague-Grundy value of x: an int, or Infinite(K)."""
        v = _u32()
        if self._query("value", _sg_loopy_value, "sg_loopy_value", x, v) == 1:
            return int(v.value)
        return Infinite(self.k(x))

    __getitem__ = value

    def k(self, x: T) -> List[int]:
        """The distinct finite values among the options of x, increasing (K when x is
        infinite)."""
        key = self._key(x, "sg_loopy_k")
        n = _size()
        _check(self._locked("k", _sg_loopy_k, key, None, 0, ctypes.byref(n)), "sg_loopy_k",
               "no position %r" % (x,))
        buf = (_u32 * max(n.value, 1))()
        _check(self._locked("k", _sg_loopy_k, key, buf, n.value, ctypes.byref(n)),
               "sg_loopy_k")
        return [int(buf[i]) for i in range(n.value)]

    def outcome(self, x: T) -> str:
        """"N" (the player to move wins), "P" (loses) or "D" (a draw)."""
        o = _int()
        self._query("outcome", _sg_loopy_outcome, "sg_loopy_outcome", x, o)
        return _OUTCOMES[o.value]

    def remoteness(self, x: T) -> Optional[int]:
        """How many moves optimal play from x takes (the winner hurries, the loser delays):
        even for P, odd for N; None for a draw."""
        r = _u64()
        self._query("remoteness", _sg_loopy_remoteness, "sg_loopy_remoteness", x, r)
        return None if r.value == _LOOPY_DRAW else int(r.value)

    def _positions(self, xs: Iterable[T], function: str) -> Tuple[Any, int]:
        keys = [self._key(x, function) for x in xs]
        return (_u64 * len(keys))(*keys), len(keys)

    def sum_outcome(self, positions: Iterable[T]) -> str:
        """The outcome ("N", "P" or "D") of the sum of `positions` (one token on each; a move
        moves one token); the empty sum is "P"."""
        arr, k = self._positions(positions, "sg_loopy_sum_outcome")
        o = _int()
        _check(self._locked("sum_outcome", _sg_loopy_sum_outcome, arr, k, ctypes.byref(o)),
               "sg_loopy_sum_outcome")
        return _OUTCOMES[o.value]

    def winning_move(self, positions: Iterable[T]) -> Optional[LoopyMove]:
        """A winning move in the sum of `positions`: LoopyMove(component, option, target); None
        when the sum is P or D. Making the move given at every turn wins in finitely many moves;
        with one component it is the fastest win."""
        arr, k = self._positions(positions, "sg_loopy_winning_move")
        comp, opt, target = _size(), _size(), _u64()
        status = self._locked("winning_move", _sg_loopy_winning_move, arr, k,
                              ctypes.byref(comp), ctypes.byref(opt), ctypes.byref(target))
        if _check(status, "sg_loopy_winning_move") == 0:
            return None
        t = int(target.value)
        return LoopyMove(int(comp.value), int(opt.value),
                         self._states[t] if self._states is not None else t)

    def __len__(self) -> int:
        """How many positions (states reached, for explore())."""
        return self.count

    def state(self, index: int) -> T:
        """The position numbered `index` (0 <= index < len(self)): index itself, or for
        explore() the index-th state reached (breadth first; the start is 0)."""
        index = _u64_arg(index, "index")
        pos = _u64()
        status = self._locked("state", _sg_loopy_state, index, ctypes.byref(pos))
        _check(status, "sg_loopy_state", "index %d of %d positions" % (index, len(self))
               if status == ERANGE else None)
        p = int(pos.value)
        return self._states[p] if self._states is not None else p  # type: ignore[return-value]

    def states(self) -> List[T]:
        """Every position, in number order (for explore(): the states reached)."""
        return [self.state(i) for i in range(len(self))]


def _loopy_detail(status: int, count: int) -> Optional[str]:
    if status == ERANGE:
        return "the rule gave an option outside range(%d)" % count
    if status == ENOMEM and count >= _LOOPY_MAX_POSITIONS:
        return "count = %d: at most 2**32 - 17 positions" % count
    return None
