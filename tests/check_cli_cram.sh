#!/bin/sh
# grundy cram --store: one query, saved while it runs (every GRUNDY_SAVE_SECONDS: each save
# stops the query and asks it again, what it proved kept), the same value as a run without a
# store, and after SIGINT or kill -9 resumed with the right value and less work. The values
# themselves are checked against a plain brute force in tests/test_cram.c and
# tests/check_cli_boards.sh.
BUILD=${BUILD:-build}
G=$BUILD/grundy
fail=0
bad() { printf 'check_cli_cram: %s\n' "$*"; fail=1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

value() { sed -n 's/.*"value":\([0-9]*\).*/\1/p'; }
nodes() { sed -n 's/.*"nodes":\([0-9]*\).*/\1/p'; }
. tests/store_resume.sh
outcome() { sed -n 's/.*"outcome":"\([NP]\)".*/\1/p'; }

# the whole search of 4 x 7 without a store (3: Beling's table, tests/test_cram.c)
whole=$($G cram 4 7 --format json)
[ "$(printf '%s' "$whole" | value)" = 3 ] || bad "4 x 7: $whole"
all=$(printf '%s' "$whole" | nodes)

# saves every 0.05 s, each stopping the search and asking it again (what a stopped query proved
# is kept, the open positions are redone): the same value, and the outcome of 4 x 6 (value 0)
out=$(GRUNDY_SAVE_SECONDS=0.05 $G cram 4 7 --store "$tmp/t" --format json)
[ "$(printf '%s' "$out" | value)" = 3 ] || bad "4 x 7 with saves every 0.05 s: $out"
[ -s "$tmp/t" ] || bad "4 x 7 with saves: no store written"
out=$(GRUNDY_SAVE_SECONDS=0.05 $G cram 4 6 --outcome --store "$tmp/u" --format json)
[ "$(printf '%s' "$out" | outcome)" = P ] || bad "4 x 6 --outcome with saves: $out"

# a save while the search runs that holds a proven position (the old tool saved only between
# first moves, every five minutes), then SIGINT or kill -9, and the run resumed: the right
# value, less work
for sig in INT KILL; do resume_check $sig 3 "$all" cram 4 7; done
exit $fail
