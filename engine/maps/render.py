"""SVG rendering of a compiled map (build-time only; uses shapely).

One file per map, ``static/maps/<name>/map.svg``, with one ``<g id="layer-…">`` per layer in
drawing order: sea (one path per sea area), terrain (one merged path per physical class), coast
(the Natural Earth coastline, projected), grid (all hex outlines as one path), rivers and canals
(on hexsides, as the engine sees them), borders (1914 border hexsides), rail (hex-centre
polylines), places (city/fortress/port symbols) and labels (place names; hex labels in
``layer-hexlabels``, hidden by default). SVG user units are the map-format layout units:
pixel of hex (q, r) = origin + size * (3/2 q, sqrt3 (r + q/2)).
"""
from __future__ import annotations

import math
from typing import Any
from xml.sax.saxutils import escape

import shapely
from shapely.geometry import Polygon, box

from . import hexmath as hm

TERRAIN_FILL = {"clear": "#e8e4c9", "forest": "#9fc28a", "hills": "#d2b98b", "mountain": "#a98f6e",
                "marsh": "#9fc7bd", "desert": "#f1dca0", "lake": "#a9cde3"}
SEA_FILL = "#bcd6e8"


def _fmt(v: float) -> str:
    s = f"{v:.1f}"
    return "0" if s in ("-0.0", "0.0") else (s[:-2] if s.endswith(".0") else s)


def _ring(coords) -> str:
    pts = list(coords)
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts = pts[:-1]
    return "M" + "L".join(f"{_fmt(x)},{_fmt(y)}" for x, y in pts) + "Z"


def _poly_path(geom) -> str:
    out = []
    for g in getattr(geom, "geoms", [geom]):
        if g.geom_type != "Polygon" or g.is_empty:
            continue
        out.append(_ring(g.exterior.coords))
        for hole in g.interiors:
            out.append(_ring(hole.coords))
    return "".join(out)


def _line_path(geom) -> str:
    out = []
    for g in getattr(geom, "geoms", [geom]):
        if g.geom_type == "LineString" and len(g.coords) > 1:
            out.append("M" + "L".join(f"{_fmt(x)},{_fmt(y)}" for x, y in g.coords))
        elif g.geom_type in ("Polygon",):
            out.append(_line_path(g.boundary))
        elif hasattr(g, "geoms"):
            out.append(_line_path(g))
    return "".join(out)


