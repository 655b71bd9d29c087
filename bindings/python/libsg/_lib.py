"""The C library through ctypes: where it is loaded from, and every function's C types.

Private: the package's modules call these; users call the package. With the extension module
libsg._native (built by `pip install .` where Python's headers are present) the library is that
module's own copy, and the functions that run a Python rule are called with the GIL held.
"""

from __future__ import annotations

import ctypes
import os
import sys
import ctypes.util
from array import array
from typing import Any, List, Optional, Tuple


#: The library's major version this binding speaks to (the soname: libsg.so.0), and the least
#: version number (MAJOR*10000 + MINOR*100 + PATCH) that has every function used here.
ABI_MAJOR = 0
MIN_VERSION_NUMBER = 100

_U64_LIMIT = 1 << 64
_U32_MAX = (1 << 32) - 1
_SIZE_MAX = (1 << (8 * ctypes.sizeof(ctypes.c_size_t))) - 1
# the array type code of a C uint32_t (sg_value_t)
_VALUE_CODE = "I" if array("I").itemsize == 4 else "L"
#: The type of every table this module returns: array.array of unsigned 32-bit values.
Table = array

# ---- loading -------------------------------------------------------------------------------

def _own_library() -> Optional[str]:
    """The library a wheel ships next to this file (pip install .), if there is one: libsg.so,
    or the extension module, which is the library too (used through ctypes with
    LIBSG_NATIVE=0)."""
    here = os.path.dirname(os.path.abspath(__file__))
    native = [f for f in sorted(os.listdir(here))
              if f.startswith("_native.") and f.endswith((".so", ".pyd"))]
    for name in ["libsg.so", "libsg.dylib", "sg.dll"] + native:
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


def _native() -> Any:
    """The extension module libsg._native, or None: LIBSG_PATH names another library, or
    LIBSG_NATIVE=0, or the package was built without the Python headers (libsg.so instead)."""
    if os.environ.get("LIBSG_PATH") or os.environ.get("LIBSG_NATIVE", "1") == "0":
        return None
    try:
        from . import _native as native   # type: ignore[attr-defined]
    except ImportError:
        return None
    return native


def _open() -> Tuple[ctypes.CDLL, str]:
    path = os.environ.get("LIBSG_PATH")
    if path:
        try:
            return ctypes.CDLL(path), path
        except OSError as e:
            raise ImportError("libsg: cannot load LIBSG_PATH=%r: %s" % (path, e)) from None
    if _NATIVE is not None:
        # the extension module is the library too: it exports every SG_API function
        return ctypes.CDLL(_NATIVE.__file__), str(_NATIVE.__file__)
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


_NATIVE = _native()
#: True when rules written in Python are called from C by the extension module (libsg._native);
#: False when every call goes through ctypes (each call of a rule then costs a few microseconds).
native = _NATIVE is not None
_lib, library_path = _open()
# The functions that take a rule: through the extension module, called with the GIL held (a
# PyDLL), so that its rule runs Python code directly and an error the rule leaves set is
# raised when the call returns; through ctypes, with a CFUNCTYPE callback.
_rlib: Any = ctypes.PyDLL(library_path) if native else _lib

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


# int rule(void *user, uint64_t position, sg_moves_t *out): a ctypes callback, or with the
# extension module the address of its C rule
_RULE_CB = ctypes.CFUNCTYPE(_int, _p, _u64, _p)
class _RuleAddress(ctypes.c_void_p):
    """The address of the extension module's C rule (its own type: _bind looks for it)."""


_RULE: Any = _RuleAddress if native else _RULE_CB
# int progress(void *user, uint64_t done, uint64_t total)
_PROGRESS = ctypes.CFUNCTYPE(_int, _p, _u64, _u64)

_CFunc = Any   # a ctypes function pointer (its calls are checked by the wrappers below)


