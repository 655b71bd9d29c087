#!/bin/sh
# Grundy's game without its AVX2 path (SSE2 alone) and without any vector path (SG_NO_SIMD):
# the other searches among the splits pass the same tests.
CC=${CC:-cc}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/tests" || exit 1
for def in -DSG_NO_AVX2 -DSG_NO_SIMD; do
    # test_grundy_game quick: 12000 heaps against the plain loop, past the sparse engine's start
    for t in test_grundy_game:1 test_sequence:0; do
        $CC -std=c99 -O2 -pthread -Iinclude $def -o "$tmp/t" "tests/${t%:*}.c" lib/*/*.c &&
            SG_TEST_QUICK=${t#*:} BUILD="$tmp" "$tmp/t" >"$tmp/out" 2>&1 &&
            grep -q ' 0 failed' "$tmp/out" || { cat "$tmp/out"; exit 1; }
    done
done
