"""What the compiler's stages hand one another: the attributes each stage sets on the compiler.

The stages (compile_cells, compile_edges, compile_lines) are mixins of ``compiler.Compiler``;
this base names the state they share, in the order the pipeline fills it, so that each stage
can be read (and type-checked) on its own. Build-time only (see compiler.py).
"""
from __future__ import annotations

from typing import Any

import numpy as np

from .compile_frame import Frame


class CompilerState:
    # set by Compiler.__init__
    name: str
    defn: dict[str, Any]
    size: float
    cities: dict[str, dict]
    calibration: dict | None
    frame: Frame
    warnings: list[str]
    # the grid (CellsStage.make_grid)
    hexes: list[tuple[int, int]]
    hexset: set[tuple[int, int]]
    ids: dict[tuple[int, int], str]
    index: dict[tuple[int, int], int]
    origin: tuple[float, float]
    cx: np.ndarray
    cy: np.ndarray
    corner_ll: np.ndarray
    hexpolys: list[Any]
    nsamp: int
    slon: np.ndarray
    slat: np.ndarray
    clon: np.ndarray
    clat: np.ndarray
    # land, terrain, countries, seas and weather (CellsStage)
    land_parts: list[Any]
    mainland: int
    land_tree: Any
    hexland: list[list[tuple[int, Any]]]
    land_share: np.ndarray
    is_land: np.ndarray
    forced_sea: set[int]
    dominant: list[Any]
    terrain: list[str]
    geoms_country: list[Any]
    labels_country: list[Any]
    n_over: Any
    country: list[str | None]
    home: list[str | None]
    sea_area: list[str | None]
    weather: list[str | None]
    weather_zone_defs: list[dict]
    # hexsides, places, straits and canals (EdgesStage)
    sides: dict[str, dict]
    land_adjacent: dict[int, set[int]]
    places: dict[str, dict]
    features: dict[int, set[str]]
    coastal: list[bool]
    strait_ids: dict[str, str]
    canal_out: dict[str, dict]
    # the edge graph, rivers, rail and islands (LinesStage)
    vkey: dict
    vpos: dict
    vadj: dict[tuple, dict[tuple, tuple[int, int]]]
    _edges: tuple[Any, Any]
    river_out: dict[str, dict]
    rail_out: list[dict]
    island_out: dict[str, Any]
    main_component: Any
    hexside_features_out: dict[str, dict]
