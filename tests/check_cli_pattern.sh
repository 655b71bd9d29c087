#!/bin/sh
# The grundy tool: `pattern lasker`, `pattern split3` and `pattern V...` against values computed
# here by mex loops over the games' moves and a pattern search written here from its definition
# (the least period p, then the least start n0, whose stretch to the end spans three periods
# and half the values); --at against the published closed form of Lasker's Nim (G(4k+1) = 4k+1,
# G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3: Winning Ways, ch. 4); bad input.
BUILD=${BUILD:-build}
export BUILD
exec python3 - <<'PY'
import json, os, subprocess, sys

TOOL = os.path.join(os.environ["BUILD"], "grundy")
FAIL = []

def fail(msg):
    FAIL.append(msg)
    if len(FAIL) <= 20:
        print("FAIL: " + msg)

def run(*args):
    p = subprocess.run([TOOL] + [str(a) for a in args], capture_output=True, timeout=60)
    return p.returncode, p.stdout.decode(), p.stderr.decode()

def ok(*args):
    st, out, err = run(*args)
    if st != 0 or err:
        fail("grundy %s: status %d, stderr %r" % (" ".join(map(str, args)), st, err))
    return out

def bad(status, *args):
    st, out, err = run(*args)
    if st != status or out or not err.startswith("grundy: pattern: "):
        fail("grundy %s: want status %d and a message, got %d, %r, %r"
             % (" ".join(map(str, args)), status, st, out, err))

def mex(s):
    g = 0
    while g in s:
        g += 1
    return g

def lasker(count):
    G = []
    for n in range(count):
        s = {G[n - k] for k in range(1, n + 1)}
        s |= {G[a] ^ G[n - a] for a in range(1, n)}
        G.append(mex(s))
    return G

def split3(count):
    G = []
    for n in range(count):
        s = {G[n - k] for k in range(1, n + 1)}
        s |= {G[a] ^ G[b] ^ G[n - a - b] for a in range(1, n) for b in range(1, n - a)}
        G.append(mex(s))
    return G

def pattern(G):
    N = len(G)
    for p in range(1, N // 3 + 1):
        s = G[N - 1] - G[N - 1 - p]
        if s < 0:
            continue
        n = N - p
        while n > 0 and G[n - 1 + p] - G[n - 1] == s:
            n -= 1
        if N - n >= 3 * p and N - n >= N // 2:
            return n, p, s
    return 0, 0, 0

def check(args, G, what):
    pre, per, s = pattern(G)
    got = json.loads(ok("pattern", *args, "--format", "json"))
    # an observed pattern is never proven: the proven members null, the pattern under observed
    want = {"game": "pattern", "sequence": "values", "count": len(G),
            "proven": False, "preperiod": None, "period": None, "saltus": None,
            "observed": {"preperiod": pre, "period": per, "saltus": s} if per else None}
    if what != "values":
        want.update(sequence=args[0], name=what)
    if got != want:
        fail("pattern %s: %r, want %r" % (" ".join(map(str, args)), got, want))
    rows = ok("pattern", *args, "--format", "csv").splitlines()
    if rows != ["preperiod,period,saltus,proven", "%d,%d,%d,0" % (pre, per, s)]:
        fail("pattern %s csv: %r" % (" ".join(map(str, args)), rows))
    return pre, per, s

L = lasker(200)
if check(["lasker"], L, "Lasker's Nim") != (1, 4, 4):
    fail("Lasker's Nim: not the published pattern G(n + 4) = G(n) + 4 from n = 1")
check(["lasker", "-n", 37], L[:37], "Lasker's Nim")
T = split3(120)
if check(["split3", "-n", 120], T, "take or split in three") != (1, 8, 8):
    fail("take or split in three: not G(n + 8) = G(n) + 8 from n = 1")
text = ok("pattern", "lasker")
if "not proven" not in text or "G(n + 4) = G(n) + 4" not in text:
    fail("pattern lasker: %r" % text)

def published_lasker(n):
    return n if n % 4 in (0, 1, 2) and n % 4 != 0 else (n + 1 if n % 4 == 3 else n - 1)
for n in [0, 1, 2, 3, 4, 5, 10, 99, 199, 200, 1000003, 10 ** 9 + 3, 2 ** 31 + 2]:
    want = 0 if n == 0 else published_lasker(n)
    got = ok("pattern", "lasker", "--at", n).strip()
    if got != str(want):
        fail("pattern lasker --at %d: %s, want %d" % (n, got, want))
for n in range(120):
    if n % 17 == 0 and ok("pattern", "split3", "-n", 120, "--at", n).strip() != str(T[n]):
        fail("pattern split3 --at %d" % n)

# values given: every table the search finds something in, and some where it finds nothing
for G in ([0, 1, 2] * 5, [n // 2 for n in range(30)], [7, 3] + list(range(40)),
          [0, 0, 1, 3, 2, 3, 9, 4], L[:50], [5]):
    check(G, G, "values")
V = [3, 1, 4] + [n // 3 * 2 + n % 3 for n in range(60)]
pre, per, s = pattern(V)
for n in (0, 2, 70, 1000, 2 ** 20):
    if n < len(V):
        want = V[n]
    else:
        r = pre + (n - pre) % per
        want = V[r] + (n - r) // per * s
    if ok("pattern", *V, "--at", n).strip() != str(want):
        fail("pattern V... --at %d: want %d" % (n, want))

# bad input
bad(2, "pattern")
bad(2, "pattern", "lasker", 3)
bad(2, "pattern", "lasker", "-n", 0)
bad(2, "pattern", "lasker", "-n", 5000)
bad(2, "pattern", 1, 2, "-n", 5)
bad(2, "pattern", 1, 2 ** 32)
bad(1, "pattern", 1, "x")
bad(1, "pattern", 1, -2)
bad(1, "pattern", 1, 2, "--at", 100)
bad(2, "pattern", "lasker", "--period")
bad(2, "pattern", "lasker", "--format", "bfile")
if FAIL:
    print("check_cli_pattern: %d failures" % len(FAIL))
    sys.exit(1)
print("check_cli_pattern: ok")
PY
