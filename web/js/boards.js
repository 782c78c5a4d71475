// boards.js - the registry of boards: a game type's board module (web/js/boards/<type>.js)
// by its type, the picture of a position, and a move said in words for players.
import {el} from "./dom.js";
import {describeMove} from "./words.js";
import * as beans from "./boards/beans.js";
import * as chomp from "./boards/chomp.js";
import * as coins from "./boards/coins.js";
import * as cram from "./boards/cram.js";
import * as cutting from "./boards/cutting.js";
import * as dag from "./boards/dag.js";
import * as divisor from "./boards/divisor.js";
import * as euclid from "./boards/euclid.js";
import * as fibonacci from "./boards/fibonacci.js";
import * as grundy from "./boards/grundy.js";
import * as hackenbush from "./boards/hackenbush.js";
import * as heaps from "./boards/heaps.js";
import * as nodekayles from "./boards/nodekayles.js";
import * as notakto from "./boards/notakto.js";
import * as octal from "./boards/octal.js";
import * as staircase from "./boards/staircase.js";
import * as sum from "./boards/sum.js";
import * as wythoff from "./boards/wythoff.js";

export const BOARDS = {
  nim: heaps, bash: heaps, subtraction: heaps, coprime: heaps, moore: heaps, octal, grundy, beans,
  fibonacci, staircase, coins, cutting, euclid, divisor, wythoff, dag, hackenbush, chomp,
  nodekayles, cram, notakto, sum,
};

// The picture of a game object: its board, pressable through ctx (see press.js), or a
// still picture without one.
export function picture(game, ctx, analysis) {
  const board = BOARDS[game.type];
  if (!board) return el("p", {class: "hint", text: "No picture for this game: play from the move list."});
  return board.draw(game, ctx, analysis);
}

// A move of `game` in a player's words ("knocked down 2 pins..."): the board's, else the
// analysis view's.
export function sayMove(move, game) {
  const board = BOARDS[game.type];
  return (board && board.say && board.say(move, game)) || describeMove(move, game);
}
