#!/usr/bin/env python3
"""golden.py - answers that must not change: a fixed corpus of requests (every type's
catalog example and hundreds of seeded random positions, both conventions, /v1/analyze, play,
table, batch, and bad input) replayed against a running nimberd, each answer compared byte
for byte with the one recorded in tests/golden.jsonl and held to the schema openapi.yaml
documents for its route and status (every type's moves in their typed shapes).
Usage: golden.py check PORT | golden.py record PORT (rewrites the record after a change
that means to alter answers; the diff of the record shows what changed)."""
import http.client
import json
import os
import random
import sys

from contract import Contract
from tally import Tally

RECORD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden.jsonl")


def heaps(rng, n=4, top=12):
    return [rng.randrange(top + 1) for _ in range(rng.randrange(n + 1))]


def random_game(rng, kind, in_sum=False):
    """A small random game object of one type."""
    if kind == "nim":
        return {"type": "nim", "heaps": heaps(rng)}
    if kind == "bash":
        return {"type": "bash", "heaps": heaps(rng, top=30), "k": rng.randrange(1, 6)}
    if kind == "subtraction":
        s = rng.sample(range(1, 9), rng.randrange(1, 4))
        return {"type": "subtraction", "heaps": heaps(rng, top=40), "set": s}
    if kind == "moore":
        return {"type": "moore", "heaps": heaps(rng, 4, 6), "k": rng.randrange(1, 4)}
    if kind == "staircase":
        return {"type": "staircase", "stairs": heaps(rng, 4, 4)}
    if kind == "coins":
        return {"type": "coins", "coins": "".join(rng.choice("HT")
                                                  for _ in range(rng.randrange(9)))}
    if kind == "cutting":
        return {"type": "cutting", "pieces": [[rng.randrange(1, 7), rng.randrange(1, 7)]
                                              for _ in range(rng.randrange(1, 3))]}
    if kind == "dag":
        n = rng.randrange(1, 8)
        edges = sorted({(u, v) for u in range(n) for v in range(u + 1, n)
                        if rng.random() < 0.35})
        return {"type": "dag", "nodes": n, "edges": [list(e) for e in edges],
                "tokens": [rng.randrange(n) for _ in range(rng.randrange(1, 3))]}
    if kind == "octal":
        code = rng.choice("04") + "." + "".join(rng.choice("01234567")
                                                for _ in range(rng.randrange(1, 4)))
        return {"type": "octal", "code": code, "heaps": heaps(rng, 3, 10)}
    if kind == "grundy":
        return {"type": "grundy", "heaps": heaps(rng, 3, 16)}
    if kind == "beans":
        return {"type": "beans", "bottles": heaps(rng, 4, 2)}
    parts = [random_game(rng, rng.choice(["nim", "bash", "subtraction", "staircase",
                                          "coins", "dag"]), True)
             for _ in range(rng.randrange(1, 4))]
    return {"type": "sum", "components": parts}


# Requests whose answers list the registered types (an unknown type, a type with no table)
# are left out: they change by design when a type is added; test_http holds them.
KINDS = ["nim", "bash", "subtraction", "moore", "staircase", "coins", "cutting", "dag", "sum"]
BAD = [
    ("/v1/analyze", '{"type":"nim","heaps":[1,-2]}'),
    ("/v1/analyze", '{"type":"nim","heaps":[1,9223372036854775808]}'),
    ("/v1/analyze", '{"type":"bash","heaps":[1],"k":0}'),
    ("/v1/analyze", '{"type":"subtraction","heaps":[1],"set":[1,1]}'),
    ("/v1/analyze", '{"type":"subtraction","heaps":[1],"set":[]}'),
    ("/v1/analyze", '{"type":"subtraction","heaps":[1],"set":[2000000]}'),
    ("/v1/analyze", '{"type":"staircase","stairs":[9223372036854775807,1]}'),
    ("/v1/analyze", '{"type":"cutting","pieces":[[0,3]]}'),
    ("/v1/analyze", '{"type":"cutting","pieces":[[3,1001]]}'),
    ("/v1/analyze", '{"type":"cutting","pieces":[[3,3]],"convention":"misere"}'),
    ("/v1/analyze", '{"type":"coins","coins":"HXT"}'),
    ("/v1/analyze", '{"type":"dag","nodes":3,"edges":[[0,5]],"tokens":[0]}'),
    ("/v1/analyze", '{"type":"dag","nodes":3,"edges":[[0,1],[1,0]],"tokens":[0]}'),
    ("/v1/analyze", '{"type":"dag","nodes":3,"edges":[],"tokens":[3]}'),
    ("/v1/analyze", '{"type":"sum","components":[{"type":"nim","heaps":[1]},'
                    '{"type":"bash","heaps":[1],"k":0}]}'),
    ("/v1/analyze", '{"type":"sum","components":[{"type":"sum","components":[]}]}'),
    ("/v1/analyze", '{"type":"bash","heaps":[30,30,30,30,30,30,30,30,30,30,30,30],"k":3,'
                    '"convention":"misere"}'),
    ("/v1/analyze", '{"type":"nim","heaps":[1],"k":2}'),
    ("/v1/analyze", '{"type":"nim","heaps":[1],"convention":"loopy"}'),
    ("/v1/table", '{"type":"subtraction","set":[1,3,4],"up_to":67108864}'),
    ("/v1/table", '{"type":"cutting","up_to":[1001,2]}'),
    ("/v1/play", '{"type":"nim","heaps":"3"}'),
]


