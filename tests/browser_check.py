#!/usr/bin/env python3
"""browser_check.py - the web page in a real browser (Debian's chromium, headless, driven
through chromium-driver by python3-selenium) against a running nimberd: whole Nim games
played by clicking, each screen checked from the DOM against Nim's theory (Bouton), an
invalid position's error beside its field, a subtraction table plot, one move of every
game type in the catalog, keyboard play and phone width; and the API reference at /docs
(every operation listed, nothing from other hosts, a request sent from it). Screenshots go
to OUTDIR.
Usage: browser_check.py PORT OUTDIR"""
import functools
import json
import re
import os
import sys
import urllib.parse
import urllib.request

import yaml

from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from chromium import start_browser
from tally import Tally

port, outdir = int(sys.argv[1]), sys.argv[2]
base = f"http://127.0.0.1:{port}"
os.makedirs(outdir, exist_ok=True)
tally = Tally("browser")
check = tally.check
END_STATES = ("you-win", "nimber-wins", "draw", "error")


def post(path, body):
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.load(r)


catalog = json.load(urllib.request.urlopen(base + "/v1/games"))["types"]
driver = start_browser()
wait = WebDriverWait(driver, 20)
find = functools.partial(driver.find_element, By.CSS_SELECTOR)
find_all = functools.partial(driver.find_elements, By.CSS_SELECTOR)


def shot(name):
    driver.save_screenshot(os.path.join(outdir, name + ".png"))


def status():
    return find("#status").get_attribute("data-state")


def settled(history_len):
    """Waits until the game is over, or the page waits for the player with at least
    history_len moves in the history; returns the status state."""
    def seen(d):  # the state and the history read together, so the state returned is the one seen
        now, length = d.execute_script(
            "return [document.getElementById('status').dataset.state,"
            " document.querySelectorAll('#history li').length]")
        return now if now in END_STATES or (now == "your-move" and length >= history_len) else None
    try:
        return wait.until(seen)
    except TimeoutException:
        check(False, f"the page did not settle: status {status()!r}, "
                     f"{len(find_all('#history li'))} moves in the history")
        return status()


def load(query=""):
    driver.get(base + "/" + (query or "#analyse"))
    wait.until(lambda d: len(find_all("#type option")) > 0 and find_all("#fields input, #fields textarea"))


def set_field(name, text):
    box = find("#field-" + name)
    box.clear()
    box.send_keys(text)


def start(first="you", convention="normal"):
    Select(find("#first")).select_by_value(first)
    find(f"input[name=convention][value={convention}]").click()
    find("#start").click()


def board_heaps():
    return driver.execute_script(  # in one go: the board may be drawn anew meanwhile
        "return [...document.querySelectorAll('#board .heap')].map((h) => +h.dataset.size)")


def check_nim_screen(heaps):
    """The screen of a Nim position where the player is to move, against Bouton's theorem:
    the position is won iff the XOR of the heaps is not 0, and a move wins iff it leaves
    XOR 0. Every legal move must be listed once."""
    check(board_heaps() == heaps, f"the picture shows heaps {board_heaps()}, the game is at {heaps}")
    xor = functools.reduce(lambda a, b: a ^ b, heaps, 0)
    verdict = find("#verdict").get_attribute("data-verdict")
    check(verdict == ("win" if xor else "lose"), f"{heaps}: the page says {verdict}")
    method = find("#method").text
    expected = "Sprague-Grundy theorem" if len(heaps) > 1 else "formula"
    check(expected in method, f"{heaps}: the page says it was decided by {method!r}")
    listed = {}
    for button in find_all("#moves button"):
        what = button.find_element(By.CSS_SELECTOR, ".what").text  # "heap i: take t"
        i, t = int(what.split()[1].rstrip(":")), int(what.split()[3])
        listed[(i, t)] = button.get_attribute("data-outcome")
    legal = {(i, t) for i, h in enumerate(heaps) for t in range(1, h + 1)}
    check(set(listed) == legal, f"{heaps}: listed moves {sorted(listed)} are not the legal ones")
    for (i, t), outcome in listed.items():
        after = xor ^ heaps[i] ^ (heaps[i] - t)
        check(outcome == ("win" if after == 0 else "lose"),
              f"{heaps}: heap {i} take {t} is shown as {outcome}")
    return listed


