// cutting.js - the board of the cutting game: each piece of paper with its grid lines;
// pressing a line cuts along it (the piece itself marks its moves in Analyse).
import {el, svg} from "../dom.js";
import {pickable} from "../press.js";

export function draw(game, ctx) {
  const box = el("div", {class: "pieces"});
  game.pieces.forEach(([w, h], p) => {
    const unit = Math.max(2, Math.min(34, Math.floor(240 / Math.max(w, h))));
    const image = svg("svg", {width: w * unit + 8, height: h * unit + 8, class: "piece",
                              viewBox: `-4 -4 ${w * unit + 8} ${h * unit + 8}`});
    const paper = svg("rect", {x: 0, y: 0, width: w * unit, height: h * unit, class: "paper"});
    image.append(ctx && ctx.narrows ? pickable(ctx, paper, `piece ${p}, ${w}×${h}`, (m) => m.piece === p) : paper);
    if (unit >= 6) {
      for (let at = 1; at < w; at++) {
        image.append(pickable(ctx, svg("line", {x1: at * unit, y1: 0, x2: at * unit, y2: h * unit, class: "cut"}),
                              `cut piece ${p} vertically at ${at}`,
                              (m) => m.piece === p && m.cut === "vertical" && m.at === at));
      }
      for (let at = 1; at < h; at++) {
        image.append(pickable(ctx, svg("line", {x1: 0, y1: at * unit, x2: w * unit, y2: at * unit, class: "cut"}),
                              `cut piece ${p} horizontally at ${at}`,
                              (m) => m.piece === p && m.cut === "horizontal" && m.at === at));
      }
    }
    box.append(el("figure", {}, image, el("figcaption", {text: `piece ${p}: ${w}×${h}`})));
  });
  return box;
}

export function say(m) {
  return `cut piece ${m.piece + 1} ${m.cut}ly at ${m.at}` + (m.wins_immediately ? ", cutting out a 1×1 square" : "");
}
