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

Beyond the table and the memo: closed forms (wythoff_winning_move, fibonacci_nim_winning_move,
coin_value, ...), the nimber field (nim_inv, nim_log, ...), games with cycles (Loopy: values
that may be Infinite(K), outcomes with draws, remoteness) and misere play (misere_table,
MisereMemo, MisereOctal with genera). Objects holding the library's memory (Memo, MisereMemo,
MisereOctal, Loopy, Sequence) are freed by close() or on leaving a with block; calls on one take
turns across threads.

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
    "StoppedError", "FileError", "BusyError", "CheckpointError", "WindowError",
    "OK", "EINVAL", "ENOMEM", "ERANGE", "ELOOP", "ESTOP", "EIO", "EBUSY", "EGAME", "EFORMAT",
    "EWINDOW", "WINDOW_AUTO", "WINDOW_MIN", "SequenceStats",
    "version", "version_number", "library_path", "strerror", "status_name",
    "mex", "nim_sum", "nim_winning_move", "nim_winning_moves", "misere_winning_move",
    "misere_wins", "nim_mul",
    "subtraction_table", "subtraction_period", "allbut_table", "octal_table", "octal_period",
    "octal_prove", "OctalProof", "Period", "octal_value", "octal_format", "octal_max_parts",
    "period_value", "has_octal", "grundy_game_table", "table_build", "winning_move", "Sum",
    "Value", "Option", "Rule", "MemoOption", "Memo", "Sequence", "Progress", "Table",
    "allbut_period", "table_pattern", "rule_pattern",
    "NIM_GROUP_ORDER", "NIM_PRIMITIVE", "nim_inv", "nim_div", "nim_pow", "nim_sqrt", "nim_order",
    "nim_log",
    "CLOSED_MAX", "COIN_TWINS", "COIN_RULER", "COIN_MOCK_TURTLES", "wythoff_winning_move",
    "wythoff_pair", "wythoff_table", "moore_nim_winning_move", "staircase_nim_value",
    "staircase_nim_winning_move", "anti_sg_winning_move", "anti_sg_wins",
    "fibonacci_nim_winning_move", "coin_value", "tartan_value",
    "Loopy", "LoopyMove", "LoopyValue", "Infinite", "LOOPY_P", "LOOPY_N", "LOOPY_D",
    "misere_table", "misere_table_winning_move", "MisereMemo", "Genus", "genus_tame_outcome",
    "MisereOctal",
]

#: The library's major version this binding speaks to (the soname: libsg.so.0), and the least
#: version number (MAJOR*10000 + MINOR*100 + PATCH) that has every function used here.
ABI_MAJOR = 0
MIN_VERSION_NUMBER = 100

# status codes (include/sg.h, SG_STATUS_MAP); tests/test_libsg.py checks them against the header
OK, EINVAL, ENOMEM, ERANGE, ELOOP, ESTOP, EIO, EBUSY, EGAME, EFORMAT, EWINDOW = range(0, -11, -1)

#: Sequence.window: a window chosen by the run (SG_SEQUENCE_WINDOW_AUTO), the least one taken
WINDOW_AUTO = (1 << 64) - 1
WINDOW_MIN = 4096

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


class WindowError(Error, LookupError):
    """SG_EWINDOW: a windowed run needed a value it had dropped (its window is too small), or a
    read asked for one."""


