"""Families of games with fast dedicated paths: subtraction, all-but subtraction,
octal and hexadecimal take-and-break games, Grundy's game; periods and patterns.

    subtraction_table([1, 3, 4], n), subtraction_period([1, 3, 4])
    allbut_table(excluded, n), allbut_period(excluded)
    octal_table("0.07", n), octal_period("0.07", limit), octal_value("0.07", 10**18)
    octal_prove(code, limit), octal_format(code), octal_max_parts(code)
    grundy_game_table(n), table_pattern(table), period_value(prefix, period, n)

Every table function takes the game first, then how many values: subtraction_table(moves, n).
A period is never claimed without proof: octal_period gives None when it found none.
"""

from __future__ import annotations

import ctypes
from array import array
from typing import Any, Callable, Iterable, Optional, Tuple, Union, Sequence as _Seq

from ._lib import (_OctalProof, _Period, _U64_LIMIT, _VALUE_CODE, _has_sequence, _sg_allbut_period,
                   _sg_allbut_table, _sg_grundy_game_table, _sg_octal_format, _sg_octal_max_parts,
                   _sg_octal_period, _sg_octal_prove, _sg_octal_table, _sg_period_value,
                   _sg_period_value_observed, _sg_sub_period, _sg_sub_table, _sg_table_pattern, _u32)
from .errors import EINVAL, ERANGE, InvalidArgumentError, RangeError
from ._core import (OctalProof, Period, _Octal, _POLLED_FROM, _check, _count_arg, _index, _need,
                    _new_table, _period, _ptr, _u64_arg, _u64_array, _value_arg)
from .sequence import Sequence

__all__ = ["subtraction_table", "SUBTRACTION_PERIOD_MAX_MOVE", "subtraction_period", "octal_table",
           "octal_prove", "octal_period", "period_value", "octal_value", "octal_format",
           "octal_max_parts", "allbut_table", "allbut_period", "table_pattern",
           "grundy_game_table", "Period", "OctalProof"]


# ---- subtraction and take-and-break games ----------------------------------------------------

def _move_set(moves: Iterable[int], what: str, function: str, empty_ok: bool) -> Tuple[Any, int]:
    arr, k = _u64_array(moves, what)
    if k == 0 and not empty_ok:
        raise InvalidArgumentError(EINVAL, function, "the move set is empty: a subtraction "
                                   "game needs at least one move")
    if any(arr[i] == 0 for i in range(k)):
        raise InvalidArgumentError(EINVAL, function, "%s of 0 tokens is not a move" % what)
    return arr, k


def subtraction_table(moves: Iterable[int], n: int) -> "array[int]":
    """G(0), ..., G(n-1) of the subtraction game whose moves take s tokens, s in `moves`."""
    arr, k = _move_set(moves, "a move", "sg_subtraction_table", False)
    n = _count_arg(n)
    table = _new_table(n, "sg_subtraction_table")
    _check(_sg_sub_table(_ptr(table), n, arr, k), "sg_subtraction_table")
    return table


#: sg_subtraction_period holds at most 2**28 values, so max(moves) is at most 2**26.
SUBTRACTION_PERIOD_MAX_MOVE = 1 << 26


def subtraction_period(moves: Iterable[int]) -> Tuple[int, int]:
    """(preperiod, period) of the subtraction game, exact and proven: G(i + period) == G(i)
    for every i >= preperiod, both the least such. The search is designed for max(moves) up to
    SUBTRACTION_PERIOD_MAX_MOVE (2**26): a larger move raises RangeError."""
    arr, k = _move_set(moves, "a move", "sg_subtraction_period", False)
    top = max(arr[i] for i in range(k))
    if top > SUBTRACTION_PERIOD_MAX_MOVE:
        raise RangeError(ERANGE, "sg_subtraction_period",
                         "the largest move, %d, is above 2**26: the period search is designed "
                         "to hold at most 2**28 values, so it stops at a move of 2**26" % top)
    per = _Period()
    _check(_sg_sub_period(arr, k, ctypes.byref(per)), "sg_subtraction_period")
    return (int(per.preperiod), int(per.period))


