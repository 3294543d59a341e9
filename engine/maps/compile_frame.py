"""The compiler's frame: lon/lat to SVG user units, fitted to anchor cities (BoP) or fixed.

Build-time only (see compiler.py).
"""
from __future__ import annotations

import math
from typing import Any

import numpy as np
import pyproj
import shapely

from . import hexmath as hm
from .compile_inputs import data_csv, rounded

# --------------------------------------------------------------------------------------------
# frame: lon/lat <-> SVG user units

class Frame:
    """lon/lat → projected metres → SVG units via z = a * (x - i*y)/1000 + b (complex)."""

    def __init__(self, proj4: str, a: complex, b: complex, size: float):
        self.proj4 = proj4
        self.a, self.b, self.size = a, b, size
        crs = pyproj.CRS.from_proj4(proj4)
        self._fwd = pyproj.Transformer.from_crs("EPSG:4326", crs, always_xy=True)

    def forward(self, lon, lat):
        x, y = self._fwd.transform(np.asarray(lon, float), np.asarray(lat, float))
        w = (np.asarray(x) - 1j * np.asarray(y)) / 1000.0
        z = self.a * w + self.b
        return z.real, z.imag

    def inverse(self, sx, sy):
        z = np.asarray(sx, float) + 1j * np.asarray(sy, float)
        w = (z - self.b) / self.a
        x, y = w.real * 1000.0, -w.imag * 1000.0
        lon, lat = self._fwd.transform(x, y, direction="INVERSE")
        return np.asarray(lon), np.asarray(lat)

    def project_geom(self, geom):
        def f(coords):
            x, y = self.forward(coords[:, 0], coords[:, 1])
            return np.column_stack([x, y])
        return shapely.transform(geom, f)


def _km_complex(proj4: str, lon, lat) -> np.ndarray:
    t = pyproj.Transformer.from_crs("EPSG:4326", pyproj.CRS.from_proj4(proj4), always_xy=True)
    x, y = t.transform(np.asarray(lon, float), np.asarray(lat, float))
    return (np.asarray(x) - 1j * np.asarray(y)) / 1000.0


def fit_anchors(defn: dict, cities: dict) -> tuple[Frame, dict]:
    """Least-squares similarity (scale, rotation, offset) from projected anchors to their labelled
    hex centres; the base projection's centre and standard parallels are chosen by a small grid
    search minimising the worst residual."""
    size = defn["layout_size"]
    pdef = defn["projection"]
    anchors = data_csv(pdef["anchors"])
    lon = [float(cities[a["place"]]["lon"]) for a in anchors]
    lat = [float(cities[a["place"]]["lat"]) for a in anchors]
    centres = []
    for a in anchors:
        q, r = hm.axial_of_label(a["label"])
        centres.append(complex(*hm.hex_to_pixel(q, r, size)))
    target = np.array(centres)
    best: tuple[tuple[float, float, Any, Any], str, Any, Any] | None = None
    for lon0 in pdef["search"]["lon0"]:
        for lat1, lat2 in pdef["search"]["lats"]:
            proj4 = pdef["base"].format(lon0=lon0, lat1=lat1, lat2=lat2)
            w = _km_complex(proj4, lon, lat)
            m = np.column_stack([w, np.ones_like(w)])
            sol, *_ = np.linalg.lstsq(m, target, rcond=None)
            res = np.abs(m @ sol - target) / (hm.SQRT3 * size)  # in hex (centre-to-centre) units
            key = (round(float(res.max()), 6), round(float(np.sqrt((res ** 2).mean())), 6), lon0, lat1)
            if best is None or key < best[0]:
                best = (key, proj4, sol, res)
    assert best is not None, "the projection search tried no candidate"
    _, proj4, sol, res = best
    scale, offset = complex(sol[0]), complex(sol[1])
    frame = Frame(proj4, scale, offset, size)
    km_per_hex = hm.SQRT3 * size / abs(scale)
    info = {
        "method": "least-squares similarity (scale, rotation, offset) of the projected anchors onto "
                  "their labelled hex centres; base projection lon_0 and standard parallels by grid search "
                  "minimising the worst residual",
        "km_per_hex": rounded(km_per_hex, 3),
        "rotation_deg": rounded(math.degrees(math.atan2(scale.imag, scale.real)), 4),
        "rms_hex": rounded(float(np.sqrt((res ** 2).mean())), 3),
        "max_hex": rounded(float(res.max()), 3),
        "anchors": [{"place": an["place"], "label": an["label"], "residual_hex": rounded(float(rv), 3),
                     "source": an["source"]} for an, rv in zip(anchors, res, strict=False)],
    }
    return frame, info


def fixed_frame(defn: dict) -> Frame:
    size = defn["layout_size"]
    proj4 = defn["projection"]["proj4"]
    a = complex(hm.SQRT3 * size / defn["hex_km"], 0.0)
    return Frame(proj4, a, 0j, size)
