// analyse.js - the Analyse view: any position of any type set up from the catalog's forms,
// its analysis (verdict, SG value, method, quotient element) and every move listed, played
// against nimberd with undo, redo and permalinks; the SG table and misère quotient asked
// for and plotted (plots.js), the fields edited (editors.js).
import {$, el, plural, pressable} from "./dom.js";
import {Problem, jsonText, parseExact, api, ask, positionsFor, afterMove, moveOnly} from "./api.js";
import {describeMove} from "./words.js";
import {picture} from "./boards.js";
import {markChanges} from "./changes.js";
import {fieldText, attachEditor, graphEditor} from "./editors.js";
import {linePlot, relationsOf, gridPlot} from "./plots.js";
import * as notakto from "./boards/notakto.js";

const MAX_MOVES = 300;        // moves listed per position (the server's max is 1000)
const REPEATS_FOR_DRAW = 3;   // a drawn position seen this often ends the game as a draw

const state = {
  catalog: [],     // the entries of GET /v1/games
  entry: null,     // the catalog entry of the chosen type
  start: null,     // the game object the current game started from
  game: null,      // the position now
  convention: "normal",
  turn: "you",     // who moves next: "you" or "nimber"
  over: false,
  busy: false,
  moves: [],       // /v1/moves of the position now
  analysis: null,  // /v1/analyze of the position now
  seen: new Map(), // position text -> times seen (draw by repetition)
  strength: "perfect", // how nimber plays (/v1/play's strength)
  hints: false,    // show who wins and which moves win before the game ends
  past: [],        // positions where you were to move, for undo: {game, turn, history texts}
  future: [],      // and those undone, for redo
  before: null,    // the position before nimber's last move (its changes are marked)
  chosen: null,    // the first of two presses on the board (press.js), or null
  defaultUpTo: "",  // the table range the form began with (grown to show a period)
};

// The game with its convention, named whenever it is not the type's own (Notakto's is
// misère).
function withConvention(game) {
  const own = (state.entry && state.entry.default_convention) || "normal";
  return state.convention === own ? game : {...game, convention: state.convention};
}

// The context the boards draw through (press.js): a node stands for the listed moves its
// test accepts; one is played, several are marked in the list.
function boardContext(wrap = (pred) => pred, prefix = "") {
  const key = state.chosen && state.chosen.startsWith(prefix) ? state.chosen.slice(prefix.length) : null;
  return {
    moves: state.moves, narrows: true, chosen: key,
    pickable(node, label, pred) {
      const whole = wrap(pred);
      const matches = state.moves.filter(whole);
      if (matches.length === 1) node.dataset.move = jsonText(moveOnly(matches[0]));
      return pressable(node, label, () => pick(whole, label));
    },
    choose(node, label, k) {
      node.dataset.choose = prefix + k;
      node.setAttribute("aria-pressed", String(k === key));
      return pressable(node, label, () => {
        state.chosen = k === key ? null : prefix + k;
        renderBoard();
        const again = $("board").querySelector(`[data-choose="${CSS.escape(prefix + k)}"]`);
        if (again) again.focus();
      });
    },
    within(inner, more) { return boardContext((pred) => wrap(inner(pred)), prefix + more); },
  };
}


// --- errors next to their fields ----------------------------------------------------

function clearErrors(scope = document) {
  for (const p of scope.querySelectorAll(".error")) p.textContent = "";
  for (const f of scope.querySelectorAll("[aria-invalid]")) f.removeAttribute("aria-invalid");
}

// The field a problem's JSON pointer names ("/heaps/1" -> "heaps").
function pointerField(pointer) {
  if (!pointer) return null;
  const first = pointer.split("/")[1];
  return first === undefined ? null : first.replace(/~1/g, "/").replace(/~0/g, "~");
}

function showError(error, fallbackId = "error-form") {
  const problem = error instanceof Problem ? error.problem : {detail: String(error.message)};
  const field = pointerField(problem.pointer);
  const slot = (field && $("error-" + field)) || $(fallbackId);
  slot.textContent = problem.detail + (problem.pointer ? ` (at ${problem.pointer})` : "");
  const input = field && $("field-" + field);
  if (input) input.setAttribute("aria-invalid", "true");
  return slot;
}

// --- the form from the catalog ------------------------------------------------------

