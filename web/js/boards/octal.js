// octal.js - the board of take-and-break games. A code that never splits a heap without
// taking from it (d0 = 0: Kayles, Dawson's Kayles...) is a lane of pins, each heap a
// group: press a pin, then the last pin of the run to knock down (the same pin again:
// that pin alone); what is left of the group stays where it stood. Other codes, and
// heaps too long for a lane, are rows of counters: a counter takes it and every counter
// after it, and "split" (Lasker's Nim) turns the counters into the places to split at.
import {el} from "../dom.js";
import {pickable, choose, chosen} from "../press.js";
import {columns} from "./columns.js";

const MAX_PINS = 40; // a longer heap is drawn as counters

const sameLeave = (leave, parts) => leave.length === parts.length &&
  [...leave].sort((a, b) => a - b).every((v, k) => v === parts[k]);
const rest = (...parts) => parts.filter((p) => p > 0).sort((a, b) => a - b);

export function draw(game, ctx) {
  const lane = /^0\./.test(game.code) && game.heaps.every((n) => Number.isSafeInteger(n) && n <= MAX_PINS);
  return lane ? pins(game, ctx) : counters(game, ctx);
}

function pins(game, ctx) {
  const box = el("div", {class: "lane", role: "group", "aria-label": "the pins"});
  const picked = chosen(ctx);
  const [ci, cj] = picked && picked.startsWith("pin:") ? picked.slice(4).split(",").map(Number) : [-1, -1];
  game.heaps.forEach((n, i) => {
    const group = el("div", {class: "pins", "data-heap": i, "data-size": n});
    for (let j = 0; j < n; j++) {
      const pin = el("span", {class: "pin" + (i === ci && j === cj ? " chosen" : ""), "data-pin": `${i},${j}`});
      const [lo, hi] = [Math.min(j, cj), Math.max(j, cj)];
      const run = hi - lo + 1;
      const knocks = (m) => m.heap === i && m.take === run && sameLeave(m.leave, rest(lo, n - 1 - hi));
      const legal = i === ci && ctx && ctx.moves.some(knocks);
      if (legal) {
        pickable(ctx, pin, run === 1 ? `pin ${j + 1} of row ${i + 1}: knock it down alone`
                                     : `knock down pins ${lo + 1} to ${hi + 1} of row ${i + 1}`, knocks);
      } else if (ctx && ctx.moves.some((m) => m.heap === i)) {
        choose(ctx, pin, `pin ${j + 1} of row ${i + 1}` + (i === ci && j === cj ? ", chosen" : ""), `pin:${i},${j}`);
      }
      group.append(pin);
    }
    box.append(group);
  });
  return box;
}

function counters(game, ctx) {
  const picked = chosen(ctx);
  const splitting = picked && picked.startsWith("split:") ? Number(picked.slice(6)) : -1;
  const box = columns(ctx, game.heaps, {
    noun: "heap",
    counter: (i, size, n) => (i === splitting
      ? (n < size ? {label: `heap ${i}: split into ${size - n} and ${n}`,
                     pred: (m) => m.heap === i && m.take === 0 && sameLeave(m.leave, rest(size - n, n))} : null)
      : {label: `heap ${i}: take ${n}`,
         pred: (m) => m.heap === i && m.take === n && sameLeave(m.leave, rest(size - n))}),
    heapMoves: (i) => (m) => m.heap === i,
  });
  game.heaps.forEach((size, i) => {
    if (ctx && ctx.moves.some((m) => m.heap === i && m.take === 0)) {
      box.children[i].append(choose(ctx, el("span", {class: "chooser" + (i === splitting ? " chosen" : ""),
                                                     text: i === splitting ? "take instead" : "split"}),
                                    i === splitting ? `heap ${i}: take instead of splitting` : `heap ${i}: split it`,
                                    `split:${i}`));
    }
  });
  return box;
}

export function say(m, game) {
  const n = game.heaps[m.heap];
  const left = m.leave.length === 2 ? `, leaving rows of ${m.leave[0]} and ${m.leave[1]}`
    : m.leave.length === 1 ? `, leaving ${m.leave[0]}` : "";
  if (/^0\./.test(game.code) && n <= MAX_PINS) {
    return `knocked down ${m.take === 1 ? "a pin" : `${m.take} pins`} from the row of ${n}${left}`;
  }
  if (m.take === 0) return `split the heap of ${n} into ${m.leave.join(" and ")}`;
  return `took ${m.take} from the heap of ${n}${left}`;
}
