#!/bin/sh
# grundy octal CODE --checkpoint: a run in two steps through a checkpoint file prints exactly
# what one run prints (a game with no known period, and one whose period is proven on the way);
# a checkpoint of another code, or of Grundy's game, is refused and left as it was.
BUILD=${BUILD:-build}
g="$BUILD/grundy"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "check_cli_octal_checkpoint: $*"; exit 1; }
for code in 0.6 0.07 0.f; do
    n=30000
    [ "$code" = 0.f ] && n=3000
    rm -f "$tmp/ck"
    "$g" octal "$code" -n "$n" --format bfile > "$tmp/one" || fail "$code: plain run failed"
    "$g" octal "$code" -n $((n / 2)) --checkpoint "$tmp/ck" --format csv > "$tmp/a" ||
        fail "$code: first half"
    [ -s "$tmp/ck" ] || fail "$code: no checkpoint written"
    "$g" octal "$code" -n "$n" --checkpoint "$tmp/ck" --format bfile > "$tmp/two" ||
        fail "$code: resume"
    cmp -s "$tmp/one" "$tmp/two" || fail "$code: resumed run differs from a single run"
    head -n $((n / 2)) "$tmp/one" | tr ' ' ',' > "$tmp/half"
    tail -n +2 "$tmp/a" | cmp -s - "$tmp/half" || fail "$code: first half differs"
done
rm -f "$tmp/ck"
"$g" octal 0.6 -n 200 --checkpoint "$tmp/ck" > /dev/null || fail "0.6 to 200"
"$g" octal 0.6 -n 100 --checkpoint "$tmp/ck" --format json > "$tmp/j1" || fail "json from a file"
"$g" octal 0.6 -n 100 --format json > "$tmp/j2" || fail "plain json run"
cmp -s "$tmp/j1" "$tmp/j2" || fail "json output differs"
cp "$tmp/ck" "$tmp/keep"
if "$g" octal 0.77 -n 10 --checkpoint "$tmp/ck" > /dev/null 2> "$tmp/err"; then
    fail "accepted a checkpoint of another code"
fi
grep -q "0.77" "$tmp/err" || fail "no message for another code"
cmp -s "$tmp/ck" "$tmp/keep" || fail "overwrote a checkpoint of another code"
"$g" grundy-game -n 100 --checkpoint "$tmp/gg" > /dev/null || fail "grundy-game checkpoint"
if "$g" octal 0.6 -n 10 --checkpoint "$tmp/gg" > /dev/null 2> "$tmp/err"; then
    fail "accepted a checkpoint of Grundy's game"
fi
grep -q "Grundy's game" "$tmp/err" || fail "no message for Grundy's game"
if "$g" grundy-game -n 10 --checkpoint "$tmp/ck" > /dev/null 2> "$tmp/err"; then
    fail "grundy-game accepted a checkpoint of an octal game"
fi
if "$g" octal 0.6 --period --checkpoint "$tmp/ck" > /dev/null 2>&1; then
    fail "accepted --checkpoint with --period"
fi
exit 0
