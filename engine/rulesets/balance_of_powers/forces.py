"""BoP 1.32, 2.5, 2.6 — units, sides, control and stacking over the state.

The order of battle (data/oob.csv, data/leaders.csv) is loaded once. The state holds only what
changes: where each unit is and its mode, the pool, control changes, fortress damage.

State layout (`state["board"]`):
  units     {uid: {"at": loc, "mode": "maneuver"|"entrenched"}}  units on the map
  pool      [uid]                   eliminated or not yet procured (BoP 5.1)
  arrivals  {"1914-09": [uid], …}   scheduled and procured arrivals (BoP 6.21)
  control   {loc: nation}           only where control differs from the home nation (2.53)
  forts     {loc: steps}            fortresses not intact (2 steps intact, 0 ruined; 1.33)
  breaches  [{"at", "to", "value"}] (10.59)
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from typing import Any, cast

from .tables import (
    CENTRAL,
    CRISIS_LIMIT,
    ENTENTE,
    FORTRESS_EFFECTIVENESS,
    MAJORS,
    MINOR_COMMANDER,
    STACK_CORPS,
    STACK_CORPS_BARE_MARSH,
)
from .theatre import DATA, Theatre

MANEUVER, ENTRENCHED = "maneuver", "entrenched"


@dataclass(frozen=True)
class UnitInfo:
    id: str
    nation: str
    kind: str          # infantry, cavalry, mountain, siege, tank, leader
    name: str
    effectiveness: int
    yellow: bool
    movement: int
    arrives: str
    place: str
    attack: int = 0    # leaders; tanks (10.532: attack when attacking, defense otherwise)
    defense: int = 0

    @property
    def corps(self) -> bool:
        return self.kind != "leader"

    @property
    def captures(self) -> bool:
        """BoP 2.53 — only infantry and mountain corps take control."""
        return self.kind in ("infantry", "mountain")

    @property
    def entrenches(self) -> bool:
        """BoP 1.321 — cavalry (and tanks, flotillas) have no entrenched side."""
        return self.kind in ("infantry", "mountain", "siege")


def _load_units() -> dict[str, UnitInfo]:
    units: dict[str, UnitInfo] = {}
    with open(DATA / "oob.csv", newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            units[row["id"]] = UnitInfo(row["id"], row["nation"], row["kind"], row["name"],
                                        int(row["effectiveness"]), row["yellow"] == "1",
                                        int(row["movement"]), row["arrives"], row["place"])
    # 1.321, 13.0: tanks carry two scores; their `effectiveness` is the defense score, the one
    # every non-attacking use reads (reserve rolls, commissariat order: ruling 50)
    with open(DATA / "tanks.csv", newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            units[row["id"]] = UnitInfo(row["id"], row["nation"], "tank", row["name"],
                                        int(row["defense"]), False, int(row["movement"]),
                                        row["arrives"], "", int(row["attack"]),
                                        int(row["defense"]))
    with open(DATA / "leaders.csv", newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            units[row["id"]] = UnitInfo(row["id"], row["nation"], "leader", row["name"], 0,
                                        False, 0, row["arrives"], "", int(row["attack"]),
                                        int(row["defense"]))
    return dict(sorted(units.items()))


UNITS = _load_units()


def info(uid: str) -> UnitInfo:
    return UNITS[uid]


# --- sides and seats ----------------------------------------------------------------------

def side_of(state: dict[str, Any], nation: str | None) -> str | None:
    power = state["powers"].get(nation) if nation is not None else None
    return None if power is None else power["side"]


def at_war(state: dict[str, Any], nation: str) -> bool:
    """A power that has joined a side (a neutral has not, BoP 6.1)."""
    return state["powers"][nation]["side"] is not None


def other_side(side: str) -> str:
    return ENTENTE if side == CENTRAL else CENTRAL


def in_crisis(state: dict[str, Any], nation: str) -> bool:
    """BoP 2.92 — a major whose demoralization has reached its national limit is in crisis for
    the rest of the game (the marker never moves back)."""
    limit = CRISIS_LIMIT.get(nation)
    return limit is not None and state["powers"][nation]["demoralization"] >= limit


def unit_side(state: dict[str, Any], uid: str) -> str | None:
    return side_of(state, UNITS[uid].nation)


def war_side(state: dict[str, Any], nation: str) -> str:
    """The side of a power known to be at war (one that moves, fights, pays or musters)."""
    return cast(str, side_of(state, nation))


def belligerent_side(state: dict[str, Any], uid: str) -> str:
    """The side of a unit on the map: only powers at war have units there (a neutral's corps
    are placed when it joins, BoP 6.11)."""
    return war_side(state, UNITS[uid].nation)


def commander(state: dict[str, Any], uid: str) -> str:
    """The seat that moves this unit: its own major, or the side's minor commander."""
    nation = UNITS[uid].nation
    if nation in MAJORS:
        return nation
    return MINOR_COMMANDER[state["powers"][nation]["side"]]


# --- locations ------------------------------------------------------------------------------

def units_at(state: dict[str, Any], loc: str) -> list[str]:
    return sorted(uid for uid, u in state["board"]["units"].items() if u["at"] == loc)


