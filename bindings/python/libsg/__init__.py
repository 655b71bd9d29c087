"""libsg: Sprague-Grundy values of impartial games, from Python.

A ctypes binding of the C library libsg (standard library only). `pip install .` at the root of
the source tree builds the shared library and installs it inside this package. The library is
loaded from the file named by the environment variable LIBSG_PATH when it is set, otherwise from
this package's own directory, otherwise from the system (ctypes.util.find_library("sg"), then
"libsg.so.0").

    >>> import libsg
    >>> libsg.nim_winning_move([3, 4, 5])
    (0, 1)
    >>> libsg.subtraction_table([1, 3, 4], 10).tolist()
    [0, 1, 0, 1, 2, 3, 2, 0, 1, 0]
    >>> libsg.table_build(8, lambda n: [n - k for k in range(1, n + 1)] +
    ...                   [libsg.Sum(k, n - k) for k in range(1, n // 2 + 1)]).tolist()
    [0, 1, 2, 4, 3, 5, 6, 8]

Tables come back as array.array('I') (four bytes per value, no list of Python ints). Heaps,
positions and sizes are non-negative integers below 2**64 (ValueError for a negative one,
OverflowError for a larger one, TypeError for a non-integer). A status code returned by the
library raises libsg.Error (or a subclass that is also the matching built-in exception:
MemoryError for ENOMEM, ValueError for EINVAL and ERANGE, ...), carrying the code (.status), its
name (.name, from sg_status_name), the library's message (.message) and what was wrong
(.detail). See docs/ffi.md.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import operator
import os
import signal
import sys
import threading
from array import array
from typing import (Any, Callable, Dict, Generic, Hashable, Iterable, Iterator, List,
                    NamedTuple, Optional, Sequence as _Seq, Tuple, TypeVar, Union)

__all__ = [
    "Error", "InvalidArgumentError", "OutOfMemoryError", "RangeError", "CycleError",
    "StoppedError", "FileError", "BusyError", "CheckpointError",
    "OK", "EINVAL", "ENOMEM", "ERANGE", "ELOOP", "ESTOP", "EIO", "EBUSY", "EGAME", "EFORMAT",
    "version", "version_number", "library_path", "strerror", "status_name",
    "mex", "nim_sum", "nim_winning_move", "nim_winning_moves", "misere_winning_move",
    "misere_wins", "nim_mul",
    "subtraction_table", "subtraction_period", "allbut_table", "octal_table", "octal_period",
    "octal_prove", "OctalProof", "Period", "octal_value", "octal_format", "octal_max_parts",
    "period_value", "has_octal", "grundy_game_table", "table_build", "winning_move", "Sum",
    "Value", "Option", "Rule", "MemoOption", "Memo", "Sequence", "Progress", "Table",
]

#: The library's major version this binding speaks to (the soname: libsg.so.0), and the least
#: version number (MAJOR*10000 + MINOR*100 + PATCH) that has every function used here.
ABI_MAJOR = 0
MIN_VERSION_NUMBER = 100

# status codes (include/sg.h, SG_STATUS_MAP); tests/test_libsg.py checks them against the header
OK, EINVAL, ENOMEM, ERANGE, ELOOP, ESTOP, EIO, EBUSY, EGAME, EFORMAT = range(0, -10, -1)

_U64_LIMIT = 1 << 64
_U32_MAX = (1 << 32) - 1
_SIZE_MAX = (1 << (8 * ctypes.sizeof(ctypes.c_size_t))) - 1
# the array type code of a C uint32_t (sg_value_t)
_VALUE_CODE = "I" if array("I").itemsize == 4 else "L"
#: The type of every table this module returns: array.array of unsigned 32-bit values.
Table = array


class Error(Exception):
    """A status code returned by libsg. Attributes: status (the negative code), name ("EINVAL",
    ..., from sg_status_name), message (the library's sg_strerror text), function (the C
    function) and detail (what was wrong, when the binding or the library can say; else None).
    """

    def __init__(self, status: int, function: Optional[str] = None,
                 detail: Optional[str] = None) -> None:
        self.status = status
        self.name = status_name(status)
        self.message = strerror(status)
        self.function = function
        self.detail = detail
        where = "%s: " % function if function else ""
        if detail:
            text = "%s%s (SG_%s: %s)" % (where, detail, self.name, self.message)
        else:
            text = "%s%s (SG_%s)" % (where, self.message, self.name)
        super().__init__(text)

    def __str__(self) -> str:
        return str(self.args[0])


class InvalidArgumentError(Error, ValueError):
    """SG_EINVAL: an argument the library refuses (an empty move set, a malformed code, ...)."""


class OutOfMemoryError(Error, MemoryError):
    """SG_ENOMEM: no memory, a memory cap reached, or a size too large to allocate."""


class RangeError(Error, ValueError):
    """SG_ERANGE: a position or size out of range, or beyond a designed limit."""


class CycleError(Error):
    """SG_ELOOP: the game graph has a cycle."""


class StoppedError(Error):
    """SG_ESTOP: a callback stopped the computation."""


class FileError(Error, OSError):
    """SG_EIO: a checkpoint file could not be read or written."""


class BusyError(Error, RuntimeError):
    """SG_EBUSY: the object is in use by a call that has not returned (its own rule called it,
    or closed it)."""


class CheckpointError(Error, ValueError):
    """SG_EGAME / SG_EFORMAT: a checkpoint of another game, or damaged."""


_ERROR_CLASSES: Dict[int, type] = {
    EINVAL: InvalidArgumentError, ENOMEM: OutOfMemoryError, ERANGE: RangeError,
    ELOOP: CycleError, ESTOP: StoppedError, EIO: FileError, EBUSY: BusyError,
    EGAME: CheckpointError, EFORMAT: CheckpointError,
}


def _error(status: int, function: Optional[str] = None, detail: Optional[str] = None) -> Error:
    cls = _ERROR_CLASSES.get(status, Error)
    e = cls(status, function, detail)
    assert isinstance(e, Error)
    return e


# ---- loading -------------------------------------------------------------------------------

def _own_library() -> Optional[str]:
    """The library a wheel ships next to this file (pip install .), if there is one."""
    here = os.path.dirname(os.path.abspath(__file__))
    for name in ("libsg.so", "libsg.dylib", "sg.dll"):
        path = os.path.join(here, name)
        if os.path.exists(path):
            return path
    return None


def _candidates() -> List[str]:
    found = ctypes.util.find_library("sg")
    names = [found] if found else []
    if sys.platform == "darwin":
        names += ["libsg.%d.dylib" % ABI_MAJOR, "libsg.dylib"]
    elif sys.platform.startswith("win"):
        names += ["sg.dll", "libsg.dll"]
    else:
        names += ["libsg.so.%d" % ABI_MAJOR]
    return names


def _open() -> Tuple[ctypes.CDLL, str]:
    path = os.environ.get("LIBSG_PATH")
    if path:
        try:
            return ctypes.CDLL(path), path
        except OSError as e:
            raise ImportError("libsg: cannot load LIBSG_PATH=%r: %s" % (path, e)) from None
    tried = []
    own = _own_library()
    for name in ([own] if own else []) + _candidates():
        try:
            return ctypes.CDLL(name), name
        except OSError as e:
            tried.append("%s (%s)" % (name, e))
    raise ImportError("libsg: the shared library was not found; install libsg (python3 -m pip "
                      "install . in its source tree) or set LIBSG_PATH to the file (tried: %s)"
                      % "; ".join(tried))


def _check_version(number: int) -> None:
    """ImportError unless a library of version `number` can serve this binding."""
    if number // 10000 != ABI_MAJOR or number < MIN_VERSION_NUMBER:
        raise ImportError("libsg: the loaded library is version %d.%d.%d; this binding needs "
                          "%d.x.y with x.y >= %d.%d" % (number // 10000, number // 100 % 100,
                                                        number % 100, ABI_MAJOR,
                                                        MIN_VERSION_NUMBER // 100 % 100,
                                                        MIN_VERSION_NUMBER % 100))


_lib, library_path = _open()

_u64 = ctypes.c_uint64
_u32 = ctypes.c_uint32
_size = ctypes.c_size_t
_int = ctypes.c_int
_p = ctypes.c_void_p
_P = ctypes.POINTER
_U32P = _P(_u32)
_U64P = _P(_u64)


class _NimMove(ctypes.Structure):
    _fields_ = [("heap", ctypes.c_size_t), ("new_size", ctypes.c_uint64)]


class _Period(ctypes.Structure):
    _fields_ = [("preperiod", ctypes.c_uint64), ("period", ctypes.c_uint64),
                ("saltus", ctypes.c_uint32), ("proven", ctypes.c_int)]


class _OctalProof(ctypes.Structure):
    _fields_ = [("period", _Period), ("computed", _u64), ("checked_from", _u64),
                ("checked_to", _u64), ("exceptions", _u64), ("last_exception", _u64),
                ("max_value", _u32), ("max_at", _u64), ("proof_period", _u64)]


# int rule(void *user, uint64_t position, sg_moves_t *out)
_RULE = ctypes.CFUNCTYPE(_int, _p, _u64, _p)
# int progress(void *user, uint64_t done, uint64_t total)
_PROGRESS = ctypes.CFUNCTYPE(_int, _p, _u64, _u64)

_CFunc = Any   # a ctypes function pointer (its calls are checked by the wrappers below)


def _bind(name: str, restype: Any, argtypes: List[Any], required: bool = True) -> _CFunc:
    """The C function `name` with its types (every SG_API function is listed once below)."""
    try:
        f = getattr(_lib, name)
    except AttributeError:
        if required:
            raise ImportError("libsg: %s has no function %s" % (library_path, name)) from None
        return None
    f.restype = restype
    f.argtypes = argtypes
    return f


_sg_version_number = _bind("sg_version_number", ctypes.c_uint, [])
_sg_version_string = _bind("sg_version_string", ctypes.c_char_p, [])
_sg_strerror = _bind("sg_strerror", ctypes.c_char_p, [_int])
_sg_status_name = _bind("sg_status_name", ctypes.c_char_p, [_int], required=False)
_check_version(int(_sg_version_number()))

_sg_mex = _bind("sg_mex", _u32, [_U32P, _size])
_nim_sum = _bind("nim_sum", _u64, [_U64P, _size])
_nim_winning_move = _bind("nim_winning_move", _int, [_U64P, _size, _P(_size), _U64P])
_nim_winning_moves = _bind("nim_winning_moves", _int,
                           [_U64P, _size, _P(_NimMove), _size, _P(_size)])
_nim_misere = _bind("nim_misere_winning_move", _int, [_U64P, _size, _P(_size), _U64P])
_nim_mul = _bind("nim_mul", _u64, [_u64, _u64])
_sg_sub_table = _bind("sg_subtraction_table", _int, [_U32P, _u64, _U64P, _size])
_sg_sub_period = _bind("sg_subtraction_period", _int, [_U64P, _size, _P(_Period)])
_sg_table_build = _bind("sg_table_build", _int, [_U32P, _u64, _RULE, _p])
_sg_move_to = _bind("sg_move_to", None, [_p, _u64])
_sg_move_to_sum = _bind("sg_move_to_sum", None, [_p, _U64P, _size])
_sg_move_value = _bind("sg_move_value", None, [_p, _u32])
_sg_winning_move = _bind("sg_winning_move", _int,
                         [_U32P, _u64, _RULE, _p, _U64P, _size, _P(_size), _P(_size)])
_sg_memo_create_ex = _bind("sg_memo_create_ex", _int, [_P(_p), _RULE, _p, _size, _p])
_sg_memo_value = _bind("sg_memo_value", _int, [_p, _u64, _U32P])
_sg_memo_count = _bind("sg_memo_count", _u64, [_p])
_sg_memo_bytes = _bind("sg_memo_bytes", _size, [_p])
_sg_memo_free = _bind("sg_memo_free", None, [_p])
# take-and-break games and the rest: looked up optionally, absent from an older library
_sg_octal_parse = _bind("sg_octal_parse", _int, [ctypes.c_char_p, _P(_p)], required=False)
_sg_octal_table = _bind("sg_octal_table", _int, [_p, _U32P, _u64], required=False)
_sg_octal_period = _bind("sg_octal_period", _int, [_p, _u64, _P(_Period)], required=False)
_sg_octal_prove = _bind("sg_octal_prove", _int, [_p, _u64, _P(_OctalProof)], required=False)
_sg_octal_free = _bind("sg_octal_free", None, [_p], required=False)
_sg_octal_parse_ex = _bind("sg_octal_parse_ex", _int,
                           [ctypes.c_char_p, _P(_p), _P(_size), _P(ctypes.c_char_p)],
                           required=False)
_sg_octal_format = _bind("sg_octal_format", _int, [_p, ctypes.c_char_p, _size], required=False)
_sg_octal_max_parts = _bind("sg_octal_max_parts", _int, [_p], required=False)
_sg_period_value = _bind("sg_period_value", _int, [_U32P, _u64, _P(_Period), _u64, _U32P],
                         required=False)
_sg_allbut_table = _bind("sg_allbut_table", _int, [_U32P, _u64, _U64P, _size],
                         required=False)
_sg_grundy_game_table = _bind("sg_grundy_game_table", _int, [_U32P, _u64], required=False)
_sg_seq_create = _bind("sg_sequence_create", _int, [_P(_p), _int], required=False)
_sg_seq_create_octal = _bind("sg_sequence_create_octal", _int, [_P(_p), _p], required=False)
_sg_seq_extend = _bind("sg_sequence_extend", _int, [_p, _u64, _PROGRESS, _p], required=False)
_sg_seq_set_threads = _bind("sg_sequence_set_threads", _int, [_p, ctypes.c_uint],
                            required=False)
_sg_seq_count = _bind("sg_sequence_count", _u64, [_p], required=False)
_sg_seq_width = _bind("sg_sequence_width", ctypes.c_uint, [_p], required=False)
_sg_seq_read = _bind("sg_sequence_read", _int, [_p, _u64, _U32P, _u64], required=False)
_sg_seq_save = _bind("sg_sequence_save", _int, [_p, ctypes.c_char_p], required=False)
_sg_seq_load = _bind("sg_sequence_load", _int, [_P(_p), ctypes.c_char_p], required=False)
_sg_seq_load_octal = _bind("sg_sequence_load_octal", _int, [_P(_p), ctypes.c_char_p, _p],
                           required=False)
_sg_seq_free = _bind("sg_sequence_free", None, [_p], required=False)
_SEQUENCE_GRUNDY_GAME = 1

#: True when the loaded library has the take-and-break (octal) functions.
has_octal = None not in (_sg_octal_parse, _sg_octal_table, _sg_octal_period, _sg_octal_free)
_has_sequence = None not in (_sg_seq_create, _sg_seq_extend, _sg_seq_read, _sg_seq_free)


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


# ---- version and messages --------------------------------------------------------------------

def version() -> str:
    """The loaded library's version, "MAJOR.MINOR.PATCH"."""
    return bytes(_sg_version_string()).decode("ascii")


