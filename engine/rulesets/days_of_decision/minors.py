"""DoD 8.1.1 — the minor countries that carry a political marker on the Status Display.

The seed counts 28 marker minors but names only some of them in its text (the set-up chart and
the map are absent). This slice carries the fifteen it names. DECIDED: their at-start display
hexes (8.1.1 says only that some start placed and the rest in the central neutral hex); their
willpower and stability (Treaty and War Charts, absent) are not needed yet and not invented.
"""

from __future__ import annotations

from dataclasses import dataclass

from .display import CENTRE


@dataclass(frozen=True)
class Minor:
    id: str
    title: str
    start: str      # DECIDED: display hex at start


MINORS: dict[str, Minor] = {m.id: m for m in (
    Minor("austria", "Austria", "-2,0"),
    Minor("baltic_states", "Baltic States", CENTRE),
    Minor("belgium", "Belgium", "1,-2"),
    Minor("bulgaria", "Bulgaria", "-2,1"),
    Minor("czechoslovakia", "Czechoslovakia", "2,0"),
    Minor("finland", "Finland", CENTRE),
    Minor("greece", "Greece", CENTRE),
    Minor("hungary", "Hungary", "-3,0"),
    Minor("netherlands", "Netherlands", CENTRE),
    Minor("poland", "Poland", "0,-2"),
    Minor("rumania", "Rumania", CENTRE),
    Minor("spain", "Spain", CENTRE),
    Minor("sweden", "Sweden", CENTRE),
    Minor("turkey", "Turkey", CENTRE),
    Minor("yugoslavia", "Yugoslavia", CENTRE),
)}

# Where each value comes from (printed / inferred / authored); docs/rules/days_of_decision.md.
PROVENANCE: dict[str, str] = {
    "id, title": "printed (named in the seed's text; 15 of its 28 marker minors)",
    "start": "authored (8.1.1 puts the unplaced ones in the centre hex)",
}
