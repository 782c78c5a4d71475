// fibonacci.js - the board of Fibonacci Nim (dynamic subtraction): Nim's heaps, each with
// the most its next move may take written under it.
import {el} from "../dom.js";
import * as heaps from "./heaps.js";

export function draw(game, ctx) {
  const box = heaps.draw(game, ctx);
  box.querySelectorAll(".heap").forEach((column, i) => {
    const limit = (game.limits || [])[i];
    column.append(el("span", {class: "caption limit", text: limit == null ? "first move" : `takes ≤ ${limit}`}));
  });
  return box;
}

export const say = heaps.say;
