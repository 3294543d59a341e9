"""DoD 2.5, 8.4.3, 8.4.4, 8.7.2 MP 3 and 8.7.1 IPO 11 — the Treaty Chart: what a treaty with
each major power does to the minors and to the US entry totals.

The chart (a column per partner: its minor effects and its US entry for each year) is on the
Status Display, which the seed lacks (digest 6.1). What the text prints of it:
- 8.4.3 (the Nazi-Soviet pact example): a treaty with the Soviet Union is −2 in Finland;
- 8.4.3 (the IPO 11 example): a treaty with Italy is +2 in Austria and +1 in Czechoslovakia;
- 8.7.2 MP 3.1 (its example): a treaty with the Soviet Union in 1937 is +11 US entry.

RULING 62, the data: each partner's minor effects are authored as the opposite of its War
Chart row (ruling 52: a minor that resents a war on the partner welcomes a treaty with it,
and the other way round), the three printed values taking their place. The US entry of a
treaty with each partner is authored flat over the years (no slope is printed for this chart),
except the Soviet column's printed 1937 +11, carried to every year (inferred). Each value
carries its provenance (`Cell.source`).

RULING 63, applying it: a signed MP 3 level adds the partner's US entry for the year to the
proposer's total (the initiator's, MP 3.1; the optional split is absent) and places the
proposer's markers of the partner's column, once per level signed. IPO 11 places the tearer's
markers of the partner's column reversed, 1 less in each minor allied to the tearer, times the
levels cancelled (the 8.4.3 example); it has no chart US entry (the card's is absent). The
chart's willpower, stability and may-trade rows are absent (minors.py holds our willpower;
there is no trade).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from engine.kernel import Event

from . import markers, us_entry
from .minors import MINORS
from .powers import SEATS
from .war_chart import MINOR_EFFECTS_MAJORS, YEARS, Cell, year_of

RULE = "DoD 2.5"

# RULING 62 — the US entry of a treaty with each partner, 1936 level (flat).
_LEVELS: dict[str, tuple[int, str]] = {
    "US": (-6, "a treaty with the US itself drew America away from war with its partner"),
    "CW": (-4, "a tie with Britain reassured American opinion"),
    "FR": (-3, "a tie with France reassured American opinion"),
    "CH": (-2, "American sympathy for China in its war with Japan"),
    "JA": (4, "ties with Japan alarmed America (the Anti-Comintern Pact)"),
    "IT": (4, "ties with Italy after Ethiopia alarmed America"),
    "GE": (6, "ties with the Reich alarmed America more than any other"),
}
SOVIET = "inferred: the printed 1937 value (+11, 8.7.2 MP 3.1 example) for every year"
US_ENTRY_TREATY: dict[str, dict[int, Cell]] = {
    **{p: {y: Cell(v, f"authored: {why}; flat, no slope printed for this chart")
           for y in YEARS} for p, (v, why) in _LEVELS.items()},
    "RU": {y: Cell(11, "printed 8.7.2 MP 3.1 example (a treaty with the Soviet Union in 1937: "
                       "+11 on the treaty chart)" if y == 1937 else SOVIET) for y in YEARS},
}

_PRINTED: dict[str, dict[str, Cell]] = {
    "RU": {"finland": Cell(-2, "printed 8.4.3 example (the Nazi-Soviet pact: Finland −2)")},
    "IT": {"austria": Cell(2, "printed 8.4.3 example (IPO 11 with Italy: Austria +2)"),
           "czechoslovakia": Cell(1, "printed 8.4.3 example (IPO 11 with Italy: "
                                     "Czechoslovakia +1)")},
}
MINOR_EFFECTS_TREATY: dict[str, dict[str, Cell]] = {
    p: {**{m: Cell(-c.value, f"authored: the opposite of the War Chart's {p} row ({c.source})")
           for m, c in MINOR_EFFECTS_MAJORS[p].items()}, **_PRINTED.get(p, {})}
    for p in SEATS
}


def us_entry_of(partner: str, turn: int) -> int:
    """DoD 8.4.4 — the chart's US entry of a treaty with `partner` in the year of `turn`."""
    return US_ENTRY_TREATY[partner][min(year_of(turn), YEARS[-1])].value


def minor_effects_of(board: dict[str, Any], partner: str) -> dict[str, int]:
    """DoD 8.4.3 — the chart's minor effects of a treaty with `partner`, conquered minors
    left out."""
    return {m: c.value for m, c in MINOR_EFFECTS_TREATY[partner].items()
            if m not in board["minors_conquered"]}


def treaty_signed(board: dict[str, Any], proposer: str, partner: str) -> list[Event]:
    """DoD 8.7.2 MP 3 — one level signed: the proposer takes the partner's US entry and places
    its markers of the partner's column (RULING 63)."""
    entry = Fraction(us_entry_of(partner, board["turn"]))
    us_entry.add(board, proposer, entry)
    return [Event("treaty_chart_us_entry", RULE, {"power": proposer, "partner": partner,
                                                  "entry": str(entry),
                                                  "total": board["us_entry"][proposer]}),
            *markers.add_markers(board, proposer, minor_effects_of(board, partner))]


def treaty_torn_up(board: dict[str, Any], tearer: str, partner: str,
                   levels: int) -> list[Event]:
    """DoD 8.7.1 IPO 11 — the partner's column reversed, 1 less in each minor allied to the
    tearer, times the levels cancelled (RULING 63)."""
    column = minor_effects_of(board, partner)
    allied = {m for m, held in board["alliances"].items() if tearer in held
              and m not in board["minors_conquered"]}
    effects = {m: (-column.get(m, 0) - (1 if m in allied else 0)) * levels
               for m in sorted(set(column) | allied) if m in MINORS}
    return markers.add_markers(board, tearer, effects)


# Where each value comes from (printed / inferred / authored): in each Cell's `source`.
PROVENANCE: dict[str, str] = {
    "US_ENTRY_TREATY": "the Soviet column printed for 1937 (MP 3.1), its other years inferred; "
                       "the rest authored flat (RULING 62)",
    "MINOR_EFFECTS_TREATY": "Finland for the Soviet Union, Austria and Czechoslovakia for Italy "
                            "printed (8.4.3); the rest the opposite of the War Chart's authored "
                            "rows (RULING 62)",
}
