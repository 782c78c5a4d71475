// graph.js - where a graph's nodes and edges are drawn: layers by distance, rows ordered
// by their neighbours, parallel edges and loops bent apart.
import {el} from "./dom.js";

export const MAX_DRAWN_NODES = 80; // larger graphs are played from the move list alone

// Layers of a graph by breadth-first distance from `roots` (then from each node not yet
// reached); returns layer[v].
export function bfsLayers(nodes, adjacency, roots) {
  const layer = new Array(nodes).fill(-1);
  const queue = [];
  const visit = (v, d) => { if (layer[v] < 0) { layer[v] = d; queue.push(v); } };
  const drain = () => {
    while (queue.length) {
      const v = queue.shift();
      for (const w of adjacency[v]) visit(w, layer[v] + 1);
    }
  };
  roots.forEach((r) => visit(r, 0));
  drain();
  for (let v = 0; v < nodes; v++) if (layer[v] < 0) { visit(v, 0); drain(); }
  return layer;
}

// Positions of nodes in layers: rows from `top` (downward) or from the bottom (upward),
// each row ordered by the mean place of its neighbours in the row before (one sweep).
export function layeredPlaces(nodes, adjacency, layer, upward) {
  const rows = [];
  for (let v = 0; v < nodes; v++) (rows[layer[v]] = rows[layer[v]] || []).push(v);
  const place = new Array(nodes).fill(0);
  rows.forEach((row, d) => {
    if (d > 0) {
      const key = (v) => {
        const near = adjacency[v].filter((w) => layer[w] === d - 1);
        return near.length ? near.reduce((s, w) => s + place[w], 0) / near.length : place[v];
      };
      row.sort((a, b) => key(a) - key(b));
    }
    row.forEach((v, i) => { place[v] = (i + 1) / (row.length + 1); });
  });
  const width = Math.max(320, Math.max(...rows.map((r) => r.length)) * 70);
  const height = rows.length * 80 + 30;
  const xy = [];
  for (let v = 0; v < nodes; v++) {
    const y = upward ? height - 40 - layer[v] * 80 : 30 + layer[v] * 80;
    xy[v] = [place[v] * width, y];
  }
  return {xy, width, height};
}

export function tooLarge(nodes) {
  return el("p", {class: "hint",
                  text: `A graph of ${nodes} nodes is too large to draw here: play from the move list.`});
}

// The path of an edge from a to b: a loop up and to the right of a, a straight line, or the k-th of
// several parallel edges bent to one side.
export function edgePath([ax, ay], [bx, by], k, self) {
  if (self) {
    const r = 56 * (1 + 0.4 * k);
    return `M ${ax} ${ay} c ${r} ${-r / 4} ${r / 4} ${-r} 0 0`;
  }
  if (k === 0) return `M ${ax} ${ay} L ${bx} ${by}`;
  const bend = (k % 2 ? 1 : -1) * Math.ceil(k / 2) * 22;
  const [mx, my] = [(ax + bx) / 2, (ay + by) / 2];
  const len = Math.hypot(bx - ax, by - ay) || 1;
  const [nx, ny] = [-(by - ay) / len, (bx - ax) / len];
  return `M ${ax} ${ay} Q ${mx + nx * bend * 2} ${my + ny * bend * 2} ${bx} ${by}`;
}

// Where the middle of edgePath's curve lies (the edge's number is written there).
export function edgeMiddle([ax, ay], [bx, by], k, self) {
  if (self) {
    const r = 56 * (1 + 0.4 * k);
    return [ax + r * 0.45, ay - r * 0.55];
  }
  if (k === 0) return [(ax + bx) / 2, (ay + by) / 2];
  const bend = (k % 2 ? 1 : -1) * Math.ceil(k / 2) * 22;
  const [mx, my] = [(ax + bx) / 2, (ay + by) / 2];
  const len = Math.hypot(bx - ax, by - ay) || 1;
  const [nx, ny] = [-(by - ay) / len, (bx - ax) / len];
  return [mx + nx * bend, my + ny * bend]; /* a quadratic's middle: halfway to its control point */
}

export function parallelIndex(edges) {
  const count = new Map();
  return edges.map(([u, v]) => {
    const key = u < v ? `${u},${v}` : `${v},${u}`;
    const k = count.get(key) || 0;
    count.set(key, k + 1);
    return k;
  });
}
