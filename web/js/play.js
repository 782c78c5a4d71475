// play.js - the Play view: the gallery, and a game played on its board against nimberd.
// A press on the board sends the move with POST /v1/move?reply=STRENGTH, which answers
// the position after it and nimber's reply at once; the position after the reply is read
// with /v1/analyze and /v1/moves. The end says who won, and a tally per game is kept in
// the browser (localStorage).
import {$, el, pressable} from "./dom.js";
import {Problem, api, ask, jsonText, parseExact, moveOnly} from "./api.js";
import {picture, sayMove} from "./boards.js";
import {markChanges} from "./changes.js";
import {GALLERY, startOf} from "./gallery.js";

const MAX_MOVES = 300; // moves listed per position: every one of the gallery's sizes
const TALLY_KEY = "nimber.tally";

const game = {
  catalog: [],    // GET /v1/games's entries
  entry: null,    // the gallery entry played
  position: null, // the game object now
  turn: "you",    // who moves next: "you" or "nimber"
  over: false,
  busy: false,
  moves: [],      // /v1/moves of the position now (when you are to move)
  analysis: null, // /v1/analyze of the position now
  chosen: null,   // the first of two presses on the board, or null
  before: null,   // the position before nimber's last move (its changes are marked)
  played: [],     // the moves of this game so far, both players' (a board may draw them)
  serial: 0,      // counts new games: an answer for an earlier game is dropped
};

const own = (entry) => {
  const type = game.catalog.find((t) => t.type === entry.type);
  return (type && type.default_convention) || "normal";
};

// The position as the server is asked it: the convention named when not the type's own.
function asked(position) {
  const convention = $("play-convention").value;
  return convention === own(game.entry) ? position : {...position, convention};
}

function setStatus(state, text) {
  $("play-status").dataset.state = state;
  $("play-status").textContent = text;
}


// --- the board ----------------------------------------------------------------------

// The context the board draws through (press.js): the listed moves, each pressable node
// carrying its move as data-move; the moves the board makes itself (offer) are checked by
// the server.
function boardContext() {
  const canPlay = !game.over && !game.busy && game.turn === "you";
  const hints = $("play-hints").checked;
  return {
    moves: canPlay ? game.moves : [], chosen: game.chosen, played: game.played,
    winning: hints && game.analysis ? game.analysis.winning_moves || [] : [],
    pickable(node, label, pred) {
      const matches = this.moves.filter(pred);
      if (matches.length !== 1) return node;
      const move = moveOnly(matches[0]);
      node.dataset.move = jsonText(move);
      if (hints && matches[0].outcome === "win") node.classList.add("wins");
      return pressable(node, hints && matches[0].outcome === "win" ? `${label} (wins)` : label,
                       () => playMove(parseExact(node.dataset.move)));
    },
    choose(node, label, key) {
      if (!canPlay) return node;
      node.dataset.choose = key;
      node.setAttribute("aria-pressed", String(key === game.chosen));
      return pressable(node, label, () => {
        game.chosen = key === game.chosen ? null : key;
        setStatus("your-move", game.chosen ? "Now the second press (Esc lets go)." : "Your move.");
        drawBoard();
        const again = $("play-board").querySelector(`[data-choose="${CSS.escape(key)}"], [data-move]`);
        if (again) again.focus();
      });
    },
    offer(node, label, move) {
      node.dataset.move = jsonText(move);
      if (!canPlay) { node.disabled = true; return node; }
      return pressable(node, label, () => playMove(parseExact(node.dataset.move)));
    },
  };
}

function drawBoard() {
  const board = $("play-board");
  board.dataset.position = jsonText(game.position);
  board.dataset.turn = game.over ? "" : game.turn;
  board.dataset.chosen = game.chosen || "";
  board.replaceChildren(picture(game.position, boardContext(), game.analysis));
  if (game.before) markChanges(game.before, game.position, board);
  /* the board never shrinks during a game: nimber's replies shift nothing under it */
  board.style.minHeight = `${Math.max(parseFloat(board.style.minHeight) || 0, board.offsetHeight)}px`;
}

