"""Games whose positions are byte strings (graphs, boards, strings), compared exactly:
values, outcomes of G + *k by search with nimber pruning, winning moves, components and
canonical forms (sg_store_*, sg_struct_selftest; man page sg_store(3), guide
docs/structured.md).

A game is given by functions over `bytes`:

    options(pos)    the options of pos: each a bytes (one position) or a tuple or list of
                    bytes (a sum of positions; () is the empty sum, of value 0)
    split(pos)      None, or the independent components of pos (an iterable of bytes)
    canonical(pos)  None, or the representative (bytes) of pos's class under the symmetries

    >>> def options(row):     # Kayles on a row of pins "x", gaps "."
    ...     return [row[:i] + b"." * k + row[i + k:] for k in (1, 2)
    ...             for i in range(len(row) - k + 1) if b"." not in row[i:i + k]]
    >>> def split(row):
    ...     return [r for r in row.split(b".") if r]
    >>> with Store(options, split) as s:
    ...     s.value(b"xxxxxxx"), s.outcome(b"xxxx.xxx"), s.winning_move(b"xxxxxxx")
    (2, 'N', Move(option=3, heap=None))

Calls go through ctypes; an exception raised by one of the game's functions stops the query
and is raised again when it returns.
"""

from __future__ import annotations

import ctypes
from typing import Any, Callable, Dict, Iterable, List, NamedTuple, Optional, Sequence, Tuple
from typing import Union

from ._brief import _brief
from ._core import _check, _need
from ._lib import (_LIE_KINDS, _PARTS_CB, _SIZE_MAX, _SelftestReport, _StructRules, _U32_MAX,
                   _int, _size, _sg_parts_add, _sg_parts_end, _sg_store_create, _sg_store_outcome,
                   _sg_store_set_game, _sg_store_value, _sg_store_winning_move,
                   _sg_struct_selftest)
from ._store import GAME_MAX, _Store, store_file_game

__all__ = ["Store", "Move", "selftest", "store_file_game", "LIES"]

#: An option as options() reports it: one position, or a sum of positions.
Option = Union[bytes, Sequence[bytes]]
OptionsFn = Callable[[bytes], Iterable[Option]]
SplitFn = Callable[[bytes], Iterable[bytes]]
CanonicalFn = Callable[[bytes], bytes]

#: The kinds of lie selftest() reports, in the order of SG_LIE_*.
LIES = ("unstable", "idempotent", "canonical", "split", "self", "sink")


@_brief
class Move(NamedTuple):
    """A winning move of pos + *k: option = the index of pos's option in the order options()
    gives them, or heap = the size the heap *k is moved to (the other is None)."""
    option: Optional[int]
    heap: Optional[int]


def _bytes(x: Any, what: str) -> bytes:
    if isinstance(x, (bytes, bytearray, memoryview)):
        return bytes(x)
    raise TypeError("%s must be bytes, not %s" % (what, type(x).__name__))


class _Callbacks:
    """The three C callbacks of a game written in Python; the first exception one raised is
    kept (the callback returns 1, so the query stops with SG_ESTOP) for the caller to raise."""

    def __init__(self, options: OptionsFn, split: Optional[SplitFn],
                 canonical: Optional[CanonicalFn]) -> None:
        self.error: Optional[BaseException] = None
        self.rules = _StructRules()
        self._fns = (options, split, canonical)
        self._cbs = [_PARTS_CB(self._options)]
        self.rules.options = self._cbs[0]
        if split is not None:
            self._cbs.append(_PARTS_CB(self._split))
            self.rules.split = self._cbs[-1]
        if canonical is not None:
            self._cbs.append(_PARTS_CB(self._canonical))
            self.rules.canonical = self._cbs[-1]

    def _call(self, body: Callable[[bytes, Any], None], pos: Any, n: int, out: Any) -> int:
        if self.error is not None:
            return 1
        try:
            body(ctypes.string_at(pos, n) if n else b"", out)
            return 0
        except BaseException as e:   # raised again by the query (KeyboardInterrupt too)
            self.error = e
            return 1

    @staticmethod
    def _add(out: Any, part: Any, what: str) -> None:
        b = _bytes(part, what)
        _sg_parts_add(out, b, len(b))

    def _options_body(self, pos: bytes, out: Any) -> None:
        for opt in self._fns[0](pos):
            if isinstance(opt, (bytes, bytearray, memoryview)):
                self._add(out, opt, "an option")
            else:
                for part in opt:
                    self._add(out, part, "a part of an option")
            _sg_parts_end(out)

    def _split_body(self, pos: bytes, out: Any) -> None:
        fn = self._fns[1]
        assert fn is not None
        for part in fn(pos):
            self._add(out, part, "a component")

    def _canonical_body(self, pos: bytes, out: Any) -> None:
        fn = self._fns[2]
        assert fn is not None
        self._add(out, fn(pos), "a canonical form")

    def _options(self, user: Any, pos: Any, n: int, out: Any) -> int:
        return self._call(self._options_body, pos, n, out)

    def _split(self, user: Any, pos: Any, n: int, out: Any) -> int:
        return self._call(self._split_body, pos, n, out)

    def _canonical(self, user: Any, pos: Any, n: int, out: Any) -> int:
        return self._call(self._canonical_body, pos, n, out)

    def check(self, status: int, function: str) -> int:
        """Raise what a callback raised during the call, else the status's error."""
        e, self.error = self.error, None
        if e is not None:
            raise e
        return _check(status, function)


