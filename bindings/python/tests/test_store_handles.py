"""The stores of the board and graph games (CramStore, NodeKaylesBoardStore, NodeKaylesStore,
ArcKaylesStore) have what structured.Store has: a memory cap, stats(), save() and load() in the
checksummed file style, the closed-store error; values checked against plain searches here."""

import functools
import itertools
import os
import threading
from typing import Callable, Dict, List, Optional, Sequence, Set, Tuple, Type, Union

import pytest

import libsg
from libsg.structured import Store
from brute_force import brute_mex as mex
from test_boards import taken_by

BoardStore = Union[libsg.CramStore, libsg.NodeKaylesBoardStore]
GraphStore = Union[libsg.NodeKaylesStore, libsg.ArcKaylesStore]


def board_brute(game: str, rows: int, cols: int, blocked: Sequence[int]) -> int:
    """The value by a plain recursive mex over the bitmask of free cells: Cram puts a domino
    on two free neighbours; Node Kayles takes a free cell and its free 4-neighbours."""
    n = rows * cols

    @functools.lru_cache(maxsize=None)
    def g(free: int) -> int:
        opts: Set[int] = set()
        for i in range(n):
            if not free >> i & 1:
                continue
            if game == "node-kayles":
                opts.add(g(free & ~taken_by(rows, cols, i)))
                continue
            if i % cols + 1 < cols and free >> (i + 1) & 1:
                opts.add(g(free & ~(3 << i)))
            if i + cols < n and free >> (i + cols) & 1:
                opts.add(g(free & ~(1 << i | 1 << (i + cols))))
        return mex(opts)
    return g(((1 << n) - 1) & ~sum(1 << b for b in blocked))


BOARDS: List[Tuple[str, Type[BoardStore], Callable[..., int]]] = [
    ("cram", libsg.CramStore, libsg.cram_value),
    ("node-kayles", libsg.NodeKaylesBoardStore, libsg.node_kayles_board_value),
]
# 3 x 3 whole, 2 x 4 with a blocked cell, and a board for the cap and the files (Cram's regions
# of a 4 x 4 board need about 20 kB, Node Kayles' of a 4 x 5 about 28 kB)
SMALL = [(3, 3, ()), (2, 4, (5,)), (3, 4, (0, 7))]
LARGE = {"cram": (4, 4), "node-kayles": (4, 5)}


@pytest.mark.parametrize("game,cls,value", BOARDS)
def test_board_store_values_and_stats(game: str, cls: Type[BoardStore],
                                      value: Callable[..., int]) -> None:
    # proves a board store made with max_bytes answers as the plain search does, and its
    # stats() has the keys of a Store's, counting the searched positions
    with cls(max_bytes=1 << 24) as s, Store(lambda p: []) as plain:
        assert set(s.stats()) == set(plain.stats()) == {"nodes", "hits", "positions", "bytes"}
        for rows, cols, blocked in SMALL:
            assert value(rows, cols, blocked, s) == board_brute(game, rows, cols, blocked)
        st = s.stats()
        assert st["nodes"] > 0 and st["positions"] > 0 and 0 < st["bytes"] <= 1 << 24


@pytest.mark.parametrize("game,cls,value", BOARDS)
def test_board_store_cap(game: str, cls: Type[BoardStore], value: Callable[..., int]) -> None:
    # proves max_bytes reaches the library: a cap too small for the store raises
    # OutOfMemoryError (SG_ENOMEM) from the constructor, one too small for a board raises it
    # from the query, and the store then still answers a small board, counts, and closes
    with pytest.raises(libsg.OutOfMemoryError) as e:
        cls(max_bytes=1)
    assert e.value.status == libsg.ENOMEM and e.value.function is not None
    with pytest.raises(ValueError):
        cls(max_bytes=-1)
    fresh = cls()
    cap = fresh.stats()["bytes"] + 8192   # a 2 x 3 board needs about 1 kB more
    fresh.close()
    s = cls(max_bytes=cap)
    rows, cols = LARGE[game]
    with pytest.raises(libsg.OutOfMemoryError) as e:
        value(rows, cols, (), s)
    assert e.value.status == libsg.ENOMEM and e.value.function == "sg_" + value.__name__
    assert s.stats()["bytes"] <= cap
    assert value(2, 3, (), s) == board_brute(game, 2, 3, ())
    s.close()
    s.close()
    with pytest.raises(libsg.InvalidArgumentError, match="closed"):
        s.stats()