// Arrow keys move between the board's pressable nodes; Enter or Space presses one; Escape
// lets go of a first press.
function arrows(e) {
  if (e.key === "Escape" && game.chosen) {
    game.chosen = null;
    drawBoard();
    const node = $("play-board").querySelector("[data-choose], [data-move]");
    if (node) node.focus();
    return;
  }
  const steps = {ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1};
  if (!(e.key in steps)) return;
  const nodes = [...$("play-board").querySelectorAll("[data-move][tabindex], [data-choose]")];
  if (!nodes.length) return;
  e.preventDefault();
  const at = nodes.indexOf(document.activeElement);
  nodes[at < 0 ? 0 : (at + steps[e.key] + nodes.length) % nodes.length].focus();
}

// --- the game -----------------------------------------------------------------------

function tally() {
  try {
    return JSON.parse(localStorage.getItem(TALLY_KEY)) || {};
  } catch (e) {
    return {};
  }
}

function showTally() {
  const t = tally()[game.entry.id] || {you: 0, nimber: 0};
  $("play-tally").textContent = `${game.entry.name} so far: you ${t.you}, nimber ${t.nimber}.`;
}

function endGame(winner, how) {
  game.over = true;
  const all = tally();
  const t = all[game.entry.id] || {you: 0, nimber: 0};
  t[winner] += 1;
  all[game.entry.id] = t;
  try { localStorage.setItem(TALLY_KEY, JSON.stringify(all)); } catch (e) { /* private mode: no tally kept */ }
  setStatus("over", "Game over.");
  $("play-result").dataset.result = winner;
  $("play-result").textContent = (winner === "you" ? "You won! " : "nimber won. ") + how;
  $("play-end").hidden = false;
  showTally();
  drawBoard();
  $("play-rematch").focus();
}

// The player to move has no move: under normal play they lose, under misère they win.
function noMoveLeft(mover) {
  const other = mover === "you" ? "nimber" : "you";
  const misere = $("play-convention").value === "misere";
  const who = mover === "you" ? "You have" : "nimber has";
  endGame(misere ? mover : other, misere ? `${who} no move left, and the last move lost.`
                                         : `${who} no move left.`);
}

function failed(error, what) {
  game.busy = false;
  const detail = error instanceof Problem ? error.problem.detail : error.message;
  setStatus("error", `${what}: ${detail}`);
  drawBoard();
}

// Reads the position where you are to move: its moves and who wins it.
async function yourTurn() {
  game.busy = true;
  game.chosen = null;
  const serial = game.serial;
  try {
    const [analysis, moves] = await Promise.all([
      ask("/v1/analyze", "max_moves=20", asked(game.position)),
      ask("/v1/moves", `max_moves=${MAX_MOVES}&positions=none`, asked(game.position))]);
    if (serial !== game.serial) return;
    game.analysis = analysis;
    game.moves = moves.moves;
  } catch (error) {
    if (serial === game.serial) failed(error, "The server could not read this position");
    return;
  }
  game.busy = false;
  game.turn = "you";
  if (!game.moves.length) { noMoveLeft("you"); return; }
  const hint = !$("play-hints").checked ? "" : game.analysis.verdict === "win"
    ? " You can win: a move marked ★ keeps it so." : " nimber wins if it plays well.";
  setStatus("your-move", "Your move." + hint);
  drawBoard();
}

// nimber's move (the reply of /v1/move, or /v1/play when nimber starts), shown and said.
async function nimberMoved(reply) {
  game.before = game.position;
  game.position = reply.position;
  game.played.push(reply.move);
  const words = sayMove(reply.move, game.before);
  $("play-said").textContent = `nimber ${words}.`;
  $("play-said").dataset.move = jsonText(reply.move);
  await yourTurn();
}

async function playMove(move) {
  if (game.over || game.busy || game.turn !== "you") return;
  game.busy = true;
  const strength = $("play-strength").value;
  setStatus("thinking", "nimber is thinking…");
  drawBoard();
  let answer;
  const serial = game.serial;
  try {
    answer = await api(`/v1/move?reply=${strength}&max_moves=0&positions=full`, {game: asked(game.position), move});
  } catch (error) {
    if (serial !== game.serial) return;
    failed(error, "That move is not allowed");
    game.busy = false;
    game.turn = "you";
    drawBoard();
    return;
  }
  if (serial !== game.serial) return;
  const words = sayMove(move, game.position);
  game.before = null;
  game.position = answer.position;
  game.played.push(move);
  game.chosen = null;
  game.turn = "nimber";
  $("play-said").textContent = `You ${words}.`;
  delete $("play-said").dataset.move;
  if (!answer.reply || !answer.reply.move) {
    game.busy = false;
    noMoveLeft("nimber");
    return;
  }
  await nimberMoved(answer.reply);
}

