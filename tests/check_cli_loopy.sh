#!/bin/sh
# grundy loopy: values, outcomes and remoteness of game graphs with cycles against game
# searches written plainly in tests/cli_loopy.py; malformed input named by its line, status 2.
exec python3 tests/cli_loopy.py
