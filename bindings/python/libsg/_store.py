"""The base of every store of structured positions (sg_store_t). Private.

_Store is the one class under structured.Store, boards.CramStore, boards.NodeKaylesBoardStore,
graphs.NodeKaylesStore and graphs.ArcKaylesStore: the handle and its guard (_core._Owned), the
memory cap (max_bytes, as sg_memory_t), stats(), save(), load() and the game's name. A subclass
names itself, opens its handle with _open(create, ...) and keeps only what differs (Store: the
game's functions written in Python, and a name the caller may set).

A call from inside a running one (the game's own functions, in Python, or its tick) is not
refused here but by the library, which knows the store is busy: it returns SG_EBUSY and fails
the running call too; close() from there frees the store once that call returns (sg_store_free).

Every store has a tick (sg_store_set_tick, _Tick): every TICK_EVERY positions a query enters,
Ctrl-C is looked for, so that it stops the query (KeyboardInterrupt, what was proved kept);
set_tick(fn, every) adds a function of the caller's.
"""

from __future__ import annotations

import ctypes
import os
from typing import Any, Callable, Dict, List, Optional, Type, TypeVar, Union

from ._core import _Owned, _check, _need, _size_arg, _u64_arg
from ._lib import (_Memory, _NATIVE, _STORE_TICK, _StoreStats, _p, _sg_store_file_game,
                   _sg_store_free, _sg_store_game, _sg_store_load, _sg_store_save,
                   _sg_store_set_tick, _sg_store_stats)
from ._rules import _c_callback, _run_c
from .errors import EGAME, EINVAL, CheckpointError, Error, InvalidArgumentError

#: The longest name of a store's game, in bytes (SG_STORE_GAME_MAX).
GAME_MAX = 255

PathArg = Union[str, "os.PathLike[str]"]


def store_file_game(path: PathArg) -> str:
    """The name of the game of the store file at path ("" for a file that names none), as its
    header says (sg_store_file_game). FileError when it cannot be read, CheckpointError when
    it is not a store file."""
    _need(_sg_store_file_game, "named stores")
    buf = ctypes.create_string_buffer(GAME_MAX + 1)
    _check(_sg_store_file_game(os.fsencode(path), buf, len(buf)), "sg_store_file_game")
    return buf.value.decode("ascii")


#: Positions between two looks for Ctrl-C when no tick is set (set_tick's default `every`).
TICK_EVERY = 4096

TickFn = Callable[[], Any]


class _Tick:
    """A store's tick as the (fn, user) pair sg_store_set_tick takes: Ctrl-C, then fn() (None:
    Ctrl-C only); a true result or an exception stops the query. With the extension module its
    C Tick; otherwise a ctypes callback, Ctrl-C noted by _rules._interrupt. run(call) makes the
    query, call(), and raises what stopped it (KeyboardInterrupt for Ctrl-C)."""

    def __init__(self, fn: Optional[TickFn]) -> None:
        self._raised: List[BaseException] = []
        if _NATIVE is not None:
            self._native: Any = _NATIVE.Tick(fn)
            self.fn: Any = _STORE_TICK(self._native.fn)
            self.user: Any = self._native.user
        else:
            self._native = None
            self.fn = _c_callback(_STORE_TICK, fn if fn is not None else _go_on, self._raised)
            self.user = None

    def run(self, call: Callable[[], int]) -> int:
        if self._native is None:
            return _run_c(call, self._raised)
        self._native.take()   # nothing is left from a call that failed before its query ran
        status = int(call())
        e = self._native.take()
        if e is not None:
            raise e
        return status


def _go_on() -> bool:
    return False


def _game_said(name: str) -> str:
    return "game %r" % name if name else "no named game"


