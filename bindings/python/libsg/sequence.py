"""Long runs: nim-sequences too long for a table, extended on demand and checkpointed.

    s = Sequence.octal("0.6")       # or Sequence.grundy_game(), Sequence.load(path)
    s.extend(10**7, progress)       # progress(done, total) -> True stops it
    s[n], s.read(start, stop), s.save(path), s.set_window(size), s.stats()

Values are held in 1, 2 or 4 bytes each; Ctrl-C stops extend() within a progress interval.
"""

from __future__ import annotations

import ctypes
import os
from array import array
from typing import Any, Callable, Iterator, List, NamedTuple, Optional, Tuple, Union

from ._lib import (_PROGRESS, _SEQUENCE_GAME_MAX, _SeqStats, _has_sequence, _p, _sg_seq_count,
                   _sg_seq_create, _sg_seq_create_octal, _sg_seq_extend, _sg_seq_free, _sg_seq_game,
                   _sg_seq_held, _sg_seq_histogram, _sg_seq_load, _sg_seq_load_octal, _sg_seq_rare,
                   _sg_seq_read, _sg_seq_save, _sg_seq_set_threads, _sg_seq_set_window,
                   _sg_seq_stats, _sg_seq_width, _size, _u64)
from ._brief import _brief
from ._core import _Handle, _Octal, _check, _index, _need, _new_table, _ptr, _u64_arg
from ._rules import _c_callback, _run_c

__all__ = ["WINDOW_AUTO", "WINDOW_MIN", "SequenceStats", "Progress", "Sequence"]


#: Sequence.window: a window chosen by the run (SG_SEQUENCE_WINDOW_AUTO), the least one taken
WINDOW_AUTO = (1 << 64) - 1
WINDOW_MIN = 4096

@_brief
class SequenceStats(NamedTuple):
    """A snapshot of a sequence (sg_sequence_stats): hash is FNV-1a 64 of G(0 .. count-1), each
    value as 4 bytes, least significant first; rare lists (position, value) pairs."""
    n: int
    hash: int
    largest: int
    mask: int
    histogram: List[int]
    rare: List[Tuple[int, int]]

# ---- long runs -----------------------------------------------------------------------------

Progress = Callable[[int, int], Optional[bool]]


class Sequence(_Handle):
    """A nim-sequence too long for a table (sg_sequence_*): values in 1, 2 or 4 bytes each,
    extended on demand with a progress callback, saved to and loaded from checkpoint files.
    Made by Sequence.grundy_game(), Sequence.octal(code) or Sequence.load(path); s[n], len(s)
    and iteration read it.

    Ctrl-C during extend() raises KeyboardInterrupt within about one progress interval (2**14
    values), keeping the values computed so far. Calls take turns across threads; a call from
    inside the progress callback raises BusyError."""

    _name, _kind, _free = "Sequence", "sequence", staticmethod(_sg_seq_free)
    _count = staticmethod(_sg_seq_count)

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
        return self.count

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
