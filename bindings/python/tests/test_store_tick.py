"""A store's tick (set_tick, sg_store_set_tick) on every store class: it is called once every
`every` positions, a true result stops the query with StoppedError and an exception with
itself, what was proved is kept, a call on the store from inside it is refused, and Ctrl-C
stops a query with KeyboardInterrupt; values checked against plain searches."""

import os
import signal
import threading
import time
from typing import Any, Callable, List, Tuple, Union

import pytest

import libsg
from libsg.structured import Store
from test_store_handles import board_brute, graph_brute, grid

AnyStore = Union[libsg.CramStore, libsg.NodeKaylesBoardStore, libsg.NodeKaylesStore,
                 libsg.ArcKaylesStore, Store]


def kayles_options(row: bytes) -> List[bytes]:
    """Kayles on a row of pins "x", gaps ".": take one pin or two adjacent ones."""
    return [row[:i] + b"." * k + row[i + k:] for k in (1, 2)
            for i in range(len(row) - k + 1) if b"." not in row[i:i + k]]


def kayles_brute(n: int) -> int:
    """Kayles on a row of n pins by a plain mex over the bitmask of pins left."""
    memo = {0: 0}

    def g(pins: int) -> int:
        if pins not in memo:
            seen = {g(pins & ~(m << i)) for m in (1, 3) for i in range(n)
                    if pins & (m << i) == m << i}
            memo[pins] = min(set(range(len(seen) + 1)) - seen)
        return memo[pins]
    return g((1 << n) - 1)


G34 = grid(3, 4)
# each store class, a fresh store of it, and a query with the independent value it must give
QUERIES: List[Tuple[str, Callable[[], AnyStore], Callable[[Any], int], Callable[[], int]]] = [
    ("cram", libsg.CramStore, lambda s: libsg.cram_value(4, 4, (), s),
     lambda: board_brute("cram", 4, 4, ())),
    ("node-kayles-board", libsg.NodeKaylesBoardStore,
     lambda s: libsg.node_kayles_board_value(3, 4, (), s),
     lambda: board_brute("node-kayles", 3, 4, ())),
    ("node-kayles", libsg.NodeKaylesStore, lambda s: libsg.node_kayles(12, G34, s),
     lambda: graph_brute(12, G34, False)),
    ("arc-kayles", libsg.ArcKaylesStore, lambda s: libsg.arc_kayles(12, G34, s),
     lambda: graph_brute(12, G34, True)),
    ("structured", lambda: Store(kayles_options), lambda s: int(s.value(b"x" * 9)),
     lambda: kayles_brute(9)),
]
NAMES = [q[0] for q in QUERIES]


@pytest.mark.parametrize("name,make,query,brute", QUERIES, ids=NAMES)
def test_tick_is_called_every_so_many_positions(name: str, make: Callable[[], AnyStore],
                                                query: Callable[[Any], int],
                                                brute: Callable[[], int]) -> None:
    # proves set_tick reaches the library on each store class: fn is called once every
    # `every` positions the query enters (stats()'s nodes), stats() works from inside it,
    # and the query still gives the brute force's value
    every = 3
    seen: List[int] = []
    with make() as s:
        s.set_tick(lambda: seen.append(s.stats()["nodes"]), every=every)
        assert query(s) == brute()
        nodes = s.stats()["nodes"]
        assert nodes >= 2 * every
        assert len(seen) == nodes // every
        assert seen == [every * (i + 1) for i in range(len(seen))]


