#!/usr/bin/env bash
# Checks that the rooms of the tree include only downwards (tests/layers_check.py); starts
# nimberd on a free port and runs the Python checks of the documents against it:
# openapi.yaml (valid OpenAPI 3.1, examples answered as documented; linted, and a typed
# TypeScript client generated from it compiled and run; the client in clients/typescript/
# compiled strictly and run; /docs' vendored files), README.md and docs/ and the
# recorded answers (tests/golden.jsonl), every type's rules written again
# (tests/rules_check.py), Cram's values of regions of one graph and different shapes
# (tests/cram_graph_check.py), the web page in headless chromium: Analyse
# (browser_check.py) and Play, every gallery game played whole and axe-core's audit
# (play_check.py, with the npm packages tests/axe/package-lock.json pins; screenshots in
# BUILD/screenshots). The checks that start nimberds of their own are
# tests/daemon_tests.sh's, a job beside this one.
set -uo pipefail
# Debian's Python, with the modules scripts/deps.sh installs: never another on the PATH.
py=/usr/bin/python3
bin=${NIMBERD:-build/nimberd}
log=$(mktemp)
"$bin" --port 0 --bind 127.0.0.1 --log 0 >"$log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -f "$log"' EXIT
for _ in $(seq 100); do grep -q listening "$log" && break; sleep 0.05; done
port=$(sed -n 's/.*:\([0-9]*\)$/\1/p' "$log" | head -1)
rc=0
"$py" tests/layers_check.py . || rc=1
"$py" tests/openapi_check.py openapi.yaml "$port" || rc=1
tests/ts_check.sh "$(dirname "$bin")" "$port" || rc=1
tests/docs_ui_check.sh || rc=1
tests/client_check.sh "$(dirname "$bin")" "$port" || rc=1
"$py" tests/docs_check.py "$port" || rc=1
"$py" tests/golden.py check "$port" || rc=1
"$py" tests/rules_check.py "$port" || rc=1
"$py" tests/cram_graph_check.py "$port" || rc=1
"$py" tests/browser_check.py "$port" "$(dirname "$bin")/screenshots" || rc=1
npm ci --silent --no-audit --no-fund --prefix tests/axe >/dev/null &&
  "$py" tests/play_check.py "$port" "$(dirname "$bin")/screenshots" || rc=1
exit $rc
