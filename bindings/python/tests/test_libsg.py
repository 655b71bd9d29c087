"""Tests of the Python binding against the built library (LIBSG_PATH) and plain brute force.

Run: LIBSG_PATH=build/libsg.so PYTHONPATH=bindings/python python3 -m unittest discover \
         -s bindings/python/tests
"""

import doctest
import itertools
import os
import random
import re
import subprocess
import sys
import unittest

import libsg


# ---- brute force, written from the definitions ---------------------------------------------

def brute_mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def brute_table(n, options):
    """SG(0..n-1) where options(p, g) lists the values of p's options given g = SG(0..p-1)."""
    g = []
    for p in range(n):
        g.append(brute_mex(set(options(p, g))))
    return g


def brute_subtraction(moves, n):
    return brute_table(n, lambda p, g: [g[p - s] for s in moves if s <= p])


def brute_least_period(seq, start=0):
    """The least p such that seq[i + p] == seq[i] for start <= i < len(seq) - p."""
    for p in range(1, len(seq) - start):
        if all(seq[i] == seq[i + p] for i in range(start, len(seq) - p)):
            return p
    return None


def brute_octal(code, n):
    """G(0..n-1) of an octal or hexadecimal game from the rules: digit d_i of code "d0.d1d2..."
    lets a move remove exactly i tokens from one heap and leave nothing (bit 1: the heap had
    exactly i), one non-empty heap (bit 2), two non-empty heaps (bit 4) or three (bit 8)."""
    whole, frac = code.split(".")
    digits = [int(whole or "0", 16)] + [int(c, 16) for c in frac]
    g = []
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


def brute_nim_mul_table(m):
    """a*b = mex{a'b + ab' + a'b' : a' < a, b' < b} (Conway), for a, b < m."""
    prod = [[0] * m for _ in range(m)]
    for a in range(m):
        for b in range(m):
            prod[a][b] = brute_mex({prod[x][b] ^ prod[a][y] ^ prod[x][y]
                                    for x in range(a) for y in range(b)})
    return prod


def xor_all(values):
    s = 0
    for v in values:
        s ^= v
    return s


# ---- tests -----------------------------------------------------------------------------------

class TestLoading(unittest.TestCase):
    def test_version(self):
        self.assertRegex(libsg.version(), r"^\d+\.\d+\.\d+$")
        major, minor, patch = (int(x) for x in libsg.version().split("."))
        self.assertEqual(libsg.version_number(), major * 10000 + minor * 100 + patch)
        self.assertEqual(major, libsg.ABI_MAJOR)

    def test_version_check(self):
        libsg._check_version(libsg.MIN_VERSION_NUMBER)
        libsg._check_version(libsg.ABI_MAJOR * 10000 + 9999)
        with self.assertRaises(ImportError):
            libsg._check_version((libsg.ABI_MAJOR + 1) * 10000)
        if libsg.MIN_VERSION_NUMBER > 0:
            with self.assertRaises(ImportError):
                libsg._check_version(libsg.MIN_VERSION_NUMBER - 1)

    def test_loaded_from_libsg_path(self):
        if os.environ.get("LIBSG_PATH"):
            self.assertEqual(libsg.library_path, os.environ["LIBSG_PATH"])

    def test_bad_libsg_path(self):
        env = dict(os.environ, LIBSG_PATH="/nonexistent/libsg.so")
        r = subprocess.run([sys.executable, "-c", "import libsg"], env=env,
                           capture_output=True, text=True)
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("ImportError", r.stderr)
        self.assertIn("/nonexistent/libsg.so", r.stderr)

    def test_strerror(self):
        self.assertEqual(libsg.strerror(libsg.OK), "success")
        self.assertEqual(libsg.strerror(libsg.ELOOP), "the game graph has a cycle")
        self.assertEqual(libsg.strerror(12345), "unknown status")
        self.assertEqual(libsg.strerror(1 << 40), "unknown status")

    def test_status_names_match_header(self):
        header = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                              "include", "sg.h")
        with open(header) as f:
            found = re.findall(r'X\((\w+), (-?\d+), "([^"]*)"\)', f.read())
        self.assertGreaterEqual(len(found), 7)
        for name, code, text in found:
            self.assertEqual(getattr(libsg, name), int(code), name)
            self.assertIn(name, libsg.__all__)
            self.assertEqual(libsg.strerror(int(code)), text)


