#!/bin/sh
# grundy's long runs under hostile conditions never print a wrong value with exit status 0, never
# hang, and never write where they should not: runs killed at random times (SIGTERM, SIGINT,
# SIGHUP, SIGKILL, two signals) and resumed print exactly what one run prints; checkpoints with
# flipped bytes are refused with nothing on stdout; a symlink planted at the old temporary
# path is left alone, its target untouched; an unwritable checkpoint path fails in well under
# a second of CPU time; a FIFO as checkpoint is refused without blocking; a count that does not
# fit under ulimit -v is refused at once, counting 2 bytes per value for a long allbut run;
# when the last save fails the values are still printed, with a warning and exit status 1.
BUILD=${BUILD:-build}
g="$BUILD/grundy"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "check_cli_hostile: $*"; exit 1; }
N=400000

# a random delay in [lo, hi) seconds, different at every call
seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
delay() { seed=$((seed + 1)); awk -v s="$seed" -v lo="$1" -v hi="$2" \
    'BEGIN { srand(s); printf "%.2f", lo + rand() * (hi - lo) }'; }

# wait until the tool catches SIGTERM: its checks are done and its run has begun (a signal that
# came sooner would find the default action, on a busy machine that is slow to start it); by
# /proc on Linux, elsewhere a third of a second
caught() {
    i=0
    while [ -r "/proc/$1/status" ] && [ $i -lt 600 ]; do
        m=$(sed -n 's/^SigCgt:[[:space:]]*//p' "/proc/$1/status")
        [ -n "$m" ] && [ $((0x$m & 0x4000)) -ne 0 ] && return 0
        i=$((i + 1))
        sleep 0.05
    done
    [ -d /proc/self ] || sleep 0.35
}

# ---- kill and resume at random times ------------------------------------------------------
"$g" grundy-game -n $N --format bfile > "$tmp/one" || fail "plain run failed"
"$g" octal 0.6 -n $N --format bfile > "$tmp/one6" || fail "plain octal run failed"
trial=0
for sig in TERM INT HUP KILL TERM; do
    trial=$((trial + 1))
    rm -f "$tmp/ck"
    if [ $trial -eq 5 ]; then set -- octal 0.6; ref="$tmp/one6"; else set -- grundy-game; ref="$tmp/one"; fi
    "$g" "$@" -n $N --checkpoint "$tmp/ck" --format bfile > "$tmp/out" 2> "$tmp/err" &
    pid=$!
    caught $pid
    sleep "$(delay 0 0.25)"
    kill -$sig $pid 2> /dev/null
    wait $pid
    st=$?
    # a run that ended first is fine; one stopped by a signal it catches exits 1, within a second
    case "$sig:$st" in
    KILL:137 | *:0 | TERM:1 | INT:1 | HUP:1) ;;
    *) fail "trial $trial ($sig): exit status $st: $(cat "$tmp/err")" ;;
    esac
    if [ $st -eq 1 ]; then
        grep -q "interrupted (SIG$sig) after" "$tmp/err" || fail "trial $trial: no message"
        [ -s "$tmp/out" ] && fail "trial $trial: values printed by an interrupted run"
    fi
    "$g" "$@" -n $N --checkpoint "$tmp/ck" --format bfile > "$tmp/two" ||
        fail "trial $trial ($sig): resume failed"
    cmp -s "$ref" "$tmp/two" || fail "trial $trial ($sig): resumed run differs from one run"
done
# two signals: the second ends the run at once; the file left is the last saved, whole
rm -f "$tmp/ck"
"$g" grundy-game -n 100000 --checkpoint "$tmp/ck" > /dev/null || fail "first part (2 signals)"
"$g" grundy-game -n $N --checkpoint "$tmp/ck" --format bfile > /dev/null 2>&1 &
pid=$!
caught $pid
sleep "$(delay 0 0.15)"
kill -TERM $pid 2> /dev/null
kill -INT $pid 2> /dev/null
wait $pid
"$g" grundy-game -n $N --checkpoint "$tmp/ck" --format bfile > "$tmp/two" ||
    fail "resume after two signals failed"
