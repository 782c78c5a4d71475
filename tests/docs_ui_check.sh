#!/usr/bin/env bash
# docs_ui_check.sh - the files GET /docs serves from web/docs/ are Swagger UI's own, byte
# for byte, as npm's swagger-ui-dist gives them at the version web/docs/package-lock.json
# pins (its install script, a download counter, is not run), licence and notice included.
set -uo pipefail
dir=web/docs
SCARF_ANALYTICS=false npm ci --silent --ignore-scripts --no-audit --no-fund --prefix "$dir" \
  >/dev/null || { echo "FAIL: npm ci in $dir"; exit 1; }
passed=0 failed=0
for f in swagger-ui-bundle.js swagger-ui.css LICENSE NOTICE; do
  if cmp -s "$dir/$f" "$dir/node_modules/swagger-ui-dist/$f"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $dir/$f is not swagger-ui-dist's (update it: cp from $dir/node_modules/swagger-ui-dist/)"
  fi
done
pinned=$(sed -n 's/.*"swagger-ui-dist": "\(.*\)".*/\1/p' "$dir/package.json")
installed=$(sed -n 's/.*"version": "\(.*\)".*/\1/p' "$dir/node_modules/swagger-ui-dist/package.json")
if [ "$pinned" = "$installed" ]; then passed=$((passed + 1)); else
  failed=$((failed + 1)); echo "FAIL: pinned $pinned, installed $installed"; fi
echo "docs-ui: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
