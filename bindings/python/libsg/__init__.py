"""libsg: Sprague-Grundy values of impartial games, from Python.

A ctypes binding of the C library libsg (standard library only, nothing to build). The shared
library is loaded from the file named by the environment variable LIBSG_PATH when it is set,
otherwise from the system (ctypes.util.find_library("sg"), then "libsg.so.0").

    >>> import libsg
    >>> libsg.nim_winning_move([3, 4, 5])
    (0, 1)
    >>> libsg.subtraction_table([1, 3, 4], 10)
    [0, 1, 0, 1, 2, 3, 2, 0, 1, 0]
    >>> libsg.table_build(8, lambda n: [n - k for k in range(1, n + 1)] +
    ...                   [(k, n - k) for k in range(1, n // 2 + 1)])   # Lasker's Nim
    [0, 1, 2, 4, 3, 5, 6, 8]

Heaps, positions and sizes are non-negative integers below 2**64 (ValueError for a negative
one, OverflowError for a larger one, TypeError for a non-integer). A status code returned by the
library raises libsg.Error, which carries the code (.status), its name (.name) and the library's
message (sg_strerror). See docs/ffi.md.
"""

import ctypes
import ctypes.util
import operator
import os
import sys

__all__ = [
    "Error", "OK", "EINVAL", "ENOMEM", "ERANGE", "ELOOP", "ESTOP", "EIO",
    "version", "version_number", "library_path", "strerror",
    "mex", "nim_sum", "nim_winning_move", "nim_winning_moves", "misere_winning_move", "nim_mul",
    "subtraction_table", "subtraction_period", "allbut_table", "octal_table", "octal_period",
    "octal_value", "octal_format", "has_octal", "grundy_game_table", "table_build", "winning_move", "Memo",
]

#: The library's major version this binding speaks to (the soname: libsg.so.0), and the least
#: version number (MAJOR*10000 + MINOR*100 + PATCH) that has every function used here.
ABI_MAJOR = 0
MIN_VERSION_NUMBER = 100

# status codes (include/sg.h, SG_STATUS_MAP)
OK, EINVAL, ENOMEM, ERANGE, ELOOP, ESTOP, EIO = 0, -1, -2, -3, -4, -5, -6
_STATUS_NAMES = {OK: "OK", EINVAL: "EINVAL", ENOMEM: "ENOMEM", ERANGE: "ERANGE",
                 ELOOP: "ELOOP", ESTOP: "ESTOP", EIO: "EIO"}

_U64_LIMIT = 1 << 64
_U32_MAX = (1 << 32) - 1
_SIZE_MAX = (1 << (8 * ctypes.sizeof(ctypes.c_size_t))) - 1


class Error(Exception):
    """A status code returned by libsg. Attributes: status (the negative code), name ("EINVAL",
    ...), message (the library's sg_strerror text), function (the C function), and detail
    (more about the problem when the library says more, else None)."""

    def __init__(self, status, function=None, detail=None):
        self.status = status
        self.name = _STATUS_NAMES.get(status, "E?")
        self.message = strerror(status)
        self.function = function
        self.detail = detail
        where = "%s: " % function if function else ""
        more = ": %s" % detail if detail else ""
        super().__init__("%s%s (SG_%s, %d)%s" % (where, self.message, self.name, status, more))


# ---- loading -------------------------------------------------------------------------------

def _candidates():
    found = ctypes.util.find_library("sg")
    names = [found] if found else []
    if sys.platform == "darwin":
        names += ["libsg.%d.dylib" % ABI_MAJOR, "libsg.dylib"]
    elif sys.platform.startswith("win"):
        names += ["sg.dll", "libsg.dll"]
    else:
        names += ["libsg.so.%d" % ABI_MAJOR]
    return names


def _open():
    path = os.environ.get("LIBSG_PATH")
    if path:
        try:
            return ctypes.CDLL(path), path
        except OSError as e:
            raise ImportError("libsg: cannot load LIBSG_PATH=%r: %s" % (path, e)) from None
    tried = []
    for name in _candidates():
        try:
            return ctypes.CDLL(name), name
        except OSError as e:
            tried.append("%s (%s)" % (name, e))
    raise ImportError("libsg: the shared library was not found; install libsg or set LIBSG_PATH "
                      "to the file (tried: %s)" % "; ".join(tried))


def _check_version(number):
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


class _NimMove(ctypes.Structure):
    _fields_ = [("heap", ctypes.c_size_t), ("new_size", ctypes.c_uint64)]


