#!/bin/sh
# tier: long
# x86 without AVX2 (SG_NO_AVX2 and SG_NO_AVX512): Grundy's game's 16-byte split search (SSE2)
# and the take-and-break value engine's SSSE3 kernels, which read G(m - a) backwards and keep no
# reversed copy, pass the same tests (quick ones: `make check-sse` runs the whole suite so).
CC=${CC:-cc}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/tests" "$tmp/obj" || exit 1
root=$(pwd)
flags="-std=c99 -O2 -pthread -DSG_NO_AVX2 -DSG_NO_AVX512"
# the library compiled once (its sources have distinct names), linked into each test
(cd "$tmp/obj" && $CC $flags -I"$root/include" -c "$root"/lib/*/*.c "$root"/lib/*/*/*.c) || exit 1
# TEST QUICK PATH: test_grundy_game quick runs 12000 heaps against the plain loop, past the
# sparse engine's start; test_octal quick has values in two bytes against the brute force
while read -r name quick path; do
    $CC $flags -Iinclude -o "$tmp/t" "tests/$name.c" "$tmp"/obj/*.o &&
        SG_TEST_QUICK=$quick BUILD="$tmp" "$tmp/t" >"$tmp/out" 2>&1 &&
        grep -q ' 0 failed' "$tmp/out" || { cat "$tmp/out"; exit 1; }
    grep -q "^simd: .*$path" "$tmp/out" || { cat "$tmp/out"; exit 1; }
done <<EOF
test_grundy_game 1 grundy-game \(sse2\|portable\)
test_sequence 0 grundy-game \(sse2\|portable\)
test_octal 1 octal \(ssse3\|portable\)
EOF