// Positions of other variants of a type, offered beside its catalog example: the named
// take-and-break codes, the coin rules and Tartan grids, Chomp's bars, graphs for
// Node-Kayles, Notakto's boards, an Every-SG sum.
const VARIANTS = {
  coins: [
    ["Twins", {coins: "THHTHT", rule: "twins"}],
    ["Mock Turtles", {coins: "HTHHTTHT", rule: "mock_turtles"}],
    ["Ruler", {coins: "TTTHTTTHHT", rule: "ruler"}],
    ["Moebius", {coins: "HTTHTHHTTH", rule: "moebius"}],
    ["Turning Corners (twins × twins)", {grid: ["TTTT", "THHT", "THTT", "TTTH"], rule: ["twins", "twins"]}],
    ["Tartan: ruler × mock turtles", {grid: ["THTHHT", "HTTHTT", "TTHTTH", "HHTTTT"], rule: ["ruler", "mock_turtles"]}],
  ],
  octal: [
    ["Dawson's Kayles (0.07)", {code: "0.07", heaps: [10, 21, 34]}],
    ["Lasker's Nim (4.[3])", {code: "4.[3]", heaps: [3, 5, 7]}],
    ["Kayles, rows of pins", {code: "0.77", heaps: [5, 8, 13]}],
    ["Grundy's game as a code (4!.0)", {code: "4!.0", heaps: [7, 12]}],
  ],
  chomp: [
    ["A 6 × 7 bar", {rows: [7, 7, 7, 7, 7, 7]}],
    ["A staircase", {rows: [6, 5, 4, 3, 2, 1]}],
    ["Two rows", {rows: [9, 6]}],
  ],
  nodekayles: [
    ["The Petersen graph", {nodes: 10, edges: [[0, 1], [1, 2], [2, 3], [3, 4], [4, 0], [0, 5], [1, 6], [2, 7], [3, 8], [4, 9], [5, 7], [7, 9], [9, 6], [6, 8], [8, 5]]}],
    ["A path of 12 (Dawson's chess)", {nodes: 12, edges: [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 8], [8, 9], [9, 10], [10, 11]]}],
  ],
  notakto: [
    ["One empty board", {boards: ["........."]}],
    ["Three empty boards", {boards: [".........", ".........", "........."]}],
    ["One 4 × 4 board", {boards: ["................"]}],
  ],
  sum: [
    ["Every-SG (HDU 3595)", {rule: "every", components: [{type: "euclid", pairs: [[25, 7]]}, {type: "nim", heaps: [5]}, {type: "bash", heaps: [7], k: 2}]}],
  ],
};

// The form for the chosen type, its fields filled from `sample` (the catalog's example,
// or a variant's position).
function buildForm(sample = state.entry.example) {
  const entry = state.entry;
  $("rules").textContent = entry.rules;
  $("summary").textContent = entry.summary;
  const variants = VARIANTS[entry.type] || [];
  const variant = $("variant");
  variant.hidden = $("variant-label").hidden = !variants.length;
  if (sample === entry.example) {
    variant.replaceChildren(el("option", {value: "", text: "the example"}),
      ...variants.map(([name], i) => el("option", {value: String(i), text: name})));
  }
  const fields = $("fields");
  fields.replaceChildren();
  for (const [name, description] of Object.entries(entry.fields)) {
    const text = fieldText(sample[name]);
    const attrs = {id: "field-" + name, name, "aria-describedby": `hint-${name} error-${name}`,
                   spellcheck: "false", autocomplete: "off"};
    const input = text.length > 36 ? el("textarea", {...attrs, rows: "3"}) : el("input", attrs);
    input.value = text;
    const editor = attachEditor(name, input, sample[name]);
    fields.append(el("div", {class: "field"},
      el("label", {for: "field-" + name, text: name}), ...(editor ? [editor] : []), input,
      el("p", {class: "hint", id: "hint-" + name, text: description}),
      el("p", {class: "error", id: "error-" + name, role: "alert"})));
  }
  if (entry.fields.nodes && entry.fields.edges) {
    $("field-edges").before(graphEditor($("field-nodes"), $("field-edges"), entry.type === "dag"));
  }
  for (const radio of document.querySelectorAll("input[name=convention]")) { // the game's own
    radio.disabled = !entry.conventions.includes(radio.value);
    radio.checked = radio.value === (entry.default_convention || "normal");
  }
  const upTo = $("up-to");
  upTo.parentElement.querySelector("label").hidden = upTo.hidden = entry.type === "dag" || !entry.table;
  upTo.value = {cutting: "[10, 10]", wythoff: "[10, 10]", fibonacci: "24"}[entry.type] || "60";
  state.defaultUpTo = upTo.value;
  $("plot").replaceChildren();
  syncPlotButton();
  clearErrors();
}

