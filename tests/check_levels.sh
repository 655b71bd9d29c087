#!/bin/sh
# The levels of lib/ hold: no object file of the library calls a function of a later level
# (Makefile's LEVELS), and no files call each other in a circle (scripts/levels.py reads the
# calls off the static objects with nm).
set -e
BUILD=${BUILD:-build}
levels=$(sed -n 's/^LEVELS *:= *//p' Makefile)
test -n "$levels"
python3 scripts/levels.py "$BUILD/static" $levels
