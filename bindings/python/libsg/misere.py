"""Misere play (the player who cannot move wins): tables, memos, genera and an exact
solver for sums of heaps of a take-and-break game.

    misere_table(rule, n)           # array('B'): 1 for N, 0 for P
    misere_table_winning_move(win, rule, position)
    m = MisereMemo(rule); m.wins(state), m.winning_move(state)
    s = MisereOctal("0.77"); s.outcome([1, 4]), s.genus(7), s.tame(count)
    genus_tame_outcome(genera)

Misere quotients, the whole misere solution of a take-and-break game: libsg.quotients.
"""

from __future__ import annotations

import ctypes
from array import array
from typing import (Any, Callable, Generic, Iterable, List, NamedTuple, Optional, Tuple, Union,
                    Sequence as _Seq)

from ._lib import (_GENUS_MAX, _Genus, _SIZE_MAX, _UCHARP, _int, _p, _sg_genus_format,
                   _sg_genus_is_tame, _sg_genus_tame_outcome, _sg_misere_memo_bytes,
                   _sg_misere_memo_count, _sg_misere_memo_create, _sg_misere_memo_free,
                   _sg_misere_memo_outcome, _sg_misere_memo_winning_move, _sg_misere_octal_bytes,
                   _sg_misere_octal_count, _sg_misere_octal_create, _sg_misere_octal_free,
                   _sg_misere_octal_genus, _sg_misere_octal_outcome, _sg_misere_octal_table,
                   _sg_misere_octal_tame, _sg_misere_octal_value, _sg_misere_table,
                   _sg_misere_winning_move, _sg_octal_format, _size, _u32)
from ._brief import _brief
from .errors import EINVAL, ENOMEM, ERANGE, OutOfMemoryError
from ._core import (Period, _Handle, _Octal, _check, _count_arg, _index, _need, _period,
                    _size_arg, _u64_arg, _u64_array, _value_arg)
from ._rules import MemoOption, Option, Rule, S, _CRule, _KeyedRule, _rule_first

__all__ = ["misere_table", "misere_table_winning_move", "MisereMemo", "Genus",
           "genus_tame_outcome", "MisereOctal"]


# ---- misere play -----------------------------------------------------------------------------

_MISERE_DETAIL = ("misere play takes options that are single positions (or Sum() for a move to "
                  "the empty game, Sum(x) for x): a sum of two or more parts or a Value has no "
                  "misere outcome from its parts, and the rule must give the same options each "
                  "time")


def _misere_detail(status: int, count: Optional[int] = None) -> Optional[str]:
    if status == EINVAL:
        return _MISERE_DETAIL
    if status == ERANGE and count is not None:
        return "an option outside range(%d)" % count
    return None


def _win_table(n: int, function: str) -> "array[int]":
    try:
        return array("B", bytes(n))
    except MemoryError:
        raise OutOfMemoryError(ENOMEM, function, "a table of %d outcomes needs %d bytes, which "
                               "could not be allocated" % (n, n)) from None


def _bptr(table: "array[int]") -> Any:
    return ctypes.cast(table.buffer_info()[0], _UCHARP)


def misere_table(rule: Rule, n: int) -> "array[int]":
    """The misere outcomes (the player who cannot move WINS) of positions 0..n-1 of the game
    given by `rule` (as for table_build, but options are single positions: an int, Sum() for a
    move to the empty game, or Sum(x)): an array('B') with 1 for a win of the player to move
    (N), 0 for a loss (P). CycleError for a cycle, RangeError for an option outside range(n)."""
    _need(_sg_misere_table, "misere play")
    _rule_first(rule, n, "misere_table")
    n = _count_arg(n)
    c = _CRule(rule, count=n)
    win = _win_table(n, "sg_misere_table")
    status = c.run(lambda fn, user: _sg_misere_table(_bptr(win), n, fn, user))
    _check(status, "sg_misere_table", c.range_detail(status) or _misere_detail(status, n))
    return win


