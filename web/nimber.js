// nimber.js - the page's logic: forms from GET /v1/games, analysis and moves from
// /v1/analyze and /v1/moves, the computer's moves from /v1/play, pictures of positions and
// the SG table plot. No build step, no library, nothing from other hosts.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
const MAX_MOVES = 300;        // moves listed per position (the server's max is 1000)
const MAX_DRAWN_COUNTERS = 20; // a taller heap is drawn as this many with its size written
const MAX_DRAWN_NODES = 80;   // larger graphs are played from the move list alone
const MAX_DRAWN_BOARDS = 60;  // more Notakto boards are played from the move list alone
const REPEATS_FOR_DRAW = 3;   // a drawn position seen this often ends the game as a draw
const LARGE_GAME_CHARS = 65536; // a larger game's moves come with what they change only
const GET_URL_CHARS = 6000;   // a game whose URL stays shorter is asked by GET, for caches

const $ = (id) => document.getElementById(id);

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
  defaultUpTo: "",  // the table range the form began with (grown to show a period)
};

// --- the server ---------------------------------------------------------------------

class Problem extends Error {
  constructor(problem) {
    super(problem.detail || problem.title || "the server refused the request");
    this.problem = problem;
  }
}

// --- exact integers ---------------------------------------------------------------------
// Heaps, takes and SG values reach 2^63-1, past the 2^53-1 up to which a JavaScript number
// is exact. The page asks with ?int64=string, so that the server writes every field
// openapi.yaml marks int64 as a string of digits, and keeps each such number as a Number
// while it is exact and as a BigInt past that; it writes BigInts back as plain digits.

// The members openapi.yaml marks format: int64 (whatever their depth in an answer).
const INT64_MEMBERS = new Set(["bottles", "count", "exact_up_to", "heaps", "k", "leave", "limits",
  "loopy", "numbers", "pairs", "piles", "sg", "split", "stairs", "steps", "take", "to", "values"]);

// A string of decimal digits as a number: a Number while exact, else a BigInt.
function exactNumber(digits) {
  const big = BigInt(digits);
  return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
}

const DIGITS = /^-?(0|[1-9][0-9]*)$/;

// Every string of digits in an int64 member's value (a number, or arrays of them) read back.
function int64Value(value) {
  if (typeof value === "string" && DIGITS.test(value)) return exactNumber(value);
  if (Array.isArray(value)) return value.map(int64Value);
  return value;
}

// An answer's text, its int64 members' strings of digits read as numbers.
function parseAnswer(text) {
  return JSON.parse(text, (key, value) => (INT64_MEMBERS.has(key) ? int64Value(value) : value));
}

// JSON typed by a person or carried in a URL: an integer literal past 2^53-1 is read whole
// (as a BigInt), where JSON.parse would round it.
function parseExact(text) {
  const MARK = "\u0000";
  const marked = text.replace(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g, (token) =>
    (token[0] !== '"' && /^-?\d{16,}$/.test(token) ? `"\\u0000${token}"` : token));
  return JSON.parse(marked, (key, value) =>
    (typeof value === "string" && value[0] === MARK ? exactNumber(value.slice(1)) : value));
}

// JSON text of a value that may hold BigInts, each written as its digits.
function jsonText(value) {
  const MARK = "\u0000";
  return JSON.stringify(value, (key, v) => (typeof v === "bigint" ? MARK + v.toString() + MARK : v))
    .replace(/"\\u0000(-?\d+)\\u0000"/g, "$1");
}

// n + d exactly (n a Number or a BigInt), as exactNumber keeps it.
function exactAdd(n, d) {
  return exactNumber((BigInt(n) + BigInt(d)).toString());
}

// Every request asks for exact integers: this path with int64=string added to its query.
function withInt64(path) {
  return path + (path.includes("?") ? "&" : "?") + "int64=string";
}

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST",
    headers: {"Content-Type": "application/json"},
    body: jsonText(body),
  };
  const response = await fetch(withInt64(path), init);
  const data = parseAnswer(await response.text());
  if (!response.ok) throw new Problem(data);
  return data;
}

// A GET of the game (the answer a browser or a CDN may keep) where its URL is short enough,
// else a POST of it.
async function ask(path, query, game) {
  const encoded = encodeURIComponent(jsonText(game));
  if (path.length + query.length + encoded.length < GET_URL_CHARS) {
    return api(`${path}?game=${encoded}${query ? "&" + query : ""}`);
  }
  return api(query ? `${path}?${query}` : path, game);
}

// The game with its convention, named whenever it is not the type's own (Notakto's is
// misère).
function withConvention(game) {
  const own = (state.entry && state.entry.default_convention) || "normal";
  return state.convention === own ? game : {...game, convention: state.convention};
}

// How the server should give the position after each move (its `positions` parameter):
// whole for a small game, only what changes for a large one (a big graph's every move
// would repeat the graph).
function positionsFor(game) {
  return jsonText(game).length > LARGE_GAME_CHARS ? "changed" : "full";
}

// The game after a move: its `position`, the whole game, or (positions=changed) the game
// with the move's `changed` applied: a sum's component, the edges hackenbush removes
// (indices into the game's edges), or members that take new values.
function afterMove(game, move) {
  return move.position !== undefined ? move.position : applyChange(game, move.changed);
}

function applyChange(game, change) {
  if (game.type === "sum" && change.components) return {...game, components: change.components};
  if (game.type === "sum") {
    const components = game.components.slice();
    components[change.component] = applyChange(components[change.component], change.changed);
    return {...game, components};
  }
  if (game.type === "hackenbush") {
    const gone = new Set(change.removed);
    return {...game, edges: game.edges.filter((_, i) => !gone.has(i))};
  }
  return {...game, ...change};
}

// --- elements -----------------------------------------------------------------------

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "onclick" || k === "onkeydown") node.addEventListener(k.slice(2), v);
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v);
  }
  node.append(...children);
  return node;
}

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

function svgText(x, y, text, cls = "") {
  const t = svg("text", {x, y, class: cls});
  t.textContent = text;
  return t;
}

// A picture element that picks moves: click or Enter/Space.
function pickable(node, label, pred) {
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  node.classList.add("pickable");
  node.addEventListener("click", (e) => { e.stopPropagation(); pick(pred, label); });
  node.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(pred, label); }
  });
  return node;
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

function fieldText(value) {
  if (value === undefined) return "";
  if (typeof value === "string") return value;
  return jsonText(value).replace(/,/g, ", ");
}

