#!/bin/sh
# Runs the whole `make check` suite: every unit-test program, then the shell-level checks
# (header as C89 and C++, exported symbols, install + pkg-config consumer + uninstall, ...).
# Each program reports "name: N passed, N failed" (those with vector paths first say which ran,
# "simd: ..."); each shell check counts as one case.
# Ends with the total line "N passed, N failed" and a non-zero status when anything failed.
# Environment: TEST_PROGRAMS and CHECK_SCRIPTS replace the lists of programs and shell checks;
# TEST_WRAPPER runs each program under a command (valgrind).
BUILD=${BUILD:-build}
CC=${CC:-cc}
export BUILD CC
passed=0
failed=0

for t in ${TEST_PROGRAMS-"$BUILD"/tests/test_*}; do
    case "$t" in *.d) continue ;; esac
    [ -x "$t" ] || continue
    out=$($TEST_WRAPPER "$t" 2>&1)
    status=$?
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
done

for s in ${CHECK_SCRIPTS-tests/check_*.sh}; do
    [ -f "$s" ] || continue
    name=$(basename "$s" .sh)
    if out=$(sh "$s" 2>&1); then
        printf '%s: ok\n' "$name"
        passed=$((passed + 1))
    else
        printf '%s\n%s: FAILED\n' "$out" "$name"
        failed=$((failed + 1))
    fi
done

printf '%d passed, %d failed\n' "$passed" "$failed"
[ "$failed" -eq 0 ]
