#!/bin/sh
# usage: reuse-objects.sh FROM TO FLAG...
# Gives a variant build (TO, a build's static/ directory) the objects of another build (FROM)
# that its preprocessor flags cannot change, so that it compiles only the others: an object is
# copied, with its dependency file and its time, when none of the files it was compiled from
# (its .d file lists them all) names a macro that FLAG... (-DNAME or -DNAME=VALUE) defines.
# The check-portable, check-sse and check-avx512 builds differ from the normal one only in such
# macros (SG_NO_SIMD, SG_NO_AVX2, SG_SIMD_EMULATE, ...), which a handful of files read; the two
# builds must share their CFLAGS, as in the CI gate, which is the caller.
set -eu
from=$1 to=$2
shift 2
names=
for f in "$@"; do
    case "$f" in
        -D*) n=${f#-D}; n=${n%%=*}; names="$names${names:+|}$n" ;;
        *) echo "reuse-objects: $f is not a -D flag" >&2; exit 2 ;;
    esac
done
[ -n "$names" ] && [ -d "$from" ] || exit 0
reused=0 total=0
for d in $(find "$from" -name '*.d'); do
    o=${d%.d}.o
    [ -f "$o" ] || continue
    total=$((total + 1))
    # the files of the rule: every word of the .d file but the object and the line breaks
    files=$(tr -s ' \\:' '\n\n\n' < "$d" | grep -v -e '^$' -e '\.o$' | sort -u)
    # shellcheck disable=SC2086
    if [ -z "$files" ] || grep -q -w -E "$names" $files 2>/dev/null; then continue; fi
    rel=${o#"$from"/}
    mkdir -p "$to/$(dirname "$rel")"
    cp -p "$o" "$to/$rel"
    sed "1s|^$from/|$to/|" "$d" > "$to/${rel%.o}.d"
    touch -r "$o" "$to/${rel%.o}.d"
    reused=$((reused + 1))
done
echo "reuse-objects: $reused of $total objects of $from serve $to (${names})"