def _bind(name: str, restype: Any, argtypes: List[Any], required: bool = True,
          runs_rule: bool = False) -> _CFunc:
    """The C function `name` with its types (every SG_API function is listed once below). A
    function that takes a rule, or runs the rule a handle keeps (runs_rule), comes from
    _rlib."""
    try:
        f = getattr(_rlib if runs_rule or _RULE in argtypes else _lib, name)
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
_sg_memo_value = _bind("sg_memo_value", _int, [_p, _u64, _U32P], runs_rule=True)
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
                                required=False, runs_rule=True)
_sg_misere_memo_winning_move = _bind("sg_misere_memo_winning_move", _int, [_p, _u64, _P(_size)],
                                     required=False, runs_rule=True)
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

# boards and strips (libsg.boards): Welter's game, Green Hackenbush, Cram
_sg_welter_value = _bind("sg_welter_value", _int, [_U64P, _size, _U64P], required=False)
_sg_welter_winning_move = _bind("sg_welter_winning_move", _int,
                                [_U64P, _size, _P(_size), _U64P], required=False)
_sg_hackenbush_value = _bind("sg_hackenbush_value", _int, [_u32, _U32P, _size, _U64P],
                             required=False)
_sg_hackenbush_winning_move = _bind("sg_hackenbush_winning_move", _int,
                                    [_u32, _U32P, _size, _P(_size)], required=False)
_sg_cram_rules = _bind("sg_cram_rules", _int, [_p], required=False)
_sg_cram_position = _bind("sg_cram_position", _int, [_u32, _u32, _u64, _UCHARP, _P(_size)],
                          required=False)
_sg_cram_store_create = _bind("sg_cram_store_create", _int, [_P(_p), _p], required=False)
_sg_cram_value = _bind("sg_cram_value", _int, [_p, _u32, _u32, _u64, _U32P], required=False)
_sg_cram_outcome = _bind("sg_cram_outcome", _int, [_p, _u32, _u32, _u64, _P(_int)],
                         required=False)
_sg_cram_winning_move = _bind("sg_cram_winning_move", _int,
                              [_p, _u32, _u32, _u64, _U32P, _P(_int)], required=False)
_sg_node_kayles_board_rules = _bind("sg_node_kayles_board_rules", _int, [_p], required=False)
_sg_node_kayles_board_position = _bind("sg_node_kayles_board_position", _int,
                                       [_u32, _u32, _u64, _UCHARP, _P(_size)], required=False)
_sg_node_kayles_board_store_create = _bind("sg_node_kayles_board_store_create", _int,
                                           [_P(_p), _p], required=False)
_sg_node_kayles_board_value = _bind("sg_node_kayles_board_value", _int,
                                    [_p, _u32, _u32, _u64, _U32P], required=False)
_sg_node_kayles_board_outcome = _bind("sg_node_kayles_board_outcome", _int,
                                      [_p, _u32, _u32, _u64, _u32, _P(_int)], required=False)
_sg_node_kayles_board_winning_move = _bind("sg_node_kayles_board_winning_move", _int,
                                           [_p, _u32, _u32, _u64, _U32P], required=False)


class _Memory(ctypes.Structure):
    """sg_memory_t: the allocator (NULL functions: malloc/free) and the cap."""
    _fields_ = [("alloc", _p), ("free", _p), ("user", _p), ("max_bytes", _size)]


class _QuotientMove(ctypes.Structure):
    _fields_ = [("heap", _size), ("take", _u64), ("nparts", ctypes.c_uint),
                ("parts", _u64 * 3)]


_sg_mq_create = _bind("sg_misere_quotient_create", _int, [_P(_p), _p, _u64, _p],
                      required=False)
