"""Maps: compiled hex maps (``compiled/<name>.json``, format ``salient-map/1``) and their compiler.

The running app reads the compiled JSON (``engine.board.load_map``). The compiler
(``python -m engine.maps build [NAME]``) lives in ``engine.maps.compiler`` and is the only
place that imports shapely and pyproj; this package's ``__init__`` must not import it.
"""
from __future__ import annotations

from pathlib import Path

COMPILED_DIR = Path(__file__).parent / "compiled"


def compiled_path(name: str) -> Path:
    """Path of a compiled map document."""
    return COMPILED_DIR / f"{name}.json"


def map_names() -> list[str]:
    """Names of the compiled maps present in the package."""
    return sorted(p.stem for p in COMPILED_DIR.glob("*.json"))
