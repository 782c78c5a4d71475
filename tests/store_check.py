#!/usr/bin/env python3
"""store_check.py - the table store against real daemons: two daemons sharing one
directory, a restart answering from it (a misère quotient too, and one a budget left
partial growing on), the recorded answers (tests/golden.jsonl) identical
with a store and after a restart from it, a damaged file, a missing, a read-only and a full
directory (tmpfs mounts in a mount namespace of their own, `unshare -rm`), a table grown to
the request's budget and kept, GET /v1/tables and its paging, and `nimberd precompute`.
Usage: store_check.py NIMBERD"""
import glob
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading

from contract import Contract
from daemon import Daemon, await_gauge, await_true, detail, timed
from tally import Tally

signal.alarm(300)  # a hung daemon fails the check instead of stalling the suite
binary = Daemon.binary = sys.argv[1]
tally = Tally("store")
check = tally.check
GRUNDY = b'{"type":"grundy","heaps":[30000,77]}'
HERE = os.path.dirname(os.path.abspath(__file__))
RECORD = os.path.join(HERE, "golden.jsonl")
contract = Contract(os.path.join(HERE, "..", "openapi.yaml"))


def files(d):
    return sorted(os.path.basename(f) for f in glob.glob(os.path.join(d, "*.nbt")))


def ask(d, body):
    """(status, body) of /v1/analyze: what must not differ between daemons."""
    status, _, answer = d.post("/v1/analyze", body)
    return status, answer


def store_gauge(d, name):
    return d.gauge(f"nimber_table_store_{name}")


def log_lines(path):
    out = []
    for line in open(path):
        try:
            out.append(json.loads(line))
        except ValueError:
            pass
    return out


def replay(d):
    """The recorded answers asked again: how many differ from the record."""
    differ = 0
    for line in open(RECORD):
        r = json.loads(line)
        status, _, body = d.post(r["path"], r["body"].encode())
        differ += status != r["status"] or body != r["answer"]
    return differ


work = tempfile.mkdtemp(prefix="nimber-store-check-")
shared = os.path.join(work, "shared")

# 1. One daemon computes and writes, a second one sharing the directory reads, and a
# restarted one answers from the file; all answer alike, as one without a store.
with Daemon() as plain:
    expect = ask(plain, GRUNDY)
with Daemon("--table-dir", shared) as a, Daemon("--table-dir", shared) as b:
    first = ask(a, GRUNDY)
    check(first == expect and first[0] == 200, f"grundy with a store: {first[0]}")
    check(await_gauge(a, "nimber_table_store_writes_total", lambda v: v >= 1),
          "the first daemon wrote its table")
    written = files(shared)
    check(len(written) == 1 and written[0].startswith("octal-"), f"one file: {written}")
    second = ask(b, GRUNDY)
    check(second == expect, "the second daemon's answer is the first one's")
    check(store_gauge(b, "hits_total") == 1 and store_gauge(b, "writes_total") == 0,
          "the second daemon read the file and computed nothing to write")
    status, _, body = b.get("/v1/tables")
    listed = json.loads(body)["tables"] if status == 200 else []
    where = sorted((t["where"], t.get("mapped"), t["key"], t["size"]) for t in listed)
    check(status == 200 and len(where) == 2 and where[0][:3] == ("cache", True, "octal:4!.0")
          and where[1][0] == "store" and where[0][3] == where[1][3] >= 30001,
          f"GET /v1/tables lists the mapped table and its file: {where}")
with Daemon("--table-dir", shared) as again:
    answer = ask(again, GRUNDY)
    check(answer == expect, "a restarted daemon answers the same")
    check(store_gauge(again, "hits_total") == 1, "... from the stored table")

