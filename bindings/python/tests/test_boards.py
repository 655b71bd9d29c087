"""Welter's game, Green Hackenbush, Cram and Node Kayles on boards against game searches
written plainly here."""

import functools
import random
from typing import Callable, Dict, FrozenSet, List, Sequence, Set, Tuple

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


def taken_by(rows: int, cols: int, i: int) -> int:
    """The cells a Node Kayles move at cell i takes if they are free: i and its 4-neighbours."""
    r, c = divmod(i, cols)
    m = 1 << i
    for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
        if 0 <= rr < rows and 0 <= cc < cols:
            m |= 1 << (rr * cols + cc)
    return m


def node_kayles_board(rows: int, cols: int) -> Callable[[int], int]:
    """The value of Node Kayles on the rows x cols board as a function of its free cells (a
    bitmask, cell r * cols + c): a move takes a free cell and its free 4-neighbours."""
    taken = [taken_by(rows, cols, i) for i in range(rows * cols)]

    @functools.lru_cache(maxsize=None)
    def g(free: int) -> int:
        return mex({g(free & ~taken[i]) for i in range(rows * cols) if free >> i & 1})
    return g


def check_node_kayles_board(rows: int, cols: int, blocked: int,
                            g: Callable[[int], int], store: libsg.NodeKaylesBoardStore) -> None:
    cells = [i for i in range(rows * cols) if blocked >> i & 1]
    free = ((1 << (rows * cols)) - 1) & ~blocked
    want = g(free)
    assert libsg.node_kayles_board_value(rows, cols, cells, store) == want, (rows, cols, cells)
    assert libsg.node_kayles_board_outcome(rows, cols, cells, want, store) == "P"
    assert libsg.node_kayles_board_outcome(rows, cols, cells, want ^ 1, store) == "N"
    move = libsg.node_kayles_board_winning_move(rows, cols, cells, store)
    assert (move is not None) == (want != 0)
    if move is not None:
        r, c = move
        assert 0 <= r < rows and 0 <= c < cols and free >> (r * cols + c) & 1
        assert g(free & ~taken_by(rows, cols, r * cols + c)) == 0, (rows, cols, cells, move)
        # the first such cell, as the docstring says
        assert all(g(free & ~taken_by(rows, cols, i)) for i in range(r * cols + c) if free >> i & 1)


def test_node_kayles_board() -> None:
    # proves value, outcome (k = value is P, k = value ^ 1 is N) and winning move of Node Kayles
    # on boards: every board up to 3 x 4 with every pattern of blocked cells, 4 x 1 to 4 x 3
    # whole and with random blocked cells, and random blocked 4 x 4 boards
    rnd = random.Random(35)
    with libsg.NodeKaylesBoardStore() as store:
        for rows in range(1, 5):
            for cols in range(1, 5):
                g = node_kayles_board(rows, cols)
                n = rows * cols
                if rows < 4:
                    patterns = list(range(1 << n))
                else:
                    patterns = [0] + [rnd.getrandbits(n) & rnd.getrandbits(n) for _ in range(60)]
                for blocked in patterns:
                    check_node_kayles_board(rows, cols, blocked, g, store)
    # and without a store of the caller's
    assert libsg.node_kayles_board_value(3, 4) == node_kayles_board(3, 4)((1 << 12) - 1)
    assert libsg.node_kayles_board_outcome(1, 3, k=2) == "P"
    assert libsg.node_kayles_board_winning_move(1, 3) == (0, 1)


def grid_edges(rows: int, cols: int, blocked: Sequence[int]) -> Tuple[int, List[Tuple[int, int]]]:
    """The grid graph of the free cells, numbered in the order of the cells."""
    index: Dict[int, int] = {}
    for i in range(rows * cols):
        if i not in blocked:
            index[i] = len(index)
    edges = []
    for i in index:
        if i % cols + 1 < cols and i + 1 in index:
            edges.append((index[i], index[i + 1]))
        if i + cols in index:
            edges.append((index[i], index[i + cols]))
    return len(index), edges


def test_node_kayles_board_is_node_kayles_on_the_grid() -> None:
    # proves the board's value is Node Kayles' on the grid graph of its free cells (OEIS
    # A316632 for the 3 x n grid: 2, 1, 1, 0, 3, 3, 2, 2 for n = 1..8), boards too large for the
    # brute force included
    rnd = random.Random(11)
    assert [libsg.node_kayles_board_value(3, c) for c in range(1, 9)] == [2, 1, 1, 0, 3, 3, 2, 2]
    for rows, cols in ((2, 7), (3, 6), (4, 5), (5, 5), (1, 20)):
        patterns: List[List[int]] = [[], [c for c in range(rows * cols) if rnd.random() < 0.2]]
        for blocked in patterns:
            n, edges = grid_edges(rows, cols, blocked)
            assert libsg.node_kayles_board_value(rows, cols, blocked) == \
                libsg.node_kayles(n, edges), (rows, cols, blocked)


def test_board_bad_input() -> None:
    # proves bad input to Node Kayles on boards raises what Cram's raises: a closed store, a
    # cell out of range, more than 64 cells, negative sizes and k; and that a store of the
    # other game is refused by both (the C functions would read it as their own)
    store = libsg.NodeKaylesBoardStore()
    store.close()
    with pytest.raises(libsg.InvalidArgumentError):
        libsg.node_kayles_board_value(2, 2, (), store)
    cram = libsg.CramStore()
    cram.close()
    with pytest.raises(libsg.InvalidArgumentError):
        libsg.cram_value(2, 2, (), cram)
    calls: List[Callable[..., object]] = [libsg.cram_value, libsg.node_kayles_board_value,
                                          libsg.node_kayles_board_outcome,
                                          libsg.node_kayles_board_winning_move]
    for call in calls:
        with pytest.raises(libsg.InvalidArgumentError):
            call(2, 2, [64])
        with pytest.raises(libsg.InvalidArgumentError):
            call(2, 2, [4])     # a cell of the rectangle's word, not of the board
        with pytest.raises(libsg.InvalidArgumentError):
            call(2, 2, [-1])
        with pytest.raises(libsg.RangeError):
            call(9, 8)
        with pytest.raises(libsg.InvalidArgumentError):
            call(-1, 2)
        with pytest.raises(libsg.InvalidArgumentError):
            call(2, -3)
        with pytest.raises(libsg.InvalidArgumentError):
            call(0, 3)
    with pytest.raises(libsg.InvalidArgumentError):
        libsg.node_kayles_board_outcome(2, 2, k=-1)
    with libsg.CramStore() as cs, libsg.NodeKaylesBoardStore() as ns:
        with pytest.raises(libsg.InvalidArgumentError):
            libsg.node_kayles_board_value(2, 2, (), cs)   # type: ignore[arg-type]
        with pytest.raises(libsg.InvalidArgumentError):
            libsg.cram_outcome(2, 2, (), ns)   # type: ignore[arg-type]
        assert libsg.node_kayles_board_value(1, 3, (), ns) == 2
        assert libsg.cram_value(1, 3, (), cs) == 1
