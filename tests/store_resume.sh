# Sourced by the tool's checks that stop a search with --store while it runs and resume it
# (check_cli_kayles, check_cli_cram). They define G (the tool), tmp (a directory), bad, value
# and nodes (the JSON fields).

# await_proven PID FILE: waits while PID runs until FILE holds a proven position. Saves come by
# the clock, so on a busy machine the first may hold none; a later save larger than the first
# holds at least one. A loop with no bound on the time, however slow the machine.
await_proven() {
    while kill -0 "$1" 2>/dev/null && [ ! -s "$2" ]; do sleep 0.05; done
    first=$(wc -c < "$2" 2>/dev/null || echo 0)
    while kill -0 "$1" 2>/dev/null && [ "$(wc -c < "$2" 2>/dev/null || echo 0)" -le "$first" ]
    do sleep 0.05; done
}

# resume_check SIG WANT WHOLE ARGS...: grundy ARGS with --store, saving every 0.2 s, gets SIG
# (INT or KILL) once a save holds a proven position; asked again, it gives the value WANT
# after fewer positions than WHOLE, the positions of a search from nothing
resume_check() {
    sig=$1 want=$2 whole=$3
    shift 3
    rm -f "$tmp/r"
    GRUNDY_SAVE_SECONDS=0.2 $G "$@" --store "$tmp/r" --format json >"$tmp/out" 2>"$tmp/err" &
    pid=$!
    await_proven $pid "$tmp/r"
    kill -"$sig" $pid 2>/dev/null
    if wait $pid; then
        echo "grundy $*: ended before SIG$sig: its resumption is not checked"
        return
    fi
    [ "$sig" = KILL ] || grep -q 'stopped by SIGINT' "$tmp/err" || bad "SIGINT: $(cat "$tmp/err")"
    [ -f "$tmp/r" ] || { bad "$*: SIG$sig: no store saved"; return; }
    out=$($G "$@" --store "$tmp/r" --format json)
    [ "$(printf '%s' "$out" | value)" = "$want" ] || bad "$*: resumed after SIG$sig: $out"
    [ "$(printf '%s' "$out" | nodes)" -lt "$whole" ] ||
        bad "$*: resumed after SIG$sig, no less work: $out"
}
