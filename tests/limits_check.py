#!/usr/bin/env python3
"""limits_check.py - the catalog's limits are the enforced ones. For each limit a nimberd of
its own runs with that limit small; for every type whose GET /v1/games entry advertises the
limit (with that value), a request just over it is answered as documented (a 422 of type
/problems/limit-exceeded naming the limit in its detail and in its members, or, where the
limit only bounds how many winning moves are looked for, winning_moves_complete false),
and where "just at" is well defined a request at it is not refused. Every advertised (type, limit) pair must have a case here. Usage:
limits_check.py NIMBERD"""
import json
import signal
import subprocess
import sys
import urllib.error
import urllib.request

from tally import Tally

signal.alarm(240)  # a hung daemon fails the check instead of stalling the suite
binary = sys.argv[1]
SMALL = {"max_parts": 6, "max_components": 3, "max_table": 400, "max_table_page": 50,
         "max_side": 12, "max_nodes": 8, "max_edges": 12, "max_states": 60, "max_work": 1,
         "max_prime_count": 5000000}
HEAP_TYPES = {"nim": {}, "bash": {"k": 3}, "subtraction": {"set": [1, 2]}, "moore": {"k": 2},
              "coprime": {}, "octal": {"code": "0.77"}, "grundy": {}}
POSITION = {"staircase": "stairs", "coins": "coins", "cutting": "pieces", "dag": "tokens",
            "beans": "bottles"}
DAG = {"type": "dag", "nodes": 3, "edges": [[0, 1], [1, 2]]}
# a cycle beside finite values: the labelling needs more than one round
CYCLE = {"type": "dag", "nodes": 5, "edges": [[0, 1], [1, 2], [3, 4], [4, 3], [3, 1]],
         "tokens": [3]}
GRAPH = {"type": "hackenbush", "nodes": 4,
         "edges": [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3], [1, 1], [2, 2], [3, 3]]}


def parts(kind, n):
    """A position of `kind` with n parts."""
    if kind in HEAP_TYPES:
        return dict(type=kind, heaps=[1] * n, **HEAP_TYPES[kind])
    if kind == "coins":
        return {"type": "coins", "coins": "T" * n}
    if kind == "cutting":
        return {"type": "cutting", "pieces": [[2, 2]] * n}
    if kind == "dag":
        return dict(DAG, tokens=[0] * n)
    if kind == "euclid":
        return {"type": "euclid", "pairs": [[3, 2]] * n}
    if kind == "divisor":
        return {"type": "divisor", "rule": "replace", "numbers": [12] * n}
    if kind == "wythoff":
        return {"type": "wythoff", "piles": [[3, 5]] * n}
    if kind == "fibonacci":
        return {"type": "fibonacci", "heaps": [1] * n}
    if kind == "notakto":
        return {"type": "notakto", "boards": ["........."] * n}
    return {"type": kind, POSITION[kind]: [0] * n}


def graph(kind, nodes, edges):
    """A graph game of `nodes` nodes and `edges` edges, all from node 0 (parallel edges)."""
    es = [[0, 1 + i % (nodes - 1)] for i in range(edges)]
    body = {"type": kind, "nodes": nodes, "edges": es}
    return dict(body, tokens=[0]) if kind == "dag" else body


def table(kind, up_to, start=0):
    body = dict(type=kind, up_to=up_to, **HEAP_TYPES[kind])
    if start:
        body["from"] = start
    return "/v1/table", body


def misere(body):
    return dict(body, convention="misere")


