// client.ts - a typed client of nimber's API: openapi-typescript's types of openapi.yaml
// (./api, generated into the build) and openapi-fetch. It posts a position of every type
// to /v1/analyze, /v1/moves and /v1/analyze/batch, narrows each answer by its `type` and
// reads every field of every move, so that tsc fails on a wrong field name or a type the
// spec does not narrow; run by node against nimberd, it checks the answers too.
import createClient from "openapi-fetch";
import type { components, paths } from "./api.js";

type Game = components["schemas"]["Game"];
type Analysis = components["schemas"]["Analysis"];
type Moves = components["schemas"]["MovesAnswer"];

const positions: Game[] = [
  { type: "nim", heaps: [3, 4, 5] },
  { type: "bash", heaps: [10, 7], k: 3 },
  { type: "subtraction", heaps: [10, 11], set: [1, 3, 4] },
  { type: "moore", heaps: [1, 2, 4], k: 2 },
  { type: "staircase", stairs: [3, 1, 4, 1, 5] },
  { type: "coins", coins: "THHTTH" },
  { type: "cutting", pieces: [[4, 2], [3, 3]] },
  { type: "dag", nodes: 5, edges: [[0, 1], [1, 2], [0, 3], [1, 3], [3, 4]], tokens: [0, 1] },
  { type: "hackenbush", nodes: 4, edges: [[0, 1], [1, 2], [2, 3], [3, 1], [0, 0]] },
  { type: "coprime", heaps: [9, 25] },
  { type: "octal", code: "0.F", heaps: [5, 8] },
  { type: "grundy", heaps: [7, 20] },
  { type: "beans", bottles: [1, 0, 1, 5] },
  { type: "euclid", pairs: [[34, 12], [15, 24]] },
  { type: "divisor", rule: "replace", numbers: [12, 30] },
  { type: "wythoff", piles: [[3, 5], [4, 9]] },
  { type: "fibonacci", heaps: [20, 7], limits: [null, 4] },
  { type: "sum", components: [{ type: "nim", heaps: [3] }, { type: "bash", heaps: [6], k: 3 }] },
  { type: "coins", grid: ["HTT", "THT", "TTH"], rule: ["twins", "twins"] },
  { type: "chomp", rows: [4, 4, 2] },
  { type: "nodekayles", nodes: 5, edges: [[0, 1], [1, 2], [2, 3], [3, 4]], gone: [4] },
  { type: "sum", rule: "every", components: [{ type: "euclid", pairs: [[25, 7]] }, { type: "nim", heaps: [5] }] },
];