// The game object the form describes; a field that is not JSON gets its error here.
function readForm() {
  clearErrors($("setup"));
  const entry = state.entry;
  const game = {type: entry.type};
  let ok = true;
  for (const name of Object.keys(entry.fields)) {
    const raw = $("field-" + name).value.trim();
    if (raw === "") continue; // left out: the server says when it is needed
    if (typeof entry.example[name] === "string") { game[name] = raw; continue; }
    try {
      game[name] = parseExact(raw);
    } catch (e) {
      if (/^[A-Za-z_]+$/.test(raw)) { game[name] = raw; continue; } // a name: twins, every
      $("error-" + name).textContent = `${name} is not valid JSON: ${e.message}`;
      $("field-" + name).setAttribute("aria-invalid", "true");
      ok = false;
    }
  }
  return ok ? game : null;
}


const OUTCOME_TEXT = {win: "★ wins", lose: "loses", draw: "draws"};

// --- the game -----------------------------------------------------------------------

function setStatus(stateName, text) {
  const status = $("status");
  status.dataset.state = stateName;
  status.textContent = text;
}

function endGame(winner, how) {
  state.over = true;
  if (winner === "draw") setStatus("draw", `Draw: ${how}.`);
  else if (winner === "you") setStatus("you-win", `You win! ${how}`);
  else setStatus("nimber-wins", `nimber wins. ${how}`);
  $("again").hidden = false;
  renderMoves();
}

async function startGame(game) {
  state.start = game;
  state.game = game;
  state.convention = document.querySelector("input[name=convention]:checked").value;
  state.turn = $("first").value;
  state.over = false;
  state.seen = new Map();
  state.past = [];
  state.future = [];
  state.before = null;
  $("history").replaceChildren();
  $("again").hidden = true;
  $("shared").hidden = true;
  $("last-move").hidden = true;
  await refresh();
  if (matchMedia("(max-width: 760px)").matches) $("game").scrollIntoView();
  if (!state.over && state.turn === "nimber") await computerMove();
}

// Analyses the position now, lists its moves and ends the game where nobody can move.
async function refresh() {
  state.busy = true;
  state.chosen = null;
  // said at once: "Your move." must not stand while the position is still being read
  if (state.turn === "you") setStatus("reading", "Reading the position…");
  else setStatus("thinking", "nimber is thinking…");
  const game = withConvention(state.game);
  const positions = positionsFor(game);
  $("moves").dataset.positions = positions;
  try {
    const [analysis, moves] = await Promise.all([
      ask("/v1/analyze", "max_moves=0", game),
      ask("/v1/moves", `max_moves=${MAX_MOVES}&positions=${positions}`, game)]);
    state.analysis = analysis;
    state.moves = moves.moves;
    $("moves-note").textContent = moves.complete ? "" :
      `The first ${moves.moves.length} moves; the position has more.`;
  } catch (error) {
    state.busy = false;
    state.over = true;
    state.moves = [];
    $("board").replaceChildren();
    $("analysis").replaceChildren();
    renderMoves();
    showError(error);
    setStatus("error", "The server refused this position: see the message beside its field.");
    return;
  }
  state.busy = false;
  renderBoard();
  renderAnalysis();
  const key = jsonText(state.game);
  state.seen.set(key, (state.seen.get(key) || 0) + 1);
  const mover = state.turn === "you" ? "you" : "nimber";
  const other = mover === "you" ? "nimber" : "you";
  if (state.moves.length === 0) {
    const normal = state.convention === "normal";
    endGame(normal ? other : mover, normal ? `${mover === "you" ? "You have" : "nimber has"} no move left.`
                                           : `${mover === "you" ? "You have" : "nimber has"} no move left, and under misère that wins.`);
    return;
  }
  if (state.analysis.verdict === "draw" && state.seen.get(key) >= REPEATS_FOR_DRAW) {
    endGame("draw", `the position repeated ${REPEATS_FOR_DRAW} times and neither side can force a win`);
    return;
  }
  setStatus(state.turn === "you" ? "your-move" : "thinking",
            state.turn === "you" ? "Your move." : "nimber is thinking…");
  renderMoves();
}

