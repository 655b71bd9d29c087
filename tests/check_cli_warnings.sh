#!/bin/sh
# The grundy tool's sources compile without a warning under gcc and clang with the project's
# warning set (tests/check_warnings.sh covers lib/).
set -e
flags="-std=c99 -O2 -Wall -Wextra -Wshadow -Wconversion -Wstrict-prototypes -Wmissing-prototypes
 -Wpointer-arith -Wcast-qual -Wundef -Wvla -Wformat=2 -Werror -fsyntax-only -Iinclude"
for cc in gcc clang; do
    command -v $cc >/dev/null 2>&1 || continue
    for f in tools/*.c; do $cc $flags "$f"; done
done
