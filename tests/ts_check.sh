#!/usr/bin/env bash
# ts_check.sh - clients that compile: Redocly lints openapi.yaml (no errors),
# openapi-typescript generates its types into BUILD/ts, tsc compiles tests/ts/client.ts
# against them (strict) and node runs it against the nimberd at PORT, which posts a
# position of every type and reads every move's fields by its narrowed type; the same
# program with one field name wrong must not compile. The npm packages come from
# tests/ts/package-lock.json. Usage: ts_check.sh BUILD PORT
set -uo pipefail
build=$1 port=$2
dir=$build/ts
tools=$PWD/tests/ts/node_modules/.bin
passed=0 failed=0
check() { # check WHAT COMMAND...: counts the command's success
  local what=$1; shift
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $what"; fi
}
npm ci --silent --no-audit --no-fund --prefix tests/ts >/dev/null || { echo "FAIL: npm ci"; exit 1; }
mkdir -p "$dir"
lint=$("$tools/redocly" lint openapi.yaml 2>&1)
linted=$?
check "redocly lint: $(grep -m3 -i error <<<"$lint")" test $linted -eq 0
check "openapi-typescript" "$tools/openapi-typescript" openapi.yaml -o "$dir/api.d.ts" \
  --default-non-nullable false --silent >/dev/null
cp tests/ts/client.ts tests/ts/tsconfig.json "$dir/"
ln -sfn "$PWD/tests/ts/node_modules" "$dir/node_modules"
echo '{"type": "module"}' >"$dir/package.json"
check "tsc: the client does not compile" "$tools/tsc" -p "$dir/tsconfig.json"
# a field the spec does not give a wythoff move: the compile must fail, naming it
sed 's/x\.pile}/x.piles}/' tests/ts/client.ts >"$dir/wrong.ts"
echo '{"extends": "./tsconfig.json", "compilerOptions": {"noEmit": true}, "files": ["wrong.ts"]}' \
  >"$dir/tsconfig.wrong.json"
wrong=$("$tools/tsc" -p "$dir/tsconfig.wrong.json" 2>&1)
check "tsc compiled a wrong field name: $wrong" grep -q "Property 'piles' does not exist" <<<"$wrong"
echo "ts: $passed passed, $failed failed"
node "$dir/out/client.js" "http://127.0.0.1:$port" || failed=$((failed + 1))
exit $((failed > 0))
