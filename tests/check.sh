#!/bin/sh
# Runs the whole `make check` suite: the shell-level checks (header as C89 and C++, exported
# symbols, install + pkg-config consumer + uninstall, ...), then every unit-test program.
# Each program reports "name: N passed, N failed" (those with vector paths first say which ran,
# "simd: ..."); each shell check counts as one case.
# Ends with the total line "N passed, N failed" and a non-zero status when anything failed.
# The cases run CHECK_JOBS at a time (default: one a processor); their reports come in the
# order above whatever order they finish in, each as soon as those before it are done.
# Environment: TEST_PROGRAMS and CHECK_SCRIPTS replace the lists of programs and shell checks;
# TEST_WRAPPER runs each program under a command (valgrind); CHECK_JOBS, as said; SG_TEST_LONG
# set non-zero (make check-long) runs every case at its full extent: the shell checks marked
# "# tier: long" on their second line too, and the programs' long cases (test_long in test.h);
# CHECK_TIMES=N prints, before the total, the N cases that took the most CPU time (user + system,
# of the case and everything it ran), to see where a suite's time goes.
BUILD=${BUILD:-build}
CC=${CC:-cc}
export BUILD CC

# one case, as xargs below starts it: `--case N KIND PATH` writes N.out and N.rc in CHECK_WORK
if [ "$1" = --case ]; then
    if [ "$3" = program ]; then
        $TEST_WRAPPER "$4" > "$CHECK_WORK/$2.out" 2>&1
    else
        sh "$4" > "$CHECK_WORK/$2.out" 2>&1
    fi
    echo $? > "$CHECK_WORK/$2.status"
    # the CPU time of what this case ran: the second line of `times` (children's user, system;
    # `times` in a pipeline would report the pipeline's subshell)
    times > "$CHECK_WORK/$2.times"
    mv "$CHECK_WORK/$2.status" "$CHECK_WORK/$2.rc"   # whole when it appears
    exit 0
fi

jobs=${CHECK_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
CHECK_WORK=$(mktemp -d) || exit 1
export CHECK_WORK
trap 'rm -rf "$CHECK_WORK"' EXIT
# the shell checks first: they are the longest (compilers), and the programs fill in around them
n=0
case "${SG_TEST_LONG:-0}" in 0) long= ;; *) long=1 ;; esac
for s in ${CHECK_SCRIPTS-tests/check_*.sh}; do
    [ -f "$s" ] || continue
    [ -n "$long" ] || [ "$(sed -n 2p "$s")" != '# tier: long' ] || continue
    n=$((n + 1))
    echo "$n script $s"
done > "$CHECK_WORK/list"
for t in ${TEST_PROGRAMS-"$BUILD"/tests/test_*}; do
    case "$t" in *.d) continue ;; esac
    [ -x "$t" ] || continue
    n=$((n + 1))
    echo "$n program $t"
done >> "$CHECK_WORK/list"
# each report is printed as soon as it and those before it are done
xargs -P "$jobs" -n 3 sh "$0" --case < "$CHECK_WORK/list" &
runner=$!

passed=0
failed=0
while read -r i kind t; do
    while [ ! -f "$CHECK_WORK/$i.rc" ] && kill -0 "$runner" 2>/dev/null; do sleep 1; done
    out=$(cat "$CHECK_WORK/$i.out" 2>/dev/null)
    status=$(cat "$CHECK_WORK/$i.rc" 2>/dev/null || echo 1)
    if [ "$kind" = script ]; then
        name=$(basename "$t" .sh)
        if [ "$status" -eq 0 ]; then
            printf '%s: ok\n' "$name"
            passed=$((passed + 1))
        else
            printf '%s\n%s: FAILED\n' "$out" "$name"
            failed=$((failed + 1))
        fi
        continue
    fi
    line=$(printf '%s\n' "$out" | grep -E '[0-9]+ passed, [0-9]+ failed' | tail -n 1)
    p=$(printf '%s\n' "$line" | sed -n 's/.* \([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed.*/\1/p')
    f=$(printf '%s\n' "$line" | sed -n 's/.* \([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed.*/\2/p')
    if [ -z "$p" ]; then p=0; f=1; fi
    if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
    # the vector paths the program ran (tests/simd.h), then its tally
    if [ "$f" -ne 0 ]; then
        printf '%s\n' "$out"
    else
        printf '%s\n' "$out" | grep -E '^simd:' | sed "s|^|$(basename "$t").c: |"
        printf '%s\n' "$line"
    fi
    passed=$((passed + p))
    failed=$((failed + f))
done < "$CHECK_WORK/list"
wait "$runner"

if [ "${CHECK_TIMES:-0}" -gt 0 ]; then
    echo "the $CHECK_TIMES cases of most CPU time (seconds, user + system):"
    while read -r i kind t; do
        # "0m1.23s 0m0.45s" -> seconds
        sed -n 's/\([0-9]*\)m\([0-9.]*\)s/\1 \2/g; 2p' "$CHECK_WORK/$i.times" 2>/dev/null |
            awk -v t="$t" '{ printf "%8.1f  %s\n", $1 * 60 + $2 + $3 * 60 + $4, t }'
    done < "$CHECK_WORK/list" | sort -rn | head -n "$CHECK_TIMES"
fi
printf '%d passed, %d failed\n' "$passed" "$failed"
[ "$failed" -eq 0 ]