def play_nim(heaps, choose, convention="normal"):
    """Plays Nim from heaps (the player first) by clicking the move choose(listed) picks,
    checking every screen; returns the final status state."""
    load("?type=nim")
    set_field("heaps", json.dumps(heaps))
    find("#hints").click()  # every screen's verdict and outcomes are checked
    start(convention=convention)
    moves_made = 0
    while settled(moves_made) == "your-move":
        heaps = board_heaps()
        listed = check_nim_screen(heaps) if convention == "normal" else None
        buttons = find_all("#moves button")
        check(buttons and all(b.is_enabled() for b in buttons), "your move, but no move to press")
        index = choose(buttons, listed)
        buttons[index].click()
        moves_made += 2  # the player's and nimber's
        if moves_made > 60:
            check(False, "the game did not end")
            break
    return status()


def check_menu():
    """The page lists every type of the catalog, and loads without errors."""
    load()
    check([o.get_attribute("value") for o in find_all("#type option")] ==
          [e["type"] for e in catalog], "the game menu is not the catalog's list")
    logs = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    check(not logs, f"the page logged errors on load: {logs}")


def winning(buttons, listed):
    return next(i for i, b in enumerate(buttons) if b.get_attribute("data-outcome") == "win")


def check_whole_games():
    """Whole Nim games to their end, in both conventions."""
    # won, played by the winning moves
    end = play_nim([3, 4, 5], winning)
    check(end == "you-win", f"winning play from [3,4,5] ended in {end}")
    check(find("#status").text.startswith("You win"), f"the final message is {find('#status').text!r}")
    check(not find_all("#moves button"), "moves are still listed after the end")
    check(find("#again").is_displayed(), "no way to play again")
    shot("nim-won")
    # lost: the server, playing perfectly, must win from [1,2,3] whatever we do
    end = play_nim([1, 2, 3], lambda buttons, listed: len(buttons) - 1)
    check(end == "nimber-wins", f"nimber did not win from [1,2,3]: {end}")
    check(find("#status").text.startswith("nimber wins"), f"the final message is {find('#status').text!r}")
    shot("nim-lost")
    # misère: from [1,1], taking one heap leaves nimber the last counter, and it loses
    end = play_nim([1, 1], lambda buttons, listed: 0, convention="misere")
    check(end == "you-win", f"misère [1,1] ended in {end}")


def check_picture_and_keyboard():
    """A counter of the picture plays its move; so does Enter on a move."""
    load("?type=nim")
    set_field("heaps", "[2, 2]")
    start()
    settled(0)
    find("#board .heap[data-heap='0'] .counter").click()  # the top one: take 1
    settled(2)
    check(find("#history li").text == "you: heap 0: take 1",
          f"clicking the top counter of heap 0 made {find('#history li').text!r}")
    load("?type=nim")
    set_field("heaps", "[1, 2]")
    start()
    settled(0)
    find("#moves button").send_keys(Keys.ENTER)
    settled(2)
    check(find("#history li").text == "you: heap 0: take 1", "Enter on the first move did not play it")


def check_errors():
    """A malformed position: the server's problem beside the field its pointer names."""
    load("?type=nim")
    set_field("heaps", "[3, -1]")
    start()
    wait.until(lambda d: find("#error-heaps").text)
    check("/heaps/1" in find("#error-heaps").text, f"the error says {find('#error-heaps').text!r}")
    check(find("#field-heaps").get_attribute("aria-invalid") == "true", "the field is not marked invalid")
    check(status() == "error", f"status {status()} after a refused position")
    shot("error")
    set_field("heaps", "[3,")
    start()
    try:
        wait.until(lambda d: "not valid JSON" in find("#error-heaps").text)
    except TimeoutException:
        pass
    check("not valid JSON" in find("#error-heaps").text,
          f"a malformed heaps field says {find('#error-heaps').text!r}")


