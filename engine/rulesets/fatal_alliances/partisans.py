"""FA 13.1 — partisans: the end-of-turn step that raises them (13.1.1, 13.1.2) and the rules
their units follow on the map (13.1.3).

The Partisan Table (seed 000's chart page, 13.1.1) names nine countries or regions per d10 row;
red (capitals on the chart) work against the country's controller, the others (green)
against its aggressor or conqueror. fa-europe marks home countries only, so a row's regions
the map does not draw (Hungary, Bosnia, Poland, Finland, Ireland, the Baltic States, Georgia,
Armenia, Palestine, the Hedjaz, Iraq, Arabia, Kazakhstan) and the off-map ones are passed over
(see the rules document's rulings). No country on fa-europe prints a partisan number, so each
uses the rule's 3.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from engine.kernel import Event, Roller

from .position import (
    at_war,
    by_hex,
    capital_and_factories,
    controller,
    home_hexes,
    is_active,
    map_of,
    owner_country,
)
from .powers import POWER_SIDE
from .zoc import enemy_zoc, would_overstack

PARTISAN = "PARTISAN"
"""A partisan's unit type (FA 13.1; zones of control: `zoc.OWN_HEX_ONLY`)."""

# FA 13.1.1 — the Partisan Table, row by row (d10; 10 is the last row). Each entry is
# (chart name, red?). The chart prints red regions in capitals ("incl NEI", its note says, so
# an abbreviation is red only when named); UK and US are the green countries' abbreviations.
GREEN_ABBREVIATIONS = frozenset({"UK", "US"})
PARTISAN_TABLE: tuple[tuple[tuple[str, bool], ...], ...] = tuple(
    tuple((name, name.isupper() and name not in GREEN_ABBREVIATIONS) for name in row)
    for row in (
        ("Greece", "Spain", "FINLAND", "France", "IRELAND", "MANCHURIA", "Czech", "INDIA",
         "PALESTINE"),
        ("Norway", "UK", "Hungary", "IRAQ", "Serbia", "Australia", "Portugal", "Russia",
         "KAZAKH"),
        ("Belgium", "Spain", "FINLAND", "France", "Serbia", "INDO-CHINA", "BOSNIA", "Russia",
         "PALESTINE"),
        ("Belgium", "Siberia", "S. AFRICA", "Turkey", "Netherlands", "S. America", "KOREA",
         "BURMA", "AFRICA"),
        ("Sweden", "Italy", "Bulgaria", "POLAND", "Serbia", "Siam", "US", "Russia",
         "GEORGIA"),
        ("Greece", "UK", "S. AFRICA", "Persia", "Baltic States", "Germany", "Japan", "China",
         "HEDJAZ"),
        ("Arabia", "Spain", "Hungary", "POLAND", "Baltic States", "S. America", "MALAYA",
         "Russia", "ARMENIA"),
        ("Greece", "Siberia", "S. AFRICA", "France", "IRELAND", "PHILIPPINES", "Canada",
         "INDIA", "HEDJAZ"),
        ("Sweden", "Italy", "Rumania", "Turkey", "C. America", "Germany", "US", "China",
         "ARMENIA"),
        ("Norway", "Spain", "FINLAND", "France", "IRELAND", "NEI", "Japan", "Russia",
         "AFRICA"),
    ))

# The chart's names that are home countries on fa-europe → the map's country id.
ON_MAP: dict[str, str] = {
    "Greece": "greece", "Spain": "spain", "France": "france", "Norway": "norway",
    "UK": "britain", "Serbia": "serbia", "Portugal": "portugal", "Russia": "russia",
    "Belgium": "belgium", "Turkey": "ottoman", "Netherlands": "netherlands",
    "Sweden": "sweden", "Italy": "italy", "Bulgaria": "bulgaria", "Germany": "germany",
    "Rumania": "romania", "Persia": "persia"}

DEFAULT_NUMBER = 3          # FA 13.1.1: a country with no printed partisan number
PARTISAN_CF = 1             # authored: the counter manifest is not printed
PARTISAN_MA = 2             # authored, likewise