class _Period(ctypes.Structure):
    _fields_ = [("preperiod", ctypes.c_uint64), ("period", ctypes.c_uint64),
                ("saltus", ctypes.c_uint32), ("proven", ctypes.c_int)]


# int rule(void *user, uint64_t position, sg_moves_t *out)
_RULE = ctypes.CFUNCTYPE(_int, _p, _u64, _p)


def _bind(name, restype, argtypes, required=True):
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
_check_version(_sg_version_number())

_sg_mex = _bind("sg_mex", _u32, [_P(_u32), _size])
_nim_sum = _bind("nim_sum", _u64, [_P(_u64), _size])
_nim_winning_move = _bind("nim_winning_move", _int, [_P(_u64), _size, _P(_size), _P(_u64)])
_nim_winning_moves = _bind("nim_winning_moves", _int,
                           [_P(_u64), _size, _P(_NimMove), _size, _P(_size)])
_nim_misere = _bind("nim_misere_winning_move", _int, [_P(_u64), _size, _P(_size), _P(_u64)])
_nim_mul = _bind("nim_mul", _u64, [_u64, _u64])
_sg_sub_table = _bind("sg_subtraction_table", _int, [_P(_u32), _u64, _P(_u64), _size])
_sg_sub_period = _bind("sg_subtraction_period", _int, [_P(_u64), _size, _P(_Period)])
_sg_table_build = _bind("sg_table_build", _int, [_P(_u32), _u64, _RULE, _p])
_sg_move_to = _bind("sg_move_to", None, [_p, _u64])
_sg_move_to_sum = _bind("sg_move_to_sum", None, [_p, _P(_u64), _size])
_sg_winning_move = _bind("sg_winning_move", _int,
                         [_P(_u32), _u64, _RULE, _p, _P(_u64), _size, _P(_size), _P(_size)])
_sg_memo_create_ex = _bind("sg_memo_create_ex", _int, [_P(_p), _RULE, _p, _size, _p])
_sg_memo_value = _bind("sg_memo_value", _int, [_p, _u64, _P(_u32)])
_sg_memo_count = _bind("sg_memo_count", _u64, [_p])
_sg_memo_bytes = _bind("sg_memo_bytes", _size, [_p])
_sg_memo_free = _bind("sg_memo_free", None, [_p])
# take-and-break games: newer than the rest; absent from a library built without them
_sg_octal_parse = _bind("sg_octal_parse", _int, [ctypes.c_char_p, _P(_p)], required=False)
_sg_octal_table = _bind("sg_octal_table", _int, [_p, _P(_u32), _u64], required=False)
_sg_octal_period = _bind("sg_octal_period", _int, [_p, _u64, _P(_Period)], required=False)
_sg_octal_free = _bind("sg_octal_free", None, [_p], required=False)
_sg_octal_parse_ex = _bind("sg_octal_parse_ex", _int,
                           [ctypes.c_char_p, _P(_p), _P(_size), _P(ctypes.c_char_p)],
                           required=False)
_sg_octal_format = _bind("sg_octal_format", _int, [_p, ctypes.c_char_p, _size], required=False)
_sg_period_value = _bind("sg_period_value", _int, [_P(_u32), _u64, _P(_Period), _u64, _P(_u32)],
                         required=False)
_sg_allbut_table = _bind("sg_allbut_table", _int, [_P(_u32), _u64, _P(_u64), _size],
                         required=False)
_sg_grundy_game_table = _bind("sg_grundy_game_table", _int, [_P(_u32), _u64], required=False)

#: True when the loaded library has the take-and-break (octal) functions.
has_octal = None not in (_sg_octal_parse, _sg_octal_table, _sg_octal_period, _sg_octal_free)


# ---- argument checking -----------------------------------------------------------------------

def _index(x, what):
    try:
        return operator.index(x)
    except TypeError:
        raise TypeError("%s must be an integer, not %s" % (what, type(x).__name__)) from None


def _u64_arg(x, what):
    v = _index(x, what)
    if v < 0:
        raise ValueError("%s must be non-negative, got %d" % (what, v))
    if v >= _U64_LIMIT:
        raise OverflowError("%s must be below 2**64, got %d" % (what, v))
    return v


def _u64_array(values, what):
    vals = [_u64_arg(v, what) for v in values]
    return (_u64 * len(vals))(*vals), len(vals)


