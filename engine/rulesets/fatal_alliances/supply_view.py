"""FA 2.4 — supply as the players read it off the board (issue #18's supply warnings).

Supply is public in FA: it follows from the positions, control and weather, all open on land
(no fog of war), so every audience may see it. Two derived facts, never stored:

- each land unit's `supplied` in the view: where it stands now, as the move rule judges it
  (land_move in orders.py: a partisan is always supplied, FA 13.1.3, and so is a unit an HQ
  gave emergency supply this impulse, FA 2.4.4 option 4);
- each listed land move whose destination is out of supply for the moving power is marked
  `supplied: False`, judged on the position before the move (the supply-warning ruling in
  docs/rules/fatal_alliances.md), so the page can warn before Confirm.
"""

from __future__ import annotations

from typing import Any

from .supply import supplied_hexes

RULE = "FA 2.4"


def unit_supplied(state: dict[str, Any], u: dict[str, Any]) -> bool:
    """FA 2.4 — whether a land unit on the map is in supply now (the same test as a move's)."""
    return (u["hex"] in supplied_hexes(state, u["power"])
            or u["type"] == "PARTISAN"                        # FA 13.1.3: always in supply
            or u["id"] in state["flow"].get("emergency", {}))  # FA 2.4.4: an HQ supplies it


def mark_units(state: dict[str, Any], units: dict[str, dict[str, Any]]) -> None:
    """Write `supplied` on each land unit on the map of a view's copy of the board."""
    for uid, u in units.items():
        if u.get("hex") is not None:
            u["supplied"] = unit_supplied(state, state["board"]["units"][uid])


def mark_moves(state: dict[str, Any], items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Mark the listed land moves that end out of supply for the moving power (`supplied:
    False`; partisans never, FA 13.1.3). The action itself is untouched: only it is sent."""
    units = state["board"]["units"]
    for item in items:
        action = item.get("action") or {}
        if "units" not in action or "to" not in action:
            continue
        movers = [units[uid] for uid in action["units"]]
        if any(u["type"] != "PARTISAN" and action["to"] not in supplied_hexes(state, u["power"])
               for u in movers):
            item["supplied"] = False
    return items
