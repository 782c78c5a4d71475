#!/usr/bin/env python3
"""openapi_check.py - validates openapi.yaml (OpenAPI 3.1) and replays its examples
against a running nimberd: every request example must be answered exactly as the response
example of the same name documents it. Usage: openapi_check.py SPEC PORT"""
import json
import sys
import urllib.error
import urllib.request

import yaml
from openapi_spec_validator import validate

from tally import Tally

spec_path, port = sys.argv[1], int(sys.argv[2])
with open(spec_path) as f:
    spec = yaml.safe_load(f)
tally = Tally("openapi")
check = tally.check


try:
    validate(spec)
    check(True, "spec")
except Exception as e:  # the validator's own error names the fault
    check(False, f"openapi.yaml is not valid OpenAPI 3.1: {e}")


def resolve(node):
    while isinstance(node, dict) and "$ref" in node:
        target = spec
        for part in node["$ref"].lstrip("#/").split("/"):
            target = target[part]
        node = target
    return node


for path, ops in spec["paths"].items():
    for method, op in ops.items():
        body = op.get("requestBody", {}).get("content", {}).get("application/json", {})
        for name, example in body.get("examples", {}).items():
            expected = None
            for status, resp in op["responses"].items():
                resp = resolve(resp)
                for media in resp.get("content", {}).values():
                    if name in media.get("examples", {}):
                        expected = (int(status), media["examples"][name]["value"])
            if expected is None:
                check(False, f"{method} {path} example {name} has no documented answer")
                continue
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

# every path the server answers is documented, and nothing else
for path in ["/v1/analyze", "/v1/analyze/batch", "/v1/play", "/v1/moves", "/v1/table", "/v1/games",
             "/healthz", "/readyz", "/metrics", "/openapi.yaml"]:
    check(path in spec["paths"], f"{path} is not documented")
with urllib.request.urlopen(f"http://127.0.0.1:{port}/openapi.yaml") as r:
    check(yaml.safe_load(r.read()) == spec, "GET /openapi.yaml serves this document")
tally.finish()
