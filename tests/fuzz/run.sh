#!/bin/sh
# Runs each libFuzzer target for SECONDS on a copy of its seed corpus (tests/fuzz/corpus/NAME,
# never written to) and reports the executions. A failure leaves its input in DIR/artifacts.
# usage: run.sh DIR SECONDS TARGET...
dir=$1
seconds=$2
shift 2
status=0
mkdir -p "$dir/artifacts"
for t in "$@"; do
    name=$(basename "$t")
    work="$dir/corpus/$name"
    mkdir -p "$work"
    seeds="tests/fuzz/corpus/$name"
    [ -d "$seeds" ] || seeds=
    log="$dir/$name.log"
    if "$t" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$dir/artifacts/$name-" "$work" $seeds >"$log" 2>&1; then
        execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
        cov=$(grep -E '^#[0-9]+' "$log" | tail -n 1 | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
        printf 'fuzz %s: %s runs in %ss, coverage %s, no failure\n' "$name" "${execs:-?}" \
            "$seconds" "${cov:-?}"
    else
        printf 'fuzz %s: FAILED (log %s)\n' "$name" "$log"
        grep -E 'ERROR|check failed|runtime error|SUMMARY|artifact' "$log" | head -n 20
        status=1
    fi
done
exit $status
