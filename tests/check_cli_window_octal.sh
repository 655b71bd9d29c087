#!/bin/sh
# grundy octal CODE --window and --snapshots: a windowed run streams exactly the values of a
# full run (alone, and through a checkpoint), the first of them those of the definition; the
# snapshot lines of a windowed run agree with the full run's on everything but the mask and
# rare lists (a full take-and-break run has none), and its rare positions are those of its mask.
# A window too small exits 1 with a message and keeps its checkpoint; a game with three parts or
# one is bad input; --window with --period is a usage error.
BUILD=${BUILD:-build}
g="$BUILD/grundy"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "check_cli_window_octal: $*"; exit 1; }
. tests/cli_window.sh
window_streams "octal 0.6" 2^18 2^16 150000
"$g" octal 0.6 -n 2^18 --window 2^16 > "$tmp/text" || fail "windowed run, text"
grep -q "^octal game 0.6 (Officers): G(n) for n = 0..262143 computed" "$tmp/text" ||
    fail "no summary"
grep -q "^held: G(0..65535) and G(" "$tmp/text" || fail "no held values in the summary"
python3 - "$tmp" <<'PY' || exit 1
import sys
sys.dont_write_bytecode = True
sys.path.insert(0, "tests")
from cli_window import start, snapshots, check_stats
tmp, fail, vals = start("check_cli_window_octal")
g = []
for n in range(1500):   # Officers, 0.6: take one coin from a heap, leaving one or two heaps
    s = set()
    if n >= 2: s.add(g[n - 1])
    for a in range(1, n - 1):
        s.add(g[a] ^ g[n - 1 - a])
    m = 0
    while m in s: m += 1
    g.append(m)
if vals[:1500] != g: fail("values differ from the definition")
full, win = snapshots(tmp + "/full.jsonl"), snapshots(tmp + "/win.jsonl")
if [d["n"] for d in full] != [1 << k for k in range(19)]: fail("snapshot points")
if [d["n"] for d in win] != [d["n"] for d in full]: fail("windowed snapshot points")
check_stats(full, vals, fail)
for d, w in zip(full, win):
    n = d["n"]
    if (d["game"], d["code"], w["game"], w["code"]) != ("octal", "0.6", "octal", "0.6"):
        fail("game")
    if d["mask"] != 0 or d["rare_count"] != 0: fail("a full run with a mask at %d" % n)
    for k in ("fnv1a64", "max_value", "histogram"):
        if w[k] != d[k]: fail("windowed %s at %d" % (k, n))
    m = w["mask"]
    if m:   # 0.6 splits at index 1 only: the domain type with e = 1, or the range type
        par = lambda v: bin(v & m).count("1") % 2
        kinds = [lambda i: 1, lambda i: ((i - 1) & 1) ^ 1]
        if not any(w["rare"] == [i for i in range(1, n) if par(vals[i]) != q(i)]
                   for q in kinds):
            fail("windowed rare positions at %d" % n)
        if w["rare_values"] != [vals[i] for i in w["rare"]]: fail("rare values at %d" % n)
if win[-1]["mask"] == 0: fail("no mask once the window started")
PY
window_too_small "octal 0.6" 2^17
for code in 0.8 0.3; do
    "$g" octal $code -n 10 --window 4096 > /dev/null 2>&1
    [ $? -eq 1 ] || fail "octal $code --window: exit status not 1"
done
"$g" octal 0.6 --period --window 4096 > /dev/null 2>&1
[ $? -eq 2 ] || fail "--window with --period: exit status not 2"
"$g" octal 0.6 -n 10 --window 4095 > /dev/null 2>&1
[ $? -eq 1 ] || fail "--window 4095: exit status not 1"
exit 0
