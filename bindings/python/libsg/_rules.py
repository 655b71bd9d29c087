"""Python rules as C rules: the one adapter every function that takes a rule uses.

Private. _CRule hands the C library either the extension module's C rule (a vectorcall of the
Python rule per position, the GIL held, Ctrl-C seen through PyErr_CheckSignals) or, without
the extension module, a ctypes callback; both take the same options and raise the same
errors, naming the position and the option.
"""

from __future__ import annotations

import ctypes
import operator
import signal
import threading
from typing import Any, Callable, Dict, Hashable, Iterable, List, Optional, Tuple, TypeVar, Union

from ._lib import (_NATIVE, _RULE_CB, _U32_MAX, _U64_LIMIT, _p, _sg_move_to, _sg_move_to_sum,
                   _sg_move_value, _u64)
from .errors import ERANGE
from ._brief import _Brief
from ._core import _Handle, _check, _index, _size_arg

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

class Sum(metaclass=_Brief):
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


class Value(metaclass=_Brief):
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
    """A C callback of type `ctype` (_RULE_CB, _PROGRESS) calling body(...) on its arguments
    after `user`. A true result stops the C computation (non-zero return: SG_ESTOP); so does an
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


class _CRule:
    """A Python rule as the (fn, user) pair a C function takes. Positions are integers (options:
    ints; a tuple or Sum for a sum of positions; Value(v)), or with `keys` and `states` any
    hashable states numbered as they are first met (options: states, Sum or Value). With
    positions_only every option is one position (Loopy). `count` (integer positions): the
    first option at or above it is kept in .bad, so a RangeError can say which it was.

    With the extension module the rule is its C Rule, called with the GIL held; otherwise a
    ctypes callback. run(call) makes the C call, call(fn, user), and raises what the rule
    raised (KeyboardInterrupt for Ctrl-C)."""

    def __init__(self, rule: Callable[[Any], Iterable[Any]], count: int = 0,
                 keys: Optional[Dict[Hashable, int]] = None,
                 states: Optional[List[Hashable]] = None, positions_only: bool = False) -> None:
        if not callable(rule):
            raise TypeError("rule must be callable")
        self.rule, self.count, self.keys, self.states = rule, count, keys, states
        self.positions_only = positions_only
        self._bad: Optional[Tuple[int, int]] = None
        self._raised: List[BaseException] = []
        if _NATIVE is not None:
            self._native: Any = _NATIVE.Rule(rule, Sum, Value, count, keys, states,
                                             positions_only)
            self.fn: Any = self._native.fn
            self.user: Any = self._native.user
        else:
            self._native = None
            self.fn = _c_callback(_RULE_CB, self._options, self._raised)
            self.user = None

    def key(self, state: Hashable) -> int:
        """The key of a state, numbering it when it is new."""
        assert self.keys is not None and self.states is not None
        k = self.keys.get(state)
        if k is None:
            k = self.keys[state] = len(self.states)
            self.states.append(state)
        return k

    def _one(self, position: int, x: Any) -> int:
        if self.states is not None:
            return self.key(x)
        try:
            v = operator.index(x)
        except TypeError:
            raise TypeError("rule(%d) gave the option %r: an option is an int (a position), a "
                            "tuple or Sum (a sum of positions) or Value(v)" % (position, x)) \
                from None
        if v < 0:
            raise ValueError("rule(%d) gave the option %d: a position must be non-negative"
                             % (position, v))
        if v >= _U64_LIMIT:
            raise OverflowError("rule(%d) gave the option %d: a position must be below 2**64"
                                % (position, v))
        if self.count and v >= self.count and self._bad is None:
            self._bad = (position, v)
        return v

    def _options(self, position: int, out: Any) -> None:
        """The ctypes rule: what the extension module's nat_rule does, in Python."""
        arg = self.states[position] if self.states is not None else position
        for opt in self.rule(arg):
            if self.positions_only or type(opt) is int:
                _sg_move_to(out, self._one(position, opt))
            elif (self.states is None and isinstance(opt, tuple)) or isinstance(opt, Sum):
                keys = [self._one(position, x) for x in (opt.parts if isinstance(opt, Sum)
                                                         else opt)]
                _sg_move_to_sum(out, (_u64 * len(keys))(*keys), len(keys))
            elif isinstance(opt, Value):
                _sg_move_value(out, opt.value)
            else:
                _sg_move_to(out, self._one(position, opt))

    @property
    def bad(self) -> Optional[Tuple[int, int]]:
        """(position, option): the first option at or above `count` the rule gave, or None."""
        if self._native is not None:
            b: Optional[Tuple[int, int]] = self._native.bad
            return b
        return self._bad

    def run(self, call: Callable[[Any, Any], Any]) -> int:
        """call(fn, user), the C call that runs the rule: its status; the rule's error raised."""
        if self._native is not None:
            self._native.reset()
            return int(call(self.fn, self.user))
        self._bad = None
        return _run_c(lambda: call(self.fn, self.user), self._raised)

    def range_detail(self, status: int) -> Optional[str]:
        """For SG_ERANGE: which position gave which option outside range(count)."""
        b = self.bad
        if status != ERANGE or b is None:
            return None
        return "rule(%d) gave the option %d, outside range(%d)" % (b[0], b[1], self.count)


def _rule_first(rule: Any, n: Any, function: str, count: str = "n") -> None:
    """TypeError for the argument order before 0.2.0 (n, rule): every function that builds a
    table takes the game first, then how many positions."""
    if callable(n) and not callable(rule):
        raise TypeError("%s(rule, %s): the rule comes first since libsg 0.2.0 (it was %s(%s, "
                        "rule)); write %s(<rule>, %r)" % (function, count, function, count,
                                                          function, rule))


S = TypeVar("S", bound=Hashable)
#: What a Memo's rule returns for a state of type S: states, Sum(...) or Value(...).
MemoOption = Union[S, Sum, Value]


class _KeyedRule(_Handle):
    """A C object computed through a C rule over 64-bit keys that calls a Python rule over
    hashable states: each new state gets the next key (Memo, MisereMemo)."""

    _crule: _CRule

    def _create(self, rule: Callable[[Any], Iterable[Any]], max_bytes: int, create: Any,
                function: str) -> None:
        """Check the arguments, then create(&handle, fn, user, max_bytes, NULL)."""
        if not callable(rule):
            raise TypeError("rule must be callable")
        max_bytes = _size_arg(max_bytes, "max_bytes")
        self._own(_p())
        self._crule = _CRule(rule, keys={}, states=[])   # must live as long as the object
        _check(create(ctypes.byref(self._pointer), self._crule.fn, self._crule.user, max_bytes,
                      None), function)

    def _detail(self, status: int) -> Optional[str]:
        """What was wrong, for a failed query's status (None: the library's message says it)."""
        return None

    def _run(self, method: str, cfunc: Any, function: str, state: Any, out: Any) -> int:
        """cfunc(handle, key of state, &out): the query of one state, which may run the rule."""
        hash(state)
        with self._hold(method):
            handle = self._handle()
            key = self._crule.key(state)
            status = self._crule.run(lambda fn, user: cfunc(handle, key, ctypes.byref(out)))
            return _check(status, function, self._detail(status))