cmp -s "$tmp/one" "$tmp/two" || fail "resumed run after two signals differs from one run"

# ---- corrupted checkpoints: flipped bytes anywhere are refused ------------------------------
rm -f "$tmp/ck"
"$g" grundy-game -n 5000 --checkpoint "$tmp/ck" > /dev/null || fail "checkpoint for flips"
size=$(wc -c < "$tmp/ck")
for at in 0 8 13 20 30 40 47 48 60 1000 3000 $((size - 9)) $((size - 1)); do
    cp "$tmp/ck" "$tmp/bad"
    byte=$(od -An -j "$at" -N1 -tu1 "$tmp/bad" | tr -d ' ')
    printf "$(printf '\\%03o' $((byte ^ 0x10)))" |
        dd of="$tmp/bad" bs=1 seek="$at" conv=notrunc 2> /dev/null
    cmp -s "$tmp/ck" "$tmp/bad" && fail "byte $at not flipped"
    cp "$tmp/bad" "$tmp/bad.keep"
    if "$g" grundy-game -n 6000 --checkpoint "$tmp/bad" > "$tmp/out" 2> "$tmp/err"; then
        fail "a checkpoint with byte $at flipped was accepted"
    fi
    [ -s "$tmp/out" ] && fail "values printed from a checkpoint with byte $at flipped"
    cmp -s "$tmp/bad" "$tmp/bad.keep" || fail "a damaged checkpoint (byte $at) was overwritten"
done
head -c $((size - 1)) "$tmp/ck" > "$tmp/bad"
"$g" grundy-game -n 10 --checkpoint "$tmp/bad" > "$tmp/out" 2> /dev/null &&
    fail "a truncated checkpoint was accepted"

# ---- a symlink planted at the temporary path ------------------------------------------------
echo "precious" > "$tmp/victim"
rm -f "$tmp/ck"
ln -s "$tmp/victim" "$tmp/ck.tmp"
"$g" grundy-game -n 3000 --checkpoint "$tmp/ck" > /dev/null || fail "run beside a planted link"
[ "$(cat "$tmp/victim")" = "precious" ] || fail "the planted symlink's target was written"
[ -L "$tmp/ck.tmp" ] || fail "the planted symlink was replaced"
[ -L "$tmp/ck" ] && fail "the checkpoint is a symlink"

# ---- paths that cannot be written fail at once, FIFOs never block --------------------------
# (at once: under half a second of CPU time, by GNU time where there is one; wall time would
# fail on a busy machine)
cpu=
/usr/bin/time -f %U true > /dev/null 2>&1 && cpu="/usr/bin/time -f %U+%S -o $tmp/cpu"
for bad in "$tmp/no/such/dir/ck" "$tmp/victim/ck"; do
    echo 0+0 > "$tmp/cpu"
    $cpu timeout 10 "$g" grundy-game -n 2^28 --checkpoint "$bad" > /dev/null 2> "$tmp/err"
    st=$?
    ms=$(awk -F+ '{ printf "%d", ($1 + $2) * 1000 }' "$tmp/cpu")
    [ $st -eq 1 ] || fail "unwritable '$bad': exit status $st"
    [ "$ms" -lt 500 ] || fail "unwritable '$bad': failed after $ms ms of CPU time"
    grep -q "cannot" "$tmp/err" || fail "unwritable '$bad': no message"
done
if [ "$(id -u)" -ne 0 ]; then   # permissions do not stop root
    mkdir "$tmp/ro" && chmod 500 "$tmp/ro"
    timeout 10 "$g" grundy-game -n 2^28 --checkpoint "$tmp/ro/ck" > /dev/null 2>&1
    [ $? -eq 1 ] || fail "a read-only directory was not refused"
    chmod 700 "$tmp/ro"
