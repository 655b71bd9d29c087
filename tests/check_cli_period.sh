#!/bin/sh
# The grundy tool: --period of sub, allbut and octal (one record with preperiod, period, saltus
# and proven) against the plain sequences; bad input and usage.
exec python3 tests/cli_test.py period
