#!/usr/bin/env python3
"""budget_check.py - the whole class of budget holes, against real daemons. Each hostile
shape of the budgets issue and each type's largest position the catalog allows (in both
conventions where it has two) goes to every endpoint under a 2 s budget and a 256 MiB
request cap: each must end within the budget plus GRACE (stretched on a busy machine), with its answer or a problem
that names the limit that stopped it; the daemon's peak RSS must stay under its
--max-memory-mb; and a client that goes away must free its worker at once. Then the
large shapes go to a daemon whose address space is capped (prlimit --as), which must
answer each (a 200, 422 or 503) and never abort. Usage: budget_check.py NIMBERD"""
import itertools
import json
import os
import random
import shutil
import signal
import sys
import tempfile
import threading
import time

from daemon import Daemon, await_gauge, detail
from primes import largest_primes_up_to
from tally import Tally

signal.alarm(900)  # a hung daemon fails the check instead of stalling the suite
Daemon.binary = sys.argv[1]
tally = Tally("budgets")
check = tally.check
BUDGET = 2
# What a request may take past its budget: the step under way when the clock is looked
# at (one move of a million-edge graph worked out, one prime count), and the answer written
# and sent. A sanitizer's build runs each of those three to five times slower (a misère
# search of the million-edge ring in a batch ended 3.6 s past its budget under ASan).
SANITIZED = "ASAN_OPTIONS" in os.environ
GRACE = 5.0 if SANITIZED else 1.5  # the slowest took 2.5 to 3.0 s in runs on this machine
GONE_SECONDS = 3.0 if SANITIZED else 1.0
# past --max-memory-mb: what the requests may take between the watch's looks, however
# late they come (docs/OPERATIONS.md), and what no request's budget counts
OVERSHOOT_MB, UNCOUNTED_MB = 64, 96


def grace():
    """GRACE, stretched by the tasks each core had to share over the last minute (the load
    average over the cores, at least 1): beside other busy programs the step under way and
    the answer get a part of a core only (beside stress-ng --cpu 4 on two cores, a third),
    and the overrun grows by as much; a budget hole (a request that never looks at its
    clock) still runs far past it."""
    share = os.getloadavg()[0] / len(os.sched_getaffinity(0))
    return GRACE * max(1.0, share)
BIG = 2**63 - 1
FLAGS = ("--max-request-seconds", str(BUDGET), "--max-request-mb", "256", "--max-memory-mb",
         "1500", "--cache-mb", "128", "--workers", "2", "--max-body-mb", "64")


def ring(n):
    return [[i, (i + 1) % n] for i in range(n)]