def is_partisan(u: dict[str, Any]) -> bool:
    return bool(u.get("type") == PARTISAN)


def row_countries(row: int) -> list[str]:
    """The fa-europe countries a Partisan Table roll names (green only: no red region of the
    chart is drawn on fa-europe), in the chart's order, each once."""
    out: list[str] = []
    for name, red in PARTISAN_TABLE[row - 1]:
        country = ON_MAP.get(name)
        if country is not None and not red and country not in out:
            out.append(country)
    return out


def partisan_controller(state: dict[str, Any], country: str) -> str | None:
    """FA 13.1.2 — a green country's partisans belong to the major that controlled it before
    its conquest, or controls it still: a major's own home country is its own; an aligned
    minor's, its major; a conquered minor's, the first active major of the side it was on."""
    board = state["board"]
    if country in POWER_SIDE:
        return country if country not in board.get("out", []) else None
    major = board["aligned"].get(country)
    if major is not None:
        return str(major) if is_active(state, major) else None
    record = board.get("conquered", {}).get(country)
    if record is None or not record.get("side"):
        return None
    majors = sorted(p for p in board["sides"] if POWER_SIDE.get(p) == record["side"]
                    and is_active(state, p) and p not in board.get("out", []))
    return majors[0] if majors else None


def eligible(state: dict[str, Any], country: str, major: str) -> bool:
    """FA 13.1.1 — a green country is eligible if it is conquered or an enemy controls any of
    its hexes; a neutral (inactive, unconquered) country never is."""
    board = state["board"]
    if country in board.get("conquered", {}):
        return True
    if not is_active(state, country) and board["aligned"].get(country) is None:
        return False
    hexes = home_hexes(map_of(state)).get(country, ())
    return any((owner := controller(state, h)) is not None and at_war(state, major, owner)
               for h in hexes)


def garrison_value(state: dict[str, Any], country: str, major: str) -> Fraction:
    """FA 13.1.1 with 9.2 — the garrison value in the country of the units on the other side
    from `major`: face-up, outside `major`'s zones of control; a division ½, a partisan 0,
    any other land unit 1."""
    hexes = set(home_hexes(map_of(state)).get(country, ()))
    theirs = {p for p in state["board"]["sides"] if at_war(state, major, p)}
    total = Fraction(0)
    for owner in sorted(theirs):
        zoc = enemy_zoc(state, owner)
        for h, us in by_hex(state).items():
            if h not in hexes or h in zoc:
                continue
            for u in us:
                if u["power"] != owner or not u["up"] or is_partisan(u):
                    continue
                total += Fraction(1, 2) if u["size"] == "div" else Fraction(1)
    return total


def placed_count(modified: Fraction, number: int = DEFAULT_NUMBER) -> int:
    """FA 13.1.1 — 1 partisan at or under the number, 2 at least 10 under, 3 at least 20."""
    if modified > number:
        return 0
    return 1 + (modified <= number - 10) + (modified <= number - 20)


def placement_hexes(state: dict[str, Any], country: str, major: str) -> list[str]:
    """FA 13.1.2 — enemy-controlled hexes of the country outside an enemy zone of control
    (of `major`'s enemies) where a partisan may stand (no enemy unit, stacking allowed)."""
    zoc = enemy_zoc(state, major)
    here = by_hex(state)
    out = []
    for h in home_hexes(map_of(state)).get(country, ()):
        owner = controller(state, h)
        if owner is None or not at_war(state, major, owner) or h in zoc:
            continue
        if any(u["power"] != major for u in here.get(h, [])):
            continue
        out.append(h)
    probe = new_partisan("probe", major, country, None)
    return sorted(h for h in out if not would_overstack(state, h, [probe], here))


def new_partisan(uid: str, major: str, country: str, hex_id: str | None) -> dict[str, Any]:
    return {"id": uid, "power": major, "nation": country, "name": f"{country} partisans",
            "type": PARTISAN, "size": "div", "cf": PARTISAN_CF, "ma": PARTISAN_MA,
            "reorg": 0, "white": False, "hex": hex_id, "up": True, "entrenched": False,
            "place_hex": None}


