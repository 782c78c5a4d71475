// chomp.js - the board of Chomp: the bar as squares, the poisoned one marked; pointing at
// a square shades every square its move eats, pressing it plays that move.
import {el} from "../dom.js";
import {pickable} from "../press.js";

const MAX_DRAWN_SQUARES = 40; // a longer side is played from the move list alone

export function draw(game, ctx) {
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
      if (!poisoned && ctx) {
        pickable(ctx, bit, `square (${r}, ${c})`, (m) => m.cell && m.cell[0] === r && m.cell[1] === c);
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

export function say(m) {
  return `ate the square in row ${m.cell[0] + 1}, column ${m.cell[1] + 1}, and every square right of it and below it`;
}
