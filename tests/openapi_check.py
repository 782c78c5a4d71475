#!/usr/bin/env python3
"""openapi_check.py - validates openapi.yaml (OpenAPI 3.1) and replays its examples
against a running nimberd: every request example must be answered exactly as the response
example of the same name documents it, and every answer must match its response schema.
Usage: openapi_check.py SPEC PORT"""
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request

import jsonschema
import yaml

from contract import Contract
from tally import Tally

# The OpenAPI Initiative's schema of 3.1 documents (schemas/openapi-3.1.json, Apache-2.0,
# https://spec.openapis.org/oas/3.1/schema/2022-10-07); it leaves the Schema Objects to
# JSON Schema 2020-12, which each is checked against below.
OAS_SCHEMA = os.path.join(os.path.dirname(__file__), "schemas", "openapi-3.1.json")

spec_path, port = sys.argv[1], int(sys.argv[2])
with open(spec_path) as f:
    spec = yaml.safe_load(f)
tally = Tally("openapi")
check = tally.check


with open(OAS_SCHEMA) as f:
    oas_errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in
                  jsonschema.Draft202012Validator(json.load(f)).iter_errors(spec)]
check(not oas_errors, f"openapi.yaml is not valid OpenAPI 3.1: {oas_errors[:3]}")


def schemas_in(node, where=""):
    """Every Schema Object of the document, with where it is."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "schema" or (where == "/components/schemas"):
                yield f"{where}/{key}", value
            else:
                yield from schemas_in(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from schemas_in(value, f"{where}/{i}")


for where, schema in schemas_in(spec):
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
    except jsonschema.SchemaError as e:
        check(False, f"{where} is not a JSON Schema 2020-12: {e.message}")
contract = Contract(spec_path)
schema_errors, resolve = contract.schema_errors, contract.resolve


for path, ops in spec["paths"].items():
    for method, op in ops.items():
        body = op.get("requestBody", {}).get("content", {}).get("application/json", {})
        for name, example in body.get("examples", {}).items():
            expected, schemas = None, {}
            for status, resp in op["responses"].items():
                resp = resolve(resp)
                for media in resp.get("content", {}).values():
                    if "schema" in media:
                        schemas[int(status)] = media["schema"]
                    if name in media.get("examples", {}):
                        expected = (int(status), media["examples"][name]["value"])
            if expected is None:
                check(False, f"{method} {path} example {name} has no documented answer")
                continue
            if expected[0] < 400:  # a well-formed request, as its schema says
                errors = schema_errors(example["value"], body["schema"])
                check(not errors, f"{method} {path} request example {name} breaks its "
                      f"schema: {errors[:3]}")
            req = urllib.request.Request(
                f"http://127.0.0.1:{port}{path}", data=json.dumps(example["value"]).encode(),
                method=method.upper(), headers={"Content-Type": "application/json"})
            try:
                with urllib.request.urlopen(req) as r:
                    status, got = r.status, json.load(r)
            except urllib.error.HTTPError as e:
                status, got = e.code, json.load(e)
            check((status, got) == expected,
                  f"{method} {path} example {name}: got {status} {got}, documented {expected}")
            errors = schema_errors(got, schemas.get(status, False))
            check(not errors, f"{method} {path} example {name}: the {status} answer breaks "
                  f"its schema: {errors[:3]}")

# the typed schemas bite: a move of another type's shape, a misspelt field, or a sum's
# component move with a field of another shape is refused
good = {"type": "nim", "convention": "normal", "verdict": "win", "method": "closed-form", "sg": 1, "winning_moves":
        [{"heap": 0, "take": 1, "position": {"type": "nim", "heaps": [0]}}],
        "winning_moves_complete": True}
check(not contract.answer_errors("POST", "/v1/analyze", 200, good), "a nim analysis fits")
for bad_move in [{"heap": 0, "take": 1, "leave": [], "position": {"type": "nim", "heaps": [0]}},
                 {"heap": 0, "tak": 1, "position": {"type": "nim", "heaps": [0]}},
                 {"bottle": 0, "into": [1, 2]}]:
    check(contract.answer_errors("POST", "/v1/analyze", 200, dict(good, winning_moves=[bad_move])),
          f"a nim analysis with the move {bad_move} is refused")
check(contract.answer_errors("POST", "/v1/analyze", 200, dict(good, extra=1)),
      "an analysis with an unknown member is refused")
sum_move = {"type": "sum", "verdict": "win", "strength": "perfect", "move": {"component": 0, "move": {"heap": 0,
            "take": 1, "flip": [1]}}, "position": {"type": "sum", "components": []}}
check(contract.answer_errors("POST", "/v1/play", 200, sum_move),
      "a sum's component move mixing two shapes is refused")
check(not contract.answer_errors("POST", "/v1/play", 200, dict(sum_move, move={
    "component": 0, "move": {"heap": 0, "take": 1}})), "a sum's component move fits")

# every type's catalog example asked with positions=changed and none: the answers match
# their schemas (the whole game in `position`, a change in `changed`, or neither)
with urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/games") as r:
    examples = [t["example"] for t in json.load(r)["types"]]
for example in examples:
    for path in ("/v1/analyze", "/v1/moves", "/v1/play"):
        for how in ("changed", "none"):
            req = urllib.request.Request(f"http://127.0.0.1:{port}{path}?positions={how}",
                                         data=json.dumps(example).encode(),
                                         headers={"Content-Type": "application/json"})
            with urllib.request.urlopen(req) as r:
                got = json.load(r)
            errors = contract.answer_errors("POST", path, 200, got)
            check(not errors, f"{path}?positions={how} of {example['type']}: {errors[:3]}")
            if path == "/v1/play":  # beside the move (null: no move)
                items = [got] if got.get("move") else []
            else:
                items = got.get("moves", got.get("winning_moves"))
            check(all("position" not in m for m in items) and
                  all(("changed" in m) == (how == "changed") for m in items) and
                  all("type" not in m["changed"] for m in items if how == "changed"),
                  f"{path}?positions={how} of {example['type']} gives {items[:2]}")


def digits_to_ints(value):
    """An answer to ?int64=string read back: every string of digits a number again."""
    if isinstance(value, dict):
        return {k: digits_to_ints(v) for k, v in value.items()}
    if isinstance(value, list):
        return [digits_to_ints(v) for v in value]
    if isinstance(value, str) and value.isdigit():
        return int(value)
    return value


def check_int64(path, body, what):
    """Posts body to path plainly and with ?int64=string, the second time with each of its
    integers a string of digits, as a JavaScript client may send them: every format: int64
    field of the answers a number, then a string (and only those: the schemas type the
    rest), the same numbers both times."""
    answers = {}
    for mode in ("number", "string"):
        query = "?int64=string" if mode == "string" else ""
        sent = json.loads(json.dumps(body), parse_int=str) if mode == "string" else body
        req = urllib.request.Request(f"http://127.0.0.1:{port}{path}{query}",
                                     data=json.dumps(sent).encode(),
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req) as r:
            answers[mode] = json.load(r)
        errors = contract.answer_errors("POST", path, 200, answers[mode], int64=mode)
        check(not errors, f"{path}{query} of {what}: int64 fields {errors[:3]}")
    check(digits_to_ints(answers["string"]) == answers["number"],
          f"{path}?int64=string of {what} answers other numbers")


for example in examples:
    for path in ("/v1/analyze", "/v1/moves", "/v1/play"):
        check_int64(path, example, example["type"])
for path in ("/v1/table", "/v1/analyze/batch", "/v1/move"):  # each request example the spec gives
    examples_of = spec["paths"][path]["post"]["requestBody"]["content"]["application/json"]["examples"]
    for name, ex in examples_of.items():
        check_int64(path, ex["value"], f"example {name}")

# every path the server answers is documented, and nothing else; each GET answers with
# the media type documented
served = ["/v1/analyze", "/v1/analyze/batch", "/v1/play", "/v1/moves", "/v1/table",
          "/v1/move", "/v1/quotient", "/v1/tables",
          "/v1/games",
          "/healthz", "/readyz", "/metrics", "/openapi.yaml", "/", "/js/{module}", "/nimber.css",
          "/nimber.svg", "/problems/{kind}", "/docs", "/docs/{file}"]
check(sorted(spec["paths"]) == sorted(served), f"documented paths {sorted(spec['paths'])}")
# each problem type a Problem may carry is a documented /problems/{kind}
kinds = spec["paths"]["/problems/{kind}"]["get"]["parameters"][0]["schema"]["enum"]
types = spec["components"]["schemas"]["Problem"]["properties"]["type"]["enum"]
check(types == [f"/problems/{k}" for k in kinds], f"Problem types {types}, kinds {kinds}")
def required_query(op):
    """The query string a GET needs: each required parameter's example (JSON, encoded)."""
    pairs = []
    for param in map(resolve, op.get("parameters", [])):
        if param.get("required") and param["in"] == "query":
            example = next(iter(param["content"].values()))["example"]
            pairs.append((param["name"], json.dumps(example, separators=(",", ":"))))
    return "?" + urllib.parse.urlencode(pairs) if pairs else ""


