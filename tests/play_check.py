#!/usr/bin/env python3
"""play_check.py - Play, tested as a player in a real browser (Debian's chromium, headless,
through python3-selenium) against a running nimberd: every gallery game (found by its
data-game) played to the end by pressing the board's data-move and data-choose elements,
at 1280 and at 390 px wide, at each of nimber's strengths. Each turn the position the
board shows (data-position) is held to the API: the move pressed and nimber's reply (said in
words, its move in data-move) replayed with POST /v1/move give exactly the position shown.
At perfect strength the test plays the winning moves the API names, so the winner is known
from the start (the player to move wins a won position); at every strength the data-result
names the player who made the last move (normal play) or the other (misère); Cram's board
draws every domino played. A Nim game of heaps of 10^18 is played exactly, with a number
typed. Then: the tally kept in the browser, targets at least 44 px at 390 px, keyboard play
(arrows and Enter), no layout shift when nimber replies, nothing loaded from other hosts,
and axe-core (npm, tests/axe) finding no serious or critical violation. Screenshots of
every game at both widths go to OUTDIR.
Usage: play_check.py PORT OUTDIR"""
import json
import os
import random
import sys
import urllib.request

from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from chromium import start_browser
from tally import Tally

port, outdir = int(sys.argv[1]), sys.argv[2]
base = f"http://127.0.0.1:{port}"
os.makedirs(outdir, exist_ok=True)
tally = Tally("play")
check = tally.check
rng = random.Random(20261128)
AXE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "axe", "node_modules", "axe-core", "axe.min.js")
GAMES = ["nim", "kayles", "dawsons-kayles", "lasker", "wythoff", "chomp", "hackenbush", "turtles",
         "nodekayles", "notakto", "cram", "grundy"]
STRENGTHS = ["perfect", "strong", "casual", "random"]
MAX_TURNS = 200


def post(path, body):
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.load(r)


driver = start_browser()
wait = WebDriverWait(driver, 30)


def find(css):
    return driver.find_element(By.CSS_SELECTOR, css)


def find_all(css):
    return driver.find_elements(By.CSS_SELECTOR, css)


def shot(name):
    driver.save_screenshot(os.path.join(outdir, name + ".png"))


def page_state():
    """What the page shows, read in one go: the status, the position, whose turn, the
    result, what was said last and its move."""
    return driver.execute_script("""
      const b = document.getElementById('play-board'), said = document.getElementById('play-said');
      const r = document.getElementById('play-result');
      return {status: document.getElementById('play-status').dataset.state, position: b.dataset.position,
              turn: b.dataset.turn, result: r.dataset.result || null, resultText: r.textContent,
              said: said.textContent, saidMove: said.dataset.move || null};""")


def settled():
    """Waits until the player is to move or the game is over; returns page_state()."""
    def ready(d):
        s = page_state()
        return s if s["status"] in ("your-move", "over", "error") else None
    try:
        return wait.until(ready)
    except TimeoutException:
        check(False, f"the page did not settle: {page_state()}")
        return page_state()


def same_move(element_move, move):
    """Whether an element's data-move is the API's move (its members; leave as a multiset)."""
    for key, value in element_move.items():
        other = move.get(key)
        if key == "leave":
            if sorted(value) != sorted(other or []):
                return False
        elif value != other:
            return False
    return True


def press(element):
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def movers():
    return [(e, json.loads(e.get_attribute("data-move"))) for e in find_all("#play-board [data-move]")
            if e.is_enabled() and e.get_attribute("tabindex") is not None]


def press_move(target):
    """Presses the elements that make `target` (an API move): one data-move element, or a
    data-choose element first. True when found."""
    for element, move in movers():
        if same_move(move, target):
            press(element)
            return True
    for key in [e.get_attribute("data-choose") for e in find_all("#play-board [data-choose]")]:
        let_go()
        press(find(f'#play-board [data-choose="{key}"]'))
        for element, move in movers():
            if same_move(move, target):
                press(element)
                return True
    let_go()
    return False


def let_go():
    """Escape: the board forgets a first press."""
    if find("#play-board").get_attribute("data-chosen"):
        driver.switch_to.active_element.send_keys(Keys.ESCAPE)
        check(not find("#play-board").get_attribute("data-chosen"), "Escape did not let go")


