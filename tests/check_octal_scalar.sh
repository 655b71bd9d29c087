#!/bin/sh
# The take-and-break engine without its AVX-512 path (SG_NO_SIMD): the portable candidate tests
# for values in two bytes pass the same tests.
CC=${CC:-cc}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
$CC -std=c99 -O2 -pthread -Iinclude -DSG_NO_SIMD -o "$tmp/t" tests/test_octal.c lib/*/*.c &&
    "$tmp/t" >"$tmp/out" 2>&1 && grep -q ' 0 failed' "$tmp/out" || { cat "$tmp/out"; exit 1; }
