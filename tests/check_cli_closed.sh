#!/bin/sh
# The grundy tool: `wythoff X Y` against a game-tree search on small heaps and the exact
# P-position test on large ones; moore, staircase, anti-sg, fibonacci-nim, coin, wythoff-pair
# and wythoff-values against searches and mex loops written here from the games' moves;
# `nimber OP ...` against nim products computed here from the
# Fermat 2-power recursion (checked against Conway's mex definition), by brute force in the
# subfield of 256 elements and by field identities on random 64-bit values; bad input.
BUILD=${BUILD:-build}
export BUILD
exec python3 - <<'PY'
import math, os, random, subprocess, sys
from functools import lru_cache

TOOL = os.path.join(os.environ["BUILD"], "grundy")
FAIL = []

def fail(msg):
    FAIL.append(msg)
    if len(FAIL) <= 20:
        print("FAIL: " + msg)

def run(*args):
    try:
        p = subprocess.run([TOOL] + [str(a) for a in args], capture_output=True, timeout=60)
    except subprocess.TimeoutExpired:
        fail("grundy %s: no answer in 10 s" % " ".join(map(str, args)))
        return 124, "", ""
    return p.returncode, p.stdout.decode(), p.stderr.decode()

def ok(*args):
    st, out, err = run(*args)
    if st != 0 or err:
        fail("grundy %s: status %d, stderr %r" % (" ".join(map(str, args)), st, err))
    return out

def bad(status, *args):
    st, out, err = run(*args)
    if st != status or out or not err.startswith("grundy: "):
        fail("grundy %s: want status %d and a message, got %d, %r, %r"
             % (" ".join(map(str, args)), status, st, out, err))

# ---- Wythoff -----------------------------------------------------------------------------

def options(x, y):
    for d in range(1, x + 1):
        yield x - d, y
    for d in range(1, y + 1):
        yield x, y - d
    for d in range(1, min(x, y) + 1):
        yield x - d, y - d

@lru_cache(maxsize=None)
def wins(x, y):
    return any(not wins(a, b) for a, b in options(x, y))

def legal(x, y, a, b):
    return (a, b) in set(options(x, y))

def is_p(x, y):
    lo, hi = min(x, y), max(x, y)
    k = hi - lo
    return lo == (k + math.isqrt(5 * k * k)) // 2

def check_wythoff(x, y, small):
    out = ok("wythoff", x, y).split()
    p = not wins(x, y) if small else is_p(x, y)
    if p:
        if out != ["P"]:
            fail("wythoff %d %d: got %r, want P" % (x, y, out))
        return
    if len(out) != 3 or out[0] != "N":
        fail("wythoff %d %d: got %r, want N X' Y'" % (x, y, out))
        return
    a, b = int(out[1]), int(out[2])
    moved = (a == x and b < y) or (b == y and a < x) or (0 < x - a == y - b)
    if not moved or (small and not legal(x, y, a, b)):
        fail("wythoff %d %d: %d %d is not a move" % (x, y, a, b))
    if (small and wins(a, b)) or (not small and not is_p(a, b)):
        fail("wythoff %d %d: %d %d is not a P-position" % (x, y, a, b))

sys.setrecursionlimit(10000)
for x in range(18):
    for y in range(18):
        check_wythoff(x, y, True)
rng = random.Random(14)
for _ in range(60):
    x = rng.randrange(2 ** rng.randrange(1, 64))
    y = x + rng.randrange(8) if rng.random() < 0.3 else rng.randrange(2 ** 63 + 1)
    check_wythoff(x, y, False)
phi_k = 10 ** 18
a = (phi_k + math.isqrt(5 * phi_k * phi_k)) // 2
check_wythoff(a, a + phi_k, False)
check_wythoff(a + phi_k, a, False)
check_wythoff(2 ** 63, 2 ** 63, False)
# a malformed number: status 1; a heap beyond 2^63 (the stated range): status 2
for args in (["2^63+1", 0], ["x", 1], [-1, 2]):
    bad(1, "wythoff", *args)
for args in ([9223372036854775809, 1], [1, 2 ** 64]):
    bad(2, "wythoff", *args)
for args in ([], [1], [1, 2, 3]):
    bad(2, "wythoff", *args)

# ---- nimbers -----------------------------------------------------------------------------