def largest(entry):
    """The largest position of a catalog entry's type its limits allow (within a body of
    about 20 MB), as the budgets issue would send it."""
    lim, t = entry["limits"], entry["type"]
    parts = min(lim.get("max_parts", 1), 400_000)
    top = lim.get("max_table", 2) - 1
    rng = random.Random(39)
    if t == "nim":
        return {"type": t, "heaps": [BIG - i for i in range(parts)]}
    if t == "staircase":  # at most 2^63-1 coins in all
        return {"type": t, "stairs": [2**40 + i for i in range(parts)]}
    if t == "bash":
        return {"type": t, "heaps": [BIG - i for i in range(parts)], "k": 2**62}
    if t == "subtraction":
        return {"type": t, "heaps": [top, BIG] * 1000,
                "set": sorted(rng.sample(range(1, 10**6), 64))}
    if t == "moore":
        return {"type": t, "heaps": [BIG - i for i in range(parts)], "k": parts - 1}
    if t == "coins":
        return {"type": t, "coins": "".join(rng.choice("HT") for _ in range(parts))}
    if t == "cutting":
        side = lim["max_side"]
        return {"type": t, "pieces": [[side, side - i] for i in range(50)]}
    if t == "dag":
        n = lim["max_nodes"]
        edges = ring(1000) + [[rng.randrange(n), rng.randrange(n)] for _ in range(600_000)]
        return {"type": t, "nodes": n, "edges": edges, "tokens": list(range(100))}
    if t == "hackenbush":
        return {"type": t, "nodes": 1_000_000, "edges": ring(1_000_000)}
    if t == "coprime":
        return {"type": t, "heaps": largest_primes_up_to(lim["max_prime_count"], 20)}
    if t in ("octal", "grundy"):
        extra = {"code": "0.777"} if t == "octal" else {}
        return {"type": t, "heaps": [top, top - 1, BIG], **extra}
    if t == "beans":
        return {"type": t, "bottles": [rng.randrange(6) for _ in range(2000)] + [BIG]}
    if t == "euclid":  # each pair a long continued fraction; one of 2^63-1 moves
        return {"type": t, "pairs": [[BIG, 1]] + [[BIG - i, (BIG - i) // 3 + i]
                                                  for i in range(parts - 1)]}
    if t == "divisor":  # numbers of two large prime factors: the slowest to factor
        semiprime = 3037000493 * 3037000453
        return {"type": t, "rule": "replace", "numbers": [semiprime] * parts}
    if t == "wythoff":  # one pile near 2^63 is answered by its P-positions; a sum by the table
        side = lim["max_side"]
        return {"type": t, "piles": [[side - 1 - i % side, side - 1 - i * 7 % side]
                                     for i in range(parts)]}
    if t == "fibonacci":  # one heap near 2^63 is answered by its representation; a sum by
        side = lim["max_side"]  # the table of every heap below max_side with every limit
        return {"type": t, "heaps": [side - 1 - i % side for i in range(parts)],
                "limits": [None if i % 3 else i % side for i in range(parts)], "k": 3}
    if t == "chomp":  # a 13 x 13 bar: C(26, 13) = 10^7 diagrams, within max_table
        side = min(13, lim["max_side"])
        return {"type": t, "rows": [side] * side}
    if t == "nodekayles":  # a path of 10^6 vertices beside a component of 60 to search
        n = min(lim["max_nodes"], 1_000_000)
        dense = [[n - 60 + i, n - 60 + j] for i in range(60) for j in range(i + 1, 60)
                 if rng.random() < 0.08]
        return {"type": t, "nodes": n, "edges": [[i, i + 1] for i in range(n - 61)] + dense}
    if t == "cram":  # a 7 x 9 region to search above a mirrored 992 x 1000 one
        side = lim["max_side"]
        return {"type": t, "board": ["." * 9 + "#" * (side - 9)] * 7 + ["#" * side] +
                ["." * side] * (side - 8)}
    if t == "notakto":  # empty 5 x 5 boards: the table of every board, then a search
        return {"type": t, "boards": ["." * 25] * parts}
    if t == "sum":
        return {"type": t, "components": [{"type": "staircase", "stairs": [9] * 12},
                                          {"type": "coins", "coins": "H" * 60},
                                          {"type": "beans", "bottles": [3] * 40}] * 300}
    return None


# the shapes of the budgets issue, by name
ISSUE = {
    "sum of dags": {"type": "sum", "components": [
        {"type": "dag", "nodes": 2_000_000, "edges": [[0, 0]], "tokens": [0]}] * 60},
    "dag fan": {"type": "dag", "nodes": 81_002, "tokens": [0], "edges": [
        [0, i] for i in range(1, 1001)] + [[i, i + 1] for i in range(1001, 81_001)]},
    "coprime large primes": {"type": "coprime", "heaps": largest_primes_up_to(10**13, 20)},
    "complete graph": {"type": "hackenbush", "nodes": 300, "edges": [
        [i, j] for i in range(300) for j in range(i + 1, 300)] + [[0, 1]] * 3},
    "hackenbush ring": {"type": "hackenbush", "nodes": 1_000_000, "edges": ring(1_000_000)},
    "dag star": {"type": "dag", "nodes": 1_000_001, "tokens": [0] * 15,
                 "edges": [[0, i] for i in range(1, 1_000_001)]},
}
# the largest shapes of the board games' rules: a Tartan grid of 10^6 coins, an Every-SG sum
# whose components are valued in closed form and by searches
BOARDS = {
    "coins grid": {"type": "coins", "rule": ["ruler", "mock_turtles"],
                   "grid": ["".join(random.Random(r).choice("HT") for _ in range(1000))
                            for r in range(1000)]},
    "every sum": {"type": "sum", "rule": "every", "components": [
        {"type": "euclid", "pairs": [[BIG, BIG // 3 + 7]]}, {"type": "nim", "heaps": [BIG]},
        {"type": "bash", "heaps": [BIG], "k": 5}] * 100 + [
        {"type": "octal", "code": "0.77", "heaps": [40, 41]}] * 20},
}
# misère games of many parts labelled one at a time: a million equal Wythoff piles beside
# one that wins (one search labels them; a scan of each pile's moves took a minute)
PARTS = {"equal piles": {"type": "wythoff", "convention": "misere",
                         "piles": [[300, 300]] * 999_999 + [[0, 999]]}}
# a code that splits a heap in three, each value milliseconds of pair tests past a few
# thousand: the budget must be told each value's work, not count values (256 of them ran
# 20 s past a deadline under the sanitizers)
SLOW_VALUES = {"three-heap splits": {"type": "octal", "code": "0.7" + "F" * 28 + "6",
                                     "heaps": [8000]}}
ISSUE_TABLES = {"coprime table": {"type": "coprime", "up_to": 999_999},
                "dag table with cycles": {"type": "dag", "nodes": 1_000_000, "edges": ring(
                    1_000_000)[::2] + [[i, i // 2] for i in range(1, 500_000)]}}


class Logged(Daemon):
    """A daemon whose request log says, by request id, how long each took."""

    def __init__(self, *flags, prefix=()):
        # the daemon appends (O_APPEND) and the check reads through a file of its own: one
        # shared offset, moved by the reader's seek, made the daemon write over old lines
        self.dir = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.dir.name, "log")
        self.logfile = open(self.path, "a")
        super().__init__(*flags, log=self.logfile, prefix=prefix)

    def seconds(self, request_id):
        with open(self.path) as lines:
            for line in lines:  # a line being written has no newline yet
                if f'"request_id":"{request_id}"' in line and line.endswith("\n"):
                    return json.loads(line)["ms"] / 1000
        return None


ids = itertools.count()


def ask(d, path, body, label):
    """One request, with an id to find it in the log: (status, detail, server seconds)."""
    rid = f"budget-{next(ids)}"
    status, _, text = d.send(b"POST %s HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                             b"X-Request-ID: %s\r\nContent-Length: %d\r\nConnection: close"
                             b"\r\n\r\n%s" % (path.encode(), rid.encode(), len(body), body))
    seconds = None
    for _ in range(100):  # the log line follows the answer
        seconds = d.seconds(rid)
        if seconds is not None:
            break
        time.sleep(0.01)
    return status, detail(text), seconds


slowest = [0.0, "", 0.0]  # seconds, label, the grace it was allowed


def judge(label, status, why, seconds):
    allowed = grace()
    if seconds is not None and seconds > slowest[0]:
        slowest[:] = [seconds, label, allowed]
    check(seconds is not None and seconds <= BUDGET + allowed,
          f"{label}: {status} after {seconds} s, past {BUDGET} s + {allowed:.1f} s")
    named = any(w in why for w in ("max_", "positions", "limit", "memory", "retry"))
    named = named or (label.endswith("/v1/move") and status == 422)  # no such move
    check(status == 200 or (status in (422, 503) and named),
          f"{label}: {status} {why[:160]}")


def positions(catalog):
    """(label, game) for each issue shape, each type's largest in each convention."""
    out = (list(ISSUE.items()) + list(BOARDS.items()) + list(PARTS.items()) +
           list(SLOW_VALUES.items()))
    for entry in catalog:
        game = largest(entry)
        check(game is not None, f"the check has no largest position of {entry['type']}")
        for conv in entry["conventions"] if game else ():
            # named, normal too: a type's own may be misère (notakto)
            out.append((f"{entry['type']} {conv}", dict(game, convention=conv)))
    return out


# Moves no position has that make /v1/move list every legal move to be sure (the types it
# checks by listing); the others' moves are checked in constant time.
FAR = 10**9
NO_SUCH_MOVE = {"dag": {"token": 0, "from": 0, "to": FAR}, "hackenbush": {"edge": FAR},
                "nodekayles": {"node": FAR}, "chomp": {"cell": [FAR, FAR]},
                "cutting": {"piece": 0, "cut": "vertical", "at": FAR}, "coins": {"flip": [FAR]}}


def run_all(d, catalog):
    work = []
    for label, game in positions(catalog):
        body = json.dumps(game).encode()
        for path in ("/v1/analyze", "/v1/moves?max_moves=1000", "/v1/play"):
            work.append((f"{label} {path}", path, body))
        move = NO_SUCH_MOVE.get(game["type"], {"heap": 0, "take": FAR})
        work.append((f"{label} /v1/move", "/v1/move?reply=perfect",
                     json.dumps({"game": game, "move": move}).encode()))
        work.append((f"{label} batch", "/v1/analyze/batch",
                     b'{"positions":[' + body + b"]}"))
    for entry in catalog:
        if entry["table"] and entry["type"] != "dag":
            page = entry["limits"].get("max_table_page", 1) - 1
            table = dict(largest(entry), up_to=page)
            table.pop("heaps", None)
            table.pop("limits", None)
            if entry["type"] == "cutting":  # a table of W x H pieces
                table = {"type": "cutting", "up_to": [entry["limits"]["max_side"]] * 2}
            if entry["type"] == "wythoff":  # every pile below max_side
                table = {"type": "wythoff", "up_to": [entry["limits"]["max_side"] - 1] * 2}
            work.append((f"{entry['type']} table", "/v1/table", json.dumps(table).encode()))
    for label, table in ISSUE_TABLES.items():
        work.append((label, "/v1/table", json.dumps(table).encode()))
    lock = threading.Lock()

    def worker():  # two clients at once: the daemon's two workers
        while True:
            with lock:
                if not work:
                    return
                label, path, body = work.pop()
            try:
                judge(label, *ask(d, path, body, label))
            except Exception as e:  # counted, and the next one goes on
                check(False, f"{label}: {type(e).__name__}: {e}")
    threads = [threading.Thread(target=worker) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def gone_frees_worker(d, label, game):
    """The client sends the position and goes: the worker is free again within GONE_SECONDS
    of the close (its budget asks whether the client is there every 20 ms; then the step
    under way ends: one move of a 10^6-edge graph worked out, 0.1 to 0.3 s)."""
    body = json.dumps(game).encode()
    for attempt in range(3):  # a try whose worker was never seen busy measures nothing
        s = d.connect()
        s.sendall(b"POST /v1/play HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        busy = await_gauge(d, "nimber_workers_busy", lambda v: v >= 1, 10)
        s.close()
        t = time.monotonic()
        freed = await_gauge(d, "nimber_workers_busy", lambda v: v == 0, 10)
        took = time.monotonic() - t
        if busy:
            break
    check(busy and freed and took < GONE_SECONDS * grace() / GRACE,
          f"{label}: the worker was freed {took:.2f} s after its client went"
          f"{'' if busy else ' (never seen busy in 3 tries)'}")


def hostile_sweep(d):
    """The shapes of the hostile sweep that overran: cold quotients side by side (their
    relabelling ran with the budget off), a dozen of them queued on two workers (the wait
    was not counted), a 47 MB body whose parse ends in a 400 (the parse did not look at
    the clock); each ends within the budget plus grace()."""
    quotients = [json.dumps({"type": "octal", "code": c}).encode()
                 for c in ("0.7157", "0.255", "0.3777", "0.1337", "0.6165", "0.4437", "0.5173",
                           "0.7531", "0.3715", "0.2673", "0.6357", "0.1753")]
    answers = []

    def one(body, label):
        answers.append((label, *ask(d, "/v1/quotient", body, label)))
    threads = [threading.Thread(target=one, args=(b, f"quotient {json.loads(b)['code']} "
                                                  f"({'pair' if i < 2 else 'dozen'})"))
               for i, b in enumerate(quotients)]
    for t in threads[:2]:
        t.start()
    for t in threads[:2]:
        t.join()
    for t in threads[2:]:
        t.start()
    for t in threads[2:]:
        t.join()
    for label, status, why, seconds in answers:
        judge(label, status, why, seconds)
    huge = b'{"type":"nim","heaps":[' + b"1," * 23_500_000 + b"x]}"
    status, why, seconds = ask(d, "/v1/analyze", huge, "47 MB")
    check(seconds is not None and seconds <= BUDGET + grace() and status in (400, 422, 503),
          f"a 47 MB body ending in a fault: {status} after {seconds} s {why[:100]}")


with Logged(*FLAGS) as d:
    catalog = json.loads(d.get("/v1/games")[2])["types"]
    run_all(d, catalog)
    hostile_sweep(d)
    print(f"budgets: the slowest request took {slowest[0]:.2f} s ({slowest[1]}), allowed the "
          f"{BUDGET} s budget and {slowest[2]:.1f} s of grace")
    peak = d.rss_mb(peak=True)
    # the ceiling is kept at allocation between the watch's looks, which come late on a
    # busy machine: before it was, the process passed it by 26 to 397 MiB beside
    # stress-ng --cpu 4, more the busier the machine
    over = OVERSHOOT_MB + UNCOUNTED_MB
    check(d.sanitized or peak <= 1500 + over,
          f"peak RSS {peak:.0f} MiB, over --max-memory-mb 1500 by more than {over}")
    for label in ("hackenbush ring", "coprime large primes"):
        gone_frees_worker(d, label, ISSUE[label])
    gone_frees_worker(d, "misère coins", {"type": "coins", "convention": "misere",
                                          "coins": "H" * 30})
    gone_frees_worker(d, "dag with cycles", ISSUE_TABLES["dag table with cycles"] | {
        "tokens": list(range(0, 3000, 7))})
    check(d.get("/healthz")[0] == 200, "the daemon answers after all of it")

# a daemon short of address space answers each large shape and stays up (ASan needs
# terabytes of address space: there the cap cannot be set)
if not SANITIZED and shutil.which("prlimit"):
    with Logged(*FLAGS, prefix=("prlimit", f"--as={600 << 20}")) as d:
        for label, game in positions(catalog)[:len(ISSUE)] + [
                ("dag largest", largest(next(e for e in catalog if e["type"] == "dag")))]:
            body = json.dumps(game).encode()
            for path in ("/v1/analyze", "/v1/moves", "/v1/play"):
                status, why, _ = ask(d, path, body, f"capped {label} {path}")
                check(status in (200, 422, 503) and d.p.poll() is None,
                      f"under a 600 MiB address space, {label} {path}: {status} {why[:120]}"
                      f"{' and the daemon is gone' if d.p.poll() is not None else ''}")
tally.finish()