def octal_table(code: Union[str, bytes], n: int) -> "array[int]":
    """G(0), ..., G(n-1) of the octal or hexadecimal take-and-break game `code` ("0.07")."""
    n = _count_arg(n)
    with _Octal(code) as game:
        if n >= _POLLED_FROM and _has_sequence:
            return _polled_table(n, lambda: Sequence.octal(code), "sg_octal_table")
        table = _new_table(n, "sg_octal_table")
        _check(_sg_octal_table(game.handle, _ptr(table), n), "sg_octal_table")
        return table


def _polled_table(n: int, make: Callable[[], "Sequence"], function: str) -> "array[int]":
    table = _new_table(n, function)
    with make() as seq:
        seq.extend(n)
        seq._read_into(table, 0, n)
    return table


def octal_prove(code: Union[str, bytes], limit: int) -> OctalProof:
    """The full record of the period search of sg_octal_prove, over at most `limit` values."""
    limit = _u64_arg(limit, "limit")
    _need(_sg_octal_prove, "sg_octal_prove")
    with _Octal(code) as game:
        rec = _OctalProof()
        _check(_sg_octal_prove(game.handle, limit, ctypes.byref(rec)), "sg_octal_prove")
    last = int(rec.last_exception)
    return OctalProof(_period(rec.period), int(rec.computed), int(rec.checked_from),
                      int(rec.checked_to), int(rec.exceptions),
                      None if last == _U64_LIMIT - 1 else last, int(rec.max_value),
                      int(rec.max_at), int(rec.proof_period))


def octal_period(code: Union[str, bytes], limit: int) -> Optional[Tuple[int, int]]:
    """(preperiod, period) of the octal game `code` when the library proves it (Guy-Smith
    periodicity theorem) from at most `limit` values; None when no proof was found by then (a
    period is never claimed without proof)."""
    limit = _u64_arg(limit, "limit")
    with _Octal(code) as game:
        per = _Period()
        _check(_sg_octal_period(game.handle, limit, ctypes.byref(per)), "sg_octal_period")
    if not per.proven:
        return None
    return (int(per.preperiod), int(per.period))


def period_value(prefix: _Seq[int], period: Optional[Period], n: int,
                 observed: bool = False) -> int:
    """G(n) for any n < 2**64 from a prefix G(0..len(prefix)-1) and a proven period
    (sg_period_value): prefix[n] when n < len(prefix), otherwise read off the period. With
    observed=True a pattern that is only observed (table_pattern, rule_pattern: proven False)
    is read off too, the caller vouching for it (sg_period_value_observed)."""
    function = "sg_period_value_observed" if observed else "sg_period_value"
    cfunc = _sg_period_value_observed if observed else _sg_period_value
    _need(cfunc, function)
    n = _u64_arg(n, "n")
    table = prefix if isinstance(prefix, array) and prefix.typecode == _VALUE_CODE else \
        array(_VALUE_CODE, [_index(v, "a value") for v in prefix])
    per = None
    if period is not None:
        per = _Period(_u64_arg(period.preperiod, "preperiod"), _u64_arg(period.period, "period"),
                      period.saltus, 1 if period.proven else 0)
    v = _u32()
    status = cfunc(_ptr(table), len(table), ctypes.byref(per) if per else None, n,
                   ctypes.byref(v))
    detail = None
    if status == EINVAL and n >= len(table):
        why = "no period is given" if per is None else "the period is 0" if not per.period \
            else "the period is not proven (observed=True reads off an observed one)"
        detail = "G(%d) is past the prefix of %d values, and %s" % (n, len(table), why)
    elif status == ERANGE and per is not None:
        detail = "G(%d) is above 2**32 - 1" % n \
            if len(table) >= per.preperiod + per.period else \
            "the prefix of %d values does not reach preperiod + period" % len(table)
    _check(status, function, detail)
    return int(v.value)