def _count_arg(n, what="n"):
    n = _u64_arg(n, what)
    if n > sys.maxsize // 4:
        raise OverflowError("%s = %d is too large for a table in memory" % (what, n))
    return n


def _check(status, function):
    if status < 0:
        raise Error(status, function)
    return status


# ---- version and messages --------------------------------------------------------------------

def version():
    """The loaded library's version, "MAJOR.MINOR.PATCH"."""
    return _sg_version_string().decode("ascii")


def version_number():
    """The loaded library's version as MAJOR*10000 + MINOR*100 + PATCH."""
    return int(_sg_version_number())


def strerror(status):
    """The library's message for a status code (never fails; unknown codes are named so)."""
    if not -(1 << 31) <= status < (1 << 31):
        return "unknown status"
    return _sg_strerror(status).decode("utf-8", "replace")


# ---- mex and Nim -----------------------------------------------------------------------------

def mex(values):
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


def nim_sum(heaps):
    """XOR of the heap sizes (the Sprague-Grundy value of a Nim position)."""
    arr, k = _u64_array(heaps, "a heap")
    return int(_nim_sum(arr, k))


def nim_winning_move(heaps):
    """A winning move of normal-play Nim, (heap index, new size), on the lowest-index heap that
    has one; None when the player to move loses (nim-sum 0)."""
    arr, k = _u64_array(heaps, "a heap")
    heap, size = _size(), _u64()
    if _check(_nim_winning_move(arr, k, ctypes.byref(heap), ctypes.byref(size)),
              "nim_winning_move") == 0:
        return None
    return (heap.value, size.value)


def nim_winning_moves(heaps):
    """Every winning move of normal-play Nim as a list of (heap index, new size), in heap order
    (at most one per heap); empty when the player to move loses."""
    arr, k = _u64_array(heaps, "a heap")
    moves = (_NimMove * max(k, 1))()
    total = _size()
    _check(_nim_winning_moves(arr, k, moves, k, ctypes.byref(total)), "nim_winning_moves")
    return [(moves[i].heap, moves[i].new_size) for i in range(min(total.value, k))]


def misere_winning_move(heaps):
    """A winning move of misere Nim (whoever takes the last token loses), as (heap index, new
    size); None when the player to move loses. A position with no token left is already won by
    the player to move (the opponent took the last one): that gives (len(heaps), 0), as in C."""
    arr, k = _u64_array(heaps, "a heap")
    heap, size = _size(), _u64()
    if _check(_nim_misere(arr, k, ctypes.byref(heap), ctypes.byref(size)),
              "nim_misere_winning_move") == 0:
        return None
    return (heap.value, size.value)


def nim_mul(a, b):
    """The product of a and b in the field of nimbers below 2**64."""
    return int(_nim_mul(_u64_arg(a, "a"), _u64_arg(b, "b")))


# ---- subtraction and take-and-break games ----------------------------------------------------

def subtraction_table(moves, n):
    """[G(0), ..., G(n-1)] of the subtraction game whose moves take s tokens, s in `moves`."""
    arr, k = _u64_array(moves, "a move")
    n = _count_arg(n)
    table = (_u32 * n)()
    _check(_sg_sub_table(table, n, arr, k), "sg_subtraction_table")
    return list(table)


def subtraction_period(moves):
    """(preperiod, period) of the subtraction game, exact and proven: G(i + period) == G(i)
    for every i >= preperiod, both the least such."""
    arr, k = _u64_array(moves, "a move")
    per = _Period()
    _check(_sg_sub_period(arr, k, ctypes.byref(per)), "sg_subtraction_period")
    return (per.preperiod, per.period)


def _need(f, what):
    if f is None:
        raise NotImplementedError("the loaded libsg (%s, %s) has no %s"
                                  % (library_path, version(), what))


def _octal_game(code):
    _need(_sg_octal_parse if has_octal else None, "octal games")
    raw = code
    if isinstance(code, str):
        code = code.encode("ascii", "replace")   # a non-ASCII character stays malformed: '?'
    elif not isinstance(code, bytes):
        raise TypeError("code must be a str, not %s" % type(code).__name__)
    if b"\0" in code:
        raise ValueError("code contains a NUL character")
    game = _p()
    if _sg_octal_parse_ex is None:
        _check(_sg_octal_parse(code, ctypes.byref(game)), "sg_octal_parse")
        return game
    offset, why = _size(), ctypes.c_char_p()
    status = _sg_octal_parse_ex(code, ctypes.byref(game), ctypes.byref(offset),
                                ctypes.byref(why))
    if status < 0:
        detail = None
        if status == EINVAL and why.value:
            detail = "%r at offset %d: %s" % (raw, offset.value, why.value.decode("ascii",
                                                                                 "replace"))
        raise Error(status, "sg_octal_parse_ex", detail)
    return game


