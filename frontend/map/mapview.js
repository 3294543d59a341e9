// The SVG hex map: the compiled map's layers inlined once, then zoom and pan by changing one
// transform, one delegated pointer handler doing pixel → hex maths, and layers of our own on
// top for highlights (legal destinations, attack targets), counters and the cursor.
//
// The map never decides anything: it shows what it is told (units, highlighted options) and
// reports which hex the user pointed at.
//
// Off-map boxes (`map.boxes`, e.g. BoP's Petrograd box linked to hexes 4201–5001) are drawn as
// labelled rectangles just outside the map edge their adjacent hexes lie on. A box is a
// location like a hex: its id ("petrograd-box") can hold counters, be highlighted, carry the
// cursor and be clicked (onHexClick receives the box id).

import { hexCorners, hexId, hexToPixel, neighbours, parseHexId, pixelToHex } from "../lib/hex.js";
import { PlaceLabels } from "./labels.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const MIN_ZOOM = 0.5;
const MAX_ZOOM = 12;
// How long a gesture must rest before its preview is committed to the SVG transform.
const COMMIT_AFTER_MS = 160;
// Zoom level from which hex numbers show (labels that appear with zoom).
const HEX_LABEL_ZOOM = 2.5;
// After the user last moved the map, how long it is left alone by reveal().
const USER_GRACE_MS = 4000;

/**
 * @typedef {object} MapUnit
 * @property {string} id
 * @property {string} hex
 * @property {string} label      short text on the counter ("III", "1A")
 * @property {string} [symbol]   NATO symbol id: infantry, cavalry, armour, hq, fortress, fleet
 * @property {string|Array<string|{text: string, class?: string}>} [factors]  factors line
 *                               ("4-3"), or its parts (a part with a class: a yellow value)
 * @property {string} [colour]   nationality colour
 * @property {string} [title]    full name for tooltips and the stack list
 * @property {string} [classes]  extra CSS classes of its stack when it is on top (a ruleset's
 *                               states: face-down, entrenched, out of supply …)
 * @property {{text: string, kind: string, title?: string}} [warn]  a warning marker (out of
 *                               supply …): drawn on the stack when any unit in it has one, so
 *                               a unit under the top counter is not hidden; kind: its CSS class
 *
 * @typedef {object} MapMark      a ruleset's marker under the counters
 * @property {string} [hex]       a whole hex (drawn as its outline, optionally with text)
 * @property {string} [side]      or a hexside "a|b" (drawn as its edge)
 * @property {string} kind        CSS class suffix: mark-<kind>
 * @property {string} [text]
 * @property {string} [title]     tooltip
 */

function svg(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (parent) parent.appendChild(node);
  return node;
}

/**
 * Where each off-map box is drawn: outside the edge of its adjacent hexes (the side where
 * their neighbours are missing), as wide as that stretch of edge.
 * @returns {Map<string, {id: string, name: string, x: number, y: number, w: number, h: number}>}
 */
export function layoutBoxes(map, layout) {
  const out = new Map();
  const size = layout.size;
  for (const [id, box] of Object.entries(map.boxes || {})) {
    // `near`: hexes that place a box without joining it to them (a Sea Chart box drawn by
    // the edge it faces, seachart.js)
    const hexes = (box.adjacent || box.near || []).filter((h) => map.hexes[h]);
    if (!hexes.length) continue;
    const centres = hexes.map((h) => hexToPixel(layout, parseHexId(h)));
    let dx = 0;
    let dy = 0;
    hexes.forEach((h, i) => {
      for (const n of neighbours(parseHexId(h))) {
        if (map.hexes[hexId(n)]) continue;
        const [nx, ny] = hexToPixel(layout, n);
        dx += nx - centres[i][0];
        dy += ny - centres[i][1];
      }
    });
    const xs = centres.map((c) => c[0]);
    const ys = centres.map((c) => c[1]);
    const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
    const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
    const vertical = Math.abs(dy) >= Math.abs(dx);   // the box lies above or below the map
    const h = size * 1.7;
    const w = Math.max(size * 4, (vertical ? Math.max(...xs) - Math.min(...xs) : Math.max(...ys) - Math.min(...ys)) + size);
    const [bw, bh] = vertical ? [w, h] : [h * 2.2, w];
    const gap = size * 0.25;
    let x = cx;
    let y = cy;
    if (vertical) y = dy < 0 ? Math.min(...ys) - size * 0.87 - gap - bh / 2 : Math.max(...ys) + size * 0.87 + gap + bh / 2;
    else x = dx < 0 ? Math.min(...xs) - size - gap - bw / 2 : Math.max(...xs) + size + gap + bw / 2;
    out.set(id, { id, name: box.name || id, kind: box.kind, x, y, w: bw, h: bh });
  }
  // `beside: [box, dx, dy]`: a box with no hexes of its own, drawn off another box by dx of its
  // widths and dy of its heights (the Sea Chart's far boxes: White Sea beside Norwegian Sea).
  for (let placed = true; placed;) {    // a box beside a box placed beside another: again
    placed = false;
    for (const [id, box] of Object.entries(map.boxes || {})) {
      const ref = box.beside && out.get(box.beside[0]);
      if (!ref || out.has(id)) continue;
      const [w, h] = [size * 4, size * 1.7];
      out.set(id, { id, name: box.name || id, kind: box.kind, x: ref.x + box.beside[1] * Math.max(w, ref.w),
        y: ref.y + box.beside[2] * Math.max(h, ref.h), w, h });
      placed = true;
    }
  }
  return out;
}

