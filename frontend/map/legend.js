// Legend swatches drawn with the map's own art, never redrawn by hand:
// - map symbols (terrain, hexsides, borders, rail, places, boxes) are clones of the elements of
//   the compiled map's SVG as the open MapView holds them (engine/maps/render.py drew them),
//   reshaped to one or two hexes: a clone keeps every fill, stroke and dash of the original;
// - highlights, the cursor, a ruleset's marks and counters are drawn by a small MapView of their
//   own (mapview.js: the same highlight(), setMarks() and setUnits() the game map runs), fed by
//   the ruleset adapter's own units() and marks() (frontend/game/learn/samples.js).
//
// A swatch is null when the map has no such symbol (a desert on a map without deserts): the
// legend of a map lists what that map shows.

import { hexCorners, hexToPixel, parseHexId } from "../lib/hex.js";
import { MapView } from "./mapview.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const MARGIN = 4;

function el(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (parent) parent.append(node);
  return node;
}

const pathOf = (corners) => `M${corners.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join("L")}Z`;

/** A local layout like the map's, its hex "0,0" centred on the origin. */
function localLayout(view) {
  return { ...view.layout, origin: [0, 0] };
}

/** The shared edge of two neighbouring hexes (the corners of `a` nearest `b`'s centre). */
function edge(layout, a, b) {
  const [bx, by] = hexToPixel(layout, parseHexId(b));
  return hexCorners(layout, parseHexId(a))
    .sort((m, n) => Math.hypot(m[0] - bx, m[1] - by) - Math.hypot(n[0] - bx, n[1] - by)).slice(0, 2);
}

/** An <svg> framing `hexes` of `layout` (the map's own <style> already applies: an inline
 * SVG's style sheet is the page's). */
function frame(view, layout, hexes) {
  const xs = [];
  const ys = [];
  for (const id of hexes) for (const [x, y] of hexCorners(layout, parseHexId(id))) { xs.push(x); ys.push(y); }
  const [x0, y0] = [Math.min(...xs) - MARGIN, Math.min(...ys) - MARGIN];
  const root = el("svg", { viewBox: `${x0.toFixed(1)} ${y0.toFixed(1)} ${(Math.max(...xs) - x0 + MARGIN).toFixed(1)} ${(Math.max(...ys) - y0 + MARGIN).toFixed(1)}`,
    class: "legend-svg", "aria-hidden": "true", focusable: "false" });
  return root;
}

/** A clone of `source` without its id (ids must stay unique in the page), attributes changed. */
function clone(source, attrs = {}) {
  const copy = source.cloneNode(false);
  copy.removeAttribute("id");
  for (const [key, value] of Object.entries(attrs)) copy.setAttribute(key, String(value));
  return copy;
}

/** The map's land: its clear terrain, or the first terrain it has, as a fill for a hex. */
function landOf(view) {
  return view.root.querySelector("#layer-terrain path.terrain-clear") || view.root.querySelector("#layer-terrain path");
}

/** Hexes of the swatch on the map's land (or `fill`), with the map's grid lines. */
function ground(view, layout, root, hexes, fill = landOf(view)) {
  for (const node of groundNodes(view, layout, hexes, fill)) root.append(node);
}

/** The nodes of `ground`: clones of the fill's path shaped to each hex, and of the grid. */
function groundNodes(view, layout, hexes, fill = landOf(view)) {
  const shapes = hexes.map((id) => pathOf(hexCorners(layout, parseHexId(id))));
  const out = fill ? shapes.map((d) => clone(fill, { d })) : [];
  const grid = view.root.querySelector("#layer-grid");
  if (grid) {
    const lines = clone(grid);
    lines.append(el("path", { d: shapes.join("") }));
    out.push(lines);
  }
  return out;
}

function present(source) {
  return source && (source.tagName !== "path" || (source.getAttribute("d") || "").length > 0);
}

// --- map symbols, cloned from the compiled map's layers ------------------------------------

const TWO = ["0,0", "1,0"];

function terrainSwatch(view, key) {
  const source = view.root.querySelector(`#layer-terrain path.${CSS.escape(key)}`);
  if (!present(source)) return null;
  const layout = localLayout(view);
  const root = frame(view, layout, ["0,0"]);
  ground(view, layout, root, ["0,0"], source);
  return root;
}

function seaSwatch(view) {
  const source = view.root.querySelector("#layer-sea path");
  if (!present(source)) return null;
  const layout = localLayout(view);
  const root = frame(view, layout, ["0,0"]);
  ground(view, layout, root, ["0,0"], source);
  return root;
}

