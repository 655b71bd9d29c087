#!/bin/sh
# grundy survey: every line valid JSON with code, preperiod, period and proven; values against
# a brute force written plainly in tests/cli_survey.py and against published periods; malformed,
# hostile and huge input (an "error" member, the survey goes on, bounded memory); and the
# recipes of docs/survey.md run as written: GNU parallel and the Slurm job script (its body run
# once per task with SLURM_ARRAY_TASK_ID set by hand, Slurm not being installed), a 200-code
# survey whose merged results must equal a serial run's.
if ! command -v parallel >/dev/null 2>&1; then
    echo "check_cli_survey: GNU parallel is missing: install the Debian package 'parallel'" \
         "(apt-get install parallel; scripts/test-deps.sh, run by make check, does it as root)"
    exit 1
fi
if ! parallel --version 2>/dev/null | grep -q 'GNU parallel'; then
    echo "check_cli_survey: 'parallel' is not GNU parallel (moreutils has one of that name):" \
         "install the Debian package 'parallel'"
    exit 1
fi
exec python3 tests/cli_survey.py
