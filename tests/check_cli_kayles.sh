#!/bin/sh
# grundy node-kayles and arc-kayles: the named graphs against published values (paths: octal
# 0.137 and 0.07 from grundy octal; 3 x n grids: OEIS A316632), a graph on stdin against the
# same graph named, graph6 lines from geng (when installed), malformed input named with status
# 2, and --store: resumed after SIGINT and after kill -9 (saves every 0.2 s here through
# GRUNDY_SAVE_SECONDS), refused for the other game. Node Kayles on a named grid of at most 64
# cells is played as a board: against the graph engine on the same grid given on stdin, and
# its store refused by the graph game and the other way round. The values themselves are
# checked against a plain brute force in tests/test_graph_kayles.c and test_kayles_board.c.
BUILD=${BUILD:-build}
G=$BUILD/grundy
fail=0
bad() { printf 'check_cli_kayles: %s\n' "$*"; fail=1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

value() { sed -n 's/.*"value":\([0-9]*\).*/\1/p'; }
nodes() { sed -n 's/.*"nodes":\([0-9]*\).*/\1/p'; }
. tests/store_resume.sh

# the R x C grid as a graph on stdin ('n m', then the edges): the graph engine, not the board
grid_edges() {
    awk -v R="$1" -v C="$2" 'BEGIN {
        print R * C, R * (C - 1) + (R - 1) * C
        for (r = 0; r < R; r++)
            for (c = 0; c < C; c++) {
                if (c + 1 < C) print r * C + c, r * C + c + 1
                if (r + 1 < R) print r * C + c, (r + 1) * C + c
            }
    }'
}

# paths: Node Kayles is 0.137, Arc Kayles 0.07
for game in node-kayles:0.137 arc-kayles:0.07; do
    want=$($G octal "${game#*:}" -n 25 --format csv | tail -n +2 | cut -d, -f2 | tr '\n' ' ')
    got=""
    n=0
    while [ $n -lt 25 ]; do
        got="$got$($G "${game%%:*}" --path $n --format json | value) "
        n=$((n + 1))
    done
    [ "$got" = "$want" ] || bad "${game%%:*} on paths: $got, want $want"
done

# A316632: 3 x n grids, n = 1..10 (https://oeis.org/A316632), as boards (--grid) and through
# the graph engine (the same grid on stdin), the same value and the same first winning move
got=""
graph=""
for n in 1 2 3 4 5 6 7 8 9 10; do
    b=$($G node-kayles --grid 3x$n --format json)
    g=$(grid_edges 3 $n | $G node-kayles --format json)
    got="$got$(printf '%s' "$b" | value) "
    graph="$graph$(printf '%s' "$g" | value) "
    [ "$(printf '%s' "$b" | grep -o '"move":[0-9a-z]*')" = \
      "$(printf '%s' "$g" | grep -o '"move":[0-9a-z]*')" ] || bad "3x$n: board $b, graph $g"
done
[ "$got" = "2 1 1 0 3 3 2 2 2 3 " ] || bad "3 x n grids: $got"
[ "$graph" = "$got" ] || bad "3 x n grids, graph engine: $graph"
printf '%s' "$b" | grep -q '"graph":"grid 3x10","vertices":30,"edges":47,"value":3,' ||
    bad "3x10 as a board, its JSON: $b"
# more than 64 cells: the graph engine (a path of 65, octal 0.137)
want=$($G octal 0.137 -n 66 --format csv | tail -n 1 | cut -d, -f2)
[ "$($G node-kayles --grid 1x65 --format json | value)" = "$want" ] || bad "1x65: want $want"

# text output, a winning move that leaves 0
out=$($G node-kayles --grid 3x5)
printf '%s\n' "$out" | grep -q '^grid 3x5 (15 vertices, 22 edges): value 3$' || bad "text: $out"
printf '%s\n' "$out" | grep -q '^winning move: take vertex [0-9]* and its neighbours$' ||
    bad "text move: $out"
out=$($G node-kayles --grid 3x4 --outcome)
printf '%s\n' "$out" | grep -q 'P (the player to move loses)$' || bad "--outcome 3x4: $out"
printf '%s\n' "$out" | grep -q 'winning move' && bad "--outcome 3x4 shows a move: $out"