_ERROR_CLASSES: Dict[int, type] = {
    EINVAL: InvalidArgumentError, ENOMEM: OutOfMemoryError, ERANGE: RangeError,
    ELOOP: CycleError, ESTOP: StoppedError, EIO: FileError, EBUSY: BusyError,
    EGAME: CheckpointError, EFORMAT: CheckpointError, EWINDOW: WindowError,
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


_GENUS_MAX = 32   # SG_GENUS_MAX


class _Genus(ctypes.Structure):
    _fields_ = [("g", _u32), ("len", ctypes.c_uint), ("gamma", _u32 * _GENUS_MAX)]


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
_nim_misere_outcome = _bind("nim_misere_outcome", _int, [_U64P, _size], required=False)
_sg_sub_table = _bind("sg_subtraction_table", _int, [_U32P, _u64, _U64P, _size])
_sg_sub_period = _bind("sg_subtraction_period", _int, [_U64P, _size, _P(_Period)])
_sg_table_build = _bind("sg_table_build", _int, [_U32P, _u64, _RULE, _p])
_sg_move_to = _bind("sg_move_to", None, [_p, _u64])
_sg_move_to_sum = _bind("sg_move_to_sum", None, [_p, _U64P, _size])
_sg_move_value = _bind("sg_move_value", None, [_p, _u32])
_sg_winning_move = _bind("sg_winning_move", _int,
                         [_U32P, _u64, _RULE, _p, _U64P, _size, _P(_size), _P(_size)])
_sg_memo_create_ex = _bind("sg_memo_create_ex", _int, [_P(_p), _RULE, _p, _size, _p])
# the constructors' sg_memory_t forms (a pointer to {alloc, free, user, max_bytes}); the classes
# here pass the cap through the forms above, which are the same calls
_sg_memo_create_with = _bind("sg_memo_create_with", _int, [_P(_p), _RULE, _p, _p],
                             required=False)
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
_sg_allbut_period = _bind("sg_allbut_period", _int, [_U64P, _size, _u64, _P(_Period)],
                          required=False)
_sg_period_value_observed = _bind("sg_period_value_observed", _int,
                                  [_U32P, _u64, _P(_Period), _u64, _U32P], required=False)
_sg_table_pattern = _bind("sg_table_pattern", _int, [_U32P, _u64, _P(_Period)], required=False)
_sg_rule_pattern = _bind("sg_rule_pattern", _int, [_RULE, _p, _u64, _P(_Period)],
                         required=False)
_sg_allbut_table = _bind("sg_allbut_table", _int, [_U32P, _u64, _U64P, _size],
                         required=False)
_sg_grundy_game_table = _bind("sg_grundy_game_table", _int, [_U32P, _u64], required=False)
_sg_seq_create = _bind("sg_sequence_create_grundy_game", _int, [_P(_p)], required=False)
_sg_seq_create_octal = _bind("sg_sequence_create_octal", _int, [_P(_p), _p], required=False)
_sg_seq_extend = _bind("sg_sequence_extend", _int, [_p, _u64, _PROGRESS, _p], required=False)
_sg_seq_set_threads = _bind("sg_sequence_set_threads", _int, [_p, ctypes.c_uint],
                            required=False)
_sg_seq_count = _bind("sg_sequence_count", _u64, [_p], required=False)
_sg_seq_width = _bind("sg_sequence_width", ctypes.c_uint, [_p], required=False)
_sg_seq_read = _bind("sg_sequence_read", _int, [_p, _u64, _U32P, _u64], required=False)
_sg_seq_save = _bind("sg_sequence_save", _int, [_p, ctypes.c_char_p], required=False)
_sg_seq_load = _bind("sg_sequence_load", _int, [_P(_p), ctypes.c_char_p], required=False)
_sg_seq_game = _bind("sg_sequence_game", _int, [_p, ctypes.c_char_p, _size], required=False)
_sg_seq_load_octal = _bind("sg_sequence_load_octal", _int, [_P(_p), ctypes.c_char_p, _p],
                           required=False)
_sg_seq_free = _bind("sg_sequence_free", None, [_p], required=False)


class _SeqStats(ctypes.Structure):
    _fields_ = [("count", _u64), ("hash", _u64), ("largest", _u64), ("values", _u64),
                ("mask", _u64), ("rare", _u64)]


_sg_seq_set_window = _bind("sg_sequence_set_window", _int, [_p, _u64], required=False)
_sg_seq_held = _bind("sg_sequence_held", _int, [_p, _P(_u64), _P(_u64)], required=False)
_sg_seq_stats = _bind("sg_sequence_stats", _int, [_p, _P(_SeqStats)], required=False)
_sg_seq_histogram = _bind("sg_sequence_histogram", _int, [_p, _P(_u64), _size], required=False)
_sg_seq_rare = _bind("sg_sequence_rare", _int, [_p, _P(_u64), _U32P, _size, _P(_size)],
                     required=False)


class SequenceStats(NamedTuple):
    """A snapshot of a sequence (sg_sequence_stats): hash is FNV-1a 64 of G(0 .. count-1), each
    value as 4 bytes, least significant first; rare lists (position, value) pairs."""
    n: int
    hash: int
    largest: int
    mask: int
    histogram: List[int]
    rare: List[Tuple[int, int]]
_SEQUENCE_GAME_MAX = 80   # SG_SEQUENCE_GAME_MAX
# closed forms, the nimber field and games with cycles (0.2.0): looked up optionally too
_sg_wythoff_winning_move = _bind("sg_wythoff_winning_move", _int, [_u64, _u64, _U64P, _U64P],
                                 required=False)
_sg_wythoff_pair = _bind("sg_wythoff_pair", _int, [_u64, _U64P, _U64P], required=False)
_sg_wythoff_table = _bind("sg_wythoff_table", _int, [_U32P, _u64, _u64], required=False)
_sg_moore_nim_winning_move = _bind("sg_moore_nim_winning_move", _int,
                                   [_U64P, _size, _u64, _U64P], required=False)
_sg_staircase_nim_value = _bind("sg_staircase_nim_value", _int, [_U64P, _size, _U64P],
                                required=False)
_sg_staircase_nim_winning_move = _bind("sg_staircase_nim_winning_move", _int,
                                       [_U64P, _size, _P(_size), _U64P], required=False)
_sg_anti_sg_winning_move = _bind("sg_anti_sg_winning_move", _int,
                                 [_U64P, _size, _P(_size), _U64P], required=False)
_sg_fibonacci_nim_winning_move = _bind("sg_fibonacci_nim_winning_move", _int,
                                       [_u64, _u64, _U64P], required=False)
_sg_coin_value = _bind("sg_coin_value", _int, [_int, _u64, _U64P], required=False)
_sg_tartan_value = _bind("sg_tartan_value", _int, [_int, _u64, _int, _u64, _U64P],
                         required=False)
_nim_inv = _bind("nim_inv", _u64, [_u64], required=False)
_nim_div = _bind("nim_div", _int, [_u64, _u64, _U64P], required=False)
_nim_pow = _bind("nim_pow", _u64, [_u64, _u64], required=False)
_nim_sqrt = _bind("nim_sqrt", _u64, [_u64], required=False)
_nim_order = _bind("nim_order", _u64, [_u64], required=False)
_nim_log = _bind("nim_log", _int, [_u64, _u64, _U64P], required=False)
_sg_loopy_build = _bind("sg_loopy_build", _int, [_P(_p), _u64, _RULE, _p], required=False)
_sg_loopy_build_ex = _bind("sg_loopy_build_ex", _int, [_P(_p), _u64, _RULE, _p, _size, _p],
                           required=False)
_sg_loopy_build_graph = _bind("sg_loopy_build_graph", _int, [_P(_p), _u64, _U64P, _U64P],
                              required=False)
_sg_loopy_build_with = _bind("sg_loopy_build_with", _int, [_P(_p), _u64, _RULE, _p, _p],
                             required=False)
_sg_loopy_build_graph_with = _bind("sg_loopy_build_graph_with", _int,
                                   [_P(_p), _u64, _U64P, _U64P, _p], required=False)
_sg_loopy_explore_with = _bind("sg_loopy_explore_with", _int, [_P(_p), _u64, _RULE, _p, _p],
                               required=False)
_sg_loopy_explore = _bind("sg_loopy_explore", _int, [_P(_p), _u64, _RULE, _p, _size, _p],
                          required=False)
_sg_loopy_count = _bind("sg_loopy_count", _u64, [_p], required=False)
_sg_loopy_bytes = _bind("sg_loopy_bytes", _size, [_p], required=False)
_sg_loopy_state = _bind("sg_loopy_state", _int, [_p, _u64, _U64P], required=False)
_sg_loopy_value = _bind("sg_loopy_value", _int, [_p, _u64, _U32P], required=False)
_sg_loopy_k = _bind("sg_loopy_k", _int, [_p, _u64, _U32P, _size, _P(_size)], required=False)
_sg_loopy_outcome = _bind("sg_loopy_outcome", _int, [_p, _u64, _P(_int)], required=False)
_sg_loopy_remoteness = _bind("sg_loopy_remoteness", _int, [_p, _u64, _U64P], required=False)
_sg_loopy_sum_outcome = _bind("sg_loopy_sum_outcome", _int, [_p, _U64P, _size, _P(_int)],
                              required=False)
_sg_loopy_winning_move = _bind("sg_loopy_winning_move", _int,
                               [_p, _U64P, _size, _P(_size), _P(_size), _U64P], required=False)
_sg_loopy_free = _bind("sg_loopy_free", None, [_p], required=False)
_UCHARP = _P(ctypes.c_ubyte)
_sg_misere_table = _bind("sg_misere_table", _int, [_UCHARP, _u64, _RULE, _p], required=False)
_sg_misere_winning_move = _bind("sg_misere_winning_move", _int,
                                [_UCHARP, _u64, _RULE, _p, _u64, _P(_size)], required=False)
_sg_misere_memo_create = _bind("sg_misere_memo_create", _int, [_P(_p), _RULE, _p, _size, _p],
                               required=False)
_sg_misere_memo_create_with = _bind("sg_misere_memo_create_with", _int,
                                    [_P(_p), _RULE, _p, _p], required=False)
_sg_misere_memo_outcome = _bind("sg_misere_memo_outcome", _int, [_p, _u64, _P(_int)],
                                required=False)
_sg_misere_memo_winning_move = _bind("sg_misere_memo_winning_move", _int, [_p, _u64, _P(_size)],
                                     required=False)
_sg_misere_memo_count = _bind("sg_misere_memo_count", _u64, [_p], required=False)
_sg_misere_memo_bytes = _bind("sg_misere_memo_bytes", _size, [_p], required=False)
_sg_misere_memo_free = _bind("sg_misere_memo_free", None, [_p], required=False)
_sg_genus_is_tame = _bind("sg_genus_is_tame", _int, [_P(_Genus)], required=False)
_sg_genus_format = _bind("sg_genus_format", _int, [_P(_Genus), ctypes.c_char_p, _size],
                         required=False)
_sg_genus_tame_outcome = _bind("sg_genus_tame_outcome", _int, [_P(_Genus), _size, _P(_int)],
                               required=False)
_sg_misere_octal_create = _bind("sg_misere_octal_create", _int, [_P(_p), _p, _size, _p],
                                required=False)
_sg_misere_octal_create_with = _bind("sg_misere_octal_create_with", _int, [_P(_p), _p, _p],
                                     required=False)
_sg_misere_octal_value = _bind("sg_misere_octal_value", _int, [_p, _U64P, _size, _U32P],
                               required=False)
_sg_misere_octal_outcome = _bind("sg_misere_octal_outcome", _int, [_p, _U64P, _size, _P(_int)],
                                 required=False)
_sg_misere_octal_table = _bind("sg_misere_octal_table", _int, [_p, _UCHARP, _u64],
                               required=False)
_sg_misere_octal_genus = _bind("sg_misere_octal_genus", _int, [_p, _u64, _P(_Genus)],
                               required=False)
_sg_misere_octal_tame = _bind("sg_misere_octal_tame", _int, [_p, _u64, _P(_int)],
                              required=False)
_sg_misere_octal_count = _bind("sg_misere_octal_count", _u64, [_p], required=False)
_sg_misere_octal_bytes = _bind("sg_misere_octal_bytes", _size, [_p], required=False)
_sg_misere_octal_free = _bind("sg_misere_octal_free", None, [_p], required=False)

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
                   EFORMAT: "EFORMAT", EWINDOW: "EWINDOW"}


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