@pytest.mark.parametrize("name,make,query,brute", QUERIES, ids=NAMES)
def test_true_stops_and_asking_again_goes_on(name: str, make: Callable[[], AnyStore],
                                             query: Callable[[Any], int],
                                             brute: Callable[[], int]) -> None:
    # proves a true result stops the query with StoppedError (SG_ESTOP) half way, keeping
    # what it proved: asking again gives the brute force's value entering fewer positions
    # than a fresh store does; set_tick(None) drops fn
    with make() as fresh:
        assert query(fresh) == brute()
        full = fresh.stats()["nodes"]
    calls = [0]

    def stop() -> bool:
        calls[0] += 1
        return True
    with make() as s:
        s.set_tick(stop, every=full // 2)
        with pytest.raises(libsg.StoppedError) as e:
            query(s)
        assert e.value.status == libsg.ESTOP and calls[0] == 1
        first = s.stats()
        assert first["nodes"] == full // 2 and first["positions"] > 0
        s.set_tick(None)
        assert query(s) == brute()
        assert calls[0] == 1
        assert s.stats()["nodes"] - first["nodes"] < full


class Boom(Exception):
    pass


def test_exception_in_tick_propagates() -> None:
    # proves an exception raised by fn stops the query and is raised to the caller as itself
    # (its traceback through fn kept), KeyboardInterrupt too, and the store then answers
    raised = Boom("from the tick")

    def boom() -> None:
        raise raised
    with libsg.CramStore() as s:
        s.set_tick(boom, every=3)
        with pytest.raises(Boom) as e:
            libsg.cram_value(4, 4, (), s)
        assert e.value is raised
        assert any(t.name == "boom" for t in e.traceback)

        def interrupt() -> None:
            raise KeyboardInterrupt
        s.set_tick(interrupt, every=3)
        with pytest.raises(KeyboardInterrupt):
            libsg.cram_value(4, 4, (), s)
        s.set_tick(None)
        assert libsg.cram_value(4, 4, (), s) == board_brute("cram", 4, 4, ())


def test_call_from_inside_the_tick_is_busy() -> None:
    # proves a query, save() or set_tick() on the store from inside its tick gets the
    # library's SG_EBUSY as BusyError, which stops the running query, with no crash; the
    # store then answers
    with libsg.CramStore() as s:
        calls: List[Callable[[], object]] = [
            lambda: libsg.cram_value(2, 2, (), s),
            lambda: s.save(os.devnull),
            lambda: s.set_tick(None),
        ]
        for call in calls:
            s.set_tick(call, every=4)
            with pytest.raises(libsg.BusyError) as e:
                libsg.cram_value(4, 4, (), s)
            assert e.value.status == libsg.EBUSY
        s.set_tick(None)
        assert libsg.cram_value(4, 4, (), s) == board_brute("cram", 4, 4, ())


def test_set_tick_arguments() -> None:
    # proves set_tick refuses what the library would misread: a fn that is not callable, an
    # every of 0 (the C "no tick"), negative or of 2**64; and a closed store
    s = libsg.CramStore()
    with pytest.raises(TypeError):
        s.set_tick(3)   # type: ignore[arg-type]
    for every in (0, -1):
        with pytest.raises(ValueError):
            s.set_tick(lambda: False, every=every)
    with pytest.raises(OverflowError):
        s.set_tick(lambda: False, every=1 << 64)
    s.set_tick(lambda: False, every=(1 << 64) - 1)
    s.close()
    with pytest.raises(libsg.InvalidArgumentError, match="closed"):
        s.set_tick(None)


@pytest.mark.skipif(threading.current_thread() is not threading.main_thread(),
                    reason="signals reach the main thread only")
def test_ctrl_c_stops_a_long_query() -> None:
    # proves a real SIGINT during a long query (Cram on 6 x 6: 4.2 million positions, about
    # 40 s) stops it with KeyboardInterrupt within a tick with no fn of the caller's (the
    # default tick), not when it ends, keeping what it proved; the store then answers.
    # SIGINT gets Python's own handler, as at a terminal (a job started in the background by
    # sh, as `make check` runs it, has SIGINT ignored)
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with libsg.CramStore() as s:
            timer = threading.Timer(0.05, os.kill, (os.getpid(), signal.SIGINT))
            start = time.monotonic()
            timer.start()
            try:
                with pytest.raises(KeyboardInterrupt):
                    libsg.cram_value(6, 6, (), s)
            finally:
                timer.cancel()
                timer.join()
            assert time.monotonic() - start < 5
            assert s.stats()["positions"] > 0
            assert libsg.cram_value(3, 4, (), s) == board_brute("cram", 3, 4, ())
    finally:
        signal.signal(signal.SIGINT, old)