def partisan_step(state: dict[str, Any], roller: Roller) -> list[Event]:
    """FA 13.1.1–13.1.2 — roll on the Partisan Table; each eligible country it names rolls a
    d10, plus the garrison value, less 1 per partisan already there, against its partisan
    number; the partisans raised are placed in enemy-controlled hexes outside enemy ZoC."""
    board = state["board"]
    turn = state["flow"]["turn"]
    row = roller.d(10, "partisan table")
    events = [Event("partisan_table", "FA 13.1.1", {"roll": row,
                                                     "countries": row_countries(row)})]
    for country in row_countries(row):
        major = partisan_controller(state, country)
        if major is None or not eligible(state, country, major):
            continue
        hexes = set(home_hexes(map_of(state)).get(country, ()))
        already = sum(1 for u in board["units"].values()
                      if is_partisan(u) and u["nation"] == country and u["hex"] in hexes)
        garrison = garrison_value(state, country, major)
        die = roller.d(10, f"partisans {country}")
        modified = die + garrison - already
        count = placed_count(modified)
        placed = []
        for k in range(count):
            spots = placement_hexes(state, country, major)
            if not spots:
                break
            spot = (spots[0] if len(spots) == 1
                    else spots[roller.d(len(spots), f"partisan hex {country}") - 1])
            uid = f"pt-{country}-t{turn}-{k + 1}"
            board["units"][uid] = new_partisan(uid, major, country, spot)
            placed.append({"unit": uid, "hex": spot})
        events.append(Event("partisans", "FA 13.1.1", {
            "country": country, "controller": major, "roll": die,
            "garrison": str(garrison), "already": already, "modified": str(modified),
            "number": DEFAULT_NUMBER, "raised": count, "placed": placed}))
    return events


def remove_partisan(state: dict[str, Any], u: dict[str, Any], events: list[Event],
                    rule: str = "FA 13.1.3") -> None:
    """A destroyed partisan leaves the map (the partisan pool is not counted: see the rules
    document); it costs no build points' morale (FA 14.1 counts partisans by where they
    stand, not as losses)."""
    frm = u["hex"]
    u.update(hex=None, up=True, entrenched=False)
    removed = state["board"].setdefault("removed", [])
    if u["id"] not in removed:
        removed.append(u["id"])
        removed.sort()
    events.append(Event("unit_destroyed", rule, {"unit": u["id"], "hex": frm,
                                                 "why": "partisan"}))


def partisan_blocked(state: dict[str, Any], power: str) -> frozenset[str]:
    """FA 13.1.3 — hexes where a partisan at war with `power` stands: `power` may not use
    their factories or resources."""
    return frozenset(u["hex"] for u in state["board"]["units"].values()
                     if is_partisan(u) and u["hex"] is not None
                     and at_war(state, u["power"], power))


def partisan_points(state: dict[str, Any], power: str) -> int:
    """FA 14.1 (Morale Chart) — −1 for each enemy partisan in a hex `power` controls; in one
    country no more than the value of its capital (a major's −5, a minor's −1) and its
    resources (−1 each) (the chart's footnote 7)."""
    m = map_of(state)
    count: dict[str, int] = {}
    for u in state["board"]["units"].values():
        if (not is_partisan(u) or u["hex"] is None or controller(state, u["hex"]) != power
                or not at_war(state, u["power"], power)):
            continue
        country = owner_country(m, u["hex"]) or ""
        count[country] = count.get(country, 0) + 1
    total = 0
    homes = home_hexes(m)
    for country, n in sorted(count.items()):
        capital, _ = capital_and_factories(m, country)
        cap = (5 if country in POWER_SIDE else 1) if capital else 0
        cap += sum(1 for h in homes.get(country, ()) if m.hex(h).has_feature("resource"))
        total += min(n, cap)
    return -total