async function makeMove(move, who) {
  if (who === "you") {
    state.past.push(snapshot());
    state.future = [];
  }
  const item = el("li", {text: `${who}: ${describeMove(move, state.game)}`});
  $("history").append(item);
  state.before = who === "nimber" ? state.game : null;
  const last = $("last-move");
  last.hidden = who !== "nimber";
  last.textContent = who === "nimber" ? `nimber played: ${describeMove(move, state.game)}` : "";
  state.game = afterMove(state.game, move);
  if (move.wins_immediately) {
    renderBoard();
    endGame(who, `${who === "you" ? "You" : "nimber"} cut out a 1×1 piece.`);
    return;
  }
  state.turn = who === "you" ? "nimber" : "you";
  await refresh();
  if (!state.over && state.turn === "nimber") await computerMove();
}

async function computerMove() {
  setStatus("thinking", "nimber is thinking…");
  state.busy = true;
  renderMoves();
  let play;
  try {
    play = await api(`/v1/play?positions=${positionsFor(state.game)}&strength=${state.strength}`,
                     withConvention(state.game));
  } catch (error) {
    state.busy = false;
    showError(error);
    setStatus("error", "The server could not choose a move.");
    return;
  }
  state.busy = false;
  await makeMove({...play.move, position: play.position, changed: play.changed}, "nimber");
}

async function playerMove(move) {
  if (state.over || state.busy || state.turn !== "you") return;
  await makeMove(move, "you");
}

// --- undo, redo, sharing -------------------------------------------------------------

function snapshot() {
  return {game: state.game, turn: state.turn,
          history: [...$("history").children].map((li) => li.textContent)};
}

// Back (or forward) to a position where you were to move, with the history it had then.
async function restore(to) {
  state.game = to.game;
  state.turn = to.turn;
  state.over = false;
  state.before = null;
  state.seen = new Map();
  $("history").replaceChildren(...to.history.map((text) => el("li", {text})));
  $("again").hidden = true;
  $("last-move").hidden = true;
  await refresh();
}

async function undo() {
  if (state.busy || !state.past.length) return;
  state.future.push(snapshot());
  await restore(state.past.pop());
}

async function redo() {
  if (state.busy || !state.future.length) return;
  const next = state.future.pop();
  state.past.push(snapshot());
  await restore(next);
}

// The page's address for the position now and its settings (in the fragment, which stays
// in the browser), and the curl command of its analysis (a GET that caches may keep).
function share() {
  const params = new URLSearchParams({type: state.entry.type, game: jsonText(state.game),
                                      first: state.turn, convention: state.convention,
                                      strength: state.strength});
  const link = `${location.origin}${location.pathname}#${params}`;
  $("permalink").href = link;
  $("permalink").textContent = link.length > 90 ? link.slice(0, 87) + "…" : link;
  const game = encodeURIComponent(jsonText(withConvention(state.game)));
  $("curl").textContent = `curl -s '${location.origin}/v1/analyze?game=${game}'`;
  $("copy-curl").textContent = "Copy";
  $("shared").hidden = false;
}

// The settings and position a permalink carries, into the form; true when it had a game.
function openPermalink() {
  const params = new URLSearchParams(location.hash.slice(1));
  const entry = state.catalog.find((e) => e.type === params.get("type"));
  if (!entry || !params.get("game")) return false;
  let game;
  try {
    game = parseExact(params.get("game"));
  } catch (e) {
    return false;
  }
  chooseType(entry.type);
  $("type").value = entry.type;
  for (const name of Object.keys(entry.fields)) {
    if (game[name] !== undefined) $("field-" + name).value = fieldText(game[name]);
  }
  const set = (id, value) => { if (value && [...$(id).options].some((o) => o.value === value)) $(id).value = value; };
  set("first", params.get("first"));
  set("strength", params.get("strength"));
  state.strength = $("strength").value;
  const wanted = params.get("convention") === "misere" || params.get("convention") === "normal"
    ? params.get("convention") : entry.default_convention || "normal";
  const convention = document.querySelector(`input[name=convention][value=${wanted}]`);
  if (!convention.disabled) convention.checked = true;
  syncPlotButton();
  return true;
}

