"""Argument checks, tables in memory, and the base of every object owning a C handle.

Private. _Owned owns one C object and its guard: calls take turns across threads, a call
from inside a running one (its own rule) raises BusyError, and close() frees it once; _Handle
adds count and bytes (the stores, in _store.py, have stats() instead).
"""

from __future__ import annotations

import ctypes
import operator
import os
import sys
import threading
from array import array
from typing import Any, Iterable, NamedTuple, Optional, Tuple, TypeVar, Union

from ._lib import (_Period, _SIZE_MAX, _U32P, _U32_MAX, _U64_LIMIT, _VALUE_CODE, _p, _sg_octal_free,
                   _sg_octal_parse, _sg_octal_parse_ex, _size, _u64, has_octal, library_path)
from ._brief import _Brief, _brief
from .errors import BusyError, EBUSY, EINVAL, ENOMEM, OutOfMemoryError, _error, version

# ---- argument checking -----------------------------------------------------------------------

def _index(x: Any, what: str) -> int:
    try:
        return operator.index(x)
    except TypeError:
        raise TypeError("%s must be an integer, not %s" % (what, type(x).__name__)) from None


def _u64_arg(x: Any, what: str) -> int:
    v = _index(x, what)
    if v < 0:
        raise ValueError("%s must be non-negative, got %d" % (what, v))
    if v >= _U64_LIMIT:
        raise OverflowError("%s must be below 2**64, got %d" % (what, v))
    return v


def _u64_array(values: Iterable[Any], what: str) -> Tuple[Any, int]:
    vals = [_u64_arg(v, what) for v in values]
    return (_u64 * len(vals))(*vals), len(vals)


def _count_arg(n: Any, what: str = "n") -> int:
    v = _u64_arg(n, what)
    if v > sys.maxsize // 4:
        raise OverflowError("%s = %d is too large for a table in memory" % (what, v))
    return v


def _physical_memory() -> Optional[int]:
    try:
        return int(os.sysconf("SC_PHYS_PAGES")) * int(os.sysconf("SC_PAGE_SIZE"))
    except (AttributeError, ValueError, OSError):
        return None


def _new_table(n: int, function: str) -> "array[int]":
    """A zeroed table of n values; a MemoryError that says how much was asked for."""
    need = 4 * n
    phys = _physical_memory()
    if phys is not None and need > phys:
        raise OutOfMemoryError(ENOMEM, function,
                               "a table of %d values needs %d bytes, more than this machine's "
                               "%d bytes of memory" % (n, need, phys))
    try:
        return array(_VALUE_CODE, [0]) * n
    except MemoryError:
        raise OutOfMemoryError(ENOMEM, function, "a table of %d values needs %d bytes, which "
                               "could not be allocated" % (n, need)) from None


def _ptr(table: "array[int]") -> Any:
    """A uint32_t pointer to the array's own buffer (no copy)."""
    return ctypes.cast(table.buffer_info()[0], _U32P)


def _check(status: int, function: str, detail: Optional[str] = None) -> int:
    if status < 0:
        raise _error(status, function, detail)
    return status


def _need(f: Any, what: str) -> None:
    if f is None:
        raise NotImplementedError("the loaded libsg (%s, %s) has no %s"
                                  % (library_path, version(), what))


class _Octal:
    """A parsed code (sg_octal_t), freed on leaving a with block."""

    def __init__(self, code: Union[str, bytes]) -> None:
        _need(_sg_octal_parse if has_octal else None, "octal games")
        raw = code
        if isinstance(code, str):
            code = code.encode("ascii", "replace")   # a non-ASCII character stays malformed
        elif not isinstance(code, bytes):
            raise TypeError("code must be a str, not %s" % type(code).__name__)
        if b"\0" in code:
            raise ValueError("code contains a NUL character")
        self.handle = _p()
        if _sg_octal_parse_ex is None:
            _check(_sg_octal_parse(code, ctypes.byref(self.handle)), "sg_octal_parse")
            return
        offset, why = _size(), ctypes.c_char_p()
        status = _sg_octal_parse_ex(code, ctypes.byref(self.handle), ctypes.byref(offset),
                                    ctypes.byref(why))
        if status < 0:
            detail = None
            if status == EINVAL and why.value:
                detail = "%r at offset %d: %s" % (raw, offset.value,
                                                  why.value.decode("ascii", "replace"))
            raise _error(status, "sg_octal_parse_ex", detail)

    def __enter__(self) -> "_Octal":
        return self

    def __exit__(self, *exc: object) -> None:
        if self.handle:
            _sg_octal_free(self.handle)
            self.handle = _p()


# Tables of at least this many values are computed through a sequence whose progress callback
# lets Ctrl-C (KeyboardInterrupt) stop them; smaller ones take one direct call.
_POLLED_FROM = 1 << 16