# the same graph on stdin: the 2 x 3 grid, its edges in another order
s=$(printf '6 7\n3 4\n0 1\n4 5\n1 2\n0 3\n1 4\n2 5\n' | $G node-kayles --format json)
g=$($G node-kayles --grid 2x3 --format json)
[ "$(printf '%s' "$s" | value)" = "$(printf '%s' "$g" | value)" ] || bad "stdin $s, named $g"
s=$(printf '6 7\n3 4\n0 1\n4 5\n1 2\n0 3\n1 4\n2 5\n' | $G arc-kayles --format json)
g=$($G arc-kayles --grid 2x3 --format json)
[ "$(printf '%s' "$s" | value)" = "$(printf '%s' "$g" | value)" ] || bad "arc stdin $s, named $g"

# graph6: every graph on 5 vertices from geng, one line out per graph; a bad line is status 2
geng=$(command -v nauty-geng || command -v geng)
if [ -n "$geng" ]; then
    lines=$($geng -q 5 | $G node-kayles --graph6 | grep -c '"game":"node-kayles"')
    [ "$lines" = 34 ] || bad "geng 5 | node-kayles --graph6: $lines lines, want 34"
    lines=$($geng -q 6 | $G arc-kayles --graph6 --outcome | grep -c '"outcome":"[NP]"')
    [ "$lines" = 156 ] || bad "geng 6 | arc-kayles --graph6 --outcome: $lines lines, want 156"
else
    echo "check_cli_kayles: nauty's geng is not installed: its graph6 survey is skipped"
fi
printf 'Bw\n!!\n' | $G node-kayles --graph6 >/dev/null 2>"$tmp/err"
[ $? = 2 ] && grep -q 'line 2' "$tmp/err" || bad "a bad graph6 line: $(cat "$tmp/err")"
# a graph6 line past 8 KiB (321 vertices, no edge: value 1) is read whole; it was cut at 8 KiB
# and called malformed. A line longer than any graph the library takes is refused by name
{ printf '~?D@'; head -c 8560 /dev/zero | tr '\0' '?'; echo; } |
    $G node-kayles --graph6 > "$tmp/out" 2>&1
grep -q '"vertices":321,"edges":0,"value":1' "$tmp/out" ||
    bad "a graph6 line of 321 vertices: $(head -c 300 "$tmp/out")"
head -c 1500000 /dev/zero | tr '\0' '?' | $G node-kayles --graph6 > /dev/null 2> "$tmp/err"
[ $? = 2 ] && grep -q 'line 1: longer than' "$tmp/err" ||
    bad "a too long graph6 line: $(cat "$tmp/err")"
# nauty's optional >>graph6<< header, before the first graph or alone on the first line, is
# read as nauty reads it (it was refused); blank lines are skipped; --format text is refused
for input in '>>graph6<<Bw\nCF\n' '>>graph6<<\nBw\n\nCF\n'; do
    out=$(printf "$input" | $G node-kayles --graph6 2>&1)
    [ $? = 0 ] && [ "$(printf '%s\n' "$out" | grep -c '"graph6":"\(Bw\|CF\)".*"value":1')" = 2 ] ||
        bad "graph6 with nauty's header ($input): $out"
done
printf 'Bw\n>>graph6<<Bw\n' | $G node-kayles --graph6 >/dev/null 2>"$tmp/err"
[ $? = 2 ] && grep -q 'line 2' "$tmp/err" || bad "a graph6 header past line 1: $(cat "$tmp/err")"
printf 'Bw\n' | $G node-kayles --graph6 --format text >"$tmp/out" 2>"$tmp/err"
[ $? = 2 ] && [ ! -s "$tmp/out" ] && grep -q 'JSON' "$tmp/err" ||
    bad "--graph6 --format text: $(cat "$tmp/out" "$tmp/err")"

