"""Games given by a rule: tables, memos, winning moves.

A rule is a Python function: rule(position) returns the options of a position (a list, a tuple
or any iterable). An option is a position of the same game (an int), a sum of positions (a
tuple of ints, or Sum(a, b, ...): a heap split into parts; its value is the XOR of theirs) or
Value(v), a move to a game whose Grundy value v is known. The library resolves dependencies
itself: options may be larger positions too, and a cycle raises CycleError.

    table_build(rule, n)              # array('I'): SG(0), ..., SG(n-1)
    winning_move(table, rule, [3, 5, 7])    # (component, option) to nim-sum 0, or None
    rule_pattern(rule, n)             # the (arithmetic-)periodic pattern the values show
    m = Memo(rule)                    # positions are any hashable values, computed on demand
    m[state], m.winning_move(state), m.sum_winning_move([s1, s2])

With the package's extension module (libsg.native is True) a rule costs about as much as a
Python call of it, so a table built this way is faster than a plain Python loop computing the
same values with its own mex; without it (libsg.native is False) each call goes through
ctypes and costs a few microseconds more. Every table function takes the game first and then
how many positions (the order changed in 0.2.0: table_build(n, rule) raises TypeError).
"""

from __future__ import annotations

import ctypes
from array import array
from typing import Callable, Generic, Iterable, Optional, Tuple, Sequence as _Seq

from ._lib import (_Period, _U32_MAX, _VALUE_CODE, _sg_memo_bytes, _sg_memo_count,
                   _sg_memo_create_ex, _sg_memo_free, _sg_memo_value, _sg_rule_pattern,
                   _sg_table_build, _sg_winning_move, _size, _u32)
from .errors import EINVAL, ERANGE
from ._core import Period, _check, _count_arg, _index, _need, _new_table, _period, _ptr, _u64_array
from ._rules import MemoOption, Option, Rule, S, Sum, Value, _CRule, _KeyedRule, _rule_first

__all__ = ["table_build", "winning_move", "rule_pattern", "Memo", "Sum", "Value", "Option",
           "Rule", "MemoOption"]


def table_build(rule: Rule, n: int) -> "array[int]":
    """SG(0), ..., SG(n-1) of the game whose options of position p are rule(p): an iterable of
    positions (ints in range(n)), Sum(a, b, ...) (or a plain tuple) for a move to the sum of
    those positions, Value(v) for a move to a game of known value v. Options may be larger
    positions too, as long as there is no cycle.

    An exception raised by the rule (or by a bad option: ValueError, OverflowError, TypeError,
    each naming the position and the option; or KeyboardInterrupt) stops the computation and
    is raised again here. Library errors raise Error: RangeError for an option outside
    range(n) (saying which position gave it), CycleError for a cycle."""
    _rule_first(rule, n, "table_build")
    n = _count_arg(n)
    c = _CRule(rule, count=n)
    table = _new_table(n, "sg_table_build")
    status = c.run(lambda fn, user: _sg_table_build(_ptr(table), n, fn, user))
    _check(status, "sg_table_build", c.range_detail(status))
    return table


def winning_move(table: _Seq[int], rule: Rule,
                 components: _Seq[int]) -> Optional[Tuple[int, Option]]:
    """A winning move in the sum of positions `components` of one game, given by its rule and
    its complete table (table_build(rule, n)): (component index, option), where option is the
    move's option as rule(components[index]) gives it (the first one of the needed value), in
    the lowest-index component that has a winning option (possibly one to a larger value); None
    when the sum's value is 0 (the player to move loses)."""
    if isinstance(table, array) and table.typecode == _VALUE_CODE:
        arr = table
    else:
        vals = [_index(v, "a table value") for v in table]
        for v in vals:
            if not 0 <= v <= _U32_MAX:
                raise ValueError("table values are Grundy values below 2**32, got %d" % v)
        arr = array(_VALUE_CODE, vals)
    comps, k = _u64_array(components, "a component")
    c = _CRule(rule, count=len(arr))
    comp, opt = _size(), _size()
    status = c.run(lambda fn, user: _sg_winning_move(_ptr(arr), len(arr), fn, user, comps, k,
                                                     ctypes.byref(comp), ctypes.byref(opt)))
    detail = c.range_detail(status)
    if status == ERANGE and detail is None:
        bad = [x for x in components if x >= len(arr)]
        if bad:
            detail = "component %d is outside the table of %d values" % (bad[0], len(arr))
    if _check(status, "sg_winning_move", detail) == 0:
        return None
    i = int(comp.value)
    options = list(rule(components[i]))
    return (i, options[opt.value])