def misere_table_winning_move(win: _Seq[int], rule: Rule, position: int) -> Optional[Option]:
    """A misere winning move from `position`, given the complete table misere_table(rule, n):
    the first option of rule(position) that leads to a P-position. None when there is no move
    to make: the position is P, or it has no option (the player to move has already won;
    win[position] tells the two apart)."""
    _need(_sg_misere_winning_move, "misere play")
    if isinstance(win, array) and win.typecode == "B":
        table = win
    else:
        vals = [_index(v, "an outcome") for v in win]
        if any(v not in (0, 1) for v in vals):
            raise ValueError("outcomes are 0 (P) or 1 (N)")
        table = array("B", vals)
    position = _u64_arg(position, "position")
    c = _CRule(rule, count=len(table))
    opt = _size()
    status = c.run(lambda fn, user: _sg_misere_winning_move(_bptr(table), len(table), fn, user,
                                                            position, ctypes.byref(opt)))
    detail = c.range_detail(status) or _misere_detail(status, len(table))
    if status == ERANGE and position >= len(table):
        detail = "position %d is outside the table of %d" % (position, len(table))
    if _check(status, "sg_misere_winning_move", detail) == 0 or opt.value == _SIZE_MAX:
        return None
    return list(rule(position))[opt.value]


class MisereMemo(_KeyedRule, Generic[S]):
    """Misere outcomes (the player who cannot move wins) of a game whose positions are any
    hashable values, computed on demand and kept (sg_misere_memo_*). rule(state) returns the
    options: states, or Sum() for a move to the empty game.

        m = MisereMemo(rule, max_bytes=0)
        m.wins(state)            # True: N, False: P; m.outcome(state) gives "N" or "P"
        m.winning_move(state)    # an option of rule(state) to a P-position, or None
        m.count, m.bytes, m.close()

    Calls take turns across threads; a call from inside the rule raises BusyError."""

    _name, _kind, _free = "MisereMemo", "misere memo", staticmethod(_sg_misere_memo_free)
    _count = staticmethod(_sg_misere_memo_count)
    _bytes = staticmethod(_sg_misere_memo_bytes)

    def __init__(self, rule: Callable[[S], Iterable[MemoOption[S]]],
                 max_bytes: int = 0) -> None:
        _need(_sg_misere_memo_create, "misere play")
        self._rule = rule
        self._create(rule, max_bytes, _sg_misere_memo_create, "sg_misere_memo_create")

    def _detail(self, status: int) -> Optional[str]:
        return _misere_detail(status)

    def wins(self, state: S) -> bool:
        """True when the player to move wins misere play from `state` (N)."""
        w = _int()
        self._run("wins", _sg_misere_memo_outcome, "sg_misere_memo_outcome", state, w)
        return bool(w.value)

    def outcome(self, state: S) -> str:
        """"N" or "P" in misere play."""
        return "N" if self.wins(state) else "P"

    def winning_move(self, state: S) -> Optional[MemoOption[S]]:
        """The first option of rule(state) that leads to a P-position; None for a P-position,
        or when `state` has no option (the player to move has already won)."""
        opt = _size()
        if self._run("winning_move", _sg_misere_memo_winning_move,
                     "sg_misere_memo_winning_move", state, opt) == 0 or opt.value == _SIZE_MAX:
            return None
        return list(self._rule(state))[opt.value]