async function nimberStarts() {
  game.busy = true;
  game.turn = "nimber";
  setStatus("thinking", "nimber is thinking…");
  drawBoard();
  let reply;
  const serial = game.serial;
  try {
    reply = await api(`/v1/play?strength=${$("play-strength").value}&positions=full`, asked(game.position));
  } catch (error) {
    if (serial === game.serial) failed(error, "The server could not choose a move");
    return;
  }
  if (serial !== game.serial) return;
  if (!reply.move) { game.busy = false; noMoveLeft("nimber"); return; }
  await nimberMoved(reply);
}

async function newGame() {
  const entry = game.entry;
  game.serial += 1;
  game.busy = false;
  game.position = startOf(entry, Number($("play-size").value));
  game.over = false;
  game.before = null;
  game.played = [];
  game.chosen = null;
  game.moves = [];
  game.analysis = null;
  $("play-end").hidden = true;
  $("play-result").textContent = "";
  delete $("play-result").dataset.result;
  $("play-said").textContent = "";
  const board = $("play-board");
  board.style.minHeight = "";
  let first = $("play-first").value;
  if (first === "coin") {
    first = Math.random() < 0.5 ? "you" : "nimber";
    $("play-said").textContent = `The coin says ${first === "you" ? "you start" : "nimber starts"}.`;
  }
  game.turn = first;
  setStatus(first === "you" ? "reading" : "thinking", first === "you" ? "Reading the position…" : "nimber is thinking…");
  drawBoard();
  if (first === "nimber") await nimberStarts();
  else await yourTurn();
}

// --- the gallery --------------------------------------------------------------------

function chooseGame(id) {
  const entry = GALLERY.find((g) => g.id === id) || GALLERY[0];
  game.entry = entry;
  for (const card of document.querySelectorAll("#gallery [data-game]")) {
    card.setAttribute("aria-pressed", String(card.dataset.game === entry.id));
  }
  $("arena").hidden = false;
  $("arena-title").textContent = entry.name;
  $("arena-rules").textContent = entry.rule + (entry.how ? ` ${entry.how}` : "");
  $("play-size").replaceChildren(...entry.sizes.map(([name], i) => el("option", {value: String(i), text: name})));
  $("play-convention").value = own(entry); /* the game's own rule on every new game */
  showTally();
  newGame();
  if (matchMedia("(max-width: 760px)").matches) $("arena").scrollIntoView();
}

function galleryCard(entry) {
  const preview = el("div", {class: "preview", "aria-hidden": "true"});
  preview.append(picture(startOf(entry, 0), null, null));
  const card = el("button", {type: "button", class: "card", "data-game": entry.id, "aria-pressed": "false",
                             onclick: () => { history.replaceState(null, "", `#play/${entry.id}`); chooseGame(entry.id); }},
                  preview, el("strong", {text: entry.name}), el("span", {class: "sentence", text: entry.rule}));
  return el("li", {}, card);
}

// Sets Play up; `hash` may name the game to open (#play/kayles).
export function initPlay(catalog) {
  game.catalog = catalog;
  $("gallery").replaceChildren(...GALLERY.map(galleryCard));
  $("play-new").addEventListener("click", newGame);
  $("play-rematch").addEventListener("click", newGame);
  $("play-size").addEventListener("change", newGame);
  $("play-convention").addEventListener("change", newGame);
  $("play-hints").addEventListener("change", () => {
    if (!game.over && game.turn === "you" && !game.busy) yourTurn();
  });
  $("play-board").addEventListener("keydown", arrows);
  $("play-analyse").addEventListener("click", (e) => {
    if (!game.position) return;
    e.preventDefault();
    const params = new URLSearchParams({type: game.position.type, game: jsonText(game.position),
                                        first: game.turn === "nimber" ? "nimber" : "you",
                                        convention: $("play-convention").value,
                                        strength: $("play-strength").value});
    location.hash = params.toString();
  });
}

// Opens the game a #play/<id> fragment names, if it names one and it is not open.
export function openPlay(hash) {
  const id = hash.startsWith("#play/") ? hash.slice(6) : null;
  if (id && GALLERY.some((g) => g.id === id) && (!game.entry || game.entry.id !== id)) chooseGame(id);
}
