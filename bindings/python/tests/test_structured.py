"""Structured positions (libsg.structured): values, outcomes and winning moves of games over
bytes, each against a plain mex over whole positions written here; the self-test; errors from
the game's functions; save and load."""

import functools
import os
import random
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Union

import pytest

import libsg
from libsg.structured import Move, Store, selftest

Option = Union[bytes, Sequence[bytes]]


def kayles_options(row: bytes) -> List[bytes]:
    """Kayles on a row of pins (x) and gaps (.): knock down one pin or two adjacent ones."""
    return [row[:i] + b"." * k + row[i + k:] for k in (1, 2)
            for i in range(len(row) - k + 1) if b"." not in row[i:i + k]]


def kayles_split(row: bytes) -> List[bytes]:
    return [r for r in row.split(b".") if r]


def kayles_canonical(row: bytes) -> bytes:
    return min(row, row[::-1])


@functools.lru_cache(maxsize=None)
def brute_kayles(row: bytes) -> int:
    """mex over the whole rows, no split, no symmetry."""
    seen = {brute_kayles(o) for o in kayles_options(row)}
    v = 0
    while v in seen:
        v += 1
    return v


def random_row(rng: random.Random) -> bytes:
    return bytes(rng.choice(b"xxx.") for _ in range(rng.randrange(0, 11)))


def test_kayles_values_and_outcomes() -> None:
    # proves: values, outcomes of G + *k and winning moves of Kayles rows (split at gaps,
    # canonical form the smaller of the row and its mirror) agree with the plain mex
    rng = random.Random(5)
    with Store(kayles_options, kayles_split, kayles_canonical) as s:
        for _ in range(60):
            row = random_row(rng)
            want = brute_kayles(row)
            assert s.value(row) == want
            for k in range(4):
                with Store(kayles_options, kayles_split) as fresh:
                    assert fresh.outcome(row, k) == ("P" if want == k else "N")
                assert s.wins(row, k) == (want != k)
                move = s.winning_move(row, k)
                if want == k:
                    assert move is None
                    continue
                assert move is not None
                if move.option is not None:
                    opt = kayles_options(row)[move.option]
                    assert brute_kayles(opt) == k
                else:
                    assert move.heap is not None and move.heap < k and move.heap == want
    assert brute_kayles(b"xxxxxxx") == 2


def test_sums_in_options() -> None:
    # proves: an option given as a sum of parts (a tuple) has the XOR of their values; the
    # empty sum is 0
    def options(pos: bytes) -> List[Option]:
        n = len(pos)
        out: List[Option] = [(pos[:a], pos[:n - 1 - a]) for a in range(n) if a < n - 1 - a]
        out.append(())
        return out

    @functools.lru_cache(maxsize=None)
    def brute(n: int) -> int:
        seen = {brute(a) ^ brute(n - 1 - a) for a in range(n) if a < n - 1 - a} | {0}
        v = 0
        while v in seen:
            v += 1
        return v

    with Store(options) as s:
        for n in range(25):
            assert s.value(b"o" * n) == brute(n)


def test_stats_save_and_load(tmp_path: "os.PathLike[str]") -> None:
    # proves: a loaded store answers with no rule call, and another game's file is refused
    path = os.path.join(os.fspath(tmp_path), "kayles.store")
    calls = [0]

    def counted(row: bytes) -> List[bytes]:
        calls[0] += 1
        return kayles_options(row)

    kayles = libsg.octal_table("0.77", 41)   # Kayles is the octal game 0.77
    with Store(counted, kayles_split, kayles_canonical) as s:
        assert s.value(b"x" * 40) == kayles[40]
        st = s.stats()
        assert st["nodes"] == calls[0] > 0 and st["positions"] > 0 and st["bytes"] > 0
        s.save(path)
    calls[0] = 0
    with Store(counted, kayles_split, kayles_canonical) as t:
        t.load(path)
        assert t.value(b"x" * 40) == kayles[40]
        assert calls[0] == 0
    with Store(lambda row: [], kayles_split) as other:
        other.value(b"xxxxx")   # 0 here, not Kayles' 4
        with pytest.raises(libsg.CheckpointError):
            other.load(path)
    with open(path, "r+b") as f:
        f.seek(50)
        b = f.read(1)
        f.seek(50)
        f.write(bytes([b[0] ^ 1]))
    with Store(counted) as u:
        with pytest.raises(libsg.CheckpointError):
            u.load(path)
        with pytest.raises(libsg.FileError):
            u.load(os.path.join(os.fspath(tmp_path), "none"))