@_brief
class Genus(NamedTuple):
    """The genus g^{c0 c1 ...} of a game (Conway): g its normal-play Grundy value, ck the misere
    Grundy value of the game plus k copies of *2, kept as the shortest prefix after which
    ck == c(k-2). str() writes it as "0^{1,2,0}"; .tame says whether it is the genus of a
    position of misere Nim."""
    g: int
    gamma: Tuple[int, ...]

    def _c(self) -> _Genus:
        if not 1 <= len(self.gamma) <= _GENUS_MAX:
            raise ValueError("a genus has 1 to %d superscripts, not %d"
                             % (_GENUS_MAX, len(self.gamma)))
        c = _Genus()
        c.g = _value_arg(self.g)
        c.len = len(self.gamma)
        for i, v in enumerate(self.gamma):
            c.gamma[i] = _value_arg(v)
        return c

    @property
    def tame(self) -> bool:
        """True for 0^{1,2,0}, 1^{0,3,1} and g^{g,g^2} (g XOR 2): the genera of misere Nim."""
        _need(_sg_genus_is_tame, "misere play")
        return bool(_sg_genus_is_tame(ctypes.byref(self._c())))

    def __str__(self) -> str:
        _need(_sg_genus_format, "misere play")
        buf = ctypes.create_string_buffer(12 * _GENUS_MAX + 16)
        _check(_sg_genus_format(ctypes.byref(self._c()), buf, len(buf)), "sg_genus_format")
        return buf.value.decode("ascii")


def _genus(c: _Genus) -> Genus:
    return Genus(int(c.g), tuple(int(c.gamma[i]) for i in range(c.len)))


def genus_tame_outcome(genera: Iterable[Genus]) -> str:
    """The misere outcome, "N" or "P", of a sum of tame games from their genera alone (played
    like misere Nim). InvalidArgumentError for a genus that is not tame: search such a sum
    (MisereOctal.outcome)."""
    _need(_sg_genus_tame_outcome, "misere play")
    gs = list(genera)
    arr = (_Genus * max(len(gs), 1))()
    for i, g in enumerate(gs):
        if not isinstance(g, Genus):
            raise TypeError("genera must be Genus values, not %s" % type(g).__name__)
        arr[i] = g._c()
    w = _int()
    status = _sg_genus_tame_outcome(arr, len(gs), ctypes.byref(w))
    _check(status, "sg_genus_tame_outcome",
           "a genus that is not tame: %s" % ", ".join(str(g) for g in gs if not g.tame)
           if status == EINVAL else None)
    return "N" if w.value else "P"


