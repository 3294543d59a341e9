"""DoD 8.1.1 — the minor countries that carry a political marker on the Status Display.

The seed counts 28 marker minors but names only some of them in its text (the set-up chart and
the map are absent). This slice carries the fifteen it names. DECIDED: their at-start display
hexes (8.1.1 says only that some start placed and the rest in the central neutral hex); their
willpower (on the absent War Chart; only Poland's 2 is printed, in the example of IPO 3); which
of China, Italy, Japan and the USA are listed under each minor's flag (8.1.2, on the absent
Status Display). Stability (War Chart) is not needed yet and not invented.
"""

from __future__ import annotations

from dataclasses import dataclass

from .display import CENTRE


@dataclass(frozen=True)
class Minor:
    id: str
    title: str
    start: str      # DECIDED: display hex at start
    willpower: int  # DECIDED (Poland printed): the War Chart's willpower (IPO 2, 3, 12)
    # DECIDED: the restricted powers (CH, IT, JA, US) listed under its flag, who may control it
    flag_powers: tuple[str, ...] = ()


MINORS: dict[str, Minor] = {m.id: m for m in (
    Minor("austria", "Austria", "-2,0", 3, ("IT",)),
    Minor("baltic_states", "Baltic States", CENTRE, 2),
    Minor("belgium", "Belgium", "1,-2", 3),
    Minor("bulgaria", "Bulgaria", "-2,1", 3, ("IT",)),
    Minor("czechoslovakia", "Czechoslovakia", "2,0", 4),
    Minor("finland", "Finland", CENTRE, 4),
    Minor("greece", "Greece", CENTRE, 3, ("IT",)),
    Minor("hungary", "Hungary", "-3,0", 3, ("IT",)),
    Minor("netherlands", "Netherlands", CENTRE, 3, ("US",)),
    Minor("poland", "Poland", "0,-2", 2),
    Minor("rumania", "Rumania", CENTRE, 3, ("IT",)),
    Minor("spain", "Spain", CENTRE, 4, ("IT",)),
    Minor("sweden", "Sweden", CENTRE, 5, ("US",)),
    Minor("turkey", "Turkey", CENTRE, 5),
    Minor("yugoslavia", "Yugoslavia", CENTRE, 3, ("IT",)),
)}

# Where each value comes from (printed / inferred / authored); docs/rules/days_of_decision.md.
PROVENANCE: dict[str, str] = {
    "id, title": "printed (named in the seed's text; 15 of its 28 marker minors)",
    "start": "authored (8.1.1 puts the unplaced ones in the centre hex)",
    "willpower": "authored (War Chart absent), except Poland 2: printed in the IPO 3 example",
    "flag_powers": "authored (the flags on the absent Status Display, 8.1.2)",
}

# DoD 8.1.2 — the powers that may control a minor only when listed under its flag.
RESTRICTED_POWERS: tuple[str, ...] = ("CH", "IT", "JA", "US")


@dataclass(frozen=True)
class Forces:
    """DoD 8.7.1 IPO 5 "Setting up the minor country": the army and naval points printed on the
    map for a minor, their yearly additions, and (DoD 9.3.2, 12.1) the conquest level of its
    home territory. `source` names where each value comes from: "printed" (with the place in
    the seed), "inferred" (rebuilt from an example) or "authored" (the map is absent)."""
    army: int
    naval: int
    army_yearly: int
    naval_yearly: int
    conquest_level: int
    source: dict[str, str]


_AUTHORED = {"army": "authored", "naval": "authored", "army_yearly": "authored",
             "naval_yearly": "authored", "conquest_level": "authored"}


def _forces(ap: int, np: int, ap_yearly: int, np_yearly: int, level: int,
            **printed: str) -> Forces:
    """The five values, each "authored" unless a keyword names its printed source."""
    return Forces(ap, np, ap_yearly, np_yearly, level, {**_AUTHORED, **printed})


# RULING 45: the map that prints these is absent. Spain's yearly additions (+3 army, +0 naval,
# the IPO 5 set-up example) and its conquest level (4, the 9.5 civil-war example) are printed;
# every other value is authored, sized to this package's abstract armies (bought at 1 money a
# point from incomes of 2-14 a turn).
FORCES: dict[str, Forces] = {
    "austria": _forces(4, 0, 1, 0, 3),
    "baltic_states": _forces(3, 1, 0, 0, 3),
    "belgium": _forces(6, 0, 1, 0, 3),
    "bulgaria": _forces(4, 0, 1, 0, 3),
    "czechoslovakia": _forces(10, 0, 1, 0, 4),
    "finland": _forces(4, 1, 1, 0, 4),
    "greece": _forces(4, 2, 1, 0, 3),
    "hungary": _forces(4, 0, 1, 0, 3),
    "netherlands": _forces(4, 4, 1, 1, 3),
    "poland": _forces(12, 1, 1, 0, 4),
    "rumania": _forces(8, 1, 1, 0, 4),
    "spain": _forces(12, 8, 3, 0, 4,
                     army_yearly="printed (8.7.1 IPO 5 set-up example: +3 army points)",
                     naval_yearly="printed (8.7.1 IPO 5 set-up example: +0 navy points)",
                     conquest_level="printed (9.5 example: 4 offensives conquer Spain)"),
    "sweden": _forces(6, 3, 1, 0, 4),
    "turkey": _forces(8, 1, 1, 0, 5),
    "yugoslavia": _forces(8, 1, 1, 0, 4),
}
PROVENANCE["forces"] = ("per value in FORCES[minor].source: Spain's yearly additions and "
                        "conquest level printed, the rest authored (ruling 45)")