def version_number() -> int:
    """The loaded library's version as MAJOR*10000 + MINOR*100 + PATCH."""
    return int(_sg_version_number())


def strerror(status: int) -> str:
    """The library's message for a status code (never fails; unknown codes are named so)."""
    if not -(1 << 31) <= status < (1 << 31):
        return "unknown status"
    return bytes(_sg_strerror(status)).decode("utf-8", "replace")


_FALLBACK_NAMES = {OK: "OK", EINVAL: "EINVAL", ENOMEM: "ENOMEM", ERANGE: "ERANGE",
                   ELOOP: "ELOOP", ESTOP: "ESTOP", EIO: "EIO", EBUSY: "EBUSY", EGAME: "EGAME",
                   EFORMAT: "EFORMAT"}


def status_name(status: int) -> str:
    """The status's symbol without "SG_" ("EINVAL"), from sg_status_name; "E?" when unknown."""
    if _sg_status_name is not None and -(1 << 31) <= status < (1 << 31):
        name = _sg_status_name(status)
        return bytes(name).decode("ascii") if name else "E?"
    return _FALLBACK_NAMES.get(status, "E?")


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
    heap, size = _size(), _u64()
    return _check(_nim_misere(arr, k, ctypes.byref(heap), ctypes.byref(size)),
                  "nim_misere_winning_move") == 1


