// Hex maths for the map renderer: the same convention as engine/board/hexgrid.py
// (Red Blob Games axial coordinates, hex ids "q,r", flat-topped by default).
// Direction i: (dq, dr) = (+1,0) (+1,-1) (0,-1) (-1,0) (-1,+1) (0,+1).

/** @typedef {{q: number, r: number}} Hex */
/** @typedef {{orientation: "flat"|"pointy", size: number, origin: [number, number]}} Layout */

export const DIRECTIONS = Object.freeze([[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]]);
const SQRT3 = Math.sqrt(3);

/** @param {string} id @returns {Hex} */
export function parseHexId(id) {
  const match = /^(-?\d+),(-?\d+)$/.exec(id);
  if (!match) throw new Error(`not a hex id: ${JSON.stringify(id)}`);
  return { q: Number(match[1]), r: Number(match[2]) };
}

/** @param {Hex} h @returns {string} */
export function hexId(h) {
  return `${h.q},${h.r}`;
}

/** @param {Hex} a @param {Hex} b */
export function distance(a, b) {
  return (Math.abs(a.q - b.q) + Math.abs(a.r - b.r) + Math.abs(a.q + a.r - b.q - b.r)) / 2;
}

/** @param {Hex} h @returns {Hex[]} */
export function neighbours(h) {
  return DIRECTIONS.map(([dq, dr]) => ({ q: h.q + dq, r: h.r + dr }));
}

/** Hexside id: the two hex ids sorted as strings, joined with "|". */
export function hexsideId(a, b) {
  const [x, y] = [a, b].sort();
  return `${x}|${y}`;
}

/** @param {Layout} layout @param {Hex} h @returns {[number, number]} */
export function hexToPixel(layout, h) {
  const s = layout.size;
  if (layout.orientation === "pointy") {
    return [layout.origin[0] + s * SQRT3 * (h.q + h.r / 2), layout.origin[1] + s * 1.5 * h.r];
  }
  return [layout.origin[0] + s * 1.5 * h.q, layout.origin[1] + s * SQRT3 * (h.r + h.q / 2)];
}

/** Round fractional axial coordinates to the nearest hex (cube rounding). */
export function roundHex(fq, fr) {
  const fs = -fq - fr;
  let q = Math.round(fq);
  let r = Math.round(fr);
  const s = Math.round(fs);
  const dq = Math.abs(q - fq);
  const dr = Math.abs(r - fr);
  const ds = Math.abs(s - fs);
  if (dq > dr && dq > ds) q = -r - s;
  else if (dr > ds) r = -q - s;
  // Normalise -0 so ids never read "-0".
  return { q: q + 0, r: r + 0 };
}

/** @param {Layout} layout @param {[number, number]} point @returns {Hex} */
export function pixelToHex(layout, point) {
  const px = (point[0] - layout.origin[0]) / layout.size;
  const py = (point[1] - layout.origin[1]) / layout.size;
  if (layout.orientation === "pointy") {
    return roundHex((SQRT3 / 3) * px - py / 3, (2 / 3) * py);
  }
  return roundHex((2 / 3) * px, -px / 3 + (SQRT3 / 3) * py);
}

/** The six corners in the engine's corner order (0 east for flat tops). */
export function hexCorners(layout, h) {
  const [cx, cy] = hexToPixel(layout, h);
  const start = layout.orientation === "pointy" ? 0.5 : 0;
  const corners = [];
  for (let i = 0; i < 6; i += 1) {
    const angle = (2 * Math.PI * (start + i)) / 6;
    corners.push([cx + layout.size * Math.cos(angle), cy + layout.size * Math.sin(angle)]);
  }
  return corners;
}
