#!/usr/bin/env python3
"""cram_graph_check.py - Cram's value of a region depends on its graph alone, and the server
must agree with itself on that. A domino covers two adjacent empty cells, so a move deletes
the two ends of an edge of the graph whose vertices are the region's cells and whose edges
join orthogonal neighbours (Arc Kayles on that graph): two regions of isomorphic graphs are
the same game, whatever their shapes. nimberd keys a region by its shape up to the eight
symmetries of the square only, so regions of one graph but different shapes are valued by
separate searches (the nimber search past 12 cells), and a fault in one shows as values
that differ. For random families of regions (a core, and paths hung on it laid out in
several ways, each cell of a path beside only the cell before it; each family's graphs
confirmed isomorphic by networkx, not by this construction) every shape of a family must
get one SG value in normal play and one verdict under misère play (POST /v1/analyze).
Usage: cram_graph_check.py PORT"""
import http.client
import json
import random
import signal
import sys

import networkx as nx

from tally import Tally

signal.alarm(300)  # a hung daemon fails the check instead of stalling the suite
conn = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=60)
tally = Tally("cram_graph")
check = tally.check
SIDE = 8  # the board: a region's bounding box stays within the 64 cells a search takes
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def analyse(cells, convention):
    board = ["".join("." if (r, c) in cells else "#" for c in range(SIDE)) for r in range(SIDE)]
    body = {"type": "cram", "board": board, "convention": convention}
    conn.request("POST", "/v1/analyze", json.dumps(body), {"Content-Type": "application/json"})
    answer = conn.getresponse()
    return answer.status, json.loads(answer.read())


def beside(cell):
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in STEPS
            if 0 <= r + dr < SIDE and 0 <= c + dc < SIDE]


def core(rng, size):
    """A connected set of `size` cells grown from a random cell."""
    cells = {(rng.randrange(SIDE), rng.randrange(SIDE))}
    while len(cells) < size:
        cells.add(rng.choice([n for c in cells for n in beside(c) if n not in cells]))
    return cells


def hang(rng, cells, at, length):
    """cells with a path of `length` more hung on cell `at`, each new cell beside no cell of
    the region but the one before it; None when the walk is stuck."""
    cells, last = set(cells), at
    for _ in range(length):
        free = [n for n in beside(last) if n not in cells and
                all(m == last or m not in cells for m in beside(n))]
        if not free:
            return None
        last = rng.choice(free)
        cells.add(last)
    return cells


def graph(cells):
    g = nx.Graph()
    g.add_nodes_from(cells)
    g.add_edges_from((c, n) for c in cells for n in beside(c) if n in cells)
    return g


def shape(cells):
    """The region up to translation and the eight symmetries of the square."""
    images = []
    for turn in range(8):
        pts = [(c, r) if turn & 4 else (r, c) for r, c in cells]
        pts = [(-r if turn & 1 else r, -c if turn & 2 else c) for r, c in pts]
        top, left = min(r for r, _ in pts), min(c for _, c in pts)
        images.append(tuple(sorted((r - top, c - left) for r, c in pts)))
    return min(images)


def family(rng):
    """A core with paths hung on it (the cells where they meet it and their lengths fixed),
    laid out at random up to 40 times: the distinct shapes found (none, one or more), each
    path's cells beside nothing but their path, so all of one graph."""
    base = core(rng, rng.randrange(5, 25))
    rim = sorted(c for c in base if any(n not in base for n in beside(c)))
    arms = [(rng.choice(rim), rng.randrange(2, 8)) for _ in range(rng.randrange(1, 5))]
    shapes = {}
    for _ in range(40):
        cells = base
        for at, length in arms:
            cells = cells and hang(rng, cells, at, length)
        if cells:
            shapes.setdefault(shape(cells), cells)
    return list(shapes.values())


rng = random.Random(20261202)
families = tested = searched = 0
while families < 150 and tested < 1000:
    tested += 1
    members = family(rng)
    if len(members) < 2:
        continue
    members = members[:4]
    first = graph(members[0])
    check(all(nx.is_isomorphic(first, graph(m)) for m in members[1:]),
          f"a family of more than one graph: {[sorted(m) for m in members]}")
    families += 1
    values = [analyse(m, "normal") for m in members]
    check(all(status == 200 for status, _ in values), f"normal answers {values}")
    sgs = {a.get("sg") for _, a in values}
    pictures = [sorted(m) for m in members]
    check(len(sgs) == 1, f"one graph, SG values {sgs}: regions {pictures}")
    searched += len(members[0]) >= 12
    if len(members[0]) <= 18:  # misère Cram is searched whole: the smaller ones
        verdicts = [analyse(m, "misere") for m in members]
        check(all(status == 200 for status, _ in verdicts), f"misère answers {verdicts}")
        outcomes = {a.get("verdict") for _, a in verdicts}
        check(len(outcomes) == 1, f"one graph, misère verdicts {outcomes}: regions {pictures}")
# not vacuous: enough families, most of them large enough for the nimber search
check(families >= 150, f"only {families} families of two shapes or more in {tested} tries")
check(searched >= 100, f"only {searched} families of 12 cells or more")
print(f"cram_graph: {families} families, {searched} of 12 cells or more")
tally.finish()
