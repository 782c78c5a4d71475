// staircase.js - the board of staircase Nim: stairs of coins above the floor; pressing the
// n-th coin from the top of a stair moves n coins one stair down.
import {el, plural} from "../dom.js";
import {pickable} from "../press.js";
import {MAX_DRAWN_COUNTERS} from "./columns.js";

export function draw(game, ctx) {
  const box = el("div", {class: "heaps stairs"});
  box.append(el("div", {class: "heap floor"}, el("span", {class: "caption", text: "floor"}),
                el("span", {class: "riser"})));
  game.stairs.forEach((coins, i) => {
    const stair = i + 1;
    const column = el("div", {class: "heap", "data-stair": stair, "data-size": coins});
    const counters = el("div", {class: "counters"});
    const drawn = coins > MAX_DRAWN_COUNTERS ? MAX_DRAWN_COUNTERS : Number(coins); /* coins may be a BigInt */
    for (let count = 1; count <= drawn; count++) {
      const coin = el("span", {class: "counter coin"});
      counters.append(coins <= MAX_DRAWN_COUNTERS
        ? pickable(ctx, coin, `move ${plural(count, "coin")} down from stair ${stair}`,
                   (m) => m.stair === stair && m.count === count) : coin);
    }
    const caption = el("span", {class: "caption", text: `stair ${stair}`});
    column.append(counters, el("span", {class: "label", text: String(coins)}),
                  ctx && ctx.narrows ? pickable(ctx, caption, `stair ${stair} with ${plural(coins, "coin")}`,
                                                (m) => m.stair === stair) : caption,
                  el("span", {class: `riser step${Math.min(stair, 8)}`}));
    box.append(column);
  });
  return box;
}

export function say(m) { return `moved ${plural(m.count, "coin")} down from stair ${m.stair}`; }
