"""FA 11.14 — reorganisation: HQs turn face-down units face-up."""

from __future__ import annotations

import itertools
from typing import Any

from engine.board import Map
from engine.board.paths import movement_range
from engine.kernel import Event, Roller

from .charts import Action
from .fleets import face_up_ships
from .naval_convoy_moves import face_up as convoys_face_up
from .offensive import benefit_hqs
from .position import by_hex, co_operates, map_of, on_map, unit
from .sequence import effective_action, fresh_marks
from .supply import linked_to_primary
from .terrain import move_cost
from .weather import weather_at
from .zoc import enemy_zoc


def reach(state: dict[str, Any], hq: dict[str, Any]) -> set[str]:
    """FA 11.14.1 — hexes within the HQ's reorg value in leg movement points along paths a
    supply path could take (not into enemy ZoC without a friendly unit); one hex is always
    in reach."""
    m = map_of(state)
    zoc = enemy_zoc(state, hq["power"])
    here = by_hex(state)
    friendly = {h for h, us in here.items() if any(co_operates(state, u["power"], hq["power"])
                                                    for u in us)}

    def cost(mm: Map, i: int, j: int) -> int | None:
        h = mm.ids[j]
        if mm.hex(h).sea or (h in zoc and h not in friendly):
            return None
        return move_cost(mm, mm.ids[i], h, "INF", weather_at(state, mm, h))

    out = set(movement_range(m, hq["hex"], hq["reorg"], cost))
    for nb in m.neighbours(hq["hex"]):
        if not m.hex(nb).sea and move_cost(m, hq["hex"], nb, "INF",
                                           weather_at(state, m, nb)) is not None:
            out.add(nb)
    return out


def unit_cost(state: dict[str, Any], hq: dict[str, Any], u: dict[str, Any]) -> int:
    """FA 11.14.3 — 1 if the unit's power took a land action, 2 otherwise (every unit costs
    2 in a combined action); doubled when the points come from a co-operating power."""
    cost = 1 if effective_action(state, u["power"]) == Action.LAND else 2
    if u["power"] != hq["power"]:
        cost *= 2
    return cost


def reorg_budget(state: dict[str, Any], hq: dict[str, Any]) -> int:
    """FA 11.14.3 — the HQ's reorg points; an HQ given offensive-point benefits reorganises
    each unit at half cost (FA 18.3.2), i.e. twice the points at the usual cost."""
    return hq["reorg"] * (2 if hq["id"] in benefit_hqs(state) else 1)


def reorganisable(state: dict[str, Any], hq: dict[str, Any]) -> list[list[str]]:
    """Every set of units this HQ can reorganise now (only units face-down since the step
    began; HQs are reorganised only at the end of the turn)."""
    down = set(state["flow"].get("down_at_start", []))
    if hq["id"] in state["flow"]["marks"]["reorganised"]:
        return []
    hexes = reach(state, hq)
    eligible = [u for u in on_map(state)
                if u["id"] in down and not u["up"] and u["hex"] in hexes and u["type"] != "HQ"
                and co_operates(state, u["power"], hq["power"])
                and u["id"] not in state["flow"]["marks"]["reorganised"]]
    out = []
    budget = reorg_budget(state, hq)
    for size in range(1, len(eligible) + 1):
        for combo in itertools.combinations(eligible, size):
            if sum(unit_cost(state, hq, u) for u in combo) <= budget:
                out.append([u["id"] for u in combo])
        if size >= budget:
            break
    return out


def reorganise(state: dict[str, Any], hq_id: str, unit_ids: list[str]) -> list[Event]:
    """FA 11.14.3 — the units turn face-up, then the HQ turns face-down."""
    hq = unit(state, hq_id)
    for uid in unit_ids:
        unit(state, uid)["up"] = True
    hq["up"] = False
    marks = state["flow"]["marks"]["reorganised"]
    marks.extend(unit_ids + [hq_id])
    marks.sort()
    return [Event("reorganised", "FA 11.14", {"hq": hq_id, "units": sorted(unit_ids)})]


def note_down_at_start(state: dict[str, Any], roller: Roller) -> list[Event]:
    """FA 11.14 — the units face-down as the reorganisation step begins."""
    state["flow"]["down_at_start"] = sorted(u["id"] for u in on_map(state) if not u["up"])
    return []


def final_reorganisation(state: dict[str, Any], roller: Roller) -> list[Event]:
    """FA 13.4 — every land unit turns face-up; with option 6 (isolated reorganisation) only
    those with a basic supply path of any length to a primary source. The impulse's actions
    and marks are cleared."""
    flipped, isolated = [], []
    option_6 = state["board"].get("options", {}).get("isolated_reorganisation")
    for u in on_map(state):
        if not u["up"]:
            if option_6 and u["hex"] not in linked_to_primary(state, u["power"]):
                isolated.append(u["id"])
                continue
            u["up"] = True
            flipped.append(u["id"])
    flow = state["flow"]
    flow["actions"] = {}
    flow["marks"] = fresh_marks()
    ships = face_up_ships(state)
    convoy_points = convoys_face_up(state)      # R-N49: the "CP used" markers come off
    return [Event("final_reorganisation", "FA 13.4",
                  {"units": flipped, **({"isolated": isolated} if option_6 else {}),
                   **({"ships": ships} if ships else {}),
                   **({"convoy_points": convoy_points} if convoy_points else {})})]
