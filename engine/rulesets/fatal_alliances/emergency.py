"""Option 4 (FA 2.4.4, emergency HQ supply) — a face-up HQ supplies, for this impulse only, up
to its reorg value of co-operating non-HQ land units that trace a basic supply path to it;
the HQ turns face-down at the end of the land combat step.

Rulings (docs/rules/fatal_alliances.md): announcements are made unit by unit in their own
step after the offensive points (before rail): the phasing side's active powers first, then —
once all of them are done — the other side's active powers, whose supplied units then defend
face-up-supplied in this impulse's combats; only units out of supply are offered.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import Event

from .overseas import crossings, port_hexes
from .position import by_hex, co_operates, commander, map_of, on_map, unit
from .sequence import DONE, active_powers, step_done
from .supply import range_at, supplied_hexes, trace_layers
from .zoc import enemy_zoc


def enabled(state: dict[str, Any]) -> bool:
    return bool(state["board"].get("options", {}).get("emergency_hq_supply"))


def _reach(state: dict[str, Any], hq: dict[str, Any], power: str) -> dict[str, int]:
    """Basic-path distances from the HQ (the 2.4 legality for `power`'s units), overland or
    once across the sea (2.4.2.3: a basic path may be traced overseas)."""
    m = map_of(state)
    zoc = enemy_zoc(state, power)
    friendly = {h for h, us in by_hex(state).items()
                if any(co_operates(state, u["power"], power) for u in us)}
    blocked = frozenset(h for h in zoc if h not in friendly)
    land, by_sea = trace_layers(state, m, power, [hq["hex"]], blocked, False,
                                crossings(state, m, power), frozenset(), port_hexes(state, m))
    reach = dict(land)
    for h, d in by_sea.items():
        reach[h] = min(d, reach.get(h, d))
    return reach


def announcing_powers(state: dict[str, Any]) -> list[str]:
    """The phasing side's powers while any of them may still announce, then the other side's
    active powers (FA 2.4.4: "even in your opponent's impulse")."""
    flow = state["flow"]
    phasing = active_powers(state)
    if any(p not in flow["done"] and len(emergency_options(state, p)) > 1
           for p in phasing):
        return phasing
    board = state["board"]
    return sorted(p for p, side in board["sides"].items()
                  if side != flow["active_side"] and p in board["active"]
                  and p not in board.get("out", []))


def emergency_options(state: dict[str, Any], power: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [dict(DONE)]
    if not enabled(state):
        return out
    flow = state["flow"]
    given = flow.get("emergency", {})
    m = map_of(state)
    for hq in on_map(state):
        if hq["type"] != "HQ" or commander(state, hq["power"]) != power or not hq["up"]:
            continue
        if sum(1 for h in given.values() if h == hq["id"]) >= hq["reorg"]:
            continue
        for u in on_map(state):
            if (u["type"] == "HQ" or u["id"] in given
                    or not co_operates(state, u["power"], hq["power"])
                    or u["hex"] in supplied_hexes(state, u["power"])):
                continue
            dist = _reach(state, hq, u["power"]).get(u["hex"])
            if dist is not None and (dist <= range_at(state, m, u["hex"]) or dist <= 1):
                out.append({"hq": hq["id"], "unit": u["id"]})
    return out


def apply_emergency(state: dict[str, Any], power: str, action: dict[str, Any]) -> list[Event]:
    flow = state["flow"]
    if action == DONE:
        return [step_done(state, power, "FA 2.4.4", "emergency")]
    flow.setdefault("emergency", {})[action["unit"]] = action["hq"]
    flow["emergency"] = dict(sorted(flow["emergency"].items()))
    return [Event("emergency_supply", "FA 2.4.4 (option 4)", dict(action))]


def end_of_combat(state: dict[str, Any]) -> list[Event]:
    """The HQs that gave emergency supply turn face-down after the land combat step."""
    flipped = []
    for hq_id in sorted(set(state["flow"].get("emergency", {}).values())):
        hq = unit(state, hq_id)
        if hq["hex"] is not None and hq["up"]:
            hq["up"] = False
            flipped.append(hq_id)
    return [Event("emergency_hqs_down", "FA 2.4.4", {"hqs": flipped})] if flipped else []