// A picture element was picked: play the one move it means, or show the moves it can mean.
function pick(pred, label) {
  if (state.over || state.busy || state.turn !== "you") return;
  const matches = state.moves.filter(pred);
  if (matches.length === 1) { playerMove(matches[0]); return; }
  renderMoves(pred);
  setStatus("your-move", matches.length ?
    `${label}: ${plural(matches.length, "move")}, marked in the list.` : `${label}: no legal move there.`);
  const first = $("moves").querySelector(".match button");
  if (first) first.focus();
}

// --- rendering ----------------------------------------------------------------------

// Whether who wins, and which moves win, are shown: on request, and once the game ends.
function hinted() { return state.hints || state.over; }

function renderAnalysis() {
  const a = state.analysis;
  const mover = state.turn === "you" ? "you" : "nimber";
  const dl = $("analysis");
  dl.replaceChildren();
  if (!a) return;
  if (!hinted()) {
    dl.append(el("dt", {text: "Hints"}), el("dd", {class: "no-hints-note",
      text: "off: who wins shows when the game ends, or tick “Show hints”"}));
    return;
  }
  const row = (term, value, id) => dl.append(el("dt", {text: term}), el("dd", {id, text: value}));
  const verdictText = {win: "wins with best play", lose: "loses against best play",
                       draw: "can hold a draw, but not force a win"}[a.verdict];
  row("Player to move", `${mover}: ${verdictText}`, "verdict");
  dl.querySelector("#verdict").dataset.verdict = a.verdict;
  if (a.sg !== undefined) row("SG value", String(a.sg), "sg");
  if (a.remoteness !== undefined) row("Remoteness", plural(a.remoteness, "move"), "remoteness");
  if (a.components && a.components.some((c) => c.steps !== undefined)) {
    row("Steps", a.components.slice(0, 40).map((c) => String(c.steps)).join(", ") +
      " (the largest decides: odd, the player to move wins)", "steps");
  } else if (a.components && a.components.length > 1) {
    const parts = a.components.slice(0, 40).map((c) =>
      c.sg !== undefined && c.sg !== null ? String(c.sg)
        : c.loopy ? (c.loopy.length ? `∞(${c.loopy.join(",")})` : "∞") : "–");
    row("Components", parts.join(" ⊕ ") + (a.components.length > 40 ? " ⊕ …" : ""), "components");
  }
  if (a.fallen && a.fallen.length) row("Fallen at the start", `edges ${a.fallen.join(", ")}`, "fallen");
  if (a.method) row("Decided by", METHOD_TEXT[a.method] || a.method, "method");
  if (a.misere && a.misere.element) {
    row("Quotient element", a.misere.element === "1" ? "1 (the identity)" : a.misere.element,
        "element");
  }
}

const METHOD_TEXT = {
  "sg-theorem": "the Sprague-Grundy theorem over independent parts",
  "closed-form": "a formula proved for this game",
  "period": "a table and its proved period",
  "table": "a table of values",
  "misere-nim": "Bouton's misère Nim",
  "genus": "Conway's theory of tame games",
  "misere-quotient": "a misère quotient",
  "retrograde": "retrograde analysis of a graph with cycles",
  "search": "an exhaustive search of the position",
};

function renderMoves(highlight) {
  const list = $("moves");
  list.replaceChildren();
  const canPlay = !state.over && !state.busy && state.turn === "you";
  const hints = hinted();
  list.classList.toggle("no-hints", !hints);
  $("moves-title").classList.toggle("hinted", hints);
  $("undo").disabled = state.busy || !state.past.length;
  $("redo").disabled = state.busy || !state.future.length;
  $("share").disabled = state.busy || !state.game;
  for (const m of state.moves) {
    const facts = [OUTCOME_TEXT[m.outcome] || m.outcome];
    if (m.sg !== undefined) facts.push(`leaves SG ${m.sg}`);
    if (m.remoteness !== undefined) facts.push(`remoteness ${m.remoteness}`);
    const attrs = hints ? {class: "move " + m.outcome, "data-outcome": m.outcome} : {class: "move"};
    const button = el("button", {type: "button", ...attrs, onclick: () => playerMove(m)},
      el("span", {class: "what", text: describeMove(m, state.game)}),
      el("span", {class: "facts", text: hints ? facts.join(" · ") : ""}));
    button.disabled = !canPlay;
    const cls = highlight ? (highlight(m) ? "match" : "dim") : "";
    list.append(el("li", cls ? {class: cls} : {}, button));
  }
}

