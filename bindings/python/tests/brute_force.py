"""Brute forces written from the definitions, for the tests of the Python binding: the mex,
tables of games given by their options, subtraction games, Grundy's game, least periods,
take-and-break codes by their digit rules, nimber products by Conway's mex definition."""

from typing import Callable, Iterable, List, Optional, Sequence


def brute_mex(values: Iterable[int]) -> int:
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


def brute_table(n: int, options: Callable[[int, List[int]], Iterable[int]]) -> List[int]:
    """SG(0..n-1) where options(p, g) lists the values of p's options given g = SG(0..p-1)."""
    g: List[int] = []
    for p in range(n):
        g.append(brute_mex(set(options(p, g))))
    return g


def brute_subtraction(moves: Sequence[int], n: int) -> List[int]:
    return brute_table(n, lambda p, g: [g[p - s] for s in moves if s <= p])


def brute_grundy_game(n: int) -> List[int]:
    """Grundy's game: a move splits a heap into two non-empty heaps of different sizes."""
    return brute_table(n, lambda p, g: [g[a] ^ g[p - a] for a in range(1, (p + 1) // 2)])


def brute_least_period(seq: Sequence[int], start: int = 0) -> Optional[int]:
    """The least p such that seq[i + p] == seq[i] for start <= i < len(seq) - p."""
    for p in range(1, len(seq) - start):
        if all(seq[i] == seq[i + p] for i in range(start, len(seq) - p)):
            return p
    return None


def brute_octal(code: str, n: int) -> List[int]:
    """G(0..n-1) of an octal or hexadecimal game from the rules: digit d_i of code "d0.d1d2..."
    lets a move remove exactly i tokens from one heap and leave nothing (bit 1: the heap had
    exactly i), one non-empty heap (bit 2), two non-empty heaps (bit 4) or three (bit 8)."""
    whole, frac = code.split(".")
    digits = [int(whole or "0", 16)] + [int(c, 16) for c in frac]
    g: List[int] = []
    for h in range(n):
        opts = set()
        for i, d in enumerate(digits):
            rest = h - i
            if d & 1 and rest == 0 and i > 0:
                opts.add(0)
            if d & 2 and rest >= 1 and i > 0:
                opts.add(g[rest])
            if d & 4:
                for a in range(1, rest):
                    opts.add(g[a] ^ g[rest - a])
            if d & 8:
                for a in range(1, rest):
                    for b in range(1, rest - a):
                        opts.add(g[a] ^ g[b] ^ g[rest - a - b])
        g.append(brute_mex(opts))
    return g


def brute_nim_mul_table(m: int) -> List[List[int]]:
    """a*b = mex{a'b + ab' + a'b' : a' < a, b' < b} (Conway), for a, b < m."""
    prod = [[0] * m for _ in range(m)]
    for a in range(m):
        for b in range(m):
            prod[a][b] = brute_mex({prod[x][b] ^ prod[a][y] ^ prod[x][y]
                                    for x in range(a) for y in range(b)})
    return prod


def xor_all(values: Iterable[int]) -> int:
    s = 0
    for v in values:
        s ^= v
    return s
