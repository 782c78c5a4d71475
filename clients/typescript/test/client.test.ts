// client.test.ts - the client against a running nimberd (compiled with tsc --strict, run
// by node): 64-bit integers arrive as exact bigints, past 2^53 included; every catalog
// example analysed, its moves listed, its first move made through /v1/move with nimber's
// reply, each answer agreeing with the others; problems thrown typed, with their kind and
// pointer; tables and a misère quotient. Usage: node client.test.js BASE_URL
import { NimberClient, NimberProblem, type Game, type Sent } from "../src/index.js";

const client = new NimberClient({ baseUrl: process.argv[2] });
let passed = 0, failed = 0;
function check(ok: boolean, what: string): void {
  if (ok) passed++;
  else {
    failed++;
    console.log(`FAIL: ${what}`);
  }
}
const text = (v: unknown) => JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? `${x}n` : x));
const same = (a: unknown, b: unknown) => text(a) === text(b);

async function problemOf(p: Promise<unknown>): Promise<NimberProblem | undefined> {
  try {
    await p;
  } catch (e) {
    if (e instanceof NimberProblem) return e;
    throw e;
  }
  return undefined;
}

async function main(): Promise<void> {
  // past 2^53: a heap of 2^53 + 1 and Kayles' heap of 10^18, exact both ways
  const big = 9007199254740993n;
  const nim = await client.analyse({ type: "nim", heaps: [big, 3] });
  const sg: bigint | undefined = nim.sg; // typed as bigint: the compiler holds it
  check(sg === (big ^ 3n), `nim sg ${text(sg)}`);
  if (nim.type === "nim") {
    const take: bigint = nim.winning_moves[0].take;
    check(take === big - 3n, `nim take ${text(take)}`);
  }
  const kayles: Sent<Game> = { type: "octal", code: "0.77", heaps: [5, 8, 10n ** 18n] };
  const after = await client.move(kayles, { heap: 2, take: 1, leave: [1, 10n ** 18n - 2n] },
                                   { reply: "perfect", maxMoves: 1 });
  check(same(after.position, { type: "octal", code: "0.77", heaps: [5n, 8n, 1n, 10n ** 18n - 2n] }),
        `Kayles after a move: ${text(after.position)}`);
  check(after.reply === undefined || typeof after.reply.verdict === "string", "Kayles reply");

  // every type's example: analysed, moves listed, the first one made, nimber replying
  const types = await client.games();
  for (const entry of types) {
    const game = entry.example;
    const name = String(entry.type);
    const analysis = await client.analyse(game);
    check(analysis.type === name, `${name}: analysed as ${analysis.type}`);
    const moves = await client.moves(game, { maxMoves: 5 });
    const first = moves.moves[0] as (Record<string, unknown> | undefined);
    if (!first) continue;
    const { position, outcome, sg: _sg, remoteness, ...move } = first;
    void outcome, void remoteness;
    const made = await client.move(game, move, { reply: "perfect" });
    check(same(made.position, position), `${name}: /v1/move's position is /v1/moves'`);
    const alone = await client.analyse(made.position as Sent<Game>);
    const { position: _p, reply, ...analysed } = made;
    check(same(analysed, alone), `${name}: /v1/move's analysis is /v1/analyze's`);
    const play = await client.play(made.position as Sent<Game>);
    check(reply === undefined ? play.move === null : same(reply, play),
          `${name}: the reply is /v1/play's`);
  }

  // problems: typed, with kind, status and pointer
  const illegal = await problemOf(client.move({ type: "nim", heaps: [3] }, { heap: 0, take: 4 }));
  check(illegal?.kind === "illegal-move" && illegal.status === 422 && illegal.pointer === "/move/take",
        `an illegal move: ${illegal?.message}`);
  const invalid = await problemOf(client.analyse({ type: "nim", heaps: [-1] }));
  check(invalid?.kind === "invalid-field" && invalid.status === 400 && invalid.pointer === "/heaps/0",
        `a negative heap: ${invalid?.message}`);

  // tables and a misère quotient
  const lasker = await client.table({ type: "octal", code: "4.[3]", up_to: 8 });
  check(same(lasker.values.slice(0, 5), [0n, 1n, 2n, 4n, 3n]), `Lasker's Nim: ${text(lasker.values)}`);
  const wythoff = await client.table({ type: "wythoff", up_to: [2, 2] });
  check(same(wythoff.values, [[0n, 1n, 2n], [1n, 2n, 0n], [2n, 0n, 1n]]), `Wythoff: ${text(wythoff.values)}`);
  const quotient = await client.quotient({ type: "octal", code: "0.77" });
  check(typeof quotient.exact_up_to === "bigint", `the quotient's exact_up_to ${text(quotient.exact_up_to)}`);

  console.log(`typescript client: ${passed} passed, ${failed} failed`);
  process.exitCode = failed ? 1 : 0;
}

main().catch((e) => {
  console.log(`FAIL: ${e instanceof Error ? e.stack : e}`);
  process.exitCode = 1;
});
