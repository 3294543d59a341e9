"""The board library: hex geometry, the map model and loader, and path search.

Pure Python (stdlib only); never imports Django. ``load_map(name)`` is the one way rulesets
get a compiled map.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

from engine.board.hexgrid import Hex, HexId, HexsideId, hex_id, hexside_id, parse_hex_id
from engine.board.mapmodel import (
    AmbiguousPlaceError,
    Map,
    MapFormatError,
    RiverClass,
    check_map_name,
)

COMPILED_DIR: Path = Path(__file__).resolve().parent.parent / "maps" / "compiled"
"""Where ``python -m engine.maps build`` writes ``<name>.json``."""


class UnknownMapError(LookupError):
    """No compiled map of that name exists."""


def load_map_file(path: Path | str) -> Map:
    """Read and build the map in the JSON file ``path`` (not memoised).

    :raises FileNotFoundError: if the file does not exist.
    :raises MapFormatError: if the file is not valid JSON or not a valid ``salient-map/1``.
    """
    path = Path(path)
    try:
        with path.open(encoding="utf-8") as f:
            doc = json.load(f)
    except json.JSONDecodeError as e:
        raise MapFormatError(f"{path}: not valid JSON ({e})") from None
    return Map.from_document(doc)


@functools.lru_cache(maxsize=None)
def load_map(name: str) -> Map:
    """Return the compiled map ``engine/maps/compiled/<name>.json``, built once per process.

    The returned :class:`Map` is immutable, so sharing it between games is safe.

    :raises ValueError: if ``name`` is not a valid map name.
    :raises UnknownMapError: if there is no compiled map of that name.
    :raises MapFormatError: if the file is malformed.
    """
    check_map_name(name)
    path = COMPILED_DIR / f"{name}.json"
    if not path.is_file():
        available = sorted(p.stem for p in COMPILED_DIR.glob("*.json")) if COMPILED_DIR.is_dir() else []
        raise UnknownMapError(f"no compiled map {name!r} in {COMPILED_DIR} (available: {available})")
    return load_map_file(path)


__all__ = [
    "AmbiguousPlaceError",
    "COMPILED_DIR",
    "Hex",
    "HexId",
    "HexsideId",
    "Map",
    "MapFormatError",
    "RiverClass",
    "UnknownMapError",
    "hex_id",
    "hexside_id",
    "load_map",
    "load_map_file",
    "parse_hex_id",
]
