#!/usr/bin/env bash
# The compose deployment without Docker: nimberd built as docker/Dockerfile builds it
# (from the files its COPY lines give the build stage, and nothing else), three replicas
# on loopback behind Debian's nginx running docker/nginx.conf (upstreams and port
# rewritten), a few thousand requests through nginx, one replica killed mid-run; every
# answer must be right.
set -euo pipefail
dir=$(mktemp -d)
pids=()
cleanup() {
  if [ -f "$dir/nginx.pid" ]; then kill "$(cat "$dir/nginx.pid")" 2>/dev/null || true; fi
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for _ in $(seq 100); do # they drain and exit by themselves
    alive=0; for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null && alive=1; done
    [ $alive = 0 ] && break; sleep 0.05
  done
  rm -rf "$dir"
}
trap cleanup EXIT
mkdir "$dir/src"
sed -n '/^FROM .* AS build/,/^FROM /s/^COPY \(.*\) \(.*\)$/\1/p' docker/Dockerfile | while read -r paths; do
  cp -r $paths "$dir/src/" # word splitting wanted: "Makefile openapi.yaml" are two paths
done
echo "building nimberd from the Dockerfile's build context"
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown) # its COMMIT build argument
make -s -j2 -C "$dir/src" all BUILD="$dir/build" COMMIT="$commit" >"$dir/make.log" 2>&1 ||
  { cat "$dir/make.log"; exit 1; }
build=$dir/build
for i in 1 2 3; do # started from a subshell: not this shell's jobs, so a kill goes unreported
  ("$build/nimberd" --port 0 --bind 127.0.0.1 --log 0 >"$dir/n$i.log" 2>&1 &
   echo $! >"$dir/pid$i")
  pids+=("$(cat "$dir/pid$i")")
done
for _ in $(seq 200); do # each replica names the free port the kernel gave it
  ok=1
  for i in 1 2 3; do grep -q listening "$dir/n$i.log" || ok=0; done
  [ $ok = 1 ] && break; sleep 0.05
done
for i in 1 2 3; do
  ports[i]=$(sed -n 's/.*listening on http:.*:\([0-9][0-9]*\).*/\1/p' "$dir/n$i.log")
  [ -n "${ports[i]}" ] || { echo "replica $i did not start:"; cat "$dir/n$i.log"; exit 1; }
done
sed -e "s/nimber1:8080/127.0.0.1:${ports[1]}/" -e "s/nimber2:8080/127.0.0.1:${ports[2]}/" \
    -e "s/nimber3:8080/127.0.0.1:${ports[3]}/" docker/nginx.conf >"$dir/tmpl"
# nginx's port is drawn below the kernel's ephemeral range (32768 up), where no outgoing
# connection can hold it; one taken by another listener is drawn again
started=0
for _ in 1 2 3 4 5; do
  front=$((10000 + RANDOM % 20000))
  sed -e "s/listen 8080;/listen 127.0.0.1:$front;/" \
      -e "s|^worker_processes auto;|worker_processes 2;\npid $dir/nginx.pid;\nerror_log $dir/error.log;|" \
      -e "s|^http {|http {\n    client_body_temp_path $dir/body;\n    proxy_temp_path $dir/proxy;\n    fastcgi_temp_path $dir/fcgi;\n    uwsgi_temp_path $dir/uwsgi;\n    scgi_temp_path $dir/scgi;|" \
      "$dir/tmpl" >"$dir/nginx.conf"
  nginx -t -q -c "$dir/nginx.conf" -p "$dir"
  if nginx -c "$dir/nginx.conf" -p "$dir" 2>"$dir/nginx.err"; then started=1; break; fi
  grep -q "Address already in use" "$dir/nginx.err" || { cat "$dir/nginx.err"; exit 1; }
done
[ $started = 1 ] || { cat "$dir/nginx.err"; exit 1; }
/usr/bin/python3 - "$front" "${pids[1]}" "$commit" "${ports[3]}" <<'PY'
import json, os, random, signal, sys, threading, urllib.request, functools
port, victim, commit, alive = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
total, passed, failed = 3000, 0, 0
lock = threading.Lock()
def one(i):
    global passed, failed
    rng = random.Random(i)
    heaps = [rng.randrange(1 << 40) for _ in range(rng.randrange(1, 9))]
    body = json.dumps({"type": "nim", "heaps": heaps}).encode()
    headers = {"Content-Type": "application/json"}
    if i % 2:  # a client's request id comes back through nginx; else nginx makes one
        headers["X-Request-ID"] = f"client-{i}"
    req = urllib.request.Request(f"http://127.0.0.1:{port}/v1/analyze", data=body,
                                 headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            a = json.load(r)
            rid = r.headers["X-Request-ID"]
        ok = a["sg"] == functools.reduce(lambda x, y: x ^ y, heaps) and \
             a["verdict"] == ("win" if a["sg"] else "lose") and \
             (rid == f"client-{i}" if i % 2 else bool(rid) and not rid.startswith("client"))
    except Exception as e:
        ok = False
        print("FAIL", i, e)
    with lock:
        if ok: passed += 1
        else: failed += 1
def worker(start):
    for i in range(start, total, 8):
        if i == total // 3:
            os.kill(victim, signal.SIGKILL)   # one replica dies mid-run
        one(i)
threads = [threading.Thread(target=worker, args=(s,)) for s in range(8)]
for t in threads: t.start()
for t in threads: t.join()
# what the nginx front adds at the edge: one 400 for a malformed Content-Length (nimberd's
# libmicrohttpd sends its head twice), a refused smuggling attempt, a slow head cut off
import socket, time
def raw(text, wait=15):
    s = socket.create_connection(("127.0.0.1", port)); s.settimeout(wait)
    s.sendall(text); out = b""
    try:
        while (d := s.recv(65536)):
            out += d
    except socket.timeout:
        out += b"<timeout>"
    s.close()
    return out
head = b"POST /v1/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
for name, text in [("Content-Length: 1e3", head + b"Content-Length: 1e3\r\n\r\n{}"),
                   ("Transfer-Encoding : chunked", head + b"Transfer-Encoding : chunked\r\n"
                    b"Content-Length: 2\r\n\r\n{}")]:
    out = raw(text)
    ok = out.startswith(b"HTTP/1.1 400") and out.count(b"HTTP/1.1 ") == 1
    print(("" if ok else "FAIL ") + f"edge: {name} answered {out[:40]!r}")
    passed, failed = passed + ok, failed + (not ok)
s = socket.create_connection(("127.0.0.1", port)); s.settimeout(1)
start, closed = time.time(), False
for c in b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 30:
    try:
        s.send(bytes([c]))
        if s.recv(1024) == b"":
            closed = True
            break
    except socket.timeout:
        pass
    except OSError:
        closed = True
        break
ok = closed and time.time() - start < 20
print(("" if ok else "FAIL ") + f"edge: a head sent a byte a second is cut off after "
      f"{time.time() - start:.0f} s")
passed, failed = passed + ok, failed + (not ok)
# the build argument's commit is the one the replicas name (through nginx: /metrics is
# each replica's own)
with urllib.request.urlopen(f"http://127.0.0.1:{alive}/metrics") as r:  # one alive
    info = [l for l in r.read().decode().splitlines() if l.startswith("nimber_build_info")]
ok = info == [f'nimber_build_info{{version="1.0.0",commit="{commit}"}} 1'] and commit != "unknown"
print(("" if ok else "FAIL ") + f"build: the replicas name commit {commit}: {info}")
passed, failed = passed + ok, failed + (not ok)
print(f"deploy: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
PY
