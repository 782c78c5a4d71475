#!/usr/bin/env python3
"""log_check.py - holds nimberd's log (--log 1) to one JSON object per line on stdout and
stderr alike: a line per request, whatever bytes the client put in the method or the path,
and the daemon's events (listening, draining, stopped). Starts its own nimberd, sends
requests as raw bytes, stops it with SIGTERM and reads its output. Usage: log_check.py
NIMBERD"""
import json
import re
import signal
import socket
import subprocess
import sys

from tally import Tally

signal.alarm(60)  # a hung daemon fails the check instead of stalling the suite
binary = sys.argv[1]
daemon = subprocess.Popen([binary, "--port", "0", "--bind", "127.0.0.1", "--log", "1"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
listening = json.loads(daemon.stdout.readline())  # its first line: it listens
port = int(listening["detail"].rsplit(":", 1)[1])

BODY = b'{"type":"nim","heaps":[1,2]}'
BAD = b'{"type":"nim","heaps":[-1]}'
TRACE = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
# (raw request line and headers, body, the status and method the log must show, and the
# request id it must show when the client sent one)
requests = [
    (b"POST /v1/analyze HTTP/1.1\r\nContent-Type: application/json\r\nX-Request-ID: log-1\r\n"
     b"traceparent: %s\r\nContent-Length: %d\r\n" % (TRACE.encode(), len(BODY)), BODY, 200,
     "POST", "log-1"),
    (b"POST /v1/analyze HTTP/1.1\r\nContent-Type: application/json\r\n"
     b'traceparent: 00-"},{"x":1-\xff\r\nContent-Length: %d\r\n' % len(BAD), BAD, 400, "POST",
     None),
    (b'G"E\xffT /healthz HTTP/1.1\r\n', b"", 405, "G?E?T", None),
    (b"GE\\T /v1/x HTTP/1.1\r\n", b"", 404, "GE?T", None),
    (b"GET /%ff%C3 HTTP/1.1\r\n", b"", 404, "GET", None),
    (b"GET /\xe6\x8c HTTP/1.1\r\n", b"", 404, "GET", None),
]
tally = Tally("log")
check = tally.check

# each request carries an id, which finds its line: lines from different HTTP threads are
# written in the order of their threads, not of their requests (each has its time)
for i, (head, body, status, *_) in enumerate(requests):
    if b"X-Request-ID" not in head:
        head += b"X-Request-ID: log-id-%d\r\n" % i
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.sendall(head + b"Host: x\r\nConnection: close\r\n\r\n" + body)
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    check(answer.startswith(b"HTTP/1.1 %d " % status), f"{head!r} answered {answer[:40]!r}")
    echoed = b"\r\ntraceparent: " + TRACE.encode() + b"\r\n" in answer.split(b"\r\n\r\n")[0]
    check(echoed == (TRACE.encode() in head), f"{head[:60]!r}: traceparent echoed {echoed}")
daemon.send_signal(signal.SIGTERM)
out, rest = daemon.communicate(timeout=30)  # the request log is on stderr
check(daemon.returncode == 0, f"nimberd exited with {daemon.returncode} after SIGTERM")
check(listening.get("event") == "listening", f"the first line is {listening}")
all_lines = [line for line in (out + rest).split(b"\n") if line]
check(all(line.startswith(b"{") and line.endswith(b"}") for line in all_lines),
      f"lines that are not JSON objects: {[l for l in all_lines if not l.startswith(b'{')]}")
events = [json.loads(line).get("event") for line in all_lines if b'"event"' in line]
check(events == ["draining", "stopped"], f"the events after listening: {events}")
lines = [line for line in rest.split(b"\n") if line.startswith(b"{") and b'"event"' not in line]
check(len(lines) == len(requests), f"{len(lines)} log lines for {len(requests)} requests")
by_id = {}
for line in lines:
    try:
        entry = json.loads(line.decode("utf-8"))
        by_id[entry.get("request_id")] = (line, entry)
    except ValueError as e:
        check(False, f"log line {line!r} is not JSON in UTF-8: {e}")
for i, (_, _, status, method, request_id) in enumerate(requests):
    request_id = request_id or f"log-id-{i}"
    line, entry = by_id.get(request_id, (b"(none)", {}))
    fields = {"time", "level", "method", "path", "status", "ms", "bytes_in", "bytes_out",
              "client", "request_id"}
    check(fields <= entry.keys(), f"log line {line!r} lacks {fields - entry.keys()}")
    check(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", entry.get("time", "")),
          f"log line {line!r}: the time is not RFC 3339 with milliseconds")
    check(entry.get("level") == ("info" if status < 400 else "warn") and
          entry.get("client") == "127.0.0.1" and entry.get("bytes_out", 0) > 0,
          f"log line {line!r}: level, client or bytes_out")
    check(entry.get("trace_id") == (TRACE[3:35] if status == 200 else None),
          f"log line {line!r}: trace_id (only a valid traceparent's)")
    check(entry.get("game") == ("nim" if method == "POST" else None),
          f"log line {line!r}: the game asked about")
    check(entry.get("analysis_method") == ("sg-theorem" if status == 200 else None),
          f"log line {line!r}: how the analysis was decided")
    kinds = {400: "invalid-field", 404: "not-found", 405: "method-not-allowed"}
    check(entry.get("problem") == kinds.get(status), f"log line {line!r}: the problem's kind")
    check(entry.get("status") == status and entry.get("method") == method,
          f"log line {line!r}: wanted status {status}, method {method}")
    if request_id:
        check(entry.get("request_id") == request_id, f"log line {line!r}: wanted id {request_id}")

# behind a trusted proxy the client is X-Forwarded-For's first address, when it is one
def client_logged(flags, forwarded):
    d = subprocess.Popen([binary, "--port", "0", "--bind", "127.0.0.1", "--log", "1", *flags],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p = int(json.loads(d.stdout.readline())["detail"].rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", p)) as s:
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: %s\r\n"
                  b"Connection: close\r\n\r\n" % forwarded)
        while s.recv(65536):
            pass
    d.send_signal(signal.SIGTERM)
    _, err = d.communicate(timeout=30)
    lines = [l for l in err.split(b"\n") if l.startswith(b"{") and b'"event"' not in l]
    check(len(lines) == 1, f"one request line on stderr (nimberd exited with "
                           f"{d.returncode}), which held: {err[-600:]!r}")
    return json.loads(lines[0])["client"] if lines else None


for flags, forwarded, want in [
        ((), b"203.0.113.7", "127.0.0.1"),
        (("--trust-proxy", "1"), b"203.0.113.7, 10.0.0.1", "203.0.113.7"),
        (("--trust-proxy", "1"), b" 2001:db8::1", "2001:db8::1"),
        (("--trust-proxy", "1"), b'"},{"x":1', "127.0.0.1")]:
    got = client_logged(flags, forwarded)
    check(got == want, f"{flags} with X-Forwarded-For {forwarded!r}: client {got!r}, not {want!r}")
tally.finish()
