"""The game families of the Python binding against plain brute force: subtraction games (values,
periods, bad input), take-and-break codes (published values, the digit rules, periods, single
values, formatting, bad input), Grundy's game and all-but subtraction games."""

import random
from typing import List

import pytest

import libsg

from brute_force import (
    brute_grundy_game, brute_least_period, brute_octal, brute_subtraction, brute_table)


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
