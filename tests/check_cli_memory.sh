#!/bin/sh
# tier: long
# Long runs through the tool keep about 2 bytes per value at most while values stay below 65536:
# the peak resident size of a run (GNU time's %M), less that of the same command on 100 values,
# stays under 2 bytes per value, where a table of four-byte values (what the tool kept before it
# wrote values a slice at a time) would take twice that. Subtraction and all-but games keep
# only preperiod + period values; Grundy's game keeps one byte a value below 256 (to 7250049).
# Take-and-break games keep the values once (the store's block is the engine's forward copy)
# and the period search's three bits a shift (shifts up to n/2): about 1.3 bytes a value below
# 256, 2.4 at 2^21 on Officers, whose values pass 255 at 1274955 (two-byte copies); held to 2
# and 2.75 here. That is where the engine's kernels read G(m - a) backwards (every x86-64
# processor: SSE2, SSSE3, AVX2, AVX-512BW); elsewhere the engine keeps a reversed copy too,
# and the bounds are 3.5 and 6, where the four-byte copy the engine kept before (about 10 bytes
# a value in all) is far over. A run whose window waits keeps the engine's copies beside the
# store: 2 or 3 bytes a value below 256. Needs GNU time as /usr/bin/time (the check says so and
# passes without it).
BUILD=${BUILD:-build}
g="$BUILD/grundy"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

if ! /usr/bin/time -f %M true > /dev/null 2>&1; then
    echo "check_cli_memory: no GNU time at /usr/bin/time: not measured"
    exit 0
fi

# peak resident KiB of `grundy ARGS`, output thrown away
peak() {
    /usr/bin/time -f %M -o "$tmp/kb" "$g" "$@" > /dev/null 2> "$tmp/err" || {
        fail "grundy $*: $(cat "$tmp/err")"
        echo 0
        return
    }
    tail -n 1 "$tmp/kb"
}

# check COUNT ARGS...: the run of COUNT values against the same command on 100, in every
# streaming format (FORMATS: fewer)
check() {
    count=$1
    shift
    base=$(peak "$@" -n 100)
    for format in ${FORMATS:-text json csv}; do
        kb=$(peak "$@" -n "$count" --format "$format")
        # bytes beyond the base, per value (integer arithmetic: KiB * 1024 * 100 / count)
        per100=$((($kb - $base) * 1024 * 100 / $count))
        [ "$per100" -le 200 ] ||
            fail "grundy $* -n $count --format $format: $kb KiB at peak, base $base KiB:" \
                 "$per100/100 bytes per value"
    done
}

check 8388608 sub 1,2,5
check 8388608 sub 3,17,40
check 8388608 allbut 2,5,7
# the formats stream the same way whatever the game: one is enough for the slow one
FORMATS=text check 1048576 grundy-game

# check_octal COUNT BOUND ARGS...: one run of COUNT values (text) against the same command on
# 100, at most BOUND/100 bytes a value beyond it
check_octal() {
    count=$1
    bound=$2
    shift 2
    base=$(peak "$@" -n 100)
    kb=$(peak "$@" -n "$count")
    per100=$((($kb - $base) * 1024 * 100 / $count))
    [ "$per100" -le "$bound" ] ||
        fail "grundy $* -n $count: $kb KiB at peak, base $base KiB: $per100/100 bytes per value" \
             "(at most $bound/100)"
}

# the kernels read backwards (no reversed copy): the tool built with its x86 kernels that do
# (their symbols, as `nm` lists them: those of SSE2, which every x86-64 processor has)
one=350 two=600 wait=350
if nm "$g" 2> /dev/null | grep -q 'sg__octal_scan8e'; then
    one=200 two=275 wait=250
fi
# .14: every value below 256 to 2^21, on one thread and two, and through the proof's search
check_octal 2097152 $one octal 0.14
check_octal 2097152 $one octal 0.14 --threads 2
kb=$(peak octal 0.14 --period --limit 2097152)
base=$(peak octal 0.14 --period --limit 100)
[ $((($kb - $base) * 1024 * 100 / 2097152)) -le $one ] ||
    fail "grundy octal 0.14 --period --limit 2097152: $kb KiB at peak, base $base KiB"
# Officers (0.6): values from 256 on past n = 1274955, so two-byte copies at the end
check_octal 2097152 $two octal 0.6
# a window that waits (it starts at 2W, the run's end here): the engine's typed copies beside
# the store, as without a window (a four-byte copy for the engine took about 7 bytes a value)
check_octal 2097152 $wait octal 0.14 --window 2^20

# the measure itself can fail: a four-byte table of the same count is over the bound
kb=$(peak sub 1,2,5 -n 8388608 --format svg)
base=$(peak sub 1,2,5 -n 100 --format svg)
[ $((($kb - $base) * 1024 * 100 / 8388608)) -gt 200 ] ||
    fail "sub --format svg keeps a table of the run, yet measured under 2 bytes per value"

[ $failures -eq 0 ] || { echo "$failures failures"; exit 1; }
