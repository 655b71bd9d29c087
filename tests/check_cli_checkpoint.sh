#!/bin/sh
# grundy grundy-game --checkpoint: a run in two steps through a checkpoint file prints exactly
# what one run prints; a file that is not a checkpoint is refused and left as it was. --threads 2
# prints the same, alone and through a checkpoint, for Grundy's game and for Officers (0.6);
# other thread counts are refused.
BUILD=${BUILD:-build}
g="$BUILD/grundy"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "check_cli_checkpoint: $*"; exit 1; }
"$g" grundy-game -n 50000 --format bfile > "$tmp/one" || fail "plain run failed"
"$g" grundy-game -n 20000 --checkpoint "$tmp/ck" --format csv > "$tmp/a" || fail "first part"
[ -s "$tmp/ck" ] || fail "no checkpoint written"
"$g" grundy-game -n 50000 --checkpoint "$tmp/ck" --format bfile > "$tmp/two" || fail "resume"
cmp -s "$tmp/one" "$tmp/two" || fail "resumed run differs from a single run"
"$g" grundy-game -n 100 --checkpoint "$tmp/ck" > "$tmp/text" || fail "shorter -n than the file"
"$g" grundy-game -n 100 > "$tmp/text2" || fail "plain text run"
cmp -s "$tmp/text" "$tmp/text2" || fail "text output differs"
"$g" grundy-game -n 50000 --threads 2 --format bfile > "$tmp/t2" || fail "--threads 2 run"
cmp -s "$tmp/one" "$tmp/t2" || fail "--threads 2 differs from one thread"
"$g" grundy-game -n 20000 --threads 2 --checkpoint "$tmp/ck2" > /dev/null || fail "threads, part"
"$g" grundy-game -n 50000 --threads 2 --checkpoint "$tmp/ck2" --format bfile > "$tmp/t3" ||
    fail "threads, resume"
cmp -s "$tmp/one" "$tmp/t3" || fail "--threads 2 through a checkpoint differs"
"$g" grundy-game -n 100 --threads 2 > "$tmp/text3" || fail "--threads 2 text run"
cmp -s "$tmp/text2" "$tmp/text3" || fail "--threads 2 text output differs"
"$g" grundy-game -n 10 --threads 3 > /dev/null 2>&1 && fail "accepted --threads 3"
"$g" grundy-game -n 10 --threads 0 > /dev/null 2>&1 && fail "accepted --threads 0"
# take-and-break games on two threads: the same values, alone and through a checkpoint
"$g" octal 0.6 -n 60000 --format bfile > "$tmp/o1" || fail "octal run"
"$g" octal 0.6 -n 60000 --threads 2 --format bfile > "$tmp/o2" || fail "octal --threads 2 run"
cmp -s "$tmp/o1" "$tmp/o2" || fail "octal --threads 2 differs from one thread"
"$g" octal 0.6 -n 30000 --threads 2 --checkpoint "$tmp/ck3" > /dev/null || fail "octal, part"
"$g" octal 0.6 -n 60000 --threads 2 --checkpoint "$tmp/ck3" --format bfile > "$tmp/o3" ||
    fail "octal threads, resume"
cmp -s "$tmp/o1" "$tmp/o3" || fail "octal --threads 2 through a checkpoint differs"
"$g" octal 0.6 -n 10 --threads 3 > /dev/null 2>&1 && fail "octal accepted --threads 3"
printf 'not a checkpoint\n' > "$tmp/bad"
if "$g" grundy-game -n 10 --checkpoint "$tmp/bad" > /dev/null 2> "$tmp/err"; then
    fail "accepted a file that is not a checkpoint"
fi
grep -q "not a checkpoint" "$tmp/err" || fail "no message for a bad file"
[ "$(cat "$tmp/bad")" = "not a checkpoint" ] || fail "overwrote a file that is not a checkpoint"
mkdir "$tmp/dir"
"$g" grundy-game -n 10 --checkpoint "$tmp/dir" > /dev/null 2> "$tmp/err"
[ $? -eq 1 ] || fail "a directory as checkpoint: exit status not 1"
grep -q "cannot read it" "$tmp/err" || fail "no message for an unreadable checkpoint"
"$g" grundy-game -n 10 --checkpoint "$tmp/no/such/dir/ck" > /dev/null 2> "$tmp/err"
[ $? -eq 1 ] || fail "an unwritable checkpoint: exit status not 1"
grep -q "cannot write it" "$tmp/err" || fail "no message for an unwritable checkpoint"
exit 0
