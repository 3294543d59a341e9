// The area map view: a compiled map of territories and sea zones (`meta.kind === "areas"`,
// engine/maps/areas.py: `areas` and `edges`, no hexes) on its own SVG art, where every area is
// one <path> (`#area-<id>` for land, `#sea-<id>` for a sea zone). openMap (mapview.js) builds
// this view for such a map.
//
// It is the hex MapView with the hex geometry swapped for the areas': the same zoom and pan,
// pointer and counter code, and the same interface the game page and the legend use (has,
// centre, hexAtClient, describeHex, highlight, setMarks, setUnits, setCursor). A location id
// is an area id. What is different:
// - the area under the pointer is the area path the browser hit-tests there;
// - outlines (highlights, the cursor) are copies of the area's own path;
// - marks may colour an area (`fill`: the holder's colour) or stand at its anchor as a small
//   bar (`band`: a hidden nation's colour band), besides the hex view's text marks;
// - the arrow keys move the cursor to the nearest area in that direction.
//
// Like the hex view it decides nothing: it draws what the ruleset adapter hands it (fog of war
// is the server's; a spectator's view has no exact units, so none are drawn).

import { MapView } from "./mapview.js";

const SVG_NS = "http://www.w3.org/2000/svg";
// The counter size in map units (the art is ~3700 units wide for Europe and the Middle East).
const COUNTER_SIZE = 34;
const DIRECTIONS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0],
  w: [0, -1], s: [0, 1], a: [-1, 0], d: [1, 0] };
const BAND_COLOURS = { black: "#1a1a1a", yellow: "#f2c200", red: "#d0312d" };

function svg(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (parent) parent.appendChild(node);
  return node;
}

/** The id of an area's path in the compiled SVG. */
export function areaPathId(map, id) {
  return `${map.areas[id]?.kind === "sea" ? "sea" : "area"}-${id}`;
}

/** A nation's colour lightened towards white by `share` (0..1), for an area's fill that
 * leaves its labels and counters readable. */
export function tint(colour, share = 0.45) {
  const match = /^#?([0-9a-f]{6})$/i.exec(String(colour || ""));
  if (!match) return colour;
  const n = parseInt(match[1], 16);
  const mix = (c) => Math.round(c + (255 - c) * share).toString(16).padStart(2, "0");
  return `#${mix((n >> 16) & 255)}${mix((n >> 8) & 255)}${mix(n & 255)}`;
}

/** The area nearest `from` whose anchor lies in direction `[dx, dy]` (within 60° of it). */
export function areaTowards(map, from, [dx, dy]) {
  const [x0, y0] = map.areas[from].anchor;
  let best = null;
  let bestScore = Infinity;
  for (const [id, area] of Object.entries(map.areas)) {
    if (id === from || !area.anchor) continue;
    const [vx, vy] = [area.anchor[0] - x0, area.anchor[1] - y0];
    const distance = Math.hypot(vx, vy);
    const along = (vx * dx + vy * dy) / distance;
    if (!(along > 0.5)) continue;
    const score = distance / along;    // near and straight ahead first
    if (score < bestScore) { best = id; bestScore = score; }
  }
  return best;
}

/** The outline of an arrow from (x1, y1) to (x2, y2), stopping `gap` short of both ends:
 * a shaft and a head, as one closed path (no SVG marker: it scales with the map). */
export function arrowPath(x1, y1, x2, y2, gap = 0) {
  const length = Math.hypot(x2 - x1, y2 - y1);
  if (length <= 2 * gap + 1) return "";
  const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
  const [nx, ny] = [-uy, ux];
  const [ax, ay] = [x1 + ux * gap, y1 + uy * gap];
  const [bx, by] = [x2 - ux * gap, y2 - uy * gap];
  const shaft = 4;
  const head = Math.min(22, (length - 2 * gap) / 2);
  const [hx, hy] = [bx - ux * head, by - uy * head];
  const points = [[ax + nx * shaft, ay + ny * shaft], [hx + nx * shaft, hy + ny * shaft], [hx + nx * head * 0.6, hy + ny * head * 0.6],
    [bx, by], [hx - nx * head * 0.6, hy - ny * head * 0.6], [hx - nx * shaft, hy - ny * shaft], [ax - nx * shaft, ay - ny * shaft]];
  return `M${points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join("L")}Z`;
}

