// words.js - a move described in the analysis view's words (its heap, take and leave,
// its cells...), from the move object alone.
import {jsonText} from "./api.js";
import {plural} from "./dom.js";

// A Notakto cell as its row and column, on the boards of `game`.
function notaktoCell(cell, game) {
  const board = game && game.boards && game.boards[0];
  const k = board ? Math.round(Math.sqrt(board.length)) : 3;
  return `row ${Math.floor(cell / k) + 1}, column ${cell % k + 1}`;
}

export function describeMove(m, game) {
  if (m.moves) return m.moves.map((p) => describeMove(p, game)).join("; ");
  if (m.component !== undefined && m.move) {
    return `component ${m.component}: ${describeMove(m.move, game && game.components && game.components[m.component])}`;
  }
  if (m.board !== undefined) return `X on board ${m.board + 1}, ${notaktoCell(m.cell, game)}`;
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