def mul(a, b, w=64):
    if a < 2 or b < 2:
        return a * b
    h = w // 2
    m = (1 << h) - 1
    a0, a1, b0, b1 = a & m, a >> h, b & m, b >> h
    hh = mul(a1, b1, h)
    return (((hh ^ mul(a1, b0, h) ^ mul(a0, b1, h)) << h)
            ^ mul(a0, b0, h) ^ mul(hh, 1 << (h - 1), h))

defn = {}
for x in range(16):
    for y in range(16):
        s = {defn[x2, y] ^ defn[x, y2] ^ defn[x2, y2] for x2 in range(x) for y2 in range(y)}
        g = 0
        while g in s:
            g += 1
        defn[x, y] = g
        if mul(x, y) != g:
            fail("the reference product differs from the definition at %d, %d" % (x, y))

def npow(a, e):
    r = 1
    while e:
        if e & 1:
            r = mul(r, a)
        a = mul(a, a)
        e >>= 1
    return r

def val(*args):
    out = ok("nimber", *args).split()
    if len(out) != 1 or not out[0].isdigit():
        fail("nimber %s: output %r" % (" ".join(map(str, args)), out))
        return None
    return int(out[0])

# the subfield of 256 elements, by brute force
for a in range(1, 256, 3):
    want = [b for b in range(1, 256) if mul(a, b) == 1]
    if val("inv", a) != want[0]:
        fail("nimber inv %d: want %d" % (a, want[0]))
    want = [s for s in range(256) if mul(s, s) == a]
    if val("sqrt", a) != want[0]:
        fail("nimber sqrt %d: want %d" % (a, want[0]))
for _ in range(40):
    a, b = rng.randrange(1, 256), rng.randrange(2, 256)
    ks = [k for k in range(256) if npow(b, k) == a]
    if ks:
        if val("log", a, b) != ks[0]:
            fail("nimber log %d %d: want %d" % (a, b, ks[0]))
    else:
        bad(2, "nimber", "log", a, b)
# random 64-bit values, by the field laws
for _ in range(8):
    a, b = rng.randrange(1, 2 ** 64), rng.randrange(2 ** 64)
    if mul(a, val("inv", a)) != 1:
        fail("nimber inv %d is not an inverse" % a)
    s = val("sqrt", b)
    if mul(s, s) != b:
        fail("nimber sqrt %d is not a root" % b)
    if mul(val("div", b, a), a) != b:
        fail("nimber div %d %d" % (b, a))
    if val("mul", a, b) != mul(a, b):
        fail("nimber mul %d %d" % (a, b))
    e = rng.randrange(2 ** 64)
    if val("pow", a, e) != npow(a, e):
        fail("nimber pow %d %d" % (a, e))
    k = rng.randrange(2 ** 64)
    got = val("log", npow(a, k), a)
    if got is not None and npow(a, got) != npow(a, k):
        fail("nimber log of %d^%d: %d" % (a, k, got))
    order = val("order", a)
    if order is not None and (npow(a, order) != 1 or (2 ** 64 - 1) % order != 0):
        fail("nimber order %d: %d" % (a, order))
if val("log", 1, 0) != 0 or val("log", 0, 0) != 1 or val("log", 5, 5) != 1:
    fail("nimber log: the edge cases 0^0, 0^1, 5^1")
# no solution: powers of a base below 2^32 stay below 2^32
# (status 2: the interface asks a clear message and status 2 for a logarithm with no solution,
# and likewise for the other operations without one and for an operand past the field)
bad(2, "nimber", "log", 2 ** 32 + 6, 12345)
bad(2, "nimber", "log", 0, 7)
bad(2, "nimber", "inv", 0)
bad(2, "nimber", "div", 5, 0)
bad(2, "nimber", "order", 0)
bad(2, "nimber", "inv", 2 ** 64)
bad(2, "nimber", "log", 2 ** 64, 3)
bad(1, "nimber", "inv", "abc")
bad(1, "nimber", "sqrt", -3)
bad(1, "nimber", "log", 3, "2x")
bad(2, "nimber", "frobnicate", 3)
bad(2, "nimber", "inv", 3, 4)
bad(2, "nimber", "log", 3)
bad(2, "nimber")
bad(2, "nimber", "inv")

# ---- the other closed forms ----------------------------------------------------------------

def lines(*args):
    return ok(*args).splitlines()

def outcome_line(got, win, what):
    want = "N, the player to move wins" if win else "P, the player to move loses"
    if not got or not got[0].endswith(want):
        fail("%s: first line %r, want ...%r" % (what, got[:1], want))
        return False
    return True

