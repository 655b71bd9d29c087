#!/bin/sh
# The grundy tool: octal and hexadecimal games and all-but subtraction games against the digit
# rules and plain mex loops; proven periods against the sequences and published ones; open
# games never proven; bad codes.
exec python3 tests/cli_test.py games
