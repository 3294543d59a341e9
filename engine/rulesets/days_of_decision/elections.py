"""DoD 8.7.1 IPO 10 — when a major power is due an election (the schedule only).

An election is due, while the power's government is Democratic and it is at peace, once in
each of its election periods. This module answers which period a year falls in for a power
(RULING 65). What an election does, the owed MP 0(c) it forces and the US Republican effect are
not built: the option stays an absent row of catalogue.py.
"""

from __future__ import annotations

FIRST_YEAR = 1936
LAST_YEAR = 1947

# (power, first year of its first period, period length in years). France every year; the
# Commonwealth, Italy, Japan and Germany in three-year blocks from 1936; the Soviet Union and
# China every five years, counted from the game's first year (RULING 65: the start is ours).
_PERIODS: dict[str, int] = {"FR": 1, "CW": 3, "IT": 3, "JA": 3, "GE": 3, "RU": 5, "CH": 5}
# The US votes in the last turn (Nov/Dec) of its presidential years only.
US_ELECTION_YEARS: tuple[int, ...] = (1936, 1940, 1944)


def election_period(power: str, year: int) -> tuple[int, int]:
    """DoD 8.7.1 IPO 10 — the first and last year of the election period holding `year`.

    Raises ValueError for an unknown power or a year outside the game."""
    if not FIRST_YEAR <= year <= LAST_YEAR:
        raise ValueError(f"DoD 8.7.1 IPO 10: year {year!r} is outside {FIRST_YEAR}-{LAST_YEAR}")
    if power == "US":
        for first, nxt in zip(US_ELECTION_YEARS, US_ELECTION_YEARS[1:] + (LAST_YEAR + 1,),
                              strict=True):
            if first <= year < nxt:
                return first, nxt - 1
        raise ValueError(f"DoD 8.7.1 IPO 10: the US holds no election period in {year}")
    if power not in _PERIODS:
        raise ValueError(f"DoD 8.7.1 IPO 10: unknown power {power!r}")
    length = _PERIODS[power]
    first = FIRST_YEAR + (year - FIRST_YEAR) // length * length
    return first, first + length - 1
