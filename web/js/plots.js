// plots.js - the Analyse view's plots: a line of values over n (SG values, or the
// elements a misère quotient's pretending function gives), a grid of values over two
// sizes, and a quotient's relations, each drawn from an answer's data.
import {el, svg, svgText} from "./dom.js";
import {jsonText} from "./api.js";

// A line of values over n = 0..: `how` names the plot and each point (SG values unless
// told otherwise: the misère quotient's pretending function names elements).
const SG_POINTS = {
  label: "SG values", name: (i, v) => `G(${i}) = ${v}`, dotClass: () => "value",
  caption: (t) => (t.period ? `Period ${t.period} proved, from n = ${t.preperiod}.` :
                              "No period proved for this table."),
};

export function linePlot(table, how = SG_POINTS) {
  const values = table.values.map((v) => (typeof v === "number" ? v : null));
  const n = values.length;
  const top = Math.max(1, ...values.filter((v) => v !== null));
  const [left, right, topPad, bottom] = [36, 12, 24, 34];
  const width = 680;
  const height = 260;
  const x = (i) => left + (i + 0.5) * (width - left - right) / n;
  const y = (v) => height - bottom - v * (height - topPad - bottom) / top;
  const image = svg("svg", {class: "plot", viewBox: `0 0 ${width} ${height}`, role: "img",
                            "aria-label": `${how.label} for n = 0..${n - 1}`});
  const slot = (width - left - right) / n;
  if (table.preperiod) {
    image.append(svg("rect", {x: left, y: topPad, width: table.preperiod * slot,
                              height: height - topPad - bottom, class: "preperiod"}),
                 svgText(left + 4, topPad - 8, `preperiod ${table.preperiod}`, "plot-label"));
  }
  if (table.period) {
    for (let s = table.preperiod || 0, band = 0; s < n; s += table.period, band++) {
      image.append(svg("rect", {x: left + s * slot, y: topPad, width: Math.min(table.period, n - s) * slot,
                                height: height - topPad - bottom, class: `period band${band % 2}`}));
    }
    image.append(svgText(width - right - 4, topPad - 8,
                         `period ${table.period} from n = ${table.preperiod || 0}`, "plot-label end"));
  }
  for (let v = 0; v <= top; v += Math.max(1, Math.ceil(top / 6))) {
    image.append(svg("line", {x1: left, x2: width - right, y1: y(v), y2: y(v), class: "grid"}),
                 svgText(left - 6, y(v) + 4, String(v), "tick end"));
  }
  for (let i = 0; i < n; i += Math.max(1, Math.ceil(n / 12))) {
    image.append(svgText(x(i), height - bottom + 16, String(i), "tick middle"));
  }
  image.append(svgText((left + width) / 2, height - 4, "n", "tick middle"));
  let line = "";
  values.forEach((v, i) => { if (v !== null) line += `${line ? "L" : "M"} ${x(i)} ${y(v)} `; });
  image.append(svg("path", {d: line, class: "trace"}));
  values.forEach((v, i) => {
    if (v === null) return;
    const dot = svg("circle", {cx: x(i), cy: y(v), r: Math.max(1.5, Math.min(4, slot / 3)),
                               class: how.dotClass(v)});
    dot.append(svg("title", {}, how.name(i, v)));
    image.append(dot);
  });
  const text = el("details", {}, el("summary", {text: "the values as text"}),
                  el("p", {class: "values", text: table.values.map((v) =>
                    (typeof v === "number" ? v : jsonText(v))).join(" ")}));
  return el("figure", {id: "table-figure"}, image, el("figcaption", {text: how.caption(table)}),
            text);
}

// The quotient's relations: shown whole, or folded under their count when there are so
// many (Dawson's Kayles' 360 elements have over a thousand) that they would bury the page.
const RELATIONS_SHOWN = 200;
export function relationsOf(relations) {
  const text = relations.length ? relations.join(", ") : "none";
  if (relations.length <= RELATIONS_SHOWN)
    return el("p", {class: "values", id: "quotient-relations", text: `Relations: ${text}.`});
  return el("details", {},
    el("summary", {text: `Relations: ${relations.length} (show them)`}),
    el("p", {class: "values", id: "quotient-relations", text: `${text}.`}));
}

export function gridPlot(table) {
  const rows = table.values;
  const w = rows.length;
  const h = Math.max(...rows.map((r) => r.length));
  const top = Math.max(1, ...rows.flat().filter((v) => v !== null));
  const cell = Math.max(14, Math.min(36, Math.floor(600 / Math.max(w, h))));
  const [across, down, what] = GRID_AXES[table.type] || GRID_AXES.cutting;
  const image = svg("svg", {class: "plot", viewBox: `0 0 ${w * cell + 40} ${h * cell + 40}`,
                            role: "img", "aria-label": `SG values of ${what}`});
  rows.forEach((row, i) => row.forEach((v, j) => {
    const box = svg("rect", {x: 30 + i * cell, y: 10 + j * cell, width: cell - 1, height: cell - 1,
                             class: v === null ? "cell none" : "cell"});
    if (v !== null) box.style.fillOpacity = String(0.15 + 0.85 * v / top);
    box.append(svg("title", {}, `${i}, ${j}: ${v === null ? "none" : v}`));
    image.append(box);
    if (v !== null && cell >= 20) image.append(svgText(30 + i * cell + cell / 2, 10 + j * cell + cell / 2 + 4, String(v), "tick middle"));
  }));
  image.append(svgText(30 + w * cell / 2, h * cell + 34, `${across} →`, "tick middle"),
               svgText(4, 20, down, "tick"));
  return el("figure", {id: "table-figure"}, image,
            el("figcaption", {text: `SG value of ${what} (darker is larger).`}));
}

// A two-dimensional table's axes: across, down, and what one cell is.
const GRID_AXES = {
  cutting: ["width w", "h", "one w×h piece"],
  wythoff: ["first number a", "b", "one pile (a, b)"],
  fibonacci: ["heap n", "limit", "one heap n whose next move may take up to the limit"],
};
