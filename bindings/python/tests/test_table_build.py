"""table_build with rules written in Python, against plain brute force: Lasker's Nim (options that
are sums), larger options, generators, winning moves, errors from the library and from the
rule, and bad options."""

import random
from typing import List

import pytest

import libsg

from brute_force import brute_subtraction, brute_table, xor_all


def option_value(g: List[int], opt: libsg.Option) -> int:
    """The value of an option of table_build's rules: a position, or a tuple (a sum)."""
    if isinstance(opt, tuple):
        return xor_all(g[p] for p in opt)
    assert isinstance(opt, int)
    return g[opt]


def lasker(n: int) -> List[libsg.Option]:
    opts: List[libsg.Option] = [n - k for k in range(1, n + 1)]
    return opts + [(k, n - k) for k in range(1, n // 2 + 1)]


class TestTableBuild:
    def test_lasker(self) -> None:
        n = 80
        brute = brute_table(n, lambda p, g: [g[p - k] for k in range(1, p + 1)] +
                            [g[k] ^ g[p - k] for k in range(1, p // 2 + 1)])
        assert libsg.table_build(lasker, n).tolist() == brute
        # Lasker's Nim: G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3
        assert brute[:12] == [0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12]

    def test_same_as_subtraction(self) -> None:
        s = [2, 5, 7]
        got = libsg.table_build(lambda p: [p - x for x in s if x <= p], 200).tolist()
        assert got == libsg.subtraction_table(s, 200).tolist()
        assert got == brute_subtraction(s, 200)

    def test_larger_options(self) -> None:
        # position p stands for heap n - 1 - p: every option is a larger position
        n = 60
        got = libsg.table_build(lambda p: [p + k for k in (1, 3, 4) if p + k < n], n).tolist()
        want = brute_subtraction([1, 3, 4], n)
        assert got == want[::-1]

    def test_empty_sum_and_generators(self) -> None:
        # any iterable works; () is a move to the empty sum (value 0)
        assert libsg.table_build(lambda p: iter([()] if p else []), 3).tolist() == [0, 1, 1]
        assert libsg.table_build(lasker, 0).tolist() == []

    def test_winning_move(self) -> None:
        n = 40
        g = libsg.table_build(lasker, n).tolist()
        rng = random.Random(8)
        larger = 0
        for _ in range(300):
            comps = [rng.randrange(n) for _ in range(rng.randrange(0, 5))]
            total = xor_all(g[c] for c in comps)
            got = libsg.winning_move(g, lasker, comps)
            if total == 0:
                assert got is None, comps
                continue
            assert got is not None
            i, opt = got
            assert opt in lasker(comps[i])
            value = option_value(g, opt)
            assert total ^ g[comps[i]] ^ value == 0, (comps, got)
            # the lowest component with a winning option (Lasker's Nim has options of larger
            # value: that counts too), and its first such option
            def wins(c: int) -> List[libsg.Option]:
                return [o for o in lasker(c)
                        if option_value(g, o) == total ^ g[c]]
            lowest = next(j for j, c in enumerate(comps) if wins(c))
            assert (i, opt) == (lowest, wins(comps[lowest])[0]), comps
            larger += g[comps[i]] ^ total > g[comps[i]]
        assert larger > 0   # the case of a move to a larger value did occur
        with pytest.raises(libsg.Error):
            libsg.winning_move(g, lasker, [n])
        with pytest.raises(ValueError):
            libsg.winning_move(g, lasker, [-1])

    def test_library_errors(self) -> None:
        with pytest.raises(libsg.Error) as cm:
            libsg.table_build(lambda p: [p + 1], 5).tolist()
        assert cm.value.status == libsg.ERANGE
        with pytest.raises(libsg.Error) as cm:
            libsg.table_build(lambda p: [(p + 1) % 5], 5).tolist()
        assert cm.value.status == libsg.ELOOP
        assert "cycle" in cm.value.message

    def test_exception_in_rule(self) -> None:
        class Boom(Exception):
            pass

        calls = []

        def rule(p: int) -> List[int]:
            calls.append(p)
            if p == 7:
                raise Boom("at 7")
            return [p - 1] if p else []

        with pytest.raises(Boom) as cm:
            libsg.table_build(rule, 100).tolist()
        assert str(cm.value) == "at 7"
        assert max(calls) == 7   # the computation stopped there

    def test_bad_options(self) -> None:
        with pytest.raises(ValueError):
            libsg.table_build(lambda p: [-1], 5).tolist()
        with pytest.raises(OverflowError):
            libsg.table_build(lambda p: [1 << 64], 5).tolist()
        with pytest.raises(TypeError):
            libsg.table_build(lambda p: ["x"], 5).tolist()  # type: ignore[list-item]
        with pytest.raises(TypeError):
            libsg.table_build(lambda p: None, 5).tolist()  # type: ignore
        with pytest.raises(ValueError):
            libsg.table_build(lambda p: [(0, -1)], 5).tolist()
        with pytest.raises(TypeError):
            libsg.table_build(42, 5).tolist()  # type: ignore[arg-type]
        with pytest.raises(ValueError):
            libsg.table_build(lasker, -1).tolist()
        with pytest.raises(OverflowError):
            libsg.table_build(lasker, 1 << 64).tolist()
