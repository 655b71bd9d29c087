#!/bin/sh
# grundy on a terminal: long octal and grundy-game runs go through the sequence and its progress
# callback (a progress line appears on stderr) and print exactly what they print off a terminal;
# verify says first how many values it will check; a long survey code shows its search.
# Skipped where script(1) cannot give the tool a terminal.
BUILD=${BUILD:-build}
g="$BUILD/grundy"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "check_cli_progress: $*"; exit 1; }
command -v script > /dev/null 2>&1 || exit 0
script -qc "true" /dev/null > /dev/null 2>&1 || exit 0
for args in "octal 0.6 -n 300000" "grundy-game -n 300000" "octal 0.18 -n 1500"; do
    # shellcheck disable=SC2086
    "$g" $args --format bfile > "$tmp/plain" || fail "$args: plain run"
    script -qc "$g $args --format bfile > $tmp/tty" /dev/null > /dev/null 2>&1 ||
        fail "$args: run on a terminal"
    cmp -s "$tmp/plain" "$tmp/tty" || fail "$args: differs on a terminal"
done
# the progress line of the sequence's callback (shown after half a second)
script -qc "$g grundy-game -n 2^20 --format bfile > /dev/null" "$tmp/typescript" > /dev/null 2>&1
grep -q "values known" "$tmp/typescript" || fail "no progress line on a terminal"
# verify says first how many values it will check, on a terminal only (its stderr stays empty
# off one); a survey shows the search of a long code
"$g" octal 0.07 --certify "$tmp/c.cert" > /dev/null || fail "certify"
"$g" verify "$tmp/c.cert" 2> "$tmp/err" > /dev/null || fail "verify off a terminal"
[ -s "$tmp/err" ] && fail "verify off a terminal wrote to stderr: $(cat "$tmp/err")"
script -qc "$g verify $tmp/c.cert > /dev/null" "$tmp/typescript" > /dev/null 2>&1
grep -q "176 values to check, G(0 .. 175)" "$tmp/typescript" ||
    fail "verify on a terminal does not say how many values it checks"
script -qc "echo 0.6 | $g survey --limit 2^21 > /dev/null" "$tmp/typescript" > /dev/null 2>&1
grep -q "searched n <" "$tmp/typescript" || fail "no progress line of a long survey code"
exit 0
