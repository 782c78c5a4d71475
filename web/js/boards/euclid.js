// euclid.js - the board of Euclid's game: each pair as two bars drawn to one scale; on the
// larger, a notch at every value it may be cut down to (the remainder plus a multiple of
// the smaller), while there are few.
import {el, svg, svgText} from "../dom.js";
import {pickable} from "../press.js";

export function draw(game, ctx) {
  const box = el("div", {class: "pieces pairs"});
  game.pairs.forEach(([a, b], p) => {
    const width = 300, bar = 22, top = Math.max(Number(a), Number(b), 1); /* a scale: near enough */
    const image = svg("svg", {width: width + 16, height: 2 * bar + 34, class: "pair",
                              viewBox: `-8 -6 ${width + 16} ${2 * bar + 34}`});
    const length = (n) => Math.max(n ? 2 : 0, (Number(n) / top) * width);
    [a, b].forEach((n, side) => {
      const y = side * (bar + 12);
      const rect = svg("rect", {x: 0, y, width: length(n), height: bar, class: "number"});
      image.append(ctx && ctx.narrows ? pickable(ctx, rect, `pair ${p}: ${n}`, (m) => m.pair === p) : rect,
                   svgText(4, y + bar + 10, String(n), "label"));
    });
    const [big, small] = a >= b ? [0, b] : [1, a];
    const larger = a >= b ? a : b;
    if (small > 0 && Number.isSafeInteger(larger) && larger / small <= 60) {
      for (let to = larger % small; to < larger; to += small) {
        const x = length(to), y = big * (bar + 12);
        image.append(pickable(ctx, svg("line", {x1: x, y1: y - 3, x2: x, y2: y + bar + 3, class: "cut"}),
                              `pair ${p}: cut ${larger} down to ${to}`, (m) => m.pair === p && m.to[big] === to));
      }
    }
    box.append(el("figure", {}, image, el("figcaption", {text: `pair ${p}: (${a}, ${b})`})));
  });
  return box;
}

export function say(m) { return `made pair ${m.pair + 1} (${m.to.join(", ")})`; }