def rule_pattern(n: int, rule: Rule) -> Optional[Period]:
    """The pattern of the game given by `rule` (as for table_build) observed over positions
    0..n-1 (sg_rule_pattern): a Period with proven False, or None when there is none. Lasker's
    Nim shows G(n + 4) == G(n) + 4."""
    _need(_sg_rule_pattern, "sg_rule_pattern")
    n = _count_arg(n)
    if not callable(rule):
        raise TypeError("rule must be callable")
    raised: List[BaseException] = []
    callback = _trampoline(rule, raised)
    per = _Period()
    status = _run_c(lambda: _sg_rule_pattern(callback, None, n, ctypes.byref(per)), raised)
    detail = None
    if status == EINVAL:
        detail = "n = 0: no positions" if n == 0 else \
            "no position below %d has an option: there is no pattern to find" % n
    _check(status, "sg_rule_pattern", detail)
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


def _c_callback(ctype: Any, body: Callable[..., Any], raised: List[BaseException]) -> Any:
    """A C callback of type `ctype` (_RULE, _PROGRESS) calling body(...) on its arguments after
    `user`. A true result stops the C computation (non-zero return: SG_ESTOP); so does an
    exception (KeyboardInterrupt included), kept in `raised` for _run_c to raise again, and a
    Ctrl-C noted by _interrupt."""
    def call(user: Any, *args: Any) -> int:
        if _interrupt.pending():
            return 1
        try:
            return 1 if body(*args) else 0
        except BaseException as e:  # every exception must stop the C loop, not cross it
            raised.append(e)
            return 1
    return ctype(call)


