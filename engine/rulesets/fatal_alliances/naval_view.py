"""FA 11.3 — the war at sea as the page draws it: where each ship's counter stands on the hex
map and where a naval order leads (issue #22's browser path for naval orders).

Derived for the view, never stored (the state's shape is unchanged). The ships' places are
public like the rest of the board (the view already carries `board.fleets`): this adds, for each
ship, its order-of-battle name and factors and the hex its counter is drawn on, and a table
`board.sea_hexes` of the hex each port and each sea area is drawn at:

* a ship in port stands on its port's hex (an off-map base, Tsingtao: no hex, not drawn);
* a ship at sea stands on its sea area's **display hex**, the area hex whose summed distance to
  the area's other hexes is least (ties: the lowest id), whatever its section — the section is
  written on the counter, and a move's section is chosen in the list that opens on that hex.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.maps import hexmath as hm

from .fleets import seas
from .naval_oob import load_naval_oob

State = dict[str, Any]


def _distance(a: str, b: str) -> int:
    (q1, r1), (q2, r2) = hm.parse_hex_id(a), hm.parse_hex_id(b)
    return (abs(q1 - q2) + abs(r1 - r2) + abs(q1 + r1 - q2 - r2)) // 2


@lru_cache(maxsize=1)
def sea_hexes() -> dict[str, dict[str, str]]:
    """{"areas": {area: display hex}, "ports": {port: hex}} (see the module's docstring)."""
    s = seas()
    areas = {}
    for aid, area in sorted(s.areas.items()):
        hexes = sorted(area.hexes)
        if hexes:
            areas[aid] = min(hexes, key=lambda h: (sum(_distance(h, o) for o in hexes), h))
    ports = {pid: port.hex for pid, port in sorted(s.ports.items())}
    return {"areas": areas, "ports": ports}


def mark_fleets(state: State, board: dict[str, Any]) -> None:
    """Add each ship's `hex`, `name` and factors to the view's `board.fleets`, and the
    `board.sea_hexes` table (only where the board has fleets: the campaign)."""
    if "fleets" not in state["board"]:
        return
    table = sea_hexes()
    oob = {u.id: u for u in load_naval_oob().units}
    board["sea_hexes"] = {k: dict(v) for k, v in table.items()}
    for uid, ship in board.get("fleets", {}).items():
        unit = oob[uid]
        v = unit.values
        ship["name"] = unit.name
        ship["fleet"] = unit.fleet
        ship["attack"], ship["defence"] = v.get("attack", 0), v.get("defence", 0)
        ship["speed"], ship["range"] = v.get("speed", 0), v.get("range", 0)
        ship["bombardment"] = v.get("bombardment", 0)      # FA 11.12.2 (shore bombardment)
        if ship.get("area") is not None:
            ship["hex"] = table["areas"].get(ship["area"])
        else:
            ship["hex"] = table["ports"].get(ship.get("port"))


__all__ = ["mark_fleets", "sea_hexes"]
