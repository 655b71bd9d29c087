"""Checks of the grundy tool, run by tests/check_cli_*.sh (one group per script).

Every answer of the tool is compared with an independent computation written here from the
definitions: mex loops, game-tree searches for Nim and misere Nim, nimber products from their
mex definition. Every run has a time limit and must not die from a signal.

usage: python3 tests/cli_test.py GROUP      (GROUP: values, nim, formats, errors, games)
"""
import csv
import io
import json
import os
import random
import re
import subprocess
import sys
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


# ---- groups -----------------------------------------------------------------------------------

def group_values():
    rnd = random.Random(20261121)
    # mex
    expect("mex of nothing", ok("mex"), "0\n")
    expect("mex 4294967295", ok("mex", 4294967295), "0\n")
    for _ in range(40):
        vals = [rnd.randrange(0, 12) for _ in range(rnd.randrange(0, 10))]
        expect("mex %s" % vals, ok("mex", *vals), "%d\n" % mex(vals))
    # nimmul: the definition for small factors, Fermat powers for 64-bit ones, field laws
    for a in range(0, 16):
        for b in (0, 1, 2, 3, 5, 8, 13, 15):
            expect("nimmul %d %d" % (a, b), ok("nimmul", a, b), "%d\n" % nim_product_def(a, b))
    for _ in range(25):
        a, b = rnd.getrandbits(64), rnd.getrandbits(rnd.choice((8, 16, 32, 64)))
        expect("nimmul %d %d" % (a, b), ok("nimmul", a, b), "%d\n" % nim_product(a, b))
    expect("nimmul 2^63 2^63", ok("nimmul", "2^63", "2^63"),
           "%d\n" % nim_product(1 << 63, 1 << 63))
    # subtraction games: random sets against a plain mex loop, and the period against the
    # sequence itself
    sets = [[1, 3, 4], [1, 2, 3], [2, 5], [3], [1, 4, 7, 9], [2, 3, 11], [5, 6, 12]]
    sets += [sorted(set(rnd.randrange(1, 13) for _ in range(rnd.randrange(1, 5))))
             for _ in range(14)]
    for s in sets:
        spec = ",".join(map(str, s))
        want = subtraction_values(s, 4000)
        j = json_of("sub", spec, "-n", 300)
        if j is None:
            continue
        expect("sub %s values" % spec, j["values"], want[:300])
        expect("sub %s set" % spec, j["set"], s)
        pre, p = least_period(want, 2000)
        expect("sub %s period" % spec, (j["proven"], j["preperiod"], j["period"], j["saltus"],
                                        j["observed"]), (True, pre, p, 0, None))
        # --at: one value, however far, against the period read off the plain sequence
        for n in (0, 5, 299, 10 ** 6, rnd.getrandbits(64), 2 ** 64 - 1):
            want_n = want[n] if n < len(want) else want[pre + (n - pre) % p]
            j = json_of("sub", spec, "--at", n)
            if j:
                expect("sub %s --at %d" % (spec, n), (j["n"], j["value"]), (n, want_n))
        out = ok("sub", "{%s}" % ", ".join(map(str, s)), "-n", 57)
        expect("sub %s text values" % spec, text_values(out), want[:57])
        m = re.search(r"^proven period: G\(n \+ (\d+)\) = G\(n\) for every n >= (\d+)", out, re.M)
        if not m:
            fail("sub %s: no period line in %r" % (spec, out))
        else:
            expect("sub %s text period" % spec, (int(m.group(2)), int(m.group(1))), (pre, p))
    # a move too large to search the period for: values, no claimed period, status 1, quickly
    st, out, err = run("sub", "3,2^30", "-n", 12, "--format", "json", timeout=60)
    try:
        j = json.loads(out)
        expect("sub 3,2^30", (st, j["values"], j["proven"], j["period"]),
               (1, subtraction_values([3], 12), False, None))
    except ValueError:
        fail("sub 3,2^30: not JSON: %r" % out[:200])
    if not err.startswith("grundy: sub: period: not searched") or err.count("\n") != 1:
        fail("sub 3,2^30: message %r" % err)
    # the Bash game {1..k}: G(n) = n mod (k + 1), period k + 1
    j = json_of("sub", "1,2,3,4,5", "-n", "2^10")
    if j:
        expect("bash 5", j["values"], [n % 6 for n in range(1024)])
        expect("bash 5 period", (j["preperiod"], j["period"]), (0, 6))
    # long tables: the copy of proven periods against the plain loop
    for s in ([1, 3, 4], [2, 7], [1, 5, 6, 9]):
        spec = ",".join(map(str, s))
        n = rnd.randrange(5000, 9000)
        lines = ok("sub", spec, "-n", n, "--format", "bfile").split("\n")
        expect("sub %s -n %d bfile" % (spec, n), lines[:-1],
               ["%d %d" % (i, v) for i, v in enumerate(subtraction_values(s, n))])


