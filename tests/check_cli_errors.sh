#!/bin/sh
# The grundy tool: hostile and malformed input: status 1 or 2, one line on stderr, nothing on
# stdout, never a crash or a hang.
exec python3 tests/cli_test.py errors
