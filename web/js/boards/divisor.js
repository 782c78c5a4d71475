// divisor.js - the board of the divisor game: each number as a tile; a number of at most
// 10^4 lists the numbers it may become, each a chip that plays its move.
import {el} from "../dom.js";
import {pickable} from "../press.js";

export function draw(game, ctx) {
  const box = el("div", {class: "numbers"});
  game.numbers.forEach((n, i) => {
    const tile = el("div", {class: "number-tile", "data-number": i}, el("span", {text: String(n)}));
    const targets = el("div", {class: "targets"});
    if (Number.isSafeInteger(n) && n <= 10000) {
      for (let d = 1; d < n; d++) {
        if (n % d) continue;
        const to = game.rule === "subtract" ? n - d : d;
        targets.append(pickable(ctx, el("span", {class: "chip", text: String(to)}),
                                `number ${i}: ${n} → ${to}`, (m) => m.number === i && m.to === to));
      }
    }
    box.append(el("figure", {}, ctx && ctx.narrows ? pickable(ctx, tile, `number ${i}: ${n}`, (m) => m.number === i) : tile,
                  targets, el("figcaption", {text: `number ${i}`})));
  });
  return box;
}

export function say(m, game) { return `turned ${game.numbers[m.number]} into ${m.to}`; }