def occupancy(state: dict[str, Any]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for uid in sorted(state["board"]["units"]):
        out.setdefault(state["board"]["units"][uid]["at"], []).append(uid)
    return out


def landing_of(state: dict[str, Any]) -> dict[str, str] | None:
    """BoP 6.453 — the Entente's landing counter: {"at": water hex, "to": coastal hex}."""
    return state["board"].get("landing")


def neighbours(state: dict[str, Any], th: Theatre, loc: str) -> tuple[str, ...]:
    """BoP 2.52 — land adjacency, plus the landing counter linked to the hex it points at."""
    landing = landing_of(state)
    if landing is None:
        return th.adj.get(loc, ())
    if loc == landing["at"]:
        return (landing["to"],)
    if loc == landing["to"]:
        return tuple(sorted(set(th.adj.get(loc, ())) | {landing["at"]}))
    return th.adj.get(loc, ())


def controller(state: dict[str, Any], th: Theatre, loc: str) -> str | None:
    """BoP 2.53 — the nation controlling a location (its home nation unless captured)."""
    return state["board"]["control"].get(loc, th.home.get(loc))


def fort_steps(state: dict[str, Any], th: Theatre, loc: str) -> int:
    """BoP 1.33 — fortress steps at a location: 2 intact, 1 reduced, 0 ruined or none."""
    if loc not in th.fortress:
        return 0
    return state["board"]["forts"].get(loc, 2)


def fort_owner_side(state: dict[str, Any], th: Theatre, loc: str) -> str | None:
    """BoP 1.333 — a fortress belongs to its original owner until ruined."""
    if not fort_steps(state, th, loc):
        return None
    return side_of(state, th.home.get(loc))


def fort_effectiveness(steps: int) -> int:
    return FORTRESS_EFFECTIVENESS[steps]


def enemy_present(state: dict[str, Any], th: Theatre, loc: str, side: str,
                  occ: dict[str, list[str]] | None = None) -> bool:
    """Enemy land units (corps or a surviving fortress) in the location."""
    here = occ.get(loc, []) if occ is not None else units_at(state, loc)
    if any(unit_side(state, uid) not in (side, None) and UNITS[uid].corps for uid in here):
        return True
    owner = fort_owner_side(state, th, loc)
    return owner is not None and owner != side


def infrastructure(state: dict[str, Any], loc: str, side: str | None = None) -> bool:
    """BoP 6.215 — an infrastructure marker here (of `side`, when given)."""
    owner = state["board"]["infra"].get(loc)
    return owner is not None and (side is None or owner == side)


def stack_limit(state: dict[str, Any], th: Theatre, loc: str) -> int:
    """BoP 2.62 — 6 corps; 1 in marsh or desert without infrastructure, rail or a population
    centre."""
    if th.terrain.get(loc) in ("marsh", "desert") and not th.is_rail(loc) and not th.is_pop(
            loc) and not (state and infrastructure(state, loc)):
        return STACK_CORPS_BARE_MARSH
    return STACK_CORPS


def friendly_corps_count(state: dict[str, Any], loc: str, side: str,
                         occ: dict[str, list[str]] | None = None) -> int:
    here = occ.get(loc, []) if occ is not None else units_at(state, loc)
    return sum(1 for uid in here if UNITS[uid].corps and unit_side(state, uid) == side)


def neutral_closed(state: dict[str, Any], th: Theatre, loc: str) -> bool:
    """BoP 6.11 — a location of a nation still neutral (or not in this game) can't be entered."""
    nation = th.home.get(loc)
    if nation is None:
        return False
    power = state["powers"].get(nation)
    return power is None or power["side"] is None


def stacking_conflict(state: dict[str, Any], units: list[str], loc: str,
                      occ: dict[str, list[str]] | None = None) -> bool:
    """BoP 12.1 — British corps may never stack with French corps; BoP 2.62 — one army
    leader per location."""
    here = occ.get(loc, []) if occ is not None else units_at(state, loc)
    nations = {UNITS[u].nation for u in units if UNITS[u].corps}
    present = {UNITS[u].nation for u in here if UNITS[u].corps and u not in units}
    if any(UNITS[u].kind == "leader" for u in units) and any(
            UNITS[u].kind == "leader" for u in here if u not in units):
        return True
    return ("britain" in nations and "france" in present) or (
        "france" in nations and "britain" in present)


def effectiveness(state: dict[str, Any], uid: str, *, attacking: bool, supplied: bool = True,
                  terrain: str | None = None) -> int:
    """BoP 10.53 — printed value; yellow 4 attacking in 1914, a tank's attack score (10.532);
    −1 unsupplied (3.2); a mountain corps +1 attacking into a mountain hex (10.562)."""
    unit = UNITS[uid]
    value = unit.effectiveness
    if unit.kind == "tank" and attacking:
        value = unit.attack     # 10.532: a tank's first (yellow) score is its attack
    if unit.yellow and attacking and state["flow"]["month"].startswith("1914"):
        value = 4
    if unit.kind == "mountain" and attacking and terrain == "mountain":
        value += 1
    if not supplied:
        value -= 1
    return value


def eliminate(state: dict[str, Any], uid: str) -> None:
    """BoP 1.32 — an eliminated unit returns to its force pool."""
    del state["board"]["units"][uid]
    pool = state["board"]["pool"]
    if uid not in pool:
        pool.append(uid)
        pool.sort()


def has_command(state: dict[str, Any], th: Theatre, loc: str, side: str | None,
                occ: dict[str, list[str]] | None = None) -> bool:
    """BoP 1.323 — land units a leader of `side` operates with here, his "command": corps of
    any nation of his side, or his side's fortress (a land unit, 1.33)."""
    here = occ.get(loc, []) if occ is not None else units_at(state, loc)
    return any(UNITS[u].corps and unit_side(state, u) == side for u in here) or (
        side is not None and fort_owner_side(state, th, loc) == side)


def lone_leaders(state: dict[str, Any], th: Theatre) -> list[str]:
    """BoP 1.323 — a leader alone in a hex (no land unit of his side: a German leader with
    Austro-Hungarian corps is not alone) returns to the pool."""
    occ = occupancy(state)
    return [uid for loc, here in sorted(occ.items()) for uid in here
            if UNITS[uid].kind == "leader"
            and not has_command(state, th, loc, unit_side(state, uid), occ)]
