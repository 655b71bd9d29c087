#!/bin/sh
# The C snippets of the docs run and print what the docs say they print. In docs/guide.md and
# docs/contest.md, and in their Chinese versions docs/zh/guide.md and docs/zh/contest.md, every
# ```c block is a complete program and the next fenced block (only blank lines between) is a
# ```text block holding its exact output. Each program is compiled with -Iinclude against
# build/libsg.a with warnings as errors, run, and its output compared. A
# snippet that defines SG_IMPLEMENTATION or SG_STATIC is meant for a pasted header: it is
# built from a fresh `make single` with -I<its dir> and nothing to link, as C99 and C++17, and
# run each way; one that defines SG_STATIC (pasted on a judge) from the single header as C++17
# only, and from a fresh `make contest` as C99 and C++17 (check_contest.sh holds that header to
# -Wold-style-cast).
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
# build HOW OUT COMPILER ARGS...: the snippet $c compiled into OUT (added to $bins), or a report
build() {
    how=$1
    out=$2
    shift 2
    if "$@" -Wall -Wextra -Werror -o "$out" "$c" $post 2> "$stem.cc"; then
        bins="$bins $out"
        return 0
    fi
    echo "$name: does not compile $how:"
    cat "$stem.cc"
    fail=1
    return 1
}
for doc in docs/guide.md docs/contest.md docs/zh/guide.md docs/zh/contest.md; do
    [ -f "$doc" ] || continue
    base=$(echo "${doc#docs/}" | sed 's/\.md$//; s|/|_|g')
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
        bins=
        post=
        if grep -q 'SG_STATIC' "$c"; then
            # pasted on a judge: C++ with the single header (check_single compiles an SG_STATIC
            # unit of it as C), C and C++ with the contest header
            build "as C++ with the single header" "$stem.single_cxx" \
                  $hcxx -std=c++17 -x c++ -I"$single" &&
                build "as C++ with the contest header" "$stem.contest_cxx" \
                      $hcxx -std=c++17 -x c++ -I"$contest" &&
                build "as C with the contest header" "$stem.contest_c" \
                      $hcc -std=c99 -I"$contest" || continue
        elif grep -q 'SG_IMPLEMENTATION' "$c"; then
            build "as C++ with the single header" "$stem.single_cxx" \
                  $hcxx -std=c++17 -x c++ -I"$single" &&
                build "as C with the single header" "$stem.single_c" \
                      $hcc -std=c99 -I"$single" || continue
        else
            post="$BUILD/libsg.a"
            build "against libsg.a" "$stem.lib" $CC -std=c99 -Iinclude || continue
        fi
        for bin in $bins; do
            how=$(echo "${bin##*.}" | sed 's/_cxx$/ header, C++/; s/_c$/ header, C/; s/^lib$/libsg.a/')
            if ! "$bin" > "$bin.out" 2>&1; then
                echo "$name ($how): exit status non-zero"; cat "$bin.out"; fail=1; continue
            fi
            if ! diff -u "$stem.txt" "$bin.out"; then
                echo "$name ($how): output differs from the text block"; fail=1
            fi
        done
    done
done
if [ "$count" -eq 0 ]; then echo "no snippets found"; fail=1; fi
exit $fail