def check_table_plot():
    """The subtraction table plot: one point per value, the period the server proved."""
    load("?type=subtraction")
    set_field("set", "[2, 5, 6]")
    find("#up-to").clear()
    find("#up-to").send_keys("50")
    find("#plot-button").click()
    wait.until(lambda d: find_all("#table-figure circle.value"))
    table = post("/v1/table", {"type": "subtraction", "set": [2, 5, 6], "up_to": 50})
    points = find_all("#table-figure circle.value")
    check(len(points) == 51, f"{len(points)} points for 51 values")
    titles = [p.find_element(By.TAG_NAME, "title").get_attribute("textContent") for p in points]
    check(titles == [f"G({n}) = {v}" for n, v in enumerate(table["values"])],
          "the points are not the values")
    caption = find("#table-figure figcaption").text
    check(table["period"] and
          f"Period {table['period']} proved, from n = {table['preperiod']}" in caption,
          f"the caption {caption!r} does not give the period of {table}")
    check(len(find_all("#table-figure rect.period")) >= 2, "the period is not marked")
    driver.execute_script("document.getElementById('table-section').scrollIntoView()")
    shot("table")


def check_grid_plot():
    """A two-dimensional table, Fibonacci Nim's: a cell for every heap and limit, each
    titled with the server's value."""
    load("?type=fibonacci")
    find("#up-to").clear()
    find("#up-to").send_keys("12")
    find("#plot-button").click()
    wait.until(lambda d: find_all("#table-figure rect.cell"))
    table = post("/v1/table", {"type": "fibonacci", "up_to": 12})
    cells = find_all("#table-figure rect.cell")
    titles = [c.find_element(By.TAG_NAME, "title").get_attribute("textContent") for c in cells]
    check(titles == [f"{n}, {r}: {v}" for n, row in enumerate(table["values"])
                     for r, v in enumerate(row)], "the cells are not the table's values")
    caption = find("#table-figure figcaption").text
    check("limit" in caption, f"the caption {caption!r} does not say what a cell is")
    driver.execute_script("document.getElementById('table-section').scrollIntoView()")
    shot("table-fibonacci")


def check_every_type():
    """Every game type of the catalog from its example: analysed, its moves listed as the
    server lists them, and one move played against the server."""
    for entry in catalog:
        load("?type=" + entry["type"])
        start()
        state = settled(0)
        check(state in ("your-move",) + END_STATES[:3], f"{entry['type']}: the example ended in {state}")
        moves = post("/v1/moves?max_moves=300", entry["example"])["moves"]
        shown = len(find_all("#moves button"))
        check(shown == len(moves), f"{entry['type']}: {shown} moves shown, the server has {len(moves)}")
        shot("type-" + entry["type"])
        if state == "your-move":
            find("#moves button").click()
            check(settled(2) != "error", f"{entry['type']}: playing a move failed")


def play_first_moves(limit=200):
    """Plays the first listed move until the game ends; returns the end state."""
    made, state = 0, settled(0)
    while state == "your-move" and made < limit:
        find_all("#moves button")[0].click()
        made += 2
        state = settled(made)
    return state


def check_hints_and_strengths():
    """Hints are off until asked for: no verdict and no outcome on the moves, then both
    once ticked, and always once a game ends. Whole games of three types at each of
    nimber's strengths end with a winner, and name it."""
    load("?type=nim")
    set_field("heaps", "[3, 4, 5]")
    start()
    settled(0)
    check(not find_all("#verdict") and not find_all("#moves .move.win") and
          "★" not in find("#moves").text, "hints show before they are asked for")
    shot("hints-off")
    find("#hints").click()
    wait.until(lambda d: find_all("#verdict"))
    check(find_all("#moves .move.win") and "★ wins" in find("#moves").text,
          "ticking Show hints shows no winning move")
    positions = {"nim": {"heaps": "[3, 4, 5]"}, "octal": {"code": "0.77", "heaps": "[6, 7]"},
                 "wythoff": {"piles": "[[3, 5], [4, 6]]"}}
    for kind, fields in positions.items():
        for strength in ("perfect", "strong", "casual", "random"):
            load("?type=" + kind)
            for name, text in fields.items():
                set_field(name, text)
            Select(find("#strength")).select_by_value(strength)
            start()
            end = play_first_moves()
            check(end in ("you-win", "nimber-wins"), f"{kind} played at {strength} ended in {end}")
            check(find_all("#verdict") or not find_all("#moves button"),
                  f"{kind} at {strength}: the hints are not shown at the end")


