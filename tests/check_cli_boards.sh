#!/bin/sh
# The grundy tool on boards and strips: `welter X...` against a recursive mex over coin sets
# written here (every set of up to 3 coins below 12), its move landing on value 0; `hackenbush`
# against a recursive mex over edge subsets (random multigraphs of up to 7 edges, loops and
# repeated edges), its move too; `cram R C` (when the tool has it) against a recursive mex over
# bitmasks; bad input, with the statuses grundy(1) gives.
BUILD=${BUILD:-build}
export BUILD
exec python3 - <<'PY'
import json, os, random, subprocess, sys
from functools import lru_cache

TOOL = os.path.join(os.environ["BUILD"], "grundy")
FAIL = []
random.seed(35)

def fail(msg):
    FAIL.append(msg)
    if len(FAIL) <= 20:
        print("FAIL: " + msg)

def run(args, stdin=b""):
    try:
        p = subprocess.run([TOOL] + [str(a) for a in args], input=stdin, capture_output=True,
                           timeout=300)
    except subprocess.TimeoutExpired:
        fail("grundy %s: no answer in 300 s" % " ".join(map(str, args)))
        return 124, "", ""
    return p.returncode, p.stdout.decode(), p.stderr.decode()

def ok_json(args, stdin=b""):
    st, out, err = run(list(args) + ["--format", "json"], stdin)
    if st != 0 or err:
        fail("grundy %s: status %d, stderr %r" % (" ".join(map(str, args)), st, err))
        return None
    return json.loads(out)

def bad(status, args, stdin=b""):
    st, out, err = run(args, stdin)
    if st != status or out or not err.startswith("grundy: "):
        fail("grundy %s: want status %d and a message, got %d, %r, %r"
             % (" ".join(map(str, args)), status, st, out, err))

def mex(s):
    v = 0
    while v in s:
        v += 1
    return v

# ---- welter ----
@lru_cache(maxsize=None)
def welter(coins):
    opts = set()
    for c in coins:
        for to in range(c):
            if to not in coins:
                opts.add(welter(coins - {c} | frozenset([to])))
    return mex(opts)

for a in range(12):
    for b in range(a + 1, 12):
        for c in [None] + list(range(b + 1, 12)):
            coins = [a, b] + ([c] if c is not None else [])
            random.shuffle(coins)
            o = ok_json(["welter"] + coins)
            if o is None:
                continue
            want = welter(frozenset(coins))
            if o["value"] != want or o["outcome"] != ("N" if want else "P"):
                fail("welter %s: %r, want %d" % (coins, o, want))
            if want:
                m = o["move"]
                after = list(coins)
                if after[m["coin"]] != m["from"] or m["to"] >= m["from"] or m["to"] in coins:
                    fail("welter %s: illegal move %r" % (coins, m))
                    continue
                after[m["coin"]] = m["to"]
                if welter(frozenset(after)) != 0:
                    fail("welter %s: move %r does not reach value 0" % (coins, m))
            elif o["move"] is not None:
                fail("welter %s: a move in a P-position: %r" % (coins, o))
st, out, _ = run(["welter", 9, 3, 5])
if st != 0 or out.splitlines()[0] != "value %d" % welter(frozenset([9, 3, 5])):
    fail("welter 9 3 5 (text): %r" % out)
bad(1, ["welter", 4, 4])
bad(1, ["welter", "x"])
bad(1, ["welter", 2 ** 63])
o = ok_json(["welter", 2 ** 63 - 1, 0])
if o is not None and o["value"] != ((2 ** 63 - 1) ^ 0) - 1:
    fail("welter 2^63-1 0: %r (two coins: (a xor b) - 1)" % o)

# ---- hackenbush ----
def grounded(edges, kept):
    reach, out, grew = {0}, set(), True
    while grew:
        grew = False
        for e in kept:
            if e not in out and (edges[e][0] in reach or edges[e][1] in reach):
                out.add(e)
                reach |= set(edges[e])
                grew = True
    return frozenset(out)

def hackenbush(edges):
    @lru_cache(maxsize=None)
    def g(kept):
        return mex({g(grounded(edges, kept - {e})) for e in kept})
    return g, g(grounded(edges, frozenset(range(len(edges)))))

def text(n, edges):
    return ("%d %d\n" % (n, len(edges)) + "".join("%d %d\n" % e for e in edges)).encode()

for t in range(150):
    n = random.randint(1, 5)
    edges = [(random.randrange(n), random.randrange(n)) for _ in range(random.randint(0, 7))]
    o = ok_json(["hackenbush"], text(n, edges))
    if o is None:
        continue
    g, want = hackenbush(edges)
    if o["value"] != want or (o["vertices"], o["edges"]) != (n, len(edges)):
        fail("hackenbush %r: %r, want %d" % (edges, o, want))
    if want:
        m = o["move"]
        rest = frozenset(range(len(edges))) - {m["edge"]}
        if tuple(m["ends"]) != edges[m["edge"]] or g(grounded(edges, rest)) != 0:
            fail("hackenbush %r: move %r does not reach value 0" % (edges, m))
bad(2, ["hackenbush"], b"2 1\n0 2\n")
bad(2, ["hackenbush"], b"2 1\n0 1 1\n")
bad(2, ["hackenbush"], b"2 2\n0 1\n")
bad(2, ["hackenbush"], b"2 1\n0 1\n1 1\n")
bad(2, ["hackenbush"], b"0 0\n")
bad(2, ["hackenbush"], b"x\n")
bad(2, ["hackenbush", "3"], b"1 0\n")

# ---- cram ----
def cram_brute(r, c, blocked=0):
    @lru_cache(maxsize=None)
    def g(empty):
        opts = set()
        for i in range(r * c):
            if empty >> i & 1:
                if i % c + 1 < c and empty >> (i + 1) & 1:
                    opts.add(g(empty & ~(3 << i)))
                if i + c < r * c and empty >> (i + c) & 1:
                    opts.add(g(empty & ~(1 << i | 1 << (i + c))))
        return mex(opts)
    return g((1 << (r * c)) - 1 & ~blocked)

if run(["help", "cram"])[0] == 0:
    for r in range(1, 5):
        for c in range(1, 5):
            o = ok_json(["cram", r, c])
            if o is not None and o.get("value") != cram_brute(r, c):
                fail("cram %d %d: %r, want %d" % (r, c, o, cram_brute(r, c)))
            o = ok_json(["cram", r, c, "--outcome"])
            if o is not None and o.get("outcome") != ("N" if cram_brute(r, c) else "P"):
                fail("cram %d %d --outcome: %r" % (r, c, o))
    for blocked in ([0, 4], [1, 2, 3], [5]):
        b = sum(1 << x for x in blocked)
        o = ok_json(["cram", 3, 3, "--blocked", ",".join(map(str, blocked))])
        if o is not None and o.get("value") != cram_brute(3, 3, b):
            fail("cram 3 3 --blocked %r: %r" % (blocked, o))
    bad(2, ["cram", 9, 8])
    bad(2, ["cram", 0, 3])
    bad(1, ["cram", 3, 3, "--blocked", "9"])

print("boards checks: %d failures" % len(FAIL))
sys.exit(1 if FAIL else 0)
PY