# malformed input: status 2 and the line named; bad options
expect() {
    want=$1; shift
    "$@" >/dev/null 2>"$tmp/err" </dev/null
    st=$?
    [ $st = "$want" ] || bad "$*: status $st, want $want ($(cat "$tmp/err"))"
}
printf '3 2\n0 1\n1 x\n' | $G node-kayles >/dev/null 2>"$tmp/err"
[ $? = 2 ] && grep -q 'line 3' "$tmp/err" || bad "bad edge line: $(cat "$tmp/err")"
printf '3 1\n1 1\n' | $G node-kayles >/dev/null 2>"$tmp/err"
[ $? = 2 ] && grep -q 'loop' "$tmp/err" || bad "a loop: $(cat "$tmp/err")"
printf '3 2\n0 1\n' | $G arc-kayles >/dev/null 2>"$tmp/err"
[ $? = 2 ] || bad "missing edge: $(cat "$tmp/err")"
expect 2 $G node-kayles --grid 3y4
expect 2 $G node-kayles --grid 3x4 --path 3
expect 2 $G node-kayles --graph6 --path 3
expect 2 $G node-kayles --petersen 4,2
expect 1 $G node-kayles --queens 100
expect 2 $G node-kayles --grid 3x4 --format csv
expect 1 $G node-kayles --grid 3x4 --store "$tmp/no/such/dir/s"
# a grid with a side of 0 is named as such (it once said "more than 4096 vertices"), and a
# cycle of fewer than 3 vertices is refused (1 and 2 were taken as a vertex and an edge)
for a in 0x5 5x0; do
    expect 2 $G node-kayles --grid $a
    grep -q 'a side of 0' "$tmp/err" || bad "--grid $a: $(cat "$tmp/err")"
done
for n in 0 1 2; do
    expect 2 $G arc-kayles --cycle $n
    grep -q 'at least 3 vertices' "$tmp/err" || bad "--cycle $n: $(cat "$tmp/err")"
done
# counts in the singular: a duplicate edge is merged, "1 edge" (it said "1 edges")
out=$(printf '3 2\n0 1\n1 0\n' | $G node-kayles)
case "$out" in "stdin (3 vertices, 1 edge): value 0"*) ;; *) bad "a duplicate edge: $out" ;; esac
out=$($G node-kayles --path 1)
case "$out" in "path 1 (1 vertex, 0 edges): value 1"*) ;; *) bad "--path 1: $out" ;; esac
printf '3 1\n0 1\n1 2\n' | $G node-kayles >/dev/null 2>"$tmp/err"
grep -q 'more than 1 edge$' "$tmp/err" || bad "one edge too many: $(cat "$tmp/err")"

# --store: made, reused (nothing searched again), refused for the other game; the graph engine
# on the 3 x 9 grid given on stdin
grid_edges 3 9 >"$tmp/g39"
st="$tmp/s"
a=$($G node-kayles --store "$st" --format json <"$tmp/g39")
[ -f "$st" ] && [ ! -e "$st.game" ] || bad "--store: no $st, or a side file $st.game"
# the help says what is true of --store: the file names its game itself, no FILE.game beside it
$G node-kayles --help 2>&1 | grep -q 'FILE.game' && bad "--store help: names a FILE.game"
$G node-kayles --help 2>&1 | grep -q 'FILE names its game itself' ||
    bad "--store help: does not say the file names its game"
b=$($G node-kayles --store "$st" --format json <"$tmp/g39")
[ "$(printf '%s' "$a" | value)" = 2 ] && [ "$(printf '%s' "$b" | value)" = 2 ] ||
    bad "--store 3x9: $a then $b"
[ "$(printf '%s' "$b" | nodes)" -lt "$(printf '%s' "$a" | nodes)" ] ||
    bad "--store: the second run searched as much: $a then $b"
expect 1 $G arc-kayles --grid 3x9 --store "$st"
grep -q "holds values of 'node-kayles/1 [a-z]*', not of 'arc-kayles/1" "$tmp/err" ||
    bad "arc-kayles on a node-kayles store: $(cat "$tmp/err")"
# the file names its game: a Cram store given to node-kayles is refused, saying whose it is,
# and left as it was
$G cram 3 3 --store "$tmp/c" >/dev/null || bad "cram 3 3 --store: status $?"
cp "$tmp/c" "$tmp/c0"
expect 1 $G node-kayles --grid 3x3 --store "$tmp/c"
grep -q "store '.*c': it holds values of 'cram/1', not of 'node-kayles-board/1'" "$tmp/err" ||
    bad "node-kayles on a Cram store: $(cat "$tmp/err")"
