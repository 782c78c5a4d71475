#!/usr/bin/env bash
# Runs every test binary given, prints each Check summary, and fails if any test failed.
# Usage: run-tests.sh BUILD_DIR TEST_BINARY...
set -uo pipefail
build=$1; shift
export NIMBERD="$build/nimberd"
passed=0 failed=0 bad=()
for t in "$@"; do
  echo "== $t"
  out=$("$t" 2>&1); rc=$?
  printf '%s\n' "$out" | grep -v '^Running suite' | sed 's/^/   /'
  line=$(printf '%s\n' "$out" | grep -E '^[0-9]+%: Checks: [0-9]+' | tail -1)
  checks=$(sed -E 's/.*Checks: ([0-9]+).*/\1/' <<<"$line")
  fails=$(sed -E 's/.*Failures: ([0-9]+), Errors: ([0-9]+).*/\1+\2/' <<<"$line")
  if [ -z "$line" ]; then checks=0; fails=1; fi
  fails=$((fails))
  passed=$((passed + checks - fails)); failed=$((failed + fails))
  if [ $rc -ne 0 ] || [ "$fails" -ne 0 ]; then bad+=("$t"); [ "$fails" -eq 0 ] && failed=$((failed + 1)); fi
done
echo
echo "tests: $passed passed, $failed failed"
if [ ${#bad[@]} -ne 0 ]; then echo "failing: ${bad[*]}"; exit 1; fi
