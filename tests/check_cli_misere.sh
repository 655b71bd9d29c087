#!/bin/sh
# The grundy tool: `misere CODE` outcomes and `--genus` against a game-tree search written here
# from the definitions (the player who cannot move wins); `misere H...` still plays misere Nim.
BUILD=${BUILD:-build}
export BUILD
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" exec python3 - "$@" <<'PY'
import json, os, random, subprocess, sys
from misere_brute import values

TOOL = os.path.join(os.environ.get("BUILD", "build"), "grundy")
FAILURES = []

def fail(msg):
    FAILURES.append(msg)
    if len(FAILURES) <= 20:
        print("FAIL: " + msg)

def run(*args):
    p = subprocess.run([TOOL] + [str(a) for a in args], capture_output=True, timeout=60)
    if p.returncode < 0:
        fail("grundy %s: killed" % " ".join(map(str, args)))
    return p.returncode, p.stdout.decode(), p.stderr.decode()

def items(out):
    """the values of the text layout: drop the title, then each row's "n:" label"""
    lines = out.strip().split("\n")
    vals = []
    for line in lines[1:]:
        label, _, rest = line.partition(":")
        if int(label) != len(vals):
            fail("row label %s at item %d" % (label, len(vals)))
        vals += rest.split()
    return vals

def genus_text(g, seq):
    """the collapsed genus: the shortest prefix after which seq[k] == seq[k-2]"""
    s = len(seq) - 2
    while s > 0 and seq[s - 1] == seq[s + 1]:
        s -= 1
    return "%d^{%s}" % (g, ",".join(map(str, seq[:s + 2])))

random.seed(15)
codes = ["0.77", "0.07", "0.137", "0.312", "4.07", "0.6", "0.14", ".3f"]
for _ in range(12):
    codes.append("." + "".join(random.choice("01234567") for _ in range(random.randint(1, 3))))
for code in codes:
    misere, normal = values(code)
    n = 13
    st, out, err = run("misere", code, "-n", n)
    if st != 0:
        fail("misere %s: status %d %s" % (code, st, err))
        continue
    want = ["N" if misere((h,) if h else (), ()) else "P" for h in range(n)]
    if items(out) != want:
        fail("misere %s -n %d: %s, want %s" % (code, n, items(out), want))
    st, out, err = run("misere", code, "-n", 9, "--genus")
    got = items(out) if st == 0 else None
    for h in range(9):
        seq = [misere((h,) if h else (), (2,) * k) for k in range(9)]
        want = genus_text(normal(h), seq)
        # the tool proves the tail; the brute force sees 9 superscripts, enough here
        if got is None or got[h] != want:
            fail("misere %s --genus heap %d: %s, want %s" % (code, h, got and got[h], want))
    st, out, err = run("misere", code, "-n", 6, "--genus", "--format", "json")
    try:
        j = json.loads(out)
        for h, e in enumerate(j["genera"]):
            seq = [misere((h,) if h else (), (2,) * k) for k in range(9)]
            if genus_text(e["g"], e["gamma"] + seq[len(e["gamma"]):]) != e["text"]:
                fail("json genus %s %d: %s" % (code, h, e))
        if (j["game"], j["input"], j["count"], j["play"]) != ("misere", code, 6, "misere"):
            fail("json head %s" % out)
    except (ValueError, KeyError) as e:
        fail("misere %s --format json: %s (%s)" % (code, out, e))
    st, out, err = run("misere", code, "-n", 7, "--format", "csv")
    rows = out.strip().split("\n")
    want = ["n,outcome"] + ["%d,%s" % (h, "N" if misere((h,) if h else (), ()) else "P")
                            for h in range(7)]
    if rows != want:
        fail("misere %s --format csv: %s" % (code, rows))

# misere Nim is still there, and told apart by the operand
st, out, err = run("misere", "1", "1")
if st != 0 or "N" not in out:
    fail("misere 1 1: %d %s %s" % (st, out, err))
st, out, err = run("misere", "1", "1", "1")
if st != 0 or "P" not in out:
    fail("misere 1 1 1: %d %s %s" % (st, out, err))

# bad input: a malformed code (1), a code with heaps and -n, -n or --genus without a code (2)
for args, status in [(["misere", "0.8x", "-n", "3"], 1), (["misere", "0.07", "5", "-n", "3"], 2),
                     (["misere", "3", "-n", "4"], 2), (["misere", "--genus"], 2),
                     (["misere", "0.07", "-n", "0"], 2), (["misere", "0.07", "-n", "2^40"], 1),
                     (["misere", "0.07", "--format", "bfile"], 2), (["misere", "..7"], 1)]:
    st, out, err = run(*args)
    if st != status or not err.startswith("grundy: misere: ") or out:
        fail("grundy %s: status %d (want %d), out %r, err %r" % (" ".join(args), st, status,
                                                                  out, err))

if FAILURES:
    print("check_cli_misere: %d failures" % len(FAILURES))
    sys.exit(1)
print("check_cli_misere: ok")
PY
