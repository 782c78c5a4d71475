// sum.js - the board of a sum of games: each component's own board, in a figure of its
// own; a component's presses are the sum's moves in that component.
import {el, plural} from "../dom.js";
import {picture, sayMove} from "../boards.js";

export function draw(game, ctx, analysis) {
  const box = el("div", {class: "sum"});
  game.components.forEach((component, c) => {
    const inner = ctx && ctx.within(
      (pred) => (m) => (m.moves || [m]).some((p) => p.component === c && pred(p.move)), `${c}/`);
    const steps = analysis && analysis.components && analysis.components[c] && analysis.components[c].steps;
    box.append(el("figure", {class: "component"},
      el("figcaption", {text: `component ${c}: ${component.type}` + (steps !== undefined ? `, ${plural(steps, "step")}` : "")}),
      picture(component, inner, null)));
  });
  return box;
}

export function say(m, game) {
  if (m.moves) return m.moves.map((p) => say(p, game)).join("; ");
  return `in game ${m.component + 1}: ${sayMove(m.move, game.components[m.component])}`;
}
