#!/usr/bin/env python3
"""quotient_check.py - misère quotients over HTTP against a real daemon: POST /v1/quotient
(Kayles' proved quotient and its published figures, the table on request and its laws,
a partial quotient's 422 naming its limit, bad requests), each answer held to openapi.yaml,
misère analyses of huge Kayles heaps decided through the quotient, every winning move's
position lost when asked again, and `nimberd misere-sweep`'s table agreeing with
/v1/quotient on every proved code. Usage: quotient_check.py NIMBERD"""
import json
import os
import random
import signal
import subprocess
import sys

from contract import Contract
from daemon import Daemon, detail

from tally import Tally

signal.alarm(300)  # a hung daemon fails the check instead of stalling the suite
Daemon.binary = sys.argv[1]
tally = Tally("quotient")
check = tally.check
HERE = os.path.dirname(os.path.abspath(__file__))
contract = Contract(os.path.join(HERE, "..", "openapi.yaml"))


def ask(d, path, body):
    status, _, answer = d.post(path, json.dumps(body).encode())
    value = json.loads(answer)
    errors = contract.answer_errors("POST", path, status, value)
    check(not errors, f"{path} {body}: answer breaks the schema: {errors[:3]}")
    return status, value


with Daemon() as d:
    # Kayles (Plambeck and Siegel): order 40, 9 P-elements, 7 generators, period 12
    status, q = ask(d, "/v1/quotient?table=1", {"type": "octal", "code": "0.77"})
    check(status == 200, f"Kayles' quotient: {status} {q}")
    check((q["status"], q["order"], q["p_size"], len(q["generators"]), q["tame"]) ==
          ("proved", 40, 9, 7, False), f"Kayles' quotient figures: {str(q)[:300]}")
    check(q["pretending"]["period"] == 12, f"period {q['pretending']['period']}")
    lost = [h for h, e in enumerate(q["pretending"]["values"]) if q["elements"][e]["p"]]
    check(lost == [1, 4, 9, 12, 20], f"lone lost heaps {lost}")
    t = q["table"]
    n = q["order"]
    check(len(t) == n and all(len(row) == n for row in t), "an order x order table")
    check(all(t[0][x] == x and t[x][0] == x for x in range(n)), "element 0 is the identity")
    check(all(t[x][y] == t[y][x] for x in range(n) for y in range(n)), "commutative")
    check(all(t[t[x][y]][z] == t[x][t[y][z]] for x in range(n) for y in range(n)
              for z in range(0, n, 7)), "associative")
    check(n % 2 == 0, "even order")
    # the generators' elements are the heaps' they name
    values = q["pretending"]["values"]
    words = [q["elements"][values[h]]["word"] for h in q["generator_heaps"]]
    check(words == q["generators"], f"generators {q['generators']} are heaps' {words}")

    # counted on /metrics: the growth that proved Kayles' period
    status, _, text = d.get("/metrics")
    check(status == 200 and d.gauge('nimber_quotient_growths_total{end="proved"}') >= 1
          and "# TYPE nimber_quotient_growths_total counter" in text
          and 'nimber_quotient_files_total{certified="false"} 0' in text,
          "/metrics counts quotient growths by how they ended")

    # the catalog says which types POST /v1/quotient takes
    status, _, body = d.get("/v1/games")
    takes = {t["type"]: t["quotient"] for t in json.loads(body)["types"]} if status == 200 else {}
    check(takes.get("octal") is True and takes.get("grundy") is True
          and takes.get("notakto") is True and takes.get("nim") is False
          and sum(takes.values()) == 3, f"the catalog's quotient flags: {takes}")

    # Notakto's 3 x 3 quotient (Plambeck and Whitehead: order 18, four P-elements), its
    # generators' boards, and an analysis naming its element in the same generators
    status, nq = ask(d, "/v1/quotient?table=1", {"type": "notakto", "size": 3})
    check(status == 200 and (nq["status"], nq["order"], nq["p_size"], len(nq["generators"]),
                             nq["boards"], nq["boards_covered"]) == ("proved", 18, 4, 4, 46, 46),
          f"Notakto's 3 x 3 quotient: {status} {str(nq)[:300]}")
    if status == 200:
        t, n = nq["table"], nq["order"]
        check(all(t[t[x][y]][z] == t[x][t[y][z]] and t[x][y] == t[y][x]
                  for x in range(n) for y in range(n) for z in range(n)),
              "Notakto's table is commutative and associative")
        for letter, board in zip(nq["generators"], nq["generator_boards"]):
            status, a = ask(d, "/v1/analyze", {"type": "notakto", "boards": [board]})
            check(status == 200 and a["method"] == "misere-quotient"
                  and a["misere"]["element"] == letter,
                  f"the board {board} of generator {letter} analysed: {str(a)[:200]}")
        words = {e["word"]: e["p"] for e in nq["elements"]}
        status, a = ask(d, "/v1/analyze", {"type": "notakto", "boards": ["........."] * 2})
        check(status == 200 and a["verdict"] == "lose" and words.get(a["misere"]["element"]),
              f"two empty boards: lost, their element in the P-portion: {str(a)[:200]}")
    status, nq = ask(d, "/v1/quotient", {"type": "notakto", "size": 4})
    check(status == 200 and nq["status"] == "partial" and 0 < nq["boards_covered"] < nq["boards"]
          and nq["covers_from_xs"] > 0 and "stopped_by" in nq,
          f"Notakto's 4 x 4 quotient, partial: {status} {str(nq)[:300]}")
    for body, want in (({"type": "notakto", "size": 5}, 422), ({"type": "notakto", "size": 6}, 400),
                       ({"type": "notakto"}, 400), ({"type": "notakto", "size": 3, "x": 1}, 400)):
        status, p = ask(d, "/v1/quotient", body)
        check(status == want and p.get("pointer") in ("/size", "/x", ""),
              f"{body}: {status} {p}")

    # tame: Nim's quotient restricted to heaps 0..3 is T_2, order 6
    status, nim = ask(d, "/v1/quotient", {"type": "octal", "code": "0.333", "up_to": 3})
    check(status == 200 and (nim["order"], nim["tame"]) == (6, True),
          f"0.333 to heap 3: {str(nim)[:200]}")
    status, q75 = ask(d, "/v1/quotient", {"type": "octal", "code": "0.75"})
    check(status == 200 and (q75["order"], q75["p_size"], q75["tame"]) == (8, 2, False),
          f"0.75: {str(q75)[:200]}")

    # pretending.preperiod is the least n0 with Phi(n + period) = Phi(n) for n >= n0, read
    # off the values themselves (misère Kayles: 71, though its records repeat from 88)
    for code, want in (("0.77", 71), ("0.75", 8)):
        status, answer = ask(d, "/v1/quotient", {"type": "octal", "code": code})
        pr = answer.get("pretending", {}) if status == 200 else {}
        v, p, n0 = pr.get("values", []), pr.get("period"), pr.get("preperiod")
        least = len(v) - p if p else None
        while least and v[least - 1] == v[least - 1 + p]:
            least -= 1
        check(status == 200 and n0 == least == want and
              all(v[n] == v[n + p] for n in range(n0, len(v) - p)),
              f"{code}: pretending preperiod {n0}, least from its values {least}, want {want}")

    # a partial quotient: Grundy's game stops short of heap 40, named by the 422 (which
    # limit comes first depends on the machine's speed and load: any of them, named)
    status, p = ask(d, "/v1/quotient", {"type": "grundy", "up_to": 40})
    check(status == 422 and p.get("pointer") == "/up_to" and
          any(limit in p.get("detail", "") for limit in
              ("max_quotient", "max_work", "max_request_seconds")),
          f"grundy up_to 40: {status} {p}")
    status, g = ask(d, "/v1/quotient", {"type": "grundy", "up_to": 12})
    check(status == 200 and g["status"] == "partial" and g["exact_up_to"] >= 12 and
          g["pretending"]["period"] is None, f"grundy up_to 12: {str(g)[:200]}")

    for body, pointer in [({"type": "nim"}, "/type"), ({"type": "octal", "code": "0.77",
                                                         "up_to": -1}, "/up_to"),
                          ({"type": "octal", "code": "0.77", "up_to": 70000}, "/up_to"),
                          ({"type": "octal", "code": "0.x"}, "/code")]:
        status, p = ask(d, "/v1/quotient", body)
        check(status in (400, 422) and p.get("pointer") == pointer,
              f"{body}: {status} {p}")
    status, _, answer = d.post("/v1/quotient?table=2", b'{"type":"octal","code":"0.77"}')
    check(status == 400 and "table" in detail(answer), f"table=2: {status} {answer[:200]}")

    # misère Kayles of heaps near 10^18: the quotient decides, each winning move's
    # position is lost when asked again
    rng = random.Random(45)
    for _ in range(10):
        heaps = [rng.randrange(10 ** 18) for _ in range(6)]
        body = {"type": "octal", "code": "0.77", "heaps": heaps, "convention": "misere"}
        status, a = ask(d, "/v1/analyze", body)
        check(status == 200 and a["method"] == "misere-quotient" and
              a["misere"]["element"] in [e["word"] for e in q["elements"]],
              f"{heaps}: {status} {str(a)[:200]}")
        for move in a.get("winning_moves", [])[:4]:
            status, b = ask(d, "/v1/analyze", move["position"])
            check(status == 200 and b["verdict"] == "lose",
                  f"after {move['heap']},{move['take']}: {b.get('verdict')}")
    # thirty misère tokens on a twelve-node graph (a search of some 10^9 positions): the
    # tokens' quotient decides; every move's position, asked again, agrees with the list
    edges = [[i, i + 1] for i in range(11)] + [[0, 5], [2, 7], [3, 9], [1, 6], [4, 11]]
    tokens = [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
              0, 2, 4, 6]
    body = {"type": "dag", "nodes": 12, "edges": edges, "tokens": tokens,
            "convention": "misere"}
    status, a = ask(d, "/v1/analyze", body)
    check(status == 200 and a["method"] == "misere-quotient" and a["misere"]["element"],
          f"thirty tokens: {status} {str(a)[:200]}")
    status, m = ask(d, "/v1/moves", body)
    winning = {(w["token"], w["to"]) for w in a.get("winning_moves", [])}
    for move in m.get("moves", []):  # outcome: what the move brings its mover
        status, b = ask(d, "/v1/analyze", move["position"])
        check(status == 200 and (b["verdict"] == "lose") == (move["outcome"] == "win") and
              b["method"] == "misere-quotient", f"after {move['token']} to {move['to']}: "
              f"{b.get('verdict')}, the move {move['outcome']}s")
        check(((move["token"], move["to"]) in winning) == (move["outcome"] == "win"),
              f"token {move['token']} to {move['to']}: listed as winning or not, as it is")
    check(len(m.get("moves", [])) >= 10 and winning, f"{len(m.get('moves', []))} moves asked")
    # misère beans, forty bottles, one of them holding 10^12 beans: through the beans'
    # quotient, every winning move's position lost when asked again
    bottles = [10 ** 12, 0, 3, 5, 0, 0, 7, 1, 0, 2, 0, 0, 0, 4, 0, 0, 0, 0, 0, 9] + [0, 1] * 10
    body = {"type": "beans", "bottles": bottles, "convention": "misere"}
    status, a = ask(d, "/v1/analyze", body)
    check(status == 200 and a["method"] == "misere-quotient" and
          (a["verdict"] == "lose") == (not a["winning_moves"]),
          f"forty bottles of beans: {status} {str(a)[:200]}")
    for move in a.get("winning_moves", [])[:6]:
        status, b = ask(d, "/v1/analyze", move["position"])
        check(status == 200 and b["verdict"] == "lose" and b["method"] == "misere-quotient",
              f"beans after {move['bottle']} into {move['into']}: {b.get('verdict')}")
    # 0.137 (Dawson's chess, the 3 x n board) to heap 31 under the default flags: its
    # partial quotient grown within the request (65 counters: past those whose growth
    # has only a slice before a search), each winning move's position lost
    body = {"type": "octal", "code": "0.137", "heaps": [31, 31, 3], "convention": "misere"}
    status, a = ask(d, "/v1/analyze", body)
    check(status == 200 and a["method"] == "misere-quotient" and a["winning_moves"],
          f"misère 0.137 [31, 31, 3]: {status} {str(a)[:200]}")
    for move in a.get("winning_moves", []):
        status, b = ask(d, "/v1/analyze", move["position"])
        check(status == 200 and b["verdict"] == "lose", f"0.137 [31, 31, 3] after {move['take']}"
              f" from heap {move['heap']} leaving {move['leave']}: {status} {b.get('verdict')}")

    # nimberd misere-sweep: the two-digit codes' table, each proved row as /v1/quotient
    # gives the same code's quotient over HTTP
    run = subprocess.run([sys.argv[1], "misere-sweep", "--digits", "2", "--seconds", "1"],
                         capture_output=True, text=True, timeout=240)
    lines = run.stdout.splitlines()
    check(run.returncode == 0 and lines[:1] == ["code\tstatus\torder\tp_size\ttame\t"
                                                 "preperiod\tperiod\texact_up_to\tseconds"]
          and len(lines) == 64 and "63 codes in" in run.stderr,
          f"misere-sweep: exit {run.returncode}, {len(lines)} lines, {run.stderr[-200:]}")
    rows = [dict(zip(lines[0].split("\t"), line.split("\t"))) for line in lines[1:]]
    proved = [r for r in rows if r["status"] == "proved"]
    check(len(proved) >= 25 and {r["code"] for r in proved} >= {"0.77", "0.75", "0.34"},
          f"{len(proved)} codes proved")
    for r in proved:
        status, q = ask(d, "/v1/quotient", {"type": "octal", "code": r["code"]})
        got = [str(q.get("order")), str(q.get("p_size")), str(q.get("tame")).lower(),
               str(q.get("pretending", {}).get("preperiod")),
               str(q.get("pretending", {}).get("period"))]
        check(status == 200 and got == [r["order"], r["p_size"], r["tame"], r["preperiod"],
                                        r["period"]], f"{r['code']}: sweep {r}, HTTP {got}")
    for bad in (["--digits", "5"], ["--seconds", "0"], ["--jobs"], ["--colour", "1"]):
        run = subprocess.run([sys.argv[1], "misere-sweep", *bad], capture_output=True,
                             text=True, timeout=60)
        check(run.returncode == 2 and "usage" in run.stderr, f"misere-sweep {bad}: "
              f"exit {run.returncode}")
    requests = d.get("/metrics")[2]
    check('route="/v1/quotient",status="200"' in requests, "/metrics counts /v1/quotient")
tally.finish()