// Positions of other variants of a type, offered beside its catalog example: the coin
// rules and Tartan grids, Chomp's bars, graphs for Node-Kayles, Notakto's boards, an
// Every-SG sum.
const VARIANTS = {
  coins: [
    ["Twins", {coins: "THHTHT", rule: "twins"}],
    ["Mock Turtles", {coins: "HTHHTTHT", rule: "mock_turtles"}],
    ["Ruler", {coins: "TTTHTTTHHT", rule: "ruler"}],
    ["Moebius", {coins: "HTTHTHHTTH", rule: "moebius"}],
    ["Turning Corners (twins × twins)", {grid: ["TTTT", "THHT", "THTT", "TTTH"], rule: ["twins", "twins"]}],
    ["Tartan: ruler × mock turtles", {grid: ["THTHHT", "HTTHTT", "TTHTTH", "HHTTTT"], rule: ["ruler", "mock_turtles"]}],
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

// --- editors made for each kind of field ---------------------------------------------

// Which editor a field gets, from its example: steppers for a list of numbers (heaps,
// stairs, bottles, tokens...) or of pairs (piles, pieces...), a row of coins to turn;
// none for a graph's edges or anything else, typed as JSON.
function editorKind(name, example) {
  const isInt = Number.isInteger;
  if (name === "coins" && typeof example === "string") return "coins";
  if (name === "grid" && Array.isArray(example) && example.every((r) => typeof r === "string")) return "grid";
  if (name === "edges" || !Array.isArray(example) || !example.length) return null;
  if (example.every(isInt)) return "list";
  if (example.every((p) => Array.isArray(p) && p.length === 2 && p.every(isInt))) return "pairs";
  return null;
}

function stepper(label, value, set) {
  return el("span", {class: "stepper"},
    el("button", {type: "button", class: "less", "aria-label": `${label}: one less`,
                  onclick: () => set(value > 0 ? exactAdd(value, -1) : value)}, "−"),
    el("output", {text: String(value)}),
    el("button", {type: "button", class: "more", "aria-label": `${label}: one more`,
                  onclick: () => set(exactAdd(value, 1))}, "+"));
}

// The editor of a field, kept in step with its JSON text both ways; null for none.
function attachEditor(name, input, example) {
  const kind = editorKind(name, example);
  if (!kind) return null;
  const box = el("div", {class: "editor " + kind, id: "editor-" + name});
  const noun = name.replace(/s$/, "");
  const write = (value) => { input.value = fieldText(value); draw(); };
  const draw = () => {
    let value;
    try {
      value = kind === "coins" ? input.value.trim() : parseExact(input.value);
    } catch (e) {
      return; /* being typed: the editor waits for JSON */
    }
    const items = [];
    if (kind === "grid" && Array.isArray(value) && value.every((r) => /^[HT]*$/.test(r))) {
      const turn = (r, c) => value.map((row, i) => (i !== r ? row
        : row.slice(0, c) + (row[c] === "H" ? "T" : "H") + row.slice(c + 1)));
      value.forEach((row, r) => items.push(el("div", {class: "grid-row"}, ...[...row].map((f, c) =>
        el("button", {type: "button", class: "coin-face " + f,
                      "aria-label": `row ${r + 1}, column ${c + 1}: ${f === "H" ? "heads" : "tails"}, turn it`,
                      onclick: () => write(turn(r, c))}, f)))));
      const width = value.length ? value[0].length : 1;
      items.push(el("div", {class: "buttons"},
        el("button", {type: "button", class: "add", onclick: () => write([...value, "T".repeat(width)])}, "+ row"),
        el("button", {type: "button", class: "remove", onclick: () => write(value.slice(0, -1))}, "− row"),
        el("button", {type: "button", class: "add", onclick: () => write(value.map((r) => r + "T"))}, "+ column"),
        el("button", {type: "button", class: "remove", onclick: () => write(value.map((r) => r.slice(0, -1)))}, "− column")));
    } else if (kind === "coins" && /^[HT]*$/.test(value)) {
      [...value].forEach((c, i) => items.push(el("button", {type: "button", class: "coin-face " + c,
        "aria-label": `coin ${i + 1}: ${c === "H" ? "heads" : "tails"}, turn it`,
        onclick: () => write(value.slice(0, i) + (c === "H" ? "T" : "H") + value.slice(i + 1))}, c)));
      items.push(el("button", {type: "button", class: "add", onclick: () => write(value + "H")}, "+ coin"),
                 el("button", {type: "button", class: "remove", onclick: () => write(value.slice(0, -1))}, "− coin"));
    } else if (kind === "list" && Array.isArray(value) && value.every(Number.isInteger)) {
      value.forEach((v, i) => items.push(stepper(`${noun} ${i}`, v, (n) => write(value.map((w, j) => (j === i ? n : w))))));
      items.push(el("button", {type: "button", class: "add", onclick: () => write([...value, 1])}, `+ ${noun}`),
                 el("button", {type: "button", class: "remove", onclick: () => write(value.slice(0, -1))}, `− ${noun}`));
    } else if (kind === "pairs" && Array.isArray(value) && value.every((p) => Array.isArray(p) && p.length === 2)) {
      value.forEach((p, i) => items.push(el("span", {class: "pair"}, ...p.map((v, k) =>
        stepper(`${noun} ${i}, number ${k}`, v, (n) => write(value.map((q, j) => (j === i ? q.map((w, m) => (m === k ? n : w)) : q))))))));
      items.push(el("button", {type: "button", class: "add", onclick: () => write([...value, [1, 1]])}, `+ ${noun}`),
                 el("button", {type: "button", class: "remove", onclick: () => write(value.slice(0, -1))}, `− ${noun}`));
    } else {
      return;
    }
    box.replaceChildren(...items);
  };
  input.addEventListener("input", draw);
  draw();
  return box;
}

const MAX_EDITED_NODES = 40; // a larger graph is edited as JSON

// A graph editor for the nodes and edges fields: nodes on a circle; press one node, then
// another (or the same, for a loop), to add an edge; press an edge to take it away; a node
// is added or the last one taken away (with its edges) by the buttons. It writes both
// fields, and redraws from what is typed in them.
function graphEditor(nodesInput, edgesInput, directed) {
  const box = el("div", {class: "editor graph-editor", id: "editor-graph"});
  let chosen = null; /* the first node of an edge being added */
  const write = (nodes, edges) => {
    nodesInput.value = String(nodes);
    edgesInput.value = fieldText(edges);
    draw();
  };
  const draw = () => {
    let nodes, edges;
    try {
      nodes = parseExact(nodesInput.value);
      edges = parseExact(edgesInput.value);
    } catch (e) {
      return;
    }
    if (!Number.isInteger(nodes) || nodes < 1 || !Array.isArray(edges)) return;
    if (nodes > MAX_EDITED_NODES) {
      box.replaceChildren(el("p", {class: "hint", text: `${nodes} nodes: edit the edges as JSON.`}));
      return;
    }
    const size = 240, r = 95, c = size / 2;
    const at = (v) => [c + r * Math.sin(2 * Math.PI * v / nodes), c - r * Math.cos(2 * Math.PI * v / nodes)];
    const image = svg("svg", {class: "graph", viewBox: `0 0 ${size} ${size}`, width: size, height: size,
                              role: "group", "aria-label": "the graph being edited"});
    const k = parallelIndex(edges);
    edges.forEach(([u, v], i) => {
      if (u >= nodes || v >= nodes) return;
      const path = svg("path", {d: edgePath(at(u), at(v), k[i], u === v), class: "edge edit-edge",
                                "data-edge": i, "marker-end": directed ? "url(#edit-arrow)" : "",
                                tabindex: "0", role: "button",
                                "aria-label": `edge ${i} (${u}–${v}): take it away`});
      path.addEventListener("click", () => write(nodes, edges.filter((_, j) => j !== i)));
      image.append(path);
    });
    if (directed) {
      image.prepend(svg("defs", {}, svg("marker", {id: "edit-arrow", viewBox: "0 0 10 10", refX: "20", refY: "5",
                                                   markerWidth: "7", markerHeight: "7", orient: "auto-start-reverse"},
                                        svg("path", {d: "M 0 0 L 10 5 L 0 10 z", class: "arrowhead"}))));
    }
    for (let v = 0; v < nodes; v++) {
      const [x, y] = at(v);
      const node = svg("g", {class: "node" + (v === chosen ? " chosen" : ""), "data-node": v, tabindex: "0",
                             role: "button", "aria-label": `node ${v}`},
                       svg("circle", {cx: x, cy: y, r: 12}), svgText(x, y + 4, String(v)));
      node.addEventListener("click", () => {
        if (chosen === null) {
          chosen = v;
          draw();
        } else {
          const from = chosen;
          chosen = null;
          write(nodes, [...edges, [from, v]]);
        }
      });
      image.append(node);
    }
    box.replaceChildren(image, el("div", {class: "buttons"},
      el("button", {type: "button", class: "add", onclick: () => write(nodes + 1, edges)}, "+ node"),
      el("button", {type: "button", class: "remove", onclick: () => {
        if (nodes > 1) write(nodes - 1, edges.filter(([u, v]) => u < nodes - 1 && v < nodes - 1));
      }}, "− node")),
      el("p", {class: "hint", text: chosen === null ? "Press a node, then another, to add an edge; press an edge to take it away."
                                                    : `From node ${chosen}: press the node the edge goes to.`}));
  };
  nodesInput.addEventListener("input", draw);
  edgesInput.addEventListener("input", draw);
  draw();
  return box;
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

// --- describing moves ---------------------------------------------------------------

function plural(n, word) { return `${n} ${word}${n === 1 ? "" : "s"}`; }

// A Notakto cell as its row and column, on the boards of the game being played.
function notaktoCell(cell) {
  const board = state.game && state.game.boards && state.game.boards[0];
  const k = board ? Math.round(Math.sqrt(board.length)) : 3;
  return `row ${Math.floor(cell / k) + 1}, column ${cell % k + 1}`;
}

function describeMove(m) {
  if (m.moves) return m.moves.map(describeMove).join("; ");
  if (m.component !== undefined && m.move) return `component ${m.component}: ${describeMove(m.move)}`;
  if (m.board !== undefined) return `X on board ${m.board + 1}, ${notaktoCell(m.cell)}`;
  if (m.cell) return `eat square (${m.cell[0]}, ${m.cell[1]}) and all right of it and below it`;
  if (m.cells) return `domino on (${m.cells[0].join(", ")}) and (${m.cells[1].join(", ")})`;
  if (m.node !== undefined) return `take vertex ${m.node}` + (m.removed.length > 1 ? ` (and ${m.removed.filter((v) => v !== m.node).join(", ")})` : "");
  if (m.flip && Array.isArray(m.flip[0])) return `turn ${m.flip.map(([r, c]) => `(${r}, ${c})`).join(", ")}`;
  if (m.takes) return m.takes.map((t) => `take ${t.take} from heap ${t.heap}`).join(", ");
  if (m.split) return `heap ${m.heap}: split into ${m.split[0]} + ${m.split[1]}`;
  if (m.leave) {
    const left = m.leave.length ? `leave ${m.leave.join(" + ")}` : "leave nothing";
    return `heap ${m.heap}: take ${m.take}, ${left}`;
  }
  if (m.heap !== undefined) return `heap ${m.heap}: take ${m.take}`;
  if (m.bottle !== undefined) return `bottle ${m.bottle} → bottles ${m.into[0]} and ${m.into[1]}`;
  if (m.stair !== undefined) return `stair ${m.stair}: move ${plural(m.count, "coin")} down`;
  if (m.flip) return `turn coin${m.flip.length > 1 ? "s" : ""} ${m.flip.join(" and ")}`;
  if (m.piece !== undefined) {
    return `piece ${m.piece}: ${m.cut} cut at ${m.at}` + (m.wins_immediately ? " (cuts out 1×1)" : "");
  }
  if (m.pair !== undefined) return `pair ${m.pair}: → (${m.to.join(", ")})`;
  if (m.pile !== undefined) {
    const [x, y] = m.take;
    const what = x && y ? `take ${x} from both` : x ? `take ${x} from the first` : `take ${y} from the second`;
    return `pile ${m.pile}: ${what}`;
  }
  if (m.number !== undefined) return `number ${m.number}: → ${m.to}`;
  if (m.token !== undefined) return `token ${m.token}: node ${m.from} → ${m.to}`;
  if (m.edge !== undefined) {
    const others = m.removed.filter((e) => e !== m.edge);
    const fall = others.length > 8 ? `${others.length} more edges fall` : `edges ${others.join(", ")} fall`;
    return `delete edge ${m.edge}` + (others.length ? ` (${fall})` : "");
  }
  const {position, outcome, sg, remoteness, ...rest} = m;
  return jsonText(rest);
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
  const item = el("li", {text: `${who}: ${describeMove(move)}`});
  $("history").append(item);
  state.before = who === "nimber" ? state.game : null;
  const last = $("last-move");
  last.hidden = who !== "nimber";
  last.textContent = who === "nimber" ? `nimber played: ${describeMove(move)}` : "";
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
      el("span", {class: "what", text: describeMove(m)}),
      el("span", {class: "facts", text: hints ? facts.join(" · ") : ""}));
    button.disabled = !canPlay;
    const cls = highlight ? (highlight(m) ? "match" : "dim") : "";
    list.append(el("li", cls ? {class: cls} : {}, button));
  }
}

function renderBoard() {
  const board = $("board");
  board.replaceChildren(picture(state.game, (pred) => pred, state.analysis));
  if (state.convention === "misere") {
    board.prepend(el("p", {class: "misere-badge", text: "Misère: whoever makes the last move loses"}));
  }
  if (state.before) markChanges(state.before, state.game, board);
}

// Marks on the board the parts nimber's last move changed: each heap, stair, coin, number
// or cell whose value is not what it was (a sum's, in its component's picture); else the
// picture, never the misère badge above it.
function markChanges(before, after, scope) {
  if (after.type === "sum") {
    const pictures = scope.querySelectorAll(":scope .component");
    after.components.forEach((c, i) => {
      if (pictures[i] && jsonText(c) !== jsonText(before.components[i])) {
        markChanges(before.components[i], c, pictures[i]);
      }
    });
    return;
  }
  const member = {heaps: ["heap", 0], bottles: ["heap", 0], stairs: ["stair", 1], numbers: ["number", 0]};
  for (const [name, [attr, first]] of Object.entries(member)) {
    const was = before[name], now = after[name];
    if (!Array.isArray(now) || !Array.isArray(was)) continue;
    now.forEach((v, i) => {
      if (v !== was[i]) scope.querySelectorAll(`[data-${attr}="${i + first}"]`).forEach((e) => e.classList.add("changed"));
    });
  }
  if (typeof after.coins === "string") {
    [...after.coins].forEach((c, i) => {
      if (c !== before.coins[i]) scope.querySelectorAll(`[data-coin="${i + 1}"]`).forEach((e) => e.classList.add("changed"));
    });
  }
  if (Array.isArray(after.boards) && Array.isArray(before.boards)) { /* notakto: the X put */
    after.boards.forEach((text, b) => [...text].forEach((ch, c) => {
      if (before.boards[b] && ch !== before.boards[b][c]) {
        scope.querySelectorAll(`[data-board="${b}"][data-cell="${c}"]`).forEach((e) => e.classList.add("changed"));
      }
    }));
  }
  if (Array.isArray(after.board) && Array.isArray(before.board)) { /* cram: the domino's cells */
    after.board.forEach((text, r) => [...text].forEach((ch, c) => {
      if (before.board[r] && ch !== before.board[r][c]) {
        scope.querySelectorAll(`[data-cell="${r},${c}"]`).forEach((e) => e.classList.add("changed"));
      }
    }));
  }
  /* the picture: the first child but the misère badge */
  const root = [...scope.children].find((e) => !e.classList.contains("misere-badge"));
  for (const name of ["piles", "pairs", "pieces"]) { /* a figure each, in order */
    const was = before[name], now = after[name];
    if (!root || !Array.isArray(now) || !Array.isArray(was) || now.length !== was.length) continue;
    now.forEach((v, i) => {
      if (jsonText(v) !== jsonText(was[i]) && root.children[i]) root.children[i].classList.add("changed");
    });
  }
  if (!scope.querySelector(".changed") && root) root.classList.add("changed"); /* the picture */
}

// The picture of a game object; wrap(pred) turns a component's move test into the whole
// game's (sums wrap their components' pictures).
function picture(game, wrap, analysis) {
  const draw = PICTURES[game.type];
  if (!draw) return el("p", {class: "hint", text: "No picture for this game: play from the move list."});
  return draw(game, wrap, analysis);
}

// Columns of counters, one per heap (or bottle): clicking one marks the moves it could
// stand for; with `takes`, a counter picks the moves that take from it up.
function heapsPicture(game, wrap) {
  return columnsPicture(game.heaps, "heap",
    (i) => (m) => m.heap === i || (m.takes || []).some((t) => t.heap === i), wrap,
    game.type !== "grundy");
}

// Dynamic subtraction: the heaps, each with the most its next move may take beneath it.
function fibonacciPicture(game, wrap) {
  const box = heapsPicture(game, wrap);
  box.querySelectorAll(".heap").forEach((column, i) => {
    const limit = (game.limits || [])[i];
    column.append(el("span", {class: "caption limit", text: limit == null ? "first move" : `takes ≤ ${limit}`}));
  });
  return box;
}

function beansPicture(game, wrap) {
  return columnsPicture(game.bottles, "bottle", (i) => (m) => m.bottle === i, wrap, false);
}

function columnsPicture(sizes, noun, movesOf, wrap, takes) {
  const box = el("div", {class: "heaps"});
  sizes.forEach((size, i) => {
    const column = pickable(el("div", {class: "heap", "data-heap": i, "data-size": size}),
                            `${noun} ${i} of ${size}`, wrap(movesOf(i)));
    const drawn = size > MAX_DRAWN_COUNTERS ? MAX_DRAWN_COUNTERS : size; /* size may be a BigInt */
    for (let level = drawn; level >= 1; level--) {
      const counter = el("span", {class: "counter"});
      if (size <= MAX_DRAWN_COUNTERS && takes) {
        const take = size - level + 1;
        counter.title = `take ${take} from heap ${i}`;
        counter.addEventListener("click", (e) => {
          e.stopPropagation();
          pick(wrap((m) => m.heap === i && m.take === take), `take ${take} from heap ${i}`);
        });
      }
      column.append(counter);
    }
    column.append(el("span", {class: "label", text: String(size)}),
                  el("span", {class: "caption", text: `${noun} ${i}`}));
    box.append(column);
  });
  return box;
}

function stairsPicture(game, wrap) {
  const box = el("div", {class: "heaps stairs"});
  box.append(el("div", {class: "heap floor"}, el("span", {class: "caption", text: "floor"}),
                el("span", {class: "riser"})));
  game.stairs.forEach((coins, i) => {
    const stair = i + 1;
    const column = pickable(el("div", {class: "heap", "data-stair": stair, "data-size": coins}),
                            `stair ${stair} with ${plural(coins, "coin")}`, wrap((m) => m.stair === stair));
    const drawn = coins > MAX_DRAWN_COUNTERS ? MAX_DRAWN_COUNTERS : coins; /* coins may be a BigInt */
    for (let level = drawn; level >= 1; level--) {
      const counter = el("span", {class: "counter coin"});
      if (coins <= MAX_DRAWN_COUNTERS) {
        const count = coins - level + 1;
        counter.addEventListener("click", (e) => {
          e.stopPropagation();
          pick(wrap((m) => m.stair === stair && m.count === count), `move ${count} from stair ${stair}`);
        });
      }
      column.append(counter);
    }
    column.append(el("span", {class: "label", text: String(coins)}),
                  el("span", {class: "caption", text: `stair ${stair}`}),
                  el("span", {class: `riser step${Math.min(stair, 8)}`}));
    box.append(column);
  });
  return box;
}

// A row of coins (each picks the moves whose rightmost coin it is), or a grid (each picks
// the moves whose south-east corner it is), with the rule written under it.
function coinsPicture(game, wrap) {
  const rule = game.rule === undefined ? "turtles" : [].concat(game.rule).join(" × ");
  const box = el("div", {class: "coin-board"});
  box.append(Array.isArray(game.grid) ? coinGridPicture(game, wrap) : coinRowPicture(game, wrap),
             el("p", {class: "caption rule", text: `rule: ${rule.replace(/_/g, " ")}`}));
  return box;
}

function coinGridPicture(game, wrap) {
  const board = el("div", {class: "coin-grid", role: "group", "aria-label": "the grid of coins"});
  game.grid.forEach((row, r) => {
    const line = el("div", {class: "coin-row"});
    [...row].forEach((face, c) => {
      const corner = (m) => m.flip && m.flip.length && Array.isArray(m.flip[0]) &&
        m.flip[m.flip.length - 1][0] === r + 1 && m.flip[m.flip.length - 1][1] === c + 1;
      line.append(pickable(el("span", {class: "coin-face " + face, "data-cell": `${r + 1},${c + 1}`, text: face}),
                           `coin at row ${r + 1}, column ${c + 1}, ${face === "H" ? "heads" : "tails"}`, wrap(corner)));
    });
    board.append(line);
  });
  return board;
}

function coinRowPicture(game, wrap) {
  const row = el("div", {class: "coins"});
  [...game.coins].forEach((face, i) => {
    const coin = i + 1;
    const faceEl = pickable(el("span", {class: "coin-face " + face, "data-coin": coin, text: face}),
                            `coin ${coin}, ${face === "H" ? "heads" : "tails"}`,
                            wrap((m) => m.flip && m.flip[m.flip.length - 1] === coin));
    row.append(el("span", {class: "coin-slot"}, faceEl, el("span", {class: "caption", text: String(coin)})));
  });
  return row;
}

function cuttingPicture(game, wrap) {
  const box = el("div", {class: "pieces"});
  game.pieces.forEach(([w, h], p) => {
    const unit = Math.max(2, Math.min(34, Math.floor(240 / Math.max(w, h))));
    const image = svg("svg", {width: w * unit + 8, height: h * unit + 8, class: "piece",
                              viewBox: `-4 -4 ${w * unit + 8} ${h * unit + 8}`});
    image.append(pickable(svg("rect", {x: 0, y: 0, width: w * unit, height: h * unit, class: "paper"}),
                          `piece ${p}, ${w}×${h}`, wrap((m) => m.piece === p)));
    if (unit >= 6) {
      for (let at = 1; at < w; at++) {
        image.append(pickable(svg("line", {x1: at * unit, y1: 0, x2: at * unit, y2: h * unit, class: "cut"}),
                              `cut piece ${p} vertically at ${at}`,
                              wrap((m) => m.piece === p && m.cut === "vertical" && m.at === at)));
      }
      for (let at = 1; at < h; at++) {
        image.append(pickable(svg("line", {x1: 0, y1: at * unit, x2: w * unit, y2: at * unit, class: "cut"}),
                              `cut piece ${p} horizontally at ${at}`,
                              wrap((m) => m.piece === p && m.cut === "horizontal" && m.at === at)));
      }
    }
    box.append(el("figure", {}, image, el("figcaption", {text: `piece ${p}: ${w}×${h}`})));
  });
  return box;
}

// Each pair as two bars drawn to one scale; on the larger, a notch at every value it may
// be cut down to (the remainder plus a multiple of the smaller), while there are few.
function euclidPicture(game, wrap) {
  const box = el("div", {class: "pieces pairs"});
  game.pairs.forEach(([a, b], p) => {
    const width = 300, bar = 22, top = Math.max(Number(a), Number(b), 1); /* a scale: near enough */
    const image = svg("svg", {width: width + 16, height: 2 * bar + 34, class: "pair",
                              viewBox: `-8 -6 ${width + 16} ${2 * bar + 34}`});
    const length = (n) => Math.max(n ? 2 : 0, (Number(n) / top) * width);
    [a, b].forEach((n, side) => {
      const y = side * (bar + 12);
      image.append(pickable(svg("rect", {x: 0, y, width: length(n), height: bar, class: "number"}),
                            `pair ${p}: ${n}`, wrap((m) => m.pair === p)),
                   svgText(4, y + bar + 10, String(n), "label"));
    });
    const [big, small] = a >= b ? [0, b] : [1, a];
    const larger = a >= b ? a : b;
    if (small > 0 && Number.isSafeInteger(larger) && larger / small <= 60) {
      for (let to = larger % small; to < larger; to += small) {
        const x = length(to), y = big * (bar + 12);
        image.append(pickable(svg("line", {x1: x, y1: y - 3, x2: x, y2: y + bar + 3, class: "cut"}),
                              `pair ${p}: cut ${larger} down to ${to}`,
                              wrap((m) => m.pair === p && m.to[big] === to)));
      }
    }
    box.append(el("figure", {}, image, el("figcaption", {text: `pair ${p}: (${a}, ${b})`})));
  });
  return box;
}

// Each pile as a queen on a board, moving left, down or diagonally toward the corner
// (0, 0); each square she may reach picks its move. A pile past 24 is drawn as its two
// numbers.
function wythoffPicture(game, wrap) {
  const box = el("div", {class: "pieces piles"});
  game.piles.forEach(([a, b], p) => {
    const caption = el("figcaption", {text: `pile ${p}: (${a}, ${b})`});
    if (!(Number.isSafeInteger(a) && Number.isSafeInteger(b) && a <= 24 && b <= 24)) {
      box.append(el("figure", {}, pickable(el("div", {class: "number-tile", text: `${a} · ${b}`}),
                                           `pile ${p}: (${a}, ${b})`, wrap((m) => m.pile === p)), caption));
      return;
    }
    const unit = Math.max(12, Math.min(26, Math.floor(260 / (Math.max(a, b) + 1))));
    const image = svg("svg", {width: (a + 1) * unit + 8, height: (b + 1) * unit + 8, class: "board",
                              viewBox: `-4 -4 ${(a + 1) * unit + 8} ${(b + 1) * unit + 8}`});
    for (let x = 0; x <= a; x++) {
      for (let y = 0; y <= b; y++) {
        const [dx, dy] = [a - x, b - y];
        const reach = (dx === 0) !== (dy === 0) || (dx === dy && dx > 0);
        const square = svg("rect", {x: x * unit, y: (b - y) * unit, width: unit, height: unit,
                                    class: "square" + ((x + y) % 2 ? " dark" : "") + (reach ? " reach" : "")});
        image.append(reach ? pickable(square, `pile ${p}: to (${x}, ${y})`,
                                      wrap((m) => m.pile === p && m.take[0] === dx && m.take[1] === dy)) : square);
      }
    }
    image.append(svgText(a * unit + unit / 2, (b - b) * unit + unit * 0.72, "♛", "queen"));
    box.append(el("figure", {}, image, caption));
  });
  return box;
}

// Each number as a tile; a number of at most 10^4 lists the numbers it may become, each
// a chip that picks its move.
function numbersPicture(game, wrap) {
  const box = el("div", {class: "numbers"});
  game.numbers.forEach((n, i) => {
    const tile = pickable(el("div", {class: "number-tile", "data-number": i}, el("span", {text: String(n)})),
                          `number ${i}: ${n}`, wrap((m) => m.number === i));
    const targets = el("div", {class: "targets"});
    if (Number.isSafeInteger(n) && n <= 10000) {
      for (let d = 1; d < n; d++) {
        if (n % d) continue;
        const to = game.rule === "subtract" ? n - d : d;
        targets.append(pickable(el("span", {class: "chip", text: String(to)}),
                                `number ${i}: ${n} → ${to}`, wrap((m) => m.number === i && m.to === to)));
      }
    }
    box.append(el("figure", {}, tile, targets, el("figcaption", {text: `number ${i}`})));
  });
  return box;
}

// Layers of a graph by breadth-first distance from `roots` (then from each node not yet
// reached); returns layer[v].
function bfsLayers(nodes, adjacency, roots) {
  const layer = new Array(nodes).fill(-1);
  const queue = [];
  const visit = (v, d) => { if (layer[v] < 0) { layer[v] = d; queue.push(v); } };
  const drain = () => {
    while (queue.length) {
      const v = queue.shift();
      for (const w of adjacency[v]) visit(w, layer[v] + 1);
    }
  };
  roots.forEach((r) => visit(r, 0));
  drain();
  for (let v = 0; v < nodes; v++) if (layer[v] < 0) { visit(v, 0); drain(); }
  return layer;
}

// Positions of nodes in layers: rows from `top` (downward) or from the bottom (upward),
// each row ordered by the mean place of its neighbours in the row before (one sweep).
function layeredPlaces(nodes, adjacency, layer, upward) {
  const rows = [];
  for (let v = 0; v < nodes; v++) (rows[layer[v]] = rows[layer[v]] || []).push(v);
  const place = new Array(nodes).fill(0);
  rows.forEach((row, d) => {
    if (d > 0) {
      const key = (v) => {
        const near = adjacency[v].filter((w) => layer[w] === d - 1);
        return near.length ? near.reduce((s, w) => s + place[w], 0) / near.length : place[v];
      };
      row.sort((a, b) => key(a) - key(b));
    }
    row.forEach((v, i) => { place[v] = (i + 1) / (row.length + 1); });
  });
  const width = Math.max(320, Math.max(...rows.map((r) => r.length)) * 70);
  const height = rows.length * 80 + 30;
  const xy = [];
  for (let v = 0; v < nodes; v++) {
    const y = upward ? height - 40 - layer[v] * 80 : 30 + layer[v] * 80;
    xy[v] = [place[v] * width, y];
  }
  return {xy, width, height};
}

function tooLarge(nodes) {
  return el("p", {class: "hint",
                  text: `A graph of ${nodes} nodes is too large to draw here: play from the move list.`});
}

// The path of an edge from a to b: a loop up and to the right of a, a straight line, or the k-th of
// several parallel edges bent to one side.
function edgePath([ax, ay], [bx, by], k, self) {
  if (self) {
    const r = 56 * (1 + 0.4 * k);
    return `M ${ax} ${ay} c ${r} ${-r / 4} ${r / 4} ${-r} 0 0`;
  }
  if (k === 0) return `M ${ax} ${ay} L ${bx} ${by}`;
  const bend = (k % 2 ? 1 : -1) * Math.ceil(k / 2) * 22;
  const [mx, my] = [(ax + bx) / 2, (ay + by) / 2];
  const len = Math.hypot(bx - ax, by - ay) || 1;
  const [nx, ny] = [-(by - ay) / len, (bx - ax) / len];
  return `M ${ax} ${ay} Q ${mx + nx * bend * 2} ${my + ny * bend * 2} ${bx} ${by}`;
}

// Where the middle of edgePath's curve lies (the edge's number is written there).
function edgeMiddle([ax, ay], [bx, by], k, self) {
  if (self) {
    const r = 56 * (1 + 0.4 * k);
    return [ax + r * 0.45, ay - r * 0.55];
  }
  if (k === 0) return [(ax + bx) / 2, (ay + by) / 2];
  const bend = (k % 2 ? 1 : -1) * Math.ceil(k / 2) * 22;
  const [mx, my] = [(ax + bx) / 2, (ay + by) / 2];
  const len = Math.hypot(bx - ax, by - ay) || 1;
  const [nx, ny] = [-(by - ay) / len, (bx - ax) / len];
  return [mx + nx * bend, my + ny * bend]; /* a quadratic's middle: halfway to its control point */
}

function parallelIndex(edges) {
  const count = new Map();
  return edges.map(([u, v]) => {
    const key = u < v ? `${u},${v}` : `${v},${u}`;
    const k = count.get(key) || 0;
    count.set(key, k + 1);
    return k;
  });
}

function dagPicture(game, wrap) {
  if (game.nodes > MAX_DRAWN_NODES) return tooLarge(game.nodes);
  const out = Array.from({length: game.nodes}, () => []);
  const both = Array.from({length: game.nodes}, () => []);
  const indegree = new Array(game.nodes).fill(0);
  for (const [u, v] of game.edges) { out[u].push(v); both[u].push(v); both[v].push(u); indegree[v]++; }
  const sources = [...indegree.keys()].filter((v) => indegree[v] === 0);
  const layer = bfsLayers(game.nodes, out, sources.length ? sources : [0]);
  const {xy, width, height} = layeredPlaces(game.nodes, both, layer, false);
  const image = svg("svg", {class: "graph", viewBox: `0 0 ${width} ${height}`, width, height,
                            role: "group", "aria-label": "the graph"});
  image.append(svg("defs", {}, svg("marker", {id: "arrow", viewBox: "0 0 10 10", refX: "22", refY: "5",
                                              markerWidth: "7", markerHeight: "7", orient: "auto-start-reverse"},
                                   svg("path", {d: "M 0 0 L 10 5 L 0 10 z", class: "arrowhead"}))));
  const tokensAt = new Map();
  game.tokens.forEach((v, t) => tokensAt.set(v, [...(tokensAt.get(v) || []), t]));
  const k = parallelIndex(game.edges);
  game.edges.forEach(([u, v], i) => {
    const path = svg("path", {d: edgePath(xy[u], xy[v], k[i], u === v), class: "edge",
                              "marker-end": "url(#arrow)", "data-edge": i});
    if (tokensAt.has(u)) {
      pickable(path, `move a token from node ${u} to node ${v}`, wrap((m) => m.from === u && m.to === v));
    }
    image.append(path);
  });
  for (let v = 0; v < game.nodes; v++) {
    const [x, y] = xy[v];
    const tokens = tokensAt.get(v) || [];
    const node = svg("g", {class: "node" + (tokens.length ? " has-token" : ""), "data-node": v},
                     svg("circle", {cx: x, cy: y, r: 14}), svgText(x, y + 5, String(v)));
    if (tokens.length) {
      node.append(svg("circle", {cx: x + 13, cy: y - 13, r: 8, class: "token"}),
                  svgText(x + 13, y - 9, String(tokens.length), "token-count"));
      pickable(node, `node ${v} with ${plural(tokens.length, "token")}`, wrap((m) => m.from === v));
    }
    image.append(node);
  }
  return image;
}

function hackenbushPicture(game, wrap, analysis) {
  if (game.nodes > MAX_DRAWN_NODES) return tooLarge(game.nodes);
  const ground = game.ground || 0;
  const both = Array.from({length: game.nodes}, () => []);
  for (const [u, v] of game.edges) { both[u].push(v); both[v].push(u); }
  const layer = bfsLayers(game.nodes, both, [ground]);
  const {xy, width, height} = layeredPlaces(game.nodes, both, layer, true);
  const image = svg("svg", {class: "graph hackenbush", viewBox: `0 0 ${width} ${height}`, width, height,
                            role: "group", "aria-label": "the graph"});
  image.append(svg("line", {x1: 0, y1: xy[ground][1] + 14, x2: width, y2: xy[ground][1] + 14, class: "ground"}));
  const fallen = new Set((analysis && analysis.fallen) || []);
  const k = parallelIndex(game.edges);
  game.edges.forEach(([u, v], i) => {
    const path = svg("path", {d: edgePath(xy[u], xy[v], k[i], u === v),
                              class: "stalk" + (fallen.has(i) ? " fallen" : ""), "data-edge": i});
    if (!fallen.has(i)) pickable(path, `delete edge ${i} (${u}–${v})`, wrap((m) => m.edge === i));
    const [lx, ly] = edgeMiddle(xy[u], xy[v], k[i], u === v);
    image.append(path, svgText(lx + 4, ly - 3, String(i), "stalk-label"));
  });
  for (let v = 0; v < game.nodes; v++) {
    const [x, y] = xy[v];
    image.append(svg("g", {class: "node" + (v === ground ? " ground-node" : "")},
                     svg("circle", {cx: x, cy: y, r: 9}), svgText(x, y + 4, String(v))));
  }
  return image;
}

const MAX_DRAWN_SQUARES = 40; // a longer side is played from the move list alone

// Chomp: the bar as squares, the poisoned one marked; pointing at a square shades every
// square its move eats, pressing it plays that move.
function chompPicture(game, wrap) {
  if (game.rows.length > MAX_DRAWN_SQUARES || game.rows[0] > MAX_DRAWN_SQUARES) {
    return el("p", {class: "hint", text: `A bar of ${game.rows.length} × ${game.rows[0]} is too large to draw here: play from the move list.`});
  }
  const bar = el("div", {class: "chomp", role: "group", "aria-label": "the chocolate bar"});
  const squares = [];
  const shade = (r, c, on) => squares.forEach(([rr, cc, e]) => e.classList.toggle("doomed", on && rr >= r && cc >= c));
  game.rows.forEach((length, r) => {
    const line = el("div", {class: "chomp-row"});
    for (let c = 0; c < length; c++) {
      const poisoned = r === 0 && c === 0;
      const bit = el("span", {class: "bite" + (poisoned ? " poison" : ""), "data-cell": `${r},${c}`,
                              title: poisoned ? "poisoned" : ""});
      if (!poisoned) {
        pickable(bit, `square (${r}, ${c})`, wrap((m) => m.cell && m.cell[0] === r && m.cell[1] === c));
        bit.addEventListener("mouseenter", () => shade(r, c, true));
        bit.addEventListener("mouseleave", () => shade(r, c, false));
        bit.addEventListener("focus", () => shade(r, c, true));
        bit.addEventListener("blur", () => shade(r, c, false));
      }
      squares.push([r, c, bit]);
      line.append(bit);
    }
    bar.append(line);
  });
  return bar;
}

// Node-Kayles: the graph on a circle, the vertices gone drawn faint; pressing a vertex
// takes it (and its neighbours, which pointing at it shades).
function nodekaylesPicture(game, wrap) {
  if (game.nodes > MAX_DRAWN_NODES) return tooLarge(game.nodes);
  const gone = new Set(game.gone || []);
  const size = Math.max(260, Math.min(520, game.nodes * 34)), r = size / 2 - 30, c = size / 2;
  const at = (v) => [c + r * Math.sin(2 * Math.PI * v / Math.max(1, game.nodes)),
                     c - r * Math.cos(2 * Math.PI * v / Math.max(1, game.nodes))];
  const image = svg("svg", {class: "graph kayles", viewBox: `0 0 ${size} ${size}`, width: size, height: size,
                            role: "group", "aria-label": "the graph"});
  const near = Array.from({length: game.nodes}, () => []);
  for (const [u, v] of game.edges) {
    if (gone.has(u) || gone.has(v)) continue;
    near[u].push(v);
    near[v].push(u);
    const [[ax, ay], [bx, by]] = [at(u), at(v)];
    image.append(svg("line", {x1: ax, y1: ay, x2: bx, y2: by, class: "edge", "data-edge": `${u}-${v}`}));
  }
  const nodes = [];
  const shade = (v, on) => nodes.forEach(([w, e]) => e.classList.toggle("doomed", on && (w === v || near[v].includes(w))));
  for (let v = 0; v < game.nodes; v++) {
    const [x, y] = at(v);
    const node = svg("g", {class: "node" + (gone.has(v) ? " gone" : ""), "data-node": v},
                     svg("circle", {cx: x, cy: y, r: 14}), svgText(x, y + 5, String(v)));
    if (!gone.has(v)) {
      pickable(node, `vertex ${v}`, wrap((m) => m.node === v));
      node.addEventListener("mouseenter", () => shade(v, true));
      node.addEventListener("mouseleave", () => shade(v, false));
      nodes.push([v, node]);
    }
    image.append(node);
  }
  return image;
}

// Cram: the board's cells, filled ones dark. Pressing an empty cell marks the dominoes
// that would cover it (and places the one when there is one); pressing a cell beside it
// then places that domino. Enter and Space do as a press.
let cramChosen = null; // [row, column] of the cell pressed first, until a domino is placed

function cramPicture(game, wrap) {
  const rows = game.board.length, cols = rows ? game.board[0].length : 0;
  if (rows > MAX_DRAWN_SQUARES || cols > MAX_DRAWN_SQUARES) {
    return el("p", {class: "hint", text: `A board of ${rows} × ${cols} is too large to draw here: play from the move list.`});
  }
  cramChosen = null;
  const board = el("div", {class: "cram", role: "group", "aria-label": "the board"});
  const cells = [];
  const covers = (m, [r, c]) => (m.cells || []).some(([rr, cc]) => rr === r && cc === c);
  game.board.forEach((text, r) => {
    const line = el("div", {class: "cram-row"});
    [...text].forEach((ch, c) => {
      const cell = el("span", {class: "cram-cell" + (ch === "#" ? " filled" : ""), "data-cell": `${r},${c}`});
      if (ch === ".") {
        let pair = null; // the cell chosen before this press, when beside this one
        const choose = () => {
          const first = cramChosen;
          pair = first && Math.abs(first[0] - r) + Math.abs(first[1] - c) === 1 ? first : null;
          cramChosen = pair ? null : [r, c];
          cells.forEach((e) => e.classList.toggle("chosen", !pair && e === cell));
        };
        cell.addEventListener("click", choose); /* before pickable's own listener */
        cell.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") choose(); });
        pickable(cell, `cell (${r}, ${c})`, wrap((m) => covers(m, [r, c]) && (!pair || covers(m, pair))));
        cells.push(cell);
      }
      line.append(cell);
    });
    board.append(line);
  });
  return board;
}

// Notakto: each board's cells, X's drawn; a board with a line is out of play (dimmed).
// Pressing an empty cell of a live board puts an X there (wrap null: nothing to press).
function notaktoPicture(game, wrap) {
  const boards = game.boards || [];
  if (boards.length > MAX_DRAWN_BOARDS) {
    return el("p", {class: "hint", text: `${boards.length} boards are too many to draw here: play from the move list.`});
  }
  const box = el("div", {class: "notakto"});
  boards.forEach((text, b) => {
    const k = Math.round(Math.sqrt(text.length));
    const at = (r, c) => text[r * k + c] === "X";
    const lines = [];
    for (let i = 0; i < k; i++) {
      lines.push([...Array(k).keys()].map((j) => [i, j]), [...Array(k).keys()].map((j) => [j, i]));
    }
    lines.push([...Array(k).keys()].map((j) => [j, j]), [...Array(k).keys()].map((j) => [j, k - 1 - j]));
    const dead = lines.some((line) => line.every(([r, c]) => at(r, c)));
    const grid = el("div", {class: "notakto-board" + (dead ? " dead" : ""), role: "group",
                            "aria-label": `board ${b + 1}${dead ? ", out of play" : ""}`});
    grid.style.gridTemplateColumns = `repeat(${k}, 2.75rem)`; /* CSSOM: the CSP allows it */
    [...text].forEach((ch, i) => {
      const cell = el("span", {class: "notakto-cell", "data-board": b, "data-cell": i, text: ch === "X" ? "X" : ""});
      if (ch !== "X" && !dead && wrap) { /* no wrap: a picture, not a board to play */
        pickable(cell, `board ${b + 1}, row ${Math.floor(i / k) + 1}, column ${i % k + 1}`,
                 wrap((m) => m.board === b && m.cell === i));
      }
      grid.append(cell);
    });
    box.append(grid);
  });
  return box;
}

function sumPicture(game, wrap, analysis) {
  const box = el("div", {class: "sum"});
  game.components.forEach((component, c) => {
    const inner = (pred) => wrap((m) => (m.moves || [m]).some((p) => p.component === c && pred(p.move)));
    box.append(el("figure", {class: "component"},
      el("figcaption", {text: `component ${c}: ${component.type}` +
        (analysis && analysis.components && analysis.components[c] && analysis.components[c].steps !== undefined
          ? `, ${plural(analysis.components[c].steps, "step")}` : "")}),
      picture(component, inner, null)));
  });
  return box;
}

const PICTURES = {
  nim: heapsPicture, bash: heapsPicture, subtraction: heapsPicture, coprime: heapsPicture,
  octal: heapsPicture, grundy: heapsPicture, beans: beansPicture, moore: heapsPicture, staircase: stairsPicture, coins: coinsPicture, cutting: cuttingPicture,
  euclid: euclidPicture, divisor: numbersPicture, wythoff: wythoffPicture, fibonacci: fibonacciPicture, dag: dagPicture, hackenbush: hackenbushPicture,
  chomp: chompPicture, nodekayles: nodekaylesPicture, cram: cramPicture, notakto: notaktoPicture, sum: sumPicture,
};

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

// A line of values over n = 0..: `how` names the plot and each point (SG values unless
// told otherwise: the misère quotient's pretending function names elements).
const SG_POINTS = {
  label: "SG values", name: (i, v) => `G(${i}) = ${v}`, dotClass: () => "value",
  caption: (t) => (t.period ? `Period ${t.period} proved, from n = ${t.preperiod}.` :
                              "No period proved for this table."),
};

function linePlot(table, how = SG_POINTS) {
  const values = table.values.map((v) => (typeof v === "number" ? v : null));
  const n = values.length;
  const top = Math.max(1, ...values.filter((v) => v !== null));
  const [left, right, topPad, bottom] = [36, 12, 24, 34];
  const width = 680;
  const height = 260;
  const x = (i) => left + (i + 0.5) * (width - left - right) / n;
  const y = (v) => height - bottom - v * (height - topPad - bottom) / top;
  const image = svg("svg", {class: "plot", viewBox: `0 0 ${width} ${height}`, role: "img",
                            "aria-label": `${how.label} for n = 0..${n - 1}`});
  const slot = (width - left - right) / n;
  if (table.preperiod) {
    image.append(svg("rect", {x: left, y: topPad, width: table.preperiod * slot,
                              height: height - topPad - bottom, class: "preperiod"}),
                 svgText(left + 4, topPad - 8, `preperiod ${table.preperiod}`, "plot-label"));
  }
  if (table.period) {
    for (let s = table.preperiod || 0, band = 0; s < n; s += table.period, band++) {
      image.append(svg("rect", {x: left + s * slot, y: topPad, width: Math.min(table.period, n - s) * slot,
                                height: height - topPad - bottom, class: `period band${band % 2}`}));
    }
    image.append(svgText(width - right - 4, topPad - 8,
                         `period ${table.period} from n = ${table.preperiod || 0}`, "plot-label end"));
  }
  for (let v = 0; v <= top; v += Math.max(1, Math.ceil(top / 6))) {
    image.append(svg("line", {x1: left, x2: width - right, y1: y(v), y2: y(v), class: "grid"}),
                 svgText(left - 6, y(v) + 4, String(v), "tick end"));
  }
  for (let i = 0; i < n; i += Math.max(1, Math.ceil(n / 12))) {
    image.append(svgText(x(i), height - bottom + 16, String(i), "tick middle"));
  }
  image.append(svgText((left + width) / 2, height - 4, "n", "tick middle"));
  let line = "";
  values.forEach((v, i) => { if (v !== null) line += `${line ? "L" : "M"} ${x(i)} ${y(v)} `; });
  image.append(svg("path", {d: line, class: "trace"}));
  values.forEach((v, i) => {
    if (v === null) return;
    const dot = svg("circle", {cx: x(i), cy: y(v), r: Math.max(1.5, Math.min(4, slot / 3)),
                               class: how.dotClass(v)});
    dot.append(svg("title", {}, how.name(i, v)));
    image.append(dot);
  });
  const text = el("details", {}, el("summary", {text: "the values as text"}),
                  el("p", {class: "values", text: table.values.map((v) =>
                    (typeof v === "number" ? v : jsonText(v))).join(" ")}));
  return el("figure", {id: "table-figure"}, image, el("figcaption", {text: how.caption(table)}),
            text);
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
    const picture = notaktoPicture({boards: [q.generator_boards[i]]}, null);
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

// The quotient's relations: shown whole, or folded under their count when there are so
// many (Dawson's Kayles' 360 elements have over a thousand) that they would bury the page.
const RELATIONS_SHOWN = 200;
function relationsOf(relations) {
  const text = relations.length ? relations.join(", ") : "none";
  if (relations.length <= RELATIONS_SHOWN)
    return el("p", {class: "values", id: "quotient-relations", text: `Relations: ${text}.`});
  return el("details", {},
    el("summary", {text: `Relations: ${relations.length} (show them)`}),
    el("p", {class: "values", id: "quotient-relations", text: `${text}.`}));
}

function gridPlot(table) {
  const rows = table.values;
  const w = rows.length;
  const h = Math.max(...rows.map((r) => r.length));
  const top = Math.max(1, ...rows.flat().filter((v) => v !== null));
  const cell = Math.max(14, Math.min(36, Math.floor(600 / Math.max(w, h))));
  const [across, down, what] = GRID_AXES[table.type] || GRID_AXES.cutting;
  const image = svg("svg", {class: "plot", viewBox: `0 0 ${w * cell + 40} ${h * cell + 40}`,
                            role: "img", "aria-label": `SG values of ${what}`});
  rows.forEach((row, i) => row.forEach((v, j) => {
    const box = svg("rect", {x: 30 + i * cell, y: 10 + j * cell, width: cell - 1, height: cell - 1,
                             class: v === null ? "cell none" : "cell"});
    if (v !== null) box.style.fillOpacity = String(0.15 + 0.85 * v / top);
    box.append(svg("title", {}, `${i}, ${j}: ${v === null ? "none" : v}`));
    image.append(box);
    if (v !== null && cell >= 20) image.append(svgText(30 + i * cell + cell / 2, 10 + j * cell + cell / 2 + 4, String(v), "tick middle"));
  }));
  image.append(svgText(30 + w * cell / 2, h * cell + 34, `${across} →`, "tick middle"),
               svgText(4, 20, down, "tick"));
  return el("figure", {id: "table-figure"}, image,
            el("figcaption", {text: `SG value of ${what} (darker is larger).`}));
}

// A two-dimensional table's axes: across, down, and what one cell is.
const GRID_AXES = {
  cutting: ["width w", "h", "one w×h piece"],
  wythoff: ["first number a", "b", "one pile (a, b)"],
  fibonacci: ["heap n", "limit", "one heap n whose next move may take up to the limit"],
};

// --- start --------------------------------------------------------------------------

// Every field of an entry empty: a variant sets the ones it uses.
function blank(entry) {
  return Object.fromEntries(Object.keys(entry.fields).map((name) => [name, undefined]));
}

function chooseType(type) {
  state.entry = state.catalog.find((e) => e.type === type);
  buildForm();
}

async function init() {
  try {
    state.catalog = (await api("/v1/games")).types;
  } catch (error) {
    $("error-form").textContent = `The catalog did not load: ${error.message}`;
    return;
  }
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
  if (openPermalink()) {
    const game = readForm();
    if (game) startGame(game);
  }
}

init();