# 1b. Misère quotients last too: Kayles' is written, and a restarted daemon answers the
# quotient and a misère analysis through it from the file, byte for byte.
QUOTIENT = b'{"type":"octal","code":"0.77","up_to":100}'
MISERE = b'{"type":"octal","code":"0.77","convention":"misere","heaps":[1000000000000,9,4]}'
quotient_dir = os.path.join(work, "quotient")
answers = []
for round_ in range(2):
    with Daemon("--table-dir", quotient_dir) as d:
        misere = ask(d, MISERE)  # grows the quotient until its period is proved
        answers.append((d.post("/v1/quotient", QUOTIENT)[::2], misere))
        check(answers[-1][0][0] == 200 and answers[-1][1][0] == 200
              and '"misere-quotient"' in answers[-1][1][1]
              and '"status":"proved"' in answers[-1][0][1],
              f"round {round_}: the quotient and the misère analysis answer")
        if round_ == 0:  # Kayles' table may be written first: wait for the quotient's file
            check(await_true(lambda: any(f.startswith("quotient-") for f in files(quotient_dir))),
                  f"Kayles' quotient was written: a quotient file in {files(quotient_dir)}")
        else:
            check(store_gauge(d, "hits_total") >= 1 and store_gauge(d, "writes_total") == 0,
                  "the restarted daemon read the quotient's file and wrote nothing")
            check(d.gauge('nimber_quotient_files_total{certified="true"}') == 1,
                  "... and certified it (on /metrics)")
            status, _, body = d.get("/v1/tables")
            listed = json.loads(body)["tables"] if status == 200 else []
            kinds = sorted((t["where"], t["kind"], t.get("mapped")) for t in listed)
            check(("cache", "quotient", True) in kinds and ("store", "quotient", None) in kinds,
                  f"GET /v1/tables lists the quotient read back and its file: {kinds}")
check(answers[0] == answers[1], "the answers from the file are the computed ones")

# a quotient partial at one replica's budget goes on growing at the next, from its file:
# Dawson's Kayles (0.07) to heap 33 takes longer than 1 s; the next replica is asked for
# one heap more than the first reached, within the default budget
partial_dir = os.path.join(work, "partial")
with Daemon("--table-dir", partial_dir, "--max-request-seconds", "1") as d:
    status, _, body = d.post("/v1/quotient", b'{"type":"octal","code":"0.07","up_to":33}')
    text = detail(body) if status != 200 else ""
    reached = int(text.split("reached heap ")[1].split()[0]) if "reached heap " in text else 0
    check(status == 422 and reached >= 1, f"the first replica's 1 s: {status} {text}")
    check(await_true(lambda: any(f.startswith("quotient-") for f in files(partial_dir))),
          f"its partial quotient was written: {files(partial_dir)}")
with Daemon("--table-dir", partial_dir) as d:
    more = b'{"type":"octal","code":"0.07","up_to":%d}' % (reached + 1)
    status, _, body = d.post("/v1/quotient", more)
    check(status == 200 and d.gauge("nimber_quotient_resumes_total") == 1 and
          d.gauge('nimber_quotient_files_total{certified="true"}') == 1,
          f"the second read the partial quotient's file, certified it and went on to heap "
          f"{reached + 1}: {status} {detail(body) if status != 200 else ''}")

# 2. The recorded answers, byte for byte, with a store: filled, then read after a restart.
golden_dir = os.path.join(work, "golden")
for round_ in ("filling the store", "after a restart, from the store"):
    with Daemon("--table-dir", golden_dir) as d:
        differ = replay(d)
        check(differ == 0, f"recorded answers {round_}: {differ} differ")
        if round_.startswith("after"):
            check(store_gauge(d, "hits_total") >= 3,
                  f"tables read from the store: {store_gauge(d, 'hits_total')}")
check(len(files(golden_dir)) >= 3, f"the corpus's tables were stored: {files(golden_dir)}")

