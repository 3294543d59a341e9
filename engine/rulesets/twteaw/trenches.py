"""Trenches (TWTEAW "Units: Trenches"): markers on one border, facing one neighbour.

A trench in territory X facing Y (`"X>Y"`, in `board.trenches`, public: the map shows them)
guards X against attacks from Y: attackers crossing it lose 2 (infantry), 3 (artillery), 2
(tanks) from their attack values — never below 1. One to four tanks attacking across the same
border cancel one point of the infantry's penalty, five or more both (ruling 2). It costs 5; the
builder must hold X and have an infantry unit there at the start of the turn; never on a
coastline (nor across a strait). An original city territory of the builder with at least five
infantry may pay 10 to entrench every land border at once. A trench bought this turn is placed in
Phase 7. When X is taken, every trench guarding it is destroyed. Super trenches come with
research.
"""

from __future__ import annotations

from typing import Any

from engine.kernel import IllegalAction

from .war import controller
from .world import world

State = dict[str, Any]
RULE = "TWTEAW trenches"
COST = 5
HOME_PACKAGE_COST = 10
HOME_PACKAGE_INFANTRY = 5
PENALTY = {"infantry": 2, "artillery": 3, "tank": 2}


def key(area: str, facing: str) -> str:
    return f"{area}>{facing}"


def guarded(state: State, area: str, facing: str) -> bool:
    return key(area, facing) in state["board"]["trenches"]


def land_borders(area: str) -> list[str]:
    """The neighbours a trench may face: land borders only (no coast, no strait)."""
    return [b for b, kind in world().land_links.get(area, ()) if kind == "land"]


def _infantry(state: State, nation: str, area: str) -> int:
    return int(state["secret"][nation]["units"].get(area, {}).get("infantry", 0))


def check(state: State, nation: str, rows: list[dict[str, Any]], packages: list[str]) -> int:
    """Refuse illegal trench orders; return their cost."""
    w = world()
    wanted: set[str] = set()
    for area in packages:
        info = w.areas.get(area)
        if (info is None or info.owner != nation or not info.city
                or controller(state, area) != nation):
            raise IllegalAction(RULE, "not_a_home_city", {"area": area},
                                "The trench package is for your own home city territories.")
        if _infantry(state, nation, area) < HOME_PACKAGE_INFANTRY:
            raise IllegalAction(RULE, "package_needs_five", {"area": area},
                                f"The package needs {HOME_PACKAGE_INFANTRY} infantry in the city at "
                                "the start of the turn.")
        wanted |= {key(area, b) for b in land_borders(area)}
    for row in rows:
        area, facing = row["area"], row["facing"]
        if area not in w.areas or controller(state, area) != nation:
            raise IllegalAction(RULE, "not_yours", {"area": area},
                                "A trench is built in a territory you hold.")
        if facing not in land_borders(area):
            raise IllegalAction(RULE, "not_a_land_border", {"area": area, "facing": facing},
                                "A trench faces a neighbour across a land border (never the sea or "
                                "a strait).")
        if _infantry(state, nation, area) < 1:
            raise IllegalAction(RULE, "needs_infantry", {"area": area},
                                "A trench needs one of your infantry in the territory at the start "
                                "of the turn.")
        if guarded(state, area, facing) or key(area, facing) in wanted:
            raise IllegalAction(RULE, "already_entrenched", {"area": area, "facing": facing},
                                "That border already has your trench.")
        wanted.add(key(area, facing))
    return COST * len(rows) + HOME_PACKAGE_COST * len(packages)


def place(state: State, nation: str, orders: dict[str, Any]) -> list[str]:
    """Phase 7: the trenches bought are placed where the nation still holds the territory."""
    board = state["board"]
    made = []
    wanted = [(r["area"], r["facing"]) for r in orders["trench"]]
    wanted += [(a, b) for a in orders["home_trenches"] for b in land_borders(a)]
    for area, facing in wanted:
        if controller(state, area) == nation and not guarded(state, area, facing):
            board["trenches"][key(area, facing)] = {"by": nation}
            made.append(key(area, facing))
    return made


def destroy(state: State, area: str) -> None:
    """The territory was taken: every trench guarding it goes."""
    prefix = f"{area}>"
    for k in [k for k in state["board"]["trenches"] if k.startswith(prefix)]:
        del state["board"]["trenches"][k]


def penalty(unit: str, tanks_across: int) -> int:
    """The trench penalty of one attacker, with the tanks' offset for infantry."""
    base = PENALTY.get(unit, 0)
    if unit == "infantry":
        base -= 2 if tanks_across >= 5 else 1 if tanks_across >= 1 else 0
    return max(0, base)
