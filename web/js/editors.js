// editors.js - the Analyse form's editors, each kept in step with its field's JSON text
// both ways: steppers for lists of numbers and of pairs, coins to turn, a grid of coins,
// and a graph drawn on a circle (press two nodes for an edge, an edge to take it away).
import {el, svg, svgText} from "./dom.js";
import {jsonText, parseExact, exactAdd} from "./api.js";
import {parallelIndex, edgePath} from "./graph.js";

// A field's value as the text its input holds.
export function fieldText(value) {
  if (value === undefined) return "";
  if (typeof value === "string") return value;
  return jsonText(value).replace(/,/g, ", ");
}

// Which editor a field gets, from its example: steppers for a list of numbers (heaps,
// stairs, bottles, tokens...) or of pairs (piles, pieces...), a row of coins to turn;
// none for a graph's edges or anything else, typed as JSON.
function editorKind(name, example) {
  const isInt = Number.isInteger;
  if (name === "coins" && typeof example === "string") return "coins";
  if (name === "grid" && Array.isArray(example) && example.every((r) => typeof r === "string")) return "grid";
  if (name === "edges" || !Array.isArray(example) || !example.length) return null;
  if (example.every(isInt)) return "list";
  if (example.every((p) => Array.isArray(p) && p.length === 2 && p.every(isInt))) return "pairs";
  return null;
}

function stepper(label, value, set) {
  return el("span", {class: "stepper"},
    el("button", {type: "button", class: "less", "aria-label": `${label}: one less`,
                  onclick: () => set(value > 0 ? exactAdd(value, -1) : value)}, "−"),
    el("output", {text: String(value)}),
    el("button", {type: "button", class: "more", "aria-label": `${label}: one more`,
                  onclick: () => set(exactAdd(value, 1))}, "+"));
}

// The editor of a field, kept in step with its JSON text both ways; null for none.
export function attachEditor(name, input, example) {
  const kind = editorKind(name, example);
  if (!kind) return null;
  const box = el("div", {class: "editor " + kind, id: "editor-" + name});
  const noun = name.replace(/s$/, "");
  const write = (value) => { input.value = fieldText(value); draw(); };
  const draw = () => {
    let value;
    try {
      value = kind === "coins" ? input.value.trim() : parseExact(input.value);
    } catch (e) {
      return; /* being typed: the editor waits for JSON */
    }
    const items = [];
    if (kind === "grid" && Array.isArray(value) && value.every((r) => /^[HT]*$/.test(r))) {
      const turn = (r, c) => value.map((row, i) => (i !== r ? row
        : row.slice(0, c) + (row[c] === "H" ? "T" : "H") + row.slice(c + 1)));
      value.forEach((row, r) => items.push(el("div", {class: "grid-row"}, ...[...row].map((f, c) =>
        el("button", {type: "button", class: "coin-face " + f,
                      "aria-label": `row ${r + 1}, column ${c + 1}: ${f === "H" ? "heads" : "tails"}, turn it`,
                      onclick: () => write(turn(r, c))}, f)))));
      const width = value.length ? value[0].length : 1;
      items.push(el("div", {class: "buttons"},
        el("button", {type: "button", class: "add", onclick: () => write([...value, "T".repeat(width)])}, "+ row"),
        el("button", {type: "button", class: "remove", onclick: () => write(value.slice(0, -1))}, "− row"),
        el("button", {type: "button", class: "add", onclick: () => write(value.map((r) => r + "T"))}, "+ column"),
        el("button", {type: "button", class: "remove", onclick: () => write(value.map((r) => r.slice(0, -1)))}, "− column")));
    } else if (kind === "coins" && /^[HT]*$/.test(value)) {
      [...value].forEach((c, i) => items.push(el("button", {type: "button", class: "coin-face " + c,
        "aria-label": `coin ${i + 1}: ${c === "H" ? "heads" : "tails"}, turn it`,
        onclick: () => write(value.slice(0, i) + (c === "H" ? "T" : "H") + value.slice(i + 1))}, c)));
      items.push(el("button", {type: "button", class: "add", onclick: () => write(value + "H")}, "+ coin"),
                 el("button", {type: "button", class: "remove", onclick: () => write(value.slice(0, -1))}, "− coin"));
    } else if (kind === "list" && Array.isArray(value) && value.every(Number.isInteger)) {
      value.forEach((v, i) => items.push(stepper(`${noun} ${i}`, v, (n) => write(value.map((w, j) => (j === i ? n : w))))));
      items.push(el("button", {type: "button", class: "add", onclick: () => write([...value, 1])}, `+ ${noun}`),
                 el("button", {type: "button", class: "remove", onclick: () => write(value.slice(0, -1))}, `− ${noun}`));
    } else if (kind === "pairs" && Array.isArray(value) && value.every((p) => Array.isArray(p) && p.length === 2)) {
      value.forEach((p, i) => items.push(el("span", {class: "pair"}, ...p.map((v, k) =>
        stepper(`${noun} ${i}, number ${k}`, v, (n) => write(value.map((q, j) => (j === i ? q.map((w, m) => (m === k ? n : w)) : q))))))));
      items.push(el("button", {type: "button", class: "add", onclick: () => write([...value, [1, 1]])}, `+ ${noun}`),
                 el("button", {type: "button", class: "remove", onclick: () => write(value.slice(0, -1))}, `− ${noun}`));
    } else {
      return;
    }
    box.replaceChildren(...items);
  };
  input.addEventListener("input", draw);
  draw();
  return box;
}

