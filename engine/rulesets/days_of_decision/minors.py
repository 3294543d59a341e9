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
