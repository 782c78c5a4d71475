// api.js - nimberd's API as the page uses it: exact integers both ways (numbers past 2^53
// kept as BigInt), requests and their problems, and the position after a move.

const GET_URL_CHARS = 6000;   // a game whose URL stays shorter is asked by GET, for caches
const LARGE_GAME_CHARS = 65536; // a larger game's moves come with what they change only


export class Problem extends Error {
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
export function exactNumber(digits) {
  const big = BigInt(digits);
  return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
}

const DIGITS = /^-?(0|[1-9][0-9]*)$/;

// Every string of digits in an int64 member's value (a number, or arrays of them) read back.
export function int64Value(value) {
  if (typeof value === "string" && DIGITS.test(value)) return exactNumber(value);
  if (Array.isArray(value)) return value.map(int64Value);
  return value;
}

// An answer's text, its int64 members' strings of digits read as numbers.
export function parseAnswer(text) {
  return JSON.parse(text, (key, value) => (INT64_MEMBERS.has(key) ? int64Value(value) : value));
}

// JSON typed by a person or carried in a URL: an integer literal past 2^53-1 is read whole
// (as a BigInt), where JSON.parse would round it.
export function parseExact(text) {
  const MARK = "\u0000";
  const marked = text.replace(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g, (token) =>
    (token[0] !== '"' && /^-?\d{16,}$/.test(token) ? `"\\u0000${token}"` : token));
  return JSON.parse(marked, (key, value) =>
    (typeof value === "string" && value[0] === MARK ? exactNumber(value.slice(1)) : value));
}

// JSON text of a value that may hold BigInts, each written as its digits.
export function jsonText(value) {
  const MARK = "\u0000";
  return JSON.stringify(value, (key, v) => (typeof v === "bigint" ? MARK + v.toString() + MARK : v))
    .replace(/"\\u0000(-?\d+)\\u0000"/g, "$1");
}

// n + d exactly (n a Number or a BigInt), as exactNumber keeps it.
export function exactAdd(n, d) {
  return exactNumber((BigInt(n) + BigInt(d)).toString());
}

// Every request asks for exact integers: this path with int64=string added to its query.
export function withInt64(path) {
  return path + (path.includes("?") ? "&" : "?") + "int64=string";
}

export async function api(path, body) {
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
export async function ask(path, query, game) {
  const encoded = encodeURIComponent(jsonText(game));
  if (path.length + query.length + encoded.length < GET_URL_CHARS) {
    return api(`${path}?game=${encoded}${query ? "&" + query : ""}`);
  }
  return api(query ? `${path}?${query}` : path, game);
}

// How the server should give the position after each move (its `positions` parameter):
// whole for a small game, only what changes for a large one (a big graph's every move
// would repeat the graph).
export function positionsFor(game) {
  return jsonText(game).length > LARGE_GAME_CHARS ? "changed" : "full";
}

// A listed move's own members, without what the server adds about it (what /v1/move takes).
export function moveOnly(m) {
  const {position, outcome, sg, remoteness, changed, ...move} = m;
  return move;
}

// The game after a move: its `position`, the whole game, or (positions=changed) the game
// with the move's `changed` applied: a sum's component, the edges hackenbush removes
// (indices into the game's edges), or members that take new values.
export function afterMove(game, move) {
  return move.position !== undefined ? move.position : applyChange(game, move.changed);
}

export function applyChange(game, change) {
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