/** A hexside layer's path (rivers, canals, straits, all-sea, borders) on the edge of two hexes. */
function hexsideSwatch(view, selector) {
  const source = view.root.querySelector(selector);
  if (!present(source)) return null;
  const layout = localLayout(view);
  const root = frame(view, layout, TWO);
  ground(view, layout, root, TWO);
  const [p, q] = edge(layout, TWO[0], TWO[1]);
  const group = clone(source.parentNode);
  group.append(clone(source, { d: `M${p[0].toFixed(1)},${p[1].toFixed(1)}L${q[0].toFixed(1)},${q[1].toFixed(1)}` }));
  root.append(group);
  return root;
}

/** A line across two hexes in a layer's own style (rail, coast). */
function lineSwatch(view, layerId) {
  const layer = view.root.querySelector(`#${layerId}`);
  const source = layer?.querySelector("path");
  if (!present(source)) return null;
  const layout = localLayout(view);
  const root = frame(view, layout, TWO);
  ground(view, layout, root, TWO);
  const [a, b] = TWO.map((id) => hexToPixel(layout, parseHexId(id)));
  const group = clone(layer);
  group.append(clone(source, { d: `M${a[0].toFixed(1)},${a[1].toFixed(1)}L${b[0].toFixed(1)},${b[1].toFixed(1)}` }));
  root.append(group);
  return root;
}

const PLACE_KINDS = {
  "place-city": (p) => !p.capital && !p.fortress && !p.port,
  "place-capital": (p) => p.capital && !p.fortress && !p.port,
  "place-port-minor": (p) => p.port === "minor" && !p.capital && !p.fortress,
  "place-port-major": (p) => p.port === "major" && !p.capital && !p.fortress,
  "place-fortress": (p) => p.fortress && !p.capital && !p.port,
};

/** A place's symbols as the map drew them: every mark of #layer-places at its hex centre. */
function placeSwatch(view, key) {
  // A place alone in its hex, so the marks there are its own.
  const places = Object.values(view.map.places || {});
  const count = new Map();
  for (const p of places) count.set(p.hex, (count.get(p.hex) || 0) + 1);
  const place = places.find((p) => p.hex && view.map.hexes[p.hex] && count.get(p.hex) === 1 && PLACE_KINDS[key](p));
  const layer = view.root.querySelector("#layer-places");
  if (!place || !layer) return null;
  const [x, y] = view.centre(place.hex);
  const marks = [...layer.children].filter((node) => {
    const cx = Number(node.getAttribute("cx") ?? Number(node.getAttribute("x")) + Number(node.getAttribute("width")) / 2);
    const cy = Number(node.getAttribute("cy") ?? Number(node.getAttribute("y")) + Number(node.getAttribute("height")) / 2);
    return Math.abs(cx - x) < 0.1 && Math.abs(cy - y) < 0.1;
  });
  if (!marks.length) return null;
  const layout = localLayout(view);
  const root = frame(view, layout, ["0,0"]);
  ground(view, layout, root, ["0,0"]);
  const group = clone(layer, { transform: `translate(${(-x).toFixed(1)} ${(-y).toFixed(1)})` });
  for (const mark of marks) group.append(mark.cloneNode(true));
  root.append(group);
  return root;
}

/** An off-map box as the MapView drew it. */
function boxSwatch(view) {
  const box = view.boxLayer?.querySelector(".box");
  if (!box) return null;
  const layout = view.boxes.values().next().value;
  // Its labelled end: a long box would shrink to a line in a square swatch.
  const width = Math.min(layout.w, (layout.h + 15) * 1.3);
  const root = el("svg", { viewBox: `${(layout.x - layout.w / 2 - 3).toFixed(1)} ${(layout.y - layout.h / 2 - 12).toFixed(1)} ${(width + 6).toFixed(1)} ${(layout.h + 15).toFixed(1)}`,
    class: "legend-svg", "aria-hidden": "true", focusable: "false" });
  const group = el("g", { class: "layer-boxes" }, root);
  group.append(box.cloneNode(true));
  return root;
}

// --- highlights, marks and counters, drawn by a MapView of their own ------------------------

/** A map of a few hexes, in the open map's layout, for a MapView of the legend. */
export function miniMap(view, hexes, { places = {}, title = "legend" } = {}) {
  const layout = { ...view.layout };
  return { meta: { layout, title, name: title }, boxes: {}, places,
    hexes: Object.fromEntries(hexes.map((id) => [id, { label: "", terrain: "clear", features: [] }])) };
}