def _run_c(run: Callable[[], Any], raised: List[BaseException]) -> int:
    """run(), a C call taking callbacks made by _c_callback, with Ctrl-C noted (_Interrupt);
    then the first exception a callback kept in `raised` is raised here; else run()'s status."""
    with _interrupt:
        status = run()
    if raised:
        e = raised[0]
        del raised[:]
        raise e
    return int(status)


def _trampoline(rule: Callable[[int], Iterable[Any]], raised: List[BaseException]) -> Any:
    """A C rule calling the Python `rule` on integer positions (see _c_callback)."""
    def options(position: int, out: Any) -> None:
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
    return _c_callback(_RULE, options, raised)


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
    status = _run_c(lambda: _sg_table_build(_ptr(table), n, callback, None), raised)
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
    status = _run_c(lambda: _sg_winning_move(_ptr(arr), len(arr), callback, None, comps, k,
                                             ctypes.byref(comp), ctypes.byref(opt)), raised)
    if _check(status, "sg_winning_move") == 0:
        return None
    i = int(comp.value)
    options = list(rule(components[i]))
    return (i, options[opt.value])


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
        me = threading.get_ident()
        if self._owner == me:
            raise BusyError(EBUSY, function, "the %s is in use by a call that has not returned "
                            "(its own rule or callback called %s)" % (self._kind, function))
        self._lock.acquire()
        self._owner = me

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


