#!/usr/bin/env bash
# The checks that start nimberds of their own (a job beside tests/script_tests.sh): the
# request log's check, the limits' check, the reliability suite, the table store's check,
# the misère quotients' check; and the Kubernetes manifests' check, with the npm packages
# tests/k8s/package-lock.json pins.
set -uo pipefail
# Debian's Python, with the modules scripts/deps.sh installs: never another on the PATH.
py=/usr/bin/python3
bin=${NIMBERD:-build/nimberd}
rc=0
"$py" tests/log_check.py "$bin" || rc=1
"$py" tests/limits_check.py "$bin" || rc=1
"$py" tests/reliability_check.py "$bin" || rc=1
"$py" tests/store_check.py "$bin" || rc=1
"$py" tests/quotient_check.py "$bin" || rc=1
npm ci --silent --no-audit --no-fund --prefix tests/k8s >/dev/null &&
  node tests/k8s_check.js "$bin" docker/k8s || rc=1
exit $rc
