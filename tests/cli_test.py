"""Checks of the grundy tool, run by tests/check_cli_*.sh (one group per script, each in
tests/cli_test_GROUP.py; what they share is in tests/cli_test_common.py).

Every answer of the tool is compared with an independent computation written there from the
definitions: mex loops, game-tree searches for Nim and misere Nim, nimber products from their
mex definition. Every run has a time limit and must not die from a signal.

usage: python3 tests/cli_test.py GROUP      (GROUP: values, nim, formats, errors, games)
"""
import os
import sys

from cli_test_common import FAILURES, TOOL
from cli_test_errors import group_errors
from cli_test_formats import group_formats
from cli_test_games import group_games
from cli_test_nim import group_nim
from cli_test_period import group_period
from cli_test_values import group_values


def main():
    groups = {"values": group_values, "nim": group_nim, "formats": group_formats,
              "errors": group_errors, "games": group_games, "period": group_period}
    if len(sys.argv) != 2 or sys.argv[1] not in groups:
        print(__doc__)
        return 2
    if not os.access(TOOL, os.X_OK):
        print("no tool at %s" % TOOL)
        return 1
    groups[sys.argv[1]]()
    if FAILURES:
        print("%d failures" % len(FAILURES))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
