"""DoD 4 (digest 3.14) — the 67 objectives and who holds them (version 25, RULINGS 148-152).

Each objective lies in a country: a major power's home country, a colony (dominion, mandate,
puppet, territory) of a major power or of a minor, or a minor's home country. Who holds it is
who controls that country in our model (RULING 148):
- a major power's home country and colonies: the major power, unless an option handed the
  territory to another (GE 7, IT 7, IT 8: `board["national"]`); a conquered major power's are
  its conquerors' (`board["conquered_by"]`, RULING 149), shared equally;
- a minor's home country and colonies: the power controlling the minor (8.1.2 on the Status
  Display, aligned by IPO 5, or conquered, control.controller), unless an option handed the
  territory to a major power or GE 13 passed it to another minor;
- a minor the model lacks (Iraq, Argentina, Mexico, Norway, Saudi Arabia, Brazil, Persia) is
  always neutral.
During the game an objective in a neutral minor counts for nobody; when the game ends it counts
for the major power with the nearest home capital, half each on a tie (`NEAREST_CAPITAL`,
authored, RULING 150). The needed totals are the printed ones (`NEEDED`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .control import controller
from .minors import MINORS
from .powers import IDEOLOGIES, POWERS, SEATS
from .world import OBJECTIVES

Board = dict[str, Any]
RULE = "DoD 4"


@dataclass(frozen=True, slots=True)
class Objective:
    name: str
    territory: str | None   # its territory on `dod-political` (None: a country the model lacks)
    country: str            # the country whose control decides it: a power id or a minor id
    kind: str               # "home" (a major's home country), "colony" (of a major or a
    #                         minor), "minor" (a minor's home country)
    source: str             # provenance: printed / inferred / authored


def _o(name: str, territory: str | None, country: str, kind: str, source: str) -> Objective:
    return Objective(name, territory, country, kind, source)


GEO = "authored geography (the printed name placed on our map)"
ABSENT = "authored: the minor is not on our Status Display or map, so it is always neutral"

# DoD 4: every printed objective with its country (RULING 148). The territories agree with the
# map's `objectives` column (a test checks); the seven the map lacks are authored here.
OBJECTIVE_TABLE: dict[str, Objective] = {o.name: o for o in (
    _o("Aden", "aden", "CW", "colony", GEO),
    _o("Amsterdam", "netherlands", "netherlands", "minor", GEO),
    _o("Antwerp", "belgium", "belgium", "minor", GEO),
    _o("Athens", "greece", "greece", "minor", GEO),
    _o("Baghdad", None, "iraq", "minor", ABSENT),
    _o("Batavia", "dutch_east_indies", "netherlands", "colony", GEO),
    _o("Belgrade", "yugoslavia", "yugoslavia", "minor", GEO),
    _o("Berlin", "germany", "GE", "home", GEO),
    _o("Birmingham", "united_kingdom", "CW", "home", GEO),
    _o("Bucharest", "rumania", "rumania", "minor", GEO),
    _o("Budapest", "hungary", "hungary", "minor", GEO),
    _o("Buenos Aires", None, "argentina", "minor", ABSENT),
    _o("Calcutta", "india", "CW", "colony", GEO),
    _o("Canberra", "australia", "CW", "colony", GEO),
    _o("Cape Town", "south_africa", "CW", "colony", GEO),
    _o("Chungking", "west_china", "CH", "home", GEO),
    _o("Colombo", "ceylon", "CW", "colony", GEO),
    _o("Dakar", "french_west_africa", "FR", "colony", GEO),
    _o("Delhi", "india", "CW", "colony", GEO),
    _o("Diego Suarez", "madagascar", "FR", "colony", GEO),
    _o("Dutch Harbor", "alaska", "US", "colony", GEO),
    _o("Gibraltar", "gibraltar", "CW", "colony", GEO),
    _o("Helsinki", "finland", "finland", "minor", GEO),
    _o("Honolulu", "hawaii", "US", "colony", "printed 8.7.2 US 7 (Honolulu in Hawaii)"),
    _o("Istanbul", "thrace", "turkey", "minor", GEO),
    _o("Jerusalem", "palestine", "CW", "colony", GEO),
    _o("Kiel", "germany", "GE", "home", GEO),
    _o("Kiev", "ukraine", "RU", "home", "printed 8.7.2 GE 11 (Kiev in the Ukraine)"),
    _o("Kwajalein", "marshall_islands", "JA", "colony", GEO),
    _o("Lan-Chow", "northwest_china", "CH", "home", GEO),
    _o("Leningrad", "russia", "RU", "home", "printed 12.1 example (Leningrad in Russia)"),
    _o("London", "united_kingdom", "CW", "home", GEO),
    _o("Los Angeles", "western_usa", "US", "home", GEO),
    _o("Madrid", "spain", "spain", "minor", GEO),
    _o("Manila", "philippines", "US", "colony", GEO),
    _o("Marseilles", "savoy", "FR", "home", "printed 8.7.2 IT 6 (Marseilles in Savoy)"),
    _o("Mexico City", None, "mexico", "minor", ABSENT),
    _o("Milan", "italy", "IT", "home", GEO),
    _o("Munich", "germany", "GE", "home", GEO),
    _o("Moscow", "russia", "RU", "home", GEO),
    _o("Oslo", None, "norway", "minor", ABSENT),
    _o("Ottawa", "canada", "CW", "colony", GEO),
    _o("Pago Pago", "samoa", "US", "colony", GEO),
    _o("Panama", "central_america", "central_america", "minor", GEO),
    _o("Paris", "france", "FR", "home", GEO),
    _o("Port Arthur", "manchuria", "JA", "colony", GEO),
    _o("Prague", "bohemia", "czechoslovakia", "minor", GEO),
    _o("Rabaul", "new_guinea", "CW", "colony", GEO),
    _o("Riyadh", None, "saudi_arabia", "minor", ABSENT),
    _o("Rome", "italy", "IT", "home", GEO),
    _o("Saigon", "indochina", "FR", "colony", GEO),
    _o("Sao Paulo", None, "brazil", "minor", ABSENT),
    _o("Shanghai", "east_china", "CH", "home", GEO),
    _o("Singapore", "malaya", "CW", "colony", GEO),
    _o("Stockholm", "sweden", "sweden", "minor", GEO),
    _o("Suez", "egypt", "CW", "colony", GEO),
    _o("Sverdlovsk", "urals", "RU", "home", GEO),
    _o("Taihoku", "formosa", "JA", "colony", GEO),
    _o("Teheran", None, "persia", "minor", ABSENT),
    _o("Tokyo", "japan", "JA", "home", GEO),
    _o("Truk", "caroline_islands", "JA", "colony", GEO),
    _o("Vienna", "austria", "austria", "minor", GEO),
    _o("Vancouver", "canada", "CW", "colony", GEO),
    _o("Vladivostok", "siberia", "RU", "home", GEO),
    _o("Warsaw", "poland", "poland", "minor", GEO),
    _o("Washington", "eastern_usa", "US", "home", GEO),
    _o("Wellington", "new_zealand", "CW", "colony", GEO),
)}

# DoD 4: the needed totals, printed (the Soviet Union's 17 is the book's "USSR & CC": Communist
# China is absent, catalogue.NO_COMMUNIST_CHINA).
NEEDED: dict[str, int] = {"CH": 3, "CW": 23, "FR": 7, "US": 17, "GE": 23, "IT": 8, "JA": 14,
                          "RU": 17}
NEEDED_BY_IDEOLOGY: dict[str, int] = {"democracy": 50, "fascism": 45, "communism": 17}

# DoD 4 — RULING 150: the major power(s) whose home capital (Berlin, Rome, Paris, London,
# Moscow, Washington, Tokyo, Nanking) is nearest each objective that can lie in a neutral minor;
# two powers share it (half each). Authored: the book counts sea areas and territories on its
# map, which we lack, so the great-circle distance stands in, and two capitals within a tenth
# of each other's distance are a tie (Antwerp: Paris 300 km, London 316 km).
NEAREST_CAPITAL: dict[str, tuple[str, ...]] = {
    "Amsterdam": ("CW",), "Antwerp": ("CW", "FR"), "Athens": ("IT",), "Baghdad": ("RU",),
    "Batavia": ("CH",), "Belgrade": ("IT",), "Bucharest": ("IT",), "Budapest": ("GE",),
    "Buenos Aires": ("US",), "Helsinki": ("RU",), "Istanbul": ("IT",), "Madrid": ("FR",),
    "Mexico City": ("US",), "Oslo": ("GE",), "Panama": ("US",), "Prague": ("GE",),
    "Riyadh": ("RU",), "Sao Paulo": ("US",), "Stockholm": ("GE",), "Teheran": ("RU",),
    "Vienna": ("GE",), "Warsaw": ("GE",)}

PROVENANCE: dict[str, str] = {
    "OBJECTIVE_TABLE": "printed 4 (names); countries authored (ruling 148), see each source",
    "NEEDED": "printed 4", "NEEDED_BY_IDEOLOGY": "printed 4",
    "NEAREST_CAPITAL": "authored (ruling 150): great-circle distance for the map's count",
}

Shares = dict[str, Fraction]


def _handed(board: Board, territory: str) -> str | None:
    """The major power an option handed the territory to (GE 7, IT 7, IT 8), if any."""
    national = board["national"]
    return national.get("home", {}).get(territory) or national.get("colonies", {}).get(territory)


def _of_power(board: Board, power: str) -> Shares:
    """A major power's hold: itself, or when conquered its conquerors, equally (RULING 149)."""
    if power not in board["conquered"]:
        return {power: Fraction(1)}
    takers = [p for p in board.get("conquered_by", {}).get(power, [])
              if p not in board["conquered"]]
    return {p: Fraction(1, len(takers)) for p in takers}


