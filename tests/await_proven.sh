# Sourced by the tool's checks that signal a search with --store while it runs
# (check_cli_kayles, check_cli_cram). await_proven PID FILE waits while PID runs until FILE
# holds a proven position. Saves come by the clock, so on a busy machine the first may hold
# none; a later save larger than the first holds at least one. A loop with no bound on the
# time, however slow the machine.
await_proven() {
    while kill -0 "$1" 2>/dev/null && [ ! -s "$2" ]; do sleep 0.05; done
    first=$(wc -c < "$2" 2>/dev/null || echo 0)
    while kill -0 "$1" 2>/dev/null && [ "$(wc -c < "$2" 2>/dev/null || echo 0)" -le "$first" ]
    do sleep 0.05; done
}
