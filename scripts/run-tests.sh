#!/usr/bin/env bash
# Runs every test program given (Check suites and scripts), prints each summary, adds up
# the counts, and fails if anything failed. Usage: run-tests.sh BUILD_DIR TEST...
set -uo pipefail
build=$1; shift
export NIMBERD="$build/nimberd"
passed=0 failed=0 bad=()
for t in "$@"; do
  echo "== $t"
  out=$("$t" 2>&1); rc=$?
  printf '%s\n' "$out" | grep -v -e '^Running suite' -e '^nimberd: ' | sed 's/^/   /'
  p=0 f=0
  if line=$(printf '%s\n' "$out" | grep -E '^[0-9]+%: Checks: [0-9]+' | tail -1); then
    checks=$(sed -E 's/.*Checks: ([0-9]+).*/\1/' <<<"$line")
    f=$(( $(sed -E 's/.*Failures: ([0-9]+), Errors: ([0-9]+).*/\1 + \2/' <<<"$line") ))
    p=$((checks - f))
  fi
  while read -r sp sf; do p=$((p + sp)); f=$((f + sf)); done < <(printf '%s\n' "$out" |
    sed -nE 's/^[a-z]+: ([0-9]+) passed, ([0-9]+) failed$/\1 \2/p')
  if [ $rc -ne 0 ] && [ $f -eq 0 ]; then f=1; fi
  passed=$((passed + p)); failed=$((failed + f))
  [ $f -ne 0 ] && bad+=("$t")
done
echo
echo "$passed passed, $failed failed"
if [ ${#bad[@]} -ne 0 ]; then echo "failing: ${bad[*]}"; exit 1; fi
