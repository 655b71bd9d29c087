#!/bin/sh
# Grundy's game with SSE2 alone (SG_NO_AVX2): the 16-byte split search passes the same tests.
# Every vector path off (SG_NO_SIMD) is `make check-portable`.
CC=${CC:-cc}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/tests" "$tmp/obj" || exit 1
root=$(pwd)
# the library compiled once (its sources have distinct names), linked into each test
(cd "$tmp/obj" && $CC -std=c99 -O2 -pthread -I"$root/include" -DSG_NO_AVX2 -c "$root"/lib/*/*.c) ||
    exit 1
# test_grundy_game quick: 12000 heaps against the plain loop, past the sparse engine's start
for t in test_grundy_game:1 test_sequence:0; do
    $CC -std=c99 -O2 -pthread -Iinclude -DSG_NO_AVX2 -o "$tmp/t" "tests/${t%:*}.c" "$tmp"/obj/*.o &&
        SG_TEST_QUICK=${t#*:} BUILD="$tmp" "$tmp/t" >"$tmp/out" 2>&1 &&
        grep -q ' 0 failed' "$tmp/out" || { cat "$tmp/out"; exit 1; }
    grep -q '^simd: grundy-game \(sse2\|portable\)' "$tmp/out" || { cat "$tmp/out"; exit 1; }
done