fi
mkfifo "$tmp/fifo" || fail "mkfifo"
timeout 10 "$g" octal 0.6 -n 1000 --checkpoint "$tmp/fifo" > /dev/null 2> "$tmp/err"
st=$?
[ $st -eq 124 ] && fail "a FIFO as checkpoint blocked"
[ $st -eq 1 ] || fail "a FIFO as checkpoint: exit status $st"
grep -q "not a regular file" "$tmp/err" || fail "a FIFO as checkpoint: no message"

# ---- memory: a long run counts 2 bytes per value, checked before computing --------------------
if (ulimit -v 400000 && "$g" version > /dev/null 2>&1) 2> /dev/null; then
    # 300M values: 600 MB at 2 bytes each do not fit in 400 MB (the run would keep less: its
    # period is read off a short prefix, but its output would be as large)
    (ulimit -v 400000; timeout 10 "$g" allbut 1 -n 300000000 > /dev/null 2> "$tmp/err")
    st=$?
    [ $st -eq 1 ] || fail "allbut over ulimit -v: exit status $st"
    grep -q "2 bytes each" "$tmp/err" || fail "allbut over ulimit -v: $(cat "$tmp/err")"
fi

# ---- a signal ends a structured search at once ----------------------------------------------
# Proves that SIGTERM ends node-kayles on the 64 x 64 grid promptly, with a nonzero status and
# nothing on stdout: one node's 4096 options take minutes and GBs before the store's tick looks
# at a signal, and it once ran 10 minutes to 4.4 GB (a minute here, to ENOMEM under ulimit -v).
# Without --store there is nothing to save: the default action, at once; 30 s is ten times a
# generous bound. With --store the first signal waits for the tick (status 1 and a message when
# it comes soon) and a second ends the run (by that signal: 143).
if (ulimit -v 6000000 && "$g" version > /dev/null 2>&1) 2> /dev/null; then
    t0=$(date +%s)
    (ulimit -v 6000000; timeout -k 40 1 "$g" node-kayles --grid 64x64 > "$tmp/out" 2> "$tmp/err")
    st=$?
    t=$(($(date +%s) - t0))
    [ $st -ne 0 ] && [ $t -lt 30 ] && [ ! -s "$tmp/out" ] ||
        fail "node-kayles 64x64, SIGTERM after 1 s: status $st after $t s: $(cat "$tmp/err")"
    rm -f "$tmp/st"
    t0=$(date +%s)
    (ulimit -v 6000000; exec "$g" node-kayles --grid 64x64 --store "$tmp/st" > "$tmp/out" \
        2> "$tmp/err") &
    pid=$!
    caught $pid
    sleep 0.5
    kill -TERM $pid 2> /dev/null
    sleep 0.5
    kill -TERM $pid 2> /dev/null
    wait $pid
    st=$?
    t=$(($(date +%s) - t0))
    { [ $st -eq 143 ] || { [ $st -eq 1 ] && grep -q 'stopped by SIGTERM' "$tmp/err"; }; } &&
        [ $t -lt 30 ] && [ ! -s "$tmp/out" ] ||
        fail "node-kayles 64x64 --store, two SIGTERMs: status $st after $t s: $(cat "$tmp/err")"
fi

# ---- the last save fails: values printed, warning, exit status 1 ----------------------------
mkdir "$tmp/gone"
"$g" octal 0.6 -n 2000000 --checkpoint "$tmp/gone/ck" --format bfile > "$tmp/out" \
    2> "$tmp/err" &
pid=$!
caught $pid
rm -rf "$tmp/gone"
wait $pid
st=$?
[ $st = 1 ] || fail "a failed last save: exit status $st: $(cat "$tmp/err")"
grep -q "warning: --checkpoint .*cannot write it" "$tmp/err" || fail "a failed last save: no warning"
[ "$(wc -l < "$tmp/out")" -eq 2000000 ] || fail "a failed last save: the values were not printed"
head -n $N "$tmp/out" | cmp -s - "$tmp/one6" || fail "a failed last save: wrong values"
exit 0
