// press.js - what a board makes pressable, through the context of the mode that draws it
// (Play or Analyse); without a context (a gallery card, a quotient's generator) a board is
// a picture and nothing on it is pressed.
//
// A context has:
//   pickable(node, label, pred): the node plays the one listed move pred accepts (it
//     carries that move as data-move); Analyse also lets a node stand for several moves
//     and marks them in its list.
//   choose(node, label, key): the first of two presses (a pin, a cell, a coin): the node
//     carries data-choose; pressing it makes `chosen` the key (pressing it again, null)
//     and draws the board again, so that the second press's nodes are pickable.
//   chosen: the key chosen, or null.
//   offer(node, label, move) (Play alone): the node plays `move`, made by the board
//     rather than listed (a take from a heap of 10^18); the server checks it.
//   within(wrap, prefix) (Analyse alone; Play draws no sums): the context of a sum's
//     component.

export function pickable(ctx, node, label, pred) { return ctx ? ctx.pickable(node, label, pred) : node; }
export function choose(ctx, node, label, key) { return ctx ? ctx.choose(node, label, key) : node; }
export function chosen(ctx) { return ctx ? ctx.chosen : null; }
export function offers(ctx) { return Boolean(ctx && ctx.offer); }
