"""Arithmetic periodicity (allbut_period, table_pattern, rule_pattern, period_value with an
observed pattern) against tables computed plainly from the rules and patterns found by search."""

import random
from typing import List, Optional, Sequence, Tuple

import pytest

import libsg

from brute_force import brute_mex


def brute_rule_table(n: int, options: "libsg.Rule") -> List[int]:
    g: List[int] = []
    for p in range(n):
        vals = set()
        for o in options(p):
            if isinstance(o, libsg.Sum):
                v = 0
                for q in o.parts:
                    v ^= g[q]  # type: ignore[call-overload]
                vals.add(v)
            else:
                vals.add(g[o])  # type: ignore[index]
        g.append(brute_mex(vals))
    return g


def lasker(n: int) -> List[libsg.Option]:   # take any number, or split a heap in two
    out: List[libsg.Option] = []
    return out + [n - k for k in range(1, n + 1)] + [libsg.Sum(k, n - k)
                                                     for k in range(1, n // 2 + 1)]


def split3(n: int) -> List[libsg.Option]:   # take any number, or split into three heaps
    out: List[libsg.Option] = [n - k for k in range(1, n + 1)]
    out += [libsg.Sum(a, b, n - a - b) for a in range(1, n) for b in range(a, n - a)
            if n - a - b >= b]
    return out


def holds(g: Sequence[int], pre: int, p: int, s: int) -> bool:
    return all(g[n + p] == g[n] + s for n in range(pre, len(g) - p))


def brute_pattern(g: Sequence[int]) -> Optional[Tuple[int, int, int]]:
    """The least period p, then least preperiod n0, with G(n + p) == G(n) + s (s >= 0) over
    [n0, len), the stretch spanning at least three periods and half the table."""
    count = len(g)
    for p in range(1, count):
        for n0 in range(0, count - p):
            if count - n0 < 3 * p or 2 * (count - n0) < count:
                break
            s = g[n0 + p] - g[n0]
            if s >= 0 and holds(g, n0, p, s):
                return (n0, p, s)
    return None


def test_rule_and_table_patterns() -> None:
    for rule, n in ((lasker, 80), (split3, 60)):
        g = brute_rule_table(n, rule)
        per = libsg.rule_pattern(rule, n)
        expect = brute_pattern(g)
        assert expect is not None and per is not None
        assert (per.preperiod, per.period, per.saltus) == expect and per.proven is False
        assert libsg.table_pattern(g) == per
        assert libsg.table_pattern(libsg.table_build(rule, n)) == per
    # take-or-split-in-three: G(n + 8) == G(n) + 8
    assert expect is not None and expect[1:] == (8, 8)
    rng = random.Random(5)
    for _ in range(200):
        t = [rng.randrange(4) for _ in range(rng.randrange(0, 30))]
        per2 = libsg.table_pattern(t)
        e2 = brute_pattern(t)
        assert (None if per2 is None else (per2.preperiod, per2.period, per2.saltus)) == e2, t


def test_observed_values_beyond_the_prefix() -> None:
    far = brute_rule_table(200, lasker)
    prefix = far[:40]
    per = libsg.table_pattern(prefix)
    assert per is not None
    for n in range(200):
        assert libsg.period_value(prefix, per, n, observed=True) == far[n]
    with pytest.raises(libsg.InvalidArgumentError) as cm:
        libsg.period_value(prefix, per, 100)          # observed only: not without asking
    assert "not proven" in str(cm.value)
    with pytest.raises(libsg.RangeError):
        libsg.period_value(prefix, per, 2 ** 40, observed=True)   # the value passes 2**32


def brute_allbut(excluded: Sequence[int], n: int) -> List[int]:
    g: List[int] = []
    for p in range(n):
        g.append(brute_mex(g[p - k] for k in range(1, p + 1) if k not in excluded))
    return g


def test_allbut_period() -> None:
    sets: List[List[int]] = [[], [1], [2], [1, 2], [2, 3], [1, 3], [3, 5], [2, 4, 7], [1, 2, 3, 4]]
    for excluded in sets:
        per = libsg.allbut_period(excluded)
        assert per.proven
        g = brute_allbut(excluded, 400)
        pre, p, s = per.preperiod, per.period, per.saltus
        assert holds(g, pre, p, s), excluded
        assert pre == 0 or not holds(g, pre - 1, p, s)
        assert not any(holds(g, q0, q, g[q0 + q] - g[q0])
                       for q in range(1, p) for q0 in range(0, 100))
    assert libsg.allbut_period([]) == libsg.Period(0, 1, 1, True)
    with pytest.raises(libsg.InvalidArgumentError):
        libsg.allbut_period([0, 2])
    with pytest.raises(ValueError):
        libsg.allbut_period([-1])


def test_bad_input() -> None:
    with pytest.raises(libsg.InvalidArgumentError) as cm:
        libsg.rule_pattern(lambda n: [], 10)
    assert "no position" in str(cm.value)
    with pytest.raises(libsg.InvalidArgumentError):
        libsg.rule_pattern(lasker, 0)
    with pytest.raises(libsg.RangeError):
        libsg.rule_pattern(lambda n: [n + 10], 5)

    def boom(n: int) -> List[libsg.Option]:
        raise KeyError(n)
    with pytest.raises(KeyError):
        libsg.rule_pattern(boom, 5)
    with pytest.raises(ValueError):
        libsg.table_pattern([1, -1])
    with pytest.raises(ValueError):
        libsg.table_pattern([2 ** 32])
    assert libsg.table_pattern([]) is None