@pytest.mark.parametrize("game,cls,value", BOARDS)
def test_board_store_save_and_load(tmp_path: "os.PathLike[str]", game: str,
                                   cls: Type[BoardStore], value: Callable[..., int]) -> None:
    # proves save() then load() into a fresh store gives the same value with fewer positions
    # searched (none, for the board saved), and that a larger board then searches less than
    # it does from nothing
    path = os.path.join(os.fspath(tmp_path), game + ".store")
    rows, cols = LARGE[game]
    want = board_brute(game, 3, 3, ())
    with cls() as s:
        assert value(3, 3, (), s) == want
        first = s.stats()["nodes"]
        s.save(path)
    with cls() as s:
        value(rows, cols, (), s)
        from_nothing = s.stats()["nodes"]
    with cls() as t:
        t.load(path)
        assert t.stats()["positions"] > 0 and t.stats()["nodes"] == 0
        assert value(3, 3, (), t) == want
        assert t.stats()["nodes"] < first and t.stats()["nodes"] == 0
        value(rows, cols, (), t)
        assert t.stats()["nodes"] < from_nothing


AnyStore = Union[BoardStore, GraphStore]
PATH4 = [(0, 1), (1, 2), (2, 3)]
# each store class, and a query that fills one
FILLS: List[Tuple[Callable[[], AnyStore], Callable[[AnyStore], object]]] = [
    (libsg.CramStore, lambda s: libsg.cram_value(3, 3, (), s)),   # type: ignore[arg-type]
    (libsg.NodeKaylesBoardStore,
     lambda s: libsg.node_kayles_board_value(3, 3, (), s)),   # type: ignore[arg-type]
    (libsg.NodeKaylesStore, lambda s: libsg.node_kayles(4, PATH4, s)),   # type: ignore[arg-type]
    (libsg.ArcKaylesStore, lambda s: libsg.arc_kayles(4, PATH4, s)),   # type: ignore[arg-type]
]


def test_file_of_another_game_is_refused(tmp_path: "os.PathLike[str]") -> None:
    # proves a file of Cram loaded into a Node Kayles board store (and each other pair of the
    # four games) raises CheckpointError (SG_EGAME) from sg_store_load naming both games, adds
    # nothing, and the store still answers rightly; a file of its own game loads
    files: List[Tuple[str, str]] = []
    for i, (make, fill) in enumerate(FILLS):
        path = os.path.join(os.fspath(tmp_path), "%d.store" % i)
        with make() as s:
            fill(s)
            s.save(path)
            files.append((s.game, path))
    assert len({game for game, _ in files}) == 4
    for (make, fill), (mine, own) in zip(FILLS, files):
        for theirs, path in files:
            with make() as s:
                assert s.game == mine
                if path == own:
                    s.load(path)
                    assert s.stats()["positions"] > 0
                    continue
                with pytest.raises(libsg.CheckpointError) as e:
                    s.load(path)
                assert e.value.status == libsg.EGAME and e.value.function == "sg_store_load"
                assert repr(mine) in str(e.value) and repr(theirs) in str(e.value)
                assert s.stats()["positions"] == 0
    with libsg.NodeKaylesBoardStore() as nk:
        with pytest.raises(libsg.CheckpointError):
            nk.load(files[0][1])
        assert libsg.node_kayles_board_value(3, 3, (), nk) == board_brute("node-kayles", 3, 3, ())


