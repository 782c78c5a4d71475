#!/usr/bin/env python3
"""docs_check.py - keeps the documents honest against a live nimberd.

- Every ```sh block that runs curl, in README.md and in every document of docs/, must
  hold one curl command and be followed by a ```json block with its documented answer;
  the command is run (localhost:8080 rewritten to the given port) and its answer must
  equal the documented one. A curl block that cannot be replayed (no answer documented,
  no URL, two commands) fails: nothing is skipped. Each replayed example is printed.
- docs/GAMES.md has a section for every type of the catalog (GET /v1/games), headed by
  its name and its type, and no section for a type the server does not know.
- Every relative link of those documents names a file that exists.
- README.md stays a front door: at most 200 lines.

Usage: docs_check.py PORT [ROOT]"""
import glob
import json
import os
import re
import shlex
import sys
import urllib.error
import urllib.request

from tally import Tally

port = int(sys.argv[1])
root = sys.argv[2] if len(sys.argv) > 2 else "."
tally = Tally("docs")
check = tally.check
documents = [os.path.join(root, "README.md")] + sorted(glob.glob(os.path.join(root, "docs", "*.md")))


def get(url, data=None):
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req) as r:
            return json.load(r)
    except urllib.error.HTTPError as e:
        return json.load(e)


def replay(path):
    """The document's curl examples against the server; how many it has."""
    text = open(path).read()
    name = os.path.relpath(path, root)
    blocks = [b for b in re.finditer(r"```sh\n(.*?)\n```", text, re.S) if "curl " in b.group(1)]
    for block in blocks:
        command = block.group(1).strip()
        line = text.count("\n", 0, block.start()) + 1
        answer = re.match(r"\n+```json\n(.*?)\n```", text[block.end():], re.S)
        args = shlex.split(command) if command.count("curl ") == 1 else []
        urls = [a for a in args if a.startswith("localhost:8080")]
        if not answer or len(urls) != 1 or args[0] != "curl":
            check(False, f"{name} line {line}: `{command}` cannot be replayed: one curl "
                         "command with a localhost:8080 URL, followed by a ```json block of "
                         "its answer, is needed")
            continue
        url = urls[0].replace("localhost:8080", f"http://127.0.0.1:{port}")
        data = args[args.index("-d") + 1].encode() if "-d" in args else None
        got = get(url, data)
        ok = got == json.loads(answer.group(1))
        print(f"docs: {name} line {line}: {'same answer' if ok else 'DIFFERENT answer'}: "
              f"{command[:80]}")
        check(ok, f"{name} example `{command}` answers {json.dumps(got)}")
    return len(blocks)


examples = {os.path.relpath(p, root): replay(p) for p in documents}
check(examples.get("README.md", 0) >= 3, f"README.md has {examples.get('README.md')} curl examples")
check(examples.get("docs/API.md", 0) >= 20, f"docs/API.md has {examples.get('docs/API.md')} "
      "curl examples")

catalog = get(f"http://127.0.0.1:{port}/v1/games")["types"]
games = open(os.path.join(root, "docs", "GAMES.md")).read()
sections = re.findall(r"^## (.+) \(`([a-z]+)`\)$", games, re.M)
known = {t["type"]: t["name"] for t in catalog}
for t in catalog:
    check(t["type"] in [s[1] for s in sections],
          f"docs/GAMES.md has no section for `{t['type']}` ({t['name']})")
for title, type_ in sections:
    check(type_ in known, f"docs/GAMES.md has a section for `{type_}`, a type the server "
          "does not know")

for path in documents:
    text = open(path).read()
    for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
        if re.match(r"[a-z]+:", target):
            continue  # http:, mailto:
        where = os.path.normpath(os.path.join(os.path.dirname(path), target))
        check(os.path.exists(where), f"{os.path.relpath(path, root)} links to {target}, "
              "which does not exist")

lines = open(os.path.join(root, "README.md")).read().count("\n")
check(lines <= 200, f"README.md has {lines} lines, more than a front door's 200")
tally.finish()
