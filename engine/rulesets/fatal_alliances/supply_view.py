"""FA 2.4 — supply as the players read it off the board (issue #18's supply warnings).

Supply is public in FA: it follows from the positions, control and weather, all open on land
(no fog of war), so every audience may see it. Two derived facts, never stored:

- each land unit's `supplied` in the view (powers at war only): where it stands now, as the
  move rule judges it
  (land_move in orders.py: a partisan is always supplied, FA 13.1.3, and so is a unit an HQ
  gave emergency supply this impulse, FA 2.4.4 option 4);
- each listed land move whose destination is out of supply for the moving power is marked
  `supplied: False`, judged on the position before the move (the supply-warning ruling in
  docs/rules/fatal_alliances.md), so the page can warn before Confirm;
- with option 6 (isolated reorganisation, FA 13.4), each land unit on the map that cannot trace
  a basic supply path of any length to a primary source is marked `isolated: True`: a face-down
  one would stay face-down at the final reorganisation. The test is the one the final
  reorganisation applies (reorganisation.final_reorganisation), so the mark never disagrees
  with what the step will do.
"""

from __future__ import annotations

from typing import Any

from .position import is_active
from .supply import linked_to_primary, supplied_hexes

RULE = "FA 2.4"


def mark_units(state: dict[str, Any], units: dict[str, dict[str, Any]]) -> None:
    """FA 2.4 — write `supplied` on each land unit on the map of a view's copy of the board,
    as the move rule judges it (orders.land_move): in the power's supplied hexes, or a
    partisan (13.1.3), or given emergency HQ supply this impulse (2.4.4). Each power's hexes
    are looked up once (the memo's key is the whole position)."""
    by_power: dict[str, frozenset[str]] = {}
    emergency = state["flow"].get("emergency", {})
    for uid, u in units.items():
        if u.get("hex") is None or not is_active(state, u["power"]):
            continue   # a neutral's units neither move nor fight: no supply to show (and
            #           tracing each neutral's would cost a campaign view more than the rest)
        if u["power"] not in by_power:
            by_power[u["power"]] = supplied_hexes(state, u["power"])
        u["supplied"] = (u["hex"] in by_power[u["power"]] or u["type"] == "PARTISAN"
                         or uid in emergency)


def mark_isolated(state: dict[str, Any], units: dict[str, dict[str, Any]]) -> None:
    """FA 13.4 option 6 — write `isolated: True` on each land unit on the map (of a power at
    war) of a view's copy of the board whose hex has no basic supply path of any length to
    its power's primary sources. Nothing without the option: every unit then turns face-up."""
    if not state["board"].get("options", {}).get("isolated_reorganisation"):
        return
    linked: dict[str, frozenset[str]] = {}
    for u in units.values():
        if u.get("hex") is None or not is_active(state, u["power"]):
            continue
        if u["power"] not in linked:
            linked[u["power"]] = linked_to_primary(state, u["power"])
        if u["hex"] not in linked[u["power"]]:
            u["isolated"] = True


def mark_moves(state: dict[str, Any], items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Mark the listed land moves that end out of supply for the moving power (`supplied:
    False`; partisans never, FA 13.1.3). The action itself is untouched: only it is sent."""
    units = state["board"]["units"]
    supplied: dict[str, frozenset[str]] = {}   # per power, looked up once a listing

    def reach(power: str) -> frozenset[str]:
        if power not in supplied:
            supplied[power] = supplied_hexes(state, power)
        return supplied[power]

    for item in items:
        action = item.get("action") or {}
        if "units" not in action or "to" not in action:
            continue
        movers = [units[uid] for uid in action["units"]]
        if any(u["type"] != "PARTISAN" and action["to"] not in reach(u["power"])
               for u in movers):
            item["supplied"] = False
    return items
