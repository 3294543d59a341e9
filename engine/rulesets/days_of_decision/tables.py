"""Tables of the rulebook, as data. Each names its section."""

from __future__ import annotations

# DoD 6 — the initiative track's bid modifier, by last turn's position (1st .. 8th). The seed
# does not print the column; these values are read off the worked example in 6 (turn 2 after
# the fixed turn-1 order: GE +4, IT +3, CW +3, FR +2, RU +2, JA +1, US +1, CH 0).
BID_MODIFIER: tuple[int, ...] = (4, 3, 3, 2, 2, 1, 1, 0)

# DoD 6 — RULING: a power may bid for at most this many options (the seed sets no limit; with
# every MP 0 sub-option sharing one slot, three is more than this slice can ever play).
MAX_OPTIONS_BID = 3

# DoD 8.6 — political affairs end on a modified roll of this or less.
END_OF_STEP_MAX = 1

# DoD 8.7.2 MP 0(a) — money per die, and the roll that raises PE by one.
PE_DIE_COST = 3
PE_SUCCESS_ROLL = 10
MAX_PE_DICE = 5        # RULING: the seed sets no limit; the option list stops at five dice

# DoD 8.7.2 MP 0(b) — money per army point, and the most a single play may buy.
MINOR_AP_COST = 1
MINOR_AP_MAX = 3

# DoD 8.7.2 MP 0(g) — bid points per point of modified PE.
BID_POINTS_PER_PE = 3

# DoD 7 — the weather chart is on the Status Display, which the seed lacks. DECIDED: three
# columns by season, each a list of (highest roll, weather); the result has no effect until
# military affairs (9) exist.
BIMONTHS = ("Jan/Feb", "Mar/Apr", "May/Jun", "Jul/Aug", "Sep/Oct", "Nov/Dec")
WEATHER_CHART: dict[str, tuple[tuple[int, str], ...]] = {
    "Jan/Feb": ((3, "fine"), (6, "snow"), (10, "blizzard")),
    "Mar/Apr": ((6, "fine"), (10, "rain")),
    "May/Jun": ((9, "fine"), (10, "rain")),
    "Jul/Aug": ((9, "fine"), (10, "rain")),
    "Sep/Oct": ((6, "fine"), (10, "rain")),
    "Nov/Dec": ((4, "fine"), (6, "rain"), (8, "snow"), (10, "blizzard")),
}

# DoD 1 — 66 two-month turns, Jan/Feb 1936 to Nov/Dec 1946.
TURNS = 66
FIRST_YEAR = 1936

# Where each value comes from (printed / inferred / authored); docs/rules/days_of_decision.md.
PROVENANCE: dict[str, str] = {
    "BID_MODIFIER": "inferred from the example in 6", "MAX_OPTIONS_BID": "authored (ruling)",
    "END_OF_STEP_MAX": "printed 8.6", "PE_DIE_COST": "printed 8.7.2 MP 0(a)",
    "PE_SUCCESS_ROLL": "printed 8.7.2 MP 0(a)", "MAX_PE_DICE": "authored (ruling)",
    "MINOR_AP_COST": "printed 8.7.2 MP 0(b)", "MINOR_AP_MAX": "printed 8.7.2 MP 0(b)",
    "BID_POINTS_PER_PE": "printed 8.7.2 MP 0(g)", "BIMONTHS": "printed 1",
    "WEATHER_CHART": "authored (the chart is on the absent Status Display)",
    "TURNS": "printed 1", "FIRST_YEAR": "printed 1",
}
