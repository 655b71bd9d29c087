"""Misere play (the player who cannot move wins) against plain game searches written here:
outcomes of positions given by a rule, sums of heaps of take-and-break games, and genera from
Conway's definition."""

import functools
import random
from typing import Dict, List, Tuple

import pytest

import libsg

from brute_force import brute_mex

Heaps = Tuple[int, ...]


def octal_moves(code: str, h: int) -> List[Heaps]:
    """The heaps a move leaves in place of a heap of h tokens: digit d_i of "d0.d1d2..." lets a
    move remove i tokens and leave no heap (bit 1, only when the heap had exactly i), one
    non-empty heap (bit 2), two (bit 4) or three (bit 8)."""
    whole, frac = code.split(".")
    digits = [int(whole or "0", 16)] + [int(c, 16) for c in frac]
    out: List[Heaps] = []
    for i, d in enumerate(digits):
        rest = h - i
        if i == 0 and d == 0 or rest < 0:
            continue
        if d & 1 and rest == 0 and i > 0:
            out.append(())
        if d & 2 and rest >= 1 and i > 0:
            out.append((rest,))
        if d & 4:
            out += [(a, rest - a) for a in range(1, rest)]
        if d & 8:
            out += [(a, b, rest - a - b) for a in range(1, rest) for b in range(1, rest - a)]
    return out


def sum_options(code: str, heaps: Heaps) -> List[Heaps]:
    out = []
    for i, h in enumerate(heaps):
        for parts in octal_moves(code, h):
            out.append(tuple(sorted(heaps[:i] + heaps[i + 1:] + parts)))
    return out


def misere_value(code: str) -> "functools._lru_cache_wrapper[int]":
    """The misere Grundy value of a sum of heaps plus nim heaps ("*k"): 1 with no option, else
    the mex of the options' (0 exactly for a misere P-position)."""
    @functools.lru_cache(maxsize=None)
    def value(heaps: Heaps, nims: Heaps) -> int:
        opts = [(o, nims) for o in sum_options(code, heaps)]
        for i, k in enumerate(nims):
            for j in range(k):
                opts.append((heaps, tuple(sorted(nims[:i] + nims[i + 1:] + ((j,) if j else ())))))
        if not opts:
            return 1
        return brute_mex(value(*o) for o in opts)
    return value


def normal_value(code: str, h: int, memo: Dict[int, int]) -> int:
    if h not in memo:
        vals = set()
        for parts in octal_moves(code, h):
            v = 0
            for p in parts:
                v ^= normal_value(code, p, memo)
            vals.add(v)
        memo[h] = brute_mex(vals)
    return memo[h]


def test_misere_table_and_winning_move() -> None:
    rng = random.Random(3)
    for _ in range(100):
        n = rng.randint(1, 30)
        opts: List[List[libsg.Option]] = []
        for p in range(n):
            o: List[libsg.Option] = [rng.randrange(p) for _ in range(rng.randint(0, 3)) if p]
            if rng.random() < 0.2:
                o.append(libsg.Sum())          # a move to the empty game: N for the opponent
            if rng.random() < 0.1 and p:
                o.append(libsg.Sum(rng.randrange(p)))
            opts.append(o)
        win: List[bool] = []

        def wins(o: libsg.Option) -> bool:   # the empty game is won by the player to move
            if isinstance(o, libsg.Sum):
                return True if not o.parts else win[int(o.parts[0])]  # type: ignore[call-overload]
            assert isinstance(o, int)
            return win[o]
        for p in range(n):   # no option: the player to move wins; else win iff some option P
            win.append(not opts[p] or any(not wins(o) for o in opts[p]))
        table = libsg.misere_table(lambda p: opts[p], n)
        assert table.tolist() == [int(w) for w in win]
        for p in range(n):
            move = libsg.misere_table_winning_move(table, lambda q: opts[q], p)
            if win[p] and opts[p]:
                assert move is not None and move in opts[p]
                assert opts[p].index(move) == min(i for i, o in enumerate(opts[p])
                                                   if not wins(o))
            else:
                assert move is None
        assert libsg.misere_table_winning_move(list(table), lambda q: opts[q], 0) == \
            libsg.misere_table_winning_move(table, lambda q: opts[q], 0)