@pytest.mark.parametrize("game,cls,value", BOARDS)
def test_damaged_file_is_refused(tmp_path: "os.PathLike[str]", game: str, cls: Type[BoardStore],
                                 value: Callable[..., int]) -> None:
    # proves a truncated, a corrupted and an empty file each raise CheckpointError (SG_EFORMAT)
    # and add nothing, a missing one FileError, and the store then answers rightly
    path = os.path.join(os.fspath(tmp_path), "whole")
    with cls() as s:
        value(3, 4, (), s)
        s.save(path)
    with open(path, "rb") as f:
        whole = f.read()
    middle = len(whole) // 2
    damaged = {"truncated": whole[:middle], "corrupted":
               whole[:middle] + bytes([whole[middle] ^ 0x10]) + whole[middle + 1:],
               "empty": b"", "cut by one": whole[:-1]}
    for name, data in damaged.items():
        bad = os.path.join(os.fspath(tmp_path), name)
        with open(bad, "wb") as f:
            f.write(data)
        with cls() as t:
            with pytest.raises(libsg.CheckpointError) as e:
                t.load(bad)
            assert e.value.status == libsg.EFORMAT, name
            assert t.stats()["positions"] == 0, name
            assert value(2, 4, (5,), t) == board_brute(game, 2, 4, (5,))
    with cls() as t:
        with pytest.raises(libsg.FileError):
            t.load(os.path.join(os.fspath(tmp_path), "none"))


def graph_brute(n: int, edges: List[Tuple[int, int]], arc: bool) -> int:
    """Node Kayles (take a vertex and its neighbours) or Arc Kayles (take an edge's two ends)
    by a plain mex over the sets of vertices left."""
    adj: Dict[int, Set[int]] = {v: set() for v in range(n)}
    for u, v in edges:
        adj[u].add(v)
        adj[v].add(u)

    @functools.lru_cache(maxsize=None)
    def g(left: frozenset) -> int:   # type: ignore[type-arg]
        if arc:
            return mex({g(left - {u, v}) for u in left for v in adj[u] & left if u < v})
        return mex({g(left - adj[v] - {v}) for v in left})
    return g(frozenset(range(n)))


def cycle(n: int) -> List[Tuple[int, int]]:
    return [(i, (i + 1) % n) for i in range(n)]


def grid(rows: int, cols: int) -> List[Tuple[int, int]]:
    return [(r * cols + c, r * cols + c + 1) for r in range(rows) for c in range(cols - 1)] + \
        [(r * cols + c, (r + 1) * cols + c) for r in range(rows - 1) for c in range(cols)]


GRAPHS: List[Tuple[Type[GraphStore], Callable[..., int], bool]] = [
    (libsg.NodeKaylesStore, libsg.node_kayles, False),
    (libsg.ArcKaylesStore, libsg.arc_kayles, True),
]


@pytest.mark.parametrize("cls,value,arc", GRAPHS)
def test_graph_store(tmp_path: "os.PathLike[str]", cls: Type[GraphStore],
                     value: Callable[..., int], arc: bool) -> None:
    # proves a graph store keeps what a query learns (values as the plain search's, in each
    # canonical form), saves and loads it (the same value, no position searched), takes a
    # cap (OutOfMemoryError), and is refused by the other game's queries
    path = os.path.join(os.fspath(tmp_path), "g.store")
    forms = [libsg.GRAPH_CANONICAL, libsg.GRAPH_BUILTIN]
    forms += [libsg.GRAPH_NAUTY] if libsg.has_nauty() else []
    petersen = [(i, (i + 1) % 5) for i in range(5)] + [(i, i + 5) for i in range(5)] + \
        [(5 + i, 5 + (i + 2) % 5) for i in range(5)]
    want = graph_brute(10, petersen, arc)
    for form in forms:
        with cls(form=form) as s:
            assert value(10, petersen, s) == want
            assert value(9, cycle(9), s) == graph_brute(9, cycle(9), arc)
            assert s.stats()["nodes"] > 0
            s.save(path)
        with cls(form=form) as t:
            t.load(path)
            assert value(10, petersen, t) == want and t.stats()["nodes"] == 0
    with pytest.raises(libsg.InvalidArgumentError):
        cls(form=99)
    fresh = cls()
    cap = fresh.stats()["bytes"] + 8192   # the 5 x 5 grid needs about 10 kB more
    s = cls(max_bytes=cap)
    fresh.close()
    with pytest.raises(libsg.OutOfMemoryError):
        value(25, grid(5, 5), s)
    assert s.stats()["bytes"] <= cap
    assert value(5, grid(1, 5), s) == graph_brute(5, grid(1, 5), arc)
    s.close()
    with pytest.raises(libsg.InvalidArgumentError, match="closed"):
        value(2, [(0, 1)], s)
    other: Type[GraphStore] = libsg.ArcKaylesStore if cls is libsg.NodeKaylesStore else \
        libsg.NodeKaylesStore
    with other() as o, pytest.raises(libsg.InvalidArgumentError):
        value(2, [(0, 1)], o)


