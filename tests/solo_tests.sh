#!/usr/bin/env bash
# The checks that time the server's budgets, run alone on the machine after the others
# (scripts/run-tests.sh): tests/budget_check.py, the whole class of budget holes.
set -uo pipefail
exec /usr/bin/python3 tests/budget_check.py "${NIMBERD:-build/nimberd}"