def group_nim():
    rnd = random.Random(7)
    # small positions against the game tree
    for _ in range(120):
        heaps = [rnd.randrange(0, 8) for _ in range(rnd.randrange(0, 5))]
        j = json_of("nim", *heaps)
        if j is None:
            continue
        loses = nim_loses(tuple(sorted(heaps)))
        expect("nim %s outcome" % heaps, j["outcome"], "P" if loses else "N")
        want = []
        for i, h in enumerate(heaps):
            for to in range(h):
                after = heaps[:i] + [to] + heaps[i + 1:]
                if nim_loses(tuple(sorted(after))):
                    want.append({"heap": i, "from": h, "to": to})
        expect("nim %s moves" % heaps, j["moves"], want)
        x = 0
        for h in heaps:
            x ^= h
        expect("nim %s nim-sum" % heaps, j["nim_sum"], x)
    # big heaps: every move that makes the XOR zero, and only those
    for _ in range(40):
        heaps = [rnd.getrandbits(rnd.choice((3, 20, 64))) for _ in range(rnd.randrange(1, 7))]
        x = 0
        for h in heaps:
            x ^= h
        want = [{"heap": i, "from": h, "to": h ^ x} for i, h in enumerate(heaps) if h ^ x < h]
        j = json_of("nim", *heaps)
        if j:
            expect("nim %s" % heaps, (j["outcome"], j["moves"]), ("N" if x else "P", want))
        rows = list(csv.reader(io.StringIO(ok("nim", *(heaps + ["--format", "csv"])))))
        expect("nim csv %s" % heaps, rows[1:],
               [["N", str(m["heap"]), str(m["from"]), str(m["to"])] for m in want]
               if want else [["P", "", "", ""]])
    out = ok("nim", 3, 4, 5)
    expect("nim 3 4 5 text", out.splitlines()[0], "nim-sum 2: N, the player to move wins")
    if "heap 0: 3 -> 1" not in out:
        fail("nim 3 4 5 text: no move 'heap 0: 3 -> 1' in %r" % out)
    expect("nim 1 2 3 text", ok("nim", 1, 2, 3).split(",")[0], "nim-sum 0: P")
    # misere: small positions against the game tree; the move must reach a losing position
    for _ in range(150):
        heaps = [rnd.choice((0, 1, 1, 2, 3, 5, 6)) for _ in range(rnd.randrange(0, 5))]
        j = json_of("misere", *heaps)
        if j is None:
            continue
        loses = misere_loses(tuple(sorted(heaps)))
        expect("misere %s outcome" % heaps, j["outcome"], "P" if loses else "N")
        if loses or sum(heaps) == 0:
            expect("misere %s moves" % heaps, j["moves"], [])
            continue
        if len(j["moves"]) != 1:
            fail("misere %s: %r is not one move" % (heaps, j["moves"]))
            continue
        m = j["moves"][0]
        i, to = m["heap"], m["to"]
        if not (0 <= i < len(heaps) and m["from"] == heaps[i] and 0 <= to < heaps[i]
                and misere_loses(tuple(sorted(heaps[:i] + [to] + heaps[i + 1:])))):
            fail("misere %s: %r is not a winning move" % (heaps, m))
    j = json_of("misere")
    if j:
        expect("misere, no heaps", (j["outcome"], j["moves"], j["play"]), ("N", [], "misere"))
    j = json_of("misere", 0, 0)
    if j:
        expect("misere 0 0", (j["outcome"], j["moves"]), ("N", []))
    # big misere positions: the rule of DESIGN convention 4 decides the position reached
    def misere_rule_loses(hs):
        x = 0
        for h in hs:
            x ^= h
        if any(h > 1 for h in hs):
            return x == 0
        return x == 1
    for _ in range(40):
        heaps = [rnd.getrandbits(rnd.choice((1, 2, 40))) for _ in range(rnd.randrange(1, 6))]
        j = json_of("misere", *heaps)
        if not j:
            continue
        loses = misere_rule_loses(heaps) and sum(heaps) > 0
        expect("misere %s outcome" % heaps, j["outcome"], "P" if loses else "N")
        if not loses and sum(heaps) > 0:
            m = j["moves"][0]
            after = list(heaps)
            after[m["heap"]] = m["to"]
            if not (m["to"] < heaps[m["heap"]] and misere_rule_loses(after)):
                fail("misere %s: %r is not a winning move" % (heaps, m))


