"""Nim, misere Nim, mex and the field of nimbers.

    mex([0, 1, 3])                  # 2
    nim_sum([3, 4, 5])              # 2; nim_winning_move([3, 4, 5]) -> (0, 1)
    nim_winning_moves(heaps), misere_winning_move(heaps), misere_wins(heaps)
    nim_mul(a, b), nim_inv(a), nim_div(a, b), nim_pow(a, e), nim_sqrt(a), nim_order(a)
    nim_log(a, b)                   # the discrete logarithm, or None

Heaps are non-negative integers below 2**64 (ValueError for a negative one, OverflowError for
a larger one, TypeError for a non-integer).
"""

from __future__ import annotations

import ctypes
from typing import Any, Iterable, List, Optional, Tuple

from ._lib import (_NimMove, _U32_MAX, _U64_LIMIT, _nim_div, _nim_inv, _nim_log, _nim_misere,
                   _nim_misere_outcome, _nim_mul, _nim_order, _nim_pow, _nim_sqrt, _nim_sum,
                   _nim_winning_move, _nim_winning_moves, _sg_mex, _size, _u32, _u64)
from .errors import EINVAL, InvalidArgumentError
from ._core import _check, _index, _need, _u64_arg, _u64_array

__all__ = ["mex", "nim_sum", "nim_winning_move", "nim_winning_moves", "misere_winning_move",
           "misere_wins", "nim_mul", "NIM_GROUP_ORDER", "NIM_PRIMITIVE", "nim_inv", "nim_div",
           "nim_pow", "nim_sqrt", "nim_order", "nim_log"]


# ---- mex and Nim -----------------------------------------------------------------------------

def mex(values: Iterable[int]) -> int:
    """The least non-negative integer not among `values` (any iterable of non-negative ints)."""
    vals = [_index(v, "a value") for v in values]
    k = len(vals)
    for v in vals:
        if v < 0:
            raise ValueError("values must be non-negative, got %d" % v)
    if k >= _U32_MAX:
        raise OverflowError("too many values")
    # the mex of k values is at most k: a larger value can be replaced by k + 1 (it fits 32 bits)
    arr = (_u32 * k)(*[v if v <= k else k + 1 for v in vals])
    return int(_sg_mex(arr, k))


def nim_sum(heaps: Iterable[int]) -> int:
    """XOR of the heap sizes (the Sprague-Grundy value of a Nim position)."""
    arr, k = _u64_array(heaps, "a heap")
    return int(_nim_sum(arr, k))


def nim_winning_move(heaps: Iterable[int]) -> Optional[Tuple[int, int]]:
    """A winning move of normal-play Nim, (heap index, new size), on the lowest-index heap that
    has one; None when the player to move loses (nim-sum 0)."""
    arr, k = _u64_array(heaps, "a heap")
    heap, size = _size(), _u64()
    if _check(_nim_winning_move(arr, k, ctypes.byref(heap), ctypes.byref(size)),
              "nim_winning_move") == 0:
        return None
    return (int(heap.value), int(size.value))


def nim_winning_moves(heaps: Iterable[int]) -> List[Tuple[int, int]]:
    """Every winning move of normal-play Nim as a list of (heap index, new size), in heap order
    (at most one per heap); empty when the player to move loses."""
    arr, k = _u64_array(heaps, "a heap")
    moves = (_NimMove * max(k, 1))()
    total = _size()
    _check(_nim_winning_moves(arr, k, moves, k, ctypes.byref(total)), "nim_winning_moves")
    return [(int(moves[i].heap), int(moves[i].new_size)) for i in range(min(total.value, k))]


def misere_winning_move(heaps: Iterable[int]) -> Optional[Tuple[int, int]]:
    """A winning move of misere Nim (whoever takes the last token loses), as (heap index, new
    size); None when there is no move to make: the player to move loses, or no token is left
    (then the opponent took the last one and the player to move has already won;
    misere_wins() tells the two apart)."""
    arr, k = _u64_array(heaps, "a heap")
    heap, size = _size(), _u64()
    if _check(_nim_misere(arr, k, ctypes.byref(heap), ctypes.byref(size)),
              "nim_misere_winning_move") == 0:
        return None
    if heap.value >= k:   # the C convention for "already won": *heap = count, no such heap
        return None
    return (int(heap.value), int(size.value))


