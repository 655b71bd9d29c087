"""What the checks of the grundy tool (tests/cli_test*.py) share: running the tool with a time
limit, recording failures, comparing answers, and the independent references written here from
the definitions: mex loops, game-tree searches for Nim and misere Nim, nimber products from
their mex definition, periods read off plain sequences. Every run has a time limit and must not
die from a signal."""
import json
import os
import re
import subprocess
from functools import lru_cache

BUILD = os.environ.get("BUILD", "build")
TOOL = os.path.join(BUILD, "grundy")
FAILURES = []


def fail(msg):
    FAILURES.append(msg)
    if len(FAILURES) <= 20:
        print("FAIL: " + msg)


def run(*args, timeout=60):
    """Runs the tool; returns (status, stdout, stderr). A hang or a signal is a failure.
    The bound only catches a hang: 60 s, 30 times the slowest call under load (1.9 s)."""
    try:
        p = subprocess.run([TOOL] + [str(a) for a in args], capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        fail("grundy %s: no answer within %d s" % (" ".join(map(str, args)), timeout))
        return 124, "", ""
    if p.returncode < 0 or p.returncode >= 128:
        fail("grundy %s: killed (status %d)" % (" ".join(map(str, args)), p.returncode))
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def ok(*args):
    """Runs the tool expecting success and a silent stderr; returns stdout."""
    st, out, err = run(*args)
    if st != 0 or err:
        fail("grundy %s: status %d, stderr %r" % (" ".join(map(str, args)), st, err[:200]))
    return out


def expect(what, got, want):
    if got == want:
        return
    if isinstance(got, list) and isinstance(want, list):
        i = next((k for k in range(min(len(got), len(want))) if got[k] != want[k]),
                 min(len(got), len(want)))
        fail("%s: differ first at index %d: got %r, want %r (lengths %d, %d)"
             % (what, i, got[i:i + 8], want[i:i + 8], len(got), len(want)))
        return
    fail("%s: got %.300r, want %.300r" % (what, got, want))


def json_of(*args):
    out = ok(*(list(args) + ["--format", "json"]))
    try:
        return json.loads(out)
    except ValueError as e:
        fail("grundy %s --format json: not JSON (%s): %r"
             % (" ".join(map(str, args)), e, out[:200]))
        return None


# ---- independent references -------------------------------------------------------------------

def mex(values):
    s = set(values)
    g = 0
    while g in s:
        g += 1
    return g


def subtraction_values(moves, count):
    g = []
    for n in range(count):
        g.append(mex(g[n - m] for m in moves if m <= n))
    return g


def least_period(seq, tail_from):
    """Least p (and least start) with seq[n + p] == seq[n] on the whole tail; seq must be long
    enough that the tail shows it."""
    n = len(seq)
    for p in range(1, (n - tail_from) // 2):
        if all(seq[i] == seq[i + p] for i in range(tail_from, n - p)):
            pre = tail_from
            while pre > 0 and seq[pre - 1] == seq[pre - 1 + p]:
                pre -= 1
            return pre, p
    return None


@lru_cache(maxsize=None)
def nim_loses(heaps):
    """Normal play, by searching the game tree: True when the player to move loses."""
    for i, h in enumerate(heaps):
        for to in range(h):
            if nim_loses(tuple(sorted(heaps[:i] + (to,) + heaps[i + 1:]))):
                return False
    return True


@lru_cache(maxsize=None)
def misere_loses(heaps):
    """Misere play: who takes the last token loses; with no token left the player to move has
    won."""
    if sum(heaps) == 0:
        return False
    for i, h in enumerate(heaps):
        for to in range(h):
            if misere_loses(tuple(sorted(heaps[:i] + (to,) + heaps[i + 1:]))):
                return False
    return True


@lru_cache(maxsize=None)
def nim_product_def(a, b):
    """a*b = mex{a'*b ^ a*b' ^ a'*b' : a' < a, b' < b} (Conway)."""
    return mex(nim_product_def(x, b) ^ nim_product_def(a, y) ^ nim_product_def(x, y)
               for x in range(a) for y in range(b))


def nim_product(a, b, half=32):
    """The same product by Fermat 2-powers: with H = 2^half, H*H = H ^ H/2."""
    if a < 2 or b < 2:
        return a * b
    while half > 1 and a >> half == 0 and b >> half == 0:
        half //= 2
    mask = (1 << half) - 1
    a1, a0, b1, b0 = a >> half, a & mask, b >> half, b & mask
    hh = nim_product(a1, b1, half // 2)
    high = hh ^ nim_product(a1, b0, half // 2) ^ nim_product(a0, b1, half // 2)
    low = nim_product(a0, b0, half // 2) ^ nim_product(hh, 1 << (half - 1), half // 2)
    return (high << half) ^ low


def text_values(out):
    """The values of a text table: the rows 'n: v v v ...' after the heading."""
    vals = []
    for line in out.splitlines()[1:]:
        m = re.match(r"^ *(\d+): ((?: *\d+)+)$", line)
        if not m:
            continue
        if int(m.group(1)) != len(vals):
            fail("text row starts at %s, expected %d" % (m.group(1), len(vals)))
        vals.extend(int(x) for x in m.group(2).split())
    return vals