_H = TypeVar("_H", bound="_Handle")


class _Handle:
    """A C object owned by one Python object (Memo, Sequence, Loopy, MisereMemo, MisereOctal):
    the pointer, freed by close(), on leaving a with block, or when the object is collected;
    every call on it holds the guard (_hold, _locked), so calls take turns across threads and a
    call from inside a running one raises BusyError; a call once closed raises ValueError.
    A subclass names itself (_name: "Memo", for BusyError) and its kind (_kind: "memo", for
    "the memo is closed"), gives its C free function (_free) and calls _own() first."""

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


S = TypeVar("S", bound=Hashable)
#: What a Memo's rule returns for a state of type S: states, Sum(...) or Value(...).
MemoOption = Union[S, Sum, Value]


class _KeyedRule(_Handle):
    """A C object computed through a C rule over 64-bit keys that calls a Python rule over
    hashable states: each new state gets the next key (Memo, MisereMemo)."""

    _keys: Dict[Hashable, int]
    _states: List[Hashable]
    _raised: List[BaseException]
    _key: Callable[[Hashable], int]

    def _create(self, rule: Callable[[Any], Iterable[Any]], max_bytes: int, create: Any,
                function: str) -> None:
        """Check the arguments, then create(&handle, callback, NULL, max_bytes, NULL)."""
        if not callable(rule):
            raise TypeError("rule must be callable")
        max_bytes = _size_arg(max_bytes, "max_bytes")
        self._own(_p())
        self._raised = []
        self._keys = {}
        self._states = []
        self._callback = self._make_callback(rule)   # must live as long as the object
        _check(create(ctypes.byref(self._pointer), self._callback, None, max_bytes, None),
               function)

    def _make_callback(self, rule: Callable[[Any], Iterable[Any]]) -> Any:
        keys, states, raised = self._keys, self._states, self._raised

        def key(state: Hashable) -> int:
            k = keys.get(state)
            if k is None:
                k = keys[state] = len(states)
                states.append(state)
            return k

        def options(position: int, out: Any) -> None:
            for opt in rule(states[position]):
                if isinstance(opt, Sum):
                    parts = [key(s) for s in opt.parts]
                    _sg_move_to_sum(out, (_u64 * len(parts))(*parts), len(parts))
                elif isinstance(opt, Value):
                    _sg_move_value(out, opt.value)
                else:
                    _sg_move_to(out, key(opt))
        self._key = key
        return _c_callback(_RULE, options, raised)

    def _detail(self, status: int) -> Optional[str]:
        """What was wrong, for a failed query's status (None: the library's message says it)."""
        return None

    def _run(self, method: str, cfunc: Any, function: str, state: Any, out: Any) -> int:
        """cfunc(handle, key of state, &out): the query of one state, which may run the rule."""
        hash(state)
        with self._hold(method):
            handle = self._handle()
            del self._raised[:]
            status = _run_c(lambda: cfunc(handle, self._key(state), ctypes.byref(out)),
                            self._raised)
            return _check(status, function, self._detail(status))


class Memo(_KeyedRule, Generic[S]):
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

    _name, _kind, _free = "Memo", "memo", staticmethod(_sg_memo_free)

    def __init__(self, rule: Callable[[S], Iterable[MemoOption[S]]],
                 max_bytes: int = 0) -> None:
        self._create(rule, max_bytes, _sg_memo_create_ex, "sg_memo_create_ex")

    def value(self, state: S) -> int:
        """SG(state)."""
        v = _u32()
        self._run("value", _sg_memo_value, "sg_memo_value", state, v)
        return int(v.value)

    __getitem__ = value

    @property
    def count(self) -> int:
        """How many states have a stored value."""
        return int(self._locked("count", _sg_memo_count))

    @property
    def bytes(self) -> int:
        """Memory the library's memo holds now, in bytes (the state table is on top)."""
        return int(self._locked("bytes", _sg_memo_bytes))


# ---- long runs -----------------------------------------------------------------------------

Progress = Callable[[int, int], Optional[bool]]


