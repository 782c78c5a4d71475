#!/usr/bin/env python3
"""layers_check.py - the rooms of the tree include only downwards (docs/DESIGN.md, "Rooms").

Rooms, lowest first: lib/core, lib/tables, lib/engine, lib/games, api, server. A file may
include a project header of its own room or of a room below it, never one above. Inside
lib every project include names its room ("engine/nb_solver.h"), and a game's files
include no other game's header: games/nb_X.c includes games/nb_X.h and nothing else of
games/. The library includes neither JSON nor HTTP headers.

Usage: layers_check.py [ROOT]   (ROOT: the repository, default the current directory)
Prints one line per offence, then "layers: N passed, M failed": one check per file, and
one for the check itself (a copy of the tree with an upward include planted must fail).
"""
import os
import re
import shutil
import sys
import tempfile

ROOMS = ["lib/core", "lib/tables", "lib/engine", "lib/games", "api", "server"]
RANK = {room: i for i, room in enumerate(ROOMS)}
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
LIB_FORBIDDEN = ("jansson.h", "microhttpd.h")


def room_of(path):
    """The room of a path relative to the root, or None."""
    for room in sorted(ROOMS, key=len, reverse=True):
        if path.startswith(room + "/"):
            return room
    return None


def sources(root):
    for room in ROOMS:
        folder = os.path.join(root, room)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if name.endswith((".c", ".h")):
                yield f"{room}/{name}"


def resolve(root, rel, target):
    """The room-relative path an include names: beside the file first, then lib/, api/,
    server/ (the Makefile's -I order). None when it is not a project header."""
    here = os.path.dirname(rel)
    for base in (here, "lib", "api", "server"):
        candidate = os.path.normpath(os.path.join(base, target))
        if os.path.isfile(os.path.join(root, candidate)):
            return candidate
    return None


def offences(root, rel):
    """What is wrong with one file's includes."""
    room = room_of(rel)
    stem = os.path.splitext(os.path.basename(rel))[0]
    problems = []
    with open(os.path.join(root, rel), encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            kind, target = m.groups()
            where = f"{rel}:{lineno}: {line.strip()}"
            if kind == "<":
                if room.startswith("lib/") and target in LIB_FORBIDDEN:
                    problems.append(f"{where}: the library speaks games, not JSON or HTTP")
                continue
            found = resolve(root, rel, target)
            if found is None:
                problems.append(f"{where}: no such project header")
                continue
            their = room_of(found)
            if room.startswith("lib/") and target != found[len("lib/"):]:
                problems.append(f"{where}: name its room (\"{found[len('lib/'):]}\")")
            if RANK[their] > RANK[room]:
                problems.append(f"{where}: {room} may not include {their}, a room above it")
            elif room == their == "lib/games" and os.path.basename(found) != f"{stem}.h":
                problems.append(f"{where}: a game includes no other game's file "
                                f"(share it through engine/ or tables/)")
    return problems


def check(root):
    """(files checked, files at fault, problems)."""
    files, bad, problems = 0, 0, []
    for rel in sources(root):
        p = offences(root, rel)
        files += 1
        bad += bool(p)
        problems += p
    return files, bad, problems


def self_test(root):
    """True when an upward include planted in a copy of lib/ is caught."""
    with tempfile.TemporaryDirectory() as tmp:
        for room in ROOMS:
            src = os.path.join(root, room)
            if os.path.isdir(src):
                shutil.copytree(src, os.path.join(tmp, room))
        planted = os.path.join(tmp, "lib/core/nb_util.c")
        with open(planted, "a", encoding="utf-8") as f:
            f.write('#include "engine/nb_solver.h"\n')
        _, _, problems = check(tmp)
        return any(p.startswith("lib/core/nb_util.c") and "a room above" in p
                   for p in problems)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    files, bad, problems = check(root)
    for p in problems:
        print(p)
    caught = self_test(root)
    if not caught:
        print("layers_check: a planted upward include went unnoticed")
    print(f"layers: {files - bad + caught} passed, {bad + (not caught)} failed")
    return 1 if bad or not caught else 0


if __name__ == "__main__":
    sys.exit(main())