def group_formats():
    # every sequence command in every format tells the same values
    seq_cmds = [["sub", "1,3,4"], ["sub", "2,5,7"]]
    for cmd in seq_cmds:
        n = 45
        j = json_of(*(cmd + ["-n", n]))
        if j is None:
            continue
        want = j["values"]
        expect("%s json count" % cmd, (j["count"], len(want)), (n, n))
        rows = list(csv.reader(io.StringIO(ok(*(cmd + ["-n", n, "--format", "csv"])))))
        expect("%s csv header" % cmd, rows[0], ["n", "value"])
        expect("%s csv" % cmd, rows[1:], [[str(i), str(v)] for i, v in enumerate(want)])
        b = ok(*(cmd + ["-n", n, "--format", "bfile"]))
        for line in b.splitlines():
            if not re.match(r"^\d+ \d+$", line):
                fail("%s bfile line %r" % (cmd, line))
        expect("%s bfile" % cmd, b, "".join("%d %d\n" % (i, v) for i, v in enumerate(want)))
        expect("%s text" % cmd, text_values(ok(*(cmd + ["-n", n]))), want)
        for spelled in (["-n%d" % n], ["--count=%d" % n], ["--count", str(n)]):
            expect("%s %s" % (cmd, spelled), ok(*(cmd + spelled + ["--format=bfile"])), b)
        expect("%s -n 2^5" % cmd, ok(*(cmd + ["-n", "2^5", "--format", "bfile"])),
               "".join("%d %d\n" % (i, v) for i, v in enumerate(want[:32])))
        expect("%s -n 0" % cmd, ok(*(cmd + ["-n", 0, "--format", "bfile"])), "")
        j0 = json_of(*(cmd + ["-n", 0]))
        if j0:
            expect("%s -n 0 json" % cmd, j0["values"], [])
    # options before the command, and after '--'
    expect("options first", ok("--format", "json", "nim", 3, 4, 5), ok("nim", 3, 4, 5,
                                                                       "--format=json"))
    # the other commands' json and csv
    for args in (["mex", 0, 1, 3], ["nim", 3, 4, 5], ["nim"], ["misere", 1, 1], ["misere"],
                 ["nimmul", 2, 3]):
        json_of(*args)
        rows = list(csv.reader(io.StringIO(ok(*(args + ["--format", "csv"])))))
        if len(rows) < 2 or any(len(r) != len(rows[0]) for r in rows):
            fail("%s csv: ragged or empty %r" % (args, rows))
    expect("mex csv", ok("mex", 0, 2, "--format", "csv"), "mex\n1\n")
    expect("nimmul json", json_of("nimmul", 4, 4), {"game": "nimmul", "a": 4, "b": 4,
                                                    "product": 6})
    # help: the tool's and every command's, on stdout, status 0
    top = ok("--help")
    names = re.findall(r"^  ([a-z][a-z-]*) ", top.split("\noptions:")[0], re.M)
    if "nim" not in names or "sub" not in names:
        fail("--help lists no commands: %r" % top[:300])
    for name in names:
        for args in ([name, "--help"], ["help", name], [name, "-h"]):
            out = ok(*args)
            if not out.startswith("usage: grundy " + name):
                fail("%s: %r" % (args, out[:100]))
    expect("help = --help", ok("help"), top)
    # the man page documents every command and option the tool lists
    man = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs",
                            "grundy.1")).read().replace("\\-", "-")
    commands = man.split("\n.SH COMMANDS\n")[-1].split("\n.SH ")[0]
    for name in names:
        if not re.search(r"^\.B[IR]? %s\b" % re.escape(name), commands, re.M):
            fail("docs/grundy.1 has no COMMANDS entry for '%s'" % name)
    for opt in set(re.findall(r"--[a-z][a-z-]*", top.split("\noptions:")[1])):
        if opt not in man:
            fail("docs/grundy.1 does not document %s" % opt)
    if not re.match(r"^grundy \(libsg\) \d+\.\d+\.\d+\n$", ok("--version")):
        fail("--version")
    # the tour runs and is text
    if "Sprague-Grundy" not in ok("tour"):
        fail("tour")