def misere_wins(heaps: Iterable[int]) -> bool:
    """True when the player to move wins misere Nim from `heaps` (with a move, or because no
    token is left)."""
    arr, k = _u64_array(heaps, "a heap")
    if _nim_misere_outcome is not None:
        return _check(_nim_misere_outcome(arr, k), "nim_misere_outcome") == 1
    heap, size = _size(), _u64()
    return _check(_nim_misere(arr, k, ctypes.byref(heap), ctypes.byref(size)),
                  "nim_misere_winning_move") == 1


def nim_mul(a: int, b: int) -> int:
    """The product of a and b in the field of nimbers below 2**64."""
    return int(_nim_mul(_u64_arg(a, "a"), _u64_arg(b, "b")))


# ---- the nimber field ------------------------------------------------------------------------

#: The order of the multiplicative group of nimbers below 2**64 (SG_NIM_GROUP_ORDER): 2**64 - 1.
NIM_GROUP_ORDER = _U64_LIMIT - 1
#: A generator of that group (SG_NIM_PRIMITIVE), the least one: 2**32 + 6.
NIM_PRIMITIVE = (1 << 32) | 6


def _nonzero(a: Any, what: str, function: str) -> int:
    v = _u64_arg(a, what)
    if v == 0:
        raise InvalidArgumentError(EINVAL, function, "%s is 0, which is not in the "
                                   "multiplicative group of nimbers" % what)
    return v


def nim_inv(a: int) -> int:
    """The nim inverse of a: nim_mul(a, nim_inv(a)) == 1. InvalidArgumentError for a == 0 (the
    C function's 0 for "none" is not passed on as a number)."""
    _need(_nim_inv, "the nimber field")
    return int(_nim_inv(_nonzero(a, "a", "nim_inv")))


def nim_div(a: int, b: int) -> int:
    """a / b in the field of nimbers: nim_mul(a, nim_inv(b)). InvalidArgumentError for b == 0."""
    _need(_nim_div, "the nimber field")
    a = _u64_arg(a, "a")
    b = _u64_arg(b, "b")
    q = _u64()
    _check(_nim_div(a, b, ctypes.byref(q)), "nim_div",
           "division by 0" if b == 0 else None)
    return int(q.value)


def nim_pow(a: int, e: int) -> int:
    """a to the power e by nim multiplication (nim_pow(a, 0) == 1, 0 ** 0 included)."""
    _need(_nim_pow, "the nimber field")
    return int(_nim_pow(_u64_arg(a, "a"), _u64_arg(e, "e")))


def nim_sqrt(a: int) -> int:
    """The nim square root of a: the one s with nim_mul(s, s) == a."""
    _need(_nim_sqrt, "the nimber field")
    return int(_nim_sqrt(_u64_arg(a, "a")))


def nim_order(a: int) -> int:
    """The multiplicative order of a (least k >= 1 with nim_pow(a, k) == 1), a divisor of
    2**64 - 1. InvalidArgumentError for a == 0 (the C function's 0 for "none" is not passed on)."""
    _need(_nim_order, "the nimber field")
    return int(_nim_order(_nonzero(a, "a", "nim_order")))


def nim_log(a: int, b: int) -> Optional[int]:
    """The discrete logarithm of a to the base b: the least k >= 0 with nim_pow(b, k) == a;
    None when a is not a power of b."""
    _need(_nim_log, "the nimber field")
    a = _u64_arg(a, "a")
    b = _u64_arg(b, "b")
    k = _u64()
    if _check(_nim_log(a, b, ctypes.byref(k)), "nim_log") == 0:
        return None
    return int(k.value)
