"""harness.py - what the benchmark drivers share: the rows of the table, nimberd (or the
baseline) started on a free port and stopped, one timed POST, and a wrk run."""
import http.client
import json
import os
import re
import signal
import subprocess
import time

rows = []


def row(what, baseline, figure, goal, met):
    rows.append((what, baseline, figure, goal, "MET" if met else "MISSED"))


def start(cmd, log=None):
    """The server started, and its port; its stderr (the request log) to `log`, a file."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=log or subprocess.DEVNULL,
                         text=True)
    line = p.stdout.readline()
    port = int(re.search(r"(\d+)\D*$", line).group(1))  # the line's last number
    return p, port


def stop(p):
    p.send_signal(signal.SIGTERM)
    p.wait(timeout=60)


def post(port, path, body, conn=None, headers=None):
    """Seconds, reply and headers of one POST; on `conn`, an open keep-alive connection, no
    connect or accept is in the time, else a new connection is made (and timed) for it.
    `headers`: more request header fields (a dict)."""
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    c = conn or http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    t0 = time.perf_counter()
    c.request("POST", path, body=data, headers={"Content-Type": "application/json",
                                                **(headers or {})})
    r = c.getresponse()
    out = r.read()
    seconds = time.perf_counter() - t0
    if not conn:
        c.close()
    if r.status >= 400:
        raise RuntimeError(f"POST {path}: {r.status} {out[:200]!r}")
    return seconds, out, r.getheaders()


def cpu_ticks():
    """The kernel's (stolen by the host, all) ticks of every processor so far."""
    t = [int(x) for x in open("/proc/stat").readline().split()[1:9]]
    return t[7], sum(t)


def wrk(port, body, conns, seconds=5):
    """(req/s, p99 ms, non-2xx answers, socket errors or None, requests) of one wrk run."""
    env = dict(os.environ, BODY=json.dumps(body))
    out = subprocess.run(["wrk", "-t2", f"-c{conns}", f"-d{seconds}s", "--latency", "-s",
                          "bench/post.lua", f"http://127.0.0.1:{port}/v1/analyze"],
                         capture_output=True, text=True, env=env).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", out)
    scale = {"us": 1e-3, "ms": 1.0, "s": 1e3}[p99.group(2)]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    socket_errors = re.search(r"Socket errors: (.*)", out)
    requests = int(re.search(r"(\d+) requests in", out).group(1))
    return (rps, float(p99.group(1)) * scale, int(errors.group(1)) if errors else 0,
            socket_errors, requests)


def cpu_seconds(pid):
    """The user and system CPU time a process has used so far (utime + stime of
    /proc/PID/stat, fields 14 and 15, in clock ticks)."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def preemptions(pid):
    """How many times the threads of a process were taken off a processor while they could
    still run (nonvoluntary_ctxt_switches of /proc/PID/task/*/status, summed)."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            status = open(f"/proc/{pid}/task/{task}/status").read()
        except FileNotFoundError:  # a thread that ended meanwhile
            continue
        total += int(re.search(r"^nonvoluntary_ctxt_switches:\s+(\d+)", status, re.M).group(1))
    return total


def gauge(port, name):
    """One value of nimberd's /metrics."""
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    c.request("GET", "/metrics")
    text = c.getresponse().read().decode()
    c.close()
    return float(re.search(rf"^{name} (\S+)$", text, re.M).group(1))


def await_gauge(port, name, test, seconds=60):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if test(gauge(port, name)):
            return True
        time.sleep(0.05)
    return False