def test_graph_store_outcome_and_moves() -> None:
    # proves the outcome and winning-move queries use the store given (its nodes grow, then a
    # second asking reads no more than the position's own options) and answer as the plain
    # search says
    edges = [(a, b) for a, b in itertools.combinations(range(8), 2) if (a * b + a + b) % 3]
    nk, ak = graph_brute(8, edges, False), graph_brute(8, edges, True)
    with libsg.NodeKaylesStore() as s:
        assert libsg.node_kayles_outcome(8, edges, nk, s) is False
        assert libsg.node_kayles_outcome(8, edges, nk ^ 1, s) is True
        v: Optional[int] = libsg.node_kayles_winning_move(8, edges, s)
        assert (v is None) == (nk == 0)
        searched = s.stats()["nodes"]
        assert searched > 0
        assert libsg.node_kayles_winning_move(8, edges, s) == v
        assert s.stats()["nodes"] <= searched + 1   # the position's own options, read again
    with libsg.ArcKaylesStore() as a:
        assert libsg.arc_kayles_outcome(8, edges, ak, a) is False
        e = libsg.arc_kayles_winning_move(8, edges, a)
        assert (e is None) == (ak == 0) and (e is None or e in edges)
        assert a.stats()["nodes"] > 0


def test_store_closed_from_its_own_game() -> None:
    # proves close() called from inside a Store's own options() frees the store when the
    # query returns, which raises BusyError; the store is then closed
    holder: Dict[str, Store] = {}

    def closing(pos: bytes) -> List[bytes]:
        holder["s"].close()
        return [pos[1:]] if pos else []

    s = Store(closing)
    holder["s"] = s
    with pytest.raises(libsg.BusyError):
        s.value(b"xx")
    with pytest.raises(ValueError, match="closed"):
        s.value(b"")
    s.close()


def test_max_bytes_is_checked() -> None:
    # proves a negative max_bytes, or one beyond size_t, is refused before any store is made
    # (Store passed it to ctypes, which wrapped -1 into a cap of 2**64 - 1), and that a cap
    # reaches a Store's own game too: OutOfMemoryError, then smaller questions still answered
    for bad in (-1, 1 << 64):
        with pytest.raises((ValueError, OverflowError)):
            Store(lambda p: [], max_bytes=bad)
        with pytest.raises((ValueError, OverflowError)):
            libsg.NodeKaylesStore(max_bytes=bad)

    def chain(pos: bytes) -> List[bytes]:
        return [pos[:-1]] if pos else []
    with Store(chain) as fresh:
        cap = fresh.stats()["bytes"] + 4096
    with Store(chain, max_bytes=cap) as s:
        with pytest.raises(libsg.OutOfMemoryError):
            s.value(b"x" * 2000)
        assert s.value(b"xxx") == 1 and s.stats()["bytes"] <= cap


def test_board_store_shared_by_threads() -> None:
    # proves queries from several threads on one board store take turns (the library's store
    # is not thread-safe: it refuses overlapping calls): every answer is the plain search's
    boards = [(r, c, b) for r in (2, 3) for c in (3, 4) for b in ((), (1,), (0, 5))]
    want = {x: board_brute("cram", *x) for x in boards}
    got: List[Tuple[Tuple[int, int, Tuple[int, ...]], int]] = []
    for _ in range(20):   # without the turns, 8 runs of this test in 10 failed with 10 rounds
        start = threading.Barrier(4)
        with libsg.CramStore() as s:
            def work(k: int) -> None:
                start.wait()
                for x in boards[k:] + boards[:k]:
                    got.append((x, libsg.cram_value(x[0], x[1], x[2], s)))
            threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
    assert len(got) == 80 * len(boards) and all(v == want[x] for x, v in got)