function renderBoard() {
  const board = $("board");
  board.replaceChildren(picture(state.game, boardContext(), state.analysis));
  if (state.convention === "misere") {
    board.prepend(el("p", {class: "misere-badge", text: "Misère: whoever makes the last move loses"}));
  }
  if (state.before) markChanges(state.before, state.game, board);
}


// --- the SG table plot --------------------------------------------------------------

async function plotTable() {
  clearErrors($("table-section"));
  const game = readForm();
  if (!game) return;
  if (wantsQuotient()) {
    plotQuotient(game);
    return;
  }
  const request = {...game};
  if (state.entry.type !== "dag") {
    try {
      request.up_to = parseExact($("up-to").value);
    } catch (e) {
      $("error-up_to").textContent = `up_to is not valid JSON: ${e.message}`;
      return;
    }
  }
  let table;
  try {
    table = await api("/v1/table", request);
    // the default range grows to show the preperiod and two periods, where one is proved
    const span = (table.preperiod || 0) + 2 * (table.period || 0);
    if ($("up-to").value === state.defaultUpTo && table.period && span > request.up_to && span <= 4000) {
      $("up-to").value = state.defaultUpTo = String(span);
      table = await api("/v1/table", {...request, up_to: span});
    }
  } catch (error) {
    showError(error, "error-up_to");
    return;
  }
  $("plot").replaceChildren(Array.isArray(table.values[0]) ? gridPlot(table) : linePlot(table));
}

// --- the misère quotient ------------------------------------------------------------

// A misère take-and-break game's table panel shows its misère quotient.
function wantsQuotient() {
  const misere = document.querySelector("input[name=convention][value=misere]");
  return Boolean(state.entry && state.entry.quotient && misere && misere.checked);
}

function syncPlotButton() {
  const quotient = wantsQuotient();
  const none = !state.entry.table && !quotient; // Notakto: its quotient, under misère play
  $("table-none").hidden = !none;
  $("table-form").hidden = none;
  $("plot-button").textContent = quotient ? "Plot the misère quotient" : "Plot the table";
  $("table-title").textContent = quotient ? "Misère quotient" : "SG table";
}

// Notakto's quotient: of every sum of boards of the game's side; its generators drawn as
// the boards they are.
async function plotBoardsQuotient(game) {
  const size = game.boards && game.boards.length ? Math.round(Math.sqrt(game.boards[0].length)) : 3;
  let q;
  try {
    q = await api("/v1/quotient", {type: "notakto", size});
  } catch (error) {
    showError(error, "error-up_to");
    return;
  }
  const boards = el("div", {class: "notakto", id: "quotient-boards"});
  q.generators.forEach((g, i) => {
    const picture = notakto.draw({boards: [q.generator_boards[i]]}, null);
    boards.append(el("figure", {}, picture, el("figcaption", {text: g})));
  });
  $("plot").replaceChildren(el("div", {id: "quotient-summary"},
    el("p", {id: "quotient-size", text: `Order ${q.order}, ${q.p_size} in the P-portion; ` +
      (q.tame ? "tame (misère Nim's quotient)." : "wild.") + " " + (q.status === "proved"
        ? `Every one of the ${q.boards} live ${size} × ${size} boards (up to symmetry) is covered.`
        : `Partial: ${q.boards_covered} of the ${q.boards} live boards covered, every board ` +
          `of ${q.covers_from_xs} X's or more` + (q.stopped_by ? ` (growth stopped by ${q.stopped_by}).` : "."))}),
    el("p", {text: "Generators, each the element of the board drawn:"}), boards,
    relationsOf(q.relations),
    el("details", {}, el("summary", {text: "the elements as words"}),
       el("p", {class: "values", text: q.elements.map((e) => e.word + (e.p ? " (P)" : "")).join(", ")}))));
}

