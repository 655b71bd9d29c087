"""The nimber field and the closed forms (Wythoff, Moore's Nim_k, staircase Nim, anti-SG,
Fibonacci Nim, coin-turning games) against game searches and definitions written plainly here."""

import functools
import itertools
import os
import random
import re
from typing import Callable, Dict, FrozenSet, List, Tuple

import pytest

import libsg

from brute_force import brute_mex

HEADER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "include",
                      "sg.h")


# ---- the nimber field ------------------------------------------------------------------------

def pmul(a: int, b: int, half: int = 32) -> int:
    """Nim multiplication by the Fermat-power rule: with F = 2**half, a = a1 F + a0 and
    b = b1 F + b0, F * F = F + F/2, so ab = (a1b1 + a1b0 + a0b1) F + a0b0 + a1b1 (F/2)."""
    if a < 2 or b < 2:
        return a * b
    while half > 1 and a >> half == 0 and b >> half == 0:
        half //= 2
    if a >> half == 0 and b >> half == 0:   # half == 1: both below 4
        half = 1
    mask = (1 << half) - 1
    a1, a0, b1, b0 = a >> half, a & mask, b >> half, b & mask
    hi = pmul(a1, b1, half // 2 or 1)
    return ((hi ^ pmul(a1, b0, half // 2 or 1) ^ pmul(a0, b1, half // 2 or 1)) << half) ^ \
        pmul(a0, b0, half // 2 or 1) ^ pmul(hi, 1 << (half - 1), half // 2 or 1)


def mpow(a: int, e: int) -> int:
    """a ** e by repeated squaring with libsg.nim_mul (itself checked against pmul below)."""
    r = 1
    while e:
        if e & 1:
            r = libsg.nim_mul(r, a)
        a = libsg.nim_mul(a, a)
        e >>= 1
    return r


PRIMES = [3, 5, 17, 257, 641, 65537, 6700417]


def test_pmul_is_conways_product() -> None:
    # the plain rule above agrees with Conway's mex definition on 16 x 16, and nim_mul with it
    prod = [[0] * 16 for _ in range(16)]
    for a in range(16):
        for b in range(16):
            prod[a][b] = brute_mex({prod[x][b] ^ prod[a][y] ^ prod[x][y]
                              for x in range(a) for y in range(b)})
            assert pmul(a, b) == prod[a][b]
    rng = random.Random(7)
    for _ in range(300):
        a, b = rng.getrandbits(64), rng.getrandbits(64)
        assert libsg.nim_mul(a, b) == pmul(a, b)


def test_subfield_of_256_exhaustive() -> None:
    mul = [[pmul(a, b) for b in range(256)] for a in range(256)]
    powers = [[1] * 256 for _ in range(256)]     # powers[b][k] = b ** k
    for b in range(256):
        for k in range(1, 256):
            powers[b][k] = mul[powers[b][k - 1]][b]
    for a in range(1, 256):
        assert [libsg.nim_inv(a)] == [b for b in range(1, 256) if mul[a][b] == 1]
        assert [libsg.nim_sqrt(a)] == [s for s in range(256) if mul[s][s] == a]
        assert libsg.nim_order(a) == powers[a].index(1, 1)
        for b in (3, 7, 16, a):
            expect = powers[b].index(a) if a in powers[b][:255] else None
            assert libsg.nim_log(a, b) == expect, (a, b)
        for e in (0, 1, 2, 5, 254, 255):
            assert libsg.nim_pow(a, e) == powers[a][e]
        assert libsg.nim_pow(a, 1000) == powers[a][1000 % 255]
        for b in (1, 2, 19, 255):
            assert mul[libsg.nim_div(a, b)][b] == a
    assert libsg.nim_sqrt(0) == 0 and libsg.nim_pow(0, 0) == 1 and libsg.nim_pow(0, 3) == 0
    assert libsg.nim_div(0, 7) == 0


def test_field_identities_on_64_bits() -> None:
    rng = random.Random(11)
    g = libsg.NIM_PRIMITIVE
    # the 16-bit subfield: inverses and roots of 200 elements, by pmul's products
    for a in rng.sample(range(1, 1 << 16), 200):
        assert pmul(a, libsg.nim_inv(a)) == 1 and libsg.nim_inv(a) < 1 << 16
        s16 = libsg.nim_sqrt(a)
        assert pmul(s16, s16) == a and s16 < 1 << 16
    assert libsg.nim_order(g) == libsg.NIM_GROUP_ORDER == 2 ** 64 - 1
    assert all(libsg.nim_order(a) < libsg.NIM_GROUP_ORDER for a in range(1, 300))
    for _ in range(60):
        a, b = rng.getrandbits(64) or 1, rng.getrandbits(64) or 1
        inv = libsg.nim_inv(a)
        assert pmul(a, inv) == 1
        assert libsg.nim_div(a, b) == pmul(a, libsg.nim_inv(b))
        s = libsg.nim_sqrt(a)
        assert pmul(s, s) == a
        e = rng.getrandbits(64)
        assert libsg.nim_pow(a, e) == mpow(a, e)
        # the order: a**order == 1, and a**(order / p) != 1 for each prime p dividing it
        order = libsg.nim_order(a)
        assert (2 ** 64 - 1) % order == 0 and mpow(a, order) == 1
        assert all(mpow(a, order // p) != 1 for p in PRIMES if order % p == 0)
        k = libsg.nim_log(a, g)
        assert k is not None and k < 2 ** 64 - 1 and mpow(g, k) == a
        # the discrete log to a non-primitive base exists exactly when a's order divides b's
        c = mpow(g, 3 * rng.getrandbits(40))
        k2 = libsg.nim_log(a, c)
        if order % 3 == 0 or libsg.nim_order(c) % order != 0:
            assert k2 is None
        if k2 is not None:
            assert mpow(c, k2) == a and k2 < libsg.nim_order(c)
    assert libsg.nim_log(1, 0) == 0 and libsg.nim_log(0, 0) == 1 and libsg.nim_log(5, 0) is None


def test_nimber_bad_input() -> None:
    for f in (libsg.nim_inv, libsg.nim_order):
        with pytest.raises(libsg.InvalidArgumentError) as cm:
            f(0)
        assert cm.value.status == libsg.EINVAL and "0" in str(cm.value)
    with pytest.raises(libsg.InvalidArgumentError) as cm2:
        libsg.nim_div(5, 0)
    assert cm2.value.function == "nim_div" and cm2.value.detail == "division by 0"
    for f2 in (libsg.nim_pow, libsg.nim_div, libsg.nim_log):
        with pytest.raises(ValueError):
            f2(-1, 2)
        with pytest.raises(OverflowError):
            f2(2 ** 64, 2)
        with pytest.raises(TypeError):
            f2(1.5, 2)  # type: ignore[arg-type]
    with pytest.raises(OverflowError):
        libsg.nim_sqrt(2 ** 64)


def header_define(name: str) -> str:
    with open(HEADER) as f:
        m = re.search(r"^#define %s\s+(.*?)\s*(/\*.*)?$" % name, f.read(), re.M)
    assert m, name
    return m.group(1)


def test_constants_match_header() -> None:
    assert header_define("SG_NIM_PRIMITIVE") == "((SG_U64_(1) << 32) | 6u)"
    assert libsg.NIM_PRIMITIVE == (1 << 32) | 6
    assert header_define("SG_NIM_GROUP_ORDER") == "(~SG_U64_(0))"
    assert header_define("SG_CLOSED_MAX") == "(SG_U64_(1) << 63)"
    assert libsg.CLOSED_MAX == 1 << 63
    for name in ("TWINS", "RULER", "MOCK_TURTLES"):
        assert int(header_define("SG_COIN_" + name)) == getattr(libsg, "COIN_" + name)


# ---- Wythoff's game --------------------------------------------------------------------------

def wythoff_options(x: int, y: int) -> List[Tuple[int, int]]:
    return ([(x - k, y) for k in range(1, x + 1)] + [(x, y - k) for k in range(1, y + 1)] +
            [(x - k, y - k) for k in range(1, min(x, y) + 1)])


def test_wythoff() -> None:
    n = 40
    g: Dict[Tuple[int, int], int] = {}
    for x in range(n):
        for y in range(n):
            g[x, y] = brute_mex(g[o] for o in wythoff_options(x, y))
    for x in range(n):
        for y in range(n):
            move = libsg.wythoff_winning_move(x, y)
            if g[x, y] == 0:
                assert move is None
            else:
                assert move is not None and move in wythoff_options(x, y) and g[move] == 0
    pairs = sorted((x, y) for (x, y), v in g.items() if v == 0 and x <= y and y < n // 2)
    assert [libsg.wythoff_pair(k) for k in range(len(pairs))] == pairs
    t = libsg.wythoff_table(9, 13)
    assert len(t) == 9 * 13
    assert [t[x * 13 + y] for x in range(9) for y in range(13)] == \
        [g[x, y] for x in range(9) for y in range(13)]
    assert len(libsg.wythoff_table(0, 5)) == 0
    # large heaps: the move lands on a P-position of the closed form
    a, b = libsg.wythoff_pair(10 ** 12)
    assert b - a == 10 ** 12
    assert libsg.wythoff_winning_move(a, b) is None
    assert libsg.wythoff_winning_move(a, b + 5) == (a, b)
    top = libsg.CLOSED_MAX
    assert libsg.wythoff_winning_move(top, 0) == (0, 0)


def test_wythoff_bad_input() -> None:
    with pytest.raises(libsg.RangeError):
        libsg.wythoff_winning_move(2 ** 63 + 1, 0)
    with pytest.raises(libsg.RangeError) as cm:
        libsg.wythoff_pair(2 ** 62)
    assert cm.value.function == "sg_wythoff_pair"
    with pytest.raises(libsg.RangeError):
        libsg.wythoff_table(2 ** 30, 1)
    with pytest.raises(ValueError):
        libsg.wythoff_winning_move(-1, 0)
    with pytest.raises(OverflowError):
        libsg.wythoff_pair(2 ** 64)


# ---- Moore's Nim_k, staircase Nim, anti-SG ---------------------------------------------------

def moore_options(heaps: Tuple[int, ...], k: int) -> List[Tuple[int, ...]]:
    out = []
    for after in itertools.product(*[range(h + 1) for h in heaps]):
        changed = sum(1 for a, h in zip(after, heaps) if a != h)
        if 1 <= changed <= k:
            out.append(tuple(after))
    return out


def test_moore_nim() -> None:
    for k in (1, 2, 3):
        @functools.lru_cache(maxsize=None)
        def wins(heaps: Tuple[int, ...]) -> bool:
            return any(not wins(o) for o in moore_options(heaps, k))
        for heaps in itertools.product(range(4), repeat=3):
            move = libsg.moore_nim_winning_move(heaps, k)
            if wins(heaps):
                assert move is not None and tuple(move) in moore_options(heaps, k)
                assert not wins(tuple(move))
            else:
                assert move is None
    assert libsg.moore_nim_winning_move([], 2) is None
    with pytest.raises(libsg.InvalidArgumentError):
        libsg.moore_nim_winning_move([1, 2], 0)
    with pytest.raises(libsg.RangeError):
        libsg.moore_nim_winning_move([2 ** 63 + 1], 1)
    assert libsg.moore_nim_winning_move([2 ** 63, 0], 1) == [0, 0]


def staircase_options(stairs: Tuple[int, ...]) -> List[Tuple[int, ...]]:
    out = []
    for i in range(1, len(stairs)):
        for c in range(1, stairs[i] + 1):
            s = list(stairs)
            s[i] -= c
            s[i - 1] += c
            out.append(tuple(s))
    return out


def test_staircase_nim() -> None:
    @functools.lru_cache(maxsize=None)
    def sg(stairs: Tuple[int, ...]) -> int:
        return brute_mex(sg(o) for o in staircase_options(stairs))
    for stairs in itertools.product(range(3), repeat=4):
        assert libsg.staircase_nim_value(stairs) == sg(stairs)
        move = libsg.staircase_nim_winning_move(stairs)
        if sg(stairs) == 0:
            assert move is None
        else:
            assert move is not None
            i, c = move
            assert 1 <= c <= stairs[i]
            after = list(stairs)
            after[i] -= c
            after[i - 1] += c
            assert sg(tuple(after)) == 0
    assert libsg.staircase_nim_value([]) == 0
    with pytest.raises(libsg.RangeError):
        libsg.staircase_nim_value([0, 2 ** 63 + 1])
    with pytest.raises(ValueError):
        libsg.staircase_nim_winning_move([0, -1])


def test_anti_sg_on_nim_heaps() -> None:
    # Nim heaps as components: a heap of value 0 has no move, so the SJ theorem applies, and
    # anti-SG play of Nim is misere Nim, searched here from the rules
    @functools.lru_cache(maxsize=None)
    def wins(heaps: Tuple[int, ...]) -> bool:   # the player who cannot move wins
        opts = [heaps[:i] + (s,) + heaps[i + 1:] for i, h in enumerate(heaps) for s in range(h)]
        return not opts or any(not wins(o) for o in opts)
    for n in range(4):
        for heaps in itertools.product(range(5), repeat=n):
            assert libsg.anti_sg_wins(heaps) == wins(heaps), heaps
            move = libsg.anti_sg_winning_move(heaps)
            if wins(heaps) and any(heaps):
                assert move is not None
                i, v = move
                assert v < heaps[i]
                assert not wins(heaps[:i] + (v,) + heaps[i + 1:])
            else:
                assert move is None
    with pytest.raises(ValueError):
        libsg.anti_sg_winning_move([-2])


# ---- Fibonacci Nim ---------------------------------------------------------------------------

def test_fibonacci_nim() -> None:
    @functools.lru_cache(maxsize=None)
    def wins(n: int, m: int) -> bool:
        return any(not wins(n - t, 2 * t) for t in range(1, min(m, n) + 1))
    for n in range(45):
        for m in range(45):
            take = libsg.fibonacci_nim_winning_move(n, m)
            if wins(n, m):
                assert take is not None and 1 <= take <= min(m, n) and not wins(n - take, 2 * take)
            else:
                assert take is None
        first = libsg.fibonacci_nim_winning_move(n)
        assert (first is None) == (not wins(n, max(n - 1, 0)))
    assert libsg.fibonacci_nim_winning_move(89) is None    # Fibonacci numbers lose
    assert libsg.fibonacci_nim_winning_move(2 ** 63, 2 ** 64 - 1) is not None
    with pytest.raises(libsg.RangeError):
        libsg.fibonacci_nim_winning_move(2 ** 63 + 1, 3)


# ---- coin-turning games ----------------------------------------------------------------------

# A move of each game, as the set of coins turned besides the rightmost one at place n.
def twins_moves(n: int) -> List[FrozenSet[int]]:
    return [frozenset([m]) for m in range(n)]


def ruler_moves(n: int) -> List[FrozenSet[int]]:   # places from 1
    return [frozenset(range(n - j, n)) for j in range(n)]


def turtles_moves(n: int) -> List[FrozenSet[int]]:
    return [frozenset()] + [frozenset([a]) for a in range(n)] + \
        [frozenset([a, b]) for a in range(n) for b in range(a + 1, n)]


GAMES: Dict[int, Tuple[Callable[[int], List[FrozenSet[int]]], int]] = {
    libsg.COIN_TWINS: (twins_moves, 0), libsg.COIN_RULER: (ruler_moves, 1),
    libsg.COIN_MOCK_TURTLES: (turtles_moves, 0)}


def brute_coin(game: int, n: int) -> List[int]:
    moves, first = GAMES[game]
    g = [0] * n
    for p in range(first, n):
        vals = set()
        for s in moves(p):
            v = 0
            for q in s:
                v ^= g[q]
            vals.add(v)
        g[p] = brute_mex(vals)
    return g


def test_coin_values() -> None:
    for game, (_, first) in GAMES.items():
        g = brute_coin(game, 40)
        assert [libsg.coin_value(game, n) for n in range(first, 40)] == g[first:]
    assert libsg.coin_value(libsg.COIN_RULER, 2 ** 63) == 2 ** 63
    with pytest.raises(libsg.RangeError) as cm:
        libsg.coin_value(libsg.COIN_RULER, 0)
    assert "1" in (cm.value.detail or "")
    with pytest.raises(libsg.RangeError):
        libsg.coin_value(libsg.COIN_MOCK_TURTLES, 2 ** 63)
    with pytest.raises(libsg.RangeError):
        libsg.coin_value(libsg.COIN_TWINS, 2 ** 63 + 1)
    with pytest.raises(libsg.InvalidArgumentError):
        libsg.coin_value(3, 1)
    with pytest.raises(libsg.InvalidArgumentError):
        libsg.coin_value(-1, 1)


def test_tartan_products_from_the_rules() -> None:
    # a move of the product game turns (A + {x}) x (B + {y}) for moves A of one game and B of
    # the other, (x, y) the corner going from heads to tails: the value of a single head is the
    # mex over those moves of the XOR of the other coins' values
    size = 7
    for gx, (mx, fx) in GAMES.items():
        for gy, (my, fy) in GAMES.items():
            g: Dict[Tuple[int, int], int] = {}
            for x in range(size):
                for y in range(size):
                    if x < fx or y < fy:
                        g[x, y] = 0
                        continue
                    vals = set()
                    for a in mx(x):
                        for b in my(y):
                            v = 0
                            for p in a | {x}:
                                for q in b | {y}:
                                    if (p, q) != (x, y):
                                        v ^= g[p, q]
                            vals.add(v)
                    g[x, y] = brute_mex(vals)
                    assert libsg.tartan_value(gx, x, gy, y) == g[x, y], (gx, gy, x, y)
    with pytest.raises(libsg.RangeError) as cm:
        libsg.tartan_value(libsg.COIN_TWINS, 3, libsg.COIN_RULER, 0)
    assert "ruler" in (cm.value.detail or "")
    with pytest.raises(libsg.InvalidArgumentError):
        libsg.tartan_value(libsg.COIN_TWINS, 3, 9, 1)
