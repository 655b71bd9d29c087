"""Tests of the Python binding against the built library (LIBSG_PATH) and plain brute force.

Run: LIBSG_PATH=build/libsg.so PYTHONPATH=bindings/python python3 -m pytest bindings/python/tests
(tests/check_python.sh does so, and runs mypy --strict over the package and these tests).
"""

import doctest
import itertools
import os
import random
import re
import subprocess
import sys
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple

import pytest

import libsg
from libsg import _lib


# ---- brute force, written from the definitions ---------------------------------------------

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


# ---- tests -----------------------------------------------------------------------------------

class TestLoading:
    def test_version(self) -> None:
        assert re.search(r"^\d+\.\d+\.\d+$", libsg.version())
        major, minor, patch = (int(x) for x in libsg.version().split("."))
        assert libsg.version_number() == major * 10000 + minor * 100 + patch
        assert major == libsg.ABI_MAJOR

    def test_version_check(self) -> None:
        _lib._check_version(libsg.MIN_VERSION_NUMBER)
        _lib._check_version(libsg.ABI_MAJOR * 10000 + 9999)
        with pytest.raises(ImportError):
            _lib._check_version((libsg.ABI_MAJOR + 1) * 10000)
        if libsg.MIN_VERSION_NUMBER > 0:
            with pytest.raises(ImportError):
                _lib._check_version(libsg.MIN_VERSION_NUMBER - 1)

    def test_loaded_from_libsg_path(self) -> None:
        if os.environ.get("LIBSG_PATH"):
            assert libsg.library_path == os.environ["LIBSG_PATH"]

    def test_bad_libsg_path(self) -> None:
        env = dict(os.environ, LIBSG_PATH="/nonexistent/libsg.so")
        r = subprocess.run([sys.executable, "-c", "import libsg"], env=env,
                           capture_output=True, text=True)
        assert r.returncode != 0
        assert "ImportError" in r.stderr
        assert "/nonexistent/libsg.so" in r.stderr

    def test_strerror(self) -> None:
        assert libsg.strerror(libsg.OK) == "success"
        assert libsg.strerror(libsg.ELOOP) == "the game graph has a cycle"
        assert libsg.strerror(12345) == "unknown status"
        assert libsg.strerror(1 << 40) == "unknown status"

    def test_status_names_match_header(self) -> None:
        header = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                              "include", "sg.h")
        with open(header) as f:
            found = re.findall(r'X\((\w+), (-?\d+), "([^"]*)"\)', f.read())
        assert len(found) >= 7
        for name, code, text in found:
            assert getattr(libsg, name) == int(code), name
            assert name in libsg.__all__
            assert libsg.strerror(int(code)) == text


class TestMexNim:
    def test_mex(self) -> None:
        rng = random.Random(1)
        assert libsg.mex([]) == 0
        for _ in range(300):
            k = rng.randrange(0, 150)
            vals = [rng.randrange(0, k + 3) for _ in range(k)]
            assert libsg.mex(vals) == brute_mex(set(vals)), vals
        assert libsg.mex({0, 1, 2, 1 << 40, 1 << 80}) == 3
        assert libsg.mex(range(100)) == 100

    def test_mex_bad(self) -> None:
        with pytest.raises(ValueError):
            libsg.mex([0, -1])
        with pytest.raises(TypeError):
            libsg.mex([0.5])  # type: ignore[list-item]

    def test_nim(self) -> None:
        rng = random.Random(2)
        for _ in range(300):
            heaps = [rng.randrange(0, 40) for _ in range(rng.randrange(0, 6))]
            assert libsg.nim_sum(heaps) == xor_all(heaps)
            wins = [(i, s) for i, h in enumerate(heaps) for s in range(h)
                    if xor_all(heaps[:i] + [s] + heaps[i + 1:]) == 0]
            assert libsg.nim_winning_moves(heaps) == wins, heaps
            assert libsg.nim_winning_move(heaps) == (wins[0] if wins else None), heaps
        assert libsg.nim_winning_move([3, 4, 5]) == (0, 1)
        big = [(1 << 64) - 1, 1 << 63]
        assert libsg.nim_sum(big) == ((1 << 64) - 1) ^ (1 << 63)
        assert libsg.nim_winning_move(big) == (0, 1 << 63)

    def test_misere(self) -> None:
        memo: Dict[Tuple[int, ...], bool] = {}

        def loses(heaps: Sequence[int]) -> bool:
            """misere Nim by exhaustive search: the player who cannot move has won"""
            key = tuple(sorted(heaps))
            if key not in memo:
                if sum(key) == 0:
                    memo[key] = False
                else:
                    memo[key] = all(not loses(key[:i] + (s,) + key[i + 1:])
                                    for i, h in enumerate(key) for s in range(h))
            return memo[key]

        for heaps in itertools.product(range(5), repeat=3):
            pos = list(heaps)
            mv = libsg.misere_winning_move(pos)
            assert libsg.misere_wins(pos) == (not loses(pos)), pos
            if sum(pos) == 0:
                assert mv is None   # already won: there is no move to make
            elif loses(pos):
                assert mv is None, pos
            else:
                assert mv is not None, pos
                i, s = mv
                assert s < pos[i]
                assert loses(pos[:i] + [s] + pos[i + 1:]), (pos, mv)
        assert libsg.misere_winning_move([]) is None   # no heap to move on
        assert libsg.misere_wins([])

    def test_nim_mul(self) -> None:
        m = 16
        prod = brute_nim_mul_table(m)
        for a in range(m):
            for b in range(m):
                assert libsg.nim_mul(a, b) == prod[a][b], (a, b)
        # a field: every nonzero a has an inverse; in 2**64 nimbers, x*x*... checks associativity
        rng = random.Random(3)
        for _ in range(200):
            a, b, c = (rng.randrange(1 << 64) for _ in range(3))
            assert libsg.nim_mul(libsg.nim_mul(a, b), c) == libsg.nim_mul(a, libsg.nim_mul(b, c))
            assert libsg.nim_mul(a, b ^ c) == libsg.nim_mul(a, b) ^ libsg.nim_mul(a, c)

    def test_bad_heaps(self) -> None:
        for f in (libsg.nim_sum, libsg.nim_winning_move, libsg.nim_winning_moves,
                  libsg.misere_winning_move):
            with pytest.raises(ValueError):
                f([1, -2])
            with pytest.raises(OverflowError):
                f([1 << 64])
            with pytest.raises(TypeError):
                f([1.0])  # type: ignore[list-item]
            with pytest.raises(TypeError):
                f(["3"])  # type: ignore[list-item]
        with pytest.raises(ValueError):
            libsg.nim_mul(-1, 2)
        with pytest.raises(OverflowError):
            libsg.nim_mul(1 << 64, 2)