def test_misere_memo_kayles() -> None:
    # misere Kayles on sums of heaps, states as sorted tuples, against the search above
    value = misere_value("0.77")
    m = libsg.MisereMemo(lambda s: sum_options("0.77", s))
    for heaps in [(), (1,), (2,), (1, 1), (3, 4), (1, 2, 5), (4, 4), (2, 3, 6), (9,)]:
        assert m.wins(heaps) == (value(heaps, ()) != 0)
        assert m.outcome(heaps) == ("N" if value(heaps, ()) else "P")
        move = m.winning_move(heaps)
        if heaps and value(heaps, ()):
            assert isinstance(move, tuple) and move in sum_options("0.77", heaps)
            assert value(move, ()) == 0
        else:
            assert move is None
    assert m.count > 0 and m.bytes > 0
    with pytest.raises(libsg.CycleError):
        libsg.MisereMemo(lambda s: [s, 1 - s]).wins(0)
    m.close()
    m.close()
    with pytest.raises(ValueError):
        m.wins(())


def test_misere_octal_sums() -> None:
    for code in ("0.77", "0.07", "0.137", "4.7"):
        value = misere_value(code)
        with libsg.MisereOctal(code) as m:
            assert m.table(14).tolist() == [int(value(((h,) if h else ()), ()) != 0)
                                             for h in range(14)]
            rng = random.Random(code)
            for _ in range(40):
                heaps = tuple(sorted(rng.randrange(9) for _ in range(rng.randint(0, 3))))
                live = tuple(h for h in heaps if h)
                assert m.value(heaps) == value(live, ()), (code, heaps)
                assert m.wins(heaps) == (value(live, ()) != 0)
                assert m.outcome(list(heaps)) in "NP"
            assert m.count > 0 and m.bytes > 0


def test_misere_octal_winning_move() -> None:
    # proves MisereOctal.winning_move gives a legal move of the code to a misere P-position
    # whenever the sum is N and has a move, and None otherwise, against the brute force (codes
    # with every kind of digit: taking, splitting in two and in three, and d0 = 4)
    for code in ("0.77", "0.07", "0.137", "4.7", "0.6", "0.8f"):
        value = misere_value(code)
        with libsg.MisereOctal(code) as m:
            rng = random.Random(code)
            for _ in range(40):
                heaps = [rng.randrange(10) for _ in range(rng.randint(0, 3))]
                live = tuple(sorted(h for h in heaps if h))
                move = m.winning_move(heaps)
                has_move = any(octal_moves(code, h) for h in heaps)
                if value(live, ()) == 0 or not has_move:
                    assert move is None, (code, heaps, move)
                    continue
                assert move is not None, (code, heaps)
                i, parts = move
                assert sorted(parts) in [sorted(p) for p in octal_moves(code, heaps[i])]
                after = heaps[:i] + heaps[i + 1:] + list(parts)
                assert value(tuple(sorted(h for h in after if h)), ()) == 0, (code, heaps, move)


def brute_genus(code: str, h: int) -> Tuple[int, List[int]]:
    value = misere_value(code)
    heaps = (h,) if h else ()
    c = [value(heaps, (2,) * k) for k in range(10)]
    return normal_value(code, h, {}), c


def is_tame(g: int, c: List[int]) -> bool:
    """The genera of misere Nim positions: 0^{1,2,0}, 1^{0,3,1} and g^{g,g^2} for any g."""
    return (g == 0 and c[:6] == [1, 2, 0, 2, 0, 2] or g == 1 and c[:6] == [0, 3, 1, 3, 1, 3] or
            c[:6] == [g, g ^ 2] * 3)


