// gallery.js - the games Play offers, by the names players know: each with its game type
// (and the members that make it this game, as a take-and-break code), one sentence of
// rules, how a move is made where it takes two presses, and the positions a new game
// starts from, smallest first.

const path = (n) => Array.from({length: n - 1}, (_, i) => [i, i + 1]);
const ring = (n) => [...path(n), [n - 1, 0]];
const empty = (k, count) => Array(count).fill(".".repeat(k * k));
const bar = (rows, cols) => Array(rows).fill(cols);
const grid = (rows, cols) => Array(rows).fill(".".repeat(cols));

export const GALLERY = [
  {id: "nim", name: "Nim", type: "nim",
   rule: "Take as many counters as you like from one heap.",
   sizes: [["Three heaps", {heaps: [3, 4, 5]}], ["Four heaps", {heaps: [2, 5, 6, 7]}],
           ["Giant heaps (a billion billion)", {heaps: [10n ** 18n, 999999999999999999n, 123456789n]}]]},
  {id: "kayles", name: "Kayles", type: "octal", fixed: {code: "0.77"},
   rule: "Bowl down one pin, or two pins side by side.",
   how: "Press a pin, then the same pin again or the one beside it.",
   sizes: [["A row of 8 pins", {heaps: [8]}], ["Two rows (5 and 7)", {heaps: [5, 7]}], ["Three rows (3, 6, 10)", {heaps: [3, 6, 10]}]]},
  {id: "dawsons-kayles", name: "Dawson's Kayles", type: "octal", fixed: {code: "0.07"},
   rule: "Bowl down two pins side by side; a lone pin can never fall.",
   how: "Press a pin, then the one beside it.",
   sizes: [["A row of 10 pins", {heaps: [10]}], ["A row of 15 pins", {heaps: [15]}], ["Two rows (7 and 9)", {heaps: [7, 9]}]]},
  {id: "lasker", name: "Lasker's Nim", type: "octal", fixed: {code: "4.[3]"},
   rule: "Take counters from one heap, or split a heap into two.",
   how: "Press a counter to take it and the counters after it; press “split”, then a counter, to split there.",
   sizes: [["Two heaps", {heaps: [3, 5]}], ["Three heaps", {heaps: [4, 7, 9]}], ["Four heaps", {heaps: [2, 6, 10, 13]}]]},
  {id: "wythoff", name: "Wythoff's queen", type: "wythoff",
   rule: "Move the queen left, down, or diagonally toward the corner: whoever puts her in the corner wins.",
   sizes: [["A 6 × 4 board", {piles: [[5, 3]]}], ["A 7 × 5 board", {piles: [[6, 4]]}], ["A 7 × 7 board", {piles: [[6, 6]]}]]},
  {id: "chomp", name: "Chomp", type: "chomp",
   rule: "Eat a square of chocolate and every square right of it and below it; whoever is left the poisoned corner loses.",
   sizes: [["A 4 × 5 bar", {rows: bar(4, 5)}], ["A 5 × 7 bar", {rows: bar(5, 7)}], ["A 6 × 7 bar", {rows: bar(6, 7)}]]},
  {id: "hackenbush", name: "Green Hackenbush", type: "hackenbush",
   rule: "Cut one line of the drawing; whatever is no longer joined to the ground falls away.",
   sizes: [["A flower", {nodes: 6, edges: [[0, 1], [1, 2], [2, 3], [3, 4], [4, 2], [1, 5]]}],
           ["Three stalks", {nodes: 8, edges: [[0, 1], [1, 2], [0, 3], [3, 4], [4, 5], [0, 6], [6, 7]]}],
           ["A house and a tree", {nodes: 10, edges: [[0, 1], [0, 2], [1, 2], [1, 3], [2, 3], [3, 4],
                                                       [0, 5], [5, 6], [6, 7], [6, 8], [8, 9]]}]]},
  {id: "turtles", name: "Turning Turtles", type: "coins",
   rule: "Turn a head over to tails, and if you like one more coin to its left, either way.",
   how: "Press a head, then the same head again to turn it alone, or a coin to its left to turn both.",
   sizes: [["8 coins", {coins: "THHTHTTH"}], ["12 coins", {coins: "HTHHTTHTHHTH"}], ["16 coins", {coins: "THTHHTHTTHHTHTTH"}]]},
  {id: "nodekayles", name: "Node-Kayles", type: "nodekayles",
   rule: "Take a dot: its neighbours go with it.",
   sizes: [["A ring of 7", {nodes: 7, edges: ring(7)}], ["A path of 10", {nodes: 10, edges: path(10)}],
           ["The Petersen graph", {nodes: 10, edges: [[0, 1], [1, 2], [2, 3], [3, 4], [4, 0], [0, 5], [1, 6], [2, 7],
                                                       [3, 8], [4, 9], [5, 7], [7, 9], [9, 6], [6, 8], [8, 5]]}]]},
  {id: "notakto", name: "Notakto", type: "notakto",
   rule: "Both players put X's; a board with three in a row is dead; whoever kills the last board loses.",
   sizes: [["One board", {boards: empty(3, 1)}], ["Two boards", {boards: empty(3, 2)}], ["Three boards", {boards: empty(3, 3)}]]},
  {id: "cram", name: "Cram", type: "cram",
   rule: "Place a domino on two empty squares side by side, either way round.",
   how: "Press a square, then a square beside it.",
   sizes: [["A 3 × 4 board", {board: grid(3, 4)}], ["A 4 × 5 board", {board: grid(4, 5)}], ["A 5 × 5 board", {board: grid(5, 5)}]]},
  {id: "grundy", name: "Grundy's game", type: "grundy",
   rule: "Split a heap into two heaps of different sizes.",
   sizes: [["A heap of 9", {heaps: [9]}], ["A heap of 13", {heaps: [13]}], ["Two heaps (7 and 10)", {heaps: [7, 10]}]]},
];

// The game object a gallery entry starts from at size s (an index into its sizes).
export function startOf(entry, s) {
  return {type: entry.type, ...(entry.fixed || {}), ...entry.sizes[s][1]};
}