def nim_mul(a: int, b: int) -> int:
    """The product of a and b in the field of nimbers below 2**64."""
    return int(_nim_mul(_u64_arg(a, "a"), _u64_arg(b, "b")))


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


class Period(NamedTuple):
    """sg_period_t: when proven, G(n + period) == G(n) + saltus for n >= preperiod."""
    preperiod: int
    period: int
    saltus: int
    proven: bool


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


def period_value(prefix: _Seq[int], period: Optional[Period], n: int) -> int:
    """G(n) for any n < 2**64 from a prefix G(0..len(prefix)-1) and a proven period
    (sg_period_value): prefix[n] when n < len(prefix), otherwise read off the period."""
    _need(_sg_period_value, "sg_period_value")
    n = _u64_arg(n, "n")
    table = prefix if isinstance(prefix, array) and prefix.typecode == _VALUE_CODE else \
        array(_VALUE_CODE, [_index(v, "a value") for v in prefix])
    per = None
    if period is not None:
        per = _Period(_u64_arg(period.preperiod, "preperiod"), _u64_arg(period.period, "period"),
                      period.saltus, 1 if period.proven else 0)
    v = _u32()
    _check(_sg_period_value(_ptr(table), len(table), ctypes.byref(per) if per else None, n,
                            ctypes.byref(v)), "sg_period_value")
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


