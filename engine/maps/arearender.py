"""SVG rendering of a compiled area map (build-time only; uses shapely).

The same conventions as the hex maps (``render.py``): one file, ``static/maps/<name>/map.svg``,
one ``<g id="layer-…">`` per layer in drawing order, the same palette for sea, coast and labels.
Layers: sea (``sea-<id>``, one path per zone), lakes (water that is no zone), land
(``area-<id>``, one path per territory, filled by original owner), offmap (land of sections not
built yet), coast, borders (``borders-territory``, ``borders-nation``), straits
(``strait-<a>--<b>``), passages (gated sea edges, ``passage-<a>--<b>``), links (cross-map and
links to sections not built yet, as labels), places (city circles, industrial squares, port rings), labels (names
and values) and trenches (empty: the client draws directional trench markers on borders, each
keyed ``<area>><faced area>``). User units: each sheet's ``km_per_unit`` km, y south; a sheet
stands at its ``offset`` (``meta.sheets``), the main one at the origin.
"""
from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

import shapely
from shapely.ops import nearest_points

from .render import SEA_FILL, _line_path, _poly_path

# Pale fills by original owner (the major powers' conventional colours, lightened).
OWNER_FILL = {
    "britain": "#e9c9a8", "france": "#b9c9e8", "germany": "#c4c4b4", "austria_hungary": "#e6d9a2",
    "russia": "#c7dcb6", "italy": "#bfe0c8", "ottoman_empire": "#e8d2b0", "serbia": "#d8b8c8",
    "spain": "#efe0a8", "portugal": "#d7e6a6", "belgium": "#e2cfa0", "netherlands": "#f0caa0",
    "denmark": "#e6c0c0", "sweden": "#c8d8e8", "norway": "#d8c8e0", "switzerland": "#f0d0d0",
    "romania": "#e0e0a8", "bulgaria": "#c8e0d8", "greece": "#bcd8ec", "albania": "#e0c8b0",
    "persia": "#dcd0a8", "arabia": "#ecdcb8", "ethiopia": "#d6dca0",
    # the Asian sheet (TWTEAW version 12)
    "japan": "#f0c0b8", "china": "#f0e0a0", "usa": "#b8c8e0", "afghanistan": "#d8c8a8",
    "tibet": "#e8d8c0", "siam": "#c0e0d8",
    # the North American sheet (TWTEAW version 13)
    "mexico": "#e0c8a0", "central_america": "#c8dcb0", "cuba": "#e8c8d0", "hispaniola": "#d0c8e8",
}
OFFMAP_FILL = "#d6d2c8"
SEA_SHADES = [SEA_FILL, "#b4d0e4", "#c4dcec", "#aecbe0"]


def _fmt(v: float) -> str:
    s = f"{v:.1f}"
    return "0" if s in ("-0.0", "0.0") else (s[:-2] if s.endswith(".0") else s)


def _union(geoms: list[Any]) -> Any:
    """One geometry of pieces from several sheets (one piece is kept as it is: same bytes)."""
    return geoms[0] if len(geoms) == 1 else shapely.unary_union(geoms)


