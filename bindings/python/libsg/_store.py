"""The base of every store of structured positions (sg_store_t). Private.

_Store is the one class under structured.Store, boards.CramStore, boards.NodeKaylesBoardStore,
graphs.NodeKaylesStore and graphs.ArcKaylesStore: the handle and its guard (_core._Owned), the
memory cap (max_bytes, as sg_memory_t), stats(), save(), load() and the game's name. A subclass
names itself, opens its handle with _open(create, ...) and keeps only what differs (Store: the
game's functions written in Python, and a name the caller may set).

A call from inside a running one (the game's own functions, in Python) is not refused here but
by the library, which knows the store is busy: it returns SG_EBUSY and fails the running call
too; close() from there frees the store once that call returns (sg_store_free).
"""

from __future__ import annotations

import ctypes
import os
from typing import Any, Dict, Optional, Type, TypeVar, Union

from ._core import _Owned, _check, _need, _size_arg
from ._lib import (_Memory, _StoreStats, _p, _sg_store_file_game, _sg_store_free, _sg_store_game,
                   _sg_store_load, _sg_store_save, _sg_store_stats)
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
        _check(create(ctypes.byref(self._pointer), *args,
                      ctypes.byref(memory) if memory is not None else None), function)

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
            return self._checked(cfunc(self._handle(function), *args), function)

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