cmp -s "$tmp/c" "$tmp/c0" || bad "node-kayles changed the Cram store it refused"
expect 1 $G cram 3 3 --store "$tmp/s"
grep -q "holds values of 'node-kayles/1 [a-z]*', not of 'cram/1'" "$tmp/err" ||
    bad "cram on a node-kayles store: $(cat "$tmp/err")"

# the board's store: made and reused; a store of the graph game refused by the board, and the
# board's by the graph game, each saying whose it is
bs="$tmp/b"
a=$($G node-kayles --grid 3x9 --store "$bs" --format json)
b=$($G node-kayles --grid 3x9 --store "$bs" --format json)
[ "$(printf '%s' "$a" | value)" = 2 ] && [ "$(printf '%s' "$b" | value)" = 2 ] &&
    [ "$(printf '%s' "$b" | nodes)" -lt "$(printf '%s' "$a" | nodes)" ] ||
    bad "--store, board 3x9: $a then $b"
expect 1 $G node-kayles --grid 3x9 --store "$tmp/s"
grep -q "holds values of 'node-kayles/1 [a-z]*', not of 'node-kayles-board/1'" "$tmp/err" ||
    bad "a board on a graph store: $(cat "$tmp/err")"
$G node-kayles --store "$bs" <"$tmp/g39" >/dev/null 2>"$tmp/err"
[ $? = 1 ] && grep -q "holds values of 'node-kayles-board/1', not of 'node-kayles/1" "$tmp/err" ||
    bad "a graph on a board store: $(cat "$tmp/err")"

# saves every 0.2 s, each stopping the search and starting it again: the same value
v=$(grid_edges 3 13 | GRUNDY_SAVE_SECONDS=0.2 $G node-kayles --store "$tmp/t" --format json |
    value)
[ "$v" = 2 ] || bad "3x13 with saves every 0.2 s: $v"
v=$(GRUNDY_SAVE_SECONDS=0.02 $G node-kayles --grid 3x14 --store "$tmp/u" --format json | value)
[ "$v" = 4 ] || bad "3x14 as a board, saves every 0.02 s: $v"

# interrupted after a save and resumed: the right value, less work; the graph engine on the
# 3 x 14 grid from stdin (a wrapper gives it) by SIGINT, then a board by kill -9
grid_edges 3 14 >"$tmp/g314"
printf 'exec %s "$@" <"%s"\n' "$G" "$tmp/g314" >"$tmp/stdin.sh"
named=$G
G="sh $tmp/stdin.sh"
resume_check INT 4 9669 node-kayles
G=$named
resume_check KILL 2 59784 node-kayles --grid 3x17

# --outcome: saved while the search runs (each save stops the query and asks it again, what
# it proved kept), and after SIGINT resumed with less work than a search from nothing. On the
# queens graph 10 x 10, a P-position (A344227(10) = 0), so that every option must be refuted
# and no lucky first move ends the search early; on 12 x 12 (also P, about 13 times the work)
# when the first ended before a save held a proven position and the signal came.
interrupted=
for q in 10 12; do
    whole=$($G node-kayles --queens $q --outcome --format json | nodes)
    rm -f "$tmp/o"
    GRUNDY_SAVE_SECONDS=0.2 $G node-kayles --queens $q --outcome --store "$tmp/o" \
        --format json >"$tmp/out" 2>"$tmp/err" &
    pid=$!
    await_proven $pid "$tmp/o"
    kill -INT $pid 2>/dev/null
    wait $pid && continue   # it ended before the signal: the larger graph
    interrupted=$q
    grep -q 'stopped by SIGINT' "$tmp/err" || bad "--outcome, SIGINT: $(cat "$tmp/err")"
    out=$($G node-kayles --queens $q --outcome --store "$tmp/o" --format json)
    printf '%s' "$out" | grep -q '"outcome":"P"' || bad "--outcome resumed: $out"
    [ "$(printf '%s' "$out" | nodes)" -lt "$whole" ] ||
        bad "--outcome resumed, no less work than $whole: $out"
    break
done
[ -n "$interrupted" ] || bad "--outcome, queens 10 and 12: each ended before SIGINT"
exit $fail