def render_area_svg(sheets: list[tuple[Any, tuple[int, int]]], doc: dict[str, Any]) -> str:
    """The map's one SVG: every sheet (a compiled `AreaCompiler` and where it stands, in user
    units) drawn into the same layers, so each area is one path with absolute coordinates (the
    client copies paths, so no transform may sit on a group). An area drawn on two sheets (the
    Sudan south of Egypt, the Red Sea) is one path of both pieces."""

    def to_svg(comp: Any, off: tuple[int, int]) -> Any:
        minx, _miny, _maxx, maxy = comp.frame_km.bounds
        k = comp.sheet["km_per_unit"]

        def f(c: Any) -> Any:
            return (c - [minx, maxy]) * [1 / k, -1 / k] + [off[0], off[1]]
        return f

    def svg(geom: Any, tol: float = 0.6) -> Any:
        return geom.simplify(tol) if tol else geom

    def joined(aid: str) -> Any:
        """An area's shape in user units, from every sheet it is drawn on."""
        return _union([shapely.transform(c.shapes[aid], to_svg(c, off)) for c, off in sheets if aid in c.shapes])

    def on_all(attr: str) -> Any:
        return _union([shapely.transform(getattr(c, attr), to_svg(c, off)) for c, off in sheets])

    width, height = doc["meta"]["svg"]["width"], doc["meta"]["svg"]["height"]
    areas = doc["areas"]
    shapes = {aid: joined(aid) for aid in sorted(areas)}
    name = sheets[0][0].name
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
             f'width="{width}" height="{height}" data-map="{escape(name)}">',
             '<style>.lbl{font:600 9px sans-serif;fill:#222;paint-order:stroke;stroke:#fff;stroke-width:2px}'
             '.cap{font:700 10px sans-serif}.val{font:600 7px sans-serif;fill:#6b3b10}'
             '.sea-lbl{font:italic 12px serif;fill:#4b6f8c}.link{font:italic 7px sans-serif;fill:#7a2c2c}'
             '</style>',
             f'<rect id="background" width="{width}" height="{height}" fill="#e4e0d6"/>']

    sea_ids = sorted(a for a, v in areas.items() if v["kind"] == "sea")
    land_ids = sorted(a for a, v in areas.items() if v["kind"] == "land")
    parts.append('<g id="layer-sea">')
    for i, zid in enumerate(sea_ids):
        parts.append(f'<path id="sea-{zid}" d="{_poly_path(svg(shapes[zid]))}" '
                     f'fill="{SEA_SHADES[i % len(SEA_SHADES)]}" stroke="#f4f8fb" stroke-width="1"/>')
    parts.append("</g>")
    parts.append(f'<g id="layer-lakes"><path d="{_poly_path(svg(on_all("lakes")))}" fill="#a9cde3"/></g>')
    parts.append('<g id="layer-land">')
    for tid in land_ids:
        fill = OWNER_FILL.get(areas[tid]["owner"], "#dddddd")
        parts.append(f'<path id="area-{tid}" data-owner="{areas[tid]["owner"]}" '
                     f'd="{_poly_path(svg(shapes[tid]))}" fill="{fill}"/>')
    parts.append("</g>")
    parts.append(f'<g id="layer-offmap"><path d="{_poly_path(svg(on_all("unassigned")))}" fill="{OFFMAP_FILL}"/></g>')
    coast = _union([shapely.transform(c.all_land.boundary.intersection(c.frame_km.buffer(-1.0)),
                                                   to_svg(c, off)) for c, off in sheets])
    parts.append('<g id="layer-coast" fill="none" stroke="#4b6f8c" stroke-width="0.8" opacity="0.8">'
                 f'<path d="{_line_path(svg(coast))}"/></g>')

    inner: list[Any] = []
    nation: list[Any] = []
    for e in doc["edges"]:
        a, b = e["a"], e["b"]
        if "land" not in e["flags"]:
            continue
        line = shapes[a].boundary.intersection(shapes[b].buffer(0.5 / 2.5))
        same = areas[a]["owner"] == areas[b]["owner"]
        (inner if same else nation).append(line)
    parts.append('<g id="layer-borders" fill="none" stroke-linecap="round">'
                 f'<path id="borders-territory" d="{_line_path(svg(shapely.unary_union(inner)))}" '
                 'stroke="#6d6456" stroke-width="0.7"/>'
                 f'<path id="borders-nation" d="{_line_path(svg(shapely.unary_union(nation)))}" '
                 'stroke="#b0224b" stroke-width="1.6" stroke-dasharray="4 2"/></g>')

    straits, passages = [], []
    for e in doc["edges"]:
        a, b = e["a"], e["b"]
        if "strait" in e["flags"]:
            pa, pb = nearest_points(shapes[a], shapes[b])
            x0, y0, x1, y1 = pa.x, pa.y, pb.x, pb.y
            if abs(x1 - x0) + abs(y1 - y0) < 6:       # touching shapes: a short bar across the border
                cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
                ca, cb = areas[a]["anchor"], areas[b]["anchor"]
                dx, dy = cb[0] - ca[0], cb[1] - ca[1]
                n = max((dx * dx + dy * dy) ** 0.5, 1e-9)
                x0, y0, x1, y1 = cx - 6 * dx / n, cy - 6 * dy / n, cx + 6 * dx / n, cy + 6 * dy / n
            straits.append(f'<path id="strait-{a}--{b}" d="M{_fmt(x0)},{_fmt(y0)}L{_fmt(x1)},{_fmt(y1)}"/>')
        if "gated" in e["flags"]:
            for holder in sorted({h for g in e["gates"] for h in g["by"]}):
                if holder not in shapes:
                    continue
                ends = [nearest_points(shapes[holder], shapes[z])[0] for z in (a, b)]
                mx, my = (ends[0].x + ends[1].x) / 2, (ends[0].y + ends[1].y) / 2
                passages.append(f'<g id="passage-{a}--{b}-{holder}"><title>{escape(areas[holder]["name"])}: '
                                f'{escape(areas[a]["name"])} – {escape(areas[b]["name"])}</title>'
                                f'<circle cx="{_fmt(mx)}" cy="{_fmt(my)}" r="4.5" fill="#fff" stroke="#1b3f8f" '
                                'stroke-width="1.6"/><path d="M' + f'{_fmt(mx - 2.5)},{_fmt(my)}L{_fmt(mx + 2.5)},{_fmt(my)}" '
                                'stroke="#1b3f8f" stroke-width="1.4"/></g>')
    parts.append('<g id="layer-straits" fill="none" stroke="#d0342c" stroke-width="2.2" '
                 'stroke-linecap="round">' + "".join(straits) + "</g>")
    parts.append('<g id="layer-passages">' + "".join(passages) + "</g>")

    links = []
    by_area: dict[str, list[str]] = {}
    for p in doc["meta"]["pending_links"]:
        for here, there in ((p["a"], p["b"]), (p["b"], p["a"])):
            if here in areas:
                by_area.setdefault(here, []).append(there.replace("-", " ").title())
    # links between areas on different sheets are drawn as labels too (the rulebook's
    # cross-map arrows): each end names the other
    for e in doc["edges"]:
        a, b = e["a"], e["b"]
        if areas[a].get("sheet", "") != areas[b].get("sheet", ""):
            by_area.setdefault(a, []).append(areas[b]["name"])
            by_area.setdefault(b, []).append(areas[a]["name"])
    for aid, names in sorted(by_area.items()):
        x, y = areas[aid]["anchor"]
        links.append(f'<text class="link" x="{x}" y="{y + 20}" text-anchor="middle">'
                     f'→ {escape(", ".join(sorted(set(names))))}</text>')
    parts.append('<g id="layer-links">' + "".join(links) + "</g>")

    marks, labels = [], []
    for tid in land_ids:
        a = areas[tid]
        x, y = a["anchor"]
        if a["city_at"]:
            cx, cy = a["city_at"]
            r = 3.2 if a["capital"] else 2.4
            marks.append(f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{"#c0392b" if a["capital"] else "#111"}"/>')
        if a["ic"]:
            marks.append(f'<rect x="{x - 14}" y="{y + 3}" width="6" height="6" fill="#333"><title>industrial complex</title></rect>')
        if a["port"]:
            marks.append(f'<circle cx="{x + 11}" cy="{y + 6}" r="3" fill="none" stroke="#1b4f8f" '
                         'stroke-width="1.2"><title>port</title></circle>')
        cls = "lbl cap" if a["capital"] else "lbl"
        labels.append(f'<text class="{cls}" x="{x}" y="{y}" text-anchor="middle">{escape(a["name"])}</text>'
                      f'<text class="val" x="{x}" y="{y + 9}" text-anchor="middle">{a["value"]}</text>')
    for zid in sea_ids:
        x, y = areas[zid]["anchor"]
        labels.append(f'<text class="sea-lbl" x="{x}" y="{y}" text-anchor="middle">{escape(areas[zid]["name"])}</text>')
    parts.append('<g id="layer-places">' + "".join(marks) + "</g>")
    parts.append('<g id="layer-labels">' + "".join(labels) + "</g>")
    parts.append('<g id="layer-trenches"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
