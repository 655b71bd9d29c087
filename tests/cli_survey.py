"""Checks of `grundy survey`, run by tests/check_cli_survey.sh (the checks are in
tests/cli_survey_*.py, what they share in tests/cli_survey_common.py).

Every line out must be valid UTF-8 JSON with code, preperiod, period and proven. The values are
compared with a brute force written here from the rules of take-and-break games (values by mex
over every move, then the Guy-Smith periodicity theorem applied to them), with the periods in
the literature, and with `grundy octal CODE --period`. Malformed, hostile and huge input must
give an "error" member and let the survey go on, in bounded memory. The recipes of
docs/survey.md are run as written there (GNU parallel; the Slurm job script with
SLURM_ARRAY_TASK_ID set by hand, as Slurm is not installed) and must give what one serial run
gives, on a survey of 200 codes.
"""
import shutil
import sys
import tempfile
import time

from cli_survey_common import FAILURES
from cli_survey_input import check_budget, check_flush_and_status, check_huge, check_malformed
from cli_survey_recipes import check_recipes
from cli_survey_values import check_brute_force, check_published


def main():
    started = time.time()
    check_budget()
    check_published()
    check_brute_force()
    check_malformed()
    check_huge()
    check_flush_and_status()
    tmp = tempfile.mkdtemp()
    try:
        check_recipes(tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("survey checks: %d failures in %.1f s" % (len(FAILURES), time.time() - started))
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
