#!/bin/sh
# Proves that every file grundy opens goes through one guarded path: a FIFO with nobody on the
# other end never makes it wait (--snapshots, verify), a FIFO or device given to --certify is
# refused and left as it was (it used to be replaced by a regular file, exit status 0), a FIFO
# given to --snapshots with a reader is written in place, and a certificate written over a
# regular file leaves no temporary file behind.
BUILD=${BUILD:-build}
g="$BUILD/grundy"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "check_cli_files: $*"; exit 1; }
T=60   # seconds: each of these answers in well under one; a hang shows as status 124

mkfifo "$tmp/fifo" || fail "mkfifo"

# ---- --certify: a FIFO, a directory, a character device are refused and kept ----------------
timeout $T "$g" octal 0.07 --certify "$tmp/fifo" > "$tmp/out" 2> "$tmp/err"
st=$?
[ $st -eq 124 ] && fail "--certify FIFO blocked"
[ $st -eq 1 ] || fail "--certify FIFO: exit status $st, $(cat "$tmp/out")"
[ -p "$tmp/fifo" ] || fail "--certify FIFO: the FIFO was replaced"
grep -q "not a regular file (a FIFO)" "$tmp/err" || fail "--certify FIFO: $(cat "$tmp/err")"
[ -s "$tmp/out" ] && fail "--certify FIFO: something on stdout"
mkdir "$tmp/dir"
timeout $T "$g" octal 0.07 --certify "$tmp/dir" > /dev/null 2> "$tmp/err"
[ $? -eq 1 ] || fail "--certify directory: exit status not 1"
[ -d "$tmp/dir" ] || fail "--certify directory: the directory was replaced"
grep -q "not a regular file (a directory)" "$tmp/err" || fail "--certify dir: $(cat "$tmp/err")"
# a device node of our own (the kind of /dev/full), where one can be made (root)
if mknod "$tmp/full" c 1 7 2> /dev/null; then
    timeout $T "$g" octal 0.07 --certify "$tmp/full" > /dev/null 2> "$tmp/err"
    [ $? -eq 1 ] || fail "--certify device: exit status not 1"
    [ -c "$tmp/full" ] || fail "--certify device: the device was replaced by a file"
    grep -q "a character device" "$tmp/err" || fail "--certify device: $(cat "$tmp/err")"
fi
# a regular file: replaced whole, nothing left beside it, and it verifies
echo old > "$tmp/c.cert"
"$g" octal 0.07 --certify "$tmp/c.cert" > /dev/null || fail "--certify a regular file"
timeout $T "$g" verify "$tmp/c.cert" > /dev/null || fail "verify of a fresh certificate"
[ "$(ls "$tmp" | grep -c '^c\.cert')" -eq 1 ] || fail "--certify left files: $(ls "$tmp")"

# ---- verify: a FIFO with no writer and a device are refused at once ---------------------------
timeout $T "$g" verify "$tmp/fifo" > /dev/null 2> "$tmp/err"
st=$?
[ $st -eq 124 ] && fail "verify FIFO blocked"
[ $st -eq 1 ] || fail "verify FIFO: exit status $st"
grep -q "not a regular file (a FIFO)" "$tmp/err" || fail "verify FIFO: $(cat "$tmp/err")"
timeout $T "$g" verify /dev/null > /dev/null 2> "$tmp/err"
[ $? -eq 1 ] || fail "verify /dev/null: exit status not 1"
grep -q "a character device" "$tmp/err" || fail "verify /dev/null: $(cat "$tmp/err")"

# ---- --snapshots: a FIFO with no reader is refused at once; with a reader, written in place ---
timeout $T "$g" grundy-game -n 100 --snapshots "$tmp/fifo" > /dev/null 2> "$tmp/err"
st=$?
[ $st -eq 124 ] && fail "--snapshots FIFO with no reader blocked"
[ $st -eq 1 ] || fail "--snapshots FIFO with no reader: exit status $st"
grep -q "nobody reading it" "$tmp/err" || fail "--snapshots FIFO: $(cat "$tmp/err")"
timeout $T cat "$tmp/fifo" > "$tmp/lines" &
reader=$!
# the reader opens its end at some moment: try until it is there
i=0
while :; do
    timeout $T "$g" grundy-game -n 100 --snapshots "$tmp/fifo" > /dev/null 2> "$tmp/err" && break
    i=$((i + 1))
    [ $i -lt 100 ] || fail "--snapshots FIFO with a reader: $(cat "$tmp/err")"
    sleep 0.1
done
wait $reader
[ "$(wc -l < "$tmp/lines")" -eq 7 ] || fail "--snapshots FIFO: $(wc -l < "$tmp/lines") lines"
[ -p "$tmp/fifo" ] || fail "--snapshots FIFO: the FIFO was replaced"
timeout $T "$g" grundy-game -n 100 --snapshots "$tmp/dir" > /dev/null 2>&1
[ $? -eq 1 ] || fail "--snapshots directory: exit status not 1"
exit 0
