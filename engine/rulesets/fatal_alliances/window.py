"""The East Prussia window: a radius-4 cut of the compiled fa-europe map, shipped as data.

Regenerate after a map change with `python -m engine.rulesets.fatal_alliances.window`; the
suite fails while the shipped window differs from the compiled map.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.board import COMPILED_DIR
from engine.board.hexgrid import distance, parse_hex_id
from engine.board.mapmodel import document_sha256

CENTRE = "39,0"
RADIUS = 4
NAME = "fa-east-prussia"
OUT = Path(__file__).resolve().parent / "data" / "east-prussia-window.json"


def extract_window(doc: dict[str, Any], centre: str = CENTRE, radius: int = RADIUS,
                   name: str = NAME) -> dict[str, Any]:
    """The salient-map/1 document of the hexes within `radius` of `centre`."""
    c = parse_hex_id(centre)
    keep = {h for h in doc["hexes"] if distance(parse_hex_id(h), c) <= radius}
    hexes = {h: {k: v for k, v in info.items() if k != "sea_area"}
             for h, info in doc["hexes"].items() if h in keep}
    sides = {k: v for k, v in doc["hexsides"].items() if all(x in keep for x in k.split("|"))}
    rail = []
    for line in doc["rail"]:
        run: list[str] = []
        pieces = 0
        for h in list(line["hexes"]) + [None]:
            if h in keep:
                run.append(h)
                continue
            if len(run) >= 2:
                suffix = f"-{pieces}" if pieces else ""
                rail.append({"id": f"{line['id']}{suffix}", "name": line["name"],
                             "hexes": run})
                pieces += 1
            run = []
    places = {k: v for k, v in doc["places"].items() if v["hex"] in keep}
    meta = {k: v for k, v in doc["meta"].items() if k != "sha256"}
    meta.update(name=name, title="Fatal Alliances — East Prussia window (Salient)",
                window={"of": doc["meta"]["name"], "centre": centre, "radius": radius,
                        "source_sha256": doc["meta"].get("sha256")})
    out = {"format": doc["format"], "meta": meta, "hexes": hexes, "hexsides": sides,
           "rail": rail, "places": places, "seas": {}, "boxes": {}}
    out["meta"]["sha256"] = document_sha256(out)
    return out


def main() -> None:
    doc = json.loads((COMPILED_DIR / "fa-europe.json").read_text(encoding="utf-8"))
    OUT.write_text(json.dumps(extract_window(doc), sort_keys=True, ensure_ascii=False,
                              indent=0) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