# ---- Ctrl-C during long calls ------------------------------------------------------------------

class _Interrupt:
    """Ctrl-C while C code runs. Python runs signal handlers only between bytecodes, so during a
    long C call nothing happens until a callback (a rule, a progress report) runs Python code;
    and a KeyboardInterrupt raised at the first bytecode of a ctypes callback would escape it
    ("Exception ignored") instead of stopping the C loop. So while a call that takes callbacks
    runs on the main thread, SIGINT's default handler is replaced by one that only notes the
    signal; the callbacks see the note and return non-zero (the C call stops with SG_ESTOP),
    and KeyboardInterrupt is raised once the C call has returned."""

    def __init__(self) -> None:
        self.hit = False
        self.depth = 0
        self.old: Any = None
        self.main = threading.main_thread().ident

    def _note(self, signum: int, frame: Any) -> None:
        self.hit = True

    def pending(self) -> bool:
        """In a callback: stop now (the main thread's call was interrupted)."""
        return self.hit and threading.get_ident() == self.main

    def __enter__(self) -> None:
        if threading.get_ident() != self.main:
            return
        if self.depth == 0:
            try:
                if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
                    self.old = signal.signal(signal.SIGINT, self._note)
            except (ValueError, OSError):   # no signals here (an embedded interpreter)
                self.old = None
        self.depth += 1

    def __exit__(self, *exc: object) -> None:
        if threading.get_ident() != self.main:
            return
        self.depth -= 1
        hit = self.hit
        if self.depth == 0:
            if self.old is not None:
                signal.signal(signal.SIGINT, self.old)
                self.old = None
            self.hit = False
        if hit:
            raise KeyboardInterrupt


