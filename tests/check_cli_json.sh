#!/bin/sh
# Every JSON output of grundy validates against its schema in tests/schemas/ and follows the one
# vocabulary of docs/json.md (tests/cli_json.py says what it checks). Debian's python3 runs it:
# python3-jsonschema (scripts/test-deps.sh installs it) is there, a pyenv python3 may lack it.
py=/usr/bin/python3
if ! $py -c 'import jsonschema' 2>/dev/null; then
    echo "check_cli_json: $py has no jsonschema: install the Debian package python3-jsonschema" \
         "(scripts/test-deps.sh, run by make check, does it as root)"
    exit 1
fi

# The five structured games carry "outcome" in value mode the same way: right after "value",
# before "move", and "P" exactly when the value is 0 (node-kayles and arc-kayles once left it
# out). Each game is asked for an N- and a P-position.
G=${BUILD:-build}/grundy
vocab_fail=0
outcome_of() {   # the JSON line on stdin, the command for the message
    line=$(cat)
    v=$(printf '%s' "$line" | sed -n 's/.*"value":\([0-9]*\),"outcome":"\([NP]\)","move".*/\1 \2/p')
    case "$v" in
    0\ P | [1-9]*\ N) ;;
    *) echo "check_cli_json: $*: no \"value\",\"outcome\",\"move\" agreeing: $line"
       vocab_fail=1 ;;
    esac
}
$G node-kayles --grid 3x5 --format json | outcome_of node-kayles 3x5
$G node-kayles --grid 3x4 --format json | outcome_of node-kayles 3x4
$G arc-kayles --path 3 --format json | outcome_of arc-kayles path 3
$G arc-kayles --cycle 4 --format json | outcome_of arc-kayles cycle 4
$G cram 2 3 --format json | outcome_of cram 2 3
$G cram 2 2 --format json | outcome_of cram 2 2
printf '2 1\n0 1\n' | $G hackenbush --format json | outcome_of hackenbush 1 edge
printf '2 2\n0 1\n0 1\n' | $G hackenbush --format json | outcome_of hackenbush 2 edges
$G welter 1 2 --format json | outcome_of welter 1 2
$G welter 0 1 --format json | outcome_of welter 0 1

# past the winning-move search's limit (a stalk of 30000 edges, value 30000), hackenbush says
# that no move was searched for: no "move" (null would mean a P-position), "move_limit" instead
line=$(awk 'BEGIN { print 30001, 30000; for (i = 0; i < 30000; i++) print i, i + 1 }' |
       $G hackenbush --format json)
case "$line" in
*'"value":30000,"outcome":"N","move_limit":20000}') ;;
*) echo "check_cli_json: hackenbush, a stalk of 30000 edges: $line"; vocab_fail=1 ;;
esac
[ $vocab_fail -eq 0 ] || exit 1

exec $py tests/cli_json.py
