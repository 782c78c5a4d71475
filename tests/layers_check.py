#!/usr/bin/env python3
"""layers_check.py - the rooms of the tree include only downwards (docs/DESIGN.md, "Rooms").

Rooms, lowest first: lib/core, lib/cache, lib/theory, lib/engine, lib/games (a folder a
game), lib (the library's front: nimber.h and what it declares), api (api/types too),
server. A file may include a project header of its own room or of a room below it, never
one above. Inside lib every project include names its room ("engine/nb_solver.h"). A
game's files include their own folder's headers and no other game's, but for a game that
is a special case of another (SPECIAL_CASES: Grundy's game is the octal code 4!.0), which
names that game's header. A module's private header (nb_X_internal.h) is included by the
module's own files (nb_X*.c) alone. The library includes neither JSON nor HTTP headers,
and the server includes no header of lib/ but nimber.h, the library's one public header.

Usage: layers_check.py [ROOT]   (ROOT: the repository, default the current directory)
Prints one line per offence, then "layers: N passed, M failed": one check per file, and
one for each of the check's own tests (copies of the tree with an offence planted must
fail).
"""
import os
import re
import shutil
import sys
import tempfile

ROOMS = ["lib/core", "lib/cache", "lib/theory", "lib/engine", "lib/games", "lib", "api",
         "server"]
RANK = {room: i for i, room in enumerate(ROOMS)}
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
LIB_FORBIDDEN = ("jansson.h", "microhttpd.h")
PUBLIC = "lib/nimber.h"
SPECIAL_CASES = {"grundy": "octal"}


def room_of(path):
    """The room of a path relative to the root, or None."""
    for room in sorted(ROOMS, key=len, reverse=True):
        if path.startswith(room + "/"):
            return room
    return None


def game_of(path):
    """The game folder a path lies in ("octal"), or None."""
    parts = path.split("/")
    return parts[2] if len(parts) > 3 and parts[:2] == ["lib", "games"] else None


def sources(root):
    for room in ROOMS:
        folder = os.path.join(root, room)
        if not os.path.isdir(folder):
            continue
        deep = room in ("lib/games", "api")  # a folder a game; api/types
        for dirpath, dirnames, names in os.walk(folder):
            rel_dir = os.path.relpath(dirpath, root)
            if room_of(rel_dir + "/") != room or (not deep and rel_dir != room):
                continue
            for name in sorted(names):
                if name.endswith((".c", ".h")):
                    yield f"{rel_dir}/{name}"


def resolve(root, rel, target):
    """The root-relative path an include names: beside the file first, then lib/, api/,
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
    game = game_of(rel)
    problems = []
    with open(os.path.join(root, rel), encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            kind, target = m.groups()
            where = f"{rel}:{lineno}: {line.strip()}"
            if kind == "<":
                if room.startswith("lib") and target in LIB_FORBIDDEN:
                    problems.append(f"{where}: the library speaks games, not JSON or HTTP")
                continue
            found = resolve(root, rel, target)
            if found is None:
                problems.append(f"{where}: no such project header")
                continue
            their = room_of(found)
            if room.startswith("lib") and target != found[len("lib/"):]:
                problems.append(f"{where}: name its room (\"{found[len('lib/'):]}\")")
            if RANK[their] > RANK[room]:
                problems.append(f"{where}: {room} may not include {their}, a room above it")
            elif room == "server" and their.startswith("lib") and found != PUBLIC:
                problems.append(f"{where}: the server includes the library through nimber.h "
                                "alone")
            elif room == their == "lib/games" and game_of(found) not in (
                    game, SPECIAL_CASES.get(game)):
                problems.append(f"{where}: a game includes no other game's file "
                                f"(share it through engine/ or theory/)")
            elif found.endswith("_internal.h") and not os.path.basename(rel).startswith(
                    os.path.basename(found)[:-len("_internal.h")]):
                problems.append(f"{where}: a private header is its module's files' alone")
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


def planted_is_caught(root, file, line, says):
    """True when `line` appended to a copy of `file` makes the check report `says` there."""
    with tempfile.TemporaryDirectory() as tmp:
        for room in ("lib", "api", "server"):
            src = os.path.join(root, room)
            if os.path.isdir(src):
                shutil.copytree(src, os.path.join(tmp, room))
        with open(os.path.join(tmp, file), "a", encoding="utf-8") as f:
            f.write(line + "\n")
        _, _, problems = check(tmp)
        return any(p.startswith(file) and says in p for p in problems)


SELF_TESTS = [
    ("lib/core/nb_util.c", '#include "engine/nb_solver.h"', "a room above"),
    ("lib/games/nim/nb_nim.c", '#include "games/bash/nb_bash.h"', "no other game's"),
    ("server/srv_pool.c", '#include "core/nb_util.h"', "nimber.h alone"),
    ("lib/games/beans/nb_beans.c", '#include "theory/nb_quotient_internal.h"', "private header"),
]


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    files, bad, problems = check(root)
    for p in problems:
        print(p)
    missed = [t for t in SELF_TESTS if not planted_is_caught(root, *t)]
    for file, line, _ in missed:
        print(f"layers_check: {line} planted in {file} went unnoticed")
    caught = len(SELF_TESTS) - len(missed)
    print(f"layers: {files - bad + caught} passed, {bad + len(missed)} failed")
    return 1 if bad or missed else 0


if __name__ == "__main__":
    sys.exit(main())