_interrupt = _Interrupt()


# ---- any game given by a rule ----------------------------------------------------------------

class Sum:
    """An option that is a sum of positions (a heap split into parts): its value is the XOR of
    theirs. Sum() is the empty sum (value 0). In table_build and winning_move a plain tuple of
    ints means a sum too; in a Memo a tuple is a state, so sums are written Sum(a, b)."""

    __slots__ = ("parts",)

    def __init__(self, *parts: Hashable) -> None:
        self.parts = parts

    def __repr__(self) -> str:
        return "Sum%r" % (self.parts,)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sum) and other.parts == self.parts

    def __hash__(self) -> int:
        return hash(("Sum", self.parts))


class Value:
    """An option that is a game of known Grundy value (sg_move_value): Value(3)."""

    __slots__ = ("value",)

    def __init__(self, value: int) -> None:
        v = _index(value, "a value")
        if not 0 <= v <= _U32_MAX:
            raise ValueError("a Grundy value is below 2**32, got %d" % v)
        self.value = v

    def __repr__(self) -> str:
        return "Value(%d)" % self.value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Value) and other.value == self.value

    def __hash__(self) -> int:
        return hash(("Value", self.value))


Option = Union[int, Tuple[int, ...], Sum, Value]
Rule = Callable[[int], Iterable[Option]]


def _trampoline(rule: Callable[[int], Iterable[Any]], raised: List[BaseException]) -> Any:
    """A C rule calling the Python `rule` on integer positions; an exception (KeyboardInterrupt
    included) is kept in `raised` and stops the C computation (non-zero return: SG_ESTOP)."""
    def call(user: Any, position: int, out: Any) -> int:
        if _interrupt.pending():
            return 1
        try:
            for opt in rule(position):
                if isinstance(opt, int):
                    _sg_move_to(out, _u64_arg(opt, "an option"))
                elif isinstance(opt, (tuple, Sum)):
                    arr, k = _u64_array(opt.parts if isinstance(opt, Sum) else opt,
                                        "a position in a sum")
                    _sg_move_to_sum(out, arr, k)
                elif isinstance(opt, Value):
                    _sg_move_value(out, opt.value)
                else:
                    _sg_move_to(out, _u64_arg(opt, "an option"))
            return 0
        except BaseException as e:  # every exception must stop the C loop, not cross it
            raised.append(e)
            return 1
    return _RULE(call)


def _reraise(raised: List[BaseException]) -> None:
    if raised:
        e = raised[0]
        del raised[:]
        raise e


def table_build(n: int, rule: Rule) -> "array[int]":
    """SG(0), ..., SG(n-1) of the game whose options of position p are rule(p): an iterable of
    positions (ints in range(n)), Sum(a, b, ...) (or a plain tuple) for a move to the sum of
    those positions, Value(v) for a move to a game of known value v. Options may be larger
    positions too, as long as there is no cycle.

    An exception raised by the rule (or by a bad option: ValueError, OverflowError, TypeError;
    or KeyboardInterrupt) stops the computation and is raised again here. Library errors raise
    Error: RangeError for an option outside range(n), CycleError for a cycle."""
    n = _count_arg(n)
    if not callable(rule):
        raise TypeError("rule must be callable")
    raised: List[BaseException] = []
    callback = _trampoline(rule, raised)   # kept alive until sg_table_build returns
    table = _new_table(n, "sg_table_build")
    with _interrupt:
        status = _sg_table_build(_ptr(table), n, callback, None)
    _reraise(raised)
    _check(status, "sg_table_build")
    return table


