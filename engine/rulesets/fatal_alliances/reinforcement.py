"""FA 4.2 — reinforcements: units due on the production circle arrive in home cities (naval
units: naval_builds.py)."""

from __future__ import annotations

from typing import Any

from engine.kernel import Event, Roller

from .convoy_builds import convoy_arrivals
from .naval_builds import ship_arrivals
from .offensive import arrive
from .position import by_hex, co_operates, controller, in_home_country, map_of, unit
from .supply import city_hexes
from .zoc import enemy_zoc, would_overstack


def _home_cities(state: dict[str, Any], power: str) -> list[str]:
    m = map_of(state)
    return [h for h in city_hexes(m) if controller(state, h) == power
            and in_home_country(state, h, power)]


def place_arrivals(state: dict[str, Any], roller: Roller) -> list[Event]:
    """FA 4.2.1 — arrivals go to their named city if usable, else the first home city (by hex
    id) with room (enemy ZoC is allowed); failing that, one unit per city per turn may go to
    an adjacent controlled home hex outside enemy ZoC; otherwise the unit slips a turn."""
    board = state["board"]
    turn = state["flow"]["turn"]
    m = map_of(state)
    events: list[Event] = []
    overflowed: set[str] = set()
    for entry in [e for e in board["production_circle"] if e["turn"] <= turn]:
        u = unit(state, entry["unit"])
        here = by_hex(state)
        # The scenario's arrival hex (the order of battle's place: the US corps' Brest stands
        # in for their crossing) while it is held by the power or one it co-operates with,
        # else the home cities it holds (FA 4.2: the home country, not its possessions).
        named: str | None = u.get("place_hex")
        holder = controller(state, named) if named else None
        cities = ([named] if named is not None and holder is not None
                  and co_operates(state, holder, u["power"]) else [])
        cities += [h for h in _home_cities(state, u["power"]) if h != named]
        spot = next((h for h in cities if not would_overstack(state, h, [u], here)), None)
        how = "city"
        if spot is None:
            zoc = enemy_zoc(state, u["power"])
            for city in cities:
                if city in overflowed:
                    continue
                spot = next((nb for nb in m.neighbours(city)
                             if not m.hex(nb).sea and controller(state, nb) == u["power"]
                             and in_home_country(state, nb, u["power"]) and nb not in zoc
                             and not would_overstack(state, nb, [u], here)), None)
                if spot is not None:
                    overflowed.add(city)
                    how = "overflow"
                    break
        if spot is None:
            entry["turn"] = turn + 1
            events.append(Event("arrival_delayed", "FA 4.2.1", {"unit": u["id"]}))
            continue
        board["production_circle"].remove(entry)
        u["hex"] = spot
        u["up"] = True
        events.append(Event("reinforcement", "FA 4.2", {"unit": u["id"], "hex": spot,
                                                        "how": how}))
    for due in [d for d in board["entrench_due"] if d["turn"] <= turn]:
        board["entrench_due"].remove(due)
        board["entrench_pending"][due["power"]] = board["entrench_pending"].get(
            due["power"], 0) + 1
    board["production_circle"].sort(key=lambda e: (e["turn"], e["unit"]))
    return events


def reinforce(state: dict[str, Any], roller: Roller) -> list[Event]:
    """FA 4.2 — the turn's first step: units due this turn arrive, offensive points bought
    last turn arrive (FA 18), and the turn-start stage's per-turn lists start empty."""
    events = (place_arrivals(state, roller) + ship_arrivals(state) + convoy_arrivals(state)
              + arrive(state))
    flow = state["flow"]
    flow["broken_down"] = []
    flow["built_up"] = []
    flow["home_front_moved"] = []
    flow["scrap_choosing"] = []
    flow.pop("straits_railed", None)     # FA 11.8: 1 unit a side per straits hexside a turn
    return events
