"""Checks of `grundy loopy` (run by tests/check_cli_loopy.sh) against brute force written here.

Outcomes and remoteness: plain game search with draws, by rounds (round 0: no move, lost;
round k: won if an option was lost before, lost if every option was won before; never decided:
a draw; the round is the remoteness).
Values: by game search too, with no value theory: the position u plus a Nim heap of h tokens
is lost for the player to move exactly when the value of u is h (the sum rule); when no h is,
u is infinite and K is the set of h for which u plus the heap is won. The heap sizes searched
go up to n (no value exceeds the number of options).
Bigger graphs: outcomes and remoteness by the rounds, and the values against Smith's
conditions (Fraenkel and Yesha's counter function built by the same kind of rounds).

usage: python3 tests/cli_loopy.py
"""
import os
import random
import re
import subprocess
import sys

BUILD = os.environ.get("BUILD", "build")
TOOL = os.path.join(BUILD, "grundy")
FAILURES = []


def fail(msg):
    FAILURES.append(msg)
    if len(FAILURES) <= 20:
        print("FAIL: " + msg)


def run(text, timeout=20):
    p = subprocess.run([TOOL, "loopy"], input=text.encode(), capture_output=True,
                       timeout=timeout)
    if p.returncode < 0:
        fail("grundy loopy: killed by signal %d" % -p.returncode)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def rounds(n, succ):
    """Remoteness of each position (None for a draw) by rounds."""
    rem = [None] * n
    k = 0
    empty = 0
    while empty < 2:
        new = {}
        for s in range(n):
            if rem[s] is not None:
                continue
            opts = succ(s)
            if any(rem[t] is not None and rem[t] % 2 == 0 for t in opts):
                new[s] = k
            elif all(rem[t] is not None and rem[t] % 2 == 1 for t in opts):
                new[s] = k
        for s, r in new.items():
            rem[s] = r
        empty = 0 if new else empty + 1
        k += 1
    return rem


def outcome(r):
    return "D" if r is None else ("N" if r % 2 else "P")


def values_by_heaps(n, adj):
    """(value or None, K) per position, from the game search over position + Nim heap."""
    H = n + 1

    def succ(s):
        u, h = divmod(s, H)
        return [v * H + h for v in adj[u]] + [u * H + g for g in range(h)]

    rem = rounds(n * H, succ)
    out = []
    for u in range(n):
        lost = [h for h in range(H) if outcome(rem[u * H + h]) == "P"]
        if len(lost) > 1:
            fail("position %d plus two different heaps %r is lost: the sum rule fails" % (u, lost))
        if lost:
            out.append((lost[0], None))
        else:
            out.append((None, [h for h in range(H) if outcome(rem[u * H + h]) == "N"]))
    return out


def smith_ok(n, adj, val):
    """Smith's conditions A, B, C for val (None = infinite); returns a reason or None."""
    def fmex(u):
        s = {val[v] for v in adj[u] if val[v] is not None}
        m = 0
        while m in s:
            m += 1
        return m

    for u in range(n):
        if val[u] is not None and val[u] != fmex(u):
            return "A fails at %d" % u
        if val[u] is None:
            m = fmex(u)
            if not any(val[v] is None and all(val[w] != m for w in adj[v]) for v in adj[u]):
                return "C fails at %d" % u
    counted = [False] * n
    changed = True
    while changed:
        changed = False
        for u in range(n):
            if val[u] is None or counted[u]:
                continue
            if all(any(val[w] == val[u] and counted[w] for w in adj[v])
                   for v in adj[u] if val[v] is None or val[v] > val[u]):
                counted[u] = changed = True
    bad = [u for u in range(n) if val[u] is not None and not counted[u]]
    return "B fails at %r" % bad[:5] if bad else None


LINE = re.compile(r"^(\d+) (\d+|inf\(((\d+)(,\d+)*)?\)) ([NPD]) (\d+|-)$")


def parse(out, n):
    rows = out.split("\n")
    if rows[-1] != "":
        fail("output does not end with a newline")
    rows = rows[:-1]
    if len(rows) != n:
        fail("%d lines for %d positions" % (len(rows), n))
        return None
    res = []
    for u, row in enumerate(rows):
        m = LINE.match(row)
        if not m or int(m.group(1)) != u:
            fail("line %d is not 'u VALUE OUTCOME REMOTENESS': %r" % (u + 1, row))
            return None
        v = m.group(2)
        if v.startswith("inf"):
            inner = v[4:-1]
            val, k = None, [int(x) for x in inner.split(",")] if inner else []
        else:
            val, k = int(v), None
        r = None if m.group(7) == "-" else int(m.group(7))
        res.append((val, k, m.group(6), r))
    return res


def random_graph(rng, n, m):
    return [(rng.randrange(n), rng.randrange(n)) for _ in range(m)]


def graph_text(n, edges):
    return "%d %d\n" % (n, len(edges)) + "".join("%d %d\n" % e for e in edges)