_sg_mq_extend = _bind("sg_misere_quotient_extend", _int, [_p, _u64], required=False)
_sg_mq_solve = _bind("sg_misere_quotient_solve", _int, [_p, _u64], required=False)
_sg_mq_heaps = _bind("sg_misere_quotient_heaps", _u64, [_p], required=False)
_sg_mq_order = _bind("sg_misere_quotient_order", _u64, [_p], required=False)
_sg_mq_p_portion = _bind("sg_misere_quotient_p_portion", _u64, [_p], required=False)
_sg_mq_is_p = _bind("sg_misere_quotient_is_p", _int, [_p, _u32], required=False)
_sg_mq_mul = _bind("sg_misere_quotient_mul", _int, [_p, _u32, _u32, _U32P], required=False)
_sg_mq_element = _bind("sg_misere_quotient_element", _int, [_p, _u64, _U32P], required=False)
_sg_mq_period = _bind("sg_misere_quotient_period", _int, [_p, _P(_Period)], required=False)
_sg_mq_tame = _bind("sg_misere_quotient_tame", _int, [_p, _P(ctypes.c_uint)], required=False)
_sg_mq_last_rogue = _bind("sg_misere_quotient_last_rogue", _u64, [_p], required=False)
_sg_mq_generators = _bind("sg_misere_quotient_generators", _u32, [_p], required=False)
_sg_mq_generator = _bind("sg_misere_quotient_generator", _int, [_p, _u32, _U64P],
                         required=False)
_sg_mq_presentation = _bind("sg_misere_quotient_presentation", _int,
                            [_p, ctypes.c_char_p, _size], required=False)
_sg_mq_name = _bind("sg_misere_quotient_name", _int, [_p, _u32, ctypes.c_char_p, _size],
                    required=False)
_sg_mq_outcome = _bind("sg_misere_quotient_outcome", _int, [_p, _U64P, _size, _P(_int)],
                       required=False)
_sg_mq_winning_move = _bind("sg_misere_quotient_winning_move", _int,
                            [_p, _U64P, _size, _P(_QuotientMove)], required=False)
_sg_mq_save = _bind("sg_misere_quotient_save", _int, [_p, ctypes.c_char_p], required=False)
_sg_mq_load = _bind("sg_misere_quotient_load", _int, [_p, ctypes.c_char_p], required=False)
_sg_mq_bytes = _bind("sg_misere_quotient_bytes", _size, [_p], required=False)
_sg_mq_free = _bind("sg_misere_quotient_free", None, [_p], required=False)

#: True when the loaded library has the take-and-break (octal) functions.
has_octal = None not in (_sg_octal_parse, _sg_octal_table, _sg_octal_period, _sg_octal_free)
_has_sequence = None not in (_sg_seq_create, _sg_seq_extend, _sg_seq_read, _sg_seq_free)

# ---- structured positions (sg_store_*, sg_parts_*, sg_struct_selftest) -----------------------
# int callback(void *user, const unsigned char *pos, size_t len, sg_parts_t *out), called
# through ctypes (structured.py)
_PARTS_CB = ctypes.CFUNCTYPE(_int, _p, _p, _size, _p)
_LIE_KINDS = 6   # SG_LIE_KINDS


class _StructRules(ctypes.Structure):
    _fields_ = [("options", _PARTS_CB), ("split", _PARTS_CB), ("canonical", _PARTS_CB)]


class _StoreStats(ctypes.Structure):
    _fields_ = [("nodes", _u64), ("hits", _u64), ("positions", _u64), ("bytes", _u64)]


class _SelftestReport(ctypes.Structure):
    _fields_ = [("lies", _u64 * _LIE_KINDS), ("first", _size * _LIE_KINDS), ("samples", _u64),
                ("brute", _u64), ("skipped", _u64)]


_sg_parts_add = _bind("sg_parts_add", _int, [_p, ctypes.c_char_p, _size], required=False)
_sg_parts_end = _bind("sg_parts_end", _int, [_p], required=False)
_sg_store_create = _bind("sg_store_create", _int, [_P(_p), _P(_StructRules), _p, _p],
                         required=False)
_sg_store_free = _bind("sg_store_free", None, [_p], required=False)
_sg_store_value = _bind("sg_store_value", _int, [_p, ctypes.c_char_p, _size, _U32P],
                        required=False)
