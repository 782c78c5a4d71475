// notakto.js - the board of Notakto: each board's cells, X's drawn; a board with a line is
// out of play (dimmed). Pressing an empty cell of a live board puts an X there.
import {el} from "../dom.js";
import {pickable} from "../press.js";

const MAX_DRAWN_BOARDS = 60; // more boards are played from the move list alone

// The boards' side (3, 4 or 5) of a position.
export function side(game) {
  const board = game.boards && game.boards[0];
  return board ? Math.round(Math.sqrt(board.length)) : 3;
}

export function draw(game, ctx) {
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
      if (ch !== "X" && !dead && ctx) {
        pickable(ctx, cell, `board ${b + 1}, row ${Math.floor(i / k) + 1}, column ${i % k + 1}`,
                 (m) => m.board === b && m.cell === i);
      }
      grid.append(cell);
    });
    box.append(grid);
  });
  return box;
}

export function say(m, game) {
  const k = side(game);
  return `put an X on board ${m.board + 1}, row ${Math.floor(m.cell / k) + 1}, column ${m.cell % k + 1}`;
}
