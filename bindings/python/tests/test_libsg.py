"""Tests of the Python binding against the built library (LIBSG_PATH) and plain brute force
(brute_force.py): loading and versions, status codes, the mex, Nim and misere Nim, nimber
products, and the doctests of the module and of docs/ffi.md.

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
from typing import Dict, Sequence, Tuple

import pytest

import libsg
from libsg import _lib

from brute_force import brute_mex, brute_nim_mul_table, xor_all


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


def test_doctests() -> None:
    """The examples in the module's docstring and in docs/ffi.md run as tests too."""
    assert doctest.testmod(libsg).failed == 0
    ffi = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "docs",
                       "ffi.md")
    if os.path.exists(ffi):
        result = doctest.testfile(ffi, module_relative=False, globs={"libsg": libsg})
        assert result.failed == 0