def cases(kind, limit, n):
    """(path, request at the limit or None, request over it, expect) for one pair; expect is
    "422" or "incomplete"."""
    a = "/v1/analyze"
    if limit == "max_parts":
        return a, parts(kind, n), parts(kind, n + 1), "422"
    if limit == "max_table" and kind == "chomp":  # C(10,3) = 120 diagrams; C(12,4) = 495
        return a, {"type": kind, "rows": [7, 7, 7]}, {"type": kind, "rows": [8] * 4}, "422"
    if limit == "max_side" and kind == "chomp":  # rows of a diagram that is no line
        return a, {"type": kind, "rows": [2] * n}, {"type": kind, "rows": [2] * (n + 1)}, "422"
    if limit == "max_edges" and kind == "nodekayles":  # a simple graph: distinct edges
        pairs = [[u, v] for u in range(8) for v in range(u + 1, 8)]
        return a, {"type": kind, "nodes": 8, "edges": pairs[:n]}, \
            {"type": kind, "nodes": 8, "edges": pairs[:n + 1]}, "422"
    if limit == "max_work" and kind == "coins":  # the pairs of mock turtles' moves
        return a, None, {"type": kind, "coins": "HHHHHHHT", "rule": "mock_turtles"}, "incomplete"
    if limit == "max_table" and kind == "fibonacci":  # the terms of H up past the heap: with
        # k this large, 1, 2, ..., heap + 1
        return a, {"type": kind, "heaps": [n - 1], "k": 10**6}, \
            {"type": kind, "heaps": [n], "k": 10**6}, "422"
    if limit == "max_table":
        over = table(kind, n)
        return over[0], table(kind, n - 1, n - 10)[1], over[1], "422"
    if limit == "max_table_page":
        return "/v1/table", table(kind, n - 1)[1], table(kind, n)[1], "422"
    if limit == "max_side" and kind == "cram":  # rows of a board
        return a, {"type": kind, "board": [".."] * n}, {"type": kind, "board": [".."] * (n + 1)}, "422"
    if limit == "max_side" and kind == "wythoff":  # a sum's numbers below it (one pile: any)
        return a, {"type": kind, "piles": [[n - 1, 2], [1, 1]]}, \
            {"type": kind, "piles": [[n, 2], [1, 1]]}, "422"
    if limit == "max_side" and kind == "fibonacci":  # a sum's heaps below it (one heap: any)
        return a, {"type": kind, "heaps": [n - 1, 1]}, {"type": kind, "heaps": [n, 1]}, "422"
    if limit == "max_side":
        return a, {"type": "cutting", "pieces": [[n, 2]]}, {"type": "cutting",
                                                             "pieces": [[n + 1, 2]]}, "422"
    if limit in ("max_nodes", "max_edges"):
        at = graph(kind, n, 3) if limit == "max_nodes" else graph(kind, 8, n)
        over = graph(kind, n + 1, 3) if limit == "max_nodes" else graph(kind, 8, n + 1)
        return a, at, over, "422"
    if limit == "max_components":
        comp = {"type": "nim", "heaps": [1]}
        return a, {"type": "sum", "components": [comp] * n}, \
            {"type": "sum", "components": [comp] * (n + 1)}, "422"
    if limit == "max_prime_count":  # the primes next to 5*10^6, past the sieve (2^22)
        return a, {"type": "coprime", "heaps": [4999999]}, {"type": "coprime",
                                                            "heaps": [5000011]}, "422"
    if limit == "max_states":  # searches of far more than 60 positions
        # subtraction: a misère table of the set {7,60} proves no period within 60 heaps
        big = {"subtraction": {"type": "subtraction", "heaps": [200, 200], "set": [7, 60]},
               "coins": {"type": "coins", "coins": "HHHHHHHH"},
               "dag": {"type": "dag", "nodes": 6, "edges": [[i, i + 1] for i in range(5)],
                       "tokens": [0] * 6},
               "hackenbush": GRAPH,
               # every heap is tame, but a prime past max_prime_count has no value: searched
               "coprime": {"type": "coprime", "heaps": [10000000000037]},
               # past their quotients: 0.6's stops at heap 16 (max_quotient); Grundy's
               # covers heaps to 28, and none past the 65536 heaps a growth may reach
               "octal": {"type": "octal", "code": "0.6", "heaps": [17, 17]},
               "grundy": {"type": "grundy", "heaps": [70000, 1]},
               # past the 48 bottles the beans' quotient covers
               "beans": {"type": "beans", "bottles": [0] * 45 + [2, 2, 2, 2]},
               # each pair or pile of several is labelled by a search of its own positions
               "euclid": {"type": "euclid", "pairs": [[100, 1], [3, 2]]},
               "divisor": {"type": "divisor", "rule": "subtract", "numbers": [24, 30, 36]},
               "wythoff": {"type": "wythoff", "piles": [[12, 12], [3, 5]]},
               "fibonacci": {"type": "fibonacci", "heaps": [30, 30]},
               "chomp": {"type": "sum", "components": [{"type": "chomp", "rows": [3, 3, 3]}] * 2},
               "nodekayles": {"type": "nodekayles", "nodes": 12, "edges": []},
               "cram": {"type": "cram", "board": ["...."] * 3},
               # past the 4 x 4 quotient's boards, two live boards are searched
               "notakto": {"type": "notakto", "boards": ["." * 16] * 2},
               # a Wythoff pile is labelled by a search of its own 91 positions
               "sum": {"type": "sum", "components": [
                   {"type": "bash", "heaps": [20], "k": 3},
                   {"type": "wythoff", "piles": [[12, 12]]}]}}[kind]
        return a, None, misere(big), "422"
    if limit == "max_work":
        over = {"dag": CYCLE, "hackenbush": GRAPH,
                "octal": {"type": "octal", "code": "0.6", "heaps": [3000]},
                "grundy": {"type": "grundy", "heaps": [3000]},
                "beans": {"type": "beans", "bottles": [1, 0, 0, 0, 1]}}[kind]
        # an octal or grundy table grows within the request's budget; max_work bounds the
        # splits listed as winning moves
        return a, None, over, "incomplete" if kind in ("hackenbush", "beans", "octal",
                                                       "grundy") else "422"
    raise KeyError(f"no case for {kind} and {limit}")


def post(port, path, body):
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", json.dumps(body).encode(),
                                 {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


tally = Tally("limits")
check = tally.check
for limit, value in SMALL.items():
    flag = "--" + limit.replace("_", "-")
    daemon = subprocess.Popen([binary, "--port", "0", "--bind", "127.0.0.1", "--log", "1",
                               flag, str(value)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    port = int(json.loads(daemon.stdout.readline())["detail"].rsplit(":", 1)[1])
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/games") as r:
        catalog = json.loads(r.read())["types"]
    for entry in catalog:
        kind = entry["type"]
        if limit not in entry["limits"]:
            continue
        check(entry["limits"][limit] == value,
              f"{kind}: the catalog says {limit}={entry['limits'][limit]}, the flag set {value}")
        path, at, over, expect = cases(kind, limit, value)
        status, answer = post(port, path, over)
        what = f"{kind} just over {limit}={value}: {json.dumps(over)[:120]}"
        if expect == "422":
            check(status == 422 and limit in answer.get("detail", "") and "pointer" in answer
                  and answer.get("type") == "/problems/limit-exceeded"
                  and answer.get("limit") == limit and answer.get("value") == value,
                  f"{what} answered {status} {json.dumps(answer)[:200]}")
        else:
            check(status == 200 and answer.get("winning_moves_complete") is False,
                  f"{what} answered {status} {json.dumps(answer)[:200]}")
        if at is not None:
            status, answer = post(port, path, at)
            check(status == 200, f"{kind} at {limit}={value} answered {status} "
                                 f"{json.dumps(answer)[:200]}")
    daemon.terminate()
    daemon.wait()
tally.finish()
