// index.ts - a thin typed client of nimber's API: the types of openapi.yaml (./api.js), each
// request sent with ?int64=string so that every 64-bit integer of an answer arrives whole
// and is read as a bigint, and every problem thrown as a NimberProblem.
import type { components } from "./api.js";
import { INT64_MEMBERS } from "./int64.js";

export type { components, paths } from "./api.js";
type Schemas = components["schemas"];

/* A type of the document with its int64 fields (number | string there) as bigint. */
export type Exact<T> = [number | string] extends [T]
  ? bigint | Exact<Exclude<T, number | string>>
  : T extends readonly (infer U)[]
    ? Exact<U>[]
    : T extends object
      ? { [K in keyof T]: Exact<T[K]> }
      : T;

/* What a request may hold: the document's types, any integer also a bigint, any array
 * also readonly (a literal `as const`). */
export type Sent<T> = [number] extends [T]
  ? T | bigint
  : T extends readonly (infer U)[]
    ? readonly Sent<U>[]
    : T extends object
      ? { [K in keyof T]: Sent<T[K]> }
      : T;

export type Game = Schemas["Game"];
export type Analysis = Exact<Schemas["Analysis"]>;
export type MovesAnswer = Exact<Schemas["MovesAnswer"]>;
export type PlayAnswer = Exact<Schemas["PlayAnswer"]>;
export type MoveAnswer = Analysis & { position: Exact<Game>; reply?: PlayAnswer };
export type Table = Exact<Schemas["Table"]>;
export type Strength = Schemas["Strength"];
export type Positions = "full" | "changed" | "none";
export type ProblemBody = Schemas["Problem"];
/* An entry of GET /v1/games: a type's name, rules, fields, limits and a working example. */
export type CatalogEntry = { type: string; name: string; example: Sent<Game> } & Record<string, unknown>;

/* An RFC 9457 problem nimberd answered: its kind (`type`, "/problems/<kind>"), status,
 * detail, the JSON Pointer of the field at fault, and a limit's name and value. */
export class NimberProblem extends Error {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly pointer?: string;
  readonly limit?: string;
  readonly value?: number;
  /* The seconds Retry-After gave (429, 503), when it did. */
  readonly retryAfter?: number;
  constructor(body: ProblemBody, retryAfter?: number) {
    super(`${body.title} (${body.status}): ${body.detail}`);
    this.name = "NimberProblem";
    this.type = body.type;
    this.title = body.title;
    this.status = body.status;
    this.detail = body.detail;
    this.pointer = body.pointer;
    this.limit = body.limit;
    this.value = body.value;
    this.retryAfter = retryAfter;
  }
  /* The kind alone: "illegal-move", "limit-exceeded"... */
  get kind(): string {
    return this.type.replace(/^\/problems\//, "");
  }
}

export interface ClientOptions {
  /* Where nimberd answers: "http://localhost:8080". */
  baseUrl: string;
  /* The fetch to use (default: the global one). */
  fetch?: typeof fetch;
  /* More header fields for every request (authorization for a proxy in front, say). */
  headers?: Record<string, string>;
}

export interface AnalyseOptions {
  maxMoves?: number;      /* winning moves listed (0..1000, default 16) */
  components?: number;    /* components listed (default all) */
  positions?: Positions;  /* how each move gives the position after it */
}
export interface PlayOptions {
  strength?: Strength;
  seed?: number;          /* the same seed plays the same move at a weaker strength */
  positions?: Positions;
}
export interface MoveOptions extends AnalyseOptions {
  reply?: Strength;       /* nimber's reply from the position after the move */
  seed?: number;
}

/* Every string of digits in an int64 member (at any depth) read as a bigint. */
function exactValue(value: unknown): unknown {
  if (typeof value === "string" && /^-?(0|[1-9][0-9]*)$/.test(value)) return BigInt(value);
  if (Array.isArray(value)) return value.map(exactValue);
  return value;
}

/* The JSON text of a request: a bigint goes as the string of its digits, which nimberd
 * takes for any integer. */
function requestText(body: unknown): string {
  return JSON.stringify(body, (_key, v) => (typeof v === "bigint" ? v.toString() : v));
}

function query(params: Record<string, string | number | boolean | undefined>): string {
  const q = new URLSearchParams({ int64: "string" });
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== false) q.set(k, v === true ? "1" : String(v));
  return q.toString();
}

export class NimberClient {
  private readonly base: string;
  private readonly fetcher: typeof fetch;
  private readonly headers: Record<string, string>;

  constructor(options: ClientOptions) {
    this.base = options.baseUrl.replace(/\/+$/, "");
    this.fetcher = options.fetch ?? fetch;
    this.headers = options.headers ?? {};
  }

  /* POSTs body to path with the query; the answer with its int64 members as bigints. */
  async post<T>(path: string, body: unknown, params: Record<string, string | number | boolean | undefined> = {}): Promise<T> {
    const response = await this.fetcher(`${this.base}${path}?${query(params)}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...this.headers },
      body: requestText(body),
    });
    const text = await response.text();
    const data: unknown = JSON.parse(text, (key, value) =>
      (INT64_MEMBERS.has(key) ? exactValue(value) : value));
    if (!response.ok) {
      const retry = response.headers.get("Retry-After");
      throw new NimberProblem(data as ProblemBody, retry === null ? undefined : Number(retry));
    }
    return data as T;
  }

  /* Every game type with its fields, limits and an example (GET /v1/games). */
  async games(): Promise<CatalogEntry[]> {
    const response = await this.fetcher(`${this.base}/v1/games?int64=string`, { headers: this.headers });
    const data = JSON.parse(await response.text(), (key, value) =>
      (INT64_MEMBERS.has(key) ? exactValue(value) : value)) as { types: CatalogEntry[] };
    return data.types;
  }

  /* Who wins, the SG value, the winning moves. */
  analyse(game: Sent<Game>, options: AnalyseOptions = {}): Promise<Analysis> {
    return this.post("/v1/analyze", game, {
      max_moves: options.maxMoves, components: options.components, positions: options.positions,
    });
  }

  /* Every legal move with the position after it and its outcome. */
  moves(game: Sent<Game>, options: Omit<AnalyseOptions, "components"> = {}): Promise<MovesAnswer> {
    return this.post("/v1/moves", game, { max_moves: options.maxMoves, positions: options.positions });
  }

  /* A player's move checked by the rules: the analysis after it, the position, and with
   * `reply` nimber's answer from there. An illegal move throws the problem
   * "illegal-move", its pointer inside /move. */
  move(game: Sent<Game>, move: Record<string, unknown>, options: MoveOptions = {}): Promise<MoveAnswer> {
    return this.post("/v1/move", { game, move }, {
      max_moves: options.maxMoves, components: options.components, positions: options.positions,
      reply: options.reply, seed: options.seed,
    });
  }

  /* nimber's move (a computer opponent at a strength). */
  play(game: Sent<Game>, options: PlayOptions = {}): Promise<PlayAnswer> {
    return this.post("/v1/play", game, {
      strength: options.strength, seed: options.seed, positions: options.positions,
    });
  }

  /* A ruleset's SG table: the game's rule fields with up_to (and from). */
  table(request: Record<string, unknown>): Promise<Table> {
    return this.post("/v1/table", request);
  }

  /* The misère quotient of a take-and-break code; with `table` its multiplication table. */
  quotient(request: { type: "octal" | "grundy"; code?: string; up_to?: number | bigint },
           options: { table?: boolean } = {}): Promise<Record<string, unknown>> {
    return this.post("/v1/quotient", request, { table: options.table });
  }
}
