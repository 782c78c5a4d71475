// dag.js - the board of tokens on a directed graph: layers from the sources down; an edge
// out of a node with a token moves one along it (a node with tokens marks its moves in
// Analyse).
import {svg, svgText, plural} from "../dom.js";
import {pickable} from "../press.js";
import {MAX_DRAWN_NODES, bfsLayers, layeredPlaces, tooLarge, edgePath, parallelIndex} from "../graph.js";

export function draw(game, ctx) {
  if (game.nodes > MAX_DRAWN_NODES) return tooLarge(game.nodes);
  const out = Array.from({length: game.nodes}, () => []);
  const both = Array.from({length: game.nodes}, () => []);
  const indegree = new Array(game.nodes).fill(0);
  for (const [u, v] of game.edges) { out[u].push(v); both[u].push(v); both[v].push(u); indegree[v]++; }
  const sources = [...indegree.keys()].filter((v) => indegree[v] === 0);
  const layer = bfsLayers(game.nodes, out, sources.length ? sources : [0]);
  const {xy, width, height} = layeredPlaces(game.nodes, both, layer, false);
  const image = svg("svg", {class: "graph", viewBox: `0 0 ${width} ${height}`, width, height,
                            role: "group", "aria-label": "the graph"});
  image.append(svg("defs", {}, svg("marker", {id: "arrow", viewBox: "0 0 10 10", refX: "22", refY: "5",
                                              markerWidth: "7", markerHeight: "7", orient: "auto-start-reverse"},
                                   svg("path", {d: "M 0 0 L 10 5 L 0 10 z", class: "arrowhead"}))));
  const tokensAt = new Map();
  game.tokens.forEach((v, t) => tokensAt.set(v, [...(tokensAt.get(v) || []), t]));
  const k = parallelIndex(game.edges);
  game.edges.forEach(([u, v], i) => {
    const path = svg("path", {d: edgePath(xy[u], xy[v], k[i], u === v), class: "edge",
                              "marker-end": "url(#arrow)", "data-edge": i});
    image.append(tokensAt.has(u) ? pickable(ctx, path, `move a token from node ${u} to node ${v}`,
                                            (m) => m.from === u && m.to === v) : path);
  });
  for (let v = 0; v < game.nodes; v++) {
    const [x, y] = xy[v];
    const tokens = tokensAt.get(v) || [];
    const node = svg("g", {class: "node" + (tokens.length ? " has-token" : ""), "data-node": v},
                     svg("circle", {cx: x, cy: y, r: 14}), svgText(x, y + 5, String(v)));
    if (tokens.length) {
      node.append(svg("circle", {cx: x + 13, cy: y - 13, r: 8, class: "token"}),
                  svgText(x + 13, y - 9, String(tokens.length), "token-count"));
      if (ctx && ctx.narrows) pickable(ctx, node, `node ${v} with ${plural(tokens.length, "token")}`, (m) => m.from === v);
    }
    image.append(node);
  }
  return image;
}

export function say(m) { return `moved a token from node ${m.from} to node ${m.to}`; }