class TestSubtraction:
    def test_table(self) -> None:
        rng = random.Random(4)
        sets = [[1, 3, 4], [1, 2, 3], [2, 5, 7], [1]]
        sets += [rng.sample(range(1, 12), rng.randrange(1, 5)) for _ in range(30)]
        for s in sets:
            assert libsg.subtraction_table(s, 150).tolist() == brute_subtraction(s, 150), s
        assert libsg.subtraction_table([1, 3, 4], 0).tolist() == []

    def test_period(self) -> None:
        assert libsg.subtraction_period([1, 3, 4]) == (0, 7)
        rng = random.Random(5)
        for _ in range(30):
            s = rng.sample(range(1, 10), rng.randrange(1, 4))
            pre, per = libsg.subtraction_period(s)
            g = brute_subtraction(s, pre + 3 * per + 2 * max(s) + 40)
            assert brute_least_period(g, pre) == per, s
            if pre > 0:  # pre - 1 is an exception
                assert g[pre - 1] != g[pre - 1 + per], s

    def test_errors(self) -> None:
        with pytest.raises(libsg.Error) as cm:
            libsg.subtraction_table([], 10).tolist()
        assert cm.value.status == libsg.EINVAL
        assert cm.value.name == "EINVAL"
        assert cm.value.message == libsg.strerror(libsg.EINVAL)
        assert "invalid argument" in str(cm.value)
        with pytest.raises(libsg.Error):
            libsg.subtraction_table([0, 1], 10).tolist()
        with pytest.raises(libsg.Error):
            libsg.subtraction_period([])
        with pytest.raises(ValueError):
            libsg.subtraction_table([1, -3], 10).tolist()
        with pytest.raises(ValueError):
            libsg.subtraction_table([1], -1).tolist()
        with pytest.raises(OverflowError):
            libsg.subtraction_table([1], 1 << 64).tolist()
        with pytest.raises(OverflowError):
            libsg.subtraction_table([1], 1 << 62).tolist()