async function plotQuotient(game) {
  if (game.type === "notakto") {
    plotBoardsQuotient(game);
    return;
  }
  let upTo;
  try {
    upTo = parseExact($("up-to").value);
  } catch (e) {
    $("error-up_to").textContent = `up_to is not valid JSON: ${e.message}`;
    return;
  }
  const request = {type: game.type, up_to: upTo};
  if (game.code !== undefined) request.code = game.code;
  let q;
  try {
    q = await api("/v1/quotient", request);
  } catch (error) {
    showError(error, "error-up_to");
    return;
  }
  const phi = q.pretending;
  // the default range grows to show the preperiod and two periods, where one is proved
  let shown = Math.min(phi.values.length, upTo + 1);
  if ($("up-to").value === state.defaultUpTo && phi.period) {
    shown = Math.min(phi.values.length, Math.max(shown, phi.preperiod + 2 * phi.period));
  }
  const word = (id) => q.elements[id].word;
  const how = {
    label: "The pretending function (heap to quotient element)",
    name: (i, v) => `Φ(${i}) = ${word(v)}${q.elements[v].p ? " (P-portion)" : ""}`,
    dotClass: (v) => (q.elements[v].p ? "value lost" : "value"),
    caption: () => "Each dot: the element a heap of n pretends to be (its number in the " +
      "quotient; hover for its word). " + (q.status === "proved" ?
      `Φ has period ${phi.period} from n = ${phi.preperiod} (proved): every heap maps to an element.` :
      `Partial: exact for heaps up to ${q.exact_up_to}; no period proved` +
      (q.stopped_by ? ` (growth stopped by ${q.stopped_by}).` : ".")),
  };
  const figure = linePlot({values: phi.values.slice(0, shown), preperiod: phi.preperiod,
                           period: phi.period}, how);
  const gens = q.generators.map((g, i) => `${g} = heap ${q.generator_heaps[i]}`).join(", ");
  const summary = el("div", {id: "quotient-summary"},
    el("p", {id: "quotient-size", text: `Order ${q.order}, ${q.p_size} in the P-portion ` +
      `(dots ringed: the heap alone is lost for the player to move); ` +
      (q.tame ? "tame (misère Nim's quotient)." : "wild.")}),
    el("p", {text: `Generators: ${gens || "none"}.`}),
    relationsOf(q.relations),
    el("details", {}, el("summary", {text: "the elements as words"}),
       el("p", {class: "values", text: q.elements.map((e) => e.word + (e.p ? " (P)" : ""))
         .join(", ")})));
  $("plot").replaceChildren(figure, summary);
}

// --- start --------------------------------------------------------------------------

// Every field of an entry empty: a variant sets the ones it uses.
function blank(entry) {
  return Object.fromEntries(Object.keys(entry.fields).map((name) => [name, undefined]));
}

function chooseType(type) {
  state.entry = state.catalog.find((e) => e.type === type);
  buildForm();
}

// Sets the view up from the catalog (GET /v1/games), opening a permalink's position.
export function initAnalyse(catalog) {
  state.catalog = catalog;
  const select = $("type");
  for (const entry of state.catalog) select.append(el("option", {value: entry.type, text: entry.name}));
  const wanted = new URLSearchParams(location.search).get("type");
  chooseType(state.catalog.some((e) => e.type === wanted) ? wanted : state.catalog[0].type);
  select.value = state.entry.type;
  $("strength").addEventListener("change", () => { state.strength = $("strength").value; });
  $("hints").addEventListener("change", () => {
    state.hints = $("hints").checked;
    if (state.analysis) renderAnalysis();
    renderMoves();
  });
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("share").addEventListener("click", share);
  $("copy-curl").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText($("curl").textContent);
      $("copy-curl").textContent = "Copied";
    } catch (e) { /* no clipboard (an insecure origin): the command is there to select */
      getSelection().selectAllChildren($("curl"));
      $("copy-curl").textContent = "Selected: copy it";
    }
  });
  select.addEventListener("change", () => chooseType(select.value));
  $("example").addEventListener("click", () => buildForm());
  $("variant").addEventListener("change", () => {
    const chosen = (VARIANTS[state.entry.type] || [])[Number($("variant").value)];
    buildForm(chosen && $("variant").value !== "" ? {...state.entry.example, ...blank(state.entry), ...chosen[1]} : state.entry.example);
  });
  $("game-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const game = readForm();
    if (game) startGame(game);
  });
  $("again").addEventListener("click", () => startGame(state.start));
  $("table-form").addEventListener("submit", (e) => { e.preventDefault(); plotTable(); });
  for (const radio of document.querySelectorAll("input[name=convention]")) {
    radio.addEventListener("change", () => { syncPlotButton(); $("plot").replaceChildren(); });
  }
  openLink();
}

// Opens the position a permalink (the fragment) carries, if any: after load, and when
// Play hands its position over.
export function openLink() {
  if (openPermalink()) {
    const game = readForm();
    if (game) startGame(game);
  }
}

