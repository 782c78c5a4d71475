// heaps.js - the board of Nim, Bash's game, subtraction games, Coprime Nim and Moore's Nim:
// heaps as rows of counters; pressing a counter takes it and every counter after it.
import {columns, takeControls} from "./columns.js";

export function draw(game, ctx) {
  const box = columns(ctx, game.heaps, {
    noun: "heap",
    counter: (i, size, n) => ({label: `heap ${i}: take ${n}`, pred: (m) => m.heap === i && m.take === n}),
    heapMoves: (i) => (m) => m.heap === i || (m.takes || []).some((t) => t.heap === i),
  });
  game.heaps.forEach((size, i) => {
    const controls = takeControls(ctx, i, size);
    if (controls) box.children[i].append(controls);
  });
  return box;
}

export function say(m) {
  if (m.takes) return m.takes.map((t) => `took ${t.take} from heap ${t.heap + 1}`).join(", ");
  return `took ${m.take} from heap ${m.heap + 1}`;
}