def group_errors():
    long_digits = "9" * 100000
    cases = [
        # usage: status 2
        ([], 2), (["frobnicate"], 2), (["nim", "-x"], 2), (["nim", "--frob"], 2),
        (["sub"], 2), (["sub", "1,2", "3"], 2), (["nimmul", 1], 2), (["nimmul", 1, 2, 3], 2),
        (["sub", "1,2", "-n"], 2), (["nim", "--format"], 2), (["nim", "--format", "xml"], 2),
        (["nim", "-n", 5], 2), (["mex", "--format", "bfile"], 2), (["tour", "--format", "csv"], 2),
        (["tour", "extra"], 2), (["help", "nope"], 2), (["--format=json"], 2),
        (["nim", "--help=3"], 2), (["--count", "x", "sub", "1"], 1),
        # bad input: status 1
        (["sub", "1,3", "-n", -5], 1), (["sub", "1,3", "-n", "abc"], 1),
        (["sub", "1,3", "-n", ""], 1), (["sub", "1,3", "-n", "2^64"], 1),
        (["sub", "1,3", "-n", "2^62"], 1), (["sub", "1,3", "-n", "2^40"], 1),
        (["sub", "1,3", "-n", "18446744073709551615"], 1),
        (["sub", "1,3", "-n", "99999999999999999999"], 1),
        (["sub", "1,3", "-n", "2^99999999999999"], 1), (["sub", "1,3", "-n", "0x10"], 1),
        (["sub", "1,3", "-n", "1e6"], 1), (["sub", "1,3", "-n", " 5"], 1),
        (["sub", "1,3", "-n", "+5"], 1), (["sub", "1,3", "-n", "5.0"], 1),
        (["sub", "1,3", "-n", "2^"], 1), (["sub", "1,3", "-n", "^2"], 1),
        # an empty set or a 0 in a set: status 2 (the interface of the closed forms and periods)
        (["sub", "0"], 2), (["sub", "1,0,3"], 2), (["sub", ""], 2), (["sub", "{}"], 2),
        (["sub", ",1"], 1), (["sub", "1,,2"], 1), (["sub", "1,2,"], 1), (["sub", "{1,2"], 1),
        (["sub", "1;2"], 1), (["sub", "-1,2"], 1), (["sub", "a"], 1), (["sub", long_digits], 1),
        (["sub", "1," * 30000 + "x"], 1),
        (["mex", "4294967296"], 1), (["mex", -1], 1), (["mex", "x"], 1),
        (["nim", "18446744073709551616"], 1), (["nim", 3, "-4"], 1), (["nim", "3x"], 1),
        (["nim", long_digits], 1), (["misere", "abc"], 1), (["nimmul", "2^64", 1], 1),
        (["nimmul", 1, ""], 1), (["nim", "3\n4"], 1), (["sub", "1,3", "-n", "5\n"], 1),
        (["bad\ncommand"], 2), (["nim", "--bad\x1b[2J"], 2),
        # a survey limit too large for memory is bad input like a malformed one (2^40 was
        # status 2 while 2^64 and abc were 1)
        (["survey", "--limit", "2^40"], 1), (["survey", "--limit", "2^64"], 1),
        (["survey", "--limit", "abc"], 1), (["octal", "0.6", "--period", "--limit", "2^40"], 1),
    ]
    for args, want in cases:
        st, out, err = run(*args)
        what = "grundy %s" % " ".join(map(str, args))[:80]
        if st != want:
            fail("%s: status %d, want %d (stderr %r)" % (what, st, want, err[:200]))
        if out:
            fail("%s: wrote to stdout: %r" % (what, out[:200]))
        lines = err.split("\n")
        if len(lines) != 2 or lines[1] != "" or not lines[0].startswith("grundy: "):
            fail("%s: stderr is not one 'grundy: ' line: %r" % (what, err[:300]))
        if len(err) > 400:
            fail("%s: message too long (%d characters)" % (what, len(err)))
    # a message names the command and the problem
    st, out, err = run("sub", "1,3", "-n", "-5")
    expect("negative -n message", err, "grundy: sub: -n: '-5' is negative\n")
    st, out, err = run("nim", "-x")
    if not err.startswith("grundy: nim: unknown option '-x'"):
        fail("unknown option message: %r" % err)
    # many operands are fine
    heaps = [1] * 20001
    j = json_of("nim", *heaps)
    if j:
        expect("20001 heaps of 1", (j["outcome"], len(j["moves"])), ("N", 20001))