def render_svg(comp, doc: dict) -> str:
    s = comp.size
    ox, oy = comp.origin
    n = len(comp.hexes)

    def hexpoly(i):
        return Polygon(hm.corners(comp.cx[i] + ox, comp.cy[i] + oy, s))

    xs = [comp.cx[i] + ox for i in range(n)]
    ys = [comp.cy[i] + oy for i in range(n)]
    width = math.ceil(max(xs) + s)
    height = math.ceil(max(ys) + s)
    frame_box = box(0, 0, width, height)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
             f'width="{width}" height="{height}" data-map="{escape(comp.name)}">',
             '<style>.lbl{font:600 9px sans-serif;fill:#222;paint-order:stroke;stroke:#fff;stroke-width:2px}'
             '.cap{font:700 11px sans-serif}.hl{font:5px sans-serif;fill:#777}'
             '.sea-lbl{font:italic 14px serif;fill:#4b6f8c}</style>',
             f'<rect id="background" width="{width}" height="{height}" fill="#e4e0d6"/>']

    # sea areas
    parts.append('<g id="layer-sea">')
    by_area: dict[str, list[Any]] = {}
    for i in range(n):
        if not comp.is_land[i]:
            by_area.setdefault(comp.sea_area[i], []).append(hexpoly(i))
    shades = ["#bcd6e8", "#b4d0e4", "#c4dcec", "#aecbe0"]
    for k, aid in enumerate(sorted(a for a in by_area if a)):
        geom = shapely.unary_union(by_area[aid]).simplify(0.01)
        parts.append(f'<path id="sea-{aid}" d="{_poly_path(geom)}" fill="{shades[k % 4]}"/>')
    parts.append("</g>")

    # terrain
    parts.append('<g id="layer-terrain">')
    by_t: dict[str, list[Any]] = {}
    for i in range(n):
        if comp.is_land[i]:
            by_t.setdefault(comp.terrain[i], []).append(hexpoly(i))
    for t in sorted(by_t):
        geom = shapely.unary_union(by_t[t]).simplify(0.01)
        parts.append(f'<path id="terrain-{t}" class="terrain-{t}" d="{_poly_path(geom)}" '
                     f'fill="{TERRAIN_FILL.get(t, "#ccc")}"/>')
    parts.append("</g>")

    # coastline (geographic, projected and clipped)
    parts.append('<g id="layer-coast" fill="none" stroke="#4b6f8c" stroke-width="0.8" opacity="0.8">')
    clip_ll = shapely.unary_union([comp.hexpolys[i] for i in range(n)]).buffer(0.05)
    coast = []
    for p in comp.land_parts:
        if p.intersects(clip_ll):
            g = p.intersection(clip_ll)
            g = comp.frame.project_geom(g)
            g = _translate(g, ox, oy)
            g = g.simplify(0.6)
            coast.append(g.boundary.intersection(frame_box))
    parts.append(f'<path d="{_line_path(shapely.unary_union(coast)) if coast else ""}"/>')
    parts.append("</g>")

    # hex grid
    grid = []
    for i in range(n):
        c = hm.corners(comp.cx[i] + ox, comp.cy[i] + oy, s)
        grid.append("M" + "L".join(f"{_fmt(x)},{_fmt(y)}" for x, y in c[:4]))
    parts.append('<g id="layer-grid" fill="none" stroke="#000" stroke-opacity="0.18" stroke-width="0.5">'
                 f'<path d="{"".join(grid)}"/></g>')

    # hexside layers
    def side_segment(sid):
        a, b = sid.split("|")
        ia, ib = comp.index[hm.parse_hex_id(a)], comp.index[hm.parse_hex_id(b)]
        qa, ra = comp.hexes[ia]
        qb, rb = comp.hexes[ib]
        d = hm.DIRECTIONS.index((qb - qa, rb - ra))
        corner = hm.EDGE_DIRECTION.index(d)
        c = hm.corners(comp.cx[ia] + ox, comp.cy[ia] + oy, s)
        (x0, y0), (x1, y1) = c[corner], c[(corner + 1) % 6]
        return f"M{_fmt(x0)},{_fmt(y0)}L{_fmt(x1)},{_fmt(y1)}"

    sides = doc["hexsides"]
    major = "".join(side_segment(k) for k, v in sorted(sides.items()) if v["river"] == "major")
    minor = "".join(side_segment(k) for k, v in sorted(sides.items()) if v["river"] == "minor")
    canal = "".join(side_segment(k) for k, v in sorted(sides.items()) if v["canal"])
    strait = "".join(side_segment(k) for k, v in sorted(sides.items()) if v["strait"])
    allsea = "".join(side_segment(k) for k, v in sorted(sides.items()) if v["all_sea"] and not v["strait"])
    border = "".join(side_segment(k) for k, v in sorted(sides.items()) if v["border"])
    parts.append('<g id="layer-rivers" fill="none" stroke-linecap="round">'
                 f'<path id="rivers-major" d="{major}" stroke="#2f6db3" stroke-width="2.4"/>'
                 f'<path id="rivers-minor" d="{minor}" stroke="#2f6db3" stroke-width="1.3"/>'
                 f'<path id="canals" d="{canal}" stroke="#1b3f8f" stroke-width="2.4" stroke-dasharray="3 2"/>'
                 f'<path id="straits" d="{strait}" stroke="#d0342c" stroke-width="2.5"/>'
                 f'<path id="all-sea" d="{allsea}" stroke="#5d8fb8" stroke-width="2"/>'
                 + _terrain_chart_sides(sides, side_segment) + '</g>')
    parts.append(f'<g id="layer-borders" fill="none"><path d="{border}" stroke="#b0224b" stroke-width="1.6" '
                 'stroke-dasharray="4 2" stroke-linecap="round"/></g>')

    # rail
    rails = []
    for line in doc["rail"]:
        pts = []
        for hid in line["hexes"]:
            i = comp.index[hm.parse_hex_id(hid)]
            pts.append(f"{_fmt(comp.cx[i] + ox)},{_fmt(comp.cy[i] + oy)}")
        rails.append(f'<path id="rail-{escape(line["id"])}" d="M{"L".join(pts)}"/>')
    parts.append('<g id="layer-rail" fill="none" stroke="#333" stroke-width="1.1" stroke-dasharray="2.5 1.2">'
                 + "".join(rails) + "</g>")

    # places
    marks, labels = [], []
    for _, p in sorted(doc["places"].items()):
        if not p["hex"]:
            continue
        i = comp.index[hm.parse_hex_id(p["hex"])]
        x, y = comp.cx[i] + ox, comp.cy[i] + oy
        if p["fortress"]:
            marks.append(f'<rect x="{_fmt(x - 3.2)}" y="{_fmt(y - 3.2)}" width="6.4" height="6.4" '
                         'fill="none" stroke="#111" stroke-width="1.3"/>')
        r = 3.2 if p["capital"] else 2.2
        fill = "#c0392b" if p["capital"] else "#111"
        marks.append(f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{r}" fill="{fill}"/>')
        if p["port"]:
            marks.append(f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{4.5 if p["port"] == "major" else 3.8}" '
                         'fill="none" stroke="#1b4f8f" stroke-width="0.9"/>')
        cls = "lbl cap" if p["capital"] else "lbl"
        labels.append(f'<text class="{cls}" x="{_fmt(x + 4)}" y="{_fmt(y - 3)}">{escape(p["name"])}</text>')
    parts.append('<g id="layer-places">' + "".join(marks) + "</g>")
    for _, sea in sorted(doc["seas"].items()):
        idx = [comp.index[hm.parse_hex_id(h)] for h in sea["hexes"]]
        x = sum(comp.cx[i] for i in idx) / len(idx) + ox
        y = sum(comp.cy[i] for i in idx) / len(idx) + oy
        labels.append(f'<text class="sea-lbl" text-anchor="middle" x="{_fmt(x)}" y="{_fmt(y)}">'
                      f'{escape(sea["name"])}</text>')
    parts.append('<g id="layer-labels">' + "".join(labels) + "</g>")
    hl = []
    for i, h in enumerate(comp.hexes):
        lab = hm.label_of(*h)
        if lab:
            hl.append(f'<text x="{_fmt(comp.cx[i] + ox)}" y="{_fmt(comp.cy[i] + oy - s * 0.55)}">{lab}</text>')
    parts.append('<g id="layer-hexlabels" class="hl" text-anchor="middle" display="none">' + "".join(hl) + "</g>")
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _terrain_chart_sides(sides: dict, side_segment) -> str:
    """Red bars, all-lake hexsides and passes (BoP's Terrain Effects Chart), only on maps that
    have them: other maps keep their bytes."""
    out = ""
    for key, colour, width, dash in (("red_bar", "#c81e1e", 3.2, None),
                                     ("all_lake", "#3d7fc4", 2.6, None),
                                     ("mountain_pass", "#3b2a1a", 2.2, "2 2"),
                                     ("alpine_pass", "#f2f2f2", 2.2, "2 2")):
        d = "".join(side_segment(k) for k, v in sorted(sides.items()) if v.get(key))
        if d:
            dashes = f' stroke-dasharray="{dash}"' if dash else ""
            out += (f'<path id="{key.replace("_", "-")}" d="{d}" stroke="{colour}" '
                    f'stroke-width="{width}"{dashes}/>')
    return out


def _translate(g, dx, dy):
    import numpy as np
    return shapely.transform(g, lambda c: c + np.array([dx, dy]))
