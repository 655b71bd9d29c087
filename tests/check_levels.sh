#!/bin/sh
# The levels of lib/ hold: no object file of the library calls a function of a later level
# (Makefile's LEVELS), and no files call each other in a circle (scripts/levels.py reads the
# calls off the static objects with nm).
set -e
BUILD=${BUILD:-build}
levels=$(sed -n 's/^LEVELS *:= *//p' Makefile)
test -n "$levels"
python3 scripts/levels.py "$BUILD/static" $levels
# the grundy tool's files call each other in no circle either (tools/*.c compiled apart here:
# the tool itself is linked in one command)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/tools"
for f in tools/*.c; do
    ${CC:-cc} -c -Iinclude -DGRUNDY_NO_MAIN -o "$tmp/tools/$(basename "$f" .c).o" "$f"
done
python3 scripts/levels.py "$tmp" tools