/** Draw a sample ({hexes, units?, marks?, highlights?, cursor?, map?}) with a new MapView. */
export function drawSample(view, sample, container) {
  const hexes = sample.hexes || ["0,0"];
  const map = sample.map || miniMap(view, hexes);
  const layout = map.meta.layout;
  const cornersOf = (id) => hexCorners(layout, parseHexId(id));
  // Counters alone are framed close (the counter, its stack's shadow and count badge), the
  // rest with their whole hexes.
  const close = sample.units && !sample.marks && hexes.length === 1;
  const reach = layout.size * 0.78;
  const all = close ? [[-reach, -reach], [reach, reach]].map(([dx, dy]) => {
    const [cx, cy] = hexToPixel(layout, parseHexId(hexes[0]));
    return [cx + dx, cy + dy];
  }) : hexes.flatMap(cornersOf);
  const xs = all.map((c) => c[0]);
  const ys = all.map((c) => c[1]);
  const pad = close ? 0 : MARGIN;
  const x0 = Math.min(...xs) - pad;
  const y0 = Math.min(...ys) - pad;
  const width = Math.max(...xs) - x0 + pad;
  const height = Math.max(...ys) - y0 + pad;
  // MapView draws in its own frame from 0,0: shift the layout so the hexes fall inside it.
  const shifted = { ...map, meta: { ...map.meta, layout: { ...layout, origin: [layout.origin[0] - x0, layout.origin[1] - y0] } } };
  const serial = new XMLSerializer();
  const art = groundNodes(view, shifted.meta.layout, hexes).map((node) => serial.serializeToString(node)).join("");
  const mini = new MapView(container, { map: shifted, controls: false,
    svgText: `<svg viewBox="0 0 ${width.toFixed(1)} ${height.toFixed(1)}">${art}</svg>` });
  mini.root.removeAttribute("tabindex");
  mini.root.removeAttribute("role");
  mini.root.setAttribute("aria-hidden", "true");
  mini.root.classList.add("legend-svg");
  if (sample.marks) mini.setMarks(sample.marks);
  if (sample.highlights) mini.highlight(sample.highlights);
  if (sample.units) mini.setUnits(sample.units);
  if (sample.cursor) mini.setCursor(sample.cursor);
  return mini.root;
}

/** The symbols a legend row may name besides a ruleset's `counter:` and `mark:` samples
 * (tests/web/test_learn.py reads this list: every map row of docs/learn/*.md must be one). */
export const DRAWN = ["terrain-*", "sea", "coast", "rivers-major", "rivers-minor", "canals", "straits", "all-sea",
  "border", "rail", "place-city", "place-capital", "place-port-minor", "place-port-major", "place-fortress", "box",
  "hl-option", "hl-attack", "hl-origin", "hl-preview", "hl-selected", "cursor", "stack",
  "area-land", "area-held", "area-sea", "area-band", "area-stack", "hl-move", "hl-rail"];

const HIGHLIGHTS = {
  "hl-option": { highlights: [{ hex: "0,0", kind: "option", text: "2" }] },
  "hl-attack": { highlights: [{ hex: "0,0", kind: "attack", text: "3:1" }] },
  "hl-origin": { highlights: [{ hex: "0,0", kind: "origin" }] },
  "hl-preview": { highlights: [{ hex: "0,0", kind: "preview" }] },
  "hl-selected": { highlights: [{ hex: "0,0", kind: "selected" }] },
  cursor: { cursor: "0,0" },
};

/**
 * The swatch of a legend row's symbol, or null when this map has none.
 * @param {MapView} view   the open game map
 * @param {string} key     a row's symbol: "terrain-forest", "rivers-major", "mark:fort-red",
 *                         "counter:corps" …
 * @param {{samples?: object, container: HTMLElement}} options  the ruleset's samples
 */
export function swatch(view, key, { samples = {}, container }) {
  // An area map (areamap.js) draws its own swatches from its areas' paths; undefined: not one
  // it draws differently.
  const own = view.swatch?.(key, { samples });
  if (own !== undefined) {
    if (own) container.replaceChildren(own);
    return own;
  }
  let svg = null;
  if (key.startsWith("terrain-")) svg = terrainSwatch(view, key);
  else if (key === "sea") svg = seaSwatch(view);
  else if (["rivers-major", "rivers-minor", "canals", "straits", "all-sea"].includes(key)) svg = hexsideSwatch(view, `#layer-rivers #${key}`);
  else if (key === "border") svg = hexsideSwatch(view, "#layer-borders path");
  else if (key === "rail") svg = lineSwatch(view, "layer-rail");
  else if (key === "coast") svg = lineSwatch(view, "layer-coast");
  else if (key in PLACE_KINDS) svg = placeSwatch(view, key);
  else if (key === "box") svg = boxSwatch(view);
  else if (key in HIGHLIGHTS) return drawSample(view, HIGHLIGHTS[key], container);
  else if (key === "stack" && samples["counter:stack"]) key = "counter:stack";
  if (!svg && samples[key]) {
    const sample = samples[key]();
    return sample ? drawSample(view, sample, container) : null;
  }
  if (svg) container.replaceChildren(svg);
  return svg;
}

