// hackenbush.js - the board of Green Hackenbush: the graph grown up from the ground;
// pressing an edge (a wide band around its stalk, for a finger) deletes it.
import {svg, svgText} from "../dom.js";
import {pickable} from "../press.js";
import {MAX_DRAWN_NODES, bfsLayers, layeredPlaces, tooLarge, edgePath, edgeMiddle, parallelIndex} from "../graph.js";

export function draw(game, ctx, analysis) {
  if (game.nodes > MAX_DRAWN_NODES) return tooLarge(game.nodes);
  const ground = game.ground || 0;
  const both = Array.from({length: game.nodes}, () => []);
  for (const [u, v] of game.edges) { both[u].push(v); both[v].push(u); }
  const layer = bfsLayers(game.nodes, both, [ground]);
  const {xy, width, height} = layeredPlaces(game.nodes, both, layer, true);
  const image = svg("svg", {class: "graph hackenbush", viewBox: `0 0 ${width} ${height}`, width, height,
                            role: "group", "aria-label": "the drawing"});
  image.append(svg("line", {x1: 0, y1: xy[ground][1] + 14, x2: width, y2: xy[ground][1] + 14, class: "ground"}));
  const fallen = new Set((analysis && analysis.fallen) || []);
  const k = parallelIndex(game.edges);
  game.edges.forEach(([u, v], i) => {
    const d = edgePath(xy[u], xy[v], k[i], u === v);
    const stalk = svg("path", {d, class: "stalk" + (fallen.has(i) ? " fallen" : ""), "data-edge": i});
    const [lx, ly] = edgeMiddle(xy[u], xy[v], k[i], u === v);
    image.append(stalk, svgText(lx + 4, ly - 3, String(i), "stalk-label"));
    if (!fallen.has(i) && ctx) {
      image.append(pickable(ctx, hitArea(xy[u], xy[v], d, k[i] || u === v), `delete edge ${i} (${u}–${v})`,
                            (m) => m.edge === i));
    }
  });
  for (let v = 0; v < game.nodes; v++) {
    const [x, y] = xy[v];
    image.append(svg("g", {class: "node" + (v === ground ? " ground-node" : "")},
                     svg("circle", {cx: x, cy: y, r: 9}), svgText(x, y + 4, String(v))));
  }
  return image;
}

// Where a finger deletes an edge: a band HIT_WIDTH wide along it (a straight edge's as a
// polygon, so that it has an area; a bent one's as a wide transparent stroke).
const HIT_WIDTH = 52;
function hitArea([ax, ay], [bx, by], d, bent) {
  if (bent) return svg("path", {d, class: "hit"});
  const len = Math.hypot(bx - ax, by - ay) || 1;
  const [nx, ny] = [(-(by - ay) / len) * HIT_WIDTH / 2, ((bx - ax) / len) * HIT_WIDTH / 2];
  const points = [[ax + nx, ay + ny], [bx + nx, by + ny], [bx - nx, by - ny], [ax - nx, ay - ny]];
  return svg("polygon", {points: points.map((p) => p.join(",")).join(" "), class: "hit band"});
}

export function say(m) {
  const others = m.removed.length - 1;
  return `cut edge ${m.edge}` + (others > 0 ? ` (and ${others} more fell)` : "");
}
