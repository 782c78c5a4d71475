#!/usr/bin/env bash
# client_check.sh - the TypeScript client in clients/typescript/: its generated sources are
# those of the current openapi.yaml, it compiles with tsc --strict, and its test runs
# against the nimberd at PORT. The npm packages come from its package-lock.json.
# Usage: client_check.sh BUILD PORT
set -uo pipefail
build=$1 port=$2
dir=clients/typescript
out=$PWD/$build/client
passed=0 failed=0
check() { # check WHAT COMMAND...: counts the command's success
  local what=$1; shift
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $what"; fi
}
npm ci --silent --no-audit --no-fund --prefix "$dir" >/dev/null || { echo "FAIL: npm ci"; exit 1; }
mkdir -p "$out/generated"
check "generate" node "$dir/scripts/generate.mjs" openapi.yaml "$out/generated"
for f in api.ts int64.ts; do
  check "$dir/src/$f is not generated from the current openapi.yaml (npm run generate)" \
    cmp -s "$out/generated/$f" "$dir/src/$f"
done
check "tsc --strict: the client" "$dir/node_modules/.bin/tsc" -p "$dir/tsconfig.json" --outDir "$out/dist"
check "tsc --strict: its test" "$dir/node_modules/.bin/tsc" -p "$dir/test/tsconfig.json" --outDir "$out/test"
# the README's example as a program of its own, importing the client built above
mkdir -p "$out/readme"
echo '{"type": "module"}' >"$out/readme/package.json" # an ES module, as the README's reader has
sed -n '/^```ts$/,/^```$/p' "$dir/README.md" | sed '1d;$d' |
  sed "s|\"@nimber/client\"|\"$out/dist/index.js\"|" >"$out/readme/readme.ts"
echo '{"extends": "'"$PWD/$dir"'/tsconfig.json", "compilerOptions": {"rootDir": ".",
  "outDir": "js", "declaration": false}, "include": ["readme.ts"]}' >"$out/readme/tsconfig.json"
check "tsc --strict: the README's example" "$dir/node_modules/.bin/tsc" -p "$out/readme/tsconfig.json"
echo '{"type": "module"}' >"$out/test/package.json"
echo '{"type": "module"}' >"$out/dist/package.json"
echo "client: $passed passed, $failed failed"
node "$out/test/test/client.test.js" "http://127.0.0.1:$port" || failed=$((failed + 1))
# the example runs as it is written (its base URL the daemon's here)
sed -i "s|http://localhost:8080|http://127.0.0.1:$port|" "$out/readme/js/readme.js"
readme=$(node "$out/readme/js/readme.js" 2>&1)
if grep -q "illegal-move /move/take" <<<"$readme"; then echo "$readme" | sed 's/^/readme: /'
else failed=$((failed + 1)); echo "FAIL: the README's example printed: $readme"; fi
exit $((failed > 0))
