// The hex map's place names and hex numbers, laid out for the zoom the map is shown at.
//
// The compiled SVG writes every name at one spot (up and right of its dot), which is fine for
// one place but not for two places a hex apart ("Calais" over "Boulogne") or in one hex
// ("Insterburg" over "Gumbinnen"), and 9 map units are 5 screen pixels at overview zoom. So
// the browser places them, because only the browser knows the zoom, the screen's scale and
// where the counters stand:
//
// - the most important places first (capitals, factories, major ports, fortresses), each at the
//   first of a few spots around its dot that overlaps no name already placed and no counter;
//   a name with no free spot is not drawn (the hex info box names every place of a hex);
// - below a readable size only the large places (capitals, factories, major ports) are drawn,
//   at least MIN_PX screen pixels high; the rest appear as the user zooms in;
// - a hex with a counter on it does not show its number (the hex info box names the hex);
// - while the hex numbers show (zoomed in), a name never lies over one: it takes the first spot
//   that covers no number, and only when every spot would cover one does it take the first
//   free of names and counters, and the numbers under it move to the foot of their own hex
//   (class `moved`: the top of the hex mirrored through its centre) where that is free of
//   names, counters and other numbers; only a number with no free foot is hidden (class
//   `under-name`; the hex info box still gives it). A number half covered by a name reads as
//   neither, so a number is shown whole or not at all.
//
// Boxes are in map units; one label's box is its measured text box scaled to its font size.

import { hexToPixel, parseHexId, pixelToHex, hexId } from "../lib/hex.js";

// Screen pixels: a small place's name shows from this size up; the large ones never go below.
const SMALL_FROM_PX = 8;
const MIN_PX = 11;
const MIN_CAPITAL_PX = 12.5;
// Map units of room kept around a name's measured box (names, counters, numbers).
const PAD = 0.3;

/** How much a place matters on the map: the most important keeps its spot first. */
export function placeWeight(place) {
  return (place.capital ? 8 : 0) + (place.factory ? 4 : 0) + (place.port === "major" ? 3 : place.port ? 1 : 0)
    + (place.fortress ? 2 : 0);
}

/** Large places show at every zoom. */
export function isLargePlace(place) {
  return !!(place.capital || place.factory || place.port === "major");
}

function overlaps(a, b) {
  return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
}

export class PlaceLabels {
  /**
   * @param {SVGGElement} layer         the compiled map's `#layer-labels`
   * @param {SVGGElement|null} numbers  its `#layer-hexlabels`
   * @param {any} map                   the compiled map data (places, meta.layout)
   */
  constructor(layer, numbers, map) {
    this.hexLayout = map.meta.layout;
    const byName = new Map();
    for (const place of Object.values(map.places || {})) {
      if (!place.hex) continue;
      if (!byName.has(place.name)) byName.set(place.name, []);
      byName.get(place.name).push(place);
    }
    this.labels = [];
    for (const text of layer.querySelectorAll("text")) {
      if (text.classList.contains("sea-lbl")) continue;
      const place = byName.get(text.textContent)?.shift();
      if (!place) continue;
      const [x, y] = hexToPixel(this.hexLayout, parseHexId(place.hex));
      this.labels.push({ text, place, hex: place.hex, x, y, weight: placeWeight(place), large: isLargePlace(place),
        shown: true, at: "" });
    }
    this.labels.sort((a, b) => b.weight - a.weight || a.place.name.localeCompare(b.place.name));
    this.numbers = new Map();
    for (const text of numbers ? numbers.querySelectorAll("text") : []) {
      const point = [Number(text.getAttribute("x")), Number(text.getAttribute("y")) + this.hexLayout.size * 0.55];
      this.numbers.set(hexId(pixelToHex(this.hexLayout, point)), text);
    }
    this.numbersLayer = numbers;
    this.numberBoxes = null;        // hex → its number's box (map units), measured when shown
    this.occupied = new Set();
    this.key = "";
  }

