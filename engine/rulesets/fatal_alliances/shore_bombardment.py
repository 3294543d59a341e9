"""FA 11.12.2 — shore bombardment (issue #22, version 30, rulings R-N69–R-N74).

Once every land attack of the step is declared, the attacker commits shore bombardment to
each declared hex (step 3 of 11.12's sequence), then the defender (step 4), before the HQ
support (steps 5 and 6, declared.py). A power may bombard a coastal hex with its own face-up
surface ships (SCS) in a section 1–4 of a sea area whose coast the hex is on; a ship serves
one hex (R-N70). Each ship's factor is its bombardment value (naval_oob) less the section's
modifier (fa_seas: one more in rain or snow where the section is asterisked), halved in a
forest, jungle or swamp hex; never below 0 (R-N69). No bombardment into a hex in storm or
blizzard. At most one ship a land unit of its side in the combat; on offence each ship's
factor is capped by the modified factor of the attacking unit it is paired with (the largest
with the largest, R-N71); on defence each ship adds at most 1. The ships turn face-down when
the combat is rolled (R-N72).

`c["bombard"]` (the declared attack) names the committed ships per side; while a side is asked,
`c["bombard_options"]` holds its offered ship lists (best first, then none).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from engine.kernel import Event

from .charts import Weather
from .fleets import fleets, seas, values
from .position import map_of
from .terrain import fa_terrain
from .weather import weather_at

RULE = "FA 11.12.2"
SIDES = ("attacker", "defender")
HALVING_TERRAIN = ("forest", "jungle", "swamp")
NO_BOMBARDMENT = (Weather.STORM, Weather.BLIZZARD)
WET = (Weather.RAIN, Weather.SNOW)


def ship_factor(state: dict[str, Any], uid: str, target: str) -> Fraction:
    """11.12.2 — one ship's bombardment factor against `target` from where it is (0 when it
    cannot bombard from there or into that weather)."""
    ship = fleets(state)[uid]
    if ship["area"] is None or ship["type"] != "SCS":
        return Fraction(0)
    m = map_of(state)
    weather = weather_at(state, m, target)
    if weather in NO_BOMBARDMENT:
        return Fraction(0)
    area = seas().area(ship["area"])
    if target not in area.coastal_hexes:
        return Fraction(0)
    section = next(s for s in area.sections if s.section == ship["section"])
    if section.bombardment_modifier is None:       # the 0 section: none
        return Fraction(0)
    modifier = section.bombardment_modifier + (1 if section.wet_plus_one and weather in WET
                                                else 0)
    factor = Fraction(max(0, int(values(uid)["bombardment"]) - modifier))
    if fa_terrain(m, target, weather) in HALVING_TERRAIN:
        factor /= 2
    return factor


def committed(state: dict[str, Any]) -> set[str]:
    """The ships already committed to a declared attack (each bombards one hex, R-N70)."""
    attacks = list(state["flow"].get("declared", []))
    if state["flow"].get("combat") is not None:
        attacks.append(state["flow"]["combat"])
    return {s for c in attacks for side in SIDES for s in c.get("bombard", {}).get(side, [])}


def eligible(state: dict[str, Any], power: str, target: str) -> list[str]:
    """The power's face-up surface ships that could bombard `target` now and are not yet
    committed, largest factor first (then by id)."""
    taken = committed(state)
    out = []
    for uid, ship in fleets(state).items():
        if ship["power"] != power or not ship["up"] or uid in taken:
            continue
        factor = ship_factor(state, uid, target)
        if factor > 0:
            out.append((-factor, uid))
    return [uid for _, uid in sorted(out)]


def offered(state: dict[str, Any], c: dict[str, Any], side: str,
            land_units: int) -> list[list[str]]:
    """The ship lists a side may commit: its best k eligible ships for each k from the most
    it may add (one a land unit of its side in the combat) down to 1, then none. Empty when
    it has no ship to offer."""
    power = c["declarer"] if side == "attacker" else c["defender"]
    ships = eligible(state, power, c["target"])[:land_units]
    if not ships:
        return []
    return [ships[:k] for k in range(len(ships), 0, -1)] + [[]]


def value(state: dict[str, Any], ships: list[str], target: str, side: str,
          unit_factors: list[Fraction]) -> Fraction:
    """11.12.2 — what committed ships add: on offence each ship's factor capped by the
    modified factor of the attacking unit it is paired with (largest with largest); on
    defence 1 at most a ship. One ship a land unit: the extra ships add nothing."""
    factors = sorted((ship_factor(state, s, target) for s in ships
                      if s in fleets(state) and fleets(state)[s]["up"]), reverse=True)
    factors = factors[:len(unit_factors)]
    if side == "defender":
        return sum((min(f, Fraction(1)) for f in factors), Fraction(0))
    caps = sorted(unit_factors, reverse=True)
    return sum((min(f, cap) for f, cap in zip(factors, caps, strict=False)), Fraction(0))


def commit(c: dict[str, Any], side: str, ships: list[str], seat: str,
           events: list[Event]) -> None:
    """A side's answer: the ships it commits to the declared hex (none is an answer too)."""
    c.setdefault("bombard", {"attacker": [], "defender": []})[side] = list(ships)
    c.pop("bombard_options", None)
    events.append(Event("bombardment_committed", RULE, {
        "by": seat, "side": side, "ships": list(ships), "target": c["target"]}))


def fire(state: dict[str, Any], c: dict[str, Any], attack_factors: list[Fraction],
         defence_factors: list[Fraction], events: list[Event]) -> tuple[Fraction, Fraction]:
    """As the combat is rolled: the bombardment each side adds, and the ships that took part
    turn face-down (R-N72)."""
    chosen = c.get("bombard") or {}
    added = (value(state, chosen.get("attacker", []), c["target"], "attacker", attack_factors),
             value(state, chosen.get("defender", []), c["target"], "defender", defence_factors))
    for side, amount in zip(SIDES, added, strict=True):
        ships = [s for s in chosen.get(side, []) if s in fleets(state) and fleets(state)[s]["up"]]
        if not ships:
            continue
        for s in ships:
            fleets(state)[s]["up"] = False
        events.append(Event("shore_bombardment", RULE, {
            "target": c["target"], "side": side, "ships": ships,
            "factors": str(amount)}))
    if chosen.get("attacker") or chosen.get("defender"):
        c["bombardment"] = [str(added[0]), str(added[1])]
    return added