def _k_arg(k: Any) -> int:
    n = int(k)
    if not 0 <= n <= _U32_MAX:
        raise ValueError("k must be in [0, 2^32), not %d" % n)
    return n


class Store(_Store):
    """Values and outcomes of one structured game, kept by canonical component (sg_store_*).

        s = Store(options, split=None, canonical=None, max_bytes=0)
        s.value(pos)                 # the Sprague-Grundy value
        s.outcome(pos, k=0)          # "N" or "P" for pos + *k; s.wins(pos, k) is True for N
        s.winning_move(pos, k=0)     # Move(option=i, heap=None), Move(None, j), or None for P
        s.stats()                    # {"nodes", "hits", "positions", "bytes"}
        s.set_tick(fn, every=4096)   # fn() every so many positions; True stops (StoppedError)
        s.save(path), s.load(path), s.close()
        s.game                       # the game's name ("" for none): Store(..., game="kayles/1")

    Name the game (its rule's version, and whatever else changes the meaning of the bytes) and
    save() writes the name into the file, and load() refuses a file of another name, or of
    none, with CheckpointError: the error names both games (store_file_game(path) reads a
    file's). An unnamed store refuses only a file whose results contradict its own.

    Calls take turns across threads; a call from inside the game's own functions raises
    BusyError."""

    def __init__(self, options: OptionsFn, split: Optional[SplitFn] = None,
                 canonical: Optional[CanonicalFn] = None, max_bytes: int = 0,
                 game: Optional[str] = None) -> None:
        _need(_sg_store_create, "structured positions")
        name = _game_arg(game)
        self._cb = _Callbacks(options, split, canonical)
        self._open(_sg_store_create, "sg_store_create", max_bytes, ctypes.byref(self._cb.rules),
                   None)
        if name:
            self._set_game(name)

    def _checked(self, status: int, function: str) -> int:
        return self._cb.check(status, function)

    def value(self, pos: bytes) -> int:
        """SG(pos): the XOR of its components' values."""
        b = _bytes(pos, "pos")
        v = ctypes.c_uint32()
        self._run("value", _sg_store_value, "sg_store_value", b, len(b), ctypes.byref(v))
        return int(v.value)

    def wins(self, pos: bytes, k: int = 0) -> bool:
        """True when the player to move wins pos + *k (N), by search with nimber pruning."""
        b = _bytes(pos, "pos")
        w = _int()
        self._run("wins", _sg_store_outcome, "sg_store_outcome", b, len(b), _k_arg(k),
                  ctypes.byref(w))
        return bool(w.value)

    def outcome(self, pos: bytes, k: int = 0) -> str:
        """ "N" or "P" for pos + *k."""
        return "N" if self.wins(pos, k) else "P"

    def winning_move(self, pos: bytes, k: int = 0) -> Optional[Move]:
        """A move of pos + *k to a P-position, or None when pos + *k is a P-position."""
        b = _bytes(pos, "pos")
        opt, heap = _size(), ctypes.c_uint32()
        if self._run("winning_move", _sg_store_winning_move, "sg_store_winning_move", b, len(b),
                     _k_arg(k), ctypes.byref(opt), ctypes.byref(heap)) == 0:
            return None
        if opt.value == _SIZE_MAX:
            return Move(None, int(heap.value))
        return Move(int(opt.value), None)

    @property
    def game(self) -> str:
        """The name of the store's game ("" for none), written into its files by save()."""
        return self._game_name()

    @game.setter
    def game(self, name: str) -> None:
        self._set_game(_game_arg(name))

    def _set_game(self, name: bytes) -> None:
        _need(_sg_store_set_game, "named stores")
        self._run("game", _sg_store_set_game, "sg_store_set_game", name)


def _game_arg(name: Optional[str]) -> bytes:
    """A game's name as sg_store_set_game takes it: None or "" for none; else 1 to GAME_MAX
    printable ASCII characters."""
    if name is None:
        return b""
    if not isinstance(name, str):
        raise TypeError("game must be a str, not %s" % type(name).__name__)
    if len(name) > GAME_MAX or any(not " " <= c <= "~" for c in name):
        raise ValueError("game must be at most %d printable ASCII characters, not %r"
                         % (GAME_MAX, name))
    return name.encode("ascii")


def selftest(options: OptionsFn, samples: Iterable[bytes], split: Optional[SplitFn] = None,
             canonical: Optional[CanonicalFn] = None,
             brute_limit: int = 10000) -> Dict[str, Any]:
    """Check a game's functions on sample positions (sg_struct_selftest): returns
    {"samples", "brute", "skipped", "lies"}, lies mapping each kind of LIES that some sample
    shows to (how many samples show it, the index of the first)."""
    _need(_sg_struct_selftest, "structured positions")
    cb = _Callbacks(options, split, canonical)
    items: List[bytes] = [_bytes(p, "a sample") for p in samples]
    n = len(items)
    ptrs = (ctypes.c_char_p * max(n, 1))(*items)
    lens = (ctypes.c_size_t * max(n, 1))(*[len(p) for p in items])
    r = _SelftestReport()
    cb.check(_sg_struct_selftest(ctypes.byref(cb.rules), None, ptrs, lens, n, int(brute_limit),
                                 ctypes.byref(r)), "sg_struct_selftest")
    lies: Dict[str, Tuple[int, int]] = {}
    for i in range(_LIE_KINDS):
        if r.lies[i]:
            lies[LIES[i]] = (int(r.lies[i]), int(r.first[i]))
    return {"samples": int(r.samples), "brute": int(r.brute), "skipped": int(r.skipped),
            "lies": lies}
