#!/bin/sh
# The C snippets of the docs run and print what the docs say they print. In docs/guide.md and
# docs/contest.md every ```c block is a complete program and the next fenced block (only blank
# lines between) is a ```text block holding its exact output. Each program is compiled with
# -Iinclude against build/libsg.a with warnings as errors, run, and its output compared. A
# snippet that defines SG_IMPLEMENTATION or SG_STATIC is meant for a pasted header: it is
# built from a fresh `make single` with -I<its dir> and nothing to link, as C99 and C++17, and
# (SG_STATIC) from a fresh `make contest` too (check_contest.sh holds it to -Wold-style-cast),
# and run each way.
set -e
BUILD=${BUILD:-build}
CC=${CC:-cc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
count=0
make -s single contest BUILD="$tmp/build" > /dev/null
# a snippet that pastes a header compiles the whole library: with clang where there is one, at
# a third of gcc's time (check_single and check_contest hold both compilers to every warning)
hcc=$CC
hcxx=${CXX:-c++}
if command -v clang >/dev/null 2>&1 && command -v clang++ >/dev/null 2>&1; then
    hcc=clang
    hcxx=clang++
fi
single="$tmp/build/single"
contest="$tmp/build/contest"
for doc in docs/guide.md docs/contest.md; do
    [ -f "$doc" ] || continue
    base=$(basename "$doc" .md)
    # split into $tmp/<base>_N.c and $tmp/<base>_N.txt; a c block lacking its text block is
    # reported by writing <base>_N.missing
    awk -v dir="$tmp" -v base="$base" '
        /^```c[ \t]*$/ && mode == "" { n++; mode = "c"; want = 0; file = dir "/" base "_" n ".c"
                                       line_c[n] = NR; next }
        /^```text[ \t]*$/ && mode == "" {
            if (want) { mode = "t"; want = 0; file = dir "/" base "_" n ".txt"
                        printf "" > file; next }
            mode = "other"; next }
        /^```/ && mode == "" { if (want) { print "" > (dir "/" base "_" n ".missing"); want = 0 }
                               mode = "other"; next }
        /^```[ \t]*$/ && mode != "" { if (mode == "c") want = 1; mode = ""; next }
        mode == "c" || mode == "t" { print > file; next }
        mode == "" && want && !/^[ \t]*$/ { print "" > (dir "/" base "_" n ".missing"); want = 0 }
        END { if (want) print "" > (dir "/" base "_" n ".missing") }
    ' "$doc"
    for c in "$tmp/${base}"_*.c; do
        [ -f "$c" ] || continue
        stem=${c%.c}
        name="$doc snippet $(basename "$stem" | sed 's/.*_//')"
        count=$((count + 1))
        if [ -f "$stem.missing" ] || [ ! -f "$stem.txt" ]; then
            echo "$name: no \`\`\`text block with its output right after it"; fail=1; continue
        fi
        if grep -q 'SG_IMPLEMENTATION\|SG_STATIC' "$c"; then
            if ! $hcxx -std=c++17 -Wall -Wextra -Werror -I"$single" -x c++ \
                     -o "$stem.cpp.bin" "$c" 2> "$stem.cc"; then
                echo "$name: does not compile as C++ with the single header:"; cat "$stem.cc"
                fail=1; continue
            fi
            if grep -q 'SG_STATIC' "$c"; then
                if ! $hcxx -std=c++17 -Wall -Wextra -Werror -I"$contest" \
                         -x c++ -o "$stem.contest" "$c" 2> "$stem.cc"; then
                    echo "$name: does not compile as C++ with the contest header:"; cat "$stem.cc"
                    fail=1; continue
                fi
                if ! $hcc -std=c99 -Wall -Wextra -Werror -I"$contest" -o "$stem.contest_c" "$c" \
                         2> "$stem.cc"; then
                    echo "$name: does not compile as C with the contest header:"; cat "$stem.cc"
                    fail=1; continue
                fi
                for bin in "$stem.contest" "$stem.contest_c"; do
                    "$bin" > "$stem.cout" 2>&1 || true
                    if ! diff -u "$stem.txt" "$stem.cout"; then
                        echo "$name: with the contest header, the output differs"; fail=1
                    fi
                done
            fi
            set -- -I"$single"
            cc=$hcc
        else
            set -- -Iinclude "$BUILD/libsg.a"
            cc=$CC
        fi
        if ! $cc -std=c99 -Wall -Wextra -Werror -o "$stem" "$c" "$@" 2> "$stem.cc"; then
            echo "$name: does not compile:"; cat "$stem.cc"; fail=1; continue
        fi
        if ! "$stem" > "$stem.out" 2>&1; then
            echo "$name: exit status non-zero"; cat "$stem.out"; fail=1; continue
        fi
        if ! diff -u "$stem.txt" "$stem.out"; then
            echo "$name: output differs from the text block"; fail=1
        fi
    done
done
if [ "$count" -eq 0 ]; then echo "no snippets found"; fail=1; fi
exit $fail