def octal_values(code, count):
    """G(n) for n < count from the digit rules of the code (DESIGN, convention 1)."""
    d0, _, rest = code.partition(".")
    digits = [int(d0 or "0", 16)] + [int(ch, 16) for ch in rest]
    g = []
    for n in range(count):
        opts = set()
        for i, d in enumerate(digits):
            if i > n or d == 0:
                continue
            r = n - i
            if i > 0 and d & 1 and r == 0:
                opts.add(0)
            if i > 0 and d & 2 and r > 0:
                opts.add(g[r])
            if d & 4:
                for a in range(1, r // 2 + 1):
                    if r - a >= 1:
                        opts.add(g[a] ^ g[r - a])
            if d & 8:
                for a in range(1, r):
                    for b in range(a, r - a):
                        if r - a - b >= b:
                            opts.add(g[a] ^ g[b] ^ g[r - a - b])
        g.append(mex(opts))
    return g


def group_games():
    rnd = random.Random(3)
    # octal and hexadecimal codes against the digit rules
    codes = ["0.77", "0.07", "0.137", "0.6", "0.007", "4.07", "0.4", "0.f", "0.8", "0.123",
             ".31", "0.070", "0.0"]
    codes += ["0." + "".join(rnd.choice("01234567") for _ in range(rnd.randrange(1, 5)))
              for _ in range(10)]
    codes += ["0." + "".join(rnd.choice("0123456789abcdef") for _ in range(rnd.randrange(1, 4)))
              for _ in range(5)]
    for code in codes:
        n = 90
        j = json_of("octal", code, "-n", n)
        if j:
            expect("octal %s values" % code, j["values"], octal_values(code, n))
    # a shifted spelling is the same game, shown by its canonical code
    j = json_of("octal", ".070", "-n", 3)
    if j:
        expect("octal .070 code", (j["game"], j["code"], j["input"], j.get("name")),
               ("octal", "0.07", ".070", "Dawson's Kayles"))
    # proven periods: against the sequence itself (Kayles, Dawson's Kayles, 0.137) ...
    for code in ("0.77", "0.07", "0.137", "0.4", "0.31"):
        seq = octal_values(code, 700)
        j = json_of("octal", code, "--period")
        if not j:
            continue
        pre, p = least_period(seq, 400)
        expect("octal %s period" % code, (j["proven"], j["preperiod"], j["period"], j["saltus"]),
               (True, pre, p, 0))
        exc = [n for n in range(pre) if seq[n] != seq[pre + (n - pre) % p + p * 4]]
        expect("octal %s exceptions" % code, (j["exceptions"], j["last_exception"]),
               (len(exc), exc[-1] if exc else None))
        if not j["checked_from"] <= pre or not j["checked_to"] > j["checked_from"]:
            fail("octal %s: checked range %r" % (code, j))
        for n in (7, 650, 10 ** 12, 2 ** 64 - 1):
            want_n = seq[n] if n < len(seq) else seq[pre + (n - pre) % p]
            expect("octal %s --at %d" % (code, n), ok("octal", code, "--at", n, "--format",
                                                      "bfile"), "%d %d\n" % (n, want_n))
    expect("octal 0.6 --at (no period needed)", ok("octal", "0.6", "--at", 80, "--format=csv"),
           "n,value\n80,%d\n" % octal_values("0.6", 81)[80])
    # ... and published ones: Kayles' last exception is 70 and its period 12; 0.156 has
    # preperiod 3479 and period 349; 0.644 has 3256 and 442
    for code, pre, p in (("0.77", 71, 12), ("0.156", 3479, 349), ("0.644", 3256, 442)):
        j = json_of("octal", code, "--period")
        if j:
            expect("octal %s published period" % code, (j["proven"], j["preperiod"],
                                                        j["period"]), (True, pre, p))
    # open games are never proven
    for code in ("0.6", "0.007"):
        j = json_of("octal", code, "--period", "--limit", "2^13")
        if j:
            # nothing proven: the period's members are null, none observed for these
            expect("octal %s open" % code, (j["proven"], j["preperiod"], j["period"],
                                            j["saltus"], j["computed"] <= 8192),
                   (False, None, None, None, True))
        out = ok("octal", code, "--period", "--limit", 4000)
        if "no period proven for n < 4000" not in out:
            fail("octal %s --period text: %r" % (code, out))
    rows = list(csv.reader(io.StringIO(ok("octal", "0.07", "--period", "--format", "csv"))))
    if len(rows) != 2 or len(rows[0]) != len(rows[1]):
        fail("octal --period csv: %r" % rows)
    else:
        row = dict(zip(rows[0], rows[1]))
        expect("octal 0.07 csv", (row["proven"], row["code"]), ("1", "0.07"))
    # Grundy's game: mex over splits into two unequal heaps
    g = []
    for n in range(400):
        g.append(mex(g[a] ^ g[n - a] for a in range(1, (n + 1) // 2)))
    j = json_of("grundy-game", "-n", 400)
    if j:
        expect("grundy-game values", j["values"], g)
    expect("grundy-game bfile", ok("grundy-game", "-n", 50, "--format", "bfile"),
           "".join("%d %d\n" % (i, v) for i, v in enumerate(g[:50])))
    # all-but subtraction games: any number of tokens but those in the set
    for excl in ([], [1], [2, 3], [1, 2, 5], [4, 7, 8, 20]):
        g = []
        for n in range(150):
            g.append(mex(g[n - k] for k in range(1, n + 1) if k not in excl))
        j = json_of("allbut", "{%s}" % ",".join(map(str, excl)), "-n", 150)
        if j:
            expect("allbut %s" % excl, (j["values"], j["excluded"]), (g, excl))
    # bad codes and options
    for args, want in ((["octal", ""], 1), (["octal", "0."], 1), (["octal", "0.8x"], 1),
                       (["octal", "1.07"], 1), (["octal", "0.07."], 1), (["octal", "-0.07"], 1),
                       (["octal", "0.g"], 1), (["octal", "0." + "7" * 100000], 1),
                       (["octal", "0." + "7" * 65], 1), (["octal", "07"], 1),
                       (["octal", "0.07", "--period", "-n", 5], 2),
                       (["octal", "0.07", "--limit", 5], 2),
                       (["octal", "0.07", "--period", "--format", "bfile"], 2),
                       (["octal", "0.6", "--period", "--limit", "2^62"], 1),
                       (["octal", "0.6", "--period", "--limit", "-1"], 1),
                       (["octal", "0.07", "-n", "2^40"], 1), (["octal"], 2),
                       (["grundy-game", 5], 2), (["grundy-game", "-n", "x"], 1),
                       (["grundy-game", "-n", "2^62"], 1), (["allbut", "1", "-n", "2^32"], 1),
                       (["allbut", "0"], 2), (["allbut"], 2), (["nim", "--period"], 2),
                       (["octal", "0.6", "--at", "10^9"], 1), (["octal", "0.7", "--at", "-1"], 1),
                       (["octal", "0.07", "--at", 5, "-n", 5], 2),
                       (["octal", "0.07", "--at", 5, "--period"], 2),
                       (["sub", "1,2", "--at", 5, "-n", 5], 2), (["sub", "1", "--at", "x"], 1),
                       (["sub", "2^40", "--at", "2^50"], 1), (["nim", "--at", 3], 2),
                       (["grundy-game", "--at", 3], 2)):
        st, out, err = run(*args)
        what = "grundy %s" % " ".join(map(str, args))[:80]
        if st != want or out or len(err.split("\n")) != 2 or not err.startswith("grundy: "):
            fail("%s: status %d (want %d), stdout %r, stderr %r" % (what, st, want, out[:100],
                                                                    err[:200]))
    j = json_of("octal", "0." + "7" * 64, "-n", 5)
    if j:
        expect("64-digit code", j["values"], octal_values("0." + "7" * 64, 5))


def least_arith_period(seq, tail_from):
    """Least p (then least start) with seq[n + p] == seq[n] + s on the whole tail, s >= 0."""
    n = len(seq)
    for p in range(1, (n - tail_from) // 2):
        s = seq[tail_from + p] - seq[tail_from]
        if s >= 0 and all(seq[i + p] - seq[i] == s for i in range(tail_from, n - p)):
            pre = tail_from
            while pre > 0 and seq[pre - 1 + p] - seq[pre - 1] == s:
                pre -= 1
            return pre, p, s
    return None


def group_period():
    """--period of sub and allbut (and the keys of octal's), against the plain sequences."""
    keys = ["preperiod", "period", "saltus", "proven"]
    rnd = random.Random(7)
    for s in [[1, 3, 4], [2, 5], [3], [1, 4, 7, 9], [2, 3, 11]]:
        spec = ",".join(map(str, s))
        j = json_of("sub", spec, "--period")
        pre, p = least_period(subtraction_values(s, 3000), 1500)
        if j:
            expect("sub %s --period" % spec, [j.get(k) for k in keys], [pre, p, 0, True])
        out = ok("sub", spec, "--period")
        if "proven period: G(n + %d) = G(n) for every n >= %d" % (p, pre) not in out:
            fail("sub %s --period text: %r" % (spec, out))
        rows = list(csv.reader(io.StringIO(ok("sub", spec, "--period", "--format", "csv"))))
        expect("sub %s --period csv" % spec, rows, [keys, [str(pre), str(p), "0", "1"]])
    excls = [[], [1], [2, 5], [1, 2, 5], [4, 7, 8, 20], [3, 6, 9, 12]]
    excls += [sorted(set(rnd.randrange(1, 15) for _ in range(rnd.randrange(1, 6))))
              for _ in range(10)]
    for excl in excls:
        g = []
        for n in range(1500):
            g.append(mex(g[n - k] for k in range(1, n + 1) if k not in excl))
        want = least_arith_period(g, 800)
        spec = "{%s}" % ",".join(map(str, excl))
        j = json_of("allbut", spec, "--period")
        if j and want:
            expect("allbut %s --period" % spec, [j.get(k) for k in keys], list(want) + [True])
    j = json_of("octal", "0.6", "--period", "--limit", 500)
    if j:
        expect("octal 0.6 --period keys", ([j.get(k) for k in keys], j["observed"]),
               ([None, None, None, False], None))
    # usage and bad input
    for args, want in ((["sub", "1,3,4", "--period", "-n", 5], 2),
                       (["sub", "1,3,4", "--period", "--at", 5], 2),
                       (["sub", "1,3,4", "--period", "--format", "bfile"], 2),
                       (["allbut", "2,5", "--period", "-n", 5], 2),
                       (["allbut", "2,5", "--limit", 5], 2),
                       (["allbut", "0", "--period"], 2), (["sub", "0", "--period"], 2),
                       (["sub", "", "--period"], 2), (["allbut", "3,0", "--period"], 2),
                       (["sub", "{}", "--period", "--format", "json"], 2),
                       (["allbut", "2", "--period", "--limit", "2^40"], 1),
                       (["nim", "1", "--period"], 2)):
        st, out, err = run(*args)
        what = "grundy %s" % " ".join(map(str, args))
        if st != want or out or len(err.split("\n")) != 2 or not err.startswith("grundy: "):
            fail("%s: status %d (want %d), stdout %r, stderr %r" % (what, st, want, out[:100],
                                                                    err[:200]))


def main():
    groups = {"values": group_values, "nim": group_nim, "formats": group_formats,
              "errors": group_errors, "games": group_games, "period": group_period}
    if len(sys.argv) != 2 or sys.argv[1] not in groups:
        print(__doc__)
        return 2
    if not os.access(TOOL, os.X_OK):
        print("no tool at %s" % TOOL)
        return 1
    groups[sys.argv[1]]()
    if FAILURES:
        print("%d failures" % len(FAILURES))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
