#!/bin/sh
# Joins the parts of a survey run as a Slurm job array (survey.sbatch) in task order, which
# is the order of the codes file, on stdout. Fails, naming them, when some parts are missing:
# a task still running, or one that failed (its part-k.jsonl.tmp holds the codes it finished).
#
#   sh examples/survey/merge.sh OUTDIR TASKS > results.jsonl
set -eu
usage="usage: merge.sh OUTDIR TASKS > results.jsonl"
outdir=${1:?$usage}
tasks=${2:?$usage}
case $tasks in '' | *[!0-9]*) echo "merge.sh: TASKS must be a number ($usage)" >&2; exit 2 ;; esac
missing=""
k=0
while [ "$k" -lt "$tasks" ]; do
    part=$(printf '%s/part-%05d.jsonl' "$outdir" "$k")
    [ -f "$part" ] || missing="$missing $k"
    k=$((k + 1))
done
if [ -n "$missing" ]; then
    echo "merge.sh: no part from task(s)$missing in $outdir: not finished, or failed" >&2
    exit 1
fi
k=0
while [ "$k" -lt "$tasks" ]; do
    cat "$(printf '%s/part-%05d.jsonl' "$outdir" "$k")"
    k=$((k + 1))
done