function polygonPoints(corners) {
  return corners.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
}

const SYMBOLS = {
  // NATO-style unit symbols drawn inside a 16×10 box centred on 0,0.
  infantry: "M-8,-5L8,5M-8,5L8,-5",
  cavalry: "M-8,5L8,-5",
  armour: "M-5,-2.5h10a2.5,2.5 0 0 1 0,5h-10a2.5,2.5 0 0 1 0,-5z",
  hq: "M-8,-5v10",
  fortress: "M-6,3v-6l3,2l3,-2l3,2l3,-2v6z",
  fleet: "M-6,2h12l-2,3h-8z M0,2v-7",
};

/** How long the mouse rests on a stack before it spreads (a pass over it does nothing). */
export const HOVER_SPREAD_MS = 450;

export class MapView {
  /**
   * @param {HTMLElement} container
   * @param {{map: any, svgText: string, onHexClick?: Function, onHexHover?: Function,
   *          onStackOpen?: Function, onSpreadPick?: Function, controls?: boolean}} options
   *          controls: false for a legend's small map (no Fit button); onSpreadPick(hex, unit):
   *          a counter of a spread stack was clicked
   */
  constructor(container, { map, svgText, onHexClick, onHexHover, onStackOpen, onSpreadPick, controls = true }) {
    this.map = map;
    this.layout = map.meta.layout;
    this.onHexClick = onHexClick || (() => {});
    this.onHexHover = onHexHover || (() => {});
    this.onStackOpen = onStackOpen || (() => {});
    this.onSpreadPick = onSpreadPick || (() => {});
    this.spreadHex = null;        // the stack fanned out around its hex (a click or tap on it)
    this.spreadByHover = false;   // that fan was opened by a mouse resting on the stack
    this.hoverSpread = { hex: null, timer: null };   // a stack the mouse rests on, not yet spread
    this.zoom = 1;
    this.pan = [0, 0];
    this.cursor = null;
    this.units = [];
    this.userAt = -Infinity;      // when the user last touched the map (pointer, wheel, keys)

    container.classList.add("mapview");
    const holder = document.createElement("div");
    holder.innerHTML = svgText;
    const source = holder.querySelector("svg");
    const [, , width, height] = (source.getAttribute("viewBox") || "0 0 1000 1000")
      .split(/\s+/).map(Number);
    this.size = [width, height];

    this.root = svg("svg", {
      class: "mapview-svg", viewBox: `0 0 ${width} ${height}`, tabindex: "0", role: "application",
      "aria-label": `${map.meta.title}: arrow keys move the cursor, Enter selects, + and - zoom, 0 fits`,
      "data-map": map.meta.name,
    });
    this.viewport = svg("g", { class: "viewport" }, this.root);
    for (const child of [...source.childNodes]) this.viewport.appendChild(child);
    this.hexLabels = this.viewport.querySelector("#layer-hexlabels");
    if (this.hexLabels) this.hexLabels.removeAttribute("display");
    // ~1,500 hex numbers are noise to a screen reader: the map's aria-label and the hex info
    // box (which names the hex under the cursor) speak for them.
    this.hexLabels?.setAttribute("aria-hidden", "true");
    // The map's place names, laid out per zoom clear of each other and of the counters
    // (labels.js); the layer goes above the counters. An area map places its own names.
    this.placeLabels = this.viewport.querySelector("#layer-labels");
    this.labels = this.placeLabels && map.meta?.kind !== "areas"
      ? new PlaceLabels(this.placeLabels, this.hexLabels, map) : null;
    this.boxes = layoutBoxes(map, this.layout);
    this.boxLayer = svg("g", { class: "layer-boxes" }, this.viewport);
    // Boxes that touch each other (`map.box_links`, the Sea Chart's 2.52), drawn under them.
    for (const [a, b] of map.box_links || []) {
      const [p, q] = [this.boxes.get(a), this.boxes.get(b)];
      if (p && q) svg("line", { x1: p.x.toFixed(1), y1: p.y.toFixed(1), x2: q.x.toFixed(1), y2: q.y.toFixed(1),
        class: "box-link", "data-link": `${a}|${b}` }, this.boxLayer);
    }
    for (const box of this.boxes.values()) {
      const group = svg("g", { class: `box${box.kind ? ` box-${box.kind}` : ""}`, "data-box": box.id }, this.boxLayer);
      svg("title", {}, group).textContent = `${box.name} (off-map box)`;
      svg("rect", { x: (box.x - box.w / 2).toFixed(1), y: (box.y - box.h / 2).toFixed(1), width: box.w.toFixed(1),
        height: box.h.toFixed(1), rx: 3, class: "box-frame" }, group);
      svg("text", { x: (box.x - box.w / 2 + 4).toFixed(1), y: (box.y - box.h / 2 - 3).toFixed(1), class: "box-label" }, group)
        .textContent = box.name;
    }
    this.markLayer = svg("g", { class: "layer-marks" }, this.viewport);
    this.highlightLayer = svg("g", { class: "layer-highlight" }, this.viewport);
    this.unitLayer = svg("g", { class: "layer-units" }, this.viewport);
    // Place names read over the counters (with their halo), never hidden under a stack.
    if (this.placeLabels) this.viewport.appendChild(this.placeLabels);
    // A spread stack's counters go above the names: they are what the user is looking at. The
    // layer is drawn as the counters' (a ruleset's counter styles apply), under its own class.
    this.spreadLayer = svg("g", { class: "layer-units layer-spread" }, this.viewport);
    // A highlight's text (a cost, the odds) goes above the counters, or a stack would hide it.
    this.highlightTextLayer = svg("g", { class: "layer-highlight layer-highlight-text" }, this.viewport);
    this.cursorLayer = svg("g", { class: "layer-cursor" }, this.viewport);
    container.replaceChildren(this.root);
    // The map's own controls: fit the scenario's window (or the whole map) to the screen.
    if (controls) {
      this.fitButton = document.createElement("button");
      Object.assign(this.fitButton, { type: "button", className: "map-fit", textContent: "Fit",
        title: "Fit the map to the screen (key 0)" });
      this.fitButton.setAttribute("aria-label", "Fit the map to the screen");
      this.fitButton.addEventListener("click", () => { this.userAt = performance.now(); this.fit(); });
      container.appendChild(this.fitButton);
    }
    // Which hexes "fit" shows: all of the map unless the page narrows it (a scenario's window).
    this.fitFilter = null;

    this.#bindPointer();
    this.#bindKeys();
    this.#applyTransform();
    // A resized map area changes the names' screen size: lay them out again.
    if (this.labels && globalThis.ResizeObserver) {
      new ResizeObserver(() => this.labels.layout(this.zoom, this.#screenScale())).observe(this.root);
    }
  }

  // --- coordinates ------------------------------------------------------------------------

  /** Is `id` a location of this map: a hex or an off-map box? */
  has(id) {
    return !!(this.map.hexes[id] || this.boxes.has(id));
  }

  /** The map point of a location: a hex centre, or the middle of an off-map box. */
  centre(id) {
    const box = this.boxes.get(id);
    return box ? [box.x, box.y] : hexToPixel(this.layout, parseHexId(id));
  }

  /** The outline of a location (hex polygon or box rectangle) drawn into `parent`. */
  #outline(id, parent, attrs = {}) {
    const box = this.boxes.get(id);
    if (box) {
      return svg("rect", { x: (box.x - box.w / 2).toFixed(1), y: (box.y - box.h / 2).toFixed(1),
        width: box.w.toFixed(1), height: box.h.toFixed(1), rx: 3, ...attrs }, parent);
    }
    return svg("polygon", { points: polygonPoints(hexCorners(this.layout, parseHexId(id))), ...attrs }, parent);
  }

  /** The hex under a client (screen) point, or the off-map box there, or null. */
  hexAtClient(clientX, clientY) {
    const [x, y] = this.#mapPoint(clientX, clientY);
    for (const box of this.boxes.values()) {
      if (Math.abs(x - box.x) <= box.w / 2 && Math.abs(y - box.y) <= box.h / 2) return box.id;
    }
    const id = hexId(pixelToHex(this.layout, [x, y]));
    return this.map.hexes[id] ? id : null;
  }

  /** The client point of a hex centre or box middle (for tests and pop-ups). */
  clientOfHex(id) {
    const [x, y] = this.centre(id);
    const { a, e, f } = this.#rootMatrix();
    return [e + a * (this.pan[0] + x * this.zoom), f + a * (this.pan[1] + y * this.zoom)];
  }

  describeHex(id) {
    const box = this.boxes.get(id);
    if (box) {
      return { id, label: "off-map box", terrain: null, country: null, place: box.name, box: true,
        features: [], units: this.units.filter((u) => u.hex === id) };
    }
    const hex = this.map.hexes[id];
    if (!hex) return null;
    const place = Object.values(this.map.places || {}).find((p) => p.hex === id);
    return {
      id, label: hex.label, terrain: hex.sea ? "sea" : hex.terrain, country: hex.country,
      place: place ? place.name : null, features: hex.features || [],
      units: this.units.filter((u) => u.hex === id),
    };
  }

  // --- zoom and pan: one transform --------------------------------------------------------
  //
  // The map's transform is one attribute on the viewport group. During a gesture (drag, wheel,
  // pinch) the change is first shown as a CSS transform of the <svg> element, which the
  // compositor moves as a bitmap, and committed to the attribute when the gesture rests:
  // without a GPU, repainting thousands of paths on every frame is what makes panning slow.

  /** Root user units → screen: {a (scale), e, f (offsets)}, as when no preview is shown. */
  #rootMatrix() {
    if (this.base) return this.base;
    const m = this.root.getScreenCTM();
    return { a: m.a, e: m.e, f: m.f };
  }