  /** The boxes of the hex numbers, bucketed on a grid for a quick look-up (measured once,
   * the first time the numbers are drawn). */
  #measureNumbers() {
    if (this.numberBoxes) return true;
    const boxes = new Map();
    // A hidden number (under a counter) has no box: show them all for the measure, in one go.
    const hidden = [...this.numbers.values()].filter((t) => t.classList.contains("under-counter"));
    for (const text of hidden) text.classList.remove("under-counter");
    let complete = true;
    for (const [hex, text] of this.numbers) {
      let box = null;
      try { box = text.getBBox(); } catch { /* not rendered */ }
      if (!box || !(box.width > 0)) { complete = false; break; }
      boxes.set(hex, [box.x, box.y, box.x + box.width, box.y + box.height]);
    }
    for (const text of hidden) text.classList.add("under-counter");
    if (!complete) return false;
    this.cell = this.hexLayout.size * 2;
    this.grid = new Map();
    for (const [hex, box] of boxes) {
      for (const key of this.#cells(box)) {
        if (!this.grid.has(key)) this.grid.set(key, []);
        this.grid.get(key).push([hex, box]);
      }
    }
    this.numberBoxes = boxes;
    return true;
  }

  #cells(box) {
    const out = [];
    const c = this.cell;
    for (let i = Math.floor(box[0] / c); i <= Math.floor(box[2] / c); i += 1) {
      for (let j = Math.floor(box[1] / c); j <= Math.floor(box[3] / c); j += 1) out.push(`${i},${j}`);
    }
    return out;
  }

  /** The shown hex numbers (of hexes without a counter) that `box` would cover. */
  #numbersUnder(box) {
    const found = new Set();
    for (const key of this.#cells(box)) {
      for (const [hex, other] of this.grid.get(key) || []) {
        if (!this.occupied.has(hex) && overlaps(box, other)) found.add(hex);
      }
    }
    return found;
  }

  /** Each label's text box per pixel of font size (measured once, when the map is drawn). */
  #measure() {
    if (this.measured) return;
    for (const label of this.labels) {
      const base = parseFloat(getComputedStyle(label.text).fontSize) || 9;
      const y = Number(label.text.getAttribute("y"));
      let box = null;
      try { box = label.text.getBBox(); } catch { /* not rendered */ }
      if (box && box.width > 0) {
        label.base = base;
        label.width = box.width / base;
        label.ascent = (y - box.y) / base;
        label.descent = (box.y + box.height - y) / base;
      } else {
        Object.assign(label, { base, width: 0.6 * label.place.name.length, ascent: 0.95, descent: 0.25 });
      }
    }
    this.measured = this.labels.length > 0 && this.labels.every((l) => l.width > 0);
  }

  /** A counter's box around a hex centre: the counter, the stack's shadow, its count badge
   * (upper right) and room for a supply warning's marker (lower left, mapview.js). */
  #counterBox(hex) {
    const [x, y] = hexToPixel(this.hexLayout, parseHexId(hex));
    const side = this.hexLayout.size * 1.05;
    const badge = side * 0.22;
    const warn = side * 0.24 + 1;
    return [x - side / 2 - warn, y - side / 2 - Math.max(2, badge), x + side / 2 + Math.max(2, badge), y + side / 2 + warn];
  }

  /** The spots a label may take around its place, best first: [left, baseline, anchor]. */
  #spots(label, width, ascent, descent) {
    const { x, y } = label;
    if (this.occupied.has(label.hex)) {
      const [left, top, right, bottom] = this.#counterBox(label.hex);
      return [[x - width / 2, bottom + 1 + ascent, "middle"], [x - width / 2, top - 1 - descent, "middle"],
        [right + 1, y + (ascent - descent) / 2, "start"], [left - 1 - width, y + (ascent - descent) / 2, "end"]];
    }
    const gap = 4;
    return [[x + gap, y - 3, "start"], [x + gap, y + 3 + ascent, "start"],
      [x - gap - width, y - 3, "end"], [x - gap - width, y + 3 + ascent, "end"],
      [x - width / 2, y - gap - 1 - descent, "middle"], [x - width / 2, y + gap + 1 + ascent, "middle"]];
  }

  /** Which hexes hold counters (their numbers hide, names keep clear of them). */
  setOccupied(hexes) {
    this.occupied = new Set(hexes);
    for (const [hex, text] of this.numbers) text.classList.toggle("under-counter", this.occupied.has(hex));
  }

  /**
   * Lay the names out for `zoom` (map transform) and `scale` (screen pixels per root unit);
   * nothing is redone unless one of them or the counters' hexes changed.
   */
  layout(zoom, scale) {
    if (!this.labels.length || !(scale > 0)) return;
    const numbersShown = !!this.numbersLayer && getComputedStyle(this.numbersLayer).display !== "none";
    const key = `${zoom.toFixed(4)}|${scale.toFixed(4)}|${numbersShown}|${[...this.occupied].sort().join(" ")}`;
    if (key === this.key) return;
    this.#measure();
    if (!this.measured) return;     // not drawn yet: the next transform lays them out
    const avoidNumbers = numbersShown && this.#measureNumbers();
    this.key = key;
    const covered = new Set();
    const px = zoom * scale;        // screen pixels per map unit
    const taken = [...this.occupied].map((hex) => this.#counterBox(hex));
    const placed = [];
    for (const label of this.labels) {
      const least = (label.place.capital ? MIN_CAPITAL_PX : MIN_PX) / px;
      const wanted = label.large || label.base * px >= SMALL_FROM_PX;
      const font = Math.max(label.base, least);
      const [width, ascent, descent] = [label.width * font, label.ascent * font, label.descent * font];
      let spot = null;
      let fallback = null;          // free of names and counters, but over a hex number
      if (wanted) {
        for (const [left, baseline, anchor] of this.#spots(label, width, ascent, descent)) {
          // A hair of room around each name: the measured box and the drawn glyphs differ by
          // a fraction of a pixel, and two names touching read as one.
          const box = [left - PAD, baseline - ascent - PAD, left + width + PAD, baseline + descent + PAD];
          if (taken.some((t) => overlaps(box, t)) || placed.some((p) => overlaps(box, p))) continue;
          const under = avoidNumbers ? this.#numbersUnder(box) : new Set();
          if (!under.size) { spot = { left, baseline, anchor, box }; break; }
          fallback ||= { left, baseline, anchor, box, under };
        }
      }
      spot ||= fallback;
      this.#apply(label, spot, font);
      if (spot) {
        placed.push(spot.box);
        for (const hex of spot.under || []) covered.add(hex);
      }
    }
    const moved = avoidNumbers ? this.#moveNumbers(covered, [...taken, ...placed]) : new Map();
    for (const [hex, text] of this.numbers) {
      text.classList.toggle("under-name", covered.has(hex) && !moved.has(hex));
      text.classList.toggle("moved", moved.has(hex));
      if (moved.has(hex)) text.setAttribute("transform", `translate(0 ${moved.get(hex).toFixed(2)})`);
      else text.removeAttribute("transform");
    }
  }

  /** The numbers a name had to cover, moved to the foot of their own hex (the top mirrored
   * through its centre) where that spot is free of names, counters and the other numbers
   * shown: hex → the shift down in map units. A number with no free foot stays hidden. */
  #moveNumbers(covered, taken) {
    const moved = new Map();
    const movedBoxes = [];
    for (const hex of [...covered].sort()) {
      const box = this.numberBoxes.get(hex);
      if (!box) continue;
      const [, cy] = hexToPixel(this.hexLayout, parseHexId(hex));
      const dy = 2 * cy - box[1] - box[3];
      const foot = [box[0] - PAD, box[1] + dy - PAD, box[2] + PAD, box[3] + dy + PAD];
      if (taken.some((t) => overlaps(foot, t)) || movedBoxes.some((m) => overlaps(foot, m))) continue;
      if ([...this.#numbersUnder(foot)].some((other) => other !== hex && !covered.has(other))) continue;
      moved.set(hex, dy);
      movedBoxes.push(foot);
    }
    return moved;
  }

  #apply(label, spot, font) {
    const { text } = label;
    if (!spot) {
      if (label.shown) { text.style.display = "none"; label.shown = false; }
      return;
    }
    const x = spot.anchor === "start" ? spot.left : spot.anchor === "end" ? spot.box[2] - PAD : (spot.box[0] + spot.box[2]) / 2;
    const at = `${x.toFixed(2)} ${spot.baseline.toFixed(2)} ${spot.anchor} ${font.toFixed(2)}`;
    if (!label.shown) { text.style.display = ""; label.shown = true; }
    text.classList.toggle("occupied", this.occupied.has(label.hex));
    if (at === label.at) return;
    label.at = at;
    text.setAttribute("x", x.toFixed(2));
    text.setAttribute("y", spot.baseline.toFixed(2));
    text.setAttribute("text-anchor", spot.anchor);
    text.style.fontSize = `${font.toFixed(2)}px`;
    // the white halo keeps its share of the letters' size
    text.style.strokeWidth = `${(2 * font / label.base).toFixed(2)}px`;
  }
}
