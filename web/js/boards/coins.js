// coins.js - the board of the coin-turning games: a row of coins, or a grid (Tartan games).
// In a row, press a head (the rightmost coin the move turns), then the leftmost coin to
// turn with it (the head again: that coin alone). In a grid, a coin marks the moves whose
// south-east corner it is.
import {el} from "../dom.js";
import {pickable, choose, chosen} from "../press.js";

export function draw(game, ctx) {
  const rule = game.rule === undefined ? "turtles" : [].concat(game.rule).join(" × ");
  const box = el("div", {class: "coin-board"});
  box.append(Array.isArray(game.grid) ? grid(game, ctx) : row(game, ctx));
  if (ctx && ctx.narrows) box.append(el("p", {class: "caption rule", text: `rule: ${rule.replace(/_/g, " ")}`}));
  return box;
}

function grid(game, ctx) {
  const board = el("div", {class: "coin-grid", role: "group", "aria-label": "the grid of coins"});
  game.grid.forEach((line, r) => {
    const cells = el("div", {class: "coin-row"});
    [...line].forEach((face, c) => {
      const corner = (m) => m.flip && m.flip.length && Array.isArray(m.flip[0]) &&
        m.flip[m.flip.length - 1][0] === r + 1 && m.flip[m.flip.length - 1][1] === c + 1;
      cells.append(pickable(ctx, el("span", {class: "coin-face " + face, "data-cell": `${r + 1},${c + 1}`, text: face}),
                            `coin at row ${r + 1}, column ${c + 1}, ${face === "H" ? "heads" : "tails"}`, corner));
    });
    board.append(cells);
  });
  return board;
}

function row(game, ctx) {
  const line = el("div", {class: "coins", role: "group", "aria-label": "the coins"});
  const picked = chosen(ctx);
  const head = picked && picked.startsWith("coin:") ? Number(picked.slice(5)) : 0;
  const ends = (m, left, right) => m.flip && m.flip[0] === left && m.flip[m.flip.length - 1] === right;
  [...game.coins].forEach((face, i) => {
    const coin = i + 1;
    const name = `coin ${coin}, ${face === "H" ? "heads" : "tails"}`;
    const node = el("span", {class: "coin-face " + face + (coin === head ? " chosen" : ""), "data-coin": coin, text: face});
    if (head && coin <= head && ctx.moves.some((m) => ends(m, coin, head))) {
      pickable(ctx, node, coin === head ? `turn coin ${coin} alone` : `turn coin ${coin} and coin ${head}`,
               (m) => ends(m, coin, head));
    } else if (face === "H") {
      choose(ctx, node, name + (coin === head ? ", chosen" : ""), `coin:${coin}`);
    }
    line.append(el("span", {class: "coin-slot"}, node, el("span", {class: "caption", text: String(coin)})));
  });
  return line;
}

export function say(m) {
  if (Array.isArray(m.flip[0])) return `turned the coins at ${m.flip.map(([r, c]) => `(${r}, ${c})`).join(", ")}`;
  return m.flip.length === 1 ? `turned coin ${m.flip[0]}` : `turned coins ${m.flip.join(" and ")}`;
}