class _Store(_Owned):
    """A store of one structured game (sg_store_t): see the module's docstring."""

    _name, _kind, _free = "Store", "store", staticmethod(_sg_store_free)

    def _open(self, create: Any, function: str, max_bytes: int, *args: Any) -> None:
        """create(&handle, *args, memory): memory NULL, or an sg_memory_t with the cap."""
        memory: Optional[_Memory] = None
        cap = _size_arg(max_bytes, "max_bytes")
        if cap:
            memory = _Memory()
            memory.max_bytes = cap
        self._own(_p())
        self._tick: Optional[_Tick] = None
        _check(create(ctypes.byref(self._pointer), *args,
                      ctypes.byref(memory) if memory is not None else None), function)
        if _sg_store_set_tick is not None:
            self._set_tick(_Tick(None), TICK_EVERY)

    def _handle(self, function: Optional[str] = None) -> Any:
        if not self._pointer:
            raise InvalidArgumentError(EINVAL, function, "the %s is closed" % self._kind)
        return self._pointer

    def _checked(self, status: int, function: str) -> int:
        """The status of a call, or its error raised (Store: what a game's function raised)."""
        return _check(status, function)

    def _run(self, method: str, cfunc: Any, function: str, *args: Any) -> int:
        """cfunc(handle, *args), the guard held (from inside a running call: the library's
        SG_EBUSY); its status, or its error raised."""
        if self._guard.held_here():
            return _check(cfunc(self._handle(function), *args), function)
        with self._hold(method):
            handle, tick = self._handle(function), self._tick
            if tick is None:
                return self._checked(cfunc(handle, *args), function)
            status = tick.run(lambda: int(cfunc(handle, *args)))
            return self._checked(status, function)

    def _set_tick(self, tick: _Tick, every: int) -> None:
        self._run("set_tick", _sg_store_set_tick, "sg_store_set_tick", tick.fn, tick.user, every)
        self._tick = tick   # kept while the store may call it

    def set_tick(self, fn: Optional[TickFn] = None, every: int = TICK_EVERY) -> None:
        """Call fn() every `every` positions a query enters: a true result stops it (StoppedError),
        an exception in fn is raised; what was proved is kept. None: no fn (Ctrl-C still stops)."""
        _need(_sg_store_set_tick, "a store's tick")
        if fn is not None and not callable(fn):
            raise TypeError("fn must be callable or None, not %s" % type(fn).__name__)
        n = _u64_arg(every, "every")
        if n == 0:
            raise ValueError("every must be positive (set_tick(None) drops the tick)")
        self._set_tick(_Tick(fn), n)

    def stats(self) -> Dict[str, int]:
        """{"nodes": searched, "hits": answered from the store, "positions", "bytes": held}"""
        st = _StoreStats()
        self._run("stats", _sg_store_stats, "sg_store_stats", ctypes.byref(st))
        return {"nodes": int(st.nodes), "hits": int(st.hits), "positions": int(st.positions),
                "bytes": int(st.bytes)}

    def save(self, path: PathArg) -> None:
        """Write the proven results to path (checksummed, replaced whole)."""
        self._run("save", _sg_store_save, "sg_store_save", os.fsencode(path))

    def load(self, path: PathArg) -> None:
        """Add what save() wrote for this game (CheckpointError: damaged, or another game's)."""
        try:
            self._run("load", _sg_store_load, "sg_store_load", os.fsencode(path))
        except CheckpointError as e:
            if e.status != EGAME:
                raise
            mine = self._game_name()
            try:
                theirs: Optional[str] = store_file_game(path)
            except Error:
                theirs = None
            if theirs is not None and theirs != mine:
                why = "%s is a file of %s, this store is of %s" % (
                    os.fsdecode(path), _game_said(theirs), _game_said(mine))
            else:
                why = "%s holds results that differ from this store's: a file of another " \
                      "game than %s" % (os.fsdecode(path), _game_said(mine))
            raise CheckpointError(EGAME, "sg_store_load", why) from None

    def _game_name(self) -> str:
        _need(_sg_store_game, "named stores")
        return bytes(_sg_store_game(self._handle("sg_store_game")) or b"").decode("ascii")

    @property
    def game(self) -> str:
        """The name of the store's game, written into its files."""
        return self._game_name()

    def close(self) -> None:
        """Free the store (idempotent; from its game's functions: when the query returns)."""
        if self._guard.held_here():
            self._release()   # the library frees it when the running call returns
        else:
            super().close()


_T = TypeVar("_T", bound=_Store)


def _query(kind: Type[_T], store: Optional[_T], call: Any, function: str, *args: Any) -> int:
    """call(handle, *args) on store, which must be a `kind`, or on one made for this call; its
    status, or its error raised."""
    if store is not None and not isinstance(store, kind):
        raise InvalidArgumentError(EINVAL, function, "the store is of another game: a "
                                   + kind.__name__ + " is needed")
    s = store if store is not None else kind()
    try:
        return s._run(function[3:], call, function, *args)
    finally:
        if store is None:
            s.close()
