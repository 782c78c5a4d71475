// dom.js - building the page's elements: HTML and SVG nodes, text in SVG, a node a player
// presses (pointer, Enter or Space), and plural words.

const SVG_NS = "http://www.w3.org/2000/svg";

export const $ = (id) => document.getElementById(id);

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "onclick" || k === "onkeydown" || k === "onchange" || k === "oninput") node.addEventListener(k.slice(2), v);
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v);
  }
  node.append(...children);
  return node;
}

export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

export function svgText(x, y, text, cls = "") {
  const t = svg("text", {x, y, class: cls});
  t.textContent = text;
  return t;
}

export function plural(n, word) { return `${n} ${word}${n === 1 ? "" : "s"}`; }

// A node pressed as a button: focusable, named for a screen reader, `press` on a click or
// on Enter or Space.
export function pressable(node, label, press) {
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  node.classList.add("pickable");
  node.addEventListener("click", (e) => { e.stopPropagation(); press(); });
  node.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); press(); }
  });
  return node;
}