def check_undo_and_permalink():
    """Undo takes back your move and nimber's reply, redo plays them again; the link of a
    position opens it (the board as it was, nimber's strength kept), and its curl command
    is a GET of its analysis."""
    load("?type=nim")
    set_field("heaps", "[2, 3, 4]")
    Select(find("#strength")).select_by_value("casual")
    start()
    settled(0)
    before = board_heaps()
    find_all("#moves button")[0].click()
    settled(2)
    after = board_heaps()
    check(find("#last-move").is_displayed() and find("#last-move").text.startswith("nimber played:"),
          "nimber's last move is not shown")
    check(find_all("#board .changed"), "nimber's last move is not marked on the board")
    shot("last-move")
    find("#undo").click()
    wait.until(lambda d: board_heaps() == before and not find_all("#history li"))
    check(board_heaps() == before, f"undo left the board at {board_heaps()}, not {before}")
    find("#redo").click()
    wait.until(lambda d: board_heaps() == after and len(find_all("#history li")) == 2)
    check(board_heaps() == after, f"redo left the board at {board_heaps()}, not {after}")
    find("#share").click()
    wait.until(lambda d: find("#shared").is_displayed())
    link = find("#permalink").get_attribute("href")
    curl = find("#curl").text
    check("/v1/analyze?game=" in curl, f"the curl command is {curl!r}")
    game = urllib.parse.unquote(curl.split("game=")[1].rstrip("'"))
    check(json.loads(game)["heaps"] == after, f"the curl command's game is {game}")
    driver.get("about:blank")
    driver.get(link)
    wait.until(lambda d: find_all("#board .heap"))
    settled(0)
    check(board_heaps() == after, f"the link opened the board at {board_heaps()}, not {after}")
    check(Select(find("#strength")).first_selected_option.get_attribute("value") == "casual",
          "the link did not keep nimber's strength")
    shot("permalink")


def check_editors():
    """The editors made for each kind of field write its JSON, and typed JSON redraws
    them: steppers for heaps and for piles, coins to turn; the game starts from them, and a
    misère game says so on the board."""
    load("?type=nim")
    steppers = lambda: find_all("#editor-heaps .stepper")
    steppers()[0].find_element(By.CSS_SELECTOR, ".more").click()
    steppers()[2].find_element(By.CSS_SELECTOR, ".less").click()
    find("#editor-heaps .add").click()
    heaps = json.loads(find("#field-heaps").get_attribute("value"))
    check(heaps == [4, 4, 4, 1], f"the steppers wrote heaps {heaps}")
    set_field("heaps", "[7, 2]")
    shown = [o.text for o in find_all("#editor-heaps output")]
    check(shown == ["7", "2"], f"typed heaps [7, 2], the editor shows {shown}")
    start(convention="misere")
    settled(0)
    check(board_heaps() == [7, 2], f"the game started at {board_heaps()}")
    check(find_all("#board .misere-badge"), "a misère game does not say so on the board")
    shot("editors")
    load("?type=coins")
    before = find("#field-coins").get_attribute("value")
    find("#editor-coins .coin-face").click()
    after = find("#field-coins").get_attribute("value")
    check(after == ("H" if before[0] == "T" else "T") + before[1:], f"coin 1 turned {before} into {after}")
    load("?type=wythoff")
    find_all("#editor-piles .pair")[1].find_elements(By.CSS_SELECTOR, ".more")[0].click()
    piles = json.loads(find("#field-piles").get_attribute("value"))
    check(piles == [[3, 5], [5, 9]], f"the pile steppers wrote {piles}")