def winning_move(table: _Seq[int], rule: Rule,
                 components: _Seq[int]) -> Optional[Tuple[int, Option]]:
    """A winning move in the sum of positions `components` of one game, given by its rule and
    its complete table (table_build(n, rule)): (component index, option), where option is the
    move's option as rule(components[index]) gives it (the first one of the needed value), in
    the lowest-index component that has a winning option (possibly one to a larger value); None
    when the sum's value is 0 (the player to move loses)."""
    if not callable(rule):
        raise TypeError("rule must be callable")
    if isinstance(table, array) and table.typecode == _VALUE_CODE:
        arr = table
    else:
        vals = [_index(v, "a table value") for v in table]
        for v in vals:
            if not 0 <= v <= _U32_MAX:
                raise ValueError("table values are Grundy values below 2**32, got %d" % v)
        arr = array(_VALUE_CODE, vals)
    comps, k = _u64_array(components, "a component")
    raised: List[BaseException] = []
    callback = _trampoline(rule, raised)
    comp, opt = _size(), _size()
    with _interrupt:
        status = _sg_winning_move(_ptr(arr), len(arr), callback, None, comps, k,
                                  ctypes.byref(comp), ctypes.byref(opt))
    _reraise(raised)
    if _check(status, "sg_winning_move") == 0:
        return None
    i = int(comp.value)
    options = list(rule(components[i]))
    return (i, options[opt.value])


class _Guard:
    """One call at a time on a C object that is not thread-safe: other threads wait for the
    lock; a call from inside a running call on the same thread (its own rule or callback)
    raises BusyError instead of corrupting the object or deadlocking."""

    def __init__(self, kind: str) -> None:
        self._lock = threading.Lock()
        self._owner: Optional[int] = None
        self._kind = kind

    def enter(self, function: str) -> None:
        me = threading.get_ident()
        if self._owner == me:
            raise BusyError(EBUSY, function, "the %s is in use by a call that has not returned "
                            "(its own rule or callback called %s)" % (self._kind, function))
        self._lock.acquire()
        self._owner = me

    def leave(self) -> None:
        self._owner = None
        self._lock.release()


S = TypeVar("S", bound=Hashable)
#: What a Memo's rule returns for a state of type S: states, Sum(...) or Value(...).
MemoOption = Union[S, Sum, Value]


