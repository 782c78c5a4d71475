// columns.js - heaps drawn as rows of counters, for the boards of Nim's kin, the splitting
// games and the take-and-break codes: each counter plays the move its board gives it, the
// heap's caption (in Analyse) marks every move of the heap; a heap past
// MAX_DRAWN_COUNTERS is drawn as three counters and its size written, and in Play is taken
// from by the controls `takeControls` makes.
import {el} from "../dom.js";
import {exactNumber, jsonText} from "../api.js";
import {pickable, offers} from "../press.js";

export const MAX_DRAWN_COUNTERS = 20;

// counter(i, size, n): the n-th counter from the end of heap i (n = 1: the last), as
// {label, pred} when pressing it plays a move, else null; heapMoves(i): the test of every
// move of heap i (Analyse marks them when its caption is pressed).
export function columns(ctx, sizes, {noun, counter, heapMoves}) {
  const box = el("div", {class: "heaps"});
  const named = ctx && ctx.narrows ? 0 : 1; /* Analyse names heaps as the API does; Play from 1 */
  sizes.forEach((size, i) => {
    const column = el("div", {class: "heap", "data-heap": i, "data-size": size});
    const tall = size > MAX_DRAWN_COUNTERS; /* drawn as three counters and its size */
    const drawn = tall ? 3 : Number(size);
    const counters = el("div", {class: "counters" + (tall ? " tall" : "")});
    for (let n = 1; n <= drawn; n++) { /* the last counter first: it takes one */
      const node = el("span", {class: "counter"});
      const what = size <= MAX_DRAWN_COUNTERS && counter ? counter(i, size, n) : null;
      counters.append(what ? pickable(ctx, node, what.label, what.pred) : node);
    }
    if (tall) counters.prepend(el("span", {class: "more", text: "…"}));
    const caption = el("span", {class: "caption", text: `${noun} ${i + named}`});
    column.append(counters, el("span", {class: "label", text: String(size)}),
                  ctx && ctx.narrows && heapMoves ? pickable(ctx, caption, `${noun} ${i} of ${size}`, heapMoves(i)) : caption);
    box.append(column);
  });
  return box;
}

// Play's controls for a heap too tall to draw: take one, take all, take a number typed,
// and (with hints) each winning take; every button carries its move.
export function takeControls(ctx, i, size) {
  if (!offers(ctx) || size <= MAX_DRAWN_COUNTERS) return null;
  const button = (text, take, cls = "") => {
    const move = {heap: i, take};
    return ctx.offer(el("button", {type: "button", class: "take " + cls, text}), `heap ${i + 1}: ${text}`, move);
  };
  const input = el("input", {type: "text", inputmode: "numeric", class: "take-count", value: "1",
                             "aria-label": `how many to take from heap ${i + 1}`, autocomplete: "off"});
  const typed = button("take", 1);
  input.addEventListener("input", () => {
    const text = input.value.trim();
    const ok = /^[1-9][0-9]{0,18}$/.test(text);
    typed.disabled = !ok;
    if (ok) typed.dataset.move = jsonText({heap: i, take: exactNumber(text)});
  });
  const box = el("div", {class: "take-controls"}, button("take 1", 1), button("take all", size), input, typed);
  for (const m of ctx.winning || []) {
    if (m.heap === i && m.take !== undefined) box.append(button(`take ${m.take} ★`, m.take, "wins"));
  }
  return box;
}
