"""The economy of the playable core: income, the bank, purchases, placement, incorporation.

TWTEAW Phase 3.1 (buy from saved resources), Phase 6 (incorporation), Phase 7 (placement),
Phase 8 (collect income), and the neutral income shares of "Neutrals". One bank per nation:
location-based pools, transfers and gifts come with the economic-warfare slice.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from .commonwealth import DOMINIONS, dominion_share
from .nations import MAIN_WAR, NATIONS
from .units import ARTILLERY_CITY_SURCHARGE, INFANTRY_SURCHARGE, UNITS
from .war import at_war, has_surrendered, side
from .world import world

State = dict[str, Any]

# Phase 6 table: turns since incorporation → share of the value (the rest of the table: full)
CONQUEST_INCOME = ((3, Fraction(0)), (9, Fraction(1, 2)))        # turns 0–3 none, 4–9 half
REINCORPORATION_INCOME = ((0, Fraction(0)), (2, Fraction(1, 2)))  # turn 0 none, 1–2 half


def incorporated_by(state: State, area: str) -> str | None:
    """Who has `area` incorporated: its original owner until it first changes hands (no
    record), then whoever the record names (None: held but not incorporated)."""
    record = state["board"]["incorporated"].get(area)
    if record is None:
        return world().areas[area].owner
    by: str | None = record["by"]
    return by


def area_income(state: State, area: str, nation: str) -> int:
    """What `area` yields to `nation` this turn (Phase 6's table; round half up)."""
    # .get: a territory of a sheet a later migration adds is not on the board yet (v8_to_v9
    # counts Ethiopia's income before v11_to_v12 has added Asia), and yields nothing
    if state["board"]["control"].get(area) != nation or incorporated_by(state, area) != nation:
        return 0
    value = world().areas[area].value
    record = state["board"]["incorporated"].get(area)
    if record is None:
        return value
    age = state["board"]["turn"] - record["turn"]
    table = CONQUEST_INCOME if record["kind"] == "conquest" else REINCORPORATION_INCOME
    for last_turn, share in table:
        if age <= last_turn:
            return math.ceil(value * share)
    return value


def income_share(state: State, nation: str) -> Fraction:
    """ "Neutrals": a neutral collects a share of its income while at peace; at war with a
    major nation it collects all of it, with a minor only three quarters (Ottomans, Italy,
    Spain). Main-war nations collect everything, and so does a surrendered nation (ruling 92:
    the tribute is the price of its peace, not a neutral's share)."""
    info = NATIONS[nation]
    if side(state, nation) in MAIN_WAR or info.neutral_share == 1 or has_surrendered(state, nation):
        return Fraction(1)
    enemies = [n for n in NATIONS if at_war(state, nation, n)]
    if any(NATIONS[e].kind == "major" for e in enemies):
        return Fraction(1)
    if enemies:
        return max(info.neutral_share, Fraction(3, 4))
    return info.neutral_share


def income_of(state: State, nation: str) -> int:
    """Phase 8: the income `nation` collects, rounded up; a conquered nation collects nothing."""
    if nation in state["board"]["conquered"]:
        return 0
    share = income_share(state, nation)
    own = sum(area_income(state, a, nation) for a in world().land() if DOMINIONS.get(a) != nation)
    # a dominion this nation holds pays at its own share, rounded up on its own like any
    # nation's income (rulings 139, 141); held by anyone else it is a plain territory
    dominions = sum(area_income(state, a, nation) for a, parent in DOMINIONS.items() if parent == nation)
    return math.ceil(own * share) + math.ceil(dominions * dominion_share(share))


# --- purchases and placement (Phase 3.1, Phase 7) ---------------------------------------------

def unit_cost(state: State, nation: str, unit: str, extra_infantry: int = 0) -> int:
    """The cost of one more unit; infantry beyond the manpower limit costs double."""
    cost = UNITS[unit].cost
    if unit == "infantry":
        built = state["secret"][nation]["infantry_built"] + extra_infantry
        if built >= NATIONS[nation].manpower:
            cost *= 2
    return cost


def has_ic(state: State, area: str) -> bool:
    """The map's industrial complex in `area`, unless one that defended was destroyed
    (TWTEAW "Industrial complexes"; board.ics_destroyed, version 2)."""
    return world().areas[area].ic and area not in state["board"]["ics_destroyed"]


def placement_cost(state: State, nation: str, unit: str, area: str) -> int | None:
    """The surcharge to place one `unit` in `area` (Phase 7 rules 1–5), or None where it may
    not be placed. Judged on the position at the start of the turn."""
    info = world().areas[area]
    if state["board"]["control"].get(area) != nation or incorporated_by(state, area) != nation:
        return None
    ic = has_ic(state, area)
    if info.owner != nation and not (ic and unit != "infantry"):
        return None                         # rule 1; an IC in conquered land builds (ruling)
    if unit != "infantry" and "infantry_only" in info.flags:
        return None                         # Afghanistan, Tibet: only infantry (ruling 149)
    if unit == "infantry":
        if info.city:
            return 0
        return INFANTRY_SURCHARGE if NATIONS[nation].city_surcharge else 0
    if ic:
        return 0
    if unit == "artillery" and info.city:
        return ARTILLERY_CITY_SURCHARGE
    return None


def colonial_allowance(area: str) -> int | None:
    """Phase 7 rule 8, Colonial Restrictions (version 9, ruling 137): the units that may be
    built in one turn in a territory of a colony the rulebook's table names — its value in a
    major colony, half of it rounded up in a minor one; None where no allowance applies."""
    info = world().areas[area]
    if info.colony == "major":
        return info.value
    if info.colony == "minor":
        return math.ceil(info.value / 2)
    return None


def infantry_without_city_limit(area: str) -> int:
    """Rule 3: no more infantry placed outside a city than the territory's value, per turn."""
    return world().areas[area].value


def build_cost(state: State, nation: str, builds: list[dict[str, Any]]) -> int:
    """The whole cost of a list of builds (unit cost, manpower doubling, surcharges)."""
    total, infantry = 0, 0
    for row in builds:
        surcharge = placement_cost(state, nation, row["unit"], row["at"]) or 0
        for _ in range(row["count"]):
            total += unit_cost(state, nation, row["unit"], infantry) + surcharge
            if row["unit"] == "infantry":
                infantry += 1
    return total


def can_build(state: State, nation: str) -> bool:
    return nation not in state["board"]["conquered"]


def place_builds(state: State, nation: str, builds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Phase 7: place what was bought. A build whose territory was lost during the turn is not
    placed: its money is gone, its manpower is not used. Returns what was lost."""
    lost = []
    secret = state["secret"][nation]
    for row in builds:
        if state["board"]["control"].get(row["at"]) != nation:
            lost.append(dict(row))
            continue
        stack = secret["units"].setdefault(row["at"], {})
        stack[row["unit"]] = stack.get(row["unit"], 0) + row["count"]
        if row["unit"] == "infantry":
            secret["infantry_built"] += row["count"]
    return lost


# --- incorporation (Phase 6) ------------------------------------------------------------------

def incorporation_cost(area: str) -> int:
    return 2 * world().areas[area].value


def may_incorporate(state: State, nation: str, area: str) -> bool:
    """A conquest held and not yet incorporated (originals are reincorporated for free)."""
    return (state["board"]["control"].get(area) == nation and world().areas[area].owner != nation
            and incorporated_by(state, area) != nation)


def reincorporate(state: State) -> list[str]:
    """Phase 6: a nation that holds its own original territory again reincorporates it for
    nothing (ruling: automatically). Returns the areas reincorporated."""
    board = state["board"]
    done = []
    for area in world().land():
        owner = world().areas[area].owner
        if board["control"][area] == owner and incorporated_by(state, area) != owner:
            board["incorporated"][area] = {"by": owner, "turn": board["turn"], "kind": "reincorporated"}
            done.append(area)
    return done
