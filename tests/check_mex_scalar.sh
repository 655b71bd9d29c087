#!/bin/sh
# sg_mex without its vector path (SG_NO_SIMD): the portable word path passes the same tests.
CC=${CC:-cc}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
$CC -std=c99 -O2 -Iinclude -DSG_NO_SIMD -o "$tmp/t" tests/test_mex_fast.c lib/engine/mex.c &&
    "$tmp/t" >"$tmp/out" 2>&1 && grep -q ' 0 failed' "$tmp/out" || { cat "$tmp/out"; exit 1; }
