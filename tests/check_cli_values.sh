#!/bin/sh
# The grundy tool: mex, nimmul and subtraction-game values and periods against plain
# brute force (mex loops, Conway's definition of the nim product).
exec python3 tests/cli_test.py values