def rule_pattern(rule: Rule, n: int) -> Optional[Period]:
    """The pattern of the game given by `rule` (as for table_build) observed over positions
    0..n-1 (sg_rule_pattern): a Period with proven False, or None when there is none. Lasker's
    Nim shows G(n + 4) == G(n) + 4."""
    _need(_sg_rule_pattern, "sg_rule_pattern")
    _rule_first(rule, n, "rule_pattern")
    n = _count_arg(n)
    c = _CRule(rule, count=n)
    per = _Period()
    status = c.run(lambda fn, user: _sg_rule_pattern(fn, user, n, ctypes.byref(per)))
    detail = c.range_detail(status)
    if status == EINVAL:
        detail = "n = 0: no positions" if n == 0 else \
            "no position below %d has an option: there is no pattern to find" % n
    _check(status, "sg_rule_pattern", detail)
    return _period(per) if per.period else None


class Memo(_KeyedRule, Generic[S]):
    """SG values of a game whose positions are any hashable Python values (ints, tuples,
    frozensets, strings, ...), computed on demand and kept (sg_memo_*). rule(state) returns the
    options: states, Sum(s1, s2, ...) for a move to a sum of states, Value(v) for a move to a
    game of known value. Each new state gets a 64-bit key inside the binding. max_bytes caps
    the library's memory (0: no cap; over it: OutOfMemoryError). close() frees it, as does
    leaving a with block.

    A failed value() (an exception in the rule, a cycle, the cap) keeps what was proven; the
    memo stays usable. Several threads may share a memo: their calls take turns. A call on the
    memo from inside its own rule (value, count, bytes or close) raises BusyError."""

    _name, _kind, _free = "Memo", "memo", staticmethod(_sg_memo_free)
    _count, _bytes = staticmethod(_sg_memo_count), staticmethod(_sg_memo_bytes)

    def __init__(self, rule: Callable[[S], Iterable[MemoOption[S]]],
                 max_bytes: int = 0) -> None:
        self._rule = rule
        self._create(rule, max_bytes, _sg_memo_create_ex, "sg_memo_create_ex")

    def value(self, state: S) -> int:
        """SG(state)."""
        v = _u32()
        self._run("value", _sg_memo_value, "sg_memo_value", state, v)
        return int(v.value)

    __getitem__ = value

    def _option_value(self, option: MemoOption[S]) -> int:
        if isinstance(option, Sum):
            x = 0
            for part in option.parts:
                x ^= self.value(part)   # type: ignore[arg-type]
            return x
        if isinstance(option, Value):
            return option.value
        return self.value(option)

    def winning_move(self, state: S) -> Optional[MemoOption[S]]:
        """The first option of rule(state) whose value is 0 (a move that leaves the opponent
        lost); None when SG(state) is 0 (the player to move loses)."""
        found = self.sum_winning_move([state])
        return None if found is None else found[1]

    def sum_winning_move(self, states: Iterable[S]) -> Optional[Tuple[int, MemoOption[S]]]:
        """A winning move in the sum of `states`: (component index, option), option as
        rule(states[index]) gives it, in the lowest-index component that has one (possibly a
        move to a larger value), its first option of the needed value; None when the sum's
        value is 0 (the player to move loses). As sg_winning_move does for a table."""
        comps = list(states)
        values = [self.value(s) for s in comps]
        total = 0
        for v in values:
            total ^= v
        if total == 0:
            return None
        for i, s in enumerate(comps):
            want = values[i] ^ total
            for option in self._rule(s):
                if self._option_value(option) == want:
                    return (i, option)
        raise RuntimeError("no option of the needed value: the rule is not a pure function "
                           "of the state")