def check_graph_editor():
    """The graph editor: a node added, an edge drawn by pressing two nodes, an edge taken
    away by pressing it; the fields follow, and the game starts from them."""
    load("?type=hackenbush")
    set_field("nodes", "2")
    set_field("edges", "[[0, 1]]")
    find("#editor-graph .add").click()
    check(find("#field-nodes").get_attribute("value") == "3", "+ node did not add a node")
    find("#editor-graph .node[data-node='1']").click()
    find("#editor-graph .node[data-node='2']").click()
    edges = json.loads(find("#field-edges").get_attribute("value"))
    check(edges == [[0, 1], [1, 2]], f"pressing nodes 1 and 2 made edges {edges}")
    find("#editor-graph .node[data-node='2']").click()
    find("#editor-graph .node[data-node='0']").click()
    find("#editor-graph .edit-edge[data-edge='0']").click()
    edges = json.loads(find("#field-edges").get_attribute("value"))
    check(edges == [[1, 2], [2, 0]], f"after taking edge 0 away the edges are {edges}")
    shot("graph-editor")
    start()
    check(settled(0) == "your-move", "the edited graph did not start a game")
    check(len(find_all("#moves button")) == 2, "the edited graph's two edges are not its moves")


def check_large_graph():
    """A graph too large to repeat with every move is played from what each move changes
    (positions=changed): two stalks of 3000 edges from the ground (SG 3000 XOR 3000 = 0).
    The player cuts the first at height 200, nimber must cut the second there too, and the
    page then offers the moves the server lists for two stalks of 200."""
    stalk = lambda first: [[0 if i == 0 else first + i - 1, first + i] for i in range(3000)]
    edges = stalk(1) + stalk(3001)
    load("?type=hackenbush")
    set_field("nodes", "6001")
    # 72 KB: given at once, as a paste would, not typed key by key
    driver.execute_script("arguments[0].value = arguments[1]", find("#field-edges"),
                          json.dumps(edges))
    set_field("ground", "0")
    start()
    settled(0)
    check(find("#moves").get_attribute("data-positions") == "changed",
          "a graph of 6000 edges is not asked with positions=changed")
    cut = next((b for b in find_all("#moves button") if b.find_element(
        By.CSS_SELECTOR, ".what").text.startswith("delete edge 200 ")), None)
    check(cut is not None, "edge 200 of the first stalk is not offered")
    if cut is None:
        return
    cut.click()
    end = settled(2)
    check(end == "your-move", f"after the first moves the game is at {end}")
    # nimber's edge numbers count in the game it was given: the second stalk starts at 200
    history = [li.text.split(" (")[0] for li in find_all("#history li")]
    check(history == ["you: delete edge 200", "nimber: delete edge 400"],
          f"the moves made are {history}")
    left = edges[:200] + edges[3000:3200]
    server = post("/v1/moves?max_moves=300", {"type": "hackenbush", "nodes": 6001,
                                               "edges": left, "ground": 0})
    shown = [b.find_element(By.CSS_SELECTOR, ".what").text for b in find_all("#moves button")]
    want = [f"delete edge {m['edge']}" for m in server["moves"]]
    check([w.split(" (")[0] for w in shown] == want,
          f"the page offers {len(shown)} moves, not the server's {len(want)} for two stalks of 200")
    shot("hackenbush-large")


def choose_variant(name):
    Select(find("#variant")).select_by_visible_text(name)


