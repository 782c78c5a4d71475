#!/usr/bin/env python3
"""readme_check.py - keeps README.md honest: every ```sh block holding one curl command
followed by a ```json block is run against a live nimberd (localhost:8080 rewritten to the
given port) and its answer must equal the documented output. Usage: readme_check.py README PORT"""
import json
import re
import shlex
import sys
import urllib.error
import urllib.request

from tally import Tally

readme, port = sys.argv[1], int(sys.argv[2])
text = open(readme).read()
pairs = re.findall(r"```sh\n(curl [^\n]*)\n```\n+```json\n(.*?)\n```", text, re.S)
tally = Tally("readme")
for command, documented in pairs:
    args = shlex.split(command)
    url = next(a for a in args if a.startswith("localhost:8080")).replace(
        "localhost:8080", f"http://127.0.0.1:{port}")
    data = args[args.index("-d") + 1].encode() if "-d" in args else None
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req) as r:
            got = json.load(r)
    except urllib.error.HTTPError as e:
        got = json.load(e)
    tally.check(got == json.loads(documented),
                f"README example `{command}` answers {json.dumps(got)}")
tally.check(bool(pairs), "README.md has no curl examples")
tally.finish()