class Memo(Generic[S]):
    """SG values of a game whose positions are any hashable Python values (ints, tuples,
    frozensets, strings, ...), computed on demand and kept (sg_memo_*). rule(state) returns the
    options: states, Sum(s1, s2, ...) for a move to a sum of states, Value(v) for a move to a
    game of known value. Each new state gets a 64-bit key inside the binding.

        m = Memo(rule, max_bytes=0)   # 0: no memory cap; over the cap: OutOfMemoryError
        m.value(state)                # SG(state); also m[state]
        m.count, m.bytes              # states stored by the library, memory it holds
        m.close()                     # or use the memo as a context manager

    A failed value() (an exception in the rule, a cycle, the cap) keeps what was proven; the
    memo stays usable. Several threads may share a memo: their calls take turns. A call on the
    memo from inside its own rule (value, count, bytes or close) raises BusyError."""

    def __init__(self, rule: Callable[[S], Iterable[MemoOption[S]]],
                 max_bytes: int = 0) -> None:
        if not callable(rule):
            raise TypeError("rule must be callable")
        max_bytes = _u64_arg(max_bytes, "max_bytes")
        if max_bytes > _SIZE_MAX:
            raise OverflowError("max_bytes is too large for size_t")
        self._guard = _Guard("memo")
        self._raised: List[BaseException] = []
        self._keys: Dict[Hashable, int] = {}
        self._states: List[Hashable] = []
        self._callback = self._make_callback(rule)   # must live as long as the memo
        self._memo = _p()
        _check(_sg_memo_create_ex(ctypes.byref(self._memo), self._callback, None, max_bytes,
                                  None), "sg_memo_create_ex")

    def _make_callback(self, rule: Callable[[S], Iterable[MemoOption[S]]]) -> Any:
        keys, states, raised = self._keys, self._states, self._raised

        def key(state: Hashable) -> int:
            k = keys.get(state)
            if k is None:
                k = keys[state] = len(states)
                states.append(state)
            return k

        def call(user: Any, position: int, out: Any) -> int:
            if _interrupt.pending():
                return 1
            try:
                for opt in rule(states[position]):   # type: ignore[arg-type]
                    if isinstance(opt, Sum):
                        parts = [key(s) for s in opt.parts]
                        _sg_move_to_sum(out, (_u64 * len(parts))(*parts), len(parts))
                    elif isinstance(opt, Value):
                        _sg_move_value(out, opt.value)
                    else:
                        _sg_move_to(out, key(opt))
                return 0
            except BaseException as e:  # see _trampoline
                raised.append(e)
                return 1
        self._key = key
        return _RULE(call)

    def _handle(self) -> Any:
        if not self._memo:
            raise ValueError("the memo is closed")
        return self._memo

    def value(self, state: S) -> int:
        """SG(state)."""
        hash(state)
        self._guard.enter("Memo.value")
        try:
            handle = self._handle()
            v = _u32()
            del self._raised[:]
            with _interrupt:
                status = _sg_memo_value(handle, self._key(state), ctypes.byref(v))
            _reraise(self._raised)
            _check(status, "sg_memo_value")
            return int(v.value)
        finally:
            self._guard.leave()

    __getitem__ = value

    @property
    def count(self) -> int:
        """How many states have a stored value."""
        self._guard.enter("Memo.count")
        try:
            return int(_sg_memo_count(self._handle()))
        finally:
            self._guard.leave()

    @property
    def bytes(self) -> int:
        """Memory the library's memo holds now, in bytes (the state table is on top)."""
        self._guard.enter("Memo.bytes")
        try:
            return int(_sg_memo_bytes(self._handle()))
        finally:
            self._guard.leave()

    def close(self) -> None:
        """Free the memo (idempotent). BusyError from inside the memo's own rule."""
        self._guard.enter("Memo.close")
        try:
            if self._memo:
                _sg_memo_free(self._memo)
                self._memo = _p()
        finally:
            self._guard.leave()

    def __del__(self) -> None:
        # nothing can be running: a running call holds a reference to the memo
        memo = getattr(self, "_memo", None)
        if memo:
            try:
                _sg_memo_free(memo)
            except Exception:   # interpreter shutdown: the module may be gone already
                pass
            self._memo = _p()

    def __enter__(self) -> "Memo[S]":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# ---- long runs -----------------------------------------------------------------------------

Progress = Callable[[int, int], Optional[bool]]