def octal_table(code, n):
    """[G(0), ..., G(n-1)] of the octal or hexadecimal take-and-break game `code` ("0.07")."""
    n = _count_arg(n)
    game = _octal_game(code)
    try:
        table = (_u32 * n)()
        _check(_sg_octal_table(game, table, n), "sg_octal_table")
    finally:
        _sg_octal_free(game)
    return list(table)


def _octal_proven(game, limit):
    per = _Period()
    _check(_sg_octal_period(game, limit, ctypes.byref(per)), "sg_octal_period")
    return per


def octal_period(code, limit):
    """(preperiod, period) of the octal game `code` when the library proves it (Guy-Smith
    periodicity theorem) from at most `limit` values; None when no proof was found by then (a
    period is never claimed without proof)."""
    limit = _u64_arg(limit, "limit")
    game = _octal_game(code)
    try:
        per = _octal_proven(game, limit)
    finally:
        _sg_octal_free(game)
    if not per.proven:
        return None
    return (per.preperiod, per.period)


def octal_value(code, n, limit=1 << 20):
    """G(n) of the octal game `code` for any heap size n below 2**64: computed directly when
    n < limit, otherwise read off the period proven from at most `limit` values. Raises
    ValueError when n >= limit and no period is proven within `limit` values."""
    n = _u64_arg(n, "n")
    limit = _u64_arg(limit, "limit")
    _need(_sg_period_value, "sg_period_value")
    game = _octal_game(code)
    try:
        if n < limit:
            table = (_u32 * (n + 1))()
            _check(_sg_octal_table(game, table, n + 1), "sg_octal_table")
            return int(table[n])
        per = _octal_proven(game, limit)
        if not per.proven:
            raise ValueError("no period of %s is proven within %d values: G(%d) is out of reach"
                             % (code, limit, n))
        count = _count_arg(per.preperiod + per.period, "preperiod + period")
        prefix = (_u32 * count)()
        _check(_sg_octal_table(game, prefix, count), "sg_octal_table")
        v = _u32()
        _check(_sg_period_value(prefix, count, ctypes.byref(per), n, ctypes.byref(v)),
               "sg_period_value")
        return int(v.value)
    finally:
        _sg_octal_free(game)


def octal_format(code):
    """The canonical form of an octal code: "0.070" -> "0.07", ".07" -> "0.07", "0.F" -> "0.f"."""
    _need(_sg_octal_format, "sg_octal_format")
    game = _octal_game(code)
    try:
        buf = ctypes.create_string_buffer(256)
        _check(_sg_octal_format(game, buf, len(buf)), "sg_octal_format")
    finally:
        _sg_octal_free(game)
    return buf.value.decode("ascii")


def allbut_table(excluded, n):
    """[G(0), ..., G(n-1)] of the all-but subtraction game: a move takes any positive number of
    tokens except those in `excluded`."""
    _need(_sg_allbut_table, "all-but subtraction games")
    arr, k = _u64_array(excluded, "an excluded move")
    n = _count_arg(n)
    table = (_u32 * n)()
    _check(_sg_allbut_table(table, n, arr, k), "sg_allbut_table")
    return list(table)


def grundy_game_table(n):
    """[G(0), ..., G(n-1)] of Grundy's game: a move splits a heap into two non-empty heaps of
    different sizes."""
    _need(_sg_grundy_game_table, "Grundy's game")
    n = _count_arg(n)
    table = (_u32 * n)()
    _check(_sg_grundy_game_table(table, n), "sg_grundy_game_table")
    return list(table)


# ---- any game given by a rule ----------------------------------------------------------------

def _trampoline(rule, raised):
    """A C rule calling the Python `rule`; an exception is kept in `raised` and stops the C
    computation (non-zero return: SG_ESTOP)."""
    def call(user, position, out):
        try:
            for opt in rule(position):
                if isinstance(opt, tuple):
                    arr, k = _u64_array(opt, "a position in a sum")
                    _sg_move_to_sum(out, arr, k)
                else:
                    _sg_move_to(out, _u64_arg(opt, "an option"))
            return 0
        except BaseException as e:  # every exception must stop the C loop, not cross it
            raised.append(e)
            return 1
    return _RULE(call)


