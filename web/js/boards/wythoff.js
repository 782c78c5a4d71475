// wythoff.js - the board of Wythoff's game: each pile as a queen on a board, moving left,
// down or diagonally toward the corner (0, 0); each square she may reach plays its move.
// A pile past 24 is drawn as its two numbers.
import {el, svg, svgText} from "../dom.js";
import {pickable} from "../press.js";

export function draw(game, ctx) {
  const box = el("div", {class: "pieces piles"});
  game.piles.forEach(([a, b], p) => {
    const caption = el("figcaption", {text: ctx && ctx.narrows ? `pile ${p}: (${a}, ${b})` : `the queen at (${a}, ${b})`});
    if (!(Number.isSafeInteger(a) && Number.isSafeInteger(b) && a <= 24 && b <= 24)) {
      const tile = el("div", {class: "number-tile", text: `${a} · ${b}`});
      box.append(el("figure", {}, ctx && ctx.narrows ? pickable(ctx, tile, `pile ${p}: (${a}, ${b})`, (m) => m.pile === p) : tile, caption));
      return;
    }
    const unit = Math.max(12, Math.min(44, Math.floor(320 / (Math.max(a, b) + 1))));
    const image = svg("svg", {width: (a + 1) * unit + 8, height: (b + 1) * unit + 8, class: "board",
                              viewBox: `-4 -4 ${(a + 1) * unit + 8} ${(b + 1) * unit + 8}`,
                              role: "group", "aria-label": `the board of pile ${p}`});
    for (let x = 0; x <= a; x++) {
      for (let y = 0; y <= b; y++) {
        const [dx, dy] = [a - x, b - y];
        const reach = (dx === 0) !== (dy === 0) || (dx === dy && dx > 0);
        const square = svg("rect", {x: x * unit, y: (b - y) * unit, width: unit, height: unit,
                                    class: "square" + ((x + y) % 2 ? " dark" : "") + (reach ? " reach" : "")});
        image.append(reach ? pickable(ctx, square, `queen of pile ${p} to (${x}, ${y})`,
                                      (m) => m.pile === p && m.take[0] === dx && m.take[1] === dy) : square);
      }
    }
    const queen = svgText(a * unit + unit / 2, unit * 0.78, "♛", "queen");
    queen.style.fontSize = `${Math.round(unit * 0.75)}px`; /* CSSOM: the CSP allows it */
    const corner = svgText(unit / 2, b * unit + unit * 0.7, "◎", "corner");
    corner.style.fontSize = `${Math.round(unit * 0.6)}px`;
    image.append(queen, ...(a || b ? [corner] : []));
    box.append(el("figure", {}, image, caption));
  });
  return box;
}

export function say(m, game) {
  const [a, b] = game.piles[m.pile];
  return `moved the queen to (${a - m.take[0]}, ${b - m.take[1]})`;
}
