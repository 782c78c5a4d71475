#!/usr/bin/env python3
"""store.py - the table store's rows of make bench (bench/README.md): Grundy's game to
2^20 values grown by one cold request against the same table in process; a restarted
nimberd answering it from its file; the memory of that file mapped for two workers at
once; and what writing to the store costs small requests. Run by run.py, or alone:
store.py BUILD_DIR"""
import http.client
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading

from harness import await_gauge, gauge, post, row, rows, start, stop, wrk

GRUNDY = {"type": "grundy", "heaps": [2**20 - 1]}  # a table of 2^20 values (> 10^6)


def rss_kb(pid):
    return int(re.search(r"VmRSS:\s+(\d+) kB", open(f"/proc/{pid}/status").read()).group(1))


def grundy_rows(build, daemon, rounds=3):
    """Cold over HTTP against in process, then restarted from the file, rounds interleaved."""
    inproc, cold, warm, shared = [], [], [], None
    for _ in range(rounds):
        out = subprocess.run([f"{build}/bench/bench_inproc", "grundy20"], capture_output=True,
                             text=True).stdout
        inproc.append(float(re.search(r"grundy_sparse_20 (\S+)", out).group(1)))
        directory = tempfile.mkdtemp(prefix="nimber-bench-store-")
        p, port = start(daemon + ["--table-dir", directory])
        cold.append(post(port, "/v1/analyze", GRUNDY)[0])
        await_gauge(port, "nimber_table_store_writes_total", lambda v: v >= 1)
        stop(p)
        p, port = start(daemon + ["--table-dir", directory, "--workers", "2"])
        warm.append(post(port, "/v1/analyze", GRUNDY)[0])
        if shared is None:  # two workers reading the mapped table at once
            before = rss_kb(p.pid)
            heaps = [{"type": "grundy", "heaps": [2**20 - 1 - k, 5 + k]} for k in range(2)]
            threads = [threading.Thread(target=post, args=(port, "/v1/analyze", h))
                       for h in heaps for _ in range(4)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            file_bytes = sum(os.path.getsize(os.path.join(directory, f))
                             for f in os.listdir(directory) if f.endswith(".nbt"))
            shared = (gauge(port, "nimber_cache_bytes"), file_bytes,
                      (rss_kb(p.pid) - before) * 1024)
        stop(p)
        shutil.rmtree(directory, ignore_errors=True)
    # /v1/table of every value to heap 10^6, cold, in one request (one page)
    p, port = start(daemon)
    table_seconds, table, _ = post(port, "/v1/table", {"type": "grundy", "up_to": 10**6})
    stop(p)
    table_values = len(json.loads(table)["values"])
    inproc_m, cold_m, warm_m = (statistics.median(x) for x in (inproc, cold, warm))
    row("Grundy's game, heap 2^20 - 1 (a table of 2^20 values), one cold /v1/analyze",
        f"in process {inproc_m:.1f} s", f"{cold_m:.1f} s = {cold_m / inproc_m:.2f}x "
        f"(rounds {', '.join(f'{c / i:.2f}' for c, i in zip(cold, inproc))}); a cold "
        f"/v1/table to heap 10^6: {table_values:,} values in {table_seconds:.1f} s", "<= 2x",
        cold_m <= 2 * inproc_m and table_values == 10**6 + 1)
    row("the same request, nimberd restarted on the table directory", f"cold {cold_m:.1f} s",
        f"{warm_m * 1e3:.1f} ms = {cold_m / warm_m:,.0f}x faster", ">= 100x",
        cold_m >= 100 * warm_m)
    cache_bytes, file_bytes, grew = shared
    row("that table's file read by 8 requests on 2 workers at once", f"file {file_bytes:,} B",
        f"cache holds {cache_bytes:,.0f} B = {cache_bytes / file_bytes:.2f}x the file; RSS "
        f"grew {grew / 2**20:.1f} MiB", "counted once (cache < 1.5x the file)",
        cache_bytes < 1.5 * file_bytes)


def growths(port, stop_event, done):
    """Tables grown one after another until stopped: a new code each time, 30,000 values
    each, so that every one is written to the store (when there is one)."""
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    k = 0
    while not stop_event.is_set():
        digits = f"{k % 7 + 1}{k // 7 % 8}{k // 56 % 8}{k // 448 % 8}"
        body = json.dumps({"type": "octal", "code": f"4.{digits}", "heaps": [30000]})
        c.request("POST", "/v1/analyze", body=body, headers={"Content-Type": "application/json"})
        c.getresponse().read()
        done.append(1)
        k += 1
    c.close()


def write_cost_row(build, daemon, nim8, rounds=5):
    """Small requests' throughput beside a stream of table growths, with a store and
    without, the two interleaved."""
    got = {"store": [], "memory": []}
    written = []
    for r in range(rounds):
        for which in (("store", "memory") if r % 2 == 0 else ("memory", "store")):
            directory = tempfile.mkdtemp(prefix="nimber-bench-write-")
            flags = ["--table-dir", directory] if which == "store" else []
            p, port = start(daemon + flags)
            stop_event, done = threading.Event(), []
            t = threading.Thread(target=growths, args=(port, stop_event, done))
            t.start()
            rps = wrk(port, nim8, 64, 4)[0]
            stop_event.set()
            t.join()
            if which == "store":
                written.append(gauge(port, "nimber_table_store_writes_total"))
            stop(p)
            shutil.rmtree(directory, ignore_errors=True)
            got[which].append(rps)
    ratios = [s / m for s, m in zip(got["store"], got["memory"])]
    ratio = statistics.median(ratios)
    row("8-heap nim, 64 connections, beside a stream of table growths (30,000 values each), "
        "writing each to the store", f"without a store {statistics.median(got['memory']):,.0f} "
        "req/s", f"{statistics.median(got['store']):,.0f} req/s = {ratio:.2f}x (rounds "
        f"{', '.join(f'{x:.2f}' for x in ratios)}; {statistics.median(written):.0f} files "
        "written a round)", ">= 0.95x", ratio >= 0.95)


def store_rows(build, nim8):
    daemon = [f"{build}/nimberd", "--port", "0", "--bind", "127.0.0.1", "--log", "0"]
    grundy_rows(build, daemon)
    write_cost_row(build, daemon, nim8)


if __name__ == "__main__":
    import random
    heap_rng = random.Random(1)
    store_rows(sys.argv[1], {"type": "nim", "heaps": [heap_rng.randrange(1 << 40)
                                                      for _ in range(8)]})
    for r in rows:
        print(" | ".join(r))
