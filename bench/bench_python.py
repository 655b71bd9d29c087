"""Rules written in Python, run by the library, against the plain Python a user would write.

Each case computes the same values twice: through libsg (table_build, Memo) with the rule as a
Python function, and with a plain Python loop and its own mex (a list for a table, a dict and
recursion for a memo); it checks that both agree and prints the line of bench/bench.h:

    case | libsg time | baseline time | ratio (baseline / libsg) | figure of merit | agree

ratio > 1 means the library is faster. Each side runs BENCH_REPS times (default 3) and the best
CPU time is kept (BENCH_CLOCK=wall for wall time). The cases run with the extension module
(libsg.native), then again through ctypes alone (LIBSG_NATIVE=0, in a child process), which is
how every rule ran before the extension module. Run: PYTHONPATH=build/python python3 this file
(`make bench` builds build/python and runs it).
"""

import os
import subprocess
import sys
import time
from typing import Any, Callable, Dict, Hashable, List, Tuple

import libsg

WALL = os.environ.get("BENCH_CLOCK") == "wall"
REPS = max(1, int(os.environ.get("BENCH_REPS", "3")))


def now() -> float:
    return time.monotonic() if WALL else time.process_time()


def best(run: Callable[[], Any]) -> Tuple[float, Any]:
    t_best, out = float("inf"), None
    for _ in range(REPS):
        t = now()
        out = run()
        t_best = min(t_best, now() - t)
    return t_best, out


def line(name: str, lib: float, base: float, figure: str, agree: bool) -> None:
    print("%-44s %9.4f s %9.4f s %7.2fx  %-26s %s" % (name, lib, base, base / lib, figure,
                                                      "yes" if agree else "NO"), flush=True)


# ---- the plain Python side ---------------------------------------------------------------

def plain_table(rule: Callable[[int], List[int]], n: int) -> List[int]:
    g = [0] * n
    for p in range(n):
        seen = {g[o] for o in rule(p)}
        m = 0
        while m in seen:
            m += 1
        g[p] = m
    return g


def plain_memo(rule: Callable[[Hashable], List[Hashable]], start: Hashable) -> Dict[Hashable, int]:
    memo: Dict[Hashable, int] = {}

    def value(s: Hashable) -> int:
        v = memo.get(s)
        if v is None:
            seen = {value(o) for o in rule(s)}
            v = 0
            while v in seen:
                v += 1
            memo[s] = v
        return v
    value(start)
    return memo


# ---- the cases -------------------------------------------------------------------------------

MOVES = (1, 3, 4)


def subtraction(n: int) -> List[int]:
    return [n - s for s in MOVES if s <= n]


WIDE = tuple(range(1, 9))


def wide(n: int) -> List[int]:
    return [n - s for s in WIDE if s <= n]


def two_heaps(s: Any) -> List[Hashable]:
    x, y = s
    return [(x - k, y) for k in MOVES if k <= x] + [(x, y - k) for k in MOVES if k <= y]


def table_case(name: str, rule: Callable[[int], List[int]], n: int) -> None:
    lib, got = best(lambda: libsg.table_build(rule, n))
    base, want = best(lambda: plain_table(rule, n))
    line(name, lib, base, "%.0f ns/position" % (lib / n * 1e9), list(got) == want)


def memo_case(name: str, side: int) -> None:
    start = (side - 1, side - 1)

    def run_lib() -> Any:
        m: Any = libsg.Memo(two_heaps)
        m.value(start)
        return m
    lib, m = best(run_lib)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * side + 100))
    base, want = best(lambda: plain_memo(two_heaps, start))
    agree = m.count == len(want) and all(m[s] == v for s, v in want.items())
    line(name, lib, base, "%.0f ns/state" % (lib / len(want) * 1e9), agree)


def main() -> None:
    ctypes_only = os.environ.get("LIBSG_NATIVE") == "0"
    way = "ctypes" if ctypes_only else "native"
    if not ctypes_only:
        print("%-44s %11s %11s %8s  %-26s %s" % ("case", "libsg", "baseline", "ratio",
                                                 "figure", "agree"))
    if not ctypes_only and not libsg.native:
        print("python: no extension module (libsg.native is False): rules through ctypes")
    table_case("python table_build S={1,3,4} 10^6 (%s)" % way, subtraction, 10 ** 6)
    table_case("python table_build S={1..8} 10^6 (%s)" % way, wide, 10 ** 6)
    memo_case("python Memo 2 heaps S={1,3,4} 400^2 (%s)" % way, 400)
    if not ctypes_only and libsg.native:
        env = dict(os.environ, LIBSG_NATIVE="0")
        subprocess.run([sys.executable] + sys.argv, env=env, check=True)


if __name__ == "__main__":
    main()
