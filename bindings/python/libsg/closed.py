"""Closed forms: games whose values and winning moves have a formula.

    wythoff_winning_move(x, y), wythoff_pair(k), wythoff_table(rows, cols)
    moore_nim_winning_move(heaps, k), staircase_nim_value(stairs), staircase_nim_winning_move
    anti_sg_winning_move(values), anti_sg_wins(values)        # the SJ theorem
    fibonacci_nim_winning_move(n, max_take)
    coin_value(COIN_RULER, n), tartan_value(game_x, x, game_y, y)

Heaps are at most CLOSED_MAX (2**63): RangeError above it, or when a result would pass it.
"""

from __future__ import annotations

import ctypes
from array import array
from typing import Any, Iterable, List, Optional, Tuple

from ._lib import (_sg_anti_sg_winning_move, _sg_coin_value, _sg_fibonacci_nim_winning_move,
                   _sg_moore_nim_winning_move, _sg_staircase_nim_value,
                   _sg_staircase_nim_winning_move, _sg_tartan_value, _sg_wythoff_pair,
                   _sg_wythoff_table, _sg_wythoff_winning_move, _size, _u64)
from .errors import EINVAL, ERANGE, InvalidArgumentError, RangeError
from ._core import _check, _count_arg, _index, _need, _new_table, _ptr, _u64_arg, _u64_array

__all__ = ["CLOSED_MAX", "COIN_TWINS", "COIN_RULER", "COIN_MOCK_TURTLES", "wythoff_winning_move",
           "wythoff_pair", "wythoff_table", "moore_nim_winning_move", "staircase_nim_value",
           "staircase_nim_winning_move", "anti_sg_winning_move", "anti_sg_wins",
           "fibonacci_nim_winning_move", "coin_value", "tartan_value"]


# ---- closed forms ----------------------------------------------------------------------------

#: The largest heap the closed forms take (SG_CLOSED_MAX): 2**63. A larger one is RangeError.
CLOSED_MAX = 1 << 63
#: Coin-turning games (SG_COIN_*) for coin_value and tartan_value.
COIN_TWINS, COIN_RULER, COIN_MOCK_TURTLES = 0, 1, 2
_COIN_GAMES = {COIN_TWINS: "twins", COIN_RULER: "ruler", COIN_MOCK_TURTLES: "mock turtles"}


def _heap_arg(x: Any, what: str, function: str) -> int:
    v = _u64_arg(x, what)
    if v > CLOSED_MAX:
        raise RangeError(ERANGE, function, "%s = %d is above 2**63, the largest heap the closed "
                         "forms take" % (what, v))
    return v


def _closed(status: int, function: str) -> int:
    # the arguments were checked above, so a range error here is the result's own range
    return _check(status, function, "the result would pass 2**63" if status == ERANGE else None)


def wythoff_winning_move(x: int, y: int) -> Optional[Tuple[int, int]]:
    """A winning move of Wythoff's game on heaps x and y (take from one heap, or the same number
    from both), as the heaps after it (x', y'); None when the player to move loses."""
    _need(_sg_wythoff_winning_move, "closed forms")
    f = "sg_wythoff_winning_move"
    x, y = _heap_arg(x, "x", f), _heap_arg(y, "y", f)
    nx, ny = _u64(), _u64()
    if _closed(_sg_wythoff_winning_move(x, y, ctypes.byref(nx), ctypes.byref(ny)), f) == 0:
        return None
    return (int(nx.value), int(ny.value))


def wythoff_pair(k: int) -> Tuple[int, int]:
    """The k-th P-position (a, b) of Wythoff's game, a <= b: a = floor(k * phi), b = a + k
    (exact integers). RangeError when b would pass 2**63."""
    _need(_sg_wythoff_pair, "closed forms")
    a, b = _u64(), _u64()
    _closed(_sg_wythoff_pair(_u64_arg(k, "k"), ctypes.byref(a), ctypes.byref(b)),
            "sg_wythoff_pair")
    return (int(a.value), int(b.value))


def wythoff_table(rows: int, cols: int) -> "array[int]":
    """The Sprague-Grundy values of Wythoff's game: table[x * cols + y] = G(x, y) for x < rows,
    y < cols (an array('I') of rows * cols values)."""
    _need(_sg_wythoff_table, "closed forms")
    rows, cols = _count_arg(rows, "rows"), _count_arg(cols, "cols")
    n = _count_arg(rows * cols, "rows * cols")
    if max(rows, cols) > (1 << 31) // 3:
        raise RangeError(ERANGE, "sg_wythoff_table", "max(rows, cols) = %d is above 2**31 / 3"
                         % max(rows, cols))
    table = _new_table(n, "sg_wythoff_table")
    _check(_sg_wythoff_table(_ptr(table), rows, cols), "sg_wythoff_table")
    return table


def moore_nim_winning_move(heaps: Iterable[int], k: int) -> Optional[List[int]]:
    """A winning move of Moore's Nim_k (a move takes tokens from at least one and at most k
    heaps; k = 1 is Nim), as the heaps after it; None when the player to move loses."""
    _need(_sg_moore_nim_winning_move, "closed forms")
    f = "sg_moore_nim_winning_move"
    vals = [_heap_arg(h, "a heap", f) for h in heaps]
    k = _u64_arg(k, "k")
    if k == 0:
        raise InvalidArgumentError(EINVAL, f, "k = 0: a move takes from at least one heap")
    arr = (_u64 * len(vals))(*vals)
    out = (_u64 * max(len(vals), 1))()
    if _closed(_sg_moore_nim_winning_move(arr, len(vals), k, out), f) == 0:
        return None
    return [int(out[i]) for i in range(len(vals))]