# 3. A damaged file: logged once, counted, removed, and the table computed again.
damaged = os.path.join(work, "damaged")
shutil.copytree(shared, damaged)
path = os.path.join(damaged, files(damaged)[0])
with open(path, "r+b") as f:
    f.seek(os.path.getsize(path) - 1)
    last = f.read(1)
    f.seek(-1, os.SEEK_CUR)
    f.write(bytes([last[0] ^ 0x40]))
log = open(os.path.join(work, "damaged.log"), "w+")
with Daemon("--table-dir", damaged, log=log) as d:
    check(ask(d, GRUNDY) == expect, "a damaged file: the answer is computed")
    check(store_gauge(d, "rejected_files_total") == 1 and store_gauge(d, "hits_total") == 0,
          "the damaged file was counted and not read")
    check(await_gauge(d, "nimber_table_store_writes_total", lambda v: v >= 1),
          "the computed table was written in its place")
events = [e for e in log_lines(log.name) if e.get("event") == "table_file_rejected"]
check(len(events) == 1 and "payload checksum" in events[0]["detail"],
      f"one log line names the fault: {events}")

# 3b. A file damaged in place after a daemon read it: truncated to 4096 bytes (a mapping
# would fault, SIGBUS), then 41 bytes flipped: the daemon answers on from what it read and
# checked, every answer right; a daemon started afterwards rejects the file and computes.
cut_dir = os.path.join(work, "cut")
BIG_GRUNDY = {"type": "grundy", "heaps": [199_999]}
with Daemon() as plain:
    rng = __import__("random").Random(66)
    probes = [json.dumps({"type": "grundy", "heaps": [rng.randrange(200_000)
                                                      for _ in range(3)]}).encode()
              for _ in range(463)]
    want = [ask(plain, body) for body in probes]
with Daemon("--table-dir", cut_dir) as d:
    ask(d, json.dumps(BIG_GRUNDY).encode())
    check(await_gauge(d, "nimber_table_store_writes_total", lambda v: v >= 1),
          "Grundy's game to 200,000 written")