class Sequence:
    """A nim-sequence too long for a table (sg_sequence_*): values in 1, 2 or 4 bytes each,
    extended on demand with a progress callback, saved to and loaded from checkpoint files.

        s = Sequence.grundy_game()    # or Sequence.octal("0.6"), Sequence.load(path[, code])
        s.extend(10**6, progress)     # progress(done, total) -> true to stop (StoppedError)
        s[999999], len(s), s.read(0, 100), s.width, s.threads = 2, s.save(path), s.close()

    Ctrl-C during extend() raises KeyboardInterrupt within about one progress interval (2**14
    values), keeping the values computed so far. Calls take turns across threads; a call from
    inside the progress callback raises BusyError."""

    def __init__(self, _handle: Any, _code: Optional[str] = None) -> None:
        self._guard = _Guard("sequence")
        self._seq = _handle
        self._code = _code

    @classmethod
    def grundy_game(cls) -> "Sequence":
        """An empty sequence of Grundy's game."""
        _need(_sg_seq_create if _has_sequence else None, "sequences")
        h = _p()
        _check(_sg_seq_create(ctypes.byref(h), _SEQUENCE_GRUNDY_GAME), "sg_sequence_create")
        return cls(h)

    @classmethod
    def octal(cls, code: Union[str, bytes]) -> "Sequence":
        """An empty sequence of the take-and-break game `code`."""
        _need(_sg_seq_create_octal if _has_sequence else None, "sequences")
        with _Octal(code) as game:
            h = _p()
            _check(_sg_seq_create_octal(ctypes.byref(h), game.handle),
                   "sg_sequence_create_octal")
        return cls(h, code if isinstance(code, str) else code.decode("ascii", "replace"))

    @classmethod
    def load(cls, path: Union[str, "os.PathLike[str]"],
             code: Optional[Union[str, bytes]] = None) -> "Sequence":
        """The sequence a checkpoint holds: of Grundy's game, or of the game `code`."""
        _need(_sg_seq_load if _has_sequence else None, "sequences")
        p = os.fsencode(path)
        h = _p()
        if code is None:
            _check(_sg_seq_load(ctypes.byref(h), p), "sg_sequence_load", repr(os.fsdecode(p)))
            return cls(h)
        with _Octal(code) as game:
            _check(_sg_seq_load_octal(ctypes.byref(h), p, game.handle), "sg_sequence_load_octal",
                   repr(os.fsdecode(p)))
        return cls(h, code if isinstance(code, str) else code.decode("ascii", "replace"))

    def _handle(self) -> Any:
        if not self._seq:
            raise ValueError("the sequence is closed")
        return self._seq

    def extend(self, count: int, progress: Optional[Progress] = None) -> None:
        """Compute values until the sequence holds G(0 .. count-1). progress(done, total) is
        called about every 2**14 values; a true return stops the run (StoppedError). An
        exception in it, or Ctrl-C, stops the run too and is raised here."""
        count = _u64_arg(count, "count")
        if progress is not None and not callable(progress):
            raise TypeError("progress must be callable")
        raised: List[BaseException] = []

        def call(user: Any, done: int, total: int) -> int:
            if _interrupt.pending():   # Python code ran here: a Ctrl-C has been noted
                return 1
            try:
                if progress is not None and progress(int(done), int(total)):
                    return 1
                return 0
            except BaseException as e:
                raised.append(e)
                return 1

        callback = _PROGRESS(call)
        self._guard.enter("Sequence.extend")
        try:
            with _interrupt:
                status = _sg_seq_extend(self._handle(), count, callback, None)
            _reraise(raised)
            _check(status, "sg_sequence_extend")
        finally:
            self._guard.leave()

    @property
    def threads(self) -> int:
        """Threads extend() uses (1, or 2 for Grundy's game); settable."""
        return int(getattr(self, "_threads", 1))

    @threads.setter
    def threads(self, n: int) -> None:
        n = _index(n, "threads")
        if not 0 < n < 1 << 31:
            raise ValueError("threads must be positive, got %d" % n)
        self._guard.enter("Sequence.threads")
        try:
            _check(_sg_seq_set_threads(self._handle(), n), "sg_sequence_set_threads",
                   "%d threads: 1, or 2 for Grundy's game in a build with threads" % n)
            self._threads = n
        finally:
            self._guard.leave()

    def __len__(self) -> int:
        self._guard.enter("Sequence.count")
        try:
            return int(_sg_seq_count(self._handle()))
        finally:
            self._guard.leave()

    @property
    def width(self) -> int:
        """Bytes per value held now: 1, 2 or 4."""
        self._guard.enter("Sequence.width")
        try:
            return int(_sg_seq_width(self._handle()))
        finally:
            self._guard.leave()

    def _read_into(self, table: "array[int]", start: int, count: int) -> None:
        self._guard.enter("Sequence.read")
        try:
            _check(_sg_seq_read(self._handle(), start, _ptr(table), count), "sg_sequence_read")
        finally:
            self._guard.leave()

    def read(self, start: int = 0, stop: Optional[int] = None) -> "array[int]":
        """G(start), ..., G(stop-1) (stop defaults to len(self))."""
        start = _u64_arg(start, "start")
        stop = len(self) if stop is None else _u64_arg(stop, "stop")
        if stop < start:
            raise ValueError("stop %d is below start %d" % (stop, start))
        table = _new_table(stop - start, "sg_sequence_read")
        self._read_into(table, start, stop - start)
        return table

    def __getitem__(self, n: int) -> int:
        n = _index(n, "n")
        if n < 0:
            n += len(self)
        if not 0 <= n < len(self):
            raise IndexError("G(%d) is not computed yet (%d values held)" % (n, len(self)))
        return int(self.read(n, n + 1)[0])

    def __iter__(self) -> Iterator[int]:
        return iter(self.read())

    def save(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Write a checkpoint to `path` (atomically: the previous file stays whole on failure)."""
        p = os.fsencode(path)
        self._guard.enter("Sequence.save")
        try:
            _check(_sg_seq_save(self._handle(), p), "sg_sequence_save", repr(os.fsdecode(p)))
        finally:
            self._guard.leave()

    def close(self) -> None:
        """Free the sequence (idempotent)."""
        self._guard.enter("Sequence.close")
        try:
            if self._seq:
                _sg_seq_free(self._seq)
                self._seq = _p()
        finally:
            self._guard.leave()

    def __del__(self) -> None:
        seq = getattr(self, "_seq", None)
        if seq:
            try:
                _sg_seq_free(seq)
            except Exception:
                pass
            self._seq = _p()

    def __enter__(self) -> "Sequence":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
