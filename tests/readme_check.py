#!/usr/bin/env python3
"""readme_check.py - keeps README.md honest: every ```sh block that runs curl must hold
one curl command and be followed by a ```json block with its documented answer; the
command is run against a live nimberd (localhost:8080 rewritten to the given port) and its
answer must equal the documented one. A curl block that cannot be replayed (no answer
documented, no URL, two commands) fails: nothing is skipped. Each replayed example is
printed. Usage: readme_check.py README PORT"""
import json
import re
import shlex
import sys
import urllib.error
import urllib.request

from tally import Tally

readme, port = sys.argv[1], int(sys.argv[2])
text = open(readme).read()
tally = Tally("readme")
blocks = list(re.finditer(r"```sh\n(.*?)\n```", text, re.S))
curl_blocks = [b for b in blocks if "curl " in b.group(1)]
for block in curl_blocks:
    command = block.group(1).strip()
    line = text.count("\n", 0, block.start()) + 1
    answer = re.match(r"\n+```json\n(.*?)\n```", text[block.end():], re.S)
    args = shlex.split(command) if command.count("curl ") == 1 else []
    urls = [a for a in args if a.startswith("localhost:8080")]
    if not answer or len(urls) != 1 or args[0] != "curl":
        tally.check(False, f"README.md line {line}: `{command}` cannot be replayed: one curl "
                           "command with a localhost:8080 URL, followed by a ```json block "
                           "of its answer, is needed")
        continue
    url = urls[0].replace("localhost:8080", f"http://127.0.0.1:{port}")
    data = args[args.index("-d") + 1].encode() if "-d" in args else None
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req) as r:
            got = json.load(r)
    except urllib.error.HTTPError as e:
        got = json.load(e)
    ok = got == json.loads(answer.group(1))
    print(f"readme: line {line}: {'same answer' if ok else 'DIFFERENT answer'}: {command[:90]}")
    tally.check(ok, f"README example `{command}` answers {json.dumps(got)}")
tally.check(bool(curl_blocks), "README.md has no curl examples")
tally.finish()