@_brief
class Period(NamedTuple):
    """sg_period_t: when proven, G(n + period) == G(n) + saltus for n >= preperiod."""
    preperiod: int
    period: int
    saltus: int
    proven: bool


@_brief
class OctalProof(NamedTuple):
    """sg_octal_proof_t: the record of a period search (see sg_octal_prove(3))."""
    period: Period
    computed: int
    checked_from: int
    checked_to: int
    exceptions: int
    last_exception: Optional[int]
    max_value: int
    max_at: int
    proof_period: int


def _period(p: _Period) -> Period:
    return Period(int(p.preperiod), int(p.period), int(p.saltus), bool(p.proven))


class _Guard:
    """One call at a time on a C object that is not thread-safe: other threads wait for the
    lock; a call from inside a running call on the same thread (its own rule or callback)
    raises BusyError instead of corrupting the object or deadlocking. `with guard.hold(f):`
    holds it for a block."""

    def __init__(self, kind: str) -> None:
        self._lock = threading.Lock()
        self._owner: Optional[int] = None
        self._kind = kind

    def enter(self, function: str) -> None:
        if self.held_here():
            raise BusyError(EBUSY, function, "the %s is in use by a call that has not returned "
                            "(its own rule or callback called %s)" % (self._kind, function))
        self._lock.acquire()
        self._owner = threading.get_ident()

    def held_here(self) -> bool:
        """Whether this thread is inside a call that holds the guard (its rule or callback)."""
        return self._owner == threading.get_ident()

    def leave(self) -> None:
        self._owner = None
        self._lock.release()

    def hold(self, function: str) -> "_Guard":
        self.enter(function)   # before the with block: on BusyError there is nothing to leave
        return self

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        self.leave()


_H = TypeVar("_H", bound="_Owned")


class _Owned(metaclass=_Brief):
    """A C object owned by one Python object (the handles below, and every store):
    the pointer, freed by close(), on leaving a with block, or when the object is collected;
    every call on it holds the guard (_hold, _locked), so calls take turns across threads and a
    call from inside a running one raises BusyError; a call once closed raises ValueError.
    A subclass names itself (_name: "Memo", for BusyError) and its kind (_kind: "memo", for
    "the memo is closed"), gives its C function _free and calls _own() first; it keeps only
    what differs."""

    _name: str
    _kind: str
    _free: Any
    _pointer: Any

    def _own(self, handle: Any) -> None:
        """Take `handle` (an empty _p() for the create function to fill in)."""
        self._guard = _Guard(self._kind)
        self._pointer = handle

    def _handle(self) -> Any:
        if not self._pointer:
            raise ValueError("the %s is closed" % self._kind)
        return self._pointer

    def _hold(self, method: str) -> _Guard:
        """The guard, held for a call of `method` (BusyError from inside a running call)."""
        return self._guard.hold("%s.%s" % (self._name, method))

    def _locked(self, method: str, cfunc: Any, *args: Any) -> Any:
        """cfunc(handle, *args), the guard held: what it returns."""
        with self._hold(method):
            return cfunc(self._handle(), *args)

    def close(self) -> None:
        """Free the C object (idempotent). BusyError from inside a call on it (its own rule or
        callback)."""
        with self._hold("close"):
            self._release()

    def _release(self) -> None:
        if self._pointer:
            self._free(self._pointer)
            self._pointer = _p()

    def __del__(self) -> None:
        # nothing can be running: a running call holds a reference to the object
        h = getattr(self, "_pointer", None)
        if h:
            try:
                self._free(h)
            except Exception:   # interpreter shutdown: the module may be gone already
                pass
            self._pointer = _p()

    def __enter__(self: _H) -> _H:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _Handle(_Owned):
    """An _Owned object that counts what it holds (Memo, Sequence, Loopy, MisereMemo,
    MisereOctal): its C functions _count and _bytes, which the count and bytes properties
    call."""

    _count: Any
    _bytes: Any = None

    @property
    def count(self) -> int:
        """How many results the library holds: states with a stored value (Memo, MisereMemo),
        sums (MisereOctal), positions (Loopy), values (Sequence)."""
        return int(self._locked("count", self._count))

    @property
    def bytes(self) -> int:
        """Memory the library holds for the object, in bytes (not Sequence)."""
        if self._bytes is None:
            raise AttributeError("%s has no bytes" % self._name)
        return int(self._locked("bytes", self._bytes))


def _size_arg(x: Any, what: str) -> int:
    v = _u64_arg(x, what)
    if v > _SIZE_MAX:
        raise OverflowError("%s is too large for size_t" % what)
    return v


def _value_arg(v: Any) -> int:
    x = _index(v, "a value")
    if not 0 <= x <= _U32_MAX:
        raise ValueError("values are Grundy values below 2**32, got %d" % x)
    return x