class TestMexNim(unittest.TestCase):
    def test_mex(self):
        rng = random.Random(1)
        self.assertEqual(libsg.mex([]), 0)
        for _ in range(300):
            k = rng.randrange(0, 150)
            vals = [rng.randrange(0, k + 3) for _ in range(k)]
            self.assertEqual(libsg.mex(vals), brute_mex(set(vals)), vals)
        self.assertEqual(libsg.mex({0, 1, 2, 1 << 40, 1 << 80}), 3)
        self.assertEqual(libsg.mex(range(100)), 100)

    def test_mex_bad(self):
        self.assertRaises(ValueError, libsg.mex, [0, -1])
        self.assertRaises(TypeError, libsg.mex, [0.5])

    def test_nim(self):
        rng = random.Random(2)
        for _ in range(300):
            heaps = [rng.randrange(0, 40) for _ in range(rng.randrange(0, 6))]
            self.assertEqual(libsg.nim_sum(heaps), xor_all(heaps))
            wins = [(i, s) for i, h in enumerate(heaps) for s in range(h)
                    if xor_all(heaps[:i] + [s] + heaps[i + 1:]) == 0]
            self.assertEqual(libsg.nim_winning_moves(heaps), wins, heaps)
            self.assertEqual(libsg.nim_winning_move(heaps), wins[0] if wins else None, heaps)
        self.assertEqual(libsg.nim_winning_move([3, 4, 5]), (0, 1))
        big = [(1 << 64) - 1, 1 << 63]
        self.assertEqual(libsg.nim_sum(big), ((1 << 64) - 1) ^ (1 << 63))
        self.assertEqual(libsg.nim_winning_move(big), (0, 1 << 63))

    def test_misere(self):
        def loses(heaps, memo={}):
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
            heaps = list(heaps)
            mv = libsg.misere_winning_move(heaps)
            if sum(heaps) == 0:
                self.assertEqual(mv, (len(heaps), 0))
            elif loses(heaps):
                self.assertIsNone(mv, heaps)
            else:
                self.assertIsNotNone(mv, heaps)
                i, s = mv
                self.assertLess(s, heaps[i])
                self.assertTrue(loses(heaps[:i] + [s] + heaps[i + 1:]), (heaps, mv))
        self.assertEqual(libsg.misere_winning_move([]), (0, 0))

    def test_nim_mul(self):
        m = 16
        prod = brute_nim_mul_table(m)
        for a in range(m):
            for b in range(m):
                self.assertEqual(libsg.nim_mul(a, b), prod[a][b], (a, b))
        # a field: every nonzero a has an inverse; in 2**64 nimbers, x*x*... checks associativity
        rng = random.Random(3)
        for _ in range(200):
            a, b, c = (rng.randrange(1 << 64) for _ in range(3))
            self.assertEqual(libsg.nim_mul(libsg.nim_mul(a, b), c),
                             libsg.nim_mul(a, libsg.nim_mul(b, c)))
            self.assertEqual(libsg.nim_mul(a, b ^ c), libsg.nim_mul(a, b) ^ libsg.nim_mul(a, c))

    def test_bad_heaps(self):
        for f in (libsg.nim_sum, libsg.nim_winning_move, libsg.nim_winning_moves,
                  libsg.misere_winning_move):
            self.assertRaises(ValueError, f, [1, -2])
            self.assertRaises(OverflowError, f, [1 << 64])
            self.assertRaises(TypeError, f, [1.0])
            self.assertRaises(TypeError, f, ["3"])
        self.assertRaises(ValueError, libsg.nim_mul, -1, 2)
        self.assertRaises(OverflowError, libsg.nim_mul, 1 << 64, 2)