/* Every field of every move of a moves answer, as text: the compiler checks each name. */
function movesText(m: Moves): string[] {
  const outcome = (o: components["schemas"]["MoveOutcome"]) => `${o.outcome}${o.sg ?? ""}`;
  switch (m.type) {
    case "nim":
    case "bash":
    case "subtraction":
    case "coprime":
    case "fibonacci":
      return m.moves.map((x) => `${x.heap}-${x.take} ${outcome(x)}`);
    case "moore":
      return m.moves.map((x) => `${x.takes.map((t) => `${t.heap}-${t.take}`)} ${outcome(x)}`);
    case "staircase":
      return m.moves.map((x) => `${x.stair}:${x.count} ${outcome(x)}`);
    case "coins":
      return m.moves.map((x) => `${x.flip} ${outcome(x)}`);
    case "cutting":
      return m.moves.map((x) => `${x.piece} ${x.cut} ${x.at} ${x.wins_immediately} ${outcome(x)}`);
    case "dag":
      return m.moves.map((x) => `${x.token} ${x.from}>${x.to} ${x.tokens} ${outcome(x)}`);
    case "hackenbush":
      return m.moves.map((x) => `${x.edge} ${x.removed} ${outcome(x)}`);
    case "octal":
      return m.moves.map((x) => `${x.heap}-${x.take}>${x.leave} ${outcome(x)}`);
    case "grundy":
      return m.moves.map((x) => `${x.heap} ${x.split} ${outcome(x)}`);
    case "beans":
      return m.moves.map((x) => `${x.bottle}>${x.into} ${outcome(x)}`);
    case "euclid":
      return m.moves.map((x) => `${x.pair}>${x.to} ${outcome(x)}`);
    case "divisor":
      return m.moves.map((x) => `${x.number}>${x.to} ${outcome(x)}`);
    case "wythoff":
      return m.moves.map((x) => `${x.pile} ${x.take} ${outcome(x)}`);
    case "chomp":
      return m.moves.map((x) => `${x.cell} ${outcome(x)}`);
    case "nodekayles":
      return m.moves.map((x) => `${x.node} ${x.removed} ${outcome(x)}`);
    case "cram":
      return m.moves.map((x) => `${x.cells[0]}+${x.cells[1]} ${outcome(x)}`);
    case "notakto":
      return m.moves.map((x) => `${x.board}:${x.cell} ${outcome(x)}`);
    case "sum":
      return m.moves.map((x) => "moves" in x
        ? `${x.moves.map((p) => `${p.component} ${JSON.stringify(p.move)}`)} ${outcome(x)}`
        : `${x.component} ${JSON.stringify(x.move)} ${outcome(x)}`);
    default: {
      const unknown: never = m; // every type is handled: a new one fails here
      return [String(unknown)];
    }
  }
}

/* The first winning move's own field of a few analyses, narrowed by type. */
function firstWin(a: Analysis): string {
  if (a.type === "nim" && a.winning_moves.length) return `take ${a.winning_moves[0].take}`;
  if (a.type === "wythoff" && a.winning_moves.length) return `pile ${a.winning_moves[0].pile}`;
  if (a.type === "euclid" && a.winning_moves.length) return `to ${a.winning_moves[0].to}`;
  return a.verdict;
}

async function main(): Promise<void> {
  const base = process.argv[2];
  const client = createClient<paths>({ baseUrl: base });
  let passed = 0, failed = 0;
  const check = (ok: boolean, what: string) => {
    if (ok) passed++;
    else {
      failed++;
      console.log(`FAIL: ${what}`);
    }
  };
  for (const game of positions) {
    const analysis = await client.POST("/v1/analyze", { body: game });
    check(analysis.data?.type === game.type, `${game.type}: analyze ${JSON.stringify(analysis.error)}`);
    if (analysis.data) check(firstWin(analysis.data).length > 0, `${game.type}: no verdict`);
    const moves = await client.POST("/v1/moves", { body: game, params: { query: { max_moves: 100 } } });
    check(moves.data?.type === game.type, `${game.type}: moves ${JSON.stringify(moves.error)}`);
    if (moves.data) {
      const text = movesText(moves.data);
      check(text.length === moves.data.moves.length && !text.some((t) => t.includes("undefined")),
            `${game.type}: a move lacks a field the spec names: ${text.join("; ")}`);
      // a move's position is a whole game: its type narrows (positions=changed has its own
      // member, `changed`)
      const after = moves.data.moves.map((x) => x.position?.type);
      check(after.every((t) => t === game.type), `${game.type}: positions of types ${after}`);
    }
    if (game.type === "nim") {
      const narrowed: (number | string)[] = game.heaps; // narrowed by type to Nim, not never
      check(narrowed.length === 3, "nim: narrowing");
    }
  }
  const batch = await client.POST("/v1/analyze/batch", { body: { positions } });
  check(batch.data?.results.length === positions.length, `batch: ${JSON.stringify(batch.error)}`);
  console.log(`typed client: ${passed} passed, ${failed} failed`);
  process.exitCode = failed ? 1 : 0;
}

main().catch((e) => {
  console.log(`FAIL: ${e}`);
  process.exitCode = 1;
});