@pytest.mark.skipif(not libsg.has_octal, reason="the loaded library has no octal games")
class TestOctal:
    # OEIS A002187 (Dawson's Kayles, 0.07) and A002186 (Kayles, 0.77), from G(0)
    DAWSON = [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2,
              1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2]
    KAYLES = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2,
              8, 5, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4]

    def test_published(self) -> None:
        assert libsg.octal_table("0.07", len(self.DAWSON)).tolist() == self.DAWSON
        assert libsg.octal_table(".07", len(self.DAWSON)).tolist() == self.DAWSON
        assert libsg.octal_table("0.77", len(self.KAYLES)).tolist() == self.KAYLES

    def test_brute(self) -> None:
        codes = ["0.07", "0.77", "0.137", "0.51", "0.6", "0.007", "0.4", "0.72", "0.16"]
        rng = random.Random(6)
        codes += ["0." + "".join(rng.choice("01234567") for _ in range(rng.randrange(1, 4)))
                  for _ in range(20)]
        for code in codes:
            assert libsg.octal_table(code, 120).tolist() == brute_octal(code, 120), code
        for code in ["4.07", "4.0", "0.8", "0.f", "0.b4", "0.1f"]:   # d0 = 4, hexadecimal
            assert libsg.octal_table(code, 50).tolist() == brute_octal(code, 50), code

    def test_period(self) -> None:
        for code in ["0.07", "0.77", "0.137", "0.51", "0.4", "0.72"]:
            got = libsg.octal_period(code, 5000)
            assert got is not None, code
            pre, per = got
            g = brute_octal(code, max(2 * pre + 3 * per, 300))
            assert brute_least_period(g, pre) == per, code
            if pre > 0:
                assert g[pre - 1] != g[pre - 1 + per], code
        assert libsg.octal_period("0.07", 5000) == (53, 34)
        assert libsg.octal_period("0.77", 5000) == (71, 12)

    def test_open_problem_unproven(self) -> None:
        # Officers (0.6) has no known period: a short run must not claim one
        assert libsg.octal_period("0.6", 200) is None

    def test_value(self) -> None:
        for code, limit in [("0.07", 5000), ("0.77", 5000), ("0.137", 5000)]:
            got = libsg.octal_period(code, limit)
            assert got is not None
            pre, per = got
            table = libsg.octal_table(code, 3000).tolist()
            for n in [0, 1, 51, 52, 53, 70, 71, 500, 2999]:
                assert libsg.octal_value(code, n) == table[n], (code, n)
                assert libsg.octal_value(code, n, limit=limit) == table[n], (code, n)
            for n in [3000, 10 ** 6 + 7, 10 ** 18, (1 << 64) - 1]:
                want = table[n] if n < len(table) else table[pre + (n - pre) % per]
                assert libsg.octal_value(code, n, limit=limit) == want, (code, n)
        with pytest.raises(ValueError):
            libsg.octal_value("0.6", 10 ** 9, 300)
        with pytest.raises(OverflowError):
            libsg.octal_value("0.07", 1 << 64)

    def test_format(self) -> None:
        for code, canon in [("0.07", "0.07"), (".07", "0.07"), ("0.070", "0.07"),
                            ("4.0", "4.0"), ("0.F", "0.f"), ("0.0", "0.0"), ("4.07", "4.07")]:
            assert libsg.octal_format(code) == canon, code

    def test_errors(self) -> None:
        with pytest.raises(libsg.Error) as cm:
            libsg.octal_table("0.07z", 5).tolist()
        assert "offset 4" in str(cm.value.detail)
        assert "offset 4" in str(cm.value)
        for bad in ["", "x", "0.07z", "0.g", "1.07", "0..7", "0.07 ", "0.07\u00e9"]:
            with pytest.raises(libsg.Error) as cm:
                libsg.octal_table(bad, 5).tolist()
            assert cm.value.status == libsg.EINVAL
        with pytest.raises(ValueError):
            libsg.octal_table("0.07\0", 5).tolist()
        with pytest.raises(TypeError):
            libsg.octal_table(7, 5).tolist()  # type: ignore[arg-type]
        with pytest.raises(ValueError):
            libsg.octal_table("0.07", -5).tolist()
        with pytest.raises(ValueError):
            libsg.octal_period("0.07", -5)


class TestFamilies:
    def test_grundy_game(self) -> None:
        n = 200
        brute = brute_grundy_game(n)
        assert libsg.grundy_game_table(n).tolist() == brute
        # OEIS A002188
        assert brute[:20] == [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3]
        assert libsg.grundy_game_table(0).tolist() == []

    def test_allbut(self) -> None:
        rng = random.Random(7)
        sets: List[List[int]] = [[], [1], [2], [1, 2], [3, 5]]
        sets += [rng.sample(range(1, 15), rng.randrange(1, 5)) for _ in range(20)]
        for ex in sets:
            brute = brute_table(120, lambda p, g: [g[p - k] for k in range(1, p + 1)
                                                   if k not in ex])
            assert libsg.allbut_table(ex, 120).tolist() == brute, ex
        assert libsg.allbut_table([], 10).tolist() == list(range(10))   # Nim
        with pytest.raises(libsg.Error):
            libsg.allbut_table([0], 10).tolist()
        with pytest.raises(ValueError):
            libsg.allbut_table([-1], 10).tolist()


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


def test_doctests() -> None:
    """The examples in the module's docstring and in docs/ffi.md run as tests too."""
    assert doctest.testmod(libsg).failed == 0
    ffi = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "docs",
                       "ffi.md")
    if os.path.exists(ffi):
        result = doctest.testfile(ffi, module_relative=False, globs={"libsg": libsg})
        assert result.failed == 0