class TestSubtraction(unittest.TestCase):
    def test_table(self):
        rng = random.Random(4)
        sets = [[1, 3, 4], [1, 2, 3], [2, 5, 7], [1]]
        sets += [rng.sample(range(1, 12), rng.randrange(1, 5)) for _ in range(30)]
        for s in sets:
            self.assertEqual(libsg.subtraction_table(s, 150), brute_subtraction(s, 150), s)
        self.assertEqual(libsg.subtraction_table([1, 3, 4], 0), [])

    def test_period(self):
        self.assertEqual(libsg.subtraction_period([1, 3, 4]), (0, 7))
        rng = random.Random(5)
        for _ in range(30):
            s = rng.sample(range(1, 10), rng.randrange(1, 4))
            pre, per = libsg.subtraction_period(s)
            g = brute_subtraction(s, pre + 3 * per + 2 * max(s) + 40)
            self.assertEqual(brute_least_period(g, pre), per, s)
            if pre > 0:  # pre - 1 is an exception
                self.assertNotEqual(g[pre - 1], g[pre - 1 + per], s)

    def test_errors(self):
        with self.assertRaises(libsg.Error) as cm:
            libsg.subtraction_table([], 10)
        self.assertEqual(cm.exception.status, libsg.EINVAL)
        self.assertEqual(cm.exception.name, "EINVAL")
        self.assertEqual(cm.exception.message, libsg.strerror(libsg.EINVAL))
        self.assertIn("invalid argument", str(cm.exception))
        self.assertRaises(libsg.Error, libsg.subtraction_table, [0, 1], 10)
        self.assertRaises(libsg.Error, libsg.subtraction_period, [])
        self.assertRaises(ValueError, libsg.subtraction_table, [1, -3], 10)
        self.assertRaises(ValueError, libsg.subtraction_table, [1], -1)
        self.assertRaises(OverflowError, libsg.subtraction_table, [1], 1 << 64)
        self.assertRaises(OverflowError, libsg.subtraction_table, [1], 1 << 62)