# Moore's Nim_k: whole-position search
@lru_cache(maxsize=None)
def moore_wins(h, k):
    n = len(h)
    def moves(i, cur, changed):
        if i == n:
            if changed:
                yield tuple(cur)
            return
        yield from moves(i + 1, cur, changed)
        if changed < k:
            for v in range(h[i]):
                yield from moves(i + 1, cur[:i] + [v] + cur[i + 1:], changed + 1)
    return any(not moore_wins(m, k) for m in moves(0, list(h), 0))

for k in (1, 2, 3):
    for h in [(a, b, c) for a in range(5) for b in range(5) for c in range(4)][::3]:
        win = moore_wins(h, k)
        got = lines("moore", k, *h)
        if not outcome_line(got, win, "moore %d %r" % (k, h)) or not win:
            continue
        before, after = got[1].split(": ")[1].split(" -> ")
        to = tuple(map(int, after.split()))
        changed = sum(1 for a, b in zip(h, to) if b != a)
        if tuple(map(int, before.split())) != h or any(b > a for a, b in zip(h, to)) \
                or not 1 <= changed <= k or moore_wins(to, k):
            fail("moore %d %r: bad winning move %r" % (k, h, got[1]))

# staircase Nim: values by mex over the moves
@lru_cache(maxsize=None)
def stair_value(s):
    opts = set()
    for i in range(1, len(s)):
        for c in range(1, s[i] + 1):
            t = list(s)
            t[i] -= c
            t[i - 1] += c
            opts.add(stair_value(tuple(t)))
    g = 0
    while g in opts:
        g += 1
    return g

import itertools
for s in list(itertools.product(range(2), range(4), range(4), range(3)))[::2]:
    v = stair_value(s)
    got = lines("staircase", *s)
    if not got or not got[0].startswith("value %d: " % v):
        fail("staircase %r: %r, want value %d" % (s, got[:1], v))
        continue
    if not outcome_line(got, v != 0, "staircase %r" % (s,)) or v == 0:
        continue
    w = got[1].split()
    coins, i = int(w[2]), int(w[6])
    t = list(s)
    if not (1 <= i < len(s) and 1 <= coins <= s[i]):
        fail("staircase %r: bad move %r" % (s, got[1]))
        continue
    t[i] -= coins
    t[i - 1] += coins
    if stair_value(tuple(t)) != 0:
        fail("staircase %r: the move %r does not win" % (s, got[1]))

# anti-SG on Nim heaps (their values): the player who cannot move wins
@lru_cache(maxsize=None)
def anti_wins(h):
    opts = [tuple(sorted(h[:i] + (v,) + h[i + 1:])) for i in range(len(h)) for v in range(h[i])]
    return not opts or any(not anti_wins(o) for o in opts)

for h in list(itertools.product(range(4), range(4), range(4), range(3)))[::2]:
    win = anti_wins(tuple(sorted(h)))
    got = lines("anti-sg", *h)
    if not outcome_line(got, win, "anti-sg %r" % (h,)) or not win:
        continue
    if all(x == 0 for x in h):
        if len(got) < 2 or "no move" not in got[1]:
            fail("anti-sg %r: %r" % (h, got))
        continue
    w = got[1].split()
    i, frm, to = int(w[3]), int(w[6]), int(w[9])
    if h[i] != frm or to >= frm or anti_wins(tuple(sorted(h[:i] + (to,) + h[i + 1:]))):
        fail("anti-sg %r: bad move %r" % (h, got[1]))

# Fibonacci Nim
@lru_cache(maxsize=None)
def fib_wins(n, m):
    return any(not fib_wins(n - t, 2 * t) for t in range(1, min(m, n) + 1))

for n in range(0, 45):
    for m in ([None] + list(range(0, n + 2, 3))):
        args = ["fibonacci-nim", n] + ([] if m is None else [m])
        mm = (n - 1 if n else 0) if m is None else m
        win = fib_wins(n, mm)
        got = lines(*args)
        if not outcome_line(got, win, " ".join(map(str, args))) or not win:
            continue
        t = int(got[1].split()[-1])
        if not 1 <= t <= min(mm, n) or fib_wins(n - t, 2 * t):
            fail("%s: bad move %r" % (" ".join(map(str, args)), got[1]))

