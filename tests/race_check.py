#!/usr/bin/env python3
"""race_check.py - a concurrent mixed load on one nimberd, for its ThreadSanitizer build
(CI): client threads for a while, each request a catalog example (half of them with sizes
changed, a third misère) on analyze, moves, play, GET analyze, batch, table and quotient,
or a plain GET; a fifth ask for gzip, one in twenty leaves mid-request. Every answer must
be whole (the bytes its Content-Length names), with a status its input explains (200,
400, 422, or 503 when busy), a 200 whose body is JSON; and the daemon must stop cleanly
on SIGTERM: under TSAN_OPTIONS=halt_on_error=1 the first race ends it, which fails the
check and prints the sanitizer's report. Usage: race_check.py NIMBERD [SECONDS] [THREADS]"""
import gzip
import json
import os
import random
import re
import signal
import sys
import tempfile
import threading
import time
import urllib.parse

from daemon import Daemon, parse, read_all
from tally import Tally

binary, seconds = sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 60
threads = int(sys.argv[3]) if len(sys.argv) > 3 else 6
signal.alarm(int(seconds) + 300)  # a hung daemon fails the check instead of stalling CI
Daemon.binary = binary
tally = Tally("races")
EXPECTED = {200, 400, 422, 503}
CODES = ["0.07", "0.77", "0.137", "4.7", "0.6", "0.4F"]
PLAIN_GETS = ["/metrics", "/healthz", "/readyz", "/v1/games", "/v1/tables", "/openapi.yaml"]


def changed(v, rng):
    """v with its numbers moved (small ones by a few, large ones scaled), names kept."""
    if isinstance(v, bool) or not isinstance(v, (int, list, dict)):
        return v
    if isinstance(v, int):
        return max(0, v + rng.randrange(-2, 6)) if v < 1000 else v * rng.randrange(1, 1000)
    if isinstance(v, list):
        return [changed(x, rng) for x in v]
    return {k: x if k in ("type", "code", "rule", "set") else changed(x, rng)
            for k, x in v.items()}


def request(rng, types):
    """One request of the mix: (method, path, body)."""
    t = rng.choice(types)
    game = changed(t["example"], rng) if rng.random() < 0.5 else dict(t["example"])
    if rng.random() < 0.33 and "misere" in t["conventions"]:
        game["convention"] = "misere"
    text = json.dumps(game).encode()
    r = rng.random()
    if r < 0.35:
        return "POST", "/v1/analyze", text
    if r < 0.5:
        return "POST", "/v1/moves", text
    if r < 0.6:
        return "POST", "/v1/play", text
    if r < 0.7:
        return "GET", "/v1/analyze?game=" + urllib.parse.quote(text), b""
    if r < 0.8:
        batch = [changed(rng.choice(types)["example"], rng) for _ in range(rng.randrange(1, 6))]
        return "POST", "/v1/analyze/batch", json.dumps({"positions": batch}).encode()
    if r < 0.88 and t["table"]:
        ruleset = {k: v for k, v in t["example"].items() if k in ("type", "code", "set", "k", "rule")}
        ruleset["up_to"] = rng.choice([10, 1000, 100000, 3000000])
        return "POST", "/v1/table", json.dumps(ruleset).encode()
    if r < 0.93:
        body = {"type": "octal", "code": rng.choice(CODES), "up_to": rng.randrange(5, 40)}
        return "POST", "/v1/quotient", json.dumps(body).encode()
    return "GET", rng.choice(PLAIN_GETS), b""


def send(d, method, path, body, rng):
    """The answer's (status, headers, body bytes), or None for a client that left."""
    head = f"{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
    if body:
        head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
    if rng.random() < 0.2:
        head += "Accept-Encoding: gzip\r\n"
    with d.connect() as s:
        s.sendall(head.encode() + b"\r\n" + body)
        if rng.random() < 0.05:
            time.sleep(rng.random() * 0.05)
            return None
        data = read_all(s)
    status, headers, _ = parse(data)
    return status, headers, data.partition(b"\r\n\r\n")[2]


def whole(headers, body):
    """Whether the body has the bytes its Content-Length names (nimberd names it on every
    answer)."""
    length = re.search(r"(?im)^content-length:\s*(\d+)\s*$", headers)
    return bool(length) and int(length.group(1)) == len(body)


def json_body(headers, body):
    try:
        if "content-encoding: gzip" in headers.lower():
            body = gzip.decompress(body)
        json.loads(body)
        return True
    except (OSError, ValueError):
        return False


def load(d):
    """The clients' run against d: the answers by status, and those no input explains."""
    types = json.loads(d.get("/v1/games")[2])["types"]
    statuses, wrong, lock = {}, [], threading.Lock()
    end = time.monotonic() + seconds

    def client(k):
        rng = random.Random(k + 1000 * int(os.environ.get("SEED", "0")))
        while time.monotonic() < end and d.p.poll() is None:
            method, path, body = request(rng, types)
            try:
                answer = send(d, method, path, body, rng)
            except OSError as e:
                answer = (0, "", str(e).encode())
            if answer is None:
                continue
            status, headers, text = answer
            ok = status in EXPECTED and whole(headers, text) and (
                status != 200 or path.endswith(".yaml") or path == "/metrics" or
                json_body(headers, text))
            with lock:
                statuses[status] = statuses.get(status, 0) + 1
                if not ok and len(wrong) < 5:
                    wrong.append(f"{method} {path[:80]} {body[:120]!r}: {status} {text[:200]!r}")

    clients = [threading.Thread(target=client, args=(k,)) for k in range(threads)]
    for c in clients:
        c.start()
    for c in clients:
        c.join()
    return statuses, wrong


with tempfile.TemporaryFile(mode="w+") as log:
    with Daemon("--max-request-seconds", "3", "--workers", "2", log=log) as d:
        statuses, wrong = load(d)
        alive = d.p.poll() is None
    print(f"{threads} clients for {seconds:.0f} s: answers by status {dict(sorted(statuses.items()))}")
    tally.check(alive, f"the daemon ended during the load (exit {d.p.returncode})")
    tally.check(d.p.returncode == 0, f"the daemon exited {d.p.returncode} on SIGTERM")
    tally.check(not wrong, "answers no input explains: " + "; ".join(wrong))
    tally.check(statuses.get(200, 0) >= 100, f"only {statuses.get(200, 0)} answers of 200")
    if tally.failed:
        log.seek(0)
        lines = log.read().splitlines()
        at = next((i for i, l in enumerate(lines) if "ThreadSanitizer" in l), max(0, len(lines) - 20))
        print("\n".join(lines[at:at + 60]))
tally.finish()