def press_random(giant):
    """Presses a random move: a data-move element, or a chooser and then one of the
    elements it makes pressable. Returns the move pressed."""
    options = movers()
    if giant:  # a heap of 10^18 taken one at a time would take for ever: take it all
        options = [(e, m) for e, m in options if e.text == "take all"] or options
    choosers = find_all("#play-board [data-choose]")
    if options and (not choosers or rng.random() < 0.5):
        element, move = rng.choice(options)
        press(element)
        return move
    for _ in range(20):
        choosers = find_all("#play-board [data-choose]")
        if not choosers:
            break
        press(rng.choice(choosers))
        options = movers()
        if options:
            element, move = rng.choice(options)
            press(element)
            return move
    return None


def giant_take(position):
    """The first move of the giant Nim game: one taken from the heap of 10^18, typed."""
    field = find("#play-board .heap[data-heap='0'] .take-count")
    field.clear()
    field.send_keys("1")
    button = find("#play-board .heap[data-heap='0'] .take:not(.wins)[data-move]:last-of-type")
    move = json.loads(button.get_attribute("data-move"))
    press(button)
    return move


def play_game(game_id, strength, first, width, start_shot=None):
    """One whole game; returns the final page state."""
    find(f"#gallery [data-game='{game_id}']").click()
    Select(find("#play-strength")).select_by_value(strength)
    Select(find("#play-first")).select_by_value(first)
    giant = game_id == "nim" and strength == "perfect"
    if giant:
        Select(find("#play-size")).select_by_index(2)
    find("#play-new").click()
    state = settled()
    convention = Select(find("#play-convention")).first_selected_option.get_attribute("value")
    # both playing perfectly from your first turn, you win exactly when it is won for you
    first_verdict = None if state["status"] != "your-move" else \
        post("/v1/analyze", dict(json.loads(state["position"]), convention=convention))["verdict"]
    label = f"{game_id} at {width}px, {strength}, {first} first"
    if start_shot:
        driver.execute_script("document.getElementById('arena').scrollIntoView()")
        shot(start_shot)
    turns = 0
    while state["status"] == "your-move" and turns < MAX_TURNS:
        turns += 1
        before = json.loads(state["position"])
        asked = dict(before, convention=convention)
        if strength == "perfect" and not giant:
            winning = post("/v1/analyze", asked).get("winning_moves") or []
            pressed = None
            if winning:
                target = {k: v for k, v in winning[0].items() if k != "position"}
                if press_move(target):
                    pressed = target
            if pressed is None:
                pressed = press_random(False)
        elif giant and turns == 1:
            pressed = giant_take(before)
        else:
            pressed = press_random(giant)
        if pressed is None:
            check(False, f"{label}: nothing to press at {before}")
            break
        state = settled()
        # the position shown is the API's after the move pressed and the reply said
        after = post("/v1/move", {"game": asked, "move": pressed})["position"]
        if state["saidMove"]:
            reply = json.loads(state["saidMove"])
            after = post("/v1/move", {"game": after, "move": reply})["position"]
        after.pop("convention", None)
        shown = json.loads(state["position"])
        shown.pop("convention", None)
        if shown != after:
            check(False, f"{label}: after {pressed} the board shows {shown}, the API gives {after}")
            break
        if giant and turns == 1:
            heaps = shown["heaps"]
            check(10**18 - 1 in heaps or 10**18 not in heaps,
                  f"{label}: the heap of 10^18 after taking 1 is not 999999999999999999: {heaps}")
            labels = [e.text for e in find_all("#play-board .heap .label")]
            check(any(t == str(h) for t in labels for h in heaps if h > 2**53),
                  f"{label}: the board writes heaps {labels}, the game is at {heaps}")
    check(state["status"] == "over", f"{label}: the game did not end ({turns} turns): {state['status']}")
    if state["status"] != "over":
        return state
    if game_id == "cram":  # from an empty board every filled square is half of a domino drawn
        filled = find_all("#play-board .cram-cell.filled")
        halves = [e for e in filled if any(f"joins-{s}" in e.get_attribute("class")
                                           for s in ("right", "left", "down", "up"))]
        check(filled and len(halves) == len(filled),
              f"{label}: {len(filled)} squares filled, {len(halves)} drawn as halves of dominoes")
    last_mover_you = state["said"].startswith("You ")
    want = ("you" if last_mover_you else "nimber") if convention == "normal" else \
           ("nimber" if last_mover_you else "you")
    check(state["result"] == want and find_all("[data-result]")[0].text.strip() != "",
          f"{label}: the last move was {'yours' if last_mover_you else 'nimber’s'} under {convention} "
          f"play; the page says {state['result']!r}: {state['resultText']!r}")
    if strength == "perfect" and first_verdict is not None and not giant:
        expected = "you" if first_verdict == "win" else "nimber"
        check(state["result"] == expected,
              f"{label}: your first position was a {first_verdict} for you and both played "
              f"perfectly, yet {state['result']} won")
    return state


