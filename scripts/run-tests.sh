#!/usr/bin/env bash
# Runs every test program given (Check suites and scripts), one per core at a time: a
# Check suite as two jobs, its cases tagged "slow" beside the others; then the scripts
# named solo_* one by one, alone on the machine (they time the server's budgets). Each
# line a job prints shows as it comes, after the job's name; then the counts are added
# up, and the run fails if anything failed. Usage: run-tests.sh BUILD_DIR TEST...
set -uo pipefail
build=$1; shift
# Two jobs share the cores, under a sanitizer too: Check's default 4 s per test is too
# tight for that; a case that sets its own timeout keeps it.
export NIMBERD="$build/nimberd" CK_DEFAULT_TIMEOUT=${CK_DEFAULT_TIMEOUT:-300}
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

# The longest jobs first, so that no long one starts last and runs alone: the scripts
# (the page's and the documents' checks are the longest job of all), then the suites in
# the order given (the Makefile gives the longest first).
scripts=() suites=() solo=()
for t in "$@"; do
  case $(basename "$t") in
    test_*) suites+=("$t slow" "$t fast") ;;
    solo_*) solo+=("$t all") ;;
    *) scripts+=("$t all") ;;
  esac
done
jobs=("${scripts[@]}" "${suites[@]}")

# One job: its output streamed with its name in front, kept in $logs/<name>, its exit
# status on the log's last line.
run_job() {
  local t=$1 part=$2 name log
  name=$(basename "$t")$([ "$part" = all ] || echo ".$part")
  log="$logs/$name"
  {
    local began
    began=$(date +%s)
    case $part in
      fast) CK_EXCLUDE_TAGS=slow "$t" 2>&1 ;;
      slow) CK_INCLUDE_TAGS=slow "$t" 2>&1 ;;
      *) "$t" 2>&1 ;;
    esac
    echo "exit $?"
    echo "took $(($(date +%s) - began)) s, from $((began - suite_began)) s"
  } | tee "$log" | grep --line-buffered -v -e '^Running suite' -e '^nimberd: ' -e '^exit ' \
    -e '^100%: Checks: 0,' | sed -u "s|^|[$name] |"
}
export -f run_job
suite_began=$(date +%s)
export logs suite_began
printf '%s\n' "${jobs[@]}" | xargs -P "$(nproc)" -I{} bash -c 'run_job {}'
for job in "${solo[@]}"; do
  run_job $job
done

passed=0 failed=0 bad=()
for log in "$logs"/*; do
  p=0 f=0
  if line=$(grep -E '^[0-9]+%: Checks: [0-9]+' "$log" | tail -1); then
    checks=$(sed -E 's/.*Checks: ([0-9]+).*/\1/' <<<"$line")
    f=$(( $(sed -E 's/.*Failures: ([0-9]+), Errors: ([0-9]+).*/\1 + \2/' <<<"$line") ))
    p=$((checks - f))
  fi
  while read -r sp sf; do p=$((p + sp)); f=$((f + sf)); done < <(
    sed -nE 's/^[a-z][a-z0-9 _-]*: ([0-9]+) passed, ([0-9]+) failed$/\1 \2/p' "$log")
  rc=$(sed -n 's/^exit //p' "$log" | tail -1)
  if [ "${rc:-1}" -ne 0 ] && [ $f -eq 0 ]; then f=1; fi
  passed=$((passed + p)); failed=$((failed + f))
  [ $f -ne 0 ] && bad+=("$(basename "$log")")
done
echo
# the jobs that took longest: what sets the suite's time on two cores
echo "longest: $(for log in "$logs"/*; do
  echo "$(sed -n 's/^took \([0-9]*\) s.*/\1/p' "$log" | tail -1) $(basename "$log")"
done | sort -rn | head -6 | awk '{printf "%s%s %s s", (NR > 1 ? ", " : ""), $2, $1}')"
echo "$passed passed, $failed failed"
if [ ${#bad[@]} -ne 0 ]; then
  # the failing checks again, last, where a log's tail shows them, after the last lines
  # the job's daemons wrote (left out of the stream above): what the server said then
  for name in "${bad[@]}"; do
    grep -E '^nimberd: ' "$logs/$name" | tail -12 | sed "s/^/[$name] /"
    grep -E ':[EF]:|^FAIL' "$logs/$name" | sed "s/^/[$name] /" | tail -20
  done
  echo "failing: ${bad[*]}"; exit 1
fi
