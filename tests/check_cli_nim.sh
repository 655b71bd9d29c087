#!/bin/sh
# The grundy tool: Nim and misere Nim outcomes and winning moves against a game-tree search.
exec python3 tests/cli_test.py nim
