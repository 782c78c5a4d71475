// nodekayles.js - the board of Node-Kayles: the graph on a circle, the vertices gone drawn
// faint; pressing a vertex takes it (and its neighbours, which pointing at it shades).
import {svg, svgText} from "../dom.js";
import {pickable} from "../press.js";
import {MAX_DRAWN_NODES, tooLarge} from "../graph.js";

export function draw(game, ctx) {
  if (game.nodes > MAX_DRAWN_NODES) return tooLarge(game.nodes);
  const gone = new Set(game.gone || []);
  const size = Math.max(260, Math.min(520, game.nodes * 33)), r = size / 2 - 30, c = size / 2;
  const at = (v) => [c + r * Math.sin(2 * Math.PI * v / Math.max(1, game.nodes)),
                     c - r * Math.cos(2 * Math.PI * v / Math.max(1, game.nodes))];
  const image = svg("svg", {class: "graph kayles", viewBox: `0 0 ${size} ${size}`, width: size, height: size,
                            role: "group", "aria-label": "the graph"});
  const near = Array.from({length: game.nodes}, () => []);
  for (const [u, v] of game.edges) {
    if (gone.has(u) || gone.has(v)) continue;
    near[u].push(v);
    near[v].push(u);
    const [[ax, ay], [bx, by]] = [at(u), at(v)];
    image.append(svg("line", {x1: ax, y1: ay, x2: bx, y2: by, class: "edge", "data-edge": `${u}-${v}`}));
  }
  const nodes = [];
  const shade = (v, on) => nodes.forEach(([w, e]) => e.classList.toggle("doomed", on && (w === v || near[v].includes(w))));
  for (let v = 0; v < game.nodes; v++) {
    const [x, y] = at(v);
    const node = svg("g", {class: "node" + (gone.has(v) ? " gone" : ""), "data-node": v},
                     svg("circle", {cx: x, cy: y, r: 22}), svgText(x, y + 5, String(v)));
    if (!gone.has(v) && ctx) {
      pickable(ctx, node, `vertex ${v}`, (m) => m.node === v);
      node.addEventListener("mouseenter", () => shade(v, true));
      node.addEventListener("mouseleave", () => shade(v, false));
      nodes.push([v, node]);
    }
    image.append(node);
  }
  return image;
}

export function say(m) {
  const others = m.removed.filter((v) => v !== m.node);
  return `took vertex ${m.node}` + (others.length ? ` and its neighbours ${others.join(", ")}` : "");
}
