// grundy.js - the board of Grundy's game: heaps as rows of counters; pressing the n-th
// counter from the end splits the heap into n and the rest (never two equal heaps).
import {columns} from "./columns.js";

const sameSplit = (split, a, b) => split && split.length === 2 &&
  ((split[0] === a && split[1] === b) || (split[0] === b && split[1] === a));

export function draw(game, ctx) {
  return columns(ctx, game.heaps, {
    noun: "heap",
    counter: (i, size, n) => (n < size && 2 * n !== size
      ? {label: `heap ${i}: split into ${size - n} and ${n}`,
         pred: (m) => m.heap === i && sameSplit(m.split, size - n, n)}
      : null),
    heapMoves: (i) => (m) => m.heap === i,
  });
}

export function say(m, game) {
  return `split the heap of ${game.heaps[m.heap]} into ${m.split[0]} and ${m.split[1]}`;
}