def check_boards():
    """The board games drawn as boards: a Chomp square shades what it eats and plays that
    move; a grid coin marks the moves whose south-east corner it is; a Node-Kayles vertex
    shades itself and its neighbours and takes them; a Cram cell marks the dominoes over
    it and a second cell beside it places one; the Every-SG variant shows each
    component's steps and plays a move in every component."""
    load("?type=chomp")  # the 3 x 5 bar
    start()
    settled(0)
    square = find("#board [data-cell='1,2']")
    ActionChains(driver).move_to_element(square).perform()
    doomed = len(find_all("#board .bite.doomed"))
    check(doomed == 6, f"pointing at square (1, 2) of a 3x5 bar shades {doomed} squares, not 6")
    shot("board-chomp")
    square.click()
    settled(2)
    mine = find_all("#history li")[0].text
    check(mine == "you: eat square (1, 2) and all right of it and below it",
          f"pressing square (1, 2) played {mine!r}")

    load("?type=coins")
    choose_variant("Turning Corners (twins × twins)")
    grid = json.loads(find("#field-grid").get_attribute("value"))
    start()
    settled(0)
    game = {"type": "coins", "grid": grid, "rule": ["twins", "twins"]}
    corner = [m for m in post("/v1/moves?max_moves=300", game)["moves"] if m["flip"][-1] == [4, 4]]
    find("#board .coin-grid [data-cell='4,4']").click()
    marked = len(find_all("#moves li.match"))
    check(marked == len(corner) > 1, f"coin (4, 4) marked {marked} moves; "
                                     f"{len(corner)} have it as their corner")
    shot("board-coin-grid")
    find("#moves li.match button").click()
    settled(2)
    check(find_all("#history li")[0].text.startswith("you: turn (") and "(4, 4)" in
          find_all("#history li")[0].text, f"the grid move played: {find_all('#history li')[0].text!r}")

    load("?type=nodekayles")  # a 6-cycle with the chord 0-3
    start()
    settled(0)
    vertex = find("#board .kayles .node[data-node='0']")
    ActionChains(driver).move_to_element(vertex).perform()
    doomed = len(find_all("#board .kayles .node.doomed"))
    check(doomed == 4, f"pointing at vertex 0 shades {doomed} vertices, not 4 (0, 1, 3, 5)")
    shot("board-nodekayles")
    vertex.click()
    settled(2)
    check(find_all("#history li")[0].text == "you: take vertex 0 (and 1, 3, 5)",
          f"pressing vertex 0 played {find_all('#history li')[0].text!r}")
    gone = len(find_all("#board .kayles .node.gone"))
    check(gone >= 4, f"after taking vertex 0, {gone} vertices are drawn as gone")

    load("?type=cram")  # the 3 x 4 board with a hole at (1, 2)
    start()
    settled(0)
    find("#board .cram [data-cell='0,0']").click()  # two dominoes cover it
    ends = sorted(e.get_attribute("data-cell") for e in find_all("#board .cram [data-move]"))
    chosen = find_all("#board .cram .cram-cell.chosen")
    check(ends == ["0,1", "1,0"] and len(chosen) == 1,
          f"cell (0, 0) chosen ({len(chosen)} marked) offers dominoes ending at {ends}, not (0, 1) and (1, 0)")
    shot("board-cram")
    find("#board .cram [data-cell='1,0']").click()  # the cell below it: that domino
    settled(2)
    mine = find_all("#history li")[0].text
    check(mine == "you: domino on (0, 0) and (1, 0)", f"pressing two cells played {mine!r}")
    filled = len(find_all("#board .cram .cram-cell.filled"))
    check(filled == 5, f"after the domino and nimber's reply {filled} cells are filled, not 5")

    load("?type=notakto")  # misère by its own rule: the convention follows the type
    check(find("input[name=convention][value=misere]").is_selected(),
          "Notakto did not start under misère play, its own rule")
    choose_variant("One empty board")
    start(convention="misere")
    settled(0)
    shot("board-notakto")
    find("#board .notakto [data-board='0'][data-cell='4']").click()  # the centre: it wins
    settled(2)
    mine = find_all("#history li")[0].text
    check(mine == "you: X on board 1, row 2, column 2", f"pressing the centre played {mine!r}")
    xs = [c.text for c in find_all("#board .notakto .notakto-cell")].count("X")
    check(xs == 2, f"after the centre and nimber's reply {xs} X's are drawn, not 2")
    marked = len(find_all("#board .notakto-cell.changed"))
    badge = len(find_all("#board .misere-badge.changed"))
    check(marked == 1 and badge == 0, f"nimber's X: {marked} cells marked as changed (not 1), "
                                      f"the misère badge {badge} times")
    find("#plot-button").click()  # its misère quotient: Plambeck and Whitehead's order 18
    wait.until(lambda d: find_all("#quotient-size"))
    size = find("#quotient-size").text
    drawn = len(find_all("#quotient-boards .notakto-board"))
    check(size.startswith("Order 18, 4 in the P-portion") and drawn == 4,
          f"Notakto's quotient panel reads {size!r} with {drawn} generator boards")
    driver.execute_script("document.getElementById('plot').scrollIntoView()")
    shot("quotient-notakto")
    load("?type=nim")
    check(find("input[name=convention][value=normal]").is_selected(),
          "after Notakto, Nim did not start under normal play, its own rule")

    load("?type=sum")
    choose_variant("Every-SG (HDU 3595)")
    start()
    settled(0)
    find("#hints").click()
    steps = find("#steps").text
    check(steps.startswith("5, 1, 5"), f"the Every-SG sum's steps read {steps!r}")
    shot("board-every-sg")
    find("#moves button").click()
    settled(2)
    played = find_all("#history li")[0].text
    check(all(f"component {c}:" in played for c in range(3)),
          f"an Every-SG move moves every component: {played!r}")


