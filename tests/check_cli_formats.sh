#!/bin/sh
# The grundy tool: every --format parses and tells the same values; options in every spelling;
# --help; the man page documents every command and option.
exec python3 tests/cli_test.py formats
