"""A structured Store names its game (libsg.structured: Store(game=...), Store.game,
store_file_game): the name goes into the files save() writes, and load() refuses a file of
another game with an error that names both."""

import functools
import os
from typing import Callable, List

import pytest

import libsg
from libsg.structured import Store, store_file_game


def kayles_options(row: bytes) -> List[bytes]:
    """Kayles on a row of pins (x) and gaps (.): knock down one pin or two adjacent ones."""
    return [row[:i] + b"." * k + row[i + k:] for k in (1, 2)
            for i in range(len(row) - k + 1) if b"." not in row[i:i + k]]


def kayles_split(row: bytes) -> List[bytes]:
    return [r for r in row.split(b".") if r]


def dawson_options(row: bytes) -> List[bytes]:
    """Node Kayles on a path (x a vertex): take a vertex and its neighbours."""
    out = []
    for i in range(len(row)):
        if row[i:i + 1] == b"x":
            lo, hi = max(0, i - 1), min(len(row), i + 2)
            out.append(row[:lo] + b"." * (hi - lo) + row[hi:])
    return out


def brute(options: Callable[[bytes], List[bytes]], pos: bytes) -> int:
    """The value by a plain mex over whole positions."""
    @functools.lru_cache(maxsize=None)
    def g(p: bytes) -> int:
        seen = {g(o) for o in options(p)}
        return next(v for v in range(len(seen) + 1) if v not in seen)
    return g(pos)


def test_game_is_named_and_renamed() -> None:
    # proves: the name given to the constructor is the store's, a new one replaces it, and
    # "" or None takes it away
    with Store(kayles_options, kayles_split) as s:
        assert s.game == ""
    with Store(kayles_options, kayles_split, game="kayles/1") as s:
        assert s.game == "kayles/1"
        s.game = "kayles/2 rows"
        assert s.game == "kayles/2 rows"
        s.game = ""
        assert s.game == ""
    with Store(kayles_options, game=None) as s:
        assert s.game == ""


def test_bad_names_are_refused() -> None:
    # proves: a name the library would refuse is refused before any store is made, with a
    # ValueError (or TypeError for a name that is not a str), and a named store keeps its name
    with pytest.raises(ValueError):
        Store(kayles_options, game="x" * 256)
    with pytest.raises(ValueError):
        Store(kayles_options, game="k\u00e4yles")
    with pytest.raises(ValueError):
        Store(kayles_options, game="tab\there")
    with pytest.raises(TypeError):
        Store(kayles_options, game=1)  # type: ignore[arg-type]
    with Store(kayles_options, game="x" * 255) as s:
        assert s.game == "x" * 255
        with pytest.raises(ValueError):
            s.game = "\n"
        assert s.game == "x" * 255


def test_file_carries_the_name(tmp_path: "os.PathLike[str]") -> None:
    # proves: save() writes the store's name, store_file_game reads it back ("" for none), and
    # a store of the same name loads the file and answers from it with no rule call
    named = os.path.join(os.fspath(tmp_path), "named.store")
    plain = os.path.join(os.fspath(tmp_path), "plain.store")
    with Store(kayles_options, kayles_split, game="kayles/1") as s:
        assert s.value(b"x" * 9) == brute(kayles_options, b"x" * 9)
        s.save(named)
    with Store(kayles_options, kayles_split) as s:
        s.value(b"x" * 9)
        s.save(plain)
    assert store_file_game(named) == "kayles/1"
    assert store_file_game(plain) == ""
    calls = []

    def counted(row: bytes) -> List[bytes]:
        calls.append(row)
        return kayles_options(row)

    with Store(counted, kayles_split, game="kayles/1") as t:
        t.load(named)
        assert t.value(b"x" * 9) == brute(kayles_options, b"x" * 9)
        assert calls == []


def test_file_of_another_game_is_refused(tmp_path: "os.PathLike[str]") -> None:
    # proves: load() refuses a file that names another game, one that names a game when the
    # store has none, and one that names none when the store has one, with CheckpointError
    # (SG_EGAME) whose message names the file's game and the store's; the store then still
    # answers rightly
    path = os.path.join(os.fspath(tmp_path), "kayles.store")
    plain = os.path.join(os.fspath(tmp_path), "plain.store")
    with Store(kayles_options, kayles_split, game="kayles/1") as s:
        s.value(b"x" * 8)
        s.save(path)
    with Store(kayles_options, kayles_split) as s:
        s.value(b"x" * 8)
        s.save(plain)
    with Store(dawson_options, kayles_split, game="dawson/1") as d:
        with pytest.raises(libsg.CheckpointError) as e:
            d.load(path)
        assert e.value.status == libsg.EGAME
        assert "'kayles/1'" in str(e.value) and "'dawson/1'" in str(e.value)
        with pytest.raises(libsg.CheckpointError) as e:
            d.load(plain)
        assert "no named game" in str(e.value) and "'dawson/1'" in str(e.value)
        assert d.value(b"x" * 8) == brute(dawson_options, b"x" * 8)
        assert d.value(b"x" * 5) == brute(dawson_options, b"x" * 5)
    with Store(kayles_options, kayles_split) as u:
        with pytest.raises(libsg.CheckpointError) as e:
            u.load(path)
        assert "'kayles/1'" in str(e.value) and "no named game" in str(e.value)
        assert u.value(b"x" * 8) == brute(kayles_options, b"x" * 8)


def test_contradicting_results_are_named(tmp_path: "os.PathLike[str]") -> None:
    # proves: two unnamed stores of different games are told apart by their results only, and
    # the error then says the file's results differ from the store's
    path = os.path.join(os.fspath(tmp_path), "kayles.store")
    with Store(kayles_options) as s:
        assert s.value(b"xxx") == brute(kayles_options, b"xxx") == 3
        s.save(path)
    with Store(dawson_options) as d:
        assert d.value(b"xxx") == brute(dawson_options, b"xxx") == 2
        with pytest.raises(libsg.CheckpointError) as e:
            d.load(path)
        assert e.value.status == libsg.EGAME
        assert "differ" in str(e.value)


def test_store_file_game_errors(tmp_path: "os.PathLike[str]") -> None:
    # proves: a missing file is a FileError, a file that is not a store a CheckpointError
    with pytest.raises(libsg.FileError):
        store_file_game(os.path.join(os.fspath(tmp_path), "none"))
    junk = os.path.join(os.fspath(tmp_path), "junk")
    with open(junk, "wb") as f:
        f.write(b"not a store file at all, not at all" * 4)
    with pytest.raises(libsg.CheckpointError):
        store_file_game(junk)
