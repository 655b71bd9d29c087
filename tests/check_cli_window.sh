#!/bin/sh
# grundy grundy-game --window and --snapshots: a windowed run streams exactly the values of a
# full run (alone, through a checkpoint, on two threads), the first of them those of the
# definition; each snapshot line agrees with the values it is about (histogram, largest value,
# FNV-1a hash, rare positions under its mask), and a windowed run writes the same lines as a
# full one, a resumed run going on where it stopped. A window too small exits 1 with a message
# and keeps its checkpoint; a bad size is bad input, a format that cannot stream a usage error.
BUILD=${BUILD:-build}
g="$BUILD/grundy"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "check_cli_window: $*"; exit 1; }
N=400000
"$g" grundy-game -n $N --format bfile --snapshots "$tmp/full.jsonl" > "$tmp/full" ||
    fail "full run"
"$g" grundy-game -n $N --format bfile --window 2^17 --snapshots "$tmp/win.jsonl" > "$tmp/win" ||
    fail "windowed run"
cmp -s "$tmp/full" "$tmp/win" || fail "a windowed run streams other values"
"$g" grundy-game -n 300000 --format bfile --window 2^17 --checkpoint "$tmp/ck" \
    --snapshots "$tmp/res.jsonl" > "$tmp/res" || fail "windowed run, first part"
"$g" grundy-game -n $N --format bfile --window 2^17 --checkpoint "$tmp/ck" --threads 2 \
    --snapshots "$tmp/res.jsonl" >> "$tmp/res" || fail "windowed run, resumed on two threads"
cmp -s "$tmp/full" "$tmp/res" || fail "a resumed windowed run streams other values"
"$g" grundy-game -n $N --window auto > "$tmp/text" || fail "automatic window, text"
grep -q "^Grundy's game: G(n) for n = 0..399999 computed" "$tmp/text" || fail "no summary"
python3 - "$tmp" <<'PY' || exit 1
import json, sys
tmp = sys.argv[1]
def fail(m):
    print("check_cli_window: " + m); sys.exit(1)
vals = [int(l.split()[1]) for l in open(tmp + "/full")]
if [int(l.split()[0]) for l in open(tmp + "/full")] != list(range(len(vals))):
    fail("bfile positions")
g = []
for n in range(2000):   # the definition: split a heap into two unequal non-empty heaps
    s = {g[a] ^ g[n - a] for a in range(1, (n + 1) // 2) if 2 * a != n}
    m = 0
    while m in s: m += 1
    g.append(m)
if vals[:2000] != g: fail("values differ from the definition")
def lines(name):
    out = []
    for l in open(tmp + "/" + name):
        d = json.loads(l); d.pop("seconds"); out.append(d)
    return out
full = lines("full.jsonl")
if [d["n"] for d in full] != [1 << k for k in range(19)]: fail("snapshot points")
h, hist, done = 14695981039346656037, [], 0
for d in full:
    n, mask = d["n"], d["mask"]
    pre = vals[:n]
    for v in vals[done:n]:   # the hash and the counts carried on from the line before
        for b in range(4):
            h ^= (v >> (8 * b)) & 255; h = h * 1099511628211 % (1 << 64)
        hist += [0] * (v + 1 - len(hist))
        hist[v] += 1
    done = n
    if d["fnv1a64"] != "%016x" % h: fail("hash at %d" % n)
    if d["largest"] != max(pre): fail("largest at %d" % n)
    if d["histogram"] != hist: fail("histogram at %d" % n)
    # mask 0: no split into rare and common values yet (below 2048 heaps), no rare positions
    rare = [i for i, v in enumerate(pre) if mask and bin(v & mask).count("1") % 2 == 0]
    if d["rare"] != rare or d["rare_count"] != len(rare): fail("rare positions at %d" % n)
    if d["rare_values"] != [pre[i] for i in rare]: fail("rare values at %d" % n)
    if d["game"] != "grundy-game": fail("game")
if lines("win.jsonl") != full: fail("a windowed run's snapshots differ")
if lines("res.jsonl") != full: fail("a resumed run's snapshots differ")
PY
# too small: a message, exit 1, and the checkpoint kept (it stops there again)
"$g" grundy-game -n 2^18 --window 4096 --checkpoint "$tmp/small" > /dev/null 2> "$tmp/err"
[ $? -eq 1 ] || fail "a window too small: exit status not 1"
grep -q "too small" "$tmp/err" || fail "no message for a window too small"
[ -s "$tmp/small" ] || fail "the checkpoint of a window too small is not kept"
"$g" grundy-game -n 2^18 --window 4096 --checkpoint "$tmp/small" > /dev/null 2>&1
[ $? -eq 1 ] || fail "a window too small, resumed: exit status not 1"
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
