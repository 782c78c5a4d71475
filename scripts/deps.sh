#!/usr/bin/env bash
# Installs the Debian packages nimber needs (build: compile and run; unit: also Check, for
# the C suites alone; test: also the test tools; deploy: nginx; image: podman with runc
# and netavark, and mmdebstrap, to build and run the container image without a registry;
# bench: wrk; fuzz: clang with its sanitizer and libFuzzer runtimes; ci: all of the test,
# deploy, image and fuzz ones), with apt-get when root, else prints the exact command.
set -euo pipefail
# Usage: deps.sh build|unit|test|deploy|image|bench|fuzz|ci
what=${1:-build}
pkgs=(gcc make pkg-config libmicrohttpd-dev libjansson-dev libprimecount-dev libjemalloc-dev
      zlib1g-dev libdeflate-dev)
if [ "$what" = unit ]; then
  pkgs+=(check)
elif [ "$what" != build ]; then
  pkgs+=(check curl python3 python3-yaml python3-jsonschema python3-networkx chromium
         chromium-driver python3-selenium)
fi
if [ "$what" = deploy ] || [ "$what" = ci ]; then pkgs+=(nginx); fi
if [ "$what" = image ] || [ "$what" = ci ]; then pkgs+=(podman runc netavark mmdebstrap); fi
if [ "$what" = fuzz ] || [ "$what" = ci ]; then pkgs+=(clang libclang-rt-14-dev); fi
if [ "$what" = bench ]; then pkgs+=(wrk); fi
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# the manifests' check runs on Node.js with npm: Debian's, unless a node and npm are there
if [ "$what" != build ] && [ "$what" != unit ] &&
   ! { command -v node && command -v npm; } >/dev/null; then
  missing+=(nodejs npm)
fi
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ]; then
  echo "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  # another package manager (a fresh machine's at boot) may hold apt's locks: wait for it
  # for up to 10 minutes rather than fail
  wait_lock=(-o DPkg::Lock::Timeout=600)
  apt-get "${wait_lock[@]}" update -qq
  apt-get "${wait_lock[@]}" install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "nimber needs these Debian packages: ${missing[*]}" >&2
  echo "run: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
