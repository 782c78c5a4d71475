// cram.js - the board of Cram: the board's cells, filled ones dark, the dominoes played in
// this game joined. Press an empty cell, then a cell beside it, to place a domino on the two
// (the first again: choose another).
import {el} from "../dom.js";
import {pickable, choose, chosen} from "../press.js";

const MAX_DRAWN_SIDE = 40; // a longer side is played from the move list alone

// The sides of cells that a played domino joins: "r,c" -> "right" or "down" (the cell with
// its partner to its right or below), and the partner -> "left" or "up".
function joins(played) {
  const sides = new Map();
  for (const m of played || []) {
    if (!Array.isArray(m.cells) || m.cells.length !== 2) continue;
    const [[r1, c1], [r2, c2]] = [...m.cells].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const across = r1 === r2;
    sides.set(`${r1},${c1}`, across ? "right" : "down");
    sides.set(`${r2},${c2}`, across ? "left" : "up");
  }
  return sides;
}

export function draw(game, ctx) {
  const rows = game.board.length, cols = rows ? game.board[0].length : 0;
  if (rows > MAX_DRAWN_SIDE || cols > MAX_DRAWN_SIDE) {
    return el("p", {class: "hint", text: `A board of ${rows} × ${cols} is too large to draw here: play from the move list.`});
  }
  const picked = chosen(ctx);
  const first = picked && picked.startsWith("cell:") ? picked.slice(5).split(",").map(Number) : null;
  const covers = (m, [r, c]) => (m.cells || []).some(([rr, cc]) => rr === r && cc === c);
  const joined = joins(ctx && ctx.played);
  const board = el("div", {class: "cram", role: "group", "aria-label": "the board"});
  game.board.forEach((text, r) => {
    const line = el("div", {class: "cram-row"});
    [...text].forEach((ch, c) => {
      const isFirst = first && first[0] === r && first[1] === c;
      const side = ch === "#" && joined.get(`${r},${c}`);
      const cell = el("span", {class: "cram-cell" + (ch === "#" ? " filled" : "") + (isFirst ? " chosen" : "") +
                                      (side ? ` joins-${side}` : ""),
                               "data-cell": `${r},${c}`});
      const domino = (m) => covers(m, [r, c]) && covers(m, first);
      if (ch === "." && ctx) {
        if (first && !isFirst && ctx.moves.some(domino)) {
          pickable(ctx, cell, `a domino on (${first.join(", ")}) and (${r}, ${c})`, domino);
        } else if (ctx.moves.some((m) => covers(m, [r, c]))) {
          choose(ctx, cell, `cell (${r}, ${c})` + (isFirst ? ", chosen" : ""), `cell:${r},${c}`);
        }
      }
      line.append(cell);
    });
    board.append(line);
  });
  return board;
}

export function say(m) {
  const [[r1, c1], [r2, c2]] = m.cells;
  return `placed a domino on row ${r1 + 1}, column ${c1 + 1} and row ${r2 + 1}, column ${c2 + 1}`;
}