const MAX_EDITED_NODES = 40; // a larger graph is edited as JSON

// A graph editor for the nodes and edges fields: nodes on a circle; press one node, then
// another (or the same, for a loop), to add an edge; press an edge to take it away; a node
// is added or the last one taken away (with its edges) by the buttons. It writes both
// fields, and redraws from what is typed in them.
export function graphEditor(nodesInput, edgesInput, directed) {
  const box = el("div", {class: "editor graph-editor", id: "editor-graph"});
  let chosen = null; /* the first node of an edge being added */
  const write = (nodes, edges) => {
    nodesInput.value = String(nodes);
    edgesInput.value = fieldText(edges);
    draw();
  };
  const draw = () => {
    let nodes, edges;
    try {
      nodes = parseExact(nodesInput.value);
      edges = parseExact(edgesInput.value);
    } catch (e) {
      return;
    }
    if (!Number.isInteger(nodes) || nodes < 1 || !Array.isArray(edges)) return;
    if (nodes > MAX_EDITED_NODES) {
      box.replaceChildren(el("p", {class: "hint", text: `${nodes} nodes: edit the edges as JSON.`}));
      return;
    }
    const size = 240, r = 95, c = size / 2;
    const at = (v) => [c + r * Math.sin(2 * Math.PI * v / nodes), c - r * Math.cos(2 * Math.PI * v / nodes)];
    const image = svg("svg", {class: "graph", viewBox: `0 0 ${size} ${size}`, width: size, height: size,
                              role: "group", "aria-label": "the graph being edited"});
    const k = parallelIndex(edges);
    edges.forEach(([u, v], i) => {
      if (u >= nodes || v >= nodes) return;
      const path = svg("path", {d: edgePath(at(u), at(v), k[i], u === v), class: "edge edit-edge",
                                "data-edge": i, "marker-end": directed ? "url(#edit-arrow)" : "",
                                tabindex: "0", role: "button",
                                "aria-label": `edge ${i} (${u}–${v}): take it away`});
      path.addEventListener("click", () => write(nodes, edges.filter((_, j) => j !== i)));
      image.append(path);
    });
    if (directed) {
      image.prepend(svg("defs", {}, svg("marker", {id: "edit-arrow", viewBox: "0 0 10 10", refX: "20", refY: "5",
                                                   markerWidth: "7", markerHeight: "7", orient: "auto-start-reverse"},
                                        svg("path", {d: "M 0 0 L 10 5 L 0 10 z", class: "arrowhead"}))));
    }
    for (let v = 0; v < nodes; v++) {
      const [x, y] = at(v);
      const node = svg("g", {class: "node" + (v === chosen ? " chosen" : ""), "data-node": v, tabindex: "0",
                             role: "button", "aria-label": `node ${v}`},
                       svg("circle", {cx: x, cy: y, r: 12}), svgText(x, y + 4, String(v)));
      node.addEventListener("click", () => {
        if (chosen === null) {
          chosen = v;
          draw();
        } else {
          const from = chosen;
          chosen = null;
          write(nodes, [...edges, [from, v]]);
        }
      });
      image.append(node);
    }
    box.replaceChildren(image, el("div", {class: "buttons"},
      el("button", {type: "button", class: "add", onclick: () => write(nodes + 1, edges)}, "+ node"),
      el("button", {type: "button", class: "remove", onclick: () => {
        if (nodes > 1) write(nodes - 1, edges.filter(([u, v]) => u < nodes - 1 && v < nodes - 1));
      }}, "− node")),
      el("p", {class: "hint", text: chosen === null ? "Press a node, then another, to add an edge; press an edge to take it away."
                                                    : `From node ${chosen}: press the node the edge goes to.`}));
  };
  nodesInput.addEventListener("input", draw);
  edgesInput.addEventListener("input", draw);
  draw();
  return box;
}