def _reraise(raised):
    if raised:
        e = raised[0]
        del raised[:]
        raise e


def table_build(n, rule):
    """[SG(0), ..., SG(n-1)] of the game whose options of position p are rule(p): an iterable
    of positions (ints in range(n)), where a tuple of positions is a move to the sum of those
    positions (a heap split into parts; its value is the XOR of theirs). Options may be larger
    positions too, as long as there is no cycle.

    An exception raised by the rule (or by a bad option: ValueError, OverflowError, TypeError)
    stops the computation and is raised again here. Library errors raise Error: ERANGE for an
    option outside range(n), ELOOP for a cycle."""
    n = _count_arg(n)
    if not callable(rule):
        raise TypeError("rule must be callable")
    raised = []
    callback = _trampoline(rule, raised)   # kept alive until sg_table_build returns
    table = (_u32 * n)()
    status = _sg_table_build(table, n, callback, None)
    _reraise(raised)
    _check(status, "sg_table_build")
    return list(table)


def winning_move(table, rule, components):
    """A winning move in the sum of positions `components` of one game, given by its rule and
    its complete table (table_build(n, rule)): (component index, option), where option is the
    move's option as rule(components[index]) gives it (the first one of the needed value), in
    the lowest-index component that has a winning option (possibly one to a larger value); None
    when the sum's value is 0 (the player to move loses)."""
    if not callable(rule):
        raise TypeError("rule must be callable")
    vals = [_index(v, "a table value") for v in table]
    for v in vals:
        if not 0 <= v <= _U32_MAX:
            raise ValueError("table values are Grundy values below 2**32, got %d" % v)
    arr = (_u32 * len(vals))(*vals)
    comps, k = _u64_array(components, "a component")
    raised = []
    callback = _trampoline(rule, raised)
    comp, opt = _size(), _size()
    status = _sg_winning_move(arr, len(vals), callback, None, comps, k, ctypes.byref(comp),
                              ctypes.byref(opt))
    _reraise(raised)
    if _check(status, "sg_winning_move") == 0:
        return None
    i = comp.value
    options = list(rule(components[i]))
    return (i, options[opt.value])


class Memo(object):
    """SG values of a game whose positions are any integers in range(2**64) (encoded states:
    Wythoff's (x, y) as x << 32 | y, a bitmask, ...), computed on demand and kept (sg_memo_*).
    rule(position) returns the options as for table_build (ints, tuples for sums).

        m = Memo(rule, max_bytes=0)   # 0: no memory cap; over the cap: Error ENOMEM
        m.value(position)             # SG(position)
        m.count, m.bytes              # positions stored, memory held
        m.close()                     # or use the memo as a context manager

    A failed value() (an exception in the rule, a cycle, the cap) keeps what was proven; the
    memo stays usable. One thread at a time."""

    def __init__(self, rule, max_bytes=0):
        if not callable(rule):
            raise TypeError("rule must be callable")
        max_bytes = _u64_arg(max_bytes, "max_bytes")
        if max_bytes > _SIZE_MAX:
            raise OverflowError("max_bytes is too large for size_t")
        self._raised = []
        self._callback = _trampoline(rule, self._raised)   # must live as long as the memo
        self._memo = _p()
        _check(_sg_memo_create_ex(ctypes.byref(self._memo), self._callback, None, max_bytes,
                                  None), "sg_memo_create_ex")

    def _handle(self):
        if not self._memo:
            raise ValueError("the memo is closed")
        return self._memo

    def value(self, position):
        """SG(position)."""
        position = _u64_arg(position, "position")
        v = _u32()
        status = _sg_memo_value(self._handle(), position, ctypes.byref(v))
        _reraise(self._raised)
        _check(status, "sg_memo_value")
        return int(v.value)

    @property
    def count(self):
        """How many positions have a stored value."""
        return int(_sg_memo_count(self._handle()))

    @property
    def bytes(self):
        """Memory the memo holds now, in bytes."""
        return int(_sg_memo_bytes(self._handle()))

    def close(self):
        """Free the memo (idempotent)."""
        if getattr(self, "_memo", None):
            _sg_memo_free(self._memo)
            self._memo = _p()

    def __del__(self):
        try:
            self.close()
        except Exception:   # interpreter shutdown: the module may be gone already
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False