# coin-turning games: a head's value by mex over the moves (the other turned coins are a sum)
def coin_moves(game, n):
    if game == "twins":
        return [(a,) for a in range(n)]
    if game == "ruler":
        return [tuple(range(n - j + 1, n)) for j in range(1, n + 1)]
    return [()] + [(a,) for a in range(n)] + [(a, b) for a in range(n) for b in range(a + 1, n)]

@lru_cache(maxsize=None)
def coin_value(game, n):
    opts = set()
    for m in coin_moves(game, n):
        v = 0
        for a in m:
            v ^= coin_value(game, a)
        opts.add(v)
    g = 0
    while g in opts:
        g += 1
    return g

@lru_cache(maxsize=None)
def tartan_value(gx, x, gy, y):
    opts = set()
    for a in coin_moves(gx, x):
        for b in coin_moves(gy, y):
            v = 0
            for cx in a + (x,):
                for cy in b + (y,):
                    if (cx, cy) != (x, y):
                        v ^= tartan_value(gx, cx, gy, cy)
            opts.add(v)
    g = 0
    while g in opts:
        g += 1
    return g

games = ["twins", "ruler", "mock-turtles"]
for game in games:
    for n in range(1 if game == "ruler" else 0, 24):
        if val2 := ok("coin", game, n).split():
            if int(val2[0]) != coin_value(game, n):
                fail("coin %s %d: %s, want %d" % (game, n, val2[0], coin_value(game, n)))
for gx in games:
    for gy in games:
        for x in range(1 if gx == "ruler" else 0, 5):
            for y in range(1 if gy == "ruler" else 0, 5):
                got = ok("coin", gx, x, gy, y).split()
                if got != [str(tartan_value(gx, x, gy, y))]:
                    fail("coin %s %d %s %d: %r, want %d" % (gx, x, gy, y, got,
                                                             tartan_value(gx, x, gy, y)))
if ok("coin", "mock-turtles", 2 ** 63 - 1).split() != [str(2 ** 64 - 2)]:
    fail("coin mock-turtles 2^63-1")

# Wythoff's pairs and values
for k in list(range(0, 30)) + [10 ** 18, 3 * 10 ** 18]:
    a = (k + math.isqrt(5 * k * k)) // 2
    if ok("wythoff-pair", k).split() != [str(a), str(a + k)]:
        fail("wythoff-pair %d: want %d %d" % (k, a, a + k))
@lru_cache(maxsize=None)
def wy_value(x, y):
    s = {wy_value(a, b) for a, b in options(x, y)}
    g = 0
    while g in s:
        g += 1
    return g
got = [list(map(int, l.split())) for l in lines("wythoff-values", 9, 12)]
if got != [[wy_value(x, y) for y in range(12)] for x in range(9)]:
    fail("wythoff-values 9 12: %r" % got)

# heaps beyond the stated range, an empty table: status 2 (the interface's bad-input cases);
# a malformed number: status 1
bad(2, "wythoff-pair", 2 ** 63)
bad(2, "wythoff-values", 0, 5)
bad(2, "wythoff-values", 5000, 5)
bad(2, "moore", 0, 1, 2)
bad(2, "moore", 1, 2 ** 63 + 1)
bad(1, "moore", "x", 2)
bad(2, "staircase", 1, "2^64")
bad(1, "anti-sg", 1, -2)
bad(2, "anti-sg", 1, 2 ** 64)
bad(2, "fibonacci-nim", 2 ** 63 + 1)
bad(2, "fibonacci-nim", 10, 2 ** 64)
bad(2, "coin", "ruler", 0)
bad(2, "coin", "mock-turtles", 2 ** 63)
bad(2, "coin", "twins", 2 ** 63 + 1)
bad(2, "wythoff", 2 ** 63 + 1, 0)
bad(2, "wythoff", 0, 2 ** 64)
bad(1, "wythoff", "3x", 0)
bad(2, "staircase", 2 ** 63 + 1)
bad(2, "coin", "ruler", 1, "mock-turtles", 2 ** 63)
bad(1, "nimber", "inv", "0x3")
bad(2, "coin", "foo", 1)
bad(2, "coin", "ruler", 1, "ruler")
bad(2, "moore")
bad(2, "fibonacci-nim", 1, 2, 3)
if FAIL:
    print("check_cli_closed: %d failures" % len(FAIL))
    sys.exit(1)
print("check_cli_closed: ok")
PY