def holders(board: Board, objective: str) -> Shares | None:
    """Who holds `objective` now, as shares; None when it lies in a neutral minor (one nobody
    controls, or one the model lacks). An empty dict: held by nobody (a conquered power's
    with no conqueror left)."""
    entry = OBJECTIVE_TABLE[objective]
    if entry.territory is not None:
        taker = _handed(board, entry.territory)
        if taker is not None:
            return _of_power(board, str(taker))
    if entry.country in POWERS:
        return _of_power(board, entry.country)
    if entry.territory is None:
        return None
    minor = board["national"].get("claims", {}).get(entry.territory, entry.country)
    if minor not in MINORS:                  # not on our Status Display: always neutral
        return None
    power = controller(board, minor)         # aligned, conquered or on the Status Display
    return None if power is None else {power: Fraction(1)}


def held(board: Board, final: bool = False) -> Shares:
    """DoD 4 — each major power's objectives: those it controls; with `final` (the end of the
    game) those in neutral minors too, to the nearest home capital (RULING 150)."""
    totals = {p: Fraction(0) for p in SEATS}
    for objective in OBJECTIVES:
        shares = holders(board, objective)
        if shares is None:
            if not final:
                continue
            nearest = NEAREST_CAPITAL[objective]
            shares = {p: Fraction(1, len(nearest)) for p in nearest}
        for power, share in shares.items():
            totals[power] += share
    return totals


def by_ideology(totals: Shares) -> Shares:
    return {i: sum((totals[p] for p in SEATS if POWERS[p].ideology == i), Fraction(0))
            for i in IDEOLOGIES}


def reached(board: Board) -> list[str]:
    """DoD 4 — the ideologies whose powers together control their needed total now (the
    early end, checked at the end of a turn; neutral minors count for nobody, RULING 151)."""
    totals = by_ideology(held(board))
    return [i for i in IDEOLOGIES if totals[i] >= NEEDED_BY_IDEOLOGY[i]]


def shown(value: Fraction) -> str:
    """A count of objectives as text for the state (no floats): "12", "12.5", "-3.5"."""
    if value.denominator == 1:
        return str(value.numerator)
    if value.denominator == 2:
        return f"{'-' if value < 0 else ''}{abs(value.numerator) // 2}.5"
    return f"{value.numerator}/{value.denominator}"
