"""The memo of the Python binding (libsg.Memo) against plain brute force: Wythoff's game by packed
keys, tuple states, sums and states of any kind, bad input and the memory cap."""

import itertools
from typing import Any, List, Tuple

import pytest

import libsg

from brute_force import brute_mex, brute_table, xor_all


def wythoff_key(x: int, y: int) -> int:
    return x << 32 | y


def wythoff_rule(key: int) -> List[int]:
    x, y = key >> 32, key & 0xFFFFFFFF
    return ([wythoff_key(x - k, y) for k in range(1, x + 1)] +
            [wythoff_key(x, y - k) for k in range(1, y + 1)] +
            [wythoff_key(x - k, y - k) for k in range(1, min(x, y) + 1)])


class TestMemo:
    def test_wythoff(self) -> None:
        n = 25
        g = [[0] * n for _ in range(n)]
        for x in range(n):
            for y in range(n):
                opts = ({g[x - k][y] for k in range(1, x + 1)} |
                        {g[x][y - k] for k in range(1, y + 1)} |
                        {g[x - k][y - k] for k in range(1, min(x, y) + 1)})
                g[x][y] = brute_mex(opts)
        # the P-positions are the Wythoff pairs (a_k, a_k + k), a_k = mex of the earlier pairs
        used: set[int] = set()
        pairs: set[Tuple[int, int]] = set()
        k = 0
        while True:
            a = brute_mex(used)
            if a >= n:
                break
            pairs |= {(a, a + k), (a + k, a)}
            used |= {a, a + k}
            k += 1
        with libsg.Memo(wythoff_rule) as m:
            for x in range(n):
                for y in range(n):
                    assert m.value(wythoff_key(x, y)) == g[x][y], (x, y)
                    assert (g[x][y] == 0) == ((x, y) in pairs), (x, y)
            assert m.count == n * n
            assert m.bytes > 0
        with pytest.raises(ValueError):
            m.value(0)
        m.close()   # twice is fine

    def test_tuple_states(self) -> None:
        # Wythoff's game with (x, y) tuples as states, against the packed-int memo above
        def rule(s: Tuple[int, int]) -> List[Tuple[int, int]]:
            x, y = s
            return ([(x - k, y) for k in range(1, x + 1)] + [(x, y - k) for k in range(1, y + 1)]
                    + [(x - k, y - k) for k in range(1, min(x, y) + 1)])
        with libsg.Memo(rule) as m, libsg.Memo(wythoff_rule) as packed:
            for x in range(12):
                for y in range(12):
                    assert m[(x, y)] == packed.value(wythoff_key(x, y)), (x, y)

    def test_sums_and_any_states(self) -> None:
        # Lasker's Nim on heaps named by strings: take any number, or split in two (a Sum)
        def rule(state: str) -> List[libsg.MemoOption[str]]:
            n = len(state)
            opts: List[libsg.MemoOption[str]] = ["h" * (n - k) for k in range(1, n + 1)]
            return opts + [libsg.Sum("h" * k, "h" * (n - k)) for k in range(1, n // 2 + 1)]
        brute = brute_table(30, lambda p, g: [g[p - k] for k in range(1, p + 1)] +
                            [g[k] ^ g[p - k] for k in range(1, p // 2 + 1)])
        m = libsg.Memo(rule)
        assert [m.value("h" * i) for i in range(30)] == brute
        # frozensets of heaps: a Nim position is the sum of its heaps, a heap its own state
        def nim(state: Any) -> List[libsg.MemoOption[Any]]:
            if isinstance(state, frozenset):
                return [libsg.Sum(*(h for h in state if h != x), y)
                        for x in state for y in range(x)]
            return [libsg.Value(k) for k in range(state)]   # moves to games of known value
        pos = libsg.Memo(nim)
        for heaps in itertools.combinations(range(1, 7), 3):
            assert pos.value(frozenset(heaps)) == xor_all(heaps), heaps

    def test_errors(self) -> None:
        m = libsg.Memo(lambda key: [(key + 1) % 4])
        with pytest.raises(libsg.CycleError) as cm:
            m.value(0)
        assert cm.value.status == libsg.ELOOP
        assert cm.value.name == "ELOOP"

        def rule(key: int) -> List[int]:
            if key == 5:
                raise KeyError(key)
            return [key - 1] if key else []
        m2 = libsg.Memo(rule)
        with pytest.raises(KeyError):
            m2.value(9)
        assert m2.value(4) == 0          # still usable; what was proven stays
        assert m2.value(3) == 1
        with pytest.raises(TypeError):
            m2.value([1])  # type: ignore[arg-type]   # not hashable
        with pytest.raises(TypeError):
            libsg.Memo(None)  # type: ignore[arg-type]
        with pytest.raises(ValueError):
            libsg.Memo(rule, -1)

    def test_memory_cap(self) -> None:
        m = libsg.Memo(lambda key: [key - 1] if key else [], max_bytes=4096)
        assert m.value(10) == 0
        with pytest.raises(libsg.Error) as cm:
            m.value(100000)
        assert cm.value.status == libsg.ENOMEM
        assert m.bytes <= 4096
        assert m.value(9) == 1          # proven before: kept
        assert m.value(20) == 0         # and the memo still computes