def check(n, edges, full):
    adj = [[] for _ in range(n)]
    for u, v in edges:
        adj[u].append(v)
    st, out, err = run(graph_text(n, edges))
    if st != 0 or err:
        fail("graph %r: status %d, stderr %r" % (edges, st, err))
        return
    res = parse(out, n)
    if res is None:
        return
    rem = rounds(n, lambda s: adj[s])
    for u in range(n):
        val, k, o, r = res[u]
        if o != outcome(rem[u]) or r != rem[u]:
            fail("n=%d %r: position %d: %s %r, game search says %s %r"
                 % (n, edges, u, o, r, outcome(rem[u]), rem[u]))
            return
        want_k = sorted({res[v][0] for v in adj[u] if res[v][0] is not None})
        if val is None and k != want_k:
            fail("position %d: K %r, its options' finite values are %r" % (u, k, want_k))
    vals = [x[0] for x in res]
    if full:
        ref = values_by_heaps(n, adj)
        for u in range(n):
            if (vals[u], res[u][1]) != ref[u]:
                fail("n=%d %r: position %d: value %r K %r, the heap search says %r"
                     % (n, edges, u, vals[u], res[u][1], ref[u]))
                return
    else:
        why = smith_ok(n, adj, vals)
        if why:
            fail("n=%d: %s" % (n, why))


def check_errors():
    cases = [
        ("", 1, "the input ends here"),
        ("3\n", 1, "a number is missing"),
        ("x 1\n", 1, "not a number"),
        ("3 1 4\n", 1, "more than two numbers"),
        ("3 2\n0 1\n", 3, "the input ends here"),
        ("3 2\n0 1\n1 x\n", 3, "not a number"),
        ("3 2\n0 1\n1 3\n", 3, "not below"),
        ("3 1\n0 1\n2 2\n", 3, "more than"),
        ("3 1\n-1 2\n", 2, "not a number"),
        ("3 1\n0 1z\n", 2, "not a number"),
        ("99999999999999999999 0\n", 1, "too large"),
        ("5000000000 0\n", 1, "too large"),
    ]
    for text, line, words in cases:
        st, out, err = run(text)
        if st != 2 or out or ("line %d:" % line) not in err or words not in err \
                or not err.startswith("grundy: loopy: ") or err.count("\n") != 1:
            fail("input %r: status %d, stdout %r, stderr %r (want 2 and 'line %d: ... %s')"
                 % (text, st, out, err, line, words))
    # blank lines at the end, CR LF line ends, no final newline: fine
    for text in ("2 1\n0 1\n\n\n", "2 1\r\n0 1\r\n", "2 1\n0 1", "0 0\n"):
        st, out, err = run(text)
        if st != 0 or err:
            fail("input %r: status %d, stderr %r" % (text, st, err))
    st, out, err = run("2 1\r\n1 0\r\n")
    if out != "0 0 P 0\n1 1 N 1\n":
        fail("CR LF input: %r" % out)


def check_memory():
    """A graph too large for memory is refused from its first line, before any move is read,
    with status 1 (bad input, as every command's size check): 10^7 positions and 10 moves do
    not fit under ulimit -v 400000 at 48 bytes each, and the input ends after that line, which
    the tool reported (status 2, after reading) before it checked its size. Not under
    AddressSanitizer, whose shadow memory alone is past any such ulimit."""
    with open(TOOL, "rb") as f:
        if b"__asan_init" in f.read():
            return
    cmd = "ulimit -v 400000 && exec %s loopy" % TOOL
    try:
        p = subprocess.run(["sh", "-c", cmd], input=b"10000000 10\n", capture_output=True,
                           timeout=60)
    except subprocess.TimeoutExpired:
        fail("loopy of 10^7 positions under ulimit -v: no answer within 60 s")
        return
    err = p.stderr.decode()
    if p.returncode != 1 or "memory" not in err or "line 2" in err or p.stdout:
        fail("loopy of 10^7 positions under ulimit -v: status %d, %r" % (p.returncode, err))


def main():
    rng = random.Random(20261125)
    check_errors()
    check_memory()
    # the graph of the issue's own kind of example, by hand: 0 <-> 1, 1 -> 2, 3 -> 3
    st, out, err = run("4 4\n0 1\n1 0\n1 2\n3 3\n")
    if out != "0 0 P 2\n1 1 N 1\n2 0 P 0\n3 inf() D -\n":
        fail("hand example: %r" % out)
    for _ in range(150):
        n = rng.randint(1, 8)
        check(n, random_graph(rng, n, rng.randint(0, 3 * n)), True)
    for _ in range(4):
        n = rng.randint(100, 400)
        check(n, random_graph(rng, n, rng.randint(n, 3 * n)), False)
    # a chain of 20000 moves and a cycle of 20000 positions
    n = 20000
    st, out, err = run(graph_text(n, [(i, i + 1) for i in range(n - 1)]))
    want = "".join("%d %d %s %d\n" % (i, (n - 1 - i) % 2, "PN"[(n - 1 - i) % 2], n - 1 - i)
                   for i in range(n))
    if out != want:
        fail("chain of %d: wrong output" % n)
    st, out, err = run(graph_text(n, [(i, (i + 1) % n) for i in range(n)]))
    if out != "".join("%d inf() D -\n" % i for i in range(n)):
        fail("cycle of %d: wrong output" % n)
    sys.exit(1 if FAILURES else 0)


if __name__ == "__main__":
    main()
