"""Misere quotients (docs/quotients.md): the misere outcome of any sum of heaps of a
take-and-break game as one product in a small commutative monoid, each quotient proven.

    q = MisereQuotient("0.75"); q.solve()
    q.order, q.p_portion, q.presentation, q.pretending, q.period, q.tame, q.last_rogue
    q.outcome([10**12, 3]), q.winning_move([1, 2, 5])
    q.save("kayles.mq"); q = MisereQuotient.load("0.77", "kayles.mq"); q.solve()
"""

from __future__ import annotations

import ctypes
import os
from array import array
from typing import Any, Iterable, List, Optional, Tuple, Union

from ._lib import (_Memory, _Period, _QuotientMove, _sg_mq_bytes, _sg_mq_create, _sg_mq_element,
                   _sg_mq_extend, _sg_mq_free, _sg_mq_generator, _sg_mq_generators,
                   _sg_mq_heaps, _sg_mq_is_p, _sg_mq_last_rogue, _sg_mq_load, _sg_mq_mul,
                   _sg_mq_name, _sg_mq_order, _sg_mq_outcome, _sg_mq_p_portion, _sg_mq_period,
                   _sg_mq_presentation, _sg_mq_save, _sg_mq_solve, _sg_mq_tame,
                   _sg_mq_winning_move, _int, _p, _u32)
from .errors import ERANGE
from ._core import (Period, _Handle, _Octal, _check, _need, _period, _size_arg, _u64_arg,
                    _u64_array)

__all__ = ["MisereQuotient"]

_Path = Union[str, bytes, "os.PathLike[str]"]