def octal_value(code: Union[str, bytes], n: int, limit: int = 1 << 20) -> int:
    """G(n) of the octal game `code` for any heap size n below 2**64: computed directly when
    n < limit, otherwise read off the period proven from at most `limit` values. Raises
    ValueError when n >= limit and no period is proven within `limit` values."""
    n = _u64_arg(n, "n")
    limit = _u64_arg(limit, "limit")
    _need(_sg_period_value, "sg_period_value")
    with _Octal(code) as game:
        if n < limit:
            table = _new_table(n + 1, "sg_octal_table")
            _check(_sg_octal_table(game.handle, _ptr(table), n + 1), "sg_octal_table")
            return int(table[n])
        per = _Period()
        _check(_sg_octal_period(game.handle, limit, ctypes.byref(per)), "sg_octal_period")
        if not per.proven:
            raise ValueError("no period of %r is proven within %d values: G(%d) is out of reach"
                             % (code, limit, n))
        count = _count_arg(per.preperiod + per.period, "preperiod + period")
        prefix = _new_table(count, "sg_octal_table")
        _check(_sg_octal_table(game.handle, _ptr(prefix), count), "sg_octal_table")
        v = _u32()
        _check(_sg_period_value(_ptr(prefix), count, ctypes.byref(per), n, ctypes.byref(v)),
               "sg_period_value")
        return int(v.value)


def octal_format(code: Union[str, bytes]) -> str:
    """The canonical form of an octal code: "0.070" -> "0.07", ".07" -> "0.07", "0.F" -> "0.f"."""
    _need(_sg_octal_format, "sg_octal_format")
    with _Octal(code) as game:
        buf = ctypes.create_string_buffer(256)
        _check(_sg_octal_format(game.handle, buf, len(buf)), "sg_octal_format")
    return buf.value.decode("ascii")


def octal_max_parts(code: Union[str, bytes]) -> int:
    """The most non-empty heaps one move can leave in place of the heap it was made on: 0, 1, 2
    or 3 (a hexadecimal digit with bit 8)."""
    _need(_sg_octal_max_parts, "sg_octal_max_parts")
    with _Octal(code) as game:
        return int(_sg_octal_max_parts(game.handle))


def allbut_table(excluded: Iterable[int], n: int) -> "array[int]":
    """G(0), ..., G(n-1) of the all-but subtraction game: a move takes any positive number of
    tokens except those in `excluded`."""
    _need(_sg_allbut_table, "all-but subtraction games")
    arr, k = _move_set(excluded, "an excluded move", "sg_allbut_table", True)
    n = _count_arg(n)
    if n >= 1 << 32:
        raise RangeError(ERANGE, "sg_allbut_table", "n = %d: the values of an all-but game grow "
                         "with n and must stay below 2**32" % n)
    table = _new_table(n, "sg_allbut_table")
    _check(_sg_allbut_table(_ptr(table), n, arr, k), "sg_allbut_table")
    return table


def allbut_period(excluded: Iterable[int], limit: int = 1 << 20) -> Period:
    """The least preperiod, period and saltus of the all-but subtraction game (arithmetic
    periodic: G(n + period) == G(n) + saltus from preperiod on), proven from at most `limit`
    values (at most 2**32; Siegel's theorem, see sg_allbut_period(3)). Without a proof by then,
    proven is False and the rest is the pattern the values show (all 0 when none)."""
    _need(_sg_allbut_period, "sg_allbut_period")
    arr, k = _move_set(excluded, "an excluded move", "sg_allbut_period", True)
    limit = _u64_arg(limit, "limit")
    per = _Period()
    _check(_sg_allbut_period(arr, k, limit, ctypes.byref(per)), "sg_allbut_period")
    return _period(per)


def table_pattern(table: _Seq[int]) -> Optional[Period]:
    """The (arithmetic-)periodic pattern a table of values shows (sg_table_pattern): the least
    period, then the least preperiod, with the saltus; observed over the table only, never
    proven (proven is False). None when the table shows no pattern."""
    _need(_sg_table_pattern, "sg_table_pattern")
    arr = table if isinstance(table, array) and table.typecode == _VALUE_CODE else \
        array(_VALUE_CODE, [_value_arg(v) for v in table])
    per = _Period()
    _check(_sg_table_pattern(_ptr(arr), len(arr), ctypes.byref(per)), "sg_table_pattern")
    return _period(per) if per.period else None


def grundy_game_table(n: int) -> "array[int]":
    """G(0), ..., G(n-1) of Grundy's game: a move splits a heap into two non-empty heaps of
    different sizes."""
    _need(_sg_grundy_game_table, "Grundy's game")
    n = _count_arg(n)
    if n >= _POLLED_FROM and _has_sequence:
        return _polled_table(n, Sequence.grundy_game, "sg_grundy_game_table")
    table = _new_table(n, "sg_grundy_game_table")
    _check(_sg_grundy_game_table(_ptr(table), n), "sg_grundy_game_table")
    return table
