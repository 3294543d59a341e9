"""DoD 2.6, 8.4.3, 8.4.4 and 8.7.2 MP 4 — the War Chart: what a declaration of war does to the
minors and to the US entry totals.

The chart (one row per target: its minor effects and its US entry for each year 1936–1946) is
on the Status Display, which the seed lacks (digest 6.1). What the text prints of it:
- 8.4.4: a declaration on Poland in 1939 is +10 US entry on the chart;
- 2.6: the other Central American countries' US entry is 10 in 1936/37, 9 in 1938/39, 8 in
  1940/41 and 7 from 1942 — a chart row falls by 1 every two years, three times.

RULING 51: every row here follows that slope (`_fall`) from a 1936 level; Poland's level is
inferred through its printed 1939 value, every other level is authored from the historical
record. RULING 52: the rows for the eight major powers — their US entry and their minor
effects — are authored. Each value carries its provenance in the data (`Cell.source`).

RULING 53, applying them (MP 4): each declaration, on a major power or a minor, adds the
target's US entry for the current year to the declarer's own total (the chart's US entry
applies per declaration, 8.7.2 MP 4), halved (a fraction kept, 8.4.4) when the declarer holds
casus belli against the target major power (MP 4 "Casus Bellum"). A declaration on a major
power places the declarer's markers of the target's row (8.4.3), skipping conquered minors.
The card's own US entry and the Republican and US 6 modifiers wait for the cards, IPO 10 and
US 6 (absent).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from engine.kernel import Event

from . import markers, us_entry
from .tables import FIRST_YEAR

RULE = "DoD 2.6"
YEARS = tuple(range(FIRST_YEAR, FIRST_YEAR + 11))      # DoD 1: 1936–1946


@dataclass(frozen=True)
class Cell:
    """One value of the chart and where it comes from: "printed …", "inferred …" or
    "authored …" (with the reason)."""
    value: int
    source: str


def _fall(year: int) -> int:
    """DoD 2.6 (Central America): 0 in 1936/37, 1 in 1938/39, 2 in 1940/41, 3 from 1942."""
    return min(3, (year - FIRST_YEAR) // 2)


SLOPE = "inferred: the 2.6 slope (−1 every two years, three times)"


def _row(level: int, why: str) -> dict[int, Cell]:
    """A US entry row: `level` in 1936 (authored for `why`), falling by the 2.6 slope."""
    return {year: Cell(level - _fall(year), f"authored 1936 level ({why}); {SLOPE}")
            for year in YEARS}


# RULING 51 — the US entry of declaring war on each minor (8.4.4, 8.7.2 MP 4).
POLAND = "inferred: the printed 1939 value (+10, 8.4.4 example) back along the 2.6 slope"
US_ENTRY_MINORS: dict[str, dict[int, Cell]] = {
    "poland": {year: Cell(10 if year == 1939 else 11 - _fall(year),
                          "printed 8.4.4 (GE 4 on Poland in 1939: +10 on the war chart)"
                          if year == 1939 else POLAND) for year in YEARS},
    "austria": _row(6, "the Anschluss of 1938 drew American notes, no more"),
    "baltic_states": _row(6, "small democracies far from American interests"),
    "belgium": _row(12, "a neutral democracy invaded in 1914 and again in 1940"),
    "bulgaria": _row(5, "a Balkan monarchy with little American tie"),
    "czechoslovakia": _row(12, "Masaryk's democracy, Munich and the 1939 occupation"),
    "finland": _row(11, "the Winter War of 1939 raised American sympathy and relief"),
    "greece": _row(8, "Greece's 1940 resistance was followed closely in America"),
    "hungary": _row(5, "a Danubian kingdom with little American tie"),
    "netherlands": _row(12, "a neutral democracy with Pacific colonies (May 1940)"),
    "rumania": _row(5, "a Balkan kingdom; its oil drew interest, not sympathy"),
    "spain": _row(7, "the Civil War divided American opinion"),
    "sweden": _row(10, "a neutral democracy with wide American ties"),
    "turkey": _row(6, "a neutral republic far from American interests"),
    "yugoslavia": _row(7, "a Balkan kingdom; the 1941 invasion roused little American action"),
}

# RULING 52 — the US entry of declaring war on each major power (8.4.4, 8.7.2 MP 4).
US_ENTRY_MAJORS: dict[str, dict[int, Cell]] = {
    "US": _row(20, "an attack on the US itself: Pearl Harbor brought war at once"),
    "CW": _row(15, "Britain: the closest tie (cash and carry, destroyers, lend-lease)"),
    "FR": _row(12, "France: an old ally; its fall in 1940 shook American neutrality"),
    "CH": _row(10, "China: the Panay, then the 1941 embargo on Japan over China"),
    "JA": _row(6, "Japan: a Pacific rival; war on it roused some American concern"),
    "GE": _row(4, "Germany: little American sympathy for the Reich"),
    "IT": _row(4, "Italy: little American sympathy after Ethiopia"),
    "RU": _row(3, "the Soviet Union: the least American sympathy (the Winter War)"),
}


def _m(value: int, why: str) -> Cell:
    return Cell(value, f"authored: {why}")


# RULING 52 — the minor effects of declaring war on each major power (8.4.3, 8.7.2 MP 4), for
# our fifteen minors; a minor not listed has none. Negative: the minor fears or resents the
# declarer for attacking its friend; positive: it welcomes a blow at a power it fears.
MINOR_EFFECTS_MAJORS: dict[str, dict[str, Cell]] = {
    "GE": {"hungary": _m(-2, "Germany's revisionist partner"),
           "austria": _m(-1, "German-speaking, drawn to the Reich"),
           "bulgaria": _m(-1, "tied to Germany's trade"),
           "finland": _m(-1, "tied to Germany against the Soviets"),
           "poland": _m(1, "a neighbour fearing German claims"),
           "czechoslovakia": _m(1, "a neighbour fearing German claims")},
    "IT": {"austria": _m(-2, "the Rome Protocols of 1934"),
           "hungary": _m(-1, "the Rome Protocols of 1934"),
           "spain": _m(-1, "Italy's help to the Nationalists"),
           "greece": _m(1, "fearing Italy in the Adriatic"),
           "yugoslavia": _m(1, "fearing Italy in the Adriatic")},
    "JA": {"netherlands": _m(1, "its Indies colonies feared Japan")},
    "RU": {"finland": _m(1, "fearing the Soviet Union"),
           "baltic_states": _m(1, "fearing the Soviet Union"),
           "rumania": _m(1, "fearing Soviet claims on Bessarabia"),
           "poland": _m(1, "fearing the Soviet Union")},
    "FR": {"czechoslovakia": _m(-2, "France's treaty ally (1924)"),
           "belgium": _m(-2, "France's neighbour and former ally"),
           "poland": _m(-1, "France's treaty ally (1921)"),
           "yugoslavia": _m(-1, "the Little Entente's patron"),
           "rumania": _m(-1, "the Little Entente's patron")},
    "CW": {"greece": _m(-2, "looked to British sea power"),
           "netherlands": _m(-1, "a trading neighbour across the North Sea"),
           "belgium": _m(-1, "guaranteed since 1839"),
           "turkey": _m(-1, "the Anglo-Turkish ties of 1939"),
           "sweden": _m(-1, "a trading partner")},
    "CH": {},
    "US": {"netherlands": _m(-1, "a trading democracy"),
           "sweden": _m(-1, "a trading democracy with wide American ties")},
}


def year_of(turn: int) -> int:
    return FIRST_YEAR + (int(turn) - 1) // 6


def us_entry_of(target: str, turn: int) -> int:
    """DoD 8.4.4 — the chart's US entry of a declaration on `target` (a major power's seat or
    a minor's id) in the year of `turn` (the last year's value after 1946)."""
    row = US_ENTRY_MAJORS[target] if target in US_ENTRY_MAJORS else US_ENTRY_MINORS[target]
    return row[min(year_of(turn), YEARS[-1])].value


def minor_effects_of(board: dict[str, Any], target: str) -> dict[str, int]:
    """DoD 8.4.3 — the chart's minor effects of a declaration on major power `target`, the
    conquered minors left out."""
    return {m: cell.value for m, cell in MINOR_EFFECTS_MAJORS[target].items()
            if m not in board["minors_conquered"]}


def apply_us_entry(board: dict[str, Any], power: str, target: str,
                   halved: bool = False) -> Event:
    """DoD 8.4.4, 8.7.2 MP 4 — add the chart's US entry of this declaration to the declarer's
    total; half of it with casus belli against a target major power (RULING 53)."""
    entry = Fraction(us_entry_of(target, board["turn"]))
    if halved:
        entry /= 2
    us_entry.add(board, power, entry)
    return Event("war_chart_us_entry", RULE, {"power": power, "target": target, "entry": str(entry),
                                    "halved": halved, "total": board["us_entry"][power]})


def declared_on_major(board: dict[str, Any], power: str, target: str,
                      casus_belli: bool) -> list[Event]:
    """DoD 8.7.2 MP 4 — the War Chart's effects of `power` declaring war on `target`."""
    return [apply_us_entry(board, power, target, casus_belli),
            *markers.add_markers(board, power, minor_effects_of(board, target))]


# Where each value comes from (printed / inferred / authored): in each Cell's `source`.
PROVENANCE: dict[str, str] = {
    "US_ENTRY_MINORS": "Poland printed for 1939 (8.4.4), its other years inferred; the rest "
                       "authored (RULING 51), every row along the printed 2.6 slope",
    "US_ENTRY_MAJORS": "authored (RULING 52), along the printed 2.6 slope",
    "MINOR_EFFECTS_MAJORS": "authored (RULING 52)",
}