@unittest.skipUnless(libsg.has_octal, "the loaded library has no octal games")
class TestOctal(unittest.TestCase):
    # OEIS A002187 (Dawson's Kayles, 0.07) and A002186 (Kayles, 0.77), from G(0)
    DAWSON = [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2,
              1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2]
    KAYLES = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2,
              8, 5, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4]

    def test_published(self):
        self.assertEqual(libsg.octal_table("0.07", len(self.DAWSON)), self.DAWSON)
        self.assertEqual(libsg.octal_table(".07", len(self.DAWSON)), self.DAWSON)
        self.assertEqual(libsg.octal_table("0.77", len(self.KAYLES)), self.KAYLES)

    def test_brute(self):
        codes = ["0.07", "0.77", "0.137", "0.51", "0.6", "0.007", "0.4", "0.72", "0.16"]
        rng = random.Random(6)
        codes += ["0." + "".join(rng.choice("01234567") for _ in range(rng.randrange(1, 4)))
                  for _ in range(20)]
        for code in codes:
            self.assertEqual(libsg.octal_table(code, 120), brute_octal(code, 120), code)
        for code in ["4.07", "4.0", "0.8", "0.f", "0.b4", "0.1f"]:   # d0 = 4, hexadecimal
            self.assertEqual(libsg.octal_table(code, 50), brute_octal(code, 50), code)

    def test_period(self):
        for code in ["0.07", "0.77", "0.137", "0.51", "0.4", "0.72"]:
            got = libsg.octal_period(code, 5000)
            self.assertIsNotNone(got, code)
            pre, per = got
            g = brute_octal(code, max(2 * pre + 3 * per, 300))
            self.assertEqual(brute_least_period(g, pre), per, code)
            if pre > 0:
                self.assertNotEqual(g[pre - 1], g[pre - 1 + per], code)
        self.assertEqual(libsg.octal_period("0.07", 5000), (53, 34))
        self.assertEqual(libsg.octal_period("0.77", 5000), (71, 12))

    def test_open_problem_unproven(self):
        # Officers (0.6) has no known period: a short run must not claim one
        self.assertIsNone(libsg.octal_period("0.6", 200))

    def test_value(self):
        for code, limit in [("0.07", 5000), ("0.77", 5000), ("0.137", 5000)]:
            pre, per = libsg.octal_period(code, limit)
            table = libsg.octal_table(code, 3000)
            for n in [0, 1, 51, 52, 53, 70, 71, 500, 2999]:
                self.assertEqual(libsg.octal_value(code, n), table[n], (code, n))
                self.assertEqual(libsg.octal_value(code, n, limit=limit), table[n], (code, n))
            for n in [3000, 10 ** 6 + 7, 10 ** 18, (1 << 64) - 1]:
                want = table[n] if n < len(table) else table[pre + (n - pre) % per]
                self.assertEqual(libsg.octal_value(code, n, limit=limit), want, (code, n))
        self.assertRaises(ValueError, libsg.octal_value, "0.6", 10 ** 9, 300)
        self.assertRaises(OverflowError, libsg.octal_value, "0.07", 1 << 64)

    def test_format(self):
        for code, canon in [("0.07", "0.07"), (".07", "0.07"), ("0.070", "0.07"),
                            ("4.0", "4.0"), ("0.F", "0.f"), ("0.0", "0.0"), ("4.07", "4.07")]:
            self.assertEqual(libsg.octal_format(code), canon, code)

    def test_errors(self):
        with self.assertRaises(libsg.Error) as cm:
            libsg.octal_table("0.07z", 5)
        self.assertIn("offset 4", cm.exception.detail)
        self.assertIn("offset 4", str(cm.exception))
        for bad in ["", "x", "0.07z", "0.g", "1.07", "0..7", "0.07 ", "0.07\u00e9"]:
            with self.assertRaises(libsg.Error, msg=bad) as cm:
                libsg.octal_table(bad, 5)
            self.assertEqual(cm.exception.status, libsg.EINVAL)
        self.assertRaises(ValueError, libsg.octal_table, "0.07\0", 5)
        self.assertRaises(TypeError, libsg.octal_table, 7, 5)
        self.assertRaises(ValueError, libsg.octal_table, "0.07", -5)
        self.assertRaises(ValueError, libsg.octal_period, "0.07", -5)


