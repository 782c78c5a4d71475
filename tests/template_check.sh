#!/usr/bin/env bash
# The recipe of docs/ADDING-A-GAME.md followed as a newcomer would: in a copy of the tree
# (with its built objects, so that only what the new type touches compiles again),
# scripts/new-game.sh makes a type from docs/templates/game/ as it stands (odd Nim), and
# that type alone passes the registry's test: its samples analysed and played in both
# conventions and held to the brute-force solver, with no test edited; and the layers
# check passes with it. Usage: tests/template_check.sh [BUILD_DIR] (default: the one
# $NIMBERD lies in, as scripts/run-tests.sh gives it; else build)
set -uo pipefail
build=${1:-$(dirname "${NIMBERD:-build/nimberd}")}
name=$(basename "$build")
root=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git ls-files -z | (cd "$root" && xargs -0 cp --parents -p -t "$tmp")
mkdir -p "$tmp/$name"
for part in lib api server tests libnimber.a libnimberapi.a; do
  [ -e "$build/$part" ] && cp -a "$build/$part" "$tmp/$name/"
done
cd "$tmp"
passed=0 failed=0
check() {  # check DESCRIPTION COMMAND...
  local what=$1; shift
  if out=$("$@" 2>&1); then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $what"
    tail -n 20 <<<"$out"
  fi
}
check "scripts/new-game.sh oddnim" scripts/new-game.sh oddnim
check "the new type builds with the registry's test" \
  make --no-print-directory TEST_DEPS=unit BUILD="$name" "$name/tests/test_registry"
registry() {  # the new type's case alone, which must have run and checked positions
  local out
  out=$(CK_RUN_CASE=oddnim CK_DEFAULT_TIMEOUT=300 "$name/tests/test_registry" 2>&1) || {
    echo "$out"; return 1; }
  echo "$out"
  grep -q "registry: oddnim: 3000 positions checked, 3000 of them under misère" <<<"$out"
}
check "the new type passes the registry's test" registry
check "the new type keeps to the rooms" /usr/bin/python3 tests/layers_check.py .
check "a second new type of the same name is refused" \
  bash -c '! scripts/new-game.sh oddnim'
echo "template: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