_sg_store_outcome = _bind("sg_store_outcome", _int, [_p, ctypes.c_char_p, _size, _u32, _P(_int)],
                          required=False)
_sg_store_winning_move = _bind("sg_store_winning_move", _int,
                               [_p, ctypes.c_char_p, _size, _u32, _P(_size), _U32P],
                               required=False)
_sg_store_stats = _bind("sg_store_stats", _int, [_p, _P(_StoreStats)], required=False)
_STORE_TICK = ctypes.CFUNCTYPE(_int, _p)
_sg_store_set_tick = _bind("sg_store_set_tick", _int, [_p, _STORE_TICK, _p, _u64], required=False)
_sg_store_save = _bind("sg_store_save", _int, [_p, ctypes.c_char_p], required=False)
_sg_store_load = _bind("sg_store_load", _int, [_p, ctypes.c_char_p], required=False)
_sg_store_set_game = _bind("sg_store_set_game", _int, [_p, ctypes.c_char_p], required=False)
_sg_store_game = _bind("sg_store_game", ctypes.c_char_p, [_p], required=False)
_sg_store_file_game = _bind("sg_store_file_game", _int, [ctypes.c_char_p, ctypes.c_char_p, _size],
                            required=False)
_sg_struct_selftest = _bind("sg_struct_selftest", _int,
                            [_P(_StructRules), _p, _P(ctypes.c_char_p), _P(_size), _size, _size,
                             _P(_SelftestReport)], required=False)

# graphs, Node Kayles and Arc Kayles (libsg.graphs); stores are passed as NULL (a store made
# for the call) by the Python functions, the store and rules forms are bound for parity
_sg_graph_has_nauty = _bind("sg_graph_has_nauty", _int, [], required=False)
_sg_graph_create = _bind("sg_graph_create", _int, [_P(_p), _u32, _U32P, _size], required=False)
_sg_graph_from_bytes = _bind("sg_graph_from_bytes", _int, [_P(_p), _p, _size], required=False)
_sg_graph_free = _bind("sg_graph_free", None, [_p], required=False)
_sg_graph_order = _bind("sg_graph_order", _u32, [_p], required=False)
_sg_graph_size = _bind("sg_graph_size", _u64, [_p], required=False)
_sg_graph_adjacent = _bind("sg_graph_adjacent", _int, [_p, _u32, _u32], required=False)
_sg_graph_bytes = _bind("sg_graph_bytes", _int, [_p, _int, _p, _size, _P(_size)],
                        required=False)
_sg_node_kayles_store = _bind("sg_node_kayles_store", _int, [_P(_p), _int, _p], required=False)
_sg_arc_kayles_store = _bind("sg_arc_kayles_store", _int, [_P(_p), _int, _p], required=False)
_sg_node_kayles_rules = _bind("sg_node_kayles_rules", _int, [_int, _p, _P(_p)], required=False)
_sg_arc_kayles_rules = _bind("sg_arc_kayles_rules", _int, [_int, _p, _P(_p)], required=False)
_sg_node_kayles_value = _bind("sg_node_kayles_value", _int, [_p, _p, _U32P], required=False)
_sg_node_kayles_outcome = _bind("sg_node_kayles_outcome", _int, [_p, _u32, _p, _P(_int)],
                                required=False)
_sg_node_kayles_winning_move = _bind("sg_node_kayles_winning_move", _int, [_p, _p, _U32P],
                                     required=False)
_sg_arc_kayles_value = _bind("sg_arc_kayles_value", _int, [_p, _p, _U32P], required=False)
_sg_arc_kayles_outcome = _bind("sg_arc_kayles_outcome", _int, [_p, _u32, _p, _P(_int)],
                               required=False)
_sg_arc_kayles_winning_move = _bind("sg_arc_kayles_winning_move", _int,
                                    [_p, _p, _U32P, _U32P], required=False)