def test_errors_from_the_game() -> None:
    # proves: an exception in options() is raised by the query; a cycle is CycleError; a
    # query from inside the game's functions is BusyError; wrong types are TypeError; the
    # store stays usable after each
    class Boom(Exception):
        pass

    def boom(pos: bytes) -> List[Option]:
        if pos == b"bad":
            raise Boom("no")
        return [pos[1:]] if pos else []

    with Store(boom) as s:
        with pytest.raises(Boom):
            s.value(b"xxbad")
        assert s.value(b"abc") == 1
    with Store(lambda pos: [b"b" if pos == b"a" else b"a"]) as s:
        with pytest.raises(libsg.CycleError):
            s.value(b"a")
    holder: Dict[str, Store] = {}

    def reenter(pos: bytes) -> List[Option]:
        holder["s"].value(b"")
        return []

    with Store(reenter) as s:
        holder["s"] = s
        with pytest.raises(libsg.BusyError):
            s.value(b"x")
    with Store(lambda pos: ["text"]) as s:   # type: ignore[list-item]
        with pytest.raises(TypeError):
            s.value(b"x")
        with pytest.raises(TypeError):
            s.value("x")   # type: ignore[arg-type]
        with pytest.raises(ValueError):
            s.outcome(b"", -1)
    s.close()
    with pytest.raises(ValueError):
        s.value(b"")


def test_selftest_finds_lies() -> None:
    # proves: honest Kayles passes; a canonical form that loses the value, a split that loses
    # a component, and options that change between calls are each reported
    rng = random.Random(9)
    samples = [random_row(rng) for _ in range(30)]
    ok = selftest(kayles_options, samples, kayles_split, kayles_canonical)
    assert ok["lies"] == {} and ok["samples"] == 30 and ok["brute"] == 30

    def first(pred: Callable[[bytes], bool]) -> Optional[int]:
        return next((i for i, p in enumerate(samples) if pred(p)), None)

    bad = selftest(kayles_options, samples, kayles_split, lambda row: row[:-1] or row)
    lost = first(lambda p: brute_kayles(p[:-1] or p) != brute_kayles(p))
    assert lost is not None and bad["lies"]["canonical"][1] == lost
    bad = selftest(kayles_options, samples, lambda row: kayles_split(row)[1:])
    lost = first(lambda p: brute_kayles(p) != _xor(brute_kayles(r)
                                                     for r in kayles_split(p)[1:]))
    assert lost is not None and bad["lies"]["split"][1] == lost
    flip = [0]

    def unstable(row: bytes) -> List[bytes]:
        flip[0] += 1
        return kayles_options(row)[flip[0] % 2:]

    bad = selftest(unstable, samples)
    assert bad["lies"]["unstable"][1] == first(lambda p: len(kayles_options(p)) > 0)


def _xor(values: Iterable[int]) -> int:
    x = 0
    for v in values:
        x ^= v
    return x


def test_move_type() -> None:
    # proves: a winning move in the heap is Move(None, j)
    with Store(kayles_options, kayles_split) as s:
        assert s.winning_move(b"xx", 5) == Move(None, 2)
        assert s.winning_move(b"", 0) is None
        assert s.winning_move(b"", 3) == Move(None, 0)