class Sequence(_Handle):
    """A nim-sequence too long for a table (sg_sequence_*): values in 1, 2 or 4 bytes each,
    extended on demand with a progress callback, saved to and loaded from checkpoint files.

        s = Sequence.grundy_game()    # or Sequence.octal("0.6"), Sequence.load(path[, code])
        s.extend(10**6, progress)     # progress(done, total) -> true to stop (StoppedError)
        s[999999], len(s), s.read(0, 100), s.width, s.threads = 2, s.save(path), s.close()
        s.game                        # "grundy-game", "0.6": the game a checkpoint holds
        s.set_window(size), s.held(), s.stats()   # keep a window of values; a snapshot

    Ctrl-C during extend() raises KeyboardInterrupt within about one progress interval (2**14
    values), keeping the values computed so far. Calls take turns across threads; a call from
    inside the progress callback raises BusyError."""

    _name, _kind, _free = "Sequence", "sequence", staticmethod(_sg_seq_free)

    def __init__(self, _handle: Any) -> None:
        self._own(_handle)

    @classmethod
    def grundy_game(cls) -> "Sequence":
        """An empty sequence of Grundy's game."""
        _need(_sg_seq_create if _has_sequence else None, "sequences")
        h = _p()
        _check(_sg_seq_create(ctypes.byref(h)), "sg_sequence_create_grundy_game")
        return cls(h)

    @classmethod
    def octal(cls, code: Union[str, bytes]) -> "Sequence":
        """An empty sequence of the take-and-break game `code`."""
        _need(_sg_seq_create_octal if _has_sequence else None, "sequences")
        with _Octal(code) as game:
            h = _p()
            _check(_sg_seq_create_octal(ctypes.byref(h), game.handle),
                   "sg_sequence_create_octal")
        return cls(h)

    @classmethod
    def load(cls, path: Union[str, "os.PathLike[str]"],
             code: Optional[Union[str, bytes]] = None) -> "Sequence":
        """The sequence a checkpoint holds, of any game (.game says which); with `code`, only
        a checkpoint of that take-and-break game (CheckpointError for another game: EGAME)."""
        _need(_sg_seq_load if _has_sequence else None, "sequences")
        p = os.fsencode(path)
        h = _p()
        if code is None:
            _check(_sg_seq_load(ctypes.byref(h), p), "sg_sequence_load", repr(os.fsdecode(p)))
            return cls(h)
        with _Octal(code) as game:
            _check(_sg_seq_load_octal(ctypes.byref(h), p, game.handle), "sg_sequence_load_octal",
                   repr(os.fsdecode(p)))
        return cls(h)

    @property
    def game(self) -> str:
        """The game the sequence holds, as its canonical code: "grundy-game" for Grundy's
        game, the code as octal_format writes it ("0.07") for a take-and-break game."""
        buf = ctypes.create_string_buffer(_SEQUENCE_GAME_MAX)
        _check(self._locked("game", _sg_seq_game, buf, len(buf)), "sg_sequence_game")
        return buf.value.decode("ascii", "replace")

    def extend(self, count: int, progress: Optional[Progress] = None) -> None:
        """Compute values until the sequence holds G(0 .. count-1). progress(done, total) is
        called about every 2**14 values; a true return stops the run (StoppedError). An
        exception in it, or Ctrl-C, stops the run too and is raised here."""
        count = _u64_arg(count, "count")
        if progress is not None and not callable(progress):
            raise TypeError("progress must be callable")
        raised: List[BaseException] = []

        def report(done: int, total: int) -> bool:
            return progress is not None and bool(progress(int(done), int(total)))

        callback = _c_callback(_PROGRESS, report, raised)   # without progress: for Ctrl-C
        with self._hold("extend"):
            status = _run_c(lambda: _sg_seq_extend(self._handle(), count, callback, None),
                            raised)
            _check(status, "sg_sequence_extend")

    @property
    def threads(self) -> int:
        """Threads extend() uses (1, or 2 for Grundy's game); settable."""
        return int(getattr(self, "_threads", 1))

    @threads.setter
    def threads(self, n: int) -> None:
        n = _index(n, "threads")
        if not 0 < n < 1 << 31:
            raise ValueError("threads must be positive, got %d" % n)
        with self._hold("threads"):
            _check(_sg_seq_set_threads(self._handle(), n), "sg_sequence_set_threads",
                   "%d threads: 1, or 2 for Grundy's game in a build with threads" % n)
            self._threads = n

    def __len__(self) -> int:
        return int(self._locked("count", _sg_seq_count))

    @property
    def width(self) -> int:
        """Bytes per value held now: 1, 2 or 4."""
        return int(self._locked("width", _sg_seq_width))

    def _read_into(self, table: "array[int]", start: int, count: int) -> None:
        _check(self._locked("read", _sg_seq_read, start, _ptr(table), count),
               "sg_sequence_read")

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

    def set_window(self, size: int) -> None:
        """Keep only G(0 .. size-1) and the last size values once 2 * size are known
        (sg_sequence_set_window): 0 keeps every value, WINDOW_AUTO lets the run choose."""
        size = _u64_arg(size, "size")
        _need(_sg_seq_set_window, "windows")
        _check(self._locked("set_window", _sg_seq_set_window, size), "sg_sequence_set_window")

    def held(self) -> Tuple[int, int]:
        """(prefix, start): the sequence holds G(0 .. prefix-1) and G(start .. len-1)."""
        _need(_sg_seq_held, "windows")
        a, b = _u64(0), _u64(0)
        _check(self._locked("held", _sg_seq_held, ctypes.byref(a), ctypes.byref(b)),
               "sg_sequence_held")
        return int(a.value), int(b.value)

    def stats(self) -> SequenceStats:
        """The snapshot of the sequence at its length (sg_sequence_stats, _histogram, _rare)."""
        _need(_sg_seq_stats, "snapshots")
        st = _SeqStats()
        total = _size(0)
        with self._hold("stats"):   # the three reads see one state of the sequence
            _check(_sg_seq_stats(self._handle(), ctypes.byref(st)), "sg_sequence_stats")
            hist = (_u64 * max(1, st.values))()
            _check(_sg_seq_histogram(self._handle(), hist, st.values), "sg_sequence_histogram")
            pos = (_u64 * max(1, st.rare))()
            val = _new_table(st.rare, "sg_sequence_rare")
            _check(_sg_seq_rare(self._handle(), pos, _ptr(val), st.rare, ctypes.byref(total)),
                   "sg_sequence_rare")
        return SequenceStats(int(st.count), int(st.hash), int(st.largest), int(st.mask),
                             [int(x) for x in hist[:st.values]],
                             [(int(pos[i]), int(val[i])) for i in range(st.rare)])

    def save(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Write a checkpoint to `path` (atomically: the previous file stays whole on failure)."""
        p = os.fsencode(path)
        _check(self._locked("save", _sg_seq_save, p), "sg_sequence_save", repr(os.fsdecode(p)))


# ---- games with cycles -----------------------------------------------------------------------

class Infinite:
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
    or compressed rows), or explored from a start state of any hashable type:

        g = Loopy(count, rule)                  # rule(u) -> iterable of options in range(count)
        g = Loopy.from_edges(count, [(u, v), ...])
        g = Loopy.from_graph(count, offsets, targets)
        g = Loopy.explore(start, rule)          # states: any hashable values, as for Memo
        g.value(x)        # an int, or Infinite(K)
        g.outcome(x)      # "N", "P" or "D"
        g.remoteness(x)   # moves optimal play takes; None for a draw
        g.sum_outcome([x, y, ...]), g.winning_move([x, y, ...])   # -> LoopyMove or None
        len(g), g.states(), g.bytes, g.close()

    Each option a rule reports is one move (a position itself, the same one twice: all
    allowed); rules return positions only (no Sum or Value: their values alone do not decide
    loopy play). The result is read-only: threads may share it."""

    _name, _kind, _free = "Loopy", "loopy game", staticmethod(_sg_loopy_free)

    def __init__(self: "Loopy[int]", count: int, rule: Callable[[int], Iterable[int]],
                 max_bytes: int = 0) -> None:
        _need(_sg_loopy_build, "games with cycles")
        count = _u64_arg(count, "count")
        if not callable(rule):
            raise TypeError("rule must be callable")
        max_bytes = _size_arg(max_bytes, "max_bytes")
        raised: List[BaseException] = []

        def options(position: int, out: Any) -> None:
            for opt in rule(position):
                _sg_move_to(out, _u64_arg(opt, "an option"))

        callback = _c_callback(_RULE, options, raised)
        h = _p()

        def build() -> Any:
            if max_bytes:
                return _sg_loopy_build_ex(ctypes.byref(h), count, callback, None, max_bytes, None)
            return _sg_loopy_build(ctypes.byref(h), count, callback, None)
        status = _run_c(build, raised)
        function = "sg_loopy_build_ex" if max_bytes else "sg_loopy_build"
        _check(status, function, _loopy_detail(status, count))
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
        raised: List[BaseException] = []

        def options(position: int, out: Any) -> None:
            for opt in rule(states[position]):   # type: ignore[arg-type]
                k = keys.get(opt)
                if k is None:
                    k = keys[opt] = len(states)
                    states.append(opt)
                _sg_move_to(out, k)

        callback = _c_callback(_RULE, options, raised)
        h = _p()
        status = _run_c(lambda: _sg_loopy_explore(ctypes.byref(h), 0, callback, None, max_bytes,
                                                  None), raised)
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
        return int(self._locked("count", _sg_loopy_count))

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

    @property
    def bytes(self) -> int:
        """Memory the library's result holds, in bytes."""
        return int(self._locked("bytes", _sg_loopy_bytes))


def _size_arg(x: Any, what: str) -> int:
    v = _u64_arg(x, what)
    if v > _SIZE_MAX:
        raise OverflowError("%s is too large for size_t" % what)
    return v


def _loopy_detail(status: int, count: int) -> Optional[str]:
    if status == ERANGE:
        return "the rule gave an option outside range(%d)" % count
    if status == ENOMEM and count >= _LOOPY_MAX_POSITIONS:
        return "count = %d: at most 2**32 - 17 positions" % count
    return None


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


def misere_table(n: int, rule: Rule) -> "array[int]":
    """The misere outcomes (the player who cannot move WINS) of positions 0..n-1 of the game
    given by `rule` (as for table_build, but options are single positions: an int, Sum() for a
    move to the empty game, or Sum(x)): an array('B') with 1 for a win of the player to move
    (N), 0 for a loss (P). CycleError for a cycle, RangeError for an option outside range(n)."""
    _need(_sg_misere_table, "misere play")
    n = _count_arg(n)
    if not callable(rule):
        raise TypeError("rule must be callable")
    raised: List[BaseException] = []
    callback = _trampoline(rule, raised)
    win = _win_table(n, "sg_misere_table")
    status = _run_c(lambda: _sg_misere_table(_bptr(win), n, callback, None), raised)
    _check(status, "sg_misere_table", _misere_detail(status, n))
    return win


def misere_table_winning_move(win: _Seq[int], rule: Rule, position: int) -> Optional[Option]:
    """A misere winning move from `position`, given the complete table misere_table(n, rule):
    the first option of rule(position) that leads to a P-position. None when there is no move
    to make: the position is P, or it has no option (the player to move has already won;
    win[position] tells the two apart)."""
    _need(_sg_misere_winning_move, "misere play")
    if not callable(rule):
        raise TypeError("rule must be callable")
    if isinstance(win, array) and win.typecode == "B":
        table = win
    else:
        vals = [_index(v, "an outcome") for v in win]
        if any(v not in (0, 1) for v in vals):
            raise ValueError("outcomes are 0 (P) or 1 (N)")
        table = array("B", vals)
    position = _u64_arg(position, "position")
    raised: List[BaseException] = []
    callback = _trampoline(rule, raised)
    opt = _size()
    status = _run_c(lambda: _sg_misere_winning_move(_bptr(table), len(table), callback, None,
                                                    position, ctypes.byref(opt)), raised)
    detail = _misere_detail(status, len(table))
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

    @property
    def count(self) -> int:
        """How many outcomes are stored."""
        return int(self._locked("count", _sg_misere_memo_count))

    @property
    def bytes(self) -> int:
        """Memory the library's memo holds, in bytes."""
        return int(self._locked("bytes", _sg_misere_memo_bytes))


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


def _value_arg(v: Any) -> int:
    x = _index(v, "a value")
    if not 0 <= x <= _U32_MAX:
        raise ValueError("values are Grundy values below 2**32, got %d" % x)
    return x


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
        m.table(n)            # array('B'): 1 where one heap of n tokens is N
        m.genus(7)            # Genus of one heap: str(m.genus(7)) is like "1^{0,3,1}"
        m.tame(count)         # whether heaps below count form a tame game
        m.count, m.bytes, m.close()

    Heaps are below 2**31. Calls take turns across threads."""

    _name, _kind, _free = "MisereOctal", "misere solver", staticmethod(_sg_misere_octal_free)

    def __init__(self, code: Union[str, bytes], max_bytes: int = 0) -> None:
        _need(_sg_misere_octal_create, "misere play")
        max_bytes = _size_arg(max_bytes, "max_bytes")
        self._own(_p())
        with _Octal(code) as game:
            _check(_sg_misere_octal_create(ctypes.byref(self._pointer), game.handle, max_bytes,
                                           None), "sg_misere_octal_create")

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

    @property
    def count(self) -> int:
        """How many sums are stored."""
        return int(self._locked("count", _sg_misere_octal_count))

    @property
    def bytes(self) -> int:
        """Memory the solver holds, in bytes."""
        return int(self._locked("bytes", _sg_misere_octal_bytes))