with Daemon("--table-dir", cut_dir) as d:
    check(ask(d, probes[0]) == want[0] and store_gauge(d, "hits_total") == 1,
          "a restart reads Grundy's table")
    path = os.path.join(cut_dir, files(cut_dir)[0])
    data = open(path, "rb").read()
    os.truncate(path, 4096)
    got = [ask(d, body) for body in probes[:50]]
    check(d.p.poll() is None and got == want[:50],
          f"after the file was cut to 4096 bytes: alive {d.p.poll() is None}, "
          f"{sum(g != w for g, w in zip(got, want))} of 50 answers differ")
    with open(path, "wb") as f:
        f.write(data)
        f.seek(len(data) // 2)
        f.write(bytes(b ^ 0xff for b in data[len(data) // 2:len(data) // 2 + 41]))
    got = [ask(d, body) for body in probes]
    check(got == want, f"after 41 bytes were flipped: {sum(g != w for g, w in zip(got, want))} "
          f"of {len(probes)} answers differ")
with Daemon("--table-dir", cut_dir) as d:
    check(ask(d, probes[1]) == want[1] and store_gauge(d, "rejected_files_total") == 1,
          f"a new daemon rejects the flipped file: "
          f"{store_gauge(d, 'rejected_files_total')} rejected")

# 4. A directory that cannot be made: logged, and every answer computed.
log = open(os.path.join(work, "missing.log"), "w+")
with Daemon("--table-dir", "/proc/nimber-no-such/tables", log=log) as d:
    check(ask(d, GRUNDY) == expect, "a missing directory: the answer is computed")
    check(await_gauge(d, "nimber_table_store_write_errors_total", lambda v: v >= 1),
          "the write that could not be made was counted")
check(any(e.get("event") == "table_dir_unavailable" for e in log_lines(log.name)),
      "a log line says the directory is unavailable")


def in_mount(directory, size_kb, read_only, seed=None):
    """The prefix that runs nimberd in a mount namespace of its own over a tmpfs of
    size_kb at `directory`, holding a copy of the files of `seed`, made read-only."""
    os.makedirs(directory, exist_ok=True)
    script = (f'mount -t tmpfs -o size={size_kb}k nimber "{directory}" && '
              + (f'cp "{seed}"/*.nbt "{directory}"/ && ' if seed else "")
              + (f'mount -o remount,ro "{directory}" && ' if read_only else "")
              + 'exec "$0" "$@"')
    return ("unshare", "-rm", "sh", "-c", script)


# 5. A read-only directory: its files are read, and writes fail, each logged and counted.
ro = os.path.join(work, "ro")
log = open(os.path.join(work, "ro.log"), "w+")
with Daemon("--table-dir", ro, log=log, prefix=in_mount(ro, 4096, True, shared)) as d:
    check(ask(d, GRUNDY) == expect and store_gauge(d, "hits_total") == 1,
          "a read-only directory: its table is read")
    status, _, _ = d.post("/v1/analyze", b'{"type":"octal","code":"0.6","heaps":[5000]}')
    check(status == 200, f"a table it cannot write: {status}")
    check(await_gauge(d, "nimber_table_store_write_errors_total", lambda v: v >= 1),
          "the write was counted as failed")
check(any(e.get("event") == "table_write_failed" and "Read-only" in e["detail"]
          for e in log_lines(log.name)), "a log line names the read-only file system")

# 6. A full directory (ENOSPC): the answer stands, the write is counted and logged, and no
# partial file stays.
full = os.path.join(work, "full")
log = open(os.path.join(work, "full.log"), "w+")
with Daemon("--table-dir", full, log=log, prefix=in_mount(full, 16, False)) as d:
    check(ask(d, GRUNDY) == expect, "a full directory: the answer is computed")
    check(await_gauge(d, "nimber_table_store_write_errors_total", lambda v: v >= 1),
          "the write that found no space was counted")
    status, _, body = d.get("/v1/tables")
    check(status == 200 and not [t for t in json.loads(body)["tables"] if t["where"] == "store"],
          "no file is listed")
check(any(e.get("event") == "table_write_failed" and "No space" in e["detail"]
          for e in log_lines(log.name)), "a log line names the full device")

# 7. Grown to the budget: past what one second reaches, a 422 naming the budget; the values
# are kept, so the same request goes further, and they are written.
grown = os.path.join(work, "grown")
with Daemon("--table-dir", grown, "--max-request-seconds", "1") as d:
    big = b'{"type":"grundy","heaps":[50000000]}'
    reached = []
    for _ in range(3):
        status, _, body = d.post("/v1/analyze", big)
        reached.append(detail(body))
        check(status == 422 and "max_request_seconds=1" in detail(body) and
              "kept" in detail(body), f"past the budget: {status} {detail(body)}")
    values = [int(r.split(" values")[0].split()[-1]) for r in reached if " values" in r]
    check(len(values) == 3 and values[0] < values[1] < values[2],
          f"each request went further: {values}")
    check(await_gauge(d, "nimber_table_store_writes_total", lambda v: v >= 1),
          "the values grown were written")
    # while a table grows on a worker, a small request is answered at once
    grower = threading.Thread(target=d.post, args=("/v1/analyze", big))
    grower.start()
    check(await_gauge(d, "nimber_workers_busy", lambda v: v >= 1), "the growth is on a worker")
    (status, _, _), took = timed(d.post, "/v1/analyze", b'{"type":"nim","heaps":[1,2,3]}')
    grower.join()
    check(status == 200 and took < 0.5, f"a small request meanwhile: {status} in {took:.3f} s")

# 8. GET /v1/tables: paging and its query.
with Daemon("--table-dir", golden_dir) as d:
    status, _, body = d.get("/v1/tables?limit=1000")
    whole = json.loads(body)
    check(status == 200 and whole["total"] == len(whole["tables"]) >= 3 and
          whole["next_from"] is None, f"the whole list: {whole['total']}")
    pages, at = [], 0
    while at is not None:
        page = json.loads(d.get(f"/v1/tables?from={at}&limit=2")[2])
        check(len(page["tables"]) <= 2 and page["from"] == at, f"a page from {at}")
        pages += page["tables"]
        at = page["next_from"]
    check(pages == whole["tables"], "the pages make the whole list")
    errors = contract.answer_errors("GET", "/v1/tables", 200, whole)
    check(not errors, f"the list fits its schema in openapi.yaml: {errors[:3]}")
    for bad in ("limit=0", "limit=1001", "from=-1", "page=2", "limit=2&limit=3"):
        status, _, body = d.get(f"/v1/tables?{bad}")
        check(status == 400 and detail(body), f"/v1/tables?{bad}: {status}")
    status, _, _ = d.post("/v1/tables", b"{}")
    check(status == 405, f"POST /v1/tables: {status}")

# 9. nimberd precompute: fills a directory that a daemon then answers from.
baked = os.path.join(work, "baked")
run = subprocess.run([binary, "precompute", "--table-dir", baked, "grundy:40000",
                      "octal:0.77:period", "subtraction:1,3,4"],
                     capture_output=True, text=True, timeout=120)
check(run.returncode == 0 and "files written" in run.stdout, f"precompute: {run.returncode} "
      f"{run.stdout[-300:]} {run.stderr[-300:]}")
check(len(files(baked)) == 3, f"one file a table: {files(baked)}")
with Daemon("--table-dir", baked) as d:
    check(ask(d, GRUNDY) == expect and store_gauge(d, "hits_total") == 1,
          "a daemon answers from the baked table")
too_many = "subtraction:" + ",".join(str(i) for i in range(1, 101))
for bad in (["grundy:0"], ["octal:0.77"], ["octal:4!.0:period"], ["chess:3"], [], [too_many]):
    run = subprocess.run([binary, "precompute", "--table-dir", baked, *bad],
                         capture_output=True, text=True, timeout=30)
    check(run.returncode in (1, 2), f"precompute {bad[:1]}: exit {run.returncode}")
    if bad == [too_many]:
        check("at most 64 values" in run.stdout, f"the set of 100 values: {run.stdout[-200:]}")

# 10. The longest codes, alike but for their last characters, each get their own table, in
# the daemon that grows both and in a second one reading them from the directory.
long_one = "0." + "4!" * 32
long_two = "0." + "4!" * 27 + "4"
keys = os.path.join(work, "keys")


def heap_values(d, code):
    status, _, body = d.post("/v1/analyze", json.dumps(
        {"type": "octal", "code": code, "heaps": [60, 100]}).encode())
    return status, [c.get("sg") for c in json.loads(body).get("components", [])]


def table_values(d, code):
    status, _, body = d.post("/v1/table", json.dumps(
        {"type": "octal", "code": code, "up_to": 100}).encode())
    values = json.loads(body).get("values", [])
    return status, values[60:101:40]


with Daemon("--table-dir", keys) as a:
    check(heap_values(a, long_one) == (200, [29, 48]), f"{long_one}: {heap_values(a, long_one)}")
    check(heap_values(a, long_two) == (200, [28, 30]), f"{long_two}: {heap_values(a, long_two)}")
    check(await_gauge(a, "nimber_table_store_writes_total", lambda v: v >= 2),
          "both tables written")
    check(len(files(keys)) == 2, f"two files: {files(keys)}")
with Daemon("--table-dir", keys) as b:
    for code, want in ((long_two, [28, 30]), (long_one, [29, 48])):
        got = heap_values(b, code), table_values(b, code)
        check(got == ((200, want), (200, want)), f"{code} from the directory: {got}")
    check(store_gauge(b, "hits_total") == 2, f"read from the files: {store_gauge(b, 'hits_total')}")

shutil.rmtree(work, ignore_errors=True)
tally.finish()