def check_games(width, strengths):
    driver.set_window_size(width, 1100)
    driver.get(base + "/")
    wait.until(lambda d: len(find_all("#gallery [data-game]")) == len(GAMES))
    ids = [e.get_attribute("data-game") for e in find_all("#gallery [data-game]")]
    check(ids == GAMES, f"the gallery offers {ids}")
    shot(f"play-gallery-{width}")
    # before a game is chosen a wide screen's gallery takes its width, cards in columns;
    # a narrow one keeps its two
    columns = lambda: len({round(e.rect["x"]) for e in find_all("#gallery [data-game]")})
    wide = find("#gallery").rect["width"]
    check(columns() >= 3 and wide > 0.8 * width if width > 760 else columns() == 2,
          f"{width} px: the gallery before a game is {wide:.0f} px wide in {columns()} columns")
    played = 0
    for n, game_id in enumerate(GAMES):
        for k, s in enumerate(strengths(n)):
            first = "you" if (n + STRENGTHS.index(s)) % 3 else "nimber"
            play_game(game_id, s, first, width, None if k else f"play-{game_id}-{width}-start")
            played += 1
        driver.execute_script("document.getElementById('arena').scrollIntoView()")
        shot(f"play-{game_id}-{width}")
    check(columns() == (1 if width > 760 else 2),
          f"{width} px: the gallery beside a game is in {columns()} columns")
    return played


def check_tally():
    """The tally survives a reload, and counts one more game when one more ends."""
    read = lambda: driver.execute_script("return JSON.parse(localStorage.getItem('nimber.tally'))")
    before = read()
    check(before and sum(before["cram"].values()) >= 1, f"no tally kept: {before}")
    driver.get(base + "/#play/cram")
    wait.until(lambda d: find("#play-tally").text)
    t = before["cram"]
    text = find("#play-tally").text
    check(f"you {t['you']}, nimber {t['nimber']}" in text, f"the tally says {text!r}, the browser keeps {t}")
    play_game("cram", "random", "you", 1280)
    after = read()["cram"]
    check(sum(after.values()) == sum(t.values()) + 1, f"the tally went from {t} to {after}")


def check_targets():
    """At 390 px every element a player presses is at least 44 px each way (a Hackenbush
    edge: its 44 px band), in every game."""
    driver.set_window_size(390, 900)
    driver.get(base + "/")
    wait.until(lambda d: find_all("#gallery [data-game]"))
    small = []
    for game_id in GAMES:
        find(f"#gallery [data-game='{game_id}']").click()
        settled()
        if find_all("#play-board [data-choose]"):  # the second press's targets too
            press(find_all("#play-board [data-choose]")[0])
        sizes = driver.execute_script("""
          const targets = '#play-board [data-move], #play-board [data-choose], #play-new, #gallery [data-game], nav a';
          return [...document.querySelectorAll(targets)]
            .filter((e) => e.offsetParent !== null || e instanceof SVGElement)
            .map((e) => { const r = e.getBoundingClientRect();
                          const band = e.matches('path.hit') ? parseFloat(getComputedStyle(e).strokeWidth) : 0;
                          const scale = e.ownerSVGElement ? e.ownerSVGElement.getBoundingClientRect().width
                                                            / e.ownerSVGElement.viewBox.baseVal.width : 1;
                          return [e.dataset.move || e.dataset.choose || e.id || e.textContent.slice(0, 20),
                                  Math.max(r.width, band * scale), Math.max(r.height, band * scale)]; });""")
        small += [f"{game_id}: {name} {w:.0f}x{h:.0f}" for name, w, h in sizes if w < 43.5 or h < 43.5]
        shot(f"play-targets-{game_id}-390")
    check(not small, f"targets under 44 px at 390 px: {small[:5]}")


