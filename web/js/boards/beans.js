// beans.js - the board of the splitting game: bottles of beans (a bottle's caption marks
// its moves in Analyse).
import {columns} from "./columns.js";

export function draw(game, ctx) {
  return columns(ctx, game.bottles, {noun: "bottle", heapMoves: (i) => (m) => m.bottle === i});
}

export function say(m) {
  return `took a bean from bottle ${m.bottle + 1} and put one into bottles ${m.into[0] + 1} and ${m.into[1] + 1}`;
}
