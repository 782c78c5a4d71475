// changes.js - marks on a board what the last move changed: each heap, stair, coin,
// number or cell whose value is not what it was (a sum's in its component's picture); else
// the picture, never the misère badge above it.
import {jsonText} from "./api.js";

export function markChanges(before, after, scope) {
  if (after.type === "sum") {
    const pictures = scope.querySelectorAll(":scope .component");
    after.components.forEach((c, i) => {
      if (pictures[i] && jsonText(c) !== jsonText(before.components[i])) {
        markChanges(before.components[i], c, pictures[i]);
      }
    });
    return;
  }
  const member = {heaps: ["heap", 0], bottles: ["heap", 0], stairs: ["stair", 1], numbers: ["number", 0]};
  for (const [name, [attr, first]] of Object.entries(member)) {
    const was = before[name], now = after[name];
    if (!Array.isArray(now) || !Array.isArray(was)) continue;
    now.forEach((v, i) => {
      if (v !== was[i]) scope.querySelectorAll(`[data-${attr}="${i + first}"]`).forEach((e) => e.classList.add("changed"));
    });
  }
  if (typeof after.coins === "string") {
    [...after.coins].forEach((c, i) => {
      if (c !== before.coins[i]) scope.querySelectorAll(`[data-coin="${i + 1}"]`).forEach((e) => e.classList.add("changed"));
    });
  }
  if (Array.isArray(after.boards) && Array.isArray(before.boards)) { /* notakto: the X put */
    after.boards.forEach((text, b) => [...text].forEach((ch, c) => {
      if (before.boards[b] && ch !== before.boards[b][c]) {
        scope.querySelectorAll(`[data-board="${b}"][data-cell="${c}"]`).forEach((e) => e.classList.add("changed"));
      }
    }));
  }
  if (Array.isArray(after.board) && Array.isArray(before.board)) { /* cram: the domino's cells */
    after.board.forEach((text, r) => [...text].forEach((ch, c) => {
      if (before.board[r] && ch !== before.board[r][c]) {
        scope.querySelectorAll(`[data-cell="${r},${c}"]`).forEach((e) => e.classList.add("changed"));
      }
    }));
  }
  /* the picture: the first child but the misère badge */
  const root = [...scope.children].find((e) => !e.classList.contains("misere-badge"));
  for (const name of ["piles", "pairs", "pieces"]) { /* a figure each, in order */
    const was = before[name], now = after[name];
    if (!root || !Array.isArray(now) || !Array.isArray(was) || now.length !== was.length) continue;
    now.forEach((v, i) => {
      if (jsonText(v) !== jsonText(was[i]) && root.children[i]) root.children[i].classList.add("changed");
    });
  }
  /* else the picture, unless nothing is left in it to outline */
  if (!scope.querySelector(".changed") && root && root.childElementCount) root.classList.add("changed");
}