LATER_KINDS = ["octal", "grundy", "beans"]
LATER_BAD = [
    ("/v1/analyze", '{"type":"octal","code":"0.8","heaps":[1]}'),
    ("/v1/analyze", '{"type":"octal","code":"1.07","heaps":[1]}'),
    ("/v1/analyze", '{"type":"octal","code":7,"heaps":[1]}'),
    ("/v1/analyze", '{"type":"octal","heaps":[1]}'),
    ("/v1/analyze", '{"type":"grundy","heaps":[67108864]}'),
    ("/v1/analyze", '{"type":"beans","bottles":[1,-1]}'),
]


def corpus():
    """(path, body text) of every request, in a fixed order."""
    rng = random.Random(20261123)
    out = []
    conn = http.client.HTTPConnection("127.0.0.1", PORT)
    conn.request("GET", "/v1/games")
    catalog = json.loads(conn.getresponse().read())
    for t in catalog["types"]:  # the recorded types: a type added later changes nothing here
        if t["type"] not in KINDS:
            continue
        for conv in ("normal", "misere"):
            g = dict(t["example"], convention=conv)
            out += [("/v1/analyze", json.dumps(g)), ("/v1/play", json.dumps(g))]
    for _ in range(40):
        for kind in KINDS:
            g = random_game(rng, kind)
            if rng.random() < 0.4 and kind != "cutting":
                g["convention"] = "misere"
            path = rng.choice(["/v1/analyze", "/v1/analyze", "/v1/play",
                               "/v1/analyze?max_moves=2"])
            out.append((path, json.dumps(g, separators=(",", ":"))))
    for kind, extra in [("nim", {}), ("bash", {"k": 3}), ("subtraction", {"set": [2, 5, 7]}),
                        ("subtraction", {"set": [1, 3, 4]}), ("cutting", {})]:
        up = [6, 9] if kind == "cutting" else 60
        out.append(("/v1/table", json.dumps(dict({"type": kind, "up_to": up}, **extra))))
    out.append(("/v1/table", json.dumps(random_game(rng, "dag"))))
    batch = [random_game(rng, rng.choice(KINDS)) for _ in range(12)]
    batch.append({"type": "nim", "heaps": [1, -1]})
    out.append(("/v1/analyze/batch", json.dumps({"positions": batch})))
    out += BAD
    rng = random.Random(20261124)  # types added later: a stream of their own
    for _ in range(20):
        for kind in LATER_KINDS:
            g = random_game(rng, kind)
            if rng.random() < 0.4:
                g["convention"] = "misere"
            path = rng.choice(["/v1/analyze", "/v1/play", "/v1/moves"])
            out.append((path, json.dumps(g, separators=(",", ":"))))
    for code in ("0.77", "0.07", "0.137", "4.07", "0.6"):
        out.append(("/v1/table", json.dumps({"type": "octal", "code": code, "up_to": 80})))
    out.append(("/v1/table", json.dumps({"type": "grundy", "up_to": 80})))
    out += LATER_BAD
    return out


def ask(conn, path, body):
    conn.request("POST", path, body=body, headers={"Content-Type": "application/json"})
    r = conn.getresponse()
    return r.status, r.read().decode()


def main():
    global PORT
    mode, PORT = sys.argv[1], int(sys.argv[2])
    conn = http.client.HTTPConnection("127.0.0.1", PORT)
    requests = corpus()
    if mode == "record":
        with open(RECORD, "w") as f:
            for path, body in requests:
                status, answer = ask(conn, path, body)
                f.write(json.dumps({"path": path, "body": body, "status": status,
                                    "answer": answer}, ensure_ascii=False) + "\n")
        print(f"recorded {len(requests)} answers in {RECORD}")
        return
    tally = Tally("golden")
    recorded = [json.loads(line) for line in open(RECORD)]
    tally.check([(r["path"], r["body"]) for r in recorded] == requests,
                "the corpus differs from the record: run `golden.py record` on purpose")
    contract = Contract(os.path.join(os.path.dirname(RECORD), "..", "openapi.yaml"))
    for r in recorded:
        status, answer = ask(conn, r["path"], r["body"])
        tally.check((status, answer) == (r["status"], r["answer"]),
                    f"{r['path']} {r['body']}\n  recorded {r['status']} {r['answer']}\n"
                    f"  answered {status} {answer}")
        errors = contract.answer_errors("POST", r["path"], status, json.loads(answer))
        tally.check(not errors, f"{r['path']} {r['body']}: the answer breaks the documented "
                    f"schema: {errors[:3]}")
    print(f"golden: replayed {len(recorded)} recorded answers")
    tally.finish()


if __name__ == "__main__":
    main()