def check_phone():
    """At phone width nothing is wider than the screen."""
    driver.set_window_size(390, 900)
    load("?type=hackenbush")
    start()
    settled(0)
    overflow = driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
    check(overflow <= 0, f"at phone width the page is {overflow}px wider than the screen")
    shot("phone")


def check_quotient_element():
    """A misère Kayles position: the page says a misère quotient decided it and shows the
    element the API names."""
    heaps = [1000000000000000000, 9, 4]
    load("?type=octal")
    set_field("code", "0.77")
    set_field("heaps", json.dumps(heaps))
    find("#hints").click()
    start(convention="misere")
    settled(0)
    want = post("/v1/analyze", {"type": "octal", "code": "0.77", "heaps": heaps,
                                "convention": "misere"})
    method = find("#method").text
    check("misère quotient" in method, f"misère Kayles: decided by {method!r}")
    shown = find_all("#element")
    check(shown and shown[0].text == want["misere"]["element"],
          f"misère Kayles: element {shown[0].text if shown else None!r}, the API says "
          f"{want['misere']['element']!r}")
    shot("quotient-element")


def check_quotient_plot():
    """Misère Kayles' table panel: the pretending function plotted with its period, the
    P-portion's heaps ringed, and the quotient's size and presentation, as the API gives
    them."""
    load("?type=octal")
    set_field("code", "0.77")
    find("input[name=convention][value=misere]").click()
    button = find("#plot-button")
    check(button.text == "Plot the misère quotient" and
          find("#table-title").text == "Misère quotient", f"the button says {button.text!r}")
    button.click()
    wait.until(lambda d: find_all("#quotient-summary"))
    q = post("/v1/quotient", {"type": "octal", "code": "0.77", "up_to": 60})
    phi = q["pretending"]
    points = find_all("#table-figure circle.value")
    shown = phi["preperiod"] + 2 * phi["period"]  # the default range grows to two periods
    titles = [p.find_element(By.TAG_NAME, "title").get_attribute("textContent") for p in points]
    want = [f"Φ({n}) = {q['elements'][e]['word']}" + (" (P-portion)" if q["elements"][e]["p"]
            else "") for n, e in enumerate(phi["values"][:shown])]
    check(titles == want, f"the points are not Φ: {titles[:6]} against {want[:6]}")
    ringed = [n for n, p in enumerate(points) if "lost" in p.get_attribute("class")]
    check(ringed[:5] == [1, 4, 9, 12, 20], f"ringed heaps {ringed[:6]}")
    caption = find("#table-figure figcaption").text
    check(f"period {phi['period']} from n = {phi['preperiod']}" in caption,
          f"the caption {caption!r}")
    size = find("#quotient-size").text
    check(f"Order {q['order']}, {q['p_size']} in the P-portion" in size, f"the size says {size!r}")
    relations = find("#quotient-relations").text
    check(all(r in relations for r in q["relations"]), f"the relations shown: {relations[:80]!r}")
    check(len(find_all("#table-figure rect.period")) >= 2, "the period is not marked")
    driver.execute_script("document.getElementById('table-section').scrollIntoView()")
    shot("quotient-plot")
    find("input[name=convention][value=normal]").click()
    check(find("#plot-button").text == "Plot the table" and not find_all("#quotient-summary"),
          "back to normal play: the table's button, the quotient gone")


