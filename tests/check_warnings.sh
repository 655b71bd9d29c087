#!/bin/sh
# The library compiles without a warning under gcc and clang with the project's warning set
# (`make check`: gcc; clang too under SG_TEST_LONG, make check-long).
set -e
flags="-std=c99 -O2 -Wall -Wextra -Wshadow -Wconversion -Wstrict-prototypes -Wmissing-prototypes
 -Wpointer-arith -Wcast-qual -Wundef -Wvla -Wformat=2 -Werror -fsyntax-only"
compilers=gcc
case "${SG_TEST_LONG:-0}" in 0) ;; *) compilers="gcc clang" ;; esac
for cc in $compilers; do
    command -v $cc >/dev/null 2>&1 || continue
    for f in lib/*/*.c lib/*/*/*.c; do $cc $flags "$f"; done
done