def test_genus_from_the_definition() -> None:
    for code in ("0.77", "0.07", "0.137"):
        with libsg.MisereOctal(code) as m:
            tame_so_far = True
            for h in range(9):
                gen = m.genus(h)
                g, c = brute_genus(code, h)
                assert gen.g == g
                full = list(gen.gamma)
                while len(full) < 10:
                    full.append(full[-2])
                assert full == c, (code, h, gen, c)
                # the shortest prefix: one superscript fewer would not repeat from there on
                assert len(gen.gamma) <= 2 or gen.gamma[-1] != gen.gamma[-3]
                assert str(gen) == "%d^{%s}" % (g, ",".join(map(str, gen.gamma)))
                assert gen.tame == is_tame(g, c)
                tame_so_far = tame_so_far and is_tame(g, c)
                assert m.tame(h + 1) == tame_so_far
    assert libsg.Genus(0, (1, 2, 0)).tame and not libsg.Genus(0, (1, 2)).tame
    with pytest.raises(ValueError):
        str(libsg.Genus(0, ()))
    with pytest.raises(ValueError):
        libsg.Genus(0, (1,) * 33).tame


def test_genus_tame_outcome_is_misere_nim() -> None:
    def nim_genus(n: int) -> libsg.Genus:
        return libsg.Genus(0, (1, 2, 0)) if n == 0 else libsg.Genus(1, (0, 3, 1)) \
            if n == 1 else libsg.Genus(n, (n, n ^ 2))

    @functools.lru_cache(maxsize=None)
    def wins(heaps: Heaps) -> bool:
        opts = [tuple(sorted(heaps[:i] + heaps[i + 1:] + (s,))) for i, h in enumerate(heaps)
                for s in range(h)]
        return not opts or any(not wins(o) for o in opts)
    for k in range(4):
        for heaps in __import__("itertools").product(range(5), repeat=k):
            expect = "N" if wins(tuple(sorted(heaps))) else "P"
            assert libsg.genus_tame_outcome([nim_genus(n) for n in heaps]) == expect
    with pytest.raises(libsg.InvalidArgumentError) as cm:
        libsg.genus_tame_outcome([libsg.Genus(4, (1, 4, 6))])
    assert "4^{1,4,6}" in str(cm.value)
    with pytest.raises(TypeError):
        libsg.genus_tame_outcome([(0, (1, 2, 0))])   # type: ignore[list-item]


def test_bad_input() -> None:
    with pytest.raises(libsg.InvalidArgumentError) as cm:
        libsg.misere_table(lambda p: [libsg.Sum(0, 0)] if p else [], 3)
    assert "single positions" in str(cm.value)
    with pytest.raises(libsg.InvalidArgumentError):
        libsg.misere_table(lambda p: [libsg.Value(1)], 3)
    with pytest.raises(libsg.RangeError):
        libsg.misere_table(lambda p: [7], 3)
    with pytest.raises(libsg.CycleError):
        libsg.misere_table(lambda p: [(p + 1) % 3], 3)

    def boom(p: int) -> List[libsg.Option]:
        raise KeyError(p)
    with pytest.raises(KeyError):
        libsg.misere_table(boom, 3)
    table = libsg.misere_table(lambda p: [p - 1] if p else [], 3)
    with pytest.raises(libsg.RangeError):
        libsg.misere_table_winning_move(table, lambda p: [p - 1] if p else [], 5)
    with pytest.raises(ValueError):
        libsg.misere_table_winning_move([0, 2], lambda p: [], 0)
    with pytest.raises(libsg.InvalidArgumentError):
        libsg.MisereOctal("0.9x")
    with libsg.MisereOctal("0.77", max_bytes=1 << 12) as m:
        with pytest.raises(libsg.RangeError):
            m.value([2 ** 31])
        with pytest.raises(libsg.OutOfMemoryError):
            m.value([30, 31, 29])
        assert m.value([]) == 1       # still usable
    with pytest.raises(libsg.OutOfMemoryError):
        libsg.MisereMemo(lambda k: [k + 1] if k < 10 ** 6 else [], max_bytes=1 << 12).wins(0)
