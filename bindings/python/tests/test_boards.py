"""Welter's game, Green Hackenbush and Cram against game searches written plainly here."""

import functools
import random
from typing import FrozenSet, List, Set, Tuple

import pytest

import libsg


def mex(s: set) -> int:   # type: ignore[type-arg]
    v = 0
    while v in s:
        v += 1
    return v


@functools.lru_cache(maxsize=None)
def welter(coins: FrozenSet[int]) -> int:
    return mex({welter(coins - {c} | {t}) for c in coins for t in range(c) if t not in coins})


def test_welter() -> None:
    # proves the value and the move on every set of up to 3 coins below 9, and the refusals
    for a in range(9):
        for b in range(a + 1, 9):
            for c in range(b + 1, 10):
                coins = [c, a, b] if c < 9 else [b, a]
                want = welter(frozenset(coins))
                assert libsg.welter_value(coins) == want, coins
                move = libsg.welter_winning_move(coins)
                assert (move is not None) == (want != 0)
                if move is not None:
                    i, to = move
                    after = list(coins)
                    after[i] = to
                    assert to < coins[i] and to not in coins
                    assert welter(frozenset(after)) == 0
    assert libsg.welter_value([2 ** 62, 5]) == (2 ** 62 ^ 5) - 1
    with pytest.raises(libsg.InvalidArgumentError):
        libsg.welter_value([3, 3])
    with pytest.raises(libsg.RangeError):
        libsg.welter_value([2 ** 63])


def hackenbush(edges: List[Tuple[int, int]]) -> int:
    def grounded(kept: FrozenSet[int]) -> FrozenSet[int]:
        reach: Set[int] = {0}
        out: Set[int] = set()
        grew = True
        while grew:
            grew = False
            for e in kept - out:
                if edges[e][0] in reach or edges[e][1] in reach:
                    out.add(e)
                    reach |= set(edges[e])
                    grew = True
        return frozenset(out)

    @functools.lru_cache(maxsize=None)
    def g(kept: FrozenSet[int]) -> int:
        return mex({g(grounded(kept - {e})) for e in kept})
    return g(grounded(frozenset(range(len(edges)))))


def test_hackenbush() -> None:
    # proves the value and the move on random multigraphs of up to 6 edges
    rnd = random.Random(7)
    for _ in range(200):
        n = rnd.randint(1, 5)
        edges = [(rnd.randrange(n), rnd.randrange(n)) for _ in range(rnd.randint(0, 6))]
        want = hackenbush(edges)
        assert libsg.hackenbush_value(n, edges) == want, edges
        e = libsg.hackenbush_winning_move(n, edges)
        assert (e is not None) == (want != 0)
        if e is not None:
            assert hackenbush(edges[:e] + edges[e + 1:]) == 0
    with pytest.raises(libsg.RangeError):
        libsg.hackenbush_value(2, [(0, 2)])


def cram(rows: int, cols: int, blocked: int = 0) -> int:
    @functools.lru_cache(maxsize=None)
    def g(empty: int) -> int:
        opts = set()
        for i in range(rows * cols):
            if empty >> i & 1:
                if i % cols + 1 < cols and empty >> (i + 1) & 1:
                    opts.add(g(empty & ~(3 << i)))
                if i + cols < rows * cols and empty >> (i + cols) & 1:
                    opts.add(g(empty & ~(1 << i | 1 << (i + cols))))
        return mex(opts)
    return g(((1 << (rows * cols)) - 1) & ~blocked)


def test_cram() -> None:
    # proves value, outcome and move on boards up to 3 x 4, blocked cells included, with a
    # shared store and without one
    rnd = random.Random(5)
    with libsg.CramStore() as store:
        for rows in range(1, 4):
            for cols in range(1, 5):
                cells = [c for c in range(rows * cols) if rnd.random() < 0.25]
                b = sum(1 << c for c in cells)
                want = cram(rows, cols, b)
                assert libsg.cram_value(rows, cols, cells, store) == want
                assert libsg.cram_value(rows, cols, cells) == want
                assert libsg.cram_outcome(rows, cols, cells, store) == ("N" if want else "P")
                move = libsg.cram_winning_move(rows, cols, cells, store)
                assert (move is not None) == (want != 0)
                if move is not None:
                    a, z = move
                    assert not (b >> a & 1) and not (b >> z & 1)
                    assert cram(rows, cols, b | 1 << a | 1 << z) == 0
    with pytest.raises(libsg.RangeError):
        libsg.cram_value(9, 8)