def staircase_nim_value(stairs: Iterable[int]) -> int:
    """The value of staircase Nim with stairs[i] coins on stair i (stair 0 is the ground; a move
    carries coins from stair i >= 1 to stair i - 1): the XOR of the odd stairs' counts."""
    _need(_sg_staircase_nim_value, "closed forms")
    f = "sg_staircase_nim_value"
    vals = [_heap_arg(s, "a stair's coins", f) for s in stairs]
    v = _u64()
    _closed(_sg_staircase_nim_value((_u64 * len(vals))(*vals), len(vals), ctypes.byref(v)), f)
    return int(v.value)


def staircase_nim_winning_move(stairs: Iterable[int]) -> Optional[Tuple[int, int]]:
    """A winning move of staircase Nim, (stair, coins): carry `coins` coins from `stair` (odd)
    down to stair - 1; None when the player to move loses."""
    _need(_sg_staircase_nim_winning_move, "closed forms")
    f = "sg_staircase_nim_winning_move"
    vals = [_heap_arg(s, "a stair's coins", f) for s in stairs]
    stair, coins = _size(), _u64()
    if _closed(_sg_staircase_nim_winning_move((_u64 * len(vals))(*vals), len(vals),
                                              ctypes.byref(stair), ctypes.byref(coins)), f) == 0:
        return None
    return (int(stair.value), int(coins.value))


def _anti_sg(values: Iterable[int]) -> Tuple[int, int, int, int]:
    _need(_sg_anti_sg_winning_move, "closed forms")
    arr, k = _u64_array(values, "a value")
    comp, value = _size(), _u64()
    status = _check(_sg_anti_sg_winning_move(arr, k, ctypes.byref(comp), ctypes.byref(value)),
                    "sg_anti_sg_winning_move")
    return status, k, int(comp.value), int(value.value)


def anti_sg_winning_move(values: Iterable[int]) -> Optional[Tuple[int, int]]:
    """A winning move of anti-SG play (the player who cannot move wins) in a sum whose
    components have the Sprague-Grundy values `values`, by the SJ theorem: (component, value),
    the component moving to an option of that value. None when there is no move to make: the
    player to move loses, or every value is 0 (nothing to move and already won; anti_sg_wins()
    tells the two apart). The theorem needs the sum to end once every component has value 0."""
    status, k, comp, value = _anti_sg(values)
    if status == 0 or comp >= k:
        return None
    return (comp, value)


def anti_sg_wins(values: Iterable[int]) -> bool:
    """True when the player to move wins anti-SG play of the sum (SJ theorem)."""
    return _anti_sg(values)[0] == 1


def fibonacci_nim_winning_move(n: int, max_take: Optional[int] = None) -> Optional[int]:
    """How many tokens to take to win Fibonacci Nim with n tokens, when the player to move may
    take 1 .. min(max_take, n) (default n - 1: the first move of the game; afterwards twice what
    the opponent took); None when the player to move loses."""
    _need(_sg_fibonacci_nim_winning_move, "closed forms")
    f = "sg_fibonacci_nim_winning_move"
    n = _heap_arg(n, "n", f)
    m = max(n - 1, 0) if max_take is None else _u64_arg(max_take, "max_take")
    take = _u64()
    if _closed(_sg_fibonacci_nim_winning_move(n, m, ctypes.byref(take)), f) == 0:
        return None
    return int(take.value)


def _coin_game(game: Any, function: str) -> int:
    g = _index(game, "game")
    if g not in _COIN_GAMES:
        raise InvalidArgumentError(EINVAL, function, "unknown coin-turning game %d: COIN_TWINS, "
                                   "COIN_RULER or COIN_MOCK_TURTLES" % g)
    return g


def _coin_detail(game: int, n: int) -> str:
    if game == COIN_RULER and n == 0:
        return "the ruler's places start at 1"
    return "place %d is out of range for %s" % (n, _COIN_GAMES[game])


def coin_value(game: int, n: int) -> int:
    """The value of a single head at place n of the coin-turning game `game`: COIN_TWINS (n),
    COIN_RULER (places from 1: n & -n), COIN_MOCK_TURTLES (the n-th odious number)."""
    _need(_sg_coin_value, "closed forms")
    f = "sg_coin_value"
    g = _coin_game(game, f)
    n = _u64_arg(n, "n")
    v = _u64()
    status = _sg_coin_value(g, n, ctypes.byref(v))
    _check(status, f, _coin_detail(g, n) if status == ERANGE else None)
    return int(v.value)


def tartan_value(game_x: int, x: int, game_y: int, y: int) -> int:
    """The value of a head at (x, y) in the product of two coin-turning games (Tartan theorem:
    nim_mul(coin_value(game_x, x), coin_value(game_y, y))). Twins x Twins is Turning Corners."""
    _need(_sg_tartan_value, "closed forms")
    f = "sg_tartan_value"
    gx, gy = _coin_game(game_x, f), _coin_game(game_y, f)
    x, y = _u64_arg(x, "x"), _u64_arg(y, "y")
    v = _u64()
    status = _sg_tartan_value(gx, x, gy, y, ctypes.byref(v))
    detail = None
    if status == ERANGE:
        bad_x = _sg_coin_value(gx, x, None) == ERANGE
        detail = _coin_detail(gx, x) if bad_x else _coin_detail(gy, y)
    _check(status, f, detail)
    return int(v.value)
