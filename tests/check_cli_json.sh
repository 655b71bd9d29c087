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
exec $py tests/cli_json.py