class MisereOctal(_Handle):
    """An exact misere solver for sums of heaps of one take-and-break game (sg_misere_octal_*),
    keeping what it proves, within a memory cap (OutOfMemoryError beyond it; 0: no cap).

        m = MisereOctal("0.77", max_bytes=0)
        m.value([3, 5])       # misere Grundy value of the sum (0 exactly when P; 1 for [])
        m.outcome([3, 5])     # "N" or "P"; m.wins([3, 5]) as a bool
        m.winning_move([3, 5])    # (heap index, the heaps left in its place), or None
        m.table(n)            # array('B'): 1 where one heap of n tokens is N
        m.genus(7)            # Genus of one heap: str(m.genus(7)) is like "1^{0,3,1}"
        m.tame(count)         # whether heaps below count form a tame game
        m.count, m.bytes, m.close()

    Heaps are below 2**31. Calls take turns across threads."""

    _name, _kind, _free = "MisereOctal", "misere solver", staticmethod(_sg_misere_octal_free)
    _count = staticmethod(_sg_misere_octal_count)
    _bytes = staticmethod(_sg_misere_octal_bytes)

    def __init__(self, code: Union[str, bytes], max_bytes: int = 0) -> None:
        _need(_sg_misere_octal_create, "misere play")
        max_bytes = _size_arg(max_bytes, "max_bytes")
        self._own(_p())
        with _Octal(code) as game:
            _check(_sg_misere_octal_create(ctypes.byref(self._pointer), game.handle, max_bytes,
                                           None), "sg_misere_octal_create")
            buf = ctypes.create_string_buffer(256)
            _check(_sg_octal_format(game.handle, buf, len(buf)), "sg_octal_format")
        whole, frac = buf.value.decode("ascii").split(".")
        self._digits = [int(whole, 16)] + [int(c, 16) for c in frac]

    def _moves(self, h: int) -> List[Tuple[int, ...]]:
        """The heaps a move may leave in place of a heap of h tokens, each once, in the order:
        tokens removed (0 first: d0 = 4 splits without removing), then none left, one heap, two
        heaps (a <= b), three heaps (a <= b <= c)."""
        out: List[Tuple[int, ...]] = []
        for i, d in enumerate(self._digits):
            rest = h - i
            if rest < 0:
                break
            if i > 0 and d & 1 and rest == 0:
                out.append(())
            if i > 0 and d & 2 and rest >= 1:
                out.append((rest,))
            if d & 4:
                out += [(a, rest - a) for a in range(1, rest // 2 + 1)]
            if d & 8:
                out += [(a, b, rest - a - b) for a in range(1, rest // 3 + 1)
                        for b in range(a, (rest - a) // 2 + 1)]
        return out

    def winning_move(self, heaps: Iterable[int]) -> Optional[Tuple[int, Tuple[int, ...]]]:
        """A winning move of misere play in the sum of `heaps`: (index of the heap moved on,
        the heaps the move leaves in its place), the first that leaves a P-position (heaps in
        order, then the order of _moves); None when the player to move loses, or when there is
        no move (no heap can move: the player to move has already won)."""
        hs = [_u64_arg(h, "a heap") for h in heaps]
        if not self.wins(hs):
            return None
        for i, h in enumerate(hs):
            others = hs[:i] + hs[i + 1:]
            for parts in self._moves(h):
                if not self.wins(others + list(parts)):
                    return (i, parts)
        return None

    def _call(self, name: str, cfunc: Any, cname: str, *args: Any) -> None:
        status = self._locked(name, cfunc, *args)
        detail = None
        if status == ERANGE:
            detail = "a heap of 2**31 tokens or more" if cname != "sg_misere_octal_genus" else \
                "the heap is 2**31 tokens or more, or its genus does not settle within 96 " \
                "levels or %d superscripts" % _GENUS_MAX
        _check(status, cname, detail)

    def _heaps(self, heaps: Iterable[int]) -> Tuple[Any, int]:
        return _u64_array(heaps, "a heap")

    def value(self, heaps: Iterable[int]) -> int:
        """The misere Grundy value of the sum of `heaps` (1 for the empty sum; 0 exactly when
        the player to move loses)."""
        arr, k = self._heaps(heaps)
        v = _u32()
        self._call("value", _sg_misere_octal_value, "sg_misere_octal_value", arr, k,
                   ctypes.byref(v))
        return int(v.value)

    def wins(self, heaps: Iterable[int]) -> bool:
        """True when the player to move wins the sum of `heaps` in misere play."""
        arr, k = self._heaps(heaps)
        w = _int()
        self._call("wins", _sg_misere_octal_outcome, "sg_misere_octal_outcome", arr,
                   k, ctypes.byref(w))
        return bool(w.value)

    def outcome(self, heaps: Iterable[int]) -> str:
        """"N" or "P" for the sum of `heaps` in misere play."""
        return "N" if self.wins(heaps) else "P"

    def table(self, n: int) -> "array[int]":
        """The misere outcomes of one heap of 0..n-1 tokens: array('B'), 1 for N, 0 for P."""
        n = _count_arg(n)
        win = _win_table(n, "sg_misere_octal_table")
        self._call("table", _sg_misere_octal_table, "sg_misere_octal_table",
                   _bptr(win), n)
        return win

    def genus(self, heap: int) -> Genus:
        """The genus of one heap of `heap` tokens."""
        heap = _u64_arg(heap, "heap")
        c = _Genus()
        self._call("genus", _sg_misere_octal_genus, "sg_misere_octal_genus", heap,
                   ctypes.byref(c))
        return _genus(c)

    def tame(self, count: int) -> bool:
        """True when heaps of fewer than `count` tokens form a tame game (every sum of them has
        a tame genus); from then on sums of them are answered from their genera."""
        count = _u64_arg(count, "count")
        t = _int()
        self._call("tame", _sg_misere_octal_tame, "sg_misere_octal_tame", count,
                   ctypes.byref(t))
        return bool(t.value)