class TestFamilies(unittest.TestCase):
    def test_grundy_game(self):
        n = 200
        brute = brute_table(n, lambda p, g: [g[a] ^ g[p - a] for a in range(1, (p + 1) // 2)])
        self.assertEqual(libsg.grundy_game_table(n), brute)
        # OEIS A002188
        self.assertEqual(brute[:20], [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3])
        self.assertEqual(libsg.grundy_game_table(0), [])

    def test_allbut(self):
        rng = random.Random(7)
        sets = [[], [1], [2], [1, 2], [3, 5]]
        sets += [rng.sample(range(1, 15), rng.randrange(1, 5)) for _ in range(20)]
        for ex in sets:
            brute = brute_table(120, lambda p, g: [g[p - k] for k in range(1, p + 1)
                                                   if k not in ex])
            self.assertEqual(libsg.allbut_table(ex, 120), brute, ex)
        self.assertEqual(libsg.allbut_table([], 10), list(range(10)))   # Nim
        self.assertRaises(libsg.Error, libsg.allbut_table, [0], 10)
        self.assertRaises(ValueError, libsg.allbut_table, [-1], 10)


def lasker(n):
    return [n - k for k in range(1, n + 1)] + [(k, n - k) for k in range(1, n // 2 + 1)]


class TestTableBuild(unittest.TestCase):
    def test_lasker(self):
        n = 80
        brute = brute_table(n, lambda p, g: [g[p - k] for k in range(1, p + 1)] +
                            [g[k] ^ g[p - k] for k in range(1, p // 2 + 1)])
        self.assertEqual(libsg.table_build(n, lasker), brute)
        # Lasker's Nim: G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3
        self.assertEqual(brute[:12], [0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12])

    def test_same_as_subtraction(self):
        s = [2, 5, 7]
        got = libsg.table_build(200, lambda p: [p - x for x in s if x <= p])
        self.assertEqual(got, libsg.subtraction_table(s, 200))
        self.assertEqual(got, brute_subtraction(s, 200))

    def test_larger_options(self):
        # position p stands for heap n - 1 - p: every option is a larger position
        n = 60
        got = libsg.table_build(n, lambda p: [p + k for k in (1, 3, 4) if p + k < n])
        want = brute_subtraction([1, 3, 4], n)
        self.assertEqual(got, want[::-1])

    def test_empty_sum_and_generators(self):
        # any iterable works; () is a move to the empty sum (value 0)
        self.assertEqual(libsg.table_build(3, lambda p: iter([()] if p else [])), [0, 1, 1])
        self.assertEqual(libsg.table_build(0, lasker), [])

    def test_winning_move(self):
        n = 40
        g = libsg.table_build(n, lasker)
        rng = random.Random(8)
        larger = 0
        for _ in range(300):
            comps = [rng.randrange(n) for _ in range(rng.randrange(0, 5))]
            total = xor_all(g[c] for c in comps)
            got = libsg.winning_move(g, lasker, comps)
            if total == 0:
                self.assertIsNone(got, comps)
                continue
            i, opt = got
            self.assertIn(opt, lasker(comps[i]))
            value = xor_all(g[p] for p in opt) if isinstance(opt, tuple) else g[opt]
            self.assertEqual(total ^ g[comps[i]] ^ value, 0, (comps, got))
            # the lowest component with a winning option (Lasker's Nim has options of larger
            # value: that counts too), and its first such option
            def wins(c):
                return [o for o in lasker(c)
                        if (xor_all(g[p] for p in o) if isinstance(o, tuple) else g[o])
                        == total ^ g[c]]
            lowest = next(j for j, c in enumerate(comps) if wins(c))
            self.assertEqual((i, opt), (lowest, wins(comps[lowest])[0]), comps)
            larger += g[comps[i]] ^ total > g[comps[i]]
        self.assertGreater(larger, 0)   # the case of a move to a larger value did occur
        self.assertRaises(libsg.Error, libsg.winning_move, g, lasker, [n])
        self.assertRaises(ValueError, libsg.winning_move, g, lasker, [-1])

    def test_library_errors(self):
        with self.assertRaises(libsg.Error) as cm:
            libsg.table_build(5, lambda p: [p + 1])
        self.assertEqual(cm.exception.status, libsg.ERANGE)
        with self.assertRaises(libsg.Error) as cm:
            libsg.table_build(5, lambda p: [(p + 1) % 5])
        self.assertEqual(cm.exception.status, libsg.ELOOP)
        self.assertIn("cycle", cm.exception.message)

    def test_exception_in_rule(self):
        class Boom(Exception):
            pass

        calls = []

        def rule(p):
            calls.append(p)
            if p == 7:
                raise Boom("at 7")
            return [p - 1] if p else []

        with self.assertRaises(Boom) as cm:
            libsg.table_build(100, rule)
        self.assertEqual(str(cm.exception), "at 7")
        self.assertEqual(max(calls), 7)   # the computation stopped there

    def test_bad_options(self):
        self.assertRaises(ValueError, libsg.table_build, 5, lambda p: [-1])
        self.assertRaises(OverflowError, libsg.table_build, 5, lambda p: [1 << 64])
        self.assertRaises(TypeError, libsg.table_build, 5, lambda p: ["x"])
        self.assertRaises(TypeError, libsg.table_build, 5, lambda p: None)
        self.assertRaises(ValueError, libsg.table_build, 5, lambda p: [(0, -1)])
        self.assertRaises(TypeError, libsg.table_build, 5, 42)
        self.assertRaises(ValueError, libsg.table_build, -1, lasker)
        self.assertRaises(OverflowError, libsg.table_build, 1 << 64, lasker)


def wythoff_key(x, y):
    return x << 32 | y


def wythoff_rule(key):
    x, y = key >> 32, key & 0xFFFFFFFF
    return ([wythoff_key(x - k, y) for k in range(1, x + 1)] +
            [wythoff_key(x, y - k) for k in range(1, y + 1)] +
            [wythoff_key(x - k, y - k) for k in range(1, min(x, y) + 1)])


class TestMemo(unittest.TestCase):
    def test_wythoff(self):
        n = 25
        g = [[0] * n for _ in range(n)]
        for x in range(n):
            for y in range(n):
                opts = ({g[x - k][y] for k in range(1, x + 1)} |
                        {g[x][y - k] for k in range(1, y + 1)} |
                        {g[x - k][y - k] for k in range(1, min(x, y) + 1)})
                g[x][y] = brute_mex(opts)
        # the P-positions are the Wythoff pairs (a_k, a_k + k), a_k = mex of the earlier pairs
        used, pairs, k = set(), set(), 0
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
                    self.assertEqual(m.value(wythoff_key(x, y)), g[x][y], (x, y))
                    self.assertEqual(g[x][y] == 0, (x, y) in pairs, (x, y))
            self.assertEqual(m.count, n * n)
            self.assertGreater(m.bytes, 0)
        self.assertRaises(ValueError, m.value, 0)
        m.close()   # twice is fine

    def test_sums_and_large_keys(self):
        # a heap of key k: take 1, or split into two heaps k - 1 - j, j (Lasker-like, far keys)
        base = 1 << 60
        def rule(key):
            n = key - base
            return ([base + n - k for k in range(1, n + 1)] +
                    [(base + k, base + n - k) for k in range(1, n // 2 + 1)])
        brute = libsg.table_build(30, lasker)
        m = libsg.Memo(rule)
        self.assertEqual([m.value(base + i) for i in range(30)], brute)

    def test_errors(self):
        m = libsg.Memo(lambda key: [(key + 1) % 4])
        with self.assertRaises(libsg.Error) as cm:
            m.value(0)
        self.assertEqual(cm.exception.status, libsg.ELOOP)

        def rule(key):
            if key == 5:
                raise KeyError(key)
            return [key - 1] if key else []
        m = libsg.Memo(rule)
        self.assertRaises(KeyError, m.value, 9)
        self.assertEqual(m.value(4), 0)          # still usable; what was proven stays
        self.assertEqual(m.value(3), 1)
        self.assertRaises(ValueError, m.value, -1)
        self.assertRaises(OverflowError, m.value, 1 << 64)
        self.assertRaises(TypeError, libsg.Memo, None)
        self.assertRaises(ValueError, libsg.Memo, rule, -1)

    def test_memory_cap(self):
        m = libsg.Memo(lambda key: [key - 1] if key else [], max_bytes=4096)
        self.assertEqual(m.value(10), 0)
        with self.assertRaises(libsg.Error) as cm:
            m.value(100000)
        self.assertEqual(cm.exception.status, libsg.ENOMEM)
        self.assertLessEqual(m.bytes, 4096)
        self.assertEqual(m.value(9), 1)          # proven before: kept
        self.assertEqual(m.value(20), 0)         # and the memo still computes


def load_tests(loader, tests, ignore):
    """The examples in the module's docstring and in docs/ffi.md run as tests too."""
    tests.addTests(doctest.DocTestSuite(libsg))
    ffi = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "docs",
                       "ffi.md")
    if os.path.exists(ffi):
        tests.addTests(doctest.DocFileSuite(ffi, module_relative=False,
                                            globs={"libsg": libsg}))
    return tests


if __name__ == "__main__":
    unittest.main()
