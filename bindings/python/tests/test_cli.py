"""Every table function of the package against the C tool, build/grundy, on random inputs.

The tool is a separate program over the same library (its own argument parsing and output), so
a binding that passed a wrong count, read a table with the wrong width or mixed up its
arguments shows here. The tool is $GRUNDY, else the build tree's ($BUILD/grundy, BUILD relative
to the source root); the tests are skipped when neither exists.
"""

import os
import random
import subprocess
from typing import Callable, List

import pytest

import libsg

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
GRUNDY = os.environ.get("GRUNDY") or os.path.join(ROOT, os.environ.get("BUILD", "build"),
                                                  "grundy")
pytestmark = pytest.mark.skipif(not os.access(GRUNDY, os.X_OK), reason="no build/grundy")
SEED = 34


def tool(*args: str) -> str:
    r = subprocess.run([GRUNDY] + list(args), capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, (args, r.stderr)
    return r.stdout


def tool_values(*args: str) -> List[int]:
    """The values column of a csv sequence (n,value lines after the header)."""
    lines = tool(*args, "--format", "csv").split()
    assert lines[0] == "n,value"
    out = []
    for i, row in enumerate(lines[1:]):
        n, v = row.split(",")
        assert int(n) == i
        out.append(int(v))
    return out


def random_set(rng: random.Random, top: int) -> List[int]:
    return sorted(rng.sample(range(1, top + 1), rng.randrange(1, min(top, 5) + 1)))


def random_code(rng: random.Random) -> str:
    digits = "".join(rng.choice("01234567") for _ in range(rng.randrange(1, 5)))
    if digits.strip("0") == "":
        digits = "7"
    return rng.choice(["0", "4"]) + "." + digits


def octal_rule(code: str) -> Callable[[int], List[libsg.Option]]:
    """The options of a heap under an octal code, written from the definition (docs: digit d_i
    is about removing i tokens: bit 1 the whole heap, bit 2 one heap left, bit 4 two)."""
    whole, frac = code.split(".")
    digits = [int(whole)] + [int(c, 16) for c in frac]

    def rule(n: int) -> List[libsg.Option]:
        out: List[libsg.Option] = []
        for i, d in enumerate(digits):
            if i > n:
                break
            rest = n - i
            if i > 0 and d & 1 and rest == 0:
                out.append(libsg.Sum())
            if i > 0 and d & 2 and rest > 0:
                out.append(rest)
            if d & 4 and rest >= 2:
                out += [libsg.Sum(a, rest - a) for a in range(1, rest // 2 + 1)]
        return out
    return rule


def test_subtraction_and_allbut_tables() -> None:
    # proves subtraction_table and allbut_table give the tool's values on 40 random sets each
    rng = random.Random(SEED)
    for _ in range(40):
        moves, n = random_set(rng, 12), rng.randrange(1, 400)
        arg = ",".join(map(str, moves))
        want = tool_values("sub", arg, "-n", str(n))
        assert libsg.subtraction_table(moves, n).tolist() == want, (moves, n)
        rule = (lambda s: lambda p: [p - k for k in s if k <= p])(moves)
        assert libsg.table_build(rule, n).tolist() == want, (moves, n)
        excluded = random_set(rng, 8)
        want = tool_values("allbut", ",".join(map(str, excluded)), "-n", str(n))
        assert libsg.allbut_table(excluded, n).tolist() == want, (excluded, n)


def test_octal_tables() -> None:
    # proves octal_table, and table_build over a rule written from the code, give the tool's
    # values on 40 random octal codes (with 4.x codes, where d0 = 4 splits without removing)
    rng = random.Random(SEED + 1)
    for _ in range(40):
        code, n = random_code(rng), rng.randrange(1, 300)
        want = tool_values("octal", code, "-n", str(n))
        assert libsg.octal_table(code, n).tolist() == want, (code, n)
        if code.startswith("0."):
            assert libsg.table_build(octal_rule(code), n).tolist() == want, (code, n)


def test_grundy_game_and_wythoff_tables() -> None:
    # proves grundy_game_table (the direct call and the polled one past 2**16 values) and
    # wythoff_table give the tool's values
    rng = random.Random(SEED + 2)
    for n in (1, 2, 3, rng.randrange(4, 2000), (1 << 16) + rng.randrange(1, 500)):
        assert libsg.grundy_game_table(n).tolist() == tool_values("grundy-game", "-n", str(n))
    for _ in range(10):
        rows, cols = rng.randrange(1, 40), rng.randrange(1, 40)
        want = [[int(v) for v in line.split()] for line in
                tool("wythoff-values", str(rows), str(cols)).strip().split("\n")]
        got = libsg.wythoff_table(rows, cols).tolist()
        assert [got[x * cols:(x + 1) * cols] for x in range(rows)] == want, (rows, cols)


def test_misere_tables() -> None:
    # proves MisereOctal.table, and misere_table over the rule of the code, give the tool's
    # misere outcomes (N/P) of single heaps on 25 random codes
    rng = random.Random(SEED + 3)
    for _ in range(25):
        code = random_code(rng)
        if code.startswith("4."):
            code = "0." + code[2:]
        # misere sums of split heaps are searched exactly, and soon grow costly
        splits = any(int(c) & 4 for c in code.split(".")[1])
        n = rng.randrange(1, 16 if splits else 60)
        rows = tool("misere", code, "-n", str(n), "--format", "csv").split()
        assert rows[0] == "n,outcome"
        want = [1 if row.split(",")[1] == "N" else 0 for row in rows[1:]]
        assert [int(row.split(",")[0]) for row in rows[1:]] == list(range(n))
        with libsg.MisereOctal(code) as m:
            assert m.table(n).tolist() == want, (code, n)
        # the generic misere table takes single positions: a split into two heaps has no
        # misere outcome from its parts, so only codes without bit 4 are compared this way
        if not splits:
            assert libsg.misere_table(octal_rule(code), n).tolist() == want, (code, n)