def check_keyboard():
    """Arrows move between the board's pressable elements, Enter presses one: a Nim game
    played from the keyboard alone."""
    driver.set_window_size(1280, 1100)
    driver.get(base + "/#play/nim")
    state = settled()
    first = find_all("#play-board [data-move]")[0]
    first.send_keys(Keys.ARROW_RIGHT)
    focused = driver.switch_to.active_element
    check(focused.get_attribute("data-move") is not None and focused != first,
          "an arrow did not move the focus to another move")
    move = json.loads(focused.get_attribute("data-move"))
    focused.send_keys(Keys.ENTER)
    after = settled()
    check(after["position"] != state["position"] and after["said"],
          f"Enter on {move} played nothing: {after}")


def check_no_shift():
    """nimber's reply moves nothing outside the board: the status, the board's top and the
    elements under the board stay where they were."""
    driver.set_window_size(1280, 1100)
    driver.get(base + "/#play/nim")
    settled()
    where = lambda: driver.execute_script(
        "return ['play-status', 'play-said', 'play-board', 'play-tally']"
        ".map((id) => Math.round(document.getElementById(id).getBoundingClientRect().top + scrollY))")
    before = where()
    press(find_all("#play-board [data-move]")[-1])  # take a whole heap
    state = settled()
    check(state["status"] == "your-move" or state["status"] == "over", f"the reply did not come: {state}")
    check(where() == before, f"the page shifted when nimber replied: {before} -> {where()}")


def check_analyse_link():
    """"Analyse this position" opens Analyse on the position being played."""
    driver.set_window_size(1280, 1100)
    driver.get(base + "/#play/lasker")
    state = settled()
    heaps = json.loads(state["position"])["heaps"]
    find("#play-analyse").click()
    try:
        wait.until(lambda d: find("#analyse").is_displayed() and find_all("#board .heap"))
    except TimeoutException:
        pass
    check(find("#analyse").is_displayed() and not find("#play").is_displayed(), "Analyse did not open")
    field = json.loads(find("#field-heaps").get_attribute("value"))
    code = find("#field-code").get_attribute("value")
    check(field == heaps and code == "4.[3]", f"Analyse opened heaps {field}, code {code!r}; Play was at {heaps}")
    find("#mode-play").click()
    check(find("#play").is_displayed(), "the Play link did not go back")


def check_accessibility():
    """axe-core in the page (injected, not fetched by it) at both widths, a game open:
    no serious or critical violation; the page loaded nothing from another host."""
    if not os.path.exists(AXE):
        check(False, f"axe-core is not installed at {AXE} (npm ci --prefix tests/axe)")
        return
    source = open(AXE).read()
    for width in (1280, 390):
        driver.set_window_size(width, 1100)
        for game_id in ("kayles", "hackenbush", "wythoff", "notakto"):
            driver.get(base + f"/#play/{game_id}")
            settled()
            driver.execute_script(source)
            result = driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "axe.run(document, {resultTypes: ['violations']}).then((r) => done(r.violations"
                ".filter((v) => v.impact === 'serious' || v.impact === 'critical')"
                ".map((v) => v.id + ': ' + v.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(', '))))")
            check(not result, f"axe at {width}px on {game_id}: {result[:4]}")
    loaded = driver.execute_script("return performance.getEntriesByType('resource').map((e) => e.name)")
    foreign = [u for u in loaded if not u.startswith(base + "/") and not u.startswith("data:")]
    check(not foreign, f"the page loaded from other hosts: {foreign[:3]}")


try:
    driver.set_script_timeout(60)
    played = check_games(1280, lambda n: STRENGTHS)
    played += check_games(390, lambda n: STRENGTHS)
    print(f"play: {played} whole games played")
    check_tally()
    check_targets()
    check_keyboard()
    check_no_shift()
    check_analyse_link()
    check_accessibility()
    errors = [e["message"][:200] for e in driver.get_log("browser") if e["level"] == "SEVERE"
              and "/v1/move" not in e["message"]]
    check(not errors, f"the page logged errors: {errors[:3]}")
finally:
    driver.quit()
tally.finish()
