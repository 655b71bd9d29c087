#!/bin/sh
# grundy grundy-game --window and --snapshots: a windowed run streams exactly the values of a
# full run (alone, through a checkpoint, on two threads), the first of them those of the
# definition; each snapshot line agrees with the values it is about (histogram, max_value,
# FNV-1a hash, rare positions under its mask), and a windowed run writes the same lines as a
# full one, a resumed run going on where it stopped. A window too small exits 1 with a message
# and keeps its checkpoint; a bad size is bad input, a format that cannot stream a usage error.
BUILD=${BUILD:-build}
g="$BUILD/grundy"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "check_cli_window: $*"; exit 1; }
. tests/cli_window.sh
N=400000
window_streams grundy-game $N 2^17 300000 "--threads 2"
"$g" grundy-game -n $N --window auto > "$tmp/text" || fail "automatic window, text"
grep -q "^Grundy's game: G(n) for n = 0..399999 computed" "$tmp/text" || fail "no summary"
python3 - "$tmp" <<'PY' || exit 1
import sys
sys.dont_write_bytecode = True
sys.path.insert(0, "tests")
from cli_window import start, snapshots, check_stats
tmp, fail, vals = start("check_cli_window")
g = []
for n in range(2000):   # the definition: split a heap into two unequal non-empty heaps
    s = {g[a] ^ g[n - a] for a in range(1, (n + 1) // 2) if 2 * a != n}
    m = 0
    while m in s: m += 1
    g.append(m)
if vals[:2000] != g: fail("values differ from the definition")
full = snapshots(tmp + "/full.jsonl")
if [d["n"] for d in full] != [1 << k for k in range(19)]: fail("snapshot points")
check_stats(full, vals, fail)
for d in full:
    n, mask = d["n"], d["mask"]
    pre = vals[:n]
    # mask 0: no split into rare and common values yet (below 2048 heaps), no rare positions
    rare = [i for i, v in enumerate(pre) if mask and bin(v & mask).count("1") % 2 == 0]
    if d["rare"] != rare or d["rare_count"] != len(rare): fail("rare positions at %d" % n)
    if d["rare_values"] != [pre[i] for i in rare]: fail("rare values at %d" % n)
    if d["game"] != "grundy-game": fail("game")
if snapshots(tmp + "/win.jsonl") != full: fail("a windowed run's snapshots differ")
if snapshots(tmp + "/res.jsonl") != full: fail("a resumed run's snapshots differ")
PY
window_too_small grundy-game 2^18
"$g" grundy-game -n 2^18 --window 2^14 --checkpoint "$tmp/small" > /dev/null 2> "$tmp/err"
[ $? -eq 1 ] || fail "another window for a started one: exit status not 1"
for bad in 100 4095 abc -1 ""; do
    "$g" grundy-game -n 10 --window "$bad" > /dev/null 2>&1
    [ $? -eq 1 ] || fail "--window '$bad': exit status not 1"
done
"$g" grundy-game -n 10 --window auto --format json > /dev/null 2>&1
[ $? -eq 2 ] || fail "--window with json: exit status not 2"
"$g" grundy-game -n 10 --snapshots "$tmp" > /dev/null 2>&1
[ $? -eq 1 ] || fail "--snapshots to a directory: exit status not 1"
exit 0