class MisereQuotient(_Handle):
    """The misere quotient of a take-and-break game (sg_misere_quotient_*; Plambeck and Siegel,
    arXiv math/0609825), heap by heap, each one proven; the whole game's once the pretending
    function is proven periodic.

        q = MisereQuotient("0.75", max_order=0, max_bytes=0)
        q.solve(limit=24)     # heap by heap until the period is proven, or limit heaps
        q.extend(n)           # the quotient of heaps 1..n
        q.heaps, q.order, q.p_portion, q.presentation, q.generators, q.p
        q.period              # Period of the pretending function (proven or all 0)
        q.tame                # m for the tame quotient T_m, None when wild
        q.last_rogue          # last heap outside the kernel (0 none, None: they recur)
        q.element(heap), q.name(e), q.pretending(), q.mul(a, b), q.is_p(e)
        q.outcome([10**12, 3]), q.wins(heaps), q.winning_move(heaps)
        q.save(path); MisereQuotient.load(code, path)   # a long computation resumed

    A quotient past max_order (default 4096 elements) raises RangeError; the quotient of the
    heaps before stays readable."""

    _name, _kind, _free = "MisereQuotient", "misere quotient", staticmethod(_sg_mq_free)
    _count = staticmethod(_sg_mq_order)
    _bytes = staticmethod(_sg_mq_bytes)

    def __init__(self, code: Union[str, bytes], max_order: int = 0, max_bytes: int = 0) -> None:
        _need(_sg_mq_create, "misere quotients")
        max_order = _u64_arg(max_order, "max_order")
        max_bytes = _size_arg(max_bytes, "max_bytes")
        self._own(_p())
        mem = None
        if max_bytes:
            mem = _Memory()
            mem.max_bytes = max_bytes
        with _Octal(code) as game:
            _check(_sg_mq_create(ctypes.byref(self._pointer), game.handle, max_order,
                                 ctypes.byref(mem) if mem is not None else None),
                   "sg_misere_quotient_create", "no heap of this game has a move")

    @classmethod
    def load(cls, code: Union[str, bytes], path: _Path, max_order: int = 0,
             max_bytes: int = 0) -> "MisereQuotient":
        """The computation that save() wrote to `path`, for the game `code`, ready to go on
        (extend, solve) from the heaps it holds as if it had never stopped. The file is checked
        whole and its quotient proven again: CheckpointError for another game (EGAME) or a
        damaged file (EFORMAT), FileError when it cannot be read, RangeError past max_order."""
        _need(_sg_mq_load, "saving misere quotients")
        q = cls(code, max_order=max_order, max_bytes=max_bytes)
        p = os.fsencode(path)
        q._call("load", _sg_mq_load, "sg_misere_quotient_load", p)
        return q

    def save(self, path: _Path) -> None:
        """Write the state of the computation to `path` (checksummed, replaced whole: the
        previous file stays whole on failure); MisereQuotient.load resumes it."""
        _need(_sg_mq_save, "saving misere quotients")
        p = os.fsencode(path)
        self._call("save", _sg_mq_save, "sg_misere_quotient_save", p)

    def _call(self, name: str, cfunc: Any, cname: str, *args: Any) -> int:
        status = self._locked(name, cfunc, *args)
        if status < 0:
            detail = None
            if status == ERANGE:
                detail = ("a heap past the bound while no period is proven, or a quotient "
                          "past its budget")
            _check(status, cname, detail)
        return int(status)

    def extend(self, heaps: int) -> None:
        """The quotient of heaps 1..heaps."""
        self._call("extend", _sg_mq_extend, "sg_misere_quotient_extend",
                   _u64_arg(heaps, "heaps"))

    def solve(self, limit: int = 24) -> bool:
        """Heap by heap until the pretending function is proven periodic or `limit` heaps are
        in; True when proven (the whole game's quotient)."""
        self._call("solve", _sg_mq_solve, "sg_misere_quotient_solve", _u64_arg(limit, "limit"))
        return self.period.proven

    @property
    def heaps(self) -> int:
        return int(self._locked("heaps", _sg_mq_heaps))

    @property
    def order(self) -> int:
        return int(self._locked("order", _sg_mq_order))

    @property
    def p_portion(self) -> int:
        return int(self._locked("p_portion", _sg_mq_p_portion))

    @property
    def period(self) -> Period:
        per = _Period()
        self._call("period", _sg_mq_period, "sg_misere_quotient_period", ctypes.byref(per))
        return _period(per)

    @property
    def tame(self) -> Optional[int]:
        m = ctypes.c_uint()
        t = self._call("tame", _sg_mq_tame, "sg_misere_quotient_tame", ctypes.byref(m))
        return int(m.value) if t == 1 else None

    @property
    def last_rogue(self) -> Optional[int]:
        r = int(self._locked("last_rogue", _sg_mq_last_rogue))
        return None if r == 2 ** 64 - 1 else r

    def _text(self, name: str, cfunc: Any, cname: str, *args: Any) -> str:
        size = 256
        while True:
            buf = ctypes.create_string_buffer(size)
            status = self._locked(name, cfunc, *(args + (buf, size)))
            if status != ERANGE or size > 1 << 26:
                _check(status, cname)
                return buf.value.decode("ascii")
            size *= 4

    @property
    def presentation(self) -> str:
        """Generators and relations: "<a, b | a^2 = 1, b^3 = b>"."""
        return self._text("presentation", _sg_mq_presentation, "sg_misere_quotient_presentation")

    def name(self, element: int) -> str:
        """The normal form of an element: "1", "a", "ab^2"."""
        return self._text("name", _sg_mq_name, "sg_misere_quotient_name",
                          _u64_arg(element, "element"))

    def element(self, heap: int) -> int:
        """The pretending function: the element of one heap (past the bound: the period)."""
        e = _u32()
        self._call("element", _sg_mq_element, "sg_misere_quotient_element",
                   _u64_arg(heap, "heap"), ctypes.byref(e))
        return int(e.value)

    def pretending(self) -> List[str]:
        """The elements of heaps 0..heaps, as normal forms."""
        return [self.name(self.element(h)) for h in range(self.heaps + 1)]

    @property
    def generators(self) -> List[Tuple[str, int]]:
        """(letter, heap) of each generator of the presentation."""
        out = []
        for i in range(int(self._locked("generators", _sg_mq_generators))):
            h = ctypes.c_uint64()
            self._call("generators", _sg_mq_generator, "sg_misere_quotient_generator", i,
                       ctypes.byref(h))
            out.append((self.name(self.element(h.value)), int(h.value)))
        return out

    def is_p(self, element: int) -> bool:
        return bool(self._call("is_p", _sg_mq_is_p, "sg_misere_quotient_is_p",
                               _u64_arg(element, "element")))

    @property
    def p(self) -> List[str]:
        """The P-portion, as normal forms."""
        return [self.name(e) for e in range(self.order) if self.is_p(e)]

    def mul(self, a: int, b: int) -> int:
        c = _u32()
        self._call("mul", _sg_mq_mul, "sg_misere_quotient_mul", _u64_arg(a, "a"),
                   _u64_arg(b, "b"), ctypes.byref(c))
        return int(c.value)

    def wins(self, heaps: Iterable[int]) -> bool:
        """True when the player to move wins the sum of `heaps` (linear in their number)."""
        arr, k = _u64_array(heaps, "a heap")
        w = _int()
        self._call("wins", _sg_mq_outcome, "sg_misere_quotient_outcome", arr, k,
                   ctypes.byref(w))
        return bool(w.value)

    def outcome(self, heaps: Iterable[int]) -> str:
        return "N" if self.wins(heaps) else "P"

    def winning_move(self, heaps: Iterable[int]) -> Optional[Tuple[int, int, Tuple[int, ...]]]:
        """(heap index, tokens taken, heaps left in its place) of a move to a P-position; None
        when the sum is P, or when no heap can move (the player to move has already won)."""
        hs = list(heaps)
        arr, k = _u64_array(hs, "a heap")
        mv = _QuotientMove()
        r = self._call("winning_move", _sg_mq_winning_move, "sg_misere_quotient_winning_move",
                       arr, k, ctypes.byref(mv))
        if r == 0 or mv.heap >= k:
            return None
        return (int(mv.heap), int(mv.take), tuple(int(mv.parts[i]) for i in range(mv.nparts)))