def check_exact_integers():
    """The octal example holds a heap of 10^18: its moves and the board keep every digit
    (the page asks with int64=string and keeps such numbers as BigInt), so taking one pin
    leaves 999999999999999999, the board shows it, and the curl command carries it."""
    load("?type=octal")
    check(find("#field-heaps").get_attribute("value").endswith("1000000000000000000]"),
          f"the example heaps are {find('#field-heaps').get_attribute('value')!r}")
    start()
    settled(0)
    move = [b for b in find_all("#moves button")
            if b.text.startswith("heap 2: take 1, leave 999999999999999999")]
    check(move, "no move leaves 999999999999999999 of the heap of 10^18: "
                f"{[b.text for b in find_all('#moves button')][-3:]}")
    if not move:
        return
    move[0].click()
    settled(2)
    history = [li.text for li in find_all("#history li")]
    check("leave 999999999999999999" in history[0], f"the history says {history[:2]}")
    taken = sum(int(n) for n in re.findall(r"take (\d+)", history[1]))
    find("#share").click()
    wait.until(lambda d: find("#shared").is_displayed())
    curl = find("#curl").text
    game = json.loads(urllib.parse.unquote(curl.split("game=")[1].rstrip("'")))
    sizes = driver.execute_script(
        "return [...document.querySelectorAll('#board .heap')].map((h) => h.dataset.size)")
    check(sizes == [str(h) for h in game["heaps"]], f"the board shows {sizes}, the curl {game}")
    check(sum(game["heaps"]) == 10**18 + 13 - 1 - taken and 10**18 not in game["heaps"],
          f"after take 1 and nimber's take {taken} the heaps are {game['heaps']}")
    shot("exact-integers")


def check_docs():
    """GET /docs: Swagger UI lists every operation of openapi.yaml, loads nothing from
    another host and logs no error (nimberd's Content-Security-Policy would block what the
    stock viewer fetches elsewhere), and sends a request that nimberd answers."""
    spec = yaml.safe_load(urllib.request.urlopen(base + "/openapi.yaml"))
    operations = sum(1 for ops in spec["paths"].values() for m in ops
                     if m in ("get", "post", "put", "delete", "patch"))
    driver.get_log("browser")  # what earlier pages logged
    driver.get(base + "/docs")
    try:
        wait.until(lambda d: len(find_all(".opblock")) == operations)
    except TimeoutException:
        pass
    check(len(find_all(".opblock")) == operations,
          f"/docs lists {len(find_all('.opblock'))} operations, openapi.yaml has {operations}")
    loaded = driver.execute_script(
        "return performance.getEntriesByType('resource').map((e) => e.name)")
    foreign = [u for u in loaded if not u.startswith(base + "/") and not u.startswith("data:")]
    check(loaded and not foreign, f"/docs loaded from other hosts: {foreign[:3]}")
    errors = [e["message"][:160] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    check(not errors, f"/docs logged errors: {errors[:2]}")
    shot("docs")
    block = next((b for b in find_all(".opblock") if "/v1/games" in b.text), None)
    check(block is not None, "/docs has no GET /v1/games")
    if block is None:
        return
    block.find_element(By.CSS_SELECTOR, ".opblock-summary").click()
    wait.until(lambda d: block.find_elements(By.CSS_SELECTOR, ".try-out__btn"))
    block.find_element(By.CSS_SELECTOR, ".try-out__btn").click()
    wait.until(lambda d: block.find_elements(By.CSS_SELECTOR, ".execute"))
    block.find_element(By.CSS_SELECTOR, ".execute").click()
    try:
        wait.until(lambda d: block.find_elements(By.CSS_SELECTOR, ".live-responses-table tbody .response-col_status"))
    except TimeoutException:
        pass
    status = [e.text for e in block.find_elements(By.CSS_SELECTOR, ".live-responses-table tbody .response-col_status")]
    body = " ".join(e.text for e in block.find_elements(By.CSS_SELECTOR, ".live-responses-table .microlight"))
    check(status and status[0].strip().startswith("200") and '"types"' in body,
          f"/docs sent GET /v1/games and shows {status[:1]} {body[:80]!r}")
    driver.execute_script("arguments[0].scrollIntoView()", block)
    shot("docs-try-it-out")


try:
    check_menu()
    check_docs()
    check_exact_integers()
    check_quotient_element()
    check_quotient_plot()
    check_whole_games()
    check_picture_and_keyboard()
    check_errors()
    check_table_plot()
    check_grid_plot()
    check_every_type()
    check_hints_and_strengths()
    check_undo_and_permalink()
    check_editors()
    check_graph_editor()
    check_large_graph()
    check_boards()
    check_phone()
finally:
    driver.quit()
tally.finish()