export class AreaMapView extends MapView {
  constructor(container, options) {
    // The hex view's constructor reads `meta.layout` (for its off-map boxes, none here) and
    // `hexes` (its keyboard cursor, replaced below): an area map has neither.
    const map = options.map;
    map.hexes ||= {};
    map.meta.layout ||= { size: COUNTER_SIZE };
    super(container, options);
    this.root.classList.add("areamap");
    if (!document.getElementById("areamap-css")) {
      const link = document.createElement("link");
      link.id = "areamap-css";
      link.rel = "stylesheet";
      link.href = new URL("./areamap.css", import.meta.url).href;
      document.head.append(link);
    }
    this.paths = new Map();
    for (const id of Object.keys(map.areas)) {
      const path = this.viewport.querySelector(`#${CSS.escape(areaPathId(map, id))}`);
      if (!path) continue;
      path.dataset.area = id;
      path.dataset.artFill = path.getAttribute("fill") || "";
      this.paths.set(id, path);
    }
    this.heldLayer = this.viewport.querySelector("#layer-land") || this.markLayer;
    this.root.addEventListener("keydown", (event) => this.#arrowKey(event), { capture: true });
  }

  // --- coordinates ------------------------------------------------------------------------

  has(id) {
    return !!(id && this.map.areas[id]);
  }

  /** An area's anchor: where its counters and marks stand (the compiler's label point). */
  centre(id) {
    return this.map.areas[id]?.anchor || [0, 0];
  }

  /** The area under a client point: the area path the browser finds there, or null. */
  hexAtClient(clientX, clientY) {
    const hits = document.elementsFromPoint(clientX, clientY);
    for (const node of hits) {
      if (!this.root.contains(node)) continue;
      const area = node.dataset?.area || node.closest?.("[data-hex]")?.dataset.hex;
      if (area && this.has(area)) return area;
    }
    return null;
  }

  describeHex(id) {
    const area = this.map.areas[id];
    if (!area) return null;
    const facts = (area.flags || []).filter((f) => !["land", "sea"].includes(f));
    return {
      id, label: area.kind === "sea" ? "sea zone" : "territory", place: area.name,
      terrain: area.kind === "sea" ? "sea" : null, country: null, area: true,
      features: area.value ? [...facts, `value ${area.value}`] : facts,
      units: this.units.filter((u) => u.hex === id),
    };
  }

  // --- outlines -----------------------------------------------------------------------------

  /** A copy of the area's path (its `d` only) drawn into `parent`. */
  outline(id, parent, attrs = {}) {
    const source = this.paths.get(id);
    if (source) return svg("path", { d: source.getAttribute("d"), ...attrs }, parent);
    const [x, y] = this.centre(id);
    return svg("circle", { cx: x, cy: y, r: COUNTER_SIZE, ...attrs }, parent);
  }

  setCursor(id, { follow = false } = {}) {
    if (!this.has(id)) return;
    this.cursor = id;
    this.cursorLayer.replaceChildren();
    this.outline(id, this.cursorLayer, { class: "cursor area-cursor" });
    if (follow) {
      const [cx, cy] = this.clientOfHex(id);
      const box = this.root.getBoundingClientRect();
      if (cx < box.left + 20 || cx > box.right - 20 || cy < box.top + 20 || cy > box.bottom - 20) this.centreOn(id);
    }
    this.onHexHover(this.describeHex(id));
  }

  #arrowKey(event) {
    const direction = DIRECTIONS[event.key];
    if (!direction) return;
    // The hex view's own handler would step on a hex grid: this one answers instead.
    event.preventDefault();
    event.stopImmediatePropagation();
    const start = this.cursor && this.has(this.cursor) ? this.cursor : Object.keys(this.map.areas).sort()[0];
    const next = this.cursor ? areaTowards(this.map, start, direction) : start;
    if (next) this.setCursor(next, { follow: true });
  }

