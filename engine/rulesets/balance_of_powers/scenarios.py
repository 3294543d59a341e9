"""BoP 12 — the scenarios as data: calendar, starting tracks, who is at war, set-up lists.

A state names its scenario in `state["scenario"]`; a state without the key is "Before the
Leaves Fall" (12.1), so 12.1's state shape is unchanged by the later scenarios (ruling 60).
The set-up lists of scenarios after 12.1 are in `data/scenarios.csv`, printed as the rulebook
prints them and read with the CoB's parser (cob.py); 12.1's is oob.csv's `arrives = setup`.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Mapping

from .cob import _expand, unit_id
from .tables import CENTRAL, ENTENTE, START_RP, START_SIDE, START_TI
from .theatre import DATA

BEFORE_THE_LEAVES_FALL = "before-the-leaves-fall"
FIRE_IN_THE_EAST = "fire-in-the-east"
KAISERSCHLACHT = "kaiserschlacht"
STORM_OF_STEEL = "storm-of-steel"


@dataclass(frozen=True)
class Scenario:
    id: str
    rule: str                                   # "BoP 12.1"
    months: tuple[str, ...]                     # first to last month, inclusive
    start_side: Mapping[str, str | None]        # who is at war on which side at the start
    start_rp: Mapping[str, int]
    start_ti: Mapping[str, int]
    start_demoralization: Mapping[str, int] = field(default_factory=dict)
    fixed_income: Mapping[str, int] = field(default_factory=dict)   # instead of 5.21
    diplomacy: bool = True          # 6.1 played (12.2 skips it: no violations, no joining)
    plans: bool = True              # 12.1's Schlieffen Plan and Plan XVII
    setup_order: tuple[tuple[str, tuple[str, ...]], ...] = ()
    set_aside: Mapping[str, tuple[int, int]] = field(default_factory=dict)  # units, min eff.
    no_air: frozenset[str] = frozenset()        # nations the CoB gives no air units
    naval_gunfire: str | None = None            # the side whose attacks on coasts get +1
    admiralty: bool = True          # 12.1's Sea Control special rule (6.45); 12.2 and 12.3 not
    south_edge_supply: frozenset[str] = frozenset()   # nations with sources on the south edge
    ti_benefits: frozenset[str] = frozenset()   # sides that start with TI benefits (2.84)
    seasons_played: int = 0         # seasonal turns each major at war has had (5.21's column)
    income_bonus: Mapping[str, int] = field(default_factory=dict)      # added to 5.21 income
    strategic_losses: Mapping[str, int] = field(default_factory=dict)  # RP lost each season
    fixed_strategic: frozenset[str] = frozenset()   # sections those fixed losses stand for
    muster_delay: Mapping[str, int] = field(default_factory=dict)   # months, instead of one
    free_transfer: frozenset[tuple[str, str]] = frozenset()   # 5.23 without a traced line


def _months(first: str, last: str) -> tuple[str, ...]:
    year, month = int(first[:4]), int(first[5:])
    out = []
    while f"{year}-{month:02d}" <= last:
        out.append(f"{year}-{month:02d}")
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return tuple(out)


_KAISER_SIDES: dict[str, str | None] = {nation: None for nation in START_SIDE}
_KAISER_SIDES.update(germany=CENTRAL, britain=ENTENTE, france=ENTENTE, belgium=ENTENTE,
                     luxembourg=ENTENTE)

_STORM_SIDES: dict[str, str | None] = {nation: None for nation in START_SIDE}
_STORM_SIDES.update(germany=CENTRAL, austria_hungary=CENTRAL, britain=ENTENTE, france=ENTENTE,
                    russia=ENTENTE, belgium=ENTENTE, luxembourg=ENTENTE)

_FIRE_SIDES: dict[str, str | None] = {nation: None for nation in START_SIDE}
_FIRE_SIDES.update(germany=CENTRAL, austria_hungary=CENTRAL, russia=ENTENTE)

SCENARIOS: Mapping[str, Scenario] = MappingProxyType({
    BEFORE_THE_LEAVES_FALL: Scenario(
        BEFORE_THE_LEAVES_FALL, "BoP 12.1", _months("1914-08", "1914-10"),
        MappingProxyType(START_SIDE), MappingProxyType(START_RP), MappingProxyType(START_TI),
        setup_order=((ENTENTE, ("france", "russia")), (CENTRAL, ("austria_hungary", "germany")))),
    # 12.2: France and Britain stay out (side None): neither side may enter France, Belgium
    # or a neutral, and with diplomacy skipped nobody joins.
    FIRE_IN_THE_EAST: Scenario(
        FIRE_IN_THE_EAST, "BoP 12.2", _months("1915-05", "1915-10"),
        MappingProxyType(_FIRE_SIDES),
        MappingProxyType({"austria_hungary": 2, "germany": 4, "russia": 1}),
        MappingProxyType({CENTRAL: 6, ENTENTE: 6}),
        MappingProxyType({"austria_hungary": 2, "germany": 1, "russia": 3}),
        MappingProxyType({"austria_hungary": 5, "germany": 17, "russia": 21}),
        diplomacy=False, plans=False,
        setup_order=((ENTENTE, ("russia",)), (CENTRAL, ("austria_hungary", "germany"))),
        set_aside=MappingProxyType({"russia": (6, 11)}),
        no_air=frozenset({"germany"}), naval_gunfire=CENTRAL, admiralty=False,
        south_edge_supply=frozenset({"austria_hungary"})),
    # 12.4: from the spring 1918 seasonal turn (before March) through November 1918. Russia
    # and Austria-Hungary are out (side None: no unit may enter their hexes, "The East",
    # and neither is a neutral one may violate, 6.121); Belgium and
    # Luxembourg are at war on the Entente's side and conquered (ruling 78). The United States
    # and Portugal are not nations of ours yet (ruling 77).
    KAISERSCHLACHT: Scenario(
        KAISERSCHLACHT, "BoP 12.4", _months("1918-03", "1918-11"),
        MappingProxyType(_KAISER_SIDES),
        MappingProxyType({"germany": 2, "britain": 2, "france": 2}),
        MappingProxyType({CENTRAL: 38, ENTENTE: 35}),
        MappingProxyType({"germany": 7, "britain": 5, "france": 7}),
        plans=False,
        setup_order=((ENTENTE, ("britain", "france")), (CENTRAL, ("germany",))),
        set_aside=MappingProxyType({"britain": (4, 7), "france": (4, 7), "germany": (4, 7)}),
        ti_benefits=frozenset({CENTRAL}), seasons_played=14,
        income_bonus=MappingProxyType({"germany": 4}),
        strategic_losses=MappingProxyType({"germany": 16, "britain": 4}),
        fixed_strategic=frozenset({"5.32", "5.34"}),
        muster_delay=MappingProxyType({"bri-inf-anzac_i": 3, "bri-inf-anzac_ii": 3})),
    # 12.3: February through November 1916 (the spring, summer and autumn seasonal turns); all
    # five majors at war since 1914 (six seasonal turns behind them, autumn 1914 to winter
    # 1915), Belgium and Luxembourg conquered as in 12.4 (ruling 91). No diplomacy or
    # revolution; the scenario's navies sail in General Quarters under the standard admiralty,
    # which replaces 6.45 (6.451: no admiralty phase moves, corps go by sea in 7.6 transport and
    # invade by 7.7, supply crosses water by 3.123; ruling 105);
    # Strategic Warfare's fixed losses stand for 5.32 and 5.34; the ships at sea add 5.33's
    # raiders and 5.35's Stockholm (strategic_naval.py, ruling 102).
    STORM_OF_STEEL: Scenario(
        STORM_OF_STEEL, "BoP 12.3", _months("1916-02", "1916-11"),
        MappingProxyType(_STORM_SIDES),
        MappingProxyType({"austria_hungary": 4, "germany": 10, "britain": 6, "france": 5,
                          "russia": 5}),
        MappingProxyType({CENTRAL: 15, ENTENTE: 12}),
        MappingProxyType({"austria_hungary": 3, "germany": 2, "britain": 2, "france": 2,
                          "russia": 12}),
        diplomacy=False, plans=False,
        setup_order=((ENTENTE, ("britain", "france", "russia")),
                     (CENTRAL, ("austria_hungary", "germany"))),
        set_aside=MappingProxyType({"austria_hungary": (4, 7), "britain": (4, 7),
                                    "france": (4, 7), "germany": (4, 7), "russia": (12, 21)}),
        seasons_played=6,
        strategic_losses=MappingProxyType({"germany": 4, "austria_hungary": 4, "britain": 4}),
        fixed_strategic=frozenset({"5.32", "5.34"}),
        muster_delay=MappingProxyType({"bri-inf-anzac_i": 3}), admiralty=False,
        free_transfer=frozenset({("britain", "russia"), ("france", "russia")})),
})

# 12.2 special rule: in the September 1915 muster Germany removes these from the game (the
# siege unit is the higher-numbered one still in play: our ruling 62).
FIRE_SEPTEMBER_REMOVALS = ("ger-ldr-mcknsn", "ger-inf-3")
FIRE_SEPTEMBER_SIEGE = ("ger-sie-siege_2", "ger-sie-siege_1")
FIRE_START_LINE = ("4727", "4627", "4428", "3624", "3619", "3518", "3515", "4112", "4111",
                   "3810")
FIRE_RUINED = ("przemysl",)


# 12.4: the French hexes east of the 1916 front line (our map has no front line: ruling 80),
# by printed label; every Belgian hex is east of it too. 0520 and 0521 are east of the line
# but the Entente's (12.4 set-up).
KAISER_CP_FRANCE = ("0520", "0521", "0619", "0620", "0621", "0622", "0720", "0721", "0821",
                    "0921", "1022", "1023")
KAISER_EP_EXCEPTIONS = ("0520", "0521")
# 12.3: the 1916 front line in the East, as data (our map has no front line printed: ruling
# 91). For each map row, the first column on the Entente's side: a Russian or
# Austro-Hungarian hex west of it (a smaller column) is the Central Powers' set-up area, one on
# or east of it the Entente's. Taken from the line of February 1916: Riga and Dvinsk Russian,
# Mitau, Kovno and Vilna German; Baranovichi Russian, Pinsk German; Lutsk and Brody
# Austro-Hungarian, Rovno, Dubno and Tarnopol Russian; Czernowitz Austro-Hungarian.
STORM_EAST_FRONT = {**{row: 42 for row in range(1, 7)}, 7: 44,
                    **{row: 46 for row in range(8, 17)}, 17: 47, 18: 47, 19: 47,
                    **{row: 46 for row in range(20, 26)},
                    **{row: 48 for row in range(26, 31)}}
# 12.3's West: the same 1916 line as 12.4 (KAISER_CP_FRANCE), 0520 and 0521 included.
STORM_RUINED = ("przemysl",)

# 13.0: 12th Corps is 1 SAX and 19th is 2 SAX: a scenario with the Saxons leaves them out.
SAME_AS_SAXONS = ("ger-inf-12", "ger-inf-19")


def scenario_of(state: dict[str, Any]) -> Scenario:
    return SCENARIOS[state.get("scenario", BEFORE_THE_LEAVES_FALL)]


@lru_cache(maxsize=None)
def listed_units(scenario: str, nation: str) -> tuple[str, ...]:
    """The units a scenario after 12.1 lists for a nation (data/scenarios.csv), by our ids."""
    with open(DATA / "scenarios.csv", newline="", encoding="utf-8") as handle:
        rows = [r for r in csv.DictReader(handle)
                if r["scenario"] == scenario and r["nation"] == nation]
    return tuple(sorted(unit_id(r["nation"], r["kind"], u) for r in rows
                        for u in _expand(r["units"])))
