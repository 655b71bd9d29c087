# What check_cli_window.sh and check_cli_window_octal.sh share (sourced by both; not a check of
# its own), once they have set g (the tool), tmp (a scratch directory) and fail. GAME is the
# game's words on the command line ("grundy-game", "octal 0.6"), split by the shell.

# window_streams GAME N W CUT [RESUMED]: a full run of G(0 .. N-1) and one windowed by W stream
# the same values in bfile ($tmp/full, $tmp/win; their snapshots in $tmp/full.jsonl and
# $tmp/win.jsonl), and so does a windowed run cut at CUT and resumed from its checkpoint with
# the options RESUMED ($tmp/res; its snapshots in $tmp/res.jsonl)
window_streams() {
    "$g" $1 -n $2 --format bfile --snapshots "$tmp/full.jsonl" > "$tmp/full" || fail "full run"
    "$g" $1 -n $2 --format bfile --window $3 --snapshots "$tmp/win.jsonl" > "$tmp/win" ||
        fail "windowed run"
    cmp -s "$tmp/full" "$tmp/win" || fail "a windowed run streams other values"
    "$g" $1 -n $4 --format bfile --window $3 --checkpoint "$tmp/ck" \
        --snapshots "$tmp/res.jsonl" > "$tmp/res" || fail "windowed run, first part"
    "$g" $1 -n $2 --format bfile --window $3 --checkpoint "$tmp/ck" ${5:-} \
        --snapshots "$tmp/res.jsonl" >> "$tmp/res" || fail "windowed run, resumed${5:+ with $5}"
    cmp -s "$tmp/full" "$tmp/res" || fail "a resumed windowed run streams other values"
}

# window_too_small GAME N: a window of 4096 too small for G(0 .. N-1) exits 1 with a message and
# keeps its checkpoint, which stops there again
window_too_small() {
    "$g" $1 -n $2 --window 4096 --checkpoint "$tmp/small" > /dev/null 2> "$tmp/err"
    [ $? -eq 1 ] || fail "a window too small: exit status not 1"
    grep -q "too small" "$tmp/err" || fail "no message for a window too small"
    [ -s "$tmp/small" ] || fail "the checkpoint of a window too small is not kept"
    "$g" $1 -n $2 --window 4096 --checkpoint "$tmp/small" > /dev/null 2>&1
    [ $? -eq 1 ] || fail "a window too small, resumed: exit status not 1"
}