  highlight(items) {
    this.highlightLayer.replaceChildren();
    this.highlightTextLayer.replaceChildren();
    for (const item of items) {
      if (!this.has(item.hex)) continue;
      if (item.to) {                   // an order drawn as an arrow: {hex, to, kind, title?}
        if (this.has(item.to)) this.#arrow(item);
        continue;
      }
      const attrs = { class: `hl hl-${item.kind || "option"}`, "data-hex": item.hex };
      this.outline(item.hex, svg("g", attrs, this.highlightLayer));
      if (item.text !== undefined && item.text !== null && item.text !== "") {
        const [x, y] = this.centre(item.hex);
        svg("text", { x, y: y + COUNTER_SIZE, class: "hl-text" }, svg("g", attrs, this.highlightTextLayer))
          .textContent = String(item.text);
      }
    }
  }

  /** An arrow from one area's anchor to another's (a land or rail move of the draft). */
  #arrow(item) {
    const [x1, y1] = this.centre(item.hex);
    const [x2, y2] = this.centre(item.to);
    const group = svg("g", { class: `hl hl-${item.kind || "move"} hl-arrow`, "data-hex": item.hex, "data-to": item.to }, this.highlightTextLayer);
    if (item.title) svg("title", {}, group).textContent = item.title;
    svg("path", { d: arrowPath(x1, y1, x2, y2, COUNTER_SIZE * 0.6) }, group);
  }

  // --- marks: who holds each area, colour bands -------------------------------------------

  /**
   * Marks: `{hex, kind, fill?, band?, colour?, text?, title?}`. A mark with `fill` colours
   * the area's own path (the holder); one with `band` ("black" | "yellow" | "red") is a small
   * bar at the area's anchor, edged in the nation's `colour`; the rest show their text.
   */
  setMarks(marks) {
    this.markLayer.replaceChildren();
    const filled = new Map();
    const bands = new Map();
    for (const mark of marks) {
      if (!this.has(mark.hex)) continue;
      if (mark.fill) filled.set(mark.hex, mark);
      else if (mark.band) {
        if (!bands.has(mark.hex)) bands.set(mark.hex, []);
        bands.get(mark.hex).push(mark);
      } else if (mark.text) {
        const [x, y] = this.centre(mark.hex);
        const group = svg("g", { class: `mark mark-${mark.kind}`, "data-hex": mark.hex }, this.markLayer);
        if (mark.title) svg("title", {}, group).textContent = mark.title;
        svg("text", { x, y: y - COUNTER_SIZE, class: "mark-text" }, group).textContent = mark.text;
      }
    }
    for (const [id, path] of this.paths) {
      const mark = filled.get(id);
      path.setAttribute("fill", mark ? tint(mark.fill) : path.dataset.artFill);
      path.classList.toggle("held", !!mark);
      if (mark) path.dataset.holder = mark.holder || "";
      else delete path.dataset.holder;
      let title = path.querySelector("title");
      if (mark?.title) {
        title ||= svg("title", {}, path);
        title.textContent = mark.title;
      } else if (title) title.remove();
    }
    for (const [id, list] of bands) this.#bands(id, list);
  }

  /** The colour bands of an area: one small bar per hidden nation, below its counters. */
  #bands(id, list) {
    const [x, y] = this.centre(id);
    const width = 12;
    const group = svg("g", { class: "mark mark-bands", "data-hex": id,
      transform: `translate(${(x - (list.length * (width + 2)) / 2).toFixed(1)} ${(y + COUNTER_SIZE * 0.7).toFixed(1)})` }, this.markLayer);
    list.forEach((mark, i) => {
      const bar = svg("rect", { x: i * (width + 2), y: 0, width, height: 6, rx: 1.5, class: `band band-${mark.band}`,
        fill: BAND_COLOURS[mark.band] || "#888", stroke: mark.colour || "#444", "data-nation": mark.nation || "" }, group);
      if (mark.title) svg("title", {}, bar).textContent = mark.title;
    });
  }

  // --- legend swatches (frontend/map/legend.js asks the view first) ---------------------------

  /**
   * The swatch of a legend row drawn from this map's own art, or undefined when the key is not
   * one an area map draws differently from the hex view. Returns null for every other key: an
   * area map has no terrain, hexsides or places of its own, so those rows do not show.
   */
  swatch(key, { samples = {} } = {}) {
    const sampleArea = this.#sampleArea();
    if (!sampleArea) return null;
    const source = this.paths.get(sampleArea);
    const box = source.getBBox?.() || { x: 0, y: 0, width: 100, height: 100 };
    const pad = 6;
    const root = svg("svg", { viewBox: `${box.x - pad} ${box.y - pad} ${box.width + 2 * pad} ${box.height + 2 * pad}`,
      class: "legend-svg areamap-swatch", "aria-hidden": "true", focusable: "false" });
    const shape = (attrs) => svg("path", { d: source.getAttribute("d"), ...attrs }, root);
    const [x, y] = this.centre(sampleArea);
    switch (key) {
      case "area-land": shape({ fill: source.dataset.artFill || "#e8d2b0", stroke: "#555", "stroke-width": 2 }); break;
      case "area-held": shape({ fill: tint(samples.heldColour || "#4a6fa5"), stroke: "#555", "stroke-width": 2 }); break;
      case "area-sea": {
        const sea = [...this.paths.entries()].find(([id]) => this.map.areas[id].kind === "sea");
        if (!sea) return null;
        const seaBox = sea[1].getBBox?.() || box;
        root.setAttribute("viewBox", `${seaBox.x} ${seaBox.y} ${seaBox.width} ${seaBox.height}`);
        svg("path", { d: sea[1].getAttribute("d"), fill: sea[1].getAttribute("fill") || "#a9c8e0" }, root);
        break;
      }
      case "area-band": {
        shape({ fill: source.dataset.artFill || "#e8d2b0", stroke: "#555", "stroke-width": 2 });
        ["black", "yellow", "red"].forEach((band, i) => svg("rect", { x: x - 21 + i * 14, y: y - 3, width: 12, height: 6,
          rx: 1.5, fill: BAND_COLOURS[band], stroke: "#444", class: "band" }, root));
        break;
      }
      case "area-stack": {
        shape({ fill: tint(samples.heldColour || "#4a6fa5"), stroke: "#555", "stroke-width": 2 });
        const side = COUNTER_SIZE;
        svg("rect", { x: x - side / 2, y: y - side / 2, width: side, height: side, rx: 2, fill: samples.heldColour || "#4a6fa5",
          stroke: "#1a202c", "stroke-width": 1.5 }, root);
        svg("text", { x, y: y + side * 0.2, "text-anchor": "middle", "font-size": side * 0.55, "font-weight": 700, fill: "#fff" }, root)
          .textContent = "7";
        break;
      }
      case "hl-move": case "hl-rail": {
        shape({ fill: source.dataset.artFill || "#e8d2b0" });
        const group = svg("g", { class: "layer-highlight" }, root);
        svg("path", { d: arrowPath(box.x + pad, box.y + box.height - pad, box.x + box.width - pad, box.y + pad) },
          svg("g", { class: `hl ${key} hl-arrow` }, group));
        break;
      }
      case "hl-selected": case "hl-option": case "cursor": {
        shape({ fill: source.dataset.artFill || "#e8d2b0" });
        const group = svg("g", key === "cursor" ? { class: "layer-cursor" } : { class: "layer-highlight" }, root);
        const inner = key === "cursor" ? group : svg("g", { class: `hl ${key}` }, group);
        svg("path", { d: source.getAttribute("d"), class: key === "cursor" ? "cursor area-cursor" : "" }, inner);
        break;
      }
      default: return null;      // a hex map's symbol (terrain, hexsides, places): not on this map
    }
    return root;
  }

  #sampleArea() {
    const land = [...this.paths.keys()].filter((id) => this.map.areas[id].kind === "land").sort();
    return land.includes("paris") ? "paris" : land[0] || null;
  }
}