  /** The map (hex layout) point under a client point, whatever transform is showing. */
  #mapPoint(clientX, clientY) {
    const [x, y] = this.#svgPoint(clientX, clientY);
    return [(x - this.pan[0]) / this.zoom, (y - this.pan[1]) / this.zoom];
  }

  #svgPoint(clientX, clientY) {
    const { a, e, f } = this.#rootMatrix();
    return [(clientX - e) / a, (clientY - f) / a];
  }

  #applyTransform() {
    clearTimeout(this.commitTimer);
    this.base = null;
    this.root.style.transform = "";
    const [x, y] = this.pan;
    this.viewport.setAttribute("transform",
      `translate(${x.toFixed(2)} ${y.toFixed(2)}) scale(${this.zoom.toFixed(4)})`);
    this.root.classList.toggle("show-hex-labels", this.zoom >= HEX_LABEL_ZOOM);
    this.committed = { zoom: this.zoom, pan: this.pan.slice() };
    this.labels?.layout(this.zoom, this.#screenScale());
  }

  /** Screen pixels per root unit (0 while the map is not laid out on the page). */
  #screenScale() {
    if (this.base) return this.base.a;
    return this.root.getScreenCTM()?.a || 0;
  }

  #preview() {
    if (!this.base) {
      const m = this.root.getScreenCTM();
      const box = this.root.getBoundingClientRect();
      this.base = { a: m.a, e: m.e, f: m.f, left: box.left, top: box.top };
    }
    const { a, e, f, left, top } = this.base;
    const ds = this.zoom / this.committed.zoom;
    const dx = this.pan[0] - this.committed.pan[0] * ds;
    const dy = this.pan[1] - this.committed.pan[1] * ds;
    // Screen s → e + a·dx + ds·(s − e) for the change D = translate(d) scale(ds) in user
    // units; as a CSS transform about the element's top-left corner:
    const tx = e * (1 - ds) + a * dx - left * (1 - ds);
    const ty = f * (1 - ds) + a * dy - top * (1 - ds);
    this.root.style.transformOrigin = "0 0";
    this.root.style.transform = `matrix(${ds},0,0,${ds},${tx},${ty})`;
    clearTimeout(this.commitTimer);
    this.commitTimer = setTimeout(() => this.#applyTransform(), COMMIT_AFTER_MS);
  }

  #show(preview) {
    if (preview) this.#preview();
    else this.#applyTransform();
  }

  /** Zoom by `factor` keeping the map point under (svgX, svgY) in place. */
  zoomAt(factor, svgX, svgY, { preview = false } = {}) {
    const next = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, this.zoom * factor));
    const scale = next / this.zoom;
    this.pan = [svgX - (svgX - this.pan[0]) * scale, svgY - (svgY - this.pan[1]) * scale];
    this.zoom = next;
    this.#show(preview);
  }

  panBy(dx, dy, { preview = false } = {}) {
    this.pan = [this.pan[0] + dx, this.pan[1] + dy];
    this.#show(preview);
  }

  /** Centre the view on a hex at the current zoom. */
  centreOn(id) {
    const [x, y] = this.centre(id);
    this.pan = [this.size[0] / 2 - x * this.zoom, this.size[1] / 2 - y * this.zoom];
    this.#applyTransform();
  }

  /**
   * Fit the scenario's window (the hexes `fitFilter` keeps) or the whole map to the screen:
   * the largest zoom at which all of them show, centred.
   */
  fit() {
    // (a box id is not a hex: a filter that cannot place it leaves it out)
    const keep = (id) => { try { return !this.fitFilter || this.fitFilter(id); } catch { return false; } };
    const s = this.layout.size;
    // each hex as its centre ± one size, each off-map box as its frame
    const extents = Object.keys(this.map.hexes).filter((id) => keep(id))
      .map((id) => { const [x, y] = this.centre(id); return [x - s, x + s, y - s, y + s]; });
    for (const box of this.boxes.values()) {
      if (keep(box.id)) extents.push([box.x - box.w / 2, box.x + box.w / 2, box.y - box.h / 2 - s, box.y + box.h / 2]);
    }
    // a map without hexes (an area map): its whole art
    if (!extents.length) extents.push([0, this.size[0], 0, this.size[1]]);
    const x0 = Math.min(...extents.map((e) => e[0]));
    const x1 = Math.max(...extents.map((e) => e[1]));
    const y0 = Math.min(...extents.map((e) => e[2]));
    const y1 = Math.max(...extents.map((e) => e[3]));
    const { a, e, f } = this.#rootMatrix();
    const box = this.root.getBoundingClientRect();
    if (!(a > 0) || !box.width || !box.height) return;
    // the screen box in root units (the viewBox is fitted with margins on one axis)
    const [left, top, width, height] = [(box.left - e) / a, (box.top - f) / a, box.width / a, box.height / a];
    this.zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, 0.97 * Math.min(width / (x1 - x0), height / (y1 - y0))));
    this.pan = [left + width / 2 - (x0 + x1) / 2 * this.zoom, top + height / 2 - (y0 + y1) / 2 * this.zoom];
    this.#applyTransform();
  }

  /**
   * Bring locations into view (a decision's place, the option under the pointer) without
   * fighting the user: nothing while a gesture is on or for a few seconds after the user last
   * moved the map, unless `force` (the user asked, e.g. by pointing at an option). With `fit`
   * all of them must show (zooming out if they are far apart), else one showing is enough
   * and the nearest is centred. Returns true if the view moved.
   */
  reveal(ids, { fit = false, force = false } = {}) {
    const list = [...new Set(ids || [])].filter((id) => id && this.has(id));
    if (!list.length) return false;
    if (!force && (this.pointersDown || this.base || performance.now() - this.userAt < USER_GRACE_MS)) return false;
    const box = this.root.getBoundingClientRect();
    const margin = Math.min(40, box.width / 6, box.height / 6);
    const inside = (id) => {
      const [x, y] = this.clientOfHex(id);
      return x > box.left + margin && x < box.right - margin && y > box.top + margin && y < box.bottom - margin;
    };
    if (fit ? list.every(inside) : list.some(inside)) return false;
    const points = list.map((id) => this.centre(id));
    if (!fit) {
      const [mx, my] = [(box.left + box.right) / 2, (box.top + box.bottom) / 2];
      const dist = (id) => { const [x, y] = this.clientOfHex(id); return Math.hypot(x - mx, y - my); };
      this.centreOn(list.slice().sort((a, b) => dist(a) - dist(b))[0]);
      return true;
    }
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const pad = this.layout.size * 4;
    const fits = Math.min(this.size[0] / (Math.max(...xs) - Math.min(...xs) + pad),
      this.size[1] / (Math.max(...ys) - Math.min(...ys) + pad));
    if (fits < this.zoom) this.zoom = Math.max(MIN_ZOOM, fits);
    const [cx, cy] = [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
    this.pan = [this.size[0] / 2 - cx * this.zoom, this.size[1] / 2 - cy * this.zoom];
    this.#applyTransform();
    return true;
  }

  #bindPointer() {
    const pointers = new Map();
    let dragged = false;
    let pinch = null;
    const touched = () => { this.userAt = performance.now(); };
    this.root.addEventListener("wheel", touched, { passive: true });
    this.root.addEventListener("pointerdown", touched);
    this.root.addEventListener("keydown", touched);
    this.root.addEventListener("wheel", (event) => {
      event.preventDefault();
      const [x, y] = this.#svgPoint(event.clientX, event.clientY);
      this.zoomAt(event.deltaY < 0 ? 1.2 : 1 / 1.2, x, y, { preview: true });
    }, { passive: false });
    this.root.addEventListener("pointerleave", (event) => {
      if (event.pointerType === "mouse") this.#hoverSpread(null, null);
    });
    this.root.addEventListener("pointerdown", (event) => {
      this.#cancelHoverSpread();
      pointers.set(event.pointerId, [event.clientX, event.clientY]);
      this.pointersDown = pointers.size;
      dragged = false;
      if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        pinch = Math.hypot(a[0] - b[0], a[1] - b[1]);
      }
    });
    this.root.addEventListener("pointermove", (event) => {
      const last = pointers.get(event.pointerId);
      if (!last) {
        const id = this.hexAtClient(event.clientX, event.clientY);
        if (id !== this.hovered) {
          this.hovered = id;
          this.onHexHover(id ? this.describeHex(id) : null);
        }
        if (event.pointerType === "mouse") this.#hoverSpread(id, event.target);
        return;
      }
      if (pointers.size === 2 && pinch) {
        pointers.set(event.pointerId, [event.clientX, event.clientY]);
        const [a, b] = [...pointers.values()];
        const distance = Math.hypot(a[0] - b[0], a[1] - b[1]);
        const [x, y] = this.#svgPoint((a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
        this.zoomAt(distance / pinch, x, y, { preview: true });
        pinch = distance;
        dragged = true;
        return;
      }
      const [from, to] = [this.#svgPoint(...last), this.#svgPoint(event.clientX, event.clientY)];
      if (Math.abs(event.clientX - last[0]) + Math.abs(event.clientY - last[1]) > 2) dragged = true;
      if (dragged) {
        this.root.setPointerCapture?.(event.pointerId);
        this.panBy(to[0] - from[0], to[1] - from[1], { preview: true });
        pointers.set(event.pointerId, [event.clientX, event.clientY]);
      }
    });
    const release = (event) => {
      if (this.base && pointers.size <= 1) this.#applyTransform();
      const had = pointers.delete(event.pointerId);
      this.pointersDown = pointers.size;
      if (had) touched();
      if (pointers.size < 2) pinch = null;
      if (had && !dragged && event.type === "pointerup") {
        // A counter of a spread stack: that unit is picked (not the hex the fan lies over).
        const fanned = event.target.closest?.(".spread-counter");
        if (fanned) {
          this.onSpreadPick(fanned.dataset.hex, fanned.dataset.unit);
          return;
        }
        const stack = event.target.closest?.(".stack");
        const id = this.hexAtClient(event.clientX, event.clientY);
        // A click or tap on a stack of several spreads it; a click anywhere else folds it.
        this.spread(stack && stack.dataset.count > 1 ? stack.dataset.hex : null);
        if (stack && stack.dataset.count > 1) this.onStackOpen(stack.dataset.hex, this.#unitsAt(stack.dataset.hex));
        if (id) {
          this.setCursor(id);
          this.onHexClick(id, this.describeHex(id));
        }
      }
    };
    this.root.addEventListener("pointerup", release);
    this.root.addEventListener("pointercancel", release);
  }

  /**
   * A mouse resting on a stack of several spreads it, as a click does, after HOVER_SPREAD_MS
   * (a pass over the map on the way elsewhere spreads nothing). The fan stays while the mouse
   * is on the stack's hex or on the fan, and folds when it leaves both; a fan opened by a click
   * or a tap stays until a click folds it, and hovering never selects units (no onStackOpen).
   * Touch and pen have no hover: a tap spreads.
   */
  #hoverSpread(id, target) {
    const onFan = !!target?.closest?.(".layer-spread .spread-counter");
    if (this.spreadHex && this.spreadByHover && id !== this.spreadHex && !onFan) this.spread(null);
    if (onFan || (id && id === this.spreadHex)) {
      this.#cancelHoverSpread();
      return;
    }
    if (id === this.hoverSpread.hex) return;              // already waiting on this stack
    this.#cancelHoverSpread();
    if (!id || (this.spreadHex && !this.spreadByHover)) return;
    if (this.#unitsAt(id).length < 2) return;
    this.hoverSpread.hex = id;
    this.hoverSpread.timer = setTimeout(() => {
      const hex = this.hoverSpread.hex;
      this.hoverSpread = { hex: null, timer: null };
      if (hex && this.hovered === hex && !this.pointersDown && (!this.spreadHex || this.spreadByHover)) {
        this.spread(hex, { hover: true });
      }
    }, HOVER_SPREAD_MS);
  }

  #cancelHoverSpread() {
    clearTimeout(this.hoverSpread.timer);
    this.hoverSpread = { hex: null, timer: null };
  }

  #bindKeys() {
    // Cursor moves follow the engine's direction order on screen (flat tops):
    // 2 north, 5 south, 1 north-east, 0 south-east, 3 north-west, 4 south-west.
    const moves = { ArrowUp: 2, ArrowDown: 5, ArrowRight: 0, ArrowLeft: 3, e: 1, d: 0, q: 3, a: 4, w: 2, s: 5 };
    this.root.addEventListener("keydown", (event) => {
      if (event.key === "+" || event.key === "=") {
        this.zoomAt(1.25, this.size[0] / 2, this.size[1] / 2);
      } else if (event.key === "-") {
        this.zoomAt(0.8, this.size[0] / 2, this.size[1] / 2);
      } else if (event.key === "0") {
        this.fit();
      } else if (event.key === "Escape" && this.spreadHex) {
        this.spread(null);
      } else if (event.key in moves) {
        let start = this.cursor || this.#defaultCursor();
        if (this.boxes.has(start)) start = this.map.boxes[start].adjacent.find((h) => this.map.hexes[h]);
        const next = neighbours(parseHexId(start))[moves[event.key]];
        const id = hexId(next);
        if (this.map.hexes[id]) this.setCursor(id, { follow: true });
      } else if (event.key === "Enter" || event.key === " ") {
        if (this.cursor) this.onHexClick(this.cursor, this.describeHex(this.cursor));
      } else {
        return;
      }
      event.preventDefault();
    });
  }

  #defaultCursor() {
    const centre = pixelToHex(this.layout, [this.size[0] / 2, this.size[1] / 2]);
    const id = hexId(centre);
    return this.map.hexes[id] ? id : Object.keys(this.map.hexes)[0];
  }

  /** Put the keyboard cursor on a hex (and keep it in view when `follow`). */
  setCursor(id, { follow = false } = {}) {
    this.cursor = id;
    this.cursorLayer.replaceChildren();
    this.#outline(id, this.cursorLayer, { class: "cursor" });
    if (follow) {
      const [cx, cy] = this.clientOfHex(id);
      const box = this.root.getBoundingClientRect();
      if (cx < box.left + 20 || cx > box.right - 20 || cy < box.top + 20 || cy > box.bottom - 20) {
        this.centreOn(id);
      }
    }
    this.onHexHover(this.describeHex(id));
  }

  // --- highlights -------------------------------------------------------------------------

  /**
   * Highlight hexes (legal destinations, attack targets). `items` is a list of
   * {hex, text?, kind?}; the previous highlights go.
   */
  highlight(items) {
    this.highlightLayer.replaceChildren();
    this.highlightTextLayer.replaceChildren();
    for (const item of items) {
      if (!this.has(item.hex)) continue;
      const attrs = { class: `hl hl-${item.kind || "option"}`, "data-hex": item.hex };
      if (this.boxes.has(item.hex)) attrs["data-box"] = item.hex;
      this.#outline(item.hex, svg("g", attrs, this.highlightLayer));
      if (item.text !== undefined && item.text !== null && item.text !== "") {
        const [x, y] = this.centre(item.hex);
        const text = svg("text", { x, y: y + this.layout.size * 0.62, class: "hl-text" },
          svg("g", attrs, this.highlightTextLayer));
        text.textContent = String(item.text);
      }
    }
  }

  // --- a ruleset's markers (forts on hexsides, objectives, control) --------------------------

  /** Draw `marks` ({hex|side, kind, text?, title?}); the previous marks go. */
  setMarks(marks) {
    this.markLayer.replaceChildren();
    for (const mark of marks) {
      const group = svg("g", { class: `mark mark-${mark.kind}`, "data-hex": mark.hex || mark.side }, this.markLayer);
      if (mark.title) svg("title", {}, group).textContent = mark.title;
      if (mark.side) {
        const [a, b] = mark.side.split("|").map(parseHexId);
        const [bx, by] = hexToPixel(this.layout, b);
        // The shared edge: the two corners of a that lie nearest b's centre.
        const [p, q] = hexCorners(this.layout, a)
          .sort((m, n) => Math.hypot(m[0] - bx, m[1] - by) - Math.hypot(n[0] - bx, n[1] - by));
        svg("line", { x1: p[0].toFixed(1), y1: p[1].toFixed(1), x2: q[0].toFixed(1), y2: q[1].toFixed(1) }, group);
        continue;
      }
      if (!this.has(mark.hex)) continue;
      this.#outline(mark.hex, group);
      if (mark.text) {
        const [x, y] = this.centre(mark.hex);
        svg("text", { x, y: y - this.layout.size * 0.62, class: "mark-text" }, group).textContent = mark.text;
      }
    }
  }

  // --- counters ---------------------------------------------------------------------------

  #unitsAt(id) {
    return this.units.filter((u) => u.hex === id);
  }

  /** Draw the units: one stack per hex, the top counter shown with the stack's size. Only the
   * stacks that changed are drawn anew (a patch moves a few units; redrawing every counter of
   * the map on each one cost the page most of its time in style and layout), and the names are
   * laid out again only when the occupied hexes changed (that asks the browser for styles). */
  setUnits(units) {
    this.units = units.slice();
    const byHex = new Map();
    for (const unit of this.units) {
      if (!byHex.has(unit.hex)) byHex.set(unit.hex, []);
      byHex.get(unit.hex).push(unit);
    }
    if (this.labels) {
      const occupied = this.units.map((u) => u.hex).filter((id) => this.map.hexes[id]);
      const key = [...new Set(occupied)].sort().join(" ");
      if (key !== this.occupiedKey) {
        this.occupiedKey = key;
        this.labels.setOccupied(occupied);
        this.labels.layout(this.zoom, this.#screenScale());
      }
    }
    const side = this.layout.size * 1.05;
    const drawn = this.drawnStacks || new Map();      // hex → { key, group } as now on the map
    const next = new Map();
    let previous = null;
    for (const [id, stack] of [...byHex.entries()].sort()) {
      if (!this.has(id)) continue;
      const key = JSON.stringify(stack.map((u) => [u.id, u.label, u.title, u.factors, u.colour, u.classes, u.symbol, u.warn]));
      const old = drawn.get(id);
      let group = old?.key === key ? old.group : null;
      if (!group) {
        old?.group.remove();
        group = this.#stack(id, stack, side);
      }
      // In hex order, as a full redraw would leave them (a later stack paints over an earlier).
      const place = previous ? previous.nextSibling : this.unitLayer.firstChild;
      if (place !== group) this.unitLayer.insertBefore(group, place);
      next.set(id, { key, group });
      previous = group;
    }
    for (const [id, old] of drawn) if (!next.has(id)) old.group.remove();
    this.drawnStacks = next;
    this.spread(this.spreadHex && (byHex.get(this.spreadHex) || []).length > 1 ? this.spreadHex : null,
      { hover: this.spreadByHover });
  }

  /** One stack's group: its top counter, the stack's size and its warning. */
  #stack(id, stack, side) {
    const [x, y] = this.centre(id);
    const top = stack[0];
    const group = svg("g", {
      class: top.classes ? `stack ${top.classes}` : "stack", transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})`,
      "data-hex": id, "data-count": stack.length, "data-unit": top.id,
    }, this.unitLayer);
    const title = svg("title", {}, group);
    title.textContent = stack.map((u) => u.title || u.label).join("\n");
    if (stack.length > 1) {
      svg("rect", { x: -side / 2 + 2, y: -side / 2 - 2, width: side, height: side, rx: 1.5,
        class: "counter-shadow", fill: top.colour || "#ccc" }, group);
    }
    this.#counter(group, top, side);
    if (stack.length > 1) {
      const badge = svg("g", { class: "stack-count", transform: `translate(${(side / 2).toFixed(1)} ${(-side / 2).toFixed(1)})` }, group);
      svg("circle", { r: side * 0.22 }, badge);
      const count = svg("text", { y: side * 0.08 }, badge);
      count.textContent = String(stack.length);
    }
    const warned = stack.filter((u) => u.warn);
    if (warned.length) {
      // One marker per stack, at its lower left; the stack's title says which units and why.
      // The gravest warning shows (an adapter's `priority`: isolated over out of supply).
      const warn = warned.map((u) => u.warn).sort((a, b) => (b.priority || 0) - (a.priority || 0))[0];
      group.setAttribute("data-warn", warned.map((u) => u.id).join(" "));
      const mark = svg("g", { class: `counter-warn warn-${warn.kind}`, transform: `translate(${(-side / 2).toFixed(1)} ${(side / 2).toFixed(1)})` }, group);
      svg("circle", { r: side * 0.24 }, mark);
      svg("text", { y: side * 0.09 }, mark).textContent = warn.text;
    }
    return group;
  }

  /** One counter (its face, symbol, name and factors), centred on 0,0 of `group`. */
  #counter(group, unit, side) {
    svg("rect", { x: -side / 2, y: -side / 2, width: side, height: side, rx: 1.5,
      class: "counter", fill: unit.colour || "#ddd" }, group);
    const symbol = svg("g", { class: "nato", transform: `translate(0 ${(-side * 0.12).toFixed(1)}) scale(${(side / 22).toFixed(3)})` }, group);
    svg("rect", { x: -8, y: -5, width: 16, height: 10, class: "nato-box" }, symbol);
    if (SYMBOLS[unit.symbol]) svg("path", { d: SYMBOLS[unit.symbol], class: "nato-mark" }, symbol);
    const label = svg("text", { y: -side * 0.3, class: "counter-label" }, group);
    label.textContent = unit.label;
    if (unit.factors) {
      const factors = svg("text", { y: side * 0.42, class: "counter-factors" }, group);
      for (const part of [].concat(unit.factors)) {
        if (typeof part === "string") factors.append(part);
        else svg("tspan", { class: part.class || "" }, factors).textContent = part.text;
      }
    }
  }

  /**
   * Spread the stack at `hex` (null: fold it): every counter of it on a ring around the hex,
   * with a line to its centre, in stack order from the top, clockwise from the upper left; each
   * can be seen, hovered (its full name) and clicked (`onSpreadPick`). The counters sit towards
   * the hex's corners, never over a neighbour's centre, so a click on a destination next door
   * still reaches that hex with the fan open; they are drawn at 0.8 of a counter, six a ring
   * (a second ring, further out, for more). The stack stays drawn under its fan, so a click
   * on the hex's own centre still reaches it. `hover`: opened by a mouse resting on the stack
   * (it folds when the mouse leaves; a click's fan stays).
   */
  spread(hex, { hover = false } = {}) {
    this.spreadHex = hex;
    this.spreadByHover = !!hex && hover;
    this.spreadLayer.replaceChildren();
    this.root.classList.toggle("has-spread", !!hex);
    if (!hex) return;
    const stack = this.#unitsAt(hex);
    const [x, y] = this.centre(hex);
    const size = this.layout.size;
    const side = size * 1.05;
    const first = this.layout.orientation === "pointy" ? -90 : -120;   // the upper-left corner
    const group = svg("g", { class: "spread", "data-hex": hex, transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})` }, this.spreadLayer);
    svg("circle", { r: side * 0.3, class: "spread-hub" }, group);
    stack.forEach((unit, i) => {
      const ring = Math.floor(i / 6);
      const angle = ((first + 60 * (i % 6)) * Math.PI) / 180;
      const radius = size * 1.1 * (ring + 1);
      const [dx, dy] = [Math.cos(angle) * radius, Math.sin(angle) * radius];
      svg("line", { x1: 0, y1: 0, x2: dx.toFixed(1), y2: dy.toFixed(1), class: "spread-line" }, group);
      const counter = svg("g", { class: `spread-counter${unit.classes ? ` ${unit.classes}` : ""}`,
        transform: `translate(${dx.toFixed(1)} ${dy.toFixed(1)}) scale(0.8)`, "data-hex": hex, "data-unit": unit.id || "" }, group);
      svg("title", {}, counter).textContent = unit.title || unit.label;
      this.#counter(counter, unit, side);
      if (unit.warn) {
        const mark = svg("g", { class: `counter-warn warn-${unit.warn.kind}`, transform: `translate(${(-side / 2).toFixed(1)} ${(side / 2).toFixed(1)})` }, counter);
        svg("circle", { r: side * 0.24 }, mark);
        svg("text", { y: side * 0.09 }, mark).textContent = unit.warn.text;
      }
    });
  }

  /** Mark the spread counters that are selected (the units an order would move). */
  markSpread(unitIds) {
    const chosen = new Set(unitIds || []);
    for (const node of this.spreadLayer.querySelectorAll(".spread-counter")) {
      node.classList.toggle("picked", chosen.has(node.dataset.unit));
    }
  }
}

/** Load a compiled map's data and SVG and build the view (a hex map's, or an area map's). */
export async function openMap(container, { mapUrl, svgUrl, extend, ...handlers }) {
  const [map, svgText] = await Promise.all([
    fetch(mapUrl).then((r) => { if (!r.ok) throw new Error(`map data: HTTP ${r.status}`); return r.json(); }),
    fetch(svgUrl).then((r) => { if (!r.ok) throw new Error(`map SVG: HTTP ${r.status}`); return r.text(); }),
  ]);
  // An area map (territories and sea zones, no hexes) has its own view (areamap.js); loaded
  // here, not imported above, because it extends MapView.
  extend?.(map);   // a ruleset's additions to the map data (the BoP Sea Chart's boxes)
  const View = map.meta?.kind === "areas" ? (await import("./areamap.js")).AreaMapView : MapView;
  return new View(container, { map, svgText, ...handlers });
}
