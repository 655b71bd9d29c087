#!/bin/sh
# The contest programs in examples/: each builds warning-free against build/libsg.a, answers
# its sample examples/<name>.in with exactly examples/<name>.out, and rejects malformed input
# with a message and exit status 1. Then tests/examples_brute.py checks every sample answer
# and random small inputs against brute-force searches written from the games' rules.
set -e
BUILD=${BUILD:-build}
CC=${CC:-cc}
bin="$BUILD/examples"
mkdir -p "$bin"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
flags="-std=c99 -Wall -Wextra -Wshadow -Wconversion -Wstrict-prototypes -Wmissing-prototypes
       -Wpointer-arith -Wcast-qual -Wundef -Wvla -Wformat=2 -Werror -O2"
fail=0
for src in examples/*.c; do
    name=$(basename "$src" .c)
    # shellcheck disable=SC2086
    $CC $flags -Iinclude -o "$bin/$name" "$src" "$BUILD/libsg.a"
    if ! "$bin/$name" < "examples/$name.in" > "$tmp/out" 2> "$tmp/err"; then
        echo "$name: failed on its sample:"; cat "$tmp/err"; fail=1
    elif ! diff -u "examples/$name.out" "$tmp/out"; then
        echo "$name: wrong answer on its sample"; fail=1
    fi
    for bad in 'x' '-1' '99999999999999999999999' '3 1 2' '1 5z'; do
        status=0
        printf '%s\n' "$bad" | "$bin/$name" > /dev/null 2> "$tmp/err" || status=$?
        if [ "$status" -ne 1 ] || [ ! -s "$tmp/err" ]; then
            echo "$name: input '$bad' gave status $status (want 1 and a message)"; fail=1
        fi
    done
done
python3 tests/examples_brute.py "$bin" examples || fail=1
exit $fail