# every module of the page (web/js/), each served as documented
modules = sorted(os.path.relpath(os.path.join(d, f), "web/js") for d, _, fs in os.walk("web/js")
                 for f in fs if f.endswith(".js"))
for path, ops in spec["paths"].items():
    if "get" in ops:
        documented = list(resolve(ops["get"]["responses"]["200"]).get("content", {}))
        query = required_query(ops["get"])
        names = {"{kind}": kinds, "{file}": next(
            p for p in ops["get"]["parameters"] if p["name"] == "file")["schema"]["enum"]
            if "{file}" in path else [], "{module}": modules}
        for concrete in ([path.replace(k, v) for k in names if k in path for v in names[k]]
                         if "{" in path else [path + query]):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{concrete}") as r:
                media = r.headers["Content-Type"].split(";")[0]
            check(media in documented, f"GET {concrete} answers {media}, documented {documented}")
# a GET with the game in the query answers what the POST answers, as documented, for
# every type's catalog example
for path in ("/v1/analyze", "/v1/moves"):
    for example in examples:
        query = urllib.parse.urlencode({"game": json.dumps(example)})
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}?{query}") as r:
            got, etag = json.load(r), r.headers["ETag"]
        req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", json.dumps(example).encode(),
                                     {"Content-Type": "application/json"})
        with urllib.request.urlopen(req) as r:
            posted = json.load(r)
        check(got == posted and etag, f"GET {path} of {example['type']}: {str(got)[:80]}")
        errors = contract.answer_errors("GET", path, 200, got)
        check(not errors, f"GET {path} of {example['type']} breaks its schema: {errors[:3]}")
with urllib.request.urlopen(f"http://127.0.0.1:{port}/openapi.yaml") as r:
    check(yaml.safe_load(r.read()) == spec, "GET /openapi.yaml serves this document")
tally.finish()
